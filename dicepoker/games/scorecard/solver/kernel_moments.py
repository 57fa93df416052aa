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
    N_KEEPS,
    N_ROLLS,
    NEG,
    ROLLS,
)


@njit(nogil=True, cache=True, inline="always")
def moment_scratch(n_boxes, rolls, nu_max):  # pragma: no cover - compiled
    """The work arrays of :func:`turn_moments` (``n1, n2, Q1, Q2, W1, W2, K1, K2``, and the bot's choice
    of box ``best, got, chosen``), made once a sweep."""
    n1 = np.zeros((n_boxes + 1, 7, nu_max))
    n2 = np.zeros((n_boxes + 1, 7, nu_max))
    Q1 = np.empty((2, N_ROLLS, nu_max))
    Q2 = np.empty((2, N_ROLLS, nu_max))
    W1 = np.empty((rolls, N_ROLLS, nu_max))
    W2 = np.empty((rolls, N_ROLLS, nu_max))
    K1 = np.empty((N_KEEPS, nu_max))
    K2 = np.empty((N_KEEPS, nu_max))
    best = np.empty(nu_max)
    got = np.zeros(nu_max)
    chosen = np.zeros((2, nu_max), dtype=np.int64)
    return n1, n2, Q1, Q2, W1, W2, K1, K2, best, got, chosen


@njit(nogil=True, cache=True)
def _score_moments(
    nu, has_first, vecs, choices, theta, exp_points, points_lo, tie, scratch
):  # pragma: no cover
    """``Q1[first, r, j]``, ``Q2``: the moments of scoring roll ``r`` now in the bot's box (first best)."""
    count, box, points, slot = choices
    n1, n2, Q1, Q2, _, _, _, _, best, got, chosen = scratch
    for first in range(1 + has_first):
        for r in range(N_ROLLS):
            for j in range(nu):
                best[j] = NEG
            for i in range(count[first, r]):
                b, x, to = box[first, r, i], points[first, r, i], slot[first, r, i]
                a = exp_points[x - points_lo] if theta != 0.0 else float(x)
                for j in range(nu):
                    f = vecs[b, to, j]
                    v = a + f + theta * a * f if theta != 0.0 else a + f
                    if v > best[j] + tie:
                        best[j] = v
                        got[j] = float(x)
                        chosen[0, j] = b
                        chosen[1, j] = to
            for j in range(nu):
                x, b, to = got[j], chosen[0, j], chosen[1, j]
                Q1[first, r, j] = x + n1[b, to, j]
                Q2[first, r, j] = x * x + 2.0 * x * n1[b, to, j] + n2[b, to, j]
    if has_first == 0:
        for r in range(N_ROLLS):
            for j in range(nu):
                Q1[1, r, j] = Q1[0, r, j]
                Q2[1, r, j] = Q2[0, r, j]
    return 0


@njit(nogil=True, cache=True)
def _roll_moments(nu, rolls, SV, K, Q1, Q2, W1, W2, K1, K2, child, keeps, n_keeps, tie):  # pragma: no cover
    """Carry the moments back through the rolls of a turn, along the bot's keeps."""
    f0 = 1 if rolls == 1 else 0
    for r in range(N_ROLLS):
        for j in range(nu):
            W1[0, r, j] = Q1[f0, r, j]
            W2[0, r, j] = Q2[f0, r, j]
    for stage in range(1, rolls):
        first = 1 if stage == rolls - 1 else 0
        keep_values(W1[stage - 1], K1, child, nu)
        keep_values(W2[stage - 1], K2, child, nu)
        for r in range(N_ROLLS):
            for j in range(nu):
                best = NEG
                best_k = -1
                for i in range(n_keeps[r]):
                    k = keeps[r, i]
                    if K[stage, k, j] > best:
                        best = K[stage, k, j]
                        best_k = k
                if best_k >= 0 and best > SV[first, r, j] + tie:
                    W1[stage, r, j] = K1[best_k, j]
                    W2[stage, r, j] = K2[best_k, j]
                else:
                    W1[stage, r, j] = Q1[first, r, j]
                    W2[stage, r, j] = Q2[first, r, j]
    return 0


@njit(nogil=True, cache=True)
def turn_moments(
    mask, bit, ulist, nu, moments, tables, turn, theta, exp_points, points_lo, scratch
):  # pragma: no cover - compiled
    """Fill ``W1[rolls - 1]``, ``W2[rolls - 1]`` of ``scratch``: the moments of the points to come from
    each first roll of this state's turn, ``turn`` holding its values (:func:`~.kernel.turn_tables`);
    ``moments`` is ``(M1, M2, keeps, n_keeps, tie)``, the moment tables, the keeps the bot may take
    inside each roll and its tolerance."""
    M1, M2, keeps, n_keeps, tie = moments
    rule_ints, box_upper, box_face, child = tables[0], tables[1], tables[2], tables[8]
    vecs, SV, K, _, _, choices = turn
    n1, n2, Q1, Q2, W1, W2, K1, K2 = scratch[:8]
    next_state_values(mask, bit, ulist, nu, M1, rule_ints, box_upper, box_face, n1)
    next_state_values(mask, bit, ulist, nu, M2, rule_ints, box_upper, box_face, n2)
    _score_moments(nu, rule_ints[HAS_FIRST], vecs, choices, theta, exp_points, points_lo, tie, scratch)
    _roll_moments(nu, rule_ints[ROLLS], SV, K, Q1, Q2, W1, W2, K1, K2, child, keeps, n_keeps, tie)
    return 0
