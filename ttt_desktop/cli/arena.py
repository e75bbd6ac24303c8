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
* ``train`` retrains the learner's table by self-play and writes its learning
  curve as CSV.
* ``brain`` plays one kind as a Gomocup (Piskvork) brain on stdin and stdout; ``match``
  seats a brain with ``--x brain:COMMAND`` or ``--x engine:NAME`` (the engine list),
  under ``--turn-ms`` and ``--match-ms`` (:mod:`ttt_desktop.cli.brains`).

Runs are reproducible: every player gets a seed derived from ``--seed`` (a
fresh one is drawn, and printed, when none is given). Progress goes to stderr,
results to stdout. Bad arguments, unknown kinds, rules a player or a figure does not
support, and an ``--openings`` file that is missing or malformed exit with status 2 and
the reason in one line.

This module parses and prints; the games are played by :mod:`ttt_desktop.lab` through
the one game loop (:func:`ttt_desktop.core.play.play_game`).

Nothing here imports Qt.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import random
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Final, TextIO, TypeVar

from ttt_desktop.cli.output import game_json, print_census, print_json, print_match
from ttt_desktop.core.board import IllegalMoveError
from ttt_desktop.core.clock import PLAYER_MARGIN_MS
from ttt_desktop.core.rules import PRESETS, TIC_TAC_TOE, Rules, RulesError
from ttt_desktop.lab.match import STARTS, play_match
from ttt_desktop.players import KINDS, UnknownPlayerError, create_player, player_info
from ttt_desktop.players.base import fresh_seed
from ttt_desktop.players.boards import SOLVED_BOARDS, SOLVED_KEYS
from ttt_desktop.players.roster import BOARDS
from ttt_desktop.players.roster import kinds_for as roster_kinds_for
from ttt_desktop.players.roster import supports as roster_supports

__all__ = ["ARENA_KINDS", "build_parser", "main"]

ARENA_KINDS: Final[tuple[str, ...]] = tuple(kind for kind in KINDS if kind != "sequence")
"""The kinds the arena can field: every computer player but the scripted one."""

_PROGRESS_INTERVAL_SECONDS: Final = 1.0


class FailedError(Exception):
    """The run failed partway (a worker process died); what was finished is kept."""


class RefusedError(Exception):
    """The run cannot be done as asked (a player or a figure does not support the rules)."""


class _Progress:
    """Progress lines on stderr, only once a task has run for a second, then once a second."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream
        self._started = time.perf_counter()
        self._last = self._started

    @property
    def stream(self) -> TextIO:
        return self._stream

    def say(self, message: str) -> None:
        now = time.perf_counter()
        # A little slack, so that a caller reporting once a second is not skipped every other time.
        due = now - self._last >= 0.9 * _PROGRESS_INTERVAL_SECONDS
        if due and now - self._started >= _PROGRESS_INTERVAL_SECONDS:
            self._last = now
            self._stream.write(f"[{now - self._started:6.1f} s] {message}\n")
            self._stream.flush()


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
    """A match's seat: a kind, ``brain:COMMAND`` or ``engine:NAME``."""
    from ttt_desktop.cli.brains import is_brain_seat  # noqa: PLC0415

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


def arena_kinds_for(rules: Rules) -> tuple[str, ...]:
    """The arena's kinds that play ``rules``, weakest first."""
    playing = set(roster_kinds_for(rules))
    return tuple(kind for kind in ARENA_KINDS if kind in playing)


def _check_players(rules: Rules, *kinds: str) -> None:
    for kind in kinds:
        if not roster_supports(kind, rules):
            which = (
                f"the solved boards ({', '.join(sorted(SOLVED_KEYS))})"
                if BOARDS.get(kind) == SOLVED_BOARDS
                else "tic-tac-toe (3,3,3)"
            )
            raise RefusedError(
                f"{kind} plays only {which}, not {rules.title} ({rules.key}); "
                f"kinds for {rules.key}: {', '.join(arena_kinds_for(rules))}"
            )


def _classic_only(rules: Rules, what: str, why: str) -> None:
    if not rules.is_classic:
        raise RefusedError(f"{what} is for tic-tac-toe (3,3,3) only, not {rules.key}: {why}")


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


def _fraction(text: str) -> float:
    value = _parse_number(text, float, "a number")
    if not 0 <= value <= 1:
        raise argparse.ArgumentTypeError(f"must be between 0 and 1, not {value}")
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


def _time_control(arguments: argparse.Namespace) -> Any:
    """The ``--turn-ms``/``--game-ms``/``--increment-ms``/``--margin-ms`` clock (None when
    neither time is given)."""
    turn, game = arguments.turn_ms, arguments.game_ms
    increment = arguments.increment_ms or 0.0
    margin = PLAYER_MARGIN_MS if arguments.margin_ms is None else arguments.margin_ms
    if turn is None and game is None:
        if increment or arguments.margin_ms is not None:
            raise ValueError("--increment-ms and --margin-ms go with --game-ms or --turn-ms")
        return None
    if increment and game is None:
        raise ValueError("--increment-ms goes with --game-ms")
    from ttt_desktop.core.clock import TimeControl  # noqa: PLC0415

    return TimeControl(turn, game, increment, margin)


def build_parser() -> argparse.ArgumentParser:
    """The ``ttt-arena`` argument parser."""
    parser = argparse.ArgumentParser(
        prog="ttt-arena",
        description="Pit TTT Desktop's computer players against each other, count the game "
        "tree, retrain the learner.",
        epilog=f"Player kinds: {', '.join(ARENA_KINDS)}.",
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
    seat_help = " (a kind, brain:COMMAND for a Gomocup brain, or engine:NAME from the engine list)"
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
        "one of the engine list; any of them with its own clock: KIND[turn=MS] or "
        "KIND[game=MS+INC] (quote the list for the shell)",
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

    from ttt_desktop.players.learner import TrainingSettings  # noqa: PLC0415

    defaults = TrainingSettings()
    train_parser = commands.add_parser(
        "train", help="retrain the learner by self-play and write its learning curve"
    )
    train_parser.add_argument(
        "--rules", type=_rules, default=TIC_TAC_TOE, metavar="M,N,K|NAME", help=rules_help
    )
    train_parser.add_argument("--episodes", type=_positive_int, default=defaults.episodes)
    train_parser.add_argument("--seed", type=_seed, default=defaults.seed, metavar="S")
    train_parser.add_argument("--alpha", type=_fraction, default=defaults.alpha)
    train_parser.add_argument("--epsilon", type=_fraction, default=defaults.epsilon)
    train_parser.add_argument("--gamma", type=_fraction, default=defaults.gamma)
    train_parser.add_argument(
        "--eval-every", type=_positive_int, default=defaults.eval_every, metavar="N"
    )
    train_parser.add_argument(
        "--eval-games",
        type=_positive_int,
        default=defaults.eval_games,
        metavar="N",
        help="games against random at each evaluation",
    )
    train_parser.add_argument(
        "--out",
        type=Path,
        default=Path("learner_table.json"),
        metavar="PATH",
        help="where to write the table (default ./learner_table.json; the shipped table "
        "is only replaced when named here)",
    )
    train_parser.add_argument(
        "--curve",
        type=Path,
        default=Path("learner_curve.csv"),
        metavar="PATH.csv",
        help="where to write the learning curve (default ./learner_curve.csv)",
    )
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


def _openings(arguments: argparse.Namespace, rules: Rules) -> tuple[tuple[int, ...], ...]:
    """The openings --openings names (none without it), read before any player starts.

    A missing, unreadable or malformed file, and --symmetries alone, are refused (exit 2)
    with the reason in one line.
    """
    if arguments.openings is None:
        if arguments.symmetries:
            raise RefusedError("--symmetries turns openings: give --openings too")
        return ()
    from ttt_desktop.lab.openings import builtin_openings, read_openings  # noqa: PLC0415

    if arguments.openings == "builtin":
        return builtin_openings(rules)
    try:
        return read_openings(arguments.openings, rules)
    except ValueError as error:  # UserFileError among them: missing, too big, not text
        raise RefusedError(f"--openings: {error}") from None


def _match_openings(arguments: argparse.Namespace) -> tuple[tuple[int, ...], ...]:
    """A match's openings: only an SPRT plays them (each pair shares one), brains or not."""
    if arguments.sprt is None:
        if arguments.openings is not None or arguments.symmetries:
            raise RefusedError(
                "a match keeps each player on its side, so openings would favour one of them: "
                "give --sprt (pairs of games, each opening with both colours) or play a "
                "tournament"
            )
        return ()
    return _openings(arguments, arguments.rules)


def _library_writer(
    arguments: argparse.Namespace, kind: str, name: str, settings: dict[str, Any]
) -> Any:
    path = getattr(arguments, "library", None)
    if path is None:
        return None
    from ttt_desktop.lab.storing import LibraryWriter  # noqa: PLC0415  (loads the library)

    return LibraryWriter(path, kind, name, settings)


def _run_match(arguments: argparse.Namespace, out: TextIO, progress: _Progress) -> None:
    rules: Rules = arguments.rules
    _check_players(rules, arguments.x, arguments.o)
    if arguments.clock is not None:
        raise RefusedError(
            "a match between our own players plays each with its own budget, without a "
            "clock; to time them, play a tournament: ttt-arena tournament --players "
            f"{arguments.x},{arguments.o} --turn-ms MS (or --game-ms MS)"
        )
    seed = arguments.seed if arguments.seed is not None else fresh_seed()
    seeds = random.Random(seed)
    x_player = create_player(arguments.x, seed=seeds.getrandbits(32))
    o_player = create_player(arguments.o, seed=seeds.getrandbits(32))
    if arguments.sprt is not None:
        _run_sprt(arguments, x_player, o_player, seed, out, progress)
        return
    games = arguments.games
    writer = _library_writer(
        arguments,
        "match",
        f"{x_player.name} v {o_player.name}",
        {"x": arguments.x, "o": arguments.o, "games": games, "seed": seed},
    )
    played: list[dict[str, Any]] = []
    hearers: list[Callable[[Any], None]] = []
    if arguments.json:
        hearers.append(lambda game: played.append(game_json(game)))
    if writer is not None:
        from ttt_desktop.lab.storing import FLUSH_SECONDS  # noqa: PLC0415

        progress.stream.write(
            f"storing each game in {writer.library.path} as it ends, within {FLUSH_SECONDS:g} s: "
            f"a kill loses at most the games of the last {FLUSH_SECONDS:g} s\n"
        )
        hearers.append(functools.partial(writer.add, x_player, o_player))
    on_game = None
    if len(hearers) == 1:
        on_game = hearers[0]
    elif hearers:

        def on_game(game: Any) -> None:
            for hear in hearers:
                hear(game)

    try:
        result = play_match(
            x_player,
            o_player,
            games,
            rules=rules,
            start=arguments.start,
            start_seed=seeds.getrandbits(32),
            on_progress=lambda count: progress.say(f"match: {count:,} of {games:,} games"),
            on_game=on_game,
            move_times=writer is not None,
        )
    finally:
        if writer is not None:
            writer.close(progress.stream)
    if arguments.json:
        from ttt_desktop.lab.sprt import elo_estimate  # noqa: PLC0415

        elo = elo_estimate(result.x.wins, result.draws, result.o.wins).as_json()
        print_json({"seed": seed, **result.as_json(), "x_elo": elo, "played": played}, out)
    else:
        print_match(result, seed, out)


def _run_sprt(  # noqa: PLR0917
    arguments: argparse.Namespace,
    first: Any,
    second: Any,
    seed: int,
    out: TextIO,
    progress: _Progress,
) -> None:
    from ttt_desktop.cli.sprt import LiveLlr  # noqa: PLC0415
    from ttt_desktop.lab.openings import opening_sequence  # noqa: PLC0415
    from ttt_desktop.lab.sprt import play_sprt_match  # noqa: PLC0415

    if arguments.start != "x":
        raise RefusedError(
            "an SPRT match plays pairs of games, each player X once: leave out --start"
        )
    rules: Rules = arguments.rules
    openings: tuple[tuple[int, ...], ...] = arguments.opening_cells
    settings = arguments.sprt
    book = (
        f"; {len(openings):,} openings{' turned by symmetries' if arguments.symmetries else ''}"
        if openings
        else ""
    )
    progress.stream.write(
        f"SPRT of {arguments.x} against {arguments.o}: {settings.label()}; at most "
        f"{arguments.games:,} games{book}\n"
    )
    writer = _library_writer(
        arguments,
        "match",
        f"{first.name} v {second.name} (SPRT)",
        {
            "x": arguments.x,
            "o": arguments.o,
            "games": arguments.games,
            "seed": seed,
            "sprt": settings.as_json(),
            **({"openings": [list(cells) for cells in openings]} if openings else {}),
            **({"symmetries": True} if arguments.symmetries else {}),
        },
    )
    if writer is not None:
        from ttt_desktop.lab.storing import FLUSH_SECONDS  # noqa: PLC0415

        progress.stream.write(
            f"storing each game in {writer.library.path} as it ends, within {FLUSH_SECONDS:g} s: "
            f"a kill loses at most the games of the last {FLUSH_SECONDS:g} s\n"
        )
    progress.stream.flush()
    try:
        match = play_sprt_match(
            first,
            second,
            settings,
            rules=rules,
            max_games=arguments.games,
            on_pair=LiveLlr(progress.stream),
            openings=(
                opening_sequence(openings, rules, seed if arguments.symmetries else None)
                if openings
                else None
            ),
            on_game=writer.add if writer is not None else None,
        )
    finally:
        if writer is not None:
            writer.close(progress.stream)
    if arguments.json:
        print_json(
            {
                "seed": seed,
                "rules": arguments.rules.key,
                "x": arguments.x,
                "o": arguments.o,
                "sprt": match.as_json(),
            },
            out,
        )
    else:
        out.write(f"{arguments.x} against {arguments.o} (seed {seed}): {match.state.describe()}\n")
        out.write(match.conclusion() + "\n")


def _run_brain_sprt(arguments: argparse.Namespace, out: TextIO, progress: _Progress) -> int:
    """An SPRT with a brain in it: the players as a brain match seats them."""
    from ttt_desktop.brains.manager import BrainRefused  # noqa: PLC0415
    from ttt_desktop.cli.brains import open_players  # noqa: PLC0415

    seed = arguments.seed if arguments.seed is not None else fresh_seed()
    with open_players(arguments, seed, progress.stream) as players:
        if players is None:
            return 2
        try:
            _run_sprt(arguments, *players, seed, out, progress)
        except BrainRefused as error:
            raise RefusedError(error.reason) from None
    return 0


def _run_tournament(arguments: argparse.Namespace, out: TextIO, progress: _Progress) -> None:
    from ttt_desktop.lab.tournament import TournamentGame  # noqa: PLC0415

    done: list[TournamentGame] = []
    library = None
    saver = None
    if arguments.resume is not None:
        spec, done, library, saver = _resumed(arguments, progress)
    else:
        spec = _new_spec(arguments)
    try:
        _check_players(spec.rules, *(e.kind for e in spec.entrants if not e.is_brain))
        if spec.has_brains:
            spec = _prepare_brains(spec, arguments, resumed=arguments.resume is not None)
    except BaseException:
        if library is not None:
            library.close()
        raise
    name = "Tournament: " + ", ".join(entrant.label for entrant in spec.entrants)
    if arguments.jobs is None:
        arguments.jobs = 1
    try:
        writer = _library_writer(arguments, "tournament", name, spec.as_json())
        if writer is not None and saver is None:
            from ttt_desktop.lab.storing import TournamentSaver  # noqa: PLC0415

            saver = TournamentSaver(writer.library, spec, name, jobs=arguments.jobs)
        if saver is not None:
            where = writer.library.path if writer is not None else library.path  # type: ignore[union-attr]
            progress.stream.write(
                f"tournament {saver.id} in {where}: each game is kept as it finishes; after a "
                f"stop, carry on with --resume {saver.id}\n"
            )
            if spec.brains is not None:
                from dataclasses import replace  # noqa: PLC0415

                from ttt_desktop.lab.tournament import brain_log_dir  # noqa: PLC0415

                log_dir = brain_log_dir(Path(where), saver.id)
                spec = replace(spec, brains=spec.brains.with_log_dir(str(log_dir)))
                progress.stream.write(f"the brains' pipe logs go to {log_dir}\n")
        _play_tournament(arguments, spec, out, progress, (done, library, saver, writer))
    finally:
        if spec.brains is not None:
            from ttt_desktop.lab.brains import finish  # noqa: PLC0415

            swept = finish(spec)
            if swept:
                progress.stream.write(
                    f"ended {swept} brain process{'es' if swept != 1 else ''} left behind\n"
                )


def _scheduler(arguments: argparse.Namespace) -> Any:
    """``--scheduler`` with its TLS files and ``--insecure``, checked (None: no cluster)."""
    tls_given = [arguments.tls_ca_file, arguments.tls_cert, arguments.tls_key]
    if arguments.scheduler is None:
        if any(tls_given) or arguments.insecure:
            raise RefusedError("--tls-* and --insecure go with --scheduler")
        return None
    from ttt_desktop.lab.cluster import Scheduler, TlsFiles  # noqa: PLC0415

    if any(tls_given) and not all(tls_given):
        raise RefusedError("TLS needs all three: --tls-ca-file, --tls-cert and --tls-key")
    tls = TlsFiles(*tls_given) if all(tls_given) else None
    scheduler = Scheduler(arguments.scheduler, tls, arguments.insecure)
    try:
        scheduler.check()
    except ValueError as error:
        raise RefusedError(str(error)) from None
    return scheduler


def _run_cluster_certs(arguments: argparse.Namespace, out: TextIO) -> None:
    from ttt_desktop.lab.cluster import make_certificates  # noqa: PLC0415

    try:
        made = make_certificates(arguments.out, arguments.names)
    except ValueError as error:
        raise RefusedError(str(error)) from None
    except OSError as error:
        raise FailedError(str(error)) from None
    folder = arguments.out
    for path in made:
        out.write(f"{path}\n")
    first = arguments.names[0]
    out.write(
        f"Copy ca.pem and each machine's NAME.pem and NAME.key to it (keep ca.key here).\n"
        f"  scheduler, on {first}: dask scheduler --protocol tls --host {first} "
        f"--tls-ca-file {folder}/ca.pem --tls-cert {folder}/{first}.pem "
        f"--tls-key {folder}/{first}.key\n"
        f"  each worker NAME: dask worker tls://{first}:8786 --nthreads 1 "
        f"--tls-ca-file ca.pem --tls-cert NAME.pem --tls-key NAME.key\n"
        f"  here: ttt-arena tournament ... --scheduler tls://{first}:8786 "
        f"--tls-ca-file {folder}/ca.pem --tls-cert {folder}/NAME.pem "
        f"--tls-key {folder}/NAME.key\n"
    )


def _prepare_brains(spec: Any, arguments: argparse.Namespace, *, resumed: bool) -> Any:
    """Start each brain once: its name, and whether it plays the board (else no tournament)."""
    from ttt_desktop.brains.engines import EngineListError  # noqa: PLC0415
    from ttt_desktop.brains.manager import BrainError  # noqa: PLC0415
    from ttt_desktop.lab.brains import prepare  # noqa: PLC0415

    engines = "" if arguments.engines is None else str(arguments.engines)
    try:
        return prepare(spec, engines_file=engines, relabel=not resumed)
    except BrainError as error:
        raise RefusedError(error.reason) from None
    except EngineListError as error:
        raise RefusedError(str(error)) from None


def _play_tournament(
    arguments: argparse.Namespace,
    spec: Any,
    out: TextIO,
    progress: _Progress,
    stores: tuple[Any, Any, Any, Any],
) -> None:
    from ttt_desktop.lab import report  # noqa: PLC0415  (only tournaments need the lab)
    from ttt_desktop.lab.runner import WorkerError, run_tournament  # noqa: PLC0415
    from ttt_desktop.lab.tournament import TournamentGame  # noqa: PLC0415

    done, library, saver, writer = stores
    total = spec.total_games
    jobs = arguments.jobs
    hearers = []
    if saver is not None:
        hearers.append(saver.add)
    json_writer = None
    in_workers = jobs > 1 or arguments.scheduler is not None
    if arguments.json:
        # The games are formatted as they are played (by the workers, when there are
        # some): the end has only the tables to write.
        json_writer = report.ArenaJsonWriter([entrant.label for entrant in spec.entrants])
        if not in_workers:
            hearers.append(json_writer.add)

    def on_games(games: list[TournamentGame]) -> None:
        for hear in hearers:
            hear(games)

    try:
        result = run_tournament(
            spec,
            jobs=jobs,
            processes=in_workers,
            scheduler=_scheduler(arguments),
            done=done,
            on_games=on_games if hearers else None,
            render=None if json_writer is None else json_writer.formatter,
            on_rendered=None if json_writer is None else json_writer.add_texts,
            on_progress=lambda runner, played: progress.say(
                f"tournament: {played:,} of {total:,} games"
                + (_time_left(runner.seconds_left()) if runner is not None else "")
            ),
        )
    except WorkerError as error:
        hint = f" (carry on with --resume {saver.id})" if saver is not None else ""
        raise FailedError(f"the tournament stopped: {error}{hint}") from None
    finally:
        if saver is not None:
            saver.flush()
    if writer is not None:
        # The stored games before the mark of a finished tournament: a kill in between
        # leaves a tournament to resume, which stores them (each once) again.
        writer.add_tournament(spec, result, saver.id if saver is not None else None)
        writer.flush()
    if saver is not None:
        saver.finish(result.finished)
    if library is not None:
        library.close()
    if writer is not None:
        writer.close(progress.stream)
        if spec.brains is not None and spec.brains.log_dir and result.finished:
            # The stored games carry their logs now.
            import shutil  # noqa: PLC0415

            shutil.rmtree(spec.brains.log_dir, ignore_errors=True)
            with contextlib.suppress(OSError):  # the library's log folder, once empty
                Path(spec.brains.log_dir).parent.rmdir()
    if json_writer is not None:
        json_writer.write(result, out)
    else:
        out.write(report.crosstable_text(result))


def _time_left(seconds: float | None) -> str:
    return "" if seconds is None else f", about {seconds:,.0f} s left"


def _new_spec(arguments: argparse.Namespace) -> Any:
    from ttt_desktop.lab.spec import TournamentSpec, parse_entrants  # noqa: PLC0415

    if arguments.players is None:
        raise ValueError("name the players (--players A,B,...) or --resume a tournament")
    rules: Rules = arguments.rules
    seed = arguments.seed if arguments.seed is not None else fresh_seed()
    openings = _openings(arguments, rules)
    return TournamentSpec(
        parse_entrants(arguments.players, seed),
        # Each pair plays --games games each way round: the players take turns at X.
        2 * arguments.games,
        seed,
        arguments.format,
        rules,
        openings,
        arguments.symmetries,
        _time_control(arguments),
        arguments.adjudicate,
    )


def _resumed(arguments: argparse.Namespace, progress: _Progress) -> tuple[Any, Any, Any, Any]:
    from ttt_desktop.lab.spec import TournamentSpec  # noqa: PLC0415
    from ttt_desktop.lab.storing import TournamentSaver  # noqa: PLC0415
    from ttt_desktop.lab.tournament import TournamentGame  # noqa: PLC0415
    from ttt_desktop.library import Library, library_path  # noqa: PLC0415
    from ttt_desktop.library.tournaments import TournamentStore  # noqa: PLC0415

    path = library_path(explicit=arguments.library)
    if path is None:
        raise ValueError("--resume reads the game library: give --library PATH")
    if arguments.players is not None or arguments.openings is not None:
        raise ValueError("a resumed tournament keeps its own players and openings")
    library = Library(path)
    try:
        store = TournamentStore(library)
        stored = store.get(arguments.resume)
        spec = TournamentSpec.from_json(stored.settings)
        done = [TournamentGame(*row) for row in store.games(stored.id)]  # type: ignore[arg-type]
    except BaseException:
        library.close()
        raise
    progress.stream.write(
        f"resuming tournament {stored.id} ({stored.name}): {len(done):,} of "
        f"{spec.total_games:,} games played, {spec.total_games - len(done):,} to go\n"
    )
    if arguments.jobs is None:
        # The run's own number of workers, as it was started.
        arguments.jobs = TournamentSaver.stored_jobs(stored.settings)
    # The finished games go into the library as stored games at the end, as a fresh run's
    # do (under ids of their own: a game already stored is not stored twice).
    arguments.library = path
    return spec, done, library, TournamentSaver(library, spec, stored.name, resume=stored.id)


def _run_train(arguments: argparse.Namespace, out: TextIO, err: TextIO) -> None:
    import csv  # noqa: PLC0415

    from ttt_desktop.players.learner import CurvePoint, TrainingSettings, train  # noqa: PLC0415

    _classic_only(arguments.rules, "the learner", "its table holds tic-tac-toe positions")
    settings = TrainingSettings(
        episodes=arguments.episodes,
        seed=arguments.seed,
        alpha=arguments.alpha,
        epsilon=arguments.epsilon,
        gamma=arguments.gamma,
        eval_every=arguments.eval_every,
        eval_games=arguments.eval_games,
    )

    def report(point: CurvePoint) -> None:
        err.write(point.describe() + "\n")
        err.flush()

    err.write(f"training {settings.episodes:,} episodes (seed {settings.seed})\n")
    result = train(settings, on_progress=report)
    result.table.save(arguments.out)
    arguments.curve.parent.mkdir(parents=True, exist_ok=True)
    with arguments.curve.open("w", newline="", encoding="utf-8") as file:
        writer = csv.writer(file)
        writer.writerow(CurvePoint.CSV_HEADER)
        writer.writerows(point.csv_row() for point in result.curve)
    final = result.curve[-1]
    out.write(f"wrote {arguments.out} ({len(result.table):,} positions) and {arguments.curve}\n")
    out.write(final.describe() + "\n")


_WORDS: Final = {1: "win", 0: "draw", -1: "loss"}


def _run_solve(arguments: argparse.Namespace, out: TextIO, progress: _Progress) -> None:
    from ttt_desktop.analysis import mnk_solver  # noqa: PLC0415  (only here)
    from ttt_desktop.core.board import Board  # noqa: PLC0415

    rules: Rules = arguments.rules
    try:
        mnk_solver.check_rules(rules)
        if arguments.position is None:
            board = Board.empty(rules=rules)
        else:
            board = Board.from_string(arguments.position.strip(), rules=rules)
    except ValueError as error:
        raise RefusedError(str(error)) from None
    started = time.perf_counter()
    limit = arguments.seconds
    asked = [0]
    shipped = rules.key in mnk_solver.SOLVED
    progress.stream.write(
        f"solving {rules.key}"
        + ("" if shipped or arguments.fresh else " (not among the boards it has proved before: "
           "this may take long; --seconds S gives up after S seconds)")
        + "\n"
    )  # fmt: skip

    def stop() -> bool:
        asked[0] += 1
        spent = time.perf_counter() - started
        searched = asked[0] * mnk_solver.SOLVER_STOP_EVERY
        progress.say(f"solving {rules.key}: about {searched:,} positions searched")
        return limit is not None and spent >= limit

    try:
        solution = mnk_solver.solve(board, known=not arguments.fresh, stop=stop)
    except mnk_solver.SolveStopped:
        searched = asked[0] * mnk_solver.SOLVER_STOP_EVERY
        raise FailedError(
            f"{rules.key} is not proved within {limit:g} s (about {searched:,} positions "
            "searched); give more --seconds, or leave it out to search until it is"
        ) from None
    first = board.first_player
    value = solution.value if board.to_move is first else -solution.value
    if board.is_over:
        value = 0 if board.winner is None else (1 if board.winner is first else -1)
    if arguments.json:
        print_json(
            {
                "rules": rules.key,
                "position": board.cells,
                "first_player": first.value,
                "to_move": board.to_move.value,
                "value": _WORDS[value],
                "score": value,
                "to_move_value": _WORDS[solution.value],
                "best": [board.name(cell) for cell in solution.best],
                "nodes": solution.nodes,
                "seconds": round(solution.seconds, 3),
            },
            out,
        )
        return
    where = "the empty board" if arguments.position is None else f"position {board.cells}"
    out.write(
        f"{rules.title} ({rules.key}), {where}: {_WORDS[value]} for the first player "
        f"({first.value}) with best play\n"
    )
    if solution.best:
        out.write(
            f"{board.to_move.value} to move; best moves: {board.geometry.names(solution.best)}\n"
        )
    out.write(f"nodes: {solution.nodes:,}\nseconds: {solution.seconds:.3f}\n")


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``ttt-arena`` with ``argv`` (default: the process's arguments); the exit status."""
    parser = build_parser()
    arguments = parser.parse_args(argv)
    out, err = sys.stdout, sys.stderr
    progress = _Progress(err)
    try:
        if arguments.command == "census":
            _classic_only(
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
                arguments.clock = _time_control(arguments)
            except ValueError as error:
                parser.error(str(error))
            # Read (or refused) before a player is made or a brain started.
            arguments.opening_cells = _match_openings(arguments)

            if brains.is_brain_seat(arguments.x) or brains.is_brain_seat(arguments.o):
                if arguments.sprt is not None:
                    return _run_brain_sprt(arguments, out, progress)
                return brains.run_brain_match(arguments, out, err)
            _run_match(arguments, out, progress)
        elif arguments.command == "cluster-certs":
            _run_cluster_certs(arguments, out)
        elif arguments.command == "solve":
            _run_solve(arguments, out, progress)
        elif arguments.command == "engines":
            from ttt_desktop.cli.brains import run_engines  # noqa: PLC0415

            return run_engines(arguments, out, err)
        elif arguments.command == "brain":
            from ttt_desktop.cli.brains import run_brain  # noqa: PLC0415

            return run_brain(arguments)
        elif arguments.command == "tournament":
            try:
                _run_tournament(arguments, out, progress)
            except ValueError as error:
                parser.error(str(error))
        else:
            _run_train(arguments, out, err)
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
