"""The lab's challenge: an exercise's check that a student's strategy beats another on the same games.

>>> bool(challenge("heuristic", against="random", games=5, seed=1, rules="yatzy"))
True
"""

from __future__ import annotations

from dicepoker.core.i18n import fill_message, ngettext
from dicepoker.core.match import Bot
from dicepoker.games.scorecard.analysis.lab import tournament
from dicepoker.games.scorecard.rules import ScorecardRules
from dicepoker.lessons.exercises import Feedback


def challenge(
    strategy: Bot | str,
    against: Bot | str = "greedy",
    games: int = 200,
    seed: int | None = 0,
    rules: ScorecardRules | str = "classic",
) -> Feedback:
    """An exercise's check: does ``strategy`` average more than ``against`` on the same seeded games?

    >>> bool(challenge("heuristic", against="random", games=5, seed=1, rules="yatzy"))
    True
    >>> print(challenge("random", against="heuristic", games=5, seed=1, rules="yatzy"))  # doctest: +ELLIPSIS
    Not yet. Hint: random averaged ... points, heuristic ... on the same 5 games; try again
    """
    result = tournament([strategy, against], games, seed, rules)
    (mine, me), (theirs, them) = result.summary["mean"].items()
    won = me > them
    template = ngettext(
        "{mine} averaged {me:.1f} points, {theirs} {them:.1f} on the same {games} game; try again",
        "{mine} averaged {me:.1f} points, {theirs} {them:.1f} on the same {games} games; try again",
        games,
    )
    hint = fill_message(template, mine=mine, me=me, theirs=theirs, them=them, games=games)
    return Feedback(bool(won), f"{me:.1f}", "" if won else hint)
