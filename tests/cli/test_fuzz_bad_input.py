"""Fuzz tests (hypothesis): no input to Dice.parse, from_json or the command line escapes as anything
but a DicePokerError (a SaveFileError for saves), and the command line never shows a traceback."""

from __future__ import annotations

import contextlib
import io
import json
from functools import cache
from types import SimpleNamespace
from typing import Any

import pytest
from bad_input_helpers import GAMES, resealed
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dicepoker.cli.main import main
from dicepoker.core.dice import Dice
from dicepoker.core.errors import DicePokerError, SaveFileError

FUZZ = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
# 300 saves, edited saves or command lines each: seconds per test, left out of the fast loop
SLOW_FUZZ = pytest.mark.slow

# --- Dice.parse -----------------------------------------------------------------------------------

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(allow_nan=True),
    st.text(max_size=3),
    st.binary(max_size=3),
)
dice_like = st.one_of(
    st.text(),
    st.text(alphabet="0123456789 ,-²³١٢٣٤٥６", max_size=12),
    scalars,
    st.lists(st.one_of(st.integers(-2, 8), scalars), max_size=8),
    st.tuples(st.integers(1, 6), st.integers(1, 6)),
    st.dictionaries(st.integers(1, 6), st.integers()),
    st.sets(st.integers(0, 7)),
)


@FUZZ
@given(dice_like)
def test_dice_parse_gives_dice_or_refuses(value):
    try:
        dice = Dice.parse(value)
    except DicePokerError:
        return
    assert len(dice) <= 5 and all(v in (1, 2, 3, 4, 5, 6) for v in dice)
    if isinstance(value, str):  # exactly the ASCII digits of the text, separators dropped
        assert str(dice) == "".join(sorted(ch for ch in value if ch not in " ,-"))


# --- from_json -------------------------------------------------------------------------------------

json_values = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False), st.text(max_size=8)),
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=12,
)


@cache
def saves_of(kind: str) -> tuple[str, ...]:
    """Saves of one engine at a few moments of a game: new, after rolls, after a finished turn."""
    game = GAMES[kind]()
    saves = [game.to_json()]
    for _ in range(6):
        actions = game.legal_actions()
        if game.is_over or not actions:
            break
        game.apply(actions[len(actions) // 2])
        saves.append(game.to_json())
    return tuple(saves)


def _paths(data: Any, path: tuple = ()) -> list[tuple]:
    """Every place in a JSON value (the value itself included)."""
    found = [path]
    if isinstance(data, dict):
        for key, value in data.items():
            found += _paths(value, (*path, key))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            found += _paths(value, (*path, i))
    return found


def _replaced(data: Any, path: tuple, value: Any) -> Any:
    if not path:
        return value
    head, rest = path[0], path[1:]
    if isinstance(data, dict):
        return {**data, head: _replaced(data[head], rest, value)}
    return [*data[:head], _replaced(data[head], rest, value), *data[head + 1 :]]


def _assert_refused_or_exact(load, text: str) -> None:
    try:
        game = load(text)
    except SaveFileError:
        return
    saved_again, given = (json.dumps(json.loads(t), sort_keys=True) for t in (game.to_json(), text))
    assert saved_again == given  # whatever loads is exactly what was given


@SLOW_FUZZ
@pytest.mark.parametrize("kind", GAMES)
@FUZZ
@given(text=st.one_of(st.text(), st.binary(), st.none(), st.integers(), json_values.map(json.dumps)))
def test_from_json_of_anything_is_a_game_or_a_save_file_error(kind, text):
    with contextlib.suppress(SaveFileError):
        type(GAMES[kind]()).from_json(text)


@SLOW_FUZZ
@pytest.mark.parametrize("kind", GAMES)
@FUZZ
@given(data=st.data(), value=json_values, reseal=st.booleans())
def test_an_edited_save_is_refused_or_loads_exactly(kind, data, value, reseal):
    """One value anywhere in a real save replaced by any JSON value; with a recomputed checksum
    too (a forger's edit), so the engines' own checks are reached, not only the checksum's."""
    save = json.loads(data.draw(st.sampled_from(saves_of(kind))))
    path = data.draw(st.sampled_from(_paths(save)))
    edited = _replaced(save, path, value)
    text = resealed(edited) if reseal and isinstance(edited, dict) else json.dumps(edited)
    _assert_refused_or_exact(type(GAMES[kind]()).from_json, text)


# --- the command line ------------------------------------------------------------------------------

words = st.sampled_from(
    [
        "rules", "odds", "solve", "simulate", "--game", "--json", "--strategy", "--games", "--seed",
        "--upper-bonus-threshold", "--joker", "--no-cache", "--help", "--version", "classic", "yahtzee",
        "yatzy", "two_part", "bluff", "board", "chess", "random", "greedy", "heuristic", "lucky", "free",
        "none", "bogus", "0", "1", "2", "-1", "1.5", "x", "", "-", "--", "10**9", "99999999999999999999",
    ]
)  # fmt: skip
argv = st.lists(st.one_of(words, words, st.text(max_size=6), st.integers(-5, 5).map(str)), max_size=8)


@SLOW_FUZZ
@FUZZ
@given(args=argv)
def test_the_command_line_answers_any_arguments_with_a_result_or_a_message(args):
    """The solver itself is tested elsewhere; here a stand-in answers at once, so the fuzz covers
    the arguments: parsing, the rule set they choose, and the refusals."""
    from dicepoker.games.scorecard.solver import solve as solver

    def stand_in(rules, **_: Any) -> SimpleNamespace:
        return SimpleNamespace(rules=rules, expected_score=0.0, states=1)

    if "simulate" in args:  # short runs, and no optimal play (which needs the real solver)
        at = args.index("simulate") + 1
        args = [*args[:at], "--strategy", "random", *args[at:], "--games", "2"]
    out, err = io.StringIO(), io.StringIO()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(solver, "solve", stand_in)
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = main(args)
            except SystemExit as exit:
                code = exit.code
    assert code in (0, 1, 2), (args, code, err.getvalue())
    assert "Traceback" not in err.getvalue()
    if code:
        assert err.getvalue().strip(), f"exit {code} without a message for {args}"
