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
* ``brain`` plays one kind as a Gomocup (Piskvork) brain on stdin and stdout; ``match``
  seats a brain with ``--x brain:COMMAND`` or ``--x engine:NAME`` (the engine list),
  under ``--turn-ms`` and ``--match-ms`` (:mod:`ttt_desktop.cli.brains`).

Runs are reproducible: every player gets a seed derived from ``--seed`` (a
fresh one is drawn, and printed, when none is given). ProgressLine goes to stderr,
results to stdout. Bad arguments, unknown kinds, rules a player or a figure does not
support, and an ``--openings`` file that is missing or malformed exit with status 2 and
the reason in one line.

This module parses and prints; the games are played by :mod:`ttt_desktop.lab` through
the one game loop (:func:`ttt_desktop.core.play.play_game`).

Each command runs in a module of its own (``cli/match.py``, ``cli/tournament.py``,
``cli/train.py``, ``cli/solve.py``; what they share is in ``cli/common.py``); this one
holds the parser and hands each command over.
Nothing here imports Qt.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

from ttt_desktop.cli.common import (
    ARENA_KINDS,
    FailedError,
    ProgressLine,
    RefusedError,
    classic_only,
    time_control,
)
from ttt_desktop.cli.match import match_openings, run_brain_sprt, run_match
from ttt_desktop.cli.output import print_census, print_json
from ttt_desktop.cli.solve import run_solve
from ttt_desktop.cli.tournament import run_cluster_certs, run_tournament_command
from ttt_desktop.cli.train import add_train_arguments, run_train
from ttt_desktop.core.board import IllegalMoveError
from ttt_desktop.core.clock import PLAYER_MARGIN_MS
from ttt_desktop.core.rules import PRESETS, RULE_PRESETS, TIC_TAC_TOE, Rules, RulesError
from ttt_desktop.core.swap import FREE_OPENING, OPENING_RULES, check_opening_rule
from ttt_desktop.lab.match import STARTS
from ttt_desktop.players import UnknownPlayerError, player_info

__all__ = ["ARENA_KINDS", "build_parser", "main"]


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
    from ttt_desktop.cli.brains import is_brain_seat  # noqa: PLC0415
    from ttt_desktop.players.trained_file import check_file_seat, is_file_seat  # noqa: PLC0415

    if is_file_seat(text):
        try:
            check_file_seat(text)
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
    from ttt_desktop.lab.spec import split_clock  # noqa: PLC0415

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
    from ttt_desktop.cli.sprt import parse_settings  # noqa: PLC0415

    try:
        return parse_settings(text)
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
        from ttt_desktop.core.playout import playouts_in_use  # noqa: PLC0415
        from ttt_desktop.players.searcher import searches_in_use  # noqa: PLC0415
        from ttt_desktop.version import read_version  # noqa: PLC0415

        sys.stdout.write(
            f"ttt-arena (TTT Desktop) {read_version()}\nrandom playouts: {playouts_in_use()}\n"
            f"search: {searches_in_use()}\n"
        )
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
    from ttt_desktop.cli.forbidden import add_forbidden_arguments  # noqa: PLC0415

    add_forbidden_arguments(forbidden_parser)

    brain_parser = commands.add_parser(
        "brain", help="play one kind as a Gomocup (Piskvork) brain on stdin and stdout"
    )
    from ttt_desktop.cli.brains import add_brain_arguments  # noqa: PLC0415

    add_brain_arguments(brain_parser)
    engines_parser = commands.add_parser(
        "engines", help="the engine list of Gomocup brains: list, add, probe, remove"
    )
    from ttt_desktop.cli.brains import add_engines_arguments  # noqa: PLC0415

    add_engines_arguments(engines_parser)

    train_parser = commands.add_parser(
        "train",
        help="train a learner by self-play (a table on tic-tac-toe, a network on any board) "
        "and write its learning curve",
    )
    add_train_arguments(train_parser, rules_help)
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


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``ttt-arena`` with ``argv`` (default: the process's arguments); the exit status."""
    parser = build_parser()
    arguments = parser.parse_args(argv)
    out, err = sys.stdout, sys.stderr
    progress = ProgressLine(err)
    try:
        if arguments.command == "census":
            classic_only(
                arguments.rules,
                "the census",
                "it counts every game of the whole game tree, which only tic-tac-toe's is "
                "small enough for",
            )
            if arguments.json:
                from ttt_desktop.analysis import census  # noqa: PLC0415

                print_json(census().as_json(), out)
            else:
                print_census(out)
        elif arguments.command == "match":
            from ttt_desktop.cli import brains  # noqa: PLC0415

            try:
                arguments.clock = time_control(arguments)
            except ValueError as error:
                parser.error(str(error))
            # Read (or refused) before a player is made or a brain started.
            arguments.opening_cells = match_openings(arguments)
            try:
                check_opening_rule(arguments.rules, arguments.opening_rule)
            except ValueError as error:
                parser.error(str(error))

            if brains.is_brain_seat(arguments.x) or brains.is_brain_seat(arguments.o):
                if arguments.sprt is not None:
                    return run_brain_sprt(arguments, out, progress)
                return brains.run_brain_match(arguments, out, err)
            run_match(arguments, out, progress)
        elif arguments.command == "cluster-certs":
            run_cluster_certs(arguments, out)
        elif arguments.command == "solve":
            run_solve(arguments, out, progress)
        elif arguments.command == "forbidden":
            from ttt_desktop.cli.forbidden import run_forbidden  # noqa: PLC0415

            run_forbidden(arguments, out)
        elif arguments.command == "engines":
            from ttt_desktop.cli.brains import run_engines  # noqa: PLC0415

            return run_engines(arguments, out, err)
        elif arguments.command == "brain":
            from ttt_desktop.cli.brains import run_brain  # noqa: PLC0415

            return run_brain(arguments)
        elif arguments.command == "tournament":
            try:
                run_tournament_command(arguments, out, progress)
            except ValueError as error:
                parser.error(str(error))
        else:
            run_train(arguments, out, err)
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
    return 0


if __name__ == "__main__":
    sys.exit(main())
