"""Processes that start together compile the solver's sweep once.

numba compiles a kernel the first time a process calls it with arguments of new types (10-20 s
for the sweep) and keeps the machine code in its cache folder, which the next process loads
(under a second). Processes that start at once (a class's kernels opening the same lesson, the
workers of the test suite) would each compile the same code; :func:`compiling` has them take
turns, so one compiles and the others load its cache. This module does not import numba: it only
reads where a compiled function keeps its cache.

>>> numba_cache_folder(len) is None  # not compiled by numba: no cache, so no lock
True
"""

from __future__ import annotations

import contextlib
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from dicepoker.core.files import lock_beside

_compiled: set[tuple[Any, ...]] = set()  # (kernel, argument types) this process has called


def numba_cache_folder(kernel: Any) -> Path | None:
    """The folder where numba keeps ``kernel``'s compiled code, or ``None`` (no numba, no cache)."""
    folder = getattr(getattr(kernel, "_cache", None), "_cache_path", None)
    return Path(folder) if isinstance(folder, str) else None


@contextlib.contextmanager
def compiling(kernel: Any, kinds: tuple[type, ...]) -> Iterator[None]:
    """Around this process's first call of the compiled ``kernel`` with arguments of types ``kinds``:
    hold a lock beside numba's cache of it, so that of processes starting together one compiles
    (and writes the cache) while the others wait, then load the code it wrote instead of compiling
    it again. Later calls, and functions numba does not cache, take no lock.

    >>> with compiling(sum, (list,)):  # no cache: nothing to share, no lock
    ...     sum([1, 2, 3])
    6
    """
    key = (kernel, kinds)
    folder = None if key in _compiled else numba_cache_folder(kernel)
    if folder is None:
        yield
        return
    name = getattr(kernel, "__name__", "kernel")
    signature = zlib.crc32(repr(kinds).encode())
    with lock_beside(folder / f"{name}-{signature:08x}.compiling.lock"):
        yield
    _compiled.add(key)
