"""Game 3 of RULES.md, ``bluff``: its rule set, its hands, and announcements as text.

A :class:`Hand` is a category with the faces it names ("full house 3s over 6s"); it is both the
best reading of five dice and what a player announces. Hands are totally ordered, low to high.

>>> best_hand("66622")
Hand('full house 6s over 2s')
>>> Hand.parse("two pairs 2s and 6s"), len(ALL_HANDS)
(Hand('two pairs 6s and 2s'), 72)
>>> holds("55331", "two pairs 6s and 2s"), holds("66622", "three 6s")
(False, True)
>>> BLUFF.lives, BLUFF.reroll_rounds
(3, 2)
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from dicepoker.core.dice import FACES, Dice
from dicepoker.core.errors import DicePokerError, UnknownNameError
from dicepoker.core.i18n import display_name, fill_message, format_message, ngettext
from dicepoker.games.bluff.categories import BLUFF_CATEGORIES

# how many faces each category names, and how it is written
FACES_NAMED: dict[str, int] = {
    "Nothing": 0,
    "One Pair": 1,
    "Two Pairs": 2,
    "Three of a Kind": 1,
    "Small Straight": 0,
    "Large Straight": 0,
    "Full House": 2,
    "Four of a Kind": 1,
    "Five of a Kind": 1,
}
FACE_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}


@dataclass(frozen=True)
class BluffRules:
    """The bluff game as data (RULES.md Game 3); every (param) of the rules is a field.

    >>> BLUFF.variant(lives=5).lives
    5
    """

    name: str = "bluff"
    title: str = "Dice Poker with bluffing"
    lives: int = 3  # (param) each player starts with this many lives
    min_players: int = 2
    max_players: int = 6
    opening_rolls: int = 3  # the opener's fresh roll: up to this many rolls
    reroll_rounds: int = 2  # (param) after accepting: up to this many rerolls of the inherited cup

    def __post_init__(self) -> None:
        for field in dataclasses.fields(self):
            value = getattr(self, field.name)
            if field.type == "int" and (isinstance(value, bool) or not isinstance(value, int)):
                raise DicePokerError(f"rule set parameter {field.name} must be a whole number, not {value!r}")
            if field.type == "str" and not isinstance(value, str):
                raise DicePokerError(f"rule set parameter {field.name} must be text, not {value!r}")
        if self.lives < 1:
            raise DicePokerError(f"bluff rule set: each player needs at least one life, not {self.lives}")
        if not 2 <= self.min_players <= self.max_players:
            raise DicePokerError(
                f"bluff rule set: players {self.min_players}..{self.max_players} "
                "must be at least 2 and in order"
            )
        if self.opening_rolls < 1:
            raise DicePokerError(f"bluff rule set: the opener needs a roll, not {self.opening_rolls}")
        if self.reroll_rounds < 0:
            raise DicePokerError(f"bluff rule set: rerolls cannot be negative ({self.reroll_rounds})")

    def variant(self, **changes: Any) -> BluffRules:
        """A copy with some parameters changed; an unknown parameter is refused.

        >>> BLUFF.variant(dice=6)
        Traceback (most recent call last):
        ...
        dicepoker.core.errors.UnknownNameError: bluff has no parameter 'dice'; the parameters are: ...
        """
        fields = [f.name for f in dataclasses.fields(self)]
        for name in changes:
            if name not in fields:
                raise UnknownNameError(
                    f"bluff has no parameter {name!r}; the parameters are: {', '.join(fields)}"
                )
        return dataclasses.replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        """The rule set as plain JSON-able data."""
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> BluffRules:
        """The rule set back from :meth:`to_dict`; malformed data raises :class:`DicePokerError`.

        >>> BluffRules.from_dict(BLUFF.variant(lives=2).to_dict()).lives
        2
        """
        if not isinstance(data, Mapping):
            raise DicePokerError(f"not a bluff rule set: {data!r}")
        try:
            return cls(**data)
        except TypeError as err:
            raise DicePokerError(f"not a bluff rule set: {err}") from err


BLUFF = BluffRules()


# --- hands --------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Hand:
    """A bluff hand: a category of ``BLUFF_CATEGORIES`` and the faces it names, most important first.

    Two pairs name the higher pair, then the lower; a full house the triple, then the pair;
    nothing and the straights name no face. Hands compare by category, then by the named faces
    (with another hand, or with an announcement's text).

    >>> Hand("Full House", (3, 6))
    Hand('full house 3s over 6s')
    >>> Hand.parse("full house 3s over 6s") < Hand.parse("full house 4s over 1s") < Hand.parse("four 1s")
    True
    >>> Hand.parse("three 2s") >= "three 2s", Hand.parse("three 2s") > "small straight"
    (True, False)
    """

    category: str
    faces: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if self.category not in FACES_NAMED:
            raise UnknownNameError(
                f"no bluff category {self.category!r}; the categories are: {', '.join(BLUFF_CATEGORIES)}"
            )
        faces = tuple(self.faces)
        object.__setattr__(self, "faces", faces)
        wanted = FACES_NAMED[self.category]
        if len(faces) != wanted or any(isinstance(f, bool) or f not in FACES for f in faces):
            raise DicePokerError(
                fill_message(
                    ngettext(
                        "{hand} names {n} face 1..6, not {faces}",
                        "{hand} names {n} faces 1..6, not {faces}",
                        wanted,
                    ),
                    hand=display_name("bluff hand", self.category),
                    n=wanted,
                    faces=repr(faces),
                )
            )
        if self.category in ("Two Pairs", "Full House") and faces[0] == faces[1]:
            raise DicePokerError(
                format_message(
                    "{hand} needs two different faces, not {faces}",
                    hand=display_name("bluff hand", self.category),
                    faces=repr(faces),
                )
            )
        if self.category == "Two Pairs" and faces[0] < faces[1]:
            raise DicePokerError(
                format_message(
                    "two pairs name the higher pair first, not {low}s and {high}s",
                    low=faces[0],
                    high=faces[1],
                )
            )

    @property
    def category_rank(self) -> int:
        """The category's place 0..8, low to high."""
        return BLUFF_CATEGORIES.index(self.category)

    @property
    def key(self) -> tuple[int, tuple[int, ...]]:
        """What hands are compared by: the category's rank, then the named faces."""
        return (self.category_rank, self.faces)

    @property
    def rank(self) -> int:
        """The hand's place 0..71 among all hands, low to high.

        >>> Hand.parse("nothing").rank, Hand.parse("five 6s").rank
        (0, 71)
        """
        return _HAND_INDEX[self]

    def _other_key(self, other: object) -> tuple[int, tuple[int, ...]]:
        return Hand.parse(other).key  # type: ignore[arg-type]

    def __lt__(self, other: Hand | str) -> bool:
        return self.key < self._other_key(other)

    def __le__(self, other: Hand | str) -> bool:
        return self.key <= self._other_key(other)

    def __gt__(self, other: Hand | str) -> bool:
        return self.key > self._other_key(other)

    def __ge__(self, other: Hand | str) -> bool:
        return self.key >= self._other_key(other)

    def __str__(self) -> str:
        f = self.faces
        match self.category:
            case "Nothing":
                return "nothing"
            case "One Pair":
                return f"pair of {f[0]}s"
            case "Two Pairs":
                return f"two pairs {f[0]}s and {f[1]}s"
            case "Three of a Kind":
                return f"three {f[0]}s"
            case "Small Straight":
                return "small straight"
            case "Large Straight":
                return "large straight"
            case "Full House":
                return f"full house {f[0]}s over {f[1]}s"
            case "Four of a Kind":
                return f"four {f[0]}s"
            case _:
                return f"five {f[0]}s"

    def __repr__(self) -> str:
        return f"Hand({str(self)!r})"

    def held_by(self, dice: Dice | str) -> bool:
        """Whether five dice hold this hand: their best reading ranks at least as high.

        >>> Hand.parse("pair of 6s").held_by("55511")
        True
        """
        return best_hand(dice) >= self

    @classmethod
    def parse(cls, text: str | Hand) -> Hand:
        """A hand from text like ``"pair of 5s"``, ``"two pairs 6s and 2s"``, ``"full house 3s over 6s"``.

        Case and spacing don't matter; faces may be written ``5s``, ``5`` or ``fives``; two pairs
        may name the pairs in either order.

        >>> Hand.parse("Full House 3 over 6"), Hand.parse("FIVE sixes")
        (Hand('full house 3s over 6s'), Hand('five 6s'))
        >>> Hand.parse("full house 3s over 3s")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        dicepoker.core.errors.DicePokerError: not a hand: 'full house 3s over 3s' (Full House needs two ...)
        """
        if isinstance(text, Hand):
            return text
        if not isinstance(text, str):
            raise DicePokerError(
                format_message(
                    "not a hand: {text} (give text like {example})", text=repr(text), example="'pair of 5s'"
                )
            )
        words = re.sub(r"[\s,\-()]+", " ", text.strip().lower()).strip()
        for pattern, category in _PATTERNS:
            match = re.fullmatch(pattern, words)
            if match:
                faces = [_face(g) for g in match.groups()]
                if category == "Two Pairs":
                    faces.sort(reverse=True)
                try:
                    return cls(category, tuple(faces))
                except DicePokerError as err:
                    raise DicePokerError(
                        format_message("not a hand: {text} ({reason})", text=repr(text), reason=err)
                    ) from None
        raise DicePokerError(
            format_message(
                "not a hand: {text}; write e.g. {examples}", text=repr(text), examples=HAND_EXAMPLES
            )
        )


_FACE = r"([1-6]|one|two|three|four|five|six)(?:'?e?s)?"
_PATTERNS: tuple[tuple[str, str], ...] = (
    (r"nothing|no pair|high card", "Nothing"),
    (rf"(?:one |a )?pair(?: of)? {_FACE}", "One Pair"),
    (rf"two pairs? {_FACE} and {_FACE}", "Two Pairs"),
    (rf"(?:three|three of a kind|triple)(?: of)? {_FACE}", "Three of a Kind"),
    (r"small straight(?: 1 (?:to )?5| 12345)?", "Small Straight"),
    (r"large straight(?: 2 (?:to )?6| 23456)?", "Large Straight"),
    (rf"full house {_FACE} (?:over|and|on) {_FACE}", "Full House"),
    (rf"(?:four|four of a kind|quads?)(?: of)? {_FACE}", "Four of a Kind"),
    (rf"(?:five|five of a kind|poker)(?: of)? {_FACE}", "Five of a Kind"),
)


def _face(token: str) -> int:
    return int(token) if token.isdigit() else FACE_WORDS[token]


def _all_hands() -> tuple[Hand, ...]:
    hands = []
    for category, n in FACES_NAMED.items():
        if n == 0:
            hands.append(Hand(category))
        elif category == "Two Pairs":
            hands += [Hand(category, (hi, lo)) for hi in FACES for lo in FACES if lo < hi]
        elif category == "Full House":
            hands += [Hand(category, (t, p)) for t in FACES for p in FACES if p != t]
        else:
            hands += [Hand(category, (f,)) for f in FACES]
    return tuple(sorted(hands))


ALL_HANDS: tuple[Hand, ...] = _all_hands()
_HAND_INDEX: dict[Hand, int] = {h: i for i, h in enumerate(ALL_HANDS)}
LOWEST_HAND = ALL_HANDS[0]
HIGHEST_HAND = ALL_HANDS[-1]
# how hands are typed (the API's English), one of each category, for the refusal of a text that is none
HAND_EXAMPLES = (
    "'nothing', 'pair of 5s', 'two pairs 6s and 2s', 'three 4s', 'small straight', 'large straight', "
    "'full house 3s over 6s', 'four 1s', 'five 6s'"
)


@cache
def _best_hand(dice: Dice) -> Hand:
    by_count = sorted(((dice.count(f), f) for f in FACES if dice.count(f)), reverse=True)
    (top, face), rest = by_count[0], by_count[1:]
    second, second_face = rest[0] if rest else (0, 0)
    if top == 5:
        return Hand("Five of a Kind", (face,))
    if top == 4:
        return Hand("Four of a Kind", (face,))
    if top == 3 and second == 2:
        return Hand("Full House", (face, second_face))
    if dice.values == (2, 3, 4, 5, 6):
        return Hand("Large Straight")
    if dice.values == (1, 2, 3, 4, 5):
        return Hand("Small Straight")
    if top == 3:
        return Hand("Three of a Kind", (face,))
    if top == 2 and second == 2:
        return Hand("Two Pairs", (face, second_face))
    if top == 2:
        return Hand("One Pair", (face,))
    return Hand("Nothing")


def best_hand(dice: Dice | str) -> Hand:
    """The best reading of five dice as a bluff hand (kickers don't count).

    >>> best_hand("55331"), best_hand("12345"), best_hand("44441")
    (Hand('two pairs 5s and 3s'), Hand('small straight'), Hand('four 4s'))
    """
    return _best_hand(Dice.roll(dice))


def holds(dice: Dice | str, announcement: Hand | str) -> bool:
    """Whether five dice hold an announcement: their best reading ranks at least as high.

    >>> holds("66622", "full house 6s over 2s"), holds("66622", "full house 6s over 3s")
    (True, False)
    """
    return best_hand(dice) >= Hand.parse(announcement)


def hands_above(announcement: Hand | str | None) -> tuple[Hand, ...]:
    """Every hand strictly higher than ``announcement`` (all 72 hands when it is ``None``).

    >>> hands_above("four 6s")
    (Hand('five 1s'), Hand('five 2s'), Hand('five 3s'), Hand('five 4s'), Hand('five 5s'), Hand('five 6s'))
    """
    if announcement is None:
        return ALL_HANDS
    return ALL_HANDS[Hand.parse(announcement).rank + 1 :]


def next_hand(announcement: Hand | str) -> Hand | None:
    """The lowest hand strictly higher than ``announcement``, or ``None`` above the top.

    >>> next_hand("pair of 6s"), next_hand("five 6s")
    (Hand('two pairs 2s and 1s'), None)
    """
    above = hands_above(announcement)
    return above[0] if above else None


def named_dice(hand: Hand | str) -> Dice:
    """The dice a hand is made of (the straights: all five; nothing: none).

    >>> named_dice("full house 3s over 6s"), named_dice("two pairs 6s and 2s")
    (Dice('33366'), Dice('2266'))
    """
    hand = Hand.parse(hand)
    f = hand.faces
    match hand.category:
        case "One Pair":
            return Dice([f[0]] * 2)
        case "Two Pairs":
            return Dice([f[0], f[0], f[1], f[1]])
        case "Three of a Kind":
            return Dice([f[0]] * 3)
        case "Small Straight":
            return Dice([1, 2, 3, 4, 5])
        case "Large Straight":
            return Dice([2, 3, 4, 5, 6])
        case "Full House":
            return Dice([f[0]] * 3 + [f[1]] * 2)
        case "Four of a Kind":
            return Dice([f[0]] * 4)
        case "Five of a Kind":
            return Dice([f[0]] * 5)
        case _:
            return Dice()
