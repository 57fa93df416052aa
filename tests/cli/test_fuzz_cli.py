"""Fuzz tests (hypothesis) of every subcommand of the command line, run in-process through
``main([...])``, with random arguments and environments (DICEPOKER_LANG, DICEPOKER_CACHE_DIR): never
a traceback, exit code 0 or 2, standard error one-line sentences (issue 23)."""

from __future__ import annotations

import contextlib
import io
import itertools
import os
import stat
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from position_fuzz import positions

from dicepoker.cli.main import main
from dicepoker.core import i18n
from dicepoker.games import GAMES, SCORECARD_GAMES
from dicepoker.games.scorecard.advisor import advise
from dicepoker.games.scorecard.solver import cache
from dicepoker.games.scorecard.solver import solve as solver

FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
LONG = settings(max_examples=3000, deadline=None, suppress_health_check=[HealthCheck.too_slow])

LANGUAGES = [
    "",
    "en",
    "ro",
    "uk",
    "th",
    "zz",
    "ro_RO.UTF-8",
    "uk_UA.utf8",
    "th_TH",
    "C.UTF-8",
    "x" * 300,
    "ру",
]
# how each language starts an error or a warning line (argparse's "prog: error: ..." and the kit's)
ERRORS = {
    i18n._(template, lang).partition("{message}")[0].replace("{prog}", "").strip()
    for template in ("{prog}: error: {message}", "error: {message}")
    for lang in i18n.available_languages()
}
WARNINGS = tuple(i18n._("warning: {message}", lang).partition("{")[0] for lang in i18n.available_languages())
CACHE_KINDS = ["unset", "a file", "a missing folder", "an unwritable folder", "under a file", "in /proc"]

HUGE = "9" * 5000
KNOWN_POSITIONS = [
    "dice: 12345",
    "dice: 66666; rolls: 0",
    f"dice: 12345; rolls: {HUGE}",
    f"filled: Chance {HUGE}; dice: 12345",
    f"filled: Sixes x; upper: {HUGE}; dice: 12345",
    "filled: Yahtzee 50; bonus: 100000000000000000000; dice: 66666",
]
numbers = st.one_of(
    st.integers(-3, 5).map(str),
    st.sampled_from(["1.5", "x", "", "nan", "inf", "-inf", "1e308", "10**9", "9" * 5000, "0x10", "٣"]),
)
games = st.one_of(st.sampled_from([*GAMES, "chess", "CLASSIC", ""]), st.text(max_size=6))
common = [st.just(["--json"]), st.tuples(st.just("--lang"), st.sampled_from(LANGUAGES)).map(list)]
options = {
    "rules": [st.tuples(st.just("--game"), games).map(list), st.just(["--markdown"]), *common],
    "odds": [st.tuples(st.just("--game"), games).map(list), *common],
    "solve": [
        st.tuples(st.just("--game"), games).map(list),
        st.tuples(st.just("--upper-bonus-threshold"), numbers).map(list),
        st.tuples(st.just("--joker"), st.sampled_from(["none", "free", "poker_filled", "bogus"])).map(list),
        st.tuples(st.just("--risk"), numbers).map(list),
        st.just(["--no-cache"]),
        *common,
    ],
    "simulate": [
        st.tuples(st.just("--game"), games).map(list),
        st.tuples(st.just("--games"), st.sampled_from(["1", "2", "0", "-1", "x", "9" * 5000])).map(list),
        st.tuples(st.just("--seed"), numbers).map(list),
        st.tuples(st.just("--upper-bonus-threshold"), numbers).map(list),
        *common,
    ],
    "advise": [
        st.tuples(st.just("--game"), st.sampled_from([*SCORECARD_GAMES, "bluff", "x"])).map(list),
        st.tuples(st.just("--position"), positions()).map(list),
        st.tuples(st.just("--position"), st.sampled_from(KNOWN_POSITIONS)).map(list),
        st.tuples(st.just("--top"), numbers).map(list),
        *common,
    ],
    # the class record read back; folders that are none (writing commands are tested on their own)
    "class": [
        st.sampled_from([["no-such-class-folder"], ["/proc/1/fdinfo"], ["/dev/null"], [""], ["\x00"]]),
        *common,
    ],
    "tournament": [
        st.sampled_from([["no-such-class-folder"], ["/dev/null"], [""], ["\x00"]]),
        st.tuples(st.just("--games"), numbers).map(list),
        st.tuples(st.just("--seed"), numbers).map(list),
        st.tuples(st.just("--time-limit"), numbers).map(list),
        st.tuples(st.just("--kind"), st.sampled_from(["strategy", "caller", "poker"])).map(list),
        st.tuples(st.just("--bots"), st.sampled_from(["random", "greedy,naive", "", "x"])).map(list),
        *common,
    ],
}
junk = st.lists(st.one_of(st.text(max_size=5), st.sampled_from(["--", "-", "--help", "--version", "--lang"])))


@st.composite
def command_lines(draw) -> list[str]:
    """A subcommand (or none) with some of its options, in any order, maybe with junk."""
    command = draw(st.sampled_from([*options, None]))
    argv = [] if command is None else [command]
    if command == "tournament":  # short runs of the random bot, should a folder turn up ("/")
        argv += ["--games", "2", "--bots", "random"]
    if command is not None:
        for chosen in draw(st.lists(st.sampled_from(options[command]), max_size=5)):
            argv += draw(chosen)
    if draw(st.integers(0, 4)) == 0:
        argv += draw(junk)
    if command == "simulate":  # short runs without optimal play (which would need a real solve)
        argv += ["--strategy", "random", "--games", "2"]
    return argv


def stand_in(rules, **_: Any) -> SimpleNamespace:
    """The solve subcommand answers at once: the solver's numbers are tested elsewhere."""
    return SimpleNamespace(rules=rules, expected_score=0.0, certainty_equivalent=0.0, risk=0.0, states=1)


@pytest.fixture(scope="module")
def solved() -> None:
    """The kit's rule sets solved once (from the cache of the tests' environment), before the
    environment changes: the advisor then answers from memory, whatever DICEPOKER_CACHE_DIR says."""
    for game in SCORECARD_GAMES:
        advise(game, "dice: 12345")  # imports the advisor too, bound to the real solver


class Places:
    """A value of DICEPOKER_CACHE_DIR of each kind (a missing folder is a new one each time)."""

    def __init__(self, root: Path) -> None:
        self.root, self.count = root, itertools.count()
        (root / "file").write_text("not a folder")
        self.unwritable = root / "unwritable"
        self.unwritable.mkdir()
        self.unwritable.chmod(stat.S_IRUSR | stat.S_IXUSR)

    def __getitem__(self, kind: str) -> str | None:
        return {
            "unset": None,
            "a file": str(self.root / "file"),
            "a missing folder": str(self.root / f"missing{next(self.count)}" / "deeper"),
            "an unwritable folder": str(self.unwritable),
            "under a file": str(self.root / "file" / "values"),
            "in /proc": "/proc/dicepoker-cache",
        }[kind]


@pytest.fixture(scope="module")
def places(tmp_path_factory) -> Places:
    return Places(tmp_path_factory.mktemp("caches"))


def run(argv: list[str], monkeypatch, lang: str | None, cache_dir: str | None) -> tuple[int, str, str]:
    """Run the command line in-process in the environment given; its exit code, output and errors."""
    for name, value in (("DICEPOKER_LANG", lang), ("DICEPOKER_CACHE_DIR", cache_dir)):
        if value is None:
            monkeypatch.delenv(name, raising=False)
        else:
            monkeypatch.setenv(name, value)
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(argv)
        except SystemExit as exit:  # argparse: --help, --version and usage errors
            code = exit.code
    return code, out.getvalue(), err.getvalue()


def assert_sentences(argv: list[str], code: int, err: str) -> None:
    """Exit 0 or 2; standard error holds only one-line messages (and argparse's usage lines)."""
    assert code in (0, 2), (argv, code, err)
    assert "Traceback" not in err and "Warning:" not in err and "warnings.warn" not in err, (argv, err)
    lines = err.rstrip("\n").split("\n") if err else []  # not splitlines(): an argument may hold \x1e
    if code == 2:
        assert lines, f"exit 2 without a message for {argv}"
        assert "DICEPOKER_LANG" not in lines[-1], f"the variable made {argv} fail: {err}"
        assert any(marker in lines[-1] for marker in ERRORS), (argv, err)
    else:
        assert all(line.startswith(WARNINGS) for line in lines), (argv, err)


@FUZZ
@given(argv=command_lines(), lang=st.sampled_from([None, *LANGUAGES]), kind=st.sampled_from(CACHE_KINDS))
def test_every_subcommand_answers_with_a_result_or_a_sentence(solved, places, argv, lang, kind):
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(solver, "solve", stand_in)
        patch.setattr(i18n, "_warned", set(), raising=False)
        code, _, err = run(argv, patch, lang, places[kind])
    assert_sentences(argv, code, err)


@pytest.mark.parametrize("kind", CACHE_KINDS)
@pytest.mark.parametrize("command", ["solve", "advise"])
def test_a_cache_folder_that_cannot_hold_the_tables_is_a_warning_not_a_failure(
    places, monkeypatch, kind, command
):
    """The real solve of two_part, nothing in memory, the cache folder of each kind."""
    monkeypatch.setattr(cache, "_memory", {})
    argv = [command, "--game", "two_part"] + (["--position", "dice: 12345"] if command == "advise" else [])
    code, out, err = run(argv, monkeypatch, None, places[kind])
    assert_sentences(argv, code, err)
    assert code == 0 and ("164.9110" in out if command == "solve" else "keep 5 and roll 4" in out)
    if kind in ("a file", "under a file", "in /proc") or (kind == "an unwritable folder" and os.geteuid()):
        assert err.startswith("warning: could not cache the value table"), err
    else:
        assert err == "" or kind == "an unwritable folder"


@pytest.mark.parametrize("lang", ["zz", "ro_RO.UTF-8", "x" * 300])
@pytest.mark.parametrize(
    "command", [["rules"], ["odds"], ["advise", "--position", "dice: 12345"], [], ["--help"]]
)
def test_every_subcommand_under_any_language_variable(solved, monkeypatch, lang, command):
    monkeypatch.setattr(i18n, "_warned", set(), raising=False)
    code, out, err = run(command, monkeypatch, lang, None)
    assert_sentences(command, code, err)
    assert code == 0 and out
    assert (err != "") == (lang != "ro_RO.UTF-8")


@pytest.mark.slow
@LONG
@given(argv=command_lines(), lang=st.sampled_from([None, *LANGUAGES]), kind=st.sampled_from(CACHE_KINDS))
def test_every_subcommand_answers_with_a_result_or_a_sentence_long(solved, places, argv, lang, kind):
    test_every_subcommand_answers_with_a_result_or_a_sentence.hypothesis.inner_test(
        solved, places, argv, lang, kind
    )


@pytest.mark.parametrize("argument", ["\n0", "a\rb", "x\x1ey", "\u2028"])
def test_a_usage_error_is_one_line_even_for_an_argument_with_a_line_break(monkeypatch, argument):
    code, _, err = run(["rules", argument], monkeypatch, None, None)
    last = err.rstrip("\n").split("\n")[-1]
    assert code == 2 and last.startswith("dicepoker: error: unrecognized arguments:")
