"""Files written so that a failed write never destroys the old file, and read with a limit.

:func:`write_atomically` writes a temporary file in the same folder, flushes it to the disk
and renames it over the old file, so a full disk or a crash leaves either the old file or the
new one, never half of one. :func:`read_limited` opens only regular files (never a FIFO that
waits forever for a writer, or a device like ``/dev/zero`` that never ends) and reads at most
a given number of bytes.

>>> import tempfile
>>> path = Path(tempfile.mkdtemp()) / "note.txt"
>>> write_atomically(path, b"hello")
>>> read_limited(path, limit=100)
b'hello'
>>> read_limited(path, limit=3)
Traceback (most recent call last):
...
dicepoker.core.files.FileRefusedError: the file is larger than 3 bytes
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import BinaryIO


class FileRefusedError(OSError):
    """A file that is not read or written: not a regular file, or larger than the limit."""


def as_path(path: object) -> Path:
    """``path`` as a :class:`~pathlib.Path`; anything but a ``str`` or path-like is a ``TypeError``.

    >>> as_path("game.json").name
    'game.json'
    """
    if isinstance(path, bytes) or not isinstance(path, str | os.PathLike):
        raise TypeError(f"{path!r} is not a file name")
    return Path(path)


def write_atomically(path: str | os.PathLike[str], data: bytes, *, replace_special: bool = False) -> None:
    """Write ``data`` to ``path`` through a temporary file in the same folder (see :func:`replacing`)."""
    with replacing(path, replace_special=replace_special) as f:
        f.write(data)


@contextmanager
def replacing(path: str | os.PathLike[str], *, replace_special: bool = False) -> Iterator[BinaryIO]:
    """A binary file to write that replaces ``path`` only once it is complete and on the disk.

    The new file is a temporary file in the same folder; when the ``with`` block ends it is
    flushed, synced and renamed over ``path``. If anything fails, it is removed and the old file
    is untouched. The new file gets the usual permissions (``0o666`` less the umask, so ``0o644``
    or ``0o664``: readable by the group). Unless ``replace_special``, an existing path that is
    not a regular file (a FIFO, a device like ``/dev/full``) is refused, never replaced; a
    folder is always refused. Raises ``OSError``, or ``TypeError`` for a path that is no path.

    >>> import tempfile
    >>> path = Path(tempfile.mkdtemp()) / "table.bin"
    >>> with replacing(path) as f:
    ...     _ = f.write(b"1234")
    >>> path.read_bytes(), [p.name for p in path.parent.iterdir()]
    (b'1234', ['table.bin'])
    """
    path = as_path(path)
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        pass
    else:
        if stat.S_ISDIR(mode) or (not stat.S_ISREG(mode) and not replace_special):
            raise FileRefusedError(f"{str(path)!r} is not a regular file")
    tmp = path.with_name(f".{path.name}.{os.getpid()}-{os.urandom(4).hex()}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    try:
        with os.fdopen(fd, "wb") as f:
            yield f
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    _sync_folder(path.parent)


def _sync_folder(folder: Path) -> None:
    """Flush the folder's entry of the renamed file to the disk too (best effort: not every system can)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def open_regular(path: str | os.PathLike[str]) -> int:
    """A read-only file descriptor of ``path``, refused unless it is a regular file.

    Opening does not block (a FIFO would otherwise wait for a writer); the caller closes it.
    """
    fd = os.open(as_path(path), os.O_RDONLY | os.O_NONBLOCK)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise FileRefusedError(f"{str(path)!r} is not a regular file")
        os.set_blocking(fd, True)
    except BaseException:
        os.close(fd)
        raise
    return fd


def read_limited(path: str | os.PathLike[str], limit: int) -> bytes:
    """The bytes of the regular file ``path``, refused if it holds more than ``limit`` bytes."""
    with os.fdopen(open_regular(path), "rb") as f:
        too_large = os.fstat(f.fileno()).st_size > limit
        data = b"" if too_large else f.read(limit + 1)  # read with the limit too: a file may grow
    if too_large:
        raise FileRefusedError(f"the file is larger than {limit} bytes")
    if len(data) > limit:
        raise FileRefusedError(f"the file is larger than {limit} bytes")
    return data
