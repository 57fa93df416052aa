"""A rule set as a key: its hash computed once and the same as the dataclass's, never pickled (a
string's hash differs between processes), and a copied game sharing its frozen rule set."""

from __future__ import annotations

import dataclasses
import pickle
import subprocess
import sys

import pytest

from dicepoker import BoardGame, ScorecardGame, find_game
from dicepoker.core.rule_data import _HASH
from dicepoker.games.board.rules import BoardRules

RULE_SETS = [find_game("classic"), find_game("two_part"), find_game("yatzy"), BoardRules(players=3)]


def field_hash(rules) -> int:
    """What ``@dataclass(frozen=True)`` would hash: the tuple of the compared fields."""
    return hash(tuple(getattr(rules, f.name) for f in dataclasses.fields(rules) if f.compare))


@pytest.mark.parametrize("rules", RULE_SETS, ids=lambda r: getattr(r, "name", type(r).__name__))
def test_the_hash_is_the_dataclasses_and_is_computed_once(rules):
    fresh = dataclasses.replace(rules)
    assert _HASH not in vars(fresh)
    assert hash(fresh) == field_hash(rules) == hash(rules)
    assert vars(fresh)[_HASH] == field_hash(rules)
    assert fresh == rules and fresh is not rules
    assert {rules: "table"}[fresh] == "table"


def test_rule_sets_that_differ_hash_apart_and_compare_unequal():
    classic = find_game("classic")
    other = classic.variant(upper_bonus=40)
    assert other != classic and hash(other) != hash(classic)


@pytest.mark.parametrize("rules", RULE_SETS, ids=lambda r: type(r).__name__)
def test_a_pickled_rule_set_leaves_its_hash_behind_and_hashes_right_in_another_process(rules):
    hash(rules)
    data = pickle.dumps(rules)
    back = pickle.loads(data)
    assert _HASH not in vars(back) and back == rules and hash(back) == hash(rules)
    # another process (its own string hashes) finds the same rule set by its own hash
    code = (
        "import pickle, sys; r = pickle.loads(sys.stdin.buffer.read()); "
        "import dataclasses; print(hash(r) == hash(tuple(getattr(r, f.name) "
        "for f in dataclasses.fields(r) if f.compare)))"
    )
    out = subprocess.run([sys.executable, "-c", code], input=data, capture_output=True, check=True)
    assert out.stdout.strip() == b"True"


def test_a_copied_game_shares_its_rule_set_and_plays_on_alone():
    game = ScorecardGame("classic", seed=3)
    game.roll()
    twin = game.copy()
    assert twin.rules is game.rules
    twin.score(next(iter(twin.options())))
    assert game.rolls_left == 2 and game.dice is not None and twin.rolls_left == 3 and twin.dice is None
    board = BoardGame(seed=2)
    assert board.copy().rules is board.rules
