"""Bluff's section of the rules page (``docs/rules*.md``): the round, the ranking of hands, lives.

Found through the registry (its ``describe`` part), like the widget; :mod:`dicepoker.lessons.rules_page`
puts the sections of every game together. Every number is read from the rule set.
"""

from __future__ import annotations

from dicepoker.core.i18n import _, display_name, fill_message, ngettext
from dicepoker.games.bluff.categories import BLUFF_CATEGORIES
from dicepoker.games.bluff.rules import BluffRules


def describe(rules: BluffRules, key: str, lang: str, level: str = "##") -> list[str]:
    """The rules-page section of bluff (Markdown parts), in ``lang``.

    >>> from dicepoker.games.bluff.rules import BLUFF
    >>> describe(BLUFF, "bluff", "en")[0]
    '## Dice Poker with bluffing (`bluff`)'
    """
    parts = [f"## {display_name('game title', rules.title, lang)} (`bluff`)"]
    parts.append(
        fill_message(
            ngettext(
                "{low} to {high} players; each starts with {lives} life. One cup holds the five dice.",
                "{low} to {high} players; each starts with {lives} lives. One cup holds the five dice.",
                rules.lives,
                lang,
            ),
            lang,
            low=rules.min_players,
            high=rules.max_players,
            lives=rules.lives,
        )
    )
    steps = [
        fill_message(
            ngettext(
                "The opener of a round rolls in secret, up to {n} roll, and announces a hand, true or not, "
                "passing the covered cup to the next player.",
                "The opener of a round rolls in secret, up to {n} rolls, keeping dice as usual, and "
                "announces a hand, true or not, passing the covered cup to the next player.",
                rules.opening_rolls,
                lang,
            ),
            lang,
            n=rules.opening_rolls,
        ),
        _(
            "That player either calls the bluff: the cup is lifted; if the dice hold a hand at least "
            "as high as the one announced, the caller loses a life, otherwise the announcer does, "
            "and the round ends;",
            lang,
        ),
        fill_message(
            ngettext(
                "or accepts: looks at the dice in secret, may reroll any of them up to {n} time, and must "
                "announce a strictly higher hand, passing the cup on.",
                "or accepts: looks at the dice in secret, may reroll any of them up to {n} times, and must "
                "announce a strictly higher hand, passing the cup on.",
                rules.reroll_rounds,
                lang,
            ),
            lang,
            n=rules.reroll_rounds,
        ),
        _(
            "The loser of a round opens the next one with a fresh roll; a player with no lives left "
            "is out; the last player with lives wins.",
            lang,
        ),
    ]
    parts.append("\n".join(f"{i}. {step}" for i, step in enumerate(steps, 1)))
    parts.append(_("The hands, from the lowest to the highest:", lang))
    parts.append(
        "\n".join(
            f"{i}. {display_name('bluff hand', name, lang)}" for i, name in enumerate(BLUFF_CATEGORIES, 1)
        )
    )
    parts.append(
        _(
            "An announcement names the hand and its faces (a pair of fives, a full house of three "
            "threes and two sixes). Within one hand the named faces decide, the most important "
            "first: a full house by its three, then its pair; two pairs by the higher pair, then "
            "the lower. The other dice never count.",
            lang,
        )
    )
    return parts
