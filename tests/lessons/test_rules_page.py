"""docs/rules*.md and docs/glossary.md: generated from the rule sets and the catalogs, never out of date."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from dicepoker.cli.main import main
from dicepoker.core.i18n import available_languages, display_name
from dicepoker.games import REGISTRY, find_game
from dicepoker.games.board.labels import BOARD_LABELS, label_kind
from dicepoker.lessons.rules_page import SCORECARD_SECTIONS, rules_markdown, rules_path
from dicepoker.lessons.terms import glossary_markdown

ROOT = Path(__file__).resolve().parents[2]
HOW = "regenerate with: python tools/update_catalogs.py (or python -m dicepoker rules --markdown --lang LANG)"


@pytest.mark.parametrize("lang", available_languages())
def test_the_committed_rules_page_is_what_the_rule_sets_give_today(lang):
    path = rules_path(lang)
    assert path.is_file(), f"{path} is missing: {HOW}"
    assert path.read_text(encoding="utf-8") == rules_markdown(lang), f"{path.name} is out of date: {HOW}"


def test_the_committed_glossary_is_what_the_catalogs_say_today():
    path = ROOT / "docs" / "glossary.md"
    assert path.read_text(encoding="utf-8") == glossary_markdown(), f"glossary.md is out of date: {HOW}"


def test_every_scorecard_game_has_its_section():
    assert sorted(SCORECARD_SECTIONS) == sorted(REGISTRY.family("scorecard"))


def table_rows(page: str, header_start: str) -> list[list[str]]:
    block = page.split(header_start, 1)[1].split("\n\n", 1)[0]
    return [[cell.strip() for cell in line.strip("|").split("|")] for line in block.splitlines()[2:]]


@pytest.mark.parametrize("game", SCORECARD_SECTIONS)
def test_the_box_table_follows_the_rule_set(game):
    """Each box, in order, with the points the rule set's own scoring gives (checked by scoring dice)."""
    page = rules_markdown("en")
    section = page.split(f"(`{game}`)", 1)[1]
    rows = table_rows(section, "| box |")
    rules = find_game(game)
    assert [row[0] for row in rows] == list(rules.box_names)
    for box, row in zip(rules.boxes, rows, strict=True):
        if box.points.value == "fixed":
            example = {"Small Straight": "12345", "Large Straight": "23456", "Full House": "22233"}
            dice = example.get(box.name, "66666")
            assert row[2].startswith(f"{rules.score(box.name, dice)} points"), (game, box.name, row)


def test_the_numbers_of_the_bonuses_are_the_rule_sets():
    page = rules_markdown("en")
    classic, two_part = find_game("classic"), find_game("two_part")
    assert f"Upper bonus: {classic.upper_bonus} points when the six upper boxes total at least 64." in page
    assert f"Part 1 bonus: {two_part.part1_bonus} points when the part 1 total is at least 0." in page
    assert "Poker bonus: 100 points for each further five of a kind while the Poker box holds 50." in page
    assert "then +50" in page and "×2 when scored right after the first roll" in page


def test_the_board_is_its_layout_and_its_label_table_counts_its_cells():
    page = rules_markdown("en")
    board = find_game("board")
    assert "```text\n" + board.layout_text() + "```" in page
    rows = table_rows(page, "| label | name |")
    counts = board.label_counts()
    total = 0
    for row in rows:
        kind = row[1]
        labels = [label for label in BOARD_LABELS if label_kind(label) == kind]
        cells = sum(counts[label] for label in labels)
        shown = row[3]
        each = re.fullmatch(r"(\d+) each", shown)
        assert cells == (int(each.group(1)) * len(labels) if each else int(shown)), row
        total += cells
    assert total == board.size**2 - 1 == 80


@pytest.mark.parametrize("lang", ["ro", "uk", "th"])
def test_a_translated_page_uses_the_catalogs_names_and_no_english_sentence(lang):
    page = rules_markdown(lang)
    for box in find_game("classic").box_names:
        assert f"| {display_name('box', box, lang)} |" in page
    english = rules_markdown("en")
    lines = page.splitlines()
    prose = [line for line in english.splitlines() if len(line) > 40 and not line.startswith(("|", "```"))]
    left = [line for line in prose if line in lines and not re.fullmatch(r"[A-Z0-9 ★]+", line)]
    assert left == [], f"English lines left in the {lang} page: {left}"


def test_cli_prints_the_page_and_translates_its_human_output(capsys):
    assert main(["rules", "--markdown", "--lang", "uk"]) == 0
    assert capsys.readouterr().out == rules_markdown("uk")
    assert main(["rules", "--game", "classic", "--lang", "ro"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Dice Poker (classic)\n  stânga Ași, Două, Trei")
    assert "Două perechi, Trei de un fel" in out
    assert main(["rules", "--game", "board", "--lang", "th"]) == 0
    assert "ผังกระดาน:" in capsys.readouterr().out


def test_cli_json_stays_english_whatever_the_language(capsys, monkeypatch):
    monkeypatch.setenv("DICEPOKER_LANG", "ro")
    assert main(["rules", "--game", "classic", "--json", "--lang", "uk"]) == 0
    assert '"Two Pairs"' in capsys.readouterr().out
    assert main(["rules", "--game", "classic"]) == 0  # the environment's language
    assert "Două perechi" in capsys.readouterr().out


def test_cli_refuses_an_unknown_language_listing_the_languages(capsys):
    assert main(["rules", "--lang", "fr"]) == 2
    assert "no language 'fr'; the languages are: en, ro, th, uk" in capsys.readouterr().err


def test_readme_links_the_rules_inside_the_project_in_every_language():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "../shared/RULES.md" not in readme
    for lang in available_languages():
        name = rules_path(lang).name
        assert f"(docs/{name})" in readme and (ROOT / "docs" / name).is_file()
    assert "(docs/glossary.md)" in readme
