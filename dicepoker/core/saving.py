"""Saved games as JSON: one envelope (format, version, checksum) and file handling for every engine.

A saved game is refused whole, never half-read: wrong format or version, missing or extra
fields, or any edit that breaks the checksum raise :class:`SaveFileError`.

>>> data = sealed("dicepoker.example", 1, {"score": 3})
>>> opened(data, "dicepoker.example", 1, {"score"})
{'score': 3}
>>> opened({**data, "score": 4}, "dicepoker.example", 1, {"score"})
Traceback (most recent call last):
...
dicepoker.core.errors.SaveFileError: saved game was changed by hand: its checksum does not match its content
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import Any, ClassVar, Self, TypeVar

import numpy as np

from dicepoker.core.errors import DicePokerError, SaveFileError
from dicepoker.core.files import FileRefusedError, read_limited, write_atomically
from dicepoker.core.play_record import PlayRecord, SeatKind

ENVELOPE = ("format", "version", "checksum")
BIT_GENERATORS = ("PCG64", "PCG64DXSM", "Philox", "SFC64", "MT19937")
T = TypeVar("T")
MAX_SAVE_BYTES = 16 * 2**20  # far above any real save (a long game is some tens of kilobytes)


def checksum(content: Any) -> str:
    """The SHA-256 of the content's canonical JSON text."""
    text = json.dumps(content, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def sealed(format_name: str, version: int, content: dict[str, Any]) -> dict[str, Any]:
    """The content in its envelope: format, version, the content, and a checksum of all of them."""
    data = {"format": format_name, "version": version, **content}
    return {**data, "checksum": checksum(data)}


def opened(data: Any, format_name: str, version: int, fields: set[str]) -> dict[str, Any]:
    """The content of an envelope made by :func:`sealed`, checked before anything is used."""
    if not isinstance(data, dict) or data.get("format") != format_name:
        raise SaveFileError(f"not a saved game of this kind: the format is not {format_name!r}")
    if data.get("version") != version:
        raise SaveFileError(f"saved game of unknown version {data.get('version')!r} (reads {version})")
    expected = fields | set(ENVELOPE)
    if set(data) != expected:
        raise SaveFileError(f"saved game fields {sorted(data)} are not {sorted(expected)}")
    content = {k: v for k, v in data.items() if k != "checksum"}
    if data["checksum"] != checksum(content):
        raise SaveFileError("saved game was changed by hand: its checksum does not match its content")
    return {k: v for k, v in content.items() if k not in ENVELOPE}


def read_text(path: str | Path) -> str:
    """The text of a saved-game file, or :class:`SaveFileError` saying why it cannot be read.

    Only a regular file of at most :data:`MAX_SAVE_BYTES` is read: a FIFO, a device such as
    ``/dev/zero`` or a folder is refused at once, never waited on or read without end.

    >>> read_text("/dev/zero")
    Traceback (most recent call last):
    ...
    dicepoker.core.errors.SaveFileError: cannot read saved game '/dev/zero': '/dev/zero' is not a regular file
    """
    try:
        return read_limited(path, MAX_SAVE_BYTES).decode("utf-8")
    except TypeError:
        raise SaveFileError(f"cannot read a saved game from {path!r}: it is not a file name") from None
    except FileRefusedError as err:
        raise SaveFileError(f"cannot read saved game {str(path)!r}: {err}") from None
    except (OSError, UnicodeDecodeError) as err:
        raise SaveFileError(f"cannot read saved game {str(path)!r}: {err}") from err


def parse(text: str | bytes) -> Any:
    """JSON text as data, or :class:`SaveFileError` for text that is not a saved game's JSON.

    Refused too: text longer than :data:`MAX_SAVE_BYTES`, nesting deeper than Python can follow,
    numbers too long to convert, and ``NaN``/``Infinity`` (not JSON, and never in a save).

    >>> parse('{"a": [1, 2]}')
    {'a': [1, 2]}
    >>> parse("[" * 100_000)
    Traceback (most recent call last):
    ...
    dicepoker.core.errors.SaveFileError: not a saved game: its JSON is nested too deeply
    """
    if not isinstance(text, str | bytes | bytearray):
        raise SaveFileError(f"not a saved game: {type(text).__name__} given, not JSON text")
    if len(text) > MAX_SAVE_BYTES:
        raise SaveFileError(f"not a saved game: longer than {MAX_SAVE_BYTES} characters")
    try:
        return json.loads(text, parse_constant=_refuse_constant)
    except RecursionError:
        raise SaveFileError("not a saved game: its JSON is nested too deeply") from None
    except (ValueError, TypeError) as err:  # JSONDecodeError, UnicodeDecodeError, too many digits
        raise SaveFileError(f"not a saved game: invalid JSON ({err})") from None


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number a saved game holds")


def generator_state(rng: np.random.Generator) -> dict[str, Any]:
    """The generator's ``bit_generator.state`` as plain JSON-able data (arrays become lists).

    >>> state = generator_state(np.random.Generator(np.random.MT19937(5)))
    >>> state["bit_generator"], type(state["state"]["key"]).__name__
    ('MT19937', 'list')
    """
    return _plain(rng.bit_generator.state)


def _plain(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, np.ndarray):
        return value.tolist()
    if isinstance(value, np.integer):
        return int(value)
    return value


def generator_from_state(state: Any) -> np.random.Generator:
    """A ``numpy`` generator restored from ``bit_generator.state`` (any of numpy's bit generators).

    >>> rng = np.random.Generator(np.random.MT19937(5))
    >>> again = generator_from_state(generator_state(rng))
    >>> int(again.integers(6)) == int(rng.integers(6))
    True
    """
    name = state.get("bit_generator") if isinstance(state, dict) else None
    if name not in BIT_GENERATORS:
        raise SaveFileError(f"saved game: unknown random generator {name!r}")
    bit_generator = getattr(np.random, name)()
    try:
        bit_generator.state = state
    except (TypeError, ValueError, KeyError, OverflowError, IndexError) as err:
        raise SaveFileError(f"saved game: the random generator's state is malformed ({err})") from err
    if _plain(bit_generator.state) != state:  # numpy silently takes floats, extra keys, wrapped values
        raise SaveFileError("saved game: the random generator's state is not one numpy would write")
    return np.random.Generator(bit_generator)


class SavesAsJson:
    """Saving and loading for a game class that has ``to_dict()`` and ``from_dict(data)``."""

    def to_dict(self) -> dict[str, Any]:  # pragma: no cover - every game defines it
        raise NotImplementedError

    @classmethod
    def from_dict(cls, data: Any) -> Self:  # pragma: no cover - every game defines it
        raise NotImplementedError

    def to_json(self) -> str:
        """The game as JSON text; :meth:`from_json` reloads it to the identical state."""
        return json.dumps(self.to_dict())

    def save(self, path: str | Path) -> None:
        """Write the game to a JSON file, atomically: if the write fails (a full disk, a missing
        folder), :class:`SaveFileError` is raised and the file saved before is left as it was."""
        text = self.to_json().encode("utf-8")
        try:
            write_atomically(path, text)
        except TypeError:
            raise SaveFileError(f"cannot save the game to {path!r}: it is not a file name") from None
        except OSError as err:
            raise SaveFileError(f"cannot save the game to {str(path)!r}: {err}") from err

    @classmethod
    def from_json(cls, text: str) -> Self:
        """Rebuild a game from :meth:`to_json`; malformed or edited text raises :class:`SaveFileError`."""
        data = parse(text)
        try:
            return cls.from_dict(data)
        except RecursionError:
            raise SaveFileError("not a saved game: nested too deeply") from None

    @classmethod
    def load(cls, path: str | Path) -> Self:
        """Read a game written by :meth:`save`; a malformed or edited file raises :class:`SaveFileError`."""
        return cls.from_json(read_text(path))


REPLAY_FIELDS = ("rng_start", "history", "state")
PLAY_FIELD = "play"  # how the game was played (dicepoker.core.play_record); older versions lack it


class SavesByReplay(SavesAsJson):
    """Saving by the game's history, loading by replaying it: the one save mechanism of every engine.

    A save holds how the game was set up (``setup_fields``: the rule set, the players, ...), the
    random generator's state when it began (``rng_start``), every action (``history``) and the
    position they reach (``state``), and how it was played (``play``: the mode, who sat at each
    seat, every hint shown; a :class:`~dicepoker.core.play_record.PlayRecord`). Loading builds a
    new game from the setup and the generator,
    replays every action through the rules, and accepts the save only if the replay reaches the
    stored position and the game saves again to exactly the same data. So an edited die, score or
    chip, a changed generator, an added, removed or wiped action are refused even when the
    checksum has been recomputed.

    An engine supplies ``save_format``, ``save_version``, ``setup_fields``, ``_rng_start`` (the
    generator's state at the start), and five methods: :meth:`_setup`, :meth:`_from_setup`,
    :meth:`_written_history`, :meth:`_replay` (one entry), :meth:`_state`; and optionally
    :meth:`_replay_end` for what is no action (the dice held for the next roll). A save of one of
    ``versions_without_play`` (written before the play record) still loads: in practice mode, its
    seats not recorded, no hints.
    """

    save_format: ClassVar[str]
    save_version: ClassVar[int]
    versions_without_play: ClassVar[tuple[int, ...]] = ()
    setup_fields: ClassVar[tuple[str, ...]] = ("rules", "players")
    _rng_start: dict[str, Any]

    def _setup(self) -> dict[str, Any]:  # pragma: no cover - every engine defines it
        """How the game was set up, as JSON-able data with the keys ``setup_fields``."""
        raise NotImplementedError

    @classmethod
    def _from_setup(cls, setup: dict[str, Any], rng: np.random.Generator) -> Self:  # pragma: no cover
        """A new game from :meth:`_setup` data, drawing from ``rng``."""
        raise NotImplementedError

    def _written_history(self) -> list[dict[str, Any]]:  # pragma: no cover
        """Every action so far, each as a JSON-able mapping."""
        raise NotImplementedError

    def _replay(self, entry: dict[str, Any]) -> None:  # pragma: no cover
        """Take the action that ``entry`` (of :meth:`_written_history`) records, through the rules."""
        raise NotImplementedError

    def _state(self) -> dict[str, Any]:  # pragma: no cover
        """The position now (with the generator's state), as JSON-able data."""
        raise NotImplementedError

    def _replay_end(self, state: Any) -> None:
        """After the replay: restore what no action records (nothing, unless the engine says)."""

    @property
    def play_record(self) -> PlayRecord:
        """How this game is played: its mode, who sits at each seat, every hint shown (saved with it)."""
        record = self.__dict__.get("_play_record")
        if record is None:
            record = self._play_record = PlayRecord()
        return record

    @play_record.setter
    def play_record(self, record: PlayRecord) -> None:
        if not isinstance(record, PlayRecord):
            raise DicePokerError(f"a game's play record is a PlayRecord, not {record!r}")
        self._play_record = record

    def record_seats(self, seats: tuple[SeatKind, ...], mode: str | None = None) -> None:
        """Record who plays each seat (one :class:`SeatKind` a player) and, if given, the mode."""
        players = len(self.player_names)  # type: ignore[attr-defined]
        if len(seats) != players or not all(isinstance(seat, SeatKind) for seat in seats):
            raise DicePokerError(f"{players} players need {players} seats, each a SeatKind, not {seats!r}")
        record = self.play_record
        self.play_record = PlayRecord(mode or record.mode, tuple(seats), record.hints)

    def record_hint(self, kind: str = "hint", player: int | None = None) -> None:
        """Note a hint shown now (``kind``: ``"hint"`` or ``"coach"``) to ``player`` (by default the
        player whose turn it is), after the actions taken so far."""
        who = self.current_player if player is None else player  # type: ignore[attr-defined]
        self.play_record.hint_shown(who, len(self._written_history()), kind)

    def fresh_start(self) -> Self:
        """A new game set up as this one was, its generator at the same start: ready to be replayed
        with :meth:`replay_action`, one entry of ``to_dict()["history"]`` at a time."""
        return type(self)._from_setup(self._setup(), generator_from_state(self._rng_start))

    def replay_action(self, entry: dict[str, Any]) -> None:
        """Take again, through the rules, one action as :meth:`to_dict` wrote it in the history."""
        self._replay(entry)

    def to_dict(self) -> dict[str, Any]:
        """The game as JSON-able data: its setup, the generator's start, every action, the position
        and how it was played, in a checksummed envelope."""
        return self._sealed_as(self.save_version)

    def _sealed_as(self, version: int) -> dict[str, Any]:
        """The save in ``version`` (one of ``versions_without_play`` leaves the play record out)."""
        content = {
            **self._setup(),
            "rng_start": self._rng_start,
            "history": self._written_history(),
            "state": self._state(),
        }
        if version not in self.versions_without_play:
            content[PLAY_FIELD] = self.play_record.to_dict()
        return sealed(self.save_format, version, content)

    @classmethod
    def from_dict(cls, data: Any) -> Self:
        """Rebuild a game from :meth:`to_dict` data: replayed and checked, never half-read."""
        version = data.get("version") if isinstance(data, dict) else None
        if isinstance(version, bool) or version not in cls.versions_without_play:
            version = cls.save_version
        fields = {*cls.setup_fields, *REPLAY_FIELDS}
        if version == cls.save_version:
            fields.add(PLAY_FIELD)
        content = opened(data, cls.save_format, version, fields)
        try:
            setup = {name: content[name] for name in cls.setup_fields}
            game = cls._from_setup(setup, generator_from_state(content["rng_start"]))
            history = content["history"]
            if not isinstance(history, list):
                raise SaveFileError(f"saved game: its history is not a list of actions but {history!r}")
            for entry in history:
                if not isinstance(entry, dict):
                    raise SaveFileError(f"saved game: malformed action {entry!r}")
                game._replay(entry)
            game._replay_end(content["state"])
            if PLAY_FIELD in content:
                game.play_record = PlayRecord.from_dict(
                    content[PLAY_FIELD], players=len(game.player_names), actions=len(history)
                )
        except SaveFileError:
            raise
        except (DicePokerError, KeyError, TypeError, ValueError, AttributeError, IndexError) as err:
            raise SaveFileError(f"saved game does not replay: {err}") from err
        saved_again = game._sealed_as(version)
        if _canonical(saved_again["state"]) != _canonical(content["state"]):
            raise SaveFileError("saved game was altered: its position is not the one its actions reach")
        # opened() checked the checksum of the data as given: equal checksums, equal canonical texts
        if saved_again["checksum"] != data["checksum"]:
            raise SaveFileError("saved game was altered: its actions are not written as the game writes them")
        return game


def _canonical(data: Any) -> str:
    """One text for equal JSON data, and different texts for ``1``, ``1.0`` and ``true``."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def parsed_once(parse: Callable[[Any], T]) -> Callable[[Any], T]:
    """``parse`` remembered by the canonical text of its JSON-able argument (for frozen rule sets,
    which every load of a save parses again).

    >>> calls = []
    >>> twice = parsed_once(lambda data: calls.append(data) or len(data))
    >>> twice({"a": 1}), twice({"a": 1}), len(calls)
    (1, 1, 1)
    """

    @lru_cache(maxsize=64)
    def from_text(text: str) -> T:
        return parse(json.loads(text))

    def parse_data(data: Any) -> T:
        try:
            text = _canonical(data)
        except (TypeError, ValueError, RecursionError):
            return parse(data)  # not JSON-able: let the parser refuse it
        return from_text(text)

    return parse_data


def hold_as(game: Any, held: Any) -> None:
    """Toggle the game's held dice until they are ``held`` (five true/false values), by the rules.

    Used by a replay to hold the dice a player held before a roll; a toggle the rules refuse
    (no dice yet, no roll left) makes the save refused.
    """
    if not isinstance(held, list) or len(held) != 5 or not all(isinstance(h, bool) for h in held):
        raise SaveFileError(f"saved game: held dice must be five true/false values, not {held!r}")
    for position, (now, wanted) in enumerate(zip(game.held, held, strict=True)):
        if now != wanted:
            game.toggle_hold(position)
