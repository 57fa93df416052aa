"""What "95%" means, as notebook 02 teaches it: about 1 interval in 20 misses the exact value.

The exact coverage of Wilson's interval is checked against a sum of binomial chances written out
with ``math.comb`` and against repeated simulation; the tables count their misses.
"""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

from dicepoker.odds.figures import intervals_figure
from dicepoker.odds.one_roll import one_roll_probability
from dicepoker.odds.simulation import repeated_one_roll_intervals, wilson_coverage, wilson_interval
from dicepoker.odds.tables import INTERVAL_HOLDS, interval_misses, one_roll_table

FULL_HOUSE = Fraction(6 * 5 * math.comb(5, 3), 6**5)


def coverage_by_hand(p: Fraction, n: int) -> Fraction:
    """Sum of C(n, k) p^k (1-p)^(n-k) over the counts k whose interval holds p, in exact fractions."""
    return sum(
        (
            math.comb(n, k) * p**k * (1 - p) ** (n - k)
            for k in range(n + 1)
            if wilson_interval(k, n).contains(p)
        ),
        Fraction(0),
    )


@pytest.mark.parametrize(("p", "n"), [(FULL_HOUSE, 60), (Fraction(1, 6), 40), (Fraction(1, 2), 25)])
def test_wilson_coverage_is_the_binomial_sum(p, n):
    assert wilson_coverage(p, n) == pytest.approx(float(coverage_by_hand(p, n)), abs=1e-12)


def test_about_one_interval_in_twenty_misses():
    assert one_roll_probability("Full House") == FULL_HOUSE
    repeats, n = 400, 2_000
    intervals = repeated_one_roll_intervals("Full House", n=n, repeats=repeats, rng=11)
    missed = sum(not e.contains(FULL_HOUSE) for e in intervals)
    miss_rate = 1 - wilson_coverage(FULL_HOUSE, n)
    assert 0.04 < miss_rate < 0.06
    spread = math.sqrt(repeats * miss_rate * (1 - miss_rate))
    assert abs(missed - repeats * miss_rate) <= 4 * spread


def test_the_tables_show_no_column_of_none_and_name_their_rows():
    for game in ("classic", "bluff", "board"):
        table = one_roll_table(game, n=5_000, rng=0)
        assert table.index.name == "combination" and not table.isna().any().any()
        assert "agree" not in table and INTERVAL_HOLDS in table


def test_interval_misses_counts_the_false_rows():
    tables = [one_roll_table(game, n=5_000, rng=seed) for seed, game in enumerate(("classic", "board"))]
    by_hand = sum(int((table[INTERVAL_HOLDS] == False).sum()) for table in tables)  # noqa: E712
    assert interval_misses(*tables) == (by_hand, 15 + 37)


def test_intervals_figure_says_how_many_missed():
    figure = intervals_figure("Full House", n=1_000, repeats=60, rng=4)
    intervals = repeated_one_roll_intervals("Full House", n=1_000, repeats=60, rng=4)
    missed = sum(not e.contains(FULL_HOUSE) for e in intervals)
    assert f"{missed} of the 95% intervals miss" in figure.layout.title.text
    assert {trace.name for trace in figure.data} >= {
        f"{missed} misses it",
        f"{60 - missed} hold the exact value",
    }
