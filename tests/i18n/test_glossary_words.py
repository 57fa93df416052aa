"""Each game word has one translation per language, and every message of the catalog uses it.

The glossary (`docs/glossary.md`, kind `game word`) gives the word; this file holds, per language,
the alternatives a catalog must not use for the same thing (read off the messages whose English says
it), so a second word for a turn, a row or a human cannot slip back in.
"""

from __future__ import annotations

import re

import pytest
from babel.messages.pofile import read_po

from dicepoker.core.i18n import LOCALE_DIR, display_name, pgettext
from dicepoker.lessons.terms import GAME_WORDS, game_words, glossary_markdown

TRANSLATED = ("ro", "uk", "th")
ROW = re.compile(r"\brows?\b(?<!in a row)", re.IGNORECASE)  # a row, not "three in a row"

# (language, English of the messages concerned, or None for every message, the word it must not use, why)
FORBIDDEN = [
    ("ro", ROW, r"\brând", "a row is „linie”: „rând” is a turn"),
    ("ro", None, r"\btur[aăe]i?\b", "a turn is „rând” (seed 002: „la rândul său”), not „tură”"),
    ("ro", None, r"drepturi", "the plural of a straight is „drepte”: „drepturi” are rights"),
    ("ro", None, r"\bIC\b", "a confidence interval is „IÎ” (interval de încredere)"),
    ("uk", None, r"\b(від|для) \{(name|caller|announcer|player|winner|other)\}", "a name stays nominative"),
    ("uk", None, r"95% ДІ", "„ДІ 95%”, the order of every other message"),
    ("th", None, r"มนุษย์", "a human seat is „คน”, one word"),
]  # fmt: skip


def catalog(lang: str) -> list[tuple[str, str]]:
    """Each (English, translation) of a language's catalog, every plural form."""
    with (LOCALE_DIR / lang / "LC_MESSAGES" / "dicepoker.po").open("rb") as handle:
        messages = read_po(handle, locale=lang)
    pairs = []
    for message in messages:
        if not message.id:
            continue
        english = " ".join(message.id) if isinstance(message.id, tuple) else message.id
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        pairs += [(english, text) for text in strings if text]
    return pairs


@pytest.mark.parametrize(("lang", "english", "forbidden", "why"), FORBIDDEN)
def test_no_catalog_uses_a_second_word_for_a_game_word(lang, english, forbidden, why):
    wrong = [
        text
        for source, text in catalog(lang)
        if (english is None or english.search(source)) and re.search(forbidden, text, re.IGNORECASE)
    ]
    assert wrong == [], f"{lang}: {why}:\n" + "\n".join(wrong)


def test_the_check_finds_a_second_word():
    assert re.search(FORBIDDEN[0][2], "o căsuță este (rând, coloană)") and ROW.search("(row, column)")
    assert not ROW.search("five chips in a row")


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_game_word_has_one_translation_with_its_source_noted(lang):
    glossary = glossary_markdown()
    section = glossary.split(f"(`{lang}`)", 1)[1].split("\n## ", 1)[0]
    for context, word in game_words():
        shown = pgettext(context, word, lang)
        assert shown and shown != word or lang == "ro" and word == "full house", (lang, word)
        assert f"| {context} | {word} | {shown} | " in section, (lang, word)
    assert len(GAME_WORDS) == len(set(GAME_WORDS))


def test_a_row_of_the_romanian_board_is_a_line_and_a_turn_is_a_turn():
    assert pgettext("game word", "row", "ro") == "linie" and pgettext("game word", "turn", "ro") == "rând"
    assert pgettext("board cell", "row {row}, column {column}", "ro").startswith("linia {row}")


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_title_names_the_game_as_the_game_title_does(lang):
    """One name for the game in each language (the source text's), in every title that says it."""
    name = display_name("game title", "Dice Poker", lang=lang)
    for english in (
        "Dice Poker board game",
        "Dice Poker in two parts (par and doubles)",
        "Dice Poker with bluffing",
    ):
        assert name in display_name("game title", english, lang=lang), (lang, english)
    assert name == {"ro": "Dice Poker", "uk": "Покер на кістках", "th": "โป๊กเกอร์ลูกเต๋า"}[lang]


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_full_house_of_the_board_is_the_word_of_the_boxes(lang):
    word = pgettext("game word", "full house", lang)
    assert pgettext("board label", "full house", lang) == word
    assert display_name("box", "Full House", lang=lang).lower() == word.lower()
