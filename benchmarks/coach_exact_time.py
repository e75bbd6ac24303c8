"""How long the coach's exact answer takes on 6,4,4 and 6,5,4, from the empty board and from
positions of seeded random games.

For each position: the time to every move's proved value (``mnk_solver.move_values``, what
the coach's exact hint is made of) in a fresh process state (the shipped tables only: no
user cache, nothing proved before), and what the coach itself answers within its second
(``board_coach.advise`` with the Searcher): exact (the solver's) or the search's, and how
long it took; where that answer is the search's and marked ``provable``, the proof the
coach then runs in the background (``board_coach.prove``, up to ``BACKGROUND_PROOF_MS``):
whether it finished and when, counted from the hint's request. ``--tables FILE`` reads
another tables file instead of the shipped one (e.g. an earlier commit's
``git show <commit>:ttt_desktop/analysis/mnk_tables.bin > /tmp/t.bin``),
to compare in one run.

    nice python benchmarks/coach_exact_time.py
    nice python benchmarks/coach_exact_time.py --boards 6,4,4 --positions 8
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time

SEED = 644
BOARDS = ("6,4,4", "6,5,4")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", nargs="+", default=list(BOARDS))
    parser.add_argument("--positions", type=int, default=12, help="random positions a board")
    parser.add_argument("--most-plies", type=int, default=10)
    parser.add_argument("--tables", help="a tables file to read instead of the shipped one")
    arguments = parser.parse_args()
    os.environ["TTT_DESKTOP_SOLVER_CACHE"] = ""  # never the user's cache
    from ttt_desktop.analysis import board_coach, mnk_solver  # noqa: PLC0415
    from ttt_desktop.core.board import Board, Mark  # noqa: PLC0415
    from ttt_desktop.core.clock import COACH_BUDGET_MS  # noqa: PLC0415
    from ttt_desktop.core.rules import Rules  # noqa: PLC0415
    from ttt_desktop.players.coach_search import evaluate  # noqa: PLC0415

    if arguments.tables:
        mnk_solver.SOLVER_TABLE_PATH = arguments.tables  # type: ignore[misc]
    print(f"tables: {mnk_solver.SOLVER_TABLE_PATH}; the coach's budget {COACH_BUDGET_MS:g} ms")
    print("board  stones  open  proof s  coach    coach s  exact after s")
    for key in arguments.boards:
        rules = Rules.parse(key)
        rng = random.Random(f"{SEED}:{key}")
        boards = [Board.empty(Mark.X, rules)]
        while len(boards) < arguments.positions + 1:
            board = Board.empty(Mark.X, rules)
            for _ in range(rng.randrange(1, arguments.most_plies + 1)):
                board = board.play(rng.choice(board.legal_moves()))
                if board.is_over:
                    break
            if not board.is_over:
                boards.append(board)
        proofs, coach_times, exact, later, exact_after = [], [], 0, 0, []
        for board in boards:
            mnk_solver.forget_known()
            started = time.perf_counter()
            mnk_solver.move_values(board)
            proof = time.perf_counter() - started
            mnk_solver.forget_known()
            started = time.perf_counter()
            advice = board_coach.advise(board, evaluate, budget_ms=COACH_BUDGET_MS)
            coach = time.perf_counter() - started
            after = coach if advice.source == "solved" else None
            if advice.provable:
                proved = board_coach.prove(board)
                if proved is not None:
                    after = time.perf_counter() - started
                    later += 1
            if after is not None:
                exact_after.append(after)
            proofs.append(proof)
            coach_times.append(coach)
            exact += advice.source == "solved"
            print(
                f"{key:6} {board.ply:6} {mnk_solver.open_cells(board):5} {proof:8.2f}  "
                f"{'exact' if advice.source == 'solved' else 'search':7} {coach:7.2f}  "
                f"{'never' if after is None else f'{after:.2f}':>13}",
                flush=True,
            )
        print(
            f"{key}: {len(boards)} positions, exact in the coach's answer {exact}/{len(boards)}; "
            f"proof median {statistics.median(proofs):.2f} s, longest {max(proofs):.2f} s; "
            f"coach longest {max(coach_times):.2f} s; exact after the proof in the background "
            f"{exact + later}/{len(boards)}, the last after {max(exact_after, default=0):.2f} s",
            flush=True,
        )


if __name__ == "__main__":
    main()
