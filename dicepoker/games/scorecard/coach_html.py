"""The coach's report as plain HTML (standard library only): the headline, the costliest decisions
drawn (dice and scorecard), the grade and its scale, the luck, and every decision in a table.

Works on any object with the report's attributes (see :class:`~.coach.GameReport`).

>>> fmt_points(3.14159), fmt_points(0.0), fmt_points(-2.5)
('3.14', '0', '−2.50')
"""

from __future__ import annotations

import html
from typing import Any

from dicepoker.core.pictures import COLOURS, MINUS, dice_html
from dicepoker.games.scorecard.html import scorecard_html

LOSS_COLOUR = "#b91c1c"


def fmt_points(value: float) -> str:
    """Points with two decimals and a true minus sign; an exact 0 as ``0``."""
    if value == 0:
        return "0"
    text = f"{abs(value):.2f}"
    return f"{MINUS}{text}" if value < 0 else text


def kept_mask(positions: tuple[int, ...], kept: Any) -> list[bool]:
    """Which dice of ``positions`` a keep holds (the first dice showing the kept values).

    >>> kept_mask((6, 2, 6, 3, 6), [6, 6])
    [True, False, True, False, False]
    """
    wanted = list(kept)
    mask = []
    for v in positions:
        mask.append(v in wanted)
        if v in wanted:
            wanted.remove(v)
    return mask


def decision_html(decision: Any, rules: Any, player: str, rank: int) -> str:
    """One costly decision drawn: the dice (the kept ones gold), the scorecard, the better move."""
    action = decision.choice.action
    kept = getattr(action, "dice", None)
    held = kept_mask(decision.positions, kept.values) if kept is not None else None
    left = decision.rolls_left
    caption = f"round {decision.round}, roll {decision.roll}, {left} roll{'s' if left != 1 else ''} left"
    if held is not None:
        caption += " (gold: the dice you kept)"
    dice = dice_html(decision.positions, held=held, size=36, caption=caption)
    card = scorecard_html(
        rules,
        [decision.filled],
        player_names=[player],
        poker_bonus_points=[decision.poker_bonus_points],
        options=rules.options(decision.positions, decision.filled, decision.roll == 1),
        current=0,
        first_roll=decision.roll == 1,
    )
    words = (
        f"<div><b>#{rank}: you chose {html.escape(decision.choice.label)}</b> "
        f'(expected final score {decision.choice.expected:.1f}) — <span style="color:{LOSS_COLOUR}">'
        f"loss {decision.loss:.2f}</span></div>"
        f"<div>Better: {html.escape(decision.better_move())}.</div>"
    )
    return (
        f'<div class="dp-coach-costly" style="display:flex;gap:18px;flex-wrap:wrap;align-items:flex-start;'
        f'margin:8px 0;padding:8px;border:1px solid {COLOURS["rule"]};border-radius:6px">'
        f'<div style="min-width:260px;max-width:360px">{words}{dice}</div>'
        f'<div style="font-size:0.85em">{card}</div></div>'
    )


def decisions_table_html(report: Any, limit: int | None = None) -> str:
    """Every decision as a table row; losses in red."""
    rows = []
    for i, d in enumerate(report.decisions[:limit] if limit else report.decisions, 1):
        loss = f'<span style="color:{LOSS_COLOUR}">{fmt_points(d.loss)}</span>' if d.loss else "0"
        rows.append(
            f"<tr><td>{i}</td><td>{d.round}</td><td>{d.roll}</td>"
            f"<td>{''.join(str(v) for v in d.positions)}</td><td>{d.kind}</td>"
            f"<td>{html.escape(d.choice.label)}</td><td>{d.choice.expected:.2f}</td>"
            f"<td>{html.escape(d.best.label)}</td><td>{d.best.expected:.2f}</td><td>{loss}</td></tr>"
        )
    head = "".join(
        f"<th>{h}</th>"
        for h in ("#", "round", "roll", "dice", "kind", "your choice", "expected", "best", "expected", "loss")
    )
    return (
        '<table class="dp-coach-decisions" '
        'style="border-collapse:collapse;font-variant-numeric:tabular-nums">'
        f"<thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
    )


def report_html(report: Any) -> str:
    """The whole report: what it measures, the headline, the luck, the grade, the costliest decisions
    and every decision.

    >>> from dicepoker.games.scorecard.coach import coach_report
    >>> from dicepoker.games.scorecard.engine import ScorecardGame
    >>> game = ScorecardGame("classic", players=["<Ann>"], seed=5)
    >>> _ = game.roll(); _ = game.score("Chance")
    >>> page = report_html(coach_report(game, grade=False))
    >>> "&lt;Ann&gt;" in page and "<Ann>" not in page, page.count('class="dp-coach-costly"')
    (True, 1)
    """
    luck = report.luck
    n = len(report.decisions)
    ended = "final score" if report.is_over else "expected final score now (the game goes on)"
    head = (
        f'<div class="dp-coach-head" style="font-size:1.15em"><b>Coach\'s report: '
        f"{html.escape(report.player)}</b>, {html.escape(report.rules.title)}</div>"
        f'<div style="color:{COLOURS["heading"]};font-size:0.9em">{html.escape(report.measures)}</div>'
    )
    numbers = (
        "<ul>"
        f"<li>{n} decisions; total loss <b>{fmt_points(report.total_loss)}</b> points, "
        f"<b>{fmt_points(report.mean_loss)}</b> per decision</li>"
        f"<li>{ended}: <b>{report.end_value:.1f}</b>; expected at the start: {report.start_expected:.1f}</li>"
        f"<li>luck: {html.escape(luck.identity())}</li>"
        "</ul>"
    )
    grade = ""
    if report.scale is not None:
        scale = "".join(f"<li>{html.escape(line)}</li>" for line in report.scale.describe())
        grade = (
            f'<div class="dp-coach-grade"><b>Grade: {report.grade}</b> '
            f'<span style="font-size:0.85em">({html.escape(report.scale.source())})</span>'
            f'<ul style="font-size:0.85em">{scale}</ul></div>'
        )
    costly = report.costliest(3)
    drawn = "".join(decision_html(d, report.rules, report.player, i) for i, d in enumerate(costly, 1))
    costly_part = (
        f"<div><b>The {len(costly)} costliest decision{'s' if len(costly) != 1 else ''}</b></div>{drawn}"
        if costly
        else "<div><b>No decision lost anything: every choice was a best one.</b></div>"
    )
    table = (
        f"<details><summary>Every decision ({n})</summary>{decisions_table_html(report)}</details>"
        if n
        else ""
    )
    return f'<div class="dp-coach-report">{head}{numbers}{grade}{costly_part}{table}</div>'
