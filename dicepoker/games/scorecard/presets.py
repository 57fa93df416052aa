"""Game 1 of RULES.md, ``classic`` Dice Poker, and its reference presets ``yahtzee`` and ``yatzy``.

>>> CLASSIC.score("Pair", "55321"), CLASSIC.score("Two Pairs", "44441")
(16, 0)
>>> YATZY.score("Pair", "66331"), YAHTZEE.upper_bonus_threshold
(12, 63)
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
