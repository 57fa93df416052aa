"""One-roll odds: enumeration, closed forms and the tables behind them, checked independently."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product
from math import comb, factorial

import pytest

from dicepoker import Dice, UnknownNameError, combinations_of
from dicepoker.core.counting import COUNT_PATTERNS, pattern_count, surjections
from dicepoker.core.dice import all_keeps, all_rolls
from dicepoker.core.turn import dice_key, roll_index
from dicepoker.games.scorecard.odds import closed_form_count, closed_form_probability
from dicepoker.odds.one_roll import (
    OUTCOMES,
    find_combination,
    game_one_roll_counts,
    holds_on_rolls,
    one_roll_count,
    one_roll_probability,
    ordered_outcome_rolls,
    ordered_outcomes,
    sum_distribution,
)

ALL_GAMES = ("classic", "yahtzee", "yatzy", "two_part", "bluff", "board")
SCORECARD_GAMES = ("classic", "yahtzee", "yatzy", "two_part")

# every ordered outcome of five dice, grouped by its sorted dice (independent of dicepoker's tables)
ORDERED = Counter(tuple(sorted(outcome)) for outcome in product(range(1, 7), repeat=5))


def brute_count(test) -> int:
    """Favourable ordered outcomes, by trying the test on every one of the 7776 (grouped)."""
    return sum(n for dice, n in ORDERED.items() if test(Dice(dice)))


@pytest.mark.parametrize("game", ALL_GAMES)
def test_enumeration_counts_every_ordered_outcome(game):
    counts = game_one_roll_counts(game)
    for combination in combinations_of(game):
        assert counts[combination.name] == brute_count(combination.test), combination.name
        assert one_roll_count(combination.name, game) == counts[combination.name]


@pytest.mark.parametrize("game", SCORECARD_GAMES)
def test_closed_form_equals_enumeration_for_every_box(game):
    for combination in combinations_of(game):
        assert closed_form_count(combination.name, game) == one_roll_count(combination.name, game)
        assert closed_form_probability(combination.name, game) == one_roll_probability(combination.name, game)


def test_classic_counts_match_hand_formulas():
    hand = {
        "Sixes": 6**5 - 5**5,
        "Pair": 6**5 - 6 * 5 * 4 * 3 * 2,
        "Two Pairs": comb(6, 2) * 4 * factorial(5) // 4 + 6 * 5 * comb(5, 2),
        "Three of a Kind": 6 * comb(5, 2) * 20 + 6 * 5 * 10 + 6 * 5 * 5 + 6,
        "Four of a Kind": 6 * 5 * 5 + 6,
        "Full House": 6 * 5 * comb(5, 3),
        "Small Straight": 4 * factorial(5) + 3 * 4 * factorial(5) // 2,
        "Large Straight": 2 * factorial(5),
        "Poker": 6,
        "Chance": 6**5,
    }
    for box, count in hand.items():
        assert closed_form_count(box) == count, box
    assert one_roll_probability("Poker") == Fraction(1, 1296)
    assert one_roll_probability("Large Straight") == Fraction(240, 7776)


def test_patterns_and_surjections_count_everything_once():
    by_pattern = Counter(tuple(sorted(Counter(dice).values(), reverse=True)) for dice in ORDERED.elements())
    assert {p: pattern_count(p) for p in COUNT_PATTERNS} == dict(by_pattern)
    assert sum(pattern_count(p) for p in COUNT_PATTERNS) == OUTCOMES
    assert sum(comb(6, k) * surjections(5, k) for k in range(1, 6)) == OUTCOMES
    assert surjections(5, 3) == sum(1 for o in product(range(3), repeat=5) if len(set(o)) == 3)


def test_two_part_face_boxes_need_par():
    # at least three of a face: C(5,3) 5^2 + C(5,4) 5 + 1
    assert closed_form_count("Fours", "two_part") == 10 * 25 + 5 * 5 + 1
    assert closed_form_count("Fours", "classic") == 6**5 - 5**5


def test_bluff_and_board_values():
    assert one_roll_probability("Nothing", "bluff") == 1
    assert one_roll_count("Five of a Kind", "bluff") == 6
    ranks = [one_roll_probability(c.name, "bluff") for c in combinations_of("bluff")]
    assert ranks == sorted(ranks, reverse=True)  # "at least" a higher hand is rarer
    assert one_roll_count("L7", "board") == comb(6, 4)  # compositions of 7 into five parts
    assert one_roll_count("L11", "board") == comb(10, 4) - 5 * comb(4, 4)  # inclusion-exclusion
    assert one_roll_count("P1", "board") == 6**5 - 5**5 - 5 * 5**4
    assert one_roll_count("S", "board") == 240
    two_pairs_12 = comb(5, 2) * comb(3, 2) * 4 + 2 * comb(5, 3)  # 1-1-2-2-x and the two full houses
    assert one_roll_count("12", "board") == one_roll_count("56", "board") == two_pairs_12


def test_sum_distribution_is_exact():
    for dice in (1, 2, 5):
        dist = sum_distribution(dice)
        assert sum(dist.values()) == 1
        assert min(dist) == dice and max(dist) == 6 * dice
        assert all(dist[t] == dist[7 * dice - t] for t in dist)  # symmetric about 3.5 x dice
    assert sum_distribution(2)[7] == Fraction(1, 6)
    assert sum_distribution(5)[17] == Fraction(780, 7776)


def test_tables_are_consistent_with_dice():
    keys = [dice_key(k) for k in all_keeps()]
    assert len(set(keys)) == 462
    assert [roll_index(r) for r in all_rolls()] == list(range(252))
    outcomes = ordered_outcomes()
    rolls = ordered_outcome_rolls()
    for i in (0, 1, 777, 4000, 7775):
        assert all_rolls()[rolls[i]] == Dice(outcomes[i].tolist())
    assert sorted(Counter(rolls.tolist()).values()) == sorted(ORDERED.values())


def test_finding_combinations():
    assert find_combination("FH", "board").name == "FH"
    custom = find_combination(lambda d: d.total >= 25)
    assert one_roll_count(custom) == brute_count(lambda d: d.total >= 25)
    assert holds_on_rolls(custom).sum() == sum(r.total >= 25 for r in all_rolls())
    with pytest.raises(UnknownNameError, match="no combination 'Yatzy' in game 'classic'"):
        one_roll_probability("Yatzy")
    with pytest.raises(UnknownNameError, match="no game 'poker'"):
        one_roll_probability("Pair", game="poker")
    with pytest.raises(UnknownNameError):
        find_combination(42)
