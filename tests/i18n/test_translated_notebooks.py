"""The lessons and apps in Romanian, Ukrainian and Thai are the English notebooks translated: a test
regenerates them and fails when one is out of date or a paragraph is untranslated."""

import importlib.util
import json
import re
import sys
from pathlib import Path

import pytest

from dicepoker.lessons.exercise_registry import LESSONS

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location(
    "translate_notebooks", ROOT / "tools" / "translate_notebooks.py"
)
tn = importlib.util.module_from_spec(_spec)
sys.modules["translate_notebooks"] = tn  # its dataclass looks its module up there
_spec.loader.exec_module(tn)

SCRIPT = {
    "ro": re.compile(r"[ăâîșțĂÂÎȘȚ]"),
    "uk": re.compile(r"[\u0400-\u04ff]"),
    "th": re.compile(r"[\u0e00-\u0e7f]"),
}
PAIRS = [(nb, lang) for nb in tn.english_notebooks() for lang in tn.LANGUAGES]


def cells(path):
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def test_every_lesson_and_app_is_translated_and_up_to_date():
    problems = tn.check()
    assert not problems, "\n".join(map(str, problems[:20])) + f"\n... {len(problems)} in all"


def test_there_is_a_notebook_for_each_registered_lesson_and_four_apps_in_each_language():

    lessons = sorted(p.name[:2] for p in tn.english_notebooks() if p.parent.name == "notebooks")
    assert lessons == list(LESSONS)
    assert len([p for p in tn.english_notebooks() if p.parent.name == "apps"]) == 4


@pytest.mark.parametrize(("english", "lang"), PAIRS, ids=[f"{nb.stem}-{lang}" for nb, lang in PAIRS])
def test_code_cells_are_the_english_ones_but_for_the_language_line(english, lang):
    translated = tn.translated_path(english, lang)
    ours, theirs = cells(english), cells(translated)
    assert [c["cell_type"] for c in ours] == [c["cell_type"] for c in theirs]
    changed = []
    for a, b in zip(ours, theirs, strict=True):
        if a["cell_type"] != "code":
            continue
        lines_a, lines_b = tn.source_of(a).split("\n"), tn.source_of(b).split("\n")
        assert len(lines_a) == len(lines_b)
        changed += [(x, y) for x, y in zip(lines_a, lines_b, strict=True) if x != y]
        assert a.get("outputs", []) == b.get("outputs", [])
    assert changed == [('set_language("en")', f'set_language("{lang}")')]


@pytest.mark.parametrize(("english", "lang"), PAIRS, ids=[f"{nb.stem}-{lang}" for nb, lang in PAIRS])
def test_the_prose_is_in_the_language(english, lang):
    """Every markdown cell with words in it is in the language's script (Romanian: its diacritics
    somewhere in the notebook), and a translated notebook has as many paragraphs as the English."""
    ours, theirs = cells(english), cells(tn.translated_path(english, lang))
    prose = "\n".join(tn.source_of(c) for c in theirs if c["cell_type"] == "markdown")
    assert SCRIPT[lang].search(prose)
    for a, b in zip(ours, theirs, strict=True):
        if a["cell_type"] == "markdown":
            assert len(tn.paragraphs(tn.source_of(a))) == len(tn.paragraphs(tn.source_of(b)))
            if lang != "ro" and re.search(r"[A-Za-z]{4,} [a-z]{3,} [a-z]{3,}", tn.source_of(a)):
                assert SCRIPT[lang].search(tn.source_of(b)), tn.source_of(b)[:200]


def test_each_english_notebook_sets_its_language_once():
    for english in tn.english_notebooks():
        text = "\n".join(tn.source_of(c) for c in cells(english) if c["cell_type"] == "code")
        assert text.count(tn.LANGUAGE_LINE) == 1, english.name


def test_paragraphs_keep_fenced_code_whole_and_links_go_one_folder_deeper():
    assert tn.paragraphs("a\n\n```\nx\n\ny\n```\n\nb") == ["a", "```\nx\n\ny\n```", "b"]
    assert tn.LINK.sub(r"\1../\2", "[docs](../docs/rules.md)") == "[docs](../../docs/rules.md)"


def test_an_untranslated_paragraph_is_reported(tmp_path, monkeypatch):
    """A new English paragraph shows up as untranslated in every language until translated."""
    english = tn.english_notebooks()[0]
    notebook = json.loads(english.read_text(encoding="utf-8"))
    notebook["cells"].insert(
        0, {"cell_type": "markdown", "metadata": {}, "source": ["A brand new paragraph."]}
    )
    copy = tmp_path / "notebooks" / english.name
    copy.parent.mkdir()
    copy.write_text(json.dumps(notebook), encoding="utf-8")
    (tmp_path / tn.TRANSLATIONS).mkdir()
    (tmp_path / tn.TRANSLATIONS / "notebooks").symlink_to(ROOT / tn.TRANSLATIONS / "notebooks")
    monkeypatch.setattr(tn, "ROOT", tmp_path)
    made, problems = tn.translated_notebook(copy, "uk")
    assert any("A brand new paragraph" in p.what for p in problems)
    assert tn.source_of(made["cells"][0]) == "A brand new paragraph."
