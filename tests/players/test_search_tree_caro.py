"""The look-ahead under caro: a five closed at both ends is no win and no threat, six wins.

Hand-built 15x15 positions where free-style and caro part: X's four whose fifth stone
would make a five with O's stone at both ends (O g8 . X h8 i8 j8 k8 . l8 O m8), O's answer
to a four that one stone both blocks and closes (O c8 . X e8 f8 g8 h8 . i8), and a six
closed at both ends, which wins. The Searcher (so Strongest), Monty, Ralph and the threat
search are asked on each, and seeded games between players under caro, played through
:func:`ttt_desktop.core.play.play_game`, give a legal game whose result is the board's.
"""

from __future__ import annotations

import random

import pytest

from ttt_desktop.analysis import threats
from ttt_desktop.analysis.threats import forced_win, forced_win_after
from ttt_desktop.core.board import Board, Mark
from ttt_desktop.core.play import play_game
from ttt_desktop.core.playout import layout_of
from ttt_desktop.core.renju import wins
from ttt_desktop.core.rules import CARO, GOMOKU, Rules
from ttt_desktop.core.tactics import (
    completing_cells,
    decisive_moves,
    stopping_cells,
    threat_lines,
)
from ttt_desktop.players import create_player, mcts
from ttt_desktop.players.mcts import MontyPlayer
from ttt_desktop.players.ralph import RalphPlayer
from ttt_desktop.players.roster import kinds_for
from ttt_desktop.players.searcher import SearcherPlayer
from ttt_desktop.players.strategist import grid_fork_cells
from ttt_desktop.players.thought import Rule, Thought, proves

CARO_15 = Rules(15, 15, 5, rule=CARO)
GEOMETRY = CARO_15.geometry


def cell(name: str) -> int:
    return GEOMETRY.parse(name)


def position(rules: Rules, x: str, o: str) -> Board:
    """X's and O's stones (X moved first); the side to move follows from their numbers."""
    xs, os = x.split(), o.split()
    assert len(xs) - len(os) in (0, 1)
    moves: list[int] = []
    for index in range(len(xs) + len(os)):
        moves.append(cell((xs if index % 2 == 0 else os)[index // 2]))
    return Board.empty(rules=rules).play_all(moves)


# X's closed four on row 8 (l8 makes O g8, X h8-l8, O m8), stones far away to make the
# numbers; X to move.
CLOSED_X_TO_MOVE = ("h8 i8 j8 k8 a15", "g8 m8 a1 o1 a5")
# The same with O to move, and O's open three c3 d3 e3 (b3 or f3 makes an open four).
CLOSED_O_TO_MOVE = ("h8 i8 j8 k8 a15 o15", "g8 m8 c3 d3 e3")
# The same X four with X to move and X's open three c3 d3 e3 (its real win: b3 or f3).
CLOSED_AND_THREE = ("h8 i8 j8 k8 c3 d3 e3", "g8 m8 a1 o1 a5 o5 h1")
# O to move facing X's four e8-h8 with O c8 and d8, i8 empty: d8 would make a five closed
# by c8 and i8, so i8 both blocks and closes: O's only move (free-style: lost).
BLOCK_AND_CLOSE = ("e8 f8 g8 h8 a15 o15", "c8 a1 o1 h1 a5")
# X d8 e8 f8 . h8 i8 between O c8 and j8: g8 makes six, closed at both ends; X to move.
SIX_X_TO_MOVE = ("d8 e8 f8 h8 i8 a15", "c8 j8 a1 o1 h1 o3")
# The same with O to move: g8 is X's threat, O must take it.
SIX_O_TO_MOVE = ("d8 e8 f8 h8 i8 a15 o15", "c8 j8 a1 o1 h1 o3")


def score_of(thought: Thought, name: str) -> int:
    found = [score for score in thought.scores if score.cell == cell(name)]
    assert found, name
    return proves(found[0])


def test_the_rule_itself() -> None:
    """The board, the reference: l8 is no win under caro, g8's six is."""
    board = position(CARO_15, *CLOSED_X_TO_MOVE)
    assert completing_cells(board, board.to_move) == ()
    assert board.play(cell("l8")).winner is None
    assert position(GOMOKU, *CLOSED_X_TO_MOVE).play(cell("l8")).winner is not None
    six = position(CARO_15, *SIX_X_TO_MOVE)
    assert six.play(cell("g8")).winner is six.to_move


def test_the_searcher_counts_no_closed_five_as_a_win() -> None:
    free = SearcherPlayer(seed=1, nodes=20_000).think(position(GOMOKU, *CLOSED_X_TO_MOVE))
    assert free.move == cell("l8")
    thought = SearcherPlayer(seed=1, nodes=20_000).think(position(CARO_15, *CLOSED_X_TO_MOVE))
    assert all(proves(score) <= 0 for score in thought.scores)


def test_the_searcher_finds_the_real_win_beside_a_closed_five() -> None:
    thought = SearcherPlayer(seed=1, nodes=20_000).think(position(CARO_15, *CLOSED_AND_THREE))
    assert thought.move in (cell("b3"), cell("f3"))
    best = next(score for score in thought.scores if score.cell == thought.move)
    assert proves(best) == 1
    assert best.plies == 3


def test_the_searcher_does_not_block_a_closed_five_when_it_has_a_win() -> None:
    free = SearcherPlayer(seed=1, nodes=20_000).think(position(GOMOKU, *CLOSED_O_TO_MOVE))
    assert free.move == cell("l8")  # under free-style X's l8 must be blocked
    thought = SearcherPlayer(seed=1, nodes=20_000).think(position(CARO_15, *CLOSED_O_TO_MOVE))
    assert thought.move in (cell("b3"), cell("f3"))
    assert score_of(thought, GEOMETRY.name(thought.move)) == 1


def test_a_four_one_stone_blocks_and_closes_is_no_loss() -> None:
    free = SearcherPlayer(seed=1, nodes=20_000).think(position(GOMOKU, *BLOCK_AND_CLOSE))
    assert all(proves(score) == -1 for score in free.scores)
    board = position(CARO_15, *BLOCK_AND_CLOSE)
    thought = SearcherPlayer(seed=1, nodes=20_000).think(board)
    assert thought.move == cell("i8")
    assert score_of(thought, "i8") >= 0
    # Deeper in the tree too: X's e8-h8 made by h8 with O to answer, one ply down.
    before = position(CARO_15, "e8 f8 g8 a15 o15", "c8 a1 o1 h1 a5")
    played = SearcherPlayer(seed=1, nodes=20_000).think(before)
    assert score_of(played, "h8") <= 0  # not a win for X: i8 answers it


def test_six_wins_under_caro() -> None:
    thought = SearcherPlayer(seed=1, nodes=20_000).think(position(CARO_15, *SIX_X_TO_MOVE))
    assert thought.move == cell("g8")
    assert score_of(thought, "g8") == 1
    answer = SearcherPlayer(seed=1, nodes=20_000).think(position(CARO_15, *SIX_O_TO_MOVE))
    assert answer.move == cell("g8")
    monty = MontyPlayer(seed=1, simulations=300).think(position(CARO_15, *SIX_O_TO_MOVE))
    assert monty.move == cell("g8")
    assert len(monty.scores) == 1


def test_strongest_plays_as_the_searcher() -> None:
    player = create_player("strongest", seed=1, nodes=20_000)
    assert player.choose_move(position(CARO_15, *CLOSED_O_TO_MOVE)) in (cell("b3"), cell("f3"))
    assert player.choose_move(position(CARO_15, *BLOCK_AND_CLOSE)) == cell("i8")


def test_a_closed_five_is_no_threat_in_monty_s_tree() -> None:
    """O to move beside X's closed four: under free-style l8 is X's win O must block (Monty's
    only child); under caro it is no threat, and Monty weighs every move near the stones."""
    free = MontyPlayer(seed=1, simulations=400).think(position(GOMOKU, *CLOSED_O_TO_MOVE))
    assert free.move == cell("l8")
    assert len(free.scores) == 1
    ruled = MontyPlayer(seed=1, simulations=400).think(position(CARO_15, *CLOSED_O_TO_MOVE))
    assert len(ruled.scores) > 1
    assert ruled.rule is not Rule.BLOCK


def test_monty_answers_a_four_by_the_stone_that_blocks_and_closes() -> None:
    free = MontyPlayer(seed=1, simulations=400).think(position(GOMOKU, *BLOCK_AND_CLOSE))
    assert all(score.plies is not None and score.value == 0.0 for score in free.scores)
    ruled = MontyPlayer(seed=1, simulations=400).think(position(CARO_15, *BLOCK_AND_CLOSE))
    assert ruled.move == cell("i8")
    assert [score.cell for score in ruled.scores] == [cell("i8")]
    assert ruled.scores[0].plies is None  # not lost


def test_monty_s_tree_counts_no_closed_five_as_a_win() -> None:
    """X to move a ply before its closed four: under free-style k8 is a proven win for X in
    three (k8, then l8 or g8's side); under caro not."""
    names = ("h8 i8 j8 a15 o15", "g8 m8 a1 o1 a5")
    ruled = MontyPlayer(seed=1, simulations=600).think(position(CARO_15, *names))
    k8 = [score for score in ruled.scores if score.cell == cell("k8")]
    assert not k8 or k8[0].plies is None


def test_ralph_and_the_win_check_under_caro() -> None:
    board = position(CARO_15, *CLOSED_O_TO_MOVE)
    assert decisive_moves(board) == ()
    thought = RalphPlayer(seed=1).think(board)
    assert thought.rule is not Rule.BLOCK
    free = RalphPlayer(seed=1).think(position(GOMOKU, *CLOSED_O_TO_MOVE))
    assert free.rule is Rule.BLOCK
    six = position(CARO_15, *SIX_X_TO_MOVE)
    assert decisive_moves(six) == (cell("g8"),)
    # The block that stops both of X's cells (d8 and i8): i8, which closes d8's five.
    both = position(CARO_15, *BLOCK_AND_CLOSE)
    assert decisive_moves(both) == (cell("i8"),)
    answer = RalphPlayer(seed=1).think(both)
    assert (answer.rule, answer.move) == (Rule.BLOCK, cell("i8"))
    assert decisive_moves(position(GOMOKU, *BLOCK_AND_CLOSE)) == (cell("d8"), cell("i8"))


def test_the_threat_search_under_caro() -> None:
    """X's open three wins under caro (b3 or f3 makes a four no stone stops), the closed four
    is no four; against O c8 . X e8-h8 . the win is no win (i8 stops both ends)."""
    win = forced_win(position(CARO_15, *CLOSED_AND_THREE))
    assert win is not None
    assert win.line[0] in (cell("b3"), cell("f3"))
    assert cell("l8") not in win.line
    free_block = position(GOMOKU, *BLOCK_AND_CLOSE)
    assert forced_win_after(free_block) is not None
    assert forced_win_after(position(CARO_15, *BLOCK_AND_CLOSE)) is None
    # X's closed four is nothing O must answer: O's own open three wins.
    o_win = forced_win(position(CARO_15, *CLOSED_O_TO_MOVE))
    assert o_win is not None
    assert o_win.line[0] in (cell("b3"), cell("f3"))
    six = forced_win(position(CARO_15, *SIX_X_TO_MOVE))
    assert six is not None
    assert six.line == (cell("g8"),)


@pytest.mark.parametrize(
    ("x_kind", "o_kind"),
    [("searcher", "monty"), ("monty", "strongest"), ("ralph", "searcher"), ("strongest", "ralph")],
)
def test_games_under_caro_are_legal_and_their_result_is_the_board_s(
    x_kind: str, o_kind: str
) -> None:
    for seed in range(2):
        x = create_player(x_kind, seed=seed)
        o = create_player(o_kind, seed=seed + 10)
        for player in (x, o):
            player.budget_ms = 40.0
        game = play_game(x, o, CARO_15)
        assert game.forfeit is None
        assert game.moves is not None
        board = Board.empty(rules=CARO_15).play_all(game.moves)
        assert board == game.board
        assert board.winner == game.board.winner
        assert board.is_over


@pytest.mark.parametrize("kind", [kind for kind in kinds_for(CARO_15) if kind != "sequence"])
def test_every_player_answers_the_caro_positions(kind: str) -> None:
    for index, names in enumerate((CLOSED_O_TO_MOVE, BLOCK_AND_CLOSE, SIX_O_TO_MOVE)):
        board = position(CARO_15, *names)
        player = create_player(kind, seed=index)
        player.budget_ms = 100.0
        assert player.choose_move(board) in board.legal_moves()


def threatening_positions(count: int) -> list[tuple[Board, Mark]]:
    """Positions of seeded random play in a small square of the 15x15 board (crowded, so
    fours and fives closed at one or both ends come up), each with a mark that has a
    winning cell."""
    draw = random.Random(3)
    found: list[tuple[Board, Mark]] = []
    while len(found) < count:
        board = Board.empty(rules=CARO_15)
        for _ in range(draw.randrange(10, 40)):
            square = [c for c in board.legal_moves() if 4 <= c % 15 <= 10 and 4 <= c // 15 <= 10]
            board = board.play(draw.choice(square))
            if board.is_over:
                break
            for mark in (board.to_move, board.to_move.opponent):
                if completing_cells(board, mark):
                    found.append((board, mark))
    return found[:count]


def test_the_cells_that_stop_a_line_are_the_board_s() -> None:
    """Every way the players find the cells that stop a mark's lines under caro (the win
    check's :func:`stopping_cells`, Monty's and the threat search's on padded bits) equals
    trying each empty cell on the board: the other side's stone there, and no cell left
    where the mark wins (:func:`ttt_desktop.core.renju.wins`)."""
    layout = layout_of(CARO_15)
    tactics = mcts._Tactics(layout)
    closable = 0
    for board, mark in threatening_positions(100):
        mine, theirs = board.bits(mark), board.bits(mark.opponent)
        empty = [c for c in GEOMETRY.cells if not (mine | theirs) >> c & 1]
        expected = tuple(
            stop
            for stop in empty
            if not any(
                wins(CARO_15, True, mine | 1 << c, theirs | 1 << stop, c)
                for c in empty
                if c != stop
            )
        )
        closable += any(stop not in completing_cells(board, mark) for stop in expected)
        assert stopping_cells(board, mark) == expected
        padded_mine = sum(1 << layout.bit_of[c] for c in GEOMETRY.cells_of(mine))
        padded_theirs = sum(1 << layout.bit_of[c] for c in GEOMETRY.cells_of(theirs))
        padded_empty = layout.board_bits & ~(padded_mine | padded_theirs)
        cell_of = layout.cell_of_mask
        monty = tactics.stops(padded_mine, padded_theirs, padded_empty)
        assert tuple(sorted(cell_of[bit] for bit in mcts._bits_list(monty))) == expected
        search = threats._ThreatSearch(board, 1000, None)
        search.caro = True
        threat = search.stops(padded_mine, padded_theirs)
        assert tuple(sorted(cell_of[bit] for bit in mcts._bits_list(threat))) == expected
    assert closable > 0  # some lines were stopped by closing a five's far end


def test_the_strategist_blocks_by_the_rule() -> None:
    """Its block rule stops both of X's cells with i8, sees no block to make beside a closed
    four, and counts no closed five in a fork: X's k8 would make the row-8 four h8-k8
    (closed by O g8 and m8) and the column k5-k8 (closed at k4 by O): one threat, k9."""
    both = create_player("strategist", seed=1).think(position(CARO_15, *BLOCK_AND_CLOSE))
    assert (both.rule, both.move) == (Rule.BLOCK, cell("i8"))
    closed = create_player("strategist", seed=1).think(position(CARO_15, *CLOSED_O_TO_MOVE))
    assert closed.rule is not Rule.BLOCK
    names = ("h8 i8 j8 k5 k6 k7", "g8 m8 k4 a1 o1 a5")
    for rules, forks in ((CARO_15, ()), (GOMOKU, (cell("k8"),))):
        board = position(rules, *names)
        mine, theirs = board.bits(Mark.X), board.bits(Mark.O)
        assert grid_fork_cells(rules.geometry, mine, theirs) == forks


def test_every_threat_win_s_line_is_a_caro_game_the_attacker_wins() -> None:
    """Over seeded random caro positions, each forced win the threat search reports is
    played out on the board along its line: every move legal, the last one the
    attacker's win by the rule (never a five closed at both ends)."""
    draw = random.Random(11)
    found = 0
    for _ in range(60):
        board = Board.empty(rules=CARO_15)
        for _ in range(draw.randrange(8, 24)):
            square = [c for c in board.legal_moves() if 3 <= c % 15 <= 11 and 3 <= c // 15 <= 11]
            after = board.play(draw.choice(square))
            if after.is_over:
                break
            board = after
        for win, attacker in (
            (forced_win(board, max_nodes=3000), board.to_move),
            (forced_win_after(board, max_nodes=3000), board.to_move.opponent),
        ):
            if win is None:
                continue
            found += 1
            final = board.play_all(win.line)
            assert final.winner is attacker
            assert len(win.line) == win.plies
    assert found > 5


@pytest.mark.parametrize(
    "kind", [kind for kind in kinds_for(CARO_15) if kind not in ("rando", "sequence")]
)
def test_every_player_that_blocks_stops_a_four_by_blocking_and_closing(kind: str) -> None:
    """O c8 . X e8-h8 . : i8 is O's only move that does not lose; every player that checks
    for a block (or searches) plays it."""
    player = create_player(kind, seed=1)
    player.budget_ms = 200.0
    assert player.choose_move(position(CARO_15, *BLOCK_AND_CLOSE)) == cell("i8")


def test_the_lines_a_thought_shows_are_the_rule_s() -> None:
    """The threat lines a win or a block is shown with: X's closed four h8-k8 (l8) is none
    under caro, as it is one under free-style; the six's window through g8 is one; under
    renju black's four whose fifth stone makes six is none."""
    closed = position(CARO_15, *CLOSED_O_TO_MOVE)
    assert threat_lines(closed, Mark.X) == ()
    assert len(threat_lines(position(GOMOKU, *CLOSED_O_TO_MOVE), Mark.X)) == 1
    six = position(CARO_15, *SIX_X_TO_MOVE)
    assert all(cell("g8") in line for line in threat_lines(six, Mark.X))
    assert threat_lines(six, Mark.X)
    renju = Rules(15, 15, 5, rule="renju")
    overline = position(renju, "a8 b8 c8 e8 f8", "a1 o1 o15 a14 o8")
    assert threat_lines(overline, Mark.X) == ()
    assert threat_lines(position(GOMOKU, "a8 b8 c8 e8 f8", "a1 o1 o15 a14 o8"), Mark.X)


def proof_holds(board: Board, cell_played: int, won: bool, plies: int) -> bool:
    """Whether the board agrees with a proof of ``plies`` (1 to 3) for the side to move:
    won in 1 (the move wins), lost in 2 (the other side then has a winning cell), won in 3
    (whatever the other side replies, a winning cell is left)."""
    me = board.to_move
    after = board.play(cell_played)
    if won and plies == 1:
        return after.winner is me
    if not won and plies == 2:
        return after.winner is None and bool(completing_cells(after, me.opponent))
    if won and plies == 3:
        if after.is_over:
            return False
        for reply in after.legal_moves():
            answered = after.play(reply)
            if answered.winner is not None or not completing_cells(answered, me):
                return False
        return True
    return True  # longer proofs are not checked here


def test_the_searcher_s_and_monty_s_short_proofs_hold_on_the_board() -> None:
    """Over crowded seeded random caro positions, every win in one or three and loss in two
    the Searcher or Monty reports for a move is what the board says."""
    draw = random.Random(3)
    checked = 0
    for _ in range(25):
        board = Board.empty(rules=CARO_15)
        for _ in range(draw.randrange(10, 40)):
            square = [c for c in board.legal_moves() if 4 <= c % 15 <= 10 and 4 <= c // 15 <= 10]
            after = board.play(draw.choice(square))
            if after.is_over:
                break
            board = after
        searched = SearcherPlayer(seed=1, nodes=3000).think(board)
        for score in searched.scores:
            if proves(score) and score.plies is not None and score.plies <= 3:
                checked += 1
                assert proof_holds(board, score.cell, proves(score) > 0, score.plies)
        monty = MontyPlayer(seed=1, simulations=500).think(board)
        for score in monty.scores:
            if score.plies is not None and score.plies <= 3 and score.value != 0.5:
                checked += 1
                assert proof_holds(board, score.cell, score.value > 0.5, score.plies)
    assert checked > 100
