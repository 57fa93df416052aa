"""Bad input to dice and rule sets is a DicePokerError that quotes it, never another exception."""

from itertools import count

import pytest

from dicepoker.core.dice import Dice
from dicepoker.core.errors import DicePokerError, InvalidDiceError, UnknownNameError
from dicepoker.games import find_game


@pytest.mark.parametrize(
    "text",
    [
        "²",  # a superscript two: str.isdigit() says yes, int() says no
        "١٢٣٤٥",  # Arabic-Indic digits 1..5: not the dice the games print
        "１２３４５",  # fullwidth digits
        "12³45",
        "૧",  # Gujarati one
    ],
)
def test_only_ascii_digits_are_dice(text):
    with pytest.raises(InvalidDiceError, match="is not a die value 1..6"):
        Dice.parse(text)


@pytest.mark.parametrize("value", [None, 12345, 1.5, object()])
def test_what_is_not_dice_is_refused(value):
    with pytest.raises(InvalidDiceError, match="is not dice"):
        Dice.parse(value)


def test_a_long_iterable_is_refused_after_six_values_not_read_to_its_end():
    drawn = []

    def threes():  # a million threes stand for an endless iterator (and keep a failure finite)
        for i in range(10**6):
            drawn.append(i)
            yield 3

    with pytest.raises(InvalidDiceError, match="more than five dice"):
        Dice(threes())
    assert len(drawn) == 6
    with pytest.raises(InvalidDiceError, match="more than five dice"):
        Dice.parse(count(1))


def test_good_dice_still_parse():
    assert Dice.parse("1-2 3,4 5") == Dice.parse([5, 4, 3, 2, 1]) == Dice.parse(x for x in (1, 2, 3, 4, 5))


@pytest.mark.parametrize("game", ["classic", "yahtzee", "two_part"])
@pytest.mark.parametrize("joker", ["bogus", 3, None, ["free"]])
def test_an_unknown_joker_rule_is_refused_by_name(game, joker):
    with pytest.raises(UnknownNameError, match="no joker rule") as refused:
        find_game(game).variant(joker=joker)
    assert isinstance(refused.value, DicePokerError)
    assert "poker_holds_50" in str(refused.value)  # the message lists the rules there are


def test_a_known_joker_rule_is_taken():
    assert find_game("classic").variant(joker="free").joker.value == "free"
