"""A small abstraction of one round of ``bluff`` between two players, as a game tree to solve.

What is **kept** from RULES.md Game 3:

* the opener's hand is private: only its category (Nothing ... Five of a Kind) reaches the tree;
* announcements rise strictly (by category: the second must be a higher category than the first);
* the responder calls or accepts; accepting, he sees the cup (its category) and may reroll it up
  to ``rules.reroll_rounds`` times, deciding after each throw, before announcing higher;
* a call lifts the cup and ends the round: the caller loses if the dice hold the announced
  category, the announcer otherwise (payoff +1 to the round's winner, -1 to its loser);
* the opener answers the second announcement by calling or accepting; she knows the cup she passed
  and how many times it was rerolled, not what came of it.

What is **dropped** or **fixed** (where the real game is too big to solve exactly):

* the faces an announcement names: announcements are categories;
* which dice to keep: a reroll always keeps the dice that make the hand (:func:`abstract_keep`),
  so the category is all a player needs to know of the cup; the number of dice thrown is not public;
* the opener's rolls are a fixed rule, not a decision: roll, then reroll the dice that do not make
  the hand while it is below ``opener_stands_on`` (a small straight), up to ``rules.opening_rolls`` rolls;
* a third announcement cannot be accepted (a ceiling on the round): whoever accepts the second
  announcement rerolls while her hand is not above it and wins exactly when she makes a higher
  category; so accepting is worth her exact chance of making it (folded into the payoff);
* lives, more players, and the match around the round.

Chance is exact: the tree branches on categories, each with its exact probability given all
that came before (computed over the 252 distinct rolls with whole numbers, returned as fractions).

>>> game = bluff_abstraction(rules=BLUFF.variant(reroll_rounds=1))
>>> game.infoset_count, game.sequence_count
((621, 409), (1170, 1658))
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache

import numpy as np

from dicepoker.core.dice import Dice, ways
from dicepoker.core.errors import DicePokerError
from dicepoker.core.turn import ROLL_OUTCOMES, turn_table
from dicepoker.games.bluff.categories import BLUFF_CATEGORIES
from dicepoker.games.bluff.odds import ROLLS, throw_chances
from dicepoker.games.bluff.rules import BLUFF, BluffRules, best_hand, named_dice
from dicepoker.solvers.zero_sum import Chance, Decision, Node, SequenceForm, Terminal, sequence_form

CATEGORIES = BLUFF_CATEGORIES
TOP = len(CATEGORIES) - 1
CALL, ACCEPT, STOP, REROLL = "call", "accept", "stop", "reroll"
# The opener rerolls while her hand is below this. Of the rules "stand on three of a kind / a small
# straight / a full house", this one gives the opener the best equilibrium value per round
# (benchmarks/bench_equilibrium.py prints them), and the bot the best results in whole games.
OPENER_STANDS_ON = "Small Straight"


def category_of(dice: Dice | str) -> int:
    """The category index 0..8 of five dice's best reading.

    >>> category_of("66622"), CATEGORIES[category_of("12345")]
    (6, 'Small Straight')
    """
    return best_hand(dice).category_rank


def abstract_keep(dice: Dice | str) -> Dice:
    """The dice a reroll keeps in the abstraction: those that make the hand, except that a full
    house keeps its triple (aiming at four) and a straight keeps 2-3-4-5 (aiming at the other one).

    >>> abstract_keep("55331"), abstract_keep("66622"), abstract_keep("12345"), abstract_keep("12346")
    (Dice('3355'), Dice('666'), Dice('2345'), Dice(''))
    """
    dice = Dice.roll(dice)
    hand = best_hand(dice)
    if hand.category == "Full House":
        return Dice([hand.faces[0]] * 3)
    if hand.category in ("Small Straight", "Large Straight"):
        return Dice.parse("2345")
    return named_dice(hand)


def can_reroll(category: int) -> bool:
    """Whether a cup of this category has dice to throw under :func:`abstract_keep` (all but five of a kind).

    >>> can_reroll(8), can_reroll(0)
    (False, True)
    """
    return category != TOP


# --- exact chances over the 252 rolls -------------------------------------------------------------------
@cache
def _categories() -> np.ndarray:
    return np.array([category_of(d) for d in ROLLS])


@cache
def _throw_rows() -> dict[Dice, np.ndarray]:
    """For each kept multiset, the whole-number chance (times 6**5) of each roll after the throw."""
    return {keep: throw_chances()[turn_table().keep_index[keep]].astype(object) for keep in set(_keeps())}


@cache
def _keeps() -> tuple[Dice, ...]:
    return tuple(abstract_keep(d) for d in ROLLS)


def _reroll(weights: np.ndarray, where: np.ndarray | None = None) -> np.ndarray:
    """Throw the dice not kept (at the rolls ``where`` is true; all if None): weights times 6**5."""
    rows, keeps = _throw_rows(), _keeps()
    out = np.zeros(len(ROLLS), dtype=object)
    grouped: dict[Dice, int] = {}
    for i in np.flatnonzero(weights != 0):
        if where is not None and not where[i]:
            out[i] += weights[i] * ROLL_OUTCOMES
        else:
            grouped[keeps[i]] = grouped.get(keeps[i], 0) + weights[i]
    for keep, w in grouped.items():
        out = out + w * rows[keep]
    return out


@dataclass(frozen=True)
class Cup:
    """A cup as whole-number weights over the 252 rolls (its joint chance is ``weights / scale``)."""

    weights: np.ndarray
    scale: int

    @classmethod
    def of(cls, dice: Dice | str) -> Cup:
        """A cup known to hold these dice."""
        dice = Dice.roll(dice)
        return cls(np.array([int(d == dice) for d in ROLLS], dtype=object), 1)

    @property
    def mass(self) -> Fraction:
        return Fraction(int(sum(self.weights.tolist())), self.scale)

    def split(self) -> dict[int, Cup]:
        """The cup given each category it may show."""
        cats = _categories()
        return {
            c: Cup(np.where(cats == c, self.weights, 0).astype(object), self.scale)
            for c in range(len(CATEGORIES))
            if any(self.weights[cats == c])
        }

    def rerolled(self) -> Cup:
        return Cup(_reroll(self.weights), self.scale * ROLL_OUTCOMES)


@cache
def opener_cup(rules: BluffRules = BLUFF, opener_stands_on: str = OPENER_STANDS_ON) -> Cup:
    """The opener's cup after her fixed rolling rule (see the module's notes), exactly.

    >>> sum(opener_cup().split()[c].mass for c in range(9))
    Fraction(1, 1)
    """
    stand = CATEGORIES.index(opener_stands_on)
    cup = Cup(np.array([ways(d) for d in ROLLS], dtype=object), ROLL_OUTCOMES)
    for _ in range(rules.opening_rolls - 1):
        cup = Cup(_reroll(cup.weights, _categories() < stand), cup.scale * ROLL_OUTCOMES)
    return cup


@cache
def _make_values(target: int, rerolls: int) -> tuple[np.ndarray, int]:
    """Per roll, the chance (times ``scale``) to hold a category above ``target`` after up to
    ``rerolls`` rerolls, rerolling while not above it."""
    above = _categories() > target
    values = above.astype(object)
    scale = 1
    for _ in range(rerolls):
        onward = np.zeros(len(ROLLS), dtype=object)
        for i in range(len(ROLLS)):
            if above[i]:
                onward[i] = scale * ROLL_OUTCOMES
            else:
                onward[i] = int(np.dot(_throw_rows()[_keeps()[i]], values))
        values, scale = onward, scale * ROLL_OUTCOMES
    return values, scale


def chance_to_beat(cup: Cup, target: int, rerolls: int) -> Fraction:
    """The exact chance that a player who accepts this cup makes a category above ``target``.

    >>> chance_to_beat(Cup.of("66665"), CATEGORIES.index("Four of a Kind"), 2)  # 1 - (5/6)**2
    Fraction(11, 36)
    """
    values, scale = _make_values(target, rerolls)
    return Fraction(int(np.dot(cup.weights, values)), cup.scale * scale) / cup.mass


# --- the game tree ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class BluffAbstraction:
    """The abstraction's parameters (the rule set gives the rolls; see the module's notes).

    >>> BluffAbstraction().rules.reroll_rounds
    2
    """

    rules: BluffRules = BLUFF
    opener_stands_on: str = OPENER_STANDS_ON

    def __post_init__(self) -> None:
        if self.opener_stands_on not in CATEGORIES:
            raise DicePokerError(
                f"opener_stands_on must be one of {', '.join(CATEGORIES)}, not {self.opener_stands_on!r}"
            )

    def tree(self) -> Node:
        """The game tree: player 0 opens, player 1 answers (payoffs to player 0)."""
        cup = opener_cup(self.rules, self.opener_stands_on)
        return Chance((part.mass / cup.mass, self._open(c, part)) for c, part in cup.split().items())

    def _open(self, c0: int, cup: Cup) -> Node:
        return Decision(
            0,
            ("open", CATEGORIES[c0]),
            ((CATEGORIES[a], self._answer(c0, a, cup)) for a in range(len(CATEGORIES))),
        )

    def _answer(self, c0: int, a: int, cup: Cup) -> Node:
        called = Terminal(1 if c0 >= a else -1)
        if a == TOP:
            return Decision(1, ("answer", CATEGORIES[a]), [(CALL, called)])
        return Decision(
            1, ("answer", CATEGORIES[a]), [(CALL, called), (ACCEPT, self._reroll(c0, a, (c0,), cup))]
        )

    def _reroll(self, c0: int, a: int, path: tuple[int, ...], cup: Cup) -> Node:
        if len(path) - 1 >= self.rules.reroll_rounds or not can_reroll(path[-1]):
            return self._announce(c0, a, path, cup)
        key = ("reroll", CATEGORIES[a], tuple(CATEGORIES[c] for c in path))
        return Decision(
            1, key, [(STOP, self._announce(c0, a, path, cup)), (REROLL, self._thrown(c0, a, path, cup))]
        )

    def _thrown(self, c0: int, a: int, path: tuple[int, ...], cup: Cup) -> Node:
        new = cup.rerolled()
        return Chance(
            (part.mass / new.mass, self._reroll(c0, a, path + (c,), part)) for c, part in new.split().items()
        )

    def _announce(self, c0: int, a: int, path: tuple[int, ...], cup: Cup) -> Node:
        key = ("announce", CATEGORIES[a], tuple(CATEGORIES[c] for c in path))
        return Decision(
            1,
            key,
            ((CATEGORIES[a2], self._last_answer(c0, a, path, a2, cup)) for a2 in range(a + 1, TOP + 1)),
        )

    def _last_answer(self, c0: int, a: int, path: tuple[int, ...], a2: int, cup: Cup) -> Node:
        key = ("answer again", CATEGORIES[c0], CATEGORIES[a], len(path) - 1, CATEGORIES[a2])
        called = Terminal(-1 if path[-1] >= a2 else 1)
        if a2 == TOP:
            return Decision(0, key, [(CALL, called)])
        beat = chance_to_beat(cup, a2, self.rules.reroll_rounds)
        return Decision(0, key, [(CALL, called), (ACCEPT, Terminal(2 * beat - 1))])


@cache
def bluff_abstraction(rules: BluffRules = BLUFF, opener_stands_on: str = OPENER_STANDS_ON) -> SequenceForm:
    """The abstraction of one round in sequence form (built once per rule set, then cached)."""
    return sequence_form(BluffAbstraction(rules, opener_stands_on).tree())
