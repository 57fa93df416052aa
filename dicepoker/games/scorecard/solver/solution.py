"""A solved rule set: the value of every state, and the values of every choice in one turn.

>>> from dicepoker import find_game
>>> from dicepoker.games.scorecard.solver.solve import solve
>>> round(solve("two_part", progress=False).expected_score, 4)
164.911
"""

from __future__ import annotations

import html
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cached_property

import numpy as np

from dicepoker.core.dice import Dice
from dicepoker.core.errors import DicePokerError
from dicepoker.core.i18n import _, display_name_or_own, format_message, format_number
from dicepoker.games.scorecard.rules import ScorecardRules
from dicepoker.games.scorecard.solver.layout import (
    N_ROLLS,
    kernel_theta,
)
from dicepoker.games.scorecard.solver.moments import ScoreMoments, final_score_moments
from dicepoker.games.scorecard.solver.tables import RuleTables, _kernel_tables, dice_tables, rule_tables


@dataclass(eq=False)
class Solution:
    """A solved rule set: the value of every state, and the expected final score of optimal play.

    ``values[mask, bit, u - u_lo]`` is the expected number of points still to come from the start
    of a turn (the upper bonus included) with the boxes in ``mask`` filled. A solution for a
    ``risk`` θ other than 0 holds instead their *certainty equivalents* ``(1/θ) log E[exp(θ x points
    to come)]`` under the play that maximises ``E[(exp(θ S) - 1) / θ]`` of the final score ``S``.

    >>> from dicepoker import find_game, solve
    >>> solve("yahtzee", progress=False)  # doctest: +ELLIPSIS
    <Solution yahtzee: expected score 254.5877, 536,448 states, ...>
    """

    rules: ScorecardRules
    values: np.ndarray
    states: int
    turns: int
    seconds: float
    from_cache: bool = False
    risk: float = 0.0
    _turn_cache: dict = field(default_factory=dict, repr=False)
    known_moments: ScoreMoments | None = field(default=None, repr=False)  # read from the cache file
    # set by the disk cache when its table is there: ``keeper(solution, compute)`` gives the moments
    # the file holds (another process may have written them), else computes and writes them there
    moments_keeper: Callable[[Solution, Callable[[Solution], ScoreMoments]], ScoreMoments] | None = field(
        default=None, repr=False
    )

    @cached_property
    def tables(self) -> RuleTables:
        return rule_tables(self.rules)

    @property
    def expected_score(self) -> float:
        """The expected final score of optimal solitaire play from an empty scorecard.

        A risk-sensitive solution knows its certainty equivalent exactly, not its mean: asking
        it for the expected score is refused (simulate its play for the mean).
        """
        if self.risk != 0:
            raise DicePokerError(
                f"a solution with risk {self.risk!r} holds certainty equivalents, not expected scores: "
                "use .certainty_equivalent (or simulate its play for the mean)"
            )
        return self.certainty_equivalent

    @property
    def certainty_equivalent(self) -> float:
        """The sure score worth as much as the game: ``(1/θ) log E[exp(θ S)]`` (the mean when θ = 0)."""
        return float(self.values[0, 0, -self.tables.u_lo])

    @cached_property
    def score_moments(self) -> ScoreMoments:
        """The exact mean and spread of the final score when this solution's play plays (computed once).

        Not a simulation: both moments are carried through every state along the optimal bot's
        choices (see :mod:`~.moments`). A risk-sensitive solution's play gets its own mean and spread.
        A solution whose table is in the disk cache keeps them there too, so the next process reads
        them (for the classic game a sweep of some 15 s) from the file, and reads them there when
        another process wrote them after this one read the table.
        """
        if self.known_moments is not None:
            return self.known_moments
        if self.moments_keeper is None:
            return final_score_moments(self)
        return self.moments_keeper(self, final_score_moments)

    @property
    def final_score_mean(self) -> float:
        """The exact mean of the final score under this solution's play (``expected_score`` if θ = 0).

        >>> from dicepoker import find_game, solve
        >>> yatzy = find_game("yatzy")
        >>> sixes = solve(yatzy.variant(name="sixes", boxes=yatzy.boxes[5:6], poker_box=None), progress=False)
        >>> round(sixes.final_score_mean, 6), round(sixes.expected_score, 6)
        (12.638889, 12.638889)
        """
        return self.score_moments.mean

    @property
    def final_score_std(self) -> float:
        """The exact standard deviation of the final score under this solution's play.

        >>> from dicepoker import find_game, solve
        >>> yatzy = find_game("yatzy")
        >>> sixes = solve(yatzy.variant(name="sixes", boxes=yatzy.boxes[5:6], poker_box=None), progress=False)
        >>> p = 1 - (5 / 6) ** 3  # the score is 6 x Binomial(5, p): variance 36 x 5 p (1 - p)
        >>> round(sixes.final_score_std, 9) == round(6 * (5 * p * (1 - p)) ** 0.5, 9)
        True
        """
        return self.score_moments.std

    def future_value(self, filled: Mapping[str, int]) -> float:
        """Expected points still to come from the start of a turn with ``filled`` (optimal play).

        >>> from dicepoker import find_game, solve
        >>> yatzy = find_game("yatzy")
        >>> sixes_only = yatzy.variant(name="sixes", boxes=yatzy.boxes[5:6], poker_box=None)
        >>> s = solve(sixes_only, progress=False, cache=False)
        >>> s.future_value({"Sixes": 18})
        0.0
        """
        t = self.tables
        mask, bit, u = t.state(filled)
        value = float(self.values[mask, bit, u - t.u_lo])
        if math.isnan(value):
            raise DicePokerError(f"the scorecard {dict(filled)} cannot happen in {self.rules.name!r}")
        return value

    def expected_final(self, filled: Mapping[str, int], poker_bonus_points: int = 0) -> float:
        """The expected final total from the start of a turn: points so far + points to come."""
        r = self.rules
        return r.upper_total(filled) + r.lower_total(filled) + poker_bonus_points + self.future_value(filled)

    def turn(self, filled: Mapping[str, int]) -> TurnValues:
        """The values of every choice of a turn that starts with ``filled`` (computed once, kept)."""
        t = self.tables
        state = t.state(filled)
        if state not in self._turn_cache:
            if len(self._turn_cache) > 4096:
                self._turn_cache.clear()
            self.future_value(filled)  # refuses impossible scorecards
            self._turn_cache[state] = turn_values(t, self.values, *state, risk=self.risk)
        return self._turn_cache[state]

    def __repr__(self) -> str:
        value = (
            f"expected score {self.certainty_equivalent:.4f}"
            if self.risk == 0
            else f"risk {self.risk!r}, certainty equivalent {self.certainty_equivalent:.4f}"
        )
        return f"<Solution {self.rules.name}: {value}, {self.states:,} states, {self.seconds:.1f} s>"

    def _repr_html_(self) -> str:
        """What a notebook shows: the game, its value and the solve, in the current language (the
        words of ``dicepoker solve``).

        >>> from dicepoker import find_game, solve
        >>> from dicepoker.core.i18n import in_language
        >>> yatzy = find_game("yatzy")
        >>> sixes = solve(yatzy.variant(name="sixes", boxes=yatzy.boxes[5:6], poker_box=None), progress=False)
        >>> with in_language("ro"):
        ...     sixes._repr_html_()  # doctest: +ELLIPSIS
        '<div>Yatzy (varianta scandinavă): jocul optim obține în medie un scor de 12,6389 (stări: 7, ...'
        """
        text = solved_summary(self.rules, self.certainty_equivalent, self.states, self.seconds, self.risk)
        if self.from_cache:
            # TRANSLATORS: after the value of a solved game: its table was read from the disk cache
            text += ", " + _("loaded from the cache")
        return f"<div>{html.escape(text)}</div>"


def solved_summary(
    rules: ScorecardRules, value: float, states: int, seconds: float, risk: float = 0.0
) -> str:
    """The sentence ``dicepoker solve`` prints and a notebook shows for a solved game, in the current
    language: its value (the expected score, or with ``risk`` the certainty equivalent), its states
    and the seconds of the solve.

    >>> from dicepoker import find_game
    >>> solved_summary(find_game("yatzy"), 248.44, 1_430_528, 1.25)
    'Yatzy (Scandinavian): optimal play scores 248.4400 on average (1,430,528 states, 1.25 s)'
    """
    title = display_name_or_own("game title", rules.title)
    if risk == 0:
        return format_message(
            "{title}: optimal play scores {score:.4f} on average ({states:,} states, {seconds:.2f} s)",
            title=title,
            score=value,
            states=states,
            seconds=seconds,
        )
    return format_message(
        "{title}, risk θ = {risk}: worth a sure {value:.4f} points to that player "
        "({states:,} states, {seconds:.2f} s)",
        title=title,
        risk=format_number(risk, digits=6),
        value=value,
        states=states,
        seconds=seconds,
    )


@dataclass(frozen=True, eq=False)
class TurnValues:
    """The value of every choice in one turn (points still to come, this turn's points included).

    ``score[first, r]``: best score of roll ``r`` now; ``keep[j, k]``: keep ``k`` with ``j`` rolls
    left and roll the rest; ``hold[j, r]``: roll ``r`` in hand with ``j`` rolls left, played well.

    >>> from dicepoker import find_game, solve
    >>> yatzy = find_game("yatzy")
    >>> sixes = solve(yatzy.variant(name="sixes", boxes=yatzy.boxes[5:6], poker_box=None), progress=False)
    >>> turn = sixes.turn({})
    >>> round(turn.keep_value(Dice.parse("66"), 2), 4), round(turn.start_value(), 4)  # 2 + 3 x 11/36 sixes
    (17.5, 12.6389)
    """

    score: np.ndarray
    keep: np.ndarray
    hold: np.ndarray
    risk: float = 0.0

    def keep_value(self, keep: Dice, rolls_left: int) -> float:
        """Expected points to come when keeping ``keep`` and rolling the rest (``rolls_left`` >= 1)."""
        return float(self.keep[rolls_left, dice_tables().keep_index[keep]])

    def start_value(self) -> float:
        """Expected points to come from the start of the turn (their certainty equivalent if ``risk``)."""
        p = dice_tables().probability
        if self.risk == 0:
            return float(p @ self.hold[-1])
        from dicepoker.games.scorecard.solver.kernel import certainty_equivalent

        return float(certainty_equivalent(self.risk, np.ascontiguousarray(self.hold[-1]), p, N_ROLLS))


def turn_values(
    t: RuleTables, values: np.ndarray, mask: int, bit: int, upper_total: int, *, risk: float = 0.0
) -> TurnValues:
    """Evaluate one turn for one state with the compiled kernel (certainty equivalents if ``risk``).

    >>> from dicepoker import find_game, solve
    >>> yatzy = find_game("yatzy")
    >>> sixes = yatzy.variant(name="sixes", boxes=yatzy.boxes[5:6], poker_box=None)
    >>> t = rule_tables(sixes)
    >>> turn = turn_values(t, solve(sixes, progress=False).values, 0, 0, 0)
    >>> float(turn.score[0, dice_tables().roll_index[Dice.parse("66612")]])
    18.0
    """
    ulist = np.array([upper_total], dtype=np.int64)
    from dicepoker.games.scorecard.solver.kernel import (  # compiled code loads only when a turn is evaluated
        certainty_equivalents,
        point_utilities,
        turn_scratch,
        turn_tables,
    )

    risk = float(risk)
    theta = kernel_theta(risk)
    points = point_utilities(theta, t.rule_ints, t.box_upper, t.box_face, t.scores, t.joker_scores)
    scratch = turn_scratch(t.n_boxes, t.rules.rolls_per_turn, 1)
    turn_tables(mask, bit, ulist, 1, values, _kernel_tables(t), scratch, theta, *points)
    sv, keep, hold, shift = scratch[1], scratch[2], scratch[3], scratch[4]
    if theta != 0:  # back from utilities of v - shift - points base to certainty equivalents v
        for table in (sv, keep, hold):
            certainty_equivalents(theta, table, shift + points[2])
    keep[0] = np.nan  # no keeps without rolls left
    return TurnValues(score=sv[:, :, 0], keep=keep[:, :, 0], hold=hold[:, :, 0], risk=risk)
