"""Backward induction by hand: an upper-section-only game with few dice, solved exactly.

The game: ``dice`` dice, one box per face in ``faces`` (each scores face x the number of dice
showing it), ``rolls`` rolls a turn, one box filled per turn. Starting from the full scorecard
(nothing left to win) and working backwards, each scorecard's value is the average, over the
first roll, of the best choice; a choice's value is its points now plus the value of the
scorecard it leads to. This is what :mod:`~.solve` does for the full games, here small
enough to check with pencil and paper, in exact fractions.

>>> game = solve_upper_game(faces=(5, 6), dice=2, rolls=1)
>>> game.value(())          # both boxes open
Fraction(571, 108)
>>> game.value((5,))        # only Sixes left: 2 dice x 1/6 x 6 points
Fraction(2, 1)
"""

from __future__ import annotations

import html
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations, combinations_with_replacement

import pandas as pd

from dicepoker.core.dice import FACES, Dice, roll_distribution, sub_dice
from dicepoker.core.errors import DicePokerError
from dicepoker.core.words import plural

FACE_NAMES = {1: "Ones", 2: "Twos", 3: "Threes", 4: "Fours", 5: "Fives", 6: "Sixes"}


@dataclass(frozen=True)
class UpperGame:
    """The solved small game: the exact value of every scorecard (faces already filled).

    >>> game = solve_upper_game(faces=(6,), dice=1, rolls=2)
    >>> game.expected_score  # one die, two rolls, Sixes: 11/36 chance of a six, 6 points
    Fraction(11, 6)
    """

    faces: tuple[int, ...]
    dice: int
    rolls: int
    values: dict[frozenset[int], Fraction]

    @property
    def expected_score(self) -> Fraction:
        """The expected total of optimal play from the empty scorecard."""
        return self.values[frozenset()]

    def value(self, filled: Iterable[int]) -> Fraction:
        """Expected points still to come when the boxes of ``filled`` faces are full."""
        return self.values[frozenset(filled)]

    def table(self) -> pd.DataFrame:
        """One row per scorecard, fullest first: the boxes filled, the boxes open, the value."""
        rows = []
        for filled in sorted(self.values, key=lambda s: (-len(s), sorted(s))):
            open_faces = [f for f in self.faces if f not in filled]
            rows.append(
                {
                    "filled": ", ".join(FACE_NAMES[f] for f in sorted(filled)) or "-",
                    "open": ", ".join(FACE_NAMES[f] for f in open_faces) or "-",
                    "value": self.values[filled],
                    "value (decimal)": float(self.values[filled]),
                }
            )
        return pd.DataFrame(rows)

    def choices(self, roll: Dice | str, filled: Iterable[int] = ()) -> dict[str, Fraction]:
        """Value of each box for a roll with no rolls left: points now + value of what follows.

        >>> solve_upper_game(faces=(5, 6), dice=2, rolls=1).choices("56")
        {'Fives': Fraction(7, 1), 'Sixes': Fraction(23, 3)}
        """
        roll = Dice.parse(roll)
        filled = frozenset(filled)
        return {
            FACE_NAMES[f]: f * roll.count(f) + self.values[filled | {f}]
            for f in self.faces
            if f not in filled
        }

    def first_turn(self) -> pd.DataFrame:
        """Every roll of the first turn (no rerolls considered): its chance and each box's value."""
        rows = []
        for roll, p in roll_distribution(self.dice).items():
            values = self.choices(roll)
            best = max(values, key=values.__getitem__)
            rows.append({"roll": str(roll), "chance": p, **values, "best": best})
        return pd.DataFrame(rows)

    def _repr_html_(self) -> str:
        return (
            f"<div>{len(self.faces)} boxes, {self.dice} dice, {plural(self.rolls, 'roll')} a turn: expected "
            f"score <b>{html.escape(str(self.expected_score))}</b> ≈ {float(self.expected_score):.4f}</div>"
            + self.table().to_html(index=False)
        )


def solve_upper_game(faces: Iterable[int] = (5, 6), dice: int = 2, rolls: int = 1) -> UpperGame:
    """Solve the small upper-section game exactly, by backward induction over the scorecards.

    >>> solve_upper_game(faces=(1, 2), dice=1, rolls=1).table()["value"].tolist()
    [Fraction(0, 1), Fraction(1, 3), Fraction(1, 6), Fraction(29, 36)]
    """
    faces = tuple(sorted(set(faces)))
    if not faces or any(f not in FACES for f in faces):
        raise DicePokerError(f"faces must be some of 1..6, not {faces!r}")
    if not 1 <= dice <= 5 or not 1 <= rolls <= 3:
        raise DicePokerError(f"the small game has 1 to 5 dice and 1 to 3 rolls, not {dice} and {rolls}")
    values: dict[frozenset[int], Fraction] = {}
    for n_filled in range(len(faces), -1, -1):  # the full scorecard first, the empty one last
        for filled in map(frozenset, combinations(faces, n_filled)):
            values[filled] = _turn_value(filled, faces, dice, rolls, values)
    return UpperGame(faces, dice, rolls, values)


def _turn_value(
    filled: frozenset[int], faces: tuple[int, ...], dice: int, rolls: int, values: dict
) -> Fraction:
    open_faces = [f for f in faces if f not in filled]
    if not open_faces:
        return Fraction(0)
    outcomes = roll_distribution(dice)

    def score_now(roll: Dice) -> Fraction:
        return max(f * roll.count(f) + values[filled | {f}] for f in open_faces)

    hold = {roll: score_now(roll) for roll in outcomes}  # no rolls left
    for _ in range(rolls - 1):  # one more roll left each time round
        keep_value = _keep_values(dice, hold)
        hold = {roll: max(score_now(roll), *(keep_value[k] for k in _keeps(roll))) for roll in outcomes}
    return sum((p * hold[roll] for roll, p in outcomes.items()), Fraction(0))


def _keeps(roll: Dice) -> set[Dice]:
    """The dice a player may keep and reroll the rest (keeping all of them is scoring now)."""
    return {keep for keep in sub_dice(roll) if len(keep) < len(roll)}


def _keep_values(dice: int, hold: dict[Dice, Fraction]) -> dict[Dice, Fraction]:
    """The value of each keep: the average over the rerolled dice of holding the result."""
    keeps = {Dice(c) for n in range(dice) for c in combinations_with_replacement(FACES, n)}
    return {
        keep: sum(
            (p * hold[keep + rest] for rest, p in roll_distribution(dice - len(keep)).items()), Fraction(0)
        )
        for keep in keeps
    }
