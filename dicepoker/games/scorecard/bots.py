"""The computer players of the scorecard games, found by name: random, greedy, heuristic and optimal.

A strategy is any function ``strategy(view) -> Keep | Score`` (see :class:`~.engine.TurnView`): it is
asked after each roll and answers "keep these dice and roll the rest" or "score this box". A
student writes one as a plain function and enters it in :func:`dicepoker.lessons.lab.tournament`.

* ``random``: any legal choice, all equally likely;
* ``greedy``: the most points *this turn* (rerolls aimed at that), blind to the future and the bonus;
* ``heuristic``: a simple human-like player (:func:`simple_bot`);
* ``optimal``: the choice with the highest expected final score (:mod:`~.solver.solve`).

>>> from dicepoker import ScorecardGame
>>> from dicepoker.games.scorecard.engine import TurnView
>>> from dicepoker.core.dice import Dice
>>> view = TurnView(ScorecardGame("yatzy").rules, {}, Dice.parse("66665"), 0, False)
>>> greedy(view)  # 29 points in Chance beat 24 in Sixes or Four of a Kind, now
Score(box='Chance')
>>> sorted(STRATEGIES)
['greedy', 'heuristic', 'optimal', 'random']
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

import numpy as np

from dicepoker.core.actions import Keep, Roll
from dicepoker.core.dice import FACES, NUMBER_OF_DICE, Dice
from dicepoker.core.errors import IllegalActionError, UnknownNameError
from dicepoker.core.match import random_action
from dicepoker.games.scorecard.engine import Action, Score, ScorecardGame, TurnView
from dicepoker.games.scorecard.hints import score_values
from dicepoker.games.scorecard.rules import Need, Points, ScorecardRules
from dicepoker.games.scorecard.solver.layout import KEEP_ALL_OFFSET
from dicepoker.games.scorecard.solver.solution import Solution
from dicepoker.games.scorecard.solver.solve import solve
from dicepoker.games.scorecard.solver.tables import dice_tables, rule_tables

TIE = 1e-9


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


def seat_for(strategy: Strategy) -> Any:
    """A strategy at a seat of the match runner (:func:`dicepoker.core.match.play_match`).

    It rolls to start each turn, then keeps and scores as the strategy chooses.

    >>> from dicepoker.core.match import play_match
    >>> game = play_match(ScorecardGame("yatzy", seed=4), [seat_for(simple_bot)])
    >>> game.is_over
    True
    """

    def seat(game: ScorecardGame, player: int, rng: Any) -> Action:
        view = game.view(player)
        return Roll() if view.dice is None else strategy(view)

    seat.__name__ = getattr(strategy, "name", getattr(strategy, "__name__", "strategy"))
    return seat


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
    return optimal_strategy()


class Strategy(Protocol):
    """What a strategy is: called with a :class:`TurnView`, returns :class:`Keep` or :class:`Score`.

    >>> def always_chance(view: TurnView) -> Keep | Score:
    ...     return Score("Chance")
    >>> from dicepoker import find_game
    >>> from dicepoker.core.dice import Dice
    >>> always_chance(TurnView(find_game("yatzy"), {}, Dice.parse("12345"), 2, True))
    Score(box='Chance')
    """

    def __call__(self, view: TurnView) -> Keep | Score: ...


def choices(view: TurnView) -> list[Keep | Score]:
    """What a strategy chooses from after a roll: the view's legal keeps and boxes.

    >>> from dicepoker import find_game
    >>> from dicepoker.core.dice import Dice
    >>> len(choices(TurnView(find_game("classic"), {}, Dice.parse("11111"), 2, True)))  # 6 keeps, 15 boxes
    21
    """
    return [a for a in view.legal_actions() if isinstance(a, Keep | Score)]


class RandomStrategy:
    """Any legal choice, all equally likely; randomness from ``rng`` (a generator, a seed or None).

    >>> from dicepoker import find_game
    >>> from dicepoker.core.dice import Dice
    >>> view = TurnView(find_game("yatzy"), {}, Dice.parse("12345"), 2, True)
    >>> RandomStrategy(rng=1)(view) == RandomStrategy(rng=1)(view)
    True
    """

    name = "random"

    def __init__(self, rng: np.random.Generator | int | None = None) -> None:
        self.rng = np.random.default_rng(rng)

    def __call__(self, view: TurnView) -> Keep | Score:
        return random_action(choices(view), self.rng)

    def reseeded(self, rng: np.random.Generator | int | None) -> RandomStrategy:
        """The same strategy drawing from another generator (used by seeded simulations)."""
        return RandomStrategy(rng)

    def __repr__(self) -> str:
        return "RandomStrategy()"


class PlannedStrategy:
    """Chooses by a value table: the highest expected value, ties to the earlier box or keep.

    With the optimal value table this is the optimal strategy; with a table of zeros ("nothing
    after this turn counts") it is the greedy one.

    >>> from dicepoker import find_game
    >>> from dicepoker.core.dice import Dice
    >>> view = TurnView(find_game("two_part"), {}, Dice.parse("66612"), 2, True)
    >>> optimal(view), greedy(view)
    (Keep(dice=Dice('666')), Keep(dice=Dice('666')))
    """

    def __init__(self, name: str, table: Callable[[ScorecardRules], Solution]) -> None:
        self.name = name
        self._table = table
        self._solutions: dict[ScorecardRules, Solution] = {}

    def solution(self, rules: ScorecardRules) -> Solution:
        """The value table this strategy plays ``rules`` by (computed or loaded once)."""
        if rules not in self._solutions:
            self._solutions[rules] = self._table(rules)
        return self._solutions[rules]

    def __call__(self, view: TurnView) -> Keep | Score:
        solution = self.solution(view.rules)
        tables = dice_tables()
        roll = tables.roll_index[view.dice]
        turn = solution.turn(view.filled)
        if view.rolls_left > 0:
            inside = tables.keeps_in_roll[roll]
            inside = inside[inside != KEEP_ALL_OFFSET + roll]  # keeping all five is "stop": a score
            values = turn.keep[view.rolls_left, inside]
            best = int(np.argmax(values))
            if values[best] > turn.score[int(view.first_roll), roll] + TIE:
                return Keep(tables.keeps[inside[best]])
        return Score(_best_box(solution, view))

    def __repr__(self) -> str:
        return f"<{self.name} strategy>"


def _best_box(solution: Solution, view: TurnView) -> str:
    best_box, best_value = "", -np.inf
    for box, _, _, value in score_values(solution, view):
        if value > best_value + TIE:
            best_box, best_value = box, value
    return best_box


def _optimal_table(rules: ScorecardRules) -> Solution:
    return solve(rules)


def _greedy_table(rules: ScorecardRules) -> Solution:
    t = rule_tables(rules)
    return Solution(rules, np.zeros(t.shape), states=0, turns=0, seconds=0.0)


def optimal_strategy(solution: Solution | None = None) -> PlannedStrategy:
    """The optimal strategy (maximises the expected final score); solves or loads the table once.

    >>> from dicepoker import find_game
    >>> from dicepoker.core.dice import Dice
    >>> best = optimal_strategy(solve("yahtzee", progress=False))
    >>> best(TurnView(find_game("yahtzee"), {}, Dice.parse("23456"), 2, True))
    Score(box='Large Straight')
    """
    if solution is None:
        return PlannedStrategy("optimal", _optimal_table)
    return PlannedStrategy("optimal", lambda rules: solution if rules == solution.rules else solve(rules))


def greedy_strategy() -> PlannedStrategy:
    """The greedy strategy: the most points this turn, rerolls aimed at that, the future ignored.

    >>> from dicepoker import find_game
    >>> from dicepoker.core.dice import Dice
    >>> greedy_strategy()(TurnView(find_game("yahtzee"), {}, Dice.parse("11112"), 0, False))  # a tie
    Score(box='Three of a Kind')
    """
    return PlannedStrategy("greedy", _greedy_table)


greedy = greedy_strategy()
optimal = optimal_strategy()


def heuristic(view: TurnView) -> Keep | Score:
    """A simple human-like player: bank a made fixed-score box, else collect the commonest face.

    >>> from dicepoker import find_game
    >>> from dicepoker.core.dice import Dice
    >>> heuristic(TurnView(find_game("classic"), {}, Dice.parse("55123"), 2, True))
    Keep(dice=Dice('55'))
    """
    return simple_bot(view)


STRATEGIES: dict[str, Callable[[], Any]] = {
    "random": RandomStrategy,
    "greedy": greedy_strategy,
    "heuristic": lambda: heuristic,
    "optimal": optimal_strategy,
}


def find_strategy(name: str) -> Strategy:
    """A fresh strategy by name: ``random``, ``greedy``, ``heuristic`` or ``optimal``.

    >>> find_strategy("optimal")
    <optimal strategy>
    >>> find_strategy("clever")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    dicepoker.core.errors.UnknownNameError: no strategy 'clever'; the strategies are: random, greedy, ...
    """
    if name not in STRATEGIES:
        raise UnknownNameError(f"no strategy {name!r}; the strategies are: {', '.join(STRATEGIES)}")
    return STRATEGIES[name]()


def strategy_name(strategy: Any) -> str:
    """A readable name for a strategy: its ``name``, else its function name.

    >>> strategy_name(find_strategy("random")), strategy_name(heuristic)
    ('random', 'heuristic')
    """
    return str(getattr(strategy, "name", None) or getattr(strategy, "__name__", None) or repr(strategy))


def as_strategy(strategy: Strategy | str) -> Strategy:
    """A strategy from itself or its name.

    >>> as_strategy("heuristic") is heuristic, as_strategy(heuristic) is heuristic
    (True, True)
    """
    return find_strategy(strategy) if isinstance(strategy, str) else strategy
