"""Ratings: openskill's Weng-Lin model over a sequence of results, on a 1500 scale."""

from __future__ import annotations

import random

import pytest
from openskill.models import PlackettLuce

from ttt_desktop.ratings import (
    ESTABLISHED_GAMES,
    GameResult,
    PlayerRating,
    Ratings,
    leaderboard,
    rate,
)


def test_a_newcomer_starts_at_1500_with_a_wide_error_bar() -> None:
    fresh = Ratings().get("human:Ann")
    assert (fresh.rating, fresh.games) == (1500.0, 0)
    assert fresh.error == pytest.approx(1000.0)
    assert fresh.label() == "1500 ± 1000"
    assert not fresh.is_established


def test_a_win_moves_the_winner_up_the_loser_down_and_both_bars_shrink() -> None:
    table = rate([GameResult("ann", "bob", "X")])
    ann, bob = table["ann"], table["bob"]
    assert ann.rating > 1500 > bob.rating
    assert ann.error < 1000 and bob.error < 1000
    assert (ann.wins, ann.losses, bob.wins, bob.losses) == (1, 0, 0, 1)
    # The same game with the marks swapped gives the same numbers: the mark is not skill.
    swapped = rate([GameResult("bob", "ann", "O")])
    assert swapped["ann"].mu == pytest.approx(ann.mu)
    assert swapped["bob"].sigma == pytest.approx(bob.sigma)


def test_a_draw_between_equals_keeps_them_equal() -> None:
    table = rate([GameResult("ann", "bob", "draw")] * 5)
    assert table["ann"].mu == pytest.approx(table["bob"].mu)
    assert table["ann"].draws == 5
    assert table["ann"].sigma < PlayerRating("x").sigma


def test_the_numbers_are_openskills_own() -> None:
    rng = random.Random(7)
    names = ["a", "b", "c", "d"]
    games = []
    for _ in range(60):
        x, o = rng.sample(names, 2)
        games.append(GameResult(x, o, rng.choice(["X", "O", "draw"])))
    ours = rate(games)
    model = PlackettLuce()
    theirs = {name: model.rating(name=name) for name in names}
    for game in games:
        ranks = {"X": [1.0, 2.0], "O": [2.0, 1.0], "draw": [1.0, 1.0]}[game.result]
        [[theirs[game.x]], [theirs[game.o]]] = model.rate(
            [[theirs[game.x]], [theirs[game.o]]], ranks=ranks
        )
    for name in names:
        assert ours[name].mu == pytest.approx(theirs[name].mu)
        assert ours[name].sigma == pytest.approx(theirs[name].sigma)
        assert ours[name].games == sum(name in (g.x, g.o) for g in games)


def test_a_strong_player_rises_above_a_weak_one_and_becomes_established() -> None:
    rng = random.Random(3)
    ratings = Ratings()
    for index in range(40):
        # perfect never loses; rando sometimes draws.
        result = "draw" if rng.random() < 0.2 else "X"
        if index % 2:
            ratings.add(GameResult("computer:perfect", "computer:rando", result))
        else:
            flipped = {"X": "O", "draw": "draw"}[result]
            ratings.add(GameResult("computer:rando", "computer:perfect", flipped))  # type: ignore[arg-type]
    best, worst = ratings.leaderboard()
    assert (best.player, worst.player) == ("computer:perfect", "computer:rando")
    assert best.is_established and best.games == 40 >= ESTABLISHED_GAMES
    assert best.low > worst.high  # the error bars no longer overlap
    assert best.score > 0.8
    assert worst.score < 0.2
    assert leaderboard(ratings.as_dict()) == ratings.leaderboard()


def test_the_same_sequence_gives_the_same_ratings_and_order_matters() -> None:
    games = [GameResult("a", "b", "X"), GameResult("b", "c", "draw"), GameResult("c", "a", "O")]
    assert rate(games) == rate(games)
    # Later games count against a sharper prior: the order of the results shows.
    assert rate(games) != rate(games[::-1])


def test_playing_oneself_rates_nothing_and_bad_results_are_refused() -> None:
    ratings = Ratings()
    ratings.add(GameResult("a", "a", "X"))
    assert len(ratings) == 0 and "a" not in ratings
    with pytest.raises(ValueError, match="a result is"):
        GameResult("a", "b", "win")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="non-empty"):
        GameResult("", "b", "X")
