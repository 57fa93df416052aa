"""Game 2 of RULES.md, ``two_part``: part 1 against a par of three, part 2 with first-roll doubles.

>>> [TWO_PART.score("Fives", d) for d in ("55123", "55555")]
[-5, 10]
>>> TWO_PART.score("Poker", "44444", first_roll=True), TWO_PART.score("Pair", "66331")
(90, 12)
"""

from __future__ import annotations

from dicepoker.games.scorecard.presets import UPPER_BOXES
from dicepoker.games.scorecard.rules import Box, Need, Points, ScorecardRules


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
