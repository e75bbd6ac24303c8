"""``ttt-arena``: the command line for pitting computer players against each other.

Subcommands:

* ``census`` prints the counts of the whole game tree of tic-tac-toe (the source
  documents' Figure 1.2 and friends), ``--json`` for one JSON object.
* ``match`` plays two kinds against each other many times, on any board both play
  (``--rules``), and reports wins, draws, losses and move times per side and games per
  second; ``--json`` adds every game's moves and winner.
* ``tournament`` plays every pair of the given kinds, both colours, and prints
  a crosstable; Gomocup brains enter as ``brain:COMMAND`` or ``engine:NAME``, and any
  entrant may carry its own clock (``monty[turn=500]``).
* ``solve`` proves a small board's value with best play (``--rules 5,4,4``: a draw) and
  prints it with the nodes searched and the seconds taken; ``--position`` for a position,
  ``--json`` for one JSON object.
* ``train`` trains a learner by self-play (the table on tic-tac-toe, the n-tuple network on
  any board; ``--minutes`` or ``--episodes``) and writes its learning curve as CSV;
  ``match --x learner:FILE`` and ``tournament --players learner:FILE,...`` play the file.
* ``forbidden`` lists the side to move's forbidden cells after a list of moves, each with
  its reason (``--rules renju h8 i9 h9``; :mod:`ttt_desktop.cli.forbidden`).
* ``brain`` plays one kind as a Gomocup (Piskvork) brain on stdin and stdout
  (:mod:`ttt_desktop.cli.brains`); ``engines`` keeps the engine list, and ``match`` seats
  a brain with ``--x brain:COMMAND`` or ``--x engine:NAME`` (the engine list), under
  ``--turn-ms`` and ``--match-ms`` (:mod:`ttt_desktop.cli.engines`).

Runs are reproducible: every player gets a seed derived from ``--seed`` (a
fresh one is drawn, and printed, when none is given). ProgressLine goes to stderr,
results to stdout. Bad arguments, unknown kinds, rules a player or a figure does not
support, and an ``--openings`` file that is missing or malformed exit with status 2 and
the reason in one line.

This module holds the parser (every command's options and their checks) and the
dispatcher; the games are played by :mod:`ttt_desktop.lab` through the one game loop
(:func:`ttt_desktop.core.play.play_game`). Each command runs in a module of its own
(``cli/census.py``, ``cli/match.py``, ``cli/tournament.py``, ``cli/solve.py``,
``cli/forbidden.py``, ``cli/brains.py``, ``cli/engines.py``, which plays a match with a
brain in it too, and ``cli/train.py``; ``--version`` prints from ``cli/about.py``), which
imports what it needs plainly; what they share is in ``cli/common.py``. The parser
imports only light modules (argparse, the rules, the clock's constants, the roster and
the learner's settings), and a command's module is loaded only once the command is
chosen, by :func:`_hand_over`.
Nothing here imports Qt.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Final, TypeVar

from ttt_desktop.cli.common import (
    ARENA_KINDS,
    FailedError,
    RefusedError,
    UsageError,
    add_brain_arguments,
    is_brain_seat,
)
from ttt_desktop.core.board import IllegalMoveError
from ttt_desktop.core.clock import PLAYER_MARGIN_MS
from ttt_desktop.core.rules import PRESETS, RULE_PRESETS, TIC_TAC_TOE, Rules, RulesError
from ttt_desktop.core.swap import FREE_OPENING, OPENING_RULES
from ttt_desktop.lab.match import STARTS
from ttt_desktop.players import UnknownPlayerError, player_info
from ttt_desktop.players.learner import CURVE_OPPONENTS, METHODS, TrainingSettings
from ttt_desktop.players.roster import FILE_SEAT_PREFIX

__all__ = ["ARENA_KINDS", "build_parser", "main"]

_HAND_OVER: Final[dict[str, tuple[str, str]]] = {
    "census": ("ttt_desktop.cli.census", "run_census"),
    "match": ("ttt_desktop.cli.match", "run_match"),
    "match with a brain": ("ttt_desktop.cli.engines", "run_brain_match"),
    "cluster-certs": ("ttt_desktop.cli.tournament", "run_cluster_certs"),
    "tournament": ("ttt_desktop.cli.tournament", "run_tournament_command"),
    "solve": ("ttt_desktop.cli.solve", "run_solve"),
    "forbidden": ("ttt_desktop.cli.forbidden", "run_forbidden"),
    "brain": ("ttt_desktop.cli.brains", "run_brain"),
    "engines": ("ttt_desktop.cli.engines", "run_engines"),
    "train": ("ttt_desktop.cli.train", "run_train"),
    # --version's action, and the checks that need more than the parser's modules: run as
    # the parser meets the option (so within the command that has it).
    "--version": ("ttt_desktop.cli.about", "print_about"),
    "--sprt": ("ttt_desktop.cli.sprt", "parse_settings"),
    "--players": ("ttt_desktop.lab.spec", "split_clock"),
    "learner:FILE": ("ttt_desktop.players.trained_file", "check_file_seat"),
}
"""What each command (or option) runs: its module and function. A command's function
takes the parsed options and stdout and stderr, and returns the exit status."""


def _hand_over(choice: str) -> Any:
    """The function that carries out ``choice`` (a command of :data:`_HAND_OVER`, or an
    option the parser checks with a command's code), its module imported now.

    Cold start: this is where ``ttt-arena`` loads a command's modules, and the only place.
    Loaded together, the commands' modules (the lab, the library, the brains, numpy through
    the N-tuple trainer) made ``ttt-arena --version`` start in 0.22 s instead of 0.08 s; so
    the parser imports only what every start needs, and each command's module, which
    imports its own plainly, is imported here once the command is chosen
    (docs/manual/developer/architecture.md, "Cold start").
    """
    module, function = _HAND_OVER[choice]
    return getattr(importlib.import_module(module), function)


def _kind(text: str) -> str:
    try:
        player_info(text)
    except UnknownPlayerError:
        raise argparse.ArgumentTypeError(
            f"unknown player kind {text!r}: choose one of {', '.join(ARENA_KINDS)}"
        ) from None
    if text not in ARENA_KINDS:
        raise argparse.ArgumentTypeError(
            f"{text!r} plays a script of moves and has none here: "
            f"choose one of {', '.join(ARENA_KINDS)}"
        )
    return text


def _seat(text: str) -> str:
    """A match's seat: a kind, ``brain:COMMAND``, ``engine:NAME`` or ``learner:FILE``."""
    if text.startswith(FILE_SEAT_PREFIX):
        try:
            _hand_over("learner:FILE")(text)
        except ValueError as error:
            raise argparse.ArgumentTypeError(str(error)) from None
        return text
    if is_brain_seat(text):
        if not text.partition(":")[2].strip():
            raise argparse.ArgumentTypeError(f"{text!r} needs a command or an engine's name")
        return text
    return _kind(text)


def _rules(text: str) -> Rules:
    try:
        return Rules.parse(text)
    except RulesError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _entrant_list(text: str) -> str:
    """``--players``: kinds, ``kind*N`` or ``kind@seed``, ``brain:COMMAND`` or
    ``engine:NAME``, each with its own ``[turn=MS]`` or ``[game=MS+INC]`` if wanted; at
    least two entrants, no plain repeat."""
    split_clock = _hand_over("--players")
    plain: list[str] = []
    entrants = 0
    for raw in text.split(","):
        try:
            part, _clock = split_clock(raw)
        except ValueError as error:
            raise argparse.ArgumentTypeError(str(error)) from None
        if not part:
            continue
        if part.startswith(("brain:", "engine:")):
            _seat(part)
            plain.append(part)
            entrants += 1
            continue
        kind, _, rest = part.replace("@", "*", 1).partition("*")
        if kind.strip().startswith("learner:"):
            _seat(kind.strip())
        else:
            _kind(kind.strip())
        if not rest:
            plain.append(kind.strip())
            entrants += 1
        elif "@" in part:
            _seed(rest)
            entrants += 1
        else:
            entrants += _positive_int(rest)
    if entrants < 2:
        raise argparse.ArgumentTypeError("a tournament needs at least two kinds, comma-separated")
    if len(set(plain)) != len(plain):
        raise argparse.ArgumentTypeError(
            f"each kind plays once: {text!r} repeats one (KIND*2 or KIND@SEED enters several)"
        )
    return text


_Number = TypeVar("_Number", int, float)


def _parse_number(text: str, convert: Callable[[str], _Number], what: str) -> _Number:
    try:
        return convert(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not {what}") from None


def _positive_int(text: str) -> int:
    value = _parse_number(text, int, "a whole number")
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def _seed(text: str) -> int:
    value = _parse_number(text, int, "a whole number")
    if value < 0:
        raise argparse.ArgumentTypeError(f"a seed is not negative ({value})")
    return value


def _sprt(text: str) -> Any:
    try:
        return _hand_over("--sprt")(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _milliseconds(text: str) -> float:
    value = _parse_number(text, float, "a number of milliseconds")
    if not value > 0:
        raise argparse.ArgumentTypeError(f"must be more than 0, not {value}")
    return value


def _non_negative_milliseconds(text: str) -> float:
    value = _parse_number(text, float, "a number of milliseconds")
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be 0 or more, not {value}")
    return value


def _clock_arguments(
    parser: argparse.ArgumentParser,
    title: str = "time control (searching players read it as their budget)",
) -> None:
    group = parser.add_argument_group(title)
    group.add_argument(
        "--turn-ms", type=_milliseconds, metavar="MS", help="each move may take MS milliseconds"
    )
    group.add_argument(
        "--game-ms", type=_milliseconds, metavar="MS", help="each player has MS ms for a game"
    )
    group.add_argument(
        "--increment-ms",
        type=_milliseconds,
        metavar="MS",
        help="added to a player's game clock after each of its moves (with --game-ms)",
    )
    group.add_argument(
        "--margin-ms",
        type=_non_negative_milliseconds,
        metavar="MS",
        help=f"slack over the limit before a player loses on time (default "
        f"{PLAYER_MARGIN_MS:g}: a search stops at its next look at the clock)",
    )


class _VersionAction(argparse.Action):
    """``--version``: the version, the playouts and the search in use, then exit (no command
    needed)."""

    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: Any) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, **kwargs)

    def __call__(self, parser: argparse.ArgumentParser, *_args: Any, **_kwargs: Any) -> None:
        _hand_over("--version")(sys.stdout)
        parser.exit(0)


def build_parser() -> argparse.ArgumentParser:
    """The ``ttt-arena`` argument parser."""
    parser = argparse.ArgumentParser(
        prog="ttt-arena",
        description="Pit TTT Desktop's computer players against each other, count the game "
        "tree, retrain the learner.",
        epilog=f"Player kinds: {', '.join(ARENA_KINDS)}.",
    )
    parser.add_argument(
        "--version",
        action=_VersionAction,
        help="print the version, and which random playouts and search run here (compiled or "
        "Python)",
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    rules_help = (
        "the board: M,N,K (M columns, N rows, K in a row; ',exact' if a longer line does not "
        "win), a size MxN (five in a row: 9x9, 15x15, 20x20) or a name: "
        + ", ".join(PRESETS)
        + " (default tic-tac-toe)"
    )

    census_parser = commands.add_parser(
        "census", help="count every game of tic-tac-toe (the documents' Figure 1.2)"
    )
    census_parser.add_argument("--json", action="store_true", help="print one JSON object")
    census_parser.add_argument(
        "--rules", type=_rules, default=TIC_TAC_TOE, metavar="M,N,K|NAME", help=rules_help
    )

    match_parser = commands.add_parser("match", help="play two kinds against each other")
    match_parser.add_argument(
        "--rules", type=_rules, default=TIC_TAC_TOE, metavar="M,N,K|NAME", help=rules_help
    )
    seat_help = (
        " (a kind, brain:COMMAND for a Gomocup brain, engine:NAME from the engine list, or "
        "learner:FILE for a table or network ttt-arena train wrote)"
    )
    match_parser.add_argument(
        "--x", type=_seat, required=True, metavar="SEAT", help="plays X" + seat_help
    )
    match_parser.add_argument(
        "--o", type=_seat, required=True, metavar="SEAT", help="plays O" + seat_help
    )
    _clock_arguments(
        match_parser,
        "time control (for brains, and for our players against a brain; a brain without "
        "one has 5000 ms a move)",
    )
    # The name this option had before the clock was shared with the tournament's.
    match_parser.add_argument(
        "--match-ms", dest="game_ms", type=_milliseconds, help=argparse.SUPPRESS
    )
    match_parser.add_argument(
        "--memory",
        type=_positive_int,
        metavar="BYTES",
        help="what a brain is told it may use (INFO max_memory; default: the engine list's "
        "setting, else 350 MiB, the Gomocup's)",
    )
    match_parser.add_argument(
        "--enforce-memory",
        action="store_true",
        help="also make --memory a brain's address-space limit (it fails past it)",
    )
    match_parser.add_argument(
        "--engines",
        type=Path,
        metavar="PATH",
        help="the engine list (default: engines.json in the data folder)",
    )
    match_parser.add_argument("--games", type=_positive_int, default=1000, metavar="N")
    match_parser.add_argument("--seed", type=_seed, metavar="S", help="for a repeatable run")
    match_parser.add_argument(
        "--start", choices=STARTS, default="x", help="who moves first in each game (default x)"
    )
    match_parser.add_argument(
        "--json",
        action="store_true",
        help="print one JSON object, with every game's moves (cells 0-based, row-major from "
        "the top-left, M per row) and winner",
    )
    match_parser.add_argument(
        "--library",
        type=Path,
        metavar="PATH",
        help="also store every game in this game library (SQLite; made if missing)",
    )
    match_parser.add_argument(
        "--sprt",
        type=_sprt,
        metavar="ELO0,ELO1[,ALPHA,BETA]",
        help="a sequential test of --x against --o (as cutechess-cli and fastchess run it): "
        "pairs of games, each player X once, until H0 (--x is at most ELO0 Elo stronger) or "
        "H1 (at least ELO1) is accepted, or --games are played; the LLR is shown as it goes. "
        "Also as elo0=E0,elo1=E1,alpha=A,beta=B; model=normalized for normalized Elo "
        "(default logistic). Brains (brain:, engine:) may play",
    )

    _opening_arguments(match_parser, " (with --sprt: each pair of games shares one)")

    certs_parser = commands.add_parser(
        "cluster-certs",
        help="make a certificate authority and certificates for a Dask cluster (OpenSSL)",
    )
    certs_parser.add_argument(
        "names", nargs="+", metavar="NAME", help="a machine (its host name), one each"
    )
    certs_parser.add_argument(
        "--out", type=Path, default=Path("cluster-certs"), metavar="DIR",
        help="the folder (default ./cluster-certs; an authority already there is used again)",
    )  # fmt: skip

    tournament_parser = commands.add_parser(
        "tournament", help="every pair of kinds, both colours, in a crosstable"
    )
    tournament_parser.add_argument(
        "--players",
        type=_entrant_list,
        metavar="A,B,...",
        help="kinds to enter; KIND*N enters N of a kind with different seeds, KIND@S one "
        "with seed S; brain:COMMAND a Gomocup brain (a command without commas), engine:NAME "
        "one of the engine list, learner:FILE a trained table or network; any of them "
        "with its own clock: KIND[turn=MS] or KIND[game=MS+INC] (quote the list for the "
        "shell)",
    )
    tournament_parser.add_argument(
        "--engines",
        type=Path,
        metavar="PATH",
        help="the engine list for engine:NAME (default: engines.json in the data folder)",
    )
    tournament_parser.add_argument(
        "--games", type=_positive_int, default=100, metavar="N", help="games per pairing and colour"
    )
    tournament_parser.add_argument("--seed", type=_seed, metavar="S", help="for a repeatable run")
    tournament_parser.add_argument(
        "--format",
        choices=("round-robin", "gauntlet"),
        default="round-robin",
        help="every player against every other (default), or the first against the field",
    )
    tournament_parser.add_argument(
        "--jobs",
        type=_positive_int,
        metavar="N",
        help="worker processes (default 1: play in this process; with --resume, the run's "
        "own); the same seed gives the same games whatever N is",
    )
    tournament_parser.add_argument("--json", action="store_true", help="print one JSON object")
    tournament_parser.add_argument(
        "--rules", type=_rules, default=TIC_TAC_TOE, metavar="M,N,K|NAME", help=rules_help
    )
    tournament_parser.add_argument(
        "--library",
        type=Path,
        metavar="PATH",
        help="keep the tournament in this game library (SQLite; made if missing): its "
        "settings at the start, each game as it finishes (for --resume), and every game "
        "as a stored game at the end",
    )
    tournament_parser.add_argument(
        "--psq",
        type=Path,
        metavar="DIR",
        help="also write each game, as it finishes, as a Piskvork record (.psq, the Gomocup's "
        "archives' format) in this folder (made if missing); five in a row only",
    )
    tournament_parser.add_argument(
        "--resume",
        type=_positive_int,
        metavar="ID",
        help="carry on tournament ID of the game library (--library or $TTT_DESKTOP_LIBRARY): "
        "play only its missing games, with its own settings",
    )
    cluster = tournament_parser.add_argument_group(
        "a Dask cluster (pip install 'ttt-desktop[cluster]'; see ttt-arena cluster-certs)"
    )
    cluster.add_argument(
        "--scheduler",
        metavar="tls://HOST:PORT",
        help="play on a Dask cluster: start 'dask scheduler --protocol tls --host HOST "
        "--tls-ca-file ca.pem --tls-cert HOST.pem --tls-key HOST.key' on one machine and "
        "'dask worker tls://HOST:PORT --nthreads 1' with the same options on each; the "
        "same seed gives the same games. A plain tcp:// scheduler only on 127.0.0.1 "
        "(or with --insecure)",
    )
    cluster.add_argument("--tls-ca-file", metavar="PEM", help="the certificate authority's")
    cluster.add_argument("--tls-cert", metavar="PEM", help="this machine's certificate")
    cluster.add_argument("--tls-key", metavar="PEM", help="this machine's private key")
    cluster.add_argument(
        "--insecure",
        action="store_true",
        help="allow a plain tcp:// scheduler on another machine (anyone reaching its port "
        "can run programs on every worker)",
    )
    _opening_arguments(tournament_parser)
    _clock_arguments(tournament_parser)
    tournament_parser.add_argument(
        "--adjudicate",
        action="store_true",
        help="end a game, scored, once the side to move has a forced win by continuous fours "
        "(proved by the threat search)",
    )

    solve_parser = commands.add_parser(
        "solve", help="prove a small board's value with best play (win, draw or loss)"
    )
    solve_parser.add_argument(
        "--rules", type=_rules, default=TIC_TAC_TOE, metavar="M,N,K|NAME", help=rules_help
    )
    solve_parser.add_argument(
        "--position",
        metavar="CELLS",
        help="a position instead of the empty board: one of X, O or . a cell, row by row "
        "from the top-left (X moves first)",
    )
    solve_parser.add_argument(
        "--fresh",
        action="store_true",
        help="prove from scratch, without the shipped tables or the cache of earlier proofs",
    )
    solve_parser.add_argument(
        "--seconds",
        type=_milliseconds,
        metavar="S",
        help="give up after S seconds (default: search until it is proved; progress goes to "
        "stderr once a second)",
    )
    solve_parser.add_argument("--json", action="store_true", help="print one JSON object")

    forbidden_parser = commands.add_parser(
        "forbidden",
        help="list the side to move's forbidden cells after some moves, each with its reason",
    )
    forbidden_parser.add_argument(
        "--rules",
        type=_rules,
        default=RULE_PRESETS["renju"],
        metavar="M,N,K,RULE|NAME",
        help="the rules (default renju: 15,15,5,renju); only renju forbids cells, to black",
    )
    _forbidden_arguments(forbidden_parser)

    brain_parser = commands.add_parser(
        "brain", help="play one kind as a Gomocup (Piskvork) brain on stdin and stdout"
    )
    add_brain_arguments(brain_parser)
    engines_parser = commands.add_parser(
        "engines", help="the engine list of Gomocup brains: list, add, probe, remove"
    )
    _engines_arguments(engines_parser)

    train_parser = commands.add_parser(
        "train",
        help="train a learner by self-play (a table on tic-tac-toe, a network on any board) "
        "and write its learning curve",
    )
    _train_arguments(train_parser, rules_help)
    return parser


def _opening_arguments(parser: argparse.ArgumentParser, note: str = "") -> None:
    parser.add_argument(
        "--openings",
        metavar="builtin|FILE",
        help="start the games from openings, each played with both colours"
        + note
        + ": 'builtin' (every first move on small boards, 26 three-stone openings on 7x7 and "
        "up) or a file with one opening a line: cells as the board names them, such as "
        "'h8 h9 j10', or a Gomocup opening suite's stones as offsets x,y from the centre, "
        "such as '0,0, 1,-1'",
    )
    parser.add_argument(
        "--symmetries",
        action="store_true",
        help="turn or mirror each opening by one of the board's symmetries, drawn from the seed",
    )
    parser.add_argument(
        "--opening-rule",
        choices=OPENING_RULES,
        default=FREE_OPENING,
        help="who places the first stones (default free: the first mover's first move "
        "opens); swap: the first mover places three stones (black, white, black) and the "
        "other chooses a colour; swap2: the other may also place two more stones and let "
        "the first mover choose. Five in a row on 7x7 and up",
    )


def _forbidden_arguments(parser: argparse.ArgumentParser) -> None:
    """The ``forbidden`` command's arguments but ``--rules`` (the parser's own)."""
    parser.add_argument(
        "moves",
        nargs="*",
        metavar="MOVES",
        help="the moves so far, black (X) first, as cell names: 'h8 i9 h9' (one argument "
        "or several; commas between them are fine too)",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def _engines_arguments(parser: argparse.ArgumentParser) -> None:
    """The ``engines`` command's arguments."""
    parser.add_argument(
        "action", choices=("list", "add", "probe", "remove"), help="what to do (default list)"
    )
    parser.add_argument("name", nargs="?", help="the engine's name (add: default its ABOUT name)")
    parser.add_argument(
        "--command", dest="brain_command", metavar="COMMAND", help="add: the command that runs it"
    )
    parser.add_argument("--cwd", default="", metavar="DIR", help="add: its working directory")
    parser.add_argument(
        "--engines",
        type=Path,
        metavar="PATH",
        help="the engine list (default: engines.json in the data folder)",
    )
    parser.add_argument("--json", action="store_true", help="list: print one JSON object")


def _non_negative(text: str) -> int:
    value = _parse_number(text, int, "a whole number")
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be 0 or more, not {value}")
    return value


def _fraction(text: str) -> float:
    value = _parse_number(text, float, "a number")
    if not 0 <= value <= 1:
        raise argparse.ArgumentTypeError(f"must be between 0 and 1, not {value}")
    return value


def _positive(text: str) -> float:
    value = _parse_number(text, float, "a number")
    if not value > 0:
        raise argparse.ArgumentTypeError(f"must be more than 0, not {value}")
    return value


def _opponents(text: str) -> tuple[str, ...]:
    kinds = tuple(part.strip() for part in text.split(",") if part.strip())
    for kind in kinds:
        if kind not in CURVE_OPPONENTS:
            raise argparse.ArgumentTypeError(
                f"the curve measures against {', '.join(CURVE_OPPONENTS)}, not {kind!r}"
            )
    if not kinds:
        raise argparse.ArgumentTypeError("name at least one opponent")
    return kinds


def _train_arguments(parser: argparse.ArgumentParser, rules_help: str) -> None:
    """The options of ``ttt-arena train``."""
    table = TrainingSettings()
    parser.add_argument(
        "--rules", type=_rules, default=TIC_TAC_TOE, metavar="M,N,K|NAME", help=rules_help
    )
    parser.add_argument(
        "--method",
        choices=METHODS,
        help="table: the tabular Q-learner (tic-tac-toe only, the default there); ntuple: the "
        "n-tuple network trained by TD(0) (any board, the default off tic-tac-toe)",
    )
    parser.add_argument(
        "--episodes",
        type=_positive_int,
        metavar="N",
        help=f"games to train (default {table.episodes:,} for a table; a network trains "
        "until --minutes, else 20,000 games)",
    )
    parser.add_argument(
        "--minutes", type=_positive, metavar="M", help="stop after M minutes of training"
    )
    parser.add_argument(
        "--workers",
        type=_non_negative,
        metavar="N",
        help="processes that train a network (default 0: every core); with 1 the same seed "
        "gives the same network",
    )
    parser.add_argument("--seed", type=_non_negative, default=table.seed, metavar="S")
    parser.add_argument("--alpha", type=_fraction, help="the learning rate")
    parser.add_argument("--epsilon", type=_fraction, help="the share of exploring moves")
    parser.add_argument("--gamma", type=_fraction, help="the discount per move (a table's)")
    parser.add_argument(
        "--eval-every",
        type=_positive_int,
        metavar="N",
        help="games between two points of the curve (default 10,000 for a table, 2,000 for a "
        "network)",
    )
    parser.add_argument(
        "--eval-games",
        type=_positive_int,
        metavar="N",
        help="games against each of the curve's opponents at each point (a table: also "
        "against random as X)",
    )
    parser.add_argument(
        "--opponents",
        type=_opponents,
        metavar="A,B",
        help="the curve's opponents (default perfect,rando for a table, levi,utility,searcher "
        "for a network; the searcher at a fixed budget of nodes)",
    )
    parser.add_argument(
        "--resume",
        type=Path,
        metavar="FILE",
        help="train this network file further (its board, its games so far and its curve)",
    )
    parser.add_argument(
        "--out",
        type=Path,
        metavar="PATH",
        help="where to write the table or network (default ./learner_table.json, or "
        "./ntuple-M,N,K.json for a network; the shipped table is only replaced when named "
        "here)",
    )
    parser.add_argument(
        "--curve",
        type=Path,
        default=Path("learner_curve.csv"),
        metavar="PATH.csv",
        help="where to write the learning curve (default ./learner_curve.csv)",
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``ttt-arena`` with ``argv`` (default: the process's arguments); the exit status."""
    parser = build_parser()
    arguments = parser.parse_args(argv)
    command = arguments.command
    if command == "match" and (is_brain_seat(arguments.x) or is_brain_seat(arguments.o)):
        command = "match with a brain"
    out, err = sys.stdout, sys.stderr
    try:
        status: int = _hand_over(command)(arguments, out, err)
    except UsageError as error:
        parser.error(str(error))
    except RefusedError as error:
        err.write(f"ttt-arena: {error}\n")
        return 2
    except FailedError as error:
        err.write(f"ttt-arena: {error}\n")
        return 1
    except IllegalMoveError as error:
        err.write(f"ttt-arena: a player made an illegal move: {error}\n")
        return 1
    except KeyboardInterrupt:
        # The games finished so far are kept (a tournament in a library: --resume).
        err.write("ttt-arena: interrupted\n")
        return 130
    except OSError as error:
        err.write(f"ttt-arena: {error}\n")
        return 1
    except Exception as error:
        # The game library's errors (damaged, locked, read-only, newer) say what to do.
        if type(error).__module__.startswith("ttt_desktop.library"):
            err.write(f"ttt-arena: {error}\n")
            return 1
        raise
    return status


if __name__ == "__main__":
    sys.exit(main())
