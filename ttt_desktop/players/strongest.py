"""The Strongest player: whichever player of this program is strongest on the board played.

Where :func:`~ttt_desktop.players.roster.supports` says the Perfect player plays the rules
(the boards whose game is solved), Strongest plays Perfect's moves; everywhere else it first
looks for a forced win by threats (:func:`ttt_desktop.analysis.threats.forced_win`, on boards
of five or more in a row, within :data:`THREAT_NODES` positions) and plays its first move when
there is one, and otherwise plays the Searcher's (:mod:`ttt_desktop.players.searcher`), under
the same time, node or depth budget less the time the threat search took. Under a time budget
the threat search has at most :data:`THREAT_SHARE` of it, so the two together answer within
the budget. Its
:class:`~ttt_desktop.players.thought.Thought` is the threat win's or its delegate's, under the kind
``strongest``, so a person sees which algorithm chose the move by what the thought says.

Nothing here imports Qt.
"""

from __future__ import annotations

import dataclasses
import time
from typing import TYPE_CHECKING

from ttt_desktop.analysis.threats import ThreatSearchStopped, ThreatWin, forced_win
from ttt_desktop.core.board import Board
from ttt_desktop.core.cells import Cell
from ttt_desktop.players.base import Player, deadline_of, stop_at
from ttt_desktop.players.roster import supports
from ttt_desktop.players.searcher import SearcherPlayer
from ttt_desktop.players.thought import CellScore, Meaning, Rule, SearchStopped, Thought

if TYPE_CHECKING:
    from ttt_desktop.core.clock import StopCheck
    from ttt_desktop.core.rules import Rules

PERFECT_KIND = "perfect"
SEARCH_KIND = "searcher"
THREAT_K = 5
"""The threat search is asked on boards of at least this many in a row (its fours and threes)."""
THREAT_NODES = 3_000
"""The threat search's budget of positions a move (tens of milliseconds when it finds nothing)."""
THREAT_SHARE = 0.5
"""The most of a time budget the threat search may take; the Searcher has the rest."""


def delegate_kind(rules: Rules) -> str:
    """The kind Strongest plays as on ``rules``: perfect where it plays them, else searcher."""
    return PERFECT_KIND if supports(PERFECT_KIND, rules) else SEARCH_KIND


class StrongestPlayer(Player):
    """Plays as Perfect where the game is solved, else as the Searcher.

    Options go to the Searcher: ``depth``, ``nodes``, ``budget_ms`` (see
    :class:`~ttt_desktop.players.searcher.SearcherPlayer`); :attr:`budget_ms` set on this
    player before a move is passed on. The delegates share this player's seed: each is made
    once per rules with it, so the same seed plays the same game.
    """

    kind = "strongest"

    def __init__(
        self,
        *,
        seed: int | None = None,
        depth: int | None = None,
        nodes: int | None = None,
        budget_ms: float | None = None,
    ) -> None:
        super().__init__(seed=seed)
        # Made here, so that bad options are refused at once whatever the board.
        self._searcher = SearcherPlayer(
            seed=self.seed, depth=depth, nodes=nodes, budget_ms=budget_ms
        )
        if budget_ms is not None:
            self.budget_ms = self._searcher.budget_ms
        self._perfect: Player | None = None
        self.threat_nodes = THREAT_NODES
        """The threat search's budget of positions a move (:data:`THREAT_NODES`)."""

    def delegate(self, rules: Rules) -> Player:
        """The player that chooses this player's moves on ``rules`` (with no threat win)."""
        if delegate_kind(rules) == PERFECT_KIND:
            if self._perfect is None:
                from ttt_desktop.players import create_player  # noqa: PLC0415  (the roster names this module: a plain import would close a circle)

                self._perfect = create_player(PERFECT_KIND, seed=self.seed)
            self._perfect.budget_ms = self.budget_ms
            return self._perfect
        self._searcher.budget_ms = self.budget_ms
        return self._searcher

    def threat_win(
        self, board: Board, *, stop: StopCheck | None = None, deadline: float | None = None
    ) -> ThreatWin | None:
        """A forced win by threats for the side to move, where Strongest looks for one.

        None on solved boards (Perfect knows better), below five in a row, when there is
        none within :attr:`threat_nodes` positions or before ``deadline`` (a
        ``time.perf_counter()`` reading). A ``stop`` that answers true raises
        :class:`~ttt_desktop.players.thought.SearchStopped`.
        """
        if board.rules.k < THREAT_K or delegate_kind(board.rules) == PERFECT_KIND:
            return None
        try:
            return forced_win(board, max_nodes=self.threat_nodes, stop=stop_at(deadline, stop))
        except ThreatSearchStopped:
            if stop is not None and stop():
                raise SearchStopped from None
            return None  # out of its share of the time: no win found in it

    def choose_move(self, board: Board) -> Cell:
        if delegate_kind(board.rules) == PERFECT_KIND:
            # Perfect's own move (its think would also work out every move's value).
            return self.delegate(board.rules).choose_move(board)
        return self.think(board).move

    def think(self, board: Board, *, stop: StopCheck | None = None) -> Thought:
        """A threat win's first move, or the delegate's thought, as this player's."""
        started = time.perf_counter()
        budget_ms = self.budget_ms
        threat_ms = None if budget_ms is None else budget_ms * THREAT_SHARE
        win = self.threat_win(board, stop=stop, deadline=deadline_of(threat_ms, started))
        if win is not None:
            return _threat_thought(self.kind, board, win, time.perf_counter() - started)
        delegate = self.delegate(board.rules)
        spent_ms = (time.perf_counter() - started) * 1000
        if budget_ms is not None:
            # What is left of the move's time (a delegate out of time still answers).
            delegate.budget_ms = max(budget_ms - spent_ms, 0.001)
        thought = delegate.think(board, stop=stop)
        return dataclasses.replace(
            thought, kind=self.kind, seconds=thought.seconds + spent_ms / 1000
        )


def _threat_thought(kind: str, board: Board, win: ThreatWin, seconds: float) -> Thought:
    """The thought of a move that starts a forced win by threats: proven, with its line."""
    move = win.line[0]
    return Thought(
        kind,
        board.cells,
        board.to_move.value,
        move,
        rule=Rule.THREATS,
        scores=(CellScore(move, 1, plies=win.plies),),
        meaning=Meaning.EVALUATION,
        nodes=win.nodes,
        depth=win.plies,
        seconds=seconds,
        line=win.line,
        rules=board.rules.key,
    )
