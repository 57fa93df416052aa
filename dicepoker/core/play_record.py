"""How a game was played, kept in its save: the mode, who sat at each seat, every hint shown.

A play widget knows what the rules do not: whether the game is ``"graded"`` (Hint and Coach off)
or ``"practice"``, which seats a person played and which a bot, and each hint it showed. It writes
that into the game's :class:`PlayRecord`; the save holds it, and a teacher's class report reads it
back. The match runner records its seats as bots. A game made in Python and played by hand has no
seats recorded (``seats`` is ``None``): who typed its moves is not known.

This is a record, not a proof: anyone with Python can write a save with any record in it (the
checksum is no signature; see ``docs/saves.md``).

>>> record = PlayRecord("graded", (SeatKind("human"), SeatKind("bot", "optimal")))
>>> record.hint_shown(player=0, at=3, kind="coach")
>>> record.to_dict()["seats"], record.hints_of(0)
([{'kind': 'human'}, {'kind': 'bot', 'bot': 'optimal'}], 1)
>>> PlayRecord.from_dict(record.to_dict(), players=2, actions=3) == record
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from dicepoker.core.errors import DicePokerError, SaveFileError

MODES = ("practice", "graded")
"""A game's modes: ``"practice"`` (Hint and Coach on, each use recorded) or ``"graded"`` (both off)."""
HINT_KINDS = ("hint", "coach")
"""What showed a hint: the Hint button, or the coach's word on a choice just made."""
SEAT_KINDS = ("human", "bot")


@dataclass(frozen=True)
class SeatKind:
    """Who played a seat: a ``"human"``, or a ``"bot"`` with its name (``"optimal"``, ``"random"``, ...).

    >>> str(SeatKind("bot", "heuristic")), str(SeatKind("human"))
    ('bot: heuristic', 'human')
    """

    kind: str
    bot: str = ""

    def __post_init__(self) -> None:
        if self.kind not in SEAT_KINDS:
            raise DicePokerError(f"a seat is played by a 'human' or a 'bot', not {self.kind!r}")
        if not isinstance(self.bot, str) or (self.kind == "bot") != bool(self.bot):
            raise DicePokerError(
                f"a bot's seat names its bot, a human's does not: {self.kind!r}, {self.bot!r}"
            )

    @property
    def is_bot(self) -> bool:
        return self.kind == "bot"

    def __str__(self) -> str:
        return f"bot: {self.bot}" if self.is_bot else "human"

    def to_dict(self) -> dict[str, str]:
        return {"kind": "bot", "bot": self.bot} if self.is_bot else {"kind": "human"}


@dataclass(frozen=True)
class HintShown:
    """One hint shown: to which player (an index), after how many actions of the game, by what."""

    player: int
    at: int
    kind: str = "hint"

    def to_dict(self) -> dict[str, Any]:
        return {"player": self.player, "at": self.at, "kind": self.kind}


@dataclass
class PlayRecord:
    """How a game was played: ``mode``, each seat's :class:`SeatKind` (``None``: not recorded), and
    every hint shown, in order."""

    mode: str = "practice"
    seats: tuple[SeatKind, ...] | None = None
    hints: list[HintShown] = field(default_factory=list)

    def __post_init__(self) -> None:
        if self.mode not in MODES:
            raise DicePokerError(f"a game's mode is 'practice' or 'graded', not {self.mode!r}")

    def hint_shown(self, player: int, at: int, kind: str = "hint") -> None:
        """Note a hint shown to ``player`` after ``at`` actions (``kind``: ``"hint"`` or ``"coach"``)."""
        if kind not in HINT_KINDS:
            raise DicePokerError(f"a hint is shown by the 'hint' button or the 'coach', not {kind!r}")
        if not _whole(player) or not _whole(at):
            raise DicePokerError(
                f"a hint is shown to a player (0, 1, ...) after a number of actions, not {player!r}, {at!r}"
            )
        self.hints.append(HintShown(player, at, kind))

    def hints_of(self, player: int) -> int:
        """How many hints (and coach's words) ``player`` was shown."""
        return sum(hint.player == player for hint in self.hints)

    def seat_labels(self) -> tuple[str, ...]:
        """Each seat as text: ``"human"`` or ``"bot: <name>"`` (nothing if the seats are not recorded)."""
        return tuple(str(seat) for seat in self.seats or ())

    def to_dict(self) -> dict[str, Any]:
        """The record as JSON-able data (the save's ``play`` field)."""
        return {
            "mode": self.mode,
            "seats": None if self.seats is None else [seat.to_dict() for seat in self.seats],
            "hints": [hint.to_dict() for hint in self.hints],
        }

    @classmethod
    def from_dict(cls, data: Any, *, players: int, actions: int) -> PlayRecord:
        """The record a save holds, checked against its game (``players`` seats, ``actions`` taken);
        anything malformed is a :class:`SaveFileError`, never half-read."""
        if not isinstance(data, dict) or set(data) != {"mode", "seats", "hints"}:
            raise SaveFileError(f"saved game: its play record is not mode, seats and hints: {data!r}")
        try:
            record = cls(data["mode"], _seats(data["seats"], players))
            hints = data["hints"]
            if not isinstance(hints, list):
                raise SaveFileError(f"saved game: its hints are not a list but {hints!r}")
            for hint in hints:
                if not isinstance(hint, dict) or set(hint) != {"player", "at", "kind"}:
                    raise SaveFileError(f"saved game: malformed hint {hint!r}")
                if not _index(hint["player"], players) or not _index(hint["at"], actions + 1):
                    raise SaveFileError(
                        f"saved game: a hint for no player or no moment of the game: {hint!r}"
                    )
                record.hint_shown(hint["player"], hint["at"], hint["kind"])
        except SaveFileError:
            raise
        except DicePokerError as err:
            raise SaveFileError(f"saved game: {err}") from None
        return record


def _whole(value: Any) -> bool:
    """Whether ``value`` is a whole number from 0 up (not ``True`` or ``False``)."""
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _index(value: Any, count: int) -> bool:
    return _whole(value) and value < count


def _seats(data: Any, players: int) -> tuple[SeatKind, ...] | None:
    if data is None:
        return None
    if not isinstance(data, list) or len(data) != players:
        raise SaveFileError(f"saved game: its seats are not one for each of the {players} players: {data!r}")
    seats = []
    for seat in data:
        if not isinstance(seat, dict) or set(seat) not in ({"kind"}, {"kind", "bot"}):
            raise SaveFileError(f"saved game: malformed seat {seat!r}")
        seats.append(SeatKind(seat["kind"], seat.get("bot", "")))
        if seats[-1].to_dict() != seat:
            raise SaveFileError(f"saved game: malformed seat {seat!r}")
    return tuple(seats)
