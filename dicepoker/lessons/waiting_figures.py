"""Pictures of waiting (lesson 12): the geometric wait for a six, and the waits for five of a kind
and for a large straight, exact beside simulated.

>>> fig = six_wait_figure(k_max=10)
>>> [trace.name for trace in fig.data]
['exact chance']
>>> float(fig.data[0].y[0]) == 1 / 6
True
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np
import plotly.graph_objects as go

from dicepoker.core.figure_text import speaking_figure
from dicepoker.core.i18n import _, fill_message, format_message, format_number, in_language
from dicepoker.lessons.spread import check_rolls
from dicepoker.lessons.waiting import (
    five_of_a_kind_chain,
    large_straight_chain,
    six_wait_mean,
    six_wait_probability,
)
from dicepoker.ui.figure_style import kit_layout

EXACT_COLOUR = "#1f4e79"
SIMULATED_COLOUR = "#b35900"
WAIT_COLOURS = {"five of a kind": "#1f4e79", "large straight": "#1b7f3b"}


def _frequencies(waits: np.ndarray, k_max: int) -> np.ndarray:
    counts = np.bincount(np.asarray(waits, dtype=np.int64), minlength=k_max + 1)[1 : k_max + 1]
    return counts / len(waits)


def six_wait_figure(
    k_max: int = 30, simulated: np.ndarray | None = None, lang: str | None = None
) -> go.Figure:
    """``P(N = k)`` for the rolls until a six, as bars; ``simulated`` waits add their frequencies.

    >>> from dicepoker.lessons.waiting import simulate_six_waits
    >>> fig = six_wait_figure(20, simulate_six_waits(1000, rng=2))
    >>> [trace.name for trace in fig.data], len(fig.data[1].y)
    (['exact chance', 'simulated (1,000 games)'], 20)
    """
    k_max = check_rolls(k_max)
    with in_language(lang):
        ks = list(range(1, k_max + 1))
        exact = [six_wait_probability(k) for k in ks]
        fig = go.Figure(
            go.Bar(
                x=ks,
                y=[float(p) for p in exact],
                name=_("exact chance"),
                marker_color=EXACT_COLOUR,
                customdata=[str(p) for p in exact],
                hovertemplate="%{x}: %{customdata} = %{y:.2%}<extra></extra>",
            )
        )
        if simulated is not None:
            fig.add_scatter(
                x=ks,
                y=_frequencies(simulated, k_max),
                mode="markers",
                marker={"color": SIMULATED_COLOUR, "size": 8},
                name=format_message("simulated ({games:,} games)", games=len(simulated)),
            )
        fig.add_vline(
            x=float(six_wait_mean()),
            line_dash="dash",
            line_color=SIMULATED_COLOUR,
            annotation_text=format_message("mean {mean}", mean=str(six_wait_mean())),
        )
        kit_layout(
            fig,
            title=_("Rolls until the first six: P(N = k) = (5/6)^(k-1) × 1/6"),
            xaxis_title=_("roll on which the first six comes"),
            yaxis_title=_("chance"),
            yaxis_tickformat=".0%",
            legend={"orientation": "h", "x": 0, "y": 1.0, "yanchor": "bottom"},
        )
        return speaking_figure(fig)


def waits_figure(
    k_max: int = 40, simulated: Mapping[str, np.ndarray] | None = None, lang: str | None = None
) -> go.Figure:
    """``P(N <= k)`` for the waits for five of a kind and for a large straight (exact lines), with
    the exact mean of each marked; ``simulated`` waits (by goal) add their running frequencies.

    >>> fig = waits_figure(20)
    >>> [trace.name for trace in fig.data]
    ['five of a kind: mean 11.0902 rolls', 'large straight: mean 7.3998 rolls']
    >>> fig.data[0].y[3] == float(five_of_a_kind_chain().chance_within(3))
    True
    """
    k_max = check_rolls(k_max)
    chains = {"five of a kind": five_of_a_kind_chain(), "large straight": large_straight_chain()}
    with in_language(lang):
        names = {"five of a kind": _("five of a kind"), "large straight": _("large straight")}
        fig = go.Figure()
        for goal, chain in chains.items():
            within = chain.chances_within(k_max)
            mean = chain.expected_rolls()
            colour = WAIT_COLOURS[goal]
            fig.add_scatter(
                x=list(range(k_max + 1)),
                y=[float(p) for p in within],
                mode="lines+markers",
                line={"color": colour, "shape": "hv"},
                name=format_message(
                    "{goal}: mean {mean} rolls", goal=names[goal], mean=format_number(mean, digits=4)
                ),
                customdata=[str(p) for p in within],
                hovertemplate="%{x}: %{y:.2%}<extra></extra>",
            )
            fig.add_vline(x=float(mean), line_dash="dash", line_color=colour)
            if simulated and goal in simulated:
                waits = np.asarray(simulated[goal])
                fig.add_scatter(
                    x=list(range(k_max + 1)),
                    y=[0.0, *np.cumsum(_frequencies(waits, k_max))],
                    mode="markers",
                    marker={"color": colour, "symbol": "x", "size": 7},
                    name=fill_message(
                        _("{goal}: simulated ({games:,} games)"), goal=names[goal], games=len(waits)
                    ),
                )
        kit_layout(
            fig,
            title=_("How long the wait lasts: the chance of the goal within k rolls"),
            xaxis_title=_("rolls"),
            yaxis_title=_("chance of the goal within k rolls"),
            yaxis_tickformat=".0%",
            legend={"orientation": "h", "x": 0, "y": 1.0, "yanchor": "bottom"},
        )
        return speaking_figure(fig)
