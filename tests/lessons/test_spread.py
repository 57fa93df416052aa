"""Lesson 11's spread: one die's variance, the sum of n dice against second computations, the figures."""

from __future__ import annotations

import math
import statistics
from fractions import Fraction
from itertools import product

import numpy as np
import pytest
from solver_helpers import session_cache_dir  # noqa: F401

from dicepoker import DicePokerError
from dicepoker.lessons.spread import (
    check_dice,
    dice_sum_counts,
    dice_sum_distribution,
    die_mean,
    die_variance,
    die_variance_by_enumeration,
    distribution_mean,
    distribution_variance,
    game_spread,
    normal_density,
    normal_gap,
    simulated_die_spread,
    sum_mean,
    sum_variance,
)
from dicepoker.lessons.spread_figures import dice_sum_figure, dice_sum_slider_figure, final_score_figure
from dicepoker.odds.one_roll import sum_distribution


def test_one_die_by_formula_enumeration_and_the_statistics_module():
    assert die_mean() == Fraction(7, 2) == statistics.mean(Fraction(f) for f in range(1, 7))
    assert die_variance() == die_variance_by_enumeration() == Fraction(35, 12)
    assert die_variance() == statistics.pvariance([Fraction(f) for f in range(1, 7)])


def test_simulated_die_falls_in_its_intervals():
    mean, spread = simulated_die_spread(200_000, rng=11)
    assert mean.contains(Fraction(7, 2)) and spread.contains(math.sqrt(35 / 12))
    assert mean.n == spread.n == 200_000


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_convolution_agrees_with_listing_every_roll(n):
    counts: dict[int, int] = {}
    for roll in product(range(1, 7), repeat=n):
        counts[sum(roll)] = counts.get(sum(roll), 0) + 1
    assert dice_sum_distribution(n) == {t: Fraction(c, 6**n) for t, c in sorted(counts.items())}


def test_five_dice_agree_with_the_odds_module():
    assert dice_sum_distribution(5) == sum_distribution(5)


def test_thirty_dice_agree_with_the_inclusion_exclusion_formula():
    n = 30

    def ways(total: int) -> int:  # rolls of n dice summing to total, by inclusion-exclusion
        s = total - n
        return sum(
            (-1) ** k * math.comb(n, k) * math.comb(s - 6 * k + n - 1, n - 1) for k in range(s // 6 + 1)
        )

    assert dice_sum_counts(n) == [ways(t) for t in range(n, 6 * n + 1)]


@pytest.mark.parametrize("n", range(1, 31))
def test_mean_and_variance_add_over_independent_dice(n):
    d = dice_sum_distribution(n)
    assert sum(d.values()) == 1
    assert distribution_mean(d) == sum_mean(n) == Fraction(7 * n, 2)
    assert distribution_variance(d) == sum_variance(n) == Fraction(35 * n, 12)


def test_the_normal_curve_closes_in():
    gaps = [normal_gap(n) for n in (1, 2, 5, 10, 30)]
    assert gaps == sorted(gaps, reverse=True)
    assert gaps[-1] < 0.001 < 0.05 < gaps[0]
    # the curve is a density: it integrates to 1 (trapezoids over ±8 standard deviations)
    grid = np.linspace(-8, 8, 4001)
    assert np.trapezoid(normal_density(grid, 0.0, 1.0), grid) == pytest.approx(1.0, abs=1e-9)


@pytest.mark.parametrize("bad", [0, -1, 2.5, True, "5", 201])
def test_a_bad_number_of_dice_is_refused(bad):
    with pytest.raises(DicePokerError, match="number of dice"):
        check_dice(bad)
    with pytest.raises(DicePokerError):
        dice_sum_figure(bad)


def test_the_figure_shows_the_exact_chances():
    fig = dice_sum_figure(10)
    exact = dice_sum_distribution(10)
    assert list(fig.data[0].x) == list(exact)
    assert list(fig.data[0].y) == [float(p) for p in exact.values()]
    assert "35/6" in dice_sum_figure(2).layout.title.text


def test_the_slider_holds_one_frame_per_number_of_dice():
    fig = dice_sum_slider_figure()
    assert [f.name for f in fig.frames] == ["1", "2", "5", "10", "30"]
    for frame in fig.frames:
        n = int(frame.name)
        assert list(frame.data[0].y) == list(dice_sum_figure(n).data[0].y)
        assert frame.layout.title.text == dice_sum_figure(n).layout.title.text
    with pytest.raises(DicePokerError):
        dice_sum_slider_figure(())


def test_a_games_spread_and_its_figure():
    spread = game_spread("two_part", games=400, seed=5)
    assert spread.agrees
    assert spread.simulated_mean.n == 400
    assert spread.totals.mean() == pytest.approx(spread.simulated_mean.value)
    fig = final_score_figure(spread)
    lines = sorted(shape.x0 for shape in fig.layout.shapes)
    assert lines == pytest.approx([spread.mean - spread.std, spread.mean, spread.mean + spread.std])
    with pytest.raises(DicePokerError):
        game_spread("two_part", games=2)
    with pytest.raises(DicePokerError):
        game_spread("bluff")


@pytest.mark.parametrize("lang", ["ro", "uk", "th"])
def test_the_figures_speak_the_class_language(lang):
    from dicepoker.core.i18n import _, ngettext

    fig = dice_sum_figure(2, lang=lang)
    assert fig.layout.xaxis.title.text == _("total of the dice", lang)
    assert fig.data[1].name == _("normal curve", lang)
    title = ngettext(
        "The sum of {n} die: mean {mean}, variance {variance}, standard deviation {std}",
        "The sum of {n} dice: mean {mean}, variance {variance}, standard deviation {std}",
        2,
        lang,
    )
    assert fig.layout.title.text.startswith(title.split("{")[0])
    slider = dice_sum_slider_figure((1, 2), lang=lang)
    assert slider.layout.sliders[0].currentvalue.prefix.startswith(_("number of dice", lang))
