"""The yardstick for the engine benchmarks: textbook minimax, as a first course writes it.

A board is a plain list of nine ``" "``, ``"X"`` or ``"O"``; the search
recurses over every reply down to the end of the game with no memo, no pruning
and no move ordering, trying each move in place and undoing it. It shares no
code with TTT Desktop, so timing it measures the algorithm, not our engine.

Run as a script it makes X's first move on the empty board and prints it, so
``python benchmarks/plain_minimax.py`` times a fresh process from start to move.
"""

from __future__ import annotations

WINNING_LINES = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
]


def winner(board: list[str]) -> str | None:
    """The mark with three in a row, if any."""
    for a, b, c in WINNING_LINES:
        if board[a] != " " and board[a] == board[b] == board[c]:
            return board[a]
    return None


def minimax(board: list[str], player: str, me: str) -> int:
    """The value of ``board`` for ``me`` when ``player`` is to move: 1 win, 0 draw, -1 loss."""
    won = winner(board)
    if won is not None:
        return 1 if won == me else -1
    moves = [cell for cell in range(9) if board[cell] == " "]
    if not moves:
        return 0
    other = "O" if player == "X" else "X"
    scores = []
    for move in moves:
        board[move] = player
        scores.append(minimax(board, other, me))
        board[move] = " "
    return max(scores) if player == me else min(scores)


def best_move(board: list[str], player: str) -> int:
    """The first move (lowest cell) with the best minimax value for ``player``."""
    other = "O" if player == "X" else "X"
    best, best_score = -1, -2
    for move in [cell for cell in range(9) if board[cell] == " "]:
        board[move] = player
        score = minimax(board, other, player)
        board[move] = " "
        if score > best_score:
            best, best_score = move, score
    return best


if __name__ == "__main__":
    print(best_move([" "] * 9, "X"))
