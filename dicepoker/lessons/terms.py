"""The names a player reads, from the rule sets' data: boxes, bluff hands, board label kinds, game titles.

The catalogs translate each with a ``pgettext`` context (``"box"``, ``"bluff hand"``, ``"board
label"``), so :func:`dicepoker.core.i18n.display_name` can show it in the class's language while
the API keeps the English name. :func:`extract_terms` hands these names to ``pybabel extract``
(see ``babel.cfg``), so a box added to a rule set reaches the catalogs with no list to update;
:func:`glossary_markdown` turns the catalogs back into ``docs/glossary.md``, where each
translation cites the words of the source texts (a translator's ``#`` comment in the catalog).

>>> ("box", "Two Pairs") in terms(), ("board label", "lucky 11") in terms()
(True, True)
>>> len([t for t in terms() if t[0] == "bluff hand"])
9
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from dicepoker.core.i18n import LOCALE_DIR, available_languages, language_name, pgettext
from dicepoker.games import REGISTRY, find_game
from dicepoker.games.bluff.categories import BLUFF_CATEGORIES
from dicepoker.games.board.labels import BOARD_LABELS, FREE_CENTRE, label_kind


def terms() -> list[tuple[str, str]]:
    """Every (context, English name) a player reads, in the games' own order, each once."""
    found = [("game title", find_game(game).title) for game in REGISTRY.names]
    for game in REGISTRY.family("scorecard"):
        found += [("box", name) for name in find_game(game).box_names]
    found += [("bluff hand", name) for name in BLUFF_CATEGORIES]
    found += [("board label", label_kind(label)) for label in (*BOARD_LABELS, FREE_CENTRE)]
    return list(dict.fromkeys(found))


# The words of the games that are no name in a rule set, each with its one translation per language
# (context "game word"): every message of a catalog uses that word for the thing, and
# docs/glossary.md shows it with where the source texts say it. tests/i18n/test_glossary_words.py holds
# the alternatives a catalog must not use (Romanian "rând" is a turn, so a row is "linie").
GAME_WORDS = (
    "turn",  # a player's turn: up to three rolls, then a box, a cell or an announcement
    "round",  # every player's turn once (a scorecard game has 13 to 15 rounds)
    "roll",  # one throw of the dice
    "row",  # a row of the board, of a table, of a matrix
    "player",
    "human",  # a seat a person plays (beside "computer")
    "computer",  # a seat the kit plays
    "straight",  # five dice in sequence, 1-5 or 2-6 (the small and large straight boxes are names)
    "full house",
    "confidence interval",
    "CI",  # the abbreviation of a confidence interval, in tables and sentences
)


def game_words() -> list[tuple[str, str]]:
    """Every (context, English word) of :data:`GAME_WORDS`.

    >>> ("game word", "row") in game_words()
    True
    """
    return [("game word", word) for word in GAME_WORDS]


def extract_terms(
    fileobj: Any, keywords: Any, comment_tags: Any, options: Any
) -> Iterator[tuple[int, str, tuple[str, str], list[str]]]:
    """A Babel extraction method (``babel.cfg``): the terms and the game words as ``pgettext``
    messages, whatever the file."""
    for context, name in (*terms(), *game_words()):
        yield 1, "pgettext", (context, name), []


def glossary_markdown() -> str:
    """``docs/glossary.md``: one table per language, English | translation | where the source says it.

    Every entry of the catalogs with a context: the terms, the game words (:data:`GAME_WORDS`),
    then the templates (a bluff announcement); the last column is the translator's comment on the
    entry in that catalog.
    """
    from babel.messages.pofile import read_po

    lines = [
        "# Glossary of the games' names",
        "",
        "Generated from the message catalogs (`dicepoker/locale/*/LC_MESSAGES/dicepoker.po`) by",
        "`python tools/update_catalogs.py`; do not edit by hand. The names are the ones the source",
        "texts use (the rules pages the games were specified from: `classic` in Romanian and in Thai,",
        "`two_part` in Romanian, `bluff` in Ukrainian); where a",
        "source does not name a thing, the note says so and which common word was chosen. The API",
        'keeps the English names (`score("Full House", ...)`); only what a player reads changes.',
        "",
        "The game's own name is the one each language's source text gives it, and every title says it",
        "the same way: Romanian keeps „Dice Poker” (the title of both Romanian pages, 000 and 002), so",
        "„Dice Poker pe tablă”; Ukrainian says „Покер на кістках” (003); the Thai page (001) is titled",
        "in Latin letters, which the Thai catalog does not write, and calls the game โป๊กเกอร์ in its",
        "text: „โป๊กเกอร์ลูกเต๋า”. The game words (kind `game word`) have one translation each, used by",
        "every message (`tests/i18n/test_glossary_words.py` holds the alternatives a catalog must not use).",
    ]
    for lang in available_languages():
        if lang == "en":
            continue
        with Path(LOCALE_DIR, lang, "LC_MESSAGES", "dicepoker.po").open("rb") as handle:
            catalog = read_po(handle, locale=lang)
        lines += ["", f"## {language_name(lang)} (`{lang}`)", ""]
        lines += ["| kind | English | translation | where the source says it |", "|---|---|---|---|"]
        names = terms() + game_words()
        names += [(m.context, m.id) for m in catalog if m.context and (m.context, m.id) not in names]
        for context, name in names:
            message = catalog.get(name, context=context)
            note = " ".join(message.user_comments).removeprefix("source: ") if message is not None else ""
            translation = pgettext(context, name, lang=lang)
            lines.append(f"| {context} | {name} | {translation} | {note} |")
    return "\n".join(lines) + "\n"
