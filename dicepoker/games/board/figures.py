"""Figures of the board game: the board coloured by probability, cells against chances, tournaments.

Every function returns a plotly figure (leave it as a notebook cell's last expression).

>>> fig = board_heatmap()
>>> fig.data[0].z.shape, fig.data[0].text[4][4]
((9, 9), '★')
>>> board_heatmap(lang="ro").layout.xaxis.title.text
'coloana'
"""

from __future__ import annotations

import numpy as np
import plotly.graph_objects as go

from dicepoker.core.figure_text import speaking_figure
from dicepoker.core.i18n import _, display_name, fill_message, format_message, format_number, in_language
from dicepoker.games import bot_name
from dicepoker.games.board.labels import BOARD_LABELS, FREE_CENTRE, cell_name, label_kind
from dicepoker.games.board.odds import cell_chances, chance_to_take
from dicepoker.games.board.rules import BOARD, BoardRules
from dicepoker.ui.figure_style import kit_layout

KIND_COLOURS = {
    "pair": "#9ca3af",
    "two pairs": "#60a5fa",
    "three": "#34d399",
    "four": "#f59e0b",
    "full house": "#ef4444",
    "straight": "#8b5cf6",
    "lucky 7": "#ec4899",
    "lucky 11": "#db2777",
}


def _kind_name(kind: str) -> str:
    return display_name("board label", kind)


def board_heatmap(
    rules: BoardRules = BOARD,
    values: np.ndarray | None = None,
    *,
    title: str = "",
    value_name: str = "",
    lang: str | None = None,
) -> go.Figure:
    """The board with each cell coloured by the chance of taking its label in a turn (or by ``values``).

    Row 0 is at the top, as in RULES.md; the free centre is left blank unless ``values`` colour it.
    ``value_name`` names other ``values`` (counts, scores) in the colour bar and on hover; it and
    ``title`` are kept as given. The cells show their labels' codes (P3, FH), as the board does.

    >>> fig = board_heatmap(title="test")
    >>> round(float(np.nanmax(fig.data[0].z)), 3)
    0.699
    >>> board_heatmap(values=np.ones((9, 9)), value_name="runs of five").data[0].colorbar.title.text
    'runs<br>of five'
    """
    with in_language(lang):
        chances = values is None
        grid = cell_chances(rules) if chances else np.asarray(values, dtype=float)
        name = _("chance in a turn") if chances else (value_name or _("value"))
        labels = [list(row) for row in rules.layout]
        hover = [
            [
                FREE_CENTRE
                if label == FREE_CENTRE and chances
                else f"{cell_name((r, c), label)} ({label})<br>"
                + (
                    fill_message("{name} {p:.1%}", name=name, p=grid[r][c])
                    if chances
                    else f"{name} {format_number(grid[r][c])}"
                )
                for c, label in enumerate(row)
            ]
            for r, row in enumerate(labels)
        ]
        fig = go.Figure(
            go.Heatmap(
                z=grid,
                x=list(range(1, len(labels[0]) + 1)),  # rows and columns counted from 1, as players say them
                y=list(range(1, len(labels) + 1)),
                text=labels,
                texttemplate="%{text}",
                textfont={"size": 13},
                customdata=hover,
                hovertemplate="%{customdata}<extra></extra>",
                colorscale="YlGnBu",
                reversescale=chances,
                colorbar={"title": name.replace(" ", "<br>", 1), "tickformat": ".0%" if chances else ""},
                xgap=2,
                ygap=2,
            )
        )
        if not title:
            title = (
                _("The board by probability: dark cells are hard to take")
                if chances
                else format_message("The board: {name}", name=name)
            )
        kit_layout(
            fig,
            title=title,
            width=560,
            height=540,
            xaxis={"side": "top", "tickmode": "linear", "title": _("column")},
            yaxis={"autorange": "reversed", "tickmode": "linear", "scaleanchor": "x", "title": _("row")},
        )
        return speaking_figure(fig)


TEXT_BELOW = ("lucky 7", "lucky 11", "pair")  # kinds whose name goes under the point (neighbours above)


def cells_against_chance_figure(rules: BoardRules = BOARD, *, lang: str | None = None) -> go.Figure:
    """Each kind of label as a point: chance of taking one label in a turn (x) against its cells (y).

    The marker's area grows with the number of labels of the kind (6 pairs, 15 two pairs, ...).

    >>> fig = cells_against_chance_figure()
    >>> [trace.name for trace in fig.data][:3], list(fig.data[4].y)
    (['pair', 'two pairs', 'three'], [12])
    """
    with in_language(lang):
        counts = rules.label_counts()
        fig = go.Figure()
        for kind, colour in KIND_COLOURS.items():
            labels = [x for x in BOARD_LABELS if label_kind(x) == kind]
            chance = float(chance_to_take(labels[-1], rules.rolls_per_turn))
            shown = _kind_name(kind)
            words = f"{shown} ×{len(labels)}" if len(labels) > 1 else shown
            hover = format_message(
                "{kind}: {cells} cells per label, chance {chance} per turn",
                kind=words,
                cells="%{y}",
                chance="%{x:.1%}",
            )
            fig.add_scatter(
                name=shown,
                x=[chance],
                y=[counts[labels[-1]]],
                mode="markers+text",
                text=[words],
                textposition="bottom center" if kind in TEXT_BELOW else "top center",
                marker={
                    "size": 10 + 3 * len(labels) ** 0.5 * 2,
                    "color": colour,
                    "line": {"width": 1, "color": "#374151"},
                },
                hovertemplate=hover + "<extra></extra>",
            )
        kit_layout(
            fig,
            title=_("Cells per label against the chance of taking one label in a turn"),
            xaxis={
                "title": _("chance of taking one label in a turn (best keeps)"),
                "tickformat": ".0%",
                "range": [0, 0.8],
            },
            yaxis={"title": _("cells per label on the board"), "range": [-1, 13.5]},
            showlegend=False,
            height=420,
        )
        return speaking_figure(fig)


def board_tournament_figure(table: object, *, lang: str | None = None) -> go.Figure:
    """Win rates of a :func:`~dicepoker.games.board.bots.board_tournament` as bars with their 95% intervals.

    >>> import pandas as pd
    >>> t = pd.DataFrame({"strategy": ["a"], "opponent": ["b"], "win_rate": [0.5], "ci_low": [0.4],
    ...                   "ci_high": [0.6], "seats": [100]})
    >>> round(float(board_tournament_figure(t).data[0].error_y.array[0]), 3)
    0.1
    """
    with in_language(lang):
        frame = table  # a pandas DataFrame
        names = [
            format_message("{strategy} vs {opponent}", strategy=bot_name(s), opponent=bot_name(o))
            for s, o in zip(frame["strategy"], frame["opponent"], strict=True)
        ]
        rate = frame["win_rate"].to_numpy(dtype=float)
        hover = format_message(
            "{pair}: {share} won (95% CI {low} to {high}, {games} games)",
            pair="%{x}",
            share="%{y:.1%}",
            low="%{customdata[0]:.1%}",
            high="%{customdata[1]:.1%}",
            games="%{customdata[2]}",
        )
        fig = go.Figure(
            go.Bar(
                x=names,
                y=rate,
                error_y={
                    "type": "data",
                    "symmetric": False,
                    "array": frame["ci_high"].to_numpy(dtype=float) - rate,
                    "arrayminus": rate - frame["ci_low"].to_numpy(dtype=float),
                },
                marker_color="#1f4e79",
                customdata=np.stack([frame["ci_low"], frame["ci_high"], frame["seats"]], axis=1),
                hovertemplate=hover + "<extra></extra>",
            )
        )
        kit_layout(
            fig,
            title=_("Board bots: share of games won, with 95% intervals"),
            yaxis={"title": _("games won"), "tickformat": ".0%", "range": [0, 1.05]},
            height=400,
        )
        return speaking_figure(fig)
