"""The main window: board, status line, player panel, session score and menus.

:class:`MainWindow` lays out the widgets and the menus and wires them: widgets send
intents to the game session (``controller.session``), and they show what the view model
(:class:`~ttt_desktop.gui.game.view_model.GameView`, attribute ``view``) says in its
signals: the status words, the session score, the result banner, the position on the
board. Each menu is built by its own ``_build_*_menu`` method so features can add
actions with small edits.

The app's window (``defer_until_shown=True``) leaves what its first screen does not
show to :meth:`MainWindow.finish_start`, which the app calls after the first paint:
the Thinking dock (unless it was left open), the Lab's menu entries, the game
library and the search process. Until then the ``insight`` and ``lab`` attributes
are built on first use; every other window builds everything at once.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Final

from PySide6.QtCore import (
    QT_TRANSLATE_NOOP,
    QCoreApplication,
    QEvent,
    QLocale,
    QSize,
    Qt,
    QTimer,
)
from PySide6.QtGui import (
    QAction,
    QActionGroup,
    QCloseEvent,
    QFont,
    QIcon,
    QKeySequence,
    QPalette,
)
from PySide6.QtWidgets import (
    QHBoxLayout,
    QMainWindow,
    QMenu,
    QMessageBox,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from ttt_desktop.brains.factory import BrainPlayerFactory
from ttt_desktop.core import Mark
from ttt_desktop.core.record import GameRecord
from ttt_desktop.core.rules import Rules
from ttt_desktop.gui.board.board_view import BoardView
from ttt_desktop.gui.board.board_widget import (
    FORBIDDEN_POINTS_KEY,
    MARK_STYLE_KEY,
    MOVE_NUMBERS_KEY,
    BoardWidget,
    MarkStyle,
)
from ttt_desktop.gui.coach import CoachFeatures
from ttt_desktop.gui.common import motion, theme
from ttt_desktop.gui.common.motion import REDUCE_MOTION_KEY
from ttt_desktop.gui.common.screen_fit import ScreenKeeper, fit_to_screen
from ttt_desktop.gui.engines import engine_players
from ttt_desktop.gui.engines.engine_list import EngineListNotice, WatchedEngineList
from ttt_desktop.gui.engines.not_answering import NotAnsweringNotice
from ttt_desktop.gui.game.busy_indicator import BusyIndicator
from ttt_desktop.gui.game.controller import (
    GameController,
    PlayerFactory,
    Seat,
    cannot_open_words,
)
from ttt_desktop.gui.game.game_in_progress import GameInProgress, path_beside
from ttt_desktop.gui.game.header import ElidedLabel, GameHeader
from ttt_desktop.gui.game.opening_prompt import OpeningPrompt
from ttt_desktop.gui.game.player_panel import (
    NameAsker,
    PlayerPanel,
    RosterEntry,
    ask_name_with_dialog,
    kind_plays,
)
from ttt_desktop.gui.game.result_banner import ResultBanner
from ttt_desktop.gui.game.session_score import SessionScore
from ttt_desktop.gui.game.sound import SoundFeatures
from ttt_desktop.gui.game.view_model import GameView, ResultLine, StatusLine
from ttt_desktop.gui.help import HelpFeatures
from ttt_desktop.gui.history import HistoryFeatures
from ttt_desktop.gui.insight import DOCK_VISIBLE_KEY as THINKING_DOCK_VISIBLE_KEY
from ttt_desktop.gui.review.review import ReviewFeatures
from ttt_desktop.gui.shell import dialogs
from ttt_desktop.gui.shell.dock_room import BoardRoom, DockRoom
from ttt_desktop.gui.shell.look import LookFeatures
from ttt_desktop.gui.shell.settings import FORBIDDEN_LOSES_KEY, AppSettings, SeatChoice
from ttt_desktop.lab.factory import TrainedPlayerFactory
from ttt_desktop.players import HUMAN_KIND, create_player
from ttt_desktop.players import roster as all_players
from ttt_desktop.resource_paths import resource_path

if TYPE_CHECKING:
    from ttt_desktop.gui.engines.engine_log_dock import EngineLogFeatures
    from ttt_desktop.gui.game.new_game_dialog import NewGameDialog
    from ttt_desktop.gui.game.people_dialog import PeopleDialog
    from ttt_desktop.gui.insight.features import InsightFeatures
    from ttt_desktop.gui.lab import LabFeatures

WINDOW_TITLE: Final = "TTT Desktop"
AI_SPEEDS: Final = (
    (QT_TRANSLATE_NOOP("MainWindow", "Instant"), 0),
    (QT_TRANSLATE_NOOP("MainWindow", "Fast (0.2 s)"), 200),
    (QT_TRANSLATE_NOOP("MainWindow", "Normal (0.4 s)"), 400),
    (QT_TRANSLATE_NOOP("MainWindow", "Slow (1 s)"), 1000),
)
DEFAULT_WINDOW_SIZE: Final = QSize(1040, 660)
"""The first start's size (on a screen that has room): a 15x15 board's cells are 24 px."""


# A sequence player replays a script handed to it in code: nothing a person could pick.
_KINDS_NOT_OFFERED: Final = frozenset({"sequence"})


def _offered(entries: Sequence[RosterEntry]) -> list[RosterEntry]:
    return [entry for entry in entries if entry.kind not in _KINDS_NOT_OFFERED]


# The window's icon comes from the drawn sizes (the desktop entry's hicolor icons): the SVG
# would load Qt's SVG library and icon engine before the first paint (1.5 MiB) for it.
WINDOW_ICON_SIZES: Final = (16, 24, 32, 48, 64, 128, 256)


def _window_icon() -> QIcon:
    icon = QIcon()
    try:
        drawn = [(resource_path(f"icons/ttt-desktop-{n}.png"), n) for n in WINDOW_ICON_SIZES]
    except FileNotFoundError:
        drawn = []
    for path, size in drawn:
        if path.is_file():
            icon.addFile(str(path), QSize(size, size))
    if icon.isNull():
        try:
            return QIcon(str(resource_path("icons/ttt-desktop.svg")))
        except FileNotFoundError:
            return QIcon()
    return icon


class MainWindow(QMainWindow):
    """The TTT Desktop window; ``controller`` owns the game."""

    def __init__(
        self,
        parent: QWidget | None = None,
        *,
        settings: AppSettings | None = None,
        player_factory: PlayerFactory = create_player,
        roster: Sequence[RosterEntry] | None = None,
        ask_name: NameAsker = ask_name_with_dialog,
        library_path: str | Path | None = None,
        trained_players_folder: str | Path | None = None,
        rules: Rules | None = None,
        engines_file: str | Path | None = None,
        game_in_progress_path: str | Path | None = "beside-library",
        defer_until_shown: bool = False,
    ) -> None:
        """``player_factory`` and ``roster`` default to the players package's.

        ``engines_file`` is the engine list whose brains are offered as players (None:
        ``engines.json`` in the data folder, or ``$TTT_DESKTOP_ENGINES``).

        ``library_path`` is the game library's file (None: games are not remembered).
        ``rules`` is the board of the first game (None: the one last chosen).
        ``game_in_progress_path`` keeps the game in hand between runs (by default beside
        the library; None: a new game at every start).
        ``defer_until_shown`` leaves what the first screen does not show to
        :meth:`finish_start` (see the module's docstring).
        """
        super().__init__(parent)
        self.settings = settings if settings is not None else AppSettings()
        self._start_rules = rules if rules is not None else self.settings.rules()
        self._lab: LabFeatures | None = None
        self._engine_log: EngineLogFeatures | None = None
        self._insight: InsightFeatures | None = None
        self._trained_players_folder = (
            None if trained_players_folder is None else Path(trained_players_folder)
        )
        # What finish_start() still has to do (built at once unless the app defers it).
        self._after_first_paint: list[Callable[[], None]] = []
        self._deferring = defer_until_shown
        # Picklable: the players are made in the search process (trained ones from their files).
        player_factory = TrainedPlayerFactory(player_factory, trained_players_folder)
        # The engine list's brains ("brain.<name>" kinds) are made there too.
        self.engines_file = (
            Path(engines_file) if engines_file else engine_players.default_engines_path()
        )
        player_factory = BrainPlayerFactory(player_factory, self.engines_file)
        self.controller = GameController(self, player_factory=player_factory)
        # The session score is a view over the library; History counts each game's end.
        self.history = HistoryFeatures(
            self, self.controller, library_path, open_soon=not defer_until_shown
        )
        self.roster = _offered(all_players() if roster is None else roster)
        # The engine list's brains, read now and followed on disk once the window shows.
        self.engine_list = WatchedEngineList(self.engines_file, self)
        self.engine_list.read()
        self.engine_list.changed.connect(self._offer_engines)
        self.roster += self._engine_roster()
        self.score: SessionScore = self.history.score
        self._file_name: str | None = None

        self.setWindowTitle(WINDOW_TITLE)
        self.setWindowIcon(_window_icon())
        self._build_central_widget(ask_name)
        self._build_menus()
        self._connect_controller()
        self.not_answering = NotAnsweringNotice(self, self.controller)
        self.engines_notice = EngineListNotice(self, self.engine_list)
        self._restore_settings()
        self.board.setFocus(Qt.FocusReason.OtherFocusReason)
        self.review = ReviewFeatures(
            self,
            controller=self.controller,
            view=self.view,
            board=self.board,
            settings=self.settings.qsettings,
            menus_before=self.help_menu.menuAction(),
            place_below_board=self.add_below_board,
            seat_player=self._seat,
            seat_choices=self._seat_choices,
        )
        self.review.file_named.connect(self.set_file_name)
        self.review.replay_bar.move_delay_changed.connect(self._on_replay_speed)
        # The Lab's menu is in the menu bar from the start; its entries may come later.
        self.lab_menu = QMenu(QCoreApplication.translate("LabFeatures", "&Lab"), self)
        self.menuBar().insertMenu(self.help_menu.menuAction(), self.lab_menu)
        self.help = HelpFeatures(self, self.help_menu)
        self.look = LookFeatures(
            self,
            view_menu=self.review.view_menu,
            side_panel=self.player_panel,
            settings=self.settings.qsettings,
            visible_indicators_now=not defer_until_shown,
        )
        if defer_until_shown:
            self._after_first_paint.append(self.look.install_indicators)
        self._build_reduce_motion_action()
        self._build_board_view_actions()
        view_menu = self.review.view_menu
        self.sound = SoundFeatures(
            self, controller=self.controller, view_menu=view_menu, settings=self.settings
        )
        self.coach = CoachFeatures(
            self,
            controller=self.controller,
            view=self.view,
            board=self.board,
            review=self.review,
            game_menu=self.game_menu,
            view_menu=self.review.view_menu,
            settings=self.settings.qsettings,
        )
        self.history.attach(
            self.game_menu,
            self.player_panel,
            before=self.quit_action,
            open_game=self.review.open_game,
        )
        # The review and the move list share the left side (one above the other when both
        # show), so a review appearing at the end of a game does not shrink the board.
        review_dock = self.coach.review_dock
        if self.dockWidgetArea(review_dock) != Qt.DockWidgetArea.LeftDockWidgetArea:
            shown = review_dock.isVisibleTo(self)
            self.addDockWidget(
                Qt.DockWidgetArea.LeftDockWidgetArea, review_dock, Qt.Orientation.Vertical
            )
            review_dock.setVisible(shown)
        # While no dock shows there, room is kept for them: the board does not jump.
        self.dock_room = DockRoom(self, self.board_view, (self.review.moves_dock, review_dock))
        # Docks on both sides never leave the board too small: the window grows within
        # its screen, or the docks give way.
        self.board_room = BoardRoom(self, self.board_view)
        thinking_dock_open = self.settings.qsettings.value(
            THINKING_DOCK_VISIBLE_KEY, False, type=bool
        )
        if defer_until_shown:
            if not thinking_dock_open:
                self._after_first_paint.append(self._build_insight)
            self._after_first_paint += [self._build_lab, self._open_library]
            self._after_first_paint.append(self.engine_list.start)
            self._after_first_paint.append(self._start_search_process_if_needed)
        if not defer_until_shown or thinking_dock_open:
            self._build_insight()
        if not defer_until_shown:
            self._build_lab()
            self.engine_list.start()
        if game_in_progress_path == "beside-library":
            kept = path_beside(library_path)
        else:
            kept = None if game_in_progress_path is None else Path(game_in_progress_path)
        self.game_in_progress = GameInProgress(self.controller, kept)
        self._resume_or_start()

    # Built now or after the first paint ----------------------------------------------

    def finish_start(self) -> None:
        """Build and start what the first screen did not need; the app calls it once the
        window is painted (calling it again does nothing)."""
        while self._after_first_paint:
            self._after_first_paint.pop(0)()

    @property
    def insight(self) -> InsightFeatures:
        """The Thinking dock and the search-tree explorer (built on first use if deferred)."""
        if self._insight is None:
            self._build_insight()
        assert self._insight is not None
        return self._insight

    @property
    def engine_log(self) -> EngineLogFeatures:
        """View > Engine log: the game's pipe log, live (built with the Lab's entries)."""
        if self._engine_log is None:
            self._build_lab()
        assert self._engine_log is not None
        return self._engine_log

    def show_engine_log(self) -> None:
        """Show the engine log of the game in hand."""
        self.engine_log.show()

    @property
    def lab(self) -> LabFeatures:
        """The Lab menu's features (built on first use if deferred)."""
        if self._lab is None:
            self._build_lab()
        assert self._lab is not None
        return self._lab

    def _build_insight(self) -> None:
        if self._insight is not None:
            return
        from ttt_desktop.gui.insight.features import InsightFeatures  # noqa: PLC0415  (not before the first paint)

        self._insight = InsightFeatures(
            self,
            controller=self.controller,
            board=self.board,
            view_menu=self.review.view_menu,
            settings=self.settings.qsettings,
        )

    def _build_lab(self) -> None:
        if self._lab is not None:
            return
        from ttt_desktop.gui.lab import LabFeatures  # noqa: PLC0415  (not before the first paint)

        self._lab = LabFeatures(
            self,
            help_menu=self.help_menu,
            open_record=self.review.open_game,
            trained_players_folder=self._trained_players_folder,
            on_players_changed=self._set_trained_players,
            history=self.history,
            menu=self.lab_menu,
        )
        from ttt_desktop.gui.engines.engine_log_dock import EngineLogFeatures  # noqa: PLC0415  (not before the first paint)
        from ttt_desktop.gui.engines.engines_dialog import add_engines_action  # noqa: PLC0415  (not before the first paint)

        self._engine_log = EngineLogFeatures(self, self.controller, self.review.view_menu)
        add_engines_action(
            self.lab_menu,
            self,
            engine_list=self.engine_list,
            on_closed=self.refresh_engines,
            show_log=self.show_engine_log,
        )

    def _open_library(self) -> None:
        if self.history.library_path is not None and self.history.library is None:
            self.history.open_library()

    def _start_search_process_if_needed(self) -> None:
        # A game between people never needs it; a computer seated later starts it then.
        controller = self.controller
        if not (
            controller.session.seat(Mark.X).is_human and controller.session.seat(Mark.O).is_human
        ):
            controller.start_search_process()

    def _resume_or_start(self) -> None:
        """Play on the game left unfinished last time, as it was; else start a new game."""
        self.resume_problem_box: QMessageBox | None = None
        record, problem = self.game_in_progress.take()
        if record is not None:
            try:
                self.controller.open_record(record, hold=True)
            except ValueError as error:
                # In the window's language; the player module's English words as details.
                why, details = cannot_open_words(error)
                problem = self.game_in_progress.set_aside(why, details=details)
                record = None
        if record is None:
            # Two computers seated: their game waits for Start (nobody asked to watch it).
            self.controller.session.new_game(rules=self._start_rules, hold=True)
        if problem is not None:
            self.statusBar().showMessage(problem)
            box = QMessageBox(
                QMessageBox.Icon.Warning,
                self.tr("The unfinished game could not be resumed"),
                problem,
                QMessageBox.StandardButton.Ok,
                self,
            )
            box.setObjectName("resume-problem")
            if self.game_in_progress.problem_details:
                box.setDetailedText(self.game_in_progress.problem_details)
            box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
            self.resume_problem_box = box
            # Once the window shows: a window-modal box needs its window on screen.
            QTimer.singleShot(0, box.open)

    # Layout -------------------------------------------------------------------

    def _build_central_widget(self, ask_name: NameAsker) -> None:
        self.header = GameHeader()
        # Long names are elided in the middle, never clipped; the tooltip has them whole.
        self.status_label = ElidedLabel()
        self.status_label.setObjectName("status")
        self.status_label.setAccessibleName(self.tr("Game status"))
        status_font = QFont(self.status_label.font())
        status_font.setPointSizeF(status_font.pointSizeF() * 1.1)
        status_font.setBold(True)
        self.status_label.setFont(status_font)
        self.status_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.status_label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)

        self.busy_indicator = BusyIndicator()
        self.busy_indicator.setObjectName("busy")
        self.busy_indicator.setAccessibleName(self.tr("Computer is thinking"))

        status_row = QHBoxLayout()
        # As wide as the spinner on the right, so the text stays centred over the board.
        status_row.addSpacing(self.busy_indicator.sizeHint().width() + status_row.spacing())
        status_row.addWidget(self.status_label, 1)
        status_row.addWidget(self.busy_indicator, 0, Qt.AlignmentFlag.AlignVCenter)

        self.board = BoardWidget()
        self.board.setObjectName("board")
        # The board scrolls when zoomed in (View > Zoom in) or when the window is small.
        self.board_view = BoardView(self.board)
        self.board_view.setObjectName("board-view")
        # Clicks and keys on the board go to the review, which knows whether history is on show.

        self.new_game_button = QPushButton(self.tr("New game"))
        self.new_game_button.setToolTip(self.tr("Start a new game with these players (Ctrl+N)"))
        self.new_game_button.clicked.connect(self.new_game)
        self.play_again_button = QPushButton(self.tr("Play again"))
        self.play_again_button.setToolTip(self.tr("Another game with the same players (Ctrl+R)"))
        self.play_again_button.clicked.connect(self.play_again)
        self.start_button = QPushButton(self.tr("Start"))
        self.start_button.setObjectName("start")
        self.start_button.setToolTip(self.tr("Let the two computer players play this game"))
        self.start_button.clicked.connect(self.start_play)
        self.start_button.hide()
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.start_button)
        buttons.addWidget(self.new_game_button)
        buttons.addWidget(self.play_again_button)
        buttons.addStretch(1)
        # Under the board: the buttons, and room kept for what features add there (the
        # replay bar, a match's score), so the board never changes size when they show.
        self.below_board = QWidget()
        self.below_board.setObjectName("below-board")
        self.below_board_layout = QVBoxLayout(self.below_board)
        self.below_board_layout.setContentsMargins(0, 0, 0, 0)
        self.below_board_layout.addStretch(1)
        self.below_board_layout.addLayout(buttons)

        self.result_banner = ResultBanner(self.board)
        self.opening_prompt = OpeningPrompt(self.board)
        self.opening_prompt.chosen.connect(self.choose_opening)
        self.result_banner.play_again_requested.connect(self.play_again)
        self.result_banner.closed.connect(self._give_board_focus)

        game_column = QVBoxLayout()
        # Closer than the 18 px it would inherit from the row around it: the height saved
        # goes to the board, which at the first-run size (1040x660) stays a little under
        # the width it has when the left docks show, so it keeps its size when they do.
        game_column.setSpacing(14)
        game_column.addWidget(self.header)
        game_column.addLayout(status_row)
        game_column.addWidget(self.board_view, 1)
        game_column.addWidget(self.below_board)
        self.game_column = game_column

        self.player_panel = PlayerPanel(self.roster, self.settings.people(), ask_name=ask_name)
        # The board choice on the first screen too, not only in the Game menu.
        self.choose_board_button = self.player_panel.board_button
        self.player_panel.board_requested.connect(self.choose_new_game)
        self.player_panel.setObjectName("players")
        self.player_panel.setFixedWidth(280)
        self.player_panel.seat_chosen.connect(self._on_seat_chosen)
        self.player_panel.start_policy_chosen.connect(self._on_start_policy_chosen)
        self.player_panel.people_changed.connect(self.settings.set_people)
        self.player_panel.swap_requested.connect(self.swap_sides)
        self.player_panel.choice_cancelled.connect(self._give_board_focus)
        self.player_panel.manage_people_requested.connect(self.manage_people)

        central = QWidget()
        layout = QHBoxLayout(central)
        layout.setContentsMargins(14, 10, 14, 10)
        layout.setSpacing(18)
        layout.addLayout(game_column, 1)
        layout.addWidget(self.player_panel)
        self.setCentralWidget(central)
        self.statusBar().setSizeGripEnabled(True)

    # Menus --------------------------------------------------------------------

    def _build_menus(self) -> None:
        self._build_game_menu()
        self._build_help_menu()

    def _build_game_menu(self) -> None:
        menu = self.menuBar().addMenu(self.tr("&Game"))
        self.game_menu = menu
        self.new_game_action = QAction(self.tr("&New game"), self)
        self.new_game_action.setShortcut(QKeySequence.StandardKey.New)
        self.new_game_action.triggered.connect(self.new_game)
        menu.addAction(self.new_game_action)

        self.new_game_with_action = QAction(self.tr("New game &with..."), self)
        self.new_game_with_action.setShortcut(QKeySequence("Ctrl+Shift+N"))
        self.new_game_with_action.setToolTip(self.tr("Choose the board and the players"))
        self.new_game_with_action.triggered.connect(self.choose_new_game)
        menu.addAction(self.new_game_with_action)

        self.start_action = QAction(self.tr("S&tart the computers' game"), self)
        self.start_action.setShortcut(QKeySequence("Ctrl+Return"))
        self.start_action.setEnabled(False)
        self.start_action.triggered.connect(self.start_play)
        menu.addAction(self.start_action)

        self.play_again_action = QAction(self.tr("Play &again"), self)
        self.play_again_action.setShortcut(QKeySequence("Ctrl+R"))
        self.play_again_action.triggered.connect(self.play_again)
        menu.addAction(self.play_again_action)

        self.swap_action = QAction(self.tr("&Swap sides"), self)
        self.swap_action.triggered.connect(self.swap_sides)
        menu.addAction(self.swap_action)
        menu.addSeparator()
        menu.addMenu(self._build_ai_speed_menu())
        menu.addSeparator()

        self.quit_action = QAction(self.tr("&Quit"), self)
        # The platform's Quit key, and Ctrl+Q wherever the platform names none (Windows).
        quit_keys = QKeySequence.keyBindings(QKeySequence.StandardKey.Quit)
        if QKeySequence("Ctrl+Q") not in quit_keys:
            quit_keys.append(QKeySequence("Ctrl+Q"))
        self.quit_action.setShortcuts(quit_keys)
        self.quit_action.setMenuRole(QAction.MenuRole.QuitRole)
        self.quit_action.triggered.connect(self.close)
        menu.addAction(self.quit_action)

    def _build_ai_speed_menu(self) -> QMenu:
        menu = QMenu(self.tr("Computer &speed"), self)
        self.ai_speed_menu = menu
        menu.setToolTip(self.tr("The least time a computer player's move takes to appear"))
        self.ai_speed_group = QActionGroup(self)
        self.ai_speed_group.setExclusive(True)
        self.ai_speed_actions: dict[int, QAction] = {}
        for label, delay in AI_SPEEDS:
            action = QAction(self.tr(str(label)), self)
            action.setCheckable(True)
            action.setData(delay)
            self.ai_speed_group.addAction(action)
            menu.addAction(action)
            self.ai_speed_actions[delay] = action
        self.custom_speed_action = QAction(self.tr("Other"), self)
        self.custom_speed_action.setCheckable(True)
        self.custom_speed_action.setVisible(False)
        self.ai_speed_group.addAction(self.custom_speed_action)
        menu.addAction(self.custom_speed_action)
        self.ai_speed_group.triggered.connect(self._on_ai_speed_chosen)
        return menu

    def _build_help_menu(self) -> None:
        menu = self.menuBar().addMenu(self.tr("&Help"))
        self.help_menu = menu
        self.how_to_play_action = QAction(self.tr("&Manual"), self)
        self.how_to_play_action.setShortcut(QKeySequence.StandardKey.HelpContents)
        self.how_to_play_action.triggered.connect(self.show_how_to_play)
        menu.addAction(self.how_to_play_action)
        self.about_action = QAction(self.tr("&About TTT Desktop"), self)
        self.about_action.setMenuRole(QAction.MenuRole.AboutRole)
        self.about_action.triggered.connect(self.show_about)
        menu.addAction(self.about_action)

    def add_below_board(self, widget: QWidget) -> None:
        """Put ``widget`` under the board, above the buttons, with its room kept for good.

        Hidden or shown, it takes the same room, so the board keeps its size.
        """
        layout = self.below_board_layout
        # Just above the buttons, under the stretch: hidden, it leaves its room to the
        # stretch above it, so the buttons at the foot never move.
        layout.insertWidget(layout.count() - 1, widget)
        height = sum(
            max(item.sizeHint().height(), item.minimumSize().height())
            for item in (layout.itemAt(index) for index in range(1, layout.count()))
            if item is not None
        )
        self.below_board.setFixedHeight(height + layout.spacing() * (layout.count() - 2))

    def set_file_name(self, name: str | None) -> None:
        """The game file on show (its name goes into the window title), or None."""
        self._file_name = name
        self._show_title()

    def _build_reduce_motion_action(self) -> None:
        self.reduce_motion_action = QAction(self.tr("Reduce &motion"), self)
        self.reduce_motion_action.setCheckable(True)
        self.reduce_motion_action.setToolTip(
            self.tr("Draw the winning line at once, without animation")
        )
        stored = self.settings.qsettings.value(REDUCE_MOTION_KEY, False)
        # QSettings' INI files hand booleans back as strings.
        self.reduce_motion_action.setChecked(stored in (True, "true"))
        self.reduce_motion_action.toggled.connect(self._on_reduce_motion_toggled)
        self.review.view_menu.addSeparator()
        self.review.view_menu.addAction(self.reduce_motion_action)
        if self._deferring:
            # The desktop's wish (its settings files, gsettings on GNOME): after the first
            # paint, which has nothing to animate.
            self.board.reduced_motion = self.reduce_motion_action.isChecked()
            self._after_first_paint.append(self._apply_reduced_motion)
        else:
            self._apply_reduced_motion()

    def _build_board_view_actions(self) -> None:
        """View > Zoom in / Zoom out / Actual size, and how marks are drawn."""
        menu = self.review.view_menu
        menu.addSeparator()
        view = self.board_view
        self.zoom_in_action = QAction(self.tr("Zoom &in"), self)
        self.zoom_in_action.setShortcuts(
            [QKeySequence(QKeySequence.StandardKey.ZoomIn), QKeySequence("Ctrl+=")]
        )
        self.zoom_in_action.triggered.connect(view.zoom_in)
        self.zoom_out_action = QAction(self.tr("Zoom &out"), self)
        self.zoom_out_action.setShortcut(QKeySequence.StandardKey.ZoomOut)
        self.zoom_out_action.triggered.connect(view.zoom_out)
        self.zoom_reset_action = QAction(self.tr("&Fit the board"), self)
        self.zoom_reset_action.setShortcut(QKeySequence("Ctrl+0"))
        self.zoom_reset_action.triggered.connect(view.reset_zoom)
        for action in (self.zoom_in_action, self.zoom_out_action, self.zoom_reset_action):
            menu.addAction(action)

        marks_menu = menu.addMenu(self.tr("&Marks on the board"))
        self.mark_style_group = QActionGroup(self)
        self.mark_style_actions: dict[MarkStyle, QAction] = {}
        labels = {
            MarkStyle.AUTO: self.tr("Automatic: stones from 9x9 up"),
            MarkStyle.MARKS: self.tr("X and O"),
            MarkStyle.STONES: self.tr("Stones"),
        }
        stored = MarkStyle.from_setting(self.settings.qsettings.value(MARK_STYLE_KEY))
        for style, label in labels.items():
            action = QAction(label, self)
            action.setCheckable(True)
            action.setData(style.value)
            action.setChecked(style is stored)
            self.mark_style_group.addAction(action)
            marks_menu.addAction(action)
            self.mark_style_actions[style] = action
        self.mark_style_group.triggered.connect(self._on_mark_style_chosen)
        self.board.set_mark_style(stored)
        # Move numbers on the marks (remembered, off at first): the board numbers the
        # position on show from the game in hand's moves, whoever shows it.
        self.move_numbers_action = QAction(self.tr("Move n&umbers on the marks"), self)
        self.move_numbers_action.setCheckable(True)
        numbers = self.settings.qsettings.value(MOVE_NUMBERS_KEY, False, type=bool)
        self.move_numbers_action.setChecked(bool(numbers))
        self.move_numbers_action.toggled.connect(self._on_move_numbers_toggled)
        menu.addAction(self.move_numbers_action)
        self.board.set_move_source(lambda: self.controller.session.record.moves)
        self.board.set_move_numbers_shown(bool(numbers))
        # Black's forbidden points under renju (remembered, on at first).
        self.forbidden_points_action = QAction(self.tr("For&bidden points (renju)"), self)
        self.forbidden_points_action.setCheckable(True)
        forbidden = self.settings.qsettings.value(FORBIDDEN_POINTS_KEY, True, type=bool)
        self.forbidden_points_action.setChecked(bool(forbidden))
        self.forbidden_points_action.toggled.connect(self._on_forbidden_points_toggled)
        menu.addAction(self.forbidden_points_action)
        self.forbidden_loses_action = QAction(self.tr("A forbidden move &loses (renju)"), self)
        self.forbidden_loses_action.setCheckable(True)
        self.forbidden_loses_action.setToolTip(
            self.tr(
                "As in tournament renju: black's click on a forbidden point loses the game "
                "instead of being refused"
            )
        )
        loses = bool(self.settings.qsettings.value(FORBIDDEN_LOSES_KEY, False, type=bool))
        self.forbidden_loses_action.setChecked(loses)
        self.controller.session.forbidden_loses = loses
        self.forbidden_loses_action.toggled.connect(self._on_forbidden_loses_toggled)
        menu.addAction(self.forbidden_loses_action)
        self.board.set_forbidden_points_shown(bool(forbidden))

    def _on_mark_style_chosen(self, action: QAction) -> None:
        style = MarkStyle.from_setting(action.data())
        self.settings.qsettings.setValue(MARK_STYLE_KEY, style.value)
        self.board.set_mark_style(style)

    def _on_move_numbers_toggled(self, checked: bool) -> None:
        self.settings.qsettings.setValue(MOVE_NUMBERS_KEY, checked)
        self.board.set_move_numbers_shown(checked)

    def _on_forbidden_loses_toggled(self, checked: bool) -> None:
        self.settings.qsettings.setValue(FORBIDDEN_LOSES_KEY, checked)
        self.controller.session.forbidden_loses = checked

    def _on_forbidden_points_toggled(self, checked: bool) -> None:
        self.settings.qsettings.setValue(FORBIDDEN_POINTS_KEY, checked)
        self.board.set_forbidden_points_shown(checked)

    def _on_reduce_motion_toggled(self, checked: bool) -> None:
        self.settings.qsettings.setValue(REDUCE_MOTION_KEY, checked)
        self._apply_reduced_motion()

    def _apply_reduced_motion(self) -> None:
        asked = self.reduce_motion_action.isChecked()
        self.board.reduced_motion = asked or motion.system_prefers_reduced_motion()

    # Commands -----------------------------------------------------------------

    def new_game(self) -> None:
        """Start a new game with the players chosen; who starts follows the setting."""
        self.controller.session.new_game()
        self.board.setFocus(Qt.FocusReason.OtherFocusReason)

    def new_game_dialog(self) -> NewGameDialog:
        """The "New game with..." dialog for this window, wired to start its choice (not shown)."""
        from ttt_desktop.gui.game.new_game_dialog import NewGameDialog  # noqa: PLC0415  (not before the first paint)

        dialog = NewGameDialog(
            rules=self.controller.session.rules,
            seats={mark: self.controller.session.seat(mark) for mark in (Mark.X, Mark.O)},
            people=self.player_panel.people,
            roster=self.roster,
            opening_rule=self.controller.session.opening_rule,
            parent=self,
        )
        dialog.accepted.connect(lambda: self._start_chosen_game(dialog))
        return dialog

    def choose_new_game(self) -> None:
        """Game > New game with... (Ctrl+Shift+N): choose the board and the players."""
        dialog = self.new_game_dialog()
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.finished.connect(self._give_board_focus)
        dialog.open()

    def _start_chosen_game(self, dialog: NewGameDialog) -> None:
        rules = dialog.chosen_rules()
        x_seat, o_seat = dialog.chosen_seat(Mark.X), dialog.chosen_seat(Mark.O)
        if rules is None or x_seat is None or o_seat is None:
            return
        self.start_game(rules, x_seat, o_seat, opening_rule=dialog.chosen_opening())

    def start_game(
        self, rules: Rules, x_seat: Seat, o_seat: Seat, *, opening_rule: str | None = None
    ) -> None:
        """A new game of ``rules`` between ``x_seat`` and ``o_seat``; the board is remembered,
        and the opening rule when one is given (None: the one in use)."""
        self.settings.set_rules(rules)
        if opening_rule is not None:
            self.controller.session.opening_rule = opening_rule
            self.settings.set_opening_rule(self.controller.session.opening_rule)
        self.player_panel.set_rules(rules)
        if x_seat.is_human and x_seat == o_seat:
            o_seat = self._default_computer_seat(rules)
        # The rules first, so a game a change of seat starts is already on the new board.
        self.controller.session.set_rules(rules)
        self._seat(Mark.X, x_seat)
        self._seat(Mark.O, o_seat)
        self.controller.session.new_game(rules=rules)
        self.board.setFocus(Qt.FocusReason.OtherFocusReason)

    def choose_opening(self, choice: str) -> None:
        """The person asked makes the opening's choice (black, white or two more stones)."""
        self.controller.session.choose(choice)
        self.board.setFocus(Qt.FocusReason.OtherFocusReason)

    def start_play(self) -> None:
        """Let a game between two computers that waits to be started begin."""
        self.controller.session.start_play()
        if self.controller.session.paused:
            # Start means play: a pause chosen before it (the replay bar's) is let go.
            self.controller.session.set_paused(False)
        self.view.refresh()
        self.board.setFocus(Qt.FocusReason.OtherFocusReason)

    def play_again(self) -> None:
        """Another game with the same players, once the last one has a result."""
        if self.controller.session.record.is_finished:
            self.new_game()

    def swap_sides(self) -> None:
        """Exchange the players of X and O and start a new game."""
        x_seat, o_seat = self.controller.session.seat(Mark.X), self.controller.session.seat(Mark.O)
        self._seat(Mark.X, o_seat)
        self._seat(Mark.O, x_seat)
        self.new_game()

    def set_move_delay(self, delay_ms: int) -> None:
        """Set the computer players' minimum visible move delay, and remember it."""
        self.controller.session.move_delay_ms = delay_ms
        self.settings.set_move_delay_ms(delay_ms)
        action = self.ai_speed_actions.get(delay_ms)
        if action is None:
            # Other speeds (the replay bar's slider has more steps) share one menu entry.
            action = self.custom_speed_action
            action.setText(
                self.tr("Other ({seconds} s)").format(
                    seconds=QLocale().toString(delay_ms / 1000, "g", 3)
                )
            )
            action.setData(delay_ms)
            action.setVisible(True)
        elif action is not self.custom_speed_action:
            self.custom_speed_action.setVisible(False)
        action.setChecked(True)

    def _on_replay_speed(self, delay_ms: int) -> None:
        record = self.controller.session.record
        if record.x.is_human or record.o.is_human:
            # In a person's game the slider paces the playback of its moves only: the
            # computer's speed against people is Game > Computer speed's, never changed
            # behind the person's back.
            return
        self.set_move_delay(delay_ms)

    def show_how_to_play(self) -> None:
        """Open the manual's window (F1)."""
        self.help.show_manual()

    def show_about(self) -> None:
        """Open the About dialog."""
        dialogs.open_about(self)

    # Reacting to the panel ----------------------------------------------------

    def _seat(self, mark: Mark, seat: Seat) -> None:
        if self.controller.session.seat(mark) != seat:
            # The game in hand is left for the new seating: not stored as an unfinished game.
            self.history.drop_unfinished()
        self.settings.set_seat_choice(mark.value, SeatChoice.from_seat(seat))
        self.player_panel.show_seat(mark, seat)
        self.controller.session.set_seat(mark, seat)
        if self._deferring and not self._after_first_paint and not seat.is_human:
            # A computer seated in the app: its process starts now, not at its first move.
            self._start_search_process_if_needed()

    def _seat_choices(self) -> list[Seat]:
        choices = [Seat(HUMAN_KIND, name) for name in self.player_panel.people]
        return choices + [Seat(entry.kind, entry.name) for entry in self.roster]

    def _on_seat_chosen(self, mark: Mark, seat: Seat) -> None:
        other = mark.opponent
        if seat.is_human and self.controller.session.seat(other) == seat:
            # One person can't sit on both sides: the two swap places instead.
            self._seat(other, self.controller.session.seat(mark))
        self._seat(mark, seat)
        self.board.setFocus(Qt.FocusReason.OtherFocusReason)

    def people_dialog(self) -> PeopleDialog:
        """The "Rename or remove people" dialog, wired to this window (not yet shown)."""
        from ttt_desktop.gui.game.people_dialog import PeopleDialog  # noqa: PLC0415  (not before the first paint)

        playing = [
            seat.name
            for seat in (self.controller.session.seat(Mark.X), self.controller.session.seat(Mark.O))
            if seat.is_human
        ]
        dialog = PeopleDialog(self.player_panel.people, playing, self)
        dialog.rename_requested.connect(self.rename_person)
        dialog.remove_requested.connect(self.player_panel.remove_person)
        return dialog

    def manage_people(self) -> None:
        """Open the "Rename or remove people" dialog."""
        dialog = self.people_dialog()
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.finished.connect(self._give_board_focus)
        dialog.open()

    def rename_person(self, old_name: str, new_name: str) -> None:
        """Call ``old_name`` ``new_name`` everywhere: drop-downs, seats, the game, the score,
        and the game library (their stored games, page and rating)."""
        self.history.rename_person(old_name, new_name)
        self.player_panel.rename_person(old_name, new_name)
        for mark in (Mark.X, Mark.O):
            choice = self.settings.seat_choice(mark.value)
            if choice is not None and choice.kind == HUMAN_KIND and choice.name == old_name:
                self.settings.set_seat_choice(mark.value, SeatChoice(HUMAN_KIND, new_name))
        self.controller.session.rename_person(old_name, new_name)
        self.view.refresh_score()

    def _give_board_focus(self) -> None:
        self.board.setFocus(Qt.FocusReason.OtherFocusReason)

    def _on_start_policy_chosen(self, policy: str) -> None:
        self.controller.session.start_policy = policy
        self.settings.set_start_policy(policy)
        self.board.setFocus(Qt.FocusReason.OtherFocusReason)

    def _on_ai_speed_chosen(self, action: QAction) -> None:
        delay = action.data()
        if isinstance(delay, int):
            self.set_move_delay(delay)

    # The view model -------------------------------------------------------------

    def _connect_controller(self) -> None:
        # Before the view model: a new game's seats and board reach the panel first.
        self.controller.game_started.connect(self._on_game_started)
        self.view = GameView(
            self.controller,
            self.board,
            self.score,
            score_changed=self.history.score_changed,
            parent=self,
        )
        view = self.view
        view.status_changed.connect(self._show_status)
        view.score_changed.connect(self.player_panel.set_score_text)
        view.result_shown.connect(self._show_result)
        view.result_score_changed.connect(self._show_result_score)
        view.result_hidden.connect(self.result_banner.hide)
        view.message_shown.connect(self.statusBar().showMessage)
        view.message_withdrawn.connect(self._withdraw_message)

    def _on_game_started(self, record: GameRecord) -> None:
        # A game of other rules (chosen, opened or replayed): the drop-downs follow it.
        self.player_panel.set_rules(record.rules)
        for mark in (Mark.X, Mark.O):
            self.player_panel.show_seat(mark, self.controller.session.seat(mark))
        if self._file_name is not None:
            self._file_name = None
            self._show_title()
        self.statusBar().clearMessage()

    def _show_status(self, status: StatusLine | None) -> None:
        if status is None:
            return
        self.header.set_players(status.x_name, status.o_name)
        self.header.set_highlighted(status.highlighted)
        self.busy_indicator.set_busy(status.thinking)
        self.play_again_button.setEnabled(status.over)
        self.play_again_action.setEnabled(status.over)
        self.start_button.setVisible(status.awaiting_start)
        self.start_button.setDefault(status.awaiting_start)
        self.start_action.setEnabled(status.awaiting_start)
        self.play_again_button.setDefault(status.over)
        self.status_label.setText(status.text)
        self.opening_prompt.show_choice(status.choice)
        palette = QPalette()
        if status.mark is not None:
            # The mark's text colour, kept at 4.5:1 or more on whatever ground the window has.
            colour = theme.board_colours(self.palette()).mark_text(status.mark)
            ground = self.palette().color(QPalette.ColorRole.Window)
            palette.setColor(QPalette.ColorRole.WindowText, theme.readable(colour, ground))
        self.status_label.setPalette(palette)
        self._show_title()

    def _show_title(self) -> None:
        status = self.view.status if hasattr(self, "view") else None
        parts = [self._file_name, None if status is None else status.text, WINDOW_TITLE]
        self.setWindowTitle(" - ".join(part for part in parts if part))

    def _show_result(self, result: ResultLine) -> None:
        accent = None
        if result.winner is not None:
            accent = theme.board_colours(self.palette()).mark_text(result.winner)
        self.result_banner.show_result(
            result.title,
            result.score,
            accent,
            area=self.board.board_rect(),
            winning_row=result.winning_row,
        )

    def _show_result_score(self, score: str) -> None:
        if self.result_banner.isVisible():
            self.result_banner.score_label.setText(score)

    def _withdraw_message(self, message: str) -> None:
        if self.statusBar().currentMessage() == message:
            self.statusBar().clearMessage()

    # Settings -----------------------------------------------------------------

    def _restore_settings(self) -> None:
        settings = self.settings
        geometry = settings.geometry()
        if geometry is None or not self.restoreGeometry(geometry):
            # Room for the move list, the board and the players side by side, on
            # screens that have it.
            fit_to_screen(self, DEFAULT_WINDOW_SIZE)
        elif not (self.isMaximized() or self.isFullScreen()):
            # Saved on a larger screen, or grown past it before this version: fit this one.
            fit_to_screen(self)
        # Docks and panels shown later never push the window past its screen.
        self.screen_keeper = ScreenKeeper(self)
        self.controller.session.start_policy = settings.start_policy()
        self.controller.session.opening_rule = settings.opening_rule()
        self.player_panel.show_start_policy(self.controller.session.start_policy)
        delay = settings.move_delay_ms()
        self.set_move_delay(delay)
        people = self.player_panel.people
        rules = self._start_rules
        self.player_panel.set_rules(rules)
        default_seats = {
            Mark.X: Seat(HUMAN_KIND, people[0]),
            Mark.O: self._default_computer_seat(rules),
        }
        # Only the computers that play the first game's board take a seat.
        kinds = {entry.kind: entry for entry in self.roster if kind_plays(entry.kind, rules)}
        for mark in (Mark.X, Mark.O):
            seat = default_seats[mark]
            choice = settings.seat_choice(mark.value)
            if choice is not None and choice.kind == HUMAN_KIND:
                seat = Seat(HUMAN_KIND, choice.name)
            elif choice is not None and choice.kind in kinds:
                seat = Seat(choice.kind, kinds[choice.kind].name)
            self.player_panel.show_seat(mark, seat)
            self.controller.session.set_seat(mark, seat)

    def _default_computer_seat(self, rules: Rules | None = None) -> Seat:
        # A first-time player meets a fair opponent: strength 3 if the roster has one.
        rules = self.controller.session.rules if rules is None else rules
        playing = [
            entry
            for entry in self.roster
            if kind_plays(entry.kind, rules) and not engine_players.is_brain(entry.kind)
        ]
        if not playing:
            return Seat(HUMAN_KIND, self.player_panel.people[-1])
        entry = min(playing, key=lambda info: abs(info.strength - 3))
        return Seat(entry.kind, entry.name)

    def save_settings(self) -> None:
        """Write the window geometry (the rest is saved as it changes) to disk."""
        self.settings.set_geometry(self.saveGeometry())
        self.settings.set_people(self.player_panel.people)
        self.settings.sync()

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.PaletteChange and hasattr(self, "view"):
            # A new theme: the status text takes the new scheme's mark colours.
            self._show_status(self.view.status)
        super().changeEvent(event)

    def _set_trained_players(self, profiles: list[RosterEntry]) -> None:
        """The drop-downs offer the trained players too (saved from the Train window)."""
        kept = [entry for entry in self.roster if not entry.kind.startswith("trained.")]
        self.roster = [*kept, *profiles]
        self.player_panel.set_roster(self.roster)

    @property
    def engines_problem(self) -> str:
        """Why the engine list could not be read, until the person dismissed it ("")."""
        return self.engine_list.problem

    def _engine_roster(self) -> list[RosterEntry]:
        infos = self.engine_list.infos()
        engine_players.set_engines(infos)
        return list(infos)

    def _offer_engines(self) -> None:
        """The drop-downs offer the engine list's brains as the list is now."""
        kept = [entry for entry in self.roster if not engine_players.is_brain(entry.kind)]
        self.roster = [*kept, *self._engine_roster()]
        self.player_panel.set_roster(self.roster)

    def refresh_engines(self) -> None:
        """Read the engine list again now (it is followed on disk in any case)."""
        self.engine_list.read()

    def closeEvent(self, event: QCloseEvent) -> None:
        self.engine_list.stop()
        self.game_in_progress.save_now(wait=True)
        self.save_settings()
        self.controller.shutdown()
        super().closeEvent(event)
