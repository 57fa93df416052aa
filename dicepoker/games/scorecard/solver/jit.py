"""numba when it can be had, plain Python when it cannot: the solver's one way to compile its kernel.

numba is optional (Pyodide, the browser Python of JupyterLite, has none; a brand-new Python often
waits months for its wheels). Without it :func:`njit` hands each function back unchanged, so the
kernel runs as the plain loops it is written as: one turn's evaluation (a hint, the advisor, the
coach, a bot) takes a few milliseconds, while a whole solve would take about an hour and a half,
so without numba the value tables come from the cache (``dicepoker solve --all`` on a machine
with numba, or a class's shared cache folder).

>>> @njit(nogil=True)
... def double(x):
...     return 2 * x
>>> double(21)
42
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

try:  # pragma: no cover - which branch runs depends on the machine
    from numba import njit as _numba_njit
except ImportError:  # pragma: no cover
    _numba_njit = None

NUMBA_AVAILABLE: bool = _numba_njit is not None
"""Whether the kernel is compiled by numba (else it runs as plain Python)."""


def njit(*args: Any, **options: Any) -> Any:
    """numba's ``njit`` (with the same ``@njit(...)`` options), or, without numba, no change at all."""
    if _numba_njit is not None:
        return _numba_njit(*args, **options)
    if len(args) == 1 and callable(args[0]) and not options:
        return args[0]

    def unchanged(function: Callable[..., Any]) -> Callable[..., Any]:
        return function

    return unchanged
