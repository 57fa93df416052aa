"""Pictures of dice as HTML and SVG strings, and numbers as a reader writes them (standard library only).

Every game's plain ``html`` module and the widgets draw dice with these functions, so a die
looks the same everywhere.

>>> html = dice_html([1, 3, 3, 5, 6], held=[True, False, False, False, True])
>>> html.count("<svg"), html.count("<circle")
(5, 18)
>>> signed(-18), plain(12)
('−18', '12')
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any
from urllib.parse import quote

from dicepoker.core.i18n import MINUS_SIGNS, _, format_message, format_number, minus_sign

# where the pips of each face sit, on a 0..100 square
PIP_SPOTS: dict[int, tuple[tuple[int, int], ...]] = {
    1: ((50, 50),),
    2: ((27, 27), (73, 73)),
    3: ((27, 27), (50, 50), (73, 73)),
    4: ((27, 27), (73, 27), (27, 73), (73, 73)),
    5: ((27, 27), (73, 27), (50, 50), (27, 73), (73, 73)),
    6: ((27, 25), (73, 25), (27, 50), (73, 50), (27, 75), (73, 75)),
}

# colours shared by the notebook pictures and the widget
COLOURS = {
    "die": "#ffffff",
    "die_edge": "#3a3a3a",
    "pip": "#1f2937",
    "held": "#ffd866",
    "held_edge": "#b7791f",
    "blank": "#e5e7eb",
    "current": "#e8f1ff",
    "option": "#1b7f3b",
    "option_zero": "#9ca3af",
    "double": "#c2410c",
    "heading": "#374151",
    "rule": "#d1d5db",
}

MINUS = MINUS_SIGNS["en"]  # the true minus sign (every language writes it: core.i18n.MINUS_SIGNS)


def die_svg(value: int, *, held: bool = False, size: int = 48) -> str:
    """One die as an inline SVG picture; ``value`` 0 draws a blank die (not rolled yet).

    >>> die_svg(5).count("<circle")
    5
    >>> 'fill="#ffd866"' in die_svg(2, held=True)
    True
    """
    if value not in PIP_SPOTS and value != 0:
        raise ValueError(f"die value {value!r} is not one of 1..6 (or 0 for a blank die)")
    if value == 0:
        fill, edge = COLOURS["blank"], COLOURS["die_edge"]
    elif held:
        fill, edge = COLOURS["held"], COLOURS["held_edge"]
    else:
        fill, edge = COLOURS["die"], COLOURS["die_edge"]
    pips = "".join(
        f'<circle cx="{x}" cy="{y}" r="9" fill="{COLOURS["pip"]}"/>' for x, y in PIP_SPOTS.get(value, ())
    )
    mark = (
        f'<text x="50" y="58" font-size="30" text-anchor="middle" fill="{COLOURS["option_zero"]}">?</text>'
        if value == 0
        else ""
    )
    if not value:
        label = _("die not rolled yet")
    elif held:
        label = format_message("die showing {value}, held", value=value)
    else:
        label = format_message("die showing {value}", value=value)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" viewBox="0 0 100 100" '
        f'role="img" aria-label="{label}">'
        f'<rect x="4" y="4" width="92" height="92" rx="18" fill="{fill}" stroke="{edge}" '
        f'stroke-width="{6 if held else 4}"/>{pips}{mark}</svg>'
    )


def die_svg_data_uri(value: int, *, held: bool = False) -> str:
    """A die picture as a ``data:`` URI, for a CSS ``background-image``.

    >>> die_svg_data_uri(1).startswith("data:image/svg+xml,")
    True
    """
    return "data:image/svg+xml," + quote(die_svg(value, held=held, size=100))


def dice_html(
    values: Iterable[int] | None, *, held: Sequence[bool] | None = None, size: int = 48, caption: str = ""
) -> str:
    """A row of dice drawn as dice (inline SVG); held dice are drawn gold.

    ``values`` is the dice in table order (``None`` or empty: no dice yet); ``held`` marks the
    dice kept for the next roll; ``caption`` is a line of text under the dice.

    >>> dice_html([6, 6, 6, 6, 6]).count('aria-label="die showing 6"')
    5
    >>> "no dice" in dice_html([])
    True
    """
    values = list(values or ())
    held = list(held) if held is not None else [False] * len(values)
    if len(held) != len(values):
        raise ValueError(f"held marks {len(held)} dice but there are {len(values)}: {values}")
    if values:
        pictures = "".join(die_svg(v, held=h, size=size) for v, h in zip(values, held, strict=True))
    else:
        none_yet = html.escape(_("(no dice rolled yet)"))
        pictures = f'<span style="color:{COLOURS["option_zero"]};font-style:italic">{none_yet}</span>'
    under = (
        f'<div style="font-size:0.9em;color:{COLOURS["heading"]};margin-top:2px">{html.escape(caption)}</div>'
        if caption
        else ""
    )
    return (
        f'<div class="dp-dice" style="display:flex;gap:{max(size // 6, 4)}px;align-items:center;'
        f'margin:4px 0">{pictures}</div>{under}'
    )


def signed(number: int | Fraction, lang: str | None = None) -> str:
    """A number with its sign, as the language writes it: the true minus sign, and a fraction of a
    point (a two_part settlement) as a decimal with at most two places ("−7,5" in Romanian).

    >>> signed(5), signed(-18), signed(0), signed(Fraction(-37, 3)), signed(Fraction(1, 2))
    ('+5', '−18', '0', '−12.33', '+0.5')
    >>> signed(Fraction(-15, 2), "ro"), signed(Fraction(15, 2), "uk")
    ('−7,5', '+7,5')
    """
    if number == 0:
        return "0"
    sign = "+" if number > 0 else minus_sign(lang)
    return sign + format_number(abs(Fraction(number)), lang, digits=2)


def plain(number: int) -> str:
    """A number with a true minus sign when negative.

    >>> plain(-5), plain(12)
    ('−5', '12')
    """
    return f"{minus_sign()}{-number}" if number < 0 else str(number)


def report_html(title: str, measures: str, facts: Mapping[str, Any], table_html: str) -> str:
    """A game report as HTML: its title, what it measures, its facts (chances as percentages), a table.

    >>> page = report_html("Ann", "what it measures", {"calls": 3, "right": Fraction(2, 3)}, "")
    >>> "<li>calls: 3</li>" in page, "<li>right: 66.7%</li>" in page
    (True, True)
    """
    shown = {
        k: f"{float(v):.1%}" if isinstance(v, Fraction) else str(v) for k, v in facts.items() if v is not None
    }
    items = "".join(f"<li>{html.escape(str(k))}: {html.escape(v)}</li>" for k, v in shown.items())
    return (
        f"<div><b>{html.escape(title)}</b></div>"
        f'<div style="font-size:0.9em">{html.escape(measures)}</div><ul>{items}</ul>' + table_html
    )
