"""The spread of the final score under a solved policy: its exact mean and standard deviation.

The solver knows the *expected* final score of optimal play. How far a single game strays from it
is a second number: the standard deviation of the final score ``S``. Both follow from the policy
exactly, without simulating a game. From each state, let ``F`` be the points still to come; a turn
scores ``X`` points and moves to the state ``s'``, so ``F = X + F'`` and, by the law of total
expectation,

    E[F]   = E[X + E[F' | s']]
    E[F^2] = E[X^2 + 2 X E[F' | s'] + E[F'^2 | s']].

Both moments are carried through every state, from the full scorecard back to the empty one,
along exactly the choices the optimal bot makes (:class:`~dicepoker.games.scorecard.bots.PlannedStrategy`:
the best keep, ties to the first keep; scoring when no keep is better by more than ``TIE``; the first
best box). That is the same sum over all the games the policy can play as a forward pass of the
score's distribution would give, computed in one sweep of the states. A risk-sensitive solution's
play (``solve(rules, risk=θ)``) gets its moments the same way.

>>> from dicepoker import find_game
>>> from dicepoker.games.scorecard.solver.solve import solve
>>> yatzy = find_game("yatzy")
>>> sixes = solve(yatzy.variant(name="sixes", boxes=yatzy.boxes[5:6], poker_box=None), progress=False)
>>> m = final_score_moments(sixes)
>>> p = 1 - (5 / 6) ** 3  # each die ends a six with this chance; the score is 6 x Binomial(5, p)
>>> round(m.mean, 9) == round(30 * p, 9), round(m.std, 9) == round(6 * (5 * p * (1 - p)) ** 0.5, 9)
(True, True)
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import Protocol

import numpy as np

from dicepoker.games.scorecard.solver.layers import final_values, state_tables, sweep_layers
from dicepoker.games.scorecard.solver.layout import kernel_theta
from dicepoker.games.scorecard.solver.tables import RuleTables, _kernel_tables


class SolvedPolicy(Protocol):
    """What the sweep reads of a :class:`~.solution.Solution`: its tables, value table and risk."""

    @property
    def tables(self) -> RuleTables: ...

    values: np.ndarray
    risk: float


TIE = 1e-9  # the optimal bot's tolerance: a keep must beat scoring now by more than this


@dataclass(frozen=True)
class ScoreMoments:
    """The exact mean and standard deviation of the final score of one policy, from an empty card.

    >>> m = ScoreMoments(mean=10.0, second_moment=104.0, seconds=0.0)
    >>> m.variance, m.std
    (4.0, 2.0)
    """

    mean: float
    second_moment: float  # E[S^2]
    seconds: float  # how long the sweep of the states took

    @property
    def variance(self) -> float:
        """``Var(S) = E[S^2] - E[S]^2`` (never below 0: rounding cannot make it negative)."""
        return max(0.0, self.second_moment - self.mean**2)

    @property
    def std(self) -> float:
        """The standard deviation ``sqrt(Var(S))``."""
        return math.sqrt(self.variance)


def moment_tables(t: RuleTables, values: np.ndarray, risk: float = 0.0, workers: int | None = None):
    """``(M1, M2)``: the first two moments of the points still to come from every state.

    ``values`` is the solver's value table for ``risk`` (it decides every choice); ``M1[mask, bit,
    u - u_lo]`` is the expected points to come under that play, ``M2`` their expected square.

    >>> from dicepoker import find_game
    >>> from dicepoker.games.scorecard.solver.solve import solve
    >>> from dicepoker.games.scorecard.solver.tables import rule_tables
    >>> yatzy = find_game("yatzy")
    >>> sixes = yatzy.variant(name="sixes", boxes=yatzy.boxes[5:6], poker_box=None)
    >>> m1, m2 = moment_tables(rule_tables(sixes), solve(sixes, progress=False).values)
    >>> round(float(m1[0, 0, 0]), 6), round(float(m2[0, 0, 0]), 4)  # E[S], E[S^2] = Var + E^2
    (12.638889, 203.6265)
    """
    from dicepoker.games.scorecard.solver.kernel_sweep import sweep_masks  # numba on first use

    full = (1 << t.n_boxes) - 1
    m1 = np.full(t.shape, np.nan)
    m2 = np.full(t.shape, np.nan)
    bonus = final_values(t)
    m1[full, :, :] = bonus
    m2[full, :, :] = bonus**2
    kernel = (state_tables(t), _kernel_tables(t), kernel_theta(risk), (m1, m2, TIE))
    sweep_layers(t, sweep_masks, values, *kernel, workers=workers, chunks_per_worker=4)
    return m1, m2


def final_score_moments(solution: SolvedPolicy) -> ScoreMoments:
    """The exact mean and standard deviation of the final score when ``solution``'s policy plays.

    The optimal (``risk=0``) solution's mean is its :attr:`~.Solution.expected_score`.

    >>> from dicepoker import find_game
    >>> from dicepoker.games.scorecard.solver.solve import solve
    >>> yatzy = find_game("yatzy")
    >>> sixes = solve(yatzy.variant(name="sixes", boxes=yatzy.boxes[5:6], poker_box=None), progress=False)
    >>> m = final_score_moments(sixes)
    >>> round(m.mean, 4), round(m.std, 4)
    (12.6389, 6.6246)
    """
    start = time.perf_counter()
    t = solution.tables
    m1, m2 = moment_tables(t, solution.values, solution.risk)
    u0 = -t.u_lo
    return ScoreMoments(
        mean=float(m1[0, 0, u0]), second_moment=float(m2[0, 0, u0]), seconds=time.perf_counter() - start
    )
