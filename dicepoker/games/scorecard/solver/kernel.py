"""The compiled inner loop of the solver: one turn ("widget") of a scorecard game, in numba.

Everything here works on plain numpy arrays that :mod:`~.solve` builds from a rule set;
nothing here knows a game. A turn is evaluated for one set of filled boxes (``mask``), one poker
bit and a vector of upper totals at once (the inner loops run over the upper totals, so they
vectorise).

Stages of a turn, with ``j`` rolls left (``R`` rolls a turn, so ``j = R - 1`` after the first roll):

* ``SV[first, r]``: the best value of scoring roll ``r`` now (points + poker bonus + the value of
  the state after it), ``first`` telling whether this is a first-roll score;
* ``K[j, k]``: the value of keeping the dice ``k`` with ``j`` rolls left and rolling the rest,
  computed one die at a time: a keep of ``n`` dice is worth the average of the six keeps of
  ``n + 1`` dice it can become;
* ``W[j, r]``: the value of holding roll ``r`` with ``j`` rolls left: the best of scoring now and
  of every keep contained in ``r`` (found one die at a time too: the best keep inside ``k`` is
  ``k`` itself or the best keep inside ``k`` minus one die).

>>> legal_boxes.__name__
'legal_boxes'
"""

from __future__ import annotations

import math

import numpy as np

from dicepoker.games.scorecard.solver.jit import njit
from dicepoker.games.scorecard.solver.layout import (
    HAS_FIRST,
    JOKER,
    JOKER_FREE,
    JOKER_NONE,
    JOKER_WHEN_POKER_HOLDS_SCORE,
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
    UPPER_FIRST,
    UPPER_MASK,
)


@njit(nogil=True, cache=True)
def legal_boxes(mask, bit, r, rule_ints, box_upper, face_box, five_face):  # pragma: no cover - compiled
    """The legal boxes (a bit mask) for roll ``r`` and whether the roll is a joker."""
    n_boxes = rule_ints[N_BOXES]
    upper_mask = rule_ints[UPPER_MASK]
    poker = rule_ints[POKER]
    joker_mode = rule_ints[JOKER]
    upper_first = rule_ints[UPPER_FIRST]
    full = (1 << n_boxes) - 1
    allowed = full & ~mask
    if upper_first == 1 and (allowed & upper_mask) != 0:
        allowed = allowed & upper_mask
    face = five_face[r]
    joker = False
    if face > 0 and joker_mode != JOKER_NONE and poker >= 0 and (mask >> poker) & 1 == 1:
        joker = joker_mode != JOKER_WHEN_POKER_HOLDS_SCORE or bit == 1
    if not joker:
        return allowed, False
    match = face_box[face]
    if match >= 0 and (allowed >> match) & 1 == 1:
        if joker_mode == JOKER_FREE:  # free: no joker while the matching upper box is open
            return allowed, False
        return 1 << match, True
    lower = allowed & ~upper_mask
    upper = allowed & upper_mask
    if joker_mode == JOKER_FREE:
        return allowed, True
    if lower != 0:
        return lower, True
    return upper, True


# The risk-sensitive averages are exact IEEE arithmetic: ``fastmath=False`` is spelled out because
# numba otherwise compiles a function with the flags of its first caller (``turn_tables`` is
# fastmath), and reassociating ``x * (expm1(z) / z)`` loses every digit when ``z`` is subnormal.
@njit(nogil=True, cache=True, fastmath=False)
def utility(theta, x):  # pragma: no cover - compiled
    """The exponential utility ``(exp(theta x) - 1) / theta`` of ``x`` points, ``x`` itself at ``theta = 0``.

    Computed as ``x expm1(z) / z`` with ``z = theta x``, never dividing by ``theta``: exact to
    rounding for every ``theta``, however small (a ``z`` that underflows gives ``x``).
    """
    z = theta * x
    if z == 0.0:
        return x
    return x * (math.expm1(z) / z)


@njit(nogil=True, cache=True, fastmath=False)
def inverse_utility(theta, u):  # pragma: no cover - compiled
    """The points ``log1p(theta u) / theta`` whose :func:`utility` is ``u``, ``u`` itself at ``theta = 0``."""
    z = theta * u
    if z == 0.0:
        return u
    return u * (math.log1p(z) / z)


@njit(nogil=True, cache=True, fastmath=False)
def certainty_equivalent(theta, values, weights, n):  # pragma: no cover - compiled
    """The certainty equivalent of ``values[:n]`` drawn with chances ``weights[:n]`` (which sum to 1).

    ``top + inverse_utility(sum weights x utility(values - top))``, ``top`` the largest value when
    ``theta > 0`` and the smallest when ``theta < 0``: every ``theta (v - top) <= 0`` (nothing
    overflows), ``top``'s chance keeps ``1 + theta x sum`` away from 0 (nothing cancels), and as
    ``theta -> 0`` it is the mean.
    """
    top = values[0]
    for i in range(1, n):
        if (values[i] > top) if theta > 0.0 else (values[i] < top):
            top = values[i]
    total = 0.0
    for i in range(n):
        total += weights[i] * utility(theta, values[i] - top)
    return top + inverse_utility(theta, total)


@njit(nogil=True, cache=True, fastmath=False)
def point_utilities(theta, rule_ints, box_upper, box_face, scores, joker_scores):  # pragma: no cover
    """:func:`utility` of ``x - base`` for every whole number of points ``x`` one turn can score.

    Returns the table (``x = lo`` at index 0), ``lo`` and ``base``: the fewest points when
    ``theta > 0``, the most when ``theta < 0``, so ``theta (x - base) >= 0`` and every entry has
    the sign of ``theta``. A turn's points are a box's score, joker score or upper count, plus the
    poker bonus.
    """
    n_boxes = rule_ints[N_BOXES]
    par = rule_ints[PAR]
    bonus = rule_ints[POKER_BONUS]
    lo = min(scores.min(), joker_scores.min())
    hi = max(scores.max(), joker_scores.max())
    for b in range(n_boxes):
        if box_upper[b] == 1:
            lo = min(lo, (0 - par) * box_face[b], (5 - par) * box_face[b])
            hi = max(hi, (0 - par) * box_face[b], (5 - par) * box_face[b])
    lo += min(0, bonus)
    hi += max(0, bonus)
    base = lo if theta > 0.0 else hi
    table = np.empty(hi - lo + 1)
    for i in range(hi - lo + 1):
        table[i] = utility(theta, float(lo + i - base))
    return table, lo, base


@njit(nogil=True, cache=True, fastmath=False)
def rescale(mask, nu, rule_ints, box_upper, theta, vecs, shift):  # pragma: no cover - compiled
    """Turn the certainty equivalents ``vecs`` of the states after a turn into utilities of ``v - shift``.

    ``shift[j]`` is the smallest of them when ``theta > 0``, the largest when ``theta < 0`` (NaN,
    unreachable states, are skipped), so ``theta (v - shift) >= 0``: every utility has the sign of
    ``theta`` and ``1 + theta u >= 1``, where :func:`utility` and :func:`inverse_utility` keep every
    digit.
    """
    n_boxes = rule_ints[N_BOXES]
    poker = rule_ints[POKER]
    track_bit = rule_ints[TRACK_BIT]
    worst = -NEG if theta > 0.0 else NEG
    for j in range(nu):
        shift[j] = worst
    for b in range(n_boxes):
        if (mask >> b) & 1 == 1:
            continue
        slots = 6 if box_upper[b] == 1 else (2 if b == poker and track_bit == 1 else 1)
        for c in range(slots):
            for j in range(nu):
                v = vecs[b, c, j]
                if (v < shift[j]) if theta > 0.0 else (v > shift[j]):
                    shift[j] = v
    for j in range(nu):
        if shift[j] == worst:
            shift[j] = 0.0
    for b in range(n_boxes):
        if (mask >> b) & 1 == 1:
            continue
        slots = 6 if box_upper[b] == 1 else (2 if b == poker and track_bit == 1 else 1)
        for c in range(slots):
            for j in range(nu):
                vecs[b, c, j] = utility(theta, vecs[b, c, j] - shift[j])
    return 0


@njit(nogil=True, cache=True, fastmath=False)
def certainty_equivalents(theta, table, shift):  # pragma: no cover - compiled
    """From utilities of ``v - shift`` back to certainty equivalents ``v``, in place (``table[..., j]``)."""
    flat = table.reshape(-1, table.shape[-1])
    for i in range(flat.shape[0]):
        for j in range(flat.shape[1]):
            flat[i, j] = shift[j] + inverse_utility(theta, flat[i, j])
    return 0


@njit(nogil=True, cache=True, fastmath=True)
def turn_tables(
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
):  # pragma: no cover - compiled
    """Fill ``SV``, ``K`` and ``W`` for one state; ``ulist[:nu]`` are the upper totals (not indices).

    ``scores[first, b, r]`` is box ``b``'s score for roll ``r``; ``E[mask, bit, u - u_lo]`` the value
    of the states after this turn (already solved).

    With ``theta == 0`` the tables hold expected points to come. Otherwise ``E`` holds certainty
    equivalents (points ``c`` with ``exp(theta c) = E[exp(theta x points to come)]``) and the tables
    hold the :func:`utility` ``(exp(theta (v - s)) - 1) / theta`` of each choice's certainty
    equivalent ``v``, ``s = shift[j] + points_base`` (``shift`` set here by :func:`rescale`): increasing
    in ``v`` whatever the sign of ``theta``, so the same maxima pick the same choices, and affine in
    ``exp(theta v)``, so the same averages over the dice are exact. ``theta (v - s) >= 0`` for every
    choice, so every utility has the sign of ``theta`` and nothing cancels; a utility of points and
    future is ``a + b + theta a b`` from theirs (``exp_points``, :func:`point_utilities`' table of the
    points ``x - points_base`` at ``x - points_lo``, and the rescaled futures), all of one sign.
    """
    n_boxes = rule_ints[N_BOXES]
    poker = rule_ints[POKER]
    poker_bonus = rule_ints[POKER_BONUS]
    track_bit = rule_ints[TRACK_BIT]
    rolls = rule_ints[ROLLS]
    par = rule_ints[PAR]
    u_lo = rule_ints[U_LO]
    u_hi = rule_ints[U_HI]
    has_first = rule_ints[HAS_FIRST]
    # the value of the state after scoring each open box, as vectors over the upper totals
    for b in range(n_boxes):
        if (mask >> b) & 1 == 1:
            continue
        nm = mask | (1 << b)
        if box_upper[b] == 1:
            for c in range(6):
                gain = (c - par) * box_face[b]
                for j in range(nu):
                    u = ulist[j] + gain
                    if u > u_hi:
                        u = u_hi
                    if u < u_lo:
                        u = u_lo
                    vecs[b, c, j] = E[nm, bit, u - u_lo]
        else:
            for j in range(nu):
                vecs[b, 0, j] = E[nm, bit, ulist[j] - u_lo]
            if b == poker and track_bit == 1:
                for j in range(nu):
                    vecs[b, 0, j] = E[nm, 0, ulist[j] - u_lo]
                    vecs[b, 1, j] = E[nm, 1, ulist[j] - u_lo]
    if theta != 0.0:
        rescale(mask, nu, rule_ints, box_upper, theta, vecs, shift)
    # stage "score now", for a later roll (first = 0) and, if it matters, right after the first roll
    for first in range(1 + has_first):
        for r in range(N_ROLLS):
            legal, joker = legal_boxes(mask, bit, r, rule_ints, box_upper, face_box, five_face)
            bonus = 0
            if poker_bonus != 0 and five_face[r] > 0 and bit == 1:
                bonus = poker_bonus
            for j in range(nu):
                SV[first, r, j] = NEG
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
                    add = exp_points[pts + bonus - points_lo]
                    for j in range(nu):
                        future = vecs[b, slot, j]
                        v = add + future + theta * add * future
                        if v > SV[first, r, j]:
                            SV[first, r, j] = v
                else:
                    add = float(pts + bonus)
                    for j in range(nu):
                        v = add + vecs[b, slot, j]
                        if v > SV[first, r, j]:
                            SV[first, r, j] = v
    if has_first == 0:
        SV[1, :, :nu] = SV[0, :, :nu]
    # W[0]: no rolls left (a first-roll score only when a turn has a single roll)
    f0 = 1 if rolls == 1 else 0
    for r in range(N_ROLLS):
        for j in range(nu):
            W[0, r, j] = SV[f0, r, j]
    for stage in range(1, rolls):
        first = 1 if stage == rolls - 1 else 0
        # keeps of five dice: the roll itself with one roll fewer
        for r in range(N_ROLLS):
            for j in range(nu):
                K[stage, KEEP_ALL_OFFSET + r, j] = W[stage - 1, r, j]
        # smaller keeps, one die at a time: the average of the six keeps with one die more
        for k in range(KEEP_ALL_OFFSET - 1, -1, -1):
            c0, c1, c2 = child[k, 0], child[k, 1], child[k, 2]
            c3, c4, c5 = child[k, 3], child[k, 4], child[k, 5]
            for j in range(nu):
                total = K[stage, c0, j] + K[stage, c1, j] + K[stage, c2, j]
                total += K[stage, c3, j] + K[stage, c4, j] + K[stage, c5, j]
                K[stage, k, j] = total * (1.0 / 6.0)
        # the best keep inside each keep, one die at a time: the keep itself or the best inside it
        # minus one die (``subs`` repeats a keep's first sub-keep to fill five places; K[0] is free
        # scratch: there are no keeps with no rolls left)
        for j in range(nu):
            K[0, 0, j] = K[stage, 0, j]
        for k in range(1, N_KEEPS):
            s0, s1, s2, s3, s4 = subs[k, 0], subs[k, 1], subs[k, 2], subs[k, 3], subs[k, 4]
            for j in range(nu):
                v = K[stage, k, j]
                v = max(v, K[0, s0, j])
                v = max(v, K[0, s1, j])
                v = max(v, K[0, s2, j])
                v = max(v, K[0, s3, j])
                K[0, k, j] = max(v, K[0, s4, j])
        for r in range(N_ROLLS):
            for j in range(nu):
                v = K[0, KEEP_ALL_OFFSET + r, j]
                s = SV[first, r, j]
                W[stage, r, j] = v if v > s else s
    return 0


@njit(nogil=True, cache=True)
def solve_masks(
    masks,
    E,
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
    theta,
):  # pragma: no cover - compiled
    """Solve the states of every scorecard in ``masks`` (the later layers of ``E`` are solved).

    ``theta == 0``: expected points to come; otherwise their certainty equivalents under the
    utility ``(exp(theta x) - 1) / theta`` (see :func:`turn_tables`).
    """
    n_boxes = rule_ints[N_BOXES]
    poker = rule_ints[POKER]
    track_bit = rule_ints[TRACK_BIT]
    rolls = rule_ints[ROLLS]
    n_u = E.shape[2]
    nu_max = compute_u.shape[1]
    vecs = np.empty((n_boxes + 1, 7, nu_max))
    SV = np.empty((2, N_ROLLS, nu_max))
    K = np.empty((rolls, N_KEEPS, nu_max))
    W = np.empty((rolls, N_ROLLS, nu_max))
    value = np.empty(nu_max)
    shift = np.zeros(nu_max)
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
            for j in range(nu):
                value[j] = 0.0
            for r in range(N_ROLLS):
                p = probability[r]
                for j in range(nu):
                    value[j] += p * W[rolls - 1, r, j]
            if theta != 0.0:
                for j in range(nu):
                    value[j] = shift[j] + points_base + inverse_utility(theta, value[j])
            for u in range(n_u):
                src = fill_from[c, u]
                E[mask, bit, u] = value[src] if src >= 0 else np.nan
    return 0
