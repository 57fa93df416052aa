"""A tournament of games that are won or lost (bluff, board): every pair of players, seats rotating,
win rates with Wilson intervals, in the same shape as the scorecard lab's (``.summary``,
``.head_to_head``), so the front door's ``tournament`` reads alike for every game.

>>> from dicepoker.core.match import random_bot
>>> from dicepoker.games.board.engine import BoardGame
>>> from dicepoker.games.board.rules import BOARD
>>> result = pairwise_tournament(BoardGame, BOARD, {"a": random_bot, "b": random_bot}, {}, games=4, seed=1)
>>> list(result.summary.columns)
['games', 'wins', 'draws', 'losses', 'win_rate', 'ci_low', 'ci_high']
>>> int(result.summary["games"].sum()), result.head_to_head.shape
(8, (2, 2))
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

from dicepoker.core.errors import DicePokerError, UnknownNameError, quoted
from dicepoker.core.i18n import format_message
from dicepoker.core.match import Seat, seat_of, tournament_rows
from dicepoker.core.randomness import check_seed
from dicepoker.core.stats import wilson_interval, z_for


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
    ``engine(rules, names, rng=...)``, seats rotating: a :class:`WinTournament`."""

    def new_match(names: Sequence[str], dice: np.random.Generator) -> Any:
        return engine(rules, list(names), rng=dice)

    seats = named_seats(players, bots)
    rows = tournament_rows(new_match, seats, games=games, rng=check_seed(seed), confidence=confidence)
    return WinTournament(pd.DataFrame(rows), confidence)


def named_seats(players: Any, bots: Mapping[str, Callable[[], Any]]) -> dict[str, Seat]:
    """The seats of a tournament's ``players``: a list of bot names (from ``bots``) or bots, or a
    mapping of names to bots; a name given twice gets a number (``"random #2"``).

    >>> from dicepoker.core.match import random_bot
    >>> list(named_seats(["random", random_bot], {"random": lambda: random_bot}))
    ['random', 'random_bot']
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
        chosen = [(p, _bot_called(p, bots)) if isinstance(p, str) else (_name_of(p), p) for p in players]
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


def _name_of(bot: Any) -> str:
    return str(getattr(bot, "name", None) or getattr(bot, "__name__", None) or type(bot).__name__)
