"""What ``ttt-arena`` prints: the census table, a match's report, JSON documents.

Nothing here imports Qt.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TextIO

from ttt_desktop.core.board import Mark

if TYPE_CHECKING:
    from ttt_desktop.core.play import PlayedGame
    from ttt_desktop.lab.match import MatchResult

__all__ = ["game_json", "print_census", "print_json", "print_match"]


def print_json(document: object, out: TextIO) -> None:
    import json  # noqa: PLC0415  (only the JSON outputs need it)

    out.write(json.dumps(document, indent=2) + "\n")


def game_json(game: PlayedGame) -> dict[str, Any]:
    """One game of a match: who moved first, its cells (0-based, row-major from the
    top-left, m per row), its winner ("X", "O" or None for a draw) and how it ended
    ("five", "draw", "forbidden", "forfeit": :attr:`PlayedGame.ending`); under a swap
    opening rule its choices and whether the seats exchanged marks."""
    winner = game.winner
    played: dict[str, Any] = {
        "first": game.first.value,
        "moves": list(game.moves or ()),
        "winner": None if winner is None else winner.value,
        "ending": game.ending,
    }
    if game.forfeit is not None:
        played["reason"] = game.forfeit[1]
    if game.opening is not None:
        # The swap opening's choices; "swapped": --x's player ended up playing O.
        played["opening"] = game.opening.to_json()
        played["swapped"] = game.swapped
    return played


def print_census(out: TextIO) -> None:
    from ttt_desktop.analysis import census  # noqa: PLC0415  (counting takes a moment)

    figures = census()
    out.write("Number of tic-tac-toe board configurations (X moves first)\n\n")
    out.write(f"{'Move':>4}  {'Total states':>12}  {'Terminal states':>15}\n")
    for ply in range(1, 10):
        total = figures.sequences_per_ply[ply]
        terminal = figures.terminal_per_ply[ply]
        terminal_text = f"{terminal:,}" if terminal else "-"
        out.write(f"{ply:>4}  {total:>12,}  {terminal_text:>15}\n")
    out.write(f"{'Total':>4}  {'-':>12}  {figures.games:>15,}\n\n")
    outcomes = figures.outcomes
    out.write(f"X (first player) wins  {outcomes['X']:>9,} games\n")
    out.write(f"O (second player) wins {outcomes['O']:>9,} games\n")
    out.write(f"Drawn                  {outcomes['draw']:>9,} games\n")
    out.write(f"Games up to symmetry   {figures.games_up_to_symmetry:>9,}\n")
    out.write(
        f"Positions              {figures.positions:>9,} "
        f"({figures.positions_up_to_symmetry:,} up to symmetry)\n"
    )
    out.write(
        f"Finished positions     {figures.terminal_positions:>9,} "
        f"({figures.terminal_positions_up_to_symmetry:,} up to symmetry)\n"
    )


def duration(microseconds: float) -> str:
    """A time in the unit that reads best: "0.61 us", "12.4 ms", "1.57 s"."""
    if microseconds < 1000:
        return f"{microseconds:.2f} us"
    if microseconds < 1_000_000:
        return f"{microseconds / 1000:.1f} ms"
    return f"{microseconds / 1_000_000:.2f} s"


def pace(games: int, seconds: float) -> str:
    """Games per second, or seconds per game when that is fewer than ten a second."""
    if seconds <= 0 or games <= 0:
        return f"{games:,} games"
    per_second = games / seconds
    if per_second >= 10:
        return f"{per_second:,.0f} games per second"
    return f"{seconds / games:.2f} s a game"


def print_match(result: MatchResult, seed: int, out: TextIO) -> None:
    board = "" if result.rules.is_classic else f"{result.rules.title} ({result.rules.key}), "
    out.write(
        f"{board}{result.games:,} games, X: {result.x.name} ({result.x.kind}) vs "
        f"O: {result.o.name} ({result.o.kind}); first move: {result.start} "
        f"(X started {result.x_started:,}); seed {seed}\n\n"
    )
    out.write(f"{'side':<4}  {'player':<12} {'wins':>8} {'draws':>8} {'losses':>8}")
    out.write(f"  {'mean move':>11}  {'max move':>11}\n")
    for mark, side in ((Mark.X, result.x), (Mark.O, result.o)):
        out.write(
            f"{mark.value:<4}  {side.kind:<12} {side.wins:>8,} {result.draws:>8,} "
            f"{result.losses(mark):>8,}  {duration(side.mean_move_us):>11}  "
            f"{duration(side.max_move_us):>11}\n"
        )
    from ttt_desktop.lab.sprt import elo_estimate  # noqa: PLC0415

    estimate = elo_estimate(result.x.wins, result.draws, result.o.wins)
    out.write(f"\nX against O: {estimate.describe()}\n")
    out.write(
        f"{pace(result.games, result.seconds)} ({result.seconds:.3f} s; "
        "move times include the timer's own overhead of about 0.1 us)\n"
    )
