"""A turn of up to three rolls: best keeps, the chance to hold a combination, expected scores.

A turn is a Markov chain on the 252 rolls of five dice. After each roll but the last the
player either stops or keeps some of the dice (one of the 462 keeps) and rerolls the rest.
Working backwards from the last roll (a dynamic programme) gives the best keep for every roll
and the exact value of the turn: the chance of holding a combination at the end when the player
plays to get it and stops as soon as it holds (:func:`hold_plan`), or the expected score of a box
when chasing it (:func:`score_plan`).

The arithmetic is exact: every value is an integer over a power of 6 (6^5 per roll), computed
with numpy in floating point only while those integers stay below 2^53 (else with Python ints).

>>> within_three_probability("Poker")  # = 2,783,176 / 6^10, the well-known 4.6%
Fraction(347897, 7558272)
>>> advice = best_keep("Large Straight", "23466")
>>> advice.keep, advice.chance
(Dice('2346'), Fraction(11, 36))
>>> expected_score("Sixes")  # 6 x 5 x (1 - (5/6)^3)
Fraction(455, 36)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache, cached_property, lru_cache
from itertools import product
from typing import TYPE_CHECKING, Any

import numpy as np

from dicepoker.core.dice import NUMBER_OF_DICE, Dice, all_keeps, all_rolls
from dicepoker.core.errors import DicePokerError, UnknownNameError
from dicepoker.core.i18n import NAME_KINDS, display_name, fill_message, format_message, known_names, ngettext
from dicepoker.core.patterns import Combination
from dicepoker.core.turn import ROLL_OUTCOMES, best_keeps, roll_index, turn_table
from dicepoker.games import SCORECARD_GAMES, find_game
from dicepoker.odds.one_roll import (
    CombinationLike,
    catalogue,
    find_combination,
    game_holds,
    holds_on_rolls,
)

if TYPE_CHECKING:
    import pandas as pd

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
def _exact_arrays(rolls: int, largest: int) -> bool:
    """Whether float64 keeps every integer of a turn of ``rolls`` rolls exact."""
    return max(largest, 1) * ROLL_OUTCOMES**rolls < EXACT_FLOAT_LIMIT


def _solve(stop_values: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Best play for every target at once. ``stop_values[i, r, c]``: what stopping after roll i+1 is
    worth (an integer). Returns (values, stops, keeps), each (rolls, 252, C); ``values[i]`` is
    scaled by 6^(5 (rolls-1-i)).
    """
    t = turn_table()
    rolls, n_rolls, n_targets = stop_values.shape
    if _exact_arrays(rolls, int(np.abs(stop_values).max())):
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
        exact = _exact_arrays(self.rolls, 1)
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


def _plan(name: str, goal: str, stop_values: np.ndarray, solved: tuple, column: int) -> TurnPlan:
    return TurnPlan(
        name, goal, stop_values.shape[0], stop_values[:, :, column], *(a[:, :, column] for a in solved)
    )


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


def _check_rolls(rolls: int) -> None:
    if isinstance(rolls, bool) or not isinstance(rolls, int) or rolls < 1:
        raise DicePokerError(format_message("a turn has at least one roll, not {rolls}", rolls=repr(rolls)))


@lru_cache(maxsize=64)
def _solved_holds(game: str, rolls: int) -> tuple[np.ndarray, tuple]:
    stop_values = np.repeat(game_holds(game)[None].astype(np.int64), rolls, axis=0)
    return stop_values, _solve(stop_values)


@lru_cache(maxsize=128)
def _solved_custom_holds(combination: Combination, rolls: int) -> tuple[np.ndarray, tuple]:
    holds = holds_on_rolls(combination).astype(np.int64)
    stop_values = np.repeat(holds[None, :, None], rolls, axis=0)
    return stop_values, _solve(stop_values)


def hold_plan(combination: CombinationLike, game: str = "classic", rolls: int = 3) -> TurnPlan:
    """The best play of a turn of ``rolls`` rolls to end holding the combination (stop once it holds).

    >>> hold_plan("Large Straight").value()
    Fraction(319695199, 1224440064)
    """
    _check_rolls(rolls)
    if isinstance(combination, str):
        names = [c.name for c in catalogue(game)]
        if combination in names:
            stop_values, solved = _solved_holds(game, rolls)
            return _plan(combination, "hold", stop_values, solved, names.index(combination))
    combo = find_combination(combination, game)
    stop_values, solved = _solved_custom_holds(combo, rolls)
    return _plan(combo.name, "hold", stop_values, solved, 0)


def _scorecard(game: str) -> Any:
    if game not in SCORECARD_GAMES:
        raise UnknownNameError(
            format_message(
                "game {game} has no scores; the scorecard games are {games}",
                game=repr(game),
                games=SCORECARD_GAMES,
            )
        )
    return find_game(game)


@lru_cache(maxsize=32)
def _solved_scores(game: str, rolls: int) -> tuple[np.ndarray, tuple]:
    rules = _scorecard(game)
    stop_values = np.array(
        [
            [
                [rules.score(box, roll, first_roll=stage == 0) for box in rules.box_names]
                for roll in all_rolls()
            ]
            for stage in range(rolls)
        ],
        dtype=np.int64,
    )
    return stop_values, _solve(stop_values)


def score_plan(box: str, game: str = "classic", rolls: int = 3) -> TurnPlan:
    """The best play of a turn to maximise the expected score of one box (a first-roll score doubles
    where the rules say so).

    >>> score_plan("Poker", game="two_part").value_after("44444", roll=1)  # 2 x 20 + 50
    Fraction(90, 1)
    """
    _check_rolls(rolls)
    rules = _scorecard(game)
    column = rules.box_names.index(rules.box(box).name)
    stop_values, solved = _solved_scores(game, rolls)
    return _plan(rules.box_names[column], "score", stop_values, solved, column)


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
    _check_rolls(rolls)
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


def expected_score(box: str, game: str = "classic", rolls: int = 3) -> Fraction:
    """The expected score of a box in a turn played to score as much as possible in it.

    >>> expected_score("Poker", game="classic") == 50 * within_three_probability("Poker")
    True
    """
    return score_plan(box, game, rolls).value()


def score_distribution(box: str, game: str = "classic", rolls: int = 3) -> dict[int, Fraction]:
    """The exact distribution of a box's score at the end of a turn chasing it.

    >>> d = score_distribution("Sixes")
    >>> sum(d.values()), d[0] == Fraction(5, 6) ** 15
    (Fraction(1, 1), True)
    """
    return score_plan(box, game, rolls).outcome_distribution()


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
