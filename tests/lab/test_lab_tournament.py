"""Tournaments in the lab: pairings, chunks, the same games whatever the jobs, cancel, tables."""

from __future__ import annotations

import csv
import dataclasses
import io
import json

import pytest

from ttt_desktop.arena import main
from ttt_desktop.core.board import Board
from ttt_desktop.lab.runner import TournamentRunner, default_context, run_tournament
from ttt_desktop.lab.spec import CHUNK_GAMES, TournamentSpec, make_entrants, parse_entrants
from ttt_desktop.lab.tournament import TournamentGame, TournamentResult, play_chunk, played_games
from ttt_desktop.ratings import GameResult, PlayerRating, rate


def spec_of(text: str, games: int, seed: int = 7, fmt: str = "round-robin") -> TournamentSpec:
    return TournamentSpec(parse_entrants(text, seed), games, seed, fmt)  # type: ignore[arg-type]


def check_game_is_real(result: TournamentResult) -> None:
    """Every game replays legally from the empty board to the result it claims."""
    for game in result.games():
        board = Board.empty()
        for cell in game.cells:
            board = board.play(cell)
        assert board.is_over
        assert game.winner == (board.winner.value if board.winner else "draw")


class TestSpec:
    def test_round_robin_pairs_everyone_once(self) -> None:
        spec = spec_of("rando,levi,humiston,perfect", 4)
        assert spec.pairings == ((0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3))
        assert spec.total_games == 24

    def test_gauntlet_pits_the_first_against_the_field(self) -> None:
        spec = spec_of("perfect,rando,levi,humiston", 10, fmt="gauntlet")
        assert spec.pairings == ((0, 1), (0, 2), (0, 3))

    def test_players_take_turns_at_x(self) -> None:
        spec = spec_of("rando,levi", 5)
        assert [spec.sides(0, game) for game in range(4)] == [(0, 1), (1, 0), (0, 1), (1, 0)]

    def test_chunks_cover_every_game_once(self) -> None:
        spec = spec_of("rando,levi,perfect", 2 * CHUNK_GAMES + 3)
        indices = [c.first_index + i for c in spec.chunks() for i in range(c.count)]
        assert indices == list(range(spec.total_games))
        assert max(c.count for c in spec.chunks()) == CHUNK_GAMES

    def test_several_seeds_of_a_kind(self) -> None:
        entrants = parse_entrants("rando*2,levi@5,perfect", 1)
        assert [e.kind for e in entrants] == ["rando", "rando", "levi", "perfect"]
        assert entrants[0].seed != entrants[1].seed
        assert entrants[0].label == f"rando#{entrants[0].seed}"
        assert (entrants[2].label, entrants[2].seed) == ("levi", 5)
        assert parse_entrants("rando*2,levi", 1) == parse_entrants("rando*2,levi", 1)

    @pytest.mark.parametrize(
        ("text", "message"),
        [
            ("rando,nobody", "unknown player kind 'nobody'"),
            ("rando*0,levi", "at least once"),
            ("levi@x,rando", "whole number"),
            ("sequence,rando", "unknown player kind 'sequence'"),
        ],
    )
    def test_bad_entrants_say_why(self, text: str, message: str) -> None:
        with pytest.raises(ValueError, match=message):
            parse_entrants(text, 1)

    def test_a_player_is_entered_once(self) -> None:
        with pytest.raises(ValueError, match="entered twice"):
            make_entrants([("rando", 1), ("rando", 1)])
        with pytest.raises(ValueError, match="at least two"):
            TournamentSpec(make_entrants([("rando", 1)]), 2, 1)


class TestSameGamesWhateverTheJobs:
    @pytest.mark.slow
    def test_in_process_one_and_two_workers_and_forkserver_agree(self) -> None:
        spec = spec_of("rando*2,levi,ralph,learner,perfect", 2 * CHUNK_GAMES + 10, seed=11)
        reference = run_tournament(spec, jobs=1, processes=False)
        assert reference.finished and not reference.cancelled
        check_game_is_real(reference)
        runs = [
            run_tournament(spec, jobs=1),
            run_tournament(spec, jobs=2),
            run_tournament(spec, jobs=3, context="forkserver"),
        ]
        for run in runs:
            assert run.games() == reference.games()
            assert run.crosstable() == reference.crosstable()
            assert {k: (r.mu, r.sigma) for k, r in run.ratings().items()} == {
                k: (r.mu, r.sigma) for k, r in reference.ratings().items()
            }

    def test_another_seed_gives_other_games(self) -> None:
        first = run_tournament(spec_of("rando,levi", 20, seed=1), processes=False)
        second = run_tournament(spec_of("rando,levi", 20, seed=2), processes=False)
        assert [g.moves for g in first.games()] != [g.moves for g in second.games()]


@pytest.fixture(scope="module")
def result() -> TournamentResult:
    return run_tournament(spec_of("rando,levi,humiston,perfect", 60, seed=3), processes=False)


class TestTables:
    def test_crosstable_mirrors_and_counts(self, result: TournamentResult) -> None:
        table = result.crosstable()
        for a, b in result.spec.pairings:
            record, mirror = table[(a, b)], table[(b, a)]
            assert record.games == 60
            assert (record.wins, record.draws, record.losses) == (
                mirror.losses,
                mirror.draws,
                mirror.wins,
            )
        # Counted a second way, game by game.
        for (a, b), record in table.items():
            assert result.record(a, b) == record

    def test_points_and_standings(self, result: TournamentResult) -> None:
        assert sum(result.points()) == result.spec.total_games
        assert result.labels()[result.standings()[0]] == "perfect"
        perfect = result.labels().index("perfect")
        assert result.totals()[perfect].losses == 0

    def test_ratings_have_error_bars(self, result: TournamentResult) -> None:
        ratings = result.ratings()
        assert set(ratings) == set(result.labels())
        assert ratings["perfect"].rating > ratings["rando"].rating
        assert all(rating.error > 0 for rating in ratings.values())

    def test_csv_and_json_exports(self, result: TournamentResult) -> None:
        rows = result.csv_rows()
        assert rows[0] == ["game", "x", "o", "winner", "moves"]
        assert len(rows) == result.spec.total_games + 1
        text = io.StringIO()
        csv.writer(text).writerows(result.standings_csv_rows())
        parsed = list(csv.reader(io.StringIO(text.getvalue())))
        assert parsed[1][1] == "perfect"
        document = json.loads(json.dumps(result.as_json()))
        assert document["games_played"] == result.spec.total_games
        assert document["standings"][0]["label"] == "perfect"
        assert len(document["games"]) == result.spec.total_games


class TestCancel:
    @pytest.mark.slow
    def test_cancel_keeps_the_finished_games_and_stops_every_worker(self) -> None:
        # MiniMax thinks for a while on the empty board: the cancel lands mid-game.
        spec = spec_of("minimax,rando,levi", 400, seed=5)
        runner = TournamentRunner(spec, 2)
        runner.start()
        polled = []
        while len(polled) < 3:
            polled += runner.poll(1.0)
            assert runner.error is None
        processes = runner._processes()
        assert processes
        polled += runner.cancel()
        assert runner.done and not runner.running
        assert all(not process.is_alive() for process in processes)
        result = runner.result
        assert result.cancelled
        assert 3 <= len(result) < spec.total_games
        assert sorted(g.index for g in polled) == [g.index for g in result.games()]
        check_game_is_real(result)
        # Each kept game is the very game a full run plays (replayed up to the last one kept).
        chunks = {c.number: c for c in spec.chunks()}
        for number in {(g.index // CHUNK_GAMES) for g in result.games()}:
            chunk = chunks[number]
            last = max(g.index for g in result.games() if g.index // CHUNK_GAMES == number)
            replayed = TournamentResult(spec)
            play_chunk(
                spec,
                chunk,
                stop=lambda last=last, replayed=replayed: any(  # type: ignore[misc]
                    game.index >= last for game in replayed.games()
                ),
                deliver=replayed.add,
            )
            for game in result.games():
                if game.index // CHUNK_GAMES == number:
                    assert replayed.game(game.index) == game
        runner.close()

    def test_stop_before_the_start_plays_nothing(self) -> None:
        result = run_tournament(spec_of("rando,levi", 10), processes=False, stop=lambda: True)
        assert result.cancelled and len(result) == 0


class TestArena:
    def test_jobs_give_the_same_json(self, capsys: pytest.CaptureFixture[str]) -> None:
        arguments = ["tournament", "--players", "rando*2,levi,perfect", "--games", "30"]
        documents = []
        for jobs in ("1", "2"):
            assert main([*arguments, "--seed", "4", "--jobs", jobs, "--json"]) == 0
            documents.append(json.loads(capsys.readouterr().out))
        one, two = documents
        assert one["jobs"] == 1 and two["jobs"] == 2
        for key in ("crosstable", "scores", "standings", "games", "matches", "entrants"):
            assert one[key] == two[key]
        assert len(one["players"]) == 4
        assert one["table"][0]["label"] == "perfect" and "rating_error" in one["table"][0]

    def test_gauntlet_from_the_command_line(self, capsys: pytest.CaptureFixture[str]) -> None:
        arguments = ["tournament", "--players", "perfect,rando,levi", "--format", "gauntlet"]
        assert main([*arguments, "--games", "5", "--seed", "1"]) == 0
        text = capsys.readouterr().out
        assert "perfect against each of the others" in text
        rando_row = next(line for line in text.splitlines() if line.startswith("rando "))
        assert rando_row.split()[3] == "-"  # rando never met levi

    @pytest.mark.parametrize(
        "players", ["rando,rando", "rando*1", "rando@1,rando@1", "rando*x,levi", "rando@-1,levi"]
    )
    def test_bad_players_exit_2(self, players: str, capsys: pytest.CaptureFixture[str]) -> None:
        with pytest.raises(SystemExit) as exit_info:
            main(["tournament", "--players", players, "--games", "2"])
        assert exit_info.value.code == 2
        assert capsys.readouterr().err


class TestRatingsWhileRunning:
    """Live ratings rate every finished game in game order, skipping games not in yet."""

    @staticmethod
    def reference(result: TournamentResult, games: list[TournamentGame]) -> dict[str, PlayerRating]:
        labels = result.labels()
        return rate(GameResult(labels[g.x], labels[g.o], g.winner) for g in games)

    def test_everyone_who_played_has_a_rating_across_a_gap(self) -> None:
        spec = spec_of("rando,levi,humiston,perfect", 6, seed=11)
        games = run_tournament(spec, processes=False).games()
        # Worker one has finished the first chunk; worker two a later one; the middle is out.
        kept = games[:6] + games[20:]
        result = TournamentResult(spec, kept)
        ratings = result.ratings()
        played = {result.labels()[side] for game in kept for side in (game.x, game.o)}
        assert set(ratings) == played == set(result.labels())
        assert {k: (r.mu, r.sigma, r.games) for k, r in ratings.items()} == {
            k: (r.mu, r.sigma, r.games) for k, r in self.reference(result, kept).items()
        }

    def test_the_final_ratings_are_those_of_all_games_in_order(self) -> None:
        spec = spec_of("rando,levi,humiston,perfect", 6, seed=11)
        games = run_tournament(spec, processes=False).games()
        # Games arrive out of order, a handful at a time, the ratings read after each.
        arrival = games[30:] + games[:10] + games[20:30] + games[10:20]
        result = TournamentResult(spec)
        for start in range(0, len(arrival), 4):
            result.add(arrival[start : start + 4])
            seen = sorted(result.games(), key=lambda g: g.index)
            assert {k: (r.mu, r.sigma) for k, r in result.ratings().items()} == {
                k: (r.mu, r.sigma) for k, r in self.reference(result, seen).items()
            }
        assert result.finished
        final = {k: (r.mu, r.sigma, r.games) for k, r in result.ratings().items()}
        assert final == {
            k: (r.mu, r.sigma, r.games) for k, r in self.reference(result, games).items()
        }
        again = run_tournament(spec, processes=False)
        assert final == {k: (r.mu, r.sigma, r.games) for k, r in again.ratings().items()}


def columns_of(
    games: list[TournamentGame],
) -> tuple[list[int], str, str, list[float], dict[int, str]]:
    """``games`` as a worker sends them (lab.runner.play_task)."""
    numbers = [value for g in games for value in (g.index, g.pairing, g.x, g.o)]
    return (
        numbers,
        "\n".join(g.moves for g in games),
        "".join(g.winner[0] for g in games),
        [g.seconds for g in games],
        {position: g.reason for position, g in enumerate(games) if g.reason},
    )


class TestColumns:
    """A worker's games go into the result as columns, with no object a game."""

    @staticmethod
    def tables(result: TournamentResult) -> tuple[object, ...]:
        ratings = {
            k: (r.mu, r.sigma, r.games, r.wins, r.draws) for k, r in result.ratings().items()
        }
        return (
            len(result),
            result.finished,
            result.indices(),
            result.crosstable(),
            result.colour_tallies(),
            result.points(),
            ratings,
            [result.record(a, b) for a in range(4) for b in range(4)],
        )

    def test_columns_make_the_same_result_as_games_one_by_one(self) -> None:
        spec = spec_of("rando,levi,humiston,perfect", 10, seed=3)
        games = run_tournament(spec, processes=False).games()
        games[5] = dataclasses.replace(games[5], reason="time")
        by_objects = TournamentResult(spec)
        by_columns = TournamentResult(spec)
        for part in (games[20:40], games[30:50], games[::-1]):
            # A run of new games; one overlapping games already in (they stay as they
            # were); one out of order.
            by_objects.add(part)
            assert by_columns.add_columns(*columns_of(part)) == len(part)
            assert self.tables(by_columns) == self.tables(by_objects)
        assert by_columns.games() == by_objects.games() == games
        assert [g.seconds for g in by_columns.games()] == [g.seconds for g in games]
        assert by_columns.game(5).reason == "time"
        assert by_columns.with_reasons() == [by_columns.game(5)]
        assert by_columns.finished

    def test_columns_read_back_as_the_games(self) -> None:
        spec = spec_of("rando,levi,perfect", 8, seed=2)
        games = run_tournament(spec, processes=False).games()
        assert played_games(*columns_of(games)) == games
        assert played_games(*columns_of([])) == []

    def test_a_game_outside_the_tournament_is_refused(self) -> None:
        spec = spec_of("rando,levi", 4)
        result = TournamentResult(spec)
        with pytest.raises(ValueError, match="game number 4 is not one of this tournament's 4"):
            result.add([TournamentGame(4, 0, 0, 1, "0123456", "X", 0.0)])
        with pytest.raises(KeyError):
            result.game(0)

    def test_a_runner_without_games_out_fills_the_result_only(self) -> None:
        spec = spec_of("rando,levi,humiston", 60, seed=4)
        runner = TournamentRunner(spec, 2, context=default_context(), games_out=False)
        runner.start()
        polled: list[TournamentGame] = []
        while runner.running:
            polled += runner.poll(0.1)
        runner.close()
        runner.wait_closed()
        assert polled == []
        assert runner.result.games() == run_tournament(spec, processes=False).games()
