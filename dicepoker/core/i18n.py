"""The kit in the class's own language: gettext catalogs, the current language, numbers for the locale.

English is the source language and the default, whatever the machine's locale says;
``DICEPOKER_LANG`` in the environment or :func:`set_language` chooses another. The helpers
look the language up each time they are called, so text made after a switch comes out in the new
language (an open widget changes on its next refresh). Every helper also takes ``lang=`` to ask for
one language without switching.

>>> set_language("ro"); pgettext("box", "Two Pairs"), format_message("{n:,} games", n=2000)
('Două perechi', '2.000 games')
>>> fill_message(ngettext("{n} point", "{n} points", 21), n=21)
'21 de puncte'
>>> format_number(0.25, lang="uk"), format_percent(0.385, lang="ro"), format_fraction(Fraction(1, 4))
('0,25', '38,5\\xa0%', '1/4')
>>> set_language("en"); display_name("box", "Two Pairs")
'Two Pairs'
"""

from __future__ import annotations

import gettext
import math
import numbers
import os
import re
import string
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from decimal import Decimal
from fractions import Fraction
from functools import cache, lru_cache
from pathlib import Path

from dicepoker.core.errors import DicePokerError, UnknownNameError

DOMAIN = "dicepoker"
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
SOURCE_LANGUAGE = "en"
ENVIRONMENT_VARIABLE = "DICEPOKER_LANG"
# the kinds of names display_name translates: each is the pgettext context of its catalog entries
NAME_KINDS = ("box", "bluff hand", "board label", "game title")
# each language's name in itself, for links between the versions of a page
MAX_EXPONENT = 1000  # parse_number refuses numbers beyond 10**±1000 (no answer is that large or small)
# the minus sign every language writes: the true minus U+2212 (CLDR's "-" is the ASCII stand-in); one
# choice per language, applied by every number formatter here (format_number, format_message, ...)
MINUS_SIGNS = {"en": "\u2212", "ro": "\u2212", "uk": "\u2212", "th": "\u2212"}
LANGUAGE_NAMES = {"en": "English", "ro": "Română", "uk": "Українська", "th": "ไทย"}

_chosen: str | None = None  # set by set_language; None: the environment variable, else English
_speaking: ContextVar[str | None] = ContextVar("dicepoker_speaking", default=None)  # set by in_language


@cache
def available_languages() -> tuple[str, ...]:
    """The languages with a compiled catalog, the source language first.

    >>> available_languages()
    ('en', 'ro', 'th', 'uk')
    """
    found = sorted(p.parents[1].name for p in LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.mo"))
    return (SOURCE_LANGUAGE, *[lang for lang in found if lang != SOURCE_LANGUAGE])


def language_name(lang: str) -> str:
    """A language's name in itself, for links between the versions of a page (Babel's, for a new one).

    >>> language_name("uk"), language_name("th"), language_name("pl")
    ('Українська', 'ไทย', 'Polski')
    """
    if lang in LANGUAGE_NAMES:
        return LANGUAGE_NAMES[lang]
    from babel import Locale

    name = Locale.parse(lang).get_display_name(lang) or lang
    return name[:1].upper() + name[1:]


def check_language(lang: object) -> str:
    """``lang`` itself if the kit speaks it; otherwise :class:`UnknownNameError` listing the languages.

    >>> check_language("fr")
    Traceback (most recent call last):
    ...
    dicepoker.core.errors.UnknownNameError: no language 'fr'; the languages are: en, ro, th, uk
    """
    if not isinstance(lang, str) or lang not in available_languages():
        raise UnknownNameError(f"no language {lang!r}; the languages are: {', '.join(available_languages())}")
    return lang


def set_language(lang: str) -> None:
    """Make ``lang`` ("en", "ro", "uk" or "th") the language of everything shown from now on."""
    global _chosen
    _chosen = check_language(lang)


def is_language_set() -> bool:
    """Whether :func:`set_language` chose the language (then ``DICEPOKER_LANG`` is not read).

    >>> set_language("uk"); is_language_set()
    True
    >>> reset_language(); is_language_set()
    False
    """
    return _chosen is not None


def reset_language() -> None:
    """Forget :func:`set_language`: back to ``DICEPOKER_LANG`` if it is set, else English.

    >>> set_language("uk"); reset_language(); language() == (os.environ.get("DICEPOKER_LANG") or "en")
    True
    """
    global _chosen
    _chosen = None


@contextmanager
def in_language(lang: str | None) -> Iterator[str]:
    """Speak ``lang`` inside the ``with`` block (``None``: keep the current language), then go back.

    A widget made with ``lang=`` refreshes inside this block, and a figure function with ``lang=``
    builds its figure inside it, so every message made there (an error's text too) is in ``lang``,
    whatever :func:`set_language` says elsewhere.

    >>> with in_language("ro"):
    ...     _("upper")
    'stânga'
    >>> language()
    'en'
    """
    if lang is None:
        yield language()
        return
    token = _speaking.set(check_language(lang))
    try:
        yield lang
    finally:
        _speaking.reset(token)


def language() -> str:
    """The current language: the one of an :func:`in_language` block, else the one set last, else
    ``DICEPOKER_LANG``, else English (never the OS locale).

    >>> set_language("th"); language()
    'th'
    >>> reset_language()
    """
    speaking = _speaking.get()
    if speaking is not None:
        return speaking
    if _chosen is not None:
        return _chosen
    lang, problem = environment_language()
    if problem is not None and problem not in _warned:
        _warned.add(problem)
        warnings.warn(problem, LanguageWarning, stacklevel=2)
    return lang


class LanguageWarning(UserWarning):
    """``DICEPOKER_LANG`` names a language the kit does not speak (the kit then speaks English)."""


_warned: set[str] = set()  # the problems with DICEPOKER_LANG already warned of (each once)


def environment_language() -> tuple[str, str | None]:
    """The language ``DICEPOKER_LANG`` asks for, and ``None``; or English and why it is not used.

    The variable may hold a language (``ro``) or a locale as a shell writes it (``ro_RO.UTF-8``,
    ``ro-RO``, ``uk_UA.utf8``, ``th_TH``): its language is used. A language the kit does not
    speak is no error (the variable may be set for the whole machine): the kit speaks English and
    says why, once (:class:`LanguageWarning`); only :func:`set_language` refuses a bad name.

    >>> os.environ["DICEPOKER_LANG"] = "ro_RO.UTF-8"; environment_language()
    ('ro', None)
    >>> os.environ["DICEPOKER_LANG"] = "zz"; environment_language()[1]  # doctest: +ELLIPSIS
    "DICEPOKER_LANG is 'zz', a language the kit does not speak (it speaks en, ro, th, uk): the text ..."
    >>> del os.environ["DICEPOKER_LANG"]; environment_language()
    ('en', None)
    """
    value = os.environ.get(ENVIRONMENT_VARIABLE, "").strip()
    if not value:
        return SOURCE_LANGUAGE, None
    for lang in (value, re.split(r"[_.@\-]", value, maxsplit=1)[0].lower()):
        if lang in available_languages():
            return lang, None
    problem = format_message(
        "{variable} is {value}, a language the kit does not speak (it speaks {languages}): "
        "the text is in English",
        SOURCE_LANGUAGE,
        variable=ENVIRONMENT_VARIABLE,
        value=repr(value[:40] + ("…" if len(value) > 40 else "")),
        languages=", ".join(available_languages()),
    )
    return SOURCE_LANGUAGE, problem


@cache
def translations(lang: str) -> gettext.NullTranslations:
    """The compiled catalog of ``lang`` (English: the source messages themselves)."""
    check_language(lang)
    return gettext.translation(DOMAIN, localedir=LOCALE_DIR, languages=[lang])


def _catalog(lang: str | None) -> gettext.NullTranslations:
    return translations(language() if lang is None else check_language(lang))


def _(message: str, lang: str | None = None) -> str:
    """``message`` in the current language (or ``lang``).

    >>> _("upper", lang="uk")
    'верхня частина'
    """
    return _catalog(lang).gettext(message)


def ngettext(singular: str, plural: str, n: int, lang: str | None = None) -> str:
    """The form of a message for the number ``n`` (Romanian and Ukrainian have three forms, Thai one).

    >>> [fill_message(ngettext("{n} point", "{n} points", n, lang="uk"), "uk", n=n) for n in (1, 2, 5)]
    ['1 очко', '2 очки', '5 очок']
    """
    return _catalog(lang).ngettext(singular, plural, n)


def pgettext(context: str, message: str, lang: str | None = None) -> str:
    """``message`` in the sense ``context`` gives it (a "box", a "bluff hand", a "board label", ...).

    >>> pgettext("bluff hand", "Four of a Kind", lang="uk")
    'Каре'
    """
    return _catalog(lang).pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int, lang: str | None = None) -> str:
    """:func:`ngettext` with a context."""
    return _catalog(lang).npgettext(context, singular, plural, n)


def display_name(kind: str, english_name: str, lang: str | None = None) -> str:
    """What a player reads for a name the API spells in English: a box, a bluff hand, a board label.

    The API keeps the English name (``score("Full House", ...)``); only the display changes.
    An unknown kind, or a name the catalogs do not know, is refused.

    >>> display_name("box", "Ones", lang="ro"), display_name("board label", "lucky 7", lang="uk")
    ('Ași', 'щаслива сімка')
    >>> display_name("box", "Sevens")
    Traceback (most recent call last):
    ...
    dicepoker.core.errors.UnknownNameError: no box name 'Sevens' in the message catalogs
    """
    if kind not in NAME_KINDS:
        raise UnknownNameError(f"no kind of name {kind!r}; the kinds are: {', '.join(NAME_KINDS)}")
    if (kind, english_name) not in known_names():
        raise UnknownNameError(f"no {kind} name {english_name!r} in the message catalogs")
    return pgettext(kind, english_name, lang)


def display_name_or_own(kind: str, name: str, lang: str | None = None) -> str:
    """:func:`display_name` for a name the catalogs know; any other name (a teacher's own variant's
    title or box) as it is spelled.

    >>> display_name_or_own("game title", "Dice Poker with bluffing", "uk")
    'Покер на кістках з блефом'
    >>> display_name_or_own("box", "Sevens")
    'Sevens'
    """
    return display_name(kind, name, lang) if (kind, name) in known_names() else name


@cache
def known_names() -> frozenset[tuple[str, str]]:
    """Every (kind, English name) pair the catalogs translate (read from the source catalog)."""
    catalog = translations(SOURCE_LANGUAGE)
    keys = getattr(catalog, "_catalog", {})
    pairs = set()
    for key in keys:
        text = key[0] if isinstance(key, tuple) else key
        context, separator, name = text.partition("\x04")
        if separator and context in NAME_KINDS:
            pairs.add((context, name))
    return frozenset(pairs)


# --- numbers for the locale (Babel) -------------------------------------------------------------
def _locale(lang: str | None) -> str:
    return language() if lang is None else check_language(lang)


def minus_sign(lang: str | None = None) -> str:
    """The minus sign ``lang`` writes (the true minus U+2212 in every language the kit speaks).

    >>> minus_sign("ro") == "\u2212"
    True
    """
    return MINUS_SIGNS.get(_locale(lang), "\u2212")


def _signed_text(text: str, lang: str) -> str:
    """A formatted number's leading hyphen-minus replaced by the language's minus sign."""
    return minus_sign(lang) + text[1:] if text.startswith("-") else text


def format_number(x: float | int | Fraction, lang: str | None = None, digits: int = 4) -> str:
    """A number as the locale writes it, with at most ``digits`` decimals (decimal comma in ro and uk).

    >>> format_number(1234.5, lang="ro"), format_number(1234.5, lang="en"), format_number(2, lang="uk")
    ('1.234,5', '1,234.5', '2')
    >>> format_number(-0.02, lang="uk")
    '−0,02'
    """
    locale = _locale(lang)
    pattern = "#,##0" + ("." + "#" * digits if digits > 0 else "")
    number = x if isinstance(x, int) and not isinstance(x, bool) else float(x)
    text = _decimal_text(number, type(number), pattern, locale)
    return _signed_text("0" if text in ("-0", "−0") else text, locale)


@lru_cache(maxsize=16384)
def _decimal_text(number: float | int | Decimal, kind: type, pattern: str, locale: str) -> str:
    """Babel's ``format_decimal``, remembered: a widget writes the same few numbers (cells, scores,
    rolls left) on every refresh, and Babel takes some 50 µs for each. ``kind`` keeps 1 and 1.0 apart."""
    from decimal import localcontext

    from babel.numbers import format_decimal

    with localcontext() as context:  # Babel rounds in the current context: 28 digits would refuse 10**28
        context.prec = max(context.prec, Decimal(number).adjusted() + 1 + len(pattern))
        return format_decimal(number, format=pattern, locale=locale)


def format_fixed(x: float | int | Fraction, places: int, lang: str | None = None) -> str:
    """``x`` with exactly ``places`` decimals, the digits of ``f"{x:.{places}f}"`` in every language,
    the decimal sign the locale's (no grouping: a score, a loss, a certainty equivalent).

    >>> format_fixed(17.5, 2), format_fixed(17.5, 2, "uk"), format_fixed(1234.56, 1, "ro")
    ('17.50', '17,50', '1234,6')
    >>> format_fixed(3, 0, "th"), format_fixed(-2.5, 1, "ro")
    ('3', '−2,5')
    """
    from babel.numbers import get_decimal_symbol

    locale = _locale(lang)
    text = f"{float(x):.{places}f}"
    return _signed_text(text.replace(".", get_decimal_symbol(locale)), locale)


def format_percent(x: float | Fraction, lang: str | None = None, digits: int = 1) -> str:
    """A proportion as a percentage in the locale's way, with at most ``digits`` decimals.

    >>> format_percent(Fraction(25, 648), lang="en"), format_percent(0.5, lang="th")
    ('3.9%', '50%')
    """
    from babel import Locale
    from babel.numbers import format_percent as babel_percent

    locale = _locale(lang)
    pattern = Locale.parse(locale).percent_formats[None].pattern  # "#,##0 %" in ro: the locale's spacing
    if digits > 0:
        pattern = pattern.replace("0", "0." + "#" * digits, 1)
    return _signed_text(babel_percent(float(x), format=pattern, locale=locale), locale)


def format_fraction(x: Fraction, lang: str | None = None, digits: int | None = None) -> str:
    """An exact probability as a fraction, its parts written for the locale; ``digits`` adds its decimal.

    >>> format_fraction(Fraction(25, 648), lang="ro", digits=4), format_fraction(Fraction(3))
    ('25/648 ≈ 0,0386', '3')
    """
    x = Fraction(x)
    whole = format_number(x.numerator, lang, digits=0)  # the sign with it
    text = whole if x.denominator == 1 else f"{whole}/{format_number(x.denominator, lang, digits=0)}"
    if digits is not None and x.denominator != 1:
        text += f" ≈ {format_number(x, lang, digits=digits)}"
    return text


def parse_number(text: str, lang: str | None = None) -> Fraction:
    """A number typed as the locale writes it (``"0,25"`` in ro and uk), a fraction or a percentage, exactly.

    >>> parse_number("0,25", lang="ro"), parse_number("1/4"), parse_number("25 %", lang="uk")
    (Fraction(1, 4), Fraction(1, 4), Fraction(1, 4))
    >>> parse_number("a quarter")
    Traceback (most recent call last):
    ...
    dicepoker.core.errors.DicePokerError: not a number: 'a quarter' (write e.g. 0.25, 1/4 or 25%)
    >>> parse_number("чверть", lang="uk")
    Traceback (most recent call last):
    ...
    dicepoker.core.errors.DicePokerError: це не число: 'чверть' (напишіть, наприклад, 0,25, 1/4 або 25%)
    """
    from babel.numbers import NumberFormatError, get_decimal_symbol, get_group_symbol, parse_decimal

    locale = _locale(lang)
    hint = format_message(
        "not a number: {text} (write e.g. {decimal}, 1/4 or {percent})",
        locale,
        text=repr(text),
        decimal=format_number(0.25, locale),
        percent=format_percent(0.25, locale),
    )
    if not isinstance(text, str) or not text.strip():
        raise DicePokerError(hint)
    cleaned = text.strip().replace("\u00a0", " ").replace("\u202f", " ").replace(minus_sign(locale), "-")
    percent = cleaned.endswith("%")
    cleaned = cleaned.rstrip("%").strip()
    try:
        if cleaned.count("/") > 1:
            raise ValueError(cleaned)  # 1/2/3 is no number
        if "/" in cleaned:
            top, _slash, bottom = cleaned.partition("/")
            value = Fraction(parse_number(top, locale)) / parse_number(bottom, locale)
        else:
            decimal, group = get_decimal_symbol(locale), get_group_symbol(locale)
            grouped = re.fullmatch(r"[-+−]?\d{1,3}(\.\d{3})+", cleaned) and group == "."
            if decimal == "," and "." in cleaned and "," not in cleaned and not grouped:
                cleaned = cleaned.replace(".", ",")  # a point typed where the locale writes a comma
            if decimal == "," and group in ("\u00a0", "\u202f"):
                cleaned = cleaned.replace(" ", group)
            number = parse_decimal(cleaned, locale=locale, strict=True)
            if not number.is_finite() or abs(number.adjusted()) > MAX_EXPONENT:
                raise ValueError(cleaned)  # infinity, NaN, or more digits than any answer has
            value = Fraction(number)
    except (NumberFormatError, ArithmeticError, ValueError):  # also infinity and NaN
        raise DicePokerError(hint) from None
    return value / 100 if percent else value


class _LocaleFormatter(string.Formatter):
    """``str.format`` whose numbers follow the locale: ``{p:.2%}`` is "12,50 %" in Romanian, a bare
    ``{x}`` is written as :func:`format_number` would (every digit of ``str(x)`` kept), a fraction as
    :func:`format_fraction`, every negative number with the language's minus sign."""

    SPEC = re.compile(r"(?P<sign>[+]?)(?P<group>,?)(?:\.(?P<digits>\d+))?(?P<kind>[feg%]?)")

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def format_field(self, value: object, format_spec: str) -> str:
        if isinstance(value, bool) or not isinstance(value, numbers.Real):
            return super().format_field(value, format_spec)
        spec = self.SPEC.fullmatch(format_spec)
        if spec is None:
            return super().format_field(value, format_spec)
        digits, kind = spec["digits"], spec["kind"]
        if kind == "" and digits is None and not spec["sign"]:
            return self.bare(value)
        from babel.numbers import format_scientific, get_decimal_symbol

        places = "0" * int(digits or (6 if kind else 0))
        number = float(value) * (100 if kind == "%" else 1)
        if kind == "g":  # Python's shortest form, its decimal sign the locale's
            text = format(number, f".{digits}g" if digits else "g").replace(
                ".", get_decimal_symbol(self.lang)
            )
        elif kind == "e":
            pattern = "0." + places + "E00" if places else "0E00"
            text = format_scientific(number, format=pattern, locale=self.lang)
        else:
            body = ("#,##0" if spec["group"] else "0") + ("." + places if places else "")
            text = _decimal_text(number, float, body, self.lang)
            if kind == "%":
                text = format_percent_sign(text, self.lang)
        if spec["sign"] and not text.startswith("-"):
            text = "+" + text
        return _signed_text(text, self.lang)

    def bare(self, value: numbers.Real) -> str:
        """A number with no format: an integer grouped as the locale groups, a fraction as a fraction,
        a float with all the digits ``str`` gives it (``0.1`` stays ``0,1``, never ``0,1000``)."""
        if isinstance(value, numbers.Integral):
            return format_number(int(value), self.lang, digits=0)
        if isinstance(value, Fraction):
            return format_fraction(value, self.lang)
        number = float(value)
        if not math.isfinite(number):
            return str(number)

        exact = Decimal(repr(number))
        places = max(0, -int(exact.as_tuple().exponent))
        text = _decimal_text(exact, Decimal, "#,##0" + ("." + "0" * places if places else ""), self.lang)
        return _signed_text(text, self.lang)


def format_percent_sign(number_text: str, lang: str) -> str:
    """A number followed by the percent sign as the locale writes it ("12,5 %" in ro, "12.5%" in en).

    >>> format_percent_sign("12,5", "ro"), format_percent_sign("12.5", "en")
    ('12,5\xa0%', '12.5%')
    """
    from babel import Locale

    pattern = Locale.parse(lang).percent_formats[None].pattern
    before, _sep, after = pattern.partition("0")
    tail = after.lstrip("0#,.")
    return before.replace("#", "").replace(",", "") + number_text + tail


def format_message(template: str, lang: str | None = None, /, **values: object) -> str:
    """``template`` translated to ``lang`` (default: the current language), filled with ``values``;
    numbers with a format (``{p:.1%}``, ``{x:.3f}``, ``{n:,}``, ``{v:+.2f}``) are written for the locale.

    >>> format_message("{share:.1%} of {n:,} games", "ro", share=0.125, n=2000)
    '12,5\xa0% of 2.000 games'
    >>> format_message("value {v:+.3f}", "uk", v=0.265)
    'value +0,265'
    >>> fill_message("θ = {theta:+g}", "ro", theta=-0.02)
    'θ = −0,02'
    >>> format_message("{n} games, θ = {theta}, {half} each", "uk", n=10000, theta=-0.02, half=Fraction(1, 2))
    '10\xa0000 games, θ = −0,02, 1/2 each'
    """
    lang = _locale(lang)
    return fill_message(_(template, lang), lang, **values)


def fill_message(translated: str, lang: str | None = None, /, **values: object) -> str:
    """An already translated template (an :func:`ngettext` form, say) filled with ``values``, its
    numbers written for the locale.

    >>> fill_message(ngettext("{n} point", "{n} points", 21, "ro") + " ({share:.1%})", "ro", n=21, share=0.25)
    '21 de puncte (25,0\xa0%)'
    """
    lang = _locale(lang)
    if all(type(value) in _PLAIN_VALUES for value in values.values()):
        return _filled(translated, lang, tuple((name, type(value), value) for name, value in values.items()))
    return _LocaleFormatter(lang).format(translated, **values)


_PLAIN_VALUES = frozenset({str, int, float, bool, Fraction})  # written the same way every time


@lru_cache(maxsize=16384)
def _filled(translated: str, lang: str, values: tuple[tuple[str, type, object], ...]) -> str:
    """:func:`fill_message` of plain values, remembered: the board widget fills some 185 messages
    on every refresh (a tooltip for each cell), nearly all the same as the refresh before."""
    return _LocaleFormatter(lang).format(translated, **{name: value for name, _kind, value in values})
