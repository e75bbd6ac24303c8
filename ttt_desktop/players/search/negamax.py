"""Negamax: the players' one minimax and alpha-beta search, over a game given as functions.

In the spirit of OpenSpiel's searches, which take a value function, and bots that only bind
parameters: every minimax or alpha-beta search of the players is a :class:`Negamax` built
from the game's functions.

* ``expand(node, depth, alpha, beta, ply)`` is the game and its evaluation at a node (a
  node is whatever the game's functions pass around: a board, a board and its utility, the
  cell just played on a board kept in mutable form). It answers an ``int``, the node's value
  for its side to move, when the node is decided without searching its moves (the game is
  over, the depth is used up, the evaluation knows, a table remembers), or an
  :data:`Expansion` ``(moves, child_depth, best, best_move)``: the moves to search, in the
  order to search them (move ordering is the game's), the depth to search them to (one less,
  or the same for a forced move), and the best value and move known before searching any
  (below every value, and None, when none is). Moves come from there alone, so a rule that
  forbids cells filters them there.
  A game whose nodes expand the same whatever the depth and window may give
  ``expand_node(node)`` instead (a table's look-up, at a C call's cost).
* ``play(node, move)`` is the child; ``undo(node, move)``, when given, follows each child's
  search (a game in mutable form takes its move back), even one that was stopped.
* ``score(node, move)``, when given, values a move whose child would be searched to depth
  0 without building the child (the horizon's leaves), for the side that plays it.
* ``done(node, depth, best, best_move, alpha, beta, ply)``, when given, hears of each node
  searched, with the window it was searched with: a transposition table stores it there, and
  ``best >= beta`` says that ``best_move`` cut the node off (killer moves, history).

Values are for the side to move, so a child's value is negated (negamax). With ``pruning``
(alpha-beta) a node stops at the first move whose value reaches ``beta``; without it every
move of every node is searched with the whole window: plain minimax, the same tree visited
in full. ``pvs`` (principal variation search) searches the moves after a node's first with a
null window first, and again with the whole window when that fails high. Ties keep the first
move found: a move replaces the best only when its value is higher.

Counts, for the Thinking dock and the search tree explorer: ``nodes`` (each node entered and
each move scored; the game adds those it scores itself with :meth:`Negamax.count`),
``cutoffs`` (the moves a cutoff left unsearched), ``deepest`` (the deepest ply below the
root). With ``lines`` each node's principal line is kept. ``stop`` is asked when ``every``
nodes have been counted since it was last asked; once it answers true the search raises
:class:`~ttt_desktop.players.thought.SearchStopped`. An ``observer`` sees the tree as it is
searched: each move's value with the nodes its subtree took and the window it was searched
with, and the moves a cutoff left.

:meth:`Negamax.root` values each move of the position searched (the root): exact, or an
upper bound where alpha-beta only proved the move no better than one before it.

Nothing here imports Qt.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Generic, NamedTuple, Protocol, TypeAlias, TypeVar

from ttt_desktop.core.clock import StopCheck
from ttt_desktop.players.thought import SearchStopped

N = TypeVar("N")
"""A node of the game searched."""
M = TypeVar("M")
"""A move of the game searched."""
N_contra = TypeVar("N_contra", contravariant=True)
M_contra = TypeVar("M_contra", contravariant=True)

Expansion: TypeAlias = tuple[Sequence[M], int, int, M | None]
"""The moves of a node to search, the depth to search them to, the best value and move known."""

NEVER: int = 1 << 62
"""A node count no search reaches: the next look at ``stop`` of a search without one."""
LINE_PLIES = 128
"""The deepest ply a search with ``lines`` may reach (its lines are kept per ply)."""


class Observer(Protocol[N_contra, M_contra]):
    """What sees a search's tree as it is searched (the search tree explorer)."""

    def searched(  # noqa: PLR0917  (called in the hot loop: positional arguments are cheaper)
        self, node: N_contra, move: M_contra, value: int, nodes: int, alpha: int, beta: int
    ) -> None:
        """``move`` of ``node`` was searched: its value, its subtree's nodes, the window."""

    def cut_off(self, node: N_contra, moves: Sequence[M_contra]) -> None:
        """A cutoff at ``node`` left ``moves`` unsearched."""


class RootScore(NamedTuple, Generic[M]):
    """One move of the root: its value, whether exact (else an upper bound), its line."""

    move: M
    value: int
    exact: bool
    line: tuple[M, ...]
    """The principal line after the move (kept with ``lines`` only)."""


class Negamax(Generic[N, M]):
    """One search of one game: :attr:`search` is the recursion, :meth:`root` its root.

    A context manager: leaving it (or :meth:`close`) lets go of the recursion, so that a
    move leaves nothing for the cyclic collector.
    """

    __slots__ = ("_forget", "_listen", "_root_args", "_tally", "count", "lines", "search")

    def __init__(
        self,
        expand: Callable[[N, int, int, int, int], int | Expansion[M]] | None,
        play: Callable[[N, M], N],
        *,
        expand_node: Callable[[N], int | Expansion[M]] | None = None,
        undo: Callable[[N, M], object] | None = None,
        score: Callable[[N, M], int] | None = None,
        done: Callable[[N, int, int, M | None, int, int, int], object] | None = None,
        pruning: bool = True,
        pvs: bool = False,
        lines: bool = False,
        stop: StopCheck | None = None,
        every: int = 512,
        observer: Observer[N, M] | None = None,
    ) -> None:
        # The counts live in the closure, not on the object: a node costs less so.
        nodes = cutoffs = deepest = 0
        next_check = NEVER if stop is None else every
        asked = stop
        kept: list[tuple[M, ...]] = [()] * (LINE_PLIES + 2)
        self.lines = kept
        """Per ply, the principal line of the node last searched there (with ``lines``)."""
        self._root_args = (play, undo, score, pruning, pvs, lines, observer)
        plain = not (pvs or undo or score or observer or done)
        """Nothing to do around a child's search but the search (tic-tac-toe's whole tree)."""

        def negamax(node: N, depth: int, alpha: int, beta: int, ply: int) -> int:
            """The value of ``node`` for its side to move, searched ``depth`` plies."""
            nonlocal nodes, cutoffs, deepest, next_check
            nodes += 1
            if ply > deepest:  # noqa: PLR1730  (a call to max() per node costs more)
                deepest = ply
            if nodes >= next_check:
                next_check = nodes + every
                if asked is not None and asked():
                    raise SearchStopped("the search was told to stop")
            if expand_node is None:
                found = expand(node, depth, alpha, beta, ply)  # type: ignore[misc]
            else:
                found = expand_node(node)
            if type(found) is int:
                if lines:
                    kept[ply] = ()
                return found
            moves, child_depth, best, best_move = found  # type: ignore[misc]
            best_line: tuple[M, ...] = ()
            below = ply + 1
            if plain:
                # The loop below with nothing around a child's search, written out: on
                # tic-tac-toe's whole tree (549,945 nodes for minimax's first move) each
                # step per node shows.
                for move in moves:
                    value = -negamax(play(node, move), child_depth, -beta, -alpha, below)
                    if value > best:
                        best, best_move = value, move
                        if lines:
                            best_line = kept[below]
                        if pruning and value > alpha:
                            alpha = value
                            if alpha >= beta:
                                cutoffs += len(moves) - moves.index(move) - 1
                                break
                if lines:
                    kept[ply] = () if best_move is None else (best_move, *best_line)
                return best
            alpha_in = alpha
            if pruning and best > alpha:
                alpha = best
            scoring = score is not None and child_depth <= 0
            if scoring and moves and below > deepest:
                deepest = below
            first = True
            for move in moves:
                if scoring:
                    nodes += 1
                    value = score(node, move)  # type: ignore[misc]
                else:
                    if observer is not None:
                        before = nodes
                    child = play(node, move)
                    try:
                        if pvs and not first:
                            value = -negamax(child, child_depth, -alpha - 1, -alpha, below)
                            if alpha < value < beta:
                                value = -negamax(child, child_depth, -beta, -alpha, below)
                        else:
                            value = -negamax(child, child_depth, -beta, -alpha, below)
                    finally:
                        if undo is not None:
                            undo(node, move)
                    if observer is not None:
                        observer.searched(node, move, value, nodes - before, alpha, beta)
                    first = False
                if value > best:
                    best, best_move = value, move
                    if lines:
                        best_line = () if scoring else kept[below]
                    if pruning and value > alpha:
                        alpha = value
                        if alpha >= beta:
                            rest = len(moves) - moves.index(move) - 1
                            cutoffs += rest
                            if observer is not None and rest:
                                observer.cut_off(node, moves[len(moves) - rest :])
                            break
            if lines:
                kept[ply] = () if best_move is None else (best_move, *best_line)
            if done is not None:
                done(node, depth, best, best_move, alpha_in, beta, ply)
            return best

        self.search = negamax
        """``search(node, depth, alpha, beta, ply)``: the node's value, counted."""

        def count(more: int, ply: int, cut: int = 0) -> None:
            """Count ``more`` nodes the game scored itself at ``ply`` (a horizon's leaves),
            and ``cut`` moves it left unsearched itself (a win found first)."""
            nonlocal nodes, deepest, cutoffs
            nodes += more
            cutoffs += cut
            if more and ply > deepest:
                deepest = ply

        def tally() -> tuple[int, int, int]:
            return nodes, cutoffs, deepest

        def listen(new: StopCheck | None) -> None:
            nonlocal asked, next_check
            asked = new
            next_check = NEVER if new is None else nodes + every

        def forget() -> None:
            nonlocal negamax, asked
            negamax = asked = None  # type: ignore[assignment]

        self.count = count
        """``count(nodes, ply, cutoffs=0)``: what the game scored or cut itself."""
        self._tally = tally
        self._listen = listen
        self._forget = forget

    @property
    def nodes(self) -> int:
        """The nodes entered and the moves scored so far."""
        return self._tally()[0]

    @property
    def cutoffs(self) -> int:
        """The moves cutoffs left unsearched so far."""
        return self._tally()[1]

    @property
    def deepest(self) -> int:
        """The deepest ply below the root entered or scored so far."""
        return self._tally()[2]

    def listen(self, stop: StopCheck | None) -> None:
        """Ask ``stop`` from now on, every ``every`` nodes, instead of the stop given before."""
        self._listen(stop)

    def close(self) -> None:
        """Let go of the recursion and the game's functions now, not at the cyclic
        collector's next pass (the recursion refers to itself, and a game's functions may
        refer to this search: a transposition table would wait for that pass to be freed,
        in the time of some later move). The counts stay; the search cannot be used again."""
        self._forget()
        del self.search
        self._root_args = ()  # type: ignore[assignment]

    def __enter__(self) -> Negamax[N, M]:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def root(  # noqa: PLR0917
        self,
        node: N,
        moves: Sequence[M],
        depth: int,
        alpha: int,
        beta: int,
        into: list[RootScore[M]] | None = None,
    ) -> list[RootScore[M]]:
        """Each of ``moves`` of ``node`` searched ``depth`` plies in the window, in turn.

        With pruning each move after the first is searched in what the ones before it left
        of the window, so its value is exact when it is better than all of them and an upper
        bound otherwise. The results go into ``into`` when given, one by one, so a caller
        whose search was stopped keeps those of the moves searched before.
        """
        play, undo, score, pruning, pvs, lines, observer = self._root_args
        search = self.search
        results: list[RootScore[M]] = [] if into is None else into
        scoring = score is not None and depth <= 1
        first = True
        for move in moves:
            line: tuple[M, ...] = ()
            if scoring:
                self.count(1, 1)
                value = score(node, move)  # type: ignore[misc]
            else:
                before = self.nodes if observer is not None else 0
                child = play(node, move)
                try:
                    if pvs and not first:
                        value = -search(child, depth - 1, -alpha - 1, -alpha, 1)
                        if alpha < value < beta:
                            value = -search(child, depth - 1, -beta, -alpha, 1)
                    else:
                        value = -search(child, depth - 1, -beta, -alpha, 1)
                finally:
                    if undo is not None:
                        undo(node, move)
                if lines:
                    line = self.lines[1]
                if observer is not None:
                    observer.searched(node, move, value, self.nodes - before, alpha, beta)
            first = False
            exact = not pruning or value > alpha
            results.append(RootScore(move, value, exact, line))
            if pruning and value > alpha:
                alpha = value
        return results
