"""Is an exercise's answer in sight? Every form a student could copy, searched where a student looks.

An answer is *in sight* when, above its exercise, a markdown paragraph or a cell's output (text,
HTML, a table, a figure's titles, labels and data) shows it as the exact fraction, as a decimal
rounded to 2 to 6 significant digits (with a point or a comma), as a percentage, or as the whole
number; or when one of its hints (in any language) spells it out. A one-digit whole number (or 0)
is no evidence (every sentence holds one): such answers are searched only in their hints.

    python tests/helpers/exercise_leaks.py notebooks/03_three_rolls.ipynb [...]   # runs them, lists every hit

The root ``conftest.py`` runs the same search on the outputs nbval produced, and a browser test that
runs a lesson in JupyterLab runs it on the outputs JupyterLab shows (:func:`leaks_in_run`), so no
lesson is run twice.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal, localcontext
from fractions import Fraction
from functools import cache
from html.parser import HTMLParser
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CHECK_CALL = re.compile(r"""check\(\s*["'](?P<id>[0-9]{2}\.[0-9]{1,2})["']""")
EXERCISE_PARAGRAPH = re.compile(r"\*\*(?P<number>[1-9][0-9]?)\.\*\* ")


@dataclass(frozen=True)
class Leak:
    """One place where an exercise's answer is in sight."""

    exercise: str
    where: str
    form: str
    context: str

    def __str__(self) -> str:
        return f"{self.exercise}: {self.form!r} in {self.where}: ...{self.context}..."


def _fixed(value: Fraction, significant: int) -> str | None:
    """``value`` rounded to ``significant`` digits in fixed notation, or None if that is a whole number."""
    if value == 0:
        return None
    with localcontext() as ctx:
        ctx.prec = 60
        exact = Decimal(value.numerator) / Decimal(value.denominator)
        exponent = exact.adjusted() - significant + 1
        rounded = exact.quantize(Decimal(1).scaleb(exponent), rounding=ROUND_HALF_UP)
        if exponent >= 0:
            return None
        return format(rounded, "f")


def decimal_forms(value: Fraction) -> set[str]:
    """The decimals a student could copy: 2 to 6 significant digits (those with a fractional part).

    >>> sorted(decimal_forms(Fraction(455, 36)), key=len)
    ['12.6', '12.64', '12.639', '12.6389']
    """
    return {text for digits in range(2, 7) if (text := _fixed(abs(value), digits)) is not None}


def answer_forms(value: Fraction) -> list[tuple[str, re.Pattern[str]]]:
    """Each written form of ``value`` with the pattern that finds it as a whole token."""
    value = Fraction(value)
    forms: list[tuple[str, str]] = []
    magnitude = abs(value)
    if value.denominator == 1:
        if magnitude >= 10:
            whole = str(magnitude)
            forms.append((whole, re.escape(whole)))
            if magnitude >= 1000:
                grouped = f"{int(magnitude):,}"
                for sep in (",", ".", " ", "\u00a0", "\u202f", r"\,", "{,}"):
                    forms.append((grouped.replace(",", sep), re.escape(grouped.replace(",", sep))))
    else:
        top, bottom = magnitude.numerator, magnitude.denominator
        forms.append((f"{top}/{bottom}", rf"{top}\s*/\s*{bottom}"))
        forms.append((f"frac{{{top}}}{{{bottom}}}", rf"frac\s*\{{\s*{top}\s*\}}\s*\{{\s*{bottom}\s*\}}"))
        forms.append((f"Fraction({top}, {bottom})", rf"Fraction\(\s*-?{top},\s*{bottom}\)"))
    for text in decimal_forms(value):
        whole, _, fraction = text.partition(".")
        forms.append((text, rf"{re.escape(whole)}(?:\.|,|\{{,\}}){re.escape(fraction)}"))
    if 0 < magnitude <= 1:
        for text in decimal_forms(magnitude * 100) | (
            {str(magnitude * 100)} if (magnitude * 100).denominator == 1 else set()
        ):
            whole, _, fraction = text.partition(".")
            body = re.escape(whole) + (rf"(?:\.|,|\{{,\}}){re.escape(fraction)}" if fraction else "")
            forms.append((f"{text}%", body + r"\s*\\?%"))
    return [
        (form, re.compile(r"(?<![0-9])(?<![0-9][.,])" + pattern + r"(?![0-9])(?![.,][0-9])" + NOT_A_DURATION))
        for form, pattern in forms
    ]


NOT_A_DURATION = r"(?!\s*(?:s|с|วินาที)(?!\w))"
"""A number followed by "s" (or its Ukrainian and Thai words) is how long something took: a solve's
seconds vary from run to run and are no answer (lesson 04's solution once showed "solved in 3.7 s" above
an exercise whose answer is 11/3)."""


def searchable(value: object) -> list[Fraction]:
    """The numbers of an answer worth searching for (a pair's parts; no text, no function)."""
    if isinstance(value, tuple | list):
        return [number for part in value for number in searchable(part)]
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return []
    try:
        number = Fraction(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return []
    return [number]


def in_sight(value: Fraction) -> bool:
    """Whether an answer is distinctive enough to be searched above its exercise (not a digit)."""
    return not (value.denominator == 1 and abs(value) < 10)


def find_forms(text: str, value: Fraction) -> Iterator[tuple[str, str]]:
    """Every form of ``value`` found in ``text``, with its context.

    >>> sorted(form for form, _ in find_forms("11/3 is 3.67, about 3,7 points", Fraction(11, 3)))
    ['11/3', '3.67', '3.7']
    >>> list(find_forms("2,161,152 states, solved in 3.7 s; 3,7 с; 3.7 วินาที", Fraction(11, 3)))
    []
    """
    for form, pattern in answer_forms(value):
        for match in pattern.finditer(text):
            yield form, text[max(0, match.start() - 40) : match.end() + 40].replace("\n", " ")


def _numbers_in(data: object) -> Iterator[float]:
    if isinstance(data, bool):
        return
    if isinstance(data, int | float):
        yield float(data)
    elif isinstance(data, dict):
        for item in data.values():
            yield from _numbers_in(item)
    elif isinstance(data, list):
        for item in data:
            yield from _numbers_in(item)


class _VisibleText(HTMLParser):
    """What a page shows of some HTML: its text, and the titles and labels read on hover or aloud."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self._hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("style", "script"):
            self._hidden += 1
        self.parts += [value for name, value in attrs if name in ("title", "aria-label", "alt") and value]

    def handle_endtag(self, tag: str) -> None:
        if tag in ("style", "script"):
            self._hidden = max(0, self._hidden - 1)

    def handle_data(self, data: str) -> None:
        if not self._hidden:
            self.parts.append(data)


def visible_text(markup: str) -> str:
    """The text a student sees of an HTML output (tags, styles and drawing coordinates left out).

    >>> visible_text('<td style="width:27px">12</td><circle cx="27"/><span title="row 4">x</span>')
    '12 row 4 x'
    """
    parser = _VisibleText()
    parser.feed(markup)
    return " ".join(part.strip() for part in parser.parts if part.strip())


def output_texts(output: dict) -> Iterator[tuple[str, str]]:
    """The text of one output (mimetype, text), plotly's JSON with its data."""
    if output.get("output_type") == "stream":
        yield "stream", "".join(output.get("text", ""))
        return
    for mimetype, content in (output.get("data") or {}).items():
        text = "".join(content) if isinstance(content, list) else content
        if mimetype in ("text/html", "image/svg+xml"):
            yield mimetype, visible_text(text)
        elif mimetype.startswith("text/"):
            yield mimetype, str(text)
        elif (
            mimetype.endswith("json") and "widget" not in mimetype
        ):  # a widget's output is its random model id
            yield mimetype, json.dumps(content, ensure_ascii=False)


def figure_holds(output: dict, value: Fraction) -> bool:
    """Whether a figure's data holds the answer itself (a student can hover over it)."""
    target = float(value)
    for mimetype, content in (output.get("data") or {}).items():
        if (
            mimetype.endswith("json")
            and target != 0
            and any(abs(number - target) <= 1e-9 * abs(target) for number in _numbers_in(content))
        ):
            return True
    return False


def exercise_positions(cells: list[dict]) -> dict[str, int]:
    """Each exercise id and the index of its first cell (its question) in the notebook."""
    positions: dict[str, int] = {}
    for index, cell in enumerate(cells):
        if cell["cell_type"] != "code":
            continue
        for match in CHECK_CALL.finditer("".join(cell["source"])):
            question = index - 1 if index and cells[index - 1]["cell_type"] == "markdown" else index
            positions.setdefault(match["id"], question)
    return positions


def leaks_above(
    cells: list[dict], outputs: dict[int, list[dict]], targets: dict[str, object], name: str
) -> list[Leak]:
    """Every form of every exercise's answer in the markdown and outputs above it.

    ``outputs`` maps a cell's index to the outputs it produced when run (``cells``' own are used
    where a cell is missing from it); ``targets`` maps exercise ids to their answers.
    """
    found = []
    for exercise, position in exercise_positions(cells).items():
        for value in searchable(targets.get(exercise)):
            if not in_sight(value):
                continue
            for index in range(position):
                cell = cells[index]
                where = f"{name} [{index}]"
                if cell["cell_type"] == "markdown":
                    for form, context in find_forms("".join(cell["source"]), value):
                        found.append(Leak(exercise, where + " markdown", form, context))
                    continue
                for output in outputs.get(index, cell.get("outputs", [])):
                    for mimetype, text in output_texts(output):
                        for form, context in find_forms(text, value):
                            found.append(Leak(exercise, f"{where} {mimetype}", form, context))
                    if figure_holds(output, value):
                        found.append(Leak(exercise, where + " figure data", str(value), "the plotted data"))
    return found


def leaks_in_hints(exercises: Iterable[object], languages: Iterable[str]) -> list[Leak]:
    """Every hint (and mistake hint, and question) of every exercise that spells out its answer."""
    from dicepoker.core.i18n import _

    found = []
    for exercise in exercises:
        target = exercise.target()  # type: ignore[attr-defined]
        texts = list(exercise.hints) + [hint for _wrong, hint in exercise.mistakes()]  # type: ignore[attr-defined]
        texts.append(exercise.question)  # type: ignore[attr-defined]
        for lang in languages:
            for text in texts:
                shown = _(text, lang)
                for value in searchable(target):
                    if value == 0:
                        continue
                    for form, pattern in answer_forms(value) + _small_whole(value):
                        if pattern.search(shown):
                            found.append(Leak(exercise.id, f"a hint in {lang}", form, shown[:80]))  # type: ignore[attr-defined]
    return found


def _small_whole(value: Fraction) -> list[tuple[str, re.Pattern[str]]]:
    if value.denominator == 1 and abs(value) < 10:
        return [(str(abs(value)), re.compile(rf"(?<![0-9]){abs(value)}(?![0-9])"))]
    return []


def lesson_of(path: Path) -> str | None:
    """The lesson number of a lesson notebook, in English or translated; None for any other file.

    >>> lesson_of(Path("notebooks/ro/03_three_rolls.ipynb")), lesson_of(Path("apps/classic.ipynb"))
    ('03', None)
    """
    path = Path(path)
    folder = path.parent.name if path.parent.name == "notebooks" else path.parent.parent.name
    lesson = path.name[:2]
    return lesson if folder == "notebooks" and lesson.isdigit() and path.name[2:3] == "_" else None


def leaks_in_run(path: Path, outputs: dict[int, list[dict]]) -> list[Leak]:
    """The answers in sight in one run of the notebook at ``path`` (``outputs``: each code cell's
    outputs by its index); none for a notebook that is not a lesson."""
    lesson = lesson_of(path)
    if lesson is None:
        return []
    cells = json.loads(Path(path).read_text(encoding="utf-8"))["cells"]
    return leaks_above(cells, outputs, targets_of(lesson), Path(path).name)


@cache
def targets_of(lesson: str) -> dict[str, object]:
    """The answers of a lesson's registered exercises, by id (worked out once per process: the
    four languages' copies of a lesson have the same answers, and lesson 08's take seconds)."""
    from dicepoker.lessons.exercise_registry import lesson_exercises

    return {exercise.id: exercise.target() for exercise in lesson_exercises(lesson)}


def main(paths: list[str]) -> int:
    """Run each notebook under pytest (nbval and the conftest's search) and report what it finds."""
    return subprocess.call([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *paths], cwd=ROOT)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
