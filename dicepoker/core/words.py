"""Words the games say to players: plurals, sentences to a player called You, dice read aloud.

The translated helpers make whole sentences in the current language (:mod:`dicepoker.core.i18n`):
:func:`says` picks the sentence spoken to "You" or the one about another player,
:func:`player_name` shows "You" in the current language, :func:`die_label` reads a die aloud.
:func:`plural` is English only, for text that no translation reaches (the solver's own summary).

>>> plural(2, "roll")
'2 rolls'
>>> says("You", N_("You roll {dice}."), N_("{name} rolls {dice}."), dice="3-3-5-1-6")
'You roll 3-3-5-1-6.'
>>> says("Ann", N_("You roll {dice}."), N_("{name} rolls {dice}."), dice="3-3-5-1-6", lang="ro")
'Ann aruncă 3-3-5-1-6.'
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache

from dicepoker.core.i18n import _, available_languages, fill_message, format_message, pgettext

FACE_WORDS = ("blank", "one", "two", "three", "four", "five", "six")


def N_(message: str) -> str:
    """Mark ``message`` for the catalogs without translating it yet (``pybabel extract -k N_``).

    >>> N_("Player {number}")
    'Player {number}'
    """
    return message


def plural(count: int, word: str, words: str | None = None) -> str:
    """A count and its English noun, singular for 1 and plural otherwise (no "roll(s)"); English only:
    a translated message writes ``ngettext`` instead.

    >>> plural(1, "roll"), plural(2, "roll"), plural(0, "cell"), plural(3, "series", "series")
    ('1 roll', '2 rolls', '0 cells', '3 series')
    """
    return f"{count} {word if count == 1 else (words or word + 's')}"


def you_word(lang: str | None = None) -> str:
    """What a player who is "You" is called in the current language (or ``lang``).

    >>> you_word(), you_word("ro"), you_word("uk")
    ('You', 'Tu', 'Ти')
    """
    return pgettext("player", "You", lang)


@cache
def _you_words() -> frozenset[str]:
    return frozenset(you_word(lang).strip().lower() for lang in available_languages())


def is_you(name: str) -> bool:
    """Whether a player is called "You", in any language the kit speaks (then messages speak to them).

    >>> is_you("you"), is_you("Tu"), is_you("คุณ"), is_you("Ann")
    (True, True, True, False)
    """
    return name.strip().lower() in _you_words()


def player_name(name: str, lang: str | None = None) -> str:
    """A player's name as shown: "You" in the current language for a player called You in any language.

    >>> player_name("You", "th"), player_name("Tu"), player_name("Ann", "uk")
    ('คุณ', 'You', 'Ann')
    """
    return you_word(lang) if is_you(name) else name


def says(who: str, to_you: str, about_them: str, /, lang: str | None = None, **values: object) -> str:
    """A whole sentence about the player ``who``: ``to_you`` if they are "You", else ``about_them``
    (both English templates, marked with :func:`N_`), translated and filled; ``{name}`` is the
    player's name as shown. The two templates let every language word each case its own way.

    >>> says("Tu", N_("Your turn"), N_("{name}'s turn"))
    'Your turn'
    >>> says("Bo", N_("Your turn"), N_("{name}'s turn"), lang="uk")
    'Хід гравця Bo'
    """
    forms = {"name": _(to_you, lang), "": _(about_them, lang)}
    return says_with({"name": who}, forms, lang, **values)


def says_with(
    names: Mapping[str, str], forms: Mapping[str, str], /, lang: str | None = None, **values: object
) -> str:
    """A whole sentence about several players, in the form for whichever of them is "You".

    ``names`` maps each placeholder to a player's name; ``forms`` maps the placeholders of the
    players who are "You" (joined by a space, in the order of ``names``; ``""`` when nobody is) to
    the sentence, already translated (``_`` or ``ngettext``); a case without its own form takes the
    ``""`` one. Each name is filled in as shown (:func:`player_name`). :func:`says` is the case of
    one player.

    >>> forms = {
    ...     "": "{name} passes the cup to {next}.",
    ...     "name": "You pass the cup to {next}.",
    ...     "next": "{name} passes the cup to you.",
    ... }
    >>> says_with({"name": "Ann", "next": "You"}, forms), says_with({"name": "Tu", "next": "Bo"}, forms)
    ('Ann passes the cup to you.', 'You pass the cup to Bo.')
    """
    you = " ".join(key for key, name in names.items() if is_you(name))
    template = forms.get(you, forms[""])
    shown = {key: player_name(name, lang) for key, name in names.items()}
    return fill_message(template, lang, **shown, **values)


def face_word(value: int, lang: str | None = None) -> str:
    """A die's face as a word in the current language (or ``lang``).

    >>> face_word(5), face_word(5, "ro"), face_word(0)
    ('five', 'cinci', 'blank')
    """
    if not value:
        return FACE_WORDS[0]
    words = (  # context "die face": "five" is the face of a die here
        pgettext("die face", "one", lang),
        pgettext("die face", "two", lang),
        pgettext("die face", "three", lang),
        pgettext("die face", "four", lang),
        pgettext("die face", "five", lang),
        pgettext("die face", "six", lang),
    )
    return words[value - 1]


def die_label(position: int, value: int, held: bool, lang: str | None = None) -> str:
    """What a die button says to a screen reader and in its tooltip: "die 3: five, held", translated.

    >>> die_label(2, 5, True), die_label(0, 1, False), die_label(4, 0, False)
    ('die 3: five, held', 'die 1: one', 'die 5: not rolled yet')
    >>> die_label(2, 5, True, lang="uk")
    'кістка 3: п’ять, утримана'
    """
    number = position + 1
    if not value:
        return format_message("die {number}: not rolled yet", lang, number=number)
    face = face_word(value, lang)
    if held:
        return format_message("die {number}: {face}, held", lang, number=number, face=face)
    return format_message("die {number}: {face}", lang, number=number, face=face)
