"""The computer players: the roster, the :class:`Player` base class and :func:`create_player`.

Each kind of player lives in its own module, imported the first time that kind
is created, so importing this package is cheap. Kinds, weakest first:
``rando``, ``sequence``, ``levi``, ``ralph``, ``humiston``, ``utility``,
``learner``, ``monty``, ``strategist``, ``minimax``, ``alphabeta``, ``perfect``,
``searcher``, ``strongest``.

>>> from ttt_desktop.core import Board
>>> player = create_player("perfect", seed=1)
>>> player.name, player.choose_move(Board.from_string("XX." "OO." "..."))
('Perfect', 2)

Nothing here imports Qt.
"""

from __future__ import annotations

import importlib

from ttt_desktop.core.board import HUMAN_KIND
from ttt_desktop.players.base import Player, fresh_seed
from ttt_desktop.players.roster import (
    CLASS_PATHS,
    FILE_SEAT_PLAYER,
    FILE_SEAT_PREFIX,
    KINDS,
    UnknownPlayerError,
    UnsupportedRulesError,
    display_name,
    entry_point,
    kinds_for,
    player_info,
    roster,
    unknown_kind,
)

# The cold path: no typing module (docs/manual/developer/architecture.md, "Cold start").
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

if TYPE_CHECKING:
    from ttt_desktop.players.info import PlayerInfo

__all__ = [
    "HUMAN_KIND",
    "KINDS",
    "Player",
    "PlayerInfo",
    "UnknownPlayerError",
    "UnsupportedRulesError",
    "create_player",
    "display_name",
    "fresh_seed",
    "kinds_for",
    "player_class",
    "player_info",
    "roster",
]


def __getattr__(name: str) -> Any:
    # PlayerInfo is loaded on demand: its module imports dataclasses, which costs more
    # than the rest of this package (see info.py).
    if name == "PlayerInfo":
        from ttt_desktop.players.info import PlayerInfo  # noqa: PLC0415  (see info.py)

        return PlayerInfo
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def player_class(kind: str) -> type[Player]:
    """The class that plays ``kind``, imported on first use.

    Raises :class:`UnknownPlayerError` for a kind not in the roster.
    """
    try:
        module_name, class_name = CLASS_PATHS[kind].split(":")
    except (KeyError, TypeError):
        raise unknown_kind(kind) from None
    player_type: type[Player] = getattr(importlib.import_module(module_name), class_name)
    return player_type


def create_player(kind: str, *, seed: int | None = None, **options: Any) -> Player:
    """A new player of ``kind`` with its own random generator seeded by ``seed``.

    ``seed=None`` draws a fresh seed, kept in the player's ``seed``. Options go
    to the player's class: ``sequence`` takes ``moves`` (cells); ``ralph``,
    ``minimax`` and ``alphabeta`` may take ``depth`` (plies to look ahead; by
    default one chosen for the board). ``"human"`` is not a computer player
    and raises :class:`UnknownPlayerError` like any kind not in the roster. A trained
    file's seat, ``learner:PATH``, plays the table or network in that file
    (:mod:`ttt_desktop.players.trained_file`).
    """
    if kind.startswith(FILE_SEAT_PREFIX) and not options:
        player: Player = entry_point(FILE_SEAT_PLAYER)(kind, seed=seed)
        return player
    return player_class(kind)(seed=seed, **options)
