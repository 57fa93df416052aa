"""Scorecard rule sets as data: boxes, bonuses, the poker bonus and the joker.

One engine plays every scorecard game (``classic``, ``yahtzee``, ``yatzy``, ``two_part``);
the differences are the fields of a frozen :class:`ScorecardRules`.

>>> from dicepoker import find_game
>>> classic = find_game("classic")
>>> classic.score("Pair", "55321"), classic.score("Full House", "33355")
(16, 25)
>>> classic.upper_bonus_threshold, classic.variant(upper_bonus_threshold=63).upper_bonus_threshold
(64, 63)
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from functools import cached_property, partial
from typing import Any

from dicepoker.core.dice import Dice
from dicepoker.core.errors import DicePokerError, IllegalActionError, UnknownNameError
from dicepoker.core.i18n import display_name_or_own, format_message
from dicepoker.core.patterns import (
    Combination,
    contains_run,
    faces_with_at_least,
    is_full_house,
    is_two_pairs,
    max_count,
)
from dicepoker.core.rule_data import RuleSetAsData


def box_name(name: str) -> str:
    """A box's name as shown in the current language (a box the catalogs do not know: as it is).

    >>> box_name("Two Pairs"), box_name("Sevens")
    ('Two Pairs', 'Sevens')
    """
    return display_name_or_own("box", name)


class Need(StrEnum):
    """What the dice must hold for a box to score."""

    FACE = "face"  # an upper box: always scores (count - par) x face
    N_OF_A_KIND = "n_of_a_kind"  # some face on at least n dice
    TWO_PAIRS = "two_pairs"  # two different faces, each on at least two dice
    FULL_HOUSE = "full_house"  # exactly three of one face and two of another
    STRAIGHT = "straight"  # contains one of the runs
    CHANCE = "chance"  # anything


class Points(StrEnum):
    """How a qualifying lower box scores."""

    ALL_DICE = "all_dice"  # the sum of all five dice
    MADE = "made"  # the sum of the dice that make the combination, best choice
    FIXED = "fixed"  # a fixed number of points


class JokerRule(StrEnum):
    """When five of a kind is a joker (RULES.md Game 1), and where it may go."""

    NONE = "none"  # never
    WHEN_POKER_HOLDS_50 = "poker_holds_50"  # classic: only while the Poker box holds its score
    WHEN_POKER_FILLED = "poker_filled"  # official Yahtzee: whenever the box is filled (50 or 0)
    FREE = "free"  # Verhoeff: a joker once the poker box and the matching upper box are filled; any box


def joker_rule(name: Any) -> JokerRule:
    """The joker rule called ``name``; an unknown name raises :class:`UnknownNameError`.

    >>> joker_rule("free") is JokerRule.FREE
    True
    >>> joker_rule("bogus")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    dicepoker.core.errors.UnknownNameError: no joker rule 'bogus'; the joker rules are: none, ...
    """
    try:
        return JokerRule(name)
    except (ValueError, TypeError):
        known = ", ".join(j.value for j in JokerRule)
        raise UnknownNameError(f"no joker rule {name!r}; the joker rules are: {known}") from None


@dataclass(frozen=True)
class Box:
    """One box of a scorecard: its name, its section and what it needs.

    >>> Box("Sixes", "upper", Need.FACE, face=6).made_sum(Dice.parse("66612"))
    18
    """

    name: str
    section: str  # "upper" or "lower"
    need: Need
    face: int = 0  # for FACE boxes
    n: int = 0  # for N_OF_A_KIND boxes
    runs: tuple[tuple[int, ...], ...] = ()  # for STRAIGHT boxes
    points: Points = Points.ALL_DICE
    fixed: int = 0  # for FIXED points
    doubles: bool = False  # counts the rules' first-roll multiplier when scored after roll 1

    def qualifies(self, dice: Dice) -> bool:
        """Whether the dice hold this box's combination (an upper box: at least one die)."""
        match self.need:
            case Need.FACE:
                return dice.count(self.face) >= 1
            case Need.N_OF_A_KIND:
                return max_count(dice) >= self.n
            case Need.TWO_PAIRS:
                return is_two_pairs(dice)
            case Need.FULL_HOUSE:
                return is_full_house(dice)
            case Need.STRAIGHT:
                return contains_run(dice, self.runs)
            case Need.CHANCE:
                return True
        raise AssertionError(self.need)  # pragma: no cover

    def made_sum(self, dice: Dice) -> int:
        """The sum of the dice that make the combination (the best choice); 0 if absent."""
        if not self.qualifies(dice):
            return 0
        match self.need:
            case Need.FACE:
                return dice.count(self.face) * self.face
            case Need.N_OF_A_KIND:
                return self.n * faces_with_at_least(dice, self.n)[0]
            case Need.TWO_PAIRS:
                a, b = faces_with_at_least(dice, 2)[:2]
                return 2 * (a + b)
            case Need.STRAIGHT:
                return max(sum(run) for run in self.runs if set(run) <= dice.faces)
            case _:
                return dice.total

    def qualifying_points(self, dice: Dice) -> int:
        """Points of a lower box for dice that qualify (or are a joker): sum, made or fixed."""
        if self.points is Points.FIXED:
            return self.fixed
        if self.points is Points.MADE and self.qualifies(dice):
            return self.made_sum(dice)
        return dice.total


@dataclass(frozen=True)
class ScorecardRules(RuleSetAsData):
    """A scorecard game as data; the engine and the solver read it, never hard-code it.

    Fields marked (param) in RULES.md are fields here: ``upper_bonus_threshold``,
    ``upper_bonus`` (``part1_bonus`` in ``two_part``), ``poker_bonus``, ``joker``, ``par``,
    ``first_roll_multiplier`` and ``poker_premium``.
    """

    name: str
    title: str
    boxes: tuple[Box, ...]
    upper_bonus_threshold: int  # the minimum upper (part-1) total that earns the bonus
    upper_bonus: int
    poker_box: str | None = None  # the five-of-a-kind box, for the poker bonus and the joker
    poker_bonus: int = 0  # for each further five of a kind while the poker box holds its score
    joker: JokerRule = JokerRule.NONE
    par: int = 0  # upper boxes score (count - par) x face
    upper_first: bool = False  # every upper box must be filled before any lower box
    first_roll_multiplier: int = 1  # boxes marked ``doubles`` scored right after roll 1
    poker_premium: int = 0  # added to the poker box after the multiplier
    rolls_per_turn: int = 3
    max_players: int = 8

    def __post_init__(self) -> None:
        for field in dataclasses.fields(self):
            value = getattr(self, field.name)
            if field.type == "int" and (isinstance(value, bool) or not isinstance(value, int)):
                raise DicePokerError(f"rule set parameter {field.name} must be a whole number, not {value!r}")
            if field.type == "bool" and not isinstance(value, bool):
                raise DicePokerError(f"rule set parameter {field.name} must be true or false, not {value!r}")
        names = [b.name for b in self.boxes]
        if len(set(names)) != len(names):
            raise DicePokerError(f"rule set {self.name!r}: box names repeat in {names}")
        if self.poker_box is not None and self.poker_box not in names:
            raise DicePokerError(f"rule set {self.name!r}: poker box {self.poker_box!r} is not a box")
        if self.rolls_per_turn < 1:
            raise DicePokerError(f"rule set {self.name!r}: a turn needs at least one roll")

    # --- looking things up ----------------------------------------------------------------
    @property
    def box_names(self) -> tuple[str, ...]:
        """The names of the boxes in scorecard order."""
        return tuple(b.name for b in self.boxes)

    @cached_property  # read at every move of a simulated game: kept (the rule set is frozen)
    def upper_boxes(self) -> tuple[Box, ...]:
        return tuple(b for b in self.boxes if b.section == "upper")

    @cached_property
    def lower_boxes(self) -> tuple[Box, ...]:
        return tuple(b for b in self.boxes if b.section == "lower")

    @cached_property
    def _section_names(self) -> tuple[tuple[str, ...], tuple[str, ...]]:
        return tuple(b.name for b in self.upper_boxes), tuple(b.name for b in self.lower_boxes)

    @property
    def part1_bonus(self) -> int:
        """``two_part``'s name for the upper bonus."""
        return self.upper_bonus

    def box(self, name: str | Box) -> Box:
        """The box called ``name``; an unknown name raises :class:`UnknownNameError`."""
        if isinstance(name, Box):
            name = name.name
        for b in self.boxes:
            if b.name == name:
                return b
        raise UnknownNameError(
            f"no box {name!r} in {self.name!r}; the boxes are: {', '.join(self.box_names)}"
        )

    def variant(self, **changes: Any) -> ScorecardRules:
        """A copy with some parameters changed (``part1_bonus`` is ``upper_bonus``).

        >>> from dicepoker import find_game
        >>> find_game("two_part").variant(part1_bonus=30).upper_bonus
        30
        """
        if "part1_bonus" in changes:
            changes["upper_bonus"] = changes.pop("part1_bonus")
        if "joker" in changes:
            changes["joker"] = joker_rule(changes["joker"])
        fields = {f.name for f in dataclasses.fields(self)}
        unknown = sorted(set(changes) - fields)
        if unknown:
            raise UnknownNameError(f"{self.name!r} has no parameter {unknown[0]!r}")
        return dataclasses.replace(self, **changes)

    # --- scoring one box --------------------------------------------------------------------
    def score(self, box: str | Box, dice: Dice | str, first_roll: bool = False) -> int:
        """What ``box`` scores for ``dice`` (no joker); ``first_roll`` applies the multiplier.

        >>> from dicepoker import find_game
        >>> find_game("classic").score("Poker", "44444")
        50
        >>> find_game("two_part").score("Poker", "44444", first_roll=True)
        90
        """
        box = self.box(box)
        dice = Dice.roll(dice)
        if box.need is Need.FACE:
            return (dice.count(box.face) - self.par) * box.face
        if not box.qualifies(dice):
            return 0
        points = box.qualifying_points(dice)
        if first_roll and box.doubles:
            points *= self.first_roll_multiplier
        if box.name == self.poker_box:
            points += self.poker_premium
        return points

    def _box_scores(self, dice: Dice, first_roll: bool) -> dict[str, int]:
        """What every box scores for ``dice`` (no joker): worked out once per roll (252 of them) for
        these rules, since the bots, the hints and the engine ask for the same rolls again and again."""
        memo = self.__dict__.get("_box_scores_memo")
        if memo is None:  # not a field: equality, hashing, replace() and the JSON never see it
            memo = {}
            object.__setattr__(self, "_box_scores_memo", memo)
        key = (dice.values, first_roll)
        scores = memo.get(key)
        if scores is None:
            scores = memo[key] = {b.name: self.score(b, dice, first_roll) for b in self.boxes}
        return scores

    def stands(self, box: str | Box, dice: Dice | str) -> bool:
        """Whether the dice hold the box's combination: an upper box needs ``max(par, 1)`` dice.

        >>> from dicepoker import find_game
        >>> find_game("two_part").stands("Fives", "55512"), find_game("classic").stands("Fives", "51234")
        (True, True)
        """
        box = self.box(box)
        dice = Dice.roll(dice)
        if box.need is Need.FACE:
            return dice.count(box.face) >= max(self.par, 1)
        return box.qualifies(dice)

    # --- the poker bonus and the joker --------------------------------------------------------
    def poker_holds_score(self, filled: Mapping[str, int]) -> bool:
        """Whether the poker box is filled with a score above zero."""
        return self.poker_box is not None and filled.get(self.poker_box, 0) > 0

    def poker_bonus_for(self, dice: Dice | str, filled: Mapping[str, int]) -> int:
        """The bonus a turn ending on ``dice`` earns: ``poker_bonus`` for a further five of a kind."""
        dice = Dice.roll(dice)
        if self.poker_bonus and max_count(dice) == 5 and self.poker_holds_score(filled):
            return self.poker_bonus
        return 0

    def joker_active(self, dice: Dice | str, filled: Mapping[str, int]) -> bool:
        """Whether five of a kind on ``dice`` is a joker now."""
        dice = Dice.roll(dice)
        if self.joker is JokerRule.NONE or self.poker_box is None or max_count(dice) < 5:
            return False
        if self.poker_box not in filled:
            return False
        if self.joker is JokerRule.WHEN_POKER_HOLDS_50:
            return self.poker_holds_score(filled)
        if self.joker is JokerRule.FREE:  # no joker (and no forced box) while its upper box is open
            face = dice.values[0]
            return all(b.name in filled for b in self.upper_boxes if b.face == face)
        return True

    def options(
        self, dice: Dice | str, filled: Mapping[str, int], first_roll: bool = False
    ) -> dict[str, int]:
        """Every box that may be scored now, with what it would score (joker included).

        >>> from dicepoker import find_game
        >>> find_game("classic").options("66666", {"Poker": 50})
        {'Sixes': 30}
        """
        dice = Dice.roll(dice)
        open_boxes = [b for b in self.boxes if b.name not in filled]
        if self.upper_first and any(b.section == "upper" for b in open_boxes):
            open_boxes = [b for b in open_boxes if b.section == "upper"]
        if not self.joker_active(dice, filled):
            scores = self._box_scores(dice, first_roll)
            return {b.name: scores[b.name] for b in open_boxes}
        face = dice.values[0]
        matching = [b for b in open_boxes if b.need is Need.FACE and b.face == face]
        if matching:
            return {b.name: self.score(b, dice, first_roll) for b in matching}
        lower = {b.name: b.qualifying_points(dice) for b in open_boxes if b.section == "lower"}
        upper = {b.name: self.score(b, dice) for b in open_boxes if b.section == "upper"}
        if self.joker is JokerRule.FREE:
            return {**upper, **lower}
        return lower or upper

    def check_box(self, box: str, dice: Dice | str, filled: Mapping[str, int], first_roll: bool) -> int:
        """The score of ``box`` now, or :class:`IllegalActionError` naming the rule that forbids it."""
        name = self.box(box).name
        if name in filled:
            raise IllegalActionError(
                format_message(
                    "box {box} is already filled (with {points})",
                    box=repr(box_name(name)),
                    points=filled[name],
                )
            )
        legal = self.options(dice, filled, first_roll)
        if name not in legal:
            if self.upper_first and self.box(name).section == "lower":
                raise IllegalActionError(
                    format_message(
                        "{box} is in part 2: fill every part-1 box first", box=repr(box_name(name))
                    )
                )
            raise IllegalActionError(
                format_message(
                    "{dice} is a joker: it must go in {boxes}, not {box}",
                    dice=Dice.roll(dice),
                    boxes=", ".join(box_name(b) for b in legal),
                    box=repr(box_name(name)),
                )
            )
        return legal[name]

    # --- totals -------------------------------------------------------------------------------
    def upper_total(self, filled: Mapping[str, int]) -> int:
        total = 0
        for name in self._section_names[0]:
            total += filled.get(name, 0)
        return total

    def lower_total(self, filled: Mapping[str, int]) -> int:
        total = 0
        for name in self._section_names[1]:
            total += filled.get(name, 0)
        return total

    def upper_bonus_earned(self, filled: Mapping[str, int]) -> bool:
        """Whether the upper bonus is certain: the total stays at or above the threshold."""
        worst = sum(-self.par * b.face for b in self.upper_boxes if b.name not in filled)
        return self.upper_total(filled) + worst >= self.upper_bonus_threshold

    def total(self, filled: Mapping[str, int], poker_bonuses: int = 0) -> int:
        """Upper + upper bonus + lower + poker bonuses (``poker_bonuses`` in points)."""
        bonus = self.upper_bonus if self.upper_bonus_earned(filled) else 0
        return self.upper_total(filled) + bonus + self.lower_total(filled) + poker_bonuses

    # --- as data ------------------------------------------------------------------------------
    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ScorecardRules:
        """The rule set back from :meth:`to_dict`; malformed data raises :class:`DicePokerError`."""
        try:
            fields = dict(data)
            fields["boxes"] = tuple(
                Box(
                    **{
                        **b,
                        "need": Need(b["need"]),
                        "points": Points(b["points"]),
                        "runs": tuple(tuple(r) for r in b["runs"]),
                    }
                )
                for b in fields["boxes"]
            )
            fields["joker"] = JokerRule(fields["joker"])
            rules = cls(**fields)
        except (TypeError, KeyError, ValueError) as err:
            if isinstance(err, DicePokerError):
                raise
            raise DicePokerError(f"not a scorecard rule set: {err}") from err
        rules._refuse_mistyped(data, "scorecard")
        return rules

    def fingerprint(self) -> str:
        """A short hash of the rule set's content (for caches keyed by the rules), computed once.

        >>> from dicepoker.games.scorecard.presets import CLASSIC
        >>> CLASSIC.fingerprint() == CLASSIC.variant().fingerprint()
        True
        >>> CLASSIC.fingerprint() == CLASSIC.variant(upper_bonus=40).fingerprint()
        False
        """
        return self._fingerprint

    @cached_property
    def _fingerprint(self) -> str:
        text = json.dumps(self.to_dict(), sort_keys=True)
        return hashlib.sha256(text.encode()).hexdigest()[:16]


def box_combinations(rules: ScorecardRules) -> list[Combination]:
    """One combination per box: "the dice hold this box's combination" (for the odds tables).

    Upper boxes need at least one die of their face (at least par of it in ``two_part``).

    >>> from dicepoker.games.scorecard.presets import CLASSIC
    >>> full_house = box_combinations(CLASSIC)[-5]
    >>> full_house.name, full_house("33355"), full_house("33335")
    ('Full House', True, False)
    """
    return [Combination(box.name, partial(rules.stands, box.name)) for box in rules.boxes]


def settlement_of(totals: Sequence[int]) -> list[Fraction]:
    """The settlement of a game's totals: each total minus the mean of the totals, exact (it sums to 0).

    The one settlement of the kit: the engine's :meth:`~.engine.ScorecardGame.settlement` and the
    two-part lesson's table both read it.

    >>> settlement_of([120, 150, 150])
    [Fraction(-20, 1), Fraction(10, 1), Fraction(10, 1)]
    """
    mean = Fraction(sum(totals), len(totals))
    return [t - mean for t in totals]
