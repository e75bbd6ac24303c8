"""Gomocup brains in a tournament: their processes, their clocks and their logs.

A brain plays in the process that plays its games: each local worker (or the one process
of a one-job run, or a cluster's worker) starts the brains it needs itself, the first time
it seats them, and keeps them from game to game (a brain is RESTARTed between games, and
started afresh after a failure), so a tournament costs one start per brain and worker,
not one per game. Brains are not run in the parent and fed over the workers' pipes: a
move would then cross two pipes and two processes' schedulers, and the manager's clock
(which decides a forfeit on time) would count both.

No brain outlives the run: a worker ending normally kills its brains (their finalizers,
at its exit); every brain process carries the run's mark in its environment
(:data:`ttt_desktop.brains.manager.OWNER_ENV`), and the process that runs the tournament
sweeps away whatever still carries it at the end, after a stop, a Ctrl+C, or a worker
killed outright (:func:`finish`). A brain that can't be started, declines the board
halfway through or breaks a rule loses that game by forfeit, with the reason; the others
go on.

What was said on the pipes of each game goes to ``game-N.log`` in the run's log folder
(:class:`BrainSetup`), from which the stored games take it
(:func:`read_log`).

Nothing here imports Qt.
"""

from __future__ import annotations

import os
import threading
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, TypeVar

from ttt_desktop.brains.engines import (
    EngineEntry,
    EngineList,
    EngineListError,
    brain_folder,
    engines_path,
)
from ttt_desktop.brains.manager import (
    OWNER_ENV,
    BrainError,
    BrainFailure,
    BrainProcess,
    BrainRefused,
    BrainSettings,
    brain_clock,
    owned_processes,
    sweep,
)
from ttt_desktop.brains.match import game_log
from ttt_desktop.brains.player import BrainPlayer, brain_kind
from ttt_desktop.core.board import Board
from ttt_desktop.core.clock import StopCheck, TimeControl
from ttt_desktop.lab.spec import BrainSeats, Entrant, TournamentSpec, unique_labels
from ttt_desktop.players import create_player
from ttt_desktop.players.thought import Thought

__all__ = [
    "BrainSeat",
    "BrainSetup",
    "brain_settings",
    "close_all",
    "finish",
    "log_path",
    "new_owner",
    "prepare",
    "read_log",
    "seat",
]


@dataclass(frozen=True)
class BrainSetup:
    """What a run with brains needs besides its settings: the engine list's file (for
    ``engine:`` entrants), a mark each brain process carries in its environment (so that
    none outlives the run: :func:`ttt_desktop.brains.manager.sweep`), and the folder each
    game's pipe log is written to (``game-N.log``; empty: the logs are not kept).

    It travels with the spec to the processes that play the games, which seat their
    brains through it (:meth:`seat`, :meth:`keep_log`).
    """

    owner: str
    engines_file: str = ""
    log_dir: str = ""

    def seat(self, spec: TournamentSpec, entrant: int, index: int) -> Any:
        return seat(spec, entrant, index)

    def keep_log(self, index: int, x: Any, o: Any) -> None:
        keep_log(self, index, x, o)

    def with_log_dir(self, log_dir: str) -> BrainSetup:
        return replace(self, log_dir=log_dir)


def new_owner() -> str:
    """A fresh mark for one run's brains."""
    return f"{os.getpid()}-{uuid.uuid4().hex[:12]}"


def brain_settings(
    kind: str, control: TimeControl | None, engines_file: str = ""
) -> tuple[str, str | None, str, BrainSettings]:
    """``kind``'s command, working directory, name and settings under the tournament's
    ``control``: an ``engine:`` entry's own settings (memory, INFO lines, margin: the
    larger of its own and the tournament's), its folder beside the engine list; a
    ``brain:`` command's the manager's defaults. None: the brain's own clock (the engine
    list's, or the manager's 5 s a move)."""
    prefix, _, rest = kind.partition(":")
    if prefix == "brain":
        return rest.strip(), None, "", BrainSettings(clock=brain_clock(control))
    path = engines_path(explicit=engines_file or None)
    try:
        entry: EngineEntry = EngineList.load(path).get(rest.strip())
    except EngineListError as error:
        raise BrainRefused(str(error)) from None
    except KeyError as error:
        raise BrainRefused(str(error).strip("'\"")) from None
    settings = entry.settings(control, brain_folder(path, entry.name))
    return entry.command, entry.cwd or None, entry.name, settings


_Answer = TypeVar("_Answer")


class BrainSeat:
    """A brain's seat in a tournament's games: its process starts when first asked for a
    move, and anything that keeps it from playing (it can't be started, it declines the
    board) loses the game by forfeit, as a rule broken does."""

    may_forfeit = True

    def __init__(self, entrant: Entrant, control: TimeControl | None, setup: BrainSeats) -> None:
        self.entrant = entrant
        self.kind = brain_kind(entrant.label)
        self.name = entrant.label
        self.seed = 0
        self.budget_ms: float | None = None  # the manager keeps a brain's clock
        self.control = control
        self.setup = setup
        self.player: BrainPlayer | None = None
        self._notes: list[tuple[float, str]] = []

    def _player(self) -> BrainPlayer:
        if self.player is None:
            try:
                command, cwd, _, settings = brain_settings(
                    self.entrant.kind, self.control, self.setup.engines_file
                )
                self.player = BrainPlayer(
                    command,
                    name=self.name,
                    cwd=cwd,
                    settings=settings,
                    env={**os.environ, OWNER_ENV: self.setup.owner},
                )
            except BrainError as error:
                self._notes.append((time.monotonic(), f"can't start: {error.reason}"))
                raise BrainFailure(f"can't be started: {error.reason}") from None
        return self.player

    def choose_move(self, board: Board) -> int:
        return self.think(board).move

    def think(self, board: Board, *, stop: StopCheck | None = None) -> Thought:
        return self._asked(lambda player: player.think(board, stop=stop))

    def swap_stones(self, board: Board, rule: str) -> tuple[int, ...]:
        """A swap opening's three stones, asked of the brain (``SWAP2BOARD``)."""
        return self._asked(lambda player: player.swap_stones(board, rule))

    def swap_choice(self, board: Board, options: tuple[str, ...], rule: str) -> Any:
        """A swap opening's choice, asked of the brain (``SWAP2BOARD``)."""
        return self._asked(lambda player: player.swap_choice(board, options, rule))

    def _asked(self, question: Callable[[BrainPlayer], _Answer]) -> _Answer:
        player = self._player()
        try:
            return question(player)
        except BrainRefused as error:
            # It took the board before the tournament started: now it is a broken rule.
            player.close()
            raise BrainFailure(f"declined the game: {error.reason}") from None

    def take_log(self) -> list[tuple[float, str]]:
        lines, self._notes = self._notes, []
        if self.player is not None:
            lines.extend(self.player.take_log())
        return lines

    def close(self) -> None:
        player, self.player = self.player, None
        if player is not None:
            player.close()


# This process's brains, by (the run's mark, the entrant's number, the thread): a cluster's
# worker plays several tasks at once, each thread with brains of its own.
_seats: dict[tuple[str, int, int], BrainSeat] = {}
_seats_lock = threading.Lock()


def seat(spec: TournamentSpec, entrant: int, index: int) -> Any:
    """The player for ``entrant`` in game ``index``: a fresh seeded player of ours, or the
    brain this process keeps for the run."""

    chosen = spec.entrants[entrant]
    if not chosen.is_brain:
        return create_player(chosen.kind, seed=spec.player_seed(index, entrant))
    setup = spec.brains or BrainSetup(new_owner())
    key = (setup.owner, entrant, threading.get_ident())
    with _seats_lock:
        found = _seats.get(key)
        done = [] if found is not None else [k for k in _seats if k[0] != setup.owner]
        # Another run's brains are done with (a window runs one tournament at a time).
        ended = [_seats.pop(other) for other in done]
        if found is None:
            found = _seats[key] = BrainSeat(chosen, spec.clock_of(chosen), setup)
    for seat_done in ended:
        seat_done.close()
    return found


def log_path(log_dir: str | Path, index: int) -> Path:
    """Where game ``index``'s pipe log is kept."""
    return Path(log_dir) / f"game-{index}.log"


def keep_log(setup: BrainSeats, index: int, x: Any, o: Any) -> None:
    """Take both brains' logs of game ``index``; write them to the run's log folder."""
    lines = game_log(x, o)
    if not lines or not setup.log_dir:
        return
    path = log_path(setup.log_dir, index)
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(path.name + ".tmp")
    temporary.write_text("\n".join(lines) + "\n", encoding="utf-8")
    temporary.replace(path)


def read_log(spec: TournamentSpec, index: int) -> tuple[str, ...]:
    """Game ``index``'s pipe log, as a game record keeps it (empty when there is none)."""
    setup = spec.brains
    if setup is None or not setup.log_dir:
        return ()
    try:
        text = log_path(setup.log_dir, index).read_text(encoding="utf-8")
    except OSError:
        return ()
    return tuple(text.splitlines())


def close_all(owner: str | None = None) -> int:
    """END this process's brains (of the run ``owner``, or all): the run is over. Returns
    how many there were. A cluster's workers outlive a run: the runner has each of them
    call this with the run's mark at the end."""
    with _seats_lock:
        keys = [key for key in _seats if owner is None or key[0] == owner]
        ended = [_seats.pop(key) for key in keys]
    for brain in ended:
        brain.close()
    return len(ended)


def finish(spec: TournamentSpec, grace: float = 1.0) -> int:
    """After a run: close this process's brains and kill any process still carrying the
    run's mark (a killed worker's brains, their children) once ``grace`` seconds have
    let the workers end theirs. Returns how many were swept."""

    close_all()
    if spec.brains is None:
        return 0
    deadline = time.monotonic() + grace
    while owned_processes(spec.brains.owner) and time.monotonic() < deadline:
        time.sleep(0.02)
    return sweep(spec.brains.owner)


def prepare(
    spec: TournamentSpec,
    *,
    engines_file: str = "",
    log_dir: str = "",
    relabel: bool = True,
    check: bool = True,
) -> TournamentSpec:
    """``spec`` ready to run its brains: each is started once, asked its name (its label,
    with ``relabel``) and whether it plays the board; the run gets its mark and log folder.

    Raises :class:`BrainRefused` naming the brain that can't be started or declines the
    board (or whose engine list entry says it does not play it): there is no tournament.
    Without ``check`` no brain is started (a window, which never waits on one, offers
    only the boards the engine list's probe found them to play): the run gets its mark
    and log folder only.
    """
    setup = BrainSetup(new_owner(), engines_file, log_dir)
    if not check:
        return replace(spec, brains=setup)
    entrants = []
    for entrant in spec.entrants:
        if not entrant.is_brain:
            entrants.append(entrant)
            continue
        command, cwd, listed, settings = brain_settings(
            entrant.kind, spec.clock_of(entrant), engines_file
        )
        if listed:
            engines = EngineList.load(engines_path(explicit=engines_file or None))
            refusal = engines.get(listed).rule_refusal(spec.rules)
            if refusal is not None:  # as a match refuses it: the rule it was heard refuse
                raise BrainRefused(refusal)
            if engines.get(listed).plays(spec.rules) is False:
                raise BrainRefused(
                    f"{listed} does not play {spec.rules.title} ({spec.rules.key}), as its "
                    "probe found (probe it again in the engine list if it has changed)"
                )
            refusal = engines.get(listed).opening_refusal(spec.opening_rule)
            if refusal is not None:  # its probe's answer to SWAP2BOARD
                raise BrainRefused(refusal)
        settings = replace(settings, start_ms=max(settings.start_ms, 5000))
        environment = {**os.environ, OWNER_ENV: setup.owner}
        with BrainProcess(command, cwd=cwd, settings=settings, env=environment) as brain:
            try:
                about = brain.ask_about()
                brain.start(spec.rules)
            except BrainError as error:
                raise BrainRefused(f"{entrant.label}: {error.reason}") from None
        name = listed or " ".join(about.get("name", "").split())[:60]
        entrants.append(replace(entrant, label=name) if relabel and name else entrant)
    if relabel:
        entrants = unique_labels(entrants)
    return replace(spec, entrants=tuple(entrants), brains=setup)
