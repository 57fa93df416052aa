"""Figures of the odds: plotly figures returned, never shown (leave one as a cell's last expression).

>>> fig = one_vs_three_rolls_figure("classic")
>>> [trace.name for trace in fig.data]
['one roll', 'within three rolls']
>>> [trace.name for trace in one_vs_three_rolls_figure("classic", lang="ro").data]
['o aruncare', 'în cel mult trei aruncări']
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import plotly.graph_objects as go

from dicepoker.core.figure_text import speaking_figure
from dicepoker.core.i18n import (
    _,
    display_name,
    fill_message,
    format_message,
    format_percent,
    in_language,
    known_names,
    ngettext,
)
from dicepoker.games import find_game
from dicepoker.games.scorecard.odds import expected_score, score_distribution
from dicepoker.odds.one_roll import CombinationLike, find_combination, one_roll_probability, sum_distribution
from dicepoker.odds.simulation import repeated_one_roll_intervals, roll_dice, running_estimate
from dicepoker.odds.tables import doubling_boxes, game_odds
from dicepoker.odds.turn import (
    turn_flow,
    useful_dice_by_roll,
    within_three_probability,
)
from dicepoker.ui.figure_style import kit_layout

ONE_ROLL_COLOUR = "#7f9fbf"
THREE_ROLLS_COLOUR = "#1f4e79"
USEFUL_COLOURS = ("#d9d9d9", "#fde0c5", "#facba6", "#f8b58b", "#f59e72", "#1b7f3b")  # 0..5 useful dice


def _percent(p: Fraction) -> str:
    return format_percent(p, digits=4)


def shown_name(name: str, game: str) -> str:
    """A combination's name as the current language shows it: a box or a bluff hand translated, a board
    label's code (``P3``, ``FH``) kept, as the board shows it.

    >>> shown_name("Two Pairs", "classic"), shown_name("Five of a Kind", "bluff"), shown_name("FH", "board")
    ('Two Pairs', 'Five of a Kind', 'FH')
    """
    if game == "bluff" and ("bluff hand", name) in known_names():
        return display_name("bluff hand", name)
    if ("box", name) in known_names():
        return display_name("box", name)
    return name


def game_title(game: str) -> str:
    """The game's title as the current language says it ("Dice Poker" for ``classic``)."""
    return display_name("game title", find_game(game).title)


def _faded(colour: str, alpha: float = 0.45) -> str:
    red, green, blue = (int(colour[k : k + 2], 16) for k in (1, 3, 5))
    return f"rgba({red}, {green}, {blue}, {alpha})"


def one_vs_three_rolls_figure(game: str = "classic", log: bool = False, lang: str | None = None) -> go.Figure:
    """One roll against three rolls (best keeps) for every combination of a game, as paired bars.

    Neighbours with the same odds share one bar (the board's P1 … P6) when a game has more than
    :data:`MAX_BARS` combinations, so the chart fits on a screen.

    >>> fig = one_vs_three_rolls_figure("bluff", log=True)
    >>> fig.data[1].x[-1] == float(within_three_probability("Five of a Kind", "bluff"))
    True
    >>> list(one_vs_three_rolls_figure("board").data[0].y)[:2]
    ['P1 … P6 (each)', '12 … 56 (each)']
    """
    with in_language(lang):
        rows = [(o.name, o.one_roll, o.within_three) for o in game_odds(game)]
        if len(rows) > MAX_BARS:
            rows = _merge_equal_odds(rows)
        names = [name if "…" in name else shown_name(name, game) for name, _one, _three in rows]
        fig = go.Figure()
        for label, values, colour in (
            (_("one roll"), [one for _name, one, _three in rows], ONE_ROLL_COLOUR),
            (_("within three rolls"), [three for _name, _one, three in rows], THREE_ROLLS_COLOUR),
        ):
            fig.add_bar(
                name=label,
                y=names,
                x=[float(v) for v in values],
                orientation="h",
                marker_color=colour,
                customdata=[[str(v), _percent(v)] for v in values],
                hovertemplate="%{y}: %{customdata[0]} = %{customdata[1]}<extra>" + label + "</extra>",
            )
        title = format_message(
            "One roll or three: the chance of each combination in {game}", game=game_title(game)
        )
        if doubling_boxes(game) is not None:
            title += (
                "<br><sup>"
                + _("one roll = the chance of a doubled score (part 1 and Chance never double)")
                + "</sup>"
            )
        kit_layout(
            fig,
            title=title,
            barmode="group",
            height=max(320, 28 * len(names) + 120),
            legend={"orientation": "h", "x": 0, "y": 1.0, "yanchor": "bottom"},
            xaxis={
                "title": _("chance (log scale)") if log else _("chance"),
                "tickformat": ".2~%" if log else ".0%",
                "type": "log" if log else "linear",
                "tickvals": LOG_TICKS if log else None,
            },
            yaxis={"autorange": "reversed"},
        )
        return speaking_figure(fig)


LOG_TICKS = [1e-4, 2e-4, 5e-4, 1e-3, 2e-3, 5e-3, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1.0]
MAX_BARS = 20  # more combinations than this: neighbours with equal odds share a bar


def _merge_equal_odds(rows: list[tuple[str, Fraction, Fraction]]) -> list[tuple[str, Fraction, Fraction]]:
    """Runs of neighbouring rows with the same odds as one row named "first … last (each)"."""
    merged: list[tuple[str, Fraction, Fraction]] = []
    run: list[str] = []
    for i, (name, one, three) in enumerate(rows):
        run.append(name)
        following = rows[i + 1] if i + 1 < len(rows) else None
        if following is None or following[1:] != (one, three):
            shown = (
                run[0]
                if len(run) == 1
                else format_message("{first} … {last} (each)", first=run[0], last=run[-1])
            )
            merged.append((shown, one, three))
            run = []
    return merged


def convergence_figure(
    combination: CombinationLike,
    game: str = "classic",
    n: int = 100_000,
    rng: np.random.Generator | int | None = None,
    within_three: bool = False,
    lang: str | None = None,
) -> go.Figure:
    """A Monte Carlo estimate closing in on the exact chance, with its 95% confidence band.

    >>> fig = convergence_figure("Full House", n=5000, rng=0)
    >>> [trace.name for trace in fig.data]
    ['95% interval', 'simulated', 'exact 25/648']
    """
    with in_language(lang):
        name = shown_name(find_combination(combination, game).name, game)
        frame = running_estimate(combination, game, n, rng, within_three=within_three)
        exact = (
            within_three_probability(combination, game)
            if within_three
            else one_roll_probability(combination, game)
        )
        fig = go.Figure()
        fig.add_scatter(
            x=np.concatenate([frame["n"], frame["n"][::-1]]),
            y=np.concatenate([frame["high"], frame["low"][::-1]]),
            fill="toself",
            fillcolor="rgba(31, 78, 121, 0.18)",
            line={"width": 0},
            name=_("95% interval"),
            hoverinfo="skip",
        )
        fig.add_scatter(
            x=frame["n"],
            y=frame["estimate"],
            mode="lines+markers",
            name=_("simulated"),
            line_color=THREE_ROLLS_COLOUR,
        )
        fig.add_scatter(
            x=[frame["n"].iloc[0], frame["n"].iloc[-1]],
            y=[float(exact)] * 2,
            mode="lines",
            name=format_message("exact {fraction}", fraction=str(exact)),
            line={"color": "#b35900", "dash": "dash"},
        )
        if within_three:
            title = format_message(
                "Simulating {name} within three rolls: the estimate settles on the exact {percent}",
                name=name,
                percent=_percent(exact),
            )
        else:
            title = format_message(
                "Simulating {name} on one roll: the estimate settles on the exact {percent}",
                name=name,
                percent=_percent(exact),
            )
        kit_layout(
            fig,
            title=title,
            xaxis={"title": _("turns simulated") if within_three else _("rolls simulated"), "type": "log"},
            yaxis={"title": _("estimated chance"), "tickformat": ".1%"},
        )
        return speaking_figure(fig)


def intervals_figure(
    combination: CombinationLike,
    game: str = "classic",
    n: int = 2_000,
    repeats: int = 100,
    rng: np.random.Generator | int | None = None,
    lang: str | None = None,
) -> go.Figure:
    """``repeats`` simulations of ``n`` rolls, each a 95% interval; those that miss the exact chance in red.

    >>> fig = intervals_figure("Full House", n=500, repeats=20, rng=0)
    >>> sum(len(trace.x) // 3 for trace in fig.data if trace.mode == "lines" and trace.name != "exact 25/648")
    20
    """
    with in_language(lang):
        name = shown_name(find_combination(combination, game).name, game)
        exact = one_roll_probability(combination, game)
        intervals = repeated_one_roll_intervals(combination, game, n, repeats, rng)
        holds = [e.contains(exact) for e in intervals]
        fig = go.Figure()
        for colour, chosen in ((THREE_ROLLS_COLOUR, holds), ("#c0392b", [not h for h in holds])):
            rows = [i + 1 for i, keep in enumerate(chosen) if keep]
            shown = [e for e, keep in zip(intervals, chosen, strict=True) if keep]
            x = [v for e in shown for v in (e.low, e.high, None)]
            y = [v for row in rows for v in (row, row, None)]
            if chosen is holds:
                label = ngettext("{n} holds the exact value", "{n} hold the exact value", len(rows))
            else:
                label = ngettext("{n} misses it", "{n} miss it", len(rows))
            fig.add_scatter(
                x=x,
                y=y,
                mode="lines",
                line={"color": colour, "width": 3},
                name=fill_message(label, n=len(rows)),
            )
        fig.add_scatter(
            x=[float(exact)] * 2,
            y=[0, repeats + 1],
            mode="lines",
            name=format_message("exact {fraction}", fraction=str(exact)),
            line={"color": "#b35900", "dash": "dash"},
        )
        missed = sum(not h for h in holds)
        title = ngettext(
            "{repeats} simulations of {n:,} rolls ({name}): {missed} of the 95% intervals misses",
            "{repeats} simulations of {n:,} rolls ({name}): {missed} of the 95% intervals miss",
            missed,
        )
        kit_layout(
            fig,
            title=fill_message(title, repeats=repeats, n=n, name=name, missed=missed),
            xaxis={"title": _("95% interval for the chance"), "tickformat": ".1%"},
            yaxis={"title": _("simulation"), "range": [0, repeats + 1]},
            legend={"orientation": "h", "y": -0.2},
            height=520,
        )
        return speaking_figure(fig)


def turn_flow_figure(
    combination: CombinationLike, game: str = "classic", kind: str = "sankey", lang: str | None = None
) -> go.Figure:
    """How many useful dice a player has after roll 1, 2 and 3 when playing for a combination.

    ``kind="sankey"`` draws the flow from roll to roll; ``kind="bars"`` stacks the chance of each
    number of useful dice (5 useful dice: the combination holds).

    >>> fig = turn_flow_figure("Poker", kind="bars")
    >>> len(fig.data), fig.data[-1].name
    (5, '5 useful dice (it holds)')
    """
    with in_language(lang):
        name = shown_name(find_combination(combination, game).name, game)
        if kind == "bars":
            return speaking_figure(_flow_bars(combination, game, name))
        if kind != "sankey":
            from dicepoker.core.errors import UnknownNameError

            raise UnknownNameError(
                format_message(
                    "no figure kind {kind}: choose {sankey} or {bars}",
                    kind=repr(kind),
                    sankey="'sankey'",
                    bars="'bars'",
                )
            )
        return speaking_figure(_flow_sankey(combination, game, name))


def _useful_label(useful: int) -> str:
    """ "3 useful", "5 useful ✓" (a node of the sankey)."""
    useful = int(useful)
    text = fill_message(ngettext("{n} useful", "{n} useful", useful), n=useful)
    return text + (" ✓" if useful == 5 else "")


def _flow_sankey(combination: CombinationLike, game: str, name: str) -> go.Figure:
    flow = turn_flow(combination, game)
    table = useful_dice_by_roll(combination, game)
    order = [
        (roll, useful)
        for roll in range(1, len(table.columns) + 1)
        for useful in reversed(table.index)
        if table.loc[useful, f"after roll {roll}"]
    ]
    index = {node: i for i, node in enumerate(order)}
    y = []  # node centres from the top: 5 useful dice at the top, stacked by their chance
    for roll, useful in order:
        above = sum(table.loc[u, f"after roll {roll}"] for u in table.index if u > useful)
        y.append(0.02 + 0.9 * float(above + table.loc[useful, f"after roll {roll}"] / 2))
    labels = [_useful_label(u) for _roll, u in order]
    fig = go.Figure(
        go.Sankey(
            arrangement="fixed",
            node={
                "label": [""] * len(order),  # drawn as annotations below, spread so none overlaps
                "customdata": [
                    format_message("after roll {roll}: {useful}", roll=r, useful=label)
                    for (r, _u), label in zip(order, labels, strict=True)
                ],
                "hovertemplate": "%{customdata}<extra></extra>",
                "color": [USEFUL_COLOURS[u] for _roll, u in order],
                "x": [FLOW_COLUMNS[r - 1] for r, _u in order],
                "y": y,
                "pad": 10,
            },
            link={
                "source": [index[(r, u)] for r, u in zip(flow["roll"], flow["useful"], strict=True)],
                "target": [index[(r + 1, u)] for r, u in zip(flow["roll"], flow["next_useful"], strict=True)],
                "value": [float(p) for p in flow["probability"]],
                "color": [_faded(USEFUL_COLOURS[u]) for u in flow["next_useful"]],
                "customdata": [str(p) for p in flow["probability"]],
                "hovertemplate": "%{source.customdata} → %{target.customdata}: %{customdata}<extra></extra>",
            },
        )
    )
    for roll in range(1, len(table.columns) + 1):
        nodes = [i for i, (r, _u) in enumerate(order) if r == roll]
        spread = spread_labels([1 - y[i] for i in nodes], FLOW_LABEL_GAP)
        last = roll == len(table.columns)
        for i, label_y in zip(nodes, spread, strict=True):
            fig.add_annotation(
                x=FLOW_COLUMNS[roll - 1],
                y=label_y,
                xref="paper",
                yref="paper",
                text=labels[i],
                showarrow=False,
                xanchor="right" if last else "left",
                xshift=-14 if last else 14,
                bgcolor="rgba(255, 255, 255, 0.9)",
                font={"size": 12},
            )
        fig.add_annotation(
            x=FLOW_COLUMNS[roll - 1],
            y=1.06,
            xref="paper",
            yref="paper",
            text="<b>" + format_message("after roll {roll}", roll=roll) + "</b>",
            showarrow=False,
            xanchor="right" if last else "left",
        )
    kit_layout(
        fig,
        title=format_message(
            "Playing for {name}: useful dice after roll 1, 2 and 3 (5 useful = it holds)", name=name
        ),
        height=FLOW_HEIGHT,
        margin={"t": 100, "b": 30, "l": 20, "r": 20},
    )
    return fig


FLOW_COLUMNS = (0.01, 0.5, 0.99)  # where the sankey's columns of nodes stand (paper coordinates)
FLOW_HEIGHT = 560  # pixels: the plot area is 440 px tall
FLOW_LABEL_GAP = 18 / 440  # the least distance between two labels of a column (18 px)


def spread_labels(positions: list[float], gap: float, low: float = 0.0, high: float = 1.0) -> list[float]:
    """Label positions moved apart as little as needed so that neighbours are at least ``gap`` apart.

    Keeps their order and stays within ``low`` .. ``high``.

    >>> [round(p, 2) for p in spread_labels([0.99, 0.98, 0.5], 0.05)]
    [0.99, 0.94, 0.5]
    >>> [round(p, 2) for p in spread_labels([0.02, 0.01], 0.05)]  # pushed up from the bottom edge
    [0.05, 0.0]
    """
    order = sorted(range(len(positions)), key=lambda i: -positions[i])  # top first
    placed = [min(high, positions[order[0]])] if order else []
    for i in order[1:]:
        placed.append(min(positions[i], placed[-1] - gap))
    for k in range(len(placed) - 1, -1, -1):  # push back up from the bottom edge
        floor = low if k == len(placed) - 1 else placed[k + 1] + gap
        placed[k] = max(placed[k], floor)
    result = [0.0] * len(positions)
    for k, i in enumerate(order):
        result[i] = placed[k]
    return result


def _flow_bars(combination: CombinationLike, game: str, name: str) -> go.Figure:
    table = useful_dice_by_roll(combination, game)
    rolls = [format_message("after roll {roll}", roll=k) for k in range(1, len(table.columns) + 1)]
    fig = go.Figure()
    for useful, row in table.iterrows():
        if not any(row):
            continue
        if useful == 5:
            label = _("5 useful dice (it holds)")
        else:
            label = fill_message(ngettext("{n} useful die", "{n} useful dice", int(useful)), n=int(useful))
        fig.add_bar(
            name=label,
            x=rolls,
            y=[float(p) for p in row],
            marker_color=USEFUL_COLOURS[int(useful)],
            customdata=[str(p) for p in row],
            hovertemplate="%{x}: %{customdata}<extra>" + label + "</extra>",
        )
    kit_layout(
        fig,
        title=format_message("Playing for {name}: how many useful dice after each roll", name=name),
        barmode="stack",
        yaxis={"title": _("chance"), "tickformat": ".0%"},
    )
    return fig


def dice_sum_figure(
    dice: int = 5, n: int = 0, rng: np.random.Generator | int | None = None, lang: str | None = None
) -> go.Figure:
    """The exact distribution of the sum of the dice; with ``n`` > 0, simulated frequencies on top.

    >>> fig = dice_sum_figure(5, n=1000, rng=0)
    >>> fig.data[0].x[0], fig.data[0].x[-1], len(fig.data)
    (5, 30, 2)
    """
    with in_language(lang):
        dist = sum_distribution(dice)
        totals = list(dist)
        fig = go.Figure()
        exact = _("exact")
        fig.add_bar(
            name=exact,
            x=totals,
            y=[float(p) for p in dist.values()],
            marker_color=THREE_ROLLS_COLOUR,
            customdata=[str(p) for p in dist.values()],
            hovertemplate=format_message("sum {total}: {chance}", total="%{x}", chance="%{customdata}")
            + f"<extra>{exact}</extra>",
        )
        if n > 0:
            sums = roll_dice(n, rng, dice).sum(axis=1)
            counts = np.bincount(sums, minlength=6 * dice + 1)[dice:]
            fig.add_scatter(
                name=fill_message(ngettext("simulated ({n:,} roll)", "simulated ({n:,} rolls)", n), n=n),
                x=totals,
                y=counts / n,
                mode="markers",
                marker_color="#b35900",
            )
        kit_layout(
            fig,
            title=fill_message(ngettext("The sum of {dice} die", "The sum of {dice} dice", dice), dice=dice),
            xaxis={"title": _("sum"), "dtick": 1 if dice <= 3 else 5},
            yaxis={"title": _("chance"), "tickformat": ".1%"},
        )
        return speaking_figure(fig)


def score_distribution_figure(
    box: str, game: str = "classic", rolls: int = 3, log: bool | None = None, lang: str | None = None
) -> go.Figure:
    """The distribution of a box's score at the end of a turn played to score the most in it.

    ``log`` draws the chance on a log axis, so that rare scores show next to a likely 0; by default
    it does when the likeliest score is over 100 times as likely as the rarest.

    >>> fig = score_distribution_figure("Sixes")
    >>> list(fig.data[0].x), fig.layout.yaxis.type
    ([0, 6, 12, 18, 24, 30], 'linear')
    >>> score_distribution_figure("Poker", game="two_part").layout.yaxis.type
    'log'
    """
    with in_language(lang):
        dist = score_distribution(box, game, rolls)
        mean = expected_score(box, game, rolls)
        chances = [p for p in dist.values() if p > 0]
        if log is None:
            log = max(chances) > 100 * min(chances)
        fig = go.Figure()
        fig.add_bar(
            name=_("chance"),
            x=list(dist),
            y=[float(p) for p in dist.values()],
            marker_color=THREE_ROLLS_COLOUR,
            customdata=[str(p) for p in dist.values()],
            hovertemplate=format_message("score {score}: {chance}", score="%{x}", chance="%{customdata}")
            + "<extra></extra>",
            texttemplate="%{y:.2~%}" if log else None,
            textposition="outside" if log else None,
            cliponaxis=False,
        )
        fig.add_vline(
            x=float(mean),
            line={"color": "#b35900", "dash": "dash"},
            annotation_text=format_message("expected {mean:.2f}", mean=float(mean)),
        )
        low = math.log10(float(min(chances))) - 0.8  # the rarest bar stands clear of the axis
        title = ngettext(
            "{box} in {game}: the score after a turn of {rolls} roll chasing it",
            "{box} in {game}: the score after a turn of {rolls} rolls chasing it",
            rolls,
        )
        kit_layout(
            fig,
            title=fill_message(title, box=shown_name(box, game), game=game_title(game), rolls=rolls),
            xaxis={"title": _("score"), "tickvals": list(dist) if len(dist) <= 25 else None},
            yaxis={
                "title": _("chance (log scale)") if log else _("chance"),
                "tickformat": ".2~%" if log else ".0%",
                "type": "log" if log else "linear",
                "range": [low, 0.1] if log else None,
            },
            bargap=0.2,
        )
        return speaking_figure(fig)
