"""The form an exercise asks its answer in, and how strictly each form is judged.

A teacher who asks for "a fraction" marks 0.1667 wrong, one who asks for "three significant digits"
wants them, and a number of points has no percent sign. Each form here is a small frozen dataclass
that reads a student's answer (with :func:`~dicepoker.lessons.exercises.read_answer`) and says
whether it is right, or what to fix, in the class's language. A form never widens a tolerance: a
decimal is right when it is the target rounded (or cut) to the decimals written, or within the
tolerance the exercise sets.

>>> from fractions import Fraction
>>> ExactFraction().judge("1/6", Fraction(1, 6)).correct
True
>>> ExactFraction().judge("0.1667", Fraction(1, 6)).problem
'write it as a fraction, like 2/9'
>>> Chance(digits=3).judge("0.08%", Fraction(1, 1296)).problem
'right as far as it goes: give at least 3 significant digits'
>>> Points().judge("2200%", 22).problem
'a score is a number of points: write it without %'
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import ClassVar

from dicepoker.core.i18n import _, fill_message, format_message, format_number, ngettext
from dicepoker.lessons.exercises import (
    Reading,
    UnreadableAnswerError,
    read_answer,
    shown,
    unreadable_problem,
)


@dataclass(frozen=True)
class Verdict:
    """What a form says of one answer: right, or the problem to fix (``""`` if it is simply wrong)."""

    correct: bool
    problem: str = ""
    reading: Reading | None = None


def rounded_to(value: Fraction, decimals: int) -> tuple[Fraction, Fraction]:
    """``value`` rounded half away from zero, and cut, to ``decimals`` places (may be negative).

    >>> rounded_to(Fraction(455, 36), 1)
    (Fraction(63, 5), Fraction(63, 5))
    >>> rounded_to(Fraction(2, 3), 2)
    (Fraction(67, 100), Fraction(33, 50))
    """
    unit = Fraction(10) ** -decimals
    scaled = abs(value) / unit
    sign = -1 if value < 0 else 1
    return sign * math.floor(scaled + Fraction(1, 2)) * unit, sign * math.floor(scaled) * unit


def matches_written_digits(reading: Reading, target: Fraction) -> bool:
    """Whether a decimal answer is the target rounded or cut to the decimals it was written with.

    >>> matches_written_digits(read_answer("12.64"), Fraction(455, 36))
    True
    >>> [matches_written_digits(read_answer(t), Fraction(455, 36)) for t in ("12.7", "12.58", "13")]
    [False, False, True]
    """
    if reading.decimals is None:
        return reading.value == target
    return reading.value in rounded_to(target, reading.decimals)


def significant_digits(value: Fraction) -> int:
    """How many significant digits a short decimal has (the most a float's text would show).

    >>> significant_digits(Fraction(1, 4)), significant_digits(Fraction(1, 3))
    (2, 17)
    """
    text = format(Decimal(value.numerator) / Decimal(value.denominator), "f").replace(".", "").lstrip("-0")
    return min(len(text.rstrip("0")) or 1, 17)


class AnswerForm:
    """What every form offers: judge an answer, show an example; ``asks_for_code`` when the answer is
    code the student writes (a function, a simulation, a strategy)."""

    asks_for_code: ClassVar[bool] = False

    def judge(self, answer: object, target: object) -> Verdict:  # pragma: no cover - every form has one
        raise NotImplementedError

    def example(self, target: object) -> str:  # pragma: no cover - every form has one
        raise NotImplementedError

    def read(self, answer: object, target: Fraction) -> Reading | Verdict:
        """The answer read, or a verdict saying how to write it."""
        try:
            return read_answer(answer)
        except UnreadableAnswerError as err:
            if err.size:
                return Verdict(False, unreadable_problem(err.size, target))
            return Verdict(False, format_message("write it like {example}", example=self.example(target)))


def _different(examples: tuple[str, ...], target: Fraction) -> str:
    """The first example that is far from the target (an example never gives the answer away)."""
    for text in examples:
        if abs(read_answer(text).value - target) > max(abs(target) / 10, Fraction(1, 10**6)):
            return text
    raise AssertionError("unreachable: the examples differ by far more than 10%")


@dataclass(frozen=True)
class ExactFraction(AnswerForm):
    """An exact fraction (a whole number is a fraction too); a decimal or a percentage is refused.

    >>> [ExactFraction().judge(text, Fraction(25, 648)).correct for text in ("25/648", "50/1296", "3/7")]
    [True, True, False]
    """

    def example(self, target: object) -> str:
        return _different(("2/9", "5/12", "7/8"), Fraction(target))

    def judge(self, answer: object, target: object) -> Verdict:
        want = Fraction(target)
        got = self.read(answer, want)
        if isinstance(got, Verdict):
            return got
        if not got.exact or got.percent:
            return Verdict(
                False,
                format_message("write it as a fraction, like {example}", example=self.example(want)),
                got,
            )
        return Verdict(got.value == want, "", got)


@dataclass(frozen=True)
class Chance(AnswerForm):
    """A chance: an exact fraction, or a decimal or percentage with enough digits.

    ``digits`` is the least number of significant digits a decimal must show, or ``places`` the
    decimals it must have; a decimal is right when it is the chance rounded or cut to its digits.

    >>> poker_in_three = Fraction(2783176, 6**10)
    >>> [Chance().judge(text, poker_in_three).correct for text in ("4.60%", "0,0460", "4.6%", "4.7%")]
    [True, True, False, False]
    >>> Chance(places=3).judge("0,612", Fraction(612, 1000)).correct
    True
    """

    digits: int = 3
    places: int | None = None

    def example(self, target: object) -> str:
        want = Fraction(target)
        fraction = _different(("2/9", "5/12", "7/8"), want)
        decimal = _different(("0.222", "0.417", "0.875"), want)
        return format_message(
            "{fraction}, {decimal} or {percent}",
            fraction=fraction,
            decimal=format_number(Decimal(decimal)),
            percent=format_number(Decimal(decimal) * 100, digits=1) + "%",
        )

    def judge(self, answer: object, target: object) -> Verdict:
        want = Fraction(target)
        got = self.read(answer, want)
        if isinstance(got, Verdict):
            return got
        if got.exact:
            return Verdict(got.value == want, "", got)
        if got.value > 1 and not got.percent:
            share = Reading(got.value / 100, False, (got.decimals or 0) + 2, got.significant, True)
            if matches_written_digits(share, want):
                return Verdict(
                    False, _("that looks like a percentage: add the % sign (or divide by 100)"), got
                )
        if not matches_written_digits(got, want):
            return Verdict(False, "", got)
        if self.places is not None and (got.decimals or 0) < self.places:
            template = ngettext(
                "right as far as it goes: give {places} decimal",
                "right as far as it goes: give {places} decimals",
                self.places,
            )
            return Verdict(False, fill_message(template, places=self.places), got)
        if self.places is None and (got.significant or 0) < min(self.digits, significant_digits(want)):
            template = ngettext(
                "right as far as it goes: give at least {digits} significant digit",
                "right as far as it goes: give at least {digits} significant digits",
                self.digits,
            )
            return Verdict(False, fill_message(template, digits=self.digits), got)
        return Verdict(True, "", got)


@dataclass(frozen=True)
class Points(AnswerForm):
    """A number of points (or another quantity that is no chance): a whole number, or ``places`` decimals.

    A percent sign is refused; with ``places`` the answer must be the target rounded (or cut) to them,
    or within ``tolerance`` when the exercise sets one.

    >>> Points().judge("22", 22).correct, Points().judge("22.4", 22).problem
    (True, 'give a whole number')
    >>> [Points(places=1).judge(text, Fraction(-27, 5)).correct for text in ("-5.4", "-5,4", "-5.3", "5.4")]
    [True, True, False, False]
    >>> Points(places=1).judge("-5", Fraction(-27, 5)).problem
    'give 1 decimal'
    """

    places: int = 0
    tolerance: Fraction | None = None

    def example(self, target: object) -> str:
        want = Fraction(target)
        if self.places == 0 and self.tolerance is None:
            return _different(("17", "23", "-8"), want)
        places = self.places or 2  # a tolerance takes decimals: show two
        return format_number(Decimal(_different(("17.38", "23.81", "-8.64"), want)), digits=places)

    def judge(self, answer: object, target: object) -> Verdict:
        want = Fraction(target)
        got = self.read(answer, want)
        if isinstance(got, Verdict):
            return got
        if got.percent:
            return Verdict(False, _("a score is a number of points: write it without %"), got)
        if self.tolerance is not None:
            return Verdict(abs(got.value - want) <= self.tolerance, "", got)
        if self.places == 0:
            if got.value.denominator != 1:
                return Verdict(False, _("give a whole number"), got)
            return Verdict(got.value == round(want), "", got)
        if (
            got.exact
            and got.value.denominator == 1
            and want.denominator != 1
            or (got.decimals or 0) < self.places
        ):
            if got.decimals is not None and not matches_written_digits(got, want):
                return Verdict(False, "", got)
            template = ngettext("give {places} decimal", "give {places} decimals", self.places)
            return Verdict(False, fill_message(template, places=self.places), got)
        if got.exact:
            return Verdict(got.value == want, "", got)
        return Verdict(matches_written_digits(got, want), "", got)


@dataclass(frozen=True)
class Count(Points):
    """A number of outcomes, cells or ways: a whole number (a chance is not a count).

    >>> Count().judge("480", 480).correct, Count().judge("480/7776", 480).problem
    (True, 'give a whole number')
    """


@dataclass(frozen=True)
class Choice(AnswerForm):
    """One of a few named answers (a box, a keep, a hand); case and spaces do not matter.

    >>> Choice(("Chance", "Sixes")).judge(" chance ", "Chance").correct
    True
    """

    options: tuple[str, ...]

    def example(self, target: object) -> str:
        others = [option for option in self.options if option != target]
        return repr(others[0] if others else self.options[0])

    def judge(self, answer: object, target: object) -> Verdict:
        if not isinstance(answer, str) or not answer.strip():
            return Verdict(False, format_message("write it like {example}", example=self.example(target)))
        folded = " ".join(answer.split()).casefold()
        known = {" ".join(option.split()).casefold(): option for option in self.options}
        if folded not in known:
            return Verdict(
                False,
                format_message(
                    "{answer} is none of: {options}", answer=shown(answer), options=", ".join(self.options)
                ),
            )
        return Verdict(known[folded] == target)


def describe_part(number: int, parts: int, problem: str) -> str:
    """Which part of a many-part answer needs work."""
    if problem:
        return format_message(
            "part {number} of {parts}: {problem}", number=number, parts=parts, problem=problem
        )
    return format_message("part {number} of {parts}", number=number, parts=parts)
