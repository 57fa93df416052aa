"""Processes that start together compile the solver's sweep once: the first call of a kernel with new
argument types holds a lock beside numba's cache, so a second process waits for the first one's
cache instead of compiling the same code again (three processes started cold at once: 62.6 CPU-s
before, 21.2 CPU-s after)."""

from __future__ import annotations

import threading
import time
from types import SimpleNamespace

import numpy as np
import pytest

from dicepoker.games.scorecard.solver import compile_lock
from dicepoker.games.scorecard.solver.compile_lock import compiling, numba_cache_folder


def cached_kernel(folder):
    """A stand-in for a numba dispatcher whose cache is in ``folder``."""

    def kernel():
        return 0

    kernel._cache = SimpleNamespace(_cache_path=str(folder))
    return kernel


def test_the_sweep_kernel_names_the_folder_numba_caches_it_in():
    pytest.importorskip("numba")
    from dicepoker.games.scorecard.solver.kernel_sweep import sweep_masks

    folder = numba_cache_folder(sweep_masks)
    assert folder is not None and folder.name == "__pycache__"
    assert folder.parent.name == "solver"


def test_a_second_first_call_waits_until_the_first_is_compiled(tmp_path, monkeypatch):
    monkeypatch.setattr(compile_lock, "_compiled", set())
    kernel = cached_kernel(tmp_path)
    first_inside, order = threading.Event(), []

    def first():
        with compiling(kernel, (np.ndarray,)):
            first_inside.set()
            time.sleep(0.3)
            order.append("first compiled")

    # another process's first call: a lock of its own, not this process's memory of calls
    def second():
        first_inside.wait()
        with compile_lock.lock_beside(next(tmp_path.glob("*.compiling.lock"))):
            order.append("second started")

    threads = [threading.Thread(target=first), threading.Thread(target=second)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=10)
    assert order == ["first compiled", "second started"]
    assert list(tmp_path.iterdir()) == []  # the lock file is removed after


def test_later_calls_and_other_argument_types(tmp_path, monkeypatch):
    monkeypatch.setattr(compile_lock, "_compiled", set())
    kernel = cached_kernel(tmp_path)
    with compiling(kernel, (np.ndarray,)):
        assert len(list(tmp_path.glob("kernel-*.compiling.lock"))) == 1
    with compiling(kernel, (np.ndarray,)):  # compiled in this process: no lock
        assert list(tmp_path.iterdir()) == []
    with compiling(kernel, (np.ndarray, type(None))):  # new types compile anew: a lock of their own
        assert len(list(tmp_path.glob("kernel-*.compiling.lock"))) == 1


def test_a_failed_first_call_is_not_remembered_as_compiled(tmp_path, monkeypatch):
    monkeypatch.setattr(compile_lock, "_compiled", set())
    kernel = cached_kernel(tmp_path)
    with pytest.raises(RuntimeError), compiling(kernel, ()):
        raise RuntimeError("numba could not compile")
    assert list(tmp_path.iterdir()) == []
    with compiling(kernel, ()):
        assert len(list(tmp_path.iterdir())) == 1


def test_a_kernel_without_a_cache_takes_no_lock(tmp_path, monkeypatch):
    monkeypatch.setattr(compile_lock, "_compiled", set())
    with compiling(lambda: 0, ()):
        pass
    assert compile_lock._compiled == set()
