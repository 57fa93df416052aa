"""Every box of every scorecard preset, by the tables of RULES.md (expected values worked by hand)."""

import pytest

from dicepoker import DicePokerError, InvalidDiceError, UnknownNameError, find_game
from dicepoker.games.scorecard.rules import JokerRule

CLASSIC_CASES = [
    # RULES.md's worked example and slip: 5-5-5-2-5 sums to 22, not 21
    ("Three of a Kind", "55525", 22),
    ("Four of a Kind", "55525", 22),
    ("Pair", "55321", 16),
    ("Pair", "12345", 0),
    ("Two Pairs", "11223", 9),
    ("Two Pairs", "33355", 19),  # a full house qualifies
    ("Two Pairs", "44441", 0),  # four of a kind does not
    ("Two Pairs", "55555", 0),  # nor five of a kind
    ("Three of a Kind", "44123", 0),
    ("Four of a Kind", "66662", 26),
    ("Four of a Kind", "66622", 0),
    ("Full House", "33355", 25),
    ("Full House", "22233", 25),
    ("Full House", "55555", 0),
    ("Full House", "22223", 0),
    ("Small Straight", "12346", 30),
    ("Small Straight", "11234", 30),
    ("Small Straight", "13456", 30),
    ("Small Straight", "12356", 0),
    ("Large Straight", "12345", 40),
    ("Large Straight", "23456", 40),
    ("Large Straight", "12346", 0),
    ("Poker", "44444", 50),
    ("Poker", "44443", 0),
    ("Chance", "12345", 15),
    ("Sixes", "66612", 18),
    ("Ones", "66612", 1),
    ("Threes", "66612", 0),
]

# five of a kind in each box of classic
FIVE_THREES = {
    "Ones": 0, "Threes": 15, "Pair": 15, "Two Pairs": 0, "Three of a Kind": 15, "Four of a Kind": 15,
    "Full House": 0, "Small Straight": 0, "Large Straight": 0, "Poker": 50, "Chance": 15,
}  # fmt: skip

YAHTZEE_CASES = [
    ("Three of a Kind", "55525", 22),
    ("Four of a Kind", "33332", 14),
    ("Full House", "33355", 25),
    ("Small Straight", "12346", 30),
    ("Large Straight", "23456", 40),
    ("Yahtzee", "11111", 50),
    ("Chance", "66665", 29),
]

YATZY_CASES = [
    ("Pair", "66331", 12),
    ("Pair", "55555", 10),
    ("Pair", "12345", 0),
    ("Two Pairs", "66331", 18),
    ("Two Pairs", "33355", 16),
    ("Two Pairs", "44441", 0),
    ("Three of a Kind", "44412", 12),
    ("Three of a Kind", "55555", 15),
    ("Four of a Kind", "66662", 24),
    ("Small Straight", "12345", 15),
    ("Small Straight", "23456", 0),
    ("Small Straight", "12346", 0),
    ("Large Straight", "23456", 20),
    ("Large Straight", "12345", 0),
    ("Full House", "33355", 19),
    ("Full House", "55555", 0),
    ("Chance", "12345", 15),
    ("Yatzy", "22222", 50),
    ("Fours", "44412", 12),
]


@pytest.mark.parametrize(("box", "dice", "points"), CLASSIC_CASES)
def test_classic(box, dice, points):
    assert find_game("classic").score(box, dice) == points


@pytest.mark.parametrize(("box", "points"), FIVE_THREES.items())
def test_classic_five_of_a_kind_in_each_box(box, points):
    assert find_game("classic").score(box, "33333") == points


@pytest.mark.parametrize(("box", "dice", "points"), YAHTZEE_CASES)
def test_yahtzee(box, dice, points):
    assert find_game("yahtzee").score(box, dice) == points


@pytest.mark.parametrize(("box", "dice", "points"), YATZY_CASES)
def test_yatzy(box, dice, points):
    assert find_game("yatzy").score(box, dice) == points


def test_box_names_exactly_as_in_rules():
    assert find_game("classic").box_names == (
        "Ones", "Twos", "Threes", "Fours", "Fives", "Sixes", "Pair", "Two Pairs", "Three of a Kind",
        "Four of a Kind", "Full House", "Small Straight", "Large Straight", "Poker", "Chance",
    )  # fmt: skip
    assert len(find_game("yahtzee").boxes) == 13 and len(find_game("yatzy").boxes) == 15


def test_parameters_are_data():
    classic = find_game("classic")
    assert (classic.upper_bonus_threshold, classic.upper_bonus, classic.poker_bonus) == (64, 35, 100)
    assert classic.joker is JokerRule.WHEN_POKER_HOLDS_50
    assert find_game("yahtzee").upper_bonus_threshold == 63
    assert (find_game("yatzy").upper_bonus, find_game("yatzy").joker) == (50, JokerRule.NONE)
    # "more than 63": 63 earns nothing, 64 earns the bonus
    upper = {"Ones": 3, "Twos": 6, "Threes": 9, "Fours": 12, "Fives": 15, "Sixes": 18}
    assert classic.total(upper) == 63
    assert classic.variant(upper_bonus_threshold=63).total(upper) == 63 + 35
    assert classic.total({**upper, "Sixes": 19}) == 64 + 35


def test_errors_name_the_problem():
    with pytest.raises(UnknownNameError, match="no box 'Yahtzee' in 'classic'"):
        find_game("classic").score("Yahtzee", "11111")
    with pytest.raises(UnknownNameError, match="no game 'poker'"):
        find_game("poker")
    with pytest.raises(InvalidDiceError):
        find_game("classic").score("Pair", "5532")
    with pytest.raises(UnknownNameError):
        find_game("classic").variant(colour="red")
    assert issubclass(DicePokerError, ValueError)


def test_classic_joker_forced_order():
    classic = find_game("classic")
    assert classic.options("44444", {"Poker": 50}) == {"Fours": 20}
    lower = classic.options("44444", {"Poker": 50, "Fours": 12})
    assert lower == {
        "Pair": 20, "Two Pairs": 20, "Three of a Kind": 20, "Four of a Kind": 20, "Full House": 25,
        "Small Straight": 30, "Large Straight": 40, "Chance": 20,
    }  # fmt: skip
    all_lower = {b.name: 0 for b in classic.lower_boxes}
    assert classic.options("44444", {**all_lower, "Fours": 12}) == {
        "Ones": 0, "Twos": 0, "Threes": 0, "Fives": 0, "Sixes": 0,
    }  # fmt: skip
    assert classic.poker_bonus_for("44444", {"Poker": 50}) == 100


def test_classic_no_joker_when_poker_holds_zero():
    classic = find_game("classic")
    options = classic.options("44444", {"Poker": 0, "Fours": 12})
    assert options["Full House"] == 0 and options["Two Pairs"] == 0 and options["Ones"] == 0
    assert classic.poker_bonus_for("44444", {"Poker": 0}) == 0


def test_yahtzee_joker_also_when_box_holds_zero():
    yahtzee = find_game("yahtzee")
    assert yahtzee.options("22222", {"Yahtzee": 0}) == {"Twos": 10}
    assert yahtzee.options("22222", {"Yahtzee": 0, "Twos": 4})["Large Straight"] == 40
    assert yahtzee.poker_bonus_for("22222", {"Yahtzee": 0}) == 0
    assert yahtzee.poker_bonus_for("22222", {"Yahtzee": 50}) == 100


def test_free_joker_may_take_upper_zero_early():
    free = find_game("yahtzee").variant(joker="free")
    options = free.options("22222", {"Yahtzee": 50, "Twos": 4})
    assert options["Ones"] == 0 and options["Large Straight"] == 40
    # Verhoeff: no joker while Twos is open, so nothing is forced and the boxes score as usual
    early = free.options("22222", {"Yahtzee": 50})
    assert early["Twos"] == 10 and early["Chance"] == 10 and early["Large Straight"] == 0
    forced = find_game("yahtzee").options("22222", {"Yahtzee": 50, "Twos": 4})
    assert "Ones" not in forced


def test_rules_round_trip_as_data():
    for name in ("classic", "yahtzee", "yatzy", "two_part"):
        rules = find_game(name)
        assert type(rules).from_dict(rules.to_dict()) == rules
    with pytest.raises(DicePokerError):
        type(rules).from_dict({**rules.to_dict(), "upper_bonus": "lots"})
    assert find_game("classic").fingerprint() != find_game("classic").variant(upper_bonus=36).fingerprint()


@pytest.mark.parametrize("game", ["classic", "yahtzee", "yatzy", "two_part"])
def test_options_remembered_per_roll_are_each_boxs_own_score(game):
    """`options` reads every box's score of a roll from a memo kept by the rules: on every roll, both
    before and after the memo is filled, with and without the first-roll multiplier, for each box left
    open alone, it must equal the box's own `score`, and a variant of the rules (other premiums) must not
    read the first one's memo."""
    from itertools import combinations_with_replacement

    from dicepoker.core.dice import Dice

    rules = find_game(game)
    rolls = [Dice(faces) for faces in combinations_with_replacement(range(1, 7), 5)]
    richer = rules.variant(poker_premium=rules.poker_premium + 7, first_roll_multiplier=3)
    compared = 0
    for _twice in range(2):
        for dice in rolls:
            for first_roll in (False, True):
                for each in (rules, richer):
                    for open_box in each.boxes:
                        filled = {b.name: 0 for b in each.boxes if b is not open_box}
                        if not each.joker_active(dice, filled):
                            expected = {open_box.name: each.score(open_box, dice, first_roll)}
                            assert each.options(dice, filled, first_roll) == expected
                            compared += 1
    assert compared > 2 * 252 * 2 * 2 * 12 and rules != richer and rules == find_game(game)
