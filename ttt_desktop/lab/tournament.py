"""A tournament: who plays whom, its games cut into chunks, and what the games add up to.

A :class:`TournamentSpec` names the entrants (any computer kinds, the same kind several
times with different seeds), the format (every entrant against every other, or the first
against the field), the games per pairing (the entrants take turns at X, who moves
first) and the tournament's seed. Each game makes its two players afresh, seeded from
the tournament's seed, the game's number and the entrant's seed, so a game's moves depend
on nothing but the spec (and any game can be replayed live from its seeds). The games are
cut into :class:`Chunk`\\ s of at most :data:`CHUNK_GAMES` games of one pairing, the unit
of work of a process: whichever process plays a chunk, and in whatever order, the
tournament comes out the same (:func:`play_chunk` plays them, through the one game loop
:func:`ttt_desktop.engine.play.play_game`).

:class:`TournamentResult` gathers the :class:`PlayedGame`\\ s (in any order; it keeps
them by game number) and answers with the crosstable, points, standings and ratings
(``ttt_desktop.ratings``, applied in game order), and exports CSV and JSON.

Nothing here imports Qt.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, Literal

from ttt_desktop.engine.board import Mark
from ttt_desktop.engine.play import play_game
from ttt_desktop.players import create_player, display_name
from ttt_desktop.players.roster import KINDS

__all__ = [
    "CHUNK_GAMES",
    "FORMATS",
    "Chunk",
    "Entrant",
    "PairingRecord",
    "PlayedGame",
    "TournamentResult",
    "TournamentSpec",
    "parse_entrants",
    "play_chunk",
]

Format = Literal["round-robin", "gauntlet"]
FORMATS: Final[tuple[Format, ...]] = ("round-robin", "gauntlet")

CHUNK_GAMES: Final = 50
"""Games in a chunk: the unit of work a process takes, small enough to spread the load."""

PLAYABLE_KINDS: Final[tuple[str, ...]] = tuple(kind for kind in KINDS if kind != "sequence")

_X: Final = Mark.X
_O: Final = Mark.O


_MASK64: Final = (1 << 64) - 1


def _mix(value: int) -> int:
    """SplitMix64's finaliser: a cheap, well-spread 64-bit hash of ``value``."""
    value = (value + 0x9E3779B97F4A7C15) & _MASK64
    value = ((value ^ (value >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    value = ((value ^ (value >> 27)) * 0x94D049BB133111EB) & _MASK64
    return value ^ (value >> 31)


@dataclass(frozen=True)
class Entrant:
    """A computer player in a tournament: a kind and its seed, with a label unique in it."""

    kind: str
    seed: int
    label: str

    @property
    def name(self) -> str:
        return display_name(self.kind)


def _check_kind(kind: str) -> str:
    if kind not in PLAYABLE_KINDS:
        raise ValueError(f"unknown player kind {kind!r}: choose one of {', '.join(PLAYABLE_KINDS)}")
    return kind


def make_entrants(choices: Sequence[tuple[str, int]]) -> tuple[Entrant, ...]:
    """Entrants for ``(kind, seed)`` pairs; a kind entered more than once gets ``kind#seed``."""
    counts: dict[str, int] = {}
    for kind, _seed in choices:
        _check_kind(kind)
        counts[kind] = counts.get(kind, 0) + 1
    seen: set[tuple[str, int]] = set()
    entrants = []
    for kind, seed in choices:
        if (kind, seed) in seen:
            raise ValueError(f"{kind} with seed {seed} is entered twice")
        seen.add((kind, seed))
        label = kind if counts[kind] == 1 else f"{kind}#{seed}"
        entrants.append(Entrant(kind, seed, label))
    return tuple(entrants)


def parse_entrants(text: str, seed: int) -> tuple[Entrant, ...]:
    """Entrants from ``"rando*3,levi@7,perfect"``: ``kind``, ``kind@seed`` or ``kind*count``.

    Seeds not given are drawn from ``seed`` (the tournament's), in order.
    """
    seeds = random.Random(f"entrants:{seed}")
    choices: list[tuple[str, int]] = []
    for raw in text.split(","):
        part = raw.strip()
        if not part:
            continue
        if "@" in part:
            kind, _, seed_text = part.partition("@")
            try:
                entrant_seed = int(seed_text)
            except ValueError:
                raise ValueError(f"{part!r}: the seed after @ is a whole number") from None
            if entrant_seed < 0:
                raise ValueError(f"{part!r}: a seed is not negative")
            choices.append((_check_kind(kind.strip()), entrant_seed))
        elif "*" in part:
            kind, _, count_text = part.partition("*")
            try:
                count = int(count_text)
            except ValueError:
                raise ValueError(f"{part!r}: the count after * is a whole number") from None
            if count < 1:
                raise ValueError(f"{part!r}: enter a kind at least once")
            _check_kind(kind.strip())
            choices.extend((kind.strip(), seeds.getrandbits(32)) for _ in range(count))
        else:
            choices.append((_check_kind(part), seeds.getrandbits(32)))
    return make_entrants(choices)


@dataclass(frozen=True)
class Chunk:
    """Games ``first`` to ``first + count - 1`` (numbered within the pairing) of a pairing."""

    number: int
    pairing: int
    first: int
    count: int
    first_index: int
    """The tournament-wide number of the chunk's first game."""


@dataclass(frozen=True)
class TournamentSpec:
    """Everything that decides a tournament's games."""

    entrants: tuple[Entrant, ...]
    games_per_pairing: int
    seed: int
    format: Format = "round-robin"

    def __post_init__(self) -> None:
        if len(self.entrants) < 2:
            raise ValueError("a tournament needs at least two players")
        if len({entrant.label for entrant in self.entrants}) != len(self.entrants):
            raise ValueError("each player is entered once (give a second one another seed)")
        if self.games_per_pairing < 1:
            raise ValueError("each pairing plays at least one game")
        if self.format not in FORMATS:
            raise ValueError(f"format is one of {', '.join(FORMATS)}, not {self.format!r}")

    @property
    def pairings(self) -> tuple[tuple[int, int], ...]:
        """Pairs of entrant numbers: all pairs, or the first entrant against each other one."""
        count = len(self.entrants)
        if self.format == "gauntlet":
            return tuple((0, other) for other in range(1, count))
        return tuple((a, b) for a in range(count) for b in range(a + 1, count))

    @property
    def total_games(self) -> int:
        return len(self.pairings) * self.games_per_pairing

    def chunks(self) -> tuple[Chunk, ...]:
        """The games cut into chunks, in game order."""
        chunks: list[Chunk] = []
        index = 0
        for pairing in range(len(self.pairings)):
            for first in range(0, self.games_per_pairing, CHUNK_GAMES):
                count = min(CHUNK_GAMES, self.games_per_pairing - first)
                chunks.append(Chunk(len(chunks), pairing, first, count, index))
                index += count
        return tuple(chunks)

    def sides(self, pairing: int, game: int) -> tuple[int, int]:
        """(X, O) entrant numbers of the pairing's ``game``-th game: they take turns at X."""
        a, b = self.pairings[pairing]
        return (a, b) if game % 2 == 0 else (b, a)

    def player_seed(self, index: int, entrant: int) -> int:
        """The seed of ``entrant``'s player in game ``index``: from the spec alone.

        Each game gets fresh players, so any one game can be replayed live from its seeds.
        """
        mixed = _mix(self.seed)
        mixed = _mix(mixed ^ index)
        mixed = _mix(mixed ^ self.entrants[entrant].seed)
        return _mix(mixed ^ entrant) >> 32

    def as_json(self) -> dict[str, Any]:
        return {
            "format": self.format,
            "games_per_pairing": self.games_per_pairing,
            "seed": self.seed,
            "players": [{"label": e.label, "kind": e.kind, "seed": e.seed} for e in self.entrants],
        }


Winner = Literal["X", "O", "draw"]


@dataclass(frozen=True, slots=True)
class PlayedGame:
    """One finished game of a tournament; ``moves`` are the cells in order, as digits 0-8."""

    index: int
    pairing: int
    x: int
    o: int
    moves: str
    winner: Winner
    seconds: float = field(compare=False)

    @property
    def cells(self) -> list[int]:
        return [int(cell) for cell in self.moves]


def play_chunk(
    spec: TournamentSpec,
    chunk: Chunk,
    *,
    stop: Callable[[], bool] | None = None,
    deliver: Callable[[list[PlayedGame]], None],
    flush_seconds: float = 0.05,
) -> int:
    """Play ``chunk``'s games, handing finished games to ``deliver`` in batches.

    A batch goes when a game took long (it is worth sending at once), when
    ``flush_seconds`` passed since the last one, and at the end. ``stop`` is asked
    between games; the games played so far are delivered. Returns the games played.
    """
    kinds = [entrant.kind for entrant in spec.entrants]
    clock = time.perf_counter
    batch: list[PlayedGame] = []
    last_flush = clock()
    played = 0
    for offset in range(chunk.count):
        if stop is not None and stop():
            break
        game = chunk.first + offset
        x, o = spec.sides(chunk.pairing, game)
        index = chunk.first_index + offset
        started = clock()
        game_played = play_game(
            create_player(kinds[x], seed=spec.player_seed(index, x)),
            create_player(kinds[o], seed=spec.player_seed(index, o)),
        )
        now = clock()
        board, moves = game_played.board, game_played.moves or ()
        winner: Winner = "X" if board.winner is _X else "O" if board.winner is _O else "draw"
        batch.append(
            PlayedGame(
                index,
                chunk.pairing,
                x,
                o,
                "".join(map(str, moves)),
                winner,
                now - started,
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
    """The games of a tournament so far, and the tables they make."""

    def __init__(self, spec: TournamentSpec, games: Iterable[PlayedGame] = ()) -> None:
        self.spec = spec
        self._games: dict[int, PlayedGame] = {}
        # (a, b) -> a's [wins, draws, losses] against b, kept up to date game by game.
        self._tallies: dict[tuple[int, int], list[int]] = {}
        for a, b in spec.pairings:
            self._tallies[(a, b)] = [0, 0, 0]
            self._tallies[(b, a)] = [0, 0, 0]
        self.cancelled = False
        self.seconds = 0.0
        self.jobs = 1
        self._ratings_cache: tuple[int, dict[str, Any]] | None = None
        # Ratings over the unbroken run of games 0..k-1 (never rated again), and that k.
        self._settled_ratings: Any = None
        self._settled_upto = 0
        self.add(games)

    def add(self, games: Iterable[PlayedGame]) -> None:
        tallies = self._tallies
        for game in games:
            if game.index in self._games:
                continue
            self._games[game.index] = game
            if game.winner == "draw":
                tallies[(game.x, game.o)][1] += 1
                tallies[(game.o, game.x)][1] += 1
            else:
                winner, loser = (game.x, game.o) if game.winner == "X" else (game.o, game.x)
                tallies[(winner, loser)][0] += 1
                tallies[(loser, winner)][2] += 1

    def __len__(self) -> int:
        return len(self._games)

    @property
    def finished(self) -> bool:
        return len(self._games) == self.spec.total_games

    def games(self) -> list[PlayedGame]:
        """Every game played, in game order."""
        return [self._games[index] for index in sorted(self._games)]

    def game(self, index: int) -> PlayedGame:
        return self._games[index]

    def labels(self) -> list[str]:
        return [entrant.label for entrant in self.spec.entrants]

    # Tables -----------------------------------------------------------------------

    def record(self, a: int, b: int) -> PairingRecord:
        """Entrant ``a``'s wins, draws and losses against ``b``."""
        wins = draws = losses = 0
        for game in self._games.values():
            if {game.x, game.o} != {a, b}:
                continue
            if game.winner == "draw":
                draws += 1
            elif (game.winner == "X") == (game.x == a):
                wins += 1
            else:
                losses += 1
        return PairingRecord(a, b, wins, draws, losses)

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

    def ratings(self) -> dict[str, Any]:
        """Each entrant's rating (``ttt_desktop.ratings``), by label, from every finished game.

        The games are rated in game order; games not finished yet (while other workers are
        still on them) are skipped, so everybody who has played has a rating. Once every
        game is in, this is the rating of all the games in order. The unbroken run 0..k is
        rated once and kept; only the games after the first gap are rated again each time.
        """
        from ttt_desktop.ratings import GameResult, Ratings  # noqa: PLC0415  (openskill on use)

        if self._ratings_cache is not None and self._ratings_cache[0] == len(self._games):
            return self._ratings_cache[1]
        labels = self.labels()
        if self._settled_ratings is None:
            self._settled_ratings = Ratings()
        settled = self._settled_ratings
        while (game := self._games.get(self._settled_upto)) is not None:
            settled.add(GameResult(labels[game.x], labels[game.o], game.winner))
            self._settled_upto += 1
        later = sorted(index for index in self._games if index > self._settled_upto)
        if later:
            ratings = Ratings.of(settled.as_dict().values())
            for index in later:
                game = self._games[index]
                ratings.add(GameResult(labels[game.x], labels[game.o], game.winner))
            rated: dict[str, Any] = ratings.as_dict()
        else:
            rated = settled.as_dict()
        self._ratings_cache = (len(self._games), rated)
        return rated

    # Export -----------------------------------------------------------------------

    def as_json(self) -> dict[str, Any]:
        labels = self.labels()
        points = self.points()
        ratings = self.ratings()
        crosstable = self.crosstable()
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
            "games": [
                {
                    "index": game.index,
                    "x": labels[game.x],
                    "o": labels[game.o],
                    "moves": game.cells,
                    "winner": game.winner,
                }
                for game in self.games()
            ],
        }

    def csv_rows(self) -> list[list[str]]:
        """One row per game: number, X, O, winner, moves (digits), plus a header row."""
        labels = self.labels()
        rows = [["game", "x", "o", "winner", "moves"]]
        rows += [
            [str(g.index + 1), labels[g.x], labels[g.o], g.winner, g.moves] for g in self.games()
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


def _record_json(record: PairingRecord) -> dict[str, int]:
    return {"wins": record.wins, "draws": record.draws, "losses": record.losses}
