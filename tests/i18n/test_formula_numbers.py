"""Numbers inside the lessons' formulas are written the language's way: a decimal comma in Romanian and
Ukrainian (``4{,}60``, not ``4.60``), and thousands never as ``2{,}783{,}176`` (a decimal there)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
MATH = re.compile(r"\$\$.+?\$\$|\$[^$\n]+?\$", re.DOTALL)
COMMA_LANGUAGES = ("ro", "uk")


def formulas(path: Path) -> list[str]:
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    text = "\n\n".join("".join(cell["source"]) for cell in cells if cell["cell_type"] == "markdown")
    return MATH.findall(text)


@pytest.mark.parametrize("lang", COMMA_LANGUAGES)
def test_formulas_write_the_decimal_comma(lang):
    points = [
        (path.name, span)
        for path in sorted((ROOT / "notebooks" / lang).glob("*.ipynb"))
        for span in formulas(path)
        if re.search(r"\d\.\d", span)
    ]
    assert not points, f"{len(points)} formulas keep a decimal point: {points[:5]}"


@pytest.mark.parametrize("lang", (*COMMA_LANGUAGES, "th"))
def test_thousands_are_not_written_like_decimals(lang):
    grouped = [
        (path.name, span)
        for path in sorted((ROOT / "notebooks" / lang).glob("*.ipynb"))
        for span in formulas(path)
        if re.search(r"\d\{,\}\d{3}\{,\}\d{3}", span)
        or re.search(r"\d{1,3}\{,\}\d{3}(?!\d)", span)
        and lang == "th"
    ]
    assert not grouped, f"thousands written as decimals: {grouped[:5]}"


def test_the_english_formulas_keep_their_own_numbers():
    spans = [span for path in sorted((ROOT / "notebooks").glob("*.ipynb")) for span in formulas(path)]
    assert any(re.search(r"\d\.\d", span) for span in spans)  # the test above has something to find
