"""Pictures of fairness (lesson 13): the chi-square distribution beside simulated fair dice, the power
of the test, and the Dirichlet posterior as the rolls come in.

>>> fig = chi_square_figure([20, 10, 10, 10, 10, 0], simulations=2000, rng=1)
>>> [trace.name for trace in fig.data]
['simulated fair dice', 'chi-square, 5 degrees of freedom']
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import numpy as np
import plotly.graph_objects as go
from scipy import stats

from dicepoker.core.figure_text import speaking_figure
from dicepoker.core.i18n import _, format_message, format_number, format_percent, in_language
from dicepoker.core.randomness import generator
from dicepoker.lessons.fairness import (
    DEGREES_OF_FREEDOM,
    chi_square_p_value,
    chi_square_statistic,
    dirichlet_posterior,
    face_counts,
    loaded_die,
    power,
    simulated_power,
    simulated_statistics,
)
from dicepoker.lessons.spread import check_rolls
from dicepoker.ui.figure_style import kit_layout

FACE_COLOURS = ("#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b")
LOAD_COLOURS = {0.05: "#9ecae1", 0.1: "#3182bd", 0.2: "#08519c"}


def _faded(colour: str, alpha: float = 0.18) -> str:
    red, green, blue = (int(colour[k : k + 2], 16) for k in (1, 3, 5))
    return f"rgba({red}, {green}, {blue}, {alpha})"


def p_value_text(p: float, lang: str | None = None) -> str:
    """A p-value with three significant digits (at most eight decimals), as the locale writes it.

    >>> p_value_text(0.00125), p_value_text(0.4567), p_value_text(0.0), p_value_text(0.5, lang="ro")
    ('0.00125', '0.457', '0', '0,5')
    """
    places = 3 if p <= 0 else min(8, max(3, 2 - math.floor(math.log10(p))))
    return format_number(p, lang, digits=places)


def statistic_bins(rolls: int, top: float, bars: int = 60) -> dict[str, float]:
    """Histogram bins for the statistic of ``rolls`` rolls. It is ``(6 Σ c² - n²)/n`` and ``Σ c²`` keeps
    the parity of ``n``, so its values lie ``12/n`` apart, from ``((6n - n²) mod 12)/n`` on: each bin
    holds a whole number of them, centred (bins of another width hold one or two values by turns, and
    the bars zigzag).

    >>> statistic_bins(60, 27.0)
    {'start': -0.1, 'size': 0.4}
    """
    step = 12 / rolls
    first = (6 * rolls - rolls * rolls) % 12 / rolls
    return {"start": first - step / 2, "size": step * max(1, round(top / bars / step))}


def chi_square_figure(
    counts: Sequence[int], simulations: int = 10_000, rng: Any = None, lang: str | None = None
) -> go.Figure:
    """The statistics of simulated fair dice (histogram) under the chi-square curve, the observed
    statistic marked with both p-values.

    >>> fig = chi_square_figure([10] * 6, simulations=500, rng=2)
    >>> len(fig.layout.shapes)
    1
    """
    with in_language(lang):
        observed = chi_square_statistic(counts)
        rolls = int(np.sum(counts))
        fair = simulated_statistics(rolls, simulations, rng)
        top = max(float(np.quantile(fair, 0.999)), observed) * 1.1
        grid = np.linspace(0, top, 300)
        fig = go.Figure(
            go.Histogram(
                x=fair,
                histnorm="probability density",
                name=_("simulated fair dice"),
                marker_color="#9ecae1",
                xbins=statistic_bins(rolls, top),
            )
        )
        fig.add_scatter(
            x=grid,
            y=stats.chi2.pdf(grid, DEGREES_OF_FREEDOM),
            mode="lines",
            line={"color": "#b35900", "width": 2},
            name=_("chi-square, 5 degrees of freedom"),
        )
        simulated = float((fair >= observed - 1e-9).mean())
        fig.add_vline(
            x=observed,
            line_color="#1f4e79",
            line_width=3,
            annotation_text=format_message(
                "statistic {value}: p = {theory} (curve), {simulated} (simulated)",
                value=format_number(observed, digits=3),
                theory=p_value_text(chi_square_p_value(counts)),
                simulated=p_value_text(simulated),
            ),
        )
        kit_layout(
            fig,
            title=format_message(
                "How far a fair die strays in {rolls:,} rolls: the chi-square statistic", rolls=rolls
            ),
            xaxis_title=_("chi-square statistic"),
            yaxis_title=_("density"),
            legend={"orientation": "h", "x": 0, "y": 1.0, "yanchor": "bottom"},
        )
        return speaking_figure(fig)


def power_figure(
    extras: Sequence[float] = (0.05, 0.1, 0.2),
    rolls: Sequence[int] = (60, 120, 250, 500, 1000, 2000, 4000, 8000, 16000, 32000),
    alpha: float = 0.05,
    simulations: int = 1000,
    rng: Any = None,
    lang: str | None = None,
) -> go.Figure:
    """The power of the test against the number of rolls, for dice loaded by each of ``extras``:
    the large-sample theory's curve (:func:`~.fairness.power`, a few points high near 80%) and
    simulated points with 95% intervals (``simulations=0`` leaves the points out).

    >>> fig = power_figure(extras=(0.2,), rolls=(100, 1000), simulations=200, rng=1)
    >>> [trace.name for trace in fig.data]
    ['loaded by 20%', 'loaded by 20%: simulated']
    """
    rolls = [check_rolls(n) for n in rolls]
    rng = generator(rng=rng)
    with in_language(lang):
        fig = go.Figure()
        for extra in extras:
            die = loaded_die(6, extra)
            colour = LOAD_COLOURS.get(extra, "#555555")
            name = format_message("loaded by {extra}", extra=format_percent(extra, digits=0))
            fig.add_scatter(
                x=rolls, y=[power(die, n, alpha) for n in rolls], mode="lines", name=name, line_color=colour
            )
            if simulations:
                points = [simulated_power(die, n, alpha, simulations, rng) for n in rolls]
                fig.add_scatter(
                    x=rolls,
                    y=[p.value for p in points],
                    error_y={
                        "type": "data",
                        "symmetric": False,
                        "array": [p.high - p.value for p in points],
                        "arrayminus": [p.value - p.low for p in points],
                    },
                    mode="markers",
                    marker_color=colour,
                    name=format_message("{name}: simulated", name=name),
                )
        fig.add_hline(y=0.8, line_dash="dot", line_color="#888888")
        kit_layout(
            fig,
            title=format_message(
                "How many rolls catch a loaded die: the power of the test at level {alpha}",
                alpha=format_percent(alpha, digits=0),
            ),
            xaxis={"title": _("rolls"), "type": "log"},
            yaxis={
                "title": _("chance the test calls the die loaded"),
                "tickformat": ".0%",
                "range": [0, 1.02],
            },
        )
        return speaking_figure(fig)


def posterior_figure(
    rolls: Sequence[int] | np.ndarray, prior: float = 1.0, level: float = 0.95, lang: str | None = None
) -> go.Figure:
    """Each face's posterior mean and credible band as the rolls come in (one point per roll).

    >>> fig = posterior_figure([6, 6, 1, 2])
    >>> len(fig.data), [round(float(y), 4) for y in fig.data[-1].y]  # face 6's mean after 1..4 rolls
    (12, [0.2857, 0.375, 0.3333, 0.3])
    """
    rolls = np.asarray(rolls, dtype=np.int64)
    face_counts(rolls)  # refuses faces outside 1..6
    n = np.arange(1, len(rolls) + 1)
    with in_language(lang):
        fig = go.Figure()
        for face in range(1, 7):
            seen = np.cumsum(rolls == face)
            a, b = prior + seen, prior * 5 + (n - seen)
            tail = (1 - level) / 2
            low, high = stats.beta.ppf(tail, a, b), stats.beta.isf(tail, a, b)
            colour = FACE_COLOURS[face - 1]
            label = format_message("face {face}", face=face)
            fig.add_scatter(
                x=np.concatenate([n, n[::-1]]),
                y=np.concatenate([low, high[::-1]]),
                fill="toself",
                fillcolor=_faded(colour),
                line={"width": 0},
                hoverinfo="skip",
                showlegend=False,
                legendgroup=label,
            )
            fig.add_scatter(
                x=n, y=a / (a + b), mode="lines", name=label, line_color=colour, legendgroup=label
            )
        fig.add_hline(y=1 / 6, line_dash="dot", line_color="#555555")
        kit_layout(
            fig,
            title=format_message(
                "What the rolls say about each face: posterior mean and {level} credible band",
                level=format_percent(level, digits=0),
            ),
            xaxis_title=_("rolls so far"),
            yaxis={"title": _("chance of the face"), "tickformat": ".0%", "rangemode": "tozero"},
        )
        return speaking_figure(fig)


def posterior_now(
    counts: Sequence[int], prior: float = 1.0, level: float = 0.95
) -> list[tuple[float, float, float]]:
    """(mean, low, high) of each face's posterior after ``counts``: the numbers the widget shows."""
    post = dirichlet_posterior(counts, prior)
    return [(m, lo, hi) for m, (lo, hi) in zip(post.mean, post.interval(level), strict=True)]
