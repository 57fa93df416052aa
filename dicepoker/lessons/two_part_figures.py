"""Figures of the two-part game's lessons: par results, the part-1 total, the double, the settlement.

Pure functions returning plotly figures (leave one as a cell's last expression); the numbers come
from :mod:`dicepoker.games.scorecard.analysis.two_part`.

>>> fig = settlement_figure([120, 150], ["Ann", "Bo"])
>>> list(fig.data[0].text)
['−15', '+15']
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import numpy as np
import pandas as pd
import plotly.graph_objects as go

from dicepoker.core.figure_text import speaking_figure
from dicepoker.core.i18n import _, display_name, fill_message, format_message, in_language, ngettext, pgettext
from dicepoker.core.pictures import signed
from dicepoker.games.scorecard.analysis.two_part import (
    NO_DOUBLE,
    part1_bonus_probability,
    part1_in_order_total_distribution,
    part1_result_table,
    part1_total_distribution,
    settlement_table,
    stop_or_roll_on,
)
from dicepoker.games.scorecard.rules import ScorecardRules
from dicepoker.games.scorecard.solver.solution import Solution
from dicepoker.games.scorecard.solver.solve import solve
from dicepoker.ui.figure_style import kit_layout

STOP_COLOUR, ROLL_ON_COLOUR, LOSS_COLOUR, MISS_COLOUR = "#1b7f3b", "#1f4e79", "#c2410c", "#9ca3af"
PALETTE = ("#1b7f3b", "#1f77b4", "#c2410c", "#7c3aed", "#b7791f", "#db2777", "#0e7490", "#6b7280", "#111827")


def part1_results_figure(rules: ScorecardRules | str = "two_part", *, lang: str | None = None) -> go.Figure:
    """The distribution of each face's part-1 result when chasing it: one line of points per face.

    >>> fig = part1_results_figure()
    >>> fig.data[5].name, list(fig.data[5].x)
    ('Sixes', [-18, -12, -6, 0, 6, 12])
    """
    with in_language(lang):
        table = part1_result_table(rules)
        fig = go.Figure()
        for i, (name, rows) in enumerate(table.groupby("box", sort=False)):
            box = display_name("box", str(name))
            hover = format_message(
                "{box}: {count} dice, result {result}: {chance}",
                box=box,
                count="%{customdata[0]}",
                result="%{x}",
                chance="%{customdata[1]}",
            )
            fig.add_scatter(
                name=box,
                x=rows["result"].tolist(),
                y=rows["chance"].tolist(),
                mode="lines+markers",
                line={"color": PALETTE[i % len(PALETTE)]},
                customdata=[[c, str(p)] for c, p in zip(rows["count"], rows["probability"], strict=True)],
                hovertemplate=hover + "<extra></extra>",
            )
        fig.add_vline(x=0, line={"color": "#6b7280", "dash": "dot"}, annotation_text=_("par"))
        kit_layout(
            fig,
            title=_("Part 1: the result (count − par) × face after a turn chasing the face"),
            xaxis_title=_("result (points against par)"),
            yaxis={"title": _("chance"), "tickformat": ".0%"},
            legend_title=_("box"),
        )
        return speaking_figure(fig)


def part1_total_figure(
    solution: Solution | None = None,
    simulated: pd.DataFrame | None = None,
    rules: ScorecardRules | str = "two_part",
    *,
    in_order: bool = False,
    lang: str | None = None,
) -> go.Figure:
    """The exact distribution of the part-1 total under optimal play; bars at 0 or more earn the bonus.

    ``simulated`` (from :func:`simulate_part1`) adds the simulated games' frequencies as points;
    ``in_order`` adds, as a line, the player who chases Ones, then Twos, ... in turn.

    >>> fig = part1_total_figure()
    >>> round(sum(fig.data[0].y), 9), fig.data[0].x[-1]  # at best five of every face: 2 x 21 = 42
    (1.0, 42)
    """
    with in_language(lang):
        solution = solve(rules, progress=False) if solution is None else solution
        dist = part1_total_distribution(solution)
        threshold = solution.rules.upper_bonus_threshold
        bonus = part1_bonus_probability(solution)
        totals = list(dist)
        fig = go.Figure()
        fig.add_bar(
            name=_("exact"),
            x=totals,
            y=[float(p) for p in dist.values()],
            marker_color=[STOP_COLOUR if t >= threshold else MISS_COLOUR for t in totals],
            customdata=[str(p) for p in dist.values()],
            hovertemplate=format_message("part-1 total {total}: {chance}", total="%{x}", chance="%{y:.4%}")
            + "<extra></extra>",
        )
        if simulated is not None:
            freq = simulated["part1_total"].value_counts(normalize=True).sort_index()
            games = len(simulated)
            fig.add_scatter(
                name=fill_message(
                    ngettext("simulated ({n:,} game)", "simulated ({n:,} games)", games), n=games
                ),
                x=freq.index.tolist(),
                y=freq.tolist(),
                mode="markers",
                marker={"color": "#c2410c", "size": 6},
            )
        if in_order:
            baseline = part1_in_order_total_distribution(solution.rules)
            chance = sum((p for t, p in baseline.items() if t >= threshold), Fraction(0))
            fig.add_scatter(
                name=format_message(
                    "chasing {ones}, {twos}, ... in order (bonus {p:.1%})",
                    ones=display_name("box", "Ones"),
                    twos=display_name("box", "Twos"),
                    p=float(chance),
                ),
                x=list(baseline),
                y=[float(p) for p in baseline.values()],
                mode="lines",
                line={"color": ROLL_ON_COLOUR, "width": 2},
            )
        fig.add_vline(
            x=threshold - 0.5,
            line={"color": "#6b7280", "dash": "dash"},
            annotation_text=format_message(
                "bonus {bonus}: optimal play {p:.1%}", bonus=solution.rules.upper_bonus, p=float(bonus)
            ),
        )
        kit_layout(
            fig,
            title=_("Part 1 under optimal play: the exact distribution of the part-1 total"),
            xaxis_title=_("part-1 total"),
            yaxis={"title": _("chance"), "tickformat": ".1%"},
            bargap=0.1,
        )
        return speaking_figure(fig)


def stop_or_roll_on_figure(table: pd.DataFrame | None = None, *, lang: str | None = None) -> go.Figure:
    """Each first roll that offers a double: points now (x) against what stopping gains over rolling on (y).

    Above the line at 0, scoring the double now is best; below it, rolling on is. Marker size
    shows how likely the roll is; hover shows the dice, the best keep and both expected scores.

    >>> fig = stop_or_roll_on_figure()
    >>> "Poker" in [trace.name for trace in fig.data]
    True
    """
    with in_language(lang):
        table = stop_or_roll_on() if table is None else table
        best_text = {"stop": _("stop"), "roll on": _("roll on")}
        kept_text = {"nothing": pgettext("kept dice", "nothing")}  # the table's word for keeping no die
        fig = go.Figure()
        groups = [g for g in dict.fromkeys(table["group"]) if g != NO_DOUBLE]
        for i, group in enumerate(groups):
            part = table[table["group"] == group]
            box = display_name("box", str(group))
            customdata = [
                [dice, kept_text.get(keep, keep), stop, roll_on, best_text.get(best, best)]
                for dice, keep, stop, roll_on, best in part[
                    ["dice", "keep", "stop", "roll_on", "best"]
                ].to_numpy()
            ]
            hover = "<br>".join(
                (
                    format_message(
                        "{dice}: {box} {points} now", dice="%{customdata[0]}", box=box, points="%{x}"
                    ),
                    format_message(
                        "stop: {stop}, roll on (keep {keep}): {roll_on}",
                        stop="%{customdata[2]:.2f}",
                        keep="%{customdata[1]}",
                        roll_on="%{customdata[3]:.2f}",
                    ),
                    format_message("best: {best}", best="%{customdata[4]}"),
                )
            )
            fig.add_scatter(
                name=box,
                x=part["points"].tolist(),
                y=part["gain"].tolist(),
                mode="markers",
                marker={
                    "color": PALETTE[i % len(PALETTE)],
                    "size": (6 + 60 * np.sqrt(part["chance"].to_numpy())).tolist(),
                    "line": {"width": 0.5, "color": "white"},
                    "opacity": 0.8,
                },
                customdata=customdata,
                hovertemplate=hover + "<extra></extra>",
            )
        fig.add_hline(y=0, line={"color": "#6b7280", "dash": "dash"})
        for text, y, colour in (
            (_("score the double now"), 1, STOP_COLOUR),
            (_("roll on"), 0, ROLL_ON_COLOUR),
        ):
            fig.add_annotation(
                text=text,
                x=1,
                xref="paper",
                y=y,
                yref="paper",
                showarrow=False,
                xanchor="right",
                font={"color": colour},
            )
        kit_layout(
            fig,
            title=(
                _("After the first roll: take the double, or roll on?")
                + "<br><sup>"
                + _("expected final scores, optimal play")
                + "</sup>"
            ),
            xaxis_title=_("points now (doubled)"),
            yaxis_title=_("expected final score: stop − roll on"),
            legend={
                "title": {"text": _("best doubled box")},
                "orientation": "h",
                "x": 0,
                "y": -0.22,
                "yanchor": "top",
                "itemsizing": "constant",
            },
            margin={"b": 130},
            height=560,
        )
        return speaking_figure(fig)


def settlement_figure(
    totals: Sequence[int], names: Sequence[str] | None = None, *, lang: str | None = None
) -> go.Figure:
    """Each player's settlement (total minus the mean) as a bar above or below 0; they add up to 0.

    >>> fig = settlement_figure([120, 150], ["Ann", "Bo"])
    >>> list(fig.data[0].y), list(fig.data[0].text)
    ([-15.0, 15.0], ['−15', '+15'])
    """
    with in_language(lang):
        table = settlement_table(totals, names)
        mean = table.attrs["mean"]
        fig = go.Figure()
        fig.add_bar(
            x=[str(n) for n in table.index],
            y=[float(r) for r in table["result"]],
            text=table["settles"].tolist(),
            textposition="outside",
            marker_color=[STOP_COLOUR if r >= 0 else LOSS_COLOUR for r in table["result"]],
            customdata=table["total"].tolist(),
            hovertemplate=format_message(
                "{player}: total {total}, settles {settles}",
                player="%{x}",
                total="%{customdata}",
                settles="%{text}",
            )
            + "<extra></extra>",
        )
        fig.add_hline(y=0, line={"color": "#111827"})
        mean_text = signed(mean).lstrip("+") if mean >= 0 else signed(mean)
        kit_layout(
            fig,
            title=format_message(
                "Settlement: each total minus the mean ({mean}); the results add up to 0", mean=mean_text
            ),
            yaxis_title=_("total − mean"),
            showlegend=False,
        )
        return speaking_figure(fig)
