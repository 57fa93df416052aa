"""Words the games say to players: plurals, "your" for a player called You, dice read aloud.

Standard library only, so plain HTML pictures and the widgets say things the same way.

>>> plural(2, "roll"), possessive("You", start=True), does("You", "wins")
('2 rolls', 'Your', 'You win')
"""

from __future__ import annotations

FACE_WORDS = ("blank", "one", "two", "three", "four", "five", "six")


def plural(count: int, word: str, words: str | None = None) -> str:
    """A count and its noun, singular for 1 and plural otherwise (no "roll(s)").

    >>> plural(1, "roll"), plural(2, "roll"), plural(0, "cell"), plural(3, "series", "series")
    ('1 roll', '2 rolls', '0 cells', '3 series')
    """
    return f"{count} {word if count == 1 else (words or word + 's')}"


def is_you(name: str) -> bool:
    """Whether a player is called "You" (then the messages speak to them)."""
    return name.strip().lower() == "you"


def verb_form(who: str, verb: str) -> str:
    """A verb (given for "Ann": "rolls") in the form that goes with ``who``.

    >>> verb_form("Ann", "loses"), verb_form("You", "loses"), verb_form("You", "was")
    ('loses', 'lose', 'were')
    >>> verb_form("You", "passes")
    'pass'
    """
    if not is_you(who):
        return verb
    irregular = {"is": "are", "has": "have", "was": "were"}
    if verb in irregular:
        return irregular[verb]
    if verb.endswith(("sses", "shes", "ches", "xes")):
        return verb[:-2]
    return verb.removesuffix("s")


def does(who: str, verb: str) -> str:
    """A player and a verb, in the second person for a player called "You".

    >>> does("Ann", "rolls"), does("You", "rolls"), does("you", "is"), does("You", "passes")
    ('Ann rolls', 'You roll', 'you are', 'You pass')
    """
    return f"{who} {verb_form(who, verb)}"


def possessive(name: str, *, start: bool = False) -> str:
    """A player's name as an owner: "Ann's", or "your" ("Your" at the start of a sentence) for "You".

    >>> possessive("Ann"), possessive("You"), possessive("You", start=True)
    ("Ann's", 'your', 'Your')
    """
    if is_you(name):
        return "Your" if start else "your"
    return f"{name}'s"


def die_label(position: int, value: int, held: bool) -> str:
    """What a die button says to a screen reader and in its tooltip: "die 3: five, held".

    >>> die_label(2, 5, True), die_label(0, 1, False), die_label(4, 0, False)
    ('die 3: five, held', 'die 1: one', 'die 5: not rolled yet')
    """
    if not value:
        return f"die {position + 1}: not rolled yet"
    return f"die {position + 1}: {FACE_WORDS[value]}" + (", held" if held else "")
