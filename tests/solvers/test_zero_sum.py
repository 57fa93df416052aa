"""The zero-sum solver against games with known solutions: Kuhn poker (-1/18) and the toy."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from dicepoker.core.errors import DicePokerError
from dicepoker.lessons.why_bluff import HighOrLow, hand_solution, hand_strategy, toy_tree
from dicepoker.solvers.kuhn import KUHN_VALUE, kuhn_poker
from dicepoker.solvers.zero_sum import (
    Chance,
    Decision,
    Terminal,
    best_response_value,
    expected_value,
    exploitability,
    realization_plan,
    sequence_form,
    solve_cfr,
    solve_lp,
)


@pytest.fixture(scope="module")
def kuhn():
    return sequence_form(kuhn_poker())


def test_kuhn_value_by_lp(kuhn):
    solution = solve_lp(kuhn)
    assert abs(solution.value - float(KUHN_VALUE)) < 1e-9
    assert solution.exploitability < 1e-9


def test_kuhn_value_by_cfr(kuhn):
    solution = solve_cfr(kuhn, 1000)
    assert abs(solution.value - float(KUHN_VALUE)) < 1e-3
    assert solution.exploitability < 1e-3
    gaps = [gap for _, gap in solution.curve]
    assert gaps[-1] < gaps[0] / 10  # the exploitability falls with iterations


def test_kuhn_known_equilibrium_family(kuhn):
    """Kuhn's solution by hand: with Jack bet rate a in [0, 1/3], King bets 3a, Queen calls a + 1/3.
    Each member is an exact equilibrium worth -1/18 (an independent check of the exact evaluator)."""
    for a in (Fraction(0), Fraction(1, 6), Fraction(1, 3)):
        p0 = {
            ("J", ""): {"check": 1 - a, "bet": a},
            ("Q", ""): {"check": 1, "bet": 0},
            ("K", ""): {"check": 1 - 3 * a, "bet": 3 * a},
            ("J", "cb"): {"fold": 1, "call": 0},
            ("Q", "cb"): {"fold": Fraction(2, 3) - a, "call": a + Fraction(1, 3)},
            ("K", "cb"): {"fold": 0, "call": 1},
        }
        p1 = {
            ("J", "b"): {"fold": 1, "call": 0},
            ("Q", "b"): {"fold": Fraction(2, 3), "call": Fraction(1, 3)},
            ("K", "b"): {"fold": 0, "call": 1},
            ("J", "c"): {"check": Fraction(2, 3), "bet": Fraction(1, 3)},
            ("Q", "c"): {"check": 1, "bet": 0},
            ("K", "c"): {"check": 0, "bet": 1},
        }
        profile = p0 | p1
        assert expected_value(kuhn, profile) == KUHN_VALUE
        assert exploitability(kuhn, profile) == 0


def test_best_response_equals_enumeration_of_pure_plans(kuhn):
    """The best response by the treeplex recursion equals a brute force over player 1's pure plans."""
    aggressive = {k: {"bet": 1, "call": 1} for k in kuhn.players[0].infosets}  # player 0 always bets or calls
    keys, options = kuhn.players[1].infosets, kuhn.players[1].actions
    values = [
        expected_value(kuhn, aggressive | {k: {c: 1} for k, c in zip(keys, choice, strict=True)})
        for choice in product(*options)
    ]
    assert len(values) == 2**6
    assert best_response_value(kuhn, 1, aggressive) == min(values)


def test_toy_solver_equals_hand_derivation():
    sf = sequence_form(toy_tree())
    hand = hand_strategy()
    assert exploitability(sf, hand) == 0  # exact: the hand solution is an equilibrium
    assert expected_value(sf, hand) == hand_solution()["value"] == Fraction(4, 15)
    solution = solve_lp(sf)
    assert solution.exact_strategy() == hand  # the equilibrium is unique, and the LP finds it
    assert abs(solution.value - 4 / 15) < 1e-9
    assert solve_cfr(sf, 2000).exploitability < 1e-3


@pytest.mark.parametrize(
    "toy",
    [
        HighOrLow(),
        HighOrLow(Fraction(1, 2), Fraction(1, 6), Fraction(1, 2)),
        HighOrLow(Fraction(1, 6), Fraction(1, 3), Fraction(2, 3)),
    ],
)
def test_toy_formulas_are_equilibria_for_other_numbers(toy):
    sf = sequence_form(toy_tree(toy))
    assert exploitability(sf, hand_strategy(toy)) == 0
    assert abs(solve_lp(sf).value - float(hand_solution(toy)["value"])) < 1e-9


def test_bad_trees_are_refused():
    with pytest.raises(DicePokerError, match="sum to 1"):
        sequence_form(Chance([(Fraction(1, 2), Terminal(1))]))
    forgetful = Decision(
        0, "a", [("l", Decision(0, "b", [("x", Terminal(1))])), ("r", Decision(0, "b", [("x", Terminal(0))]))]
    )
    with pytest.raises(DicePokerError, match="perfect recall"):
        sequence_form(forgetful)
    with pytest.raises(DicePokerError, match="both players"):
        sequence_form(Decision(0, "a", [("l", Decision(1, "a", [("x", Terminal(1))]))]))
    with pytest.raises(DicePokerError, match="no probabilities"):
        realization_plan(sequence_form(toy_tree()), 0, {})
    with pytest.raises(DicePokerError, match="iterations"):
        solve_cfr(sequence_form(toy_tree()), 0)
