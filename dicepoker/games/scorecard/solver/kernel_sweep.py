"""The compiled sweep over the states of a chunk of scorecards: the solver's values, or their moments.

:func:`~.layers.sweep_layers` hands each thread a chunk of scorecards of one layer; for each of them,
each poker bit and each upper total it computes, :func:`sweep_masks` evaluates the turn
(:func:`~.kernel.turn_tables`), averages it over the first roll and writes the result into the table
of every upper total it stands for. The solver writes the values themselves; given ``moments``, the
sweep carries instead the mean and mean square of the points to come along the same play
(:func:`~.kernel_moments.turn_moments`). One loop serves both: ``moments is None`` is decided when
numba compiles the sweep, so the solver's compiled code holds no moment.

>>> from dicepoker import find_game
>>> from dicepoker.games.scorecard.solver.layers import final_values, state_tables
>>> from dicepoker.games.scorecard.solver.tables import _kernel_tables, rule_tables
>>> yatzy = find_game("yatzy")
>>> t = rule_tables(yatzy.variant(boxes=yatzy.boxes[5:6], poker_box=None))
>>> values = np.full(t.shape, np.nan)
>>> values[1] = final_values(t)
>>> _ = sweep_masks(np.array([0]), values, state_tables(t), _kernel_tables(t), 0.0, None)
>>> round(float(values[0, 0, 0]), 6)  # Sixes alone: 5 dice x (1 - (5/6)^3) sixes x 6 points
12.638889
"""

from __future__ import annotations

import numpy as np

from dicepoker.games.scorecard.solver.jit import njit
from dicepoker.games.scorecard.solver.kernel import (
    inverse_utility,
    point_utilities,
    turn_scratch,
    turn_tables,
)
from dicepoker.games.scorecard.solver.kernel_moments import moment_scratch, turn_moments
from dicepoker.games.scorecard.solver.layout import N_BOXES, N_ROLLS, POKER, ROLLS, TRACK_BIT


@njit(nogil=True, cache=True, inline="always")
def roll_average(held, probability, nu, out):  # pragma: no cover - compiled
    """``out[j]``: the average of ``held[r, j]`` over the first roll ``r``."""
    for j in range(nu):
        out[j] = 0.0
    for r in range(N_ROLLS):
        p = probability[r]
        for j in range(nu):
            out[j] += p * held[r, j]
    return 0


@njit(nogil=True, cache=True, inline="always")
def store_state(table, mask, bit, fill_from, value):  # pragma: no cover - compiled
    """``table[mask, bit, u]`` for every upper total index ``u``: the computed ``value`` it stands for
    (``fill_from[u]``), NaN where the total cannot be reached."""
    for u in range(table.shape[2]):
        src = fill_from[u]
        table[mask, bit, u] = value[src] if src >= 0 else np.nan
    return 0


@njit(nogil=True, cache=True)
def sweep_masks(masks, E, state, tables, theta, moments):  # pragma: no cover - compiled
    """Solve every state of the scorecards ``masks`` (the later layers solved): fill ``E`` or, given
    ``moments = (M1, M2, tie)``, fill ``M1`` and ``M2`` along the play ``E`` decides.

    ``state`` and ``tables`` are :func:`~.layers.state_tables` and ``_kernel_tables`` of
    :mod:`~.tables`. ``theta == 0``: expected points to come; otherwise their certainty equivalents
    under the utility ``(exp(theta x) - 1) / theta`` (see :func:`~.kernel.turn_tables`).
    """
    upper_class, compute_u, compute_n, fill_from, probability = state
    rule_ints, box_upper, box_face, scores, joker_scores = (
        tables[0],
        tables[1],
        tables[2],
        tables[4],
        tables[5],
    )
    n_boxes = rule_ints[N_BOXES]
    poker = rule_ints[POKER]
    track_bit = rule_ints[TRACK_BIT]
    rolls = rule_ints[ROLLS]
    nu_max = compute_u.shape[1]
    turn = turn_scratch(n_boxes, rolls, nu_max)
    W, shift = turn[3], turn[4]
    value = np.empty(nu_max)
    exp_points, points_lo, points_base = point_utilities(
        theta, rule_ints, box_upper, box_face, scores, joker_scores
    )
    if moments is not None:
        scratch = moment_scratch(n_boxes, rolls, nu_max)
    for i in range(masks.shape[0]):
        mask = masks[i]
        c = upper_class[mask]
        nu = compute_n[c]
        ulist = compute_u[c]
        n_bits = 1
        if track_bit == 1 and (mask >> poker) & 1 == 1:
            n_bits = 2
        for bit in range(n_bits):
            turn_tables(mask, bit, ulist, nu, E, tables, turn, theta, exp_points, points_lo, points_base)
            if moments is None:
                roll_average(W[rolls - 1], probability, nu, value)
                if theta != 0.0:
                    for j in range(nu):
                        value[j] = shift[j] + points_base + inverse_utility(theta, value[j])
                store_state(E, mask, bit, fill_from[c], value)
            else:
                turn_moments(
                    mask, bit, ulist, nu, moments, tables, turn, theta, exp_points, points_lo, scratch
                )
                roll_average(scratch[4][rolls - 1], probability, nu, value)
                store_state(moments[0], mask, bit, fill_from[c], value)
                roll_average(scratch[5][rolls - 1], probability, nu, value)
                store_state(moments[1], mask, bit, fill_from[c], value)
    return 0
