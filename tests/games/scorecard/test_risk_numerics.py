"""The risk-sensitive solve is right for every θ it accepts, the tiniest included (issue 23, item 1).

Three independent checks: an exact computation in 400-digit decimal arithmetic (the rules' own
methods, no float, no solver); for every θ from ±5e-324 to ±MAX_RISK, the certainty equivalent
lies between the least and the greatest possible score, rises with θ, and is within Hoeffding's
bound ``|θ| (max - min)² / 8`` of the expected score, on the side of θ's sign; and the hint for a
tiny θ is the hint for θ = 0.
"""

from __future__ import annotations

import math
from decimal import Decimal, localcontext
from fractions import Fraction
from functools import cache

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from solver_helpers import (  # noqa: F401
    TINY,
    boxes_of,
    exact_certainty_equivalents,
    session_cache_dir,
    solved,
)

from dicepoker import DicePokerError, ScorecardGame, find_game
from dicepoker.core.dice import all_rolls
from dicepoker.games.scorecard.hints import hint
from dicepoker.games.scorecard.rules import ScorecardRules
from dicepoker.games.scorecard.solver.solve import MAX_RISK, solve

YATZY = find_game("yatzy")
SIXES = YATZY.variant(name="sixes_only", boxes=boxes_of("yatzy", "Sixes"), poker_box=None)
CHANCE = YATZY.variant(name="chance_only", boxes=boxes_of("yatzy", "Chance"), poker_box=None)
SMALL = {
    "sixes": SIXES,
    "chance": CHANCE,
    "yatzy box": YATZY.variant(name="yatzy_only", boxes=boxes_of("yatzy", "Yatzy"), poker_box=None),
    "fours and chance": YATZY.variant(
        name="fours_chance",
        boxes=boxes_of("yatzy", "Fours", "Chance"),
        poker_box=None,
        upper_bonus_threshold=12,
    ),
    **TINY,
}
# the θ of the issue, both signs of the smallest, and the largest accepted
ISSUE_THETAS = (1e-18, 1e-15, 1e-300, 5e-324, -1e-320)
EXTREME_THETAS = (*ISSUE_THETAS, -5e-324, -1e-300, -1e-18, 1e-8, -1e-3, 0.05, MAX_RISK, -MAX_RISK)


@cache
def risk_solution(rules: ScorecardRules, theta: float):
    """``solve(rules, risk=theta)``, once per session, without a cache file for every θ."""
    return solve(rules, risk=theta, progress=False, cache=False)


# --- exact, in decimal arithmetic (solver_helpers.exact_certainty_equivalents) ---------------------
def test_the_exact_computation_knows_sixes_in_closed_form():
    # keeping every six is best for any θ: each die ends a six with chance 1 - (5/6)^3 = 91/216,
    # so E[exp(θ S)] = (125/216 + 91/216 exp(6θ))^5
    theta = 1e-300
    with localcontext() as ctx:
        ctx.prec = 350
        t = Decimal(theta)
        closed = 5 * (Decimal(125) / 216 + Decimal(91) / 216 * (6 * t).exp()).ln() / t
        exact = exact_certainty_equivalents(SIXES, theta)[frozenset()]
        assert abs(exact - closed) < Decimal("1e-30")
        assert abs(exact - Decimal(30 * 91) / 216) < Decimal("1e-35")  # the mean (40 digits), 12.638...


@pytest.mark.parametrize("theta", EXTREME_THETAS)
@pytest.mark.parametrize("game", ["sixes", "chance"])
def test_one_box_games_agree_with_exact_decimal_arithmetic(game, theta):
    rules = SMALL[game]
    exact = exact_certainty_equivalents(rules, theta)
    solution = risk_solution(rules, theta)
    assert solution.certainty_equivalent == pytest.approx(float(exact[frozenset()]), abs=1e-9)
    assert solution.turn({}).start_value() == pytest.approx(float(exact[frozenset()]), abs=1e-9)


EVERY_STATE = [("fours and chance", 5e-324), ("fours and chance", -1e-18), ("fours and chance", 1e-15)]
EVERY_STATE_SLOW = [("fours and chance", -MAX_RISK), ("two_part par, order and doubles", 1e-15)]
EVERY_STATE_SLOW += [
    ("two_part par, order and doubles", -1e-300),
    ("two_part par, order and doubles", MAX_RISK),
]
EVERY_STATE_SLOW += [("classic joker and bonuses", 5e-324)]


@pytest.mark.parametrize(
    ("game", "theta"),
    EVERY_STATE + [pytest.param(*pair, marks=pytest.mark.slow) for pair in EVERY_STATE_SLOW],
)
def test_small_games_agree_with_exact_decimal_arithmetic_in_every_state(game, theta):
    rules = SMALL[game]
    exact = exact_certainty_equivalents(rules, theta)
    solution = risk_solution(rules, theta)
    for scorecard, value in exact.items():
        assert solution.future_value(dict(scorecard)) == pytest.approx(float(value), abs=1e-9), dict(
            scorecard
        )


# --- properties over every θ ---------------------------------------------------------------------
@cache
def score_range(rules: ScorecardRules) -> tuple[int, int]:
    """The least and the greatest final score any play and any dice can give (the rules' methods)."""
    first_rolls = (True,) if rules.rolls_per_turn == 1 else (True, False)
    memo: dict[frozenset, tuple[int, int]] = {}

    def future(filled: dict[str, int]) -> tuple[int, int]:
        key = frozenset(filled.items())
        if key not in memo:
            if len(filled) == len(rules.boxes):
                end = rules.total(filled) - rules.upper_total(filled) - rules.lower_total(filled)
                memo[key] = (end, end)
            else:
                outcomes = [
                    (p + rules.poker_bonus_for(roll, filled)) + np.array(future({**filled, box: p}))
                    for roll in all_rolls(5)
                    for first in first_rolls
                    for box, p in rules.options(roll, filled, first).items()
                ]
                memo[key] = (int(min(o[0] for o in outcomes)), int(max(o[1] for o in outcomes)))
        return memo[key]

    return future({})


def hoeffding_gap(rules: ScorecardRules, theta: float) -> float:
    """``|θ| (max - min)² / 8``: how far a certainty equivalent can be from the mean of the same play."""
    low, high = score_range(rules)
    return abs(theta) * (high - low) ** 2 / 8


def slack(value: float) -> float:
    """Rounding: a few hundred steps of double precision on the scores' scale."""
    return 1e-12 * max(1.0, abs(value)) * 100


magnitudes = st.floats(min_value=-300, max_value=math.log10(MAX_RISK))
thetas = st.one_of(
    st.builds(lambda sign, e: sign * 10**e, st.sampled_from([-1.0, 1.0]), magnitudes),
    st.sampled_from([5e-324, -5e-324, 1e-320, -1e-320, MAX_RISK, -MAX_RISK]),
)
small_games = st.sampled_from(sorted(SMALL))


@pytest.mark.slow  # 150 risk solves of small games (2.5 s)
@settings(max_examples=150, deadline=None)
@given(game=small_games, theta=thetas)
@example(game="fours and chance", theta=1e-18)
@example(game="chance", theta=5e-324)
def test_certainty_equivalent_lies_in_the_score_range_near_the_mean_on_thetas_side(game, theta):
    rules = SMALL[game]
    low, high = score_range(rules)
    mean = solved(rules).expected_score
    ce = risk_solution(rules, theta).certainty_equivalent
    assert low - slack(low) <= ce <= high + slack(high)
    # CE >= the mean of θ = 0's play for θ > 0 (Jensen); <= the mean + Hoeffding's bound (for the
    # θ-player's own play, whose mean is at most the best mean); mirrored for θ < 0
    gap = math.copysign(1.0, theta) * (ce - mean)
    assert -slack(mean) <= gap <= hoeffding_gap(rules, theta) + slack(mean)


@settings(max_examples=150, deadline=None)
@given(game=small_games, a=thetas, b=thetas)
@example(game="fours and chance", a=0.0, b=1e-15)
@example(game="chance", a=-1e-320, b=0.0)
def test_certainty_equivalent_rises_with_theta(game, a, b):
    rules = SMALL[game]
    low, high = sorted((a, b))
    ce = {t: risk_solution(rules, t).certainty_equivalent for t in (low, high)}
    assert ce[low] <= ce[high] + slack(ce[high])


@pytest.mark.slow  # 60 risk solves of small games (1.5 s)
@settings(max_examples=60, deadline=None)
@given(game=small_games, theta=thetas)
def test_every_state_is_within_hoeffdings_bound_of_the_expected_score(game, theta):
    # from every state the points to come are bounded by the whole game's range
    rules = SMALL[game]
    mean = solved(rules).values
    values = risk_solution(rules, theta).values
    reachable = ~np.isnan(mean)
    assert np.array_equal(reachable, ~np.isnan(values))
    gap = math.copysign(1.0, theta) * (values[reachable] - mean[reachable])
    assert (gap >= -slack(float(np.abs(mean[reachable]).max()))).all()
    assert (gap <= hoeffding_gap(rules, theta) + slack(float(np.abs(mean[reachable]).max()))).all()


# --- the full games -------------------------------------------------------------------------------
def test_tiny_thetas_of_the_issue_give_two_parts_expected_score():
    # two_part's scores run from -63 to 510 (issue 23): Hoeffding allows |θ| 573² / 8 from the mean
    rules = find_game("two_part")
    mean = solved(rules).values
    reachable = ~np.isnan(mean)
    for theta in ISSUE_THETAS:
        solution = risk_solution(rules, theta)
        values = solution.values
        assert np.abs(values[reachable] - mean[reachable]).max() <= abs(theta) * 573**2 / 8 + 1e-9, theta
        gap = solution.certainty_equivalent - solved(rules).expected_score
        assert -1e-9 <= math.copysign(1.0, theta) * gap <= abs(theta) * 573**2 / 8 + 1e-9


def test_hint_for_a_tiny_risk_is_the_hint_for_risk_zero():
    # issue 23: seed 4 rolled, risk 1e-18 chose "score Sixes (0)" at -35,749 instead of "keep 666 and roll 2"
    game = ScorecardGame("two_part", seed=4)
    game.roll()
    plain, tiny = hint(game), hint(game, risk=1e-18)
    assert plain.best.label == "keep 666 and roll 2"
    assert tiny.best.action == plain.best.action
    assert [c.action for c in tiny.choices[:5]] == [c.action for c in plain.choices[:5]]
    for a, b in zip(tiny.choices, plain.choices, strict=True):
        assert a.expected == pytest.approx(b.expected, abs=1e-9)


@pytest.mark.slow
@pytest.mark.parametrize("game", ["yatzy", "classic"])
@pytest.mark.parametrize("theta", [1e-18, -5e-324])
def test_full_games_with_tiny_risk_are_the_expected_score_solve(game, theta):
    rules = find_game(game)
    mean = solved(rules).values
    values = risk_solution(rules, theta).values
    reachable = ~np.isnan(mean)
    # |θ| (range)² / 8 < 1e-11 for these θ: the tables agree to rounding
    assert np.abs(values[reachable] - mean[reachable]).max() <= 1e-9
    assert np.isnan(values[~reachable]).all()


@pytest.mark.slow
@pytest.mark.parametrize("game", ["yatzy", "classic"])
def test_full_games_rise_with_theta_across_the_range(game):
    rules = find_game(game)
    thetas = (-MAX_RISK, -1e-3, -1e-12, -1e-300, 0.0, 1e-300, 1e-12, 1e-3, MAX_RISK)
    ce = [risk_solution(rules, t).certainty_equivalent if t else solved(rules).expected_score for t in thetas]
    assert all(a <= b + 1e-9 for a, b in zip(ce, ce[1:], strict=False)), ce
    assert ce[0] < ce[4] < ce[-1]


# --- what is not a risk ---------------------------------------------------------------------------
@pytest.mark.parametrize("bad", ["0.1", "0", b"0.1", False, np.False_])
def test_a_risk_that_is_not_a_number_is_refused(bad, session_cache_dir):  # noqa: F811
    from pathlib import Path

    def sixes_files() -> list[Path]:  # the folder is shared with the other workers: only SIXES's count
        return sorted(p for p in Path(session_cache_dir).iterdir() if SIXES.fingerprint() in p.name)

    before = sixes_files()
    with pytest.raises(DicePokerError, match=r"risk must be a number with \|risk\| <= 0.5"):
        solve(SIXES, risk=bad, progress=False)
    assert sixes_files() == before


@pytest.mark.parametrize("good", [Fraction(1, 10), Decimal("0.1"), np.float32(0.1), np.int64(0)])
def test_numbers_of_every_kind_are_accepted(good):
    assert solve(SIXES, risk=good, progress=False, cache=False).risk == float(good)
