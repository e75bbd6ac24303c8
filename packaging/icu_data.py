"""Rebuild ICU's data library (``libicudata.so.NN``) with only the items the app needs.

Qt from the PySide6 wheels links ICU, whose data library carries the whole common
data package (30.5 MiB for ICU 73: every language's locale data, collation
tables, break-iteration dictionaries, legacy codecs...) as one symbol,
``icudtNN_dat``. The app speaks English and German, so the bundle gets a
replacement library built here:

1. the package is read out of the library (the symbol's bytes; ``readelf``);
2. ``icupkg`` (Debian's icu-devtools) removes the items that
   :func:`bundle_contents.keep_icu_item` does not keep, writing the package under
   its own name (``icudt73l.dat``: the item names carry it);
3. ``objcopy`` wraps the package in an object file as the same symbol, aligned to
   16 bytes, and ``ld -shared`` links it into a library with the same soname.

Only binutils and icupkg are needed (no compiler). ``packaging/ttt-desktop.spec``
calls :func:`trimmed_library` on Linux and collects its result in place of the
wheel's library.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

__all__ = ["CommonData", "common_data", "trimmed_library"]

_SYMBOL = re.compile(r"^icudt(\d+)_dat$")


@dataclass(frozen=True)
class CommonData:
    """ICU's common data package as found in a data library."""

    symbol: str  # icudt73_dat
    package: str  # icudt73l (little-endian, ASCII: what x86 and ARM Linux use)
    soname: str
    data: bytes


def _tool(name: str) -> str:
    tool = shutil.which(name)
    if tool is None:
        package = "icu-devtools" if name == "icupkg" else "binutils"
        raise RuntimeError(f"{name} not found: install {package} (apt-get install {package})")
    return tool


def _run(*command: str) -> str:
    return subprocess.run(
        [_tool(command[0]), *command[1:]], check=True, capture_output=True, text=True
    ).stdout


def common_data(library: Path) -> CommonData:
    """Read the common data package out of an ICU data library."""
    symbol_value = symbol_size = section_index = None
    symbol = ""
    for line in _run("readelf", "--dyn-syms", "-W", str(library)).splitlines():
        fields = line.split()
        if len(fields) == 8 and _SYMBOL.match(fields[7]) and fields[6] != "UND":
            symbol = fields[7]
            symbol_value, symbol_size = int(fields[1], 16), int(fields[2], 0)
            section_index = int(fields[6])
    if symbol_value is None or symbol_size is None or section_index is None:
        raise RuntimeError(f"{library}: no icudtNN_dat symbol, not an ICU data library")
    sections = _run("readelf", "-S", "-W", str(library))
    match = re.search(
        rf"^\s*\[\s*{section_index}\]\s+\S+\s+\S+\s+([0-9a-f]+)\s+([0-9a-f]+)\s+([0-9a-f]+)",
        sections,
        re.M,
    )
    if match is None:
        raise RuntimeError(f"{library}: section {section_index} not found")
    address, offset, section_size = (int(group, 16) for group in match.groups())
    start = offset + symbol_value - address
    if symbol_size == 0:  # objcopy's symbols have no size: the data fills the section
        symbol_size = section_size - (symbol_value - address)
    data = library.read_bytes()[start : start + symbol_size]
    # A common data package: header size, magic 0xda27, then "CmnD" as its format.
    if len(data) != symbol_size or data[2:4] != b"\xda\x27" or data[12:16] != b"CmnD":
        raise RuntimeError(f"{library}: {symbol} does not hold an ICU common data package")
    soname_match = re.search(r"\(SONAME\).*\[(.+)\]", _run("readelf", "-d", str(library)))
    soname = soname_match.group(1) if soname_match else library.name
    version = _SYMBOL.match(symbol)
    assert version is not None
    return CommonData(symbol, f"icudt{version.group(1)}l", soname, data)


def trimmed_library(
    library: Path, work_dir: Path, keep: Callable[[str], bool]
) -> tuple[Path, list[str], list[str]]:
    """Build ``work_dir/<library's name>`` holding the items ``keep`` accepts.

    Returns the new library's path and the item names kept and dropped.
    """
    common = common_data(library)
    if work_dir.exists():
        shutil.rmtree(work_dir)
    (work_dir / "full").mkdir(parents=True)
    (work_dir / "trimmed").mkdir()
    full = work_dir / "full" / f"{common.package}.dat"
    full.write_bytes(common.data)
    items = _run("icupkg", "-l", str(full)).split()
    kept = [item for item in items if keep(item)]
    dropped = [item for item in items if not keep(item)]
    drop_list = work_dir / "dropped.txt"
    drop_list.write_text("".join(f"{item}\n" for item in dropped))
    # The output's file name is the package name written into every item's name.
    trimmed = work_dir / "trimmed" / f"{common.package}.dat"
    _run("icupkg", "-r", str(drop_list), str(full), str(trimmed))
    listed = _run("icupkg", "-l", str(trimmed)).split()
    if sorted(listed) != sorted(kept):
        raise RuntimeError("icupkg did not write the items asked for")
    # The object file is made for the same machine as the library it replaces.
    described = _run("objdump", "-f", str(library))
    file_format = re.search(r"file format (\S+)", described)
    architecture = re.search(r"architecture: ([^,\s]+)", described)
    if file_format is None or architecture is None:
        raise RuntimeError(f"objdump cannot tell {library}'s format")
    # objcopy names the symbol after the input's path: run it in the package's folder.
    binary_symbol = f"_binary_{common.package}_dat"
    subprocess.run(
        [
            _tool("objcopy"),
            "-I", "binary",
            "-O", file_format.group(1),
            "-B", architecture.group(1),
            "--rename-section", ".data=.rodata,alloc,load,readonly,data,contents",
            "--set-section-alignment", ".rodata=16",
            "--redefine-sym", f"{binary_symbol}_start={common.symbol}",
            "--strip-symbol", f"{binary_symbol}_end",
            "--strip-symbol", f"{binary_symbol}_size",
            trimmed.name,
            "data.o",
        ],
        cwd=trimmed.parent,
        check=True,
    )  # fmt: skip
    output = work_dir / library.name
    subprocess.run(
        [
            _tool("ld"), "-shared", "-z", "noexecstack", "-soname", common.soname,
            "-o", str(output), str(trimmed.parent / "data.o"),
        ],
        check=True,
    )  # fmt: skip
    if common_data(output).data != trimmed.read_bytes():
        raise RuntimeError(f"{output} does not hold the trimmed package")
    return output, kept, dropped
