"""The roster: every kind of computer player, what it is called and where its class lives.

This module holds data only and imports no player, so reading the roster (the
GUI's menus, the arena's help) costs next to nothing;
:func:`ttt_desktop.players.create_player` imports a player's module the first
time that kind is made.

Nothing here imports Qt.
"""

from __future__ import annotations

import functools
import importlib

from ttt_desktop.core.rules import Rules
from ttt_desktop.players.boards import (
    ANY_BOARD,
    CLASSIC_ONLY,
    NETWORK_BOARDS,
    NETWORK_KS,
    SOLVED_BOARDS,
    SOLVED_KEYS,
    plays,
)

FILE_SEAT_PREFIX = "learner:"
"""A seat that plays a trained file: ``learner:PATH`` (see players.trained_file)."""

FILE_SEAT_CHECK = "ttt_desktop.players.trained_file:check_file_seat"
FILE_SEAT_PLAYER = "ttt_desktop.players.trained_file:file_player"
"""Where a trained file's seat is read and played ("module:function", as the kinds' classes
are named below: imported on first use)."""

TRAINED_KIND_PREFIX = "trained."
"""The kinds of the players trained in the Lab begin so (``trained.NAME``; see lab.trained)."""

# The cold path: no typing module (docs/manual/developer/architecture.md, "Cold start").
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Final

if TYPE_CHECKING:
    from ttt_desktop.players.info import PlayerInfo


class UnknownPlayerError(ValueError):
    """A kind that is not in the roster; the message lists the valid kinds."""


class UnsupportedRulesError(ValueError):
    """A kind asked to play by rules it does not play; the message names the kinds that do."""


# kind, name, description, strength (1-5), source, "module:Class", the boards it plays
# (ANY_BOARD, CLASSIC_ONLY for the players whose rules or tables are tic-tac-toe's, or
# SOLVED_BOARDS for the boards the exact solver proves at once, SOLVED_KEYS).
# In ascending strength; within a strength, roughly from simplest to most elaborate.
_ENTRIES: Final[tuple[tuple[str, str, str, int, str, str, str], ...]] = (
    (
        "rando",
        "Rando",
        "Plays any free cell at random, on any board.",
        1,
        "Avalos 2018 (000)",
        "ttt_desktop.players.simple:RandoPlayer",
        ANY_BOARD,
    ),
    (
        "sequence",
        "Sequence",
        "Plays a scripted list of cells in order, on any board; for tests and replays.",
        1,
        "JHU framework (003)",
        "ttt_desktop.players.simple:SequencePlayer",
        ANY_BOARD,
    ),
    (
        "levi",
        "Levi",
        "Takes a winning cell, else blocks yours, else plays at random; on any board.",
        2,
        "Avalos 2018 (000)",
        "ttt_desktop.players.simple:LeviPlayer",
        ANY_BOARD,
    ),
    (
        "ralph",
        "Ralph",
        "Wins or blocks, else tallies wins and losses some moves ahead, near stones on big boards.",
        2,
        "Avalos 2018 (000)",
        "ttt_desktop.players.ralph:RalphPlayer",
        ANY_BOARD,
    ),
    (
        "humiston",
        "Humiston",
        "Wins, blocks, else a random corner, the centre, a random side; on any board.",
        3,
        "Humiston 2019 (001)",
        "ttt_desktop.players.simple:HumistonPlayer",
        ANY_BOARD,
    ),
    (
        "utility",
        "Utility",
        "Wins or blocks, else the cell whose lines of k hold most promise; on any board.",
        3,
        "JHU framework (003)",
        "ttt_desktop.players.utility:UtilityPlayer",
        ANY_BOARD,
    ),
    (
        "learner",
        "Learner",
        "Tabular reinforcement learner trained by self-play; tic-tac-toe only.",
        4,
        "Omprakash 2021 (004)",
        "ttt_desktop.players.learner:LearnerPlayer",
        CLASSIC_ONLY,
    ),
    (
        "ntuple",
        "N-tuple",
        "Learns by self-play: a network of line patterns trained by temporal differences; "
        "wins, blocks, else the move its network values most. Plays the boards of the k its "
        "network learnt; the Lab trains it for any board.",
        4,
        "Omprakash 2021 (004), carried on",
        "ttt_desktop.players.ntuple_player:NTuplePlayer",
        NETWORK_BOARDS,
    ),
    (
        "monty",
        "Monty",
        "Monte Carlo tree search: plays thousands of random games from the position, "
        "favours the moves that win most and proves wins and losses it can see to the end; "
        "on any board.",
        4,
        "Kocsis and Szepesvari 2006; Winands et al. 2008",
        "ttt_desktop.players.mcts:MontyPlayer",
        ANY_BOARD,
    ),
    (
        "strategist",
        "Strategist",
        "Newell and Simon's eight rules (win, block, forks, centre, corners, sides); any board.",
        5,
        "Riley 2021 (002)",
        "ttt_desktop.players.strategist:StrategistPlayer",
        ANY_BOARD,
    ),
    (
        "minimax",
        "MiniMax",
        "Plain minimax: the whole tree on tic-tac-toe, a few moves deep elsewhere; any board.",
        5,
        "JHU framework (003)",
        "ttt_desktop.players.minimax:MinimaxPlayer",
        ANY_BOARD,
    ),
    (
        "alphabeta",
        "AlphaBeta",
        "Minimax with alpha-beta pruning: whole tree on tic-tac-toe, deeper elsewhere; any board.",
        5,
        "JHU framework (003)",
        "ttt_desktop.players.minimax:AlphaBetaPlayer",
        ANY_BOARD,
    ),
    (
        "perfect",
        "Perfect",
        "Plays the solved game: never lets a win or a draw go; on tic-tac-toe it wins as fast "
        "and loses as slowly as possible.",
        5,
        "game-tree solver",
        "ttt_desktop.players.perfect:PerfectPlayer",
        SOLVED_BOARDS,
    ),
    (
        "searcher",
        "Searcher",
        "Searches ahead with iterative-deepening alpha-beta, threat-first, for a second a "
        "move; on any board.",
        5,
        "alpha-beta with threat evaluation",
        "ttt_desktop.players.searcher:SearcherPlayer",
        ANY_BOARD,
    ),
    (
        "strongest",
        "Strongest",
        "Perfect where the game is solved, else a forced win when the threat search proves "
        "one, else the Searcher; on any board.",
        5,
        "the best of this program",
        "ttt_desktop.players.strongest:StrongestPlayer",
        ANY_BOARD,
    ),
)

KINDS: Final[tuple[str, ...]] = tuple(entry[0] for entry in _ENTRIES)
CLASS_PATHS: Final[dict[str, str]] = {entry[0]: entry[5] for entry in _ENTRIES}
NAMES: Final[dict[str, str]] = {entry[0]: entry[1] for entry in _ENTRIES}
BOARDS: Final[dict[str, str]] = {entry[0]: entry[6] for entry in _ENTRIES}


@functools.cache
def roster() -> tuple[PlayerInfo, ...]:
    """Every kind of computer player, weakest first."""
    from ttt_desktop.players.info import PlayerInfo  # noqa: PLC0415  (the first move's path: see info.py)

    return tuple(PlayerInfo(*entry[:5], boards=entry[6]) for entry in _ENTRIES)


def supports(kind: str, rules: Rules) -> bool:
    """Whether players of ``kind`` play by ``rules`` (every kind plays tic-tac-toe; a
    trained file's seat, ``learner:PATH``, what its table or network plays)."""
    try:
        boards = BOARDS[kind]
    except (KeyError, TypeError):
        if isinstance(kind, str) and kind.startswith(FILE_SEAT_PREFIX):
            return bool(file_seat(kind).plays(rules))
        if kind in _trained_k:
            k = _trained_k[kind]
            return rules.is_classic if k is None else rules.k == k
        raise unknown_kind(kind) from None
    return plays(boards, rules)


_trained_k: dict[str, int | None] = {}


def note_trained(kind: str, k: int | None) -> None:
    """Say which boards the trained player ``kind`` (``trained.NAME``) plays, for
    :func:`supports`: those of ``k`` in a row (a network's), or tic-tac-toe (None, a
    table's). The trained players' store says it of each player it reads."""
    _trained_k[kind] = k


def kinds_for(rules: Rules) -> tuple[str, ...]:
    """The kinds that play by ``rules``, weakest first."""
    return tuple(kind for kind in KINDS if supports(kind, rules))


def unsupported(kind: str, rules: Rules) -> UnsupportedRulesError:
    """The error for a kind asked to play a board it does not play, naming the ones that do."""
    which = boards_text(kind)
    return UnsupportedRulesError(
        f"{display_name(kind)} plays only {which}, not {rules.title} ({rules.key}); "
        f"on that board choose one of {', '.join(kinds_for(rules))}"
    )


def file_seat(kind: str) -> Any:
    """The trained file of seat ``kind`` (``learner:PATH``), read and checked by
    :func:`ttt_desktop.players.trained_file.check_file_seat`: ``ValueError`` saying why
    it can't be played."""
    return entry_point(FILE_SEAT_CHECK)(kind)


def entry_point(path: str) -> Any:
    """The function or class ``path`` names ("module:name"), its module imported now."""
    module_name, name = path.split(":")
    return getattr(importlib.import_module(module_name), name)


def boards_text(kind: str) -> str:
    """The boards ``kind`` plays, in words, for the messages of a kind asked to play another."""
    if isinstance(kind, str) and kind.startswith(FILE_SEAT_PREFIX):
        return str(file_seat(kind).boards())
    boards = BOARDS.get(kind)
    if boards == SOLVED_BOARDS:
        return f"the solved boards ({', '.join(sorted(SOLVED_KEYS))})"
    if boards == NETWORK_BOARDS:
        ks = [str(k) for k in sorted(NETWORK_KS)]
        return f"boards of {' or '.join([', '.join(ks[:-1]), ks[-1]] if ks[:-1] else ks)} in a row"
    return "tic-tac-toe"


def player_info(kind: str) -> PlayerInfo:
    """The roster entry of ``kind``; :class:`UnknownPlayerError` for a kind not in it."""
    for info in roster():
        if info.kind == kind:
            return info
    raise unknown_kind(kind)


def display_name(kind: str) -> str:
    """The display name of ``kind`` (cheaper than :func:`player_info`: no roster is built)."""
    try:
        return NAMES[kind]
    except (KeyError, TypeError):
        if isinstance(kind, str) and kind.startswith(FILE_SEAT_PREFIX):
            return str(file_seat(kind).name)
        raise unknown_kind(kind) from None


def unknown_kind(kind: object) -> UnknownPlayerError:
    """The error for a kind not in the roster, listing the valid ones."""
    return UnknownPlayerError(f"unknown player kind {kind!r}: choose one of {', '.join(KINDS)}")
