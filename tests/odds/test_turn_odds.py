"""Three-roll odds, best keeps and expected scores, against brute force and known values."""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from itertools import product

import numpy as np
import pytest

from dicepoker import Dice, DicePokerError, UnknownNameError, combinations_of, find_game
from dicepoker.core.turn import turn_table
from dicepoker.games.scorecard.odds import expected_score, score_distribution, score_plan
from dicepoker.odds.one_roll import one_roll_probability
from dicepoker.odds.turn import (
    best_keep,
    chance_with_keep,
    game_within_three,
    hold_chance_by_roll,
    hold_plan,
    keep_options,
    turn_flow,
    useful_dice_by_roll,
    useful_dice_transitions,
    within_three_probability,
)

FACES = range(1, 7)


def brute_force(stop_value, rolls: int = 3):
    """The best value of a turn by trying every keep (all 32 subsets of positions) after every roll
    and every ordered outcome of the rerolled dice. ``stop_value(dice, roll)`` is what stopping
    after roll ``roll`` (1-based) is worth. Returns (value before the turn, value after a roll)."""

    @cache
    def after_roll(dice: tuple[int, ...], roll: int) -> Fraction:
        stop = Fraction(stop_value(Dice(dice), roll))
        if roll == rolls:
            return stop
        options = [
            after_keep(tuple(sorted(d for d, use in zip(dice, mask, strict=True) if use)), roll)
            for mask in product((False, True), repeat=5)
            if not all(mask)
        ]
        return max([stop, *options])

    @cache
    def after_keep(kept: tuple[int, ...], roll: int) -> Fraction:
        rerolled = 5 - len(kept)
        outcomes = product(FACES, repeat=rerolled)
        total = sum(after_roll(tuple(sorted(kept + new)), roll + 1) for new in outcomes)
        return Fraction(total, 6**rerolled)

    start = sum(after_roll(tuple(sorted(o)), 1) for o in product(FACES, repeat=5)) / Fraction(6**5)
    return start, after_roll


def brute_hold(test, rolls: int = 3):
    return brute_force(lambda dice, roll: int(test(dice)), rolls)


CASES = [
    ("classic", "Full House"),
    ("classic", "Large Straight"),
    ("classic", "Small Straight"),
    ("board", "L11"),
    ("bluff", "Full House"),
    ("two_part", "Sixes"),
]


@pytest.mark.parametrize(("game", "name"), CASES)
def test_within_three_equals_brute_force_over_every_keep_sequence(game, name):
    test = next(c.test for c in combinations_of(game) if c.name == name)
    start, after_roll = brute_hold(test)
    assert within_three_probability(name, game) == start
    assert game_within_three(game)[name] == start
    plan = hold_plan(name, game)
    for dice in ("12346", "11223", "55566", "13456", "22222"):
        d = Dice.roll(dice)
        assert plan.value_after(d, roll=1) == after_roll(d.values, 1)
        assert plan.value_after(d, roll=2) == after_roll(d.values, 2)
        # the advised keep achieves the best value
        assert best_keep(name, d, game).chance == after_roll(d.values, 1)
        assert plan.keep_value(plan.best_keep(d, 1), roll=1) == after_roll(d.values, 1)


def test_two_rolls_equal_brute_force():
    test = next(c.test for c in combinations_of("classic") if c.name == "Four of a Kind")
    start, _ = brute_hold(test, rolls=2)
    assert within_three_probability("Four of a Kind", rolls=2) == start


def kind_chain() -> np.ndarray:
    """The 5-state chain "how many dice match" when keeping the most common face (independent)."""
    chain = np.zeros((6, 6), dtype=object)
    chain[:] = Fraction(0)
    chain[5, 5] = Fraction(1)
    for matched in range(1, 5):  # keep `matched` ones, reroll the rest
        rerolled = 5 - matched
        for new in product(FACES, repeat=rerolled):
            after = max(matched + new.count(1), *(new.count(f) for f in FACES))
            chain[matched, after] += Fraction(1, 6**rerolled)
    # from one roll of five dice: 6 x 5 x 4 x 3 x 2 all different, etc. (kept: the largest group)
    first = np.zeros(6, dtype=object)
    first[:] = Fraction(0)
    for outcome in product(FACES, repeat=5):
        first[max(outcome.count(f) for f in FACES)] += Fraction(1, 6**5)
    return first, chain


def test_five_of_a_kind_is_the_well_known_four_point_six_percent():
    known = Fraction(2_783_176, 6**10)
    assert float(known) == pytest.approx(0.046029, abs=1e-6)
    assert within_three_probability("Poker") == known
    assert within_three_probability("Yahtzee", "yahtzee") == known
    assert within_three_probability("Five of a Kind", "bluff") == known
    first, chain = kind_chain()
    assert (first @ chain @ chain)[5] == known
    # a fourth roll (exercises the exact Python-integer path)
    assert within_three_probability("Poker", rolls=4) == (first @ chain @ chain @ chain)[5]
    matrix = useful_dice_transitions("Poker")
    for matched in range(1, 6):
        assert [matrix.loc[matched, k] for k in range(6)] == list(chain[matched]), matched


def test_every_distribution_sums_to_exactly_one():
    for game in ("classic", "two_part", "board"):
        for combination in combinations_of(game)[::3]:
            plan = hold_plan(combination.name, game)
            for roll in (1, 2, 3):
                assert sum(plan.dice_distribution(roll).values()) == 1
            assert sum(plan.outcome_distribution().values()) == 1
            assert plan.outcome_distribution().get(1, 0) == plan.value()
    for box in find_game("two_part").box_names:
        dist = score_distribution(box, "two_part")
        assert sum(dist.values()) == 1
        assert sum(s * p for s, p in dist.items()) == expected_score(box, "two_part")
    frame = useful_dice_by_roll("Large Straight")
    assert all(frame[column].sum() == 1 for column in frame)
    flow = turn_flow("Large Straight")
    assert flow.groupby("roll")["probability"].sum().tolist() == [1, 1]
    # the flow's margins are the useful dice after each roll
    for roll in (1, 2):
        part = flow[flow["roll"] == roll]
        before = part.groupby("useful")["probability"].sum()
        after = part.groupby("next_useful")["probability"].sum()
        assert all(frame.loc[u, f"after roll {roll}"] == p for u, p in before.items())
        assert all(frame.loc[u, f"after roll {roll + 1}"] == p for u, p in after.items())
    assert sum(turn_table().transition[k].sum() for k in range(462)) == 462 * 6**5


def test_hold_chance_by_roll_grows_from_one_roll_to_within_three():
    for name in ("Pair", "Full House", "Large Straight"):
        chances = hold_chance_by_roll(name)
        assert chances[0] == one_roll_probability(name)
        assert chances[-1] == within_three_probability(name)
        assert chances == sorted(chances)
    assert useful_dice_by_roll("Full House").loc[5].tolist() == hold_chance_by_roll("Full House")


def test_expected_scores_match_formulas():
    # keep every six: each die is a six by the end with chance 1 - (5/6)^3
    assert expected_score("Sixes") == 6 * 5 * (1 - Fraction(5, 6) ** 3)
    assert expected_score("Sixes", rolls=4) == 6 * 5 * (1 - Fraction(5, 6) ** 4)
    # chance: each die on its own: 3.5, then keep 4+ (4.25), then keep 5+ (14/3)
    assert expected_score("Chance") == 5 * Fraction(14, 3)
    assert expected_score("Poker") == 50 * within_three_probability("Poker")
    assert expected_score("Full House") == 25 * within_three_probability("Full House")
    assert score_distribution("Sixes")[0] == Fraction(5, 6) ** 15


@pytest.mark.parametrize(
    ("game", "box"), [("two_part", "Poker"), ("two_part", "Pair"), ("yatzy", "Two Pairs")]
)
def test_expected_score_equals_brute_force(game, box):
    rules = find_game(game)
    start, _ = brute_force(lambda dice, roll: rules.score(box, dice, first_roll=roll == 1))
    assert expected_score(box, game) == start


def test_first_roll_doubles_in_two_part():
    plan = score_plan("Poker", "two_part")
    assert plan.value_after("44444", roll=1) == 90  # 2 x 20 + 50: stop and score it doubled
    assert plan.value_after("44444", roll=2) == 70
    assert plan.best_keep("44444", roll=1) == Dice.parse("44444")
    assert score_plan("Chance", "two_part").value_after("66666", roll=1) == 30  # chance never doubles


def test_best_keep_questions():
    # holding 2-3-4-6 with two rolls left, a large straight needs one 5 in two tries
    assert chance_with_keep("Large Straight", "2346") == 1 - Fraction(5, 6) ** 2
    assert chance_with_keep("Large Straight", "2346", rolls_left=1) == Fraction(1, 6)
    advice = best_keep("Large Straight", "23466")
    assert advice.keep == Dice.parse("2346") and advice.chance == Fraction(11, 36)
    assert "keep 2346" in str(advice)
    done = best_keep("Large Straight", "23456")
    assert done.stop and done.chance == 1 and "stop" in str(done)
    assert best_keep("Poker", "12345").keep == Dice.parse("1")  # ties: the lowest single die
    last = best_keep("Poker", "11112", rolls_left=0)
    assert last.stop and last.chance == 0
    options = keep_options("Full House", "33356")
    assert options["chance"].tolist() == sorted(options["chance"], reverse=True)
    assert options.loc[0, "chance"] == best_keep("Full House", "33356").chance
    assert len(options) == 4 * 2 * 2  # 0-3 threes, 0-1 five, 0-1 six


def test_refused_inputs():
    with pytest.raises(DicePokerError, match="at least one roll"):
        within_three_probability("Pair", rolls=0)
    with pytest.raises(DicePokerError, match="rolls left"):
        best_keep("Pair", "12345", rolls_left=-1)
    with pytest.raises(DicePokerError, match="no roll is left"):
        chance_with_keep("Pair", "12", rolls_left=0)
    with pytest.raises(UnknownNameError, match="has no scores"):
        expected_score("FH", "board")
    with pytest.raises(UnknownNameError, match="no box 'Yatzy'"):
        expected_score("Yatzy", "classic")
    with pytest.raises(DicePokerError, match="roll 4 is not one of"):
        hold_plan("Pair").best_keep("12345", roll=4)
