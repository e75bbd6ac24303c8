"""Random games to the end per CPU-second on 15,15,5: ours beside a plain C loop, in one run.

Prints games per CPU-second (the process's CPU time, so a busy neighbour costs less) for:

* ``plain C``: a loop written here and compiled with ``cc -O2`` for the run: uniformly
  random cells (a xorshift generator) from a free list, a win looked for along the four
  lines through each stone, no Python at all; the reference;
* ``compiled playout_bits``: :func:`ttt_desktop.core.playout.playout_bits` with the
  compiled loop (``_fastplay.c``): Monty's rollouts; Python's ``random()`` drawn for each
  move, so its games are the pure-Python loop's;
* ``compiled random_playout``: :func:`~ttt_desktop.core.playout.random_playout` (a
  :class:`Board` in, the winner and the moves out), compiled;
* ``python playout_bits``: the pure-Python loop (the fallback without a C compiler);
* ``match rando v rando``: :func:`ttt_desktop.lab.match.play_match` between two Rando
  players, matches of 100 games, what ``ttt-arena match --x rando --o rando`` and the lab's
  tournaments run: with the compiled loop each game is one call of ``_fastplay.c``'s
  ``random_game`` (the same games as move by move, each move timed);
* ``match rando v rando, move by move``: the same match with the compiled game loop off
  (a player's Python ``choose_move`` and a :class:`Board` value a move: the loop before it,
  and the one renju and caro use);

and, once, ``ttt-arena match --x rando --o rando --rules 15,15,5 --games 20000`` as a user
runs it, its own "games per second" line (wall-clock time, the command's start left out).

Each is run for ``--seconds`` of CPU time, ``--rounds`` times alternating, the best kept;
ratios to the plain C loop in one run are what to quote. Then Monty (the MCTS player) thinks
``--seconds`` on 15x15 after three stones with the compiled rollouts and with the Python
loop, in turns: its simulations per CPU-second each way.

Usage: ``.venv/bin/python benchmarks/playout_speed.py [--seconds 2] [--rounds 2]``
"""

from __future__ import annotations

import argparse
import random
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from ttt_desktop.core import playout
from ttt_desktop.core.board import Board
from ttt_desktop.core.rules import GOMOKU
from ttt_desktop.lab.match import play_match
from ttt_desktop.players import create_player

PLAIN_C = r"""
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#define M 15
#define N 15
#define K 5
static uint64_t state = 88172645463325252ull;
static inline uint64_t next(void) {
    state ^= state << 13; state ^= state >> 7; state ^= state << 17; return state;
}
static int run(const signed char *b, int at, int dr, int dc, int who) {
    int r = at / M, c = at % M, n = 1;
    for (int i = 1; ; i++) { int rr = r + dr * i, cc = c + dc * i;
        if (rr < 0 || rr >= N || cc < 0 || cc >= M || b[rr * M + cc] != who) break; n++; }
    for (int i = 1; ; i++) { int rr = r - dr * i, cc = c - dc * i;
        if (rr < 0 || rr >= N || cc < 0 || cc >= M || b[rr * M + cc] != who) break; n++; }
    return n;
}
int main(int argc, char **argv) {
    double seconds = argc > 1 ? atof(argv[1]) : 2.0;
    long games = 0, sink = 0;
    clock_t start = clock();
    while ((double)(clock() - start) / CLOCKS_PER_SEC < seconds) {
        for (int g = 0; g < 1000; g++) {
            signed char b[M * N] = {0}; int free_[M * N], left = M * N, who = 1, won = 0;
            for (int i = 0; i < M * N; i++) free_[i] = i;
            while (left && !won) {
                int index = (int)(next() % (uint64_t)left), at = free_[index];
                free_[index] = free_[--left]; b[at] = (signed char)who;
                if (run(b, at, 0, 1, who) >= K || run(b, at, 1, 0, who) >= K
                    || run(b, at, 1, 1, who) >= K || run(b, at, 1, -1, who) >= K) won = who;
                who = -who;
            }
            sink += won; games++;
        }
    }
    printf("%f %ld %ld\n", (double)(clock() - start) / CLOCKS_PER_SEC, games, sink);
    return 0;
}
"""


def plain_c_rate(seconds: float, folder: Path) -> float | None:
    """Games per CPU-second of the plain C loop (None without a C compiler)."""
    compiler = shutil.which("cc") or shutil.which("gcc")
    if compiler is None:
        return None
    source = folder / "plain.c"
    program = folder / "plain"
    if not program.exists():
        source.write_text(PLAIN_C)
        subprocess.run([compiler, "-O2", "-o", str(program), str(source)], check=True)
    output = subprocess.run(
        [str(program), str(seconds)], check=True, capture_output=True, text=True
    ).stdout.split()
    return int(output[1]) / float(output[0])


ARENA_MATCH = (
    "--x",
    "rando",
    "--o",
    "rando",
    "--rules",
    "15,15,5",
    "--games",
    "20000",
    "--seed",
    "1",
)
MATCH_GAMES = 100
"""Games in each match of the match rows (a match's set-up shared by its games, as in use)."""


def rate(one: Callable[[], object], seconds: float, games: int = 1) -> float:
    """Games per CPU-second over ``seconds`` of CPU time, ``one`` playing ``games`` a call."""
    count = 0
    started = time.process_time()
    while (spent := time.process_time() - started) < seconds:
        for _ in range(20):
            one()
        count += 20
    return count * games / spent


def arena_rate() -> str:
    """``ttt-arena match``'s own figure for 20,000 random games on 15,15,5."""
    output = subprocess.run(
        [sys.executable, "-m", "ttt_desktop.cli", "match", *ARENA_MATCH],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return next(line for line in output.splitlines() if "games per second" in line)


def contenders() -> dict[str, Callable[[], object]]:
    layout = playout.layout_of(GOMOKU)
    free = [1 << bit for bit in layout.bit_of]
    empty = Board.empty(rules=GOMOKU)
    draw = random.Random(1).random
    compiled = playout._compiled_playout

    def compiled_bits() -> object:
        assert compiled is not None
        return compiled(layout.width, layout.padded_size, 5, False, 0, 0, list(free), draw, None)

    def python_bits() -> object:
        return playout.python_playout_bits(layout, 0, 0, list(free), draw)

    x, o = create_player("rando", seed=1), create_player("rando", seed=2)

    def match_game() -> object:
        return play_match(x, o, MATCH_GAMES, rules=GOMOKU)

    def match_move_by_move() -> object:
        saved = playout._compiled_game
        playout._compiled_game = None
        try:
            return play_match(x, o, MATCH_GAMES, rules=GOMOKU)
        finally:
            playout._compiled_game = saved

    chosen: dict[str, Callable[[], object]] = {}
    if compiled is not None:
        chosen["compiled playout_bits"] = compiled_bits
        chosen["compiled random_playout"] = lambda: playout.random_playout(empty, draw)
    chosen["python playout_bits"] = python_bits
    chosen["match rando v rando"] = match_game
    chosen["match rando v rando, move by move"] = match_move_by_move
    return chosen


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--rounds", type=int, default=2)
    options = parser.parse_args()
    best: dict[str, float] = {}
    with tempfile.TemporaryDirectory() as folder:
        for _ in range(options.rounds):
            c = plain_c_rate(options.seconds, Path(folder))
            if c is not None:
                best["plain C"] = max(best.get("plain C", 0.0), c)
            for name, one in contenders().items():
                per_call = MATCH_GAMES if name.startswith("match") else 1
                best[name] = max(best.get(name, 0.0), rate(one, options.seconds, per_call))
        monty = {"compiled": 0.0, "python": 0.0} if playout.COMPILED else {"python": 0.0}
        for _ in range(options.rounds):
            for loop, so_far in list(monty.items()):
                monty[loop] = max(so_far, monty_rate(loop == "compiled", options.seconds))
    reference = best.get("plain C")
    print(f"random games to the end on 15,15,5, per CPU-second (best of {options.rounds}):")
    print(f"playouts in use: {playout.playouts_in_use()}")
    for name, games in best.items():
        ratio = (
            f"  1/{reference / games:,.1f} of plain C" if reference and name != "plain C" else ""
        )
        print(f"  {name:<34} {games:>12,.0f}{ratio}")
    print(f"ttt-arena match --x rando --o rando --rules 15,15,5: {arena_rate()}")
    print("Monty's simulations per CPU-second on 15x15 after h8 i8 g7:")
    for loop, simulations in monty.items():
        print(f"  {loop + ' rollouts':<34} {simulations:>12,.0f}")


def monty_rate(compiled: bool, seconds: float) -> float:
    """Monty's simulations per CPU-second, thinking ``seconds`` with or without the
    compiled rollouts."""
    saved = playout._compiled_playout
    if not compiled:
        playout._compiled_playout = None
    try:
        player = create_player("monty", seed=1)
        player.budget_ms = seconds * 1000
        board = Board.empty(rules=GOMOKU).play_all([112, 113, 96])
        started = time.process_time()
        thought = player.think(board)
        return thought.nodes / (time.process_time() - started)
    finally:
        playout._compiled_playout = saved


if __name__ == "__main__":
    main()
