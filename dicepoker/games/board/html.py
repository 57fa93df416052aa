"""The board game as plain HTML: the board with its chips and series, the label pictures, the style.

Standard library only; the engine's and the rule set's ``_repr_html_`` and the widget draw with these.

>>> from dicepoker.games.board.rules import BOARD
>>> board_html(BOARD).count('class="dp-board-cell"')
81
"""

from __future__ import annotations

import html
from typing import Any
from urllib.parse import quote

from dicepoker.core.i18n import (
    _,
    display_name,
    display_name_or_own,
    fill_message,
    format_message,
    ngettext,
    pgettext,
)
from dicepoker.core.pictures import PIP_SPOTS, dice_html
from dicepoker.core.words import N_, says
from dicepoker.games.board.labels import FREE_CENTRE, describe_label, label_faces, label_kind

CHIP_COLOURS = ("#dc2626", "#2563eb", "#16a34a")
CHIP_NAMES = ("red", "blue", "green")  # the API's names of the colours (chip_colour_name: as shown)
TEXT_COLOURS = {
    "full house": "#b91c1c",
    "straight": "#6d28d9",
    "lucky 7": "#be185d",
    "lucky 11": "#be185d",
    "free centre": "#b45309",
}
CELL_SIZE = 48
# a completed series is drawn as a stroke through its cells: one CSS variable per direction
STROKES = {
    "horizontal": ("h", 'x1="0" y1="50" x2="100" y2="50"'),
    "vertical": ("v", 'x1="50" y1="0" x2="50" y2="100"'),
    "diagonal": ("d", 'x1="0" y1="0" x2="100" y2="100"'),
    "anti-diagonal": ("a", 'x1="100" y1="0" x2="0" y2="100"'),
}


# --- pictures -----------------------------------------------------------------------------------
def _die(x: float, y: float, size: float, value: int) -> str:
    pips = "".join(f'<circle cx="{px}" cy="{py}" r="10" fill="#1f2937"/>' for px, py in PIP_SPOTS[value])
    return (
        f'<g transform="translate({x:g},{y:g}) scale({size / 100:g})">'
        f'<rect x="4" y="4" width="92" height="92" rx="18" fill="#fff" stroke="#4b5563" stroke-width="6"/>'
        f"{pips}</g>"
    )


def chip_colour_name(player: int) -> str:
    """The colour of a player's chips as a player reads it, in the current language.

    >>> chip_colour_name(0), chip_colour_name(2)
    ('red', 'green')
    """
    return (
        pgettext("chip colour", "red"),
        pgettext("chip colour", "blue"),
        pgettext("chip colour", "green"),
    )[player]


def label_picture(label: str) -> str:
    """The SVG elements that draw a cell's label on a 100×100 square: dice, or a word (in the current
    language: the word under "FH" is "full house" in English, "фул хаус" in Ukrainian).

    >>> label_picture("35").count("<rect"), "FH" in label_picture("FH")
    (4, True)
    """
    faces = label_faces(label) if label != FREE_CENTRE else ()
    if len(faces) == 2:
        return _die(6, 30, 42, faces[0]) + _die(52, 30, 42, faces[1])
    if len(faces) == 3:
        return _die(8, 8, 40, faces[0]) + _die(52, 8, 40, faces[1]) + _die(30, 52, 40, faces[2])
    if len(faces) == 4:
        spots = ((8, 8), (52, 8), (8, 52), (52, 52))
        return "".join(_die(x, y, 40, f) for (x, y), f in zip(spots, faces, strict=True))
    kind = label_kind(label)
    colour = TEXT_COLOURS[kind]
    if label == FREE_CENTRE:
        return f'<text x="50" y="68" font-size="56" text-anchor="middle" fill="{colour}">★</text>'
    word = {
        "FH": pgettext("board picture", "FH"),
        "S": pgettext("board picture", "S"),
        "L7": "7",
        "L11": "11",
    }[label]
    note = {
        "FH": display_name("board label", "full house"),
        "S": display_name("board label", "straight"),
        "L7": pgettext("board picture, lucky 7", "lucky"),
        "L11": pgettext("board picture, lucky 11", "lucky"),
    }[label]
    return (
        f'<text x="50" y="58" font-size="40" font-weight="700" text-anchor="middle" '
        f'font-family="sans-serif" fill="{colour}">{html.escape(word)}</text>'
        f'<text x="50" y="84" font-size="15" text-anchor="middle" font-family="sans-serif" '
        f'fill="{colour}">{html.escape(note)}</text>'
    )


def _chip(player: int, protected: bool, x: float = 0, y: float = 0, size: float = 100) -> str:
    colour = CHIP_COLOURS[player]
    ring = (
        '<circle cx="50" cy="50" r="44" fill="none" stroke="#111827" stroke-width="7"/>' if protected else ""
    )
    return (
        f'<g transform="translate({x:g},{y:g}) scale({size / 100:g})">'
        f'<circle cx="50" cy="50" r="40" fill="{colour}" fill-opacity="0.55" stroke="{colour}" '
        f'stroke-width="5"/>{ring}</g>'
    )


def _svg_uri(body: str) -> str:
    svg = f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">{body}</svg>'
    return "data:image/svg+xml," + quote(svg)


def board_html(obj: Any, *, cell_size: int = 46) -> str:
    """The board (a rule set's layout, or a game with its chips and series) as an HTML picture.

    In a game, cells the dice may take are outlined green, chips a bouncer may remove orange,
    chips of a completed series ringed, and each series is drawn as a stroke.

    >>> from dicepoker.games.board.rules import BOARD
    >>> page = board_html(BOARD)
    >>> page.count("<svg"), page.count('class="dp-board-cell"')
    (1, 81)
    """
    game = obj if hasattr(obj, "rules") else None  # a game has rules; a rule set is its own
    rules = game.rules if game else obj
    n, s = rules.size, cell_size
    protected = game.protected_cells() if game else frozenset()
    takeable = set(game.takeable_cells()) if game else set()
    removable = set(game.bounce_targets()) if game else set()
    parts = []
    for r in range(n):
        for c in range(n):
            label = rules.layout[r][c]
            owner = game.owner((r, c)) if game else None
            edge = "#16a34a" if (r, c) in takeable else "#ea580c" if (r, c) in removable else "#d1d5db"
            if owner is None:
                title = format_message(
                    "({r}, {c}) {label}: {words}", r=r, c=c, label=label, words=describe_label(label)
                )
            else:
                title = says(
                    game.player_names[owner],
                    N_("({r}, {c}) {label}: {words} — your chip"),
                    N_("({r}, {c}) {label}: {words} — {name}'s chip"),
                    r=r,
                    c=c,
                    label=label,
                    words=describe_label(label),
                )
            parts.append(
                f'<g class="dp-board-cell"><title>{html.escape(title)}</title>'
                f'<rect x="{c * s + 1}" y="{r * s + 1}" width="{s - 2}" height="{s - 2}" rx="5" '
                f'fill="{"#dcfce7" if (r, c) in takeable else "#f9fafb"}" stroke="{edge}" '
                f'stroke-width="{3 if (r, c) in takeable | removable else 1}"/>'
                f'<g transform="translate({c * s + 2},{r * s + 2}) scale({(s - 4) / 100:g})">'
                f"{label_picture(label)}</g>"
                + (
                    _chip(owner, (r, c) in protected, c * s + 2, r * s + 2, s - 4)
                    if owner is not None
                    else ""
                )
                + "</g>"
            )
    if game:
        for player in range(game.players):
            for series in game.series(player):
                (r0, c0), (r1, c1) = series.ends
                parts.append(
                    f'<line x1="{c0 * s + s / 2}" y1="{r0 * s + s / 2}" x2="{c1 * s + s / 2}" '
                    f'y2="{r1 * s + s / 2}" stroke="{CHIP_COLOURS[player]}" stroke-width="{s / 6:g}" '
                    f'stroke-linecap="round" opacity="0.85"/>'
                )
    picture = (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{n * s}" height="{n * s}" '
        f'viewBox="0 0 {n * s} {n * s}" role="img" '
        f'aria-label="{html.escape(_("the board"))}">{"".join(parts)}</svg>'
    )
    title = shown_title(rules.title)
    caption = _caption_html(game) if game else html.escape(format_message("{title}: the layout", title=title))
    dice = dice_html(game.positions, held=game.held if game.positions else None, size=32) if game else ""
    return f'<div class="dp-board-picture"><div style="margin:4px 0">{caption}</div>{picture}{dice}</div>'


def shown_title(title: str) -> str:
    """A rule set's title as shown: translated when the catalogs know it, else as the rule set spells it.

    >>> shown_title("Dice Poker board game"), shown_title("Our own board")
    ('Dice Poker board game', 'Our own board')
    """
    return display_name_or_own("game title", title)


def _caption_html(game: Any, names: Any = None) -> str:
    """The line over the board: each player's series, whose turn it is, the turn and the rolls left.

    ``names`` (default: the game's) are the players' names as shown.
    """
    names = game.player_names if names is None else names
    players = []
    for i, name in enumerate(names):
        marker = "▶ " if not game.is_over and i == game.current_player else ""
        swatch = f'<span style="color:{CHIP_COLOURS[i]}">●</span>'
        count = len(game.series(i))
        series = fill_message(ngettext("{name}: {n} series", "{name}: {n} series", count), name=name, n=count)
        players.append(f"{marker}{swatch} {html.escape(series)}")
    if game.outcome:
        state = game.outcome_text(names)
    else:
        state = fill_message(
            ngettext(
                "turn {turn} of {turns}, {n} roll left",
                "turn {turn} of {turns}, {n} rolls left",
                game.rolls_left,
            ),
            turn=game.turn,
            turns=game.rules.max_turns,
            n=game.rolls_left,
        )
    return " · ".join(players) + f" — {html.escape(state)}"


# --- the widget -------------------------------------------------------------------------------------
def label_css_class(label: str) -> str:
    """The CSS class of a label's cell picture: ``dp-label-P3``, ``dp-label-35``, ``dp-label-free``.

    >>> label_css_class("★"), label_css_class("L11")
    ('dp-label-free', 'dp-label-L11')
    """
    return "dp-label-free" if label == FREE_CENTRE else f"dp-label-{label}"
