"""A bluff hand as a player reads it in each language: one template per category, every hand distinct."""

from __future__ import annotations

import pytest

from dicepoker.core.errors import DicePokerError
from dicepoker.core.i18n import available_languages, display_name
from dicepoker.games.bluff.names import hand_text
from dicepoker.games.bluff.rules import ALL_HANDS, Hand


def test_in_english_the_text_is_the_api_text_of_every_hand():
    assert [hand_text(hand, lang="en") for hand in ALL_HANDS] == [str(hand) for hand in ALL_HANDS]


@pytest.mark.parametrize("lang", available_languages())
def test_every_hand_reads_differently_and_names_its_faces(lang):
    texts = [hand_text(hand, lang=lang) for hand in ALL_HANDS]
    assert len(set(texts)) == len(ALL_HANDS) == 72
    for hand, text in zip(ALL_HANDS, texts, strict=True):
        assert "{" not in text and "}" not in text
        assert [int(c) for c in text if c.isdigit()] == list(hand.faces), (hand, text)


@pytest.mark.parametrize("lang", ["ro", "uk", "th"])
def test_a_translated_hand_uses_its_categorys_words_and_no_english(lang):
    for hand in ALL_HANDS:
        text = hand_text(hand, lang=lang)
        assert not any(word in text for word in ("pair", "three", "four", "five", "straight", "nothing"))
    # a hand that names no face reads as its category
    assert (
        hand_text("small straight", lang=lang) == display_name("bluff hand", "Small Straight", lang).lower()
    )


def test_announcements_in_the_sources_words():
    assert hand_text("two pairs 6s and 2s", lang="ro") == "două perechi de 6 și 2"
    assert hand_text("full house 3s over 6s", lang="uk") == "фул хаус: три по 3 і пара 6"
    assert hand_text(Hand("Four of a Kind", (1,)), lang="th") == "โฟร์ลูกเหมือนกันหน้า 1"


def test_not_a_hand_is_refused_as_the_api_refuses_it():
    with pytest.raises(DicePokerError, match="not a hand: 'pair of 7s'"):
        hand_text("pair of 7s", lang="ro")
