"""Pictures of risk-sensitive play: the toy's two bets, certainty equivalents, score spreads, win rates.

Pure functions returning plotly figures from the tables of
:mod:`dicepoker.games.scorecard.analysis.risk`; nothing is shown here.

>>> [trace.name for trace in toy_figure().data][0]
'risk avoider (θ = -ln 2)'
"""

from __future__ import annotations

import pandas as pd
import plotly.graph_objects as go

from dicepoker.core.figure_text import speaking_figure
from dicepoker.core.i18n import _, format_message, in_language
from dicepoker.games import bot_name
from dicepoker.games.scorecard.analysis.lab_figures import PALETTE
from dicepoker.games.scorecard.analysis.risk import TOY_PLAYERS, toy_distribution, toy_rerolls
from dicepoker.ui.figure_style import kit_layout


def toy_player_name(player: str) -> str:
    """One of the toy's three players (:data:`TOY_PLAYERS`) as the current language names them."""
    names = {  # θ = ±ln 2 is written in the notation of mathematics, the same in every language
        "risk avoider (θ = -ln 2)": format_message("risk avoider (θ = {theta})", theta="-ln 2"),
        "expected score (θ = 0)": format_message("expected score (θ = {theta})", theta="0"),
        "risk seeker (θ = ln 2)": format_message("risk seeker (θ = {theta})", theta="ln 2"),
    }
    return names.get(player, player)


def toy_figure(*, lang: str | None = None) -> go.Figure:
    """The toy's final sum for each of its three players (bars of exact chances).

    >>> [len(trace.x) for trace in toy_figure().data]
    [11, 11, 11]
    """
    with in_language(lang):
        fig = go.Figure()
        for colour, (player, base) in zip(PALETTE, TOY_PLAYERS.items(), strict=False):
            dist = toy_distribution(toy_rerolls(base))
            fig.add_bar(
                x=list(dist),
                y=[float(p) for p in dist.values()],
                name=toy_player_name(player),
                marker_color=colour,
            )
        kit_layout(
            fig,
            title=_("Two dice, one reroll of a die: the final sum of three players"),
            xaxis_title=_("final sum"),
            yaxis_title=_("chance"),
            barmode="group",
        )
        return speaking_figure(fig)


def certainty_equivalent_figure(
    sweep: pd.DataFrame, expected_score: float | None = None, *, lang: str | None = None
) -> go.Figure:
    """The certainty equivalent of the θ-player's game against θ (a :func:`risk_sweep` table).

    >>> df = pd.DataFrame({"certainty_equivalent": [240.0, 248.4, 257.0]}, index=[-0.01, 0.0, 0.01])
    >>> certainty_equivalent_figure(df, 248.4).data[0].y.tolist()
    [240.0, 248.4, 257.0]
    """
    with in_language(lang):
        fig = go.Figure()
        fig.add_scatter(
            x=list(sweep.index),
            y=sweep["certainty_equivalent"],
            mode="lines+markers",
            name=_("certainty equivalent"),
        )
        if expected_score is not None:
            fig.add_hline(
                y=expected_score,
                line_dash="dot",
                annotation_text=format_message("expected score {score:.2f}", score=expected_score),
            )
        kit_layout(
            fig,
            title=_("What the game is worth to a player with risk θ (exact)"),
            xaxis_title=_("θ (below 0 avoids risk, above 0 seeks it)"),
            yaxis_title=_("certainty equivalent (points)"),
        )
        return speaking_figure(fig)


def score_spread_figure(distribution: pd.DataFrame, *, lang: str | None = None) -> go.Figure:
    """Mean, 5th and 95th percentiles of the final score against θ, with their 95% intervals.

    >>> from dicepoker.games.scorecard.analysis.risk import final_score_summary
    >>> fig = score_spread_figure(final_score_summary("yatzy", risks=(0.0,), games=10, seed=1))
    >>> [trace.name for trace in fig.data]
    ['95th percentile', 'mean', '5th percentile']
    """
    with in_language(lang):
        fig = go.Figure()
        x = list(distribution.index)
        lines = (("p95", _("95th percentile")), ("mean", _("mean")), ("p5", _("5th percentile")))
        for colour, (key, label) in zip(PALETTE, lines, strict=False):
            d = distribution
            fig.add_scatter(
                x=x,
                y=d[key],
                name=label,
                mode="lines+markers",
                marker_color=colour,
                error_y={
                    "type": "data",
                    "symmetric": False,
                    "array": d[f"{key}_high"] - d[key],
                    "arrayminus": d[key] - d[f"{key}_low"],
                },
            )
        kit_layout(
            fig,
            title=_("What risk does to the final score (seeded games, 95% intervals)"),
            xaxis_title="θ",
            yaxis_title=_("final score"),
        )
        return speaking_figure(fig)


def bonus_rates_figure(distribution: pd.DataFrame, *, lang: str | None = None) -> go.Figure:
    """The chance of the upper bonus (and of a scored poker box) against θ, with Wilson intervals.

    >>> df = pd.DataFrame({"bonus_rate": [0.6], "bonus_low": [0.5], "bonus_high": [0.7]}, index=[0.0])
    >>> [trace.name for trace in bonus_rates_figure(df).data]
    ['upper bonus']
    """
    with in_language(lang):
        fig = go.Figure()
        x = list(distribution.index)
        lines = (("bonus", _("upper bonus")), ("poker", _("a poker")))
        for colour, (key, label) in zip(PALETTE, lines, strict=False):
            if f"{key}_rate" not in distribution:
                continue
            rate = distribution[f"{key}_rate"]
            fig.add_scatter(
                x=x,
                y=rate,
                name=label,
                mode="lines+markers",
                marker_color=colour,
                error_y={
                    "type": "data",
                    "symmetric": False,
                    "array": distribution[f"{key}_high"] - rate,
                    "arrayminus": rate - distribution[f"{key}_low"],
                },
            )
        kit_layout(
            fig, title=_("How often the bonus and the poker come"), xaxis_title="θ", yaxis_title=_("chance")
        )
        return speaking_figure(fig)


def win_rate_figure(tournament: pd.DataFrame, *, lang: str | None = None) -> go.Figure:
    """Win rate against the expected-score optimum for each θ-player (and the win-seeker), 95% Wilson.

    >>> df = pd.DataFrame({"win_rate": [0.5, 0.52], "low": [0.47, 0.49], "high": [0.53, 0.55],
    ...                    "risk": [0.0, None]}, index=["risk 0", "plays to win"])
    >>> [trace.name for trace in win_rate_figure(df).data]
    ['θ-players', 'plays to win']
    """
    with in_language(lang):
        fixed = tournament[tournament["risk"].notna()].sort_values("risk")
        others = tournament[tournament["risk"].isna()]
        fig = go.Figure()

        def bars(d: pd.DataFrame) -> dict:
            return {
                "type": "data",
                "symmetric": False,
                "array": d["high"] - d["win_rate"],
                "arrayminus": d["win_rate"] - d["low"],
            }

        fig.add_scatter(
            x=fixed["risk"],
            y=fixed["win_rate"],
            name=_("θ-players"),
            mode="lines+markers",
            error_y=bars(fixed),
        )
        for colour, (name, row) in zip(PALETTE[2:], others.iterrows(), strict=False):
            d = others.loc[[name]]
            fig.add_scatter(
                x=[0.0],
                y=[row["win_rate"]],
                name=bot_name(str(name)),
                mode="markers",
                marker_color=colour,
                error_y=bars(d),
                marker_symbol="star",
                marker_size=14,
            )
        fig.add_hline(y=0.5, line_dash="dot", annotation_text=_("even"))
        kit_layout(
            fig,
            title=_("Head to head against the expected-score optimum (95% Wilson intervals)"),
            xaxis_title=_("θ of the challenger (the win-seeker chooses its own θ each turn)"),
            yaxis_title=_("win rate (ties count half)"),
        )
        return speaking_figure(fig)
