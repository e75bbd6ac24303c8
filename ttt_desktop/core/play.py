"""The one loop that plays a game: two seats, the rules, who moves first, a stop, a hook per move.

:func:`play_game` is every game the program plays without a person: the arena's matches,
the lab's tournaments, the learner's training and evaluation, the self-test's reference
game. A seat is any object with ``choose_move(board) -> cell`` (and, for ``think=True``,
``think(board, stop=...)`` returning an object with ``.move`` and ``.seconds``, such as
the players' ``Thought``); this module knows no player, so anything that answers with a
cell can sit: a computer player, a scripted list, a learner being trained.

The loop is lean on purpose (the arena plays a couple of hundred thousand 3x3 games a
second through it): with no hook and no stop it does nothing per move but ask, time (when
``timed``), remember and play. Two seats whose every move is a uniformly random free cell
(a seat that says so with a ``uniform_draw``: its ``random()``, from which it takes
``legal_moves()[int(random() * len)]``) play each game of a series in one call of the
compiled loop (``_fastplay.c``'s ``random_game``), where the rules are free-style or exactly
k on boards other than 3x3: the same moves from the same draws, each move timed around its
draw; without the compiled loop, under renju or caro, the seats are asked move by move.
The answer is a :class:`PlayedGame`, a small value that becomes a
:class:`~ttt_desktop.core.record.GameRecord` with :meth:`PlayedGame.record`.

Nothing here imports Qt.
"""

from __future__ import annotations

import time
from operator import itemgetter
from typing import TYPE_CHECKING

from ttt_desktop.core.board import Board, ForbiddenMoveError, Mark
from ttt_desktop.core.ending import ending, forbidden_forfeit
from ttt_desktop.core.rules import TIC_TAC_TOE, Rules, coerce_rules
from ttt_desktop.core.swap import (
    FREE_OPENING,
    OPENER,
    OPENING_STONES,
    RESPONDER,
    SwapAnswer,
    SwapError,
    SwapOpening,
    check_opening_rule,
)

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Iterator
    from typing import Any, Protocol

    from ttt_desktop.core.record import GameRecord, PlayerEntry

    class Seat(Protocol):
        """Who sits at one side: asked for a cell on each of its turns.

        With ``think=True`` a seat also answers ``think(board, stop=...)`` with an object
        that has the ``move`` and the ``seconds`` it took (a player's ``Thought``).
        """

        def choose_move(self, board: Board) -> int: ...

    UniformSeats = tuple[Any, Callable[[], float], Callable[[], float], Rules, Any]
    """The compiled game loop, X's and O's draws, the rules and the maker of their boards
    (see :func:`_uniform_seats`)."""

    MoveHook = Callable[[Board, int, Any], None]
    """``on_move(board_before, cell, thought_or_seconds)``."""

__all__ = [
    "ForfeitedGame",
    "OpenedGame",
    "OpeningStone",
    "PlayedGame",
    "SeatForfeit",
    "play_game",
    "play_games",
]


class SeatForfeit(Exception):  # noqa: N818  (a verdict on the seat, not a fault of the loop)
    """Raised by a seat that loses the game off the board (an external program that
    crashed, ran out of time or answered garbage): the loop ends the game there and
    the seat to move loses it, ``reason`` saying how (see :class:`ForfeitedGame`)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


# On Python 3.11 ``Mark.X`` costs about 0.3 us (the enum metaclass's attribute hook).
_X = Mark.X
_O = Mark.O
_ignore: Any = {}.get  # a no-op taking a cell, as cheap as list.append
_EMPTY_X = Board.empty(_X)
_EMPTY_O = Board.empty(_O)


_tuple_new = tuple.__new__


class PlayedGame(tuple[object, ...]):
    """One game as :func:`play_game` played it (a tuple, so that making one costs little).

    ``board`` is the last position; ``first`` the mark that moved first; ``moves`` the
    cells in order (0-based, row-major from the top-left, as the rules' geometry numbers
    them; None when the game was played with ``keep_moves=False``); ``move_ns`` each
    move's think time in nanoseconds (empty unless the game was played with
    ``move_times``, ``think``, a stop or a hook); ``seat_ns`` X's total and longest think
    time then O's, ``(x_total, x_max, o_total, o_max)`` in nanoseconds
    (None when not timed); ``stopped`` whether ``stop`` ended the game before its end.
    """

    __slots__ = ()

    forfeit: tuple[Mark, str] | None = None
    """``(loser, reason)`` when a seat forfeited the game (:class:`ForfeitedGame`)."""
    opening: SwapOpening | None = None
    """The swap or swap2 opening phase and its choices (:class:`OpenedGame`); None under the
    free opening."""
    swapped: bool = False
    """Whether the seats exchanged marks in the opening: the seat given as ``x`` played O.
    Marks (``winner``, ``forfeit``, ``seat_ns``) are the board's; :attr:`seat_winner` says
    which seat won."""

    board: Board = property(itemgetter(0))  # type: ignore[assignment]
    first: Mark = property(itemgetter(1))  # type: ignore[assignment]
    moves: tuple[int, ...] | None = property(itemgetter(2))  # type: ignore[assignment]
    move_ns: tuple[int, ...] = property(itemgetter(3))  # type: ignore[assignment]
    seat_ns: tuple[int, int, int, int] | None = property(itemgetter(4))  # type: ignore[assignment]
    stopped: bool = property(itemgetter(5))  # type: ignore[assignment]

    def __new__(  # noqa: PLR0917  (positional: made once a game, on the hot path)
        cls,
        board: Board,
        first: Mark,
        moves: tuple[int, ...] | None,
        move_ns: tuple[int, ...] = (),
        seat_ns: tuple[int, int, int, int] | None = None,
        stopped: bool = False,
    ) -> PlayedGame:
        return _tuple_new(cls, (board, first, moves, move_ns, seat_ns, stopped))

    @property
    def rules(self) -> Rules:
        return self.board.rules

    @property
    def winner(self) -> Mark | None:
        forfeit = self.forfeit
        if forfeit is not None:
            return forfeit[0].opponent
        return self.board.winner

    @property
    def seat_winner(self) -> Mark | None:
        """The winner as the seat it was given as (X for the seat passed as ``x``): the
        :attr:`winner` itself unless the opening exchanged the seats' marks."""
        winner = self.winner
        if winner is None or not self.swapped:
            return winner
        return winner.opponent

    @property
    def finished(self) -> bool:
        return self.forfeit is not None or self.board.is_over

    @property
    def ending(self) -> str | None:
        """How the game ended ("five", "draw", "forbidden", "forfeit";
        :func:`~ttt_desktop.core.ending.ending`)."""
        forfeit = self.forfeit
        return ending(self.board, None if forfeit is None else forfeit[1])

    @property
    def seconds(self) -> tuple[float, ...]:
        """Each move's think time in seconds (zeros when they were not kept)."""
        if not self.move_ns:
            return (0.0,) * len(self.moves or ())
        return tuple(ns / 1e9 for ns in self.move_ns)

    def record(
        self,
        x: PlayerEntry,
        o: PlayerEntry,
        *,
        started_at: str | None = None,
        finished_at: str | None = None,
        game_id: str | None = None,
        seconds_digits: int | None = 3,
    ) -> GameRecord:
        """The game as a :class:`~ttt_desktop.core.record.GameRecord` between ``x`` and ``o``.

        Times default to now; an unfinished (stopped) game gets no finish time. Think
        times are rounded to ``seconds_digits`` (None: kept as measured).
        """
        from ttt_desktop.core.record import (  # noqa: PLC0415  (records load on use)
            Forfeit,
            GameRecord,
            new_game_id,
            utc_now,
        )

        if self.moves is None:
            raise ValueError("the game was played without keeping its moves")
        if self.swapped:
            x, o = o, x
        now = utc_now()
        forfeit = None if self.forfeit is None else Forfeit(*self.forfeit)
        seconds = self.seconds
        if seconds_digits is not None:
            seconds = tuple(round(value, seconds_digits) for value in seconds)
        return GameRecord(
            x,
            o,
            self.first,
            moves=self.moves,
            move_seconds=seconds,
            started_at=started_at or now,
            finished_at=(finished_at or now) if self.finished else None,
            game_id=game_id or new_game_id(),
            rules=self.rules,
            forfeit=forfeit,
            opening=self.opening,
        )

    def __repr__(self) -> str:
        winner = self.winner
        outcome = "stopped" if self.stopped else "draw" if winner is None else f"{winner} wins"
        if self.forfeit is not None:
            outcome += f" ({self.forfeit[0]} forfeited: {self.forfeit[1]})"
        return f"PlayedGame({self.rules.key}, first={self.first}, moves={self.moves}, {outcome})"


class ForfeitedGame(PlayedGame):
    """A game a seat lost off the board: it raised :class:`SeatForfeit` on its turn.

    Still the six values of a :class:`PlayedGame` (``board`` is the position the seat
    failed to move in, never over), plus :attr:`forfeit`: ``(loser, reason)``;
    :attr:`winner` is the loser's opponent and :attr:`finished` is true.
    """

    # No __slots__: a tuple's subclass keeps extra values in its __dict__.

    def __new__(  # noqa: PLR0917
        cls,
        board: Board,
        first: Mark,
        moves: tuple[int, ...] | None,
        move_ns: tuple[int, ...] = (),
        seat_ns: tuple[int, int, int, int] | None = None,
        stopped: bool = False,
        forfeit: tuple[Mark, str] = (_X, "forfeited"),
    ) -> ForfeitedGame:
        game = _tuple_new(cls, (board, first, moves, move_ns, seat_ns, stopped))
        game.__dict__["forfeit"] = (Mark(forfeit[0]), str(forfeit[1]))
        return game

    def __reduce__(self) -> Any:
        return (ForfeitedGame, (*self, self.forfeit))


class OpenedGame(PlayedGame):
    """A game played under a swap opening rule (:mod:`ttt_desktop.core.swap`): the six values
    of a :class:`PlayedGame` plus :attr:`opening` (the rule and the choices made),
    :attr:`swapped` (the seats exchanged marks) and, when a seat lost it off the board,
    :attr:`forfeit` (``(loser, reason)``, the loser's mark as held when it failed)."""

    def __new__(  # noqa: PLR0917
        cls,
        board: Board,
        first: Mark,
        moves: tuple[int, ...] | None,
        move_ns: tuple[int, ...] = (),
        seat_ns: tuple[int, int, int, int] | None = None,
        stopped: bool = False,
        opening: SwapOpening | None = None,
        swapped: bool = False,
        forfeit: tuple[Mark, str] | None = None,
    ) -> OpenedGame:
        game = _tuple_new(cls, (board, first, moves, move_ns, seat_ns, stopped))
        game.__dict__["opening"] = opening
        game.__dict__["swapped"] = bool(swapped)
        if forfeit is not None:
            game.__dict__["forfeit"] = (Mark(forfeit[0]), str(forfeit[1]))
        return game

    def __reduce__(self) -> Any:
        return (OpenedGame, (*self, self.opening, self.swapped, self.forfeit))


def play_game(
    x: Seat,
    o: Seat,
    rules: Rules | str | None = None,
    first: Mark = _X,
    *,
    timed: bool = False,
    keep_moves: bool = True,
    move_times: bool = False,
    think: bool = False,
    stop: Callable[[], bool] | None = None,
    on_move: MoveHook | None = None,
    opening_rule: str = FREE_OPENING,
    on_choice: Callable[[Board, SwapOpening], None] | None = None,
) -> PlayedGame:
    """Play one game of ``rules`` (tic-tac-toe when None) between seats ``x`` and ``o``.

    ``first`` moves first. ``keep_moves=False`` keeps no moves (``moves`` is None) when
    only the result and the times matter: the arena's tallies. ``timed`` times each
    answer (``perf_counter_ns`` around the seat's call) into the game's ``seat_ns``;
    ``move_times`` keeps each move's time too (``move_ns``, for a game record).
    ``think`` asks each seat ``think(board, stop=stop)`` instead of
    ``choose_move(board)`` and keeps the thought's own ``seconds``; the same seeds give
    the same moves either way. ``stop`` is asked before each move: once it answers true
    the game ends there, unfinished (``stopped``); an exception a seat raises while
    ``stop`` answers true (a search told to stop) ends it the same way.
    ``on_move(board, cell, answer)`` hears each move once it is known to be legal, with
    the board before it and the thought (``think``) or the think time in seconds.

    A seat's illegal move raises the board's
    :class:`~ttt_desktop.core.board.IllegalMoveError`, but for a forbidden cell under renju
    (:class:`~ttt_desktop.core.board.ForbiddenMoveError`): black, who played it, loses the
    game there, a :class:`ForfeitedGame` whose reason
    :func:`~ttt_desktop.core.ending.forbidden_forfeit` writes (:attr:`PlayedGame.ending`
    ``"forbidden"``); the cell is not among its moves.
    A seat with a true ``may_forfeit`` attribute (a Gomocup brain) that raises
    :class:`SeatForfeit` loses the game there: the answer is a :class:`ForfeitedGame`
    with the loser and the reason, and a series goes on. (Such seats play in the general
    loop, which also keeps each move's time and all the moves.)

    ``opening_rule`` "swap" or "swap2" (:mod:`ttt_desktop.core.swap`) plays the opening
    phase first: the seat of ``first`` is the opener, asked ``swap_stones(board, rule)``
    for its three stones; the chooser is asked ``swap_choice(board, options, rule)`` for a
    :class:`~ttt_desktop.core.swap.SwapAnswer`. The answer is an :class:`OpenedGame`:
    :attr:`PlayedGame.swapped` says whether the seats exchanged marks, and
    :meth:`PlayedGame.record` seats the players on the marks they ended up holding. A
    seat's answer the rule does not allow (a choice not open, a wrong number of stones,
    an occupied cell) loses it the game, as a forfeit with the reason. ``on_choice(board,
    opening)`` hears each choice once it is made (a clock that follows its players across
    an exchange: :meth:`ttt_desktop.core.clock.GameClock.on_choice`).
    """
    games = play_games(
        x,
        o,
        (first,),
        rules,
        timed=timed,
        keep_moves=keep_moves,
        move_times=move_times,
        think=think,
        stop=stop,
        on_move=on_move,
        opening_rule=opening_rule,
        on_choice=on_choice,
    )
    return next(games)


def play_games(
    x: Seat,
    o: Seat,
    firsts: Iterable[Mark],
    rules: Rules | str | None = None,
    *,
    timed: bool = False,
    keep_moves: bool = True,
    move_times: bool = False,
    think: bool = False,
    stop: Callable[[], bool] | None = None,
    on_move: MoveHook | None = None,
    opening_rule: str = FREE_OPENING,
    on_choice: Callable[[Board, SwapOpening], None] | None = None,
) -> Iterator[PlayedGame]:
    """One game after another between the same seats: a game for each mark of ``firsts``.

    The games are :func:`play_game`'s (same options), yielded as each ends; a series
    costs less per game than calls of :func:`play_game` (the arena plays a couple of
    hundred thousand 3x3 games a second this way).
    """
    if rules is None or rules is TIC_TAC_TOE:
        empty_x, empty_o = _EMPTY_X, _EMPTY_O
    else:
        rules = coerce_rules(rules)
        empty_x, empty_o = Board.empty(_X, rules), Board.empty(_O, rules)
    if opening_rule != FREE_OPENING:
        opening_rule = check_opening_rule(empty_x.rules, opening_rule)
    # A seat that may forfeit (a brain) plays in the general loop, which turns its
    # SeatForfeit into the game's loss; the fast loop (3x3 tallies) stays as lean as it was.
    fast = (
        opening_rule == FREE_OPENING
        and stop is None
        and on_move is None
        and not think
        and not move_times
        and not getattr(x, "may_forfeit", False)
        and not getattr(o, "may_forfeit", False)
    )
    x_choose, o_choose = x.choose_move, o.choose_move
    clock = time.perf_counter_ns
    uniform = _uniform_seats(x, o, empty_x) if fast else None
    for asked in firsts:
        # Identity, not a dict: an enum member hashes in Python.
        board = empty_x if asked is _X else empty_o if asked is _O else None
        if board is None:
            board = empty_x if Mark(asked) is _X else empty_o
        first = board.to_move
        if not fast:
            if opening_rule != FREE_OPENING:
                yield _opened_game(
                    x, o, board, opening_rule, timed, think, stop, on_move, on_choice
                )
                continue
            yield _general_game(x, o, board, [], timed, think, stop, on_move)
            continue
        moves: list[int] | None = [] if keep_moves else None
        # No list of moves for a tally (the arena's matches): one allocation less a game.
        append = _ignore if moves is None else moves.append
        # The fast path: the arena's matches and the lab's tournaments.
        if first is _X:
            choose_first, choose_second = x_choose, o_choose
        else:
            choose_first, choose_second = o_choose, x_choose
        if board.is_over:  # no cell to play (not on any board the rules allow)
            yield PlayedGame(board, first, ())
            continue
        if uniform is not None:
            yield _uniform_game(uniform, first, moves, timed)
            continue
        if not timed:
            try:
                while True:
                    cell = choose_first(board)
                    board = board.play(cell)
                    append(cell)
                    if board.is_over:
                        break
                    cell = choose_second(board)
                    board = board.play(cell)
                    append(cell)
                    if board.is_over:
                        break
            except ForbiddenMoveError as error:
                yield _forbidden(board, first, moves, (), None, error)
                continue
            kept = None if moves is None else tuple(moves)
            yield _tuple_new(PlayedGame, (board, first, kept, (), None, False))
            continue
        first_ns = second_ns = first_max = second_max = 0
        refused: ForbiddenMoveError | None = None
        try:
            while True:
                before = clock()
                cell = choose_first(board)
                spent = clock() - before
                first_ns += spent
                # Comparisons, not max(): this runs a million times a second.
                if spent > first_max:  # noqa: PLR1730
                    first_max = spent
                board = board.play(cell)
                append(cell)
                if board.is_over:
                    break
                before = clock()
                cell = choose_second(board)
                spent = clock() - before
                second_ns += spent
                if spent > second_max:  # noqa: PLR1730
                    second_max = spent
                board = board.play(cell)
                append(cell)
                if board.is_over:
                    break
        except ForbiddenMoveError as error:
            refused = error
        seats: tuple[int, int, int, int] | None = (
            (first_ns, first_max, second_ns, second_max)
            if first is _X
            else (second_ns, second_max, first_ns, first_max)
        )
        if refused is not None:
            yield _forbidden(board, first, moves, (), seats, refused)
            continue
        kept = None if moves is None else tuple(moves)
        yield _tuple_new(PlayedGame, (board, first, kept, (), seats, False))


def _uniform_seats(x: Seat, o: Seat, empty: Board) -> UniformSeats | None:
    """The compiled loop and both seats' draws when both play uniformly random free cells
    (their ``uniform_draw``) by rules the compiled loop plays (free-style or exactly k, not
    3x3, whose interned boards are quick already); None otherwise."""
    rules = empty.rules
    if rules is TIC_TAC_TOE:  # first: 3x3's single games pay no property calls
        return None
    x_draw = getattr(x, "uniform_draw", None)
    o_draw = getattr(o, "uniform_draw", None)
    if x_draw is None or o_draw is None:
        return None
    from ttt_desktop.core import playout  # noqa: PLC0415  (only for such seats)

    game = playout.compiled_random_game(rules)
    # The boards a game ends on are made as the board's own moves make them.
    return None if game is None else (game, x_draw, o_draw, rules, type(empty)._make)


def _uniform_game(
    uniform: UniformSeats, first: Mark, moves: list[int] | None, timed: bool
) -> PlayedGame:
    """One game between two uniformly random seats, played by the compiled loop."""
    game, x_draw, o_draw, rules, make = uniform
    second = _O if first is _X else _X
    first_draw, second_draw = (x_draw, o_draw) if first is _X else (o_draw, x_draw)
    (result, plies, last, first_bits, second_bits, lines, first_ns, first_max, second_ns,
     second_max) = game(first_draw, second_draw, moves)  # fmt: skip
    winner = None if result == 0 else first if result > 0 else second
    x_bits, o_bits = (first_bits, second_bits) if first is _X else (second_bits, first_bits)
    # The board the game ended on, its winning runs the compiled loop's (as the board's).
    board = make(
        rules, x_bits, o_bits, second if plies & 1 else first, plies, last, winner, lines, ()
    )
    seats = None
    if timed:
        seats = (
            (first_ns, first_max, second_ns, second_max)
            if first is _X
            else (second_ns, second_max, first_ns, first_max)
        )
    kept = None if moves is None else tuple(moves)
    return _tuple_new(PlayedGame, (board, first, kept, (), seats, False))


def _forfeited(  # noqa: PLR0917  (private)
    board: Board,
    first: Mark,
    moves: tuple[int, ...] | None,
    move_ns: tuple[int, ...],
    seat_ns: tuple[int, int, int, int] | None,
    failure: SeatForfeit,
) -> ForfeitedGame:
    """The game ``board.to_move`` lost by ``failure`` (it was that seat's turn)."""
    reason = str(getattr(failure, "reason", "") or failure or type(failure).__name__)
    return ForfeitedGame(board, first, moves, move_ns, seat_ns, False, (board.to_move, reason))


def _forbidden(  # noqa: PLR0917  (private)
    board: Board,
    first: Mark,
    moves: list[int] | None,
    move_ns: tuple[int, ...],
    seat_ns: tuple[int, int, int, int] | None,
    error: ForbiddenMoveError,
) -> ForfeitedGame:
    """The game ``board.to_move`` lost by playing a forbidden cell (not played: the board is
    the one before it, and the moves end before it)."""
    kept = None if moves is None else tuple(moves)
    return _forfeited(board, first, kept, move_ns, seat_ns, SeatForfeit(forbidden_forfeit(error)))


def _general_game(  # noqa: PLR0917  (private, one caller)
    x: Seat,
    o: Seat,
    board: Board,
    moves: list[int],
    timed: bool,
    think: bool,
    stop: Callable[[], bool] | None,
    on_move: MoveHook | None,
) -> PlayedGame:
    """A game with a stop, a hook, thoughts or each move's time: the slower, general loop."""
    first = board.to_move
    spent_by_move: list[int] = []
    board, stopped, forfeit = _play_on(x, o, board, moves, spent_by_move, think, stop, on_move)
    seats = _seat_times(spent_by_move, first) if timed else None
    if forfeit is not None:
        return _forfeited(board, first, tuple(moves), tuple(spent_by_move), seats, forfeit)
    return PlayedGame(board, first, tuple(moves), tuple(spent_by_move), seats, stopped)


def _seat_times(spent_by_move: list[int], first: Mark) -> tuple[int, int, int, int]:
    """X's total and longest think time, then O's, from each move's (by the board's turns)."""
    firsts, seconds = spent_by_move[0::2], spent_by_move[1::2]
    first_pair = (sum(firsts), max(firsts, default=0))
    second_pair = (sum(seconds), max(seconds, default=0))
    return (*first_pair, *second_pair) if first is _X else (*second_pair, *first_pair)


def _play_on(  # noqa: PLR0917  (private)
    x: Seat,
    o: Seat,
    board: Board,
    moves: list[int],
    spent_by_move: list[int],
    think: bool,
    stop: Callable[[], bool] | None,
    on_move: MoveHook | None,
) -> tuple[Board, bool, SeatForfeit | None]:
    """Ordinary play from ``board`` to the end: ``(last board, stopped, forfeit)``; each move
    and its think time are appended to ``moves`` and ``spent_by_move``."""
    append = moves.append
    clock = time.perf_counter_ns
    while not board.is_over:
        if stop is not None and stop():
            return board, True, None
        seat: Any = x if board.to_move is _X else o
        answer: Any
        try:
            if think:
                answer = seat.think(board, stop=stop)
                cell = answer.move
                spent = round(answer.seconds * 1e9)
            else:
                before = clock()
                cell = seat.choose_move(board)
                spent = clock() - before
                answer = spent / 1e9
        except Exception as error:
            if stop is not None and stop():
                return board, True, None
            if isinstance(error, SeatForfeit):
                return board, False, error
            raise
        try:
            after = board.play(cell)
        except ForbiddenMoveError as error:
            return board, False, SeatForfeit(forbidden_forfeit(error))
        append(cell)
        spent_by_move.append(spent)
        if on_move is not None:
            on_move(board, cell, answer)
        board = after
    return board, False, None


class OpeningStone(tuple[int, float]):
    """What the move hook hears of an opening stone in a game played with ``think=True``:
    the ``move`` and the ``seconds`` its answer took (on the first stone of an answer; 0
    on the others), where an ordinary move's hook hears the player's thought."""

    __slots__ = ()

    move: int = property(itemgetter(0))  # type: ignore[assignment]
    seconds: float = property(itemgetter(1))  # type: ignore[assignment]

    def __new__(cls, move: int, seconds: float) -> OpeningStone:
        return _tuple_new(cls, (move, seconds))


class _OpeningFault(Exception):  # noqa: N818  (a verdict on the seat)
    """A seat's answer in the opening that the rule does not allow: it loses the game."""


def _opened_game(  # noqa: PLR0917  (private, one caller)
    x: Seat,
    o: Seat,
    board: Board,
    rule: str,
    timed: bool,
    think: bool,
    stop: Callable[[], bool] | None,
    on_move: MoveHook | None,
    on_choice: Callable[[Board, SwapOpening], None] | None,
) -> PlayedGame:
    """A game under the swap or swap2 opening rule: the opening phase through the seats'
    ``swap_stones`` and ``swap_choice``, then ordinary play with the marks as chosen.

    An opening stone's think time is its seat's answer's, on the first stone of the answer;
    a choice without stones (black) keeps no time.
    """
    first = board.to_move
    opening = SwapOpening(rule)
    seats: dict[str, Any] = {OPENER: x, RESPONDER: o} if first is _X else {OPENER: o, RESPONDER: x}
    moves: list[int] = []
    spent_by_move: list[int] = []
    clock = time.perf_counter_ns

    def held(role: str) -> Mark:
        # The mark a role's seat holds with the choices made so far.
        return first if (role == OPENER) != opening.swapped else first.opponent

    def place(stones: tuple[int, ...], spent: int) -> None:
        nonlocal board
        for index, cell in enumerate(stones):
            try:
                after = board.play(cell)
            except ForbiddenMoveError as error:
                raise _OpeningFault(forbidden_forfeit(error)) from None
            except ValueError as error:
                raise _OpeningFault(f"its opening stone broke the rules ({error})") from None
            moves.append(cell)
            spent_ns = spent if index == 0 else 0
            spent_by_move.append(spent_ns)
            if on_move is not None:
                heard = OpeningStone(cell, spent_ns / 1e9) if think else spent_ns / 1e9
                on_move(board, cell, heard)
            board = after

    role = OPENER
    stopped = False
    fault: tuple[Mark, str] | None = None
    while not opening.finished and not board.is_over:
        if stop is not None and stop():
            stopped = True
            break
        step = opening.step(board.ply)
        if step is None:  # not reached: a finished opening leaves the loop
            break
        role = step.role
        seat = seats[role]
        before = clock()
        try:
            if step.kind == "place":
                stones = tuple(int(cell) for cell in seat.swap_stones(board, rule))
                if len(stones) != OPENING_STONES:
                    raise _OpeningFault(
                        f"it placed {len(stones)} opening stones where {rule} wants three"
                    )
                place(stones, clock() - before)
                continue
            answer = seat.swap_choice(board, step.options, rule)
            if not isinstance(answer, SwapAnswer):
                raise _OpeningFault(f"its answer to the {rule} choice was {answer!r}")
            if answer.choice not in step.options:
                raise _OpeningFault(
                    f"it chose {answer.choice} where {rule} offered {' or '.join(step.options)}"
                )
            spent = clock() - before
            opening = opening.with_choice(answer.choice)
            if on_choice is not None:
                on_choice(board, opening)
            place(tuple(int(cell) for cell in answer.stones), spent)
        except (SeatForfeit, _OpeningFault, SwapError) as error:
            reason = str(getattr(error, "reason", "") or error or type(error).__name__)
            fault = (held(role), reason)
            break
        except Exception:
            if stop is not None and stop():
                stopped = True
                break
            raise
    forfeit: SeatForfeit | None = None
    if fault is None and not stopped:
        opener_holds_x = held(OPENER) is _X
        x_seat, o_seat = (
            (seats[OPENER], seats[RESPONDER])
            if opener_holds_x
            else (seats[RESPONDER], seats[OPENER])
        )
        board, stopped, forfeit = _play_on(
            x_seat, o_seat, board, moves, spent_by_move, think, stop, on_move
        )
        if forfeit is not None:
            reason = str(getattr(forfeit, "reason", "") or forfeit or type(forfeit).__name__)
            fault = (board.to_move, reason)
    times = _seat_times(spent_by_move, first) if timed else None
    # The exchange moves both seats: the seat given as x plays O exactly when it happened.
    return OpenedGame(
        board,
        first,
        tuple(moves),
        tuple(spent_by_move),
        times,
        stopped,
        opening,
        opening.swapped,
        fault,
    )
