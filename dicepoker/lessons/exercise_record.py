"""One exercise as data: its question, how the package computes its answer, the form asked, its hints.

A lesson's exercise cell holds only the question, ``answer = ...`` and ``check("03.4", answer)``:
the target is computed here, by the package, never in sight of the student. Hints are graduated:
the first wrong try gets a nudge (what to count, which rule), a later one the method, never the
arithmetic filled in. ``mistakes`` maps answers to neighbouring questions (one roll for three, the
complement, one face for any face) to a hint aimed at that mistake.

An exercise that asks for code takes one of the code forms below: :class:`Function` calls the
student's function on inputs the student does not see and compares each result with the package's
exact value; :class:`Simulation` runs the student's simulation with a fixed seed and asks the estimate
to fall in the 99.9% interval around the exact chance; :class:`Strategy` plays the student's strategy
against a bot. Each refuses the package's own functions and bots, and says so.

>>> from fractions import Fraction
>>> from dicepoker.lessons.answer_forms import ExactFraction
>>> ex = Exercise("99.1", "What is the chance of a six?", lambda: Fraction(1, 6), ExactFraction(),
...               hints=("count the faces",))
>>> ex.target(), ex.lesson, ex.number
(Fraction(1, 6), '99', 1)
"""

from __future__ import annotations

import functools
import re
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any, ClassVar

import numpy as np

from dicepoker.core.errors import DicePokerError
from dicepoker.core.i18n import _, fill_message, format_message, format_number, ngettext
from dicepoker.core.randomness import generator
from dicepoker.core.stats import wilson_interval
from dicepoker.lessons.answer_forms import AnswerForm, Verdict, describe_part
from dicepoker.lessons.exercises import shown

Z999 = 3.2905267314919255
"""The two-sided 99.9% point of the normal distribution: a right simulation fails 1 time in 1000."""

EXERCISE_ID = re.compile(r"(?P<lesson>[0-9]{2})\.(?P<number>[1-9][0-9]?)")
"""How an exercise is named: its lesson's two digits, a point, its number (``"03.4"``)."""


def no_mistakes() -> tuple[tuple[object, str], ...]:
    """The mistakes of an exercise that lists none."""
    return ()


@dataclass(frozen=True)
class Pair(AnswerForm):
    """Several answers in one tuple, each in its own form; every part is checked.

    >>> from dicepoker.lessons.answer_forms import Points
    >>> Pair((Points(), Points())).judge(("30", "0"), (30, 0)).correct
    True
    >>> Pair((Points(), Points())).judge(("30", "40"), (30, 0)).problem
    'part 2 of 2'
    """

    parts: tuple[AnswerForm, ...]

    def example(self, target: object) -> str:
        return (
            "(" + ", ".join(form.example(want) for form, want in zip(self.parts, target, strict=True)) + ")"
        )

    def judge(self, answer: object, target: object) -> Verdict:
        count = len(self.parts)
        if not isinstance(answer, tuple | list) or len(answer) != count:
            template = ngettext(
                "give {parts} answer in parentheses, one for each question",
                "give {parts} answers in parentheses, one for each question",
                count,
            )
            return Verdict(False, fill_message(template, parts=count))
        if count == 2 and tuple(target) != tuple(reversed(target)):
            swapped = [
                form.judge(got, want).correct
                for form, got, want in zip(self.parts, answer, reversed(target), strict=True)
            ]
            if all(swapped):
                return Verdict(False, _("the two answers are in the wrong order"))
        for number, (form, got, want) in enumerate(zip(self.parts, answer, target, strict=True), 1):
            verdict = form.judge(got, want)
            if not verdict.correct:
                return Verdict(False, describe_part(number, count, verdict.problem))
        return Verdict(True)


PACKAGE_FOLDER = Path(__file__).resolve().parents[1]


def _package_made(thing: object) -> bool:
    """Whether a function, bot or strategy is the package's own (a student must write theirs): its
    code lives in the package's files, or it is an object of a class the package defines."""
    function = getattr(thing, "__func__", thing)
    code = getattr(function, "__code__", None)
    if code is not None:
        return Path(code.co_filename).resolve().is_relative_to(PACKAGE_FOLDER)
    if isinstance(thing, functools.partial):
        return _package_made(thing.func)
    module = getattr(type(thing), "__module__", "") or ""
    return module == "dicepoker" or module.startswith("dicepoker.") or not callable(thing)


def refuse_package_code(answer: object) -> str:
    """The problem with an answer that is not a student's own function (``""`` when it is one)."""
    if isinstance(answer, str) or not callable(answer):
        return _("write a function (`def ...`) and pass the function itself, without calling it")
    if _package_made(answer):
        return _("that is the package's own code: write your own function")
    return ""


def _called(function: Callable[..., Any], arguments: tuple) -> tuple[bool, Any, str]:
    """Call a student's function; a failure becomes a sentence, never an exception."""
    try:
        return True, function(*arguments), ""
    except Exception as err:  # noqa: BLE001 - a student's code may fail in any way: say how
        return False, None, f"{type(err).__name__}: {err}"[:200]


@dataclass(frozen=True)
class Function(AnswerForm):
    """A function the student writes, called on hidden inputs and compared with the package's values.

    ``cases()`` gives the argument tuples; ``expected(*args)`` the package's exact value for each;
    ``tolerance`` allows a margin (0: exact). The target of such an exercise is unused.

    >>> square = Function(cases=lambda: [(n,) for n in range(5)], expected=lambda n: n * n)
    >>> square.judge(lambda n: n * n, None).correct, square.judge(lambda n: n + n, None).problem
    (True, 'on the input 1 your function gives 2; that is not right')
    """

    asks_for_code: ClassVar[bool] = True
    cases: Callable[[], Iterable[tuple]]
    expected: Callable[..., Any]
    tolerance: float = 0.0

    def example(self, target: object) -> str:
        return "def ...: return ..."

    def _same(self, got: Any, want: Any) -> bool:
        if isinstance(want, bool) or isinstance(got, bool):
            return bool(got) == want if isinstance(got, bool | np.bool_) else False
        if isinstance(want, tuple | list):
            return (
                isinstance(got, tuple | list)
                and len(got) == len(want)
                and all(self._same(g, w) for g, w in zip(got, want, strict=True))
            )
        try:
            if self.tolerance == 0:
                return Fraction(got) == Fraction(want) if not isinstance(got, float) else got == float(want)
            return abs(float(got) - float(want)) <= self.tolerance
        except (TypeError, ValueError, OverflowError, ZeroDivisionError):
            return got == want

    def judge(self, answer: object, target: object) -> Verdict:
        if problem := refuse_package_code(answer):
            return Verdict(False, problem)
        for arguments in self.cases():
            ok, got, failure = _called(answer, arguments)  # type: ignore[arg-type]
            if not ok:
                return Verdict(
                    False,
                    format_message(
                        "on the input {arguments} your function raised {failure}",
                        arguments=shown(arguments[0] if len(arguments) == 1 else arguments),
                        failure=failure,
                    ),
                )
            if got is None and self.expected(*arguments) is not None:
                return Verdict(
                    False, _("your function returns nothing (`None`): end it with `return` and its answer")
                )
            if not self._same(got, self.expected(*arguments)):
                return Verdict(
                    False,
                    format_message(
                        "on the input {arguments} your function gives {got}; that is not right",
                        arguments=shown(arguments[0] if len(arguments) == 1 else arguments),
                        got=shown(got),
                    ),
                )
        return Verdict(True)


@dataclass(frozen=True)
class Simulation(AnswerForm):
    """A simulation the student writes: ``trial(rng) -> bool`` for one seeded trial of an event.

    The check runs ``trials`` of them with ``numpy.random.default_rng(seed)`` and is right when the
    share of successes lies in the 99.9% Wilson interval of its count (``exact``: the package's exact
    chance, in the target). A run that takes more than ``seconds`` stops and says so.

    >>> half = Simulation(trials=2000)
    >>> half.judge(lambda rng: rng.integers(2) == 0, Fraction(1, 2)).correct
    True
    >>> half.judge(lambda rng: rng.integers(3) == 0, Fraction(1, 2)).correct
    False
    """

    asks_for_code: ClassVar[bool] = True
    trials: int = 20_000
    seed: int = 20_261_203
    seconds: float = 60.0

    def example(self, target: object) -> str:
        return "def trial(rng): ... return True or False"

    def judge(self, answer: object, target: object) -> Verdict:
        if problem := refuse_package_code(answer):
            return Verdict(False, problem)
        rng = generator(seed=self.seed)
        hits, started = 0, time.monotonic()
        for done in range(self.trials):
            ok, outcome, failure = _called(answer, (rng,))  # type: ignore[arg-type]
            if not ok:
                return Verdict(False, format_message("your trial raised {failure}", failure=failure))
            if not isinstance(outcome, bool | np.bool_):
                return Verdict(
                    False, format_message("a trial returns `True` or `False`, not {got}", got=shown(outcome))
                )
            hits += bool(outcome)
            if time.monotonic() - started > self.seconds:
                return Verdict(
                    False,
                    format_message("{done} trials took over a minute: make one trial quicker", done=done + 1),
                )
        if wilson_interval(hits, self.trials, z=Z999).contains(Fraction(target)):
            return Verdict(True)
        template = ngettext(
            "your simulation gives {share} in {trials} trial, too far from the exact chance to be luck",
            "your simulation gives {share} in {trials} trials, too far from the exact chance to be luck",
            self.trials,
        )
        return Verdict(
            False, fill_message(template, share=format_number(hits / self.trials), trials=self.trials)
        )


@dataclass(frozen=True)
class Exercise:
    """One registered exercise; ``target()`` computes its answer with the package's own functions."""

    id: str
    question: str
    answer: Callable[[], object]
    form: AnswerForm
    hints: tuple[str, ...] = ()
    mistakes: Callable[[], Iterable[tuple[object, str]]] = no_mistakes
    check_code: Callable[[object], Verdict] | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        if not EXERCISE_ID.fullmatch(self.id):
            raise DicePokerError(format_message("exercise ids look like '03.4', not {id}", id=repr(self.id)))

    @property
    def asks_for_code(self) -> bool:
        """Whether the student answers with code (checked on inputs the student does not see)."""
        return self.form.asks_for_code or self.check_code is not None

    @property
    def lesson(self) -> str:
        return self.id.split(".")[0]

    @property
    def number(self) -> int:
        return int(self.id.split(".")[1])

    def target(self) -> object:
        """The answer, computed by the package (once per process: lesson 08's plays a coach's
        report, some seconds, and the checker, the answer key and the assignments all ask for it)."""
        return _target_of(self)

    def judge(self, answer: object) -> Verdict:
        """Whether ``answer`` is right, in the form asked."""
        if self.check_code is not None:
            if problem := refuse_package_code(answer):
                return Verdict(False, problem)
            return self.check_code(answer)
        return self.form.judge(answer, self.target())

    def hint(self, wrong_tries: int) -> str:
        """The hint for the ``wrong_tries``-th wrong try: the nudge first, then the method (translated)."""
        if not self.hints or wrong_tries < 1:
            return ""
        return _(self.hints[min(wrong_tries, len(self.hints)) - 1])

    def mistake_hint(self, answer: object) -> str:
        """The targeted hint when ``answer`` answers a neighbouring question (translated), else ``""``."""
        for wrong, hint in self.mistakes():
            if self.form.judge(answer, wrong).correct:
                return _(hint)
        return ""


def as_tuple(items: Sequence[object]) -> tuple:
    """A list of hidden inputs as a tuple of one-argument tuples."""
    return tuple((item,) for item in items)


@functools.cache
def _target_of(exercise: Exercise) -> object:
    """:meth:`Exercise.target`, worked out once per exercise (its ``answer`` is the package's own)."""
    return exercise.answer()
