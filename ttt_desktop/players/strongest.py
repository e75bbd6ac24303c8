"""The Strongest player: whichever player of this program is strongest on the board played.

Where :func:`~ttt_desktop.players.roster.supports` says the Perfect player plays the rules
(the boards whose game is solved), Strongest plays Perfect's moves; everywhere else it plays
the Searcher's (:mod:`ttt_desktop.players.searcher`), under the same time, node or depth
budget. Its :class:`~ttt_desktop.players.thought.Thought` is its delegate's, under the kind
``strongest``, so a person sees which algorithm chose the move by what the thought says.

Nothing here imports Qt.
"""

from __future__ import annotations

import dataclasses

from ttt_desktop.engine.board import Board
from ttt_desktop.engine.cells import Cell
from ttt_desktop.players.base import Player
from ttt_desktop.players.roster import supports

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ttt_desktop.engine.rules import Rules
    from ttt_desktop.players.thought import StopCheck, Thought

PERFECT_KIND = "perfect"
SEARCH_KIND = "searcher"


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
        from ttt_desktop.players.searcher import SearcherPlayer  # noqa: PLC0415  (on use)

        # Made here, so that bad options are refused at once whatever the board.
        self._searcher = SearcherPlayer(
            seed=self.seed, depth=depth, nodes=nodes, budget_ms=budget_ms
        )
        if budget_ms is not None:
            self.budget_ms = self._searcher.budget_ms
        self._perfect: Player | None = None

    def delegate(self, rules: Rules) -> Player:
        """The player that chooses this player's moves on ``rules``."""
        if delegate_kind(rules) == PERFECT_KIND:
            if self._perfect is None:
                from ttt_desktop.players import create_player  # noqa: PLC0415  (no circle)

                self._perfect = create_player(PERFECT_KIND, seed=self.seed)
            return self._perfect
        self._searcher.budget_ms = self.budget_ms
        return self._searcher

    def choose_move(self, board: Board) -> Cell:
        return self.delegate(board.rules).choose_move(board)

    def think(self, board: Board, *, stop: StopCheck | None = None) -> Thought:
        """The delegate's thought, as this player's (kind ``strongest``)."""
        thought = self.delegate(board.rules).think(board, stop=stop)
        return dataclasses.replace(thought, kind=self.kind)
