"""Pictures of spread (lesson 11): the sum of n dice beside the normal curve, and a game's final scores.

Plotly figures returned, never shown; the slider works in a saved notebook too (no kernel needed).

>>> fig = dice_sum_figure(2)
>>> [trace.name for trace in fig.data]
['exact chance', 'normal curve']
>>> float(fig.data[0].y[5]) == 1 / 6  # a total of 7 with two dice
True
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
import plotly.graph_objects as go

from dicepoker.core.errors import DicePokerError
from dicepoker.core.figure_text import speaking_figure
from dicepoker.core.i18n import (
    _,
    display_name,
    fill_message,
    format_message,
    format_number,
    in_language,
    ngettext,
)
from dicepoker.lessons.spread import (
    GameSpread,
    check_dice,
    dice_sum_distribution,
    normal_density,
    sum_mean,
    sum_variance,
)
from dicepoker.ui.figure_style import kit_layout

EXACT_COLOUR = "#1f4e79"
NORMAL_COLOUR = "#b35900"
SLIDER_DICE = (1, 2, 5, 10, 30)


def _sum_traces(n: int) -> tuple[go.Bar, go.Scatter]:
    distribution = dice_sum_distribution(n)
    totals = list(distribution)
    mean, std = float(sum_mean(n)), math.sqrt(sum_variance(n))
    grid = np.linspace(totals[0] - 0.5, totals[-1] + 0.5, 400)
    bars = go.Bar(
        x=totals,
        y=[float(p) for p in distribution.values()],
        name=_("exact chance"),
        marker_color=EXACT_COLOUR,
        customdata=[str(p) for p in distribution.values()],
        hovertemplate="%{x}: %{customdata} = %{y:.3%}<extra></extra>",
    )
    curve = go.Scatter(
        x=grid,
        y=normal_density(grid, mean, std),
        mode="lines",
        name=_("normal curve"),
        line={"color": NORMAL_COLOUR, "width": 2},
        hoverinfo="skip",
    )
    return bars, curve


def _sum_title(n: int) -> str:
    mean, variance = sum_mean(n), sum_variance(n)
    title = ngettext(
        "The sum of {n} die: mean {mean}, variance {variance}, standard deviation {std}",
        "The sum of {n} dice: mean {mean}, variance {variance}, standard deviation {std}",
        n,
    )
    return fill_message(
        title, n=n, mean=str(mean), variance=str(variance), std=format_number(math.sqrt(variance), digits=3)
    )


def _sum_layout(fig: go.Figure, title: str) -> None:
    kit_layout(
        fig,
        title=title,
        xaxis_title=_("total of the dice"),
        yaxis_title=_("chance"),
        yaxis_tickformat=".1%",
        bargap=0.05,
        legend={"orientation": "h", "x": 0, "y": 1.0, "yanchor": "bottom"},
    )


def dice_sum_figure(n: int = 5, lang: str | None = None) -> go.Figure:
    """The exact distribution of the sum of ``n`` dice as bars, the normal curve of the same mean and
    variance over it.

    >>> fig = dice_sum_figure(30)
    >>> len(fig.data[0].x), fig.layout.xaxis.title.text
    (151, 'total of the dice')
    """
    n = check_dice(n)
    with in_language(lang):
        fig = go.Figure(_sum_traces(n))
        _sum_layout(fig, _sum_title(n))
        return speaking_figure(fig)


def dice_sum_slider_figure(dice: Sequence[int] = SLIDER_DICE, lang: str | None = None) -> go.Figure:
    """The sum of n dice beside the normal curve, with a slider over ``dice`` (plotly frames).

    >>> fig = dice_sum_slider_figure()
    >>> [frame.name for frame in fig.frames], len(fig.layout.sliders[0].steps)
    (['1', '2', '5', '10', '30'], 5)
    """
    counts = [check_dice(n) for n in dice]
    if not counts:
        raise DicePokerError(_("the slider needs at least one number of dice"))
    with in_language(lang):
        frames = [
            go.Frame(data=list(_sum_traces(n)), name=str(n), layout={"title": {"text": _sum_title(n)}})
            for n in counts
        ]
        fig = go.Figure(data=frames[0].data, frames=frames)
        _sum_layout(fig, _sum_title(counts[0]))
        steps = [
            {
                "label": str(n),
                "method": "animate",
                "args": [[str(n)], {"mode": "immediate", "frame": {"duration": 0, "redraw": True}}],
            }
            for n in counts
        ]
        fig.update_layout(
            sliders=[{"active": 0, "steps": steps, "currentvalue": {"prefix": _("number of dice") + ": "}}],
            xaxis={"autorange": True},
        )
        return speaking_figure(fig)


def final_score_figure(spread: GameSpread, bin_size: int = 10, lang: str | None = None) -> go.Figure:
    """A seeded simulation's final scores under optimal play, with the exact mean and mean ± one
    standard deviation marked.

    >>> from dicepoker.lessons.spread import game_spread
    >>> fig = final_score_figure(game_spread("two_part", games=50, seed=1))
    >>> len(fig.data), len(fig.layout.shapes)
    (1, 3)
    """
    with in_language(lang):
        fig = go.Figure(
            go.Histogram(
                x=spread.totals,
                xbins={"size": bin_size},
                histnorm="percent",
                marker_color=EXACT_COLOUR,
                opacity=0.75,
                name=_("simulated games"),
            )
        )
        mean, std = spread.mean, spread.std
        fig.add_vline(
            x=mean,
            line_color=NORMAL_COLOUR,
            line_width=3,
            annotation_text=format_message("exact mean {mean}", mean=format_number(mean, digits=4)),
        )
        for sign in (-1, 1):
            fig.add_vline(
                x=mean + sign * std,
                line_color=NORMAL_COLOUR,
                line_dash="dash",
                annotation_text=format_message("mean ± {std}", std=format_number(std, digits=4))
                if sign > 0
                else "",
                annotation_position="top left" if sign < 0 else "top right",
            )
        games = len(spread.totals)
        title = ngettext(
            "Final scores of optimal play in {game}: {games} simulated game",
            "Final scores of optimal play in {game}: {games} simulated games",
            games,
        )
        kit_layout(
            fig,
            title=fill_message(title, game=display_name("game title", spread.title), games=games),
            xaxis_title=_("final score"),
            yaxis_title=_("% of games"),
            showlegend=False,
        )
        return speaking_figure(fig)
