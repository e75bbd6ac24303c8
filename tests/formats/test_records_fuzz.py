"""The loader over hostile input: every input is a game that agrees with itself, or a
``ValueError`` that says why; never another exception.

Inputs come from :mod:`hostile_records`: valid games on every kind of board (format
1, 2 and 3, and the text form) with parts replaced by values of any type and size,
dropped, doubled or cut, and bytes of any kind. How long each load takes is measured,
not limited, by ``benchmarks/loader_fuzz.py``.
"""

from __future__ import annotations

import pytest
from helpers.hostile_records import (
    BOARDS,
    check_loaded,
    hostile_bytes,
    hostile_documents,
    hostile_texts,
    load_any,
    valid_records,
)
from hypothesis import HealthCheck, given, settings

from ttt_desktop.core import GameRecord

# No time limit (the machine may be busy); big inputs are slow to draw by design.
FUZZ = settings(
    deadline=None,
    max_examples=300,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@pytest.mark.slow
@FUZZ
@given(valid_records(BOARDS))
def test_games_played_the_apps_way_load_back(record: GameRecord) -> None:
    check_loaded(record)


@pytest.mark.slow
@FUZZ
@given(hostile_documents(BOARDS))
def test_hostile_game_files(text: str) -> None:
    loaded = load_any(text)
    if loaded is not None:
        check_loaded(loaded)


@pytest.mark.slow
@FUZZ
@given(hostile_texts(BOARDS))
def test_hostile_game_texts(text: str) -> None:
    loaded = load_any(text)
    if loaded is not None:
        check_loaded(loaded)


@pytest.mark.slow
@FUZZ
@given(hostile_bytes(BOARDS))
def test_hostile_bytes(data: bytes) -> None:
    loaded = load_any(data)
    if loaded is not None:
        check_loaded(loaded)
