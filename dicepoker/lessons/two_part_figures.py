"""Figures of the two-part game's lessons: par results, the part-1 total, the double, the settlement.

Pure functions returning plotly figures (leave one as a cell's last expression); the numbers come
from :mod:`dicepoker.lessons.two_part`.

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

from dicepoker.core.pictures import signed
from dicepoker.games.scorecard.rules import ScorecardRules
from dicepoker.games.scorecard.solver.solution import Solution
from dicepoker.games.scorecard.solver.solve import solve
from dicepoker.lessons.two_part import (
    NO_DOUBLE,
    part1_bonus_probability,
    part1_in_order_total_distribution,
    part1_result_table,
    part1_total_distribution,
    settlement_table,
    stop_or_roll_on,
)

STOP_COLOUR, ROLL_ON_COLOUR, LOSS_COLOUR, MISS_COLOUR = "#1b7f3b", "#1f4e79", "#c2410c", "#9ca3af"
PALETTE = ("#1b7f3b", "#1f77b4", "#c2410c", "#7c3aed", "#b7791f", "#db2777", "#0e7490", "#6b7280", "#111827")


def part1_results_figure(rules: ScorecardRules | str = "two_part") -> go.Figure:
    """The distribution of each face's part-1 result when chasing it: one line of points per face.

    >>> fig = part1_results_figure()
    >>> fig.data[5].name, list(fig.data[5].x)
    ('Sixes', [-18, -12, -6, 0, 6, 12])
    """
    table = part1_result_table(rules)
    fig = go.Figure()
    for i, (name, rows) in enumerate(table.groupby("box", sort=False)):
        fig.add_scatter(
            name=str(name),
            x=rows["result"].tolist(),
            y=rows["chance"].tolist(),
            mode="lines+markers",
            line={"color": PALETTE[i % len(PALETTE)]},
            customdata=[[c, str(p)] for c, p in zip(rows["count"], rows["probability"], strict=True)],
            hovertemplate=f"{name}: %{{customdata[0]}} dice, result %{{x}}: %{{customdata[1]}}"
            "<extra></extra>",
        )
    fig.add_vline(x=0, line={"color": "#6b7280", "dash": "dot"}, annotation_text="par")
    fig.update_layout(
        title="Part 1: the result (count − par) × face after a turn chasing the face",
        xaxis_title="result (points against par)",
        yaxis={"title": "chance", "tickformat": ".0%"},
        legend_title="box",
        template="plotly_white",
    )
    return fig


def part1_total_figure(
    solution: Solution | None = None,
    simulated: pd.DataFrame | None = None,
    rules: ScorecardRules | str = "two_part",
    *,
    in_order: bool = False,
) -> go.Figure:
    """The exact distribution of the part-1 total under optimal play; bars at 0 or more earn the bonus.

    ``simulated`` (from :func:`simulate_part1`) adds the simulated games' frequencies as points;
    ``in_order`` adds, as a line, the player who chases Ones, then Twos, ... in turn.

    >>> fig = part1_total_figure()
    >>> round(sum(fig.data[0].y), 9), fig.data[0].x[-1]  # at best five of every face: 2 x 21 = 42
    (1.0, 42)
    """
    solution = solve(rules, progress=False) if solution is None else solution
    dist = part1_total_distribution(solution)
    threshold = solution.rules.upper_bonus_threshold
    bonus = part1_bonus_probability(solution)
    totals = list(dist)
    fig = go.Figure()
    fig.add_bar(
        name="exact",
        x=totals,
        y=[float(p) for p in dist.values()],
        marker_color=[STOP_COLOUR if t >= threshold else MISS_COLOUR for t in totals],
        customdata=[str(p) for p in dist.values()],
        hovertemplate="part-1 total %{x}: %{y:.4%}<extra></extra>",
    )
    if simulated is not None:
        freq = simulated["part1_total"].value_counts(normalize=True).sort_index()
        fig.add_scatter(
            name=f"simulated ({len(simulated):,} games)",
            x=freq.index.tolist(),
            y=freq.tolist(),
            mode="markers",
            marker={"color": "#c2410c", "size": 6},
        )
    if in_order:
        baseline = part1_in_order_total_distribution(solution.rules)
        chance = sum((p for t, p in baseline.items() if t >= threshold), Fraction(0))
        fig.add_scatter(
            name=f"chasing Ones, Twos, ... in order (bonus {float(chance):.1%})",
            x=list(baseline),
            y=[float(p) for p in baseline.values()],
            mode="lines",
            line={"color": ROLL_ON_COLOUR, "width": 2},
        )
    fig.add_vline(
        x=threshold - 0.5,
        line={"color": "#6b7280", "dash": "dash"},
        annotation_text=f"bonus {solution.rules.upper_bonus}: optimal play {float(bonus):.1%}",
    )
    fig.update_layout(
        title="Part 1 under optimal play: the exact distribution of the part-1 total",
        xaxis_title="part-1 total",
        yaxis={"title": "chance", "tickformat": ".1%"},
        template="plotly_white",
        bargap=0.1,
    )
    return fig


def stop_or_roll_on_figure(table: pd.DataFrame | None = None) -> go.Figure:
    """Each first roll that offers a double: points now (x) against what stopping gains over rolling on (y).

    Above the line at 0, scoring the double now is best; below it, rolling on is. Marker size
    shows how likely the roll is; hover shows the dice, the best keep and both expected scores.

    >>> fig = stop_or_roll_on_figure()
    >>> "Poker" in [trace.name for trace in fig.data]
    True
    """
    table = stop_or_roll_on() if table is None else table
    fig = go.Figure()
    groups = [g for g in dict.fromkeys(table["group"]) if g != NO_DOUBLE]
    for i, group in enumerate(groups):
        part = table[table["group"] == group]
        fig.add_scatter(
            name=str(group),
            x=part["points"].tolist(),
            y=part["gain"].tolist(),
            mode="markers",
            marker={
                "color": PALETTE[i % len(PALETTE)],
                "size": (6 + 60 * np.sqrt(part["chance"].to_numpy())).tolist(),
                "line": {"width": 0.5, "color": "white"},
                "opacity": 0.8,
            },
            customdata=part[["dice", "keep", "stop", "roll_on", "best"]].to_numpy().tolist(),
            hovertemplate=(
                "%{customdata[0]}: " + str(group) + " %{x} now<br>stop: %{customdata[2]:.2f}, "
                "roll on (keep %{customdata[1]}): %{customdata[3]:.2f}<br>"
                "best: %{customdata[4]}<extra></extra>"
            ),
        )
    fig.add_hline(y=0, line={"color": "#6b7280", "dash": "dash"})
    fig.add_annotation(
        text="score the double now",
        x=1,
        xref="paper",
        y=1,
        yref="paper",
        showarrow=False,
        xanchor="right",
        font={"color": STOP_COLOUR},
    )
    fig.add_annotation(
        text="roll on",
        x=1,
        xref="paper",
        y=0,
        yref="paper",
        showarrow=False,
        xanchor="right",
        font={"color": ROLL_ON_COLOUR},
    )
    fig.update_layout(
        title=(
            "After the first roll: take the double, or roll on?"
            "<br><sup>expected final scores, optimal play</sup>"
        ),
        xaxis_title="points now (doubled)",
        yaxis_title="expected final score: stop − roll on",
        legend={
            "title": {"text": "best doubled box"},
            "orientation": "h",
            "x": 0,
            "y": -0.22,
            "yanchor": "top",
            "itemsizing": "constant",
        },
        margin={"b": 130},
        height=560,
        template="plotly_white",
    )
    return fig


def settlement_figure(totals: Sequence[int], names: Sequence[str] | None = None) -> go.Figure:
    """Each player's settlement (total minus the mean) as a bar above or below 0; they add up to 0.

    >>> fig = settlement_figure([120, 150], ["Ann", "Bo"])
    >>> list(fig.data[0].y), list(fig.data[0].text)
    ([-15.0, 15.0], ['−15', '+15'])
    """
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
        hovertemplate="%{x}: total %{customdata}, settles %{text}<extra></extra>",
    )
    fig.add_hline(y=0, line={"color": "#111827"})
    mean_text = signed(mean).lstrip("+") if mean >= 0 else signed(mean)
    fig.update_layout(
        title=f"Settlement: each total minus the mean ({mean_text}); the results add up to 0",
        yaxis_title="total − mean",
        template="plotly_white",
        showlegend=False,
    )
    return fig
