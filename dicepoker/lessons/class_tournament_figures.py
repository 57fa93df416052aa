"""The figure of a class tournament: the leaderboard, each player's mean with its 95% interval.

>>> import pandas as pd
>>> from types import SimpleNamespace
>>> board = pd.DataFrame({"player": ["Ann", "greedy", "Bo"], "kind": ["student", "bot", "student"],
...     "mean": [250.0, 240.0, float("nan")], "low": [240.0, 230.0, float("nan")],
...     "high": [260.0, 250.0, float("nan")], "status": ["ok", "ok", "timed out"],
...     "detail": ["", "", "timed out: no answer within 2 s"]})
>>> fig = leaderboard_figure(SimpleNamespace(kind="strategy", leaderboard=board))
>>> [t.name for t in fig.data], list(fig.layout.yaxis.categoryarray)
(['students', "the kit's bots", 'did not finish'], ['Bo', 'greedy', 'Ann'])
"""

from __future__ import annotations

from typing import Any

import plotly.graph_objects as go

from dicepoker.core.figure_text import speaking_figure
from dicepoker.core.i18n import _, display_name, format_message, in_language
from dicepoker.games import bot_name, find_game
from dicepoker.ui.figure_style import kit_layout

SHOWN = 60
"""The characters of what stopped a player written beside it (all of it when the pointer is on it)."""
COLOURS = {"student": "#2563eb", "bot": "#9ca3af", "failed": "#dc2626"}


def _label(player: str, kind: str) -> str:
    return bot_name(player) if kind == "bot" else player


def leaderboard_figure(result: Any, *, lang: str | None = None) -> go.Figure:
    """The players from the best (at the top) down, each a dot with its 95% interval; the players
    who did not finish at the bottom, with what happened."""
    with in_language(lang):
        board = result.leaderboard
        labels = [_label(p, k) for p, k in zip(board["player"], board["kind"], strict=True)]
        board = board.assign(label=labels)
        finished = board[board["status"] == "ok"]
        fig = go.Figure()
        for kind, name in (("student", _("students")), ("bot", _("the kit's bots"))):
            part = finished[finished["kind"] == kind]
            fig.add_scatter(
                x=list(part["mean"]),
                y=list(part["label"]),
                mode="markers",
                name=name,
                marker={"color": COLOURS[kind], "size": 10},
                error_x={
                    "type": "data",
                    "symmetric": False,
                    "array": list(part["high"] - part["mean"]),
                    "arrayminus": list(part["mean"] - part["low"]),
                },
            )
        out = board[board["status"] != "ok"]
        failures = getattr(result, "failures", {})
        details = [
            failures[player].detail if player in failures else detail
            for player, detail in zip(out["player"], out["detail"], strict=True)
        ]
        left = float(finished["low"].min()) if len(finished) else 0.0
        fig.add_scatter(
            x=[left] * len(out),
            y=list(out["label"]),
            mode="markers+text",
            text=[detail if len(detail) <= SHOWN else detail[: SHOWN - 1] + "…" for detail in details],
            hovertext=details,
            textposition="middle right",
            name=_("did not finish"),
            marker={"color": COLOURS["failed"], "symbol": "x", "size": 10},
        )
        if result.kind == "caller":
            title = _("The class tournament of callers: share of games won, with its 95% interval")
            axis = _("share of games won")
        else:
            title = _("The class tournament of strategies: mean final score, with its 95% interval")
            game = display_name("game title", find_game("classic").title)
            axis = format_message("mean final score of {game}", game=game)
        kit_layout(
            fig,
            title=title,
            xaxis_title=axis,
            height=max(300, 60 + 28 * len(board)),
        )
        fig.update_yaxes(categoryorder="array", categoryarray=list(reversed(labels)))
        if result.kind == "caller":
            fig.update_xaxes(tickformat=".0%")
        return speaking_figure(fig)
