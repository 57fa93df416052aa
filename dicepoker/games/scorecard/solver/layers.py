"""The one sweep over a scorecard game's states, from the full scorecard back to the empty one.

The solver (values) and the moments (mean and mean square of the points to come) both fill a table
state by state, and a state needs only the states after its turn: those with one more box filled.
So both walk the layers of equally many filled boxes from the last back to the first, and within a
layer hand the scorecards to threads in chunks (the numba kernels release the GIL).

>>> from dicepoker import find_game
>>> from dicepoker.games.scorecard.solver.tables import rule_tables
>>> yatzy = find_game("yatzy")
>>> seen = []
>>> sweep_layers(rule_tables(yatzy.variant(boxes=yatzy.boxes[4:6], poker_box=None)),
...              lambda chunk: seen.append(chunk.tolist()), workers=1)
>>> seen  # two boxes: the scorecards with one box filled, then the empty one
[[1], [2], [0]]
"""

from __future__ import annotations

import os
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import numpy as np

from dicepoker.games.scorecard.solver.compile_lock import compiling
from dicepoker.games.scorecard.solver.tables import RuleTables, dice_tables


def final_values(t: RuleTables) -> np.ndarray:
    """What a full scorecard still brings, by upper total: the upper bonus if the total reached the
    threshold (where every sweep starts)."""
    totals = np.arange(t.u_lo, t.u_hi + 1)
    return np.where(totals >= t.rules.upper_bonus_threshold, float(t.rules.upper_bonus), 0.0)


def state_tables(t: RuleTables) -> tuple[np.ndarray, ...]:
    """The arrays the sweep's kernel (:func:`~.kernel_sweep.sweep_masks`) reads of the states, in its
    order: each scorecard's class of upper totals, the totals to compute and how many, where each
    total's value is copied from, and each roll's probability."""
    return (t.upper_class, t.compute_u, t.compute_n, t.fill_from, dice_tables().probability)


def usable_cores() -> int:
    """The cores this process may run on (its CPU affinity where the system has one)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not on Linux
        return os.cpu_count() or 1


def worker_count() -> int:
    """How many threads a sweep uses by default: the cores this process may run on, at most 8.

    >>> 1 <= worker_count() == min(8, usable_cores())
    True
    """
    return max(1, min(8, usable_cores()))


def sweep_layers(
    t: RuleTables,
    kernel: Callable[..., Any],
    *arrays: Any,
    workers: int | None = None,
    chunks_per_worker: int = 8,
    progress: Callable[[int], None] | None = None,
) -> None:
    """Call ``kernel(chunk, *arrays)`` on the reachable scorecards of every layer but the full one,
    the layers from the most filled back to the empty scorecard, each layer's chunks in parallel;
    ``progress(turns)`` after each chunk (the turns it solved)."""
    n = t.n_boxes
    masks = np.arange(1 << n, dtype=np.int64)
    popcount = np.array([bin(m).count("1") for m in range(1 << n)])
    workers = workers or worker_count()
    turns_of = t.compute_n[t.upper_class] * t.bits_per_mask()
    kinds = tuple(type(a) for a in arrays)
    with ThreadPoolExecutor(max_workers=workers) as pool:
        for layer in range(n - 1, -1, -1):
            todo = masks[(popcount == layer) & t.mask_reachable]
            if not len(todo):
                continue
            chunks = np.array_split(todo, max(1, min(len(todo), chunks_per_worker * workers)))
            with compiling(kernel, kinds):  # the first layer compiles the kernel: one process at a time
                jobs = [(pool.submit(kernel, chunk, *arrays), int(turns_of[chunk].sum())) for chunk in chunks]
                for job, turns in jobs:
                    job.result()
                    if progress is not None:
                        progress(turns)
