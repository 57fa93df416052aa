"""Who sits at a play widget: one check of the seats and one rule for naming them, for every game.

A seat is ``"human"`` or one of the game's computer players. A human is called ``Player N`` (by
seat); a computer by its word (``Computer``, ``Random``), numbered only when that word repeats.
With ``you=True``, the one human at a table with the computer is called "You" (the messages then
speak to them). Names come out in the current language.

>>> check_seats(["human", "robot"], ("human", "computer"), fewest=1, most=4, game="Dice Poker")
Traceback (most recent call last):
...
dicepoker.core.errors.UnknownNameError: seat 2 is 'robot': a seat is 'human' or 'computer'
>>> seat_names(["human", "computer", "computer"], {"computer": "Computer"})
['Player 1', 'Computer 1', 'Computer 2']
>>> from dicepoker.core.i18n import in_language
>>> with in_language("ro"):
...     seat_names(["human", "computer"], {"computer": computer_word()}, you=True)
['Tu', 'Calculator']
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from dicepoker.core.errors import DicePokerError, UnknownNameError, quoted
from dicepoker.core.i18n import _, fill_message, format_message, ngettext
from dicepoker.core.words import you_word


def in_words(options: Sequence[str]) -> str:
    """``'a', 'b' or 'c'``: the options quoted, as a sentence lists them (in the current language).

    >>> in_words(["human", "computer"])
    "'human' or 'computer'"
    """
    quoted = [repr(o) for o in options]
    if len(quoted) == 1:
        return quoted[0]
    return format_message("{first} or {last}", first=", ".join(quoted[:-1]), last=quoted[-1])


def computer_word() -> str:
    """What a computer seat is called in the current language: "Computer"."""
    return _("Computer")


def check_seats(
    seats: str | Iterable[str], kinds: Iterable[str], *, fewest: int, most: int, game: str
) -> tuple[str, ...]:
    """The seats as a tuple, refused unless ``fewest`` to ``most`` seats, each one of ``kinds``.

    >>> check_seats(["human"] * 5, ("human",), fewest=1, most=4, game="Dice Poker")
    Traceback (most recent call last):
    ...
    dicepoker.core.errors.DicePokerError: Dice Poker has 1 to 4 seats, not 5
    """
    kinds = tuple(kinds)
    if not isinstance(seats, str | Iterable):
        raise DicePokerError(
            format_message(
                "the seats are a list like {example}, not {value}",
                example="('human', 'computer')",
                value=quoted(seats),
            )
        )
    seats = (seats,) if isinstance(seats, str) else tuple(seats)
    for i, seat in enumerate(seats):
        if seat not in kinds:
            raise UnknownNameError(
                format_message(
                    "seat {number} is {seat}: a seat is {kinds}",
                    number=i + 1,
                    seat=repr(seat),
                    kinds=in_words(kinds),
                )
            )
    if not fewest <= len(seats) <= most:
        if most == fewest + 1:
            text = ngettext(
                "{game} has {fewest} or {most} seats, not {count}",
                "{game} has {fewest} or {most} seats, not {count}",
                most,
            )
        else:
            text = ngettext(
                "{game} has {fewest} to {most} seats, not {count}",
                "{game} has {fewest} to {most} seats, not {count}",
                most,
            )
        raise DicePokerError(fill_message(text, game=game, fewest=fewest, most=most, count=len(seats)))
    return seats


def seat_names(seats: Sequence[str], words: Mapping[str, str], *, you: bool = False) -> list[str]:
    """Names for seats without one: ``Player N`` for a human, a computer's word numbered if it repeats.

    ``words`` gives each computer seat's word (already in the language wanted). With ``you``, a
    table of exactly one human and at least one computer calls the human "You"; a table of
    humans only (or one person alone) keeps ``Player N``.

    >>> seat_names(["human", "reasoning", "naive"], {"reasoning": "Computer", "naive": "Computer"})
    ['Player 1', 'Computer 1', 'Computer 2']
    >>> seat_names(["random", "human"], {"random": "Random"})
    ['Random', 'Player 2']
    >>> seat_names(["human", "computer"], {"computer": "Computer"}, you=True)
    ['You', 'Computer']
    >>> seat_names(["human"], {}, you=True)
    ['Player 1']
    >>> seat_names(["human", "human", "computer"], {"computer": "C"}, you=True)
    ['Player 1', 'Player 2', 'C']
    """
    called = [None if seat == "human" else words[seat] for seat in seats]
    humans = called.count(None)
    names = []
    for i, word in enumerate(called):
        if word is None:
            if you and humans == 1 and len(seats) > 1:
                names.append(you_word())
            else:
                names.append(format_message("Player {number}", number=i + 1))
            continue
        same = [j for j, w in enumerate(called) if w == word]
        names.append(
            word if len(same) == 1 else format_message("{word} {number}", word=word, number=same.index(i) + 1)
        )
    return names
