"""A tournament's games played, and what they add up to.

A :class:`~ttt_desktop.lab.spec.TournamentSpec` (its own module) names the entrants (any
computer kinds, the same kind several times with different seeds), the format (every
entrant against every other, or the first against the field), the games per pairing (the
entrants take turns at X, who moves first) and the tournament's seed. Each game makes its
two players afresh, seeded from the tournament's seed, the game's number and the entrant's
seed, so a game's moves depend on nothing but the spec (and any game can be replayed live
from its seeds). The games are cut into :class:`~ttt_desktop.lab.spec.Chunk`\\ s of at
most ``CHUNK_GAMES`` games of one pairing, the unit of work of a process: whichever process
plays a chunk, and in whatever order, the tournament comes out the same (:func:`play_chunk`
plays them, through the one game loop
:func:`ttt_desktop.core.play.play_game`).

Gomocup brains enter too (``brain:COMMAND``, ``engine:NAME``): they are external programs,
so their games are not repeatable from the seeds; each process keeps its brains from game
to game (:mod:`ttt_desktop.lab.brains`, which the spec's ``brains`` set-up names), and a
brain's failure loses its game by forfeit, the reason in :attr:`TournamentGame.reason`. Any
entrant may have its own clock (:attr:`Entrant.clock`); the others have the spec's.

:class:`TournamentResult` gathers the :class:`TournamentGame`\\ s (in any order; it keeps
them by game number) and answers with the crosstable, points, standings and ratings
(``ttt_desktop.ratings``, applied in game order), and exports CSV and JSON.

Nothing here imports Qt.
"""

from __future__ import annotations

import time
from array import array
from collections import Counter
from collections.abc import Callable, Container, Iterable, Sequence
from dataclasses import dataclass, field
from itertools import compress
from pathlib import Path
from typing import Any, Final

from ttt_desktop.brains.player import brain_kind
from ttt_desktop.core.board import Board, Mark
from ttt_desktop.core.clock import GameClock, TimeControl
from ttt_desktop.core.play import play_game
from ttt_desktop.core.rules import TIC_TAC_TOE
from ttt_desktop.core.swap import SwapOpening
from ttt_desktop.lab.openings import OpeningSeat
from ttt_desktop.lab.spec import (
    ADJUDICATION_NODES,
    Chunk,
    TournamentSpec,
)
from ttt_desktop.players import create_player
from ttt_desktop.ratings import START_MU, START_SIGMA, PlayerRating, Winner, rate_pair

__all__ = [
    "PairingRecord",
    "TournamentGame",
    "TournamentResult",
    "brain_log_dir",
    "entrant_name",
    "game_record",
    "lost_off_board",
    "play_chunk",
]

_X: Final = Mark.X
_O: Final = Mark.O


class _Judge:
    """Adjudication: a game ends once the side to move has a forced win by continuous fours.

    The threat-space search (:func:`ttt_desktop.analysis.threats.forced_win`, fours only,
    within :data:`ADJUDICATION_NODES` nodes) proves the win; the proof stands for the rest
    of the game, so the game is scored at once.
    """

    def __init__(self, opening: int) -> None:
        from ttt_desktop.analysis.threats import forced_win  # noqa: PLC0415  (on use)

        self.forced_win = forced_win
        self.opening = opening
        self.winner: Winner | None = None

    def on_move(self, board: Any, cell: int) -> None:
        after = board.play(cell)
        if after.ply < self.opening or after.is_over or self.winner is not None:
            return
        win = self.forced_win(after, max_nodes=ADJUDICATION_NODES, threes=False)
        if win is not None:
            self.winner = "X" if after.to_move is _X else "O"

    def over(self) -> bool:
        return self.winner is not None


_Opening = OpeningSeat


@dataclass(frozen=True, slots=True)
class TournamentGame:
    """One finished game of a tournament.

    ``moves`` are the cells in order, one character each: ``chr(48 + cell)``, so the
    digits 0-8 on 3x3 (:attr:`cells` reads them back); a game under a swap opening rule
    starts with one more character, above every cell's, for the choices made
    (:attr:`choices`). ``x`` and ``o`` are the entrants who held X and O (after the
    opening's choices). ``reason`` says why a game ended other than on the board:
    ``"time"`` when the loser ran out of time.
    """

    index: int
    pairing: int
    x: int
    o: int
    moves: str
    winner: Winner
    seconds: float = field(compare=False)
    reason: str = ""

    @property
    def cells(self) -> list[int]:
        moves = self.moves
        if moves and ord(moves[0]) >= _CHOICES_BASE:
            moves = moves[1:]
        return [ord(cell) - 48 for cell in moves]

    @property
    def choices(self) -> tuple[str, ...]:
        """The swap opening's choices made in this game (empty under the free opening)."""
        moves = self.moves
        if moves and ord(moves[0]) >= _CHOICES_BASE:
            return _CHOICES[ord(moves[0]) - _CHOICES_BASE]
        return ()


_CHOICES: Final[tuple[tuple[str, ...], ...]] = (
    (),
    ("black",),
    ("white",),
    ("place2",),
    ("place2", "black"),
    ("place2", "white"),
)
"""The choices a swap opening can have made by the end of a game, by their code."""
_CHOICES_BASE: Final = 0x2100
"""The code of no choice as a character: above every cell's (``chr(48 + 399)``)."""


_X_WON: Final = 1
_O_WON: Final = 2
_DRAW: Final = 3
_OUTCOME_CODE: Final[dict[str, int]] = {"X": _X_WON, "O": _O_WON, "draw": _DRAW}
_WINNER_OF_CODE: Final[tuple[Winner, ...]] = ("draw", "X", "O", "draw")  # 0: never read
_LETTER_CODES: Final = bytes.maketrans(b"XOd", bytes((_X_WON, _O_WON, _DRAW)))
"""The winners column's letters (``X``, ``O``, ``d`` for a draw) as outcome codes."""
_WINNER_OF_LETTER: Final[dict[str, Winner]] = {"X": "X", "O": "O", "d": "draw"}


def played_games(
    numbers: Sequence[int],
    moves: str,
    winners: str,
    seconds: Sequence[float],
    reasons: dict[int, str],
) -> list[TournamentGame]:
    """Games given as columns, as :class:`TournamentGame`\\ s: (number, pairing, X, O) four
    numbers a game; the moves, a string a game (:attr:`TournamentGame.moves`) joined by
    newlines; the winners, a letter a game (``X``, ``O``, ``d`` for a draw); the seconds;
    the reasons by position (only the games that have one)."""
    if not seconds:
        return []
    fields = iter(numbers)
    outcome = _WINNER_OF_LETTER
    return [
        TournamentGame(
            index, pairing, x, o, cells, outcome[winner], spent, reasons.get(position, "")
        )
        for position, ((index, pairing, x, o), cells, winner, spent) in enumerate(
            zip(
                zip(fields, fields, fields, fields, strict=True),
                moves.split("\n"),
                winners,
                seconds,
                strict=True,
            )
        )
    ]


def encode_moves(cells: Iterable[int], choices: tuple[str, ...] | None = None) -> str:
    """:attr:`TournamentGame.moves` for ``cells``: a character a cell, digits on 3x3; with
    ``choices`` (a swap opening's), a character for them first."""
    moves = "".join([chr(48 + cell) for cell in cells])
    if choices is None:
        return moves
    return chr(_CHOICES_BASE + _CHOICES.index(tuple(choices))) + moves


def play_chunk(
    spec: TournamentSpec,
    chunk: Chunk,
    *,
    stop: Callable[[], bool] | None = None,
    deliver: Callable[[list[TournamentGame]], None],
    flush_seconds: float = 0.05,
    only: Container[int] | None = None,
) -> int:
    """Play ``chunk``'s games, handing finished games to ``deliver`` in batches.

    A batch goes when a game took long (it is worth sending at once), when
    ``flush_seconds`` passed since the last one, and at the end. ``stop`` is asked
    between games; the games played so far are delivered. ``only`` (game numbers) plays
    just those of the chunk's games (the ones a resumed tournament misses). Returns the
    games played.
    """
    kinds = [entrant.kind for entrant in spec.entrants]
    clock = time.perf_counter
    batch: list[TournamentGame] = []
    last_flush = clock()
    played = 0
    plain = (
        spec.rules is TIC_TAC_TOE
        and not spec.openings
        and not spec.timed
        and not spec.adjudicate
        and not spec.has_brains
    )
    brains = spec.brains
    if spec.has_brains and brains is None:
        raise ValueError("a tournament with brains is prepared first (lab.brains.prepare)")
    for offset in range(chunk.count):
        if stop is not None and stop():
            break
        game = chunk.first + offset
        index = chunk.first_index + offset
        if only is not None and index not in only:
            continue
        x, o = spec.sides(chunk.pairing, game)
        started = clock()
        reason = ""
        choices: tuple[str, ...] | None = None
        if plain:
            x_player = create_player(kinds[x], seed=spec.player_seed(index, x))
            o_player = create_player(kinds[o], seed=spec.player_seed(index, o))
            game_played = play_game(x_player, o_player)
            moves = game_played.moves or ()
            won = game_played.winner  # the game's: a forfeit leaves the board undecided
            winner: Winner = "X" if won is _X else "O" if won is _O else "draw"
        elif brains is not None:
            # A brain's process lives on from game to game (this process's, see lab.brains).
            x_player = brains.seat(spec, x, index)
            o_player = brains.seat(spec, o, index)
            try:
                winner, moves, reason, choices = _play_one(
                    spec, spec.opening(chunk.pairing, game), x_player, o_player, (x, o)
                )
            finally:
                brains.keep_log(index, x_player, o_player)
        else:
            x_player = create_player(kinds[x], seed=spec.player_seed(index, x))
            o_player = create_player(kinds[o], seed=spec.player_seed(index, o))
            winner, moves, reason, choices = _play_one(
                spec, spec.opening(chunk.pairing, game), x_player, o_player, (x, o)
            )
        if choices is not None and _swapped(spec.opening_rule, choices):
            x, o = o, x  # the entrants exchanged colours in the opening
        now = clock()
        batch.append(
            TournamentGame(
                index,
                chunk.pairing,
                x,
                o,
                encode_moves(moves, choices),
                winner,
                now - started,
                reason,
            )
        )
        played += 1
        if now - started >= 0.002 or now - last_flush >= flush_seconds:
            deliver(batch)
            batch = []
            last_flush = clock()
    if batch:
        deliver(batch)
    return played


def _swapped(rule: str, choices: tuple[str, ...]) -> bool:

    return SwapOpening(rule, choices).swapped


def _play_one(
    spec: TournamentSpec,
    opening: tuple[int, ...],
    x_player: Any,
    o_player: Any,
    sides: tuple[int, int],
) -> tuple[Winner, tuple[int, ...], str, tuple[str, ...] | None]:
    """One game from ``opening`` under the players' clocks: (winner, cells, reason, the
    swap opening's choices or None under the free opening).

    ``sides`` are the X and O entrants' numbers. A brain's clock is its manager's (it
    loses a game it runs out of time in by forfeit); the others' are kept here. Under a
    swap opening rule the marks are the board's (the winner is the mark that won); the
    three stones the opener places are not timed, like an opening suite's.
    """
    rule = spec.opening_rule
    swap = rule != "free"  # the spec refuses an opening suite with it
    x_seat: Any = _Opening(x_player, opening) if opening else x_player
    o_seat: Any = _Opening(o_player, opening) if opening else o_player
    controls: dict[Mark, TimeControl | None] = {}
    for mark, number in zip((_X, _O), sides, strict=True):
        entrant = spec.entrants[number]
        controls[mark] = None if entrant.is_brain else spec.clock_of(entrant)
    timed = any(control is not None for control in controls.values())
    untimed = 3 if swap else len(opening)
    if not timed and not spec.adjudicate:
        played = play_game(x_seat, o_seat, spec.rules, opening_rule=rule)
    else:
        timer = GameClock(controls, {_X: x_player, _O: o_player}, untimed) if timed else None
        judge = _Judge(5 if swap else untimed) if spec.adjudicate else None

        def on_move(board: Any, cell: int, seconds: Any) -> None:
            if timer is not None:
                timer.on_move(board, cell, seconds)
            if judge is not None and (timer is None or timer.flagged is None):
                judge.on_move(board, cell)

        def over() -> bool:
            return (timer is not None and timer.over()) or (judge is not None and judge.over())

        played = play_game(
            x_seat,
            o_seat,
            spec.rules,
            stop=over,
            on_move=on_move,
            opening_rule=rule,
            on_choice=None if timer is None else timer.on_choice,
        )
        choices = played.opening.choices if played.opening is not None else None
        if timer is not None and timer.flagged is not None:
            winner: Winner = "O" if timer.flagged is _X else "X"
            return winner, played.moves or (), "time", choices
        if judge is not None and judge.winner is not None:
            return judge.winner, played.moves or (), "adjudicated", choices
    won = played.winner  # the game's: a forfeit leaves the board undecided
    result: Winner = "X" if won is _X else "O" if won is _O else "draw"
    forfeit = getattr(played, "forfeit", None)
    choices = played.opening.choices if played.opening is not None else None
    return result, played.moves or (), f"forfeit: {forfeit[1]}" if forfeit else "", choices


@dataclass(frozen=True)
class PairingRecord:
    """The first entrant's wins, draws and losses against the second over their games."""

    a: int
    b: int
    wins: int = 0
    draws: int = 0
    losses: int = 0

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses


class TournamentResult:
    """The games of a tournament so far, and the tables they make.

    A runner adds a task's games as columns by game number (outcome, pairing, sides,
    moves, seconds, reasons) in one go (:meth:`add_columns`, a few slice copies), with no
    object a game: their :class:`TournamentGame`\\ s are made when asked for (:meth:`games`,
    :meth:`game`) and kept. Games given as objects (:meth:`add`) are kept as they are,
    their outcome and sides in the columns too. The tables read the columns.
    """

    def __init__(self, spec: TournamentSpec, games: Iterable[TournamentGame] = ()) -> None:
        self.spec = spec
        total = spec.total_games
        # By game number: 0 not played yet, else _OUTCOME_CODE of its winner.
        self._outcome = bytearray(total)
        self._pairing = array("q", bytes(8 * total))
        self._x = array("q", bytes(8 * total))
        self._o = array("q", bytes(8 * total))
        self._moves: list[str] = [""] * total
        self._seconds = array("d", bytes(8 * total))
        self._reasons: dict[int, str] = {}
        self._count = 0
        self._objects: dict[int, TournamentGame] = {}
        # (a, b) -> a's [wins, draws, losses] against b, kept up to date game by game.
        self._tallies: dict[tuple[int, int], list[int]] = {}
        for a, b in spec.pairings:
            self._tallies[(a, b)] = [0, 0, 0]
            self._tallies[(b, a)] = [0, 0, 0]
        # (X entrant, O entrant) -> [X wins, O wins, draws].
        self._by_colour: dict[tuple[int, int], list[int]] = {}
        self.cancelled = False
        self.seconds = 0.0
        self.jobs = 1
        self._ratings_cache: tuple[int, dict[str, Any]] | None = None
        # Per entrant: [mu, sigma, games, wins, draws, losses, order of first game] over the
        # unbroken run of games 0..k-1 (never rated again), and that k.
        self._settled: list[list[Any] | None] | None = None
        self._settled_upto = 0
        self.add(games)

    def add(self, games: Iterable[TournamentGame]) -> None:
        """Add finished games (in any order; a game already in is kept as it was)."""
        outcome = self._outcome
        total = len(outcome)
        codes = _OUTCOME_CODE
        xs, os_, reasons, objects = self._x, self._o, self._reasons, self._objects
        # A game given as an object is kept as one: its pairing, moves and seconds are
        # read from it, not from the columns (which only add_columns fills).
        new: list[tuple[int, int, int]] = []
        for game in games:
            index = game.index
            if not 0 <= index < total:
                raise ValueError(
                    f"game number {index} is not one of this tournament's {total:,} games"
                )
            if outcome[index]:
                continue
            code = outcome[index] = codes[game.winner]
            x, o = xs[index], os_[index] = game.x, game.o
            if game.reason:
                reasons[index] = game.reason
            objects[index] = game
            new.append((x, o, code))
        if new:
            self._count += len(new)
            for (x, o, code), times in Counter(new).items():
                self._tally(x, o, code, times)

    def add_columns(
        self,
        numbers: Sequence[int],
        moves: str,
        winners: str,
        seconds: Sequence[float],
        reasons: dict[int, str],
    ) -> int:
        """Add games given as columns (a worker's task, see :func:`played_games`); returns
        how many games that was.

        Games numbered one after another, none of them in yet (a task's, as a rule), go
        in with a few slice copies; any others one by one, as :meth:`add`.
        """
        count = len(seconds)
        if not count:
            return 0
        first = numbers[0]
        end = first + count
        numbered = array("q", numbers)
        if (
            first >= 0
            and end <= len(self._outcome)
            and numbered[0::4] == array("q", range(first, end))
            and self._outcome.count(0, first, end) == count
        ):
            codes = winners.encode("ascii").translate(_LETTER_CODES)
            xs, os_ = numbered[2::4], numbered[3::4]
            self._outcome[first:end] = codes
            self._pairing[first:end] = numbered[1::4]
            self._x[first:end] = xs
            self._o[first:end] = os_
            self._moves[first:end] = moves.split("\n")
            self._seconds[first:end] = array("d", seconds)
            for position, reason in reasons.items():
                self._reasons[first + position] = reason
            self._count += count
            for (x, o, code), times in Counter(zip(xs, os_, codes, strict=True)).items():
                self._tally(x, o, code, times)
        else:
            self.add(played_games(numbers, moves, winners, seconds, reasons))
        return count

    def _tally(self, x: int, o: int, code: int, count: int) -> None:
        colour = self._by_colour.get((x, o))
        if colour is None:
            colour = self._by_colour[(x, o)] = [0, 0, 0]
        colour[code - 1] += count
        tallies = self._tallies
        if code == _DRAW:
            tallies[(x, o)][1] += count
            tallies[(o, x)][1] += count
        else:
            winner, loser = (x, o) if code == _X_WON else (o, x)
            tallies[(winner, loser)][0] += count
            tallies[(loser, winner)][2] += count

    def __len__(self) -> int:
        return self._count

    @property
    def finished(self) -> bool:
        return self._count == self.spec.total_games

    def indices(self) -> list[int]:
        """The numbers of the games played, in order."""
        return list(compress(range(len(self._outcome)), self._outcome))

    def games(self) -> list[TournamentGame]:
        """Every game played, in game order."""
        objects = self._objects
        indices = self.indices()
        if len(objects) != self._count:
            for index in indices:
                if index not in objects:
                    objects[index] = self._played(index)
        return [objects[index] for index in indices]

    def game(self, index: int) -> TournamentGame:
        if not 0 <= index < len(self._outcome) or not self._outcome[index]:
            raise KeyError(index)
        game = self._objects.get(index)
        if game is None:
            game = self._objects[index] = self._played(index)
        return game

    def _played(self, index: int) -> TournamentGame:
        return TournamentGame(
            index,
            self._pairing[index],
            self._x[index],
            self._o[index],
            self._moves[index],
            _WINNER_OF_CODE[self._outcome[index]],
            self._seconds[index],
            self._reasons.get(index, ""),
        )

    def with_reasons(self) -> list[TournamentGame]:
        """The games that ended other than on the board (a reason given), in order."""
        return [self.game(index) for index in sorted(self._reasons)]

    def labels(self) -> list[str]:
        return [entrant.label for entrant in self.spec.entrants]

    # Tables -----------------------------------------------------------------------

    def record(self, a: int, b: int) -> PairingRecord:
        """Entrant ``a``'s wins, draws and losses against ``b``."""
        tally = self._tallies.get((a, b))
        return PairingRecord(a, b) if tally is None else PairingRecord(a, b, *tally)

    def crosstable(self) -> dict[tuple[int, int], PairingRecord]:
        """Every pairing's record, both ways round (``(a, b)`` and ``(b, a)``)."""
        return {pair: PairingRecord(*pair, *tally) for pair, tally in self._tallies.items()}

    def totals(self) -> list[PairingRecord]:
        """Each entrant's wins, draws and losses over all its games (``b`` is -1)."""
        tallies = [[0, 0, 0] for _ in self.spec.entrants]
        for (a, _b), record in self.crosstable().items():
            tallies[a][0] += record.wins
            tallies[a][1] += record.draws
            tallies[a][2] += record.losses
        return [PairingRecord(a, -1, *tally) for a, tally in enumerate(tallies)]

    def points(self) -> list[float]:
        """Each entrant's points: 1 a win, half a draw."""
        return [total.wins + total.draws / 2 for total in self.totals()]

    def standings(self) -> list[int]:
        """Entrant numbers by points, best first (ties in entry order)."""
        points = self.points()
        return sorted(range(len(points)), key=lambda entrant: -points[entrant])

    def keep_up(self) -> None:
        """Rate the games come in since the last call that carry on the unbroken run 0..k.

        A runner calls this as games arrive, so that the ratings at the end (and any
        report) cost only the games of the last moments.
        """
        outcome = self._outcome
        upto = self._settled_upto
        if upto >= len(outcome) or not outcome[upto]:
            return
        if self._settled is None:
            self._settled = [None] * len(self.spec.entrants)
        end = outcome.find(0, upto)
        if end < 0:
            end = len(outcome)
        self._rate(self._settled, range(upto, end))
        self._settled_upto = end

    def ratings(self) -> dict[str, Any]:
        """Each entrant's rating (``ttt_desktop.ratings``), by label, from every finished game.

        The games are rated in game order; games not finished yet (while other workers are
        still on them) are skipped, so everybody who has played has a rating. Once every
        game is in, this is the rating of all the games in order. The unbroken run 0..k is
        rated once and kept (:meth:`keep_up`); only the games after the first gap are
        rated again each time.
        """

        if self._ratings_cache is not None and self._ratings_cache[0] == self._count:
            return self._ratings_cache[1]
        self.keep_up()
        settled = self._settled or [None] * len(self.spec.entrants)
        state = [None if kept is None else list(kept) for kept in settled]
        after = self._settled_upto + 1
        self._rate(state, compress(range(after, len(self._outcome)), self._outcome[after:]))
        labels = self.labels()
        rated: dict[str, Any] = {}
        # In the order the entrants first played, as the ratings module keeps them.
        for entrant in sorted(
            (e for e in range(len(state)) if state[e] is not None),
            key=lambda e: state[e][6],  # type: ignore[index]
        ):
            mu, sigma, games, wins, draws, losses, _ = state[entrant]  # type: ignore[misc]
            label = labels[entrant]
            rated[label] = PlayerRating(label, mu, sigma, games, wins, draws, losses)
        self._ratings_cache = (self._count, rated)
        return rated

    def _rate(self, state: list[list[Any] | None], indices: Iterable[int]) -> None:
        _rate_games(state, indices, self._x, self._o, self._outcome)

    # Export -----------------------------------------------------------------------

    def colour_tallies(self) -> dict[tuple[int, int], list[int]]:
        """(X entrant, O entrant) -> [X wins, O wins, draws] over the games so far."""
        return {pair: list(tally) for pair, tally in sorted(self._by_colour.items())}

    def as_json(self, *, with_games: bool = True) -> dict[str, Any]:
        labels = self.labels()
        points = self.points()
        ratings = self.ratings()
        crosstable = self.crosstable()
        opening_rule = self.spec.opening_rule
        return {
            **self.spec.as_json(),
            "games_planned": self.spec.total_games,
            "games_played": len(self),
            "cancelled": self.cancelled,
            "jobs": self.jobs,
            "seconds": round(self.seconds, 3),
            "standings": [
                {
                    "label": labels[entrant],
                    "points": points[entrant],
                    **_record_json(self.totals()[entrant]),
                    **(
                        {
                            "rating": round(ratings[labels[entrant]].rating, 1),
                            "rating_error": round(ratings[labels[entrant]].error, 1),
                        }
                        if labels[entrant] in ratings
                        else {}
                    ),
                }
                for entrant in self.standings()
            ],
            "crosstable": {
                labels[a]: {
                    labels[b]: _record_json(crosstable[(a, b)])
                    for b in range(len(labels))
                    if (a, b) in crosstable
                }
                for a in range(len(labels))
            },
            "games": []
            if not with_games
            else [
                {
                    "index": game.index,
                    "x": labels[game.x],
                    "o": labels[game.o],
                    "moves": game.cells,
                    "winner": game.winner,
                    **({"reason": game.reason} if game.reason else {}),
                    **(
                        {"opening": {"rule": opening_rule, "choices": list(game.choices)}}
                        if opening_rule != "free"
                        else {}
                    ),
                }
                for game in self.games()
            ],
        }

    def csv_rows(self) -> list[list[str]]:
        """One row per game: number, X, O, winner, moves (digits), plus a header row."""
        labels = self.labels()
        rows = [["game", "x", "o", "winner", "moves"]]
        classic = self.spec.rules is TIC_TAC_TOE
        names = self.spec.rules.geometry.names
        rows += [
            [
                str(g.index + 1),
                labels[g.x],
                labels[g.o],
                g.winner + (f" ({g.reason})" if g.reason else ""),
                g.moves if classic else names(g.cells),
            ]
            for g in self.games()
        ]
        return rows

    def standings_csv_rows(self) -> list[list[str]]:
        """The standings: place, player, points, wins, draws, losses, rating, error."""
        labels = self.labels()
        totals = self.totals()
        points = self.points()
        ratings = self.ratings()
        rows = [["place", "player", "points", "wins", "draws", "losses", "rating", "error"]]
        for place, entrant in enumerate(self.standings(), start=1):
            total = totals[entrant]
            rating = ratings.get(labels[entrant])
            rows.append(
                [
                    str(place),
                    labels[entrant],
                    f"{points[entrant]:g}",
                    str(total.wins),
                    str(total.draws),
                    str(total.losses),
                    f"{rating.rating:.1f}" if rating else "",
                    f"{rating.error:.1f}" if rating else "",
                ]
            )
        return rows


def _rate_games(
    state: list[list[Any] | None],
    indices: Iterable[int],
    xs: Sequence[int],
    os_: Sequence[int],
    outcome: Sequence[int],
) -> None:
    """Apply the games ``indices`` in order to the per-entrant rating ``state`` (as
    :class:`Ratings.add` would, game after game); their sides and outcomes by number."""
    rate = rate_pair
    o_won, drawn = _O_WON, _DRAW
    for index in indices:
        x, o = xs[index], os_[index]
        x_state, o_state = state[x], state[o]
        if x_state is None:
            x_state = state[x] = [START_MU, START_SIGMA, 0, 0, 0, 0, index * 2]
        if o_state is None:
            o_state = state[o] = [START_MU, START_SIGMA, 0, 0, 0, 0, index * 2 + 1]
        code = outcome[index]
        if code == o_won:
            (o_state[0], o_state[1]), (x_state[0], x_state[1]) = rate(
                o_state[0], o_state[1], x_state[0], x_state[1], draw=False
            )
            o_state[3] += 1
            x_state[5] += 1
        else:
            draw = code == drawn
            (x_state[0], x_state[1]), (o_state[0], o_state[1]) = rate(
                x_state[0], x_state[1], o_state[0], o_state[1], draw=draw
            )
            if draw:
                x_state[4] += 1
                o_state[4] += 1
            else:
                x_state[3] += 1
                o_state[5] += 1
        x_state[2] += 1
        o_state[2] += 1


def _record_json(record: PairingRecord) -> dict[str, int]:
    return {"wins": record.wins, "draws": record.draws, "losses": record.losses}


def entrant_name(spec: TournamentSpec, entrant: int) -> str:
    """A player's name for people: "Perfect", "Rando 1234" when a kind enters twice, or a
    brain's name."""
    chosen = spec.entrants[entrant]
    if chosen.is_brain or chosen.label == chosen.kind:
        return chosen.name
    return f"{chosen.name} {chosen.seed}"


def game_record(
    spec: TournamentSpec,
    game: TournamentGame,
    *,
    game_id: str | None = None,
    log: tuple[str, ...] = (),
) -> Any:
    """A tournament game as a :class:`~ttt_desktop.core.record.GameRecord`: its players
    seeded as they played (a brain as its ``brain.<name>`` kind), a game lost off the
    board (on time, by a brain's forfeit, adjudicated) with its reason, and ``log`` (what
    was said on the brains' pipes)."""
    from ttt_desktop.core.record import (  # noqa: PLC0415  (records load on use)
        Forfeit,
        GameRecord,
        PlayerEntry,
        new_game_id,
        utc_now,
    )

    def entry(number: int) -> Any:
        chosen = spec.entrants[number]
        if chosen.is_brain:
            return PlayerEntry(brain_kind(chosen.label), chosen.label, None)
        return PlayerEntry(
            chosen.kind, entrant_name(spec, number), spec.player_seed(game.index, number)
        )

    now = utc_now()
    cells = tuple(game.cells)
    forfeit = None
    if game.reason and game.winner != "draw":
        board = Board.empty(_X, spec.rules).play_all(cells)
        if not board.is_over:
            # Lost off the board: the record says who and why.
            loser = Mark.O if game.winner == "X" else Mark.X
            forfeit = Forfeit(loser, game.reason.removeprefix("forfeit: "))
    opening = None
    if spec.opening_rule != "free":
        opening = SwapOpening(spec.opening_rule, game.choices)
    return GameRecord(
        entry(game.x),
        entry(game.o),
        Mark.X,
        cells,
        started_at=now,
        finished_at=now,
        game_id=game_id or new_game_id(),
        rules=spec.rules,
        forfeit=forfeit,
        log=log,
        opening=opening,
    )


def brain_log_dir(library_path: Any, tournament: int) -> Any:
    """Where a stored tournament's pipe logs are kept: ``<library>.logs/tournament-N``
    beside the game library (until its games are stored with them)."""

    path = Path(library_path)
    return path.with_name(path.name + ".logs") / f"tournament-{tournament}"


def lost_off_board(result: TournamentResult) -> list[tuple[TournamentGame, str, str]]:
    """The games lost off the board (a forfeit, on time): (game, loser's label, reason)."""
    labels = result.labels()
    lost = []
    for game in result.with_reasons():
        if game.winner == "draw" or game.reason == "adjudicated":
            continue
        loser = game.o if game.winner == "X" else game.x
        lost.append((game, labels[loser], game.reason.removeprefix("forfeit: ")))
    return lost
