"""Fuzz tests (hypothesis) of the advisor's position notation: any text either reads as a position the
rules can reach, or is refused with a DicePokerError (issue 23)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from position_fuzz import positions

from dicepoker.core.errors import DicePokerError
from dicepoker.games import SCORECARD_GAMES, find_game
from dicepoker.games.scorecard.position import parse_position, possible_scores
from dicepoker.games.scorecard.solver.tables import rule_tables

FUZZ = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
LONG = settings(max_examples=5000, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def assert_reachable(rules, position) -> None:
    """An independent check of what a position may hold under ``rules``."""
    card = position.scorecard()
    assert set(card) == set(position.filled) and len(card) < len(rules.boxes)
    for box, score in card.items():
        assert score in possible_scores(rules, box)
        if position.filled[box] is not None:
            assert position.filled[box] == score
    assert position.upper_total == rules.upper_total(card)
    assert 0 <= position.rolls_left < rules.rolls_per_turn and len(position.dice) == 5
    assert position.poker_holds == rules.poker_holds_score(card)
    bonuses, rest = divmod(position.poker_bonus_points, rules.poker_bonus or 1)
    assert rest == 0 and 0 <= bonuses <= max(len(card) - 1, 0)
    if bonuses:
        assert position.poker_holds
    tables = rule_tables(rules)
    assert tables.mask_reachable[tables.mask(card)]
    assert parse_position(rules, str(position)) == position  # it writes what it read


def read_or_refused(game: str, text: str) -> None:
    rules = find_game(game)
    try:
        position = parse_position(rules, text)
    except DicePokerError as err:
        assert "Traceback" not in str(err) and len(str(err)) < 1000
        return
    assert_reachable(rules, position)


@pytest.mark.parametrize("game", SCORECARD_GAMES)
@FUZZ
@given(text=positions())
def test_any_text_is_a_reachable_position_or_a_dice_poker_error(game, text):
    read_or_refused(game, text)


@pytest.mark.parametrize("game", ["classic", "yahtzee"])
@FUZZ
@given(data=st.data())
def test_scorecards_of_possible_scores_are_read_or_refused_by_the_rules(game, data):
    """Boxes with scores they can hold (the hard cases: the upper total, the poker flag and bonus)."""
    rules = find_game(game)
    boxes = data.draw(st.lists(st.sampled_from(rules.box_names), unique=True, max_size=len(rules.boxes)))
    items = [
        f"{b} {data.draw(st.sampled_from(sorted(possible_scores(rules, b))) | st.just('x'))}" for b in boxes
    ]
    fields = ["upper: 0", "upper: 30", "poker50: yes", "poker50: no", "bonus: 100", "bonus: 200"]
    extra = data.draw(st.lists(st.sampled_from(fields), unique=True))
    text = "; ".join([f"filled: {', '.join(items)}", *extra, "dice: 66666", "rolls: 1"])
    try:
        position = parse_position(rules, text)
    except DicePokerError:
        return
    assert_reachable(rules, position)


@given(value=st.one_of(st.none(), st.integers(), st.binary(max_size=8), st.floats(), st.lists(st.text())))
@FUZZ
def test_a_position_that_is_not_text_is_refused(value):
    with pytest.raises(DicePokerError):
        parse_position("classic", value)


@pytest.mark.slow
@pytest.mark.parametrize("game", SCORECARD_GAMES)
@LONG
@given(text=positions())
def test_any_text_is_a_reachable_position_or_a_dice_poker_error_long(game, text):
    read_or_refused(game, text)
