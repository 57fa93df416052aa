"""Monte Carlo: throw millions of dice with numpy and watch the estimates close in on the exact odds.

Every function takes ``rng`` (a ``numpy.random.Generator``, a seed, or ``None``): the same seed
gives the same result. Each estimate comes with a 95% confidence interval (Wilson's for a
chance, the normal one for a mean score).

>>> est = simulate_one_roll("Full House", n=100_000, rng=1)
>>> from dicepoker.odds.one_roll import one_roll_probability
>>> est.contains(one_roll_probability("Full House"))
True
>>> simulate_one_roll("Full House", n=100_000, rng=1) == est  # same seed, same estimate
True
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

import numpy as np

from dicepoker.core.dice import NUMBER_OF_DICE, Dice
from dicepoker.core.errors import DicePokerError
from dicepoker.core.randomness import generator
from dicepoker.core.stats import Z95, Estimate, mean_interval, wilson_interval
from dicepoker.core.turn import POWERS_OF_SIX, dice_key, turn_table
from dicepoker.games.scorecard.odds import score_plan
from dicepoker.odds.one_roll import (
    CombinationLike,
    catalogue,
    game_holds,
    holds_on_rolls,
    ordered_outcome_rolls,
)
from dicepoker.odds.turn import TurnPlan, hold_plan

if TYPE_CHECKING:
    import pandas as pd

_FACE_KEYS = np.concatenate(([0], POWERS_OF_SIX)).astype(np.int32)  # key added by a die showing 1..6


# --- throwing dice -------------------------------------------------------------------------------
def roll_dice(n: int, rng: np.random.Generator | int | None = None, dice: int = NUMBER_OF_DICE) -> np.ndarray:
    """``n`` rolls of ``dice`` dice: an (n, dice) array of values 1..6.

    >>> roll_dice(2, rng=7).tolist()
    [[4, 2, 6, 6, 4], [2, 1, 4, 4, 3]]
    """
    rng = generator(rng=rng)
    return rng.integers(1, 7, size=(n, dice), dtype=np.int8)


def roll_indices(rolls: np.ndarray) -> np.ndarray:
    """The position in :func:`~dicepoker.core.dice.all_rolls` of each row of five dice (values 1..6).

    Each row is read as a number in base 6 (its place among the 7776 ordered outcomes), which a
    table turns into the position of its unordered roll.

    >>> roll_indices(np.array([[1, 1, 1, 1, 1], [6, 6, 6, 6, 6], [2, 1, 1, 1, 1]])).tolist()
    [0, 251, 1]
    """
    code = np.zeros(len(rolls), dtype=np.int16)
    for column in range(rolls.shape[1]):
        code *= 6
        code += rolls[:, column] - 1
    return ordered_outcome_rolls()[code]


def roll_counts(n: int, rng: np.random.Generator | int | None = None) -> np.ndarray:
    """How often each of the 252 rolls came up in ``n`` simulated rolls of five dice.

    >>> int(roll_counts(1000, rng=3).sum())
    1000
    """
    rng = generator(rng=rng)
    return np.bincount(roll_indices(roll_dice(n, rng)), minlength=len(turn_table().roll_ways))


def simulate_one_roll(
    combination: CombinationLike,
    game: str = "classic",
    n: int = 100_000,
    rng: np.random.Generator | int | None = None,
) -> Estimate:
    """The chance of the combination on one roll, estimated from ``n`` simulated rolls.

    >>> print(simulate_one_roll("Poker", n=1_000_000, rng=2))
    0.00079 ± 0.00006 (95% CI, n = 1,000,000)
    """
    rng = generator(rng=rng)
    hits = int(roll_counts(n, rng) @ holds_on_rolls(combination, game))
    return wilson_interval(hits, n)


def simulate_game_one_roll(
    game: str, n: int = 100_000, rng: np.random.Generator | int | None = None
) -> dict[str, Estimate]:
    """The one-roll chance of every combination of a game, estimated from the same ``n`` rolls.

    >>> simulate_game_one_roll("bluff", n=1000, rng=0)["Nothing"].value
    1.0
    """
    rng = generator(rng=rng)
    hits = roll_counts(n, rng) @ game_holds(game)
    return {c.name: wilson_interval(int(h), n) for c, h in zip(catalogue(game), hits, strict=True)}


def repeated_one_roll_intervals(
    combination: CombinationLike,
    game: str = "classic",
    n: int = 2_000,
    repeats: int = 200,
    rng: np.random.Generator | int | None = None,
) -> list[Estimate]:
    """``repeats`` independent simulations of ``n`` rolls each: one 95% interval per simulation.

    About 1 in 20 of them misses the exact value; that is what "95%" promises.

    >>> intervals = repeated_one_roll_intervals("Full House", n=500, repeats=3, rng=1)
    >>> len(intervals), {e.n for e in intervals}
    (3, {500})
    """
    rng = generator(rng=rng)
    holds = holds_on_rolls(combination, game)
    return [wilson_interval(int(roll_counts(n, rng) @ holds), n) for _ in range(repeats)]


def wilson_coverage(p: float | Fraction, n: int, z: float = Z95) -> float:
    """The exact chance that Wilson's interval from ``n`` trials of chance ``p`` holds ``p``.

    It sums the binomial chances of every count whose interval holds ``p``; close to 0.95, not
    exactly (counts are whole numbers).

    >>> round(wilson_coverage(Fraction(25, 648), 2_000), 3)
    0.952
    """
    chance = float(p)
    counts = np.arange(n + 1)
    log_pmf = (
        np.array([math.lgamma(n + 1) - math.lgamma(k + 1) - math.lgamma(n - k + 1) for k in counts])
        + counts * math.log(chance)
        + (n - counts) * math.log1p(-chance)
    )
    holds = np.array([wilson_interval(int(k), n, z).contains(chance) for k in counts])
    return float(np.exp(log_pmf[holds]).sum())


# --- simulating whole turns ----------------------------------------------------------------------
@dataclass(frozen=True, eq=False)
class SimulatedTurns:
    """``n`` turns played by a :class:`~dicepoker.odds.turn.TurnPlan`, vectorised.

    ``rolls[t, i]`` is the roll showing after roll ``i + 1`` of turn ``t`` (stopped dice stay),
    ``outcomes[t]`` the value at the end (1/0 for holding, or the score), ``stopped_after[t]``
    the roll after which the turn stopped, ``dice_thrown`` the number of dice thrown in all.

    >>> turns = simulate_turns(hold_plan("Pair"), n=1000, rng=0)
    >>> turns.rolls.shape, bool(turns.stopped_after.min() >= 1)
    ((1000, 3), True)
    """

    plan: TurnPlan
    rolls: np.ndarray
    outcomes: np.ndarray
    stopped_after: np.ndarray
    dice_thrown: int

    @property
    def n(self) -> int:
        """The number of turns."""
        return len(self.outcomes)

    def hold_chance(self) -> Estimate:
        """The chance of ending with the combination (a plan with goal ``"hold"``)."""
        return wilson_interval(int(self.outcomes.sum()), self.n)

    def mean_score(self) -> Estimate:
        """The mean score at the end of the turn."""
        return mean_interval(self.outcomes)

    def hold_chance_by_roll(self) -> list[Estimate]:
        """The chance that the dice hold the combination after roll 1, 2, 3."""
        holds = self.plan.stop_values[-1] > 0
        return [wilson_interval(int(holds[self.rolls[:, i]].sum()), self.n) for i in range(self.plan.rolls)]

    def roll_frequencies(self, roll: int) -> np.ndarray:
        """How often each of the 252 rolls was showing after roll ``roll``."""
        return np.bincount(self.rolls[:, roll - 1], minlength=len(turn_table().roll_ways))


def simulate_turns(
    plan: TurnPlan,
    n: int = 100_000,
    rng: np.random.Generator | int | None = None,
    keep: Dice | str | None = None,
) -> SimulatedTurns:
    """Play ``n`` turns at once, following ``plan`` (keep its dice, reroll the others, stop when it says).

    With ``keep``, every turn starts from those dice held: its first roll throws only the others.

    >>> turns = simulate_turns(hold_plan("Poker"), n=200_000, rng=5)
    >>> turns.hold_chance().contains(hold_plan("Poker").value())
    True
    """
    rng = generator(rng=rng)
    t = turn_table()
    roll_at = t.roll_at_key
    held = Dice.parse(keep) if keep is not None else Dice()
    thrown = n * (NUMBER_OF_DICE - len(held))
    rest = roll_dice(n, rng, NUMBER_OF_DICE - len(held))
    if held:
        current = roll_at[dice_key(held) + _FACE_KEYS[rest].sum(axis=1)].astype(np.intp)
    else:
        current = roll_indices(rest)
    history = np.empty((n, plan.rolls), dtype=np.intp)
    outcomes = np.zeros(n, dtype=np.int64)
    stopped_after = np.full(n, plan.rolls, dtype=np.int64)
    playing = np.ones(n, dtype=bool)
    for stage in range(plan.rolls):
        history[:, stage] = current
        stop = playing & plan.stops[stage][current]
        outcomes[stop] = plan.stop_values[stage][current[stop]]
        stopped_after[stop] = stage + 1
        playing &= ~stop
        turns = np.flatnonzero(playing)
        if turns.size == 0:
            history[:, stage + 1 :] = current[:, None]
            break
        keep = plan.keeps[stage][current[turns]]
        rerolled = NUMBER_OF_DICE - t.keep_sizes[keep]
        key = t.keep_keys[keep]
        new = rng.integers(1, 7, size=(NUMBER_OF_DICE, turns.size), dtype=np.int8)
        for position in range(NUMBER_OF_DICE):  # the first `rerolled` dice of each row are thrown
            key = key + np.where(position < rerolled, _FACE_KEYS[new[position]], 0)
        current = current.copy()
        current[turns] = roll_at[key]
        thrown += int(rerolled.sum())
    return SimulatedTurns(plan, history, outcomes, stopped_after, thrown)


def simulate_within_three(
    combination: CombinationLike,
    game: str = "classic",
    n: int = 100_000,
    rng: np.random.Generator | int | None = None,
    rolls: int = 3,
) -> Estimate:
    """The chance of ending a turn with the combination (best keeps), estimated from ``n`` turns.

    >>> simulate_within_three("Large Straight", n=100_000, rng=4).contains(0.26109501673411434)
    True
    """
    return simulate_turns(hold_plan(combination, game, rolls), n, rng).hold_chance()


def simulate_hold_by_roll(
    combination: CombinationLike,
    game: str = "classic",
    n: int = 100_000,
    rng: np.random.Generator | int | None = None,
    rolls: int = 3,
) -> list[Estimate]:
    """The chance of holding the combination after roll 1, 2, 3, estimated from ``n`` turns.

    >>> [round(e.value, 2) for e in simulate_hold_by_roll("Small Straight", n=100_000, rng=0)]
    [0.15, 0.41, 0.61]
    """
    return simulate_turns(hold_plan(combination, game, rolls), n, rng).hold_chance_by_roll()


def simulate_chance_with_keep(
    combination: CombinationLike,
    keep: Dice | str,
    game: str = "classic",
    rolls_left: int = 2,
    n: int = 100_000,
    rng: np.random.Generator | int | None = None,
) -> Estimate:
    """The chance of ending with the combination after keeping ``keep`` with ``rolls_left`` rolls to go
    (best play after), estimated from ``n`` turns.

    >>> from fractions import Fraction
    >>> simulate_chance_with_keep("Large Straight", "2346", n=100_000, rng=3).contains(Fraction(11, 36))
    True
    """
    if isinstance(rolls_left, bool) or not isinstance(rolls_left, int) or rolls_left < 1:
        raise DicePokerError(f"keeping dice needs a roll left, not rolls_left = {rolls_left!r}")
    return simulate_turns(hold_plan(combination, game, rolls_left), n, rng, keep=keep).hold_chance()


def simulate_expected_score(
    box: str,
    game: str = "classic",
    n: int = 100_000,
    rng: np.random.Generator | int | None = None,
    rolls: int = 3,
) -> Estimate:
    """The mean score of a box in ``n`` turns played to score as much as possible in it.

    >>> from fractions import Fraction
    >>> simulate_expected_score("Sixes", n=100_000, rng=8).contains(Fraction(455, 36))
    True
    """
    return simulate_turns(score_plan(box, game, rolls), n, rng).mean_score()


def simulate_game_within_three(
    game: str, n: int = 100_000, rng: np.random.Generator | int | None = None, rolls: int = 3
) -> dict[str, Estimate]:
    """:func:`simulate_within_three` for every combination of a game, ``n`` turns each.

    >>> simulate_game_within_three("bluff", n=1000, rng=0)["Nothing"].value
    1.0
    """
    rng = generator(rng=rng)
    return {c.name: simulate_within_three(c.name, game, n, rng, rolls) for c in catalogue(game)}


def running_estimate(
    combination: CombinationLike,
    game: str = "classic",
    n: int = 100_000,
    rng: np.random.Generator | int | None = None,
    within_three: bool = False,
    points: int = 60,
) -> pd.DataFrame:
    """How the estimate of a chance settles as trials accumulate: one row per checkpoint.

    Columns ``n``, ``estimate``, ``low``, ``high`` (the 95% interval after ``n`` trials).

    >>> running_estimate("Pair", n=1000, rng=0, points=3)["n"].tolist()
    [10, 100, 1000]
    """
    import pandas as pd

    rng = generator(rng=rng)
    if within_three:
        plan = hold_plan(combination, game)
        hits = simulate_turns(plan, n, rng).outcomes.astype(bool)
    else:
        hits = holds_on_rolls(combination, game)[roll_indices(roll_dice(n, rng))]
    checkpoints = np.unique(np.geomspace(min(10, n), n, num=points).round().astype(np.int64))
    successes = np.cumsum(hits)[checkpoints - 1]
    rows = [
        (int(k), *_interval_row(wilson_interval(int(s), int(k))))
        for k, s in zip(checkpoints, successes, strict=True)
    ]
    return pd.DataFrame(rows, columns=["n", "estimate", "low", "high"])


def _interval_row(estimate: Estimate) -> tuple[float, float, float]:
    return estimate.value, estimate.low, estimate.high


def dice_per_second(n: int = 2_000_000, rng: np.random.Generator | int | None = 0) -> float:
    """How many dice per second the simulator throws and classifies (rolls -> one of the 252).

    >>> dice_per_second(10_000) > 0
    True
    """
    import time

    rng = generator(rng=rng)
    start = time.perf_counter()
    counts = roll_counts(n, rng)
    elapsed = time.perf_counter() - start
    assert counts.sum() == n
    return n * NUMBER_OF_DICE / elapsed
