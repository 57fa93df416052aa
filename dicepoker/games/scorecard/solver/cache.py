"""The solver's value tables on disk: keyed by the rule set's content and the package version.

A file holds the table packed (the numbers the solver computed, without the repeats of the full
table: :mod:`~.packing`) and compressed (``np.savez_compressed``); loading spreads it back to the
same float64 values, bit for bit. The five tables of the kit's games (:data:`DEFAULT_TABLES`) take
about 27 MB together (121 MB unpacked and uncompressed).

A file is trusted only when everything checks: its format, the rule set it was solved for, the
package version, the table's shape, and a SHA-256 checksum of the values. Anything else (a torn,
edited or foreign file, a FIFO, an array header claiming terabytes, metadata nested too deeply to
read) is reported with a warning and solved again. Files are written atomically (a temporary
file renamed into place), so a reader never sees half a file, and are readable by the group
(``0o644`` or ``0o664`` under the usual umask), so a class can share one cache folder; while a
table is solved its lock is held (:func:`solving`), so the kernels of a class that start the same
lesson at once solve it once and the others read it.

The directory is ``platformdirs.user_cache_dir("dicepoker")``, or ``$DICEPOKER_CACHE_DIR``. It is
bounded: after each write the least recently used tables are removed until the folder's tables
take at most ``$DICEPOKER_CACHE_LIMIT`` (default 250 MB; ``500MB``, ``2GB``, a number of bytes, or
``none`` for no bound), never the table just written; loading a table counts as using it.
Temporary files left by a writer that was killed are removed on the next write.

>>> import os, tempfile
>>> from dicepoker import find_game
>>> os.environ["DICEPOKER_CACHE_DIR"] = tempfile.mkdtemp()
>>> cache_path(find_game("yatzy")).name  # doctest: +ELLIPSIS
'values-yatzy-...-v0.1.0-f2.npz'
>>> del os.environ["DICEPOKER_CACHE_DIR"]
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import math
import os
import re
import warnings
import zipfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO, Any

import numpy as np

from dicepoker.core.files import lock_beside, open_regular, remove_stale_temporaries, replacing
from dicepoker.core.version import __version__
from dicepoker.games.scorecard.rules import ScorecardRules
from dicepoker.games.scorecard.solver.packing import pack, packed_length, unpack
from dicepoker.games.scorecard.solver.tables import rule_tables

CACHE_ENV = "DICEPOKER_CACHE_DIR"
LIMIT_ENV = "DICEPOKER_CACHE_LIMIT"
DEFAULT_LIMIT = 250 * 10**6  # bytes: the five default tables (about 27 MB) and a few dozen others
FORMAT = "dicepoker.value_table"
FORMAT_VERSION = 2  # 2: packed (see packing.py) and compressed; 1 was the full table, uncompressed
TABLE_FILES = "values-*.npz"
MAX_META_BYTES = 2**20  # the metadata is a few kilobytes of JSON

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


def cache_key(rules: ScorecardRules, risk: float = 0.0) -> str:
    """The rule set's fingerprint, the package version, the file format (and the risk), as one key.

    >>> from dicepoker import find_game
    >>> cache_key(find_game("classic")) == cache_key(find_game("classic").variant())
    True
    >>> cache_key(find_game("classic")) == cache_key(find_game("classic").variant(upper_bonus_threshold=63))
    False
    >>> cache_key(find_game("classic"), risk=0.05) == cache_key(find_game("classic"))
    False
    """
    key = f"{rules.fingerprint()}-v{_version()}-f{FORMAT_VERSION}"
    return key if risk == 0 else f"{key}-risk{float(risk)!r}"


def cache_path(rules: ScorecardRules, risk: float = 0.0) -> Path:
    """Where the value table of ``rules`` (solved with ``risk``) is cached."""
    name = re.sub(r"[^A-Za-z0-9_]+", "_", rules.name)[:40] or "rules"
    risky = "" if risk == 0 else f"-risk{float(risk)!r}"
    return cache_dir() / f"values-{name}-{rules.fingerprint()}{risky}-v{_version()}-f{FORMAT_VERSION}.npz"


def _checksum(values: np.ndarray) -> str:
    return hashlib.sha256(np.ascontiguousarray(values).view(np.uint8)).hexdigest()


def save(solution: Any) -> Path:
    """Write a solution's value table (packed, compressed) atomically, readable by the group.

    Returns the file's path. Stale temporary files in the folder are removed first, and the
    folder is bounded afterwards (:func:`bound`). Raises ``ValueError`` for values that are not
    a solver's table of the rules (they could not be packed), ``OSError`` if the write fails.
    """
    rules, risk = solution.rules, solution.risk
    path = cache_path(rules, risk)
    values = np.ascontiguousarray(solution.values, dtype=np.float64)
    packed = pack(rule_tables(rules), values)
    meta = {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "key": cache_key(rules, risk),
        "package_version": _version(),
        "rules": rules.to_dict(),
        "risk": float(risk),
        "shape": list(values.shape),
        "packed": len(packed),
        "sha256": _checksum(values),
        "states": int(solution.states),
        "turns": int(solution.turns),
        "seconds": float(solution.seconds),
    }
    if solution.known_moments is not None:
        meta["moments"] = {
            "mean": float(solution.known_moments.mean),
            "second_moment": float(solution.known_moments.second_moment),
            "seconds": float(solution.known_moments.seconds),
        }
    path.parent.mkdir(parents=True, exist_ok=True)
    remove_stale_temporaries(path.parent, targets=TABLE_FILES)
    with replacing(path, replace_special=True) as f:  # a FIFO or other junk at the path is replaced
        np.savez_compressed(f, values=packed, meta=np.array(json.dumps(meta)))
    bound(keep=path)
    return path


def load(rules: ScorecardRules, risk: float = 0.0) -> Any | None:
    """The cached solution of ``rules`` and ``risk``, or ``None`` if there is none or it is not trusted.

    Nothing in the file is believed before it is checked: only a regular file is opened (a FIFO
    would hang), each array's header is read first and its shape and type checked before any
    data (a header may claim terabytes), and the metadata is bounded in size.
    """
    from dicepoker.games.scorecard.solver.solution import Solution

    path = cache_path(rules, risk)
    if not os.path.lexists(path):
        return None
    try:
        t = rule_tables(rules)
        expected_shape = tuple(t.shape)
        with os.fdopen(open_regular(path), "rb") as f, zipfile.ZipFile(f) as archive:
            if sorted(archive.namelist()) != ["meta.npy", "values.npy"]:
                raise ValueError(f"unexpected contents {sorted(archive.namelist())}")
            meta = json.loads(str(_read_meta(archive)))
            packed = _read_array(archive, "values.npy", (packed_length(t),), np.dtype(np.float64))
        values = unpack(t, packed)
        if not isinstance(meta, dict):
            raise ValueError("its metadata is not a mapping")
        problems = [
            (meta.get("format"), FORMAT, "format"),
            (meta.get("format_version"), FORMAT_VERSION, "format version"),
            (meta.get("key"), cache_key(rules, risk), "key"),
            (meta.get("risk", 0.0), float(risk), "risk"),
            (meta.get("package_version"), _version(), "package version"),
            (meta.get("rules"), rules.to_dict(), "rule set"),
            (meta.get("shape"), list(expected_shape), "shape"),
            (meta.get("packed"), packed_length(t), "packed length"),
        ]
        for got, want, what in problems:
            if got != want:
                raise ValueError(f"its {what} is {got!r}, not {want!r}")
        if _checksum(values) != meta.get("sha256"):
            raise ValueError("its checksum does not match its values")
        moments = _moments_of(meta)
        solution = Solution(
            rules,
            values,
            states=int(meta["states"]),
            turns=int(meta["turns"]),
            seconds=float(meta["seconds"]),
            from_cache=True,
            risk=float(risk),
            known_moments=moments,
            moments_keeper=kept_moments,
        )
    except RecursionError:
        _ignore(path, "its metadata is nested too deeply")
        return None
    except Exception as err:  # noqa: BLE001 - any unreadable file is a cache miss, never a crash
        _ignore(path, f"{type(err).__name__}: {err}")
        return None
    _used(path)
    return solution


def _moments_of(meta: dict) -> Any | None:
    """The final score's moments a file's metadata holds (``None`` if it holds none); refused
    (``ValueError``: the whole file is then not trusted) unless they are three finite numbers, the
    second moment at least the mean's square."""
    from dicepoker.games.scorecard.solver.moments import ScoreMoments

    if "moments" not in meta:
        return None
    found = meta["moments"]
    names = ("mean", "second_moment", "seconds")
    if not isinstance(found, dict) or sorted(found) != sorted(names):
        raise ValueError(f"its moments are not {', '.join(names)}")
    numbers = [found[name] for name in names]
    if not all(type(n) in (int, float) and math.isfinite(n) for n in numbers):
        raise ValueError(f"its moments {numbers!r} are not finite numbers")
    mean, second, seconds = (float(n) for n in numbers)
    if second < mean * mean * (1 - 1e-9) or seconds < 0:
        raise ValueError(f"its moments (mean {mean!r}, second moment {second!r}) cannot be")
    return ScoreMoments(mean=mean, second_moment=second, seconds=seconds)


def kept_moments(solution: Any, compute: Callable[[Any], Any]) -> Any:
    """The final score's moments of a solution whose table is in the cache: those its file holds
    (another process may have written them since this one read the table), else computed here and
    written beside the table (best effort: the table is written again, atomically, with them in its
    metadata). The table's lock (:func:`solving`) is held meanwhile, so processes sharing the cache
    folder compute a table's moments once."""
    with solving(solution.rules, solution.risk):
        moments = moments_on_file(solution)
        if moments is None:
            moments = compute(solution)
            solution.known_moments = moments
            try:
                save(solution)
            except (OSError, ValueError) as err:
                warnings.warn(
                    f"could not cache the final score's moments ({err}); they stay in memory", stacklevel=3
                )
    solution.known_moments = moments
    return moments


def moments_on_file(solution: Any) -> Any | None:
    """The moments the cache file of ``solution``'s table holds, if it is this very table (same rule
    set, risk, package version and checksum); ``None`` otherwise, or if the file cannot be read.
    Only the metadata is read."""
    path = cache_path(solution.rules, solution.risk)
    try:
        with os.fdopen(open_regular(path), "rb") as f, zipfile.ZipFile(f) as archive:
            meta = json.loads(str(_read_meta(archive)))
        same = isinstance(meta, dict) and all(
            meta.get(name) == want
            for name, want in (
                ("format", FORMAT),
                ("format_version", FORMAT_VERSION),
                ("key", cache_key(solution.rules, solution.risk)),
                ("risk", float(solution.risk)),
                ("package_version", _version()),
                ("rules", solution.rules.to_dict()),
            )
        )
        if not same or meta.get("sha256") != _checksum(solution.values):
            return None
        return _moments_of(meta)
    except Exception:  # noqa: BLE001 - no file, a file being replaced, an untrusted one: compute them
        return None


def _used(path: Path) -> None:
    """Mark a table as just used (its modification time, which the bound reads; best effort)."""
    with contextlib.suppress(OSError):  # another user's file in a shared folder
        os.utime(path)


def cache_limit() -> int | None:
    """The most bytes the cached tables may take (``$DICEPOKER_CACHE_LIMIT``), ``None`` for no bound.

    The value is a number of bytes, or a number with ``kB``, ``MB``, ``GB`` (powers of 1000) or
    ``KiB``, ``MiB``, ``GiB`` (powers of 1024), or ``none``; anything else is warned about and
    the default (:data:`DEFAULT_LIMIT`) is used.

    >>> os.environ["DICEPOKER_CACHE_LIMIT"] = "1.5 GB"
    >>> cache_limit()
    1500000000
    >>> os.environ["DICEPOKER_CACHE_LIMIT"] = "none"
    >>> cache_limit() is None
    True
    >>> del os.environ["DICEPOKER_CACHE_LIMIT"]
    >>> cache_limit() == DEFAULT_LIMIT
    True
    """
    text = os.environ.get(LIMIT_ENV, "").strip()
    if not text:
        return DEFAULT_LIMIT
    if text.lower() in ("none", "unlimited"):
        return None
    found = re.fullmatch(r"([0-9]+(?:\.[0-9]*)?)\s*([kKMG]i?B|B)?", text)
    units = {"B": 1, "kB": 10**3, "KB": 10**3, "MB": 10**6, "GB": 10**9}
    units |= {"KiB": 2**10, "kiB": 2**10, "MiB": 2**20, "GiB": 2**30}
    if found is None or (found[2] or "B") not in units or len(found[1]) > 30:
        warnings.warn(
            f"{LIMIT_ENV}={text!r} is not a size (like 500MB, 2GB or none): "
            f"the cache is bounded at {DEFAULT_LIMIT // 10**6} MB",
            stacklevel=2,
        )
        return DEFAULT_LIMIT
    return int(float(found[1]) * units[found[2] or "B"])


def bound(keep: Path | None = None) -> list[Path]:
    """Remove the least recently used tables until the folder's tables fit :func:`cache_limit`.

    ``keep`` (the table just written) is never removed, even if it alone is larger. Returns the
    removed paths. Files that cannot be removed (another user's in a shared folder) are passed over.
    """
    limit = cache_limit()
    if limit is None:
        return []
    tables = []
    for path in cache_dir().glob(TABLE_FILES):
        try:
            info = path.lstat()
        except OSError:
            continue
        tables.append((info.st_mtime, info.st_size, path))
    total = sum(size for _, size, _ in tables)
    removed = []
    for _, size, path in sorted(tables, key=lambda table: table[:2]):
        if total <= limit:
            break
        if keep is not None and path == keep:
            continue
        try:
            path.unlink()
        except OSError:
            continue
        total -= size
        removed.append(path)
    return removed


def _ignore(path: Path, why: str) -> None:
    warnings.warn(f"ignoring the cached value table {str(path)!r} ({why}): solving again", stacklevel=4)


def _read_header(member: IO[bytes]) -> tuple[tuple[int, ...], bool, np.dtype]:
    version = np.lib.format.read_magic(member)
    if version == (1, 0):
        return np.lib.format.read_array_header_1_0(member)
    if version == (2, 0):
        return np.lib.format.read_array_header_2_0(member)
    raise ValueError(f"unknown .npy format version {version}")


def _read_array(archive: zipfile.ZipFile, name: str, shape: tuple[int, ...], dtype: np.dtype) -> np.ndarray:
    """The array ``name`` of the archive, read only if its header has the expected shape and type."""
    with archive.open(name) as member:
        got_shape, fortran_order, got_dtype = _read_header(member)
        if (tuple(got_shape), fortran_order, got_dtype) != (shape, False, dtype):
            raise ValueError(f"its {name} header says {got_dtype} {tuple(got_shape)}, not {dtype} {shape}")
        size = dtype.itemsize * int(np.prod(shape, dtype=np.int64))
        data = member.read(size)
    if len(data) != size:
        raise ValueError(f"its {name} is cut short")
    return np.frombuffer(bytearray(data), dtype=dtype).reshape(shape)


def _read_meta(archive: zipfile.ZipFile) -> str:
    """The metadata text of the archive (a 0-d unicode array of bounded length)."""
    with archive.open("meta.npy") as member:
        shape, _, dtype = _read_header(member)
    if shape != () or dtype.kind != "U" or dtype.itemsize > MAX_META_BYTES:
        raise ValueError(f"its metadata header says {dtype} {shape}, not short text")
    return str(_read_array(archive, "meta.npy", (), dtype)[()])


def remembered(rules: ScorecardRules, risk: float = 0.0) -> Any | None:
    """The solution of ``rules`` and ``risk`` from this process's memory or the disk cache, else ``None``."""
    key = cache_key(rules, risk)
    if key in _memory and _memory[key].rules == rules:
        return _memory[key]
    solution = load(rules, risk)
    if solution is not None:
        _memory[key] = solution
    return solution


def is_cached(rules: ScorecardRules, risk: float = 0.0) -> bool:
    """Whether the solution of ``rules`` and ``risk`` is in this process's memory or has a file in
    the disk cache (so getting it is a quick load, not a solve), without reading the file.

    >>> import os, tempfile
    >>> from dicepoker import find_game
    >>> os.environ["DICEPOKER_CACHE_DIR"] = tempfile.mkdtemp()
    >>> forget(); is_cached(find_game("yatzy"))
    False
    >>> del os.environ["DICEPOKER_CACHE_DIR"]
    """
    key = cache_key(rules, risk)
    return (key in _memory and _memory[key].rules == rules) or os.path.lexists(cache_path(rules, risk))


def store(solution: Any) -> None:
    """Remember a fresh solution in memory and write it to the disk cache (best effort)."""
    _memory[cache_key(solution.rules, solution.risk)] = solution
    try:
        save(solution)
        solution.moments_keeper = kept_moments
    except (OSError, ValueError) as err:
        warnings.warn(f"could not cache the value table ({err}); it stays in memory", stacklevel=3)


@contextlib.contextmanager
def solving(rules: ScorecardRules, risk: float = 0.0) -> Iterator[None]:
    """Hold the lock of one table while it is solved: another process sharing the cache folder (a
    second student's kernel, a test worker) that wants the same table waits here, then finds the
    file written instead of solving the table a second time.

    The lock file (beside the table, ``.lock`` for ``.npz``) is removed after the solve. Nothing
    depends on it for correctness (tables are written atomically and checked when read): where no
    lock can be taken (a read-only folder, a system without ``fcntl``), each process solves alone.

    >>> import os, tempfile
    >>> from dicepoker import find_game
    >>> os.environ["DICEPOKER_CACHE_DIR"] = tempfile.mkdtemp()
    >>> with solving(find_game("yatzy")):
    ...     sorted(p.suffix for p in cache_dir().iterdir())
    ['.lock']
    >>> sorted(cache_dir().iterdir())
    []
    >>> del os.environ["DICEPOKER_CACHE_DIR"]
    """
    with lock_beside(cache_path(rules, risk).with_suffix(".lock")):
        yield


def forget(rules: ScorecardRules | None = None) -> None:
    """Drop the solutions of ``rules`` (every risk; default: every rule set) from memory; files stay."""
    if rules is None:
        _memory.clear()
    else:
        base = cache_key(rules)
        for key in [k for k in _memory if k == base or k.startswith(f"{base}-risk")]:
            del _memory[key]
