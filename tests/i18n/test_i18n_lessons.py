"""What the lessons' modules show a student, in the class's language; English as before."""

from __future__ import annotations

import re
import tempfile
from fractions import Fraction
from pathlib import Path

import pytest
from english_labels_lessons import ENGLISH_LABELS
from solver_helpers import TINY, session_cache_dir  # noqa: F401

from dicepoker.core.errors import DicePokerError, UnknownNameError
from dicepoker.core.i18n import display_name, in_language
from dicepoker.core.stats import wilson_interval
from dicepoker.games.scorecard.analysis.lab import play_game, tournament
from dicepoker.games.scorecard.analysis.risk import biggest_disagreement
from dicepoker.games.scorecard.analysis.two_part import settlement_table
from dicepoker.lessons.bluff import check_caller
from dicepoker.lessons.challenge import challenge
from dicepoker.lessons.class_reports import class_report
from dicepoker.odds.one_roll import one_roll_probability
from dicepoker.odds.tables import game_odds_table, one_roll_meaning
from dicepoker.odds.turn import best_keep

TRANSLATED = ["ro", "uk", "th"]
DECIMAL = {"ro": ",", "uk": ",", "th": "."}
WORDS = ("keep", "reroll", "chance", "rolls? left", "stop", "holds", "games?", "points?", "seed", "class")
ENGLISH = re.compile(
    "|".join([rf"\b{word}\b" for word in WORDS] + [re.escape(label) for label in ENGLISH_LABELS])
)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_keep_advice_reads_in_the_language(lang):
    with in_language(lang):
        text = str(best_keep("Large Straight", "23466"))
    assert not ENGLISH.search(text), text
    assert display_name("box", "Large Straight", lang) in text and "Large Straight" not in text
    # holding 2-3-4-6 with two rolls to go, a 5 comes in two tries: 1 - (5/6)^2 = 0.3056
    chance = 1 - Fraction(5, 6) ** 2
    assert f"0{DECIMAL[lang]}{round(float(chance) * 10_000):04d}" in text, text


def test_keep_advice_in_english_is_as_before():
    assert (
        str(best_keep("Poker", "11234"))
        == "11234: keep 11, reroll 3 dice -> chance 0.0291 of Poker with 2 rolls left"
    )
    assert str(best_keep("Full House", "33355")) == "33355: holds it: stop (chance 1.0000 of Full House)"


def test_one_die_and_one_roll_are_singular():
    """A count of one takes the singular (in English too: "reroll 1 die", "1 roll left")."""
    text = str(best_keep("Large Straight", "23466", rolls_left=1))
    assert "reroll 1 die " in text and "with 1 roll left" in text
    with in_language("uk"):
        text = str(best_keep("Large Straight", "23466", rolls_left=1))
    assert "перекиньте 1 кістку" in text and "лишився 1 кидок" in text


def test_an_estimate_prints_in_the_language():
    estimate = wilson_interval(250, 1000)
    assert str(estimate).endswith("(95% CI, n = 1,000)")
    with in_language("uk"):
        text = str(estimate)
    assert "ДІ" in text and "CI" not in text
    assert f"{estimate.value:.5f}".replace(".", ",") in text and "1\u00a0000" in text


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_odds_tables_note_is_translated(lang):
    with in_language(lang):
        for game in ("classic", "two_part"):
            note = one_roll_meaning(game)
            words = note.replace("one_roll", "").replace("within_three", "").replace("two_part", "")
            assert not re.search(r"[A-Za-z]{3,}", words) or lang == "ro", note
            assert "the chance" not in note and "one_roll" in note
        table = game_odds_table("bluff", simulate=False)
        assert table.attrs["note"] == one_roll_meaning("bluff") != one_roll_meaning("two_part")
    assert table.attrs["note"] != one_roll_meaning("bluff")  # made in the language, not English
    assert list(table.columns[:2]) == ["one_roll_exact", "one_roll"]  # API labels stay English


def test_the_two_part_note_reads_its_par_from_the_rules():
    assert "par = 3 of the face" in one_roll_meaning("two_part")


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_lab_challenge_hint_is_translated(lang):
    with in_language(lang):
        text = str(challenge("random", against="heuristic", games=3, seed=1, rules="yatzy"))
    assert not ENGLISH.search(text), text
    assert "random" in text and "heuristic" in text  # the strategies' names are API names


def test_the_bluff_caller_hint_is_translated():
    with in_language("ro"):
        feedback = check_caller(lambda view: True, games=10)
    text = str(feedback)
    assert text.startswith("Încă nu: ") and "jucătorului care raționează" in text and "10" in text
    assert "reasoning" not in text and "caller" not in text


def test_a_tournaments_title_is_translated():
    result = tournament(["heuristic"], games=2, seed=1, rules="yatzy")
    with in_language("uk"):
        page = result._repr_html_()
    assert "партії на стратегію, зерно 1" in page and "games per strategy" not in page
    assert "games per strategy" in result._repr_html_()


def test_a_class_report_is_translated():
    folder = Path(tempfile.mkdtemp())
    play_game("heuristic", "yatzy", rng=1).save(folder / "ann.json")
    (folder / "notes.txt").write_text("not a game")
    report = class_report(folder, bot_games=1)
    assert "The class: 1 player(s) in 1 game(s)" in report._repr_html_()
    with in_language("ro"):
        page = report._repr_html_()
    assert "Clasa: jucători: 1, partide: 1" in page and "Necitite:" in page and "Not read" not in page


def test_a_disagreement_is_captioned_in_the_language():
    found = biggest_disagreement(TINY["two rolls a turn, yatzy scoring"], games=30, seed=1)
    assert found is not None
    with in_language("th"):
        page = found._repr_html_()
    assert "ดีที่สุด:" in page and "เล่นเพื่อชนะ:" in page and "ผู้เล่นเพื่อชนะ" in page
    assert "Optimal:" not in page and "expected lead" not in page and "opponent" not in page
    assert f"{found.cost:.2f}" in page  # Thai writes a decimal point
    assert "Optimal:" in found._repr_html_()


@pytest.mark.parametrize(
    ("call", "ukrainian"),
    [
        (lambda: one_roll_probability("Sevens"), "немає комбінації 'Sevens'"),
        (lambda: best_keep("Poker", "11234", rolls_left=-1), "залишок кидків має бути 0 або більше"),
        (lambda: settlement_table([]), "для розрахунку потрібна сума"),
        (lambda: tournament([], games=1), "для турніру потрібна хоча б одна стратегія"),
        (lambda: challenge("random", games=0), "кількість партій має бути цілим числом"),
    ],
)
def test_the_lessons_refusals_are_in_the_language(call, ukrainian):
    with in_language("uk"), pytest.raises(DicePokerError) as refused:
        call()
    assert ukrainian in str(refused.value)
    with pytest.raises(DicePokerError) as refused:
        call()
    assert ukrainian not in str(refused.value)


def test_an_unknown_combination_is_still_an_unknown_name():
    with in_language("th"), pytest.raises(UnknownNameError, match="ไม่มีชุดค่าผสม 'Sevens'"):
        one_roll_probability("Sevens")


WORDS_SHOWN = ("title", "value_name", "xaxis_title", "yaxis_title")
"""Keyword arguments whose text a figure or widget shows a student."""


def _english_literals(source: str) -> list[str]:
    """The plain strings a code cell hands a figure as words a student reads (a title, a label)."""
    import ast

    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call):
            for keyword in node.keywords:
                value = keyword.value
                if (
                    keyword.arg in WORDS_SHOWN
                    and isinstance(value, ast.Constant)
                    and isinstance(value.value, str)
                ):
                    found.append(f"{keyword.arg}={value.value!r}")
    return found


def test_no_lesson_hands_a_figure_english_words():
    """A lesson's code cells are the same in every language: a title typed in them stays English on
    a translated page. Such words go through ``said(...)`` and the catalogs."""
    import json

    root = Path(__file__).resolve().parents[1]
    typed = []
    for path in sorted((root / "notebooks").glob("[0-9][0-9]_*.ipynb")):
        for index, cell in enumerate(json.loads(path.read_text(encoding="utf-8"))["cells"]):
            if cell["cell_type"] == "code":
                source = "".join(cell["source"])
                typed += [f"{path.name} [{index}]: {found}" for found in _english_literals(source)]
    assert not typed, typed
    assert _english_literals('fig(title="Three at a table")') == ["title='Three at a table'"]
    assert _english_literals('fig(title=said("Three at a table"))') == []
