"""The figure of a class report: each player's mean loss per decision against the four bots'.

>>> import pandas as pd
>>> from types import SimpleNamespace
>>> table = pd.DataFrame({"file": ["a.json"], "player": ["Ann"], "game": ["classic"], "mean loss": [0.8]})
>>> bots = pd.DataFrame({"game": ["classic"] * 2, "bot": ["optimal", "greedy"], "mean loss": [0.0, 1.1]})
>>> fig = class_loss_figure(SimpleNamespace(table=table, bots=bots))
>>> [t.name for t in fig.data]
['players', 'optimal', 'greedy']
"""

from __future__ import annotations

from typing import Any

import plotly.graph_objects as go

from dicepoker.core.figure_text import speaking_figure
from dicepoker.core.i18n import _, display_name, in_language
from dicepoker.games import bot_name, find_game
from dicepoker.ui.figure_style import kit_layout

BOT_COLOURS = {"optimal": "#15803d", "greedy": "#c2410c", "heuristic": "#7c3aed", "random": "#9ca3af"}


def class_loss_figure(report: Any, *, lang: str | None = None) -> go.Figure:
    """Players as bars (mean loss per decision, lower is better), the bots as dashed lines."""
    with in_language(lang):
        table = report.table.sort_values("mean loss")
        labels = [f"{p} ({f})" for p, f in zip(table["player"], table["file"], strict=True)]
        fig = go.Figure()
        fig.add_bar(x=labels, y=list(table["mean loss"]), name=_("players"), marker_color="#2563eb")
        bots = report.bots
        one_game = bots["game"].nunique() == 1
        for game, bot, loss in zip(bots["game"], bots["bot"], bots["mean loss"], strict=True):
            title = display_name("game title", find_game(game).title)
            fig.add_scatter(
                x=labels,
                y=[loss] * len(labels),
                mode="lines",
                name=bot_name(bot) if one_game else f"{bot_name(bot)} ({title})",
                line={"color": BOT_COLOURS.get(bot, "#111827"), "dash": "dash"},
            )
        kit_layout(
            fig,
            title=_("Mean loss per decision: the class against the bots (lower is better)"),
            yaxis_title=_("expected points lost per decision"),
            height=400,
        )
        return speaking_figure(fig)
