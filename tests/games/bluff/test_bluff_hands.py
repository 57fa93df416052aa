"""Bluff hands: the ranking and tie rules of RULES.md Game 3, reading dice, announcements as text."""

from collections import Counter
from itertools import product

import pytest

from dicepoker import Dice, DicePokerError, find_game
from dicepoker.core.dice import all_rolls
from dicepoker.games.bluff.rules import (
    ALL_HANDS,
    BLUFF,
    BluffRules,
    Hand,
    best_hand,
    hands_above,
    holds,
    named_dice,
    next_hand,
)

# --- an independent oracle, written from the text of RULES.md -------------------------------------
ORDER = [
    "Nothing",
    "One Pair",
    "Two Pairs",
    "Three of a Kind",
    "Small Straight",
    "Large Straight",
    "Full House",
    "Four of a Kind",
    "Five of a Kind",
]


def oracle_key(hand):
    # category first, then the named faces, most important first
    return (ORDER.index(hand.category), hand.faces)


def literally_there(values, hand):
    """The dice contain the hand as named (kickers free)."""
    c = Counter(values)
    f = hand.faces
    return {
        "Nothing": lambda: True,
        "One Pair": lambda: c[f[0]] >= 2,
        "Two Pairs": lambda: c[f[0]] >= 2 and c[f[1]] >= 2,
        "Three of a Kind": lambda: c[f[0]] >= 3,
        "Small Straight": lambda: sorted(values) == [1, 2, 3, 4, 5],
        "Large Straight": lambda: sorted(values) == [2, 3, 4, 5, 6],
        "Full House": lambda: c[f[0]] == 3 and c[f[1]] == 2,
        "Four of a Kind": lambda: c[f[0]] >= 4,
        "Five of a Kind": lambda: c[f[0]] == 5,
    }[hand.category]()


def oracle_best(values):
    return max((h for h in ALL_HANDS if literally_there(values, h)), key=oracle_key)


# --- the hands --------------------------------------------------------------------------------------
def test_find_game_gives_the_rule_set():
    assert find_game("bluff") is BLUFF
    assert isinstance(BLUFF, BluffRules)
    assert (BLUFF.lives, BLUFF.min_players, BLUFF.max_players) == (3, 2, 6)
    assert (BLUFF.opening_rolls, BLUFF.reroll_rounds) == (3, 2)
    assert BluffRules.from_dict(BLUFF.to_dict()) == BLUFF


@pytest.mark.parametrize(
    "change", [{"lives": 0}, {"min_players": 1}, {"max_players": 1}, {"opening_rolls": 0}, {"lives": "3"}]
)
def test_bad_rule_sets_refused(change):
    with pytest.raises(DicePokerError):
        BLUFF.variant(**change)


def test_hand_count_per_category():
    # 1 nothing, 6 pairs, C(6,2) two pairs, 6 triples, 2 straights, 6*5 full houses, 6 fours, 6 fives
    counts = Counter(h.category for h in ALL_HANDS)
    assert counts == {
        "Nothing": 1,
        "One Pair": 6,
        "Two Pairs": 15,
        "Three of a Kind": 6,
        "Small Straight": 1,
        "Large Straight": 1,
        "Full House": 30,
        "Four of a Kind": 6,
        "Five of a Kind": 6,
    }
    assert len(set(ALL_HANDS)) == len(ALL_HANDS) == 72


def test_all_hands_strictly_increasing_in_the_rules_order():
    keys = [oracle_key(h) for h in ALL_HANDS]
    assert keys == sorted(keys) and len(set(keys)) == 72
    assert all(a < b for a, b in zip(ALL_HANDS, ALL_HANDS[1:], strict=False))
    assert [h.rank for h in ALL_HANDS] == list(range(72))


@pytest.mark.parametrize(
    "low, high",
    [
        ("nothing", "pair of 1s"),
        ("pair of 6s", "two pairs 2s and 1s"),
        ("two pairs 5s and 4s", "two pairs 6s and 1s"),  # the higher pair decides first
        ("two pairs 6s and 2s", "two pairs 6s and 3s"),  # then the lower pair
        ("two pairs 6s and 5s", "three 1s"),
        ("three 6s", "small straight"),
        ("small straight", "large straight"),
        ("large straight", "full house 1s over 2s"),
        ("full house 3s over 6s", "full house 4s over 1s"),  # the triple decides first
        ("full house 4s over 1s", "full house 4s over 2s"),  # then the pair
        ("full house 6s over 5s", "four 1s"),
        ("four 6s", "five 1s"),
        ("five 5s", "five 6s"),
    ],
)
def test_ranking_examples(low, high):
    assert Hand.parse(low) < Hand.parse(high)
    assert not Hand.parse(high) <= Hand.parse(low)
    assert Hand.parse(low) < high and Hand.parse(high) > low  # text compares as the hand it names
    assert Hand.parse(low) <= low and Hand.parse(low) >= low and Hand.parse(low) != low


def test_comparing_with_something_else_is_refused():
    with pytest.raises(DicePokerError):
        assert Hand.parse("pair of 2s") < 3
    assert sorted([Hand.parse("four 1s"), Hand.parse("nothing")]) == [
        Hand.parse("nothing"),
        Hand.parse("four 1s"),
    ]


def test_best_reading_of_every_roll_matches_the_oracle():
    for dice in all_rolls():
        assert best_hand(dice) == oracle_best(dice.values), dice


def test_holds_is_at_least_as_high_over_every_roll_and_hand():
    for dice in all_rolls():
        best = oracle_key(oracle_best(dice.values))
        for hand in ALL_HANDS:
            assert holds(dice, hand) == (best >= oracle_key(hand)), (dice, hand)


@pytest.mark.parametrize(
    "dice, hand, expected",
    [
        ("66622", "full house 6s over 2s", True),
        ("66622", "three 6s", True),  # every lower announcement is held
        ("66622", "two pairs 6s and 5s", True),  # ... even one whose faces are not there
        ("66622", "full house 6s over 3s", False),
        ("66622", "four 1s", False),
        ("55331", "two pairs 6s and 2s", False),  # best reading 5s and 3s is lower
        ("55331", "two pairs 5s and 3s", True),  # equal: held (the caller loses)
        ("55336", "two pairs 5s and 3s", True),  # kickers never count
        ("55336", "two pairs 5s and 4s", False),
        ("12345", "three 6s", True),
        ("12345", "large straight", False),
        ("23456", "small straight", True),
        ("12346", "pair of 1s", False),
        ("12346", "nothing", True),
        ("11112", "full house 6s over 5s", True),
    ],
)
def test_holds_examples(dice, hand, expected):
    assert holds(dice, hand) is expected
    assert Hand.parse(hand).held_by(dice) is expected


def test_kickers_never_count():
    for kicker in (1, 2, 4, 6):
        assert best_hand(Dice([5, 5, 3, 3, kicker])) == Hand("Two Pairs", (5, 3))
    for kickers in product([1, 3, 4, 5, 6], repeat=2):
        if kickers[0] != kickers[1]:
            dice = Dice([2, 2, 2, *kickers])
            assert best_hand(dice) == Hand("Three of a Kind", (2,))


# --- text ---------------------------------------------------------------------------------------------
def test_print_parse_round_trip_for_every_announcement():
    for hand in ALL_HANDS:
        text = str(hand)
        assert Hand.parse(text) == hand
        assert Hand.parse(text.upper()) == hand
        assert repr(hand) == f"Hand({text!r})"


@pytest.mark.parametrize(
    "text, expected",
    [
        ("nothing", "nothing"),
        ("pair of 5s", "pair of 5s"),
        ("Pair of fives", "pair of 5s"),
        ("two pairs 6s and 2s", "two pairs 6s and 2s"),
        ("two pairs 2s and 6s", "two pairs 6s and 2s"),
        ("three 4s", "three 4s"),
        ("three of a kind 4s", "three 4s"),
        ("small straight (1-5)", "small straight"),
        ("large straight", "large straight"),
        ("full house 3s over 6s", "full house 3s over 6s"),
        ("  full   house 3 over 6 ", "full house 3s over 6s"),
        ("four 1s", "four 1s"),
        ("five 6s", "five 6s"),
        ("five sixes", "five 6s"),
    ],
)
def test_parse_forms(text, expected):
    assert str(Hand.parse(text)) == expected


def test_full_house_names_the_triple_first():
    hand = Hand.parse("full house 3s over 6s")
    assert hand.faces == (3, 6)
    assert named_dice(hand) == Dice.parse("33366")
    assert holds("33366", hand) and holds("66633", hand)  # 666 over 33 ranks higher
    assert not holds("22266", hand)
    assert best_hand("33366") == hand and best_hand("66633") == Hand.parse("full house 6s over 3s")


@pytest.mark.parametrize(
    "bad",
    ["pair of 7s", "pair", "full house 3s over 3s", "two pairs 4s and 4s", "six 6s", "", "pair 5!", 5, None],
)
def test_bad_announcements_refused(bad):
    with pytest.raises(DicePokerError):
        Hand.parse(bad)


@pytest.mark.parametrize(
    "category, faces",
    [("Pair", (5,)), ("One Pair", ()), ("One Pair", (0,)), ("Two Pairs", (2, 6)), ("Nothing", (1,))],
)
def test_bad_hand_objects_refused(category, faces):
    with pytest.raises(DicePokerError):
        Hand(category, faces)


# --- legal announcements ------------------------------------------------------------------------------
def test_legal_announcement_lists():
    assert hands_above(None) == ALL_HANDS
    for hand in ALL_HANDS:
        above = hands_above(hand)
        assert above == tuple(h for h in ALL_HANDS if oracle_key(h) > oracle_key(hand))
        assert len(above) == 71 - hand.rank
        assert next_hand(hand) == (above[0] if above else None)
    assert hands_above("five 6s") == ()
    assert [str(h) for h in hands_above("full house 6s over 5s")] == [
        "four 1s",
        "four 2s",
        "four 3s",
        "four 4s",
        "four 5s",
        "four 6s",
        "five 1s",
        "five 2s",
        "five 3s",
        "five 4s",
        "five 5s",
        "five 6s",
    ]


def test_named_dice_hold_their_hand():
    for hand in ALL_HANDS:
        dice = named_dice(hand)
        if len(dice) == 5:
            assert best_hand(dice) == hand
        else:  # pad with dice that cannot improve nothing/pairs: any padding holds the hand
            assert all(holds(dice + Dice([k] * (5 - len(dice))), hand) for k in (1, 6))


def test_best_reading_agrees_with_the_shared_bluff_category():
    from dicepoker.games.bluff.categories import bluff_category

    for dice in all_rolls():
        assert best_hand(dice).category == bluff_category(dice)
