"""A Gomocup brain as a player like any other: :class:`BrainPlayer`.

The one play loop (:func:`ttt_desktop.core.play.play_game`) asks it for moves like any
computer player; it keeps a :class:`~ttt_desktop.brains.manager.BrainProcess` running
behind it, tells the brain what happened since its last move, and answers with the
brain's move (checked) and its MESSAGE lines in the :class:`Thought`. A brain that breaks
a rule raises :class:`~ttt_desktop.brains.manager.BrainFailure` (the game is lost; the
process is killed and a fresh one starts for the next game); one that declines the board
raises :class:`~ttt_desktop.brains.manager.BrainRefused`.

Each brain is a kind of its own (``brain.<name>``), so ratings and History keep brains
apart. The process ends with :meth:`BrainPlayer.close` (or the ``with`` block), and in
any case when the player is collected or the program exits.

Under swap and swap2 the brain places the opener's stones and makes its choices itself,
through the protocol's ``SWAP2BOARD`` (:meth:`BrainPlayer.swap_stones`,
:meth:`BrainPlayer.swap_choice`); plain swap has no command of its own, so it is asked
with ``SWAP2BOARD`` too, and two stones are then a rule broken. Its next move after an
opening is asked with BOARD: what a brain keeps of a ``SWAP2BOARD`` is its own.

Nothing here imports Qt.
"""

from __future__ import annotations

import os
import re
import time
from collections.abc import Sequence
from pathlib import Path

from ttt_desktop.brains.manager import (
    BrainFailure,
    BrainProcess,
    BrainSettings,
    LogLine,
    split_command,
)
from ttt_desktop.core.board import Board
from ttt_desktop.core.clock import StopCheck
from ttt_desktop.core.rules import Rules
from ttt_desktop.core.swap import (
    BLACK,
    OPENING_STONES,
    PLACE_TWO,
    WHITE,
    SwapAnswer,
    check_opening_rule,
)
from ttt_desktop.players.base import Player
from ttt_desktop.players.thought import SearchStopped, Thought

__all__ = ["BrainPlayer", "brain_kind"]

_SLUG = re.compile(r"[^a-z0-9_.-]+")


def brain_kind(name: str) -> str:
    """The player kind of a brain called ``name``: ``brain.<name in lower case>``."""
    slug = _SLUG.sub("-", name.lower()).strip("-.") or "unnamed"
    return f"brain.{slug}"[:64]


class BrainPlayer(Player):
    """A Gomocup brain (an external program) as a :class:`Player`.

    ``command`` runs the brain (a string is split as a shell would, without a shell);
    ``name`` is its display name (default: the name in its ABOUT answer, else the
    program's file name). ``settings`` give the brain its clock, memory, folder and INFO
    lines (the brain keeps its own clock: :attr:`budget_ms` is not used).
    """

    kind = "brain"
    may_forfeit = True
    """It may lose a game off the board (BrainFailure): the play loop records that."""

    def __init__(
        self,
        command: str | Sequence[str],
        *,
        name: str | None = None,
        cwd: str | os.PathLike[str] | None = None,
        settings: BrainSettings | None = None,
        seed: int | None = None,
        env: dict[str, str] | None = None,
    ) -> None:
        # Not Player.__init__: a brain is not in the roster and has no randomness of ours.
        import random  # noqa: PLC0415

        self.seed = 0 if seed is None else seed
        self.random = random.Random(self.seed)
        self.command = command
        self.argv = split_command(command)
        self.cwd = cwd
        self.settings = settings or BrainSettings()
        self.env = env
        self._log: list[LogLine] = []
        self._process: BrainProcess | None = None
        self.about: dict[str, str] = {}
        process = self._open()
        self.about = process.about
        chosen = name or self.about.get("name") or Path(self.argv[0]).name
        self.name = " ".join(chosen.split())[:60] or "brain"
        # Each brain is its own kind (ratings and History key computer players by kind).
        self.kind = brain_kind(self.name)  # type: ignore[misc]

    @classmethod
    def supports(cls, rules: Rules) -> bool:
        """Brains say which boards they play when asked (START), not beforehand."""
        return True

    def _open(self) -> BrainProcess:
        process = BrainProcess(
            self.argv,
            cwd=self.cwd,
            settings=self.settings,
            env=self.env,
        )
        self._process = process
        try:
            process.ask_about()
        except BrainFailure:
            self._drop()
            raise
        return process

    def _drop(self) -> None:
        """Kill the process (after a failure or a stop) and keep its log for the game."""
        process, self._process = self._process, None
        if process is not None:
            process.close()
            self._log.extend(process.take_log())

    @property
    def process(self) -> BrainProcess | None:
        """The running brain, if there is one."""
        return self._process

    def close(self) -> None:
        """END the brain and make sure its process group is gone."""
        self._drop()

    def kill(self) -> None:
        """Kill the brain's process group at once, without END (its program is ending)."""
        process, self._process = self._process, None
        if process is not None:
            process.kill()

    def __enter__(self) -> BrainPlayer:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def take_log(self) -> list[LogLine]:
        """What was said on the pipe since the last call, with times (each process's
        bounded log)."""
        lines = self._log
        self._log = []
        if self._process is not None:
            lines.extend(self._process.take_log())
        return lines

    def choose_move(self, board: Board) -> int:
        return self.think(board).move

    def _ready(self, board: Board, *, new_game: bool = False) -> BrainProcess:
        """The process, started on ``board``'s rules and in step with ``board`` (RESTART,
        or a fresh process, when it is not; always a new game with ``new_game``)."""
        process = self._process
        if process is None or not process.alive:
            if process is not None:
                self._drop()
            process = self._open()
        if process.rules is not board.rules:
            if process.rules is not None:
                # Another board: a fresh process (not every brain takes a second START).
                self._drop()
                process = self._open()
            process.start(board.rules)
        elif (
            (new_game and not process.fresh) or not process.continues(board)
        ) and not process.restart():
            # RESTART is optional in the protocol: a brain without it starts afresh.
            self._drop()
            process = self._open()
            process.start(board.rules)
        return process

    def swap_stones(self, board: Board, rule: str) -> tuple[int, ...]:
        """The brain's three opening stones (black, white, black) on the empty ``board``:
        its answer to an empty ``SWAP2BOARD``, on its clock like a move. A new game for the
        brain. :class:`BrainFailure` when it does not answer three legal stones."""
        name = check_opening_rule(board.rules, rule)
        return self._ask_swap(board, name, swap=False, counts=(OPENING_STONES,), new_game=True)[1]

    def swap_choice(self, board: Board, options: tuple[str, ...], rule: str) -> SwapAnswer:
        """The brain's choice among ``options`` on ``board`` (white to move): its answer to
        ``SWAP2BOARD`` with the board's stones. ``SWAP`` is :data:`BLACK`, one move
        :data:`WHITE` with that move (the brain's own: it is not asked for it again), two
        moves :data:`PLACE_TWO` with them. At the opener's three stones it is the brain's
        first word in the game (a new game for it). :class:`BrainFailure` for an answer
        that is not one of ``options`` (two moves under swap or after five stones).
        """
        name = check_opening_rule(board.rules, rule)
        counts = tuple(count for option, count in ((WHITE, 1), (PLACE_TWO, 2)) if option in options)
        stones = sum(mark != "." for mark in board.cells)
        swapped, cells = self._ask_swap(
            board, name, swap=BLACK in options, counts=counts, new_game=stones <= OPENING_STONES
        )
        if swapped:
            return SwapAnswer(BLACK)
        return SwapAnswer(WHITE if len(cells) == 1 else PLACE_TWO, cells)

    def _ask_swap(
        self, board: Board, rule: str, *, swap: bool, counts: tuple[int, ...], new_game: bool
    ) -> tuple[bool, tuple[int, ...]]:
        try:
            process = self._ready(board, new_game=new_game)
            swapped, cells, _ = process.swap2board(
                board, swap=swap, counts=counts, opening_rule=rule
            )
        except BrainFailure:
            self._drop()
            raise
        return swapped, cells

    def think(self, board: Board, *, stop: StopCheck | None = None) -> Thought:
        """The brain's move on ``board``, with its MESSAGE lines as the thought's messages."""
        try:
            process = self._ready(board)
            started = time.perf_counter()
            cell, _, messages = process.move(board, stop=stop)
        except SearchStopped:
            self._drop()
            raise
        except BrainFailure:
            self._drop()
            raise
        return Thought(
            self.kind,
            board.cells,
            board.to_move.value,
            cell,
            seconds=time.perf_counter() - started,
            rules=board.rules.key,
            messages=messages,
        )
