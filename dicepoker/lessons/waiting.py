"""Waiting (lesson 12): how many rolls until a six, until five of a kind, until a large straight.

Rolls until a six are *geometric*: ``P(N = k) = (5/6)^(k-1) x 1/6`` and ``E[N] = 6``. Rolls until
five of a kind, keeping the most common face and rerolling the rest every roll (no three-roll
limit), are an *absorbing Markov chain* on how many dice match; the expected number of rolls comes
from its fundamental matrix ``(I - Q)^-1``, exactly, in fractions; so does the whole distribution
of the wait. The same for a large straight, keeping the best partial straight (see
:func:`straight_keep`).

>>> six_wait_mean()
Fraction(6, 1)
>>> poker = five_of_a_kind_chain()
>>> poker.expected_rolls()
Fraction(191283, 17248)
>>> poker.chance_within(3) == within_three_probability("Poker")
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Any

import numpy as np

from dicepoker.core.dice import NUMBER_OF_DICE, Dice, reroll_distribution
from dicepoker.core.errors import DicePokerError
from dicepoker.core.i18n import format_message
from dicepoker.core.randomness import generator
from dicepoker.lessons.spread import check_rolls, is_whole
from dicepoker.odds.turn import within_three_probability

SIX = Fraction(1, 6)
LOW_STRAIGHT = frozenset({1, 2, 3, 4, 5})
HIGH_STRAIGHT = frozenset({2, 3, 4, 5, 6})
MAX_ROLLS = 10_000  # a simulated wait longer than this is refused (its chance is below 10^-700)


# --- rolls until a six: geometric ---------------------------------------------------------------
def six_wait_probability(k: int) -> Fraction:
    """``P(N = k)``: the first six comes on roll ``k`` (``k - 1`` misses, then a six).

    >>> six_wait_probability(1), six_wait_probability(3)
    (Fraction(1, 6), Fraction(25, 216))
    """
    k = check_rolls(k)
    return (1 - SIX) ** (k - 1) * SIX


def six_wait_mean() -> Fraction:
    """``E[N] = 1/p = 6`` for the geometric wait with ``p = 1/6``."""
    return 1 / SIX


def six_wait_partial_sums(k_max: int) -> list[tuple[Fraction, Fraction]]:
    """For ``K = 1 .. k_max``: ``(Σ_{k<=K} P(N=k), Σ_{k<=K} k P(N=k))``, closing in on 1 and on 6.

    >>> six_wait_partial_sums(2)
    [(Fraction(1, 6), Fraction(1, 6)), (Fraction(11, 36), Fraction(4, 9))]
    """
    k_max = check_rolls(k_max)
    rows, chance, mean = [], Fraction(0), Fraction(0)
    for k in range(1, k_max + 1):
        p = six_wait_probability(k)
        chance, mean = chance + p, mean + k * p
        rows.append((chance, mean))
    return rows


def simulate_six_waits(games: int, rng: Any = None) -> np.ndarray:
    """The number of rolls until the first six in each of ``games`` simulated games (real rolls).

    >>> waits = simulate_six_waits(10_000, rng=3)
    >>> len(waits), int(waits.min()) >= 1, 5.8 < float(waits.mean()) < 6.2
    (10000, True, True)
    """
    games = check_games(games)
    rng = generator(rng=rng)
    waits = np.zeros(games, dtype=np.int64)
    waiting = np.arange(games)
    rolls = 0
    while len(waiting):
        rolls += 1
        _check_not_endless(rolls)
        sixes = rng.integers(1, 7, size=len(waiting)) == 6
        waits[waiting[sixes]] = rolls
        waiting = waiting[~sixes]
    return waits


def check_games(games: Any) -> int:
    """``games`` as a number of simulated games, refused unless a whole number of at least 1."""
    if not is_whole(games, 1):
        raise DicePokerError(
            format_message("games must be a whole number of at least 1, not {games}", games=repr(games))
        )
    return int(games)


def _check_not_endless(rolls: int) -> None:
    if rolls > MAX_ROLLS:  # pragma: no cover - a chance below 10^-700
        raise DicePokerError(format_message("no game ended within {rolls:,} rolls", rolls=MAX_ROLLS))


# --- absorbing Markov chains ---------------------------------------------------------------------
@dataclass(frozen=True)
class WaitingChain:
    """An absorbing Markov chain of a wait: ``transition[i][j]`` is the chance of state i -> state j.

    State 0 is the start (no dice rolled yet); the last state is the goal, absorbing. Each step is
    one roll.

    >>> chain = five_of_a_kind_chain()
    >>> chain.states
    ('start', '1', '2', '3', '4', '5')
    >>> chain.transition[4][5], chain.transition[5][5]
    (Fraction(1, 6), Fraction(1, 1))
    """

    name: str
    states: tuple[str, ...]
    transition: tuple[tuple[Fraction, ...], ...]

    def transient(self) -> list[list[Fraction]]:
        """``Q``: the chances between the states before the goal."""
        n = len(self.states) - 1
        return [list(row[:n]) for row in self.transition[:n]]

    def fundamental_matrix(self) -> list[list[Fraction]]:
        """``N = (I - Q)^-1``: ``N[i][j]`` is the expected number of rolls made from state j, starting at i.

        >>> n = five_of_a_kind_chain().fundamental_matrix()
        >>> n[4][4]  # from four matching dice: 6 rolls on average before the fifth matches
        Fraction(6, 1)
        """
        q = self.transient()
        n = len(q)
        identity_minus_q = [[(1 if i == j else 0) - q[i][j] for j in range(n)] for i in range(n)]
        return _inverse(identity_minus_q)

    def expected_rolls(self, start: int = 0) -> Fraction:
        """The expected number of rolls until the goal from state ``start``: a row sum of ``N``."""
        return sum(self.fundamental_matrix()[start], Fraction(0))

    def chances_within(self, k_max: int) -> list[Fraction]:
        """``P(N <= k)`` for ``k = 0 .. k_max``, from the start: the goal's column of ``P^k``.

        >>> five_of_a_kind_chain().chances_within(1)
        [Fraction(0, 1), Fraction(1, 1296)]
        """
        k_max = check_rolls(k_max, 0)
        row = [Fraction(1)] + [Fraction(0)] * (len(self.states) - 1)
        out = [row[-1]]
        for _ in range(k_max):
            row = [
                sum((row[i] * self.transition[i][j] for i in range(len(row))), Fraction(0))
                for j in range(len(row))
            ]
            out.append(row[-1])
        return out

    def chance_within(self, k: int) -> Fraction:
        """``P(N <= k)``: the goal within ``k`` rolls."""
        return self.chances_within(k)[-1]

    def wait_probabilities(self, k_max: int) -> list[Fraction]:
        """``P(N = k)`` for ``k = 1 .. k_max``."""
        within = self.chances_within(k_max)
        return [b - a for a, b in zip(within, within[1:], strict=False)]


def _inverse(matrix: Sequence[Sequence[Fraction]]) -> list[list[Fraction]]:
    """The inverse of a square matrix of fractions, by Gauss-Jordan elimination (exact)."""
    n = len(matrix)
    rows = [
        [Fraction(x) for x in row] + [Fraction(int(i == j)) for j in range(n)] for i, row in enumerate(matrix)
    ]
    for col in range(n):
        pivot = next((r for r in range(col, n) if rows[r][col] != 0), None)
        if pivot is None:
            raise DicePokerError("the matrix has no inverse: the goal cannot be reached from some state")
        rows[col], rows[pivot] = rows[pivot], rows[col]
        lead = rows[col][col]
        rows[col] = [x / lead for x in rows[col]]
        for r in range(n):
            if r != col and rows[r][col] != 0:
                factor = rows[r][col]
                rows[r] = [a - factor * b for a, b in zip(rows[r], rows[col], strict=True)]
    return [row[n:] for row in rows]


def _chain(name: str, start: Any, goal: Any, keep_after: Callable[[Any, Dice], Any]) -> WaitingChain:
    """Build a chain by rolling for real: from each kept state, every reroll with its exact chance."""
    order, seen, rows = [start], {start}, {}
    while len(rows) < len(order):
        state = next(s for s in order if s not in rows)
        row: dict[Any, Fraction] = {}
        if state == goal:
            row[goal] = Fraction(1)
        else:
            for roll, p in reroll_distribution(_kept_dice(state)).items():
                following = keep_after(state, roll)
                row[following] = row.get(following, Fraction(0)) + p
        rows[state] = row
        for following in row:
            if following not in seen:
                seen.add(following)
                order.append(following)
    order = [s for s in order if s != goal]
    order = [order[0], *sorted(order[1:], key=_state_order), goal]
    matrix = tuple(tuple(rows[a].get(b, Fraction(0)) for b in order) for a in order)
    return WaitingChain(name, tuple(_state_name(s, start) for s in order), matrix)


def _kept_dice(state: Any) -> Dice:
    if isinstance(state, int):  # five of a kind: ``state`` sixes kept (every face is alike)
        return Dice([6] * state)
    return Dice(sorted(state))


def _state_order(state: Any) -> tuple:
    return (state, ()) if isinstance(state, int) else (len(state), tuple(sorted(state)))


def _state_name(state: Any, start: Any) -> str:
    if state == start:
        return "start"
    return str(state) if isinstance(state, int) else "".join(str(f) for f in sorted(state))


def most_common_count(roll: Dice) -> int:
    """How many dice show the most common face (the dice kept when waiting for five of a kind).

    >>> most_common_count(Dice.parse("33155"))
    2
    """
    return max(roll.counts)


@cache
def five_of_a_kind_chain() -> WaitingChain:
    """Rolls until five of a kind: keep the dice of the most common face, reroll the others.

    The state is how many dice match (0 before the first roll); by symmetry the face does not
    matter. Each row is built from :func:`~dicepoker.core.dice.reroll_distribution` of the kept dice.

    >>> five_of_a_kind_chain().transition[0][5] == Fraction(6, 6**5)
    True
    """
    return _chain("five of a kind", 0, NUMBER_OF_DICE, lambda _state, roll: most_common_count(roll))


def straight_keep(roll: Dice, kept: frozenset[int] = frozenset()) -> frozenset[int]:
    """The best partial large straight in ``roll``: the distinct faces kept when waiting for one.

    Of the faces showing, keep those of 1-2-3-4-5 or of 2-3-4-5-6, whichever has more; on a tie
    keep the straight the dice already kept belong to (the low one when they belong to both).
    Duplicates are rerolled.

    >>> sorted(straight_keep(Dice.parse("23356"))), sorted(straight_keep(Dice.parse("11346")))
    ([2, 3, 5, 6], [1, 3, 4])
    >>> sorted(straight_keep(Dice.parse("13466"), frozenset({3, 4, 6})))  # a tie: stay on course
    [3, 4, 6]
    """
    faces = roll.faces
    low, high = faces & LOW_STRAIGHT, faces & HIGH_STRAIGHT
    if len(low) != len(high):
        return frozenset(low if len(low) > len(high) else high)
    return frozenset(high if 6 in kept else low)


@cache
def large_straight_chain() -> WaitingChain:
    """Rolls until a large straight (1-5 or 2-6), keeping :func:`straight_keep` every roll.

    A state is the set of faces kept (written "2345"); the goal merges both straights.

    >>> chain = large_straight_chain()
    >>> chain.states[:3], chain.states[-1], len(chain.states)
    (('start', '1', '2'), '12345', 47)
    """

    def keep_after(kept: frozenset[int], roll: Dice) -> frozenset[int]:
        chosen = straight_keep(roll, kept)
        return LOW_STRAIGHT if len(chosen) == NUMBER_OF_DICE else chosen

    return _chain("large straight", frozenset(), LOW_STRAIGHT, keep_after)


def within_a_turn() -> dict[str, tuple[Fraction, Fraction]]:
    """For each wait: (the chain's chance within three rolls, lesson 03's best three-roll chance).

    Keeping the most common face is the best way to play a turn for five of a kind, so the two
    agree; for a large straight the best three-roll play (``within_three_probability``) sometimes
    keeps other dice than the best partial straight, and does better.

    >>> poker, straight = within_a_turn().values()
    >>> poker[0] == poker[1], straight[0] <= straight[1]
    (True, True)
    """
    return {
        "five of a kind": (five_of_a_kind_chain().chance_within(3), within_three_probability("Poker")),
        "large straight": (
            large_straight_chain().chance_within(3),
            within_three_probability("Large Straight"),
        ),
    }


# --- simulations: real dice, the same keeps -------------------------------------------------------
def simulate_waits(goal: str, games: int, rng: Any = None) -> np.ndarray:
    """Rolls until ``goal`` ("five of a kind" or "large straight") in each of ``games`` seeded games.

    Every roll throws real dice (the rerolled ones) and keeps as the chain does; the chain's
    chances are never used.

    >>> waits = simulate_waits("large straight", 200, rng=1)
    >>> len(waits), int(waits.min()) >= 1
    (200, True)
    """
    games = check_games(games)
    if goal not in ("five of a kind", "large straight"):
        raise DicePokerError(
            format_message(
                "unknown goal {goal}: wait for five of a kind or a large straight", goal=repr(goal)
            )
        )
    rng = generator(rng=rng)
    waits = np.zeros(games, dtype=np.int64)
    for g in range(games):
        kept: list[int] = []
        straight: frozenset[int] = frozenset()
        rolls = 0
        while True:
            rolls += 1
            _check_not_endless(rolls)
            roll = Dice(kept + [int(x) for x in rng.integers(1, 7, size=NUMBER_OF_DICE - len(kept))])
            if goal == "five of a kind":
                if len(roll.faces) == 1:
                    break
                face = max(sorted(roll.faces), key=roll.count)
                kept = [face] * roll.count(face)
            else:
                if roll.faces in (LOW_STRAIGHT, HIGH_STRAIGHT):
                    break
                straight = straight_keep(roll, straight)
                kept = sorted(straight)
        waits[g] = rolls
    return waits
