"""The players' one minimax / alpha-beta search and what is built on it.

:mod:`~ttt_desktop.players.search.negamax` holds the search itself: negamax, with or without
alpha-beta pruning, over a game given as functions (its moves in order, its evaluation, how
a move is played), counting as it goes and asking a stop check; and the root, which values
each move of a position. :mod:`~ttt_desktop.players.search.deepening` searches one ply deeper
at a time until a stop. The games given to it: :mod:`~ttt_desktop.players.search.whole_game`
(tic-tac-toe to the end, for MiniMax, AlphaBeta and the search tree explorer),
:mod:`~ttt_desktop.players.search.limited` (any board to a depth, rated by document 003's line
utility) and the Searcher's windows (:mod:`ttt_desktop.players.searcher`).

Nothing here imports Qt.
"""
