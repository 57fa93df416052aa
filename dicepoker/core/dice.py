"""Five six-sided dice as an immutable multiset, and the exact chances of rolling them.

>>> d = Dice.parse("13356")
>>> d.counts, d.total, len(d)
((1, 0, 2, 0, 1, 1), 18, 5)
>>> len(all_rolls()), len(all_keeps())
(252, 462)
>>> sum(roll_distribution(2).values())
Fraction(1, 1)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import combinations_with_replacement, islice, product
from math import factorial, prod

from dicepoker.core.errors import InvalidDiceError
from dicepoker.core.i18n import fill_message, format_message, ngettext

FACES: tuple[int, ...] = (1, 2, 3, 4, 5, 6)
NUMBER_OF_DICE = 5


@dataclass(frozen=True, slots=True)
class Dice:
    """A multiset of 0 to 5 six-sided dice, stored sorted; immutable and hashable.

    A full roll has five dice; a *keep* (the dice held before a reroll) has 0 to 5.

    >>> Dice.parse("6-1-6") == Dice([6, 6, 1])
    True
    >>> Dice.parse("55321").count(5), str(Dice([3, 1, 2]))
    (2, '123')
    """

    values: tuple[int, ...]

    def __init__(self, values: Iterable[int] = ()) -> None:
        try:  # at most one die too many is read, so an endless iterator cannot hang us
            vals = tuple(islice(values, NUMBER_OF_DICE + 1))
        except TypeError:
            raise InvalidDiceError(
                format_message(
                    "{values} is not dice: give text like {example} or die values",
                    values=repr(values),
                    example="'13356'",
                )
            ) from None
        for v in vals:
            if isinstance(v, bool) or not isinstance(v, int):
                raise InvalidDiceError(
                    format_message(
                        "die value {value} is not a whole number 1..6 in {dice}",
                        value=repr(v),
                        dice=repr(vals),
                    )
                )
            if not 1 <= v <= 6:
                raise InvalidDiceError(
                    format_message("die value {value} is not one of 1..6 in {dice}", value=v, dice=repr(vals))
                )
        if len(vals) > NUMBER_OF_DICE:
            raise InvalidDiceError(
                format_message(
                    "more than five dice given, starting {dice}: the games use at most five dice",
                    dice=repr(vals),
                )
            )
        object.__setattr__(self, "values", tuple(sorted(vals)))

    @classmethod
    def parse(cls, text: str | Iterable[int] | Dice) -> Dice:
        """Dice from text like ``"13356"``, ``"1-3-3-5-6"`` or ``"1 3 3 5 6"``, or from values.

        >>> Dice.parse("1 3 3 5 6")
        Dice('13356')
        """
        if isinstance(text, Dice):
            return text
        if not isinstance(text, str):
            return cls(text)
        digits = [ch for ch in text if ch not in " ,-"]
        for ch in digits:
            if ch not in "0123456789":  # str.isdigit() would also take '²' and Arabic-Indic digits
                raise InvalidDiceError(
                    format_message(
                        "{value} is not a die value 1..6 in {dice}", value=repr(ch), dice=repr(text)
                    )
                )
            if not 1 <= int(ch) <= 6:
                raise InvalidDiceError(
                    format_message(
                        "die value {value} is not one of 1..6 in {dice}", value=ch, dice=repr(text)
                    )
                )
        if len(digits) > NUMBER_OF_DICE:
            raise InvalidDiceError(
                fill_message(
                    ngettext(
                        "{n} die in {dice}: the games use at most five dice",
                        "{n} dice in {dice}: the games use at most five dice",
                        len(digits),
                    ),
                    n=len(digits),
                    dice=repr(text),
                )
            )
        return cls(int(ch) for ch in digits)

    @classmethod
    def roll(cls, text: str | Iterable[int] | Dice) -> Dice:
        """Like :meth:`parse`, but insists on exactly five dice (a complete roll).

        >>> Dice.roll("123")
        Traceback (most recent call last):
        ...
        dicepoker.core.errors.InvalidDiceError: a roll is five dice, got 3 in '123'
        """
        dice = cls.parse(text)
        if len(dice) != NUMBER_OF_DICE:
            raise InvalidDiceError(
                format_message("a roll is five dice, got {n} in {dice}", n=len(dice), dice=repr(str(text)))
            )
        return dice

    @property
    def counts(self) -> tuple[int, int, int, int, int, int]:
        """How many dice show each face 1..6."""
        c = [0] * 6
        for v in self.values:
            c[v - 1] += 1
        return tuple(c)  # type: ignore[return-value]

    def count(self, face: int) -> int:
        """How many dice show ``face``."""
        return self.values.count(face)

    @property
    def total(self) -> int:
        """The sum of the dice."""
        return sum(self.values)

    @property
    def faces(self) -> frozenset[int]:
        """The distinct faces showing."""
        return frozenset(self.values)

    def __len__(self) -> int:
        return len(self.values)

    def __iter__(self) -> Iterator[int]:
        return iter(self.values)

    def __add__(self, other: Dice) -> Dice:
        return Dice(self.values + Dice.parse(other).values)

    def __sub__(self, other: Dice) -> Dice:
        """The dice left after taking ``other`` away; refused if ``other`` is not among them."""
        rest = list(self.values)
        for v in Dice.parse(other).values:
            if v not in rest:
                raise InvalidDiceError(f"cannot keep {Dice.parse(other)} from {self}: not among the dice")
            rest.remove(v)
        return Dice(rest)

    def contains(self, other: Dice | str) -> bool:
        """Whether ``other`` is a sub-multiset of these dice (so it can be kept)."""
        mine = self.counts
        return all(n <= m for n, m in zip(Dice.parse(other).counts, mine, strict=True))

    def __str__(self) -> str:
        return "".join(map(str, self.values))

    def __repr__(self) -> str:
        return f"Dice({str(self)!r})"

    def __lt__(self, other: Dice) -> bool:
        return (len(self.values), self.values) < (len(other.values), other.values)

    def _repr_html_(self) -> str:
        from dicepoker.core.pictures import dice_html

        return dice_html(self.values)


@cache
def all_rolls(n: int = NUMBER_OF_DICE) -> tuple[Dice, ...]:
    """Every distinct unordered roll of ``n`` dice, sorted (252 for five dice)."""
    return tuple(Dice(c) for c in combinations_with_replacement(FACES, n))


@cache
def all_keeps() -> tuple[Dice, ...]:
    """Every multiset of 0 to 5 dice that a player may keep (462)."""
    return tuple(k for n in range(NUMBER_OF_DICE + 1) for k in all_rolls(n))


def sub_dice(dice: Dice) -> tuple[Dice, ...]:
    """Every distinct multiset of dice that can be kept from ``dice``, from none to all, sorted: each
    game's keeps (a roll's are listed once and remembered: engines ask at every step).

    >>> [str(k) for k in sub_dice(Dice.parse("33355"))]
    ['', '3', '5', '33', '35', '55', '333', '335', '355', '3335', '3355', '33355']
    """
    return _sub_dice(Dice.parse(dice))


@cache
def _sub_dice(dice: Dice) -> tuple[Dice, ...]:
    faces = [f for f in FACES if dice.count(f)]
    kept = (
        Dice(v for f, n in zip(faces, ns, strict=True) for v in [f] * n)
        for ns in product(*(range(dice.count(f) + 1) for f in faces))
    )
    return tuple(sorted(kept))


def ways(dice: Dice) -> int:
    """How many ordered outcomes of ``len(dice)`` dice give this multiset (a multinomial)."""
    return factorial(len(dice)) // prod(factorial(c) for c in dice.counts)


@cache
def roll_distribution(n: int = NUMBER_OF_DICE) -> dict[Dice, Fraction]:
    """The exact chance of each unordered outcome of rolling ``n`` dice.

    >>> roll_distribution(5)[Dice.parse("66666")]
    Fraction(1, 7776)
    """
    if not 0 <= n <= NUMBER_OF_DICE:
        raise InvalidDiceError(f"cannot roll {n} dice: the games use 0 to 5 dice")
    return {d: Fraction(ways(d), 6**n) for d in all_rolls(n)}


def reroll_distribution(keep: Dice | str) -> dict[Dice, Fraction]:
    """The exact chance of each five-dice result when ``keep`` is held and the rest rerolled.

    >>> reroll_distribution("6666")[Dice.parse("66666")]
    Fraction(1, 6)
    """
    keep = Dice.parse(keep)
    return {keep + rest: p for rest, p in roll_distribution(NUMBER_OF_DICE - len(keep)).items()}
