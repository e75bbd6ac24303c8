"""The replay bar: step through a game's positions, follow a live match, set the pace.

:class:`ReplayBar` drives and draws a
:class:`~ttt_desktop.gui.game.view_model.ViewedPosition`, the one owner of which ply of
the current :class:`~ttt_desktop.core.GameRecord` is on show and whether the view
follows the newest move (the window's view model holds it; a bar made on its own makes
its own). Its buttons go to the start, one move back, play/pause, one move forward and
to the end; a timeline slider covers every ply; a speed slider sets the delay between AI
moves, from 3 seconds per move to as fast as the machine goes.

Play/pause means two things. While two AIs play a live game, it asks for the
game to pause between moves (:attr:`ReplayBar.pause_requested`); the view stops
where it is, a move already being computed is recorded, and it is shown when the
viewer steps to it. For any other game it plays the recorded moves back on the
board at the chosen pace. Stepping back never stops a match: the bar simply stops
following, and "Live" returns to the newest move.

The bar only says what to show (:attr:`ReplayBar.view_changed`); it never
changes a record.
"""

from __future__ import annotations

from typing import Final

from PySide6.QtCore import QCoreApplication, QEvent, QLocale, QSize, Qt, Signal, SignalInstance
from PySide6.QtGui import QAction, QIcon, QKeySequence, QShowEvent
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QSlider,
    QStyle,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from ttt_desktop.core import GameRecord
from ttt_desktop.gui.common.indicators import tinted_icon
from ttt_desktop.gui.game.view_model import ViewedPosition

# Delays between AI moves offered by the speed slider, slowest first; 0 means
# "as fast as the machine goes".
SPEED_STEPS_MS: Final = (3000, 2000, 1200, 800, 400, 200, 100, 50, 0)
DEFAULT_DELAY_MS: Final = 400
ICON_PX: Final = 18


def describe_delay(delay_ms: int) -> str:
    """How a delay reads next to the speed slider: ``"0.4 s/move"``, ``"max"``."""
    translate = QCoreApplication.translate
    if delay_ms <= 0:
        return translate("ReplayBar", "max speed")
    if delay_ms >= 1000:
        seconds = QLocale().toString(delay_ms / 1000, "g", 3)
        return translate("ReplayBar", "{seconds} s/move").format(seconds=seconds)
    return translate("ReplayBar", "{delay} ms/move").format(delay=delay_ms)


class ReplayBar(QWidget):
    """Replay controls for one game at a time: buttons, timeline, speed, follow-live."""

    move_delay_changed = Signal(int)  # ms between AI moves

    def __init__(
        self, position: ViewedPosition | None = None, parent: QWidget | None = None
    ) -> None:
        """``position`` is the position on show it drives (None: one of its own)."""
        super().__init__(parent)
        self._icons: dict[QToolButton, QStyle.StandardPixmap] = {}
        self._playing_icon = False
        self.setObjectName("replay-bar")
        self.position = position if position is not None else ViewedPosition(self)

        pixmap = QStyle.StandardPixmap
        self.start_button = self._button(
            "to-start", self.tr("First position"), pixmap.SP_MediaSkipBackward
        )
        self.back_button = self._button(
            "step-back", self.tr("One move back"), pixmap.SP_MediaSeekBackward
        )
        self.play_button = self._button("play-pause", self.tr("Play"), pixmap.SP_MediaPlay)
        self.forward_button = self._button(
            "step-forward", self.tr("One move forward"), pixmap.SP_MediaSeekForward
        )
        self.end_button = self._button(
            "to-end", self.tr("Newest position"), pixmap.SP_MediaSkipForward
        )
        self.live_button = QToolButton(self)
        self.live_button.setObjectName("follow-live")
        self.live_button.setText(self.tr("Live"))
        self.live_button.setCheckable(True)
        self.live_button.setToolTip(self.tr("Follow the newest move of the running game"))
        self.live_button.setAccessibleName(self.tr("Follow live"))
        # The icons are drawn when the bar first shows (it starts hidden): the first of
        # the style's standard icons costs 5 ms and 1 MiB, which the first screen does
        # without. An icon-only button asks for its icon size whether it has one or not.
        self._play_icon: QIcon | None = None
        self._pause_icon: QIcon | None = None

        self.timeline = QSlider(Qt.Orientation.Horizontal, self)
        self.timeline.setObjectName("timeline")
        self.timeline.setAccessibleName(self.tr("Timeline"))
        self.timeline.setRange(0, 0)
        self.timeline.setPageStep(1)
        self.timeline.setTickPosition(QSlider.TickPosition.TicksBelow)
        self.position_label = QLabel(self)
        self.position_label.setObjectName("position-label")
        self.position_label.setMinimumWidth(
            self.fontMetrics().horizontalAdvance(self._position_text(9, 9, "X9")) + 8
        )

        self.speed = QSlider(Qt.Orientation.Horizontal, self)
        self.speed.setObjectName("speed")
        self.speed.setAccessibleName(self.tr("Speed"))
        self.speed.setToolTip(self.tr("Delay between computer moves"))
        self.speed.setRange(0, len(SPEED_STEPS_MS) - 1)
        self.speed.setPageStep(1)
        self.speed.setFixedWidth(90)
        self.speed.setValue(SPEED_STEPS_MS.index(DEFAULT_DELAY_MS))
        self.position.set_playback_delay(DEFAULT_DELAY_MS)
        self.speed_label = QLabel(describe_delay(DEFAULT_DELAY_MS), self)
        self.speed_label.setObjectName("speed-label")
        self.speed_label.setMinimumWidth(
            self.fontMetrics().horizontalAdvance(describe_delay(800)) + 4
        )

        # Two rows keep the bar narrow: buttons and where we are; then timeline and speed.
        buttons = QHBoxLayout()
        buttons.setSpacing(2)
        for button in (
            self.start_button,
            self.back_button,
            self.play_button,
            self.forward_button,
            self.end_button,
            self.live_button,
        ):
            buttons.addWidget(button)
        buttons.addSpacing(8)
        buttons.addWidget(self.position_label, 1)
        sliders = QHBoxLayout()
        sliders.addWidget(self.timeline, 1)
        sliders.addSpacing(8)
        sliders.addWidget(QLabel(self.tr("Speed"), self))
        sliders.addWidget(self.speed)
        sliders.addWidget(self.speed_label)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 2, 4, 2)
        layout.setSpacing(2)
        layout.addLayout(buttons)
        layout.addLayout(sliders)

        self.start_button.clicked.connect(self.go_to_start)
        self.back_button.clicked.connect(self.step_back)
        self.play_button.clicked.connect(self.toggle_play)
        self.forward_button.clicked.connect(self.step_forward)
        self.end_button.clicked.connect(self.go_to_end)
        self.live_button.clicked.connect(self.follow_live)
        self.timeline.valueChanged.connect(self._on_timeline_moved)
        self.speed.valueChanged.connect(self._on_speed_moved)
        self._actions = self._make_actions()
        self.position.changed.connect(self._refresh)
        self._refresh()

    def _button(self, name: str, tip: str, icon: QStyle.StandardPixmap) -> QToolButton:
        button = QToolButton(self)
        button.setObjectName(name)
        self._icons[button] = icon
        button.setIconSize(QSize(ICON_PX, ICON_PX))
        button.setToolTip(tip)
        button.setAccessibleName(tip)
        button.setAutoRaise(True)
        return button

    def _draw_icons(self) -> None:
        # In the text's colour: the style's own grey pictures looked disabled when dark.
        pixmap = QStyle.StandardPixmap
        for button, icon in self._icons.items():
            button.setIcon(tinted_icon(self, icon, ICON_PX))
        self._play_icon = tinted_icon(self, pixmap.SP_MediaPlay, ICON_PX)
        self._pause_icon = tinted_icon(self, pixmap.SP_MediaPause, ICON_PX)
        self.play_button.setIcon(self._pause_icon if self._playing_icon else self._play_icon)

    def showEvent(self, event: QShowEvent) -> None:
        if self._play_icon is None:
            self._draw_icons()
        super().showEvent(event)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.PaletteChange and self._play_icon is not None:
            # A new theme: the icons take its text colour.
            self._draw_icons()
        super().changeEvent(event)

    def _make_actions(self) -> list[QAction]:
        """Window-wide history keys: Alt+arrows, Alt+Home/End, Ctrl+P (plain keys: the board's)."""
        entries = (
            (self.tr("&Back one move"), "Alt+Left", self.step_back),
            (self.tr("&Forward one move"), "Alt+Right", self.step_forward),
            (self.tr("First &position"), "Alt+Home", self.go_to_start),
            (self.tr("&Newest position"), "Alt+End", self.go_to_end),
            (self.tr("Play / &pause"), "Ctrl+P", self.toggle_play),
        )
        actions = []
        for text, keys, slot in entries:
            action = QAction(text, self)
            action.setShortcut(QKeySequence(keys))
            action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
            action.triggered.connect(slot)
            actions.append(action)
        return actions

    @property
    def history_actions(self) -> list[QAction]:
        """The actions carrying the history shortcuts, for the window's View menu."""
        return list(self._actions)

    # The position on show (held by :attr:`position`) --------------------------------

    @property
    def view_changed(self) -> SignalInstance:
        """The position's ``view_changed(ply)``: the ply whose position to show."""
        return self.position.view_changed

    @property
    def pause_requested(self) -> SignalInstance:
        """The position's ``pause_requested(bool)``: pause (True) or resume the live game."""
        return self.position.pause_requested

    @property
    def step_live_requested(self) -> SignalInstance:
        """The position's ``step_live_requested()``: one more move of a paused live game."""
        return self.position.step_live_requested

    @property
    def record(self) -> GameRecord | None:
        """The game being shown."""
        return self.position.record

    @property
    def viewed_ply(self) -> int:
        """The ply whose position is on show."""
        return self.position.viewed_ply

    @property
    def following(self) -> bool:
        """True while the view moves on with each new move."""
        return self.position.following

    @property
    def is_live_match(self) -> bool:
        """True while an unfinished game between two AIs is shown: play/pause pauses it."""
        return self.position.is_live_match

    @property
    def is_playing_back(self) -> bool:
        """True while a recorded game is being played back."""
        return self.position.is_playing_back

    @property
    def match_paused(self) -> bool:
        """Whether the live game is paused (see :meth:`set_match_paused`)."""
        return self.position.match_paused

    @property
    def move_delay_ms(self) -> int:
        """The delay chosen on the speed slider."""
        return SPEED_STEPS_MS[self.speed.value()]

    def set_move_delay_ms(self, delay_ms: int) -> None:
        """Put the speed slider on the step nearest ``delay_ms`` (no signal)."""
        nearest = min(range(len(SPEED_STEPS_MS)), key=lambda i: abs(SPEED_STEPS_MS[i] - delay_ms))
        self.speed.blockSignals(True)
        self.speed.setValue(nearest)
        self.speed.blockSignals(False)
        self.speed_label.setText(describe_delay(SPEED_STEPS_MS[nearest]))
        self.position.set_playback_delay(SPEED_STEPS_MS[nearest])

    def set_record(self, record: GameRecord) -> None:
        """Show ``record``: a new game starts following; a growing one keeps the view."""
        self.position.set_record(record)

    def set_match_paused(self, paused: bool) -> None:
        """Reflect the live game's pause state; pausing stops following."""
        self.position.set_match_paused(paused)

    # Navigation (the buttons and the keys) --------------------------------------------

    def show_ply(self, ply: int) -> None:
        """Show the position after ``ply`` moves."""
        self.position.show_ply(ply)

    def go_to_start(self) -> None:
        """Show the empty board (and stop following)."""
        self.position.go_to_start()

    def step_back(self) -> None:
        """Show one move earlier; a running match carries on."""
        self.position.step_back()

    def step_forward(self) -> None:
        """Show one move later; at the newest move of a paused AI game, ask for one more."""
        self.position.step_forward()

    def go_to_end(self) -> None:
        """Show the newest position."""
        self.position.go_to_end()

    def follow_live(self) -> None:
        """Show the newest position and keep showing each new move (resumes a paused match)."""
        self.position.follow_live()

    def toggle_play(self) -> None:
        """Pause or resume a live AI game; for any other game, play its moves back or stop."""
        self.position.toggle_play()

    def _on_timeline_moved(self, value: int) -> None:
        if value != self.position.viewed_ply:
            self.position.stop_playback()
            self.position.show_ply(value)

    def _on_speed_moved(self, index: int) -> None:
        delay = SPEED_STEPS_MS[index]
        self.speed_label.setText(describe_delay(delay))
        self.position.set_playback_delay(delay)
        self.move_delay_changed.emit(delay)

    def _refresh(self) -> None:
        position = self.position
        record = position.record
        last = len(record.moves) if record is not None else 0
        ply = position.viewed_ply
        self.timeline.blockSignals(True)
        self.timeline.setRange(0, last)
        self.timeline.setValue(ply)
        self.timeline.blockSignals(False)
        self.start_button.setEnabled(ply > 0)
        self.back_button.setEnabled(ply > 0)
        live = position.is_live_match
        self.forward_button.setEnabled(ply < last or (live and position.match_paused))
        self.end_button.setEnabled(ply < last)
        running = record is not None and not record.is_finished
        self.live_button.setEnabled(running)
        self.live_button.setChecked(running and position.following)
        if live:
            playing = not position.match_paused
            self.play_button.setEnabled(True)
            tip = (
                self.tr("Pause the match between moves") if playing else self.tr("Resume the match")
            )
        else:
            playing = position.is_playing_back
            self.play_button.setEnabled(last > 0)
            tip = self.tr("Stop the playback") if playing else self.tr("Play the moves back")
        self._playing_icon = playing
        icon = self._pause_icon if playing else self._play_icon
        if icon is not None:
            self.play_button.setIcon(icon)
        self.play_button.setToolTip(tip)
        self.play_button.setAccessibleName(self.tr("Pause") if playing else self.tr("Play"))
        if record is None or ply == 0:
            text = self.tr("Start") if last else self.tr("No moves")
        else:
            cell = record.moves[ply - 1]
            move = f"{record.mark_at(ply - 1).value}{record.rules.geometry.name(cell)}"
            text = self._position_text(ply, last, move)
        self.position_label.setText(text)
        # The menu's items go where their buttons go: none on an empty board.
        buttons = (
            self.back_button,
            self.forward_button,
            self.start_button,
            self.end_button,
            self.play_button,
        )
        for action, button in zip(getattr(self, "_actions", ()), buttons, strict=False):
            action.setEnabled(button.isEnabled())

    def _position_text(self, ply: int, last: int, move: str) -> str:
        return self.tr("Move {ply} of {last}: {move}").format(ply=ply, last=last, move=move)
