"""Training the learner in a worker process, with a live learning curve, pause, resume and stop.

The learning rule is the shipped learner's (``ttt_desktop.players.learner.train``):
tabular Q-learning, values kept from the point of view of the side to move, each
move's value pulled by ``alpha`` towards 1 for a win, 0 for a draw, or minus the
discounted best value of the reply. Two things are new here:

* the exploration rate decays: ``epsilon * epsilon_decay ** (episode / 1000)``;
* the opponent: self-play (one table plays both sides, as the shipped one was made),
  or any computer player, against which the learner takes X and O in turn. Against an
  opponent, the learner's move is pulled towards 1 for a win, 0 for a draw, -1 when the
  opponent's reply wins, else the discounted best value of its next position.

Every ``eval_every`` episodes the greedy table plays ``eval_games`` games against
``perfect`` and against ``rando`` (half as X, half as O, the tournament's seeding) and
the shares of wins, draws and losses make a point of the curve.

:class:`TrainingRunner` runs :func:`train_table` in one ``spawn`` process: it sends
each point, and the table itself whenever it pauses, stops or ends, so "Save as player"
always has the latest table. The same settings give the same table and curve.

Nothing here imports Qt.
"""

from __future__ import annotations

import contextlib
import functools
import multiprocessing
import random
import time
import traceback
from collections.abc import Callable
from dataclasses import asdict, dataclass
from multiprocessing.connection import Connection
from typing import Any, Final

from ttt_desktop.core.board import Board, Mark
from ttt_desktop.core.play import play_game
from ttt_desktop.lab.shared_flag import SharedFlag
from ttt_desktop.players import Player, create_player
from ttt_desktop.players.learner import LearnerTable, QValues

__all__ = [
    "SELF_PLAY",
    "TrainPoint",
    "TrainSettings",
    "TrainingRunner",
    "score_against",
    "train_table",
]

SELF_PLAY: Final = "self"
EVAL_OPPONENTS: Final = ("perfect", "rando")
_CONTROL_EVERY: Final = 100
"""Episodes between looks at the pause and stop flags (a look costs a system call)."""


@dataclass(frozen=True)
class TrainSettings:
    """What to train and how; ``opponent`` is ``"self"`` or a computer player's kind."""

    episodes: int = 20_000
    alpha: float = 0.5
    epsilon: float = 0.3
    epsilon_decay: float = 1.0
    """Exploration is multiplied by this every 1,000 episodes (1: no decay)."""
    gamma: float = 0.9
    opponent: str = SELF_PLAY
    seed: int = 1
    eval_every: int = 1_000
    eval_games: int = 200

    def __post_init__(self) -> None:
        if self.episodes < 1:
            raise ValueError(f"episodes must be at least 1, not {self.episodes}")
        if not 0 < self.alpha <= 1:
            raise ValueError(f"the learning rate must be in (0, 1], not {self.alpha}")
        if not 0 <= self.epsilon <= 1:
            raise ValueError(f"exploration must be in [0, 1], not {self.epsilon}")
        if not 0 < self.epsilon_decay <= 1:
            raise ValueError(f"the decay must be in (0, 1], not {self.epsilon_decay}")
        if not 0 < self.gamma <= 1:
            raise ValueError(f"the discount must be in (0, 1], not {self.gamma}")
        if self.eval_every < 1 or self.eval_games < 2:
            raise ValueError("measure every episode or more, with two games or more")
        if self.opponent != SELF_PLAY:
            create_player(self.opponent, seed=0)  # an unknown kind says which kinds exist

    def exploration(self, episode: int) -> float:
        return float(self.epsilon * self.epsilon_decay ** (episode / 1000))


@dataclass(frozen=True)
class TrainPoint:
    """One point of the curve: shares of wins, draws, losses against perfect and rando."""

    episodes: int
    positions: int
    exploration: float
    perfect: tuple[float, float, float]
    rando: tuple[float, float, float]
    seconds: float


def _pick(values: list[float], uniform: Callable[[], float], epsilon: float) -> int:
    if uniform() < epsilon:
        return int(uniform() * len(values))
    best = max(values)
    ties = [i for i, value in enumerate(values) if value == best]
    return ties[0] if len(ties) == 1 else ties[int(uniform() * len(ties))]


def score_against(
    table: LearnerTable, opponent: str, games: int, seed: int
) -> tuple[int, int, int]:
    """The greedy table's wins, draws and losses in ``games`` games, X and O in turn."""
    from ttt_desktop.players.learner import LearnerPlayer  # noqa: PLC0415

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


def _shares(counts: tuple[int, int, int]) -> tuple[float, float, float]:
    total = sum(counts)
    return (counts[0] / total, counts[1] / total, counts[2] / total)


def train_table(
    settings: TrainSettings,
    *,
    on_point: Callable[[TrainPoint], None] | None = None,
    control: Callable[[int, Callable[[], LearnerTable]], bool] | None = None,
) -> tuple[LearnerTable, int]:
    """Train a table; returns it and the episodes played.

    ``on_point`` hears each point of the curve. ``control(episode, snapshot)`` is
    asked every hundred episodes; it may wait (a pause) and returns False to stop.
    """
    rng = random.Random(settings.seed)
    uniform = rng.random
    alpha, gamma = settings.alpha, settings.gamma
    table = QValues()
    entry = table.entry
    opponent = (
        None
        if settings.opponent == SELF_PLAY
        else create_player(settings.opponent, seed=rng.getrandbits(32))
    )
    started = time.perf_counter()

    def snapshot(episodes: int) -> LearnerTable:
        record: dict[str, Any] = asdict(settings)
        record["episodes"] = episodes
        record["method"] = (
            "Q-learning by self-play"
            if opponent is None
            else f"Q-learning against {settings.opponent}, as X and O in turn"
        )
        return table.snapshot(record, clamp=True)

    def measure(episodes: int) -> None:
        if on_point is None:
            return
        greedy = snapshot(episodes)
        seed = settings.seed + episodes
        results = {
            name: _shares(score_against(greedy, name, settings.eval_games, seed))
            for name in EVAL_OPPONENTS
        }
        on_point(
            TrainPoint(
                episodes,
                len(greedy),
                settings.exploration(episodes),
                results["perfect"],
                results["rando"],
                time.perf_counter() - started,
            )
        )

    measure(0)
    episode = 0
    for episode in range(1, settings.episodes + 1):
        epsilon = settings.exploration(episode)
        if opponent is None:
            _self_play_episode(
                entry,
                Mark.X if episode & 1 else Mark.O,
                uniform=uniform,
                epsilon=epsilon,
                alpha=alpha,
                gamma=gamma,
            )
        else:
            _episode_against(
                entry,
                opponent,
                opponent_first=episode & 1 == 0,
                uniform=uniform,
                epsilon=epsilon,
                alpha=alpha,
                gamma=gamma,
            )
        if episode % settings.eval_every == 0 or episode == settings.episodes:
            measure(episode)
        if (
            control is not None
            and episode % _CONTROL_EVERY == 0
            and not control(episode, functools.partial(snapshot, episode))
        ):
            break
    return snapshot(episode), episode


class _Learning:
    """The learner during one episode: a seat that picks from the table, exploring at
    ``epsilon``, and a move hook that pulls each of its moves' values towards the target
    once the target is known (see the module's description)."""

    __slots__ = ("alpha", "entry", "epsilon", "gamma", "learner", "pending", "uniform")

    def __init__(
        self,
        entry: Callable[[Board], tuple[list[float], tuple[int, ...]]],
        *,
        uniform: Callable[[], float],
        epsilon: float,
        alpha: float,
        gamma: float,
        learner: Mark | None,
    ) -> None:
        self.entry = entry
        self.uniform = uniform
        self.epsilon = epsilon
        self.alpha = alpha
        self.gamma = gamma
        self.learner = learner
        """The learner's mark against an opponent; None in self-play (it has both)."""
        self.pending: tuple[list[float], int] | None = None

    def choose_move(self, board: Board) -> int:
        values, moves = self.entry(board)
        index = _pick(values, self.uniform, self.epsilon)
        self.pending = (values, index)
        return moves[index]

    def _learn(self, target: float) -> None:
        assert self.pending is not None
        values, index = self.pending
        values[index] += self.alpha * (target - values[index])
        self.pending = None

    def self_play_move(self, board: Board, cell: int, _answer: object) -> None:
        """Self-play: a move's value is pulled towards minus the discounted best reply."""
        following = board.play(cell)
        if following.is_over:
            self._learn(0.0 if following.winner is None else 1.0)
        else:
            next_values, _ = self.entry(following)
            self._learn(-self.gamma * max(next_values))

    def move_against(self, board: Board, cell: int, _answer: object) -> None:
        """Against an opponent: the learner's move is valued once the reply is known."""
        after = board.play(cell)
        if board.to_move is self.learner:
            if after.is_over:
                self._learn(0.0 if after.winner is None else 1.0)
        elif self.pending is not None:
            if after.is_over:
                self._learn(0.0 if after.winner is None else -1.0)
            else:
                next_values, _ = self.entry(after)
                self._learn(self.gamma * max(next_values))


def _self_play_episode(
    entry: Callable[[Board], tuple[list[float], tuple[int, ...]]],
    first: Mark,
    *,
    uniform: Callable[[], float],
    epsilon: float,
    alpha: float,
    gamma: float,
) -> None:
    learning = _Learning(
        entry, uniform=uniform, epsilon=epsilon, alpha=alpha, gamma=gamma, learner=None
    )
    play_game(learning, learning, first=first, on_move=learning.self_play_move)


def _episode_against(
    entry: Callable[[Board], tuple[list[float], tuple[int, ...]]],
    opponent: Player,
    *,
    opponent_first: bool,
    uniform: Callable[[], float],
    epsilon: float,
    alpha: float,
    gamma: float,
) -> None:
    # X moves first; the opponent takes X every other episode.
    learning = _Learning(
        entry,
        uniform=uniform,
        epsilon=epsilon,
        alpha=alpha,
        gamma=gamma,
        learner=Mark.O if opponent_first else Mark.X,
    )
    if opponent_first:
        play_game(opponent, learning, on_move=learning.move_against)
    else:
        play_game(learning, opponent, on_move=learning.move_against)


# The worker process ---------------------------------------------------------------------


def _worker_main(
    settings: TrainSettings, connection: Connection, go: SharedFlag, stop: SharedFlag
) -> None:
    def send_point(point: TrainPoint) -> None:
        connection.send(("point", point))

    def control(episode: int, snapshot: Callable[[], LearnerTable]) -> bool:
        if not go.is_set() and not stop.is_set():
            connection.send(("paused", (episode, snapshot().to_json())))
            while not go.wait(0.1):
                if stop.is_set():
                    break
        return not stop.is_set()

    try:
        table, episodes = train_table(settings, on_point=send_point, control=control)
        connection.send(("finished", (episodes, table.to_json())))
    except (EOFError, BrokenPipeError, KeyboardInterrupt):
        pass
    except Exception:
        with contextlib.suppress(OSError):
            connection.send(("error", traceback.format_exc()))
    finally:
        connection.close()


class TrainingRunner:
    """Runs a training in a worker process; poll it for points and the table."""

    def __init__(self, settings: TrainSettings, *, context: str = "spawn") -> None:
        self.settings = settings
        self.points: list[TrainPoint] = []
        self.table: LearnerTable | None = None
        self.episodes = 0
        self.error: str | None = None
        self.finished = False
        self.paused = False
        self._context: Any = multiprocessing.get_context(context)
        self._go = SharedFlag(self._context)
        self._stop = SharedFlag(self._context)
        self._process: Any = None
        self._connection: Connection | None = None

    def start(self) -> None:
        ours, theirs = self._context.Pipe(duplex=False)
        self._go.set()
        self._process = self._context.Process(
            target=_worker_main,
            args=(self.settings, theirs, self._go, self._stop),
            name="ttt-lab-training",
            daemon=True,
        )
        self._process.start()
        theirs.close()
        self._connection = ours

    @property
    def running(self) -> bool:
        return self._process is not None and not self.finished

    def pause(self) -> None:
        self._go.clear()

    def resume(self) -> None:
        self.paused = False
        self._go.set()

    def stop(self) -> None:
        """Stop at the next hundred episodes; the table so far arrives as ``finished``."""
        self._stop.set()
        self._go.set()

    def poll(self, timeout: float = 0.0) -> list[TrainPoint]:
        """New points of the curve (and any table sent) since the last poll."""
        new: list[TrainPoint] = []
        connection = self._connection
        if connection is None or self.finished:
            return new
        try:
            ready = connection.poll(timeout)
            while ready:
                kind, payload = connection.recv()
                if kind == "point":
                    new.append(payload)
                    self.points.append(payload)
                elif kind == "paused":
                    self.paused = True
                    self.episodes, document = payload
                    self.table = LearnerTable.from_json(document)
                elif kind == "finished":
                    self.episodes, document = payload
                    self.table = LearnerTable.from_json(document)
                    self._end()
                    break
                elif kind == "error":
                    self.error = str(payload)
                    self._end()
                    break
                ready = connection.poll(0)
        except (EOFError, OSError):
            if not self.finished:
                self.error = self.error or "the training process ended unexpectedly"
                self._end()
        return new

    def _end(self) -> None:
        self.finished = True
        self.paused = False
        if self._process is not None:
            self._process.join(2.0)

    def close(self) -> None:
        """End the process at once (safe to call twice)."""
        if self._process is not None and self._process.is_alive():
            self._process.kill()
            self._process.join(1.0)
        self.finished = True
        if self._connection is not None:
            self._connection.close()
            self._connection = None
