"""The rules of the four games as a Markdown page, in any language of the kit (``docs/rules*.md``).

The tables and every number come from the rule sets' data (boxes and their scores, bonuses, the
joker, the bluff ranking, the board's layout and its labels), so the page cannot drift from the
code; the sentences around them are catalog messages, translated like the rest of the kit.
``python -m dicepoker rules --markdown --lang ro`` prints the Romanian page, and a test checks
that the committed pages are what this module writes today.

>>> page = rules_markdown("ro")
>>> "| Două perechi |" in page and "35 de puncte" in page
True
>>> rules_path("uk").name, rules_path("en").name
('rules.uk.md', 'rules.md')
"""

from __future__ import annotations

from pathlib import Path

from dicepoker.core.i18n import (
    SOURCE_LANGUAGE,
    _,
    available_languages,
    language_name,
)
from dicepoker.games import REGISTRY, find_game

DOCS_DIR = Path(__file__).resolve().parents[2] / "docs"
# the scorecard games in the page's order (a test checks they are every scorecard game)
SCORECARD_SECTIONS = ("classic", "yahtzee", "yatzy", "two_part")


def rules_path(lang: str) -> Path:
    """Where the page of ``lang`` is kept: ``docs/rules.md`` for English, ``docs/rules.LANG.md`` else."""
    return DOCS_DIR / ("rules.md" if lang == SOURCE_LANGUAGE else f"rules.{lang}.md")


def rules_markdown(lang: str = SOURCE_LANGUAGE) -> str:
    """The whole rules page of the four games in ``lang``."""
    parts = [
        "# " + _("The rules of the four games", lang),
        _languages_line(lang),
        _(
            "This page is generated from the rule sets of the dicepoker package: every table and "
            "every number below is read from the code that plays the games, so it cannot drift "
            "from them.",
            lang,
        ),
        _(
            "Every game is played with five six-sided dice. A turn has up to three rolls; before "
            "the second and the third roll the player keeps any of the dice and rolls the others "
            "again, or stops early. A move the rules do not allow is refused with a message that "
            "names the rule, and the game stays exactly as it was.",
            lang,
        ),
    ]
    for game in (*SCORECARD_SECTIONS, "bluff", "board"):
        level = "###" if game in ("yahtzee", "yatzy") else "##"  # the presets sit under classic
        parts += REGISTRY.entry(game).load("describe")(find_game(game), game, lang, level=level)
    return "\n\n".join(part.rstrip() for part in parts) + "\n"


def _languages_line(lang: str) -> str:
    links = []
    for other in available_languages():
        name = language_name(other)
        links.append(f"**{name}**" if other == lang else f"[{name}]({rules_path(other).name})")
    return " · ".join(links)


def write_rules_pages() -> list[Path]:
    """Write ``docs/rules.md`` and its translations; returns the paths written."""
    written = []
    for lang in available_languages():
        path = rules_path(lang)
        path.write_text(rules_markdown(lang), encoding="utf-8")
        written.append(path)
    return written
