"""What only the bluff lesson needs: the exercise check for a student's own caller.

A caller is ``should_call(view) -> bool``; :class:`CallerCheck` seats it (everything else played like
the reasoning bot) against :class:`~dicepoker.games.bluff.bots.ReasoningBot` in a seeded tournament.
The package's own bots and their ``should_call`` are refused: the student writes the rule.

>>> check_caller(lambda view: True, games=10).correct  # calling everything loses
False
>>> from dicepoker.games.bluff.bots import ReasoningBot
>>> check_caller(ReasoningBot().should_call, games=10).problem
"that is the package's own code: write your own function"
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar

from dicepoker.core.i18n import fill_message, format_message, ngettext
from dicepoker.games.bluff.bots import CallerBot, ReasoningBot, bluff_tournament
from dicepoker.games.bluff.engine import BluffView
from dicepoker.lessons.answer_forms import AnswerForm, Verdict
from dicepoker.lessons.exercise_record import refuse_package_code
from dicepoker.lessons.exercises import Feedback, shown


class CallerFailedError(Exception):
    """A student's caller raised or answered something other than True or False."""


@dataclass
class _Watched:
    """A student's caller, compared call by call with the reasoning bot's rule."""

    should_call: Callable[[BluffView], bool]
    reference: ReasoningBot
    calls_it_accepts: int = 0
    accepts_it_calls: int = 0

    def __call__(self, view: BluffView) -> bool:
        try:
            decision = self.should_call(view)
        except Exception as err:  # noqa: BLE001 - a student's code may fail in any way: say how
            raise CallerFailedError(
                format_message("your caller raised {failure}", failure=f"{type(err).__name__}: {err}"[:200])
            ) from err
        if not isinstance(decision, bool) and type(decision).__name__ != "bool_":
            raise CallerFailedError(
                format_message("a caller returns True or False, not {got}", got=shown(decision))
            )
        if view.may_accept:
            wise = self.reference.should_call(view)
            self.calls_it_accepts += bool(decision) and not wise
            self.accepts_it_calls += wise and not bool(decision)
        return bool(decision)


@dataclass(frozen=True)
class CallerCheck(AnswerForm):
    """A caller the student writes: right when it wins at least ``share`` of ``games`` seeded games
    against the reasoning bot. A losing caller is told how often it called where the reasoning bot
    accepts, and the reverse (what to change, not the rule)."""

    asks_for_code: ClassVar[bool] = True
    games: int = 200
    seed: int = 6
    share: float = 0.45

    def example(self, target: object) -> str:
        return "def my_caller(view): return True or False"

    def judge(self, answer: object, target: object) -> Verdict:
        if problem := refuse_package_code(answer):
            return Verdict(False, problem)
        watched = _Watched(answer, ReasoningBot())  # type: ignore[arg-type]
        try:
            table = bluff_tournament(
                {"you": CallerBot(watched), "reasoning": ReasoningBot()}, games=self.games, rng=self.seed
            )
        except CallerFailedError as err:
            return Verdict(False, str(err))
        rate = float(table.loc["you", "win_rate"])
        if rate >= self.share:
            return Verdict(True)
        template = ngettext(
            "your caller won {rate:.0%} of {games} game against the reasoning bot (you pass at {share:.0%})",
            "your caller won {rate:.0%} of {games} games against the reasoning bot (you pass at {share:.0%})",
            self.games,
        )
        said = fill_message(template, rate=rate, games=self.games, share=self.share)
        if watched.calls_it_accepts >= watched.accepts_it_calls:
            template = ngettext(
                "it called {count} announcement the reasoning bot would accept: before calling, "
                "weigh the chance the claim is true against your own risk in accepting",
                "it called {count} announcements the reasoning bot would accept: before calling, "
                "weigh the chance the claim is true against your own risk in accepting",
                watched.calls_it_accepts,
            )
            why = fill_message(template, count=watched.calls_it_accepts)
        else:
            template = ngettext(
                "it accepted {count} announcement the reasoning bot would call: an unlikely claim "
                "is worth calling",
                "it accepted {count} announcements the reasoning bot would call: an unlikely claim "
                "is worth calling",
                watched.accepts_it_calls,
            )
            why = fill_message(template, count=watched.accepts_it_calls)
        return Verdict(False, f"{said}; {why}")


def check_caller(
    should_call: Callable[[BluffView], bool], *, games: int = 200, rng: int = 6, target: float = 0.45
) -> Feedback:
    """Exercise check: does your caller hold its own against the reasoning bot? (exercise 06.4)

    ``should_call(view) -> bool`` decides call (True) or accept; everything else is played like the
    reasoning bot, so only the calls differ. Right when it wins at least ``target`` of a seeded
    two-player tournament against :class:`ReasoningBot`; the package's own callers are refused.

    >>> check_caller(lambda view: True, games=10).correct  # calling everything loses
    False
    """
    verdict = CallerCheck(games, rng, target).judge(should_call, None)
    return Feedback(verdict.correct, shown(should_call), "", verdict.problem)
