"""The best play of a turn over the turn table: a dynamic programme, exact, for many targets at once.

A turn is a Markov chain on the 252 rolls of five dice (:mod:`dicepoker.core.turn`). After each
roll but the last the player stops or keeps some dice and rerolls the rest. Working backwards from
the last roll gives the best keep for every roll and the exact value of the turn, for any worth
of stopping: 0/1 for holding a combination (:func:`dicepoker.odds.turn.hold_plan`), a box's score
(:func:`dicepoker.games.scorecard.odds.score_plan`). Every value is an integer over a power of
6^5, computed in float64 only while those integers stay below 2^53 (else with Python ints).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache, cached_property

import numpy as np

from dicepoker.core.dice import NUMBER_OF_DICE, Dice, all_keeps, all_rolls
from dicepoker.core.errors import DicePokerError
from dicepoker.core.i18n import format_message
from dicepoker.core.turn import ROLL_OUTCOMES, best_keeps, roll_index, turn_table

EXACT_FLOAT_LIMIT = 2**53  # integers below this are exact in float64


# --- the rolls in common -----------------------------------------------------------------------
@cache
def roll_overlaps() -> np.ndarray:
    """A (252, 252) table: how many dice two rolls have in common (as multisets).

    >>> int(roll_overlaps()[roll_index("11234"), roll_index("12355")])  # 1, 2 and 3
    3
    """
    counts = turn_table().roll_counts
    overlap = np.minimum(counts[:, None, :], counts[None, :, :]).sum(axis=2).astype(np.int8)
    overlap.setflags(write=False)
    return overlap


# --- the dynamic programme -----------------------------------------------------------------------
def exact_in_floats(rolls: int, largest: int) -> bool:
    """Whether float64 keeps every integer of a turn of ``rolls`` rolls exact."""
    return max(largest, 1) * ROLL_OUTCOMES**rolls < EXACT_FLOAT_LIMIT


def solve_turn(stop_values: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Best play for every target at once. ``stop_values[i, r, c]``: what stopping after roll i+1 is
    worth (an integer). Returns (values, stops, keeps), each (rolls, 252, C); ``values[i]`` is
    scaled by 6^(5 (rolls-1-i)).

    >>> holds = np.array([len(r.faces) == 1 for r in turn_table().rolls], dtype=np.int64)  # five alike
    >>> values, stops, keeps = solve_turn(np.repeat(holds[None, :, None], 3, axis=0))
    >>> Fraction(int((turn_table().roll_ways * values[0, :, 0]).sum()), ROLL_OUTCOMES**3)
    Fraction(347897, 7558272)
    """
    t = turn_table()
    rolls, n_rolls, n_targets = stop_values.shape
    if exact_in_floats(rolls, int(np.abs(stop_values).max())):
        transition, stop_values = t.transition_float, stop_values.astype(np.float64)
    else:  # too big for float64: Python integers (slow but exact)
        transition = t.transition.astype(object)
        stop_values = stop_values.astype(np.int64).astype(object)
    values = np.empty(stop_values.shape, dtype=stop_values.dtype)
    stops = np.ones(stop_values.shape, dtype=bool)
    keeps = np.repeat(t.keep_all[None, :, None], rolls, axis=0).repeat(n_targets, axis=2)
    values[-1] = stop_values[-1]
    for i in reversed(range(rolls - 1)):
        expected = transition @ values[i + 1]  # (462, C): value of each keep
        best, keep = best_keeps(expected)  # (252, C) each: among equals, the keep with most dice
        stop = stop_values[i] * ROLL_OUTCOMES ** (rolls - 1 - i)
        stops[i] = stop >= best
        values[i] = np.where(stops[i], stop, best)
        keeps[i] = np.where(stops[i], t.keep_all[:, None], keep)
    return values, stops, keeps


@dataclass(frozen=True, eq=False)
class TurnPlan:
    """The best play of a turn chasing one target, for every roll at every stage.

    ``goal`` is ``"hold"`` (the value is 1 when the dice hold the combination: the chance) or
    ``"score"`` (the value is the box's score: the expected score). Stages are numbered by the
    roll just made, 1 to ``rolls``.

    >>> from dicepoker.odds.turn import hold_plan
    >>> plan = hold_plan("Poker")
    >>> plan.value(), plan.best_keep("11234", roll=1)
    (Fraction(347897, 7558272), Dice('11'))
    """

    name: str
    goal: str
    rolls: int
    stop_values: np.ndarray = field(repr=False)  # (rolls, 252) what stopping is worth
    values: np.ndarray = field(repr=False)  # (rolls, 252) best value, scaled by scale(roll)
    stops: np.ndarray = field(repr=False)  # (rolls, 252) whether the plan stops
    keeps: np.ndarray = field(repr=False)  # (rolls, 252) keep index to take (all five = stop)

    def _stage(self, roll: int) -> int:
        if not 1 <= roll <= self.rolls:
            raise DicePokerError(
                format_message(
                    "roll {roll} is not one of the turn's rolls 1..{rolls}", roll=roll, rolls=self.rolls
                )
            )
        return roll - 1

    def scale(self, roll: int) -> int:
        """The denominator of the values stored for the stage after ``roll``: 6^(5 x rolls to come)."""
        return ROLL_OUTCOMES ** (self.rolls - roll)

    def value(self) -> Fraction:
        """The value of the turn before its first roll: a chance or an expected score."""
        total = sum(int(w) * int(v) for w, v in zip(turn_table().roll_ways, self.values[0], strict=True))
        return Fraction(total, ROLL_OUTCOMES**self.rolls)

    def value_after(self, dice: Dice | str, roll: int = 1) -> Fraction:
        """The value of the turn with ``dice`` showing after roll ``roll``, playing on at best."""
        return Fraction(int(self.values[self._stage(roll)][roll_index(dice)]), self.scale(roll))

    def best_keep(self, dice: Dice | str, roll: int = 1) -> Dice:
        """The dice to keep after roll ``roll`` (all five: stop)."""
        return all_keeps()[int(self.keeps[self._stage(roll)][roll_index(dice)])]

    def keep_value(self, keep: Dice | str, roll: int = 1) -> Fraction:
        """The value of keeping ``keep`` after roll ``roll`` and playing on at best (all five: stop)."""
        keep = Dice.parse(keep)
        stage = self._stage(roll)
        if len(keep) == NUMBER_OF_DICE or stage == self.rolls - 1:
            if len(keep) != NUMBER_OF_DICE:
                raise DicePokerError(
                    format_message(
                        "no roll is left after roll {roll}: keep all five dice, not {keep}",
                        roll=roll,
                        keep=keep,
                    )
                )
            return Fraction(int(self.stop_values[stage][roll_index(keep)]))
        k = turn_table().keep_index[keep]
        total = sum(
            int(p) * int(v) for p, v in zip(turn_table().transition[k], self.values[stage + 1], strict=True)
        )
        return Fraction(total, self.scale(roll))

    @cached_property
    def _flows(self) -> tuple[list[np.ndarray], list[np.ndarray]]:
        """(active, stopping): the chance, x 6^(5 x roll), of being at each roll after each roll
        still playing, and of stopping there."""
        t = turn_table()
        exact = exact_in_floats(self.rolls, 1)
        transition = t.transition_float if exact else t.transition.astype(object)
        mass = t.roll_ways.astype(np.float64 if exact else object)
        active, stopping = [], []
        for stage in range(self.rolls):
            active.append(mass)
            stopping.append(np.where(self.stops[stage], mass, 0))
            if stage < self.rolls - 1:
                mass = np.where(self.stops[stage], 0, mass) @ transition[self.keeps[stage]]
        return active, stopping

    def _mass_after(self, stage: int) -> np.ndarray:
        """The chance, x 6^(5 x (stage + 1)), of each roll showing after the roll of ``stage``."""
        active, stopping = self._flows
        mass = active[stage]
        for earlier in range(stage):
            mass = mass + stopping[earlier] * ROLL_OUTCOMES ** (stage - earlier)
        return mass

    def dice_distribution(self, roll: int) -> dict[Dice, Fraction]:
        """The exact chance of each roll of the dice after roll ``roll`` (stopped dice stay put).

        >>> from dicepoker.odds.turn import hold_plan
        >>> plan = hold_plan("Poker")
        >>> d = plan.dice_distribution(3)
        >>> sum(d.values()), sum(p for dice, p in d.items() if len(dice.faces) == 1) == plan.value()
        (Fraction(1, 1), True)
        """
        mass = self._mass_after(self._stage(roll))
        scale = ROLL_OUTCOMES**roll
        return {d: Fraction(int(m), scale) for d, m in zip(all_rolls(), mass, strict=True) if m}

    def outcome_distribution(self) -> dict[int, Fraction]:
        """The exact distribution of the value at the end of the turn (hold: 0 or 1; score: the score).

        >>> from dicepoker.games.scorecard.odds import score_plan
        >>> score_plan("Sixes").outcome_distribution()[30]  # five sixes
        Fraction(6240321451, 470184984576)
        """
        _, stopping = self._flows
        result: dict[int, int] = {}
        for stage in range(self.rolls):
            weight = ROLL_OUTCOMES ** (self.rolls - 1 - stage)
            for value, m in zip(self.stop_values[stage], stopping[stage], strict=True):
                if m:
                    result[int(value)] = result.get(int(value), 0) + int(m) * weight
        total = ROLL_OUTCOMES**self.rolls
        return {v: Fraction(m, total) for v, m in sorted(result.items())}

    def useful_dice(self) -> np.ndarray:
        """For each roll, its useful dice: the most of its dice that can stay in a roll that holds.

        Five useful dice means the roll holds; 5 - useful is the fewest dice that must change.
        """
        holding = self.stop_values[-1] > 0 if self.goal == "hold" else np.ones(len(all_rolls()), bool)
        if not holding.any():
            return np.zeros(len(all_rolls()), dtype=np.int64)
        return roll_overlaps()[:, holding].max(axis=1).astype(np.int64)


def plan_of(name: str, goal: str, stop_values: np.ndarray, solved: tuple, column: int) -> TurnPlan:
    """The plan of one target (``column``) out of :func:`solve_turn`'s answer for many."""
    return TurnPlan(
        name, goal, stop_values.shape[0], stop_values[:, :, column], *(a[:, :, column] for a in solved)
    )


def check_rolls(rolls: int) -> None:
    """Refuse a number of rolls that is not a whole number of at least 1."""
    if isinstance(rolls, bool) or not isinstance(rolls, int) or rolls < 1:
        raise DicePokerError(format_message("a turn has at least one roll, not {rolls}", rolls=repr(rolls)))
