"""The optimal strategy of a scorecard game: an exact expected-value dynamic programme.

A *state* is what matters for the rest of a game at the start of a turn: which boxes are filled,
the upper total (capped where it no longer matters) and whether the poker box holds its score.
Working backwards from the full scorecard, :func:`solve` computes the expected points still to
come from every state when the player maximises the expected final score. The rule set is data:
the tables the computation reads (what each box scores for each roll, the joker, the bonuses,
the first-roll multiplier) are built from it.

>>> from dicepoker import find_game
>>> yatzy = find_game("yatzy")
>>> sixes_only = yatzy.variant(name="sixes", boxes=yatzy.boxes[5:6], poker_box=None)
>>> solution = solve(sixes_only, progress=False, cache=False)
>>> round(solution.expected_score, 6), round(30 * (1 - (5 / 6) ** 3), 6)
(12.638889, 12.638889)
"""

from __future__ import annotations

import contextlib
import numbers
import reprlib
import sys
import time
import warnings
from collections.abc import Callable
from decimal import Decimal

import numpy as np

from dicepoker.core.errors import DicePokerError
from dicepoker.games import find_game
from dicepoker.games.scorecard.rules import ScorecardRules
from dicepoker.games.scorecard.solver.layers import final_values, state_tables, sweep_layers
from dicepoker.games.scorecard.solver.layout import kernel_theta
from dicepoker.games.scorecard.solver.solution import Solution
from dicepoker.games.scorecard.solver.tables import RuleTables, _kernel_tables, rule_tables


# --- solving ------------------------------------------------------------------------------------
def backward_induction(
    t: RuleTables,
    progress: Callable[[int], None] | None = None,
    workers: int | None = None,
    risk: float = 0.0,
) -> np.ndarray:
    """The value table ``E[mask, bit, u - u_lo]``: expected points still to come from each state.

    With ``risk`` θ ≠ 0 the table holds the certainty equivalents ``(1/θ) log E[exp(θ x points to
    come)]`` of the play that maximises them (the same kernel, averaging certainty equivalents; see
    :func:`~.kernel.turn_tables`). The final bonus is a sure number of points, its own equivalent.

    Layers of equally many filled boxes are solved from the full scorecard back to the empty one;
    within a layer the scorecards are independent and shared out between threads.

    >>> from dicepoker import find_game
    >>> yatzy = find_game("yatzy")
    >>> values = backward_induction(rule_tables(yatzy.variant(boxes=yatzy.boxes[5:6], poker_box=None)))
    >>> round(float(values[0, 0, 0]), 6)  # Sixes alone: 5 dice x (1 - (5/6)^3) sixes x 6 points
    12.638889
    """
    from dicepoker.games.scorecard.solver.kernel_sweep import (
        sweep_masks,  # numba loads only when something is solved
    )

    full = (1 << t.n_boxes) - 1
    values = np.full(t.shape, np.nan)
    values[full, :, :] = final_values(t)
    kernel = (state_tables(t), _kernel_tables(t), kernel_theta(risk), None)
    sweep_layers(t, sweep_masks, values, *kernel, workers=workers, progress=progress)
    return values


MAX_RISK = 0.5  # the largest |θ| the risk-sensitive solve accepts (checked stable to here)


def check_risk(risk: float) -> float:
    """The risk parameter θ as a float, refused unless a finite real number with ``|θ| <= MAX_RISK``.

    Text, ``True``/``False`` and other non-numbers are refused, not converted (``"0.1"`` is not
    a number, and ``True`` is no risk attitude).

    >>> check_risk(-0.05)
    -0.05
    >>> check_risk(2)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    dicepoker.core.errors.DicePokerError: risk must be a number with |risk| <= 0.5 ..., not 2
    >>> check_risk("0.1")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    dicepoker.core.errors.DicePokerError: risk must be a number with |risk| <= 0.5 ..., not '0.1'
    """
    value = float("nan")
    if isinstance(risk, numbers.Real | Decimal) and not isinstance(risk, bool):
        with contextlib.suppress(ValueError, OverflowError):  # a signalling NaN, an int beyond floats
            value = float(risk)
    if not abs(value) <= MAX_RISK:  # also refuses NaN
        rule = f"risk must be a number with |risk| <= {MAX_RISK} (the exponential utility's θ)"
        raise DicePokerError(f"{rule}, not {_shown(risk)}")
    return value + 0.0  # -0.0 is 0.0


def _shown(value: object) -> str:
    """``value`` as its (shortened) repr; an integer too long to write out by its size."""
    try:
        return reprlib.repr(value)
    except ValueError:
        return f"an integer of more than {sys.get_int_max_str_digits()} digits"


# --- without numba ------------------------------------------------------------------------------
PLAIN_PYTHON_SECONDS_PER_TURN = 0.004
"""Roughly how long the kernel takes per evaluated turn (an upper total) as plain Python: measured
4-14 ms (classic: 1.4 million turns, about 95 minutes at best); numba does the same in 10-20 µs."""
SLOW_SECONDS = 30.0  # a solve estimated to take longer than this without numba is announced


class SlowSolveWarning(UserWarning):
    """A solve that runs without numba (plain Python) and will take long: minutes to hours."""


def plain_python_seconds(rules: ScorecardRules) -> float:
    """A rough estimate of the seconds a solve of ``rules`` takes without numba.

    >>> from dicepoker import find_game
    >>> plain_python_seconds(find_game("classic")) > 3600
    True
    """
    return rule_tables(rules).count_states()[1] * PLAIN_PYTHON_SECONDS_PER_TURN


def slow_solve_ahead(rules: ScorecardRules) -> float | None:
    """The estimated seconds of solving ``rules`` if numba is missing and it will be slow, else ``None``."""
    from dicepoker.games.scorecard.solver.jit import NUMBA_AVAILABLE  # numba loads only to solve

    if NUMBA_AVAILABLE:
        return None
    seconds = plain_python_seconds(rules)
    return seconds if seconds > SLOW_SECONDS else None


def _warn_if_slow(rules: ScorecardRules) -> None:
    seconds = slow_solve_ahead(rules)
    if seconds is not None:
        warnings.warn(
            SlowSolveWarning(
                f"numba is not installed, so solving {rules.name!r} runs as plain Python and takes about "
                f"{seconds / 60:.0f} minutes (seconds with numba). The tables can be solved once on a "
                f"machine with numba ('dicepoker solve --all') and the cache folder copied here "
                f"(or shared, with DICEPOKER_CACHE_DIR)."
            ),
            stacklevel=3,
        )


def default_rule_sets() -> tuple[ScorecardRules, ...]:
    """The rule sets whose tables the lessons and apps use: the four scorecard games and classic
    with the upper bonus at 63 (``dicepoker solve --all`` solves them once into the cache).

    >>> [(r.name, r.upper_bonus_threshold) for r in default_rule_sets()]
    [('classic', 64), ('yahtzee', 63), ('yatzy', 63), ('two_part', 0), ('classic', 63)]
    """
    from dicepoker.games import SCORECARD_GAMES

    games = tuple(find_game(name) for name in SCORECARD_GAMES)
    return (*games, find_game("classic").variant(upper_bonus_threshold=63))


def solve(
    rules: ScorecardRules | str = "classic",
    *,
    risk: float = 0.0,
    progress: bool = True,
    cache: bool = True,
) -> Solution:
    """Solve a scorecard rule set: the exact expected value of optimal play from every state.

    ``risk`` θ ≠ 0 maximises instead the expected utility ``E[(exp(θ S) - 1) / θ]`` of the final
    score ``S`` (θ > 0 seeks risk, θ < 0 avoids it), i.e. its certainty equivalent
    ``(1/θ) log E[exp(θ S)]``; ``risk=0`` is the expected-score solve itself.

    With ``cache`` the value table is read from (and after a solve written to) the cache
    directory, keyed by the rule set's content and the package version; ``cache=False`` always
    solves afresh and leaves the cache as it was. ``progress`` shows a progress bar. Without numba
    the solve runs as plain Python; one that will take long is announced by a
    :class:`SlowSolveWarning` (the tables are better solved once where numba is, and copied).

    >>> s = solve("two_part", progress=False)
    >>> round(s.expected_score, 4), s.states
    (164.911, 57285)
    >>> bold = solve("two_part", risk=0.02, progress=False)
    >>> safe = solve("two_part", risk=-0.02, progress=False)
    >>> safe.certainty_equivalent < s.expected_score < bold.certainty_equivalent
    True
    """
    risk = check_risk(risk)
    if isinstance(rules, str):
        rules = find_game(rules)
    if not isinstance(rules, ScorecardRules):
        raise DicePokerError(f"{getattr(rules, 'name', rules)!r} is not a scorecard game: nothing to solve")
    from dicepoker.games.scorecard.solver import cache as solver_cache

    if not cache:
        return _solved(rules, risk, progress)
    found = solver_cache.remembered(rules, risk)
    if found is not None:
        return found
    with solver_cache.solving(rules, risk):  # one process of a shared cache folder solves a table
        found = solver_cache.remembered(rules, risk)  # another process solved it while this one waited
        if found is not None:
            return found
        solution = _solved(rules, risk, progress)
        solver_cache.store(solution)
    return solution


def _solved(rules: ScorecardRules, risk: float, progress: bool) -> Solution:
    """Solve ``rules`` afresh (numba, or plain Python with a warning if that will take long)."""
    t = rule_tables(rules)
    states, turns = t.count_states()
    _warn_if_slow(rules)
    start = time.perf_counter()
    bar = _progress_bar(turns, rules, risk) if progress else None
    try:
        values = backward_induction(t, progress=bar.update if bar is not None else None, risk=risk)
    finally:
        if bar is not None:
            bar.close()
    seconds = time.perf_counter() - start
    return Solution(rules, values, states=states, turns=turns, seconds=seconds, risk=risk)


def _progress_bar(total: int, rules: ScorecardRules, risk: float = 0.0):
    from dicepoker.ui.progress import progress_bar

    desc = f"solving {rules.name}" + (f" (risk {risk!r})" if risk else "")
    return progress_bar(total=total, desc=desc, unit=" turns", unit_scale=True)
