"""DICEPOKER_LANG as a teacher's shell holds it (issue 23, item 5): a locale is read as its language,
an unknown value is said once and English is spoken; no command line or Python call fails for it,
while an explicit bad language (set_language, --lang) is still refused."""

from __future__ import annotations

import os
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

from dicepoker.cli.main import main
from dicepoker.core import i18n
from dicepoker.core.errors import DicePokerError, UnknownNameError
from dicepoker.core.i18n import LanguageWarning, language, set_language
from dicepoker.games.scorecard.engine import ScorecardGame

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def _no_warning_said_yet(monkeypatch):
    monkeypatch.setattr(i18n, "_warned", set(), raising=False)


@pytest.mark.parametrize(
    "value, lang",
    [("ro_RO.UTF-8", "ro"), ("ro_RO", "ro"), ("ro-RO", "ro"), ("uk_UA.utf8", "uk"), ("th_TH", "th"),
     ("RO_ro", "ro"), ("uk", "uk"), (" th ", "th"), ("en_GB.UTF-8", "en"), ("ro@latin", "ro")],
)  # fmt: skip
def test_a_locale_in_the_variable_is_read_as_its_language(monkeypatch, value, lang):
    monkeypatch.setenv("DICEPOKER_LANG", value)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert language() == lang


@pytest.mark.parametrize("value", ["zz", "fr_FR.UTF-8", "C.UTF-8", "x" * 5000, "ро"])
def test_an_unknown_value_is_warned_of_once_and_english_is_spoken(monkeypatch, value):
    monkeypatch.setenv("DICEPOKER_LANG", value)
    with pytest.warns(LanguageWarning) as said:
        assert language() == "en"
        assert language() == "en"
    assert len(said) == 1
    text = str(said[0].message)
    assert text.startswith("DICEPOKER_LANG is '") and "it speaks en, ro, th, uk" in text and len(text) < 200


def test_python_calls_raise_their_own_errors_under_a_bad_variable(monkeypatch):
    monkeypatch.setenv("DICEPOKER_LANG", "zz")
    with pytest.warns(LanguageWarning):
        game = ScorecardGame("classic", seed=1)
        game.roll()
        with pytest.raises(UnknownNameError, match="no box 'Nope'"):
            game.score("Nope")
        from dicepoker.games import play

        assert play("classic").game.rules.name == "classic"


def test_an_explicit_bad_language_is_still_refused(monkeypatch):
    monkeypatch.setenv("DICEPOKER_LANG", "ro_RO.UTF-8")
    for bad in ("zz", "ro_RO"):
        with pytest.raises(DicePokerError, match="the languages are: en, ro, th, uk"):
            set_language(bad)
    assert language() == "ro"


def _run(args: list[str], lang: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "DICEPOKER_LANG": lang, "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-m", "dicepoker", *args], capture_output=True, text=True, env=env, timeout=120
    )


@pytest.mark.parametrize("args", [["rules"], ["rules", "--lang", "en"], ["odds", "--game", "bluff"]])
def test_the_command_line_under_a_bad_variable_says_one_line_and_answers_in_english(args):
    out = _run(args, "zz")
    assert out.returncode == 0 and "Traceback" not in out.stderr
    if "--lang" in args:
        assert out.stderr == ""
    else:
        assert out.stderr.splitlines() == [
            "warning: DICEPOKER_LANG is 'zz', a language the kit does not speak (it speaks en, ro, th, "
            "uk): the text is in English"
        ]
    assert out.stdout.splitlines()[0].startswith(("Dice Poker (classic)", "Odds of every combination"))


def test_the_command_line_reads_a_shell_locale():
    out = _run(["rules"], "ro_RO.UTF-8")
    assert out.returncode == 0 and out.stderr == "" and "Două perechi" in out.stdout


def test_an_explicit_bad_language_on_the_command_line_is_exit_2(monkeypatch, capsys):
    monkeypatch.setenv("DICEPOKER_LANG", "zz")
    assert main(["rules", "--lang", "zz"]) == 2
    err = capsys.readouterr().err
    assert err == "error: no language 'zz'; the languages are: en, ro, th, uk\n"


def test_in_process_the_command_line_says_the_warning_as_one_line(monkeypatch, capsys):
    monkeypatch.setenv("DICEPOKER_LANG", "zz")
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no Python warning escapes: the command line says it
        assert main(["rules", "--json"]) == 0
    captured = capsys.readouterr()
    assert captured.err.startswith("warning: DICEPOKER_LANG is 'zz'") and captured.out.startswith('{"game"')
