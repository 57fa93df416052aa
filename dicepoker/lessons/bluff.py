"""What only the bluff lesson needs: the exercise check for a student's own caller.

>>> check_caller(lambda view: True, games=10).correct  # calling everything loses
False
"""

from __future__ import annotations

from collections.abc import Callable

from dicepoker.core.i18n import fill_message, ngettext
from dicepoker.games.bluff.bots import CallerBot, ReasoningBot, bluff_tournament
from dicepoker.games.bluff.engine import BluffView
from dicepoker.lessons.exercises import Feedback


def check_caller(
    should_call: Callable[[BluffView], bool], *, games: int = 200, rng: int = 6, target: float = 0.45
) -> Feedback:
    """Exercise check: does your caller hold its own against the reasoning bot?

    ``should_call(view) -> bool`` decides call (True) or accept; everything else is played like the
    reasoning bot, so only the calls differ. Right when it wins at least ``target`` of a seeded
    two-player tournament against :class:`ReasoningBot`.

    >>> check_caller(lambda view: True, games=10).correct  # calling everything loses
    False
    """
    table = bluff_tournament(
        {"you": CallerBot(should_call), "reasoning": ReasoningBot()}, games=games, rng=rng
    )
    rate = float(table.loc["you", "win_rate"])
    template = ngettext(
        "your caller won {rate:.0%} of {games} game against the reasoning bot; "
        "try calling when {test} is low",
        "your caller won {rate:.0%} of {games} games against the reasoning bot; "
        "try calling when {test} is low",
        games,
    )
    hint = fill_message(template, rate=rate, games=games, test="view_probability_true(view)")
    return Feedback(rate >= target, f"{rate:.0%}", "" if rate >= target else hint)
