"""Packaged app: bundle size and start-to-window time, against starting from source.

Build first (``packaging/build.sh``; ``--onefile`` too to include the one-file
build), then::

    .venv/bin/python benchmarks/package_size_and_start.py [--runs 7] [--xcb]

Prints the size of the one-folder bundle, of the archive to hand out (.tar.xz)
and of the .deb, then
the time from starting each program to its window's first paint (median, min
and max of ``--runs`` starts, the programs taking turns so that load from other
processes falls on each alike):

- the packaged executable (``dist/ttt-desktop/ttt-desktop``);
- the one-file executable (``dist/onefile/ttt-desktop``), if built;
- ``python -m ttt_desktop`` from this checkout with the project's ``.venv``;
- the bare PySide6 window of ``benchmarks/start_vs_bare.py`` (a ``QMainWindow`` with one
  ``QLabel``) run from source with the same Python: the reference of the start bar (the
  app within 1.3x of it), its ratios printed for the packaged app and the source run.

Then the command-line paths without a window (``--version``, ``--help``):
wall time and peak memory (maximum resident set size) of each, packaged and
from source; neither should load Qt.

The window reports its first paint itself (``TTT_DESKTOP_REPORT_SHOWN=1``, see
``ttt_desktop/gui/shell/startup_report.py``) and quits. Runs use the offscreen
platform unless ``--xcb`` is given (then ``DISPLAY`` must point at an X server,
e.g. ``xvfb-run -a``). Each start gets an empty settings folder.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from start_vs_bare import BARE_PROGRAM

from ttt_desktop.gui.shell.startup_report import REPORT_SHOWN_VARIABLE, read_shown_time

PROJECT_ROOT = Path(__file__).resolve().parent.parent
DIST = PROJECT_ROOT / "dist"
ONEDIR_EXECUTABLE = DIST / "ttt-desktop" / "ttt-desktop"
ONEFILE_EXECUTABLE = DIST / "onefile" / "ttt-desktop"
VENV_PYTHON = PROJECT_ROOT / ".venv" / "bin" / "python"
MIB = 1024 * 1024
# What the packaging must meet, and what it aims for.
BAR_SHOWN_S, AIM_SHOWN_S = 0.6, 0.3
BAR_FOLDER_MIB = 75.0
BAR_ARCHIVE_MB = 25.0
# Start to window against an earlier build timed in the same run (--also).
BAR_START_CHANGE = 0.05
# An app that never reports its window is stopped after this long.
START_TIMEOUT_S = 60.0
BARE_LABEL = "bare PySide6 window (source)"
GNU_TIME = Path("/usr/bin/time")


@dataclass(frozen=True)
class Program:
    """One way of starting the app."""

    label: str
    command: tuple[str, ...]


def folder_size(folder: Path) -> int:
    """Bytes in the files under ``folder`` (symbolic links not followed, each file once)."""
    total = 0
    for path in folder.rglob("*"):
        if path.is_file() and not path.is_symlink():
            total += path.stat().st_size
    return total


def newest_archive(onefile: bool) -> Path | None:
    """The most recently built archive in dist/ (of the one-file build or not), if any."""
    archives = sorted(
        (
            path
            for path in DIST.glob("ttt-desktop-*.tar.xz")
            if path.name.endswith("-onefile.tar.xz") == onefile
        ),
        key=lambda path: path.stat().st_mtime,
    )
    return archives[-1] if archives else None


def newest_deb() -> Path | None:
    """The most recently built .deb in dist/, if any."""
    debs = sorted(DIST.glob("ttt-desktop_*.deb"), key=lambda path: path.stat().st_mtime)
    return debs[-1] if debs else None


def time_to_window(program: Program, use_xcb: bool) -> tuple[float, float]:
    """Seconds from starting ``program`` to its window's first paint, and its CPU seconds.

    The CPU time (user + system, the whole run: start, first paint, quit) moves
    far less with the load of other processes than the wall time does.
    """
    with tempfile.TemporaryDirectory(prefix="ttt-start-") as home:
        environment = {
            **os.environ,
            REPORT_SHOWN_VARIABLE: "1",
            "HOME": home,
            "XDG_CONFIG_HOME": str(Path(home) / ".config"),
        }
        if not use_xcb:
            environment["QT_QPA_PLATFORM"] = "offscreen"
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        started = time.time()
        try:
            result = subprocess.run(
                program.command,
                cwd=PROJECT_ROOT,
                env=environment,
                capture_output=True,
                text=True,
                check=False,
                timeout=START_TIMEOUT_S,
            )
        except subprocess.TimeoutExpired:
            raise RuntimeError(
                f"{program.label} did not report its window within {START_TIMEOUT_S:g} s "
                f"(built before {REPORT_SHOWN_VARIABLE} existed? rebuild it)"
            ) from None
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    shown = read_shown_time(result.stdout)
    if result.returncode != 0 or shown is None:
        raise RuntimeError(
            f"{program.label} did not report its window (exit {result.returncode}):\n"
            f"{result.stdout}{result.stderr}"
        )
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return shown - started, cpu


def run_measured(command: tuple[str, ...]) -> tuple[float, int | None]:
    """Run ``command`` to its end; its wall time in seconds and peak memory in KiB.

    The peak memory comes from GNU time (``/usr/bin/time``; None without it): a
    child started straight from this process would report this process's own
    peak, which Linux carries across the child's exec.
    """
    with tempfile.NamedTemporaryFile(prefix="ttt-rss-") as report:
        wrapper = ("/usr/bin/time", "-f", "%M", "-o", report.name) if GNU_TIME.is_file() else ()
        started = time.perf_counter()
        result = subprocess.run(
            (*wrapper, *command), cwd=PROJECT_ROOT, capture_output=True, check=False
        )
        elapsed = time.perf_counter() - started
        if result.returncode != 0:
            raise RuntimeError(f"{' '.join(command)} exited with {result.returncode}")
        peak = Path(report.name).read_text().strip()
    return elapsed, int(peak) if peak.isdigit() else None


def print_command_line_paths(programs: list[Program], runs: int) -> None:
    """Time and peak memory of --version and --help, programs taking turns."""
    print(f"\nCommand-line paths (no window), {runs} runs each")
    for option in ("--version", "--help"):
        results: dict[str, list[tuple[float, int | None]]] = {
            program.label: [] for program in programs
        }
        for _ in range(runs):
            for program in programs:
                results[program.label].append(run_measured((*program.command, option)))
        for program in programs:
            times = [elapsed for elapsed, _ in results[program.label]]
            peaks = [peak for _, peak in results[program.label] if peak is not None]
            memory = f"   peak memory {max(peaks) / 1024:5.1f} MiB" if peaks else ""
            print(
                f"  {option:9} {program.label:30} median {statistics.median(times) * 1000:5.0f} ms"
                f"   min {min(times) * 1000:4.0f}   max {max(times) * 1000:4.0f}{memory}"
            )


def verdict(value: float, bar: float, aim: float | None = None) -> str:
    """How ``value`` compares with the bar (must) and the aim (should), if any."""
    if aim is not None and value <= aim:
        return f"meets the aim ({aim:g})"
    if value <= bar:
        above_aim = f", above the aim ({aim:g})" if aim is not None else ""
        return f"within the bar ({bar:g}){above_aim}"
    return f"ABOVE THE BAR ({bar:g})"


def main() -> int:
    """Print the sizes and the start-to-window times."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=7, help="starts per program (default 7)")
    parser.add_argument("--xcb", action="store_true", help="use the X server in DISPLAY")
    parser.add_argument(
        "--also",
        action="append",
        default=[],
        metavar="LABEL=PROGRAM",
        help="time this executable too, in the same rounds (e.g. an earlier build: before=...)",
    )
    options = parser.parse_args()

    if not ONEDIR_EXECUTABLE.is_file():
        print(f"no packaged app at {ONEDIR_EXECUTABLE}: run packaging/build.sh first")
        return 1

    print("Sizes")
    onedir_bytes = folder_size(ONEDIR_EXECUTABLE.parent)
    print(
        f"  one-folder bundle     {onedir_bytes / MIB:7.1f} MiB  ({ONEDIR_EXECUTABLE.parent})"
        f"   {verdict(onedir_bytes / MIB, BAR_FOLDER_MIB)}"
    )
    archive_mb: float | None = None
    for label, built in (
        ("archive (.tar.xz)", newest_archive(onefile=False)),
        (".deb", newest_deb()),
    ):
        if built is not None:
            size_mb = built.stat().st_size / 1e6
            archive_mb = size_mb if archive_mb is None else max(archive_mb, size_mb)
            print(
                f"  {label:20}  {size_mb:7.1f} MB   ({built.name})"
                f"   {verdict(size_mb, BAR_ARCHIVE_MB)}"
            )
    if ONEFILE_EXECUTABLE.is_file():
        size = ONEFILE_EXECUTABLE.stat().st_size
        print(f"  one-file executable   {size / MIB:7.1f} MiB  ({ONEFILE_EXECUTABLE})")

    programs = [Program("packaged (one folder)", (str(ONEDIR_EXECUTABLE),))]
    if ONEFILE_EXECUTABLE.is_file():
        programs.append(Program("packaged (one file)", (str(ONEFILE_EXECUTABLE),)))
    for also in options.also:
        label, _, program = also.partition("=")
        programs.append(Program(f"packaged ({label})", (program,)))
    python = str(VENV_PYTHON if VENV_PYTHON.is_file() else Path(sys.executable))
    programs.append(Program("from source (python -m)", (python, "-m", "ttt_desktop")))
    programs.append(Program(BARE_LABEL, (python, "-c", BARE_PROGRAM)))

    print_command_line_paths(
        [p for p in programs if p.label not in {"packaged (one file)", BARE_LABEL}], options.runs
    )

    platform = "xcb" if options.xcb else "offscreen"
    print(f"\nStart to first paint of the window, {options.runs} runs each ({platform})")
    timings: dict[str, list[float]] = {program.label: [] for program in programs}
    cpu_times: dict[str, list[float]] = {program.label: [] for program in programs}
    for program in programs:  # one untimed start each: page cache, font cache
        time_to_window(program, options.xcb)
    for _ in range(options.runs):
        for program in programs:
            wall, cpu = time_to_window(program, options.xcb)
            timings[program.label].append(wall)
            cpu_times[program.label].append(cpu)
    for program in programs:
        values = timings[program.label]
        print(
            f"  {program.label:30} median {statistics.median(values):.3f} s"
            f"   min {min(values):.3f}   max {max(values):.3f}"
        )
    print("CPU time of a start (user + system: start, first paint, quit)")
    for program in programs:
        values = cpu_times[program.label]
        print(
            f"  {program.label:30} median {statistics.median(values):.3f} s"
            f"   min {min(values):.3f}   max {max(values):.3f}"
        )

    bare_wall, bare_cpu = (
        statistics.median(timings[BARE_LABEL]),
        statistics.median(cpu_times[BARE_LABEL]),
    )
    print(f"Against the {BARE_LABEL}: the start bar is 1.3x")
    for program in programs:
        if program.label != BARE_LABEL:
            wall = statistics.median(timings[program.label]) / bare_wall
            cpu = statistics.median(cpu_times[program.label]) / bare_cpu
            print(f"  {program.label:30} {wall:.2f}x the wall time, {cpu:.2f}x the CPU time")

    packaged_median = statistics.median(timings[programs[0].label])
    print("\nAgainst the bar and the aim")
    print(
        f"  packaged start {packaged_median:.3f} s: "
        f"{verdict(packaged_median, BAR_SHOWN_S, AIM_SHOWN_S)}"
    )
    packaged_cpu = statistics.median(cpu_times[programs[0].label])
    for also in options.also:
        label = f"packaged ({also.partition('=')[0]})"
        for what, change in (
            ("start to window", packaged_median / statistics.median(timings[label]) - 1),
            ("CPU time of a start", packaged_cpu / statistics.median(cpu_times[label]) - 1),
        ):
            verdict_text = "within the bar" if change <= BAR_START_CHANGE else "ABOVE THE BAR"
            print(
                f"  {what} against {label}: {change:+.1%} "
                f"({verdict_text} of {BAR_START_CHANGE:+.0%})"
            )
    if archive_mb is not None:
        print(f"  largest archive {archive_mb:.1f} MB: {verdict(archive_mb, BAR_ARCHIVE_MB)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
