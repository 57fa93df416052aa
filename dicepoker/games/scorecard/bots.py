"""Strategies: plain functions that choose what a computer (or a student's) player does.

A strategy is asked after each roll and answers :class:`Keep` (reroll the rest; keeping all five
means stop) or :class:`Score`.

>>> from dicepoker import ScorecardGame
>>> game = ScorecardGame("classic", seed=3)
>>> [str(a) for a in play_turn(game, simple_bot)]
['roll', 'keep 222 and roll 2', 'keep 222 and roll 2', 'score Pair']
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from dicepoker.core.dice import FACES, NUMBER_OF_DICE, Dice
from dicepoker.core.errors import IllegalActionError
from dicepoker.games.scorecard.engine import Action, Keep, Roll, Score, ScorecardGame
from dicepoker.games.scorecard.rules import Need, Points, ScorecardRules


@dataclass(frozen=True)
class TurnView:
    """What a strategy sees: the rules, the player's own scorecard, the dice, rolls left."""

    rules: ScorecardRules
    filled: Mapping[str, int]
    dice: Dice
    rolls_left: int
    first_roll: bool
    poker_bonus_points: int = 0

    def options(self) -> dict[str, int]:
        """Every box that may be scored now, with what it would score."""
        return self.rules.options(self.dice, self.filled, self.first_roll)

    @property
    def upper_total(self) -> int:
        return self.rules.upper_total(self.filled)


Strategy = Callable[[TurnView], Keep | Score]


def play_turn(game: ScorecardGame, strategy: Strategy) -> list[Action]:
    """Play the current player's whole turn with ``strategy``; returns the actions taken."""
    actions: list[Action] = []
    if game.dice is None:
        game.roll()
        actions.append(Roll())
    while True:
        choice = strategy(game.view())
        if not isinstance(choice, Keep | Score):
            raise IllegalActionError(f"a strategy must return Keep(...) or Score(...), not {choice!r}")
        game.apply(choice)
        actions.append(choice)
        if isinstance(choice, Score):
            return actions


def _box_potential(rules: ScorecardRules, name: str) -> float:
    """A rough worth of an open box, so that a poor roll is dumped where it costs least."""
    box = rules.box(name)
    if box.need is Need.FACE:
        return 3.0 * box.face
    if box.points is Points.FIXED:
        return 0.6 * box.fixed
    return 18.0 if box.need is Need.CHANCE else 12.0


def _target_face(view: TurnView) -> int:
    """The face worth collecting: most dice showing, higher face first, its upper box open."""
    open_faces = {b.face for b in view.rules.upper_boxes if b.name not in view.filled}
    counts = view.dice.counts
    return max(FACES, key=lambda f: (counts[f - 1] + (0.5 if f in open_faces else 0), f))


def simple_bot(view: TurnView) -> Keep | Score:
    """A simple heuristic player: bank a made fixed-score box, else collect the commonest face.

    >>> from dicepoker import find_game
    >>> view = TurnView(find_game("classic"), {}, Dice.parse("23456"), 2, False)
    >>> simple_bot(view)
    Score(box='Large Straight')
    """
    options = view.options()
    if view.rolls_left:
        made = [
            n for n, s in options.items() if view.rules.box(n).points is Points.FIXED and s > 0 and s >= 25
        ]
        doubled = [n for n, s in options.items() if view.first_roll and view.rules.box(n).doubles and s >= 20]
        if made or doubled:
            return Score(max(made + doubled, key=lambda n: options[n]))
        face = _target_face(view)
        keep = Dice([face] * view.dice.count(face))
        if len(keep) == NUMBER_OF_DICE:
            keep = view.dice
        return Keep(keep)
    return Score(max(options, key=lambda n: options[n] - 0.5 * _box_potential(view.rules, n)))


def default_computer_strategy(rules: ScorecardRules) -> Strategy:
    """The strategy a computer seat plays in the play widget for ``rules``: the optimal one.

    Its value table is solved (or loaded from the cache) at the computer's first move.
    """
    from dicepoker.games.scorecard.strategies import optimal_strategy

    return optimal_strategy()
