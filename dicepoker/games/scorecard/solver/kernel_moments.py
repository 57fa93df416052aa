"""The compiled sweep behind :mod:`~.moments`: the first two moments of the points to come, in numba.

For one scorecard and poker bit at a time, :func:`~.kernel.turn_tables` gives the value of every
choice of the turn (that decides the play); this module then carries, along exactly those choices,
``M1`` (the mean of the points still to come) and ``M2`` (their mean square) from the states after
the turn back to its start:

* scoring roll ``r`` in box ``b`` for ``x`` points (poker bonus included) then going to ``s'``:
  ``m1 = x + M1[s']`` and ``m2 = x^2 + 2 x M1[s'] + M2[s']``;
* keeping ``k`` and rolling the rest: the average over the rolls, one die at a time (as the values);
* holding roll ``r``: the moments of the choice the optimal bot makes.

>>> moment_masks.__name__
'moment_masks'
"""

from __future__ import annotations

import numpy as np
from numba import njit

from dicepoker.games.scorecard.solver.kernel import legal_boxes, point_utilities, turn_tables
from dicepoker.games.scorecard.solver.layout import (
    HAS_FIRST,
    KEEP_ALL_OFFSET,
    N_BOXES,
    N_KEEPS,
    N_ROLLS,
    NEG,
    PAR,
    POKER,
    POKER_BONUS,
    ROLLS,
    TRACK_BIT,
    U_HI,
    U_LO,
)


@njit(nogil=True, cache=True)
def _next_moments(mask, bit, ulist, nu, M1, M2, rule_ints, box_upper, box_face, n1, n2):  # pragma: no cover
    """``n1[b, slot, j]``, ``n2``: the moments after scoring open box ``b`` (as E is read)."""
    n_boxes = rule_ints[N_BOXES]
    poker = rule_ints[POKER]
    track_bit = rule_ints[TRACK_BIT]
    par = rule_ints[PAR]
    u_lo = rule_ints[U_LO]
    u_hi = rule_ints[U_HI]
    for b in range(n_boxes):
        if (mask >> b) & 1 == 1:
            continue
        nm = mask | (1 << b)
        if box_upper[b] == 1:
            for c in range(6):
                gain = (c - par) * box_face[b]
                for j in range(nu):
                    u = min(max(ulist[j] + gain, u_lo), u_hi)
                    n1[b, c, j] = M1[nm, bit, u - u_lo]
                    n2[b, c, j] = M2[nm, bit, u - u_lo]
        elif b == poker and track_bit == 1:
            for s in range(2):
                for j in range(nu):
                    n1[b, s, j] = M1[nm, s, ulist[j] - u_lo]
                    n2[b, s, j] = M2[nm, s, ulist[j] - u_lo]
        else:
            for j in range(nu):
                n1[b, 0, j] = M1[nm, bit, ulist[j] - u_lo]
                n2[b, 0, j] = M2[nm, bit, ulist[j] - u_lo]
    return 0


@njit(nogil=True, cache=True)
def _score_moments(
    mask,
    bit,
    nu,
    rule_ints,
    box_upper,
    box_face,
    face_box,
    scores,
    joker_scores,
    counts,
    five_face,
    vecs,
    n1,
    n2,
    Q1,
    Q2,
    theta,
    exp_points,
    points_lo,
    tie,
):  # pragma: no cover - compiled
    """``Q1[first, r, j]``, ``Q2``: the moments of scoring roll ``r`` now in the bot's box (first best)."""
    n_boxes = rule_ints[N_BOXES]
    poker = rule_ints[POKER]
    poker_bonus = rule_ints[POKER_BONUS]
    track_bit = rule_ints[TRACK_BIT]
    par = rule_ints[PAR]
    has_first = rule_ints[HAS_FIRST]
    for first in range(1 + has_first):
        for r in range(N_ROLLS):
            legal, joker = legal_boxes(mask, bit, r, rule_ints, box_upper, face_box, five_face)
            bonus = 0
            if poker_bonus != 0 and five_face[r] > 0 and bit == 1:
                bonus = poker_bonus
            for j in range(nu):
                best = NEG
                got = 0.0
                chosen_b = -1
                chosen_slot = 0
                for b in range(n_boxes):
                    if (legal >> b) & 1 == 0:
                        continue
                    if box_upper[b] == 1:
                        c = counts[r, box_face[b]]
                        pts = (c - par) * box_face[b]
                        slot = c
                    elif joker:
                        pts = joker_scores[b, r]
                        slot = 0
                    else:
                        pts = scores[first, b, r]
                        slot = 0
                    if b == poker and track_bit == 1 and pts > 0:
                        slot = 1
                    if theta != 0.0:
                        a = exp_points[pts + bonus - points_lo]
                        f = vecs[b, slot, j]
                        v = a + f + theta * a * f
                    else:
                        v = float(pts + bonus) + vecs[b, slot, j]
                    if v > best + tie:
                        best = v
                        got = float(pts + bonus)
                        chosen_b = b
                        chosen_slot = slot
                Q1[first, r, j] = got + n1[chosen_b, chosen_slot, j]
                Q2[first, r, j] = (
                    got * got + 2.0 * got * n1[chosen_b, chosen_slot, j] + n2[chosen_b, chosen_slot, j]
                )
    if has_first == 0:
        for r in range(N_ROLLS):
            for j in range(nu):
                Q1[1, r, j] = Q1[0, r, j]
                Q2[1, r, j] = Q2[0, r, j]
    return 0


@njit(nogil=True, cache=True)
def _turn_moments(nu, rolls, SV, K, Q1, Q2, W1, W2, K1, K2, child, keeps, n_keeps, tie):  # pragma: no cover
    """Carry the moments back through the rolls of a turn, along the bot's keeps."""
    f0 = 1 if rolls == 1 else 0
    for r in range(N_ROLLS):
        for j in range(nu):
            W1[0, r, j] = Q1[f0, r, j]
            W2[0, r, j] = Q2[f0, r, j]
    for stage in range(1, rolls):
        first = 1 if stage == rolls - 1 else 0
        for r in range(N_ROLLS):
            for j in range(nu):
                K1[KEEP_ALL_OFFSET + r, j] = W1[stage - 1, r, j]
                K2[KEEP_ALL_OFFSET + r, j] = W2[stage - 1, r, j]
        for k in range(KEEP_ALL_OFFSET - 1, -1, -1):
            for j in range(nu):
                a = 0.0
                s = 0.0
                for f in range(6):
                    a += K1[child[k, f], j]
                    s += K2[child[k, f], j]
                K1[k, j] = a / 6.0
                K2[k, j] = s / 6.0
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
def moment_masks(
    masks,
    E,
    M1,
    M2,
    upper_class,
    compute_u,
    compute_n,
    fill_from,
    probability,
    rule_ints,
    box_upper,
    box_face,
    face_box,
    scores,
    joker_scores,
    counts,
    five_face,
    child,
    subs,
    n_subs,
    keeps,
    n_keeps,
    theta,
    tie,
):  # pragma: no cover - compiled
    """Fill ``M1`` and ``M2`` for every scorecard in ``masks`` (the later layers are filled)."""
    n_boxes = rule_ints[N_BOXES]
    poker = rule_ints[POKER]
    track_bit = rule_ints[TRACK_BIT]
    rolls = rule_ints[ROLLS]
    n_u = E.shape[2]
    nu_max = compute_u.shape[1]
    vecs = np.empty((n_boxes + 1, 7, nu_max))
    n1 = np.zeros((n_boxes + 1, 7, nu_max))
    n2 = np.zeros((n_boxes + 1, 7, nu_max))
    SV = np.empty((2, N_ROLLS, nu_max))
    K = np.empty((rolls, N_KEEPS, nu_max))
    W = np.empty((rolls, N_ROLLS, nu_max))
    Q1 = np.empty((2, N_ROLLS, nu_max))
    Q2 = np.empty((2, N_ROLLS, nu_max))
    W1 = np.empty((rolls, N_ROLLS, nu_max))
    W2 = np.empty((rolls, N_ROLLS, nu_max))
    K1 = np.empty((N_KEEPS, nu_max))
    K2 = np.empty((N_KEEPS, nu_max))
    shift = np.zeros(nu_max)
    value1 = np.empty(nu_max)
    value2 = np.empty(nu_max)
    exp_points, points_lo, points_base = point_utilities(
        theta, rule_ints, box_upper, box_face, scores, joker_scores
    )
    for i in range(masks.shape[0]):
        mask = masks[i]
        c = upper_class[mask]
        nu = compute_n[c]
        ulist = compute_u[c]
        n_bits = 1
        if track_bit == 1 and (mask >> poker) & 1 == 1:
            n_bits = 2
        for bit in range(n_bits):
            turn_tables(
                mask,
                bit,
                ulist,
                nu,
                E,
                rule_ints,
                box_upper,
                box_face,
                face_box,
                scores,
                joker_scores,
                counts,
                five_face,
                child,
                subs,
                n_subs,
                vecs,
                SV,
                K,
                W,
                theta,
                shift,
                exp_points,
                points_lo,
                points_base,
            )
            _next_moments(mask, bit, ulist, nu, M1, M2, rule_ints, box_upper, box_face, n1, n2)
            _score_moments(
                mask,
                bit,
                nu,
                rule_ints,
                box_upper,
                box_face,
                face_box,
                scores,
                joker_scores,
                counts,
                five_face,
                vecs,
                n1,
                n2,
                Q1,
                Q2,
                theta,
                exp_points,
                points_lo,
                tie,
            )
            _turn_moments(nu, rolls, SV, K, Q1, Q2, W1, W2, K1, K2, child, keeps, n_keeps, tie)
            for j in range(nu):
                value1[j] = 0.0
                value2[j] = 0.0
            for r in range(N_ROLLS):
                p = probability[r]
                for j in range(nu):
                    value1[j] += p * W1[rolls - 1, r, j]
                    value2[j] += p * W2[rolls - 1, r, j]
            for u in range(n_u):
                src = fill_from[c, u]
                M1[mask, bit, u] = value1[src] if src >= 0 else np.nan
                M2[mask, bit, u] = value2[src] if src >= 0 else np.nan
    return 0
