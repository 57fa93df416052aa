"""The solver's value tables on disk: keyed by the rule set's content and the package version.

A file is trusted only when everything checks: its format, the rule set it was solved for, the
package version, the table's shape, and a SHA-256 checksum of the values. Anything else (a torn,
edited or foreign file) is reported with a warning and solved again. Files are written atomically
(a temporary file renamed into place), so a reader never sees half a file.

The directory is ``platformdirs.user_cache_dir("dicepoker")``, or ``$DICEPOKER_CACHE_DIR``.

>>> import os, tempfile
>>> from dicepoker import find_game
>>> os.environ["DICEPOKER_CACHE_DIR"] = tempfile.mkdtemp()
>>> cache_path(find_game("yatzy")).name  # doctest: +ELLIPSIS
'values-yatzy-...-v0.1.0.npz'
>>> del os.environ["DICEPOKER_CACHE_DIR"]
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import tempfile
import warnings
import zipfile
from pathlib import Path
from typing import Any

import numpy as np

from dicepoker.core.version import __version__
from dicepoker.games.scorecard.rules import ScorecardRules

CACHE_ENV = "DICEPOKER_CACHE_DIR"
FORMAT = "dicepoker.value_table"
FORMAT_VERSION = 1

# solutions already in memory in this process, by rule-set fingerprint
_memory: dict[str, Any] = {}


def cache_dir() -> Path:
    """The directory of the cached value tables (``$DICEPOKER_CACHE_DIR`` overrides it).

    >>> os.environ["DICEPOKER_CACHE_DIR"] = "/tmp/values"
    >>> str(cache_dir())
    '/tmp/values'
    >>> del os.environ["DICEPOKER_CACHE_DIR"]
    """
    override = os.environ.get(CACHE_ENV)
    if override:
        return Path(override)
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("dicepoker"))


def _version() -> str:
    return __version__


def cache_key(rules: ScorecardRules) -> str:
    """The rule set's fingerprint, the package version and the file format, as one key.

    >>> from dicepoker import find_game
    >>> cache_key(find_game("classic")) == cache_key(find_game("classic").variant())
    True
    >>> cache_key(find_game("classic")) == cache_key(find_game("classic").variant(upper_bonus_threshold=63))
    False
    """
    return f"{rules.fingerprint()}-v{_version()}-f{FORMAT_VERSION}"


def cache_path(rules: ScorecardRules) -> Path:
    """Where the value table of ``rules`` is cached."""
    name = re.sub(r"[^A-Za-z0-9_]+", "_", rules.name)[:40] or "rules"
    return cache_dir() / f"values-{name}-{rules.fingerprint()}-v{_version()}.npz"


def _checksum(values: np.ndarray) -> str:
    return hashlib.sha256(np.ascontiguousarray(values).view(np.uint8)).hexdigest()


def save(solution: Any) -> Path:
    """Write a solution's value table atomically; returns the file's path."""
    rules = solution.rules
    path = cache_path(rules)
    values = np.ascontiguousarray(solution.values, dtype=np.float64)
    meta = {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "key": cache_key(rules),
        "package_version": _version(),
        "rules": rules.to_dict(),
        "shape": list(values.shape),
        "sha256": _checksum(values),
        "states": int(solution.states),
        "turns": int(solution.turns),
        "seconds": float(solution.seconds),
    }
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".values-", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            np.savez(f, values=values, meta=np.array(json.dumps(meta)))
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return path


def load(rules: ScorecardRules) -> Any | None:
    """The cached solution of ``rules``, or ``None`` if there is none or it cannot be trusted."""
    from dicepoker.games.scorecard.solver.solution import Solution
    from dicepoker.games.scorecard.solver.tables import rule_tables

    path = cache_path(rules)
    if not path.exists():
        return None
    try:
        with np.load(path, allow_pickle=False) as data:
            if sorted(data.files) != ["meta", "values"]:
                raise ValueError(f"unexpected contents {sorted(data.files)}")
            meta = json.loads(str(data["meta"][()]))
            values = data["values"]
        expected_shape = list(rule_tables(rules).shape)
        problems = [
            (meta.get("format"), FORMAT, "format"),
            (meta.get("format_version"), FORMAT_VERSION, "format version"),
            (meta.get("key"), cache_key(rules), "key"),
            (meta.get("package_version"), _version(), "package version"),
            (meta.get("rules"), rules.to_dict(), "rule set"),
            (meta.get("shape"), expected_shape, "shape"),
            (list(values.shape), expected_shape, "table shape"),
            (str(values.dtype), "float64", "table type"),
        ]
        for got, want, what in problems:
            if got != want:
                raise ValueError(f"its {what} is {got!r}, not {want!r}")
        if _checksum(values) != meta.get("sha256"):
            raise ValueError("its checksum does not match its values")
        solution = Solution(
            rules,
            values,
            states=int(meta["states"]),
            turns=int(meta["turns"]),
            seconds=float(meta["seconds"]),
            from_cache=True,
        )
    except (OSError, ValueError, KeyError, TypeError, zipfile.BadZipFile, EOFError) as err:
        warnings.warn(f"ignoring the cached value table {str(path)!r} ({err}): solving again", stacklevel=3)
        return None
    return solution


def remembered(rules: ScorecardRules) -> Any | None:
    """The solution of ``rules`` from this process's memory or from the disk cache, else ``None``."""
    key = cache_key(rules)
    if key in _memory and _memory[key].rules == rules:
        return _memory[key]
    solution = load(rules)
    if solution is not None:
        _memory[key] = solution
    return solution


def store(solution: Any) -> None:
    """Remember a fresh solution in memory and write it to the disk cache (best effort)."""
    _memory[cache_key(solution.rules)] = solution
    try:
        save(solution)
    except OSError as err:
        warnings.warn(f"could not cache the value table ({err}); it stays in memory", stacklevel=3)


def forget(rules: ScorecardRules | None = None) -> None:
    """Drop the solution of ``rules`` (default: every solution) from this process's memory; files stay."""
    if rules is None:
        _memory.clear()
    else:
        _memory.pop(cache_key(rules), None)
