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
from pathlib import Path
from typing import Any, Self

import numpy as np

from dicepoker.core.errors import SaveFileError
from dicepoker.core.files import FileRefusedError, read_limited, write_atomically

ENVELOPE = ("format", "version", "checksum")
BIT_GENERATORS = ("PCG64", "PCG64DXSM", "Philox", "SFC64", "MT19937")
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
