"""Pictures of the strategy lab: score distributions, head-to-head wins, the values of a hint.

Pure functions returning plotly figures; nothing is shown here.

>>> from dicepoker.games.scorecard.analysis.lab import tournament
>>> result = tournament(["heuristic", "random"], games=10, seed=1, rules="yatzy")
>>> [trace.name for trace in score_distributions(result).data]
['heuristic', 'random']
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pandas as pd
import plotly.graph_objects as go

from dicepoker.core.figure_text import speaking_figure
from dicepoker.core.i18n import _, fill_message, format_message, in_language, ngettext
from dicepoker.games import bot_name
from dicepoker.ui.figure_style import kit_layout

PALETTE = ("#1b7f3b", "#1f77b4", "#c2410c", "#7c3aed", "#6b7280", "#b7791f", "#db2777", "#0e7490")


def _results(results: Any) -> Mapping[str, pd.DataFrame]:
    """The tables of a tournament result (its ``results``), or the mapping itself."""
    return getattr(results, "results", results)


def score_distributions(
    results: Any,
    *,
    expected: Mapping[str, float] | None = None,
    bin_size: int = 5,
    lang: str | None = None,
) -> go.Figure:
    """Overlaid histograms of the final scores, one per strategy; ``expected`` adds exact means.

    >>> from dicepoker.games.scorecard.analysis.lab import simulate
    >>> games = {"heuristic": simulate("heuristic", 5, seed=1, rules="yatzy")}
    >>> fig = score_distributions(games, expected={"heuristic": 190})
    >>> len(fig.data), len(fig.layout.shapes)
    (1, 1)
    """
    with in_language(lang):
        fig = go.Figure()
        for i, (name, df) in enumerate(_results(results).items()):
            colour = PALETTE[i % len(PALETTE)]
            fig.add_trace(
                go.Histogram(
                    x=df["total"],
                    name=bot_name(name),
                    opacity=0.6,
                    marker_color=colour,
                    xbins={"size": bin_size},
                    histnorm="percent",
                )
            )
            if expected and name in expected:
                fig.add_vline(x=expected[name], line_dash="dash", line_color=colour)
        games = sorted({len(df) for df in _results(results).values()})
        counts = ", ".join(fill_message("{n:,}", n=n) for n in games)
        title = ngettext("Final scores ({games} game each)", "Final scores ({games} games each)", games[-1])
        kit_layout(
            fig,
            barmode="overlay",
            title=fill_message(title, games=counts),
            xaxis_title=_("final score"),
            yaxis_title=_("% of games"),
            legend_title=_("strategy"),
        )
        return speaking_figure(fig)


def head_to_head(result: Any, *, lang: str | None = None) -> go.Figure:
    """A heat map: how often the row's strategy beats the column's on the same dice.

    The diagonal, a strategy against itself, is left blank (it says nothing).

    >>> from dicepoker.games.scorecard.analysis.lab import tournament
    >>> fig = head_to_head(tournament(["heuristic", "random"], games=5, seed=1, rules="yatzy"))
    >>> [list(row) for row in fig.data[0].z]
    [[None, 1.0], [0.0, None]]
    """
    with in_language(lang):
        table = result.head_to_head
        names = list(table.index)
        z = [
            [None if row == column else float(table.loc[row, column]) for column in table.columns]
            for row in names
        ]
        text = [[fill_message("{v:.0%}", v=v) if v is not None else "" for v in line] for line in z]
        hover = format_message(
            "{strategy} beats {opponent} in {share} of the games",
            strategy="%{y}",
            opponent="%{x}",
            share="%{text}",
        )
        fig = go.Figure(
            go.Heatmap(
                z=z,
                x=[bot_name(str(c)) for c in table.columns],
                y=[bot_name(str(n)) for n in names],
                text=text,
                texttemplate="%{text}",
                zmin=0,
                zmax=1,
                colorscale="RdYlGn",
                colorbar={"title": _("wins"), "tickformat": ".0%"},
                hoverongaps=False,
                hovertemplate=hover + "<extra></extra>",
            )
        )
        kit_layout(
            fig,
            title=_("Head to head: how often the row's strategy beats the column's (same dice)"),
            xaxis_title=_("opponent"),
            yaxis_title=_("strategy"),
        )
        fig.update_yaxes(autorange="reversed")
        return speaking_figure(fig)


def _choice_text(choice: Any) -> str:
    """A hint's choice in the current language: ``Choice.text()`` where the hints have it, else its label."""
    text = getattr(choice, "text", None)
    return text() if callable(text) else choice.label


def hint_values(hint, *, limit: int = 12, lang: str | None = None) -> go.Figure:
    """A bar chart of a hint's best choices: expected final score of each.

    >>> from dicepoker import ScorecardGame
    >>> from dicepoker.games.scorecard.hints import hint
    >>> game = ScorecardGame("two_part", seed=2)
    >>> _ = game.roll()
    >>> len(hint_values(hint(game), limit=4).data[0].y)
    4
    """
    with in_language(lang):
        choices = hint.choices[:limit]
        labels = [_choice_text(c) for c in choices][::-1]
        values = [c.expected for c in choices][::-1]
        colours = [PALETTE[0] if c.is_score else PALETTE[1] for c in choices][::-1]
        fig = go.Figure(go.Bar(x=values, y=labels, orientation="h", marker_color=colours))
        low = min(values)
        title = ngettext(
            "Dice {dice}, {n} roll left: the expected final score of each",
            "Dice {dice}, {n} rolls left: the expected final score of each",
            hint.rolls_left,
        )
        kit_layout(
            fig,
            title=fill_message(title, dice=hint.dice, n=hint.rolls_left),
            xaxis={"title": _("expected final score"), "range": [low - 0.05 * abs(low) - 1, max(values) + 1]},
            height=max(300, 28 * len(choices) + 120),
        )
        return speaking_figure(fig)
