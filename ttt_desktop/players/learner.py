"""The learner: a tabular reinforcement-learning player trained by self-play.

The last player of the Omprakash series (source document 004). Training is
Q-learning over every position met in self-play: one table plays both sides,
explores with probability ``epsilon``, and after each move pulls the move's
value towards the outcome (1 for the win, 0 for the draw) or, when the game goes
on, towards minus the discounted best value the opponent has in reply. The
discount ``gamma`` below 1 makes quick wins worth more than slow ones. Games
alternate between X and O moving first.

Values are kept from the point of view of the side to move, so a position is
stored with the side to move written as ``X`` (an O-to-move position is looked
up with the marks swapped). That one table therefore serves X and O, whoever
moved first, and every key is itself a reachable position with X to move.

:class:`LearnerPlayer` plays greedily from a table, by default the one shipped
in ``data/learner_table.json.gz``; ties go to the player's own seeded generator.
A position missing from the table (possible only with a briefly trained table)
falls back to "win, else block, else centre, a corner, a side".

``ttt-arena train`` (see :mod:`ttt_desktop.arena`) retrains a table and writes
its learning curve. Nothing here imports Qt.
"""

from __future__ import annotations

import functools
import importlib.util
import json
import math
import os
import random
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Final

from ttt_desktop.core.board import Board, Mark
from ttt_desktop.core.cells import CENTRE, CORNERS, SIDES, Cell
from ttt_desktop.core.openings import OpeningSeat, builtin_openings, opening_sequence
from ttt_desktop.core.play import play_game
from ttt_desktop.core.rules import Rules
from ttt_desktop.core.tactics import decisive_moves
from ttt_desktop.players import create_player
from ttt_desktop.players.base import Player, legal_moves_or_raise

if TYPE_CHECKING:
    from typing import TypeAlias

    from ttt_desktop.core.clock import StopCheck
    from ttt_desktop.players.ntuple import NTupleNetwork
    from ttt_desktop.players.thought import Thought

    Trained: TypeAlias = "LearnerTable | NTupleNetwork"

__all__ = [
    "CONTROL_EVERY",
    "CURVE_OPPONENTS",
    "CURVE_SEARCHER_NODES",
    "EVAL_OPPONENTS",
    "METHODS",
    "NETWORK_OPPONENTS",
    "NTUPLE",
    "ROUND_GAMES",
    "SELF_PLAY",
    "SHIPPED_TABLE_PATH",
    "TABLE",
    "TABLE_FORMAT",
    "TABLE_VERSION",
    "CurvePoint",
    "LearnerPlayer",
    "LearnerTable",
    "TableFormatError",
    "TrainingResult",
    "TrainingSettings",
    "curve_point",
    "fallback_moves",
    "losing_lines_against_perfect",
    "loss_rate_against_perfect",
    "network_training_problem",
    "paired_score",
    "position_key",
    "results_against_random",
    "score_against",
    "settings_for",
    "settings_of",
    "shipped_table",
    "train",
]

SHIPPED_TABLE_PATH: Final = Path(__file__).resolve().parent / "data" / "learner_table.json.gz"
"""The table the Learner plays with: :meth:`LearnerTable.save`'s JSON, gzipped (55 KB where
the text is 352 KB, which counts in the packaged app's size); ``ttt-arena train --out
ttt_desktop/players/data/learner_table.json.gz`` writes a new one."""
"""The table the learner plays with unless given another."""

TABLE_FORMAT: Final = "ttt-desktop-learner-table"
TABLE_VERSION: Final = 1

_SWAP_MARKS: Final = str.maketrans("XO", "OX")
_DECIMALS: Final = 6


def position_key(board: Board) -> str:
    """The table key of ``board``: its cells with the side to move written as ``X``.

    >>> position_key(Board.from_string("X...O....", to_move="X"))
    'X...O....'
    >>> position_key(Board.from_string("X........"))
    'O........'
    """
    if board.to_move is Mark.X:
        return board.cells
    return board.cells.translate(_SWAP_MARKS)


def fallback_moves(board: Board) -> tuple[Cell, ...]:
    """Sensible moves for a position the table does not know.

    Win, else block, else the centre, else a free corner, else a free side:
    the order the source documents' rule-based players follow.
    """
    decisive = decisive_moves(board)
    if decisive:
        return decisive
    moves = legal_moves_or_raise(board)
    if CENTRE in moves:
        return (CENTRE,)
    corners = tuple(cell for cell in moves if cell in CORNERS)
    return corners or tuple(cell for cell in moves if cell in SIDES)


class TableFormatError(ValueError):
    """A learner table file that is not valid: the message says what is wrong."""


class LearnerTable:
    """Learned move values, read-only once made.

    ``values`` maps a :func:`position_key` to nine entries, one per cell: the
    value of playing there for the side to move (between -1 and 1) or ``None``
    for an occupied cell. ``training`` records how the table was made.
    """

    __slots__ = ("_choices", "training", "values")

    values: Mapping[str, tuple[float | None, ...]]
    training: Mapping[str, Any]

    def __init__(
        self,
        values: Mapping[str, tuple[float | None, ...]],
        training: Mapping[str, Any] | None = None,
    ) -> None:
        self.values = dict(values)
        self.training = dict(training or {})
        # Boards are interned, so the greedy choices of each board are worked out once.
        self._choices: dict[Board, tuple[Cell, ...]] = {}

    def __len__(self) -> int:
        return len(self.values)

    def move_values(self, board: Board) -> dict[Cell, float] | None:
        """The learned value of each legal move of ``board``; ``None`` for an unknown position."""
        row = self.values.get(position_key(board))
        if row is None:
            return None
        return {cell: row[cell] or 0.0 for cell in board.legal_moves()}

    def greedy_moves(self, board: Board) -> tuple[Cell, ...]:
        """The moves a greedy player picks from (ascending): the best valued, or the fallback.

        Raises :class:`~ttt_desktop.core.board.GameOverError` on a finished board.
        """
        choices = self._choices.get(board)
        if choices is None:
            choices = self._work_out_choices(board)
            self._choices[board] = choices
        return choices

    def _work_out_choices(self, board: Board) -> tuple[Cell, ...]:
        legal_moves_or_raise(board)
        values = self.move_values(board)
        if values is None:
            return fallback_moves(board)
        best = max(values.values())
        return tuple(cell for cell, value in values.items() if value == best)

    # Files ---------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """The versioned JSON document (a plain dict) that :meth:`from_json` reads."""
        return {
            "format": TABLE_FORMAT,
            "version": TABLE_VERSION,
            "key": "nine cells, row by row from the top-left, with the side to move as X",
            "training": dict(self.training),
            "values": {
                key: [None if value is None else round(value, _DECIMALS) for value in row]
                for key, row in sorted(self.values.items())
            },
        }

    @classmethod
    def from_json(cls, document: object) -> LearnerTable:
        """A table from the dict :meth:`to_json` makes; :class:`TableFormatError` if malformed."""
        if not isinstance(document, dict):
            raise TableFormatError("a learner table is a JSON object")
        if document.get("format") != TABLE_FORMAT:
            raise TableFormatError(f"not a learner table (format {document.get('format')!r})")
        if document.get("version") != TABLE_VERSION:
            raise TableFormatError(
                f"learner table version {document.get('version')!r} is not supported "
                f"(this program reads version {TABLE_VERSION})"
            )
        raw_values = document.get("values")
        if not isinstance(raw_values, dict):
            raise TableFormatError("a learner table needs a 'values' object")
        values: dict[str, tuple[float | None, ...]] = {}
        for key, row in raw_values.items():
            values[key] = _checked_row(key, row)
        training = document.get("training", {})
        if not isinstance(training, dict):
            raise TableFormatError("'training' is an object")
        return cls(values, training)

    @classmethod
    def load(cls, path: str | Path) -> LearnerTable:
        """Read a table file written by :meth:`save` (gzipped when its name ends in ``.gz``)."""
        source = Path(path)
        try:
            if source.suffix == ".gz":
                import gzip  # noqa: PLC0415  (ttt-arena's parser loads this module; .gz only)

                with gzip.open(source, "rt", encoding="utf-8") as file:
                    document = json.load(file)
            else:
                with source.open(encoding="utf-8") as file:
                    document = json.load(file)
        except json.JSONDecodeError as error:
            raise TableFormatError(f"{path}: not valid JSON ({error})") from None
        except (EOFError, OSError) as error:
            if isinstance(error, FileNotFoundError | PermissionError | IsADirectoryError):
                raise
            raise TableFormatError(f"{path}: not a gzipped table ({error})") from None
        return cls.from_json(document)

    def save(self, path: str | Path) -> None:
        """Write the table as JSON (one position per line, so diffs stay readable)."""
        document = self.to_json()
        values = document.pop("values")
        head = json.dumps(document, indent=1)[:-2]
        rows = ",\n".join(f"  {json.dumps(key)}: {json.dumps(row)}" for key, row in values.items())
        target = Path(path)
        target.parent.mkdir(parents=True, exist_ok=True)
        text = f'{head},\n "values": {{\n{rows}\n }}\n}}\n'
        if target.suffix == ".gz":
            import gzip  # noqa: PLC0415  (ttt-arena's parser loads this module; .gz only)

            # mtime 0: the same table gives the same file.
            target.write_bytes(gzip.compress(text.encode("utf-8"), 9, mtime=0))
            return
        target.write_text(text, encoding="utf-8")


def _checked_row(key: object, row: object) -> tuple[float | None, ...]:
    if not isinstance(key, str) or len(key) != 9 or set(key) - {"X", "O", "."}:
        raise TableFormatError(f"{key!r} is not a position (nine of 'X', 'O', '.')")
    if not isinstance(row, list) or len(row) != 9:
        raise TableFormatError(f"the values of {key!r} are not a list of nine entries")
    checked: list[float | None] = []
    for cell, value in enumerate(row):
        if key[cell] != ".":
            if value is not None:
                raise TableFormatError(f"{key!r}: occupied cell {cell} has a value")
            checked.append(None)
        elif isinstance(value, int | float) and not isinstance(value, bool) and -1 <= value <= 1:
            checked.append(float(value))
        else:
            raise TableFormatError(f"{key!r}: cell {cell} needs a value from -1 to 1")
    return tuple(checked)


@functools.cache
def shipped_table() -> LearnerTable:
    """The table shipped with the program, read once per process."""
    return LearnerTable.load(SHIPPED_TABLE_PATH)


class LearnerPlayer(Player):
    """Plays the best-valued move of a learned table; ties go to the player's own generator.

    ``table`` is a :class:`LearnerTable` or the path of a table file; by default
    the shipped table.
    """

    kind: ClassVar[str] = "learner"

    def __init__(
        self, *, seed: int | None = None, table: LearnerTable | str | Path | None = None
    ) -> None:
        super().__init__(seed=seed)
        if table is None:
            table = shipped_table()
        elif not isinstance(table, LearnerTable):
            table = LearnerTable.load(table)
        self.table = table
        self._greedy_moves = table.greedy_moves

    def choose_move(self, board: Board) -> Cell:
        """The greedy move from the table (fallback rules for a position it lacks)."""
        return self.pick(self._greedy_moves(board))

    def think(self, board: Board, *, stop: StopCheck | None = None) -> Thought:
        """Rule ``table`` with the table's values as scores, or the fallback rule that fired."""
        from ttt_desktop.players.thought import (  # noqa: PLC0415  (ttt-arena's parser loads this module)
            Meaning,
            Rule,
            Thought,
            decisive_rule,
            scores_of,
        )

        started = time.perf_counter()
        candidates = self._greedy_moves(board)
        values = self.table.move_values(board)
        lines: tuple[tuple[Cell, ...], ...] = ()
        if values is not None:
            rule = Rule.TABLE
        else:
            decisive = decisive_rule(board)
            if decisive is not None:
                rule, _, lines = decisive
            elif candidates == (CENTRE,):
                rule = Rule.CENTRE
            elif candidates[0] in CORNERS:
                rule = Rule.CORNER
            else:
                rule = Rule.SIDE
        return Thought(
            self.kind,
            board.cells,
            board.to_move.value,
            self.pick(candidates),
            rule,
            candidates,
            scores=() if values is None else scores_of(values),
            meaning=Meaning.NONE if values is None else Meaning.LEARNED,
            seconds=time.perf_counter() - started,
            rule_cells=candidates,
            rule_lines=lines,
        )


# Training ---------------------------------------------------------------------

SELF_PLAY: Final = "self"
"""The opponent of a training by self-play: one table plays both sides."""
CONTROL_EVERY: Final = 100
"""Episodes between a training's looks at its ``control`` (a pause, a stop)."""
EVAL_OPPONENTS: Final = ("perfect", "rando")
"""The kinds every point of a table's learning curve plays, X and O in turn."""
TABLE: Final = "table"
"""The method of the tabular learner (tic-tac-toe): Q-learning over every position met."""
NTUPLE: Final = "ntuple"
"""The method of the n-tuple network (any board): TD(0) on line patterns."""
METHODS: Final = (TABLE, NTUPLE)
NETWORK_OPPONENTS: Final = ("levi", "utility", "searcher")
"""The kinds every point of a network's learning curve plays, X and O in turn."""
CURVE_OPPONENTS: Final = ("rando", "levi", "utility", "searcher", "perfect")
"""The kinds a learning curve may measure against (fixed players: the curve compares)."""
CURVE_SEARCHER_NODES: Final = 1000
"""The Searcher of a learning curve searches this many nodes a move: a fixed budget,
the same on every machine and under any load."""


@dataclass(frozen=True)
class TrainingSettings:
    """How to train a table, for the command line, the Lab and the shipped table alike;
    the defaults make the shipped table.

    ``alpha`` is the learning rate, ``epsilon`` the chance of an exploring (random) move,
    multiplied by ``epsilon_decay`` every 1,000 episodes (1: no decay), ``gamma`` the
    discount per move. ``opponent`` is :data:`SELF_PLAY` (one table plays both sides, X
    and O moving first in turn) or a computer player's kind, against which the learner
    takes X and O in turn. At the start, every ``eval_every`` episodes and at the end the
    greedy table is measured (:class:`CurvePoint`), ``eval_games`` games a measure.
    """

    episodes: int = 200_000
    seed: int = 2021
    alpha: float = 0.5
    epsilon: float = 0.3
    epsilon_decay: float = 1.0
    gamma: float = 0.9
    opponent: str = SELF_PLAY
    eval_every: int = 10_000
    eval_games: int = 1_000
    method: str = TABLE
    rules: str = "3,3,3"
    minutes: float = 0.0
    workers: int = 1
    opponents: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.method not in METHODS:
            raise ValueError(f"the method is one of {', '.join(METHODS)}, not {self.method!r}")
        rules = Rules.parse(self.rules)  # a RulesError (a ValueError) says what is wrong
        if self.method == TABLE and not rules.is_classic:
            raise ValueError(
                f"the table learner holds tic-tac-toe positions, not {rules.key}: "
                f"train the {NTUPLE} method on other boards"
            )
        if self.method == NTUPLE and self.opponent != SELF_PLAY:
            raise ValueError("the n-tuple network learns by self-play only")
        if self.minutes < 0 or self.workers < 0:
            raise ValueError("minutes and workers are 0 or more (0 workers: every core)")
        if self.method == TABLE and self.opponents:
            raise ValueError(
                f"a table's curve measures against {' and '.join(EVAL_OPPONENTS)}: leave out "
                "the opponents"
            )
        for kind in self.opponents:
            if kind not in CURVE_OPPONENTS:
                raise ValueError(
                    f"the curve measures against {', '.join(CURVE_OPPONENTS)}, not {kind!r}"
                )
        if self.episodes < 1:
            raise ValueError(f"episodes must be at least 1, not {self.episodes}")
        if not 0 < self.alpha <= 1:
            raise ValueError(f"alpha (the learning rate) must be in (0, 1], not {self.alpha}")
        if not 0 <= self.epsilon <= 1:
            raise ValueError(f"epsilon (exploration) must be in [0, 1], not {self.epsilon}")
        if not 0 < self.epsilon_decay <= 1:
            raise ValueError(f"the decay must be in (0, 1], not {self.epsilon_decay}")
        if not 0 < self.gamma <= 1:
            raise ValueError(f"gamma (the discount) must be in (0, 1], not {self.gamma}")
        if self.eval_every < 1 or self.eval_games < 2:
            raise ValueError(
                "eval_every must be at least 1 and eval_games at least 2 (X and O in turn)"
            )
        if self.opponent != SELF_PLAY:
            create_player(self.opponent, seed=0)  # an unknown kind says which kinds exist

    def exploration(self, episode: int) -> float:
        """The exploration rate at ``episode``."""
        return float(self.epsilon * self.epsilon_decay ** (episode / 1000))

    @property
    def curve_opponents(self) -> tuple[str, ...]:
        """The kinds each point of the curve plays: the chosen ones, else the method's."""
        if self.opponents:
            return self.opponents
        return EVAL_OPPONENTS if self.method == TABLE else NETWORK_OPPONENTS

    @property
    def worker_count(self) -> int:
        """The processes that train: ``workers``, or every core for 0."""
        return self.workers or os.cpu_count() or 1


@functools.cache
def network_training_problem() -> str | None:
    """Why a network can't be trained here (numpy, which the trainer needs, is missing, as
    in the packaged app), or None. Looked up without importing numpy."""
    if importlib.util.find_spec("numpy") is not None:
        return None
    return (
        "training a network needs numpy, which this copy of TTT Desktop does not have "
        "(the packaged app leaves it out: it would add about 40 MB); trained networks still "
        "play here. Train one where TTT Desktop runs from source (see the README)"
    )


def settings_for(method: str, **changes: Any) -> TrainingSettings:
    """The settings of ``method`` (:data:`TABLE` or :data:`NTUPLE`) with its own defaults,
    then ``changes``: the n-tuple network learns at ``alpha`` 0.1 (each position's value
    moves a tenth of the way to its target) and explores 10% of its moves, and its curve
    is 20 games against each of Levi, Utility and the Searcher every 2,000 games."""
    defaults: dict[str, Any] = {"method": method}
    if method == NTUPLE:
        defaults.update(
            episodes=1_000_000_000,
            alpha=0.1,
            epsilon=0.1,
            eval_every=2000,
            eval_games=20,
            rules="9,9,5",
            workers=0,
        )
    defaults.update(changes)
    return TrainingSettings(**defaults)


@dataclass(frozen=True)
class CurvePoint:
    """One measurement on the learning curve, of the greedy table after ``episodes``.

    ``random_*``: ``eval_games`` games as X moving first against uniformly random moves.
    ``perfect_loss_rate_as_*``: the exact chance of losing to a perfect player when both
    sides pick uniformly among their choices (X moving first). ``shares``: for each of
    :data:`EVAL_OPPONENTS`, the shares of wins, draws and losses in ``eval_games`` games
    with X and O in turn (the tournament's seeding).
    """

    episodes: int
    positions: int
    random_wins: int = 0
    random_draws: int = 0
    random_losses: int = 0
    perfect_loss_rate_as_x: float = 0.0
    perfect_loss_rate_as_o: float = 0.0
    seconds: float = 0.0
    exploration: float = 0.0
    shares: tuple[tuple[str, tuple[float, float, float]], ...] = ()
    method: str = TABLE
    games: int = 0
    """The games played against each of the curve's opponents (X and O in turn)."""

    CSV_HEADER: ClassVar[tuple[str, ...]] = (
        "episode",
        "positions",
        "win_rate_vs_random",
        "draw_rate_vs_random",
        "loss_rate_vs_random",
        "loss_rate_vs_perfect_as_x",
        "loss_rate_vs_perfect_as_o",
        "seconds",
    )

    @property
    def random_games(self) -> int:
        return self.random_wins + self.random_draws + self.random_losses

    def against(self, kind: str) -> tuple[float, float, float]:
        """The shares of wins, draws and losses against ``kind`` (one of EVAL_OPPONENTS)."""
        return dict(self.shares)[kind]

    @property
    def perfect(self) -> tuple[float, float, float]:
        return self.against("perfect")

    @property
    def rando(self) -> tuple[float, float, float]:
        return self.against("rando")

    def score(self, kind: str) -> tuple[float, float, float]:
        """The score against ``kind`` (a win 1, a draw a half) and its 95% confidence
        interval, low and high (Wilson's, over the point's ``games``)."""
        won, drawn, _ = self.against(kind)
        share = won + drawn / 2
        games = self.games or (self.random_games if self.method == TABLE else 0)
        if games < 1:
            return share, 0.0, 1.0
        z2 = 1.96 * 1.96
        centre = (share + z2 / (2 * games)) / (1 + z2 / games)
        half = math.sqrt(share * (1 - share) / games + z2 / (4 * games * games))
        half *= 1.96 / (1 + z2 / games)
        return share, max(0.0, centre - half), min(1.0, centre + half)

    def csv_header(self) -> tuple[str, ...]:
        """The CSV columns of this point's curve: :attr:`CSV_HEADER` for a table; the
        games, the seconds, the exploration and each opponent's score with its 95% interval
        and the shares of wins, draws and losses for a network."""
        if self.method == TABLE:
            return self.CSV_HEADER
        columns = ["games", "seconds", "exploration"]
        for kind, _ in self.shares:
            columns += [f"score_vs_{kind}", f"low_vs_{kind}", f"high_vs_{kind}"]
            columns += [f"{what}_vs_{kind}" for what in ("won", "drawn", "lost")]
        return tuple(columns)

    def csv_row(self) -> tuple[str, ...]:
        """The point as CSV fields, in the order of :meth:`csv_header`."""
        if self.method != TABLE:
            fields = [str(self.episodes), f"{self.seconds:.2f}", f"{self.exploration:.4f}"]
            for kind, shares in self.shares:
                fields += [f"{part:.4f}" for part in self.score(kind)]
                fields += [f"{share:.4f}" for share in shares]
            return tuple(fields)
        games = self.random_games
        return (
            str(self.episodes),
            str(self.positions),
            f"{self.random_wins / games:.4f}",
            f"{self.random_draws / games:.4f}",
            f"{self.random_losses / games:.4f}",
            f"{self.perfect_loss_rate_as_x:.4f}",
            f"{self.perfect_loss_rate_as_o:.4f}",
            f"{self.seconds:.2f}",
        )

    def describe(self) -> str:
        """One line for progress output."""
        if self.method != TABLE:
            scores = ", ".join(
                "{} {:.0f}% ({:.0f}-{:.0f}%)".format(kind, *(100 * v for v in self.score(kind)))
                for kind, _ in self.shares
            )
            return (
                f"game {self.episodes:,}: scores over {self.games} games each: {scores} "
                f"({self.seconds:.1f} s of training)"
            )
        games = self.random_games
        return (
            f"episode {self.episodes}: {self.positions} positions; vs random as X "
            f"{100 * self.random_wins / games:.1f}% won, {100 * self.random_draws / games:.1f}% "
            f"drawn, {100 * self.random_losses / games:.1f}% lost; loses to perfect "
            f"{100 * self.perfect_loss_rate_as_x:.1f}% as X, "
            f"{100 * self.perfect_loss_rate_as_o:.1f}% as O ({self.seconds:.1f} s)"
        )


@dataclass(frozen=True)
class TrainingResult:
    """The trained table (or network: :data:`NTUPLE`), its learning curve and the episodes
    (games) played (fewer than asked when ``control`` or the time stopped the training)."""

    table: Trained
    curve: tuple[CurvePoint, ...] = field(default=())
    episodes: int = 0


class QValues:
    """The training-time table: per position key, a value per legal move (aligned with them)."""

    def __init__(self) -> None:
        self.by_key: dict[str, list[float]] = {}
        # Each interned board resolves its key and legal moves once.
        self._entry: dict[Board, tuple[list[float], tuple[Cell, ...]]] = {}

    def entry(self, board: Board) -> tuple[list[float], tuple[Cell, ...]]:
        found = self._entry.get(board)
        if found is None:
            key = position_key(board)
            moves = board.legal_moves()
            values = self.by_key.get(key)
            if values is None:
                values = self.by_key[key] = [0.0] * len(moves)
            found = self._entry[board] = (values, moves)
        return found

    def snapshot(self, training: Mapping[str, Any]) -> LearnerTable:
        """The table as a :class:`LearnerTable`, each value kept within -1..1."""
        rows: dict[str, tuple[float | None, ...]] = {}
        for key, values in self.by_key.items():
            row: list[float | None] = [None] * 9
            empties = [cell for cell in range(9) if key[cell] == "."]
            for cell, value in zip(empties, values, strict=True):
                row[cell] = max(-1.0, min(1.0, round(value, _DECIMALS)))
            rows[key] = tuple(row)
        return LearnerTable(rows, training)


def _pick(values: list[float], uniform: Callable[[], float], epsilon: float) -> int:
    """An exploring move's index at ``epsilon``, else one of the best, ties drawn."""
    if uniform() < epsilon:
        return int(uniform() * len(values))
    best = max(values)
    ties = [i for i, value in enumerate(values) if value == best]
    return ties[0] if len(ties) == 1 else ties[int(uniform() * len(ties))]


Entry = Callable[[Board], tuple[list[float], tuple[Cell, ...]]]


def _self_play_episode(  # noqa: PLR0917  (the inner loop: positional, once an episode)
    entry: Entry,
    board: Board,
    uniform: Callable[[], float],
    epsilon: float,
    alpha: float,
    gamma: float,
) -> None:
    """One game of the table against itself from ``board``, each move learnt at once."""
    values, moves = entry(board)
    while True:
        index = _pick(values, uniform, epsilon)
        following = board.play(moves[index])
        if following.is_over:
            # The mover just finished the game: a win is worth 1, a draw 0.
            target = 0.0 if following.winner is None else 1.0
            values[index] += alpha * (target - values[index])
            return
        next_values, next_moves = entry(following)
        # What this move is worth is what the opponent's best reply is not.
        values[index] += alpha * (-gamma * max(next_values) - values[index])
        board, values, moves = following, next_values, next_moves


def _episode_against(  # noqa: PLR0917  (the inner loop: positional, once an episode)
    entry: Entry,
    opponent: Player,
    learner: Mark,
    uniform: Callable[[], float],
    epsilon: float,
    alpha: float,
    gamma: float,
) -> None:
    """One game against ``opponent``, the learner playing ``learner`` (X moves first): its
    move is pulled towards 1 for a win, 0 for a draw, -1 when the reply wins, else the
    discounted best value of its next position."""
    board = Board.empty(Mark.X)
    pending: tuple[list[float], int] | None = None
    while not board.is_over:
        if board.to_move is learner:
            values, moves = entry(board)
            index = _pick(values, uniform, epsilon)
            after = board.play(moves[index])
            pending = (values, index)
            if after.is_over:
                values[index] += alpha * ((0.0 if after.winner is None else 1.0) - values[index])
                pending = None
        else:
            after = board.play(opponent.choose_move(board))
            if pending is not None:
                values, index = pending
                if after.is_over:
                    target = 0.0 if after.winner is None else -1.0
                else:
                    target = gamma * max(entry(after)[0])
                values[index] += alpha * (target - values[index])
                pending = None
        board = after


def train(
    settings: TrainingSettings = TrainingSettings(),
    on_progress: Callable[[CurvePoint], None] | None = None,
    *,
    control: Callable[[int, Callable[[], Trained]], bool] | None = None,
    start: NTupleNetwork | None = None,
) -> TrainingResult:
    """Train a table or a network: the one trainer of the command line, the Lab and the
    shipped players; ``settings.method`` says which.

    ``on_progress`` hears each point of the learning curve. ``control(episode, snapshot)``
    is asked every :data:`CONTROL_EVERY` episodes (a network: after each round of games);
    it may wait (a pause) and returns False to stop. The same settings (seed included) give
    the same table and curve; a network's the same network with one worker
    (``workers=1``; with more, the processes learn into one shared array as they play, and
    their games interleave as the machine runs them). ``start`` is a network to train on
    (its training record says the games and seconds it has had, and its curve so far): a
    training resumed.
    """
    if settings.method == NTUPLE:
        return _train_network(settings, on_progress, control, start)
    if start is not None:
        raise ValueError("only a network's training is resumed from what it learnt")
    rng = random.Random(settings.seed)
    uniform = rng.random
    alpha, gamma = settings.alpha, settings.gamma
    q_values = QValues()
    entry = q_values.entry
    opponent: Player | None = None
    if settings.opponent != SELF_PLAY:
        opponent = create_player(settings.opponent, seed=rng.getrandbits(32))
    starts = (Board.empty(Mark.X), Board.empty(Mark.O))
    curve: list[CurvePoint] = []
    started = time.perf_counter()

    def snapshot(episodes: int) -> LearnerTable:
        return q_values.snapshot(_training_record(settings, episodes))

    def measure(episodes: int) -> LearnerTable:
        table = snapshot(episodes)
        seed = settings.seed + episodes
        wins, draws, losses = results_against_random(table, settings.eval_games, seed=seed)
        point = CurvePoint(
            episodes=episodes,
            positions=len(table),
            random_wins=wins,
            random_draws=draws,
            random_losses=losses,
            perfect_loss_rate_as_x=loss_rate_against_perfect(table, Mark.X),
            perfect_loss_rate_as_o=loss_rate_against_perfect(table, Mark.O),
            seconds=time.perf_counter() - started,
            exploration=settings.exploration(episodes),
            shares=tuple(
                (kind, _shares(score_against(table, kind, settings.eval_games, seed)))
                for kind in EVAL_OPPONENTS
            ),
        )
        curve.append(point)
        if on_progress is not None:
            on_progress(point)
        return table

    measure(0)
    limit = settings.minutes * 60
    episode = 0
    for episode in range(1, settings.episodes + 1):
        epsilon = settings.exploration(episode)
        if opponent is None:
            _self_play_episode(entry, starts[episode & 1], uniform, epsilon, alpha, gamma)
        else:
            learner = Mark.X if episode & 1 else Mark.O
            _episode_against(entry, opponent, learner, uniform, epsilon, alpha, gamma)
        if episode % settings.eval_every == 0 and episode != settings.episodes:
            measure(episode)
        if episode % CONTROL_EVERY == 0 and (
            (limit and time.perf_counter() - started >= limit)
            or (control is not None and not control(episode, functools.partial(snapshot, episode)))
        ):
            break
    if curve[-1].episodes == episode:  # a stop right after a measure: no second point
        return TrainingResult(snapshot(episode), tuple(curve), episode)
    return TrainingResult(measure(episode), tuple(curve), episode)


ROUND_GAMES: Final = 8
"""The games each training process plays between two sharings of what they learnt."""


def _train_network(
    settings: TrainingSettings,
    on_progress: Callable[[CurvePoint], None] | None,
    control: Callable[[int, Callable[[], Trained]], bool] | None,
    start: NTupleNetwork | None,
) -> TrainingResult:
    """The :data:`NTUPLE` method: self-play in rounds, on ``settings.worker_count``
    processes (this one and helpers), each round's changes added up."""
    from ttt_desktop.players import ntuple  # noqa: PLC0415  (numpy: only when training one)

    rules = Rules.parse(settings.rules)
    if start is None:
        network = ntuple.NTupleNetwork(rules)
    elif start.rules is not rules:
        raise ValueError(
            f"the network was trained on {start.rules.key}; resume it on that board, "
            f"not {rules.key}"
        )
    else:
        network = start.copy()
    record = network.training
    games = int(record.get("games", 0))
    seconds = float(record.get("seconds", 0.0))
    curve = [curve_point(point) for point in record.get("curve", ())]
    limit = settings.minutes * 60 if settings.minutes else math.inf
    workers = settings.worker_count
    helpers = None
    if workers > 1:
        helpers = ntuple.SelfPlayHelpers(workers - 1, network.weights)
        network.weights = helpers.weights  # every process learns into the same array

    def snapshot() -> NTupleNetwork:
        copy = network.copy()
        copy.training = _network_record(settings, games, seconds, curve)
        return copy

    def measure() -> None:
        seed = settings.seed + games
        shares = tuple(
            (kind, _shares(_network_score(network, rules, kind, settings.eval_games, seed)))
            for kind in settings.curve_opponents
        )
        point = CurvePoint(
            episodes=games,
            positions=int((network.weights != 0).sum()),
            seconds=seconds,
            exploration=settings.exploration(games),
            shares=shares,
            method=NTUPLE,
            games=settings.eval_games,
        )
        curve.append(point)
        if on_progress is not None:
            on_progress(point)

    try:
        if games == 0:
            measure()
        next_measure = (games // settings.eval_every + 1) * settings.eval_every
        while games < settings.episodes and seconds < limit:
            count = min(ROUND_GAMES * workers, settings.episodes - games)
            epsilon = settings.exploration(games)
            began = time.perf_counter()
            if helpers is None:
                ntuple.train_games(
                    network, rules, settings.seed, games + 1, count,
                    epsilon=epsilon, alpha=settings.alpha,
                )  # fmt: skip
            else:
                _shared_round(network, helpers, settings, games + 1, count, epsilon)
            games += count
            seconds += time.perf_counter() - began
            if games >= next_measure and games < settings.episodes and seconds < limit:
                measure()
                while next_measure <= games:
                    next_measure += settings.eval_every
            if control is not None and not control(games, snapshot):
                break
        if curve[-1].episodes != games:
            measure()
    finally:
        if helpers is not None:
            network.weights = helpers.weights.copy()
            helpers.close()
    network.training = _network_record(settings, games, seconds, curve)
    return TrainingResult(network, tuple(curve), games)


def _shared_round(  # noqa: PLR0917
    network: NTupleNetwork,
    helpers: Any,
    settings: TrainingSettings,
    first: int,
    count: int,
    epsilon: float,
) -> None:
    """Games ``first`` on, shared among this process and the helpers, all learning into
    the network's weights (shared with the helpers) as they play."""
    from ttt_desktop.players import ntuple  # noqa: PLC0415  (numpy: only when training one)

    parts = len(helpers) + 1
    counts = [count // parts + (1 if part < count % parts else 0) for part in range(parts)]
    firsts = [first + sum(counts[:part]) for part in range(parts)]
    key, seed, alpha = network.rules.key, settings.seed, settings.alpha
    helpers.send(
        [(key, seed, firsts[part], counts[part], epsilon, alpha) for part in range(1, parts)]
    )
    ntuple.train_games(
        network, network.rules, seed, firsts[0], counts[0], epsilon=epsilon, alpha=alpha
    )
    helpers.receive()


def _network_score(
    network: NTupleNetwork, rules: Rules, opponent: str, games: int, seed: int
) -> tuple[int, int, int]:
    """The network's wins, draws and losses in ``games`` games against ``opponent`` on
    ``rules`` (the Searcher at :data:`CURVE_SEARCHER_NODES`): :func:`paired_score`."""
    from ttt_desktop.players.ntuple_player import NTuplePlayer  # noqa: PLC0415  (ttt-arena's parser loads this module)

    learner = NTuplePlayer(seed=seed, network=network)
    options: dict[str, Any] = {"nodes": CURVE_SEARCHER_NODES} if opponent == "searcher" else {}
    other = create_player(opponent, seed=seed + 1, **options)
    wins, draws, losses, _ = paired_score(learner, other, rules, games, seed)
    return wins, draws, losses


def paired_score(
    player: Any, opponent: Any, rules: Rules, games: int, seed: int
) -> tuple[int, int, int, int]:
    """``player``'s wins, draws and losses in ``games`` games against ``opponent`` on
    ``rules``, and how many of the games differ from one another.

    The games go in pairs from the board's built-in openings
    (:func:`~ttt_desktop.core.openings.builtin_openings`, each turned by a symmetry drawn
    from ``seed``), the player X in the first game of a pair and O in the second. From the
    empty board, players that seldom break ties at random repeat their games (a network
    against the Searcher at 1,000 nodes on 7,7,4: 12 distinct games of 20), and a score's
    error bar would claim more games than were played.
    """
    opening = opening_sequence(builtin_openings(rules), rules, symmetries_seed=seed)
    wins = draws = 0
    seen: set[tuple[int, ...]] = set()
    for game in range(games):
        cells = opening(game // 2)
        mark = Mark.X if game % 2 == 0 else Mark.O
        ours, theirs = OpeningSeat(player, cells), OpeningSeat(opponent, cells)
        x, o = (ours, theirs) if mark is Mark.X else (theirs, ours)
        played = play_game(x, o, rules)
        seen.add((game % 2, *(played.moves or ())))
        # The game's winner, a forfeit's (a forbidden move under renju) included.
        if played.winner is mark:
            wins += 1
        elif played.winner is None:
            draws += 1
    return wins, draws, games - wins - draws, len(seen)


def _network_record(
    settings: TrainingSettings, games: int, seconds: float, curve: list[CurvePoint]
) -> dict[str, Any]:
    record: dict[str, Any] = asdict(settings)
    record.update(
        games=games,
        seconds=round(seconds, 3),
        about=f"TD(0) by self-play on {settings.rules}, an n-tuple network of line patterns",
        curve=[_point_json(point) for point in curve],
    )
    return record


def settings_of(record: Mapping[str, Any]) -> TrainingSettings:
    """The settings a network's training record was made with (to train it on); a
    ``ValueError`` saying what is wrong when the record holds none."""
    names = {field.name for field in fields(TrainingSettings)}
    try:
        given = {name: record[name] for name in names if name in record}
        given["opponents"] = tuple(given.get("opponents", ()))
        return TrainingSettings(**given)
    except (TypeError, ValueError) as error:
        raise ValueError(f"its training record holds no settings to go on with ({error})") from None


def _point_json(point: CurvePoint) -> dict[str, Any]:
    document = asdict(point)
    document["shares"] = [[kind, list(shares)] for kind, shares in point.shares]
    return document


def curve_point(document: object) -> CurvePoint:
    """A curve point from a training record; ValueError when it is not one."""
    try:
        assert isinstance(document, dict)
        fields = dict(document)
        fields["shares"] = tuple(
            (str(kind), (float(won), float(drawn), float(lost)))
            for kind, (won, drawn, lost) in fields.get("shares", ())
        )
        return CurvePoint(**fields)
    except (AssertionError, TypeError, ValueError) as error:
        raise ValueError(f"a point of the curve is not one ({error})") from None


def _training_record(settings: TrainingSettings, episodes: int) -> dict[str, Any]:
    record: dict[str, Any] = asdict(settings)
    record["episodes"] = episodes
    record["method"] = (
        "Q-learning by self-play, X and O moving first in turn"
        if settings.opponent == SELF_PLAY
        else f"Q-learning against {settings.opponent}, as X and O in turn"
    )
    return record


def _shares(counts: tuple[int, int, int]) -> tuple[float, float, float]:
    total = sum(counts)
    return (counts[0] / total, counts[1] / total, counts[2] / total)


def score_against(
    table: LearnerTable, opponent: str, games: int, seed: int
) -> tuple[int, int, int]:
    """The greedy table's wins, draws and losses in ``games`` games against ``opponent``,
    X and O in turn."""
    learner = LearnerPlayer(seed=seed, table=table)
    other = create_player(opponent, seed=seed + 1)
    wins = draws = 0
    for game in range(games):
        learner_mark = Mark.X if game % 2 == 0 else Mark.O
        x, o = (learner, other) if learner_mark is Mark.X else (other, learner)
        board = play_game(x, o).board
        if board.winner is learner_mark:
            wins += 1
        elif board.winner is None:
            draws += 1
    return wins, draws, games - wins - draws


# Measuring --------------------------------------------------------------------


def results_against_random(table: LearnerTable, games: int, *, seed: int) -> tuple[int, int, int]:
    """Wins, draws and losses of the greedy table as X, moving first, against random moves."""
    rng = random.Random(seed)
    uniform = rng.random
    greedy = table.greedy_moves
    x = Mark.X  # a local: Mark.X itself is a slow look-up on Python 3.11
    start = Board.empty(x)
    wins = draws = 0
    for _ in range(games):
        board = start
        while not board.is_over:
            choices = greedy(board) if board.to_move is x else board.legal_moves()
            board = board.play(choices[int(uniform() * len(choices))])
        if board.winner is x:
            wins += 1
        elif board.winner is None:
            draws += 1
    return wins, draws, games - wins - draws


def _perfect_moves(board: Board) -> tuple[Cell, ...]:
    from ttt_desktop.analysis import best_moves  # noqa: PLC0415  (ttt-arena's parser loads this module)

    return best_moves(board)


def loss_rate_against_perfect(table: LearnerTable, learner: Mark, *, first: Mark = Mark.X) -> float:
    """The exact chance that the greedy table, playing ``learner``, loses to a perfect player.

    Both sides pick uniformly among their choices: the table among its
    best-valued moves, the perfect player among its optimal ones.
    """

    @functools.cache
    def chance_of_loss(board: Board) -> float:
        if board.is_over:
            return 0.0 if board.winner in (None, learner) else 1.0
        choices = table.greedy_moves(board) if board.to_move is learner else _perfect_moves(board)
        return math.fsum(chance_of_loss(board.play(cell)) for cell in choices) / len(choices)

    return chance_of_loss(Board.empty(first))


def losing_lines_against_perfect(
    table: LearnerTable, learner: Mark, *, first: Mark = Mark.X
) -> Iterator[tuple[Cell, ...]]:
    """Every game (as its moves) in which the greedy table, playing ``learner``, loses.

    Walks all of the table's tied best moves and all of the perfect player's
    optimal replies, so an empty result means no tie-break on either side leads
    to a loss.
    """

    def walk(board: Board, moves: tuple[Cell, ...]) -> Iterator[tuple[Cell, ...]]:
        if board.is_over:
            if board.winner not in (None, learner):
                yield moves
            return
        choices = table.greedy_moves(board) if board.to_move is learner else _perfect_moves(board)
        for cell in choices:
            yield from walk(board.play(cell), (*moves, cell))

    return walk(Board.empty(first), ())
