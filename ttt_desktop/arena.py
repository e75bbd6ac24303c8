"""``ttt-arena``: the command line for pitting computer players against each other.

Subcommands:

* ``census`` prints the counts of the whole game tree (the source documents'
  Figure 1.2 and friends), ``--json`` for one JSON object.
* ``match`` plays two kinds against each other many times and reports wins,
  draws, losses and move times per side and games per second.
* ``tournament`` plays every pair of the given kinds, both colours, and prints
  a crosstable.
* ``train`` retrains the learner's table by self-play and writes its learning
  curve as CSV.

Runs are reproducible: every player gets a seed derived from ``--seed`` (a
fresh one is drawn, and printed, when none is given). Progress goes to stderr,
results to stdout. Bad arguments and unknown kinds exit with status 2.

The match loop is lean on purpose (the bar is tens of thousands of games per
second): boards are interned, so ``play`` is a list look-up, and each move is
timed with two ``perf_counter_ns`` calls and nothing else allocated.

Nothing here imports Qt.
"""

from __future__ import annotations

import argparse
import functools
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final, TextIO, TypeVar

from ttt_desktop.engine.board import Board, IllegalMoveError, Mark
from ttt_desktop.players import KINDS, Player, UnknownPlayerError, create_player, player_info
from ttt_desktop.players.base import fresh_seed

__all__ = [
    "ARENA_KINDS",
    "STARTS",
    "MatchResult",
    "SideResult",
    "Tournament",
    "main",
    "play_match",
    "play_tournament",
]

ARENA_KINDS: Final[tuple[str, ...]] = tuple(kind for kind in KINDS if kind != "sequence")
"""The kinds the arena can field: every computer player but the scripted one."""

STARTS: Final = ("x", "o", "alternate", "random")
"""Who moves first in each game of a match."""

# On Python 3.11 ``Mark.X`` costs about 0.3 us (the enum metaclass's attribute hook); the
# match loop compares with these names instead.
_X: Final = Mark.X
_O: Final = Mark.O

_PROGRESS_INTERVAL_SECONDS: Final = 1.0
_PROGRESS_INTERVAL_NS: Final = 1_000_000_000


# Matches ------------------------------------------------------------------------------


@dataclass(frozen=True)
class SideResult:
    """One side of a match: who played it and how it did."""

    kind: str
    name: str
    seed: int
    wins: int
    moves: int
    total_move_ns: int
    max_move_ns: int

    @property
    def mean_move_us(self) -> float:
        """Mean time per move in microseconds (0 when the side never moved)."""
        return self.total_move_ns / self.moves / 1000 if self.moves else 0.0

    @property
    def max_move_us(self) -> float:
        return self.max_move_ns / 1000

    def as_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "name": self.name,
            "seed": self.seed,
            "wins": self.wins,
            "moves": self.moves,
            "mean_move_us": round(self.mean_move_us, 3),
            "max_move_us": round(self.max_move_us, 3),
        }


@dataclass(frozen=True)
class MatchResult:
    """The outcome of ``games`` games between the same X and O players."""

    x: SideResult
    o: SideResult
    draws: int
    games: int
    x_started: int
    start: str
    seconds: float

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else float("inf")

    def losses(self, mark: Mark) -> int:
        """Games lost by ``mark``'s side: the other side's wins."""
        return self.o.wins if mark is Mark.X else self.x.wins

    def as_json(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "start": self.start,
            "x_started": self.x_started,
            "o_started": self.games - self.x_started,
            "x": self.x.as_json(),
            "o": self.o.as_json(),
            "x_wins": self.x.wins,
            "o_wins": self.o.wins,
            "draws": self.draws,
            "seconds": round(self.seconds, 6),
            "games_per_second": round(self.games_per_second, 1),
        }


def _first_movers(start: str, rng: random.Random) -> Callable[[int], Mark]:
    if start == "x":
        return lambda game: _X
    if start == "o":
        return lambda game: _O
    if start == "alternate":
        return lambda game: _X if game % 2 == 0 else _O
    if start == "random":
        return lambda game: _X if rng.random() < 0.5 else _O
    raise ValueError(f"start is one of {', '.join(STARTS)}, not {start!r}")


@dataclass(frozen=True)
class GameMoves:
    """One game of a match as it was played: who moved first, and each (cell, seconds)."""

    first: Mark
    moves: tuple[tuple[int, float], ...]


def _recording(
    choose: Callable[[Board], int], moves: list[tuple[int, float]]
) -> Callable[[Board], int]:
    clock = time.perf_counter

    def choose_and_record(board: Board) -> int:
        before = clock()
        cell = choose(board)
        moves.append((cell, clock() - before))
        return cell

    return choose_and_record


def play_match(
    x_player: Player,
    o_player: Player,
    games: int,
    *,
    start: str = "x",
    start_seed: int = 0,
    on_progress: Callable[[int], None] | None = None,
    on_game: Callable[[GameMoves], None] | None = None,
) -> MatchResult:
    """Play ``games`` games of ``x_player`` (X) against ``o_player`` (O).

    ``start`` says who moves first: always X, always O, in turn (X first) or at
    random (from ``start_seed``). ``on_progress`` hears the number of games
    played, once a second. ``on_game``, when given, hears each game's first mark,
    moves and think times as it ends (for the game library; it slows the loop).
    """
    first_of = _first_movers(start, random.Random(start_seed))
    x_choose: Callable[[Board], int] = x_player.choose_move
    o_choose: Callable[[Board], int] = o_player.choose_move
    moves: list[tuple[int, float]] = []
    if on_game is not None:
        x_choose, o_choose = _recording(x_choose, moves), _recording(o_choose, moves)
    x_empty, o_empty = Board.empty(_X), Board.empty(_O)
    clock = time.perf_counter_ns
    x_wins = o_wins = x_started = 0
    x_ns = o_ns = x_max = o_max = x_moves = o_moves = 0
    started = time.perf_counter()
    next_report_ns = clock() + _PROGRESS_INTERVAL_NS
    for game in range(games):
        x_first = first_of(game) is _X
        if x_first:
            x_started += 1
            board, choose_first, choose_second = x_empty, x_choose, o_choose
        else:
            board, choose_first, choose_second = o_empty, o_choose, x_choose
        first_ns = second_ns = first_max = second_max = 0
        while True:
            before = clock()
            cell = choose_first(board)
            spent = clock() - before
            first_ns += spent
            # A comparison, not max(): this loop runs hundreds of thousands of times.
            if spent > first_max:  # noqa: PLR1730
                first_max = spent
            board = board.play(cell)
            if board.is_over:
                break
            before = clock()
            cell = choose_second(board)
            spent = clock() - before
            second_ns += spent
            if spent > second_max:  # noqa: PLR1730
                second_max = spent
            board = board.play(cell)
            if board.is_over:
                break
        plies = 9 - board.cells.count(".")
        first_moves, second_moves = (plies + 1) // 2, plies // 2
        if x_first:
            x_ns += first_ns
            o_ns += second_ns
            x_moves += first_moves
            o_moves += second_moves
            x_max, o_max = max(x_max, first_max), max(o_max, second_max)
        else:
            o_ns += first_ns
            x_ns += second_ns
            o_moves += first_moves
            x_moves += second_moves
            o_max, x_max = max(o_max, first_max), max(x_max, second_max)
        winner = board.winner
        if winner is _X:
            x_wins += 1
        elif winner is _O:
            o_wins += 1
        if on_game is not None:
            on_game(GameMoves(_X if x_first else _O, tuple(moves)))
            moves.clear()
        if on_progress is not None and clock() >= next_report_ns:
            on_progress(game + 1)
            next_report_ns = clock() + _PROGRESS_INTERVAL_NS
    seconds = time.perf_counter() - started
    return MatchResult(
        x=SideResult(x_player.kind, x_player.name, x_player.seed, x_wins, x_moves, x_ns, x_max),
        o=SideResult(o_player.kind, o_player.name, o_player.seed, o_wins, o_moves, o_ns, o_max),
        draws=games - x_wins - o_wins,
        games=games,
        x_started=x_started,
        start=start,
        seconds=seconds,
    )


# Tournaments --------------------------------------------------------------------------


@dataclass(frozen=True)
class Tournament:
    """Every pair of ``kinds`` played both ways round: ``matches[(x_kind, o_kind)]``."""

    kinds: tuple[str, ...]
    games: int
    seed: int
    matches: dict[tuple[str, str], MatchResult]

    def record(self, kind: str, opponent: str) -> tuple[int, int, int]:
        """Wins, draws and losses of ``kind`` against ``opponent`` over both colours."""
        as_x = self.matches[(kind, opponent)]
        as_o = self.matches[(opponent, kind)]
        wins = as_x.x.wins + as_o.o.wins
        losses = as_x.o.wins + as_o.x.wins
        return wins, as_x.draws + as_o.draws, losses

    def score(self, kind: str) -> float:
        """Points over all games: 1 a win, half a draw."""
        total = 0.0
        for opponent in self.kinds:
            if opponent != kind:
                wins, draws, _ = self.record(kind, opponent)
                total += wins + draws / 2
        return total

    def standings(self) -> list[str]:
        """The kinds by score, best first (ties in the order given)."""
        return sorted(self.kinds, key=lambda kind: -self.score(kind))

    def as_json(self) -> dict[str, Any]:
        return {
            "players": list(self.kinds),
            "games_per_colour": self.games,
            "seed": self.seed,
            "crosstable": {
                kind: {
                    opponent: dict(
                        zip(("wins", "draws", "losses"), self.record(kind, opponent), strict=True)
                    )
                    for opponent in self.kinds
                    if opponent != kind
                }
                for kind in self.kinds
            },
            "scores": {kind: self.score(kind) for kind in self.kinds},
            "standings": self.standings(),
            "matches": [
                {"x": x_kind, "o": o_kind, **result.as_json()}
                for (x_kind, o_kind), result in self.matches.items()
            ],
        }


def _match_reporter(on_progress: Callable[[str], None], pairing: str) -> Callable[[int], None]:
    return lambda played: on_progress(f"{pairing}: {played:,} games")


def play_tournament(
    kinds: Sequence[str],
    games: int,
    *,
    seed: int,
    on_progress: Callable[[str], None] | None = None,
) -> Tournament:
    """Play each ordered pair of distinct ``kinds`` for ``games`` games, X moving first.

    ``on_progress`` hears each pairing as it starts and, during a long match, its
    games played once a second.
    """
    seeds = random.Random(seed)
    matches: dict[tuple[str, str], MatchResult] = {}
    for x_kind in kinds:
        for o_kind in kinds:
            if x_kind == o_kind:
                continue
            pairing = f"{x_kind} (X) vs {o_kind} (O)"
            match_progress: Callable[[int], None] | None = None
            if on_progress is not None:
                on_progress(pairing)
                match_progress = _match_reporter(on_progress, pairing)
            x_player = create_player(x_kind, seed=seeds.getrandbits(32))
            o_player = create_player(o_kind, seed=seeds.getrandbits(32))
            matches[(x_kind, o_kind)] = play_match(
                x_player, o_player, games, start="x", on_progress=match_progress
            )
    return Tournament(tuple(kinds), games, seed, matches)


# Output -------------------------------------------------------------------------------


def _print_json(document: object, out: TextIO) -> None:
    import json  # noqa: PLC0415  (only the JSON outputs need it)

    out.write(json.dumps(document, indent=2) + "\n")


def _print_census(out: TextIO) -> None:
    from ttt_desktop.analysis import census  # noqa: PLC0415  (counting takes a moment)

    figures = census()
    out.write("Number of tic-tac-toe board configurations (X moves first)\n\n")
    out.write(f"{'Move':>4}  {'Total states':>12}  {'Terminal states':>15}\n")
    for ply in range(1, 10):
        total = figures.sequences_per_ply[ply]
        terminal = figures.terminal_per_ply[ply]
        terminal_text = f"{terminal:,}" if terminal else "-"
        out.write(f"{ply:>4}  {total:>12,}  {terminal_text:>15}\n")
    out.write(f"{'Total':>4}  {'-':>12}  {figures.games:>15,}\n\n")
    outcomes = figures.outcomes
    out.write(f"X (first player) wins  {outcomes['X']:>9,} games\n")
    out.write(f"O (second player) wins {outcomes['O']:>9,} games\n")
    out.write(f"Drawn                  {outcomes['draw']:>9,} games\n")
    out.write(f"Games up to symmetry   {figures.games_up_to_symmetry:>9,}\n")
    out.write(
        f"Positions              {figures.positions:>9,} "
        f"({figures.positions_up_to_symmetry:,} up to symmetry)\n"
    )
    out.write(
        f"Finished positions     {figures.terminal_positions:>9,} "
        f"({figures.terminal_positions_up_to_symmetry:,} up to symmetry)\n"
    )


def _print_match(result: MatchResult, seed: int, out: TextIO) -> None:
    out.write(
        f"{result.games:,} games, X: {result.x.name} ({result.x.kind}) vs "
        f"O: {result.o.name} ({result.o.kind}); first move: {result.start} "
        f"(X started {result.x_started:,}); seed {seed}\n\n"
    )
    out.write(f"{'side':<4}  {'player':<12} {'wins':>8} {'draws':>8} {'losses':>8}")
    out.write(f"  {'mean move':>11}  {'max move':>11}\n")
    for mark, side in ((Mark.X, result.x), (Mark.O, result.o)):
        out.write(
            f"{mark.value:<4}  {side.kind:<12} {side.wins:>8,} {result.draws:>8,} "
            f"{result.losses(mark):>8,}  {side.mean_move_us:>8.2f} us  "
            f"{side.max_move_us:>8.1f} us\n"
        )
    out.write(
        f"\n{result.games_per_second:,.0f} games per second ({result.seconds:.3f} s; "
        "move times include the timer's own overhead of about 0.1 us)\n"
    )


def _print_tournament(tournament: Tournament, out: TextIO) -> None:
    kinds = tournament.kinds
    width = max(11, *(len(kind) for kind in kinds)) + 2
    out.write(
        f"Tournament: {len(kinds)} players, every pair both ways round, "
        f"{tournament.games:,} games per colour, X moves first; seed {tournament.seed}\n"
        "Each cell: the row player's wins-draws-losses against the column player.\n\n"
    )
    out.write(f"{'':<{width}}" + "".join(f"{kind:>{width}}" for kind in kinds))
    out.write(f"{'score':>{width}}\n")
    for kind in kinds:
        cells = []
        for opponent in kinds:
            if opponent == kind:
                cells.append(f"{'-':>{width}}")
            else:
                wins, draws, losses = tournament.record(kind, opponent)
                cells.append(f"{f'{wins}-{draws}-{losses}':>{width}}")
        out.write(f"{kind:<{width}}" + "".join(cells))
        out.write(f"{tournament.score(kind):>{width}.1f}\n")
    out.write("\nStandings: " + ", ".join(tournament.standings()) + "\n")


# Command line -------------------------------------------------------------------------


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


def _entrant_list(text: str) -> str:
    """``--players``: kinds, ``kind*N`` or ``kind@seed``, at least two entrants, no plain repeat."""
    plain: list[str] = []
    entrants = 0
    for raw in text.split(","):
        part = raw.strip()
        if not part:
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


def build_parser() -> argparse.ArgumentParser:
    """The ``ttt-arena`` argument parser."""
    parser = argparse.ArgumentParser(
        prog="ttt-arena",
        description="Pit TTT Desktop's computer players against each other, count the game "
        "tree, retrain the learner.",
        epilog=f"Player kinds: {', '.join(ARENA_KINDS)}.",
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    census_parser = commands.add_parser(
        "census", help="count every game of tic-tac-toe (the documents' Figure 1.2)"
    )
    census_parser.add_argument("--json", action="store_true", help="print one JSON object")

    match_parser = commands.add_parser("match", help="play two kinds against each other")
    match_parser.add_argument("--x", type=_kind, required=True, metavar="KIND", help="plays X")
    match_parser.add_argument("--o", type=_kind, required=True, metavar="KIND", help="plays O")
    match_parser.add_argument("--games", type=_positive_int, default=1000, metavar="N")
    match_parser.add_argument("--seed", type=_seed, metavar="S", help="for a repeatable run")
    match_parser.add_argument(
        "--start", choices=STARTS, default="x", help="who moves first in each game (default x)"
    )
    match_parser.add_argument("--json", action="store_true", help="print one JSON object")
    match_parser.add_argument(
        "--library",
        type=Path,
        metavar="PATH",
        help="also store every game in this game library (SQLite; made if missing)",
    )

    tournament_parser = commands.add_parser(
        "tournament", help="every pair of kinds, both colours, in a crosstable"
    )
    tournament_parser.add_argument(
        "--players",
        type=_entrant_list,
        required=True,
        metavar="A,B,...",
        help="kinds to enter; KIND*N enters N of a kind with different seeds, KIND@S one "
        "with seed S",
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
        default=1,
        metavar="N",
        help="worker processes (default 1: play in this process); the same seed gives the "
        "same games whatever N is",
    )
    tournament_parser.add_argument("--json", action="store_true", help="print one JSON object")
    tournament_parser.add_argument(
        "--library",
        type=Path,
        metavar="PATH",
        help="also store every game in this game library (SQLite; made if missing)",
    )

    from ttt_desktop.players.learner import TrainingSettings  # noqa: PLC0415

    defaults = TrainingSettings()
    train_parser = commands.add_parser(
        "train", help="retrain the learner by self-play and write its learning curve"
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


class _LibraryWriter:
    """Stores an arena run's games in the game library, a few hundred per transaction."""

    BATCH: Final = 500

    def __init__(self, path: Path, kind: str, name: str, settings: dict[str, Any]) -> None:
        from ttt_desktop.library import Library  # noqa: PLC0415

        self.library = Library(path)
        self.event = self.library.add_event(kind, name, settings)
        self.pending: list[Any] = []
        self.ids: list[str] = []
        self.stored = 0

    def add(self, x: Player, o: Player, game: GameMoves) -> None:
        import uuid  # noqa: PLC0415

        from ttt_desktop.engine.record import GameRecord, PlayerEntry, utc_now  # noqa: PLC0415

        now = utc_now()
        self.pending.append(
            GameRecord(
                PlayerEntry(x.kind, x.name, x.seed),
                PlayerEntry(o.kind, o.name, o.seed),
                game.first,
                moves=tuple(cell for cell, _ in game.moves),
                move_seconds=tuple(round(seconds, 3) for _, seconds in game.moves),
                started_at=now,
                finished_at=now,
            )
        )
        self.ids.append(uuid.uuid4().hex)
        if len(self.pending) >= self.BATCH:
            self.flush()

    def add_tournament(self, spec: Any, result: Any) -> None:
        """Every game of a finished (or cancelled) lab tournament, with its players' seeds."""
        from ttt_desktop.players import create_player  # noqa: PLC0415

        for game in result.games():
            # Each game's players are made afresh from the game's own seeds.
            players = [
                create_player(spec.entrants[e].kind, seed=spec.player_seed(game.index, e))
                for e in (game.x, game.o)
            ]
            # A tournament's games always start with X; think times are not kept per move.
            self.add(players[0], players[1], GameMoves(_X, tuple((c, 0.0) for c in game.cells)))

    def flush(self) -> None:
        if self.pending:
            self.library.store_many(
                self.pending, game_ids=self.ids, source="arena", event=self.event
            )
            self.stored += len(self.pending)
            self.pending, self.ids = [], []

    def close(self, err: TextIO) -> None:
        self.flush()
        self.library.close()
        err.write(f"stored {self.stored:,} games in {self.library.path}\n")


def _library_writer(
    arguments: argparse.Namespace, kind: str, name: str, settings: dict[str, Any]
) -> _LibraryWriter | None:
    path = getattr(arguments, "library", None)
    if path is None:
        return None
    return _LibraryWriter(path, kind, name, settings)


def _run_match(arguments: argparse.Namespace, out: TextIO, progress: _Progress) -> None:
    seed = arguments.seed if arguments.seed is not None else fresh_seed()
    seeds = random.Random(seed)
    x_player = create_player(arguments.x, seed=seeds.getrandbits(32))
    o_player = create_player(arguments.o, seed=seeds.getrandbits(32))
    games = arguments.games
    writer = _library_writer(
        arguments,
        "match",
        f"{x_player.name} v {o_player.name}",
        {"x": arguments.x, "o": arguments.o, "games": games, "seed": seed},
    )
    result = play_match(
        x_player,
        o_player,
        games,
        start=arguments.start,
        start_seed=seeds.getrandbits(32),
        on_progress=lambda played: progress.say(f"match: {played:,} of {games:,} games"),
        on_game=None if writer is None else functools.partial(writer.add, x_player, o_player),
    )
    if writer is not None:
        writer.close(progress.stream)
    if arguments.json:
        _print_json({"seed": seed, **result.as_json()}, out)
    else:
        _print_match(result, seed, out)


def _run_tournament(arguments: argparse.Namespace, out: TextIO, progress: _Progress) -> None:
    from ttt_desktop.lab import report  # noqa: PLC0415  (only tournaments need the lab)
    from ttt_desktop.lab.runner import run_tournament  # noqa: PLC0415
    from ttt_desktop.lab.tournament import TournamentSpec, parse_entrants  # noqa: PLC0415

    seed = arguments.seed if arguments.seed is not None else fresh_seed()
    spec = TournamentSpec(
        parse_entrants(arguments.players, seed),
        # Each pair plays --games games each way round: the players take turns at X.
        2 * arguments.games,
        seed,
        arguments.format,
    )
    total = spec.total_games
    jobs = arguments.jobs
    result = run_tournament(
        spec,
        jobs=jobs,
        processes=jobs > 1,
        on_progress=lambda _runner, played: progress.say(
            f"tournament: {played:,} of {total:,} games"
        ),
    )
    writer = _library_writer(
        arguments,
        "tournament",
        "Tournament: " + ", ".join(entrant.label for entrant in spec.entrants),
        spec.as_json(),
    )
    if writer is not None:
        writer.add_tournament(spec, result)
        writer.close(progress.stream)
    if arguments.json:
        _print_json(report.arena_json(result), out)
    else:
        out.write(report.crosstable_text(result))


def _run_train(arguments: argparse.Namespace, out: TextIO, err: TextIO) -> None:
    import csv  # noqa: PLC0415

    from ttt_desktop.players.learner import CurvePoint, TrainingSettings, train  # noqa: PLC0415

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


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``ttt-arena`` with ``argv`` (default: the process's arguments); the exit status."""
    parser = build_parser()
    arguments = parser.parse_args(argv)
    out, err = sys.stdout, sys.stderr
    progress = _Progress(err)
    try:
        if arguments.command == "census":
            if arguments.json:
                from ttt_desktop.analysis import census  # noqa: PLC0415

                _print_json(census().as_json(), out)
            else:
                _print_census(out)
        elif arguments.command == "match":
            _run_match(arguments, out, progress)
        elif arguments.command == "tournament":
            try:
                _run_tournament(arguments, out, progress)
            except ValueError as error:
                parser.error(str(error))
        else:
            _run_train(arguments, out, err)
    except IllegalMoveError as error:
        err.write(f"ttt-arena: a player made an illegal move: {error}\n")
        return 1
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
