"""``ttt-desktop --self-test``: prove that this installation or bundle works, then exit.

:func:`run_self_test` is called by :func:`ttt_desktop.gui.shell.app.main` once the
real main window is shown. It checks, in order:

1. the window: shown and exposed, paints, and its icon (an SVG found through
   :func:`~ttt_desktop.resource_paths.resource_path`) renders, which needs the
   SVG icon engine and image format plugins;
2. every computer player the window offers on its board can be made and chooses a
   legal move there (their modules are imported by name on first use, so a bundle that
   lost one fails here, not when a person picks it), the engine list's brains
   too: each is started as the window starts it and asked one move on a board its
   probe found it plays;
3. a complete computer-vs-computer game on the window's board (``--rules``), the
   weakest of our players that play it against the strongest, played through the window's
   :class:`~ttt_desktop.gui.game.controller.GameController` and its worker thread,
   waited for in a ``QEventLoop`` with a watchdog timer;
4. the finished game saved with :func:`~ttt_desktop.formats.files.save_record` into a
   temporary folder and read back with :func:`~ttt_desktop.formats.files.load_record`
   unchanged;
5. worker processes: the solver's best moves computed in a process started
   with each start method the app uses (``spawn``; ``forkserver`` too where
   the system has it) equal the ones computed here. In the packaged app that
   child is the app's own executable, diverted by
   ``multiprocessing.freeze_support()`` in ``packaging/entry_point.py``;
6. the lab's tournament worker: a two-game tournament played by one ``spawn``
   worker of :mod:`ttt_desktop.lab.runner` gives the same games as played here.
7. sound: QtMultimedia loads, and where there is an audio output (a sound server,
   a PulseAudio null sink in CI) its ``QSoundEffect`` loads every sound of the game
   (status Ready): a bundle that lost QtMultimedia, or a library it needs, fails here.

Success prints one line per check on stdout and returns 0. Any failure prints
``self-test FAILED: <why>`` on stderr and returns 1; the watchdog turns a hang
into such a failure. The window is left showing the test game; the caller
closes it.
"""

from __future__ import annotations

import multiprocessing
import sys
import tempfile
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Final, TextIO

from PySide6.QtCore import QEventLoop, QSize, QTimer
from PySide6.QtGui import QIcon

from ttt_desktop.analysis import best_moves
from ttt_desktop.brains.factory import BrainPlayerFactory
from ttt_desktop.core import Board, Mark
from ttt_desktop.core.play import play_game
from ttt_desktop.core.playout import check_compiled, playouts_in_use
from ttt_desktop.core.record import GameRecord
from ttt_desktop.core.rules import TIC_TAC_TOE, Rules
from ttt_desktop.formats.files import load_record, save_record
from ttt_desktop.gui.common.rules_text import rules_title
from ttt_desktop.gui.engines import engine_players
from ttt_desktop.gui.game import sound
from ttt_desktop.gui.game.controller import Seat
from ttt_desktop.gui.game.player_panel import kind_plays
from ttt_desktop.gui.shell.main_window import MainWindow
from ttt_desktop.lab.runner import run_tournament
from ttt_desktop.lab.spec import TournamentSpec, parse_entrants
from ttt_desktop.players import create_player
from ttt_desktop.players.searcher import check_compiled_tree, searches_in_use
from ttt_desktop.resource_paths import resource_path

__all__ = ["DEFAULT_TIMEOUT_S", "SelfTestError", "run_self_test"]

# Generous: a game between two computer players takes well under a second, but a
# loaded CI machine can be slow. The point is to fail rather than hang forever.
DEFAULT_TIMEOUT_S: Final = 120.0
SEEDS: Final = {Mark.X: 20261121, Mark.O: 1121}
ICON_RESOURCE: Final = "icons/ttt-desktop.svg"
# A position part-way through a game, so the full-tree searchers answer at once.
SWEEP_MOVES: Final = (4, 0)
# Worker processes never fork (the GUI process has Qt threads).
PROCESS_START_METHODS: Final = ("spawn", "forkserver")


class SelfTestError(Exception):
    """A check of the self-test failed; the message says which and why."""


def run_self_test(
    window: MainWindow,
    *,
    timeout_s: float = DEFAULT_TIMEOUT_S,
    out: TextIO | None = None,
    err: TextIO | None = None,
) -> int:
    """Run the checks above on the shown ``window``; return the exit code (0: all passed).

    ``out`` and ``err`` default to ``sys.stdout`` / ``sys.stderr`` (either may be
    None in a windowed app on Windows; then that report is not printed).
    """
    out = sys.stdout if out is None else out
    err = sys.stderr if err is None else err
    started = time.perf_counter()
    checks: list[tuple[str, Callable[[], str]]] = [
        ("window", lambda: _check_window(window, timeout_s)),
        ("players", lambda: _check_players(window)),
        ("game", lambda: _play_and_check_game(window, timeout_s)),
        ("record", lambda: _check_save_and_load(window.controller.session.record)),
        ("processes", lambda: _check_worker_processes(timeout_s)),
        ("tournament", lambda: _check_tournament_worker(timeout_s)),
        ("sound", lambda: _check_sounds(timeout_s)),
        ("playouts", _check_playouts),
        ("search", _check_search),
    ]
    try:
        for name, check in checks:
            _report(out, f"self-test {name}: {check()}")
    except SelfTestError as error:
        _report(err, f"self-test FAILED: {error}")
        return 1
    except Exception:  # anything unexpected is a failure too, with its traceback
        _report(err, f"self-test FAILED with an unexpected error:\n{traceback.format_exc()}")
        return 1
    _report(out, f"self-test passed in {time.perf_counter() - started:.2f} s")
    return 0


def _report(stream: TextIO | None, text: str) -> None:
    if stream is not None:
        print(text, file=stream, flush=True)


def _wait_until(condition: Callable[[], bool], timeout_s: float, what: str) -> None:
    """Process events until ``condition()`` holds; :class:`SelfTestError` after ``timeout_s``."""
    loop = QEventLoop()

    def quit_when_met() -> None:
        if condition():
            loop.quit()

    poll = QTimer()
    poll.setInterval(10)
    poll.timeout.connect(quit_when_met)
    watchdog = QTimer()
    watchdog.setSingleShot(True)
    watchdog.timeout.connect(loop.quit)
    if condition():
        return
    poll.start()
    watchdog.start(round(timeout_s * 1000))
    loop.exec()
    poll.stop()
    watchdog.stop()
    if not condition():
        raise SelfTestError(f"timed out after {timeout_s:g} s waiting for {what}")


def _check_window(window: MainWindow, timeout_s: float) -> str:
    if not window.isVisible():
        raise SelfTestError("the main window is not visible")

    def exposed() -> bool:
        handle = window.windowHandle()
        return handle is not None and handle.isExposed()

    _wait_until(exposed, timeout_s, "the main window to be exposed")
    snapshot = window.grab()
    if snapshot.isNull() or snapshot.width() < 100 or snapshot.height() < 100:
        raise SelfTestError(f"the window did not paint (grab gave {snapshot.size().toTuple()})")

    icon_path = resource_path(ICON_RESOURCE)
    if not icon_path.is_file():
        raise SelfTestError(f"the application icon is missing: {icon_path}")
    icon_pixmap = QIcon(str(icon_path)).pixmap(QSize(64, 64))
    if icon_pixmap.isNull():
        raise SelfTestError(f"the SVG icon does not render (no SVG icon plugin?): {icon_path}")
    if window.windowIcon().isNull():
        raise SelfTestError("the window has no icon")
    size = snapshot.size()
    return f"shown and painted ({size.width()}x{size.height()}), icon from {icon_path}"


def _sweep_board(rules: Rules) -> Board:
    """A position part-way through a game of ``rules``, so the searchers answer quickly:
    two moves played (on a big board, the centre and one beside it)."""
    if rules is TIC_TAC_TOE:
        return Board.empty().play_all(SWEEP_MOVES)
    centre = (rules.n // 2) * rules.m + rules.m // 2
    return Board.empty(rules=rules).play_all((centre, centre + 1))


def _check_players(window: MainWindow) -> str:
    rules = window.controller.session.rules
    board = _sweep_board(rules)
    kinds = [entry.kind for entry in window.roster]
    if not kinds:
        raise SelfTestError("the window offers no computer players")
    checked: list[str] = []
    for kind in kinds:
        if engine_players.is_brain(kind):
            # Not one of ours: made from the engine list, as the window's games make it.
            _check_brain(window, kind)
            checked.append(kind)
            continue
        if not kind_plays(kind, rules):
            continue  # not offered on this board (the learner plays tic-tac-toe only)
        try:
            move = create_player(kind, seed=1).choose_move(board)
        except Exception as error:
            raise SelfTestError(f"player {kind!r} failed: {error!r}") from error
        if move not in board.legal_moves():
            raise SelfTestError(f"player {kind!r} chose an illegal cell {move!r}")
        checked.append(kind)
    where = rules_title(rules)
    return f"{len(checked)} computer players move on {where} ({', '.join(checked)})"


def _check_brain(window: MainWindow, kind: str) -> None:
    """The brain of ``kind`` starts and plays a legal first move on a board it plays."""
    info = engine_players.engine_info(kind)
    sizes = () if info is None else info.entry.sizes
    side = 15 if 15 in sizes or not sizes else sizes[0]
    board = Board.empty(Mark.X, Rules(side, side, 5))
    try:
        player = BrainPlayerFactory(create_player, window.engines_file)(kind, seed=1)
        try:
            move = player.choose_move(board)
        finally:
            player.close()
    except Exception as error:
        reason = getattr(error, "reason", None) or repr(error)
        raise SelfTestError(f"player {kind!r} failed: {reason}") from error
    if move not in board.legal_moves():
        raise SelfTestError(f"player {kind!r} chose an illegal cell {move!r} on {board.rules}")


def _play_and_check_game(window: MainWindow, timeout_s: float) -> str:
    controller = window.controller
    # The board the window was opened with, between our own weakest and strongest
    # players that play it (a brain is checked on its own above).
    rules = controller.session.rules
    ours = [
        entry
        for entry in window.roster
        if not engine_players.is_brain(entry.kind) and kind_plays(entry.kind, rules)
    ]
    if not ours:
        raise SelfTestError(f"the window offers none of its own players on {rules.key}")
    weakest, strongest = ours[0], ours[-1]
    controller.session.move_delay_ms = 0
    controller.session.set_seat(Mark.X, Seat(weakest.kind, weakest.name, SEEDS[Mark.X]))
    controller.session.set_seat(Mark.O, Seat(strongest.kind, strongest.name, SEEDS[Mark.O]))

    finished: list[GameRecord] = []
    refusals: list[str] = []
    moves_seen: list[int] = []
    loop = QEventLoop()
    watchdog = QTimer()
    watchdog.setSingleShot(True)
    watchdog.timeout.connect(loop.quit)

    def on_finished(record: GameRecord) -> None:
        finished.append(record)
        loop.quit()

    def on_refused(reason: str) -> None:
        refusals.append(reason)
        loop.quit()

    def on_move(record: GameRecord) -> None:
        moves_seen.append(len(record.moves))

    controller.game_finished.connect(on_finished)
    controller.move_refused.connect(on_refused)
    controller.move_played.connect(on_move)
    try:
        started = time.perf_counter()
        controller.session.new_game(Mark.X)
        if not finished and not refusals:
            watchdog.start(round(timeout_s * 1000))
            loop.exec()
        elapsed = time.perf_counter() - started
    finally:
        watchdog.stop()
        controller.game_finished.disconnect(on_finished)
        controller.move_refused.disconnect(on_refused)
        controller.move_played.disconnect(on_move)

    if refusals:
        raise SelfTestError(f"the computer game stopped: {refusals[0]}")
    if not finished:
        raise SelfTestError(
            f"watchdog: the computer game did not finish within {timeout_s:g} s "
            f"({len(moves_seen)} moves played)"
        )
    record = finished[0]
    if not record.is_finished or record.result is None or not record.final_board.is_over:
        raise SelfTestError(f"game_finished carried an unfinished game: {record.moves}")
    if moves_seen != list(range(1, len(record.moves) + 1)):
        raise SelfTestError(f"moves arrived out of order: {moves_seen}")
    if record.x.kind != weakest.kind or record.o.kind != strongest.kind:
        raise SelfTestError(f"the game was played by {record.x.kind} vs {record.o.kind}")
    if window.board.board != record.final_board:
        raise SelfTestError("the board widget does not show the finished game")
    # The same seats in the one play loop, away from the window, must play the same game.
    reference = play_game(
        create_player(weakest.kind, seed=SEEDS[Mark.X]),
        create_player(strongest.kind, seed=SEEDS[Mark.O]),
        record.rules,
        Mark.X,
    )
    if reference.moves != record.moves:
        raise SelfTestError(
            f"the window played {list(record.moves)}, the play loop {list(reference.moves or ())}"
        )
    result = "a draw" if record.result == "draw" else f"{record.result} wins"
    return (
        f"{record.x.name} (X) vs {record.o.name} (O) played {len(record.moves)} moves of "
        f"{rules_title(record.rules)} in {elapsed:.2f} s on the worker thread: {result}"
    )


def _check_save_and_load(record: GameRecord) -> str:
    with tempfile.TemporaryDirectory(prefix="ttt-desktop-self-test-") as folder:
        path = Path(folder) / "self-test.tttgame.json"
        save_record(record, path)
        loaded = load_record(path)
        size = path.stat().st_size
    if loaded != record:
        raise SelfTestError(f"the saved game read back differently:\n{record}\n{loaded}")
    return f"saved ({size} bytes) and read back unchanged"


def _check_worker_processes(timeout_s: float) -> str:
    board = Board.empty().play_all(SWEEP_MOVES)
    expected = best_moves(board)
    methods = [
        method
        for method in PROCESS_START_METHODS
        if method in multiprocessing.get_all_start_methods()
    ]
    for method in methods:
        # Pool's exit terminates the worker, so a hung child cannot hang the self-test.
        with multiprocessing.get_context(method).Pool(1) as pool:
            try:
                answer = pool.apply_async(best_moves, (board,)).get(timeout=timeout_s)
            except Exception as error:
                raise SelfTestError(f"a {method} worker process failed: {error!r}") from error
        if answer != expected:
            raise SelfTestError(f"a {method} worker process answered {answer}, not {expected}")
    return f"{' and '.join(methods)} workers answer like this process"


def _check_tournament_worker(timeout_s: float) -> str:
    seed = SEEDS[Mark.X]
    spec = TournamentSpec(parse_entrants("rando,perfect", seed), 2, seed)
    reference = run_tournament(spec, processes=False)
    deadline = time.perf_counter() + timeout_s
    try:
        in_worker = run_tournament(spec, jobs=1, stop=lambda: time.perf_counter() > deadline)
    except Exception as error:
        raise SelfTestError(f"the tournament worker failed: {error!r}") from error
    if in_worker.cancelled or not in_worker.finished:
        raise SelfTestError(
            f"watchdog: the tournament worker did not finish within {timeout_s:g} s"
        )
    if in_worker.games() != reference.games():
        raise SelfTestError("the tournament worker's games differ from this process's")
    return f"{len(in_worker.games())} games in a spawn worker, the same as in this process"


def _check_playouts() -> str:
    """Which random playouts run, and the compiled ones play the pure-Python loop's games."""
    try:
        agreed = check_compiled()
    except RuntimeError as error:
        raise SelfTestError(f"playouts: {error}") from None
    same = f", {agreed} seeded games the same as the pure-Python loop's" if agreed else ""
    return playouts_in_use() + same


def _check_search() -> str:
    """Which search tree runs, and the compiled one finds what the pure-Python tree finds."""
    try:
        agreed = check_compiled_tree()
    except RuntimeError as error:
        raise SelfTestError(f"search: {error}") from None
    same = f", {agreed} seeded searches the same as the pure-Python tree's" if agreed else ""
    return searches_in_use() + same


def _check_sounds(timeout_s: float) -> str:
    if not sound.audio_output_present():  # this loads QtMultimedia
        # QSoundEffect loads for a device; the window plays nothing without one either.
        return "QtMultimedia loaded; no audio output device here, so no sound loaded"
    effects = sound.sound_effects(None)
    _wait_until(
        lambda: not {"Null", "Loading"} & set(sound.sound_statuses(effects).values()),
        timeout_s,
        "the sounds to load",
    )
    statuses = sound.sound_statuses(effects)
    if set(statuses.values()) != {"Ready"}:
        raise SelfTestError(f"the sounds did not load: {statuses}")
    for effect in effects.values():
        effect.deleteLater()
    return f"{', '.join(statuses)} loaded by QSoundEffect"
