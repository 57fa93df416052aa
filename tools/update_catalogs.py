"""Bring the message catalogs and the pages made from them up to date (run from the repository root).

    python tools/update_catalogs.py            # extract, update, fill English, compile, write pages
    python tools/update_catalogs.py --init xx  # start the catalog of a new language xx

The steps are Babel's own commands: ``pybabel extract`` (with ``babel.cfg``) writes the template
``dicepoker/locale/dicepoker.pot``, ``pybabel update`` merges it into every language's ``.po``,
``pybabel compile`` writes the ``.mo`` files the kit reads (they are committed, and a test checks
they match their ``.po``). English is the source language: its ``msgstr`` are the ``msgid``
themselves, filled here. Last, ``docs/glossary.md`` and ``docs/rules*.md`` are regenerated.
A translator then fills the empty ``msgstr`` of their language and runs this again.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LOCALE = ROOT / "dicepoker" / "locale"
TEMPLATE = LOCALE / "dicepoker.pot"
# the calls pybabel extract reads besides its default ones (_, ngettext, pgettext, N_, ...)
KEYWORDS = ("format_message", "N_", "NC_:1c,2")


def pybabel(*args: str) -> None:
    subprocess.run([sys.executable, "-m", "babel.messages.frontend", *args], cwd=ROOT, check=True)


def fill_english() -> None:
    """The source catalog translates every message to itself."""
    from babel.messages.pofile import read_po, write_po

    path = LOCALE / "en" / "LC_MESSAGES" / "dicepoker.po"
    if not path.exists():  # the source catalog is started like any other (--init en)
        return
    with path.open("rb") as handle:
        catalog = read_po(handle, locale="en")
    for message in catalog:
        if not message.id:
            continue
        message.string = message.id
        message.flags.discard("fuzzy")
    with path.open("wb") as handle:
        write_po(handle, catalog, width=100)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--init", metavar="LANG", help="start the catalog of a new language")
    args = parser.parse_args()
    pybabel(
        "extract", "-F", "babel.cfg", "-o", str(TEMPLATE), "--project", "dicepoker",
        "--copyright-holder", "the dicepoker authors", "--no-location", "--sort-output",
        "-c", "TRANSLATORS:", "-w", "100", *(f"-k{keyword}" for keyword in KEYWORDS), ".",
    )  # fmt: skip
    if args.init:
        pybabel(
            "init", "-i", str(TEMPLATE), "-d", str(LOCALE), "-D", "dicepoker", "-l", args.init, "-w", "100"
        )
    pybabel(
        "update",
        "-i",
        str(TEMPLATE),
        "-d",
        str(LOCALE),
        "-D",
        "dicepoker",
        "-w",
        "100",
        "--no-fuzzy-matching",
        "--ignore-obsolete",
    )
    fill_english()
    pybabel("compile", "-d", str(LOCALE), "-D", "dicepoker", "--statistics")
    subprocess.run([sys.executable, "-c", _WRITE_PAGES], cwd=ROOT, check=True)
    return 0


_WRITE_PAGES = """
from pathlib import Path
from dicepoker.lessons.rules_page import write_rules_pages
from dicepoker.lessons.terms import glossary_markdown
Path("docs/glossary.md").write_text(glossary_markdown(), encoding="utf-8")
for path in write_rules_pages():
    print("wrote", path.relative_to(Path.cwd()))
"""

if __name__ == "__main__":
    sys.exit(main())
