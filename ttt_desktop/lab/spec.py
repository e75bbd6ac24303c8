"""A tournament's settings: its entrants (any computer kinds, the same kind several times
with different seeds, Gomocup brains, each with its own clock if it likes), the format
(every entrant against every other, or the first against the field), the games per
pairing, the openings, the clock and the seed: :class:`TournamentSpec`, everything that
decides a tournament's games, and how they are cut into :class:`Chunk`\\ s of work.

The games are played by :mod:`ttt_desktop.lab.tournament`; the brains' seats come through
:class:`BrainSeats` (:class:`ttt_desktop.lab.brains.BrainSetup`).

Nothing here imports Qt.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Final, Literal, Protocol

from ttt_desktop.core.board import Board, Mark
from ttt_desktop.core.clock import PLAYER_MARGIN_MS, TimeControl
from ttt_desktop.core.rules import TIC_TAC_TOE, Rules
from ttt_desktop.core.swap import FREE_OPENING, check_opening_rule
from ttt_desktop.players import display_name
from ttt_desktop.players.roster import KINDS
from ttt_desktop.players.trained_file import check_file_seat, is_file_seat

__all__ = [
    "BRAIN_PREFIXES",
    "CHUNK_GAMES",
    "FORMATS",
    "BrainSeats",
    "Chunk",
    "Entrant",
    "TournamentSpec",
    "brain_label",
    "is_brain_kind",
    "parse_clock",
    "parse_entrants",
    "split_clock",
    "unique_labels",
]

Format = Literal["round-robin", "gauntlet"]
FORMATS: Final[tuple[Format, ...]] = ("round-robin", "gauntlet")

CHUNK_GAMES: Final = 50
"""Games in a chunk: the unit of work a process takes, small enough to spread the load."""

ADJUDICATION_NODES: Final = 2_000
"""The threat search's budget per position when games are adjudicated."""


SLOW_CHUNK_GAMES: Final = 2
"""Games in a chunk on boards beyond 3x3 or under a clock: games long enough to be sent one
pair of colours at a time, so progress, a cancel and a resume lose little."""

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


class BrainSeats(Protocol):
    """What a tournament's games need of its brains: a seat for an entrant in a game, and
    the game's pipe log kept. :class:`ttt_desktop.lab.brains.BrainSetup` is the one kind
    (this module names it only by what it does, so the two import in one direction)."""

    @property
    def owner(self) -> str: ...

    @property
    def log_dir(self) -> str: ...

    @property
    def engines_file(self) -> str: ...

    def seat(self, spec: TournamentSpec, entrant: int, index: int) -> Any: ...

    def keep_log(self, index: int, x: Any, o: Any) -> None: ...

    def with_log_dir(self, log_dir: str) -> BrainSeats: ...


BRAIN_PREFIXES: Final = ("brain:", "engine:")
"""A Gomocup brain's entry: ``brain:COMMAND`` (a program) or ``engine:NAME`` (the engine list)."""


def is_brain_kind(kind: str) -> bool:
    """Whether an entrant's kind is a Gomocup brain (``brain:COMMAND`` or ``engine:NAME``)."""
    return kind.startswith(BRAIN_PREFIXES)


@dataclass(frozen=True)
class Entrant:
    """A computer player in a tournament: a kind and its seed, with a label unique in it.

    A brain's kind is ``brain:COMMAND`` or ``engine:NAME`` and its label its name (the
    ABOUT answer's, or the engine list's). ``clock`` is the player's own time control
    (None: the tournament's).
    """

    kind: str
    seed: int
    label: str
    clock: TimeControl | None = None

    @property
    def name(self) -> str:
        if is_brain_kind(self.kind):
            return self.label
        return display_name(self.kind)

    @property
    def is_brain(self) -> bool:
        return is_brain_kind(self.kind)


def _check_kind(kind: str) -> str:
    if is_brain_kind(kind):
        if not kind.partition(":")[2].strip():
            raise ValueError(f"{kind!r} needs a command (brain:) or an engine's name (engine:)")
        return kind
    if is_file_seat(kind):
        check_file_seat(kind)  # a ValueError naming the file and what is wrong with it
        return kind
    if kind not in PLAYABLE_KINDS:
        raise ValueError(
            f"unknown player kind {kind!r}: choose one of {', '.join(PLAYABLE_KINDS)}, "
            "brain:COMMAND, engine:NAME or learner:FILE"
        )
    return kind


def brain_label(kind: str) -> str:
    """A brain's label before it has said its name: the engine's name, or the program's."""
    prefix, _, rest = kind.partition(":")
    if prefix == "engine":
        return " ".join(rest.split())
    words = rest.split()
    # "python3 -m package brain ..." or "python3 bad_brain.py": the module or the script.
    for index, word in enumerate(words):
        if word == "-m" and index + 1 < len(words):
            return words[index + 1].rpartition(".")[2]
        if not word.startswith("-") and index > 0 and word.endswith(".py"):
            return word.rpartition("/")[2].removesuffix(".py")
    return words[0].rpartition("/")[2] if words else "brain"


def parse_clock(text: str) -> TimeControl:
    """A player's own time control: ``turn=MS`` (a time per move), ``game=MS[+INC]`` (a
    time per game, with an increment after each move) or both (``turn=MS game=MS``)."""
    return TimeControl.parse(text, PLAYER_MARGIN_MS)


def make_entrants(
    choices: Sequence[tuple[str, int]], clocks: Sequence[TimeControl | None] = ()
) -> tuple[Entrant, ...]:
    """Entrants for ``(kind, seed)`` pairs; a kind entered more than once gets ``kind#seed``.

    ``clocks`` are the players' own time controls, in the same order (None or missing:
    the tournament's). A brain is entered once; its label is its name for now
    (:func:`brain_label`).
    """
    counts: dict[str, int] = {}
    for kind, _seed in choices:
        _check_kind(kind)
        counts[kind] = counts.get(kind, 0) + 1
    seen: set[tuple[str, int]] = set()
    entrants = []
    for number, (kind, seed) in enumerate(choices):
        if (kind, seed) in seen or (is_brain_kind(kind) and counts[kind] > 1):
            which = kind if is_brain_kind(kind) else f"{kind} with seed {seed}"
            raise ValueError(f"{which} is entered twice")
        seen.add((kind, seed))
        if is_brain_kind(kind):
            label = brain_label(kind)
        else:
            label = kind if counts[kind] == 1 else f"{kind}#{seed}"
        clock = clocks[number] if number < len(clocks) else None
        entrants.append(Entrant(kind, seed, label, clock))
    return tuple(unique_labels(entrants))


def unique_labels(entrants: Iterable[Entrant]) -> list[Entrant]:
    """``entrants`` with labels made unique (a second "TTT Rando" becomes "TTT Rando 2")."""
    seen: set[str] = set()
    unique = []
    for entrant in entrants:
        label, number = entrant.label, 1
        while label in seen:
            number += 1
            label = f"{entrant.label} {number}"
        seen.add(label)
        unique.append(entrant if label == entrant.label else replace(entrant, label=label))
    return unique


def split_clock(part: str) -> tuple[str, TimeControl | None]:
    """An entry and its own time control: ``"monty[turn=500]"`` is monty, 500 ms a move."""
    part = part.strip()
    if part.endswith("]") and "[" in part:
        entry, _, clock = part[:-1].rpartition("[")
        return entry.strip(), parse_clock(clock)
    return part, None


def parse_entrants(text: str, seed: int) -> tuple[Entrant, ...]:
    """Entrants from ``"rando*3,levi@7,perfect"``: ``kind``, ``kind@seed`` or ``kind*count``.

    Seeds not given are drawn from ``seed`` (the tournament's), in order. ``brain:COMMAND``
    (a program, its command without commas) and ``engine:NAME`` (the engine list) enter
    Gomocup brains. Any entry may end with its own time control in brackets:
    ``monty[turn=500]``, ``engine:pela[game=60000+100]``.
    """
    seeds = random.Random(f"entrants:{seed}")
    choices: list[tuple[str, int]] = []
    clocks: list[TimeControl | None] = []
    for raw in text.split(","):
        part, clock = split_clock(raw)
        if not part:
            continue
        if is_brain_kind(part):
            choices.append((_check_kind(part), seeds.getrandbits(32)))
        elif "@" in part:
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
        clocks.extend([clock] * (len(choices) - len(clocks)))
    return make_entrants(choices, clocks)


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
    """Everything that decides a tournament's games.

    ``openings`` (cells from the empty board) are played in turn, each with both colours
    (games ``2j`` and ``2j + 1`` of a pairing share opening ``j``); with ``symmetric`` each
    such pair gets the opening turned or mirrored by one of the board's symmetries, drawn
    from the seed, the pairing and ``j``. ``clock`` times every player's moves. With
    ``adjudicate`` a game ends, scored, once the side to move has a forced win by fours.
    ``opening_rule`` "swap" or "swap2" (:mod:`ttt_desktop.core.swap`) lets the game's
    first mover (X and O in turn) place three stones and the other choose a colour; a
    game's X and O are then the players who held them after the choice.
    """

    entrants: tuple[Entrant, ...]
    games_per_pairing: int
    seed: int
    format: Format = "round-robin"
    rules: Rules = TIC_TAC_TOE
    openings: tuple[tuple[int, ...], ...] = ()
    symmetric: bool = False
    clock: TimeControl | None = None
    adjudicate: bool = False
    opening_rule: str = "free"
    brains: BrainSeats | None = field(default=None, compare=False)
    """Where this run's brains are found and their logs go, and the brains this process
    keeps (:func:`ttt_desktop.lab.brains.prepare` sets it; not part of the settings)."""

    def __post_init__(self) -> None:

        object.__setattr__(self, "opening_rule", check_opening_rule(self.rules, self.opening_rule))
        if self.opening_rule != FREE_OPENING and self.openings:
            raise ValueError(
                f"an opening suite and the {self.opening_rule} rule both choose the first "
                "stones: give one of them"
            )
        for opening in self.openings:
            board = Board.empty(_X, self.rules)
            try:
                board = board.play_all(opening)
            except Exception as error:
                raise ValueError(f"the opening {list(opening)} is not legal: {error}") from None
            if board.is_over:
                raise ValueError(f"the opening {list(opening)} already ends the game")
        if len(self.entrants) < 2:
            raise ValueError("a tournament needs at least two players")
        if len({entrant.label for entrant in self.entrants}) != len(self.entrants):
            raise ValueError("each player is entered once (give a second one another seed)")
        if self.games_per_pairing < 1:
            raise ValueError("each pairing plays at least one game")
        if self.format not in FORMATS:
            raise ValueError(f"format is one of {', '.join(FORMATS)}, not {self.format!r}")
        for entrant in self.entrants:
            clock = self.clock_of(entrant)
            if entrant.is_brain and clock is not None and clock.increment_ms:
                raise ValueError(
                    f"{entrant.label}: a brain's clock is a time per move or a time per game "
                    "without an increment (the Gomocup protocol has none)"
                )

    def clock_of(self, entrant: Entrant) -> TimeControl | None:
        """The player's time control: its own, else the tournament's."""
        return entrant.clock if entrant.clock is not None else self.clock

    @property
    def has_brains(self) -> bool:
        return any(entrant.is_brain for entrant in self.entrants)

    @property
    def timed(self) -> bool:
        """Whether any player plays under a clock of the tournament's."""
        return self.clock is not None or any(e.clock is not None for e in self.entrants)

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

    @property
    def chunk_games(self) -> int:
        """Games in a chunk: many quick 3x3 games, or a pair of longer ones."""
        fast = (
            self.rules is TIC_TAC_TOE
            and not self.timed
            and not self.adjudicate
            and not self.has_brains
        )
        return CHUNK_GAMES if fast else SLOW_CHUNK_GAMES

    def chunks(self) -> tuple[Chunk, ...]:
        """The games cut into chunks, in game order."""
        chunks: list[Chunk] = []
        index = 0
        size = self.chunk_games
        for pairing in range(len(self.pairings)):
            for first in range(0, self.games_per_pairing, size):
                count = min(size, self.games_per_pairing - first)
                chunks.append(Chunk(len(chunks), pairing, first, count, index))
                index += count
        return tuple(chunks)

    def sides(self, pairing: int, game: int) -> tuple[int, int]:
        """(X, O) entrant numbers of the pairing's ``game``-th game: they take turns at X."""
        a, b = self.pairings[pairing]
        return (a, b) if game % 2 == 0 else (b, a)

    def opening(self, pairing: int, game: int) -> tuple[int, ...]:
        """The cells the pairing's ``game``-th game starts with (both colours share one)."""
        if not self.openings:
            return ()
        number = (game // 2) % len(self.openings)
        cells = self.openings[number]
        if not self.symmetric:
            return cells
        geometry = self.rules.geometry
        drawn = _mix(_mix(_mix(self.seed ^ 0x6F70656E) ^ pairing) ^ (game // 2))
        return geometry.transform(cells, drawn % len(geometry.symmetries))

    def player_seed(self, index: int, entrant: int) -> int:
        """The seed of ``entrant``'s player in game ``index``: from the spec alone.

        Each game gets fresh players, so any one game can be replayed live from its seeds.
        """
        mixed = _mix(self.seed)
        mixed = _mix(mixed ^ index)
        mixed = _mix(mixed ^ self.entrants[entrant].seed)
        return _mix(mixed ^ entrant) >> 32

    def as_json(self) -> dict[str, Any]:
        """The spec as JSON; :meth:`from_json` reads it back (a resumed tournament's spec)."""
        document: dict[str, Any] = {
            "format": self.format,
            "games_per_pairing": self.games_per_pairing,
            "seed": self.seed,
            "players": [_entrant_json(e) for e in self.entrants],
        }
        # Only what differs from a plain 3x3 tournament: the older documents stay as they were.
        if self.rules is not TIC_TAC_TOE:
            document["rules"] = self.rules.key
        if self.openings:
            document["openings"] = [list(opening) for opening in self.openings]
            document["symmetric"] = self.symmetric
        if self.clock is not None:
            document["clock"] = self.clock.as_json()
        if self.adjudicate:
            document["adjudicate"] = True
        if self.opening_rule != "free":
            document["opening_rule"] = self.opening_rule
        return document

    @classmethod
    def from_json(cls, document: dict[str, Any]) -> TournamentSpec:
        """The spec :meth:`as_json` wrote; raises ``ValueError`` for a damaged one."""
        try:
            entrants = tuple(
                Entrant(
                    _check_kind(str(p["kind"])),
                    int(p["seed"]),
                    str(p["label"]),
                    None if p.get("clock") is None else TimeControl.from_json(p["clock"]),
                )
                for p in document["players"]
            )
            clock = document.get("clock")
            return cls(
                entrants,
                int(document["games_per_pairing"]),
                int(document["seed"]),
                document.get("format", "round-robin"),
                Rules.parse(document.get("rules", TIC_TAC_TOE.key)),
                tuple(tuple(int(c) for c in opening) for opening in document.get("openings", ())),
                bool(document.get("symmetric", False)),
                None if clock is None else TimeControl.from_json(clock),
                bool(document.get("adjudicate", False)),
                str(document.get("opening_rule", "free")),
            )
        except (KeyError, TypeError, AttributeError) as error:
            raise ValueError(f"not a tournament's settings: {error!r}") from None


def _entrant_json(entrant: Entrant) -> dict[str, Any]:
    document: dict[str, Any] = {"label": entrant.label, "kind": entrant.kind, "seed": entrant.seed}
    if entrant.clock is not None:
        document["clock"] = entrant.clock.as_json()
    return document
