"""The moments of one turn, compiled: the first two moments of the points to come along the bot's play.

For one scorecard and poker bit at a time, :func:`~.kernel.turn_tables` gives the value of every
choice of the turn (that decides the play); :func:`turn_moments` then carries, along exactly those
choices, ``M1`` (the mean of the points still to come) and ``M2`` (their mean square) from the
states after the turn back to its start, with the same pieces of the turn as the values: the
legal boxes with their points and the states after them, and the keeps one die at a time.

* scoring roll ``r`` in box ``b`` for ``x`` points (poker bonus included) then going to ``s'``:
  ``m1 = x + M1[s']`` and ``m2 = x^2 + 2 x M1[s'] + M2[s']``;
* keeping ``k`` and rolling the rest: the average over the rolls, one die at a time (as the values);
* holding roll ``r``: the moments of the choice the optimal bot makes.

:func:`~.kernel_sweep.sweep_masks` runs it for every state.

>>> scratch = moment_scratch(3, 3, 4)
>>> [a.shape for a in scratch[:2]]  # the moments of the states after each open box
[(4, 7, 4), (4, 7, 4)]
"""

from __future__ import annotations

import numpy as np

from dicepoker.games.scorecard.solver.jit import njit
from dicepoker.games.scorecard.solver.kernel import keep_values, next_state_values
from dicepoker.games.scorecard.solver.layout import (
    HAS_FIRST,
    KEEP_ALL_OFFSET,
    N_KEEPS,
    N_ROLLS,
    NEG,
    ROLLS,
)


@njit(nogil=True, cache=True, inline="always")
def moment_scratch(n_boxes, rolls, nu_max):  # pragma: no cover - compiled
    """The work arrays of :func:`turn_moments`, made once a sweep: ``n1, n2, Q1, Q2, W1, W2, K1, K2``,
    the best value of a box so far (``best``) and the bot's keep, one die at a time (``BV, BI``)."""
    n1 = np.zeros((n_boxes + 1, 7, nu_max))
    n2 = np.zeros((n_boxes + 1, 7, nu_max))
    Q1 = np.empty((2, N_ROLLS, nu_max))
    Q2 = np.empty((2, N_ROLLS, nu_max))
    W1 = np.empty((rolls, N_ROLLS, nu_max))
    W2 = np.empty((rolls, N_ROLLS, nu_max))
    K1 = np.empty((N_KEEPS, nu_max))
    K2 = np.empty((N_KEEPS, nu_max))
    best = np.empty(nu_max)
    BV = np.empty((KEEP_ALL_OFFSET + 1, nu_max))
    BI = np.empty((KEEP_ALL_OFFSET + 1, nu_max), dtype=np.int64)
    return n1, n2, Q1, Q2, W1, W2, K1, K2, best, BV, BI


@njit(nogil=True, cache=True)
def _score_moments(
    nu, has_first, vecs, choices, theta, exp_points, points_lo, tie, scratch
):  # pragma: no cover
    """``Q1[first, r, j]``, ``Q2``: the moments of scoring roll ``r`` now in the bot's box (the first of
    the best: a later box must be better by more than ``tie``). Each open box's moments are worked
    out and kept where it is the best so far, without branches, so the loops over the upper totals
    run on whole vectors."""
    count, box, points, slot = choices
    n1, n2, Q1, Q2 = scratch[:4]
    best = scratch[8]
    for first in range(1 + has_first):
        for r in range(N_ROLLS):
            for j in range(nu):
                best[j] = NEG
                Q1[first, r, j] = np.nan
                Q2[first, r, j] = np.nan
            for i in range(count[first, r]):
                b, x, to = box[first, r, i], points[first, r, i], slot[first, r, i]
                got = float(x)
                a = exp_points[x - points_lo] if theta != 0.0 else got
                for j in range(nu):
                    f = vecs[b, to, j]
                    v = a + f + theta * a * f if theta != 0.0 else a + f
                    m1 = n1[b, to, j]
                    take = v > best[j] + tie
                    best[j] = v if take else best[j]
                    Q1[first, r, j] = got + m1 if take else Q1[first, r, j]
                    Q2[first, r, j] = got * got + 2.0 * got * m1 + n2[b, to, j] if take else Q2[first, r, j]
    if has_first == 0:
        for r in range(N_ROLLS):
            for j in range(nu):
                Q1[1, r, j] = Q1[0, r, j]
                Q2[1, r, j] = Q2[0, r, j]
    return 0


@njit(nogil=True, cache=True, inline="always")
def _take_better(BV, BI, to, frm, nu):  # pragma: no cover - compiled
    """Row ``to`` of ``(BV, BI)`` becomes the better of itself and row ``frm``: the higher value, and of
    equal values the first keep (without branches)."""
    for j in range(nu):
        w, b, v, i = BV[frm, j], BI[frm, j], BV[to, j], BI[to, j]
        take = (w > v) | ((w == v) & (b < i))
        BV[to, j] = w if take else v
        BI[to, j] = b if take else i


@njit(nogil=True, cache=True)
def _roll_moments(
    nu, rolls, SV, K, Q1, Q2, W1, W2, K1, K2, child, subs, n_subs, BV, BI, tie
):  # pragma: no cover - compiled
    """Carry the moments back through the rolls of a turn, along the bot's keeps.

    The bot takes, inside each roll, the best keep but all five dice, the first (lowest index) of
    equal ones. That keep is found one die at a time, as :func:`~.kernel.turn_tables` finds the best
    value: ``BV[k, j]``, ``BI[k, j]`` are the best value of a keep inside keep ``k`` (``k`` itself
    included) and the first keep that has it, from ``k``'s own value and those of ``k`` minus one die
    (``subs``); a roll's best keep is the best of its keeps of four dice (gathered in the last row).
    """
    f0 = 1 if rolls == 1 else 0
    roll_row = KEEP_ALL_OFFSET
    for r in range(N_ROLLS):
        for j in range(nu):
            W1[0, r, j] = Q1[f0, r, j]
            W2[0, r, j] = Q2[f0, r, j]
    for stage in range(1, rolls):
        first = 1 if stage == rolls - 1 else 0
        keep_values(W1[stage - 1], K1, child, nu)
        keep_values(W2[stage - 1], K2, child, nu)
        for k in range(KEEP_ALL_OFFSET):
            for j in range(nu):
                BV[k, j] = K[stage, k, j]
                BI[k, j] = k
            for n in range(n_subs[k]):
                _take_better(BV, BI, k, subs[k, n], nu)
        for r in range(N_ROLLS):
            k = KEEP_ALL_OFFSET + r
            for j in range(nu):
                BV[roll_row, j] = BV[subs[k, 0], j]
                BI[roll_row, j] = BI[subs[k, 0], j]
            for n in range(1, n_subs[k]):
                _take_better(BV, BI, roll_row, subs[k, n], nu)
            for j in range(nu):
                i = BI[roll_row, j]
                keep = BV[roll_row, j] > SV[first, r, j] + tie
                W1[stage, r, j] = K1[i, j] if keep else Q1[first, r, j]
                W2[stage, r, j] = K2[i, j] if keep else Q2[first, r, j]
    return 0


@njit(nogil=True, cache=True)
def turn_moments(
    mask, bit, ulist, nu, moments, tables, turn, theta, exp_points, points_lo, scratch
):  # pragma: no cover - compiled
    """Fill ``W1[rolls - 1]``, ``W2[rolls - 1]`` of ``scratch``: the moments of the points to come from
    each first roll of this state's turn, ``turn`` holding its values (:func:`~.kernel.turn_tables`);
    ``moments`` is ``(M1, M2, tie)``, the moment tables and the bot's tolerance."""
    M1, M2, tie = moments
    rule_ints, box_upper, box_face = tables[0], tables[1], tables[2]
    child, subs, n_subs = tables[8], tables[9], tables[10]
    vecs, SV, K, _, _, choices = turn
    n1, n2, Q1, Q2, W1, W2, K1, K2 = scratch[:8]
    BV, BI = scratch[9], scratch[10]
    next_state_values(mask, bit, ulist, nu, M1, rule_ints, box_upper, box_face, n1)
    next_state_values(mask, bit, ulist, nu, M2, rule_ints, box_upper, box_face, n2)
    _score_moments(nu, rule_ints[HAS_FIRST], vecs, choices, theta, exp_points, points_lo, tie, scratch)
    _roll_moments(nu, rule_ints[ROLLS], SV, K, Q1, Q2, W1, W2, K1, K2, child, subs, n_subs, BV, BI, tie)
    return 0
