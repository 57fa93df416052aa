"""Shared by the solver's tests: one cache directory per test session, tiny rule sets, brute force.

Solutions are shared between test modules through the solver's in-process memory and between
pytest-xdist's workers and the notebooks' kernels through the disk cache, which goes to the session's
temporary directory (the root ``conftest.py``).
"""

from __future__ import annotations

import math
import os
from collections.abc import Iterator
from decimal import Decimal, localcontext
from functools import cache
from itertools import combinations
from pathlib import Path

import pytest

from dicepoker import find_game
from dicepoker.core.dice import Dice, all_keeps, all_rolls, reroll_distribution, roll_distribution
from dicepoker.games.scorecard.rules import ScorecardRules
from dicepoker.games.scorecard.solver.cache import CACHE_ENV
from dicepoker.games.scorecard.solver.solution import Solution
from dicepoker.games.scorecard.solver.solve import solve


def session_cache_folder(factory: pytest.TempPathFactory) -> Path:
    """The one solver cache folder of a test session, under the session's temporary folder (above
    each pytest-xdist worker's own), made if need be."""
    base = factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        base = base.parent  # the session's folder, above each worker's own
    path = base / "dicepoker-cache"
    path.mkdir(parents=True, exist_ok=True)
    return path


@pytest.fixture(scope="module", autouse=True)
def session_cache_dir(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The solver's disk cache of this test session: the folder the root ``conftest.py`` made for the
    whole session, shared by pytest-xdist's workers and the kernels they start (writes are atomic).
    Each module gets it back, whatever an earlier test did to ``DICEPOKER_CACHE_DIR``."""
    path = str(session_cache_folder(tmp_path_factory))
    os.environ[CACHE_ENV] = path
    yield path
    os.environ[CACHE_ENV] = path


def solved(rules: ScorecardRules | str) -> Solution:
    """The solution of a rule set (solved once per session)."""
    return solve(rules, progress=False)


def boxes_of(name: str, *box_names: str) -> tuple:
    rules = find_game(name)
    return tuple(rules.box(b) for b in box_names)


# tiny games: every rule feature, few enough scorecards for plain recursion
TINY = {
    "classic joker and bonuses": find_game("classic").variant(
        name="tiny_classic",
        boxes=boxes_of("classic", "Twos", "Full House", "Poker"),
        upper_bonus_threshold=6,
    ),
    "official joker": find_game("yahtzee").variant(
        name="tiny_yahtzee",
        boxes=boxes_of("yahtzee", "Ones", "Small Straight", "Yahtzee"),
        upper_bonus_threshold=3,
    ),
    "free joker": find_game("yahtzee").variant(
        name="tiny_free",
        boxes=boxes_of("yahtzee", "Threes", "Large Straight", "Yahtzee"),
        upper_bonus_threshold=9,
        joker="free",
    ),
    "two_part par, order and doubles": find_game("two_part").variant(
        name="tiny_two_part",
        boxes=boxes_of("two_part", "Sixes", "Large Straight", "Poker"),
        upper_bonus_threshold=0,
    ),
    "two rolls a turn, yatzy scoring": find_game("yatzy").variant(
        name="tiny_yatzy",
        boxes=boxes_of("yatzy", "Fives", "Sixes", "Small Straight"),
        upper_bonus_threshold=15,
        poker_box=None,
        rolls_per_turn=2,
    ),
}


@cache  # shared by the test modules of a session
def brute_force(rules: ScorecardRules) -> dict[frozenset, float]:
    """Expected points to come from every scorecard met, by plain recursion on the rules' methods.

    Nothing of the solver is used: the legal boxes and their points come from ``rules.options``,
    the poker bonus from ``rules.poker_bonus_for``, the end from ``rules.total``; a turn is played
    out over every roll and every keep (keeping all five dice = scoring now).
    """
    rolls = all_rolls(5)
    chance = {r: float(p) for r, p in roll_distribution(5).items()}
    rerolls = {
        k: [(r, float(p)) for r, p in reroll_distribution(k).items()] for k in all_keeps() if len(k) < 5
    }
    keeps_in = {r: {Dice(c) for n in range(5) for c in combinations(r.values, n)} for r in rolls}
    memo: dict[frozenset, float] = {}

    def future(filled: dict[str, int]) -> float:
        key = frozenset(filled.items())
        if key in memo:
            return memo[key]
        if len(filled) == len(rules.boxes):
            value = float(rules.total(filled) - rules.upper_total(filled) - rules.lower_total(filled))
            memo[key] = value
            return value

        def score_now(roll: Dice, first: bool) -> float:
            bonus = rules.poker_bonus_for(roll, filled)
            options = rules.options(roll, filled, first)
            return max(p + bonus + future({**filled, box: p}) for box, p in options.items())

        last = rules.rolls_per_turn - 1
        hold = {r: score_now(r, last == 0) for r in rolls}
        for rolls_left in range(1, last + 1):
            first = rolls_left == last
            keep_value = {k: sum(p * hold[r] for r, p in outcomes) for k, outcomes in rerolls.items()}
            hold = {r: max(score_now(r, first), max(keep_value[k] for k in keeps_in[r])) for r in rolls}
        value = sum(chance[r] * hold[r] for r in rolls)
        memo[key] = value
        return value

    future({})
    return memo


def exact_certainty_equivalents(
    rules: ScorecardRules, theta: float, digits: int = 40
) -> dict[frozenset, Decimal]:
    """``(1/θ) ln E[exp(θ x points to come)]`` of θ-optimal play from every scorecard met, exactly.

    Plain recursion on the rules' methods (every roll, every keep, ``reroll_distribution``'s exact
    chances) in decimal arithmetic with ``digits`` significant digits more than ``1/|θ|`` has, so
    ``exp(θ x)`` keeps its ``θ x`` however small θ is. The player maximises ``E[exp(θ S)]`` for
    θ > 0 and minimises it for θ < 0.
    """
    with localcontext() as ctx:
        ctx.prec = digits + max(0, -math.floor(math.log10(abs(theta))))
        t = Decimal(theta)  # exact: a float is a binary fraction
        best = max if theta > 0 else min
        growth: dict[int, Decimal] = {}

        def grow(points: int) -> Decimal:  # exp(θ points), once per whole number of points
            if points not in growth:
                growth[points] = (t * points).exp()
            return growth[points]

        rolls = all_rolls(5)
        chance = {r: Decimal(p.numerator) / p.denominator for r, p in roll_distribution(5).items()}
        rerolls = {
            k: [(r, Decimal(p.numerator) / p.denominator) for r, p in reroll_distribution(k).items()]
            for k in all_keeps()
            if len(k) < 5
        }
        keeps_in = {r: {Dice(c) for n in range(5) for c in combinations(r.values, n)} for r in rolls}
        memo: dict[frozenset, Decimal] = {}

        def future(filled: dict[str, int]) -> Decimal:
            key = frozenset(filled.items())
            if key not in memo:
                memo[key] = _future(filled)
            return memo[key]

        def _future(filled: dict[str, int]) -> Decimal:
            if len(filled) == len(rules.boxes):
                return grow(rules.total(filled) - rules.upper_total(filled) - rules.lower_total(filled))

            def score_now(roll: Dice, first: bool) -> Decimal:
                bonus = rules.poker_bonus_for(roll, filled)
                options = rules.options(roll, filled, first)
                return best(grow(p + bonus) * future({**filled, box: p}) for box, p in options.items())

            last = rules.rolls_per_turn - 1
            hold = {r: score_now(r, last == 0) for r in rolls}
            for rolls_left in range(1, last + 1):
                first = rolls_left == last
                keep = {k: sum(p * hold[r] for r, p in outcomes) for k, outcomes in rerolls.items()}
                hold = {r: best(score_now(r, first), best(keep[k] for k in keeps_in[r])) for r in rolls}
            return sum(chance[r] * hold[r] for r in rolls)

        future({})
        return {card: value.ln() / t for card, value in memo.items()}
