"""Figures of the coach's report: plotly figures returned, never shown.

>>> from dicepoker.games.scorecard.coach import coach_report
>>> from dicepoker.games.scorecard.engine import ScorecardGame
>>> game = ScorecardGame("classic", seed=5)
>>> _ = game.roll(); _ = game.score("Chance")
>>> report = coach_report(game, grade=False)
>>> [t.name for t in loss_per_round_figure(report).data]
['keeps', 'boxes']
>>> [t.name for t in expected_score_figure(report).data]
['expected final score', 'expected at the start', 'expected final score now']
>>> expected_score_figure(report, lang="ro").layout.xaxis.title.text
'runda'
"""

from __future__ import annotations

from typing import Any

import plotly.graph_objects as go

from dicepoker.core.figure_text import speaking_figure
from dicepoker.core.i18n import _, format_message, in_language
from dicepoker.ui.figure_style import kit_layout

KEEP_COLOUR = "#2563eb"
BOX_COLOUR = "#c2410c"
VALUE_COLOUR = "#111827"
START_COLOUR = "#9ca3af"
FINAL_COLOUR = "#15803d"


def loss_per_round_figure(report: Any, *, lang: str | None = None) -> go.Figure:
    """The loss of each round, stacked: keeps and box choices."""
    with in_language(lang):
        split = report.loss_per_round()
        fig = go.Figure()
        for column, name, colour in (("keep", _("keeps"), KEEP_COLOUR), ("box", _("boxes"), BOX_COLOUR)):
            fig.add_bar(x=list(split.index), y=list(split[column]), name=name, marker_color=colour)
        kit_layout(
            fig,
            barmode="stack",
            title=format_message(
                "{player}: points lost each round (total {loss:.2f})",
                player=report.player,
                loss=report.total_loss,
            ),
            xaxis_title=_("round"),
            yaxis_title=_("expected points lost"),
            xaxis={"dtick": 1},
            height=340,
        )
        return speaking_figure(fig)


def value_path(report: Any) -> tuple[list[float], list[float], list[str]]:
    """The expected final score after each step: x positions (round + fraction), values, labels
    (in the current language).

    >>> from types import SimpleNamespace
    >>> steps = [SimpleNamespace(round=1, kind="dice", before=10.0, after=12.0),
    ...          SimpleNamespace(round=1, kind="decision", before=12.0, after=11.0)]
    >>> value_path(SimpleNamespace(steps=steps, start_expected=10.0))
    ([0.0, 0.5, 1.0], [10.0, 12.0, 11.0], ['start', 'round 1: roll', 'round 1: decision'])
    """
    xs, ys, labels = [0.0], [report.start_expected], [_("start")]
    by_round: dict[int, list[Any]] = {}
    for step in report.steps:
        by_round.setdefault(step.round, []).append(step)
    for round_, steps in by_round.items():
        for i, step in enumerate(steps, 1):
            xs.append(round_ - 1 + i / len(steps))
            ys.append(step.after)
            if step.kind == "dice":
                labels.append(format_message("round {round}: roll", round=round_))
            else:
                labels.append(format_message("round {round}: decision", round=round_))
    return xs, ys, labels


def expected_score_figure(report: Any, *, lang: str | None = None) -> go.Figure:
    """The expected final score (best play from each point on) through the game, against the
    expected score at the start and the actual final score."""
    with in_language(lang):
        xs, ys, labels = value_path(report)
        fig = go.Figure()
        fig.add_scatter(
            x=xs,
            y=ys,
            mode="lines+markers",
            name=_("expected final score"),
            line={"color": VALUE_COLOUR},
            marker={"size": 4},
            text=labels,
            hovertemplate="%{text}: %{y:.1f}<extra></extra>",
        )
        end = xs[-1] if len(xs) > 1 else 1.0
        fig.add_scatter(
            x=[0, end],
            y=[report.start_expected] * 2,
            mode="lines",
            name=_("expected at the start"),
            line={"color": START_COLOUR, "dash": "dot"},
        )
        final = _("final score") if report.is_over else _("expected final score now")
        fig.add_scatter(
            x=[0, end],
            y=[report.end_value] * 2,
            mode="lines",
            name=final,
            line={"color": FINAL_COLOUR, "dash": "dash"},
        )
        luck = report.luck
        kit_layout(
            fig,
            title=format_message(
                "{player}: expected final score through the game — luck {luck:+.1f} "
                "= dice {dice:+.1f} − skill {skill:.1f}",
                player=report.player,
                luck=luck.total,
                dice=luck.dice_gave,
                skill=luck.skill_lost,
            ),
            xaxis_title=_("round"),
            yaxis_title=_("expected final score"),
            height=380,
        )
        return speaking_figure(fig)
