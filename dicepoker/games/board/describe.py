"""The board game's section of the rules page (``docs/rules*.md``): the board, its labels, series.

Found through the registry (its ``describe`` part), like the widget; :mod:`dicepoker.lessons.rules_page`
puts the sections of every game together. Every number is read from the rule set.
"""

from __future__ import annotations

from dicepoker.core.i18n import _, display_name, fill_message, format_message, ngettext
from dicepoker.core.markdown import markdown_table
from dicepoker.games.board.labels import BOARD_LABELS, label_kind
from dicepoker.games.board.rules import BoardRules

_KIND_CODES = {
    "pair": "P1 … P6",
    "two pairs": "12 … 56",
    "three": "T1 … T6",
    "four": "K1 … K6",
    "full house": "FH",
    "straight": "S",
    "lucky 7": "L7",
    "lucky 11": "L11",
}


def describe(rules: BoardRules, key: str, lang: str, level: str = "##") -> list[str]:
    """The rules-page section of the board game (Markdown parts), in ``lang``.

    >>> from dicepoker.games.board.rules import BOARD
    >>> describe(BOARD, "board", "en")[0].endswith("(`board`)")
    True
    """
    parts = [f"## {display_name('game title', rules.title, lang)} (`board`)"]
    parts.append(
        format_message(
            "Two or three players or teams, each with a colour of chips, on a {n}×{n} board. Every "
            "cell shows a combination; the centre cell (★) is free: it counts for every player's "
            "lines and nobody occupies it. The board:",
            lang,
            n=rules.size,
        )
    )
    parts.append("```text\n" + rules.layout_text() + "```")
    counts = rules.label_counts()
    by_kind: dict[str, list[int]] = {}
    for label in BOARD_LABELS:
        by_kind.setdefault(label_kind(label), []).append(counts[label])
    rows = []
    for kind, code in _KIND_CODES.items():
        cells = by_kind.get(kind, [])
        each = set(cells)
        if len(cells) > 1 and len(each) == 1:
            count = format_message("{n} each", lang, n=cells[0])
        else:
            count = " + ".join(str(c) for c in cells)
        rows.append([f"`{code}`", display_name("board label", kind, lang), _board_holds(kind, lang), count])
    header = [_("label", lang), _("name", lang), _("the final dice hold it when", lang), _("cells", lang)]
    parts.append(markdown_table(header, rows))
    facts = [
        fill_message(
            ngettext(
                "A turn: up to {n} open roll, then one chip on a free cell whose label the dice hold.",
                "A turn: up to {n} open rolls, then one chip on a free cell whose label the dice hold.",
                rules.rolls_per_turn,
                lang,
            ),
            lang,
            n=rules.rolls_per_turn,
        ),
    ]
    if rules.five_of_a_kind_takes_any:
        facts.append(_("Five of a kind may take any free cell.", lang))
    bouncers = ", ".join(display_name("board label", label_kind(label), lang) for label in rules.bouncers)
    facts.append(
        format_message(
            "Bouncers ({labels}): once every cell of that label is taken, a further such combination may "
            "instead remove one opponent chip that is not part of a series.",
            lang,
            labels=bouncers,
        )
    )
    facts.append(_("If no cell can be taken, the turn passes with no chip.", lang))
    facts.append(
        format_message(
            "A series is {n} in a row of one player's chips, horizontally, vertically or diagonally "
            "(the free centre counts for everyone); its chips are protected for the rest of the game. "
            "A second series needs at least {new} chips that are not in the first and may not lie on "
            "the same line.",
            lang,
            n=rules.series_length,
            new=rules.second_series_new_chips,
        )
    )
    facts.append(
        fill_message(
            ngettext(
                "With two players or teams the first to complete {two} series wins; with three, the first "
                "to complete {three}. A game with no winner after {turns} turn is a draw.",
                "With two players or teams the first to complete {two} series wins; with three, the first "
                "to complete {three}. A game with no winner after {turns} turns is a draw.",
                rules.max_turns,
                lang,
            ),
            lang,
            two=rules.series_to_win_two_sides,
            three=rules.series_to_win_three_sides,
            turns=rules.max_turns,
        )
    )
    parts.append("\n".join(f"- {fact}" for fact in facts))
    return parts


def _board_holds(kind: str, lang: str) -> str:
    texts = {
        "pair": _("at least two dice showing the number", lang),
        "two pairs": _("at least two of each of the two numbers", lang),
        "three": _("at least three dice showing the number", lang),
        "four": _("at least four dice showing the number", lang),
        "full house": _("exactly three of one face and two of another", lang),
        "straight": _("1-2-3-4-5 or 2-3-4-5-6", lang),
        "lucky 7": _("the five dice add up to 7", lang),
        "lucky 11": _("the five dice add up to 11", lang),
    }
    return texts[kind]
