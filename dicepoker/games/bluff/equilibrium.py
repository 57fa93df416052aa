"""The equilibrium bot: plays the full bluff game by the solved abstraction's strategy.

:func:`equilibrium_solution` solves the abstraction (:mod:`dicepoker.games.bluff.abstraction`) once
by linear programming and keeps it in memory. :class:`EquilibriumBot` maps what it sees in the real
game onto the abstraction (announcements by category, the cup by its category) and samples its
move from the equilibrium's probabilities with the generator it is given, so a seeded game replays
exactly. Where the real game leaves the abstraction (a third announcement, a raise within one
category, more than two players) it falls back on the abstraction's own rules: reroll towards a
higher hand, announce the truth when it can and the lowest legal hand when it cannot.

:func:`abstract_strategy` does the opposite for any bot: it asks the bot what it would do in
each situation of the abstraction (on sampled dice and hands of the right categories), which
gives the bot's strategy in the abstraction, and so its exploitability (:func:`bot_exploitability`).

>>> game = play_bluff_game([EquilibriumBot(), NaiveBot()], rng=4)
>>> game.is_over, game.player_names
(True, ('equilibrium', 'naive'))
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from typing import TYPE_CHECKING, Any

import numpy as np

from dicepoker.core.dice import NUMBER_OF_DICE, Dice, ways
from dicepoker.core.errors import DicePokerError
from dicepoker.core.match import Bot, random_bot, seat_of, tournament_rows
from dicepoker.core.randomness import generator
from dicepoker.games.bluff.abstraction import (
    ACCEPT,
    CALL,
    CATEGORIES,
    OPENER_STANDS_ON,
    REROLL,
    ROLLS,
    STOP,
    TOP,
    abstract_keep,
    bluff_abstraction,
    category_of,
    opener_cup,
)
from dicepoker.games.bluff.bots import (  # noqa: F401 (play_bluff_game: the doctests)
    NaiveBot,
    ReasoningBot,
    play_bluff_game,
)
from dicepoker.games.bluff.engine import (
    Accept,
    Action,
    Announce,
    BluffGame,
    BluffView,
    CallBluff,
    Phase,
    Throw,
    TurnRecord,
)
from dicepoker.games.bluff.odds import keep_to_reach
from dicepoker.games.bluff.rules import ALL_HANDS, BLUFF, BluffRules, Hand, best_hand, hands_above, next_hand
from dicepoker.solvers.zero_sum import Solution, Strategy, exploitability, solve_lp

if TYPE_CHECKING:  # pandas is imported where a table is made: playing a game needs none
    import pandas as pd


@cache
def equilibrium_solution(rules: BluffRules = BLUFF, opener_stands_on: str = OPENER_STANDS_ON) -> Solution:
    """The abstraction's equilibrium for this rule set, by the sequence-form LP (solved once).

    >>> solution = equilibrium_solution()
    >>> solution.exploitability < 1e-9, round(solution.value, 4)
    (True, 0.2651)
    """
    return solve_lp(bluff_abstraction(rules, opener_stands_on))


def _sample(probs: dict[Hashable, float], rng: np.random.Generator) -> Hashable:
    """One action drawn with the given probabilities (in the strategy's fixed order)."""
    u, total = rng.random(), 0.0
    items = list(probs.items())
    for action, p in items:
        total += p
        if u < total:
            return action
    return max(items, key=lambda item: item[1])[0]


def hand_in_category(category: int, dice: Dice, last: Hand | None) -> Hand:
    """A real announcement for an abstract one: the strongest hand of ``category`` the dice hold
    that is legal (the truth), else the lowest legal hand of it (a bluff); a category with no legal
    hand left gives the lowest legal hand above.

    >>> full_house = Dice.parse("66622")
    >>> hand_in_category(3, full_house, None), hand_in_category(6, full_house, Hand.parse("three 2s"))
    (Hand('three 6s'), Hand('full house 6s over 2s'))
    >>> hand_in_category(4, Dice.parse("11234"), None)
    Hand('small straight')
    """
    best = best_hand(dice)
    legal = [h for h in hands_above(last) if h.category_rank == category]
    if not legal:  # the category is used up (or below the last announcement)
        return hands_above(last)[0]
    held = [h for h in legal if h <= best]
    return held[-1] if held else legal[0]


@dataclass(frozen=True)
class EquilibriumBot:
    """Plays the solved abstraction's strategy in the full game (see the module's notes).

    It remembers the categories its cup showed during its own turn (the abstraction's player
    does), so use one bot per seat; its randomness comes only from the generator it is called with.

    >>> bot = EquilibriumBot()
    >>> bot.name, bot.opener_stands_on
    ('equilibrium', 'Small Straight')
    """

    opener_stands_on: str = OPENER_STANDS_ON
    name: str = "equilibrium"
    _memory: dict[tuple[int, int], list[int]] = field(default_factory=dict, compare=False, repr=False)

    def strategy_for(self, rules: BluffRules = BLUFF) -> Strategy:
        """The equilibrium's probabilities for every information set of this rule set's abstraction."""
        return equilibrium_solution(rules, self.opener_stands_on).strategy

    def __call__(self, view: BluffView, rng: np.random.Generator) -> Action:
        if view.phase == Phase.RESPOND:
            return self._respond(view, rng)
        if view.dice is None:
            return Throw()
        turn = view.turns[-1]
        said = [t.announcement for t in view.turns if t.announcement is not None]
        if not turn.accepted:
            return self._open(view, rng)
        if len(said) == 1:
            return self._answer_the_opener(view, rng, said[0])
        return self._beyond(view)

    # --- the opener ----------------------------------------------------------------------------------
    def _open(self, view: BluffView, rng: np.random.Generator) -> Action:
        dice = view.dice
        assert dice is not None
        c = category_of(dice)
        if view.rolls_left > 0 and c < CATEGORIES.index(self.opener_stands_on):
            return Throw(abstract_keep(dice))
        chosen = _sample(self.strategy_for(view.rules)[("open", CATEGORIES[c])], rng)
        return Announce(hand_in_category(CATEGORIES.index(str(chosen)), dice, None))

    # --- the acceptor of the opener's announcement ----------------------------------------------------
    def _answer_the_opener(self, view: BluffView, rng: np.random.Generator, said: Hand) -> Action:
        dice = view.dice
        assert dice is not None
        turn = view.turns[-1]
        memory_key = (view.round_number, len(view.turns))
        seen = [] if not turn.throws else self._memory.get(memory_key, [])[: len(turn.throws)]
        path = self._memory[memory_key] = seen + [category_of(dice)]  # the cup after each of my throws
        strategy = self.strategy_for(view.rules)
        a = CATEGORIES[min(said.category_rank, TOP - 1)]
        names = tuple(CATEGORIES[c] for c in path)
        reroll = ("reroll", a, names)
        if view.rolls_left > 0 and reroll in strategy and _sample(strategy[reroll], rng) == REROLL:
            return Throw(abstract_keep(dice))
        key = ("announce", a, names)
        if key not in strategy:
            return self._beyond(view)
        chosen = _sample(strategy[key], rng)
        return Announce(hand_in_category(CATEGORIES.index(str(chosen)), dice, said))

    # --- beyond the abstraction: the ceiling's rule ------------------------------------------------------
    def _beyond(self, view: BluffView) -> Action:
        """Reroll towards the lowest legal hand while the dice don't beat the last announcement;
        then announce the truth if it is legal, else the lowest legal hand."""
        dice, last = view.dice, view.last_announcement
        assert dice is not None and last is not None
        best = best_hand(dice)
        target = next_hand(last)
        if best <= last and view.rolls_left > 0 and target is not None:
            keep = keep_to_reach(dice, target, view.rolls_left)
            if len(keep) < NUMBER_OF_DICE:
                return Throw(keep)
        return Announce(best if best > last else target)  # type: ignore[arg-type]

    # --- calling or accepting -------------------------------------------------------------------------
    def _respond(self, view: BluffView, rng: np.random.Generator) -> Action:
        if not view.may_accept:
            return CallBluff()
        key = self._response_key(view)
        return CallBluff() if _sample(self.strategy_for(view.rules)[key], rng) == CALL else Accept()

    def _response_key(self, view: BluffView) -> tuple[Any, ...]:
        last = view.last_announcement
        assert last is not None
        said = [t.announcement for t in view.turns if t.announcement is not None]
        passed = view.seen_dice is not None and view.seen_in_turn == len(view.turns) - 2
        if len(said) >= 2 and passed:
            assert view.seen_dice is not None and view.previous_announcement is not None
            c0 = category_of(view.seen_dice)
            a = min(view.previous_announcement.category_rank, TOP - 1)
            a2 = max(last.category_rank, a + 1)
            rerolls = min(len(view.turns[-1].throws), view.rules.reroll_rounds)
            strategy = self.strategy_for(view.rules)
            for r in range(rerolls, -1, -1):
                key = ("answer again", CATEGORIES[c0], CATEGORIES[a], r, CATEGORIES[a2])
                if len(strategy.get(key, ())) == 2:
                    return key
        return ("answer", CATEGORIES[min(last.category_rank, TOP - 1)])


# --- any bot in the abstraction ----------------------------------------------------------------------
def _view(rules: BluffRules, turns: list[TurnRecord], phase: Phase, **private: Any) -> BluffView:
    """A two-player view made up for one situation of the abstraction (the responder answers the
    last turn's player; a roller is the last turn's player)."""
    me = 1 - turns[-1].player if phase == Phase.RESPOND else turns[-1].player
    fields = {"rolls_left": 0, "dice": None, "seen_dice": None, "seen_in_turn": None} | private
    return BluffView(
        rules=rules,
        player=me,
        player_names=("Ann", "Bo"),
        lives=(rules.lives, rules.lives),
        current_player=me,
        phase=phase,
        round_number=1,
        turns=tuple(turns),
        past_rounds=(),
        **fields,
    )


class _Draws:
    """Draws rolls of one category by their chance under given weights, and hands of a category."""

    def __init__(self, weights: np.ndarray) -> None:
        cats = np.array([category_of(d) for d in ROLLS])
        w = np.array([float(x) for x in weights])
        self.rolls = {c: [ROLLS[i] for i in np.flatnonzero(cats == c)] for c in range(len(CATEGORIES))}
        self.chances = {c: w[cats == c] / w[cats == c].sum() for c in self.rolls if w[cats == c].sum() > 0}

    def dice(self, category: str, rng: np.random.Generator) -> Dice:
        c = CATEGORIES.index(category)
        return self.rolls[c][int(rng.choice(len(self.rolls[c]), p=self.chances[c]))]

    @staticmethod
    def hand(category: str, rng: np.random.Generator) -> Hand:
        hands = _HANDS_BY_CATEGORY[CATEGORIES.index(category)]
        return hands[int(rng.integers(len(hands)))]


_HANDS_BY_CATEGORY = [[h for h in ALL_HANDS if h.category_rank == c] for c in range(len(CATEGORIES))]


def abstract_strategy(
    bot: Bot, *, rules: BluffRules = BLUFF, samples: int = 12, rng: np.random.Generator | int | None = 0
) -> Strategy:
    """What ``bot`` does in each information set of the abstraction, as probabilities.

    For each set the bot is shown ``samples`` real situations that the set stands for: dice drawn
    by their chance among the rolls of the right category, announcements drawn evenly among the
    hands of the announced category, and its answers counted in the abstraction's terms (any throw
    counts as a reroll, an announcement as its category). The abstraction does not make the number
    of dice thrown public, so the bot is shown the opener throwing once and each reroll throwing
    the dice that do not make the hand. A sampled projection: its exploitability varies a little
    with ``samples`` and ``rng``.

    >>> strategy = abstract_strategy(NaiveBot(), samples=2)
    >>> strategy[("answer", "Full House")], strategy[("answer", "Three of a Kind")]
    ({'call': Fraction(1, 1), 'accept': Fraction(0, 1)}, {'call': Fraction(0, 1), 'accept': Fraction(1, 1)})
    """
    rng = generator(rng=rng)
    sf = bluff_abstraction(rules)
    one_roll = _Draws(np.array([ways(d) for d in ROLLS]))
    opener = _Draws(opener_cup(rules).weights)
    strategy: Strategy = {}
    for plex in sf.players:
        for key, actions in zip(plex.infosets, plex.actions, strict=True):
            counts = dict.fromkeys(actions, 0)
            for _ in range(samples):
                counts[_ask(bot, key, actions, rules, rng, one_roll, opener)] += 1
            strategy[key] = {a: Fraction(n, samples) for a, n in counts.items()}
    return strategy


def _ask(
    bot: Bot,
    key: tuple[Any, ...],
    actions: tuple[Hashable, ...],
    rules: BluffRules,
    rng: np.random.Generator,
    one_roll: _Draws,
    opener: _Draws,
) -> Hashable:
    """The bot's answer, as an abstract action, in one real situation drawn for ``key``."""
    if len(actions) == 1:
        return actions[0]
    kind = key[0]
    if kind == "open":
        dice = opener.dice(key[1], rng)
        turns = [TurnRecord(0, accepted=False, throws=(NUMBER_OF_DICE,))]
        action = bot(_view(rules, turns, Phase.ROLL, dice=dice, seen_dice=dice, seen_in_turn=0), rng)
        return _as_category(action, None, actions)
    if kind == "answer":
        said = _Draws.hand(key[1], rng)
        turns = [TurnRecord(0, accepted=False, throws=(NUMBER_OF_DICE,), announcement=said)]
        action = bot(_view(rules, turns, Phase.RESPOND), rng)
        return CALL if isinstance(action, CallBluff) else ACCEPT
    if kind in ("reroll", "announce"):
        said = _Draws.hand(key[1], rng)
        path = key[2]
        dice = one_roll.dice(path[-1], rng)
        throws = tuple(NUMBER_OF_DICE - len(abstract_keep(dice)) for _ in path[1:])
        turns = [
            TurnRecord(0, accepted=False, throws=(NUMBER_OF_DICE,), announcement=said),
            TurnRecord(1, accepted=True, throws=throws),
        ]
        left = rules.reroll_rounds - len(throws) if kind == "reroll" else 0
        action = bot(
            _view(rules, turns, Phase.ROLL, dice=dice, seen_dice=dice, seen_in_turn=1, rolls_left=left), rng
        )
        if kind == "reroll":
            return REROLL if isinstance(action, Throw) else STOP
        return _as_category(action, said, actions)
    # "answer again": the bot opened with c0, announced a; the other rerolled r times and said a2
    _, c0, a, rerolls, a2 = key
    passed = opener.dice(c0, rng)
    first = _Draws.hand(a, rng)
    second = _Draws.hand(a2, rng)
    throws = tuple(NUMBER_OF_DICE - len(abstract_keep(passed)) for _ in range(rerolls))
    turns = [
        TurnRecord(0, accepted=False, throws=(NUMBER_OF_DICE,), announcement=first),
        TurnRecord(1, accepted=True, throws=throws, announcement=second),
    ]
    action = bot(_view(rules, turns, Phase.RESPOND, seen_dice=passed, seen_in_turn=0), rng)
    return CALL if isinstance(action, CallBluff) else ACCEPT


def _as_category(action: Action, last: Hand | None, actions: tuple[Hashable, ...]) -> Hashable:
    """An announcement as the abstract category it stands for (the lowest legal one if it is not)."""
    if not isinstance(action, Announce):
        return actions[0]
    name = action.hand.category
    return name if name in actions else actions[0]


def bot_exploitability(bot: Bot, *, rules: BluffRules = BLUFF, samples: int = 12, rng: int = 0) -> float:
    """How much a best response gains per round against ``bot`` in the abstraction (both seats
    averaged, in lives per round: 0 for an equilibrium, at most 1).

    >>> 0.3 < bot_exploitability(NaiveBot(), samples=2) < 1  # the naive bot is easy to exploit
    True
    """
    return float(
        exploitability(
            bluff_abstraction(rules),
            abstract_strategy(bot, rules=rules, samples=samples, rng=rng),
            exact=False,
        )
    )


# --- the equilibrium bot against the others --------------------------------------------------------------
def equilibrium_tournament(
    opponents: Mapping[str, Bot] | None = None,
    *,
    games: int = 200,
    rules: BluffRules = BLUFF,
    rng: np.random.Generator | int | None = 0,
    confidence: float = 0.95,
) -> pd.DataFrame:
    """Two-player matches of the equilibrium bot against each opponent (seats alternate), with the
    equilibrium bot's win rate and its Wilson confidence interval (one row per opponent).

    >>> table = equilibrium_tournament({"random": random_bot}, games=10, rng=1)
    >>> list(table.columns), int(table.loc["random", "games"])
    (['games', 'wins', 'win_rate', 'ci_low', 'ci_high'], 10)
    """
    import pandas as pd

    if opponents is None:
        opponents = {"naive": NaiveBot(), "reasoning": ReasoningBot(), "random": random_bot}
    if "equilibrium" in opponents:
        raise DicePokerError("the opponents need names other than 'equilibrium'")
    seats = {"equilibrium": seat_of(EquilibriumBot())} | {
        name: seat_of(bot) for name, bot in opponents.items()
    }
    rows = tournament_rows(
        lambda players, dice: BluffGame(rules, players, rng=dice),
        seats,
        games=games,
        lineups=[("equilibrium", name) for name in opponents],
        rng=rng,
        confidence=confidence,
    )
    table = pd.DataFrame(rows)
    mine = table[table["player"] == "equilibrium"].rename(columns={"opponents": "opponent"})
    return mine.set_index("opponent")[["games", "wins", "win_rate", "ci_low", "ci_high"]]


# --- the equilibrium and the abstraction, read as tables ------------------------------------------
def opening_table(rules: BluffRules = BLUFF) -> pd.DataFrame:
    """The equilibrium opener: for each category she holds, how likely it is and what she announces.

    Columns: the chance of holding it after her rolls; the chances of announcing it (truth), a higher
    category (a bluff) or a lower one; and each category's probability of being announced.

    >>> table = opening_table()
    >>> float(table.loc["One Pair", "bluff"]) > 0.99, bool(table["chance"].sum() == 1)
    (True, True)
    """
    import pandas as pd

    strategy = equilibrium_solution(rules).strategy
    cup = opener_cup(rules)
    parts = cup.split()
    rows = []
    for c, name in enumerate(CATEGORIES):
        probs = strategy[("open", name)]
        said = [float(probs[other]) for other in CATEGORIES]
        rows.append(
            [name, parts[c].mass / cup.mass, said[c], sum(said[c + 1 :]), sum(said[:c])]
            + [round(p, 4) for p in said]
        )
    columns = ["hand", "chance", "truth", "bluff", "lower"] + [f"says {n}" for n in CATEGORIES]
    return pd.DataFrame(rows, columns=columns).set_index("hand")


def answer_table(rules: BluffRules = BLUFF) -> pd.DataFrame:
    """The equilibrium responder's chance of calling each category the opener may announce.

    >>> answer_table()["call"].tolist()[-1]
    1.0
    """
    import pandas as pd

    strategy = equilibrium_solution(rules).strategy
    rows = [(name, float(strategy[("answer", name)][CALL])) for name in CATEGORIES]
    return pd.DataFrame(rows, columns=["announced", "call"]).set_index("announced")


def abstraction_size(rules: BluffRules = BLUFF) -> pd.DataFrame:
    """The abstraction's size for each player: information sets and sequences.

    >>> abstraction_size()["information sets"].tolist()
    [909, 1457]
    """
    import pandas as pd

    sf = bluff_abstraction(rules)
    rows = [(who, sf.infoset_count[p], sf.sequence_count[p]) for p, who in enumerate(("opener", "responder"))]
    return pd.DataFrame(rows, columns=["player", "information sets", "sequences"]).set_index("player")


def bots_exploitability(
    bots: Mapping[str, Bot] | None = None, *, rules: BluffRules = BLUFF, samples: int = 12, rng: int = 0
) -> pd.DataFrame:
    """How much a best response wins per round (in lives) against each bot in the abstraction,
    next to the equilibrium's own exploitability.

    >>> table = bots_exploitability({"naive": NaiveBot()}, samples=2)
    >>> gap = table["exploitability"]
    >>> list(table.index), bool(gap["naive"] > gap["equilibrium"])
    (['equilibrium', 'naive'], True)
    """
    import pandas as pd

    bots = (
        dict(bots)
        if bots is not None
        else {"naive": NaiveBot(), "reasoning": ReasoningBot(), "random": random_bot}
    )
    rows = [("equilibrium", equilibrium_solution(rules).exploitability)]
    rows += [
        (name, bot_exploitability(bot, rules=rules, samples=samples, rng=rng)) for name, bot in bots.items()
    ]
    return pd.DataFrame(rows, columns=["bot", "exploitability"]).set_index("bot")
