"""Bluff odds against brute force over ordered dice, published figures and Bayes' rule by hand."""

from fractions import Fraction
from functools import cache
from itertools import combinations, product
from math import comb, factorial

import pytest

from dicepoker import Dice, DicePokerError
from dicepoker.core.dice import roll_distribution
from dicepoker.games.bluff.odds import (
    bayes_table,
    bayes_update,
    category_probabilities,
    hand_probability,
    hand_table,
    keep_to_reach,
    probability_holds,
    probability_true,
    reach_probability,
    reach_table,
)
from dicepoker.games.bluff.rules import ALL_HANDS, Hand, best_hand

ORDERED_ROLLS = list(product(range(1, 7), repeat=5))  # all 7776


def hold(values, hand):
    return best_hand(Dice(values)) >= hand


# --- one roll: counting formulas --------------------------------------------------------------------
def test_categories_of_one_roll_match_the_counting_formulas():
    five = 6
    four = 6 * 5 * comb(5, 4)
    full_house = 6 * 5 * comb(5, 3)
    straights = factorial(5)  # each of 1-5 and 2-6
    three = 6 * comb(5, 3) * 5 * 4
    two_pairs = comb(6, 2) * 4 * factorial(5) // (2 * 2)
    one_pair = 6 * comb(5, 2) * 5 * 4 * 3
    nothing = 6 * 5 * 4 * 3 * 2 - 2 * straights
    ways = category_probabilities()["ways"].to_dict()
    assert ways == {
        "Nothing": nothing,
        "One Pair": one_pair,
        "Two Pairs": two_pairs,
        "Three of a Kind": three,
        "Small Straight": straights,
        "Large Straight": straights,
        "Full House": full_house,
        "Four of a Kind": four,
        "Five of a Kind": five,
    }
    assert sum(ways.values()) == 6**5


def test_hand_probabilities_by_counting_ordered_rolls():
    counts = dict.fromkeys(ALL_HANDS, 0)
    for values in ORDERED_ROLLS:
        counts[best_hand(Dice(values))] += 1
    table = hand_table()
    assert sum(table["one roll"]) == 1
    for hand in ALL_HANDS:
        assert hand_probability(hand) == Fraction(counts[hand], 7776)
        at_least = sum(n for h, n in counts.items() if h >= hand)
        assert table.loc[str(hand), "at least, one roll"] == Fraction(at_least, 7776)


# --- reaching: published figures ---------------------------------------------------------------------
def test_any_five_of_a_kind_in_three_rolls_is_the_published_yahtzee_figure():
    # every five of a kind ranks at least "five 1s"; the published chance of a Yahtzee in 3 rolls
    assert reach_probability("five 1s") == Fraction(2783176, 60466176)


@pytest.mark.parametrize("face", range(1, 7))
def test_five_of_one_face_in_three_rolls(face):
    # each die independently has three tries to show the face (nothing ranks above five 6s)
    if face == 6:
        assert reach_probability("five 6s") == (1 - Fraction(5, 6) ** 3) ** 5
    assert reach_probability(f"five {face}s", rolls=1) == Fraction(7 - face, 7776)


def test_four_sixes_from_three_sixes_by_hand():
    # keep 666 and throw two, twice: at least one 6 in two dice is 11/36 each time
    assert reach_probability("four 6s", start="66612") == 1 - Fraction(25, 36) ** 2
    assert reach_probability("four 6s", start="66612", rolls=1) == Fraction(11, 36)
    assert reach_probability("four 6s", start="66612", rolls=0) == 0


def test_nothing_is_always_reached_and_a_held_hand_is_kept():
    assert all(reach_table(start=d).loc["nothing", "probability"] == 1 for d in ("12346", "66666"))
    for dice in ("66622", "12345", "55331"):
        best = best_hand(dice)
        assert reach_probability(best, start=dice) == 1


# --- reaching: brute force over ordered dice ---------------------------------------------------------
def one_reroll_brute_force(start):
    """For every hand: best over every set of positions kept, of the share of ordered outcomes holding it."""
    best = [Fraction(0)] * 72
    for n in range(6):
        for kept in combinations(start, n):
            outcomes = list(product(range(1, 7), repeat=5 - n))
            per_rank = [0] * 72
            for rest in outcomes:
                per_rank[best_hand(Dice(kept + rest)).rank] += 1
            holding = 0
            for rank in range(71, -1, -1):  # rolls reading at least this rank hold it
                holding += per_rank[rank]
                best[rank] = max(best[rank], Fraction(holding, len(outcomes)))
    return best


@pytest.mark.parametrize("start", ["12346", "55331", "66612"])
def test_one_reroll_against_brute_force_for_every_hand(start):
    expected = one_reroll_brute_force(Dice.parse(start).values)
    for hand in ALL_HANDS:
        assert reach_probability(hand, start=start, rolls=1) == expected[hand.rank]


def float_reach_brute_force(hand, rolls):
    """Chance to hold ``hand`` from a fresh cup with ``rolls`` rolls: recursion over kept dice."""
    outcomes = {k: [(r.values, float(p)) for r, p in roll_distribution(k).items()] for k in range(6)}

    @cache
    def value(dice, left):
        if hold(dice, hand):
            return 1.0
        if left == 0:
            return 0.0
        kept_sets = {kept for n in range(5) for kept in combinations(dice, n)}
        return max(
            sum(p * value(tuple(sorted(kept + rest)), left - 1) for rest, p in outcomes[5 - len(kept)])
            for kept in kept_sets
        )

    return sum(p * value(rest, rolls - 1) for rest, p in outcomes[5])


@pytest.mark.parametrize("hand", ["full house 3s over 6s", "small straight"])
def test_fresh_cup_two_rolls_against_brute_force(hand):
    assert float(reach_probability(hand, rolls=2)) == pytest.approx(
        float_reach_brute_force(Hand.parse(hand), 2)
    )


@pytest.mark.parametrize(
    "hand", ["large straight", "four 2s", "two pairs 6s and 5s", "full house 6s over 1s"]
)
def test_fresh_cup_three_rolls_against_brute_force(hand):
    assert float(reach_probability(hand)) == pytest.approx(float_reach_brute_force(Hand.parse(hand), 3))


@pytest.mark.parametrize(
    "dice, hand, rolls", [("12346", "small straight", 1), ("66612", "four 6s", 2), ("11223", "three 2s", 2)]
)
def test_best_keep_achieves_the_reach_probability(dice, hand, rolls):
    keep = keep_to_reach(dice, hand, rolls)
    assert Dice.parse(dice).contains(keep)
    after = [Dice(keep.values + rest) for rest in product(range(1, 7), repeat=5 - len(keep))]
    value = sum((reach_probability(hand, start=d, rolls=rolls - 1) for d in after), Fraction(0)) / len(after)
    assert value == reach_probability(hand, start=dice, rolls=rolls)


def test_best_keep_examples():
    assert keep_to_reach("66612", "four 6s", 2) == Dice.parse("666")
    assert keep_to_reach("66622", "full house 6s over 2s", 2) == Dice.parse("66622")  # held: stop
    assert keep_to_reach("12346", "large straight", 1) == Dice.parse("2346")


# --- the announcer's throws: brute force ------------------------------------------------------------------
def fixed_throws_brute_force(start, hand, throws):
    """Exact: keep the best dice of the right number each time (recursion over positions)."""

    @cache
    def value(dice, i):
        if i == len(throws):
            return Fraction(int(hold(dice, hand)))
        k = throws[i]
        outcomes = list(product(range(1, 7), repeat=k))
        return max(
            sum((value(tuple(sorted(kept + rest)), i + 1) for rest in outcomes), Fraction(0)) / len(outcomes)
            for kept in set(combinations(dice, 5 - k))
        )

    return value(tuple(sorted(start)), 0)


@pytest.mark.parametrize(
    "start, hand, throws",
    [
        ("12346", "pair of 6s", (1,)),
        ("12346", "three 6s", (2,)),
        ("55331", "full house 5s over 3s", (1,)),
        ("55331", "full house 3s over 5s", (2,)),  # must throw two: keeps 553 or 533
        ("66612", "four 6s", (3,)),  # forced to throw a 6 back
        ("11223", "two pairs 3s and 2s", (1, 1)),
        ("12356", "large straight", (2, 1)),
        ("44441", "five 4s", (2, 1)),
    ],
)
def test_probability_holds_against_brute_force(start, hand, throws):
    expected = fixed_throws_brute_force(Dice.parse(start).values, Hand.parse(hand), throws)
    assert probability_holds(hand, throws, start=start) == expected


@pytest.mark.parametrize(
    "hand, k",
    [("two pairs 6s and 5s", 2), ("small straight", 1), ("three 4s", 3)],
)
def test_fresh_cup_throws_against_brute_force(hand, k):
    hand = Hand.parse(hand)
    total = Fraction(0)
    seen = {}
    for values in ORDERED_ROLLS:
        key = tuple(sorted(values))
        if key not in seen:
            seen[key] = fixed_throws_brute_force(key, hand, (k,))
        total += seen[key]
    assert probability_holds(hand, (5, k)) == total / 7776


def test_believed_cup_is_every_roll_that_holds_it():
    # no throws: P(holds "three 6s" | holds "pair of 6s") by counting ordered rolls
    pair = sum(hold(v, Hand.parse("pair of 6s")) for v in ORDERED_ROLLS)
    three = sum(hold(v, Hand.parse("three 6s")) for v in ORDERED_ROLLS)
    assert probability_holds("three 6s", (), start="pair of 6s") == Fraction(three, pair)
    assert probability_holds("pair of 6s", (), start="pair of 6s") == 1
    # one throw of one die, averaged over the believed cup
    believed = [Dice(v) for v in ORDERED_ROLLS if hold(v, Hand.parse("full house 6s over 5s"))]
    expected = sum(
        (fixed_throws_brute_force(d.values, Hand.parse("four 6s"), (1,)) for d in believed), Fraction(0)
    ) / len(believed)
    assert probability_holds("four 6s", (1,), start="full house 6s over 5s") == expected


@pytest.mark.parametrize(
    "throws, start", [((), None), ((3,), None), ((0,), "12345"), ((6,), "12345"), ((True,), "12345")]
)
def test_impossible_throws_refused(throws, start):
    with pytest.raises(DicePokerError):
        probability_holds("pair of 2s", throws, start)


# --- Bayes' rule ----------------------------------------------------------------------------------------
def test_bayes_by_hand():
    # Ann passed 6-6-6-1-2; Bo threw two dice and says "four 6s": 11/36 of such throws hold it
    prior = probability_holds("four 6s", (2,), "66612")
    assert prior == Fraction(11, 36)
    # P(true | announced) = P(A|T)P(T) / (P(A|T)P(T) + P(A|F)P(F)) with P(A|T) = 1, P(A|F) = 1/2
    expected = (Fraction(11, 36) * 1) / (Fraction(11, 36) * 1 + Fraction(25, 36) * Fraction(1, 2))
    assert (
        probability_true("four 6s", (2,), "66612", bluff_rate=Fraction(1, 2)) == expected == Fraction(22, 47)
    )
    table = bayes_table("four 6s", (2,), "66612", bluff_rate=Fraction(1, 2))
    assert table.loc["true", "posterior"] == expected and sum(table["posterior"]) == 1
    assert sum(table["prior"]) == 1


def test_bayes_limits():
    for p in (Fraction(0), Fraction(1, 5), Fraction(1)):
        assert bayes_update(p, 1) == p  # everyone announces it anyway: no news
    assert bayes_update(Fraction(1, 5), 0) == 1  # nobody bluffs: an announcement is true
    posteriors = [bayes_update(Fraction(1, 3), Fraction(b, 10)) for b in range(1, 11)]
    assert posteriors == sorted(posteriors, reverse=True)
    with pytest.raises(DicePokerError):
        bayes_update(Fraction(3, 2), Fraction(1, 2))
