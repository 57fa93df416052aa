"""Figures of the lesson "Why bluff?": the indifference principle, CFR's convergence, the opener's mix.

Pure functions returning plotly figures (leave one as a cell's last expression); the numbers come
from :mod:`dicepoker.lessons.why_bluff` and the solver.

>>> fig = indifference_figure()
>>> [trace.name for trace in fig.data][:2]
['Bo calls', 'Bo accepts']
"""

from __future__ import annotations

from fractions import Fraction

import plotly.graph_objects as go
from plotly.subplots import make_subplots

from dicepoker.core.errors import DicePokerError
from dicepoker.core.zero_sum import Solution
from dicepoker.games.bluff.abstraction import CATEGORIES
from dicepoker.games.bluff.rules import BLUFF, BluffRules
from dicepoker.lessons.why_bluff import TOY, HighOrLow, ann_values, bo_values, hand_solution, opening_table

CALL_COLOUR, ACCEPT_COLOUR, MARK_COLOUR = "#c2410c", "#1f4e79", "#6b7280"


def indifference_figure(toy: HighOrLow = TOY, steps: int = 50) -> go.Figure:
    """Two panels: Bo's payoff for calling or accepting "high" against Ann's bluff rate, and Ann's low
    die's payoff for bluffing or telling the truth against Bo's call rate; the lines cross at the
    equilibrium (dotted).

    >>> fig = indifference_figure(steps=4)
    >>> len(fig.data), fig.data[0].x[-1]
    (4, 1.0)
    """
    rates = [Fraction(i, steps) for i in range(steps + 1)]
    solution = hand_solution(toy)
    fig = make_subplots(
        rows=1,
        cols=2,
        subplot_titles=("Bo hears 'high': call or accept?", "Ann holds a low die: bluff or tell the truth?"),
    )
    bo = [bo_values(r, toy) for r in rates]
    ann = [ann_values(r, toy) for r in rates]
    x = [float(r) for r in rates]
    for col, lines in (
        (1, (("Bo calls", "call", bo, CALL_COLOUR), ("Bo accepts", "accept", bo, ACCEPT_COLOUR))),
        (2, (("Ann bluffs", "bluff", ann, CALL_COLOUR), ("Ann says low", "truth", ann, ACCEPT_COLOUR))),
    ):
        for name, key, values, colour in lines:
            fig.add_trace(
                go.Scatter(
                    x=x, y=[float(v[key]) for v in values], name=name, mode="lines", line={"color": colour}
                ),
                row=1,
                col=col,
            )
    fig.add_vline(x=float(solution["bluff rate"]), line={"dash": "dot", "color": MARK_COLOUR}, row=1, col=1)
    fig.add_vline(x=float(solution["call rate"]), line={"dash": "dot", "color": MARK_COLOUR}, row=1, col=2)
    fig.update_xaxes(title_text="Ann's bluff rate with a low die", row=1, col=1)
    fig.update_xaxes(title_text="Bo's call rate on 'high'", row=1, col=2)
    fig.update_yaxes(title_text="payoff per round to the player choosing", row=1, col=1)
    fig.update_layout(height=380, margin={"t": 60})
    return fig


def exploitability_figure(solution: Solution, *, title: str = "CFR+ on the bluff abstraction") -> go.Figure:
    """A CFR solution's exploitability (lives per round) against iterations, on log-log axes.

    >>> from dicepoker.core.zero_sum import solve_cfr, sequence_form
    >>> from dicepoker.lessons.why_bluff import toy_tree
    >>> exploitability_figure(solve_cfr(sequence_form(toy_tree()), 8)).data[0].x
    (1, 2, 4, 8)
    """
    if not solution.curve:
        raise DicePokerError(
            f"the solution by {solution.method} has no exploitability curve (solve with CFR)"
        )
    iterations, gaps = zip(*solution.curve, strict=True)
    fig = go.Figure(
        go.Scatter(
            x=iterations, y=gaps, mode="lines+markers", name="exploitability", line={"color": ACCEPT_COLOUR}
        )
    )
    fig.update_layout(
        title=title,
        xaxis={"title": "iterations", "type": "log"},
        yaxis={"title": "exploitability (lives per round)", "type": "log"},
        height=360,
    )
    return fig


def opening_figure(rules: BluffRules = BLUFF) -> go.Figure:
    """A heatmap: for each category the equilibrium opener holds (rows), how often she announces
    each category (columns); right of the diagonal are bluffs.

    >>> opening_figure().data[0].z.shape
    (9, 9)
    """
    table = opening_table(rules)
    z = table[[f"says {n}" for n in CATEGORIES]].to_numpy()
    fig = go.Figure(
        go.Heatmap(
            z=z,
            x=list(CATEGORIES),
            y=list(CATEGORIES),
            colorscale="Blues",
            zmin=0,
            zmax=1,
            text=[[f"{v:.0%}" if v > 0.005 else "" for v in row] for row in z],
            texttemplate="%{text}",
            hovertemplate="holds %{y}<br>says %{x}: %{z:.3f}<extra></extra>",
        )
    )
    fig.update_layout(
        title="The equilibrium opener: what she holds (rows) and what she says (columns)",
        xaxis={"title": "announces"},
        yaxis={"title": "holds", "autorange": "reversed"},
        height=460,
    )
    return fig
