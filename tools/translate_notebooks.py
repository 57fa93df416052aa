"""The lessons and apps in every language: made from the English notebooks and a catalog per notebook.

    python tools/translate_notebooks.py update     # bring every catalog up to date with the English
    python tools/translate_notebooks.py write      # write notebooks/<lang>/ and apps/<lang>/
    python tools/translate_notebooks.py check      # what is untranslated or out of date (exit 1 if any)

Each English notebook (``notebooks/NN_topic.ipynb``, ``apps/game.ipynb``) has one catalog per
language, ``translations/notebooks/<lang>/NN_topic.po`` (gettext's PO format, read and written with
Babel): one message per paragraph of a markdown cell (paragraphs are split at blank lines outside
fenced code). A translator fills the ``msgstr`` of each paragraph; ``write`` then makes
``notebooks/<lang>/NN_topic.ipynb``: every markdown cell translated paragraph by paragraph, every
code cell identical to the English one except the one line ``set_language("en")``, which becomes
``set_language("<lang>")``. A fix to a lesson's code therefore reaches every language the next
time ``write`` runs, and a changed English paragraph shows up as untranslated until its
translator catches up (``check``; ``tests/i18n/test_translated_notebooks.py`` runs it).
"""

from __future__ import annotations

import argparse
import copy
import json
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FOLDERS = ("notebooks", "apps")
TRANSLATIONS = "translations"  # the catalogs, one folder per folder of FOLDERS
sys.path.insert(0, str(ROOT))  # the kit of this checkout, whatever is installed
from dicepoker.core.i18n import SOURCE_LANGUAGE, available_languages, language_name  # noqa: E402

# every language with a compiled catalog: a new one is found by its dicepoker.mo
LANGUAGES = tuple(lang for lang in available_languages() if lang != SOURCE_LANGUAGE)
LANGUAGE_LINE = 'set_language("en")'
FENCE = re.compile(r"^\s*(```|~~~)")
LINK = re.compile(r"(\]\()(\.\./)")  # a relative link out of the folder: one level deeper now


def paragraphs(markdown: str) -> list[str]:
    """The paragraphs of a markdown cell, split at blank lines that are not inside fenced code.

    >>> paragraphs("# Title\\n\\nOne line.\\nTwo.\\n\\n```\\na\\n\\nb\\n```")
    ['# Title', 'One line.\\nTwo.', '```\\na\\n\\nb\\n```']
    """
    found: list[list[str]] = [[]]
    fenced = False
    for line in markdown.split("\n"):
        if FENCE.match(line):
            fenced = not fenced
        if not line.strip() and not fenced:
            if found[-1]:
                found.append([])
            continue
        found[-1].append(line)
    return ["\n".join(lines) for lines in found if lines]


def source_of(cell: dict) -> str:
    source = cell["source"]
    return source if isinstance(source, str) else "".join(source)


def as_lines(text: str) -> list[str]:
    """A cell's source as nbformat stores it: lines, each but the last ending in a newline."""
    lines = text.split("\n")
    return [line + "\n" for line in lines[:-1]] + ([lines[-1]] if lines[-1] else [])


def english_notebooks() -> list[Path]:
    return [path for folder in FOLDERS for path in sorted((ROOT / folder).glob("*.ipynb"))]


def catalog_path(notebook: Path, lang: str) -> Path:
    """A notebook's catalog in ``lang``: ``translations/<its folder>/<lang>/<its name>.po``, out of the
    lesson folders a student browses."""
    return ROOT / TRANSLATIONS / notebook.parent.name / lang / f"{notebook.stem}.po"


def translated_path(notebook: Path, lang: str) -> Path:
    return notebook.parent / lang / notebook.name


def read_notebook(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def notebook_text(notebook: dict) -> str:
    return json.dumps(notebook, indent=1, ensure_ascii=False) + "\n"


MATH = re.compile(r"\$\$.+?\$\$|\$[^$\n]+?\$", re.DOTALL)
THOUSANDS = re.compile(r"(?<![\d.,}])\d{1,3}(?:\{,\}\d{3})+(?![\d])")
DECIMAL_POINT = re.compile(r"(?<=\d)\.(?=\d)")


def math_numbers(translation: str, english: str, lang: str) -> str:
    """The numbers inside a translation's formulas written the language's way: a decimal comma
    (``0{,}25``) where the language writes one, and thousands grouped by a thin space (``2\\,783\\,176``),
    never ``2{,}783{,}176`` (which reads as a decimal in ro and uk). Only groups the English writes as
    thousands are regrouped, so a translator's own ``0{,}125`` stays a decimal.

    >>> poker = r"$2{,}783{,}176 / 6^{10} \\approx 4.60\\%$"
    >>> print(math_numbers(poker, poker, "ro"))
    $2\\,783\\,176 / 6^{10} \\approx 4{,}60\\%$
    >>> math_numbers("$p = 0.5$, 0.5 outside", "", "th")
    '$p = 0.5$, 0.5 outside'
    """
    from babel.numbers import get_decimal_symbol

    grouped = {match.group() for span in MATH.findall(english) for match in THOUSANDS.finditer(span)}
    comma = get_decimal_symbol(lang) == ","

    def localized(span: re.Match[str]) -> str:
        text = span.group()
        for number in grouped:
            text = text.replace(number, number.replace("{,}", "\\,"))
        return DECIMAL_POINT.sub("{,}", text) if comma else text

    return MATH.sub(localized, translation)


EXERCISE = re.compile(r"\*\*(?P<number>[1-9][0-9]?)\.\*\* (?P<question>.*)", re.DOTALL)


def exercise_translation(notebook_path: Path, paragraph: str, lang: str) -> str | None:
    """A registered exercise's question in ``lang`` from the package's catalogs (its one home), or None.

    An exercise is a paragraph ``**k.** question`` whose question is the registered English text of
    exercise k of the notebook's lesson (``dicepoker.lessons.exercise_registry``).
    """
    match = EXERCISE.fullmatch(paragraph)
    lesson = notebook_path.stem[:2]
    if not match or notebook_path.parent.name != "notebooks" or not lesson.isdigit():
        return None
    from dicepoker.core.i18n import _
    from dicepoker.lessons.exercise_registry import LESSONS, lesson_exercises

    if lesson not in LESSONS:
        return None
    try:
        found = lesson_exercises(lesson)
    except ModuleNotFoundError:  # a lesson whose exercises are not registered yet
        return None
    number = int(match["number"])
    if number > len(found) or found[number - 1].question != match["question"]:
        return None
    return f"**{number}.** " + _(match["question"], lang)


def messages_of(notebook: dict, notebook_path: Path | None = None) -> list[str]:
    """Every paragraph of the notebook's markdown cells, in order, each once (registered exercises'
    questions aside: the package's catalogs translate those)."""
    seen: dict[str, None] = {}
    for cell in notebook["cells"]:
        if cell["cell_type"] == "markdown":
            for paragraph in paragraphs(source_of(cell)):
                if notebook_path is None or exercise_translation(notebook_path, paragraph, "en") is None:
                    seen.setdefault(paragraph)
    return list(seen)


def read_catalog(path: Path, lang: str):  # -> babel.messages.Catalog
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import read_po

    if not path.exists():
        return Catalog(locale=lang, project="dicepoker lessons")
    with path.open("rb") as handle:
        return read_po(handle, locale=lang)


def write_catalog(path: Path, catalog) -> None:
    from babel.messages.pofile import write_po

    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as handle:
        write_po(handle, catalog, width=0, omit_header=False, no_location=True, sort_output=False)


def update_catalog(notebook_path: Path, lang: str) -> list[str]:
    """Make the catalog hold exactly the notebook's paragraphs (translations kept); the new ones."""
    from babel.messages.catalog import Catalog

    old = read_catalog(catalog_path(notebook_path, lang), lang)
    new = Catalog(locale=lang, project="dicepoker lessons", fuzzy=False, creation_date=old.creation_date)
    added = []
    for index, text in enumerate(messages_of(read_notebook(notebook_path), notebook_path), start=1):
        before = old.get(text)
        translation = before.string if before is not None else ""
        if before is None:
            added.append(text)
        new.add(text, translation, auto_comments=[f"{notebook_path.name}, paragraph {index}"])
    write_catalog(catalog_path(notebook_path, lang), new)
    return added


@dataclass(frozen=True)
class Problem:
    """Why a translated notebook cannot be written, or is not what ``write`` would write."""

    path: Path
    what: str

    def __str__(self) -> str:
        return f"{self.path.relative_to(ROOT)}: {self.what}"


def translated_notebook(notebook_path: Path, lang: str) -> tuple[dict, list[Problem]]:
    """The notebook in ``lang``, and what is missing from its catalog (untranslated paragraphs)."""
    english = read_notebook(notebook_path)
    catalog = read_catalog(catalog_path(notebook_path, lang), lang)
    problems = []
    result = copy.deepcopy(english)
    language_lines = 0
    for cell in result["cells"]:
        text = source_of(cell)
        if cell["cell_type"] == "markdown":
            parts = []
            for paragraph in paragraphs(text):
                question = exercise_translation(notebook_path, paragraph, lang)
                if question is not None:
                    parts.append(math_numbers(question, paragraph, lang))
                    continue
                message = catalog.get(paragraph)
                if message is None or not message.string or message.fuzzy:
                    problems.append(
                        Problem(catalog_path(notebook_path, lang), f"untranslated: {paragraph[:70]!r}")
                    )
                    parts.append(paragraph)
                else:
                    parts.append(math_numbers(LINK.sub(r"\1../\2", message.string), paragraph, lang))
            cell["source"] = as_lines("\n\n".join(parts))
        elif cell["cell_type"] == "code" and LANGUAGE_LINE in text:
            language_lines += text.count(LANGUAGE_LINE)
            cell["source"] = as_lines(text.replace(LANGUAGE_LINE, f'set_language("{lang}")'))
    if language_lines != 1:
        problems.append(Problem(notebook_path, f"needs exactly one line {LANGUAGE_LINE} in a code cell"))
    result.setdefault("metadata", {})["dicepoker"] = {"language": lang, "made_from": notebook_path.name}
    return result, problems


BINDER = "https://mybinder.org/v2/gh/dicepoker-kit/dicepoker/HEAD"
README_START, README_END = "<!-- lessons-by-language -->", "<!-- /lessons-by-language -->"


def title_of(notebook: dict) -> str:
    """The first heading of a notebook, without its ``#``."""
    for cell in notebook["cells"]:
        if cell["cell_type"] == "markdown":
            for line in source_of(cell).split("\n"):
                if line.startswith("#"):
                    return line.lstrip("#").strip()
    return ""


def binder_link(path: Path) -> str:
    """A Binder link that opens ``path`` in JupyterLab, or an app in Voilà."""
    relative = path.relative_to(ROOT).as_posix()
    if relative.startswith("apps/"):
        return f"{BINDER}?urlpath=voila%2Frender%2F{relative.replace('/', '%2F')}"
    return f"{BINDER}?labpath={relative.replace('/', '%2F')}"


def readme_table() -> str:
    """README's table of the lessons and apps with a Binder link in each language (its title in it)."""
    languages = (SOURCE_LANGUAGE, *LANGUAGES)
    rows = ["| # | " + " | ".join(language_name(lang) for lang in languages) + " |"]
    rows.append("|---|" + "---|" * len(languages))
    for notebook in english_notebooks():
        cells = []
        for lang in languages:
            path = notebook if lang == "en" else translated_path(notebook, lang)
            title = title_of(read_notebook(path)) if path.exists() else notebook.stem
            title = title.replace("|", "\\|")
            cells.append(f"[{title}]({path.relative_to(ROOT).as_posix()}) ([Binder]({binder_link(path)}))")
        label = notebook.stem.split("_")[0] if notebook.parent.name == "notebooks" else "app"
        rows.append(f"| {label} | " + " | ".join(cells) + " |")
    return "\n".join(rows)


def readme_with_table(readme: str) -> str:
    """README's text with the table between its two markers made anew."""
    start, end = readme.index(README_START), readme.index(README_END)
    return readme[: start + len(README_START)] + "\n" + readme_table() + "\n" + readme[end:]


def every_translation() -> Iterator[tuple[Path, str]]:
    for notebook in english_notebooks():
        for lang in LANGUAGES:
            yield notebook, lang


def check() -> list[Problem]:
    """Every untranslated paragraph, and every translated notebook that differs from what ``write`` makes."""
    problems = []
    for notebook, lang in every_translation():
        made, missing = translated_notebook(notebook, lang)
        problems += missing
        target = translated_path(notebook, lang)
        if not target.exists():
            problems.append(Problem(target, "missing: run tools/translate_notebooks.py write"))
        elif target.read_text(encoding="utf-8") != notebook_text(made):
            problems.append(Problem(target, "out of date: run tools/translate_notebooks.py write"))
    readme = ROOT / "README.md"
    if readme.read_text(encoding="utf-8") != readme_with_table(readme.read_text(encoding="utf-8")):
        problems.append(Problem(readme, "the table of lessons by language is out of date: run write"))
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=("update", "write", "check"))
    parser.add_argument("--lang", choices=LANGUAGES, help="only this language")
    args = parser.parse_args(argv)
    languages = (args.lang,) if args.lang else LANGUAGES
    if args.command == "update":
        for notebook in english_notebooks():
            for lang in languages:
                added = update_catalog(notebook, lang)
                if added:
                    print(f"{catalog_path(notebook, lang).relative_to(ROOT)}: {len(added)} to translate")
        return 0
    if args.command == "write":
        incomplete = 0
        for notebook in english_notebooks():
            for lang in languages:
                made, missing = translated_notebook(notebook, lang)
                target = translated_path(notebook, lang)
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_text(notebook_text(made), encoding="utf-8")
                incomplete += len(missing)
        readme = ROOT / "README.md"
        readme.write_text(readme_with_table(readme.read_text(encoding="utf-8")), encoding="utf-8")
        written = len(english_notebooks()) * len(languages)
        print(f"wrote {written} notebooks; {incomplete} untranslated paragraphs")
        return 0
    problems = [p for p in check() if any(f"/{lang}/" in str(p.path) for lang in languages)]
    for problem in problems:
        print(problem)
    print(f"{len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
