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
from dicepoker.core.figure_text import speaking_figure
from dicepoker.core.i18n import _, display_name, fill_message, format_message, in_language
from dicepoker.games.bluff.abstraction import CATEGORIES
from dicepoker.games.bluff.equilibrium import opening_table
from dicepoker.games.bluff.rules import BLUFF, BluffRules
from dicepoker.lessons.why_bluff import TOY, HighOrLow, ann_values, bo_values, hand_solution
from dicepoker.solvers.zero_sum import Solution
from dicepoker.ui.figure_style import kit_layout

CALL_COLOUR, ACCEPT_COLOUR, MARK_COLOUR = "#c2410c", "#1f4e79", "#6b7280"


def indifference_figure(toy: HighOrLow = TOY, steps: int = 50, *, lang: str | None = None) -> go.Figure:
    """Two panels: Bo's payoff for calling or accepting "high" against Ann's bluff rate, and Ann's low
    die's payoff for bluffing or telling the truth against Bo's call rate; the lines cross at the
    equilibrium (dotted).

    >>> fig = indifference_figure(steps=4)
    >>> len(fig.data), fig.data[0].x[-1]
    (4, 1.0)
    """
    with in_language(lang):
        rates = [Fraction(i, steps) for i in range(steps + 1)]
        solution = hand_solution(toy)
        fig = make_subplots(
            rows=1,
            cols=2,
            subplot_titles=(
                _("Bo hears 'high': call or accept?"),
                _("Ann holds a low die: bluff or tell the truth?"),
            ),
        )
        bo = [bo_values(r, toy) for r in rates]
        ann = [ann_values(r, toy) for r in rates]
        x = [float(r) for r in rates]
        for col, lines in (
            (1, ((_("Bo calls"), "call", bo, CALL_COLOUR), (_("Bo accepts"), "accept", bo, ACCEPT_COLOUR))),
            (
                2,
                (
                    (_("Ann bluffs"), "bluff", ann, CALL_COLOUR),
                    (_("Ann says low"), "truth", ann, ACCEPT_COLOUR),
                ),
            ),
        ):
            for name, key, values, colour in lines:
                fig.add_trace(
                    go.Scatter(
                        x=x,
                        y=[float(v[key]) for v in values],
                        name=name,
                        mode="lines",
                        line={"color": colour},
                    ),
                    row=1,
                    col=col,
                )
        fig.add_vline(
            x=float(solution["bluff rate"]), line={"dash": "dot", "color": MARK_COLOUR}, row=1, col=1
        )
        fig.add_vline(
            x=float(solution["call rate"]), line={"dash": "dot", "color": MARK_COLOUR}, row=1, col=2
        )
        fig.update_xaxes(title_text=_("Ann's bluff rate with a low die"), row=1, col=1)
        fig.update_xaxes(title_text=_("Bo's call rate on 'high'"), row=1, col=2)
        fig.update_yaxes(title_text=_("payoff per round to the player choosing"), row=1, col=1)
        kit_layout(fig, height=380, margin={"t": 60})
        return speaking_figure(fig)


def exploitability_figure(
    solution: Solution, *, title: str | None = None, lang: str | None = None
) -> go.Figure:
    """A CFR solution's exploitability (lives per round) against iterations, on log-log axes.
    ``title`` is kept as given; without one, "CFR+ on the bluff abstraction" in the figure's language.

    >>> from dicepoker.solvers.zero_sum import solve_cfr, sequence_form
    >>> from dicepoker.lessons.why_bluff import toy_tree
    >>> exploitability_figure(solve_cfr(sequence_form(toy_tree()), 8)).data[0].x
    (1, 2, 4, 8)
    """
    with in_language(lang):
        if not solution.curve:
            raise DicePokerError(
                format_message(
                    "the solution by {method} has no exploitability curve (solve with {cfr})",
                    method=solution.method,
                    cfr="CFR",
                )
            )
        iterations, gaps = zip(*solution.curve, strict=True)
        fig = go.Figure(
            go.Scatter(
                x=iterations,
                y=gaps,
                mode="lines+markers",
                name=_("exploitability"),
                line={"color": ACCEPT_COLOUR},
            )
        )
        kit_layout(
            fig,
            title=format_message("{method} on the bluff abstraction", method="CFR+")
            if title is None
            else title,
            xaxis={"title": _("iterations"), "type": "log"},
            yaxis={"title": _("exploitability (lives per round)"), "type": "log"},
            height=360,
        )
        return speaking_figure(fig)


def opening_figure(rules: BluffRules = BLUFF, *, lang: str | None = None) -> go.Figure:
    """A heatmap: for each category the equilibrium opener holds (rows), how often she announces
    each category (columns); right of the diagonal are bluffs.

    >>> opening_figure().data[0].z.shape
    (9, 9)
    """
    with in_language(lang):
        table = opening_table(rules)
        z = table[[f"says {n}" for n in CATEGORIES]].to_numpy()
        names = [display_name("bluff hand", n) for n in CATEGORIES]
        hover = (
            format_message("holds {held}", held="%{y}")
            + "<br>"
            + format_message("says {said}: {share}", said="%{x}", share="%{z:.3f}")
        )
        fig = go.Figure(
            go.Heatmap(
                z=z,
                x=names,
                y=names,
                colorscale="Blues",
                zmin=0,
                zmax=1,
                text=[[fill_message("{v:.0%}", v=v) if v > 0.005 else "" for v in row] for row in z],
                texttemplate="%{text}",
                hovertemplate=hover + "<extra></extra>",
            )
        )
        kit_layout(
            fig,
            title=_("The equilibrium opener: what she holds (rows) and what she says (columns)"),
            xaxis={"title": _("announces")},
            yaxis={"title": _("holds"), "autorange": "reversed"},
            height=460,
        )
        return speaking_figure(fig)
