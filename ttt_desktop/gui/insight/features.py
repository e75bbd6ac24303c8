"""How each computer thinks, attached to the window it is given.

* View > Thinking (Ctrl+T, visibility remembered): the Thinking dock shows the
  Thought of the computer that just moved (it follows the moves while a match is
  watched), or, on "Ask ... about this position", what any computer would play on
  the position on show and why, without playing it.
* "Show scores on the board" draws, while the dock shows, the thought's per-cell scores on the board
  (a layer of the board's overlays, each with its words for a screen reader),
  the chosen cell outlined, the principal line as numbered ghost marks, and a Monte
  Carlo search's visits as a heat map. Scores are for the side to move on the
  position they were made on; shown after that side's move, they carry its mark. A
  learner's values shade the cells as a heat map too.
* View > Search tree (Ctrl+E): the tree explorer for minimax and alpha-beta from
  the position on show.

The thinking itself happens in the search process; nothing here waits for it.
"""

from __future__ import annotations

from typing import Any, Final

import shiboken6
from PySide6.QtCore import QCoreApplication, QEvent, QObject, QPoint, QRect, QRectF, QSettings, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMainWindow, QMenu

from ttt_desktop.core import Board, Mark
from ttt_desktop.core.record import GameRecord
from ttt_desktop.core.rules import Rules
from ttt_desktop.gui.board.board_overlay import (
    BoardOverlay,
    CellAnnotation,
    GhostMark,
    annotation_box,
    fitted_label,
)
from ttt_desktop.gui.board.board_widget import BoardWidget
from ttt_desktop.gui.common.screen_fit import place_beside
from ttt_desktop.gui.game.controller import GameController
from ttt_desktop.gui.insight import DOCK_VISIBLE_KEY, words
from ttt_desktop.gui.insight.dock import ThinkingDock
from ttt_desktop.gui.insight.tree import SearchTreeExplorer, unavailable_text
from ttt_desktop.players.process import ThinkJob
from ttt_desktop.players.thought import Meaning, Thought

THOUGHT_LAYER: Final = "insight-thought"
SCORES_ON_BOARD_KEY: Final = "insight/scores_on_board"
ASK_SEED: Final = 2026
"""The seed of a computer asked about a position: the same question gets the same answer."""


def thought_overlay(thought: Thought, shown: Board) -> BoardOverlay:
    """The thought drawn on ``shown``: scores on its empty cells, the move, the line to come.

    ``shown`` is the position thought about (a computer asked) or the one after its
    move (a computer that played); the line's moves still to come are numbered from 1.
    Scores are the side to move's on the position thought about: on the position after
    the move, where the other side is to move, each is labelled with the mark it is for
    ("O:+2") and its words say it was rated before that move. A Monte Carlo search's
    visits shade the cells as a heat map (the share of the simulations through each), and
    so do a learner's values (the best-valued cell strongest).
    """
    played = shown.cells != thought.cells
    mover = Mark(thought.to_move)
    geometry = Rules.parse(thought.rules).geometry
    player = words.kind_name(thought.kind)
    annotations = {}
    for score in thought.scores:
        if shown.cells[score.cell] != ".":
            continue
        tone: Any = "neutral"
        if thought.meaning is Meaning.EXACT or thought.meaning in (
            Meaning.MINIMAX,
            Meaning.ALPHABETA,
        ):
            tone = "win" if score.value > 0 else "loss" if score.value < 0 else "draw"
        elif thought.meaning is Meaning.EVALUATION and score.plies is not None and score.value:
            tone = "win" if score.value > 0 else "loss"
        text = words.score_text(score, thought.meaning)
        description = words.score_description(score, thought.meaning, geometry)
        shorter: tuple[str, ...] = ()
        if played:
            # The other side is to move here: these are the mover's scores, and say so
            # (where the cell is too small for the mark too, the score alone: the words say whose).
            shorter = (text,)
            text = QCoreApplication.translate("Thinking", "{mark}:{score}").format(
                mark=mover.value, score=text
            )
            description = QCoreApplication.translate(
                "Thinking", "{player} ({mark}) rated this before its move: {description}"
            ).format(player=player, mark=mover.value, description=description)
        else:
            description = QCoreApplication.translate(
                "Thinking", "{player} thinks {description}"
            ).format(player=player, description=description)
        annotations[score.cell] = CellAnnotation(text, description, tone, shorter=shorter)
    shades: dict[int, float] = {}
    if thought.meaning is Meaning.WIN_RATE:
        total = sum(score.visits or 0 for score in thought.scores)
        if total:
            shades = {
                score.cell: (score.visits or 0) / total
                for score in thought.scores
                if shown.cells[score.cell] == "."
            }
    elif thought.meaning is Meaning.LEARNED and thought.scores:
        # A learner's values as a heat map: the best-valued cell strongest, the worst bare.
        low = min(score.value for score in thought.scores)
        high = max(score.value for score in thought.scores)
        shades = {
            score.cell: (score.value - low) / (high - low) if high > low else 1.0
            for score in thought.scores
            if shown.cells[score.cell] == "."
        }
    line = thought.line[1:] if played else thought.line
    first_mark = mover.opponent if played else mover
    ghosts = []
    for number, cell in enumerate(line, start=1):
        if shown.cells[cell] != ".":
            break
        mark = first_mark if number % 2 == 1 else first_mark.opponent
        ghosts.append(GhostMark(cell, mark, number))
    marked = () if played else (thought.move,)
    return BoardOverlay(
        annotations=annotations,
        marked=marked,
        marked_description=QCoreApplication.translate(
            "Thinking", "{player} would play here"
        ).format(player=player)
        if marked
        else "",
        ghosts=tuple(ghosts),
        shades=shades,
    )


class InsightFeatures(QObject):
    """The Thinking dock, its board layer and the search-tree explorer for ``window``."""

    def __init__(
        self,
        window: QMainWindow,
        *,
        controller: GameController,
        board: BoardWidget,
        view_menu: QMenu,
        settings: QSettings,
    ) -> None:
        super().__init__(window)
        self._window = window
        self._controller = controller
        self._board = board
        self._settings = settings
        self._asked: dict[int, str] = {}
        self._explorer: SearchTreeExplorer | None = None
        self._shown: Thought | None = None
        # The game's computer thoughts by the position their move led to, and the newest:
        # browsing the game shows the thought behind the position on show.
        self._thoughts: dict[tuple[int, int, str, str], Thought] = {}
        self._last: Thought | None = None
        # The positions a computer moved to before the game was opened here (resumed at
        # start, a file, History), with its name: what it thought then is not kept.
        self._moved_before: dict[tuple[int, int, str, str], str] = {}
        # What the words on show without a thought are about: a position browsed to, "game"
        # (the game in hand), or None while a thought, an answer or a question is on show.
        self._explained: tuple[int, int, str, str] | str | None = None

        self.dock = ThinkingDock(window)
        window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.dock)
        self.panel = self.dock.panel
        self.dock_action = self.dock.toggleViewAction()
        self.dock_action.setText(self.tr("&Thinking"))
        self.dock_action.setShortcut(QKeySequence("Ctrl+T"))
        self.dock_action.setStatusTip(self.tr("Show what the computers think"))
        self.explorer_action = QAction(self.tr("Search &tree..."), window)
        self.explorer_action.setShortcut(QKeySequence("Ctrl+E"))
        self.explorer_action.setStatusTip(
            self.tr("Explore the minimax and alpha-beta search trees from the position on show")
        )
        self.explorer_action.triggered.connect(self.open_explorer)
        view_menu.addSeparator()
        view_menu.addAction(self.dock_action)
        view_menu.addAction(self.explorer_action)

        visible = settings.value(DOCK_VISIBLE_KEY, False, type=bool)
        self.dock.setVisible(bool(visible))
        self.dock.visibilityChanged.connect(self._remember_visibility)
        on_board = settings.value(SCORES_ON_BOARD_KEY, True, type=bool)
        self.panel.show_on_board.setChecked(bool(on_board))
        self.panel.show_on_board.toggled.connect(self._on_show_on_board)
        self.panel.ask_requested.connect(self.ask)

        controller.computer_thought.connect(self._on_computer_thought)
        controller.game_started.connect(self._on_game_started)
        board.board_changed.connect(self._on_board_changed)
        board.installEventFilter(self)
        controller.insight_ready.connect(self._on_insight_ready)
        controller.insight_failed.connect(self._on_insight_failed)
        # The game in hand (the window may build this after its first game started).
        self._on_game_started(controller.session.record)

    # The dock -------------------------------------------------------------------------

    def _remember_visibility(self, visible: bool) -> None:
        if not shiboken6.isValid(self._window) or not shiboken6.isValid(self._board):
            return  # the window is being deleted: its docks hide, nobody chose that
        self._draw()
        if not self._window.isVisible():
            return  # closing the window hides the dock: that is no choice of the person's
        self._settings.setValue(DOCK_VISIBLE_KEY, bool(self.dock.isVisibleTo(self._window)))

    def _on_show_on_board(self, checked: bool) -> None:
        self._settings.setValue(SCORES_ON_BOARD_KEY, bool(checked))
        self._draw()

    def _on_computer_thought(self, record: GameRecord, thought: Thought) -> None:
        self._thoughts[_position(record.final_board)] = thought
        self._last = thought
        self.panel.show_thought(thought)
        self._shown, self._explained = thought, None
        self.panel.select_kind(thought.kind)
        self._draw()

    def _on_game_started(self, record: GameRecord) -> None:
        self.panel.set_rules(record.rules)
        self._offer_explorer(record)
        self._shown = self._last = None
        self._thoughts.clear()
        self._board.set_overlay(THOUGHT_LAYER, None)
        self._moved_before = _computer_moves(record)
        self._explain_game()

    def _explain_game(self) -> None:
        """The words for the game in hand while no computer has thought in it here."""
        self._explained = "game"
        record = self._controller.session.record
        opening = record.opening
        if opening is not None and record.ply <= opening.stones and not record.is_finished:
            self._explained = "opening"
            # A computer's opening stones and choices are no searched move: nothing to show.
            self.panel.show_message(
                self.tr("The opening: its stones are placed by the rule, not searched for."),
                self.tr(
                    "A computer's thinking shows here from the first move after the "
                    "opening's choices."
                ),
            )
            return
        if not self._moved_before:
            self.panel.show_message(self.tr("No computer has moved yet in this game."))
            return
        names = sorted(set(self._moved_before.values()))
        self.panel.show_message(
            self.tr(
                "%n move(s) of this game came from {names} before it was opened here.",
                "",
                len(self._moved_before),
            ).format(
                names=self.tr("{first} and {second}").format(first=names[0], second=names[1])
                if len(names) == 2
                else names[0]
            ),
            self.tr(
                "What a computer thought is not kept with the game; ask one about the "
                "position below."
            ),
        )

    def _on_board_changed(self, board: Board) -> None:
        # The newest position keeps the newest thought (a person's move after it too);
        # an earlier one on show, the thought whose move led there, or none.
        newest = board == self._controller.session.board
        position = _position(board)
        thought = self._last if newest else self._thoughts.get(position)
        if thought is not None:
            if thought is self._shown and self._explained is None:
                return
            self._shown, self._explained = thought, None
            self.panel.show_thought(thought)
            self._draw()
            return
        if newest:
            # An answer asked about the newest position stays; else the game's words.
            # (The opening's words give way to the game's once it is over.)
            if self._explained is not None and self._explained != "game":
                self._shown = None
                self._explain_game()
                self._draw()
            return
        if self._shown is None and self._explained == position:
            return
        self._shown, self._explained = None, position
        moved_before = self._moved_before.get(position)
        if moved_before is not None:
            self.panel.show_message(
                self.tr(
                    "{name} moved to the position on show before this game was opened here."
                ).format(name=moved_before),
                self.tr(
                    "What a computer thought is not kept with the game; ask one about the "
                    "position below."
                ),
            )
        else:
            self.panel.show_message(
                self.tr("No computer moved to the position on show."),
                self.tr("Ask a computer about it below."),
            )
        self._draw()

    def ask(self, kind: str) -> int:
        """Ask the computer ``kind`` about the position on show; returns the request's ticket."""
        board = self._board.board
        if board.is_over:
            self.panel.show_message(self.tr("The game is over: there is no move to think about."))
            return 0
        self.panel.show_message(
            self.tr("{name} is thinking about this position...").format(name=words.kind_name(kind))
        )
        self._explained = None
        job = ThinkJob.for_board(kind, ASK_SEED, board)
        ticket = self._controller.ask_insight(job)
        self._asked[ticket] = kind
        return ticket

    def _on_insight_ready(self, ticket: int, answer: Any) -> None:
        if ticket in self._asked:
            del self._asked[ticket]
            self.panel.show_thought(answer, asked=True)
            self._shown, self._explained = answer, None
            self._draw()
        elif self._explorer is not None:
            self._explorer.answer(ticket, answer)

    def _on_insight_failed(self, ticket: int, message: str) -> None:
        kind = self._asked.pop(ticket, None)
        if kind is not None:
            self.panel.show_message(
                self.tr("{name} could not think: {message}").format(
                    name=words.kind_name(kind), message=message
                )
            )
        elif self._explorer is not None:
            self._explorer.failed(ticket, message)

    def _draw(self) -> None:
        thought = self._shown
        # The scores belong to the dock: shown on the board only while the dock is.
        showing = self.panel.show_on_board.isChecked() and self.dock.isVisibleTo(self._window)
        if thought is None or not showing:
            self._board.set_overlay(THOUGHT_LAYER, None)
            self.panel.set_unwritten_scores(0)
            return
        overlay = thought_overlay(thought, self._board.board)
        self._board.set_overlay(THOUGHT_LAYER, overlay)
        self.panel.set_unwritten_scores(self._unwritten(overlay))

    def _unwritten(self, overlay: BoardOverlay) -> int:
        """How many of ``overlay``'s scores the board cannot write in their cells at its size
        (they show as a tinted dot)."""
        side = self._board.cell_size()
        cell = QRectF(0, 0, side, side)
        ghosts = {ghost.cell for ghost in overlay.ghosts}
        font = self._board.font()
        return sum(
            1
            for at, annotation in overlay.annotations.items()
            if fitted_label(annotation, annotation_box(cell, centred=at not in ghosts), font)
            is None
        )

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """A board resized or zoomed writes more or fewer scores: the dock's note follows."""
        if watched is self._board and event.type() == QEvent.Type.Resize and self._shown:
            self._draw()
        return False

    # The explorer ------------------------------------------------------------------------

    def _offer_explorer(self, record: GameRecord) -> None:
        """The explorer searches tic-tac-toe only: elsewhere its action is off and says why,
        and an explorer left open says why too instead of keeping another board's tree."""
        board = record.final_board
        classic = record.rules.is_classic
        self.explorer_action.setEnabled(classic)
        tip = (
            self.tr("Explore the minimax and alpha-beta search trees from the position on show")
            if classic
            else unavailable_text(board)
        )
        self.explorer_action.setStatusTip(tip)
        self.explorer_action.setToolTip(tip)
        explorer = self._explorer
        if explorer is not None and explorer.isVisible():
            shown = explorer.board
            if shown is None or shown.rules != record.rules:
                explorer.explore(board)

    def open_explorer(self) -> SearchTreeExplorer:
        """Show the search-tree explorer for the position on show."""
        if self._explorer is None:
            self._explorer = SearchTreeExplorer(self._controller.ask_insight, self._window)
        self._explorer.explore(self._board.board)
        first_time = not self._explorer.isVisible()
        self._explorer.show()
        if first_time:
            # Beside the window, never over the board it explains.
            board = self._board
            clear = QRect(board.mapToGlobal(QPoint(0, 0)), board.size())
            place_beside(self._explorer, self._window, clear)
        return self._explorer


def _computer_moves(record: GameRecord) -> dict[tuple[int, int, str, str], str]:
    """The positions of ``record`` a computer's move led to, with its name and mark."""
    moved = {}
    board = Board.empty(record.first, record.rules)
    for cell in record.moves:
        mover = board.to_move
        board = board.play(cell)
        entry = record.player(mover)
        if not entry.is_human:
            moved[_position(board)] = f"{entry.name} ({mover.value})"
    return moved


def _position(board: Board) -> tuple[int, int, str, str]:
    # The bitboards, not the cells' text: a 15x15 board's is 225 letters joined every move.
    return board.x_bits, board.o_bits, board.to_move.value, board.rules.key
