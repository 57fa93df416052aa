"""The coach's report as plain HTML (standard library only): the headline, the costliest decisions
drawn (dice and scorecard), the grade and its scale, the luck, and every decision in a table.

Works on any object with the report's attributes (see :class:`~.coach.GameReport`).

Everything a person reads is in the current language (``with in_language("ro"):`` around the call).

>>> fmt_points(3.14159), fmt_points(0.0), fmt_points(-2.5), fmt_points(-2.5, lang="ro")
('3.14', '0', '−2.50', '−2,50')
"""

from __future__ import annotations

import html
from typing import Any

from dicepoker.core.errors import quoted
from dicepoker.core.i18n import _, fill_message, format_fixed, format_message, ngettext, pgettext
from dicepoker.core.pictures import COLOURS, MINUS, dice_html
from dicepoker.games import SCORECARD_GAMES
from dicepoker.games.scorecard.hints import game_title, kind_name
from dicepoker.games.scorecard.html import scorecard_html

LOSS_COLOUR = "#b91c1c"


def fmt_points(value: float, lang: str | None = None) -> str:
    """Points with two decimals (for the locale) and a true minus sign; an exact 0 as ``0``."""
    if value == 0:
        return "0"
    text = format_fixed(abs(value), 2, lang)
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
    if held is not None:
        caption = ngettext(
            "round {round}, roll {roll}, {n} roll left (gold: the dice you kept)",
            "round {round}, roll {roll}, {n} rolls left (gold: the dice you kept)",
            left,
        )
    else:
        caption = ngettext(
            "round {round}, roll {roll}, {n} roll left", "round {round}, roll {roll}, {n} rolls left", left
        )
    caption = fill_message(caption, round=decision.round, roll=decision.roll, n=left)
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
    chose = format_message(
        "#{rank}: you chose {choice}", rank=rank, choice=html.escape(decision.choice.text())
    )
    expected = format_message(
        "(expected final score {expected})", expected=format_fixed(decision.choice.expected, 1)
    )
    loss = format_message("loss {loss}", loss=format_fixed(decision.loss, 2))
    better = format_message("Better: {move}.", move=html.escape(decision.better_move()))
    words = (
        f"<div><b>{chose}</b> {expected} — "
        f'<span style="color:{LOSS_COLOUR}">{loss}</span></div>'
        f"<div>{better}</div>"
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
            f"<td>{''.join(str(v) for v in d.positions)}</td><td>{html.escape(kind_name(d.kind))}</td>"
            f"<td>{html.escape(d.choice.text())}</td><td>{format_fixed(d.choice.expected, 2)}</td>"
            f"<td>{html.escape(d.best.text())}</td><td>{format_fixed(d.best.expected, 2)}</td>"
            f"<td>{loss}</td></tr>"
        )
    headings = (
        "#",
        pgettext("coach table", "round"),
        pgettext("coach table", "roll"),
        pgettext("coach table", "dice"),
        pgettext("coach table", "kind"),
        pgettext("coach table", "your choice"),
        pgettext("coach table", "expected"),
        pgettext("coach table", "best"),
        pgettext("coach table", "expected"),
        pgettext("coach table", "loss"),
    )
    head = "".join(f"<th>{html.escape(h)}</th>" for h in headings)
    return (
        '<table class="dp-coach-decisions" '
        'style="border-collapse:collapse;font-variant-numeric:tabular-nums">'
        f"<thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
    )


def own_rules_note(rules: Any) -> str:
    """The flag on a report whose game is not played by one of the kit's rule sets.

    >>> from dicepoker.games.scorecard.presets import CLASSIC
    >>> own_rules_note(CLASSIC.variant(upper_bonus=40))
    "The rule set 'classic' of this game is not one of the kit's, though it has a kit game's name."
    """
    if rules.name in SCORECARD_GAMES:
        template = _(
            "The rule set {game} of this game is not one of the kit's, though it has a kit game's name."
        )
    else:
        template = _("The rule set {game} of this game is not one of the kit's.")
    return fill_message(template, game=quoted(rules.name))


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
    ended = (
        _("final score: {score}; expected at the start: {start}")
        if report.is_over
        else _("expected final score now (the game goes on): {score}; expected at the start: {start}")
    )
    title = format_message("Coach's report: {player}", player=html.escape(report.player))
    head = (
        f'<div class="dp-coach-head" style="font-size:1.15em"><b>{title}</b>, '
        f"{html.escape(game_title(report.rules.title))}</div>"
        f'<div style="color:{COLOURS["heading"]};font-size:0.9em">{html.escape(report.measures)}</div>'
    )
    if not report.kit_rules:
        note = html.escape(own_rules_note(report.rules))
        head += f'<div class="dp-coach-own-rules"><b>{note}</b></div>'
    decisions = fill_message(
        ngettext(
            "{n} decision; total loss {total} points, {mean} per decision",
            "{n} decisions; total loss {total} points, {mean} per decision",
            n,
        ),
        n=n,
        total=f"<b>{fmt_points(report.total_loss)}</b>",
        mean=f"<b>{fmt_points(report.mean_loss)}</b>",
    )
    numbers = (
        "<ul>"
        f"<li>{decisions}</li>"
        + "<li>"
        + fill_message(
            ended,
            score=f"<b>{format_fixed(report.end_value, 1)}</b>",
            start=format_fixed(report.start_expected, 1),
        )
        + "</li>"
        + "<li>"
        + format_message("luck: {identity}", identity=html.escape(luck.identity()))
        + "</li></ul>"
    )
    grade = ""
    if report.scale is not None:
        scale = "".join(f"<li>{html.escape(line)}</li>" for line in report.scale.describe())
        letter = format_message("Grade: {grade}", grade=report.grade)
        grade = (
            f'<div class="dp-coach-grade"><b>{html.escape(letter)}</b> '
            f'<span style="font-size:0.85em">({html.escape(report.scale.source())})</span>'
            f'<ul style="font-size:0.85em">{scale}</ul></div>'
        )
    costly = report.costliest(3)
    drawn = "".join(decision_html(d, report.rules, report.player, i) for i, d in enumerate(costly, 1))
    costliest = ngettext("The {n} costliest decision", "The {n} costliest decisions", len(costly))
    costly_part = (
        f"<div><b>{fill_message(costliest, n=len(costly))}</b></div>{drawn}"
        if costly
        else "<div><b>" + _("No decision lost anything: every choice was a best one.") + "</b></div>"
    )
    every = fill_message(ngettext("Every decision ({n})", "Every decision ({n})", n), n=n)
    table = f"<details><summary>{every}</summary>{decisions_table_html(report)}</details>" if n else ""
    return f'<div class="dp-coach-report">{head}{numbers}{grade}{costly_part}{table}</div>'
