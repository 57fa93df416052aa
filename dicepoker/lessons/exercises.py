"""Checking a student's answer to an exercise: right, or not yet (with a hint).

A notebook ends with exercises; the student types an answer and the package, not the notebook,
knows the right one. An answer may be a fraction (``"1/6"``), a decimal with a point or a comma
(``"0.1667"``, ``"0,1667"``), a percentage (``"16.67%"``), scientific notation (``"1.667e-1"``)
or a number object (``int``, ``float``, ``Fraction``, ``Decimal``, numpy scalars); a number the
current language writes its own way (``"1.234,5"`` in Romanian, ``"25\u00a0%"``) is read with
:func:`dicepoker.core.i18n.parse_number` too. The verdict, the hints and the numbers in them are in
the current language (a hint the notebook wrote in English is looked up in the catalogs).

>>> from fractions import Fraction
>>> check("6/7776", Fraction(1, 1296)).correct
True
>>> feedback = check(0.5, Fraction(1, 3), hint="count the favourable outcomes")
>>> feedback.correct, str(feedback)
(False, 'Not yet. Hint: count the favourable outcomes')
>>> str(check("one sixth", Fraction(1, 6)))
'Not yet: write it like 2/9 or 0.2222'

A decimal is right when it is within half a percent of the answer, or when it is the answer
rounded to the digits written and shows at least two significant digits; a fraction must be exact;
a tolerance the exercise sets is the one used, never widened; a number of points takes no %.
A lesson's registered exercise is checked by id instead, in the form it asks
(:mod:`dicepoker.lessons.exercise_registry`).
The work done on any answer is bounded: text longer than :data:`MAX_ANSWER_LENGTH` characters,
exponents beyond :data:`MAX_EXPONENT` and numbers above :data:`MAX_MAGNITUDE` are refused politely.
"""

from __future__ import annotations

import html
import math
import numbers
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction

from dicepoker.core.errors import DicePokerError
from dicepoker.core.i18n import (
    _,
    fill_message,
    format_message,
    format_number,
    language,
    ngettext,
    parse_number,
)

Number = Fraction | Decimal | float | int | str

MAX_ANSWER_LENGTH = 60
"""Longest answer text read; a chance or a score is never longer."""
MAX_EXPONENT = 30
"""Largest power of ten read from scientific notation (``1e30``; ``1e999`` is refused)."""
MAX_MAGNITUDE = 10**15
"""Largest size of a number compared; no exercise's answer comes near it."""
MAX_BITS = 4096
"""Largest numerator or denominator (in bits) of a ``Fraction`` answer that is compared."""
RELATIVE_TOLERANCE = Fraction(1, 200)
"""How far (relative to the answer) a decimal may be and still be right: half a percent."""

SIZE_REASONS = (
    "is far too large for a chance or a score",
    "has far too many digits for a chance or a score",
    f"has an exponent beyond {MAX_EXPONENT}",
)
"""The refusals that are about an answer's size (said to the student, unlike a typo)."""

FORMAT_EXAMPLES = (("1/6", "0.1667"), ("2/9", "0.2222"), ("3/8", "0.375"))
"""Format examples the checker shows; it never shows one that is the answer."""

_DECIMAL = r"(?P<{0}int>[0-9]*)(?:[.,](?P<{0}frac>[0-9]*))?"
_NUMBER_TEXT = re.compile(
    r"(?P<sign>[+-]?)" + _DECIMAL.format("") + r"(?:[eE](?P<exp>[+-]?[0-9]+))?(?P<percent>%?)", re.ASCII
)
_FRACTION_TEXT = re.compile(
    r"(?P<sign>[+-]?)" + _DECIMAL.format("n") + "/" + _DECIMAL.format("d") + r"(?P<percent>%?)", re.ASCII
)


CODE_SPAN = re.compile(r"`([^`<>]+)`")
"""Code written between backticks in a message: drawn as code in a notebook, without the backticks."""
_LOCALE_NUMBER_TEXT = re.compile(r"[-+]?[0-9][0-9.,'\u2019]*(/[0-9][0-9.,'\u2019]*)?%?", re.ASCII)
"""What a number written the locale's way may hold (spaces already removed): no letters, no ``inf``."""


class UnreadableAnswerError(DicePokerError):
    """An answer that is not a number the checker can read (or too large to be one).

    ``size`` is the one of :data:`SIZE_REASONS` that refused it, or ``""`` for a typo.
    """

    def __init__(self, message: str, size: str = "") -> None:
        super().__init__(message)
        self.size = size


def _too_large(answer: object) -> UnreadableAnswerError:
    return UnreadableAnswerError(
        format_message("answer {answer} is far too large for a chance or a score", answer=shown(answer)),
        SIZE_REASONS[0],
    )


def _not_a_number(answer: object) -> UnreadableAnswerError:
    return UnreadableAnswerError(format_message("answer {answer} is not a number", answer=shown(answer)))


@dataclass(frozen=True)
class Reading:
    """An answer read exactly: its value, whether it was written as a fraction, its precision.

    ``decimals`` is the number of decimal places the text gave (``None`` for a fraction or a number
    object), ``significant`` its count of significant digits.

    >>> read_answer("0,25")
    Reading(value=Fraction(1, 4), exact=False, decimals=2, significant=2)
    """

    value: Fraction
    exact: bool
    decimals: int | None = None
    significant: int | None = None
    percent: bool = field(default=False, repr=False)


def _within_bounds(value: Fraction, answer: object) -> Fraction:
    if abs(value) > MAX_MAGNITUDE:
        raise _too_large(answer)
    return value


def _read_decimal(
    sign: str, whole: str, frac: str | None, exponent: int, answer: object, percent: bool = False
) -> Reading:
    digits = (whole + (frac or "")).lstrip("0")
    decimals = len(frac or "") - exponent
    value = Fraction(int(whole + (frac or "") or "0"))
    value *= Fraction(10) ** -decimals
    value = -value if sign == "-" else value
    return Reading(_within_bounds(value, answer), False, decimals, len(digits), percent)


def _read_text(answer: str) -> Reading:
    text = re.sub("[ \u00a0\u202f_]", "", answer.strip()).replace("\u2212", "-")
    if not text:
        raise UnreadableAnswerError(_("the answer is empty"))
    if len(text) > MAX_ANSWER_LENGTH:
        raise UnreadableAnswerError(
            format_message(
                "answer {answer} is longer than {limit} characters",
                answer=shown(answer),
                limit=MAX_ANSWER_LENGTH,
            )
        )
    scale = Fraction(1, 100)
    if match := _FRACTION_TEXT.fullmatch(text):
        parts = match.groupdict()
        if not (parts["nint"] or parts["nfrac"]) or not (parts["dint"] or parts["dfrac"]):
            raise _not_a_number(answer)
        top = _read_decimal("", parts["nint"], parts["nfrac"], 0, answer).value
        bottom = _read_decimal("", parts["dint"], parts["dfrac"], 0, answer).value
        if bottom == 0:
            raise UnreadableAnswerError(format_message("answer {answer} divides by 0", answer=shown(answer)))
        value = (-1 if parts["sign"] == "-" else 1) * top / bottom * (scale if parts["percent"] else 1)
        return Reading(_within_bounds(value, answer), exact=True, percent=bool(parts["percent"]))
    match = _NUMBER_TEXT.fullmatch(text)
    if not match or not (match["int"] or match["frac"]):
        return _read_in_language(text, answer)
    exponent = int(match["exp"] or "0") - (2 if match["percent"] else 0)
    if abs(exponent) > MAX_EXPONENT:
        raise UnreadableAnswerError(
            format_message(
                "answer {answer} has an exponent beyond {limit}", answer=shown(answer), limit=MAX_EXPONENT
            ),
            SIZE_REASONS[2],
        )
    return _read_decimal(match["sign"], match["int"], match["frac"], exponent, answer, bool(match["percent"]))


def _read_in_language(text: str, answer: object) -> Reading:
    """A number written the current language's way (``"1.234,5"`` in Romanian), read by
    :func:`~dicepoker.core.i18n.parse_number`; its decimals are the digits after the locale's
    decimal sign (fewer for a percentage's two implied places).

    >>> from dicepoker.core.i18n import in_language
    >>> with in_language("ro"):
    ...     _read_in_language("1.234,5", "1.234,5")
    Reading(value=Fraction(2469, 2), exact=False, decimals=1, significant=5)
    """
    from babel.numbers import get_decimal_symbol

    if not _LOCALE_NUMBER_TEXT.fullmatch(text) or text.count("/") > 1 or "%" in text[:-1]:
        raise _not_a_number(answer)  # digits and the signs numbers are written with, nothing else
    try:
        value = parse_number(text)
    except DicePokerError:
        raise _not_a_number(answer) from None
    if "/" in text:
        return Reading(_within_bounds(value, answer), exact=True, percent=text.endswith("%"))
    number, point = text.rstrip("%"), get_decimal_symbol(language())
    frac = number.rpartition(point)[2] if point in number else ""
    digits = re.sub(r"\D", "", number).lstrip("0")
    decimals = len(re.sub(r"\D", "", frac)) + (2 if text.endswith("%") else 0)
    return Reading(_within_bounds(value, answer), False, decimals, len(digits), text.endswith("%"))


def read_answer(answer: object) -> Reading:
    """Read an answer exactly, or raise :class:`UnreadableAnswerError` (a ``DicePokerError``).

    >>> read_answer("2/12").value, read_answer("0.08%").value, read_answer(" 1.5e-3 ").value
    (Fraction(1, 6), Fraction(1, 1250), Fraction(3, 2000))
    """
    if isinstance(answer, bool) or answer is None:
        raise _not_a_number(answer)
    if isinstance(answer, str):
        return _read_text(answer)
    if isinstance(answer, Decimal):
        if not answer.is_finite():
            raise _not_finite(answer)
        return _read_text(str(answer))
    if isinstance(answer, numbers.Integral):
        number = int(answer)
        if number.bit_length() > MAX_BITS:
            raise UnreadableAnswerError(
                _("the answer is far too large for a chance or a score"), SIZE_REASONS[0]
            )
        return Reading(_within_bounds(Fraction(number), answer), exact=True)
    if isinstance(answer, numbers.Rational):
        top, bottom = int(answer.numerator), int(answer.denominator)
        if max(top.bit_length(), bottom.bit_length()) > MAX_BITS or bottom == 0:
            raise UnreadableAnswerError(
                _("the answer has far too many digits for a chance or a score"), SIZE_REASONS[1]
            )
        return Reading(_within_bounds(Fraction(top, bottom), answer), exact=True)
    try:
        number = float(answer)  # floats, numpy scalars and 0-d arrays
    except Exception as err:  # noqa: BLE001 - a student's object may fail in any way: it is no number
        raise _not_a_number(answer) from err
    if not math.isfinite(number):
        raise _not_finite(answer)
    return Reading(_within_bounds(Fraction(number), answer), exact=False)


def _not_finite(answer: object) -> UnreadableAnswerError:
    return UnreadableAnswerError(
        format_message("answer {answer} is not a finite number", answer=shown(answer))
    )


def as_number(answer: Number) -> Fraction:
    """A student's answer as an exact number: ``"1/6"``, ``"0.25"`` and ``"25%"`` are read exactly.

    >>> as_number("2/12"), as_number(" 0.5 "), as_number("25%")
    (Fraction(1, 6), Fraction(1, 2), Fraction(1, 4))
    """
    return read_answer(answer).value


def shown(answer: object) -> str:
    """An answer quoted for a message, short whatever it is (a huge number is not printed in full).

    >>> shown("1/6"), shown(10**400)
    ("'1/6'", 'a number with about 401 digits')
    """
    if isinstance(answer, int) and not isinstance(answer, bool) and answer.bit_length() > 128:
        digits = math.floor(answer.bit_length() * math.log10(2)) + 1
        return fill_message(
            ngettext("a number with about {n} digits", "a number with about {n} digits", digits), n=digits
        )
    try:
        text = repr(answer)
    except Exception:  # noqa: BLE001 - a student's object may fail in any way; say what it is
        text = f"<{type(answer).__name__}>"
    return text if len(text) <= MAX_ANSWER_LENGTH else text[: MAX_ANSWER_LENGTH - 3] + "..."


def is_close(reading: Reading, expected: Reading, tolerance: Fraction = Fraction(0)) -> bool:
    """Whether an answer is right: exact when both are exact fractions, else close enough.

    With a ``tolerance`` (absolute) that tolerance alone decides: it is never widened. Without one a
    decimal is right within half a percent of the expected value, or as the expected value rounded
    to the decimals written with at least two significant digits.

    >>> want = read_answer(Fraction(1, 1296))
    >>> [is_close(read_answer(text), want) for text in ("0.00077", "0.0003", "0.0012", "0.0008")]
    [True, False, False, False]
    >>> sixes = read_answer(Fraction(455, 36))
    >>> [is_close(read_answer(text), sixes, Fraction(1, 200)) for text in ("12.64", "12.7", "12.58", "13")]
    [True, False, False, False]
    """
    error = abs(reading.value - expected.value)
    if reading.exact and expected.exact:
        return error == 0 or error <= tolerance
    if tolerance:
        return error <= tolerance
    whole_number = expected.exact and expected.value.denominator == 1
    if error <= (0 if whole_number else RELATIVE_TOLERANCE * abs(expected.value)):
        return True
    if reading.decimals is None or (reading.significant or 0) < 2:
        return False
    return error <= Fraction(1, 2) * Fraction(10) ** -reading.decimals


def too_few_digits(reading: Reading, expected: Reading) -> bool:
    """Whether a decimal answer is right as far as it goes but too short to judge (``0.08%`` for 1/1296).

    >>> too_few_digits(read_answer("0.08%"), read_answer(Fraction(1, 1296)))
    True
    """
    if reading.exact or reading.decimals is None or reading.value == expected.value:
        return False
    return abs(reading.value - expected.value) <= Fraction(1, 2) * Fraction(10) ** -reading.decimals


def is_points(expected: Fraction) -> bool:
    """Whether an expected answer is a number of points (a whole number that is no chance).

    >>> is_points(Fraction(22)), is_points(Fraction(1, 6)), is_points(Fraction(1))
    (True, False, False)
    """
    return expected.denominator == 1 and not 0 <= expected <= 1


def format_example(expected: Fraction) -> str:
    """How to write an answer, with an example in its form that is never the expected answer.

    >>> format_example(Fraction(1, 3)), format_example(Fraction(1, 6)), format_example(Fraction(17))
    ('1/6 or 0.1667', '2/9 or 0.2222', '23')
    """
    if is_points(expected):
        return next(text for text in ("17", "23", "-8") if Fraction(text) != expected)
    for fraction, decimal in FORMAT_EXAMPLES:
        if abs(Fraction(fraction) - expected) > abs(expected) / 10:
            return format_message(
                "{fraction} or {decimal}", fraction=fraction, decimal=format_number(Decimal(decimal))
            )
    raise AssertionError("unreachable: the examples differ by more than 10% from each other")


@dataclass(frozen=True)
class Feedback:
    """The verdict on one answer; renders as a coloured line in a notebook.

    ``problem`` says why an answer could not be judged (unreadable, or still the placeholder).
    ``lang`` is the language it speaks: the one current when it was made (when the answer was
    judged), whatever the language is when it is shown; ``""`` speaks the one current then.

    >>> from dicepoker.core.i18n import in_language
    >>> with in_language("uk"):
    ...     str(Feedback(True, "'1/4'")), str(Feedback(False, "'1/3'", hint="1 - 3/4"))
    ('Правильно!', 'Ще ні. Підказка: 1 - 3/4')
    """

    correct: bool
    answer: str
    hint: str = ""
    problem: str = ""
    lang: str = field(default_factory=language)

    def __str__(self) -> str:
        lang = self.lang or None
        if self.correct:
            return _("Right!", lang)
        if self.problem and self.hint:
            return format_message(
                "Not yet: {problem}. Hint: {hint}", lang, problem=self.problem, hint=self.hint
            )
        if self.problem:
            return format_message("Not yet: {problem}", lang, problem=self.problem)
        if self.hint:
            return format_message("Not yet. Hint: {hint}", lang, hint=self.hint)
        return _("Not yet.", lang)

    def __bool__(self) -> bool:
        return self.correct

    def _repr_html_(self) -> str:
        colour = "#1b7f3b" if self.correct else "#b35900"
        text = CODE_SPAN.sub(r"<code>\1</code>", html.escape(str(self)))  # `True` shows as code, no backticks
        return f'<div style="color:{colour};font-weight:bold">{text}</div>'


Mistakes = Mapping[Number, str] | Iterable[tuple[Number, str]]


def _common_mistake(reading: Reading, expected: Reading) -> str:
    """A hint for a mistake any question invites: a percentage without %, the complement."""
    want = expected.value
    if 0 < want < 1 and 1 < reading.value <= 100:
        as_share = Reading(reading.value / 100, reading.exact, reading.decimals, reading.significant)
        if is_close(as_share, expected):
            return _("that looks like a percentage: add the % sign (or divide by 100)")
    if 0 < want < 1 and want != Fraction(1, 2):
        complement = Reading(1 - reading.value, reading.exact, reading.decimals, reading.significant)
        if is_close(complement, expected):
            return _("that is the chance that it does NOT happen")
    return ""


def unreadable_problem(size: str, expected: Fraction) -> str:
    """What to tell a student whose answer could not be read (``size``: the reason it was too large).

    >>> unreadable_problem("", Fraction(1, 3)), unreadable_problem(SIZE_REASONS[2], Fraction(1, 6))
    ('write it like 1/6 or 0.1667', 'that number has an exponent beyond 30; write it like 2/9 or 0.2222')
    """
    example = format_example(expected)
    if size == SIZE_REASONS[0]:
        return format_message(
            "that number is far too large for a chance or a score; write it like {example}", example=example
        )
    if size == SIZE_REASONS[1]:
        return format_message(
            "that number has far too many digits for a chance or a score; write it like {example}",
            example=example,
        )
    if size == SIZE_REASONS[2]:
        return format_message(
            "that number has an exponent beyond {limit}; write it like {example}",
            limit=MAX_EXPONENT,
            example=example,
        )
    return format_message("write it like {example}", example=example)


def translated_hint(hint: str) -> str:
    """A hint in the current language: the catalogs' translation of the English text, else the text.

    >>> from dicepoker.core.i18n import in_language
    >>> with in_language("ro"):
    ...     translated_hint("that is for one roll; two are left"), translated_hint("")
    ('asta e pentru o aruncare; mai sunt două', '')
    """
    return _(hint) if hint else ""


def _check_one(
    answer: object, expected: object, hint: str, mistakes: Mistakes, tolerance: Fraction
) -> Feedback:
    want = read_expected(expected)
    try:
        got = read_answer(answer)
    except UnreadableAnswerError as err:
        return Feedback(False, shown(answer), "", unreadable_problem(err.size, want.value))
    if isinstance(answer, str) and answer.strip() == "0" and want.value != 0:
        problem = format_message(
            'replace "0" by your answer, like {example}', example=format_example(want.value)
        )
        return Feedback(False, shown(answer), "", problem)
    if got.percent and is_points(want.value):
        return Feedback(False, shown(answer), "", _("a score is a number of points: write it without %"))
    if is_close(got, want, tolerance):
        return Feedback(True, shown(answer))
    pairs = mistakes.items() if isinstance(mistakes, Mapping) else mistakes
    for wrong, mistake_hint in pairs:
        if is_close(got, read_expected(wrong), tolerance):
            return Feedback(False, shown(answer), translated_hint(mistake_hint))
    if too_few_digits(got, want):
        return Feedback(False, shown(answer), "", _("right as far as it goes: give more digits"))
    return Feedback(False, shown(answer), _common_mistake(got, want) or translated_hint(hint))


def read_expected(expected: object) -> Reading:
    """The expected answer, read like an answer; a float is taken as a rounded decimal.

    >>> read_expected(Fraction(1, 6)).exact, read_expected(0.5).exact
    (True, False)
    """
    return read_answer(expected)


def check(
    answer: object,
    expected: object,
    *,
    hint: str | Sequence[str] = "",
    mistakes: Mistakes | Sequence[Mistakes] = (),
    tolerance: float | Fraction = 0,
) -> Feedback:
    """Compare an answer with the expected value; never raises on the student's answer.

    ``mistakes`` maps a predictable wrong answer (computed by the package) to its own hint;
    ``tolerance`` is an absolute margin for answers asked "to one decimal". A question with
    several parts passes a tuple as ``expected`` and gets a tuple as ``answer``.

    >>> bool(check("0.1667", Fraction(1, 6))), bool(check("1/5", Fraction(1, 6)))
    (True, False)
    >>> str(check("1/6", Fraction(11, 36), mistakes={Fraction(1, 6): "that is for one roll; two are left"}))
    'Not yet. Hint: that is for one roll; two are left'
    >>> str(check(("15", "30"), (15, 40), hint=("", "a run of five")))
    'Not yet: part 2 of 2. Hint: a run of five'
    """
    margin = read_answer(tolerance).value
    if not isinstance(expected, tuple | list):
        if (
            not isinstance(hint, str)
            or isinstance(mistakes, Sequence)
            and any(isinstance(item, Mapping) for item in mistakes)
        ):
            raise DicePokerError(_("a one-part question takes one hint and one mapping of mistakes"))
        return _check_one(answer, expected, hint, mistakes, margin)
    parts = len(expected)
    hints = (hint,) * parts if isinstance(hint, str) else tuple(hint)
    part_mistakes = tuple(mistakes) if mistakes else ((),) * parts
    if len(hints) != parts or len(part_mistakes) != parts:
        template = ngettext(
            "a {parts}-part question needs {parts} hint and {parts} mapping of mistakes",
            "a {parts}-part question needs {parts} hints and {parts} mappings of mistakes",
            parts,
        )
        raise DicePokerError(fill_message(template, parts=parts))
    if not isinstance(answer, tuple | list) or len(answer) != parts:
        template = ngettext(
            "give {parts} answer in parentheses, one for each question",
            "give {parts} answers in parentheses, one for each question",
            parts,
        )
        problem = fill_message(template, parts=parts)
        return Feedback(False, shown(answer), "", problem)
    for number, (got, want, part_hint, wrong) in enumerate(
        zip(answer, expected, hints, part_mistakes, strict=True), 1
    ):
        verdict = _check_one(got, want, part_hint, wrong, margin)
        if not verdict.correct:
            if verdict.problem:
                problem = format_message(
                    "part {number} of {parts}: {problem}", number=number, parts=parts, problem=verdict.problem
                )
            else:
                problem = format_message("part {number} of {parts}", number=number, parts=parts)
            return Feedback(False, shown(answer), verdict.hint, problem)
    return Feedback(True, shown(answer))
