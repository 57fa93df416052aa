"""Files written so that a failed write never destroys the old file, and read with a limit.

:func:`write_atomically` writes a temporary file in the same folder, flushes it to the disk
and renames it over the old file, so a full disk or a crash leaves either the old file or the
new one, never half of one; a temporary file left behind by a writer that was killed (``kill -9``,
a power cut) is removed by the next write beside it (:func:`remove_stale_temporaries`).
:func:`read_limited` opens only regular files (never a FIFO that
waits forever for a writer, or a device like ``/dev/zero`` that never ends) and reads at most
a given number of bytes. :func:`lock_beside` lets processes sharing a folder take turns.

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

import contextlib
import os
import re
import socket
import stat
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import BinaryIO

STALE_SECONDS = 3600
"""A temporary file untouched for this long is stale whoever wrote it (no write takes an hour)."""

# ".NAME.HOST-PID-RANDOM.tmp" (HOST is missing in the names of older versions)
_TEMPORARY = re.compile(
    r"^\.(?P<target>.+)\.(?:(?P<host>[A-Za-z0-9_]{1,32})-)?(?P<pid>[0-9]+)-[0-9a-f]{8}\.tmp$"
)


class FileRefusedError(OSError):
    """A file that is not read or written: not a regular file, or larger than the limit."""


def _host() -> str:
    return re.sub(r"[^A-Za-z0-9_]", "_", socket.gethostname())[:32] or "host"


def temporary_name(path: Path) -> Path:
    """A fresh name for the temporary file that will replace ``path``: hidden, beside it, naming its writer.

    >>> name = temporary_name(Path("/saves/game.json")).name
    >>> _TEMPORARY.match(name)["target"], _TEMPORARY.match(name)["pid"] == str(os.getpid())
    ('game.json', True)
    """
    return path.with_name(f".{path.name}.{_host()}-{os.getpid()}-{os.urandom(4).hex()}.tmp")


def _process_is_gone(pid: int) -> bool:
    if pid == os.getpid():
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except (PermissionError, OverflowError, ValueError):  # another user's process, or no such number
        return False
    return False


def is_stale_temporary(path: Path, *, now: float | None = None) -> bool:
    """Whether ``path`` is a temporary file of :func:`replacing` whose writer is gone.

    Its writer is gone when it ran on this machine and its process no longer exists, or when the
    file has not been touched for :data:`STALE_SECONDS` (a writer on another machine sharing the
    folder cannot be asked). Any other file is never stale.

    >>> is_stale_temporary(Path("/saves/game.json"))
    False
    """
    found = _TEMPORARY.match(path.name)
    if found is None:
        return False
    try:
        age = (time.time() if now is None else now) - os.lstat(path).st_mtime
    except OSError:
        return False
    if age > STALE_SECONDS:
        return True
    return found["host"] == _host() and _process_is_gone(int(found["pid"]))


def remove_stale_temporaries(folder: Path, targets: str | None = None) -> list[Path]:
    """Remove the stale temporary files (:func:`is_stale_temporary`) in ``folder``; return their paths.

    ``targets`` is a glob pattern the replaced file's name must match (default: every name).
    Removal is best effort: a file that cannot be removed (another user's, in a shared folder) stays.

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> dead = folder / ".game.json.host-0-0123abcd.tmp"
    >>> _ = dead.write_bytes(b"half a save")
    >>> os.utime(dead, (0, 0))  # untouched since 1970
    >>> [p.name for p in remove_stale_temporaries(folder)], list(folder.iterdir())
    (['.game.json.host-0-0123abcd.tmp'], [])
    """
    removed = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    for entry in entries:
        found = _TEMPORARY.match(entry.name)
        if found is None or (targets is not None and not Path(found["target"]).match(targets)):
            continue
        path = Path(entry.path)
        if is_stale_temporary(path):
            try:
                path.unlink()
            except OSError:
                continue
            removed.append(path)
    return removed


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
    is untouched; temporary files of ``path`` left by writers that were killed are removed first.
    The new file gets the usual permissions (``0o666`` less the umask, so ``0o644``
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
    remove_stale_temporaries(path.parent, targets=glob_escape(path.name))
    tmp = temporary_name(path)
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


def glob_escape(name: str) -> str:
    """``name`` as a glob pattern that matches only itself.

    >>> glob_escape("save[1]*.json")
    'save[[]1[]][*].json'
    """
    return re.sub(r"([*?[\]])", r"[\1]", name)


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


@contextmanager
def lock_beside(lock: Path) -> Iterator[None]:
    """Hold the lock file ``lock`` (created if missing, removed after) while the ``with`` block runs:
    another process that takes the same lock waits until this one is done. Best effort: where no
    lock can be taken (a read-only folder, a system without ``fcntl``, a network drive without
    locks) the block runs at once, so nothing may depend on it for correctness, only for not doing
    the same work twice.

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> with lock_beside(folder / "table.lock"):
    ...     [p.name for p in folder.iterdir()]
    ['table.lock']
    >>> list(folder.iterdir())
    []
    """
    try:
        import fcntl

        lock.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o666)
    except (ImportError, OSError):
        fd = None
    try:
        if fd is not None:
            with contextlib.suppress(OSError):  # a folder without locks (some network drives)
                fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        if fd is not None:
            with contextlib.suppress(OSError):
                lock.unlink()
            os.close(fd)
