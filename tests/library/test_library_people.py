"""A player's page: results overall and per opponent, streaks, first moves, mistakes."""

from __future__ import annotations

from pathlib import Path

from ttt_desktop.analysis.coach import review_game
from ttt_desktop.core.board import Mark
from ttt_desktop.core.cells import cell_from_keypad
from ttt_desktop.core.record import GameRecord, PlayerEntry
from ttt_desktop.library import Library
from ttt_desktop.library.people import Streak, Tally, person_stats

ANN = PlayerEntry("human", "Ann")
BOB = PlayerEntry("human", "Bob")
PERFECT = PlayerEntry("perfect", "Perfect", 3)


def _game(x: PlayerEntry, o: PlayerEntry, first: Mark, keys: str, minute: int) -> GameRecord:
    record = GameRecord(x, o, first, started_at=f"2026-02-01T10:{minute:02d}:00.000Z")
    for digit in keys:
        record = record.with_move(cell_from_keypad(int(digit)))
    return record


# Keypad digits (7 8 9 on top). From Ann's side: win, unfinished, unfinished, win, loss,
# win, draw, draw.
GAMES = [
    _game(ANN, BOB, Mark.X, "74859", 0),
    _game(BOB, ANN, Mark.X, "5193", 1),
    _game(ANN, PERFECT, Mark.X, "1537", 2),
    _game(PERFECT, ANN, Mark.X, "519372", 3),
    _game(ANN, BOB, Mark.O, "5419327", 4),
    _game(BOB, ANN, Mark.X, "741596", 5),
    _game(ANN, PERFECT, Mark.X, "573146829", 6),
    _game(ANN, BOB, Mark.X, "573146289", 7),
]


def test_a_persons_page_sums_up_their_games(tmp_path: Path) -> None:
    with Library(tmp_path / "lib.sqlite3") as lib:
        lib.store_many(GAMES)
        stats = person_stats(lib, "human:Ann")
    results = []
    for game in GAMES:
        mark = Mark.X if game.x == ANN else Mark.O
        if game.result is None:
            continue
        results.append(
            "draw" if game.result == "draw" else "win" if game.result == mark.value else "loss"
        )
    assert stats.name == "Ann" and stats.games == len(GAMES)
    assert stats.unfinished == sum(g.result is None for g in GAMES)
    assert results == ["win", "win", "loss", "win", "draw", "draw"]
    assert stats.tally == Tally(3, 2, 1)
    assert [r for _, r in stats.timeline] == results
    # The streak at the end, and the longest runs, straight from the list of results.
    tail = 1
    while tail < len(results) and results[-tail - 1] == results[-1]:
        tail += 1
    assert stats.current_streak == Streak(results[-1], tail) == Streak("draw", 2)  # type: ignore[arg-type]
    best = run = 0
    for result in results:
        run = run + 1 if result == "win" else 0
        best = max(best, run)
    assert stats.longest_winning_streak == best == 2
    assert stats.longest_unbeaten_streak == 3
    # Per opponent, most games first.
    by_name = {record.name: record.tally for record in stats.opponents}
    assert sum(t.games for t in by_name.values()) == stats.tally.games
    assert set(by_name) == {"Bob", "Perfect"}
    # The favourite first move among the games Ann began.
    began = [g for g in GAMES if (g.x == ANN) == (g.first is Mark.X) and g.moves]
    firsts = [g.moves[0] for g in began]
    top = max(set(firsts), key=lambda cell: (firsts.count(cell), -cell))
    assert stats.favourite_first_move == (top, firsts.count(top)) == (4, 2)  # the centre
    assert stats.first_moves == len(began)
    # Mistakes per game: the coach's review of each finished game, from Ann's side.
    finished = [g for g in GAMES if g.result is not None]
    mistakes = [
        review_game(g).summaries[Mark.X if g.x == ANN else Mark.O].mistakes for g in finished
    ]
    assert stats.reviewed_games == len(finished)
    assert stats.mistakes_per_game == sum(mistakes) / len(finished)
    assert stats.score == (stats.tally.wins + stats.tally.draws / 2) / stats.tally.games


def test_a_player_with_no_games_has_an_empty_page(tmp_path: Path) -> None:
    with Library(tmp_path / "lib.sqlite3") as lib:
        stats = person_stats(lib, "human:Zoe")
    assert (stats.name, stats.games, stats.tally.games) == ("Zoe", 0, 0)
    assert stats.current_streak is None and stats.favourite_first_move is None
    assert stats.mistakes_per_game is None and stats.score is None
