"""Every game and preset of the kit, found by name: one line each in :data:`REGISTRY`.

Like OpenSpiel's ``load_game(name)``: the name finds the rule set, the engine that plays it, its
widget and its catalogue of combinations. Nothing is imported until it is asked for.

>>> find_game("classic").title
'Dice Poker'
>>> sorted(GAMES)
['bluff', 'board', 'classic', 'two_part', 'yahtzee', 'yatzy']
>>> new_game("board", seed=1).current_player
0
>>> [c.name for c in combinations_of("bluff")][:2]
['Nothing', 'One Pair']
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from dicepoker.core.errors import DicePokerError, UnknownNameError, quoted
from dicepoker.core.i18n import format_message, pgettext
from dicepoker.core.match import Seat, bot_name_of, seat_of, tournament_rows
from dicepoker.core.patterns import Combination
from dicepoker.core.randomness import check_seed
from dicepoker.core.registry import GameEntry, Registry
from dicepoker.core.stats import wilson_interval, z_for

if TYPE_CHECKING:
    import pandas as pd

_SCORECARD = {
    "family": "scorecard",
    "engine": "dicepoker.games.scorecard.engine:ScorecardGame",
    "widget": "dicepoker.games.scorecard.widget:play",
    "combinations": "dicepoker.games.scorecard.rules:box_combinations",
    "describe": "dicepoker.games.scorecard.describe:describe",
    "bots": "dicepoker.games.scorecard.bots:STRATEGIES",
    "bot_names": "dicepoker.games.scorecard.bots:shown_bot_name",
    "tournament": "dicepoker.games.scorecard.analysis.lab:tournament",
}
_PRESETS = "dicepoker.games.scorecard.presets"

REGISTRY = Registry(
    [
        GameEntry("classic", rules=f"{_PRESETS}:CLASSIC", **_SCORECARD),
        GameEntry("yahtzee", rules=f"{_PRESETS}:YAHTZEE", **_SCORECARD),
        GameEntry("yatzy", rules=f"{_PRESETS}:YATZY", **_SCORECARD),
        GameEntry("two_part", rules=f"{_PRESETS}:TWO_PART", **_SCORECARD),
        GameEntry(
            "bluff",
            family="bluff",
            rules="dicepoker.games.bluff.rules:BLUFF",
            engine="dicepoker.games.bluff.engine:BluffGame",
            widget="dicepoker.games.bluff.widget:play",
            combinations="dicepoker.games.bluff.categories:bluff_combinations",
            describe="dicepoker.games.bluff.describe:describe",
            bots="dicepoker.games.bluff.bots:BLUFF_BOTS",
            bot_names="dicepoker.games.bluff.bots:shown_bot_name",
            tournament="dicepoker.games.bluff.bots:win_tournament",
        ),
        GameEntry(
            "board",
            family="board",
            rules="dicepoker.games.board.rules:BOARD",
            engine="dicepoker.games.board.engine:BoardGame",
            widget="dicepoker.games.board.widget:play",
            combinations="dicepoker.games.board.labels:board_combinations",
            describe="dicepoker.games.board.describe:describe",
            bots="dicepoker.games.board.bots:BOARD_BOTS",
            bot_names="dicepoker.games.board.bots:shown_bot_name",
            tournament="dicepoker.games.board.bots:win_tournament",
        ),
    ]
)

GAMES: tuple[str, ...] = REGISTRY.names
SCORECARD_GAMES: tuple[str, ...] = REGISTRY.family("scorecard")


def find_game(name: str) -> Any:
    """The rule set of the game or preset called ``name`` (a frozen dataclass).

    >>> find_game("chess")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    dicepoker.core.errors.UnknownNameError: no game 'chess'; the games are: classic, yahtzee, ...
    """
    return REGISTRY.entry(name).load("rules")


def _rules_and_entry(game: Any) -> tuple[Any, GameEntry]:
    """A game given by name or by rule set, and its registry entry."""
    if isinstance(game, str):
        entry = REGISTRY.entry(game)
        return entry.load("rules"), entry
    for name in REGISTRY.names:
        entry = REGISTRY.entry(name)
        if isinstance(game, type(entry.load("rules"))):
            return game, entry
    return game, REGISTRY.entry(getattr(game, "name", repr(game)))


def combinations_of(game: Any) -> list[Combination]:
    """The catalogue of combinations of a game (by name or rule set).

    Scorecard games (``classic``, ``yahtzee``, ``yatzy``, ``two_part``) give one per box: the
    test is "the dice hold this box's combination" (upper boxes: at least one die of the face, or
    at least par of it in ``two_part``); ``bluff`` gives its categories, ``board`` its cell labels.

    >>> [c.name for c in combinations_of("yatzy")][6:8]
    ['Pair', 'Two Pairs']
    """
    rules, entry = _rules_and_entry(game)
    return entry.load("combinations")(rules)


def new_game(game: Any = "classic", players: Sequence[str] | int | None = None, **options: Any) -> Any:
    """A new game of any registered game, by name or rule set; ``seed=`` or ``rng=`` for its dice.

    >>> new_game("bluff", players=["Ann", "Bo"], seed=2).player_names
    ('Ann', 'Bo')
    """
    rules, entry = _rules_and_entry(game)
    engine = entry.load("engine")
    if players is None:
        return engine(rules, **options)
    return engine(rules, players, **options)


def play(
    game: Any = "classic",
    seats: Sequence[str] | None = None,
    names: Sequence[str] | None = None,
    seed: int | None = None,
    lang: str | None = None,
    graded: bool = False,
) -> Any:
    """Open the play widget of any registered game: ``play("bluff", seats=("human", "reasoning"))``.

    Leave the returned widget as a cell's last expression to show it; ``seats`` default to the
    game's own (a human against the computer). ``lang`` ("ro", "uk", "th", "en") keeps the widget
    in one language; without it the widget follows ``set_language`` on its next refresh.
    ``graded=True`` plays a graded game: Hint and Coach are off, and the game's save records the
    mode and who played each seat (a person or which bot); in practice every hint shown is recorded.

    >>> ui = play("board", seats=("computer", "random"), seed=2)
    >>> type(ui).__name__, ui.seats
    ('BoardUI', ('computer', 'random'))
    >>> ui.close()
    """
    rules, entry = _rules_and_entry(game)
    options: dict[str, Any] = {"names": names, "seed": seed}
    if lang is not None:
        options["lang"] = lang
    if graded is not False:  # the widget refuses anything but True or False
        options["graded"] = graded
    if seats is not None:
        options["seats"] = seats
    return entry.load("widget")(rules, **options)


def bot_name(name: str) -> str:
    """A bot's or strategy's name as the current language says it; a name of the user's own is kept.

    Each game says its own bots' names (its registry part ``bot_names``); ``random`` is the one random
    bot every game shares. The API keeps the English names (``find_strategy("greedy")``, a
    tournament's index).

    >>> from dicepoker.core.i18n import in_language
    >>> with in_language("uk"):
    ...     bot_name("greedy"), bot_name("naive"), bot_name("random"), bot_name("my own bot")
    ('жадібний', 'наївний', 'випадковий', 'my own bot')
    """
    if name == "random":
        # TRANSLATORS: a bot's name (not in the sources)
        return pgettext("bot", "random")
    parts = {REGISTRY.entry(game).bot_names: REGISTRY.entry(game) for game in REGISTRY.names}
    for part, entry in parts.items():
        shown = entry.load("bot_names")(name) if part else None
        if shown is not None:
            return str(shown)
    return name


def tournament(game: Any = "classic", players: Any = None, **options: Any) -> Any:
    """A seeded tournament of any registered game: ``.summary`` (one row per player, with 95%
    intervals) and ``.head_to_head``. ``options``: ``games=``, ``seed=`` (and ``rules=``).

    ``tournament(["optimal", "greedy"], games=200, seed=1)`` is the scorecard tournament of
    ``classic`` (``rules=`` another preset); ``tournament("bluff", ["naive", "reasoning"])`` asks the
    game's own tournament (the registry part ``tournament``).

    >>> tournament(["heuristic", "random"], games=5, seed=1, rules="yatzy").head_to_head.shape
    (2, 2)
    >>> list(tournament("board", ["probability", "random"], games=2, seed=1).summary.index)
    ['probability', 'random']
    """
    if players is None and not _is_game(game):  # the players first: a scorecard tournament
        game, players = options.pop("rules", "classic"), game
    elif "rules" in options:
        raise DicePokerError("give the game or rules=, not both")
    rules, entry = _rules_and_entry(game)
    return entry.load("tournament")(players, rules=rules, **options)


def _is_game(value: Any) -> bool:
    """Whether ``value`` names a game (its name) or is one (a registered rule set)."""
    if isinstance(value, str):
        return True
    return any(isinstance(value, type(REGISTRY.entry(name).load("rules"))) for name in REGISTRY.names)


# --- a tournament of games that are won or lost (bluff, board) ----------------------------------
@dataclass(frozen=True)
class WinTournament:
    """The rows of :func:`~dicepoker.core.match.tournament_rows` (one per player and pairing), read
    as a summary per player and a head-to-head table."""

    rows: pd.DataFrame
    confidence: float = 0.95

    @property
    def summary(self) -> pd.DataFrame:
        """One row per player: the games it played, wins, draws, losses, its win rate over all of them
        and the rate's Wilson interval ``ci_low``..``ci_high``."""
        import pandas as pd  # deferred: finding a game by name stays quick

        totals = self.rows.groupby("player", sort=False)[["seats", "wins", "draws", "losses"]].sum()
        z = z_for(self.confidence)
        counts = zip(totals["wins"], totals["seats"], strict=True)
        intervals = [wilson_interval(int(wins), int(played), z) for wins, played in counts]
        table = pd.DataFrame(
            {
                "games": totals["seats"],
                "wins": totals["wins"],
                "draws": totals["draws"],
                "losses": totals["losses"],
                "win_rate": totals["wins"] / totals["seats"],
                "ci_low": [i.low for i in intervals],
                "ci_high": [i.high for i in intervals],
            }
        )
        return table.rename_axis("strategy")

    @property
    def head_to_head(self) -> pd.DataFrame:
        """``[row, column]``: how often the row's player won its games against the column's (no
        entry against itself)."""
        import pandas as pd  # deferred: finding a game by name stays quick

        names = list(dict.fromkeys(self.rows["player"]))
        table = pd.DataFrame(np.nan, index=pd.Index(names, name="strategy"), columns=names)
        for row in self.rows.itertuples():
            table.loc[row.player, row.opponents] = row.win_rate
        return table


def pairwise_tournament(
    engine: Callable[..., Any],
    rules: Any,
    players: Any,
    bots: Mapping[str, Callable[[], Any]],
    *,
    games: int,
    seed: int | None = 0,
    confidence: float = 0.95,
) -> WinTournament:
    """Every pair of ``players`` (see :func:`named_seats`) plays ``games`` seeded games of
    ``engine(rules, names, rng=...)``, seats rotating: a :class:`WinTournament`, win rates with
    Wilson intervals in the same shape as the scorecard lab's (``.summary``, ``.head_to_head``), so
    the front door's :func:`tournament` reads alike for every game.

    >>> from dicepoker.core.match import random_bot
    >>> from dicepoker.games.board.engine import BoardGame
    >>> from dicepoker.games.board.rules import BOARD
    >>> bots = {"a": random_bot, "b": random_bot}
    >>> result = pairwise_tournament(BoardGame, BOARD, bots, {}, games=4, seed=1)
    >>> list(result.summary.columns)
    ['games', 'wins', 'draws', 'losses', 'win_rate', 'ci_low', 'ci_high']
    >>> int(result.summary["games"].sum()), result.head_to_head.shape
    (8, (2, 2))
    """

    def new_match(names: Sequence[str], dice: np.random.Generator) -> Any:
        return engine(rules, list(names), rng=dice)

    import pandas as pd  # deferred: finding a game by name stays quick

    seats = named_seats(players, bots)
    rows = tournament_rows(new_match, seats, games=games, rng=check_seed(seed), confidence=confidence)
    return WinTournament(pd.DataFrame(rows), confidence)


def named_seats(players: Any, bots: Mapping[str, Callable[[], Any]]) -> dict[str, Seat]:
    """The seats of a tournament's ``players``: a list of bot names (from ``bots``) or bots, or a
    mapping of names to bots; a name given twice gets a number (``"random #2"``).

    >>> from dicepoker.core.match import random_bot
    >>> list(named_seats(["random", random_bot], {"random": lambda: random_bot}))
    ['random', 'random #2']
    >>> named_seats("random", {})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    dicepoker.core.errors.DicePokerError: a tournament needs a list of strategies ..., not 'random'
    """
    if isinstance(players, Mapping):
        chosen = list(players.items())
    elif isinstance(players, str | bytes) or not isinstance(players, Iterable):
        raise DicePokerError(
            format_message(
                "a tournament needs a list of strategies (names or strategies), not {value}",
                value=quoted(players),
            )
        )
    else:
        chosen = [(p, _bot_called(p, bots)) if isinstance(p, str) else (bot_name_of(p), p) for p in players]
    seats: dict[str, Seat] = {}
    for base, bot in chosen:
        name, n = str(base), 2
        while name in seats:
            name, n = f"{base} #{n}", n + 1
        seats[name] = seat_of(bot)
    return seats


def _bot_called(name: str, bots: Mapping[str, Callable[[], Any]]) -> Any:
    if name not in bots:
        raise UnknownNameError(
            format_message("no bot {bot}; the bots are: {bots}", bot=repr(name), bots=", ".join(bots))
        )
    return bots[name]()
