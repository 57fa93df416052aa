"""A bluff hand as a player reads it, in the class's language; the API keeps the English text of a Hand.

Each category has one whole-sentence template in the catalogs (``pgettext`` context ``"bluff
announcement"``) with the named faces as placeholders, so a translator can order the words as the
language wants.

>>> hand_text("full house 3s over 6s"), hand_text("pair of 5s", lang="ro")
('full house 3s over 6s', 'pereche de 5')
>>> hand_text("two pairs 6s and 2s", lang="uk"), hand_text("five 6s", lang="th")
('дві пари: 6 і 2', 'โป๊กเกอร์หน้า 6')
"""

from __future__ import annotations

from dicepoker.core.i18n import fill_message, pgettext
from dicepoker.games.bluff.rules import Hand


def hand_text(hand: Hand | str, lang: str | None = None) -> str:
    """The announcement of ``hand`` as the current language (or ``lang``) says it."""
    hand = Hand.parse(hand)
    f = hand.faces
    match hand.category:
        case "Nothing":
            return pgettext("bluff announcement", "nothing", lang)
        case "One Pair":
            return fill_message(pgettext("bluff announcement", "pair of {face}s", lang), lang, face=f[0])
        case "Two Pairs":
            return fill_message(
                pgettext("bluff announcement", "two pairs {high}s and {low}s", lang),
                lang,
                high=f[0],
                low=f[1],
            )
        case "Three of a Kind":
            return fill_message(pgettext("bluff announcement", "three {face}s", lang), lang, face=f[0])
        case "Small Straight":
            return pgettext("bluff announcement", "small straight", lang)
        case "Large Straight":
            return pgettext("bluff announcement", "large straight", lang)
        case "Full House":
            return fill_message(
                pgettext("bluff announcement", "full house {triple}s over {pair}s", lang),
                lang,
                triple=f[0],
                pair=f[1],
            )
        case "Four of a Kind":
            return fill_message(pgettext("bluff announcement", "four {face}s", lang), lang, face=f[0])
        case _:
            return fill_message(pgettext("bluff announcement", "five {face}s", lang), lang, face=f[0])
