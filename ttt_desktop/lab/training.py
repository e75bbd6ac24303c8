"""Training a learner in a worker process, with a live learning curve, pause, resume and stop.

The trainer is the learner's own (:func:`ttt_desktop.players.learner.train`, the one that
made the shipped table and networks): tabular Q-learning on tic-tac-toe, by self-play or
against any computer player, or an n-tuple network trained by TD(0) self-play on any
board; a point of the curve every ``eval_every`` episodes
(:class:`~ttt_desktop.players.learner.CurvePoint`: the shares of wins, draws and losses
against ``perfect`` and ``rando`` for a table, against the chosen fixed opponents for a
network).

:class:`TrainingRunner` runs it in one ``spawn`` process (which starts helpers of its own
when a network trains on several cores): it sends each point, and the table or network
itself whenever it pauses, stops or ends, so "Save as player" always has the latest one;
a network arrives as its file's document (:class:`NetworkDocument`), so the window
never loads numpy. The same settings give the same table and curve (a network's: on one
worker). ``start`` resumes a network's training where its record says it stopped.

Nothing here imports Qt.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import traceback
from collections.abc import Callable
from multiprocessing.connection import Connection
from typing import Any

from ttt_desktop.lab.shared_flag import SharedFlag
from ttt_desktop.players.learner import (
    NTUPLE,
    TABLE_FORMAT,
    CurvePoint,
    LearnerTable,
    TrainingSettings,
    curve_point,
    train,
)
from ttt_desktop.players.ntuple_file import NetworkDocument

__all__ = ["TrainingRunner", "curve_of", "trained_from_json"]


def trained_from_json(document: object) -> LearnerTable | NetworkDocument:
    """A learner table or a network's document from its JSON (``ValueError`` if neither)."""
    if isinstance(document, dict) and document.get("format") == TABLE_FORMAT:
        return LearnerTable.from_json(document)
    return NetworkDocument.from_json(document)


# The worker process ---------------------------------------------------------------------


def _worker_main(
    settings: TrainingSettings,
    start: dict[str, Any] | None,
    connection: Connection,
    go: SharedFlag,
    stop: SharedFlag,
) -> None:
    def send_point(point: CurvePoint) -> None:
        connection.send(("point", point))

    def control(episode: int, snapshot: Callable[[], Any]) -> bool:
        if not go.is_set() and not stop.is_set():
            connection.send(("paused", (episode, snapshot().to_json())))
            while not go.wait(0.1):
                if stop.is_set():
                    break
        return not stop.is_set()

    try:
        network = None
        if start is not None:
            from ttt_desktop.players.ntuple import NTupleNetwork  # noqa: PLC0415  (numpy: training)

            network = NTupleNetwork.from_json(start)
        result = train(settings, send_point, control=control, start=network)
        connection.send(("finished", (result.episodes, result.table.to_json())))
    except (EOFError, BrokenPipeError, KeyboardInterrupt):
        pass
    except Exception:
        with contextlib.suppress(OSError):
            connection.send(("error", traceback.format_exc()))
    finally:
        connection.close()


class TrainingRunner:
    """Runs a training in a worker process; poll it for points and the table."""

    def __init__(
        self,
        settings: TrainingSettings,
        *,
        start: NetworkDocument | None = None,
        context: str = "spawn",
    ) -> None:
        self.settings = settings
        self.start_from = start
        # A resumed training's curve so far: its points arrive only from where it stopped.
        self.points: list[CurvePoint] = [] if start is None else list(curve_of(start))
        self.table: LearnerTable | NetworkDocument | None = start
        self.episodes = 0 if start is None else int(start.training.get("games", 0))
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
        start = None if self.start_from is None else self.start_from.to_json()
        self._process = self._context.Process(
            target=_worker_main,
            args=(self.settings, start, theirs, self._go, self._stop),
            name="ttt-lab-training",
            # A network trained on several cores starts helper processes of its own, which
            # a daemonic process may not; close() ends it (and so its helpers) either way.
            daemon=not (self.settings.method == NTUPLE and self.settings.worker_count > 1),
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
        """Stop at the next hundred episodes (a network: round of games); the table or
        network so far arrives as ``finished``."""
        self._stop.set()
        self._go.set()

    def poll(self, timeout: float = 0.0) -> list[CurvePoint]:
        """New points of the curve (and any table sent) since the last poll."""
        new: list[CurvePoint] = []
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
                    self.table = trained_from_json(document)
                elif kind == "finished":
                    self.episodes, document = payload
                    self.table = trained_from_json(document)
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


def curve_of(document: NetworkDocument) -> tuple[CurvePoint, ...]:
    """The learning curve a network's training record holds (none if it holds none)."""
    points = []
    for point in document.training.get("curve", ()):
        try:
            points.append(curve_point(point))
        except ValueError:
            return ()
    return tuple(points)
