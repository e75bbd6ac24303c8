"""Our players as Gomocup brains: the protocol's brain side on stdin and stdout.

``ttt-arena brain --player KIND`` and the ``pbrain-ttt`` launcher run :func:`serve_brain`, so
any player of this program can enter Piskvork, liskvork or any Gomocup manager (and our
own, :mod:`ttt_desktop.brains.manager`). The brain:

* answers START and RECTSTART for boards of 3 to 20 cells a side that are large enough
  for its k in a row (ERROR otherwise: ``START 3`` only after ``INFO k 3``), RESTART,
  ABOUT, TAKEBACK, BEGIN, TURN, BOARD ... DONE, INFO and END; anything else gets
  ``UNKNOWN``; a BOARD with a stone off the board, two stones on one cell or counts of
  stones no game can have gets ``ERROR``;
* answers within the time it is given, as every clock of the program counts it
  (:class:`~ttt_desktop.core.clock.TimeControl`: ``INFO timeout_turn``, and the game's
  share of ``INFO time_left``, less a safety share); a search still running at the
  deadline is stopped and the move is then the decisive one (a win or a block) or a
  random cell;
* says what it thought in MESSAGE lines before each move (depth, nodes, time, the
  best line, the evaluation of the move);
* plays five in a row unless told otherwise by this program's extension: ``INFO k N``
  (k in a row; its ABOUT answer carries ``mnk="1"`` to say it understands it) and the
  protocol's ``INFO rule``: 1 exactly k (a longer line does not win), 4 renju (black
  never plays a forbidden cell), 8 caro (:meth:`Rules.from_gomocup
  <ttt_desktop.core.rules.Rules.from_gomocup>`; renju and caro are five in a row on 15 to
  20 a side); a rule it does not play (continuous, or renju and caro on another board)
  gets ``ERROR`` before its next move, as the protocol asks of an INFO value a brain can't
  meet, and it plays on under free-style (or exactly five);
* plays the openings swap and swap2 through ``SWAP2BOARD`` (stones ``x,y`` or
  ``x,y,who``, in the order they were placed, then ``DONE``), as its player would
  (:meth:`Player.swap_stones <ttt_desktop.players.base.Player.swap_stones>`,
  :meth:`Player.swap_choice <ttt_desktop.players.base.Player.swap_choice>`): on an empty
  board its three stones ``x,y x,y x,y``; after three stones ``SWAP`` (it takes black),
  its move as white, or (swap2 only) two stones; after five, ``SWAP`` or its move. Plain
  swap is this program's ``INFO opening swap`` (swap2 when not said); a count of stones
  no opening has, or five under swap, gets ``ERROR``;
* leaves quietly (exit status 0, no traceback) when its output is closed.

Single-threaded, as the protocol allows: it reads no command while it thinks.

Nothing here imports Qt.
"""

from __future__ import annotations

import contextlib
import os
import sys
import time
from collections.abc import Callable
from typing import BinaryIO, Final

from ttt_desktop.brains import protocol
from ttt_desktop.brains.manager import DEFAULT_CLOCK
from ttt_desktop.brains.protocol import LineSplitter
from ttt_desktop.core.board import Board, Mark
from ttt_desktop.core.clock import UNLIMITED_MS, TimeControl
from ttt_desktop.core.rules import MAX_SIDE, MIN_SIDE, Rules
from ttt_desktop.core.swap import (
    BLACK,
    OPENING_STONES,
    PLACE_TWO,
    SWAP,
    SWAP2,
    WHITE,
    SwapAnswer,
    SwapError,
)
from ttt_desktop.core.tactics import decisive_moves
from ttt_desktop.players import create_player
from ttt_desktop.players.base import Player
from ttt_desktop.players.roster import display_name, supports
from ttt_desktop.players.thought import SearchStopped, Thought
from ttt_desktop.version import read_version

__all__ = ["BrainServer", "serve_brain"]

FASTEST_MS: Final = 5.0
"""The budget for ``INFO timeout_turn 0``: "play as fast as possible"."""
SUPPORTED_RULES: Final = protocol.RULE_EXACT | protocol.RULE_RENJU | protocol.RULE_CARO


def budget_for(turn_ms: int, time_left_ms: int | None, match_ms: int = 0) -> float:
    """The milliseconds our player may think with ``turn_ms`` a move (0: as fast as
    possible) and ``time_left_ms`` of the game's ``match_ms`` left (None: not told): the
    clock's budget (:meth:`~ttt_desktop.core.clock.TimeControl.budget_ms`)."""
    if turn_ms <= 0 or (time_left_ms is not None and time_left_ms <= 0):
        return FASTEST_MS
    game = float(match_ms) if match_ms > 0 else None
    if time_left_ms is not None and 0 < time_left_ms < UNLIMITED_MS:
        game = max(game or 0.0, float(time_left_ms))
    control = TimeControl(turn_ms=float(turn_ms), game_ms=game)
    left = None if time_left_ms is None or time_left_ms >= UNLIMITED_MS else time_left_ms
    return max(FASTEST_MS, control.budget_ms(left))


class BrainServer:
    """The brain's state between commands; :meth:`handle` answers one command line."""

    def __init__(self, kind: str, seed: int | None, write: Callable[[str], None]) -> None:
        self.kind = kind
        self.seed = seed
        self.write = write
        self.size: tuple[int, int] | None = None
        self.k = 5
        self.exact = False
        self.rule = 0
        self.rule_said = False
        # The turn time until the manager says otherwise: the Gomocup's fast games'.
        self.turn_ms = round(DEFAULT_CLOCK.turn_ms or 5000)
        self.match_ms = 0
        self.time_left_ms: int | None = None
        self.board: Board | None = None
        self.player: Player | None = None
        self.fallback: Player | None = None
        self.opening_rule = SWAP2
        """The opening ``SWAP2BOARD`` is asked under (``INFO opening``; swap2 by default)."""
        self._board_lines: list[tuple[int, int, int]] | None = None
        self._swap2_lines: list[tuple[int, int]] | None = None

    # Commands -----------------------------------------------------------------------

    def handle(self, line: str) -> bool:
        """Answer one line from the manager; False once the brain should end."""
        if self._board_lines is not None:
            return self._board_line(line)
        if self._swap2_lines is not None:
            return self._swap2_line(line)
        command = protocol.parse_command(line)
        if command is None:
            return True
        name, argument = command.name, command.argument
        if name == "END":
            return False
        handler = self._HANDLERS.get(name)
        if handler is None:
            self.write(f"UNKNOWN command {name[:40]} is not known here")
        else:
            handler(self, argument)
        return True

    def _start(self, argument: str) -> None:
        try:
            side = int(argument)
        except ValueError:
            self.write(f"ERROR START takes a board size, not {argument[:40]!r}")
            return
        self._open(side, side)

    def _rectstart(self, argument: str) -> None:
        found = protocol.parse_coordinates(argument)
        if found is None:
            self.write(f"ERROR RECTSTART takes width,height, not {argument[:40]!r}")
            return
        self._open(*found)

    def _open(self, m: int, n: int) -> None:
        if not (MIN_SIDE <= m <= MAX_SIDE and MIN_SIDE <= n <= MAX_SIDE):
            self.write(f"ERROR boards of {MIN_SIDE} to {MAX_SIDE} cells a side only, not {m}x{n}")
            return
        if self.k > max(m, n):
            self.write(
                f"ERROR a {m}x{n} board is too small for {self.k} in a row (INFO k says "
                "another k first)"
            )
            return
        if not supports(self.kind, Rules(m, n, self.k)):
            self.write(f"ERROR {display_name(self.kind)} plays only tic-tac-toe, not {m}x{n}")
            return
        self.size = (m, n)
        self.board = None
        self.write("OK")

    def _restart(self, argument: str) -> None:
        if self.size is None:
            self.write("ERROR no START yet")
            return
        self.board = None
        self.write("OK")

    def _about(self, argument: str) -> None:
        name = display_name(self.kind)
        self.write(
            protocol.format_about(
                {
                    "name": f"TTT {name}",
                    "version": read_version(),
                    "author": "TTT Desktop developers",
                    "country": "",
                    protocol.MNK_ABOUT_KEY: "1",
                }
            )
        )

    def _info(self, argument: str) -> None:
        key, _, value = argument.partition(" ")
        key = key.lower()
        if key == protocol.OPENING_INFO_KEY:
            name = value.strip().lower()
            if name in (SWAP, SWAP2):
                self.opening_rule = name
            return
        try:
            number = int(value.strip())
        except ValueError:
            return  # folder, evaluate and keys with words: nothing to do
        if key == "timeout_turn":
            self.turn_ms = max(0, number)
        elif key == "timeout_match":
            self.match_ms = max(0, number)
        elif key == "time_left":
            self.time_left_ms = number
        elif key == "rule":
            self.rule = number
            self.rule_said = False
            self.exact = bool(number & protocol.RULE_EXACT)
        elif key == protocol.K_INFO_KEY and number >= 3:
            self.k = number

    def _say_rule(self) -> None:
        """ERROR once for the rule bits it does not play, before its next move."""
        unknown = self.rule & ~SUPPORTED_RULES
        if unknown and not self.rule_said:
            self.rule_said = True
            names = [name for bit, name in protocol.RULE_NAMES.items() if unknown & bit]
            words = ", ".join(names) or f"rule {unknown}"
            self.write(
                f"ERROR INFO rule {self.rule}: {words} is not played here (free-style, "
                "exactly five, renju and caro only); it plays on under those"
            )

    def _rules(self) -> Rules | None:
        if self.size is None:
            self.write("ERROR no START yet")
            return None
        m, n = self.size
        if self.rule & (protocol.RULE_RENJU | protocol.RULE_CARO):
            try:
                return Rules.from_gomocup(m, n, self.rule & SUPPORTED_RULES)
            except ValueError as error:
                if not self.rule_said:
                    self.rule_said = True
                    self.write(
                        f"ERROR INFO rule {self.rule}: {error}; it plays on under "
                        f"{'exactly five' if self.exact else 'free-style'}"
                    )
        try:
            return Rules(m, n, self.k, self.exact)
        except ValueError as error:
            self.write(f"ERROR {error}")
            return None

    def _begin(self, argument: str) -> None:
        rules = self._rules()
        if rules is not None:
            self.board = Board.empty(Mark.X, rules)
            self._play()

    def _turn(self, argument: str) -> None:
        rules = self._rules()
        if rules is None:
            return
        found = protocol.parse_coordinates(argument)
        board = self.board if self.board is not None else Board.empty(Mark.X, rules)
        if board.rules is not rules:
            board = Board.empty(Mark.X, rules)
        if found is None or not (0 <= found[0] < rules.m and 0 <= found[1] < rules.n):
            self.write(f"ERROR TURN takes x,y on the {rules.m}x{rules.n} board")
            return
        cell = protocol.cell_of(*found, rules.m)
        try:
            self.board = board.play(cell)
        except ValueError as error:
            self.write(f"ERROR {error}")
            return
        self._play()

    def _board_start(self, argument: str) -> None:
        self._board_lines = []

    def _board_line(self, line: str) -> bool:
        assert self._board_lines is not None
        text = line.strip()
        if text.upper() == "DONE":
            stones, self._board_lines = self._board_lines, None
            self._board_done(stones)
            return True
        if text.upper() == "END":
            return False
        stone = protocol.parse_stone(text)
        if stone is not None:
            self._board_lines.append(stone)
        return True

    def _board_done(self, stones: list[tuple[int, int, int]]) -> None:
        rules = self._rules()
        if rules is None:
            return
        m, n = rules.m, rules.n
        # 1 our stones, 2 the opponent's; 3 (a continuous game's winning line) is not ours.
        own = [(x, y) for x, y, who in stones if who == protocol.BOARD_OWN]
        other = [(x, y) for x, y, who in stones if who == protocol.BOARD_OPPONENT]
        others = [(x, y, who) for x, y, who in stones if who not in (1, 2, 3)]
        if others:
            x, y, who = others[0]
            self.write(f"ERROR the stone {x},{y},{who} is neither 1, 2 nor 3")
            return
        if not len(own) - 1 <= len(other) <= len(own) + 1:
            self.write(
                f"ERROR no game has {len(own)} stones of ours and {len(other)} of the other's"
            )
            return
        # Who moved first: with as many stones each, we did (we are X); else the other.
        me = Mark.X if len(own) >= len(other) else Mark.O
        cells = ["."] * rules.size
        for mark, group in ((me, own), (me.opponent, other)):
            for x, y in group:
                if not (0 <= x < m and 0 <= y < n):
                    self.write(f"ERROR the stone {x},{y} is off the {m}x{n} board")
                    return
                cell = protocol.cell_of(x, y, m)
                if cells[cell] != ".":
                    self.write(f"ERROR two stones on {x},{y}")
                    return
                cells[cell] = mark.value
        try:
            self.board = Board.from_string("".join(cells), me, rules)
        except ValueError as error:
            self.write(f"ERROR {error}")
            return
        self._play()

    def _takeback(self, argument: str) -> None:
        found = protocol.parse_coordinates(argument)
        board = self.board
        if board is None or found is None:
            self.write("ERROR nothing to take back")
            return
        rules = board.rules
        if not (0 <= found[0] < rules.m and 0 <= found[1] < rules.n):
            self.write("ERROR the cell is off the board")
            return
        cell = protocol.cell_of(*found, rules.m)
        mark = board[cell]
        if mark is None:
            self.write("ERROR the cell is empty")
            return
        cells = list(board.cells)
        cells[cell] = "."
        try:
            self.board = Board.from_string("".join(cells), mark, rules)
        except ValueError as error:
            self.write(f"ERROR {error}")
            return
        self.write("OK")

    def _swap2_start(self, argument: str) -> None:
        self._swap2_lines = []

    def _swap2_line(self, line: str) -> bool:
        assert self._swap2_lines is not None
        text = line.strip()
        if text.upper() == "DONE":
            stones, self._swap2_lines = self._swap2_lines, None
            self._swap2_done(stones)
            return True
        if text.upper() == "END":
            return False
        stone = protocol.parse_stone(text)
        found = stone[:2] if stone is not None else protocol.parse_coordinates(text)
        if found is not None:
            self._swap2_lines.append(found)
        return True

    def _swap2_done(self, stones: list[tuple[int, int]]) -> None:
        """Answer SWAP2BOARD: the opener's three stones, or a choice (see the module)."""
        rules = self._rules()
        if rules is None:
            return
        board = Board.empty(Mark.X, rules)
        for x, y in stones:
            if not (0 <= x < rules.m and 0 <= y < rules.n):
                self.write(f"ERROR the stone {x},{y} is off the {rules.m}x{rules.n} board")
                return
            try:
                board = board.play(protocol.cell_of(x, y, rules.m))
            except ValueError as error:
                self.write(f"ERROR {error}")
                return
        count = len(stones)
        if count == 0:
            options: tuple[str, ...] = ()
        elif count == OPENING_STONES:
            options = (BLACK, WHITE, PLACE_TWO) if self.opening_rule == SWAP2 else (BLACK, WHITE)
        elif count == OPENING_STONES + 2 and self.opening_rule == SWAP2:
            options = (BLACK, WHITE)
        else:
            self.write(
                f"ERROR {self.opening_rule} asks SWAP2BOARD with 0, 3 "
                f"{'or 5 ' if self.opening_rule == SWAP2 else ''}stones, not {count}"
            )
            return
        player, _ = self._players(rules)
        if not player.supports(rules):
            self.write(f"ERROR {player.name} does not play {rules.key}")
            return
        player.budget_ms = budget_for(self.turn_ms, self.time_left_ms, self.match_ms)
        m = rules.m
        try:
            if not options:
                cells = player.swap_stones(board, self.opening_rule)
                self.board = board.play_all(cells)
                self.write(" ".join("{},{}".format(*protocol.xy_of(cell, m)) for cell in cells))
                return
            answer: SwapAnswer = player.swap_choice(board, options, self.opening_rule)
        except SwapError as error:
            self.write(f"ERROR {error}")
            return
        if answer.choice not in options:
            self.write(f"ERROR {player.name} chose {answer.choice}, not one of {options}")
            return
        self.board = board.play_all(answer.stones)
        if answer.choice == BLACK:
            self.write(protocol.SWAP_ANSWER)
        elif answer.choice == WHITE and not answer.stones:
            self.board = board
            self._play()
        else:
            self.write(" ".join("{},{}".format(*protocol.xy_of(cell, m)) for cell in answer.stones))

    _HANDLERS: Final[dict[str, Callable[[BrainServer, str], None]]] = {
        "START": _start,
        "RECTSTART": _rectstart,
        "RESTART": _restart,
        "ABOUT": _about,
        "INFO": _info,
        "BEGIN": _begin,
        "TURN": _turn,
        "BOARD": _board_start,
        "TAKEBACK": _takeback,
        "SWAP2BOARD": _swap2_start,
    }

    # Thinking -----------------------------------------------------------------------

    def _players(self, rules: Rules) -> tuple[Player, Player]:
        player, fallback = self.player, self.fallback
        if player is None or not player.supports(rules):
            player = create_player(self.kind, seed=self.seed)
            self.player = player
        if fallback is None:
            fallback = create_player("rando", seed=player.seed)
            self.fallback = fallback
        return player, fallback

    def _play(self) -> None:
        board = self.board
        assert board is not None
        if board.is_over:
            self.write("ERROR the game is over: there is no move to make")
            return
        self._say_rule()
        player, fallback = self._players(board.rules)
        if not player.supports(board.rules):
            self.write(f"ERROR {player.name} does not play {board.rules.key}")
            return
        budget = budget_for(self.turn_ms, self.time_left_ms, self.match_ms)
        player.budget_ms = budget
        started = time.perf_counter()
        deadline = started + budget / 1000
        thought: Thought | None = None
        try:
            thought = player.think(board, stop=lambda: time.perf_counter() >= deadline)
            cell = thought.move
        except SearchStopped:
            decisive = decisive_moves(board)
            cell = decisive[0] if decisive else fallback.choose_move(board)
            self.write(f"MESSAGE stopped at {budget:.0f} ms; played {board.name(cell)}")
        if thought is not None:
            self.write("MESSAGE " + describe_thought(thought, board, time.perf_counter() - started))
        if cell in board.forbidden_cells():  # never, by the players' own checks: a last guard
            self.write(f"MESSAGE {board.name(cell)} is forbidden for black; played another")
            cell = fallback.choose_move(board)
        self.board = board.play(cell)
        x, y = protocol.xy_of(cell, board.rules.m)
        self.write(f"{x},{y}")


def describe_thought(thought: Thought, board: Board, seconds: float) -> str:
    """A thought in one MESSAGE line: depth, nodes, time, best line, the move's score."""
    parts = [thought.kind]
    if thought.depth:
        parts.append(f"depth {thought.depth}")
    if thought.nodes:
        parts.append(f"nodes {thought.nodes:,}")
    parts.append(f"{seconds * 1000:.0f} ms")
    score = thought.score_of(thought.move)
    if score is not None:
        parts.append(f"{thought.meaning.value} {score.value:g}")
    if thought.rule is not None:
        parts.append(f"rule {thought.rule.value}")
    if thought.line:
        parts.append("line " + board.geometry.names(thought.line[:12]))
    return " | ".join(parts)


def serve_brain(
    kind: str,
    seed: int | None = None,
    stdin: BinaryIO | None = None,
    stdout: BinaryIO | None = None,
) -> int:
    """Be a brain playing as ``kind`` on ``stdin``/``stdout`` until END or end of input."""
    source = stdin if stdin is not None else sys.stdin.buffer
    sink = stdout if stdout is not None else sys.stdout.buffer
    fd = source.fileno()

    def write(text: str) -> None:
        sink.write((text.replace("\r", " ").replace("\n", " ") + protocol.EOL).encode("utf-8"))
        sink.flush()

    server = BrainServer(kind, seed, write)
    splitter = LineSplitter()
    try:
        while True:
            data = os.read(fd, 65536)
            if not data:
                return 0
            for line in splitter.feed(data):
                if not server.handle(line):
                    return 0
    except BrokenPipeError:
        # The manager closed our output: nobody is listening, so leave quietly (and keep
        # the interpreter from complaining about the closed stdout at exit).
        with contextlib.suppress(OSError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sink.fileno())
        return 0
