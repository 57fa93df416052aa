"""Game 1 of RULES.md, ``classic`` Dice Poker, and its reference presets ``yahtzee`` and ``yatzy``.

>>> CLASSIC.score("Pair", "55321"), CLASSIC.score("Two Pairs", "44441")
(16, 0)
>>> YATZY.score("Pair", "66331"), YAHTZEE.upper_bonus_threshold
(12, 63)

``two_part`` (Game 2): part 1 against a par of three, part 2 with first-roll doubles.

>>> [TWO_PART.score("Fives", d) for d in ("55123", "55555")]
[-5, 10]
>>> TWO_PART.score("Poker", "44444", first_roll=True), TWO_PART.score("Pair", "66331")
(90, 12)
"""

from __future__ import annotations

from dicepoker.core.patterns import LARGE_STRAIGHT_RUNS, SMALL_STRAIGHT_RUNS
from dicepoker.games.scorecard.rules import Box, JokerRule, Need, Points, ScorecardRules

FACE_NAMES = ("Ones", "Twos", "Threes", "Fours", "Fives", "Sixes")
UPPER_BOXES = tuple(Box(name, "upper", Need.FACE, face=f) for f, name in enumerate(FACE_NAMES, 1))


def _kind(name: str, n: int, points: Points = Points.ALL_DICE, fixed: int = 0) -> Box:
    return Box(name, "lower", Need.N_OF_A_KIND, n=n, points=points, fixed=fixed)


def _straight(name: str, runs: tuple[tuple[int, ...], ...], fixed: int) -> Box:
    return Box(name, "lower", Need.STRAIGHT, runs=runs, points=Points.FIXED, fixed=fixed)


CLASSIC = ScorecardRules(
    name="classic",
    title="Dice Poker",
    boxes=UPPER_BOXES
    + (
        _kind("Pair", 2),
        Box("Two Pairs", "lower", Need.TWO_PAIRS),
        _kind("Three of a Kind", 3),
        _kind("Four of a Kind", 4),
        Box("Full House", "lower", Need.FULL_HOUSE, points=Points.FIXED, fixed=25),
        _straight("Small Straight", SMALL_STRAIGHT_RUNS, 30),
        _straight("Large Straight", LARGE_STRAIGHT_RUNS, 40),
        _kind("Poker", 5, Points.FIXED, 50),
        Box("Chance", "lower", Need.CHANCE),
    ),
    upper_bonus_threshold=64,  # "more than 63", as both source texts say
    upper_bonus=35,
    poker_box="Poker",
    poker_bonus=100,
    joker=JokerRule.WHEN_POKER_HOLDS_50,
)

YAHTZEE = ScorecardRules(
    name="yahtzee",
    title="Yahtzee (official rules)",
    boxes=UPPER_BOXES
    + (
        _kind("Three of a Kind", 3),
        _kind("Four of a Kind", 4),
        Box("Full House", "lower", Need.FULL_HOUSE, points=Points.FIXED, fixed=25),
        _straight("Small Straight", SMALL_STRAIGHT_RUNS, 30),
        _straight("Large Straight", LARGE_STRAIGHT_RUNS, 40),
        _kind("Yahtzee", 5, Points.FIXED, 50),
        Box("Chance", "lower", Need.CHANCE),
    ),
    upper_bonus_threshold=63,
    upper_bonus=35,
    poker_box="Yahtzee",
    poker_bonus=100,
    joker=JokerRule.WHEN_POKER_FILLED,
)

YATZY = ScorecardRules(
    name="yatzy",
    title="Yatzy (Scandinavian)",
    boxes=UPPER_BOXES
    + (
        _kind("Pair", 2, Points.MADE),
        Box("Two Pairs", "lower", Need.TWO_PAIRS, points=Points.MADE),
        _kind("Three of a Kind", 3, Points.MADE),
        _kind("Four of a Kind", 4, Points.MADE),
        _straight("Small Straight", ((1, 2, 3, 4, 5),), 15),
        _straight("Large Straight", ((2, 3, 4, 5, 6),), 20),
        Box("Full House", "lower", Need.FULL_HOUSE),
        Box("Chance", "lower", Need.CHANCE),
        _kind("Yatzy", 5, Points.FIXED, 50),
    ),
    upper_bonus_threshold=63,
    upper_bonus=50,
    poker_box="Yatzy",
)


# --- Game 2 of RULES.md, two_part -------------------------------------------------------------
def _part2(name: str, need: Need, n: int = 0, runs: tuple[tuple[int, ...], ...] = ()) -> Box:
    return Box(name, "lower", need, n=n, runs=runs, points=Points.MADE, doubles=True)


TWO_PART = ScorecardRules(
    name="two_part",
    title="Dice Poker in two parts (par and doubles)",
    boxes=UPPER_BOXES
    + (
        _part2("Pair", Need.N_OF_A_KIND, n=2),
        _part2("Two Pairs", Need.TWO_PAIRS),
        _part2("Three of a Kind", Need.N_OF_A_KIND, n=3),
        _part2("Small Straight", Need.STRAIGHT, runs=((1, 2, 3, 4, 5),)),
        _part2("Large Straight", Need.STRAIGHT, runs=((2, 3, 4, 5, 6),)),
        _part2("Full House", Need.FULL_HOUSE),
        _part2("Four of a Kind", Need.N_OF_A_KIND, n=4),
        _part2("Poker", Need.N_OF_A_KIND, n=5),
        Box("Chance", "lower", Need.CHANCE),
    ),
    upper_bonus_threshold=0,  # the part-1 bonus: a part-1 total of at least 0
    upper_bonus=50,
    poker_box="Poker",
    par=3,
    upper_first=True,
    first_roll_multiplier=2,
    poker_premium=50,
)

PRESETS = (CLASSIC, YAHTZEE, YATZY, TWO_PART)
"""The kit's scorecard rule sets, the ones :func:`~dicepoker.games.find_game` finds by name."""


def is_kit_rule_set(rules: ScorecardRules) -> bool:
    """Whether ``rules`` is one of the kit's presets, by content (its fingerprint), not by name.

    A save carries its own rule set; one called "yahtzee" with a box more is not the kit's.

    >>> is_kit_rule_set(YAHTZEE), is_kit_rule_set(YAHTZEE.variant(upper_bonus=40))
    (True, False)
    """
    return rules.fingerprint() in {preset.fingerprint() for preset in PRESETS}
