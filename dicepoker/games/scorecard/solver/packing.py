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

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from dicepoker.games.scorecard.solver.tables import RuleTables, rule_tables

__all__ = ["pack", "packed_length", "rule_tables", "unpack"]


@dataclass(frozen=True, eq=False)
class _Rows:
    """The rows of a packed table, in order: (mask, bit) for every solved scorecard and bit."""

    mask: np.ndarray
    bit: np.ndarray
    upper_class: np.ndarray
    offset: np.ndarray  # where each row's values start in the packed table
    first_u: np.ndarray  # first_u[c, j]: an upper total (index) holding value j of class c
    length: int  # the rows' values; the full scorecard's row follows


@lru_cache(maxsize=8)
def _rows(t: RuleTables) -> _Rows:
    first_u = np.full(t.compute_u.shape, -1, dtype=np.int64)
    for c in range(t.fill_from.shape[0]):
        row = t.fill_from[c]
        js, us = np.unique(row[row >= 0], return_index=True)
        first_u[c, js] = np.flatnonzero(row >= 0)[us]
    bits = t.bits_per_mask()
    masks = np.flatnonzero(t.mask_reachable[: t.shape[0] - 1])
    row_mask = np.repeat(masks, bits[masks])
    row_bit = np.arange(len(row_mask)) - np.repeat(np.cumsum(bits[masks]) - bits[masks], bits[masks])
    row_class = t.upper_class[row_mask]
    row_n = t.compute_n[row_class]
    offset = np.cumsum(row_n) - row_n
    return _Rows(row_mask, row_bit, row_class, offset, first_u, int(row_n.sum()))


def packed_length(t: RuleTables) -> int:
    """How many values a packed table of ``t`` holds: one per evaluated turn, and the last row.

    >>> from dicepoker import find_game
    >>> t = rule_tables(find_game("classic"))
    >>> packed_length(t) == t.count_states()[1] + t.n_bits * t.n_u
    True
    """
    return _rows(t).length + t.n_bits * t.n_u


def pack(t: RuleTables, values: np.ndarray) -> np.ndarray:
    """The different numbers of the full value table ``values`` of ``t``, in :func:`unpack`'s order.

    Raises ``ValueError`` when ``values`` is not the shape of ``t``'s tables or does not repeat
    itself the way the solver's tables do (it could not be unpacked to itself).
    """
    if values.shape != t.shape:
        raise ValueError(f"a value table of {t.rules.name!r} has the shape {t.shape}, not {values.shape}")
    rows = _rows(t)
    row_of = np.repeat(np.arange(len(rows.mask)), t.compute_n[rows.upper_class])
    j = np.arange(len(row_of)) - rows.offset[row_of]
    computed = values[rows.mask[row_of], rows.bit[row_of], rows.first_u[rows.upper_class[row_of], j]]
    packed = np.concatenate([computed, values[-1].ravel()]).astype(np.float64)
    if not np.array_equal(unpack(t, packed), values, equal_nan=True):
        raise ValueError(f"the values are not a solver's table of {t.rules.name!r}: they cannot be packed")
    return packed


def unpack(t: RuleTables, packed: np.ndarray) -> np.ndarray:
    """The full value table of ``t`` from its packed values (NaN where the solver leaves NaN)."""
    if packed.shape != (packed_length(t),):
        raise ValueError(
            f"a packed table of {t.rules.name!r} holds {packed_length(t)} values, not {packed.shape}"
        )
    rows = _rows(t)
    full = np.full(t.shape, np.nan)
    fill = t.fill_from[rows.upper_class]  # each row's upper totals -> its values (-1: unreachable)
    at = rows.offset[:, None] + np.maximum(fill, 0)
    full[rows.mask, rows.bit] = np.where(fill >= 0, packed[at], np.nan)
    full[-1] = packed[rows.length :].reshape(t.n_bits, t.n_u)
    return full
