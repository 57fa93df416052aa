"""Lesson 13's fairness test: the loaded die, the chi-square test and its power, the Dirichlet
posterior (each against scipy.stats or a simulation), the figures and the loaded-die widget."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import numpy as np
import pytest
from scipy import stats

from dicepoker import DicePokerError
from dicepoker.core.stats import wilson_interval, z_for
from dicepoker.games.scorecard.coach_panel import PLOTLY_MIME
from dicepoker.lessons.fairness import (
    FAIR,
    LoadedDie,
    chi_square_p_value,
    chi_square_statistic,
    critical_value,
    dirichlet_posterior,
    exact_p_value,
    face_counts,
    fair_die,
    loaded_die,
    power,
    rolls_to_catch,
    secret_die,
    simulated_p_value,
    simulated_power,
    simulated_statistics,
)
from dicepoker.lessons.fairness_figures import (
    chi_square_figure,
    posterior_figure,
    power_figure,
    statistic_bins,
)
from dicepoker.lessons.fairness_widget import LoadedDieWidget, loaded_die_widget

Z99 = z_for(0.99)


def test_a_loaded_die_is_its_probabilities():
    die = loaded_die(2, 0.1)
    assert die.probabilities[1] == pytest.approx(1.1 / 6)
    assert sum(die.probabilities) == pytest.approx(1.0)
    assert die.loaded_face == 2 and not die.is_fair
    assert fair_die().loaded_face is None and loaded_die(4, 0).is_fair
    with pytest.raises(AttributeError):  # frozen
        die.probabilities = FAIR  # type: ignore[misc]


@pytest.mark.parametrize(
    "bad", [(0.5, 0.5), (0.5, 0.5, 0.5, 0, 0, 0), (-0.1, 0.3, 0.2, 0.2, 0.2, 0.2), (float("nan"),) * 6]
)
def test_impossible_dice_are_refused(bad):
    with pytest.raises(DicePokerError):
        LoadedDie(bad)


@pytest.mark.parametrize(("face", "extra"), [(0, 0.1), (7, 0.1), (True, 0.1), (3, -0.1), (3, 6), (3, "a")])
def test_impossible_loads_are_refused(face, extra):
    with pytest.raises(DicePokerError):
        loaded_die(face, extra)


def test_rolls_follow_the_probabilities():
    die = loaded_die(5, 0.5)
    counts = face_counts(die.roll(60_000, rng=3))
    for c, p in zip(counts, die.probabilities, strict=True):
        assert wilson_interval(int(c), 60_000, z=Z99).contains(p)
    assert np.array_equal(die.roll(50, rng=8), die.roll(50, rng=8))


def test_the_secret_die_depends_only_on_the_seed():
    dice = [secret_die(s) for s in range(300)]
    assert dice == [secret_die(s) for s in range(300)]
    loaded = [d for d in dice if not d.is_fair]
    assert 100 < len(loaded) < 200
    assert {d.loaded_face for d in loaded} == set(range(1, 7))
    assert all(secret_die(s, chance_loaded=0).is_fair for s in range(20))
    with pytest.raises(DicePokerError):
        secret_die(-1)


@pytest.mark.parametrize("seed", range(6))
def test_statistic_and_p_value_are_scipys_chisquare(seed):
    counts = np.random.default_rng(seed).integers(0, 40, size=6) + 1
    result = stats.chisquare(counts)
    assert chi_square_statistic(counts) == pytest.approx(result.statistic, rel=1e-12)
    assert chi_square_p_value(counts) == pytest.approx(result.pvalue, rel=1e-10)


def test_the_p_value_by_simulation_agrees_with_the_curve():
    counts = face_counts(loaded_die(1, 0.2).roll(600, rng=4))
    estimate = simulated_p_value(counts, simulations=20_000, rng=5)
    low, high = wilson_interval(estimate.value * estimate.n, estimate.n, z=Z99).low, estimate.high
    assert low - 0.01 <= chi_square_p_value(counts) <= high + 0.01  # the curve is a large-sample law


def test_a_fair_die_is_called_loaded_as_often_as_the_level():
    assert critical_value(0.05) == pytest.approx(11.0705, abs=1e-4)
    caught = simulated_power(fair_die(), 300, simulations=4000, rng=6)
    assert wilson_interval(caught.value * caught.n, caught.n, z=Z99).contains(0.05)


@pytest.mark.parametrize(("extra", "rolls"), [(0.2, 800), (0.2, 1600), (0.1, 3000), (0.05, 12_000)])
def test_the_power_by_theory_and_by_simulation(extra, rolls):
    die = loaded_die(6, extra)
    simulated = simulated_power(die, rolls, simulations=3000, rng=int(extra * 1000) + rolls)
    interval = wilson_interval(simulated.value * simulated.n, simulated.n, z=Z99)
    # the noncentral chi-square is a large-sample law: a few points high, never more than 0.05
    assert interval.low - 0.05 <= power(die, rolls) <= interval.high + 0.05
    assert power(die, rolls) >= interval.low


def test_rolls_needed_to_catch_a_loaded_die():
    needed = {extra: rolls_to_catch(extra) for extra in (0.05, 0.1, 0.2)}
    assert needed == {0.05: 25656, 0.1: 6414, 0.2: 1604}
    for extra, n in needed.items():
        die = loaded_die(6, extra)
        assert power(die, n) >= 0.8 > power(die, n - 1)
        caught = simulated_power(die, n, simulations=3000, rng=n)
        assert 0.72 < caught.value < 0.82
    with pytest.raises(DicePokerError):
        rolls_to_catch(0.0)


def test_the_posterior_is_scipys_dirichlet():
    counts = [12, 3, 7, 9, 0, 20]
    post = dirichlet_posterior(counts, prior=0.5)
    alpha = np.array(counts) + 0.5
    assert post.mean == pytest.approx(stats.dirichlet.mean(alpha))
    draws = stats.dirichlet.rvs(alpha, size=200_000, random_state=np.random.default_rng(1))
    for face, (low, high) in enumerate(post.interval(0.9)):
        a, b = alpha[face], alpha.sum() - alpha[face]
        assert (low, high) == pytest.approx(stats.beta.interval(0.9, a, b))
        inside = ((draws[:, face] >= low) & (draws[:, face] <= high)).mean()
        assert inside == pytest.approx(0.9, abs=0.005)
    above = (draws[:, 5] > 1 / 6).mean()
    assert post.chance_face_above(6) == pytest.approx(above, abs=0.005)
    with pytest.raises(DicePokerError):
        dirichlet_posterior([1, 2, 3])
    with pytest.raises(DicePokerError):
        dirichlet_posterior([1] * 6, prior=0)


def test_bad_counts_are_refused():
    for bad in ([1, 2], [0] * 6, [-1, 2, 3, 4, 5, 6], [0.5, 1, 1, 1, 1, 1]):
        with pytest.raises(DicePokerError):
            chi_square_statistic(bad)
    with pytest.raises(DicePokerError, match="1 to 6"):
        face_counts([1, 7])


def test_the_figures_show_the_computed_numbers():
    counts = [20, 10, 10, 10, 10, 0]
    fig = chi_square_figure(counts, simulations=2000, rng=1)
    assert fig.layout.shapes[0].x0 == pytest.approx(20.0)
    assert "0.00125" in fig.layout.annotations[0].text
    fig = power_figure(extras=(0.1,), rolls=(500, 5000), simulations=0)
    assert list(fig.data[0].y) == [power(loaded_die(6, 0.1), n) for n in (500, 5000)]
    rolls = loaded_die(3, 0.5).roll(200, rng=2)
    fig = posterior_figure(rolls)
    means = [fig.data[2 * f + 1].y[-1] for f in range(6)]
    assert means == pytest.approx(dirichlet_posterior(face_counts(rolls)).mean)


def test_the_widget_rolls_tests_decides_and_reveals():
    w = loaded_die_widget(seed=11, batch=60)
    assert w.area.outputs == () and "Roll" in w.table.value
    with pytest.raises(DicePokerError, match="secret"):
        w.die  # noqa: B018
    for _ in range(3):
        w.roll_button.click()
    assert int(w.counts.sum()) == 180 and len(w.rolls) == 180
    shown = w.test.value
    assert f"{chi_square_statistic(w.counts):.3f}".rstrip("0") in shown
    assert PLOTLY_MIME in w.area.outputs[0]["data"]
    same = LoadedDieWidget(seed=11, batch=60)
    for _ in range(3):
        same.roll_button.click()
    assert np.array_equal(same.rolls, w.rolls)  # the teacher's seed replays the class's rolls
    w.fair_button.click()
    assert w.guess == "fair"
    w.reveal_button.click()
    assert w.revealed and w.die == secret_die(11)
    right = "right" if w.die.is_fair else "wrong"
    assert f"Your decision was {right}." in w.message.value
    assert w.fair_button.disabled and w.loaded_button.disabled and w.reveal_button.disabled
    w.decide("loaded")
    assert w.guess == "fair"
    w.close()


def test_a_loaded_secret_die_is_caught_with_enough_rolls():
    seed = next(s for s in range(100) if not secret_die(s).is_fair and max(secret_die(s).probabilities) > 0.2)
    w = LoadedDieWidget(seed=seed, batch=600)
    for _ in range(5):
        w.roll_button.click()
    assert chi_square_p_value(w.counts) < 0.01
    w.loaded_button.click()
    w.reveal_button.click()
    assert "was loaded" in w.message.value and "Your decision was right." in w.message.value


@pytest.mark.parametrize("lang", ["ro", "uk", "th"])
def test_the_widget_and_figures_speak_the_class_language(lang):
    from dicepoker.core.i18n import _

    w = LoadedDieWidget(seed=2, batch=10, lang=lang)
    assert w.reveal_button.description == _("Reveal the die", lang)
    w.roll_button.click()
    assert w.reveal_button.description == _("Reveal the die", lang)
    w.reveal_button.click()
    assert w.message.value.startswith(_("The die was fair.", lang)[:8]) or not secret_die(2).is_fair
    fig = posterior_figure([1, 2, 3], lang=lang)
    assert fig.layout.xaxis.title.text == _("rolls so far", lang)


@pytest.mark.parametrize(
    "counts", [[3, 0, 1, 1, 0, 2], [7, 0, 0, 0, 0, 0], [1, 1, 1, 1, 1, 2], [2, 1, 0, 3, 0, 1]]
)
def test_the_exact_p_value_counts_every_sequence_of_rolls(counts):
    rolls = sum(counts)
    observed = chi_square_statistic(counts)
    every = np.array(list(itertools.product(range(1, 7), repeat=rolls)))  # all 6^n sequences
    every_counts = (every[:, :, None] == np.arange(1, 7)).sum(axis=1)
    hits = int((chi_square_statistic(every_counts) >= observed - 1e-9).sum())
    assert exact_p_value(counts) == Fraction(hits, 6**rolls)


def test_the_exact_p_value_beside_the_curve_and_a_simulation():
    counts = [7, 9, 8, 11, 8, 17]
    exact = exact_p_value(counts)
    assert exact_p_value([10] * 6) == 1
    assert simulated_p_value(counts, 20_000, rng=3).contains(float(exact))
    assert abs(float(exact) - chi_square_p_value(counts)) < 0.01  # the curve is an approximation


def test_the_exact_p_value_refuses_what_is_no_count():
    for bad in ([1, 2, 3], [[1] * 6, [2] * 6], [0] * 6, [1, 1, 1, 1, 1, -1]):
        with pytest.raises(DicePokerError):
            exact_p_value(bad)


@pytest.mark.parametrize("rolls", [6, 60, 61, 100, 601])
def test_each_histogram_bin_is_centred_on_the_values_the_statistic_takes(rolls):
    bins = statistic_bins(rolls, top=30.0)
    values = np.unique(np.round(simulated_statistics(rolls, 3000, rng=rolls), 9))
    steps = (values - bins["start"]) / (12 / rolls)
    assert np.allclose(steps, np.round(steps - 0.5) + 0.5)  # half a step past a bin edge, never on one
    assert math.isclose(bins["size"] / (12 / rolls), round(bins["size"] / (12 / rolls)))
