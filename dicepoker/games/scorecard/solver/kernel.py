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


@njit(nogil=True, cache=True)
def open_slots(mask, b, rule_ints, box_upper):  # pragma: no cover - compiled
    """How many states can follow scoring box ``b`` (0 if it is filled): an upper box's six counts of
    its face, the poker box's two bits (when the bit is tracked), one for any other box."""
    if (mask >> b) & 1 == 1:
        return 0
    if box_upper[b] == 1:
        return 6
    if b == rule_ints[POKER] and rule_ints[TRACK_BIT] == 1:
        return 2
    return 1


@njit(nogil=True, cache=True, fastmath=False)
def rescale(mask, nu, rule_ints, box_upper, theta, vecs, shift):  # pragma: no cover - compiled
    """Turn the certainty equivalents ``vecs`` of the states after a turn into utilities of ``v - shift``.

    ``shift[j]`` is the smallest of them when ``theta > 0``, the largest when ``theta < 0`` (NaN,
    unreachable states, are skipped), so ``theta (v - shift) >= 0``: every utility has the sign of
    ``theta`` and ``1 + theta u >= 1``, where :func:`utility` and :func:`inverse_utility` keep every
    digit.
    """
    n_boxes = rule_ints[N_BOXES]
    worst = -NEG if theta > 0.0 else NEG
    for j in range(nu):
        shift[j] = worst
    for b in range(n_boxes):
        for c in range(open_slots(mask, b, rule_ints, box_upper)):
            for j in range(nu):
                v = vecs[b, c, j]
                if (v < shift[j]) if theta > 0.0 else (v > shift[j]):
                    shift[j] = v
    for j in range(nu):
        if shift[j] == worst:
            shift[j] = 0.0
    for b in range(n_boxes):
        for c in range(open_slots(mask, b, rule_ints, box_upper)):
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


@njit(nogil=True, cache=True)
def box_choices(mask, bit, tables, choices):  # pragma: no cover - compiled
    """Fill ``choices = (count, box, points, slot)``: for each first roll or later one and each roll
    ``r``, the ``count[first, r]`` boxes it may be scored in, ``box[first, r, i]``, the points it
    scores there with the poker bonus, and the ``slot`` of :func:`next_state_values` it leads to (an
    upper box's count of its face, the poker box's ``1`` when it scores, else 0)."""
    rule_ints, box_upper, box_face, face_box, scores, joker_scores, counts, five_face, _, _, _ = tables
    count, box, points, slot = choices
    n_boxes = rule_ints[N_BOXES]
    poker = rule_ints[POKER]
    poker_bonus = rule_ints[POKER_BONUS]
    track_bit = rule_ints[TRACK_BIT]
    par = rule_ints[PAR]
    for first in range(1 + rule_ints[HAS_FIRST]):
        for r in range(N_ROLLS):
            legal, joker = legal_boxes(mask, bit, r, rule_ints, box_upper, face_box, five_face)
            bonus = 0
            if poker_bonus != 0 and five_face[r] > 0 and bit == 1:
                bonus = poker_bonus
            n = 0
            for b in range(n_boxes):
                if (legal >> b) & 1 == 0:
                    continue
                if box_upper[b] == 1:
                    c = counts[r, box_face[b]]
                    pts = (c - par) * box_face[b]
                    to = c
                elif joker:
                    pts = joker_scores[b, r]
                    to = 0
                else:
                    pts = scores[first, b, r]
                    to = 0
                if b == poker and track_bit == 1 and pts > 0:
                    to = 1
                box[first, r, n] = b
                points[first, r, n] = pts + bonus
                slot[first, r, n] = to
                n += 1
            count[first, r] = n
    return 0


@njit(nogil=True, cache=True, inline="always")
def turn_scratch(n_boxes, rolls, nu_max):  # pragma: no cover - compiled
    """The work arrays of :func:`turn_tables` for up to ``nu_max`` upper totals at once:
    ``vecs, SV, K, W, shift`` and the :func:`box_choices` ``(count, box, points, slot)``.

    >>> [a.shape for a in turn_scratch(2, 3, 1)[:4]]
    [(3, 7, 1), (2, 252, 1), (3, 462, 1), (3, 252, 1)]
    """
    vecs = np.zeros((n_boxes + 1, 7, nu_max))
    SV = np.zeros((2, N_ROLLS, nu_max))
    K = np.zeros((rolls, N_KEEPS, nu_max))
    W = np.zeros((rolls, N_ROLLS, nu_max))
    shift = np.zeros(nu_max)
    count = np.zeros((2, N_ROLLS), dtype=np.int64)
    box = np.zeros((2, N_ROLLS, n_boxes), dtype=np.int64)
    points = np.zeros((2, N_ROLLS, n_boxes), dtype=np.int64)
    slot = np.zeros((2, N_ROLLS, n_boxes), dtype=np.int64)
    return vecs, SV, K, W, shift, (count, box, points, slot)


@njit(nogil=True, cache=True)
def next_state_values(mask, bit, ulist, nu, table, rule_ints, box_upper, box_face, out):  # pragma: no cover
    """``out[b, slot, j]``: ``table``'s entry for the state after scoring open box ``b`` (``ulist[:nu]``
    are the upper totals).

    ``table[mask, bit, u - u_lo]`` is any table over the states (the values, or a moment); the
    slots are :func:`box_points`' (an upper box's count, the poker box's bit).
    """
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
                    out[b, c, j] = table[nm, bit, u - u_lo]
        elif b == poker and track_bit == 1:
            for s in range(2):
                for j in range(nu):
                    out[b, s, j] = table[nm, s, ulist[j] - u_lo]
        else:
            for j in range(nu):
                out[b, 0, j] = table[nm, bit, ulist[j] - u_lo]
    return 0


@njit(nogil=True, cache=True, fastmath=True)
def keep_values(held, keep, child, nu):  # pragma: no cover - compiled
    """Fill ``keep[k, j]``, the value of keeping ``k`` and rolling the rest, from ``held[r, j]``, the value
    of holding roll ``r`` with one roll fewer: a keep of five dice is the roll itself, a smaller keep
    the average of the six keeps with one die more (one die at a time)."""
    for r in range(N_ROLLS):
        for j in range(nu):
            keep[KEEP_ALL_OFFSET + r, j] = held[r, j]
    for k in range(KEEP_ALL_OFFSET - 1, -1, -1):
        c0, c1, c2 = child[k, 0], child[k, 1], child[k, 2]
        c3, c4, c5 = child[k, 3], child[k, 4], child[k, 5]
        for j in range(nu):
            total = keep[c0, j] + keep[c1, j] + keep[c2, j]
            total += keep[c3, j] + keep[c4, j] + keep[c5, j]
            keep[k, j] = total * (1.0 / 6.0)
    return 0


@njit(nogil=True, cache=True, fastmath=True)
def turn_tables(
    mask, bit, ulist, nu, E, tables, scratch, theta, exp_points, points_lo, points_base
):  # pragma: no cover - compiled
    """Fill ``SV``, ``K`` and ``W`` of ``scratch`` (:func:`turn_scratch`) for one state; ``ulist[:nu]``
    are the upper totals (not indices).

    ``tables`` are the rule set's and the dice's arrays (``_kernel_tables`` of :mod:`~.tables`);
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
    rule_ints, box_upper, box_face, child, subs = tables[0], tables[1], tables[2], tables[8], tables[9]
    vecs, SV, K, W, shift, choices = scratch
    count, box, points, slot = choices
    rolls = rule_ints[ROLLS]
    has_first = rule_ints[HAS_FIRST]
    # the value of the state after scoring each open box, as vectors over the upper totals
    next_state_values(mask, bit, ulist, nu, E, rule_ints, box_upper, box_face, vecs)
    if theta != 0.0:
        rescale(mask, nu, rule_ints, box_upper, theta, vecs, shift)
    # stage "score now", for a later roll (first = 0) and, if it matters, right after the first roll
    box_choices(mask, bit, tables, choices)
    for first in range(1 + has_first):
        for r in range(N_ROLLS):
            for j in range(nu):
                SV[first, r, j] = NEG
            for i in range(count[first, r]):
                b, x, to = box[first, r, i], points[first, r, i], slot[first, r, i]
                if theta != 0.0:
                    add = exp_points[x - points_lo]
                    for j in range(nu):
                        future = vecs[b, to, j]
                        v = add + future + theta * add * future
                        if v > SV[first, r, j]:
                            SV[first, r, j] = v
                else:
                    add = float(x)
                    for j in range(nu):
                        v = add + vecs[b, to, j]
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
        keep_values(W[stage - 1], K[stage], child, nu)
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
