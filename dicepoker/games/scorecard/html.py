"""Scorecards as HTML, for notebooks (``_repr_html_``) and the play widget.

Pure functions with keyword-only options; every text that comes from outside (player names,
box names) is HTML-escaped.

>>> from dicepoker import find_game
>>> rows = scorecard_rows(find_game("classic"), [{"Sixes": 18}])
>>> [r.cells[0].text for r in rows if r.label in ("Sixes", "Upper total", "Total")]
['18', '18 / 64', '18']
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from dicepoker.core.i18n import _, display_name_or_own, fill_message, format_message, ngettext
from dicepoker.core.pictures import COLOURS, dice_html, plain, signed
from dicepoker.core.words import N_, player_name, says
from dicepoker.games.scorecard.rules import Box, ScorecardRules, box_name


# --- names as a player reads them -----------------------------------------------------------------
def game_title(rules: ScorecardRules) -> str:
    """A rule set's title as shown in the current language (a title the catalogs do not know: as it is).

    >>> from dicepoker.core.i18n import in_language
    >>> from dicepoker.games import find_game
    >>> with in_language("uk"):
    ...     game_title(find_game("classic"))
    'Покер на кістках'
    """
    return display_name_or_own("game title", rules.title)


def listed_with_and(names: Sequence[str]) -> str:
    """``Ann, Bo and Cy``: names as a sentence lists them, in the current language.

    >>> listed_with_and(["Ann"]), listed_with_and(["Ann", "Bo", "Cy"])
    ('Ann', 'Ann, Bo and Cy')
    """
    if len(names) == 1:
        return names[0]
    return format_message("{first} and {last}", first=", ".join(names[:-1]), last=names[-1])


# --- the scorecard as rows of cells ---------------------------------------------------------------
@dataclass(frozen=True)
class Cell:
    """One cell of a scorecard: its text and its kind.

    Kinds: ``filled`` (a score written in), ``option`` (what the current player's dice would
    score there), ``double`` (an option a first-roll score doubles), ``closed`` (open, but not
    allowed now), ``open`` (empty), ``sum`` (a subtotal, bonus or total), ``best`` (a winning
    total).
    """

    text: str
    kind: str = "open"


@dataclass(frozen=True)
class ScorecardRow:
    """One row of a scorecard: ``kind`` is ``heading``, ``box``, ``sum``, ``total`` or ``settlement``."""

    kind: str
    label: str
    cells: tuple[Cell, ...]
    box: str | None = None
    note: str = ""


def _best_face_total(rules: ScorecardRules, box: Box) -> int:
    """The most an upper box can score: five of its face against the par."""
    return (5 - rules.par) * box.face


def _upper_bonus_cell(rules: ScorecardRules, filled: Mapping[str, int]) -> Cell:
    """The bonus: earned (certain), out of reach, or still open."""
    if rules.upper_bonus_earned(filled):
        return Cell(str(rules.upper_bonus), "sum")
    reachable = rules.upper_total(filled) + sum(
        _best_face_total(rules, b) for b in rules.upper_boxes if b.name not in filled
    )
    if reachable < rules.upper_bonus_threshold:
        return Cell("0", "sum")
    return Cell("", "open")


def _progress_text(rules: ScorecardRules, filled: Mapping[str, int]) -> str:
    """Bonus progress: ``47 / 64`` (classic) or the signed part-1 total against par (two_part)."""
    total = rules.upper_total(filled)
    if rules.par:
        return signed(total)
    return f"{plain(total)} / {rules.upper_bonus_threshold}"


def _box_cell(
    rules: ScorecardRules,
    box: Box,
    filled: Mapping[str, int],
    *,
    is_current: bool,
    options: Mapping[str, int] | None,
    first_roll: bool,
) -> Cell:
    if box.name in filled:
        return Cell(plain(filled[box.name]), "filled")
    if not is_current or options is None:
        return Cell("", "open")
    if box.name not in options:
        return Cell("", "closed")
    points = options[box.name]
    doubles = first_roll and box.doubles and rules.first_roll_multiplier != 1 and points > 0
    if doubles:
        return Cell(f"{plain(points)} ({rules.first_roll_multiplier}×)", "double")
    return Cell(plain(points), "option")


def _section_titles(rules: ScorecardRules) -> tuple[str, str, str, str]:
    """Headings and subtotal names: upper/lower, or part 1/part 2 when the upper boxes have a par."""
    if rules.par:
        return (
            format_message("Part 1 (par {par} of each face)", par=rules.par),
            _("Part 2"),
            _("Part 1 total"),
            _("Part 2 total"),
        )
    return (_("Upper section"), _("Lower section"), _("Upper total"), _("Lower total"))


def _doubling_note(rules: ScorecardRules) -> str:
    """Which lower boxes a first-roll score multiplies, e.g. ``2× when scored after the first roll``."""
    doubling = [b for b in rules.lower_boxes if b.doubles]
    if not doubling or rules.first_roll_multiplier == 1:
        return ""
    others = [box_name(b.name) for b in rules.lower_boxes if not b.doubles]
    if others:
        return format_message(
            "{times}× when scored after the first roll, except {boxes}",
            times=rules.first_roll_multiplier,
            boxes=", ".join(others),
        )
    return format_message("{times}× when scored after the first roll", times=rules.first_roll_multiplier)


def is_finished(rules: ScorecardRules, scorecards: Sequence[Mapping[str, int]]) -> bool:
    """Whether every box of every scorecard is filled (the game is over).

    >>> from dicepoker import find_game
    >>> is_finished(find_game("classic"), [{}])
    False
    """
    return bool(scorecards) and all(len(card) >= len(rules.boxes) for card in scorecards)


def scorecard_rows(
    rules: ScorecardRules,
    scorecards: Sequence[Mapping[str, int]],
    *,
    poker_bonus_points: Sequence[int] | None = None,
    options: Mapping[str, int] | None = None,
    current: int | None = None,
    first_roll: bool = False,
    settlement: bool | None = None,
) -> list[ScorecardRow]:
    """The scorecard as rows of cells, one cell per player: the data both pictures are drawn from.

    ``options`` (what each legal box would score now) is shown in the ``current`` player's
    column. ``settlement`` adds each total minus the mean at the end; by default it is shown
    for games whose upper boxes have a par (``two_part``, settled against the table's mean).

    >>> from dicepoker import find_game
    >>> rows = scorecard_rows(find_game("two_part"), [{"Fives": -5}, {}])
    >>> [(r.label, r.cells[0].text) for r in rows if r.kind in ("heading", "sum")][:3]
    [('Part 1 (par 3 of each face)', ''), ('Part 1 total', '−5'), ('Part 1 bonus', '')]
    """
    n = len(scorecards)
    bonuses = list(poker_bonus_points) if poker_bonus_points is not None else [0] * n
    if len(bonuses) != n:
        raise ValueError(f"{len(bonuses)} poker bonus counts for {n} scorecards")
    upper_title, lower_title, upper_sum, lower_sum = _section_titles(rules)
    blank = tuple(Cell("") for _ in range(n))
    rows: list[ScorecardRow] = []

    def box_rows(boxes: Iterable[Box]) -> None:
        for box in boxes:
            cells = tuple(
                _box_cell(
                    rules,
                    box,
                    card,
                    is_current=i == current,
                    options=options,
                    first_roll=first_roll,
                )
                for i, card in enumerate(scorecards)
            )
            note = (
                format_message("{times}× on the first roll", times=rules.first_roll_multiplier)
                if box.doubles
                else ""
            )
            rows.append(ScorecardRow("box", box_name(box.name), cells, box=box.name, note=note))

    rows.append(ScorecardRow("heading", upper_title, blank))
    box_rows(rules.upper_boxes)
    threshold = f"≥ {plain(rules.upper_bonus_threshold)}"
    rows.append(
        ScorecardRow(
            "sum",
            upper_sum,
            tuple(Cell(_progress_text(rules, c), "sum") for c in scorecards),
            note=format_message("bonus at {threshold}", threshold=threshold),
        )
    )
    bonus_name = _("Part 1 bonus") if rules.par else _("Bonus")
    rows.append(
        ScorecardRow(
            "sum",
            bonus_name,
            tuple(_upper_bonus_cell(rules, c) for c in scorecards),
            note=format_message("{bonus} at {threshold}", bonus=rules.upper_bonus, threshold=threshold),
        )
    )
    rows.append(ScorecardRow("heading", lower_title, blank, note=_doubling_note(rules)))
    box_rows(rules.lower_boxes)
    if rules.poker_bonus:
        rows.append(
            ScorecardRow(
                "sum",
                format_message("{box} bonus", box=box_name(rules.poker_box)),
                tuple(Cell(str(b) if b else "", "sum") for b in bonuses),
                note=format_message("+{bonus} each", bonus=rules.poker_bonus),
            )
        )
    rows.append(
        ScorecardRow("sum", lower_sum, tuple(Cell(plain(rules.lower_total(c)), "sum") for c in scorecards))
    )
    totals = [rules.total(c, b) for c, b in zip(scorecards, bonuses, strict=True)]
    over = is_finished(rules, scorecards)
    best = max(totals, default=0)
    rows.append(
        ScorecardRow(
            "total",
            _("Total"),
            tuple(Cell(plain(t), "best" if over and t == best and n > 1 else "sum") for t in totals),
        )
    )
    show_settlement = bool(rules.par) if settlement is None else settlement
    if over and show_settlement and n > 0:
        mean = Fraction(sum(totals), n)
        rows.append(
            ScorecardRow(
                "settlement",
                _("Settlement"),
                tuple(Cell(signed(t - mean), "sum") for t in totals),
                note=_("total − mean"),
            )
        )
    return rows


# --- the scorecard as an HTML table ---------------------------------------------------------------
CELL_STYLES = {
    "filled": "color:#111827",
    "option": f"color:{COLOURS['option']};font-style:italic",
    "double": f"color:{COLOURS['double']};font-style:italic;font-weight:bold",
    "closed": f"color:{COLOURS['option_zero']}",
    "open": "",
    "sum": "color:#111827",
    "best": "color:#111827;font-weight:bold;background:#fff3c4",
}


def _cell_html(cell: Cell, *, current: bool, bold: bool) -> str:
    style = CELL_STYLES.get(cell.kind, "")
    if cell.kind in ("option", "double") and cell.text.startswith("0"):
        style = f"color:{COLOURS['option_zero']};font-style:italic"
    if current and cell.kind != "best":
        style += f";background:{COLOURS['current']}"
    if bold:
        style += ";font-weight:bold"
    return f'<td style="padding:2px 10px;text-align:right;{style}">{html.escape(cell.text)}</td>'


def _note_html(note: str) -> str:
    if not note:
        return ""
    style = f"color:{COLOURS['option_zero']};font-size:0.85em;font-weight:normal"
    return f' <span style="{style}">({html.escape(note)})</span>'


def scorecard_html(
    rules: ScorecardRules,
    scorecards: Sequence[Mapping[str, int]],
    *,
    player_names: Sequence[str] | None = None,
    poker_bonus_points: Sequence[int] | None = None,
    options: Mapping[str, int] | None = None,
    current: int | None = None,
    first_roll: bool = False,
    settlement: bool | None = None,
) -> str:
    """The scorecards of all players as an HTML table.

    Upper boxes, subtotal with bonus progress (``47 / 64``), bonus, lower boxes, poker bonuses
    and totals; for ``two_part`` the two parts, the par progress, the boxes a first-roll score
    doubles (``2×``) and at the end the settlement. ``options`` shows the would-be scores of the
    ``current`` player in green.

    >>> from dicepoker import find_game
    >>> table = scorecard_html(find_game("classic"), [{"Pair": 16}], player_names=["<Ann>"])
    >>> "&lt;Ann&gt;" in table and "<Ann>" not in table
    True
    """
    n = len(scorecards)
    names = (
        [player_name(name) for name in player_names]
        if player_names is not None
        else [format_message("Player {number}", number=i + 1) for i in range(n)]
    )
    if len(names) != n:
        raise ValueError(f"{len(names)} player names for {n} scorecards")
    rows = scorecard_rows(
        rules,
        scorecards,
        poker_bonus_points=poker_bonus_points,
        options=options,
        current=current,
        first_roll=first_roll,
        settlement=settlement,
    )
    head = "".join(
        f'<th style="padding:4px 10px;text-align:right;'
        f'{"background:" + COLOURS["current"] if i == current else ""}">'
        f"{'▶ ' if i == current else ''}{html.escape(str(name))}</th>"
        for i, name in enumerate(names)
    )
    body = []
    for row in rows:
        if row.kind == "heading":
            body.append(
                f'<tr><th colspan="{n + 1}" style="text-align:left;padding:8px 10px 2px;'
                f'color:{COLOURS["heading"]};border-bottom:1px solid {COLOURS["rule"]}">'
                f"{html.escape(row.label)}{_note_html(row.note)}</th></tr>"
            )
            continue
        bold = row.kind in ("total", "settlement")
        note = _note_html(row.note) if row.kind != "box" else ""
        top = f"border-top:2px solid {COLOURS['heading']};" if row.kind == "total" else ""
        label_weight = "font-weight:bold;" if row.kind != "box" else ""
        cells = "".join(_cell_html(c, current=i == current, bold=bold) for i, c in enumerate(row.cells))
        body.append(
            f'<tr style="{top}"><td style="padding:2px 10px;text-align:left;{label_weight}">'
            f"{html.escape(row.label)}{note}</td>{cells}</tr>"
        )
    title, box_head = html.escape(game_title(rules)), html.escape(_("Box"))
    return (
        f'<table class="dp-scorecard" style="border-collapse:collapse;font-variant-numeric:tabular-nums;'
        f'font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif">'
        f'<caption style="text-align:left;font-weight:bold;padding:2px 10px">{title}</caption>'
        f'<thead><tr><th style="text-align:left;padding:4px 10px">{box_head}</th>{head}</tr></thead>'
        f"<tbody>{''.join(body)}</tbody></table>"
    )


def turn_caption(game: Any, names: Sequence[str] | None = None) -> str:
    """One line about the turn: round, whose turn, rolls left; or the winners at the end, in the
    current language. ``names`` are the players' names as shown (default: the game's).

    >>> from dicepoker import ScorecardGame
    >>> turn_caption(ScorecardGame("classic", players=["Ann", "Bo"]))
    "Round 1 of 15 · Ann's turn · 3 rolls left"
    >>> turn_caption(ScorecardGame("classic", players=["You", "Bo"]))
    'Round 1 of 15 · Your turn · 3 rolls left'
    >>> from dicepoker.core.i18n import in_language
    >>> with in_language("ro"):
    ...     turn_caption(ScorecardGame("classic", players=["Ann", "Bo"]))
    'Runda 1 din 15 · Rândul lui Ann · mai rămân 3 aruncări'
    """
    names = [player_name(n) for n in (game.player_names if names is None else names)]
    if game.is_over:
        winners = [names[i] for i in game.winners()]
        totals = game.totals()
        if len(names) == 1:
            return says(
                names[0], N_("Game over: You scored {points}"), N_("Game over: {name} scored {points}"),
                points=plain(totals[0]),
            )  # fmt: skip
        if len(winners) == 1:
            return says(
                winners[0],
                N_("Game over: You win with {points}"),
                N_("Game over: {name} wins with {points}"),
                points=plain(max(totals)),
            )  # fmt: skip
        return format_message(
            "Game over: {names} share the win with {points}",
            names=listed_with_and(winners),
            points=plain(max(totals)),
        )
    rolls = fill_message(ngettext("{n} roll left", "{n} rolls left", game.rolls_left), n=game.rolls_left)
    whose = says(names[game.current_player], N_("Your turn"), N_("{name}'s turn"))
    return format_message(
        "Round {round} of {rounds} · {whose} · {rolls}",
        round=game.round, rounds=len(game.rules.boxes), whose=whose, rolls=rolls,
    )  # fmt: skip


def game_html(game: Any) -> str:
    """A scorecard game as HTML: the turn, the dice on the table and every player's scorecard.

    >>> from dicepoker import ScorecardGame
    >>> game = ScorecardGame("classic", players=["Ann", "Bo"], seed=3)
    >>> _ = game.roll()
    >>> page = game_html(game)
    >>> page.count("<svg"), "▶ Ann" in page
    (5, True)
    """
    positions = game.positions
    if game.is_over:
        dice = f'<div style="font-weight:bold;margin:4px 0">{html.escape(turn_caption(game))}</div>'
    else:
        dice = dice_html(positions, held=game.held if positions else None, caption=turn_caption(game))
    card = scorecard_html(
        game.rules,
        list(game.scorecards),
        player_names=game.player_names,
        poker_bonus_points=[game.poker_bonus_points(i) for i in range(len(game.player_names))],
        options=game.options() if positions else None,
        current=None if game.is_over else game.current_player,
        first_roll=game.first_roll,
    )
    return f'<div class="dp-game">{dice}{card}</div>'
