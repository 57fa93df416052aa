"""A value table without its repeats: the numbers the solver computed, and how to spread them back.

The full table ``E[mask, bit, u - u_lo]`` repeats itself: every upper total from which the bonus
is already certain (or already impossible) has the same value, a scorecard the rules never produce
is NaN, and so is the poker bit of a scorecard whose poker box is open. Only the values of the
turns the solver evaluates (``compute_u``, ``compute_n`` of :class:`~.tables.RuleTables`) and the
full scorecard's row are different numbers; :func:`pack` keeps those, in a fixed order, and
:func:`unpack` spreads them back with ``fill_from``, exactly (the same float64 values, bit for bit).
The packed classic table is a third of the full one (11.4 MB against 34.1 MB) before compression.

>>> from dicepoker import find_game
>>> from dicepoker.games.scorecard.solver.solve import solve
>>> yatzy = find_game("yatzy")
>>> rules = yatzy.variant(name="sixes", boxes=yatzy.boxes[4:6], poker_box=None, upper_bonus_threshold=40)
>>> values = solve(rules, progress=False, cache=False).values
>>> t = rule_tables(rules)
>>> packed = pack(t, values)
>>> packed.shape, values.shape, bool(np.array_equal(unpack(t, packed), values, equal_nan=True))
((51,), (4, 1, 41), True)
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from dicepoker.games.scorecard.solver.tables import RuleTables, rule_tables

__all__ = ["pack", "packed_length", "rule_tables", "unpack"]


@lru_cache(maxsize=4)
def _places(t: RuleTables) -> tuple[np.ndarray, np.ndarray]:
    """Where the packed values come from and go to, as flat indices into the full table.

    ``source[i]``: a position of the full table holding packed value ``i`` (its first upper
    total); ``spread``: for every position of the full table, the packed value it holds (-1: NaN).
    """
    n_masks, n_bits, n_u = t.shape
    full = n_masks - 1
    first_u = np.full(t.compute_u.shape, -1, dtype=np.int64)  # first_u[c, j]: a total holding value j
    for c in range(t.fill_from.shape[0]):
        row = t.fill_from[c]
        js, us = np.unique(row[row >= 0], return_index=True)
        first_u[c, js] = np.flatnonzero(row >= 0)[us]
    bits = t.bits_per_mask()
    masks = np.flatnonzero(t.mask_reachable[:full])  # the rows, in order: (mask, bit) for bit < bits
    row_mask = np.repeat(masks, bits[masks])
    row_bit = np.arange(len(row_mask)) - np.repeat(np.cumsum(bits[masks]) - bits[masks], bits[masks])
    row_class = t.upper_class[row_mask]
    row_n = t.compute_n[row_class]
    offsets = np.cumsum(row_n) - row_n
    row_of = np.repeat(np.arange(len(row_mask)), row_n)
    j = np.arange(len(row_of)) - offsets[row_of]
    base = (row_mask * n_bits + row_bit) * n_u
    sources = base[row_of] + first_u[row_class[row_of], j]
    offset = int(row_n.sum())
    last = full * n_bits * n_u + np.arange(n_bits * n_u)  # the full scorecard: every total
    spread = np.full(t.shape, -1, dtype=np.int64)
    fill = t.fill_from[row_class]
    spread[row_mask, row_bit] = np.where(fill >= 0, offsets[:, None] + fill, -1)
    spread[full] = offset + np.arange(n_bits * n_u).reshape(n_bits, n_u)
    return np.concatenate([sources, last]), spread.ravel()


def packed_length(t: RuleTables) -> int:
    """How many values a packed table of ``t`` holds: one per evaluated turn, and the last row.

    >>> from dicepoker import find_game
    >>> t = rule_tables(find_game("classic"))
    >>> packed_length(t) == t.count_states()[1] + t.n_bits * t.n_u
    True
    """
    return len(_places(t)[0])


def pack(t: RuleTables, values: np.ndarray) -> np.ndarray:
    """The different numbers of the full value table ``values`` of ``t``, in :func:`unpack`'s order.

    Raises ``ValueError`` when ``values`` is not the shape of ``t``'s tables or does not repeat
    itself the way the solver's tables do (it could not be unpacked to itself).
    """
    if values.shape != t.shape:
        raise ValueError(f"a value table of {t.rules.name!r} has the shape {t.shape}, not {values.shape}")
    packed = np.ascontiguousarray(values.ravel()[_places(t)[0]], dtype=np.float64)
    if not np.array_equal(unpack(t, packed), values, equal_nan=True):
        raise ValueError(f"the values are not a solver's table of {t.rules.name!r}: they cannot be packed")
    return packed


def unpack(t: RuleTables, packed: np.ndarray) -> np.ndarray:
    """The full value table of ``t`` from its packed values (NaN where the solver leaves NaN)."""
    spread = _places(t)[1]
    if packed.shape != (packed_length(t),):
        raise ValueError(
            f"a packed table of {t.rules.name!r} holds {packed_length(t)} values, not {packed.shape}"
        )
    full = np.where(spread >= 0, packed[np.maximum(spread, 0)], np.nan)
    return full.reshape(t.shape)
