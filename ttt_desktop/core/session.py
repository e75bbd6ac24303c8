"""The game session: the game in hand, its two seats, whose turn, undo and redo, pause and step.

:class:`GameSession` owns the running :class:`~ttt_desktop.core.record.GameRecord`,
the two :class:`Seat` values and the rules new games are played by, and applies
moves by the engine's rules. It says what happened through a :class:`SessionEvents`
listener; the window's controller is one such listener that turns each event into a
Qt signal, and a test is another.

Each seat's player is a :class:`Mover`. A person's seat is a player that waits for
input: its move arrives by :meth:`GameSession.play_cell` (a click, a key). A
computer's seat asks for its move with ``move_wanted(MoveRequest)``; whoever thinks
for it answers with :meth:`GameSession.deliver` and one :class:`MoveAnswer` that
carries the move and the thought behind it together.

Every game has a generation number. Starting a game, changing a player, an undo and
shutting down bump it (``generation_changed``); an answer for an older generation is
dropped (``answer_dropped``), so a search that finishes after its game is gone can
never play into the next one.

Under an opening rule (:mod:`ttt_desktop.core.swap`: swap or swap2) the first stones
are placed by the role :meth:`SwapOpening.step <ttt_desktop.core.swap.SwapOpening.step>`
names, whichever mark the stone is (:attr:`GameSession.acting_mark` is the seat that acts
now), and a choice is asked of a seat: a person answers with :meth:`GameSession.choose`, a
computer is asked once for its three stones (``MoveRequest.ask`` "stones") or for its
choice ("choice"), and the stones it gives are played one after another like moves
(requests with ``given`` set, answered without asking the player again). A choice that
exchanges the players' marks exchanges ``record.x`` and ``record.o`` at once; the seats
(:meth:`GameSession.seat`) stay the players who start on X and O.

Nothing here imports Qt or any gui module: the session runs, and is tested, without
a window.
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass
from typing import Any, ClassVar, Final

from ttt_desktop.core.board import HUMAN_KIND, Board, ForbiddenMoveError, IllegalMoveError, Mark
from ttt_desktop.core.ending import forbidden_forfeit
from ttt_desktop.core.record import (
    MAX_LOG_LINES,
    Forfeit,
    GameRecord,
    PlayerEntry,
    _finish_time,
)
from ttt_desktop.core.rules import TIC_TAC_TOE, Rules, coerce_rules
from ttt_desktop.core.swap import (
    FREE_OPENING,
    OPENER,
    Step,
    SwapAnswer,
    SwapError,
    SwapOpening,
    check_opening_rule,
    opening_for,
)

"""The kind of a person's seat (the players package's name for it)."""

START_POLICIES: Final = ("x", "o", "alternate", "random")
DEFAULT_MOVE_DELAY_MS: Final = 400
# A computer's opening move against a person waits at least this long, whatever the
# speed setting, so the person sees the empty board and then the move arrive.
OPENING_DELAY_MS: Final = DEFAULT_MOVE_DELAY_MS


@dataclass(frozen=True)
class Seat:
    """Who sits at a mark: a person (kind ``"human"``) or a computer kind, with a display name.

    ``seed`` fixes a computer's random choices; without one the session picks a seed
    per game and writes it into the record, so every game can be replayed exactly.
    """

    kind: str
    name: str
    seed: int | None = None

    @property
    def is_human(self) -> bool:
        """True for a person, who plays by clicking or typing."""
        return self.kind == HUMAN_KIND


@dataclass(frozen=True)
class MoveRequest:
    """A question for whoever thinks for a computer: which cell for ``mark`` on ``board``.

    The player is the one of kind ``kind`` and seed ``seed`` in game ``generation``:
    the same player object answers all of its game's moves.
    """

    generation: int
    board: Board
    kind: str
    seed: int | None
    mark: Mark
    seat: Mark | None = None
    """The mark the player started the game on, which names it in its game (after a swap
    it plays the other one); None: ``mark``."""
    ask: str = ""
    """What is asked under an opening rule: "" a move; "stones" the opener's three stones
    (``swap_stones``); "choice" one of ``options`` (``swap_choice``)."""
    options: tuple[str, ...] = ()
    rule: str = ""
    """The opening rule of an "stones" or "choice" question."""
    given: int | None = None
    """A stone the player gave already (its second or third opening stone, a choice's
    stone): the answer is that cell, without asking the player again."""

    @property
    def seat_mark(self) -> Mark:
        """The mark that names the player in its game (:attr:`seat`, or :attr:`mark`)."""
        return self.mark if self.seat is None else self.seat


@dataclass(frozen=True)
class MoveAnswer:
    """The one answer to a :class:`MoveRequest`: the move and its thought, or what went wrong.

    ``move`` is None when ``error`` says why there is no move, and for a choice
    (``choice``) that comes without a stone. An answer of opening stones has them all in
    ``stones`` and the first in ``move``.
    """

    generation: int
    move: int | None
    seconds: float = 0.0
    thought: Any = None
    error: str | None = None
    forfeit: bool = False
    """The player lost the game off the board (a brain's failure): ``error`` says how."""
    log: tuple[str, ...] = ()
    """What the player's pipe said (an external program's), for the game's log."""
    stones: tuple[int, ...] = ()
    """The opener's stones, answered at once (``ask`` "stones")."""
    choice: SwapAnswer | None = None
    """The answer to a choice of the opening (``ask`` "choice")."""

    @property
    def has_answer(self) -> bool:
        """True unless the player could not answer (``error`` says why)."""
        return self.move is not None or self.choice is not None

    @classmethod
    def failed(cls, generation: int, error: str) -> MoveAnswer:
        """The answer of a player that could not move."""
        return cls(generation, None, error=error)

    @classmethod
    def forfeited(cls, generation: int, reason: str, log: tuple[str, ...] = ()) -> MoveAnswer:
        """The answer of a player that broke a rule of the game (it loses it)."""
        return cls(generation, None, error=reason, forfeit=True, log=log)


@dataclass(frozen=True)
class Refusal:
    """Why a person's move was refused: ``reason`` is one of the names below, with details.

    ``"game-over"``; ``"not-your-turn"`` (``name`` and ``mark`` say whose turn it is);
    ``"not-started"``; ``"choice-due"`` (the opening waits for ``name``'s choice, not for
    a stone); ``"no-choice"`` (a choice given when none is due, or not one of the
    options); ``"cell-taken"`` (``cell`` on ``board``); ``"forbidden"`` (under renju,
    ``cell`` on ``board`` is forbidden for black: ``detail`` is the reason, one of
    :data:`~ttt_desktop.core.renju.FORBIDDEN_REASONS`).
    """

    reason: str
    name: str = ""
    mark: Mark | None = None
    cell: int | None = None
    board: Board | None = None
    detail: str = ""


class Mover:
    """The player at a seat, as the session sees it: one that waits for input, or not."""

    waits_for_input: ClassVar[bool] = False

    def request(self, generation: int, board: Board) -> MoveRequest | None:
        """What to ask for this player's move on ``board``; None when it waits for input."""
        return None


@dataclass(frozen=True)
class PersonMover(Mover):
    """A person's seat: the move arrives as input (:meth:`GameSession.play_cell`)."""

    waits_for_input: ClassVar[bool] = True


@dataclass(frozen=True)
class ComputerMover(Mover):
    """A computer's seat: its move is asked for with a :class:`MoveRequest`."""

    kind: str
    seed: int | None

    def request(self, generation: int, board: Board) -> MoveRequest:
        return MoveRequest(generation, board, self.kind, self.seed, board.to_move)


def mover_for(entry: PlayerEntry | Seat) -> Mover:
    """The mover for a record's player entry (or a seat)."""
    if entry.kind == HUMAN_KIND:
        return PersonMover()
    return ComputerMover(entry.kind, entry.seed)


class SessionEvents:
    """What a session tells its listener; every method does nothing unless overridden.

    Records passed are the game in hand at that moment. Events come in the order things
    happen: ``move_played`` before ``game_finished``, ``game_reopened`` before
    ``history_changed``.
    """

    def game_started(self, record: GameRecord) -> None:
        """A game began (new, branched, opened or replayed); it may already be over."""

    def move_played(self, record: GameRecord, thought: Any) -> None:
        """A move was played; ``thought`` is the computer's Thought (None for a person's)."""

    def game_finished(self, record: GameRecord) -> None:
        """The game in hand has a result."""

    def game_reopened(self, record: GameRecord) -> None:
        """An undo took a finished game back to before its end."""

    def history_changed(self, record: GameRecord) -> None:
        """An undo or a redo changed the moves."""

    def players_renamed(self, record: GameRecord) -> None:
        """A person seated in the game in hand was renamed."""

    def choice_made(self, record: GameRecord, choice: str) -> None:
        """A choice of the opening was made (``record.opening.choices[-1]``); when it
        exchanged the players' marks, ``record.x`` and ``record.o`` are already the new ones."""

    def thinking_started(self, mark: Mark) -> None:
        """A computer at ``mark`` began thinking."""

    def thinking_stopped(self) -> None:
        """No computer is thinking any more."""

    def move_wanted(self, request: MoveRequest) -> None:
        """A computer is to move: ask its player and :meth:`GameSession.deliver` the answer."""

    def move_refused(self, refusal: Refusal) -> None:
        """A person's move was not played."""

    def player_failed(self, name: str, mark: Mark, error: str) -> None:
        """The computer at ``mark`` could not move: the game waits."""

    def answer_dropped(self, generation: int) -> None:
        """An answer for generation ``generation`` came after its game was gone."""

    def generation_changed(self, generation: int) -> None:
        """Answers for generations before ``generation`` are no longer wanted."""

    def paused_changed(self, paused: bool) -> None:
        """Games between computers were held or released."""

    def move_delay_changed(self, delay_ms: int) -> None:
        """The least time a computer's move takes to appear changed."""


class GameSession:
    """The running game: seats, record, rules, generation, undo and redo, pause and step."""

    def __init__(
        self, events: SessionEvents | None = None, *, rng: random.Random | None = None
    ) -> None:
        """``events`` hears what happens; ``rng`` picks seeds and random openers."""
        self.events = events if events is not None else SessionEvents()
        self._random = rng if rng is not None else random.Random()
        self._seats: dict[Mark, Seat] = {
            Mark.X: Seat(HUMAN_KIND, "Player 1"),
            Mark.O: Seat(HUMAN_KIND, "Player 2"),
        }
        self._rules: Rules = TIC_TAC_TOE
        self._movers: dict[Mark, Mover] = {mark: PersonMover() for mark in (Mark.X, Mark.O)}
        self._start_policy = "alternate"
        self._opening_rule: str = FREE_OPENING
        # Stones a computer gave at once (its opening stones, its choice's), played one by one.
        self._queued: list[int] = []
        self._move_delay_ms = DEFAULT_MOVE_DELAY_MS
        self._generation = 0
        self._started = False
        self._last_opening_mark: Mark | None = None
        self._waiting_for: int | None = None  # the generation a computer's answer is owed to
        self._is_closed = False
        self.forbidden_loses = False
        """Tournament renju: a person's click on one of black's forbidden points loses the
        game (the ending "forbidden", as a brain's does), instead of being refused."""
        self._paused = False
        self._step_allowed = False
        self._awaiting_start = False
        self._last_thought: Any = None
        # Moves taken back, newest undo last.
        self._redo_groups: list[_TakenBack] = []
        self._record = self._fresh_record(Mark.X)

    # Seats and settings -------------------------------------------------------

    def seat(self, mark: Mark) -> Seat:
        """Who sits at ``mark``."""
        return self._seats[Mark(mark)]

    def set_seat(self, mark: Mark, seat: Seat) -> None:
        """Seat ``seat`` at ``mark``.

        Once a game has been started, a change of player starts a new game in which
        the start policy says who opens (the old game's moves, and its opener, belong
        to the old players).
        """
        mark = Mark(mark)
        if self._seats[mark] == seat:
            return
        self._seats[mark] = seat
        if self._started:
            # Not asked for: a game between two computers waits for start_play().
            self.new_game(hold=True)
        else:
            self._movers[mark] = mover_for(seat)

    def rename_person(self, old_name: str, new_name: str) -> None:
        """A person seated as ``old_name`` is now called ``new_name``, in the game in hand too.

        No new game starts: the moves are the same person's.
        """
        renamed = False
        record = self._record
        for mark in (Mark.X, Mark.O):
            seat = self._seats[mark]
            if seat.is_human and seat.name == old_name:
                self._seats[mark] = Seat(HUMAN_KIND, new_name)
                renamed = True
            # The record's marks are the players' after the opening's choices, not the seats'.
            entry = record.player(mark)
            if entry.is_human and entry.name == old_name:
                entry = dataclasses.replace(entry, name=new_name)
                if mark is Mark.X:
                    record = dataclasses.replace(record, x=entry)
                else:
                    record = dataclasses.replace(record, o=entry)
                renamed = True
        if renamed:
            self._record = record
            self.events.players_renamed(record)

    @property
    def rules(self) -> Rules:
        """The rules of the game in hand, and of new games until other rules are asked for."""
        return self._rules

    def set_rules(self, rules: Rules | str) -> None:
        """Play the next game (a new game, or one a change of seat starts) by ``rules``;
        the game in hand keeps its own."""
        self._rules = coerce_rules(rules)

    @property
    def opening_rule(self) -> str:
        """The opening rule of new games (:data:`~ttt_desktop.core.swap.OPENING_RULES`): it
        applies to rules it fits (:func:`~ttt_desktop.core.swap.check_opening_rule`); a game
        of other rules opens freely."""
        return self._opening_rule

    @opening_rule.setter
    def opening_rule(self, name: str) -> None:
        # Checked against a board every rule fits: only the name is in question here.
        self._opening_rule = check_opening_rule(Rules(15, 15, 5), name)

    @property
    def start_policy(self) -> str:
        """Who starts a new game: ``"x"``, ``"o"``, ``"alternate"`` or ``"random"``."""
        return self._start_policy

    @start_policy.setter
    def start_policy(self, policy: str) -> None:
        if policy not in START_POLICIES:
            raise ValueError(
                f"the start policy is one of {', '.join(START_POLICIES)}, not {policy!r}"
            )
        self._start_policy = policy

    @property
    def move_delay_ms(self) -> int:
        """The least time a computer's move takes to appear, so people can follow it (0 allowed)."""
        return self._move_delay_ms

    @move_delay_ms.setter
    def move_delay_ms(self, delay: int) -> None:
        if type(delay) is not int or delay < 0:
            raise ValueError(f"the AI move delay is a whole number of ms >= 0, not {delay!r}")
        if delay != self._move_delay_ms:
            self._move_delay_ms = delay
            self.events.move_delay_changed(delay)

    def answer_delay_ms(self) -> int:
        """How long after its request the computer's answer may show, at the least."""
        record = self._record
        if record.ply == 0 and (record.x.is_human or record.o.is_human):
            return max(self._move_delay_ms, OPENING_DELAY_MS)
        return self._move_delay_ms

    # State --------------------------------------------------------------------

    @property
    def record(self) -> GameRecord:
        """The game so far."""
        return self._record

    @property
    def board(self) -> Board:
        """The current position."""
        return self._record.final_board

    @property
    def generation(self) -> int:
        """The current game's generation; answers for older ones are dropped."""
        return self._generation

    @property
    def is_started(self) -> bool:
        """True once a game has begun (the session takes no move before)."""
        return self._started

    @property
    def is_closed(self) -> bool:
        """True after :meth:`close`: the session plays no more."""
        return self._is_closed

    @property
    def is_thinking(self) -> bool:
        """True while a computer's answer is awaited."""
        return self._waiting_for is not None

    @property
    def last_thought(self) -> Any:
        """The thought behind the last computer move played (None before one)."""
        return self._last_thought

    def mover(self, mark: Mark) -> Mover:
        """The player at ``mark`` in the game in hand."""
        return self._movers[Mark(mark)]

    @property
    def opening_step(self) -> Step | None:
        """What the opening asks now (a stone placed, a choice), or None in ordinary play,
        under the free opening and once the game is over."""
        return _step_of(self._record)

    @property
    def acting_mark(self) -> Mark:
        """The mark whose player acts now: the side to move, or under an opening rule the
        player who places the stone or makes the choice (whichever mark the stone is)."""
        step = self.opening_step
        if step is None:
            return self.board.to_move
        return self._mark_of(step.role)

    @property
    def waits_for_person(self) -> bool:
        """True when the game waits for a person: their move, stone or choice."""
        record = self._record
        if record.is_finished or not self._started:
            return False
        return self._movers[self.acting_mark].waits_for_input

    def _mark_of(self, role: str) -> Mark:
        """The mark held now by the player of ``role`` in the opening."""
        record = self._record
        opening = record.opening
        first = record.first
        if opening is None:
            return first if role == OPENER else first.opponent
        return first if opening.role_of(first, first) == role else first.opponent

    def _start_mark(self, mark: Mark) -> Mark:
        """The mark the player holding ``mark`` now started the game on."""
        opening = self._record.opening
        return mark.opponent if opening is not None and opening.swapped else mark

    # Games --------------------------------------------------------------------

    def new_game(
        self, first: Mark | None = None, rules: Rules | str | None = None, *, hold: bool = False
    ) -> None:
        """Start a new game; ``first`` moves first, or the start policy decides.

        ``rules`` (a :class:`Rules`, a preset name or ``"m,n,k"``) changes the rules for
        this game and the ones after; None keeps the current rules. With ``hold`` (a
        game nobody asked to watch: at start-up, after a change of seat) a game between
        two computers waits before its first move until :meth:`start_play`.
        """
        if rules is not None:
            self._rules = coerce_rules(rules)
        if first is None:
            first = self._first_by_policy()
        self._begin(self._fresh_record(Mark(first)), hold=hold)

    @property
    def awaiting_start(self) -> bool:
        """True while a game between two computers waits to be started (:meth:`start_play`)."""
        return self._awaiting_start

    def start_play(self) -> None:
        """Let a game between two computers that waits to be started make its moves."""
        if not self._awaiting_start or self._is_closed:
            return
        self._awaiting_start = False
        self._ask_mover()

    def start_from(self, record: GameRecord, ply: int) -> None:
        """Play on from ``record``'s position after ``ply`` moves, with the current seats.

        Under an opening rule the new game keeps the choices made by ``ply``, and the seat
        of X opens it (after a choice that exchanged the marks it plays O).
        """
        x, o = self._entry(Mark.X), self._entry(Mark.O)
        opening = record.opening
        if opening is None:
            self._begin(record.branched_at(ply, x=x, o=o))
            return
        if opening.until(ply).swapped:
            x, o = o, x
        self._begin(record.branched_at(ply, x=x, o=o))

    def open_record(self, record: GameRecord, *, hold: bool = False) -> None:
        """Make ``record`` the game in hand, seating its players; an unfinished game plays on
        (between two computers, with ``hold``, once :meth:`start_play` is called)."""
        self._seat_from(record)
        self._begin(record, hold=hold)

    def replay_live(self, record: GameRecord) -> None:
        """Play ``record``'s game again from the start, its computers made from their seeds."""
        self._seat_from(record)
        opening = None if record.opening is None else SwapOpening(record.opening.rule)
        start_x, start_o = (record.o, record.x) if _swapped(record) else (record.x, record.o)
        self._begin(GameRecord(start_x, start_o, record.first, rules=record.rules, opening=opening))

    def play_cell(self, cell: int) -> None:
        """Input for the seat to move: played when that seat waits for input, else refused."""
        board = self.board
        if self._is_closed:
            return
        if board.is_over or self._record.forfeit is not None:
            self.events.move_refused(Refusal("game-over"))
            return
        mark = self.acting_mark
        if not self._movers[mark].waits_for_input:
            name = self._record.player(mark).name
            self.events.move_refused(Refusal("not-your-turn", name=name, mark=mark))
            return
        if not self._started:
            self.events.move_refused(Refusal("not-started"))
            return
        step = self.opening_step
        if step is not None and step.kind == "choose":
            name = self._record.player(mark).name
            self.events.move_refused(Refusal("choice-due", name=name, mark=mark))
            return
        try:
            self._apply_move(cell, 0.0, None)
        except ForbiddenMoveError as error:
            if self.forbidden_loses:
                self._forfeit(forbidden_forfeit(error), ())
                return
            refusal = Refusal("forbidden", cell=cell, board=board, detail=error.reason)
            self.events.move_refused(refusal)
        except IllegalMoveError:
            self.events.move_refused(Refusal("cell-taken", cell=cell, board=board))

    def choose(self, choice: str) -> None:
        """A person's choice in the opening (:data:`~ttt_desktop.core.swap.BLACK`,
        ``WHITE`` or ``PLACE_TWO``): made when that person is asked one, else refused.

        A person who chooses white then plays white's move by clicking; one who chooses to
        place two stones places them (white, then black) by clicking.
        """
        if self._is_closed:
            return
        if self._record.is_finished:
            self.events.move_refused(Refusal("game-over"))
            return
        step = self.opening_step
        if step is None or step.kind != "choose" or choice not in step.options:
            self.events.move_refused(Refusal("no-choice"))
            return
        mark = self._mark_of(step.role)
        if not self._movers[mark].waits_for_input:
            name = self._record.player(mark).name
            self.events.move_refused(Refusal("not-your-turn", name=name, mark=mark))
            return
        if not self._started:
            self.events.move_refused(Refusal("not-started"))
            return
        self._apply_choice(choice, ())

    def deliver(self, answer: MoveAnswer) -> None:
        """A computer's answer: played when it is the one awaited, dropped when it is stale."""
        if answer.generation != self._generation or self._is_closed:
            self.events.answer_dropped(answer.generation)
            return
        if self._waiting_for != answer.generation:
            return  # nothing asked for in this generation (cannot happen from one worker)
        self._set_thinking(None)
        if not answer.has_answer and answer.forfeit:
            self._forfeit(answer.error or "no move", answer.log)
            return
        if not answer.has_answer:
            self._report_failure(answer.error or "no move")
            return
        try:
            if answer.choice is not None:
                step = self.opening_step
                if step is None or step.kind != "choose":
                    self._report_failure(f"answered the choice {answer.choice.choice} unasked")
                    return
                self._apply_choice(answer.choice.choice, answer.choice.stones)
                return
            assert answer.move is not None
            if answer.stones:
                self._queued = list(answer.stones[1:])
            self._apply_move(answer.move, answer.seconds, answer.thought)
        except (IllegalMoveError, SwapError) as error:
            self._queued = []
            self._report_failure(str(error))

    def note_hint(self) -> bool:
        """Write into the record that the side to move asked for a hint; False once over."""
        if self._record.is_finished or not self._started:
            return False
        self._record = self._record.with_hint()
        return True

    def close(self) -> None:
        """Drop the game in hand: no answer is wanted any more; safe to call more than once."""
        if self._is_closed:
            return
        self._is_closed = True
        self._bump_generation()
        self._set_thinking(None)

    # Undo and redo ------------------------------------------------------------

    def _undo_count(self) -> int:
        """How many moves an undo takes back now: back to the last person's move, included."""
        record = self._record
        if not self._started or self._is_closed:
            return 0
        waits = {mark: mover_for(record.player(mark)).waits_for_input for mark in Mark}
        if not any(waits.values()):
            return 0  # between two computers: asked every move, so not a walk over the moves
        for index in range(record.ply - 1, -1, -1):
            if waits[self._placed_by(index)]:
                return record.ply - index
        return 0

    def _placed_by(self, index: int) -> Mark:
        """The mark held now by the player who made move ``index`` (an opening stone's
        placer, whichever mark the stone is)."""
        record = self._record
        opening = record.opening
        role = None if opening is None else opening.placer(index)
        return record.mark_at(index) if role is None else self._mark_of(role)

    @property
    def can_undo(self) -> bool:
        """True when a person has a move to take back (never between two computers)."""
        return self._undo_count() > 0

    @property
    def can_redo(self) -> bool:
        """True when moves taken back can be played again (no other move made since)."""
        return (
            bool(self._redo_groups)
            and self._started
            and not self._is_closed
            and not self.is_thinking
        )

    def undo(self) -> None:
        """Take back the last person's move, and any computer's reply after it.

        Between two people that is one move; against a computer it goes back to the
        person's previous turn, abandoning a search under way. A finished game opens
        again (``game_reopened``). Nothing happens when :attr:`can_undo` is False.

        Under an opening rule a choice made after the stones that remain is taken back
        with them (the players' marks exchanged back if it had exchanged them): the
        opening stands again at the step it is at.
        """
        count = self._undo_count()
        if count == 0:
            return
        record = self._record
        was_finished = record.is_finished
        # Any answer still on its way belongs to the position being left.
        self._bump_generation()
        self._set_thinking(None)
        self._redo_groups.append(
            _TakenBack(
                tuple(zip(record.moves[-count:], record.move_seconds[-count:], strict=True)),
                record.opening,
            )
        )
        self._record = record.with_undo(count)
        self._movers = {Mark.X: mover_for(self._record.x), Mark.O: mover_for(self._record.o)}
        if was_finished:
            self.events.game_reopened(self._record)
        self.events.history_changed(self._record)
        self._ask_mover()

    def redo(self) -> None:
        """Play again the moves the last undo took back (nothing when :attr:`can_redo` is False)."""
        if not self.can_redo:
            return
        group = self._redo_groups.pop()
        record = self._record
        if group.opening is not None:
            # The choices made among the moves come back with them.
            before = record.opening
            record = dataclasses.replace(record, opening=None)
        for cell, seconds in group.moves:
            record = record.with_move(cell, seconds)
        if group.opening is not None:
            exchanged = before is not None and before.swapped != group.opening.swapped
            x, o = (record.o, record.x) if exchanged else (record.x, record.o)
            record = dataclasses.replace(record, opening=group.opening, x=x, o=o)
        self._record = record
        self._movers = {Mark.X: mover_for(record.x), Mark.O: mover_for(record.o)}
        self.events.history_changed(self._record)
        if self._record.is_finished:
            self.events.game_finished(self._record)
        else:
            self._ask_mover()

    # Pausing and stepping -----------------------------------------------------

    @property
    def paused(self) -> bool:
        """True while a game between two computers is held between moves."""
        return self._paused

    def set_paused(self, paused: bool) -> None:
        """Hold (or release) games between two computers between moves.

        A move already being computed is finished and recorded; the next one waits
        for :meth:`step_once` or ``set_paused(False)``. A game with a person in it is
        never held.
        """
        paused = bool(paused)
        if paused == self._paused:
            return
        self._paused = paused
        self._step_allowed = False
        self.events.paused_changed(paused)
        if not paused and self._started and not self.is_thinking and not self._is_closed:
            self._ask_mover()

    def step_once(self) -> None:
        """While paused, let the computer to move make one move (nothing while one thinks)."""
        if not self._paused or self.is_thinking or self._is_closed or not self._started:
            return
        if self._record.is_finished:
            return
        self._awaiting_start = False  # a step asked for is a start asked for
        self._step_allowed = True
        self._ask_mover()
        # Used up by the request, or unused because no computer is to move: either way, gone.
        self._step_allowed = False

    def _holds_for_pause(self) -> bool:
        if not self._paused or any(mover.waits_for_input for mover in self._movers.values()):
            return False
        if self._step_allowed:
            self._step_allowed = False
            return False
        return True

    # Internals ----------------------------------------------------------------

    def _seat_from(self, record: GameRecord) -> None:
        # The seats are the players who started on each mark, before any exchange.
        swapped = _swapped(record)
        for mark in (Mark.X, Mark.O):
            entry = record.player(mark.opponent if swapped else mark)
            self._seats[mark] = Seat(entry.kind, entry.name)

    def _first_by_policy(self) -> Mark:
        if self._start_policy == "x":
            return Mark.X
        if self._start_policy == "o":
            return Mark.O
        if self._start_policy == "random":
            return self._random.choice((Mark.X, Mark.O))
        # Alternate: X opens, then the mark that did not open the last game played.
        # A game abandoned before its first move does not count.
        if self._started and self._record.moves:
            self._last_opening_mark = self._record.first
        if self._last_opening_mark is None:
            return Mark.X
        return self._last_opening_mark.opponent

    def _entry(self, mark: Mark) -> PlayerEntry:
        seat = self._seats[mark]
        if seat.is_human:
            return PlayerEntry(seat.kind, seat.name)
        seed = seat.seed if seat.seed is not None else self._random.randrange(2**31)
        return PlayerEntry(seat.kind, seat.name, seed)

    def _fresh_record(self, first: Mark) -> GameRecord:
        try:
            opening = opening_for(self._rules, self._opening_rule)
        except SwapError:
            opening = None  # the rules are too small for the opening rule: a free opening
        return GameRecord(
            self._entry(Mark.X), self._entry(Mark.O), first, rules=self._rules, opening=opening
        )

    def _begin(self, record: GameRecord, *, hold: bool = False) -> None:
        if self._is_closed:
            return
        self._bump_generation()
        self._set_thinking(None)
        self._movers = {Mark.X: mover_for(record.x), Mark.O: mover_for(record.o)}
        self._awaiting_start = (
            hold
            and not record.is_finished
            and not any(mover.waits_for_input for mover in self._movers.values())
        )
        self._rules = record.rules
        self._record = record
        self._started = True
        self._redo_groups.clear()
        self.events.game_started(record)
        if record.is_finished:
            self.events.game_finished(record)
        else:
            self._ask_mover()

    def _bump_generation(self) -> None:
        self._queued = []
        self._generation += 1
        self.events.generation_changed(self._generation)

    def _apply_move(self, cell: int, seconds: float, thought: Any) -> None:
        self._record = self._record.with_move(cell, seconds)
        log = getattr(thought, "log", ())
        if log:
            self._record = dataclasses.replace(self._record, log=_longer_log(self._record.log, log))
        # A move of its own, not a redo: what was taken back is gone for good.
        self._redo_groups.clear()
        if thought is not None:
            self._last_thought = thought
        self.events.move_played(self._record, thought)
        if self._record.is_finished:
            self.events.game_finished(self._record)
        else:
            self._ask_mover()

    def _apply_choice(self, choice: str, stones: tuple[int, ...]) -> None:
        record = self._record.with_choice(choice)
        self._record = record
        self._movers = {Mark.X: mover_for(record.x), Mark.O: mover_for(record.o)}
        self._redo_groups.clear()
        self._queued = list(stones)
        self.events.choice_made(record, choice)
        self._ask_mover()

    def _forfeit(self, reason: str, log: tuple[str, ...]) -> None:
        """The player to act broke a rule (a brain that crashed, timed out, answered
        garbage): it loses the game, the reason and its pipe's log go in the record."""
        record = self._record
        self._record = dataclasses.replace(
            record,
            forfeit=Forfeit(self.acting_mark, reason),
            finished_at=_finish_time(record.started_at),
            log=_longer_log(record.log, log),
        )
        self._redo_groups.clear()
        self.events.game_finished(self._record)

    def _ask_mover(self) -> None:
        board = self.board
        if board.is_over or self._record.forfeit is not None:
            # Nobody moves after a result (releasing a pause on a finished game got here).
            return
        if self._awaiting_start:
            return
        mark = self.acting_mark
        request = self._movers[mark].request(self._generation, board)
        if request is None or self._holds_for_pause():
            return
        self._set_thinking(mark)
        self.events.move_wanted(self._opening_request(request, mark))

    def _opening_request(self, request: MoveRequest, mark: Mark) -> MoveRequest:
        """``request`` for the computer at ``mark`` as the opening asks it: a stone it gave
        already, its three stones, its choice, or (in ordinary play, or for a stone it has
        not given: a game restored in the middle of its opening) a move."""
        record = self._record
        opening = record.opening
        if opening is None:
            return request
        seat = self._start_mark(mark)
        if self._queued:
            return dataclasses.replace(request, seat=seat, given=self._queued.pop(0))
        step = self.opening_step
        if step is not None and step.kind == "choose":
            return dataclasses.replace(
                request, seat=seat, ask="choice", options=step.options, rule=opening.rule
            )
        if step is not None and record.ply == 0:
            return dataclasses.replace(request, seat=seat, ask="stones", rule=opening.rule)
        return dataclasses.replace(request, seat=seat)

    def _set_thinking(self, mark: Mark | None) -> None:
        if mark is not None:
            self._waiting_for = self._generation
            self.events.thinking_started(mark)
        elif self._waiting_for is not None:
            self._waiting_for = None
            self.events.thinking_stopped()

    def _report_failure(self, error: str) -> None:
        mark = self.acting_mark
        self.events.player_failed(self._record.player(mark).name, mark, error)


@dataclass(frozen=True)
class _TakenBack:
    """What one undo took back: each move's (cell, seconds), and the opening before it."""

    moves: tuple[tuple[int, float], ...]
    opening: SwapOpening | None


def _step_of(record: GameRecord) -> Step | None:
    opening = record.opening
    if opening is None or record.is_finished:
        return None
    return opening.step(record.ply)


def _swapped(record: GameRecord) -> bool:
    return record.opening is not None and record.opening.swapped


def _longer_log(kept: tuple[str, ...], more: tuple[str, ...]) -> tuple[str, ...]:
    """A game's log with ``more`` lines; past the most a record keeps, the first half and
    the newest lines stay, with a line saying how many were left out."""
    lines = (*kept, *more)
    if len(lines) <= MAX_LOG_LINES:
        return lines
    half = MAX_LOG_LINES // 2
    left_out = len(lines) - 2 * half + 1
    return (*lines[:half], f"... {left_out:,} lines left out ...", *lines[-half + 1 :])
