"""The computer players of the scorecard games, found by name: random, greedy, heuristic and optimal.

A strategy is a bot of the one shape every game's bots share (:class:`~dicepoker.core.match.Bot`):
``strategy(view, rng) -> action``, with the player's :class:`~.engine.TurnView`. It rolls to start a
turn, then answers "keep these dice and roll the rest" or "score this box". A student writes one as a
plain function of the view alone, ``my_strategy(view)``, asked only after a roll; every place that
takes a strategy turns it into a bot with :func:`~dicepoker.core.match.as_bot`.

* ``random``: any legal choice, all equally likely (:func:`~dicepoker.core.match.random_bot`,
  every game's random bot);
* ``greedy``: the most points *this turn* (rerolls aimed at that), blind to the future and the bonus;
* ``heuristic``: a simple human-like player (:func:`simple_bot`);
* ``optimal``: the choice with the highest expected final score (:mod:`~.solver.solve`).

>>> from dicepoker import ScorecardGame
>>> from dicepoker.games.scorecard.engine import TurnView
>>> from dicepoker.core.dice import Dice
>>> view = TurnView(ScorecardGame("yatzy").rules, {}, Dice.parse("66665"), 0, False)
>>> greedy(view, None)  # 29 points in Chance beat 24 in Sixes or Four of a Kind, now
Score(box='Chance')
>>> sorted(STRATEGIES)
['greedy', 'heuristic', 'optimal', 'random']
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from dicepoker.core.actions import Keep, Roll
from dicepoker.core.dice import FACES, NUMBER_OF_DICE, Dice
from dicepoker.core.errors import IllegalActionError, UnknownNameError
from dicepoker.core.i18n import fill_message, format_number, pgettext
from dicepoker.core.match import Bot, as_bot, random_bot
from dicepoker.core.randomness import generator
from dicepoker.games.scorecard.engine import Action, Score, ScorecardGame, TurnView
from dicepoker.games.scorecard.hints import score_values
from dicepoker.games.scorecard.rules import Need, Points, ScorecardRules
from dicepoker.games.scorecard.solver.layout import KEEP_ALL_OFFSET
from dicepoker.games.scorecard.solver.solution import Solution
from dicepoker.games.scorecard.solver.solve import check_risk, solve
from dicepoker.games.scorecard.solver.tables import dice_tables, rule_tables

TIE = 1e-9


def play_turn(
    game: ScorecardGame, strategy: Bot | Callable[[TurnView], Action], rng: Any = None
) -> list[Action]:
    """Play the current player's whole turn with ``strategy`` (a bot, or a function of the view
    alone); its choices draw from ``rng``. Returns the actions taken.

    >>> game = ScorecardGame("yatzy", seed=4)
    >>> actions = play_turn(game, simple_bot)
    >>> actions[0], type(actions[-1]).__name__, len(game.scorecard(0))
    (Roll(), 'Score', 1)
    """
    bot, rng = as_bot(strategy), generator(rng=rng)
    actions: list[Action] = []
    while True:
        choice = bot(game.view(), rng)
        if not isinstance(choice, Roll | Keep | Score):
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


def simple_bot(view: TurnView, rng: Any = None) -> Action:
    """A simple heuristic player: bank a made fixed-score box, else collect the commonest face.

    >>> from dicepoker import find_game
    >>> view = TurnView(find_game("classic"), {}, Dice.parse("23456"), 2, False)
    >>> simple_bot(view, None)
    Score(box='Large Straight')
    """
    if view.dice is None:
        return Roll()
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


def default_computer_strategy(rules: ScorecardRules) -> Bot:
    """The strategy a computer seat plays in the play widget for ``rules``: the optimal one.

    Its value table is solved (or loaded from the cache) at the computer's first move.
    """
    return optimal_strategy()


class PlannedStrategy:
    """Chooses by a value table: the highest expected value, ties to the earlier box or keep.

    With the optimal value table this is the optimal strategy; with a table of zeros ("nothing
    after this turn counts") it is the greedy one.

    >>> from dicepoker import find_game
    >>> from dicepoker.core.dice import Dice
    >>> view = TurnView(find_game("two_part"), {}, Dice.parse("66612"), 2, True)
    >>> optimal(view, None), greedy(view, None)
    (Keep(dice=Dice('666')), Keep(dice=Dice('666')))
    """

    risk: float = 0.0  # the θ of the table it plays by (0: the expected score)

    def __init__(self, name: str, table: Callable[[ScorecardRules], Solution]) -> None:
        self.name = name
        self._table = table
        self._solutions: dict[ScorecardRules, Solution] = {}

    def solution(self, rules: ScorecardRules) -> Solution:
        """The value table this strategy plays ``rules`` by (computed or loaded once)."""
        if rules not in self._solutions:
            self._solutions[rules] = self._table(rules)
        return self._solutions[rules]

    def __call__(self, view: TurnView, rng: Any = None) -> Action:
        return planned_choice(self.solution(view.rules), view)

    def __repr__(self) -> str:
        return f"<{self.name} strategy>"


def planned_choice(solution: Solution, view: TurnView) -> Action:
    """The choice with the highest value in ``solution``'s table, ties to the earlier box or keep
    (a roll to start the turn)."""
    if view.dice is None:
        return Roll()
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
    >>> best(TurnView(find_game("yahtzee"), {}, Dice.parse("23456"), 2, True), None)
    Score(box='Large Straight')
    """
    if solution is None:
        return PlannedStrategy("optimal", _optimal_table)
    return PlannedStrategy("optimal", lambda rules: solution if rules == solution.rules else solve(rules))


def greedy_strategy() -> PlannedStrategy:
    """The greedy strategy: the most points this turn, rerolls aimed at that, the future ignored.

    >>> from dicepoker import find_game
    >>> from dicepoker.core.dice import Dice
    >>> greedy_strategy()(TurnView(find_game("yahtzee"), {}, Dice.parse("11112"), 0, False), None)  # a tie
    Score(box='Three of a Kind')
    """
    return PlannedStrategy("greedy", _greedy_table)


@dataclass(frozen=True)
class RiskStrategy:
    """The player who maximises ``E[(exp(θ S) - 1) / θ]`` of the final score ``S``: a record of its θ.

    θ travels as this number; the names are computed from it (never parsed back from a name).
    Its table is ``solve(rules, risk=θ)``, computed or loaded once per rule set.

    >>> RiskStrategy(0.05).name, RiskStrategy(-0.1).name, RiskStrategy(0.0).name
    ('risk +0.05', 'risk -0.1', 'risk 0')
    >>> from dicepoker.core.i18n import in_language
    >>> with in_language("uk"):
    ...     RiskStrategy(-0.05).shown_name()
    'ризик −0,05'
    """

    theta: float
    _solutions: dict[ScorecardRules, Solution] = field(default_factory=dict, compare=False, repr=False)

    @property
    def risk(self) -> float:
        """θ, as every strategy with a value table says it (0: the expected score)."""
        return self.theta

    @property
    def name(self) -> str:
        """The English name, the key of a tournament's tables: ``'risk +0.05'``, ``'risk 0'``."""
        return "risk 0" if self.theta == 0 else f"risk {self.theta:+g}"

    def shown_name(self) -> str:
        """The name as the current language says it, θ written the language's way."""
        shown = format_number(self.theta) if self.theta <= 0 else "+" + format_number(self.theta)
        # TRANSLATORS: not in the sources: a bot that plays with the risk attitude θ (theta)
        return fill_message(pgettext("bot", "risk {theta}"), theta=shown)

    def solution(self, rules: ScorecardRules) -> Solution:
        """The value table this strategy plays ``rules`` by (computed or loaded once)."""
        if rules not in self._solutions:
            self._solutions[rules] = solve(rules, risk=self.theta)
        return self._solutions[rules]

    def __call__(self, view: TurnView, rng: Any = None) -> Action:
        return planned_choice(self.solution(view.rules), view)

    def __repr__(self) -> str:
        return f"<{self.name} strategy>"


_RISK_PLAYERS: dict[str, RiskStrategy] = {}  # the risk players made so far, by name: their shown names


def risk_strategy(risk: float) -> RiskStrategy:
    """The risk-θ player, θ = ``risk`` (checked): θ > 0 seeks risk (a long shot at a big score is
    worth more than its average), θ < 0 avoids it; ``risk_strategy(0)`` plays like ``optimal``.

    >>> from dicepoker import find_game
    >>> from dicepoker.core.dice import Dice
    >>> risk_strategy(0.05)
    <risk +0.05 strategy>
    >>> view = TurnView(find_game("two_part"), {}, Dice.parse("66612"), 2, True)
    >>> risk_strategy(-0.05)(view, None)
    Keep(dice=Dice('666'))
    """
    player = RiskStrategy(check_risk(risk))
    return _RISK_PLAYERS.setdefault(player.name, player)


def risk_name(risk: float) -> str:
    """The name of the risk-θ player: ``'risk +0.05'``, ``'risk -0.1'``, ``'risk 0'``.

    >>> risk_name(0.05), risk_name(-0.1), risk_name(0)
    ('risk +0.05', 'risk -0.1', 'risk 0')
    """
    return RiskStrategy(risk).name


def shown_bot_name(name: str) -> str | None:
    """The scorecard bot or strategy called ``name`` as the current language says it; ``None`` if
    no scorecard bot has that name (the registry's ``bot_names`` part of the scorecard games).

    >>> from dicepoker.core.i18n import in_language
    >>> with in_language("ro"):
    ...     shown_bot_name("greedy"), shown_bot_name(risk_strategy(0.02).name), shown_bot_name("Ann")
    ('lacom', 'risc +0,02', None)
    """
    names = {
        # TRANSLATORS: a bot's name (not in the sources)
        "greedy": lambda: pgettext("bot", "greedy"),
        # TRANSLATORS: a bot's name (not in the sources)
        "heuristic": lambda: pgettext("bot", "heuristic"),
        # TRANSLATORS: a bot's name (not in the sources)
        "optimal": lambda: pgettext("bot", "optimal"),
        # TRANSLATORS: a bot's name (not in the sources)
        "plays to win": lambda: pgettext("bot", "plays to win"),
    }
    if name in names:
        return names[name]()
    player = _RISK_PLAYERS.get(name)
    return player.shown_name() if player is not None else None


# the θ the win-seeker chooses from (classic's poker bonuses make θ = 0.05 already a lottery player)
RISK_GRID = (-0.05, -0.02, -0.01, -0.005, -0.002, 0.0, 0.002, 0.005, 0.01, 0.02, 0.05)
VARIANCE_RISK = 0.002  # (CE(+θ) - CE(-θ)) / θ at this θ estimates the variance of the points to come


class WinSeekingStrategy:
    """A player who plays to win: before each turn it picks a risk θ from the score gap and turns left.

    The rule. Let ``lead`` be its expected final score minus the best opponent's (both from the
    optimal value table: points banked + expected points to come) and ``spread`` the variance of
    the difference of the two finals still to come (each player's variance from its own state:
    ``(CE(+0.002) - CE(-0.002)) / 0.002``, exact value tables, since ``CE(θ) ≈ mean + θ var / 2``).
    With the final difference roughly normal, the chance to win is ``Φ(lead / sqrt(spread))``;
    a player who maximises ``mean + θ var / 2`` (what the θ-player does for small θ) trades mean
    for variance at the rate that best raises that chance when ``θ = -lead / spread``. It plays
    ``θ = -scale x lead / spread``, snapped to the nearest of ``grid`` (so behind it gambles, ahead
    it plays safe, and the same gap matters more as the turns run out and ``spread`` shrinks).
    ``scale`` was tuned on seeded games the tests do not use (see :mod:`~.analysis.risk`).

    It reads every scorecard from its view (they are public); without opponents it plays θ = 0,
    the optimum.

    >>> bot = WinSeekingStrategy()
    >>> bot.risk_for_gap(lead=-30.0, spread=600.0), bot.risk_for_gap(lead=30.0, spread=600.0)
    (0.05, -0.05)
    >>> bot.risk_for_gap(lead=0.0, spread=0.0)
    0.0
    """

    name = "plays to win"

    def __init__(self, grid: tuple[float, ...] = RISK_GRID, scale: float = 1.0) -> None:
        self.grid = tuple(sorted(grid))
        self.scale = float(scale)
        self.risk = 0.0
        self._players = {theta: risk_strategy(theta) for theta in self.grid}
        self._players.setdefault(0.0, risk_strategy(0.0))

    def risk_for_gap(self, lead: float, spread: float) -> float:
        """The θ of the grid nearest to ``-scale x lead / spread`` (0 when nothing is left to chance)."""
        if spread <= 1e-9:
            return 0.0
        wanted = -self.scale * lead / spread
        return min(self.grid, key=lambda theta: (abs(theta - wanted), abs(theta)))

    def lead_and_spread(self, view: TurnView) -> tuple[float, float]:
        """(expected final lead over the best opponent, variance of the difference still to come),
        read from the view's scorecards."""
        rules = view.rules
        optimum = solve(rules)
        wide, narrow = solve(rules, risk=VARIANCE_RISK), solve(rules, risk=-VARIANCE_RISK)

        def outlook(card: Mapping[str, int], bonus: int) -> tuple[float, float]:
            if len(card) == len(rules.boxes):
                return float(rules.total(card, bonus)), 0.0
            mean = optimum.expected_final(card, bonus)
            variance = (wide.future_value(card) - narrow.future_value(card)) / VARIANCE_RISK
            return mean, max(0.0, variance)

        seats = list(zip(view.scorecards, view.bonus_points, strict=True))
        others = [outlook(*seat) for i, seat in enumerate(seats) if i != view.player]
        if not others:
            return 0.0, 0.0
        mine, best = outlook(view.filled, view.poker_bonus_points), max(others)
        return mine[0] - best[0], mine[1] + best[1]

    def risk_for_view(self, view: TurnView) -> float:
        """This turn's θ, from the score gap the view shows (0 in solitaire)."""
        return self.risk_for_gap(*self.lead_and_spread(view)) if len(view.scorecards) > 1 else 0.0

    def __call__(self, view: TurnView, rng: Any = None) -> Action:
        if view.dice is None:
            return Roll()
        self.risk = self.risk_for_view(view)
        return self._players[self.risk](view, rng)

    def __repr__(self) -> str:
        return f"<plays-to-win strategy, scale {self.scale:g}>"


def win_seeking_strategy(rules: ScorecardRules | None = None) -> WinSeekingStrategy:
    """A fresh player who plays to win (what the play widget's "plays to win" computer seat uses).

    >>> win_seeking_strategy()
    <plays-to-win strategy, scale 1>
    """
    return WinSeekingStrategy()


greedy = greedy_strategy()
optimal = optimal_strategy()


def heuristic(view: TurnView, rng: Any = None) -> Action:
    """A simple human-like player: bank a made fixed-score box, else collect the commonest face.

    >>> from dicepoker import find_game
    >>> from dicepoker.core.dice import Dice
    >>> heuristic(TurnView(find_game("classic"), {}, Dice.parse("55123"), 2, True), None)
    Keep(dice=Dice('55'))
    """
    return simple_bot(view, rng)


STRATEGIES: dict[str, Callable[[], Bot]] = {
    "random": lambda: random_bot,
    "greedy": greedy_strategy,
    "heuristic": lambda: heuristic,
    "optimal": optimal_strategy,
}


def find_strategy(name: str) -> Bot:
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


def as_strategy(strategy: Bot | Callable[[TurnView], Action] | str) -> Bot:
    """A strategy, as a bot, from its name, itself, or a student's function of the view alone
    (through :func:`~dicepoker.core.match.as_bot`).

    >>> as_strategy("heuristic") is heuristic, as_strategy(heuristic) is heuristic
    (True, True)
    >>> from dicepoker.core.match import bot_name_of
    >>> bot_name_of(as_strategy("random")), bot_name_of(as_strategy(lambda view: Score("Chance")))
    ('random', '<lambda>')
    """
    return find_strategy(strategy) if isinstance(strategy, str) else as_bot(strategy)
