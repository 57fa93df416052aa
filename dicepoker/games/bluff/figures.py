"""Figures of ``bluff``: plotly figures returned, never shown (leave one as a cell's last expression).

>>> fig = bluff_category_figure()
>>> [trace.name for trace in fig.data]
['exactly, one roll', 'at least, up to 3 rolls']
>>> bluff_category_figure(lang="uk").data[0].y[-1]
'П’ять однакових'
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import pandas as pd
import plotly.graph_objects as go

from dicepoker.core.figure_text import speaking_figure
from dicepoker.core.i18n import (
    _,
    display_name,
    fill_message,
    format_message,
    format_percent,
    in_language,
    ngettext,
)
from dicepoker.games import bot_name
from dicepoker.games.bluff.categories import BLUFF_CATEGORIES
from dicepoker.games.bluff.names import hand_text
from dicepoker.games.bluff.odds import (
    Start,
    bayes_update,
    category_probabilities,
    probability_holds,
    reach_probability,
)
from dicepoker.games.bluff.rules import ALL_HANDS, BLUFF, BluffRules, Hand
from dicepoker.ui.figure_style import kit_layout

ONE_ROLL_COLOUR = "#7f9fbf"
THREE_ROLLS_COLOUR = "#1f4e79"
INHERITED_COLOUR = "#c2410c"
CATEGORY_COLOURS = (
    "#9ca3af",
    "#60a5fa",
    "#2563eb",
    "#16a34a",
    "#a855f7",
    "#7c3aed",
    "#dc2626",
    "#ea580c",
    "#111827",
)


def _percent(p: Fraction | float) -> str:
    return format_percent(p, digits=2)


def bluff_category_figure(*, rules: BluffRules = BLUFF, lang: str | None = None) -> go.Figure:
    """Each category: the chance one roll reads exactly so, and of holding at least it after up to
    ``rules.opening_rolls`` rolls with the best keeping (paired bars, low to high).

    >>> fig = bluff_category_figure()
    >>> fig.data[0].x[-1] == 6 / 7776
    True
    """
    with in_language(lang):
        one = category_probabilities()["probability"]
        lowest = {c: next(h for h in ALL_HANDS if h.category == c) for c in BLUFF_CATEGORIES}
        reach = {c: reach_probability(lowest[c], rules=rules) for c in BLUFF_CATEGORIES}
        up_to = ngettext("at least, up to {n} roll", "at least, up to {n} rolls", rules.opening_rolls)
        fig = go.Figure()
        for label, values, colour in (
            (_("exactly, one roll"), [one[c] for c in BLUFF_CATEGORIES], ONE_ROLL_COLOUR),
            (
                fill_message(up_to, n=rules.opening_rolls),
                [reach[c] for c in BLUFF_CATEGORIES],
                THREE_ROLLS_COLOUR,
            ),
        ):
            fig.add_bar(
                name=label,
                y=[display_name("bluff hand", c) for c in BLUFF_CATEGORIES],
                x=[float(v) for v in values],
                orientation="h",
                marker_color=colour,
                customdata=[[str(v), _percent(v)] for v in values],
                hovertemplate="%{y}: %{customdata[0]} = %{customdata[1]}<extra>" + label + "</extra>",
            )
        kit_layout(
            fig,
            title=_("The bluff hands, low to high"),
            xaxis_title=_("probability"),
            barmode="group",
            height=460,
            legend={"orientation": "h", "y": -0.15},
        )
        return speaking_figure(fig)


def bluff_reach_figure(
    starts: Sequence[Start] = (),
    *,
    rules: BluffRules = BLUFF,
    include_one_roll: bool = True,
    lang: str | None = None,
) -> go.Figure:
    """Every announcement in order against its chance of being reached: one roll, a fresh cup
    (up to ``rules.opening_rolls`` rolls), and each inherited cup in ``starts`` (up to
    ``rules.reroll_rounds`` rerolls).

    >>> fig = bluff_reach_figure(["66612"])
    >>> [trace.name for trace in fig.data]
    ['one roll', 'fresh cup, up to 3 rolls', 'cup 66612, up to 2 rerolls']
    """
    with in_language(lang):
        names = [hand_text(h) for h in ALL_HANDS]
        series: list[tuple[str, list[Fraction], str]] = []
        if include_one_roll:
            series.append(
                (
                    _("one roll"),
                    [reach_probability(h, rolls=1, rules=rules) for h in ALL_HANDS],
                    ONE_ROLL_COLOUR,
                )
            )
        fresh = ngettext("fresh cup, up to {n} roll", "fresh cup, up to {n} rolls", rules.opening_rolls)
        series.append(
            (
                fill_message(fresh, n=rules.opening_rolls),
                [reach_probability(h, rules=rules) for h in ALL_HANDS],
                THREE_ROLLS_COLOUR,
            )
        )
        for start in starts:
            label = fill_message(
                ngettext(
                    "cup {dice}, up to {n} reroll", "cup {dice}, up to {n} rerolls", rules.reroll_rounds
                ),
                dice=start,
                n=rules.reroll_rounds,
            )
            series.append(
                (label, [reach_probability(h, start, rules=rules) for h in ALL_HANDS], INHERITED_COLOUR)
            )
        fig = go.Figure()
        for label, values, colour in series:
            fig.add_scatter(
                name=label,
                x=names,
                y=[float(v) for v in values],
                mode="lines+markers",
                line={"color": colour, "shape": "hv"},
                marker={"size": 5, "color": [CATEGORY_COLOURS[h.category_rank] for h in ALL_HANDS]},
                customdata=[[str(v), _percent(v)] for v in values],
                hovertemplate="%{x}: %{customdata[0]} = %{customdata[1]}<extra>" + label + "</extra>",
            )
        kit_layout(
            fig,
            title=_("How likely is an announcement reached?"),
            yaxis_title=_("probability of holding at least it"),
            xaxis={"tickangle": -60, "tickfont": {"size": 9}},
            height=520,
            legend={"orientation": "h", "y": 1.08},
        )
        return speaking_figure(fig)


def bayes_figure(
    announcement: Hand | str,
    throws: Sequence[int] = (),
    start: Start = None,
    *,
    points: int = 21,
    lang: str | None = None,
) -> go.Figure:
    """P(true | announced) as the bluff rate goes from 0 (nobody bluffs) to 1 (everybody announces it).

    >>> fig = bayes_figure("four 6s", (2,), "66612")
    >>> fig.data[0].y[0], round(fig.data[0].y[-1], 4)
    (1.0, 0.3056)
    """
    with in_language(lang):
        prior = probability_holds(announcement, throws, start)
        rates = [Fraction(i, points - 1) for i in range(points)]
        posterior = [bayes_update(prior, b) for b in rates]
        fig = go.Figure()
        fig.add_scatter(
            name=format_message("{p}(true | announced)", p="P"),
            x=[float(b) for b in rates],
            y=[float(p) for p in posterior],
            mode="lines+markers",
            line={"color": THREE_ROLLS_COLOUR},
            customdata=[[str(p), _percent(p)] for p in posterior],
            hovertemplate=format_message(
                "bluff rate {rate}: {fraction} = {percent}",
                rate="%{x:.2f}",
                fraction="%{customdata[0]}",
                percent="%{customdata[1]}",
            )
            + "<extra></extra>",
        )
        fig.add_hline(
            y=float(prior),
            line_dash="dash",
            line_color=INHERITED_COLOUR,
            annotation_text=format_message(
                "prior {p}(true) = {fraction} ≈ {value:.3f}", p="P", fraction=str(prior), value=float(prior)
            ),
        )
        kit_layout(
            fig,
            title=format_message("Is '{hand}' true? Bayes' rule", hand=hand_text(announcement)),
            xaxis_title=_("bluff rate: chance a player without the hand announces it anyway"),
            yaxis_title=_("probability the announcement is true"),
            yaxis_range=[0, 1.05],
            height=420,
        )
        return speaking_figure(fig)


def tournament_figure(table: pd.DataFrame, *, title: str | None = None, lang: str | None = None) -> go.Figure:
    """Win rates of a :func:`~dicepoker.games.bluff.bots.bluff_tournament` as bars with their confidence
    intervals, and a dashed line at the fair share (one over the number of bots). ``title`` is kept as
    given; without one, "Win rates with 95% confidence intervals" in the figure's language.

    >>> import pandas as pd
    >>> t = pd.DataFrame({"win_rate": [0.7, 0.3], "ci_low": [0.6, 0.2], "ci_high": [0.8, 0.4]}, ["a", "b"])
    >>> tournament_figure(t).data[0].error_y.array[0]
    0.1
    """
    with in_language(lang):
        rate = table["win_rate"].astype(float)
        fig = go.Figure()
        fig.add_bar(
            x=[bot_name(str(i)) for i in table.index],
            y=list(rate),
            marker_color=THREE_ROLLS_COLOUR,
            error_y={
                "type": "data",
                "symmetric": False,
                "array": [round(v, 12) for v in table["ci_high"].astype(float) - rate],
                "arrayminus": [round(v, 12) for v in rate - table["ci_low"].astype(float)],
            },
            hovertemplate="%{x}: %{y:.1%}<extra></extra>",
        )
        fig.add_hline(
            y=1 / len(table), line_dash="dash", line_color="#6b7280", annotation_text=_("fair share")
        )
        kit_layout(
            fig,
            title=_("Win rates with 95% confidence intervals") if title is None else title,
            yaxis_title=_("win rate"),
            yaxis_range=[0, 1],
            height=400,
        )
        return speaking_figure(fig)


def bluff_rate_figure(sweep: pd.DataFrame, *, lang: str | None = None) -> go.Figure:
    """Win rate against bluff rate (from :func:`~.bots.bluff_rate_sweep`), with the CI band.

    >>> import pandas as pd
    >>> s = pd.DataFrame({"win_rate": [0.8, 0.6], "ci_low": [0.7, 0.5], "ci_high": [0.9, 0.7]}, [0.0, 0.5])
    >>> len(bluff_rate_figure(s).data)
    3
    """
    with in_language(lang):
        x = [float(v) for v in sweep.index]
        fig = go.Figure()
        fig.add_scatter(
            x=x, y=list(sweep["ci_high"]), mode="lines", line={"width": 0}, showlegend=False, hoverinfo="skip"
        )
        fig.add_scatter(
            x=x,
            y=list(sweep["ci_low"]),
            mode="lines",
            line={"width": 0},
            fill="tonexty",
            fillcolor="rgba(31, 78, 121, 0.2)",
            name=_("95% confidence interval"),
            hoverinfo="skip",
        )
        fig.add_scatter(
            x=x,
            y=list(sweep["win_rate"]),
            mode="lines+markers",
            line={"color": THREE_ROLLS_COLOUR},
            name=_("win rate"),
            hovertemplate=format_message("bluff rate {rate}: wins {share}", rate="%{x:.2f}", share="%{y:.1%}")
            + "<extra></extra>",
        )
        kit_layout(
            fig,
            title=_("Does bluffing pay?"),
            xaxis_title=_("bluff rate of the reasoning bot"),
            yaxis_title=_("win rate"),
            yaxis_range=[0, 1],
            height=400,
        )
        return speaking_figure(fig)
