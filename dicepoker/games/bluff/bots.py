"""Computer players for ``bluff`` and a seeded tournament between them.

A bot has the one shape of every game's bots (:class:`~dicepoker.core.match.Bot`): it is called with
what its player knows (a :class:`~dicepoker.games.bluff.engine.BluffView`) and a random generator,
and answers one action. ``random`` is every game's random bot (:func:`~dicepoker.core.match.random_bot`).
:class:`NaiveBot` believes every announcement below a threshold; :class:`ReasoningBot` works out how
likely an announcement is true (Bayes' rule on the public throws) and bluffs at a chosen rate;
:class:`CallRateBot` calls at a set rate and leaves the rest to chance.

>>> game = play_bluff_game([NaiveBot(), ReasoningBot()], rng=1)
>>> game.is_over, game.player_names
(True, ('naive', 'reasoning'))
>>> table = bluff_tournament({"naive": NaiveBot(), "reasoning": ReasoningBot()}, games=20, rng=1)
>>> list(table.columns)
['games', 'wins', 'win_rate', 'ci_low', 'ci_high']
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING

import numpy as np

from dicepoker.core.dice import NUMBER_OF_DICE, Dice
from dicepoker.core.errors import DicePokerError, IllegalActionError
from dicepoker.core.i18n import pgettext
from dicepoker.core.match import Bot, play_match, random_bot, seat_of, tournament_rows
from dicepoker.core.randomness import child_generator, generator
from dicepoker.games import WinTournament, pairwise_tournament
from dicepoker.games.bluff.engine import (
    Accept,
    Action,
    Announce,
    BluffGame,
    BluffView,
    CallBluff,
    Phase,
    Throw,
)
from dicepoker.games.bluff.odds import Start, keep_to_reach, probability_true, reach_probability
from dicepoker.games.bluff.rules import BLUFF, BluffRules, Hand, best_hand, hands_above, named_dice, next_hand

if TYPE_CHECKING:  # pandas is imported where a table is made: playing a game needs none
    import pandas as pd


# --- what the table knows about the last announcement ----------------------------------------------
def announcer_start(view: BluffView) -> Start:
    """What this player knows of the cup the last announcer started from.

    ``None`` if the announcer opened the round (a fresh cup); the dice, if this player passed them
    to the announcer; otherwise the announcement before (believed true).

    >>> game = BluffGame(players=2, seed=1)
    >>> _ = game.roll(); game.announce("pair of 3s")
    >>> announcer_start(game.view()) is None  # the opener threw a fresh cup
    True
    """
    turn = view.turns[-1]
    if not turn.accepted:
        return None
    if view.seen_dice is not None and view.seen_in_turn == len(view.turns) - 2:
        return view.seen_dice
    return view.previous_announcement


def view_probability_true(view: BluffView, *, bluff_rate: Fraction | float = Fraction(1, 2)) -> Fraction:
    """How likely the announcement this player must answer is true (see :func:`probability_true`).

    >>> game = BluffGame(players=2, seed=1)
    >>> _ = game.roll(); game.announce("pair of 1s")
    >>> view_probability_true(game.view(), bluff_rate=1)  # one roll holding at least a pair of 1s
    Fraction(76, 81)
    """
    if view.phase != Phase.RESPOND or view.last_announcement is None:
        raise IllegalActionError("there is no announcement to judge: nobody has announced yet this round")
    turn = view.turns[-1]
    return probability_true(view.last_announcement, turn.throws, announcer_start(view), bluff_rate=bluff_rate)


def made_dice(dice: Dice) -> Dice:
    """The dice that make the best reading (kickers left out; nothing keeps no dice).

    >>> made_dice(Dice.parse("55331")), made_dice(Dice.parse("12346"))
    (Dice('3355'), Dice(''))
    """
    return named_dice(best_hand(dice))


# --- the bots ------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class NaiveBot:
    """Believes every announcement below ``believe_below`` and calls the rest; always tells the truth
    when it can, else announces the lowest legal hand; keeps the dice that make its best hand.

    >>> NaiveBot(believe_below="three 1s").believe_below
    Hand('three 1s')
    """

    believe_below: Hand = field(default_factory=lambda: Hand.parse("full house 1s over 2s"))
    name: str = "naive"

    def __post_init__(self) -> None:
        object.__setattr__(self, "believe_below", Hand.parse(self.believe_below))

    def __call__(self, view: BluffView, rng: np.random.Generator) -> Action:
        if view.phase == Phase.RESPOND:
            last = view.last_announcement
            believes = last is not None and last < self.believe_below
            return Accept() if believes and view.may_accept else CallBluff()
        if view.dice is None:
            return Throw()
        best, last = best_hand(view.dice), view.last_announcement
        legal = last is None or best > last
        keep = made_dice(view.dice)
        if view.rolls_left > 0 and len(keep) < NUMBER_OF_DICE and (not legal or last is None):
            return Throw(keep)
        return Announce(best if legal else next_hand(last))  # type: ignore[arg-type]


@dataclass(frozen=True)
class ReasoningBot:
    """Calls when the announcement is unlikely to be true, and bluffs now and then.

    It works out P(true) with Bayes' rule (:func:`view_probability_true`, assuming others bluff
    with ``assumed_bluff_rate``) and calls when that is below its own risk in accepting: the chance
    it fails to make a higher hand, times ``caution`` (the chance such a bluff gets called).
    It aims its rerolls with the exact best keep, tells the truth when it holds a legal hand, but
    with chance ``bluff_rate`` announces a little higher than it holds.

    >>> ReasoningBot(bluff_rate=0.1).bluff_rate
    0.1
    """

    bluff_rate: float = 0.05
    assumed_bluff_rate: Fraction | float = Fraction(1, 2)
    caution: float = 0.7
    rules: BluffRules = BLUFF
    name: str = "reasoning"

    def should_call(self, view: BluffView) -> bool:
        """Whether to call the announcement this player must answer."""
        last = view.last_announcement
        if not view.may_accept or last is None:
            return True
        p_true = view_probability_true(view, bluff_rate=self.assumed_bluff_rate)
        target = next_hand(last)
        assert target is not None
        p_make = reach_probability(target, start=last, rolls=self.rules.reroll_rounds)
        return float(p_true) < (1 - float(p_make)) * self.caution

    def __call__(self, view: BluffView, rng: np.random.Generator) -> Action:
        if view.phase == Phase.RESPOND:
            return CallBluff() if self.should_call(view) else Accept()
        if view.dice is None:
            return Throw()
        dice, last = view.dice, view.last_announcement
        best = best_hand(dice)
        holding = last is None or best > last
        if view.rolls_left > 0:
            if last is None:  # the opener: improve the hand it holds
                keep = made_dice(dice)
                if len(keep) < NUMBER_OF_DICE and best < Hand.parse("full house 1s over 2s"):
                    return Throw(keep)
            elif not holding:  # aim at the lowest legal hand
                keep = keep_to_reach(dice, next_hand(last), view.rolls_left)  # type: ignore[arg-type]
                if len(keep) < NUMBER_OF_DICE:
                    return Throw(keep)
        return Announce(self.choose_announcement(best if holding else None, last, rng))

    def choose_announcement(self, holding: Hand | None, last: Hand | None, rng: np.random.Generator) -> Hand:
        """The truth when holding a legal hand (inflated with chance ``bluff_rate``), else the
        lowest legal hand."""
        if holding is None:
            return hands_above(last)[0]
        higher = hands_above(holding)[:3]
        if higher and rng.random() < self.bluff_rate:
            return higher[int(rng.integers(len(higher)))]
        return holding


@dataclass(frozen=True)
class CallRateBot:
    """Calls an announcement with chance ``call_rate`` (accepts it otherwise, when it may); every
    other move it leaves to chance, as the random bot plays it.

    >>> bot = CallRateBot(call_rate=0.3)
    >>> bot.call_rate, bot.name
    (0.3, 'call rate')
    >>> bot(BluffGame(seed=1).view(), np.random.default_rng(0))
    Throw(keep=Dice(''))
    """

    call_rate: float = 0.5
    name: str = "call rate"

    def __call__(self, view: BluffView, rng: np.random.Generator) -> Action:
        if view.phase == Phase.RESPOND:
            return CallBluff() if not view.may_accept or rng.random() < self.call_rate else Accept()
        return random_bot(view, rng)


@dataclass(frozen=True)
class CallerBot:
    """A bot whose call-or-accept decision is a function of the view (a student's caller);
    everything else it plays like ``base``.

    >>> bot = CallerBot(lambda view: view.last_announcement >= Hand.parse("three 1s"))
    >>> bot.name
    'my caller'
    """

    should_call: Callable[[BluffView], bool]
    base: ReasoningBot = field(default_factory=ReasoningBot)
    name: str = "my caller"

    def __call__(self, view: BluffView, rng: np.random.Generator) -> Action:
        if view.phase == Phase.RESPOND:
            return CallBluff() if not view.may_accept or self.should_call(view) else Accept()
        return self.base(view, rng)


# --- games and tournaments -----------------------------------------------------------------------------
def play_bluff_game(
    bots: Sequence[Bot],
    *,
    names: Sequence[str] | None = None,
    rules: BluffRules = BLUFF,
    rng: np.random.Generator | int | None = None,
) -> BluffGame:
    """Play one whole game between bots (seat order as given); returns the finished game.

    >>> play_bluff_game([random_bot, CallRateBot()], rng=3).winner in (0, 1)
    True
    """
    rng = generator(rng=rng)
    if names is None:
        names = _seat_names(bots)
    game = BluffGame(rules, names, rng=child_generator(rng))
    return play_match(game, [seat_of(bot) for bot in bots], rng)


def _seat_names(bots: Sequence[Bot]) -> list[str]:
    names: list[str] = []
    for i, bot in enumerate(bots):
        name = str(getattr(bot, "name", f"bot {i + 1}"))
        names.append(name if name not in names else f"{name} ({i + 1})")
    return names


def bluff_tournament(
    bots: Mapping[str, Bot],
    *,
    games: int = 200,
    rules: BluffRules = BLUFF,
    rng: np.random.Generator | int | None = 0,
    confidence: float = 0.95,
) -> pd.DataFrame:
    """Seat every bot at each table (the seats rotate from game to game) and count the wins.

    Returns one row per bot: games, wins, ``win_rate`` and its Wilson interval ``ci_low``..``ci_high``.

    >>> table = bluff_tournament({"naive": NaiveBot(), "random": random_bot}, games=10, rng=2)
    >>> int(table["wins"].sum()), list(table.index)
    (10, ['naive', 'random'])
    """
    import pandas as pd

    names = list(bots)
    if len(names) < rules.min_players:
        raise DicePokerError(f"a tournament needs at least {rules.min_players} bots, not {len(names)}")
    rows = tournament_rows(
        lambda players, dice: BluffGame(rules, players, rng=dice),
        {name: seat_of(bot) for name, bot in bots.items()},
        games=games,
        lineups=[names],
        rng=rng,
        confidence=confidence,
    )
    table = pd.DataFrame(rows)
    return table.set_index("player")[["games", "wins", "win_rate", "ci_low", "ci_high"]].rename_axis("bot")


BLUFF_BOTS: dict[str, Callable[[], Bot]] = {
    "reasoning": ReasoningBot,
    "naive": NaiveBot,
    "random": lambda: random_bot,
}
"""The bluff bots found by name, each made fresh (the widget's seats, tournaments, the registry)."""


def win_tournament(
    players: Sequence[Bot | str] | Mapping[str, Bot],
    games: int = 200,
    seed: int | None = 0,
    rules: BluffRules = BLUFF,
) -> WinTournament:
    """Every pair of ``players`` (bot names of :data:`BLUFF_BOTS`, or bots) plays ``games`` seeded
    games, seats rotating: ``.summary`` (win rates with 95% intervals) and ``.head_to_head``.

    The front door's ``tournament("bluff", players)``.

    >>> result = win_tournament(["naive", "random"], games=6, seed=1)
    >>> int(result.summary["games"].sum()), list(result.head_to_head.columns)
    (12, ['naive', 'random'])
    """
    return pairwise_tournament(BluffGame, rules, players, BLUFF_BOTS, games=games, seed=seed)


def bluff_rate_sweep(
    rates: Sequence[float],
    opponent: Bot | None = None,
    *,
    games: int = 100,
    rules: BluffRules = BLUFF,
    rng: np.random.Generator | int | None = 0,
) -> pd.DataFrame:
    """How the reasoning bot fares against ``opponent`` (default: naive) at each bluff rate.

    >>> bluff_rate_sweep([0.0, 0.5], games=4, rng=1)["games"].tolist()
    [4, 4]
    """
    import pandas as pd

    opponent = NaiveBot() if opponent is None else opponent
    rows = []
    for rate in rates:
        bots = {"reasoning": ReasoningBot(bluff_rate=rate, rules=rules), "opponent": opponent}
        table = bluff_tournament(bots, games=games, rules=rules, rng=rng)
        row = table.loc["reasoning"]
        rows.append(
            (rate, int(row["games"]), int(row["wins"]), row["win_rate"], row["ci_low"], row["ci_high"])
        )
    columns = ["bluff rate", "games", "wins", "win_rate", "ci_low", "ci_high"]
    return pd.DataFrame(rows, columns=columns).set_index("bluff rate")


def shown_bot_name(name: str) -> str | None:
    """The bluff bot called ``name`` as the current language says it; ``None`` if no bluff bot has
    that name (the registry's ``bot_names`` part of the bluff game).

    >>> from dicepoker.core.i18n import in_language
    >>> with in_language("en"):
    ...     shown_bot_name("naive"), shown_bot_name("Ann")
    ('naive', None)
    """
    names = {
        # TRANSLATORS: a bot's name (not in the sources)
        "naive": lambda: pgettext("bot", "naive"),
        # TRANSLATORS: a bot's name (not in the sources)
        "reasoning": lambda: pgettext("bot", "reasoning"),
        # TRANSLATORS: a bot's name (not in the sources): it calls a bluff at a set rate
        "call rate": lambda: pgettext("bot", "call rate"),
    }
    return names[name]() if name in names else None
