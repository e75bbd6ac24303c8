"""The first-paint report that start-up benchmarks read (``TTT_DESKTOP_REPORT_SHOWN=1``)."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from ttt_desktop.gui.shell.startup_report import (
    CPU_LINE_PREFIX,
    HOLD_VARIABLE,
    MODULES_LINE_PREFIX,
    REPORT_SHOWN_VARIABLE,
    SHOWN_LINE_PREFIX,
    FirstPaintReporter,
    read_cpu_time,
    read_modules,
    read_shown_time,
    report_shown_requested,
)

PROJECT_ROOT = Path(__file__).resolve().parents[2]


def test_only_the_value_1_asks_for_the_report() -> None:
    assert report_shown_requested({REPORT_SHOWN_VARIABLE: "1"})
    assert not report_shown_requested({REPORT_SHOWN_VARIABLE: "0"})
    assert not report_shown_requested({REPORT_SHOWN_VARIABLE: ""})
    assert not report_shown_requested({})


def test_read_shown_time_finds_the_line_among_others() -> None:
    output = f"something else\n{SHOWN_LINE_PREFIX} 1700000000.250000\nmore\n"
    assert read_shown_time(output) == 1700000000.25


def test_read_shown_time_gives_none_without_a_valid_line() -> None:
    assert read_shown_time("") is None
    assert read_shown_time("TTT_DESKTOP_SHOWNX 12\n") is None
    assert read_shown_time(f"{SHOWN_LINE_PREFIX} soon\n") is None


def test_the_cpu_time_and_the_modules_are_read_from_their_lines() -> None:
    output = f"{CPU_LINE_PREFIX} 0.125000\n{SHOWN_LINE_PREFIX} 1.0\n{MODULES_LINE_PREFIX} a b.c\n"
    assert read_cpu_time(output) == 0.125
    assert read_modules(output) == ["a", "b.c"]
    assert read_cpu_time(f"{CPU_LINE_PREFIX} lots\n") is None
    assert read_cpu_time("") is None
    assert read_modules("") is None


def test_the_reporter_fires_once_after_the_first_paint(qtbot: QtBot) -> None:
    widget = QWidget()
    qtbot.addWidget(widget)
    calls: list[float] = []
    FirstPaintReporter(widget, lambda: calls.append(time.time()))
    assert calls == []
    widget.show()
    qtbot.waitUntil(lambda: len(calls) == 1)
    widget.update()
    widget.repaint()
    qtbot.wait(20)
    assert len(calls) == 1


def test_the_app_prints_the_time_and_quits(tmp_path: Path) -> None:
    environment = {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        "HOME": str(tmp_path),
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
        REPORT_SHOWN_VARIABLE: "1",
    }
    before = time.time()
    result = subprocess.run(
        [sys.executable, "-m", "ttt_desktop"],
        cwd=PROJECT_ROOT,
        env=environment,
        capture_output=True,
        text=True,
        check=False,
    )
    after = time.time()
    assert result.returncode == 0, result.stderr
    shown = read_shown_time(result.stdout)
    assert shown is not None, result.stdout
    assert before < shown < after
    cpu = read_cpu_time(result.stdout)
    assert cpu is not None
    assert 0 < cpu < after - before + 5


@pytest.mark.slow
def test_the_app_can_hold_its_window_after_the_report(tmp_path: Path) -> None:
    environment = {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        "HOME": str(tmp_path),
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
        REPORT_SHOWN_VARIABLE: "1",
        HOLD_VARIABLE: "700",
    }
    result = subprocess.run(
        [sys.executable, "-m", "ttt_desktop"],
        cwd=PROJECT_ROOT,
        env=environment,
        capture_output=True,
        text=True,
        check=False,
    )
    finished = time.time()
    assert result.returncode == 0, result.stderr
    shown = read_shown_time(result.stdout)
    assert shown is not None
    assert finished - shown >= 0.7
