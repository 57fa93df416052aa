"""The command line in the class's language: --lang (or DICEPOKER_LANG) for people, --json stays English."""

from __future__ import annotations

import argparse
import gettext
import json
import os
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from dicepoker.cli.main import main
from dicepoker.core.i18n import display_name, reset_language

ROOT = Path(__file__).resolve().parents[2]
TRANSLATED = ["ro", "uk", "th"]
ENGLISH_HEADINGS = ("combination", "one roll", "within three", "Odds of every combination")


def run(capsys, *args: str) -> tuple[int, str, str]:
    try:
        code = main(list(args))
    except SystemExit as stop:
        code = stop.code
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("where", ["after", "before"])
def test_odds_table_in_the_chosen_language(capsys, lang, where):
    args = ["odds", "--game", "classic"]
    code, out, _err = run(capsys, *(args + ["--lang", lang] if where == "after" else ["--lang", lang, *args]))
    assert code == 0
    for heading in ENGLISH_HEADINGS:
        assert heading not in out, (lang, heading)
    assert display_name("box", "Three of a Kind", lang) in out
    assert "Three of a Kind" not in out
    poker = next(line for line in out.splitlines() if line.startswith(display_name("box", "Poker", lang)))
    # 6/7776 = 0.077160...%: written with the locale's decimal sign
    decimal = "." if lang == "th" else ","
    assert "1/1296" in poker and f"0{decimal}077" in poker, poker


def test_board_labels_are_named_in_the_language(capsys):
    _code, out, _err = run(capsys, "odds", "--game", "board", "--lang", "uk")
    lucky = display_name("board label", "lucky 7", "uk")
    assert f"L7 ({lucky})" in out and "lucky" not in out


@pytest.mark.parametrize("command", [["odds", "--game", "bluff"], ["rules", "--game", "yatzy"]])
def test_json_output_is_the_same_in_every_language(capsys, command):
    _code, english, _err = run(capsys, *command, "--json")
    for lang in TRANSLATED:
        _code, translated, _err = run(capsys, *command, "--json", "--lang", lang)
        assert json.loads(translated) == json.loads(english)


def test_the_environment_chooses_the_language(capsys, monkeypatch):
    monkeypatch.setenv("DICEPOKER_LANG", "ro")
    reset_language()
    _code, out, _err = run(capsys, "odds", "--game", "bluff")
    assert "combinație" in out and display_name("bluff hand", "Full House", "ro") in out
    _code, out, _err = run(capsys, "odds", "--game", "bluff", "--lang", "en")  # --lang wins
    assert "combination" in out


def test_the_environment_reaches_the_shell_command():
    env = {**os.environ, "DICEPOKER_LANG": "th", "PYTHONPATH": str(ROOT)}
    out = subprocess.run(
        [sys.executable, "-m", "dicepoker", "odds", "--game", "bluff"],
        capture_output=True,
        text=True,
        check=True,
        env=env,
    ).stdout
    assert "ชุดค่าผสม" in out and "combination" not in out


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("ro", ["utilizare:", "eroare:", "alegere nevalidă"]),
        ("uk", ["використання:", "помилка:", "недійсний вибір"]),
    ],
)
def test_usage_errors_are_said_in_the_language(capsys, lang, words):
    code, _out, err = run(capsys, "odds", "--game", "chess", "--lang", lang)
    assert code == 2
    for word in words:
        assert word in err, (word, err)
    assert "'chess'" in err and "invalid choice" not in err and "usage:" not in err


def test_a_missing_argument_and_a_bad_number_are_said_in_the_language(capsys):
    code, _out, err = run(capsys, "advise", "--lang", "th")
    assert code == 2 and "ต้องระบุอาร์กิวเมนต์ต่อไปนี้: --position" in err
    code, _out, err = run(capsys, "simulate", "--games", "0", "--lang", "uk")
    assert code == 2 and "'0' не є цілим числом, не меншим за 1" in err


def test_help_is_in_the_language(capsys):
    code, out, _err = run(capsys, "--lang", "uk", "--help")
    assert code == 0
    assert "показати цю довідку й вийти" in out and "показати правила гри" in out
    assert "show this help message" not in out and "usage:" not in out


def test_an_unknown_language_is_a_usage_error(capsys):
    code, _out, err = run(capsys, "odds", "--lang", "fr")
    assert code == 2 and "no language 'fr'" in err and "en, ro, th, uk" in err


def test_argparse_speaks_english_again_after_a_run(capsys):
    run(capsys, "odds", "--game", "chess", "--lang", "uk")
    assert argparse._ is gettext.gettext and argparse.ngettext is gettext.ngettext
    parser = argparse.ArgumentParser(prog="x")
    assert parser.format_usage().startswith("usage: x")


def test_simulate_sentence_in_romanian_has_the_numbers_of_the_json(capsys):
    args = ["simulate", "--game", "yatzy", "--strategy", "heuristic", "--games", "5", "--seed", "3"]
    _code, out, _err = run(capsys, *args, "--json")
    data = json.loads(out)
    _code, out, _err = run(capsys, *args, "--lang", "ro")
    assert "media" in out and "mean" not in out
    assert f"{data['mean']:.2f}".replace(".", ",") in out
    assert f"{data['std']:.2f}".replace(".", ",") in out


def test_solve_sentence_in_ukrainian(capsys):
    _code, out, _err = run(capsys, "solve", "--game", "two_part", "--json")
    score = json.loads(out)["expected_score"]
    _code, out, _err = run(capsys, "solve", "--game", "two_part", "--lang", "uk")
    assert (
        "оптимальна гра" in out
        and display_name("game title", "Dice Poker in two parts (par and doubles)", "uk") in out
    )
    assert f"{score:.4f}".replace(".", ",") in out


def test_advice_table_in_ukrainian_has_the_numbers_of_the_json(capsys):
    args = ["advise", "--game", "yahtzee", "--position", "dice: 23456; rolls: 0", "--top", "2"]
    _code, out, _err = run(capsys, *args, "--json")
    best = json.loads(out)["choices"][0]
    _code, out, _err = run(capsys, *args, "--lang", "uk")
    lines = out.splitlines()
    assert lines[1].split() == ["місце", "вибір", "очікуваний", "підсумок", "втрата"]
    assert f"{best['expected']:.2f}".replace(".", ",") in lines[2]
    assert Fraction(1, 4) == Fraction("1/4")  # (the table's numbers: checked against the JSON above)
