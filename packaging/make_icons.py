"""Render the application icon's PNG, ICO and ICNS files from its SVG.

Run from the project root after changing ``resources/icons/ttt-desktop.svg``::

    .venv/bin/python packaging/make_icons.py

and commit what it writes to ``resources/icons/``:

- ``ttt-desktop-<size>.png`` for the sizes desktops ask for (16 to 512 px);
- ``ttt-desktop.ico`` (Windows; PNG-compressed entries, 16 to 256 px);
- ``ttt-desktop.icns`` (macOS; PNG entries, 16 to 1024 px).

The SVG is rendered with QtSvg at each size (not scaled down from one large
bitmap), so the small sizes stay sharp. ICO and ICNS are plain containers of
PNG images; they are written here directly, so no imaging library is needed.
"""

from __future__ import annotations

import os
import struct
import sys
import tempfile
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication, QImage, QPainter
from PySide6.QtSvg import QSvgRenderer

PROJECT_ROOT = Path(__file__).resolve().parent.parent
ICONS_DIR = PROJECT_ROOT / "resources" / "icons"
SVG_PATH = ICONS_DIR / "ttt-desktop.svg"

PNG_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
# ICNS element types holding PNG data, by pixel size (ic10 is 512@2x).
ICNS_TYPES = (
    (b"icp4", 16),
    (b"icp5", 32),
    (b"icp6", 64),
    (b"ic07", 128),
    (b"ic08", 256),
    (b"ic09", 512),
    (b"ic10", 1024),
)


def render_png(svg_path: Path, size: int) -> bytes:
    """Render ``svg_path`` as a square PNG of ``size`` pixels and return its bytes."""
    renderer = QSvgRenderer(str(svg_path))
    if not renderer.isValid():
        raise ValueError(f"not a valid SVG: {svg_path}")
    image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    renderer.render(painter)
    painter.end()
    with tempfile.TemporaryDirectory() as scratch:
        png_path = Path(scratch) / "icon.png"
        if not image.save(str(png_path)):
            raise RuntimeError(f"could not encode a {size} px PNG")
        return png_path.read_bytes()


def ico_bytes(pngs: dict[int, bytes]) -> bytes:
    """Pack PNG images (by size) into one ICO file (Vista+ PNG entries)."""
    sizes = sorted(pngs)
    header = struct.pack("<HHH", 0, 1, len(sizes))
    offset = len(header) + 16 * len(sizes)
    directory = b""
    payload = b""
    for size in sizes:
        data = pngs[size]
        # A width/height byte of 0 means 256 px.
        dimension = 0 if size >= 256 else size
        directory += struct.pack(
            "<BBBBHHII", dimension, dimension, 0, 0, 1, 32, len(data), offset + len(payload)
        )
        payload += data
    return header + directory + payload


def icns_bytes(pngs: dict[int, bytes]) -> bytes:
    """Pack PNG images (by size) into one ICNS file."""
    elements = b""
    for element_type, size in ICNS_TYPES:
        data = pngs[size]
        elements += element_type + struct.pack(">I", 8 + len(data)) + data
    return b"icns" + struct.pack(">I", 8 + len(elements)) + elements


def write_icons(svg_path: Path = SVG_PATH, out_dir: Path = ICONS_DIR) -> list[Path]:
    """Write every PNG size plus the ICO and ICNS next to the SVG; return the paths written."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    app = QGuiApplication.instance() or QGuiApplication([])
    all_sizes = sorted({*PNG_SIZES, *ICO_SIZES, *(size for _, size in ICNS_TYPES)})
    pngs = {size: render_png(svg_path, size) for size in all_sizes}
    written: list[Path] = []
    for size in PNG_SIZES:
        path = out_dir / f"ttt-desktop-{size}.png"
        path.write_bytes(pngs[size])
        written.append(path)
    ico_path = out_dir / "ttt-desktop.ico"
    ico_path.write_bytes(ico_bytes({size: pngs[size] for size in ICO_SIZES}))
    icns_path = out_dir / "ttt-desktop.icns"
    icns_path.write_bytes(icns_bytes(pngs))
    written += [ico_path, icns_path]
    del app
    return written


def main() -> int:
    """Regenerate the icon files and list them."""
    for path in write_icons():
        print(f"{path.relative_to(PROJECT_ROOT)}  {path.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
