"""A turn of up to three rolls in any game: best keeps and the chance to hold a combination.

The turn's dynamic programme (:mod:`dicepoker.core.turn_plan`, over the one turn table) gives the
best keep for every roll and the exact value of the turn: here the chance of holding a
combination at the end when the player plays to get it and stops as soon as it holds
(:func:`hold_plan`). A scorecard box's expected score is the scorecard's own
(:mod:`dicepoker.games.scorecard.odds`).

>>> within_three_probability("Poker")  # = 2,783,176 / 6^10, the well-known 4.6%
Fraction(347897, 7558272)
>>> advice = best_keep("Large Straight", "23466")
>>> advice.keep, advice.chance
(Dice('2346'), Fraction(11, 36))
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import product
from typing import TYPE_CHECKING

import numpy as np

from dicepoker.core.dice import NUMBER_OF_DICE, Dice
from dicepoker.core.errors import DicePokerError
from dicepoker.core.i18n import NAME_KINDS, display_name, fill_message, format_message, known_names, ngettext
from dicepoker.core.patterns import Combination
from dicepoker.core.turn import ROLL_OUTCOMES, roll_index, turn_table
from dicepoker.core.turn_plan import (
    TurnPlan,
    check_rolls,
    plan_of,
    solve_turn,
)
from dicepoker.odds.one_roll import (
    CombinationLike,
    catalogue,
    find_combination,
    game_holds,
    holds_on_rolls,
)

if TYPE_CHECKING:
    import pandas as pd


def combination_display_name(name: str) -> str:
    """A combination's name as a player reads it: a box, bluff hand or board label the catalogs
    translate, else the name itself (a name of your own, ``"Ones or Twos"``).

    >>> combination_display_name("Two Pairs"), combination_display_name("my test")
    ('Two Pairs', 'my test')
    """
    names = known_names()
    for kind in NAME_KINDS:
        if (kind, name) in names:
            return display_name(kind, name)
    return name


@lru_cache(maxsize=64)
def _solved_holds(game: str, rolls: int) -> tuple[np.ndarray, tuple]:
    stop_values = np.repeat(game_holds(game)[None].astype(np.int64), rolls, axis=0)
    return stop_values, solve_turn(stop_values)


@lru_cache(maxsize=128)
def _solved_custom_holds(combination: Combination, rolls: int) -> tuple[np.ndarray, tuple]:
    holds = holds_on_rolls(combination).astype(np.int64)
    stop_values = np.repeat(holds[None, :, None], rolls, axis=0)
    return stop_values, solve_turn(stop_values)


def hold_plan(combination: CombinationLike, game: str = "classic", rolls: int = 3) -> TurnPlan:
    """The best play of a turn of ``rolls`` rolls to end holding the combination (stop once it holds).

    >>> hold_plan("Large Straight").value()
    Fraction(319695199, 1224440064)
    """
    check_rolls(rolls)
    if isinstance(combination, str):
        names = [c.name for c in catalogue(game)]
        if combination in names:
            stop_values, solved = _solved_holds(game, rolls)
            return plan_of(combination, "hold", stop_values, solved, names.index(combination))
    combo = find_combination(combination, game)
    stop_values, solved = _solved_custom_holds(combo, rolls)
    return plan_of(combo.name, "hold", stop_values, solved, 0)


# --- answers to the questions players ask -------------------------------------------------------
def within_three_probability(combination: CombinationLike, game: str = "classic", rolls: int = 3) -> Fraction:
    """The exact chance of holding the combination at the end of a turn (up to ``rolls`` rolls),
    keeping dice to make it as likely as possible.

    >>> within_three_probability("Full House"), within_three_probability("Full House", rolls=1)
    (Fraction(5485535, 15116544), Fraction(25, 648))
    """
    return hold_plan(combination, game, rolls).value()


def game_within_three(game: str, rolls: int = 3) -> dict[str, Fraction]:
    """:func:`within_three_probability` of every combination of a game, solved together.

    >>> game_within_three("bluff")["Nothing"]
    Fraction(1, 1)
    """
    check_rolls(rolls)
    stop_values, (values, _, _) = _solved_holds(game, rolls)
    ways_ = turn_table().roll_ways
    totals = [sum(int(w) * int(v) for w, v in zip(ways_, column, strict=True)) for column in values[0].T]
    scale = ROLL_OUTCOMES**rolls
    return {c.name: Fraction(total, scale) for c, total in zip(catalogue(game), totals, strict=True)}


def hold_chance_by_roll(
    combination: CombinationLike, game: str = "classic", rolls: int = 3
) -> list[Fraction]:
    """The chance that the dice hold the combination after roll 1, 2, 3 (playing for it).

    >>> hold_chance_by_roll("Poker")[:2]
    [Fraction(1, 1296), Fraction(221, 17496)]
    """
    plan = hold_plan(combination, game, rolls)
    holds = plan.stop_values[-1] > 0
    return [
        sum((p for d, p in plan.dice_distribution(roll).items() if holds[roll_index(d)]), Fraction(0))
        for roll in range(1, rolls + 1)
    ]


@dataclass(frozen=True)
class KeepAdvice:
    """Which dice to keep, and the chance of holding the combination in the end if you do.

    Printed in the current language:

    >>> print(best_keep("Poker", "11234"))
    11234: keep 11, reroll 3 dice -> chance 0.0291 of Poker with 2 rolls left
    >>> from dicepoker.core.i18n import in_language
    >>> with in_language("ro"):
    ...     print(best_keep("Full House", "33355"))
    33355: combinația e gata: stop (probabilitate 1,0000 pentru Full House)
    """

    combination: str
    dice: Dice
    keep: Dice
    chance: Fraction
    rolls_left: int

    @property
    def stop(self) -> bool:
        """Whether the advice is to keep all five dice (stop)."""
        return len(self.keep) == NUMBER_OF_DICE

    def __str__(self) -> str:
        name = combination_display_name(self.combination)
        chance = float(self.chance)
        if self.stop:
            if self.chance == 1:
                return format_message(
                    "{dice}: holds it: stop (chance {chance:.4f} of {combination})",
                    dice=self.dice,
                    chance=chance,
                    combination=name,
                )
            return format_message(
                "{dice}: stop (chance {chance:.4f} of {combination})",
                dice=self.dice,
                chance=chance,
                combination=name,
            )
        rerolled = NUMBER_OF_DICE - len(self.keep)
        if self.keep:
            keeping = ngettext("keep {keep}, reroll {n} die", "keep {keep}, reroll {n} dice", rerolled)
        else:
            keeping = ngettext("keep nothing, reroll {n} die", "keep nothing, reroll {n} dice", rerolled)
        chance_text = ngettext(
            "chance {chance:.4f} of {combination} with {rolls} roll left",
            "chance {chance:.4f} of {combination} with {rolls} rolls left",
            self.rolls_left,
        )
        return format_message(
            "{dice}: {keeping} -> {chance}",
            dice=self.dice,
            keeping=fill_message(keeping, keep=self.keep, n=rerolled),
            chance=fill_message(chance_text, chance=chance, combination=name, rolls=self.rolls_left),
        )

    def _repr_html_(self) -> str:
        import html

        return f"<p>{html.escape(str(self))}</p>"


def _rolls_left_plan(combination: CombinationLike, game: str, rolls_left: int) -> TurnPlan:
    if isinstance(rolls_left, bool) or not isinstance(rolls_left, int) or rolls_left < 0:
        raise DicePokerError(
            format_message("rolls left must be 0 or more, not {rolls}", rolls=repr(rolls_left))
        )
    return hold_plan(combination, game, rolls_left + 1)


def best_keep(
    combination: CombinationLike, dice: Dice | str, game: str = "classic", rolls_left: int = 2
) -> KeepAdvice:
    """The best dice to keep from ``dice`` to end with the combination, ``rolls_left`` rolls to go.

    Among equally good keeps, the one keeping more dice (then the lowest) is advised.

    >>> best_keep("Full House", "33356").keep, best_keep("Full House", "33355").stop
    (Dice('3335'), True)
    """
    plan = _rolls_left_plan(combination, game, rolls_left)
    dice = Dice.roll(dice)
    return KeepAdvice(plan.name, dice, plan.best_keep(dice), plan.value_after(dice), rolls_left)


def chance_with_keep(
    combination: CombinationLike, keep: Dice | str, game: str = "classic", rolls_left: int = 2
) -> Fraction:
    """The chance of ending with the combination after keeping ``keep`` and rerolling the rest,
    with ``rolls_left`` rolls to go (and the best play after). Keeping all five dice is stopping.

    "Holding 2-3-4-6 with two rolls left, chase the large straight?" needs a 5 in two tries:

    >>> chance_with_keep("Large Straight", "2346") == 1 - Fraction(5, 6) ** 2
    True
    """
    keep = Dice.parse(keep)
    if rolls_left == 0 and len(keep) < NUMBER_OF_DICE:
        raise DicePokerError(format_message("no roll is left: keep all five dice, not {keep}", keep=keep))
    return _rolls_left_plan(combination, game, rolls_left).keep_value(keep, roll=1)


def keep_options(
    combination: CombinationLike, dice: Dice | str, game: str = "classic", rolls_left: int = 2
) -> pd.DataFrame:
    """Every distinct keep from ``dice`` with its chance of ending with the combination, best first.

    >>> keep_options("Large Straight", "23466").head(2)["keep"].tolist()
    ['2346', '234']
    """
    import pandas as pd

    plan = _rolls_left_plan(combination, game, rolls_left)
    dice = Dice.roll(dice)
    keeps = sorted(
        {Dice(v for v, use in zip(dice, mask, strict=True) if use) for mask in product((0, 1), repeat=5)}
    )
    if rolls_left == 0:
        keeps = [dice]
    rows = [(str(k), NUMBER_OF_DICE - len(k), plan.keep_value(k)) for k in keeps]
    frame = pd.DataFrame(rows, columns=["keep", "reroll", "chance"])
    frame["chance_float"] = frame["chance"].astype(float)
    frame = frame.sort_values(["chance_float", "reroll"], ascending=[False, True], kind="stable")
    return frame.reset_index(drop=True)


def useful_dice_by_roll(combination: CombinationLike, game: str = "classic", rolls: int = 3) -> pd.DataFrame:
    """The chance of having 0..5 useful dice after each roll, playing for the combination.

    Useful dice are the most dice that can stay in a roll that holds it (5: it holds).

    >>> useful_dice_by_roll("Poker").loc[5].tolist() == hold_chance_by_roll("Poker")
    True
    """
    import pandas as pd

    plan = hold_plan(combination, game, rolls)
    useful = plan.useful_dice()
    table = {}
    for roll in range(1, rolls + 1):
        column = dict.fromkeys(range(NUMBER_OF_DICE + 1), Fraction(0))
        for d, p in plan.dice_distribution(roll).items():
            column[int(useful[roll_index(d)])] += p
        table[f"after roll {roll}"] = column
    frame = pd.DataFrame(table)
    frame.index.name = "useful dice"
    return frame


def turn_flow(combination: CombinationLike, game: str = "classic", rolls: int = 3) -> pd.DataFrame:
    """How useful dice flow from one roll to the next when playing for the combination.

    One row per (roll, useful dice before, useful dice after the next roll) with its exact chance.

    >>> flow = turn_flow("Poker")
    >>> flow.groupby("roll")["probability"].sum().tolist()
    [Fraction(1, 1), Fraction(1, 1)]
    """
    import pandas as pd

    plan = hold_plan(combination, game, rolls)
    onehot = np.eye(NUMBER_OF_DICE + 1, dtype=np.int64)[plan.useful_dice()]  # (252, 6)
    transition = turn_table().transition_float
    active, _ = plan._flows
    rows = []
    for stage in range(rolls - 1):
        before = plan._mass_after(stage)
        moving = np.where(plan.stops[stage], 0, active[stage])
        stay = (before - moving) * ROLL_OUTCOMES
        moved = moving[:, None] * transition[plan.keeps[stage]]  # (252, 252)
        joint = onehot.T @ (np.diag(stay) + moved) @ onehot
        scale = ROLL_OUTCOMES ** (stage + 2)
        rows += [
            (stage + 1, u, v, Fraction(int(joint[u, v]), scale))
            for u in range(NUMBER_OF_DICE + 1)
            for v in range(NUMBER_OF_DICE + 1)
            if joint[u, v]
        ]
    return pd.DataFrame(rows, columns=["roll", "useful", "next_useful", "probability"])


def useful_dice_transitions(
    combination: CombinationLike, game: str = "classic", roll: int = 1
) -> pd.DataFrame:
    """The chance of each number of useful dice after roll ``roll + 1`` given the number after ``roll``.

    For five of a kind this is the classic Markov chain on "how many dice match".

    >>> m = useful_dice_transitions("Poker")
    >>> m.loc[4, 5], m.loc[5, 5]
    (Fraction(1, 6), Fraction(1, 1))
    """
    import pandas as pd

    flow = turn_flow(combination, game, max(3, roll + 1))
    flow = flow[flow["roll"] == roll]
    matrix = pd.DataFrame(
        Fraction(0), index=sorted(set(flow["useful"])), columns=range(NUMBER_OF_DICE + 1), dtype=object
    )
    for u, u2, p in zip(flow["useful"], flow["next_useful"], flow["probability"], strict=True):
        matrix.loc[u, u2] += p
    matrix = matrix.div(matrix.sum(axis=1), axis=0)
    matrix.index.name = f"after roll {roll}"
    matrix.columns.name = f"after roll {roll + 1}"
    return matrix
