"""The front door's entry points refuse a value of the wrong type with a DicePokerError that names what
was expected, never an AttributeError or a TypeError from deep inside (issue 23, item 7)."""

from __future__ import annotations

import pytest

import dicepoker
from dicepoker.core.errors import DicePokerError
from dicepoker.games.scorecard.advisor import advise
from dicepoker.games.scorecard.analysis.lab import simulate

WRONG = [None, 12345, b"classic", 1.5, object()]


def value_id(value: object) -> str:
    """A test id every xdist worker makes alike (an object's repr holds its address)."""
    return "object()" if type(value) is object else repr(value)


@pytest.mark.parametrize("value", WRONG, ids=value_id)
@pytest.mark.parametrize(
    "call, message",
    [
        (lambda v: advise("classic", v), "a position is text in the notation"),
        (lambda v: dicepoker.hint(v), "a hint is for a scorecard game"),
        (lambda v: dicepoker.tournament(v, games=2), "a tournament needs a list of strategies"),
        (lambda v: dicepoker.play_bluff(seats=v), "the seats are a list|seat 1 is"),
        (lambda v: dicepoker.play_board(seats=v), "the seats are a list|seat 1 is"),
        (lambda v: dicepoker.play("classic", seats=v), "the seats are a list|seat 1 is|has 1 to"),
    ],
    ids=["advise", "hint", "tournament", "play_bluff", "play_board", "play"],
)
def test_a_wrong_type_is_refused_by_name(call, message, value):
    if value is None and "seats" in message:
        pytest.skip("no seats: the game's own")
    with pytest.raises(DicePokerError, match=message):
        call(value)


@pytest.mark.parametrize("seed", [b"x", -1, 1.5, "7"])
def test_a_bad_seed_of_a_simulation_or_tournament_is_refused(seed):
    with pytest.raises(DicePokerError, match="a seed is a whole number from 0 up"):
        simulate("random", games=2, seed=seed)
    with pytest.raises(DicePokerError, match="a seed is a whole number from 0 up"):
        dicepoker.tournament(["random"], games=2, seed=seed)
