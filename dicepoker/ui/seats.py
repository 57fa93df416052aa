"""Who sits at a play widget: one check of the seats and one rule for naming them, for every game.

A seat is ``"human"`` or one of the game's computer players. A human is called ``Player N`` (by
seat); a computer by its word (``Computer``, ``Random``), numbered only when that word repeats.

>>> check_seats(["human", "robot"], ("human", "computer"), fewest=1, most=4, game="Dice Poker")
Traceback (most recent call last):
...
dicepoker.core.errors.UnknownNameError: seat 2 is 'robot': a seat is 'human' or 'computer'
>>> seat_names(["human", "computer", "computer"], {"computer": "Computer"})
['Player 1', 'Computer 1', 'Computer 2']
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from dicepoker.core.errors import DicePokerError, UnknownNameError


def in_words(options: Sequence[str]) -> str:
    """``'a', 'b' or 'c'``: the options quoted, as a sentence lists them.

    >>> in_words(["human", "computer"])
    "'human' or 'computer'"
    """
    quoted = [repr(o) for o in options]
    return quoted[0] if len(quoted) == 1 else f"{', '.join(quoted[:-1])} or {quoted[-1]}"


def check_seats(
    seats: str | Iterable[str], kinds: Iterable[str], *, fewest: int, most: int, game: str
) -> tuple[str, ...]:
    """The seats as a tuple, refused unless ``fewest`` to ``most`` seats, each one of ``kinds``."""
    kinds = tuple(kinds)
    seats = (seats,) if isinstance(seats, str) else tuple(seats)
    for i, seat in enumerate(seats):
        if seat not in kinds:
            raise UnknownNameError(f"seat {i + 1} is {seat!r}: a seat is {in_words(kinds)}")
    if not fewest <= len(seats) <= most:
        allowed = f"{fewest} or {most}" if most == fewest + 1 else f"{fewest} to {most}"
        raise DicePokerError(f"{game} has {allowed} seats, not {len(seats)}")
    return seats


def seat_names(seats: Sequence[str], words: Mapping[str, str]) -> list[str]:
    """Names for seats without one: ``Player N`` for a human, a computer's word numbered if it repeats.

    >>> seat_names(["human", "reasoning", "naive"], {"reasoning": "Computer", "naive": "Computer"})
    ['Player 1', 'Computer 1', 'Computer 2']
    >>> seat_names(["random", "human"], {"random": "Random"})
    ['Random', 'Player 2']
    """
    called = [None if seat == "human" else words[seat] for seat in seats]
    names = []
    for i, word in enumerate(called):
        if word is None:
            names.append(f"Player {i + 1}")
            continue
        same = [j for j, w in enumerate(called) if w == word]
        names.append(word if len(same) == 1 else f"{word} {same.index(i) + 1}")
    return names
