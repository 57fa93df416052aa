"""Board bots: always legal, finish and block rows, whole games end in a win or a draw; the tournament."""

from __future__ import annotations

import numpy as np
import pytest
from test_board_game import board_with, line

from dicepoker.games.board.bots import (
    ProbabilityBot,
    board_tournament,
    play_board_game,
    probability_bot,
    random_bot,
)
from dicepoker.games.board.engine import BoardGame, Keep, PassTurn, Place
from dicepoker.games.board.rules import BOARD

A, B = 0, 1


def _check_consistent(game: BoardGame) -> None:
    """Invariants of any reachable position."""
    assert game.owner(game.rules.centre) is None
    for player in range(game.players):
        for series in game.series(player):
            assert all(c == game.rules.centre or game.owner(c) == player for c in series.cells)
    assert BoardGame.from_json(game.to_json()).to_json() == game.to_json()


def _play_checked(strategies, rules=BOARD, seed=0) -> BoardGame:
    """A whole game in which every chosen action is one of the legal actions.

    The dice and the bots draw from generators of their own, as a save replays the dice from the
    game's generator alone (a bot drawing from it between rolls would change the dice replayed).
    """
    dice_rng, rng = np.random.default_rng(seed).spawn(2)
    game = BoardGame(rules, len(strategies), rng=dice_rng)
    while not game.is_over:
        action = strategies[game.current_player](game, rng)
        assert action in game.legal_actions(), action
        game.apply(action)
    _check_consistent(game)
    return game


@pytest.mark.parametrize("seed", range(3))
def test_random_games_end_in_a_win_or_a_draw(seed):
    game = _play_checked([random_bot, random_bot], seed=seed)
    outcome = game.outcome
    assert outcome.is_draw or len(game.series(outcome.winner)) >= 2
    assert outcome.turns == game.turns_played <= 200


def test_three_player_games_and_short_games_end_too():
    game = _play_checked([random_bot, probability_bot, random_bot], seed=4)
    assert game.outcome.is_draw or len(game.series(game.winner)) == 1
    short = _play_checked([random_bot, random_bot], BOARD.variant(max_turns=6), seed=1)
    assert short.outcome.is_draw and short.turns_played == 6


def test_the_probability_bot_plays_only_legal_actions_and_wins_games():
    game = _play_checked([probability_bot, probability_bot], seed=7)
    assert not game.outcome.is_draw


def test_it_takes_the_winning_cell():
    first = line((6, 0), (0, 1))
    second = line((0, 8), (1, 0))  # column 8, rows 0..4: four chips, (4, 8) is L7
    game = board_with({**{c: A for c in first}, **{c: A for c in second[:4]}}, series={A: [first]})
    game.roll(result="11113")  # sum 7: takes L7 (4, 0) or (4, 8), P1, T1, K1
    assert probability_bot(game.view(), 0) == Place((4, 8))


def test_winning_comes_before_blocking():
    first = line((6, 0), (0, 1))
    mine = line((0, 8), (1, 0))  # (4, 8) is L7 and wins
    theirs = line((0, 0), (1, 0))  # (4, 0) is the other L7 and would complete B's run
    chips = {c: A for c in first + mine[:4]} | {c: B for c in theirs[:4]}
    game = board_with(chips, series={A: [first]})
    game.roll(result="11113")
    assert {(4, 0), (4, 8)} <= set(game.takeable_cells())
    assert probability_bot(game.view(), 0) == Place((4, 8))
    assert ProbabilityBot(stop_threats=True).cell_values(game)[0][4 * 9] > 0


def test_it_blocks_a_row_of_four():
    threat = line((0, 1), (1, 0))  # B's column 1, rows 0..3; (4, 1) is "12" and ends it
    game = board_with({c: B for c in threat[:4]}, to_move=A)
    game.roll(result="11222")  # holds 12, FH, T2, P1, P2: many cells, one of them blocks
    game.roll(keep="11222")
    assert game.rolls_left == 0
    assert probability_bot(game.view(), 0) == Place((4, 1))
    careless = ProbabilityBot(block_weight=0, stop_threats=False)
    assert careless(game, 0) != Place((4, 1))


def test_it_keeps_dice_for_the_cell_it_needs():
    row = line((8, 0), (0, 1))  # S (8,0), 16, 26, 36, and P1 at (8, 4) would finish it
    game = board_with({c: A for c in row[:4]}, to_move=A, series={})
    game.roll(result="16543")
    action = probability_bot(game.view(), 0)
    assert isinstance(action, Keep) and action.dice.count(1) >= 1


def test_passes_only_when_nothing_fits():
    game = BoardGame(rng=0)
    game.roll(result="12456")
    game.roll(keep="12456")
    assert probability_bot(game.view(), 0) == PassTurn() and random_bot(game.view(), 0) == PassTurn()


def test_tournament_is_seeded_and_counts_add_up():
    one = board_tournament({"probability": probability_bot, "random": random_bot}, games=6, rng=3)
    two = board_tournament({"probability": probability_bot, "random": random_bot}, games=6, rng=3)
    assert one.equals(two)
    assert list(one.columns[:3]) == ["strategy", "opponent", "players"]
    for _, row in one.iterrows():
        assert row.wins + row.draws + row.losses == row.seats == 6
        assert row.ci_low <= row.win_rate <= row.ci_high
    best = one.set_index("strategy").loc["probability"]
    assert best.wins >= 5  # random play loses almost always


def test_three_player_tournament_rows():
    table = board_tournament({"p": ProbabilityBot(), "r": random_bot}, games=3, players=3, rng=1)
    assert set(table["players"]) == {3}
    lone = table[(table.strategy == "p") & (table.opponent == "r ×2")].iloc[0]
    assert lone.seats == 3


def test_play_board_game_is_reproducible():
    a = play_board_game([probability_bot, random_bot], rng=9)
    b = play_board_game([probability_bot, random_bot], rng=9)
    assert a.to_json() == b.to_json()


def test_the_turn_s_decisions_share_one_valuation_of_the_board():
    """The cell values depend on the board, the series and whose turn it is, never on the dice: a
    game played with the valuation kept plays exactly as one that values every decision anew."""
    from dicepoker.games.board import bots

    def played(fresh: bool) -> str:
        dice_rng, rng = np.random.default_rng(11).spawn(2)
        game = BoardGame(BOARD, 2, rng=dice_rng)
        while not game.is_over:
            if fresh:
                bots._cell_values.cache_clear()
            game.apply(probability_bot(game, rng))
        return game.to_json()

    assert played(fresh=False) == played(fresh=True)
    game = BoardGame(rng=3)
    game.roll(result="66612")
    place, bounce = probability_bot.cell_values(game)
    assert probability_bot.cell_values(game)[0] is place  # the keep and the cell of one turn
    with pytest.raises(ValueError, match="read-only"):
        place[0] = 0.0
    other = ProbabilityBot(block_weight=0)  # another bot: its own values
    assert other.cell_values(game)[0] is not place
