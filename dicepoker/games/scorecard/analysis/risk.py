"""Expected score is not winning: risk-sensitive play, its score distributions, and duels to win.

* :func:`risk_sweep` solves a game for several risk parameters θ (exact certainty equivalents);
* :func:`final_score_summary` plays seeded solitaire games with each θ-player: mean, spread,
  5th/95th percentiles with confidence intervals, the chance of the upper bonus and of a poker;
* :func:`duel` and :func:`risk_tournament` pit players head to head in two-player games (seats
  alternate game by game) and give win rates with 95% Wilson intervals;
* :func:`biggest_disagreement` finds, in seeded duels, the position where the player who plays
  to win departs furthest (in expected points) from the expected-score optimum;
* :func:`two_dice_toy` is the toy solved by hand in the lesson, in exact fractions.

>>> toy_rerolls(None), toy_rerolls(Fraction(2))  # the optimum rerolls a low die on 1-3, the gambler on 1-4
((1, 2, 3), (1, 2, 3, 4))
"""

from __future__ import annotations

import html
import math
import time
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from itertools import product
from typing import Any

import numpy as np
import pandas as pd

from dicepoker.core.dice import Dice
from dicepoker.core.errors import DicePokerError
from dicepoker.core.i18n import _, fill_message, format_message, format_number, ngettext
from dicepoker.core.match import Bot, bot_name_of, play_match, seat_of
from dicepoker.core.randomness import game_seeds
from dicepoker.core.stats import Z95, wilson_interval
from dicepoker.games.scorecard.analysis.lab import mean_ci, not_a_number_of_games, scorecard_rules, simulate
from dicepoker.games.scorecard.bots import (
    RISK_GRID,
    WinSeekingStrategy,
    as_strategy,
    optimal,
    risk_strategy,
)
from dicepoker.games.scorecard.engine import ScorecardGame
from dicepoker.games.scorecard.hints import hint
from dicepoker.games.scorecard.html import dice_html, scorecard_html
from dicepoker.games.scorecard.rules import ScorecardRules
from dicepoker.games.scorecard.solver.solve import check_risk, solve

RISK_SWEEP = RISK_GRID  # the 11 θ of the lesson's sweep
# The win-seeker's scale. tune_win_seeker("classic", scales=(0.5, 1.0, 2.0), games=1500, seed=10_000)
# measured win rates 0.497 [0.472, 0.523], 0.497 [0.472, 0.523] and 0.492 [0.467, 0.518] against
# the optimum: no scale stands out, so the rule's own value, 1, is kept.
TUNED_SCALE = 1.0


# --- the toy: two dice, one decision --------------------------------------------------------------
# Roll two dice and score their sum; after the roll you may reroll one die, once. A player with
# θ = ln 2 values a score S as 2^S, with θ = -ln 2 as -(1/2)^S: then every value is a fraction.
TOY_PLAYERS = {"risk avoider (θ = -ln 2)": Fraction(1, 2), "expected score (θ = 0)": None}
TOY_PLAYERS["risk seeker (θ = ln 2)"] = Fraction(2)


def toy_die_worth(base: Fraction | None, face: int | None = None) -> Fraction:
    """What one die is worth to a player: ``base ** face`` kept, or its average over a fresh roll.

    ``base`` is ``exp(θ)`` (``None`` for θ = 0: the face itself). A fresh die is worth
    ``(base + base² + … + base⁶) / 6``.

    >>> toy_die_worth(None), toy_die_worth(Fraction(2)), toy_die_worth(Fraction(1, 2))
    (Fraction(7, 2), Fraction(21, 1), Fraction(21, 128))
    """
    faces = range(1, 7) if face is None else (face,)
    return sum((Fraction(f) if base is None else base**f for f in faces), Fraction(0)) / len(faces)


def toy_rerolls(base: Fraction | None) -> tuple[int, ...]:
    """The faces of the lower die that the player rerolls (a fresh die is worth more to it).

    With ``base > 1`` (θ > 0) the player maximises ``E[base^S]``, with ``base < 1`` it minimises it:
    both maximise ``E[(exp(θ S) - 1) / θ]``. The sum's worth is the product of the dice's worths
    (``base^(a+b) = base^a base^b``), so each die is judged alone.

    >>> toy_rerolls(Fraction(1, 2)), toy_rerolls(None), toy_rerolls(Fraction(2))
    ((1, 2), (1, 2, 3), (1, 2, 3, 4))
    """
    fresh = toy_die_worth(base)
    if base is not None and base < 1:
        return tuple(f for f in range(1, 7) if toy_die_worth(base, f) > fresh)
    return tuple(f for f in range(1, 7) if toy_die_worth(base, f) < fresh)


def toy_distribution(rerolls: tuple[int, ...]) -> dict[int, Fraction]:
    """The exact distribution of the final sum when the lower die is rerolled on ``rerolls``.

    >>> sum(toy_distribution((1, 2, 3)).values())
    Fraction(1, 1)
    """
    dist: dict[int, Fraction] = {}
    for a, b in product(range(1, 7), repeat=2):
        low, high = min(a, b), max(a, b)
        outcomes = (
            [(high + c, Fraction(1, 216)) for c in range(1, 7)]
            if low in rerolls
            else [(a + b, Fraction(1, 36))]
        )
        for total, p in outcomes:
            dist[total] = dist.get(total, Fraction(0)) + p
    return dict(sorted(dist.items()))


def two_dice_toy() -> pd.DataFrame:
    """The toy solved exactly for three players: what each rerolls, and the mean, variance and tails.

    >>> toy = two_dice_toy()
    >>> toy["mean"].tolist()
    [Fraction(293, 36), Fraction(593, 72), Fraction(49, 6)]
    """
    rows = {}
    for player, base in TOY_PLAYERS.items():
        rerolls = toy_rerolls(base)
        dist = toy_distribution(rerolls)
        mean = sum((p * s for s, p in dist.items()), Fraction(0))
        rows[player] = {
            "rerolls the lower die on": ", ".join(map(str, rerolls)),
            "mean": mean,
            "variance": sum((p * (s - mean) ** 2 for s, p in dist.items()), Fraction(0)),
            "P(S >= 11)": sum((p for s, p in dist.items() if s >= 11), Fraction(0)),
            "P(S >= 7)": sum((p for s, p in dist.items() if s >= 7), Fraction(0)),
        }
    return pd.DataFrame.from_dict(rows, orient="index").rename_axis("player")


# --- exact solves for a sweep of θ ----------------------------------------------------------------
def risk_sweep(
    rules: ScorecardRules | str = "classic", risks: Iterable[float] = RISK_SWEEP, *, progress: bool = True
) -> pd.DataFrame:
    """Solve (or load) ``rules`` for each θ: the certainty equivalent of the θ-player's game.

    >>> df = risk_sweep("two_part", risks=(-0.01, 0.0, 0.01), progress=False)
    >>> bool(df["certainty_equivalent"].is_monotonic_increasing)
    True
    """
    rules = scorecard_rules(rules)
    risks = [check_risk(r) for r in risks]
    bar = None
    if progress:
        from dicepoker.ui.progress import progress_bar

        desc = ngettext("solving {game} for {n} risk", "solving {game} for {n} risks", len(risks))
        bar = progress_bar(total=len(risks), desc=fill_message(desc, game=rules.name, n=len(risks)))
    rows = []
    for theta in risks:
        start = time.perf_counter()
        solution = solve(rules, risk=theta, progress=False)
        rows.append(
            {
                "risk": theta,
                "certainty_equivalent": solution.certainty_equivalent,
                "seconds": time.perf_counter() - start,
                "from_cache": solution.from_cache,
            }
        )
        if bar is not None:
            bar.update(1)
    if bar is not None:
        bar.close()
    return pd.DataFrame(rows).set_index("risk")


# --- what risk does to the score ------------------------------------------------------------------
def quantile_ci(values: Iterable[float], q: float) -> tuple[float, float, float]:
    """The ``q`` quantile of a sample and a distribution-free 95% interval (order statistics).

    The number of values below the true quantile is binomial(n, q); the interval runs between the
    order statistics at n q ± 1.96 sqrt(n q (1 - q)).

    >>> quantile_ci(range(1, 101), 0.5)
    (50.5, 40.0, 60.0)
    """
    x = np.sort(np.asarray(list(values), dtype=float))
    n = len(x)
    half = Z95 * math.sqrt(n * q * (1 - q))
    low = x[max(0, math.floor(n * q - half) - 1)]
    high = x[min(n - 1, math.ceil(n * q + half) - 1)]
    return float(np.quantile(x, q)), float(low), float(high)


def play_risks(
    rules: ScorecardRules | str = "classic",
    risks: Iterable[float] = (-0.02, 0.0, 0.02),
    games: int = 500,
    seed: int = 0,
    *,
    progress: bool = False,
) -> dict[float, pd.DataFrame]:
    """Seeded solitaire games of each θ-player (``lab.simulate``'s tables); every θ plays the same seeds.

    >>> tables = play_risks("yatzy", risks=(0.0, 0.02), games=3, seed=1)
    >>> list(tables), len(tables[0.02])
    ([0.0, 0.02], 3)
    """
    rules = scorecard_rules(rules)
    return {
        check_risk(theta): simulate(risk_strategy(theta), games, seed, rules, progress=progress)
        for theta in risks
    }


def final_score_summary(
    rules: ScorecardRules | str = "classic",
    risks: Iterable[float] = (-0.02, 0.0, 0.02),
    games: int = 500,
    seed: int = 0,
    *,
    played: dict[float, pd.DataFrame] | None = None,
    progress: bool = False,
) -> pd.DataFrame:
    """Seeded solitaire games of each θ-player: the final score's mean, sd, 5th/95th percentiles
    and the chances of the upper bonus and of a poker, each with a 95% interval.

    Every θ plays the same seeds (game ``i`` starts from the same dice stream); ``played`` (from
    :func:`play_risks`) summarises games already played instead.

    >>> df = final_score_summary("yatzy", risks=(0.0,), games=20, seed=1)
    >>> list(df.columns)[:4], bool(df.loc[0.0, "mean_low"] < df.loc[0.0, "mean"] < df.loc[0.0, "mean_high"])
    (['games', 'mean', 'mean_low', 'mean_high'], True)
    """
    rules = scorecard_rules(rules)
    played = played if played is not None else play_risks(rules, risks, games, seed, progress=progress)
    rows = {theta: distribution_summary(df, rules) for theta, df in played.items()}
    return pd.DataFrame.from_dict(rows, orient="index").rename_axis("risk")


def distribution_summary(df: pd.DataFrame, rules: ScorecardRules) -> dict[str, float]:
    """One row of :func:`final_score_summary` from a table of games (``lab.simulate``'s)."""
    totals = df["total"].to_numpy(dtype=float)
    n = len(totals)
    mean, low, high = mean_ci(totals)
    p5, p5_low, p5_high = quantile_ci(totals, 0.05)
    p95, p95_low, p95_high = quantile_ci(totals, 0.95)
    bonus = wilson_interval(int((df["upper_bonus"] > 0).sum()), n)
    row = {
        "games": n,
        "mean": mean,
        "mean_low": low,
        "mean_high": high,
        "sd": float(totals.std(ddof=1)),
        "p5": p5,
        "p5_low": p5_low,
        "p5_high": p5_high,
        "p95": p95,
        "p95_low": p95_low,
        "p95_high": p95_high,
        "bonus_rate": bonus.value,
        "bonus_low": bonus.low,
        "bonus_high": bonus.high,
    }
    if rules.poker_box:
        poker = wilson_interval(int((df[rules.poker_box] > 0).sum()), n)
        row.update(poker_rate=poker.value, poker_low=poker.low, poker_high=poker.high)
    return row


# --- head to head ---------------------------------------------------------------------------------
@dataclass(frozen=True, eq=False)
class DuelResult:
    """Two players' finals over seeded two-player games (``first`` moved first in game ``i``).

    >>> r = DuelResult("a", "b", np.array([10, 5, 7]), np.array([8, 9, 7]), np.array([True, False, True]))
    >>> r.wins, r.ties, r.score
    (1, 1, 1.5)
    """

    player: str
    opponent: str
    totals: np.ndarray
    opponent_totals: np.ndarray
    first: np.ndarray

    @property
    def games(self) -> int:
        return len(self.totals)

    @property
    def wins(self) -> int:
        return int((self.totals > self.opponent_totals).sum())

    @property
    def ties(self) -> int:
        return int((self.totals == self.opponent_totals).sum())

    @property
    def score(self) -> float:
        """Wins plus half the ties."""
        return self.wins + 0.5 * self.ties

    def win_rate(self) -> Any:
        """The win rate (a tie counts half) with its 95% Wilson interval.

        >>> r = DuelResult("a", "b", np.array([10, 5]), np.array([8, 9]), np.array([True, False]))
        >>> r.win_rate().value
        0.5
        """
        return wilson_interval(self.score, self.games)  # type: ignore[arg-type]

    def row(self) -> dict[str, Any]:
        rate = self.win_rate()
        return {
            "player": self.player,
            "opponent": self.opponent,
            "games": self.games,
            "wins": self.wins,
            "ties": self.ties,
            "win_rate": rate.value,
            "low": rate.low,
            "high": rate.high,
            "mean": float(self.totals.mean()),
            "opponent_mean": float(self.opponent_totals.mean()),
        }


def play_duel_game(players: tuple[Bot, Bot], rules: ScorecardRules, rng: Any = None) -> ScorecardGame:
    """One two-player game, seat 0 first, through the match runner (the bots read the scores from
    their views).

    >>> game = play_duel_game((optimal, risk_strategy(0.05)), scorecard_rules("yatzy"), rng=3)
    >>> game.is_over, len(game.totals())
    (True, 2)
    """
    game = ScorecardGame(rules, players=["first", "second"], rng=rng)
    return play_match(game, [seat_of(player) for player in players])


def duel(
    player: Bot | str,
    opponent: Bot | str = "optimal",
    games: int = 1000,
    seed: int = 0,
    rules: ScorecardRules | str = "classic",
    *,
    progress: bool = False,
) -> DuelResult:
    """``games`` seeded two-player games; ``player`` moves first in the even-numbered ones.

    >>> r = duel(risk_strategy(0.05), "optimal", games=4, seed=1, rules="yatzy")
    >>> r.games, r.first.tolist()
    (4, [True, False, True, False])
    """
    rules = scorecard_rules(rules)
    if not isinstance(games, int) or games < 1:
        raise DicePokerError(not_a_number_of_games(games))
    me, them = as_strategy(player), as_strategy(opponent)
    children = game_seeds(seed, games)
    if progress:
        from dicepoker.ui.progress import progress_bar

        desc = format_message("{player} v {opponent}", player=bot_name_of(me), opponent=bot_name_of(them))
        children = progress_bar(children, desc=desc)
    totals, theirs, first = [], [], []
    for i, child in enumerate(children):
        goes_first = i % 2 == 0
        seats = (me, them) if goes_first else (them, me)
        final = play_duel_game(seats, rules, rng=child).totals()
        mine, other = (final[0], final[1]) if goes_first else (final[1], final[0])
        totals.append(mine)
        theirs.append(other)
        first.append(goes_first)
    return DuelResult(bot_name_of(me), bot_name_of(them), np.array(totals), np.array(theirs), np.array(first))


def risk_tournament(
    rules: ScorecardRules | str = "classic",
    risks: Iterable[float] = RISK_SWEEP,
    games: int = 1000,
    seed: int = 0,
    *,
    win_seeker: bool = True,
    grid: tuple[float, ...] = RISK_GRID,
    progress: bool = False,
) -> pd.DataFrame:
    """Each θ-player (and the player who plays to win, choosing from ``grid``) against the optimum.

    One row per challenger: wins, ties, win rate with its 95% Wilson interval, mean scores.

    >>> df = risk_tournament("yatzy", risks=(0.05,), games=4, seed=1, win_seeker=False)
    >>> list(df.index), float(df.loc["risk +0.05", "games"])
    (['risk +0.05'], 4.0)
    """
    challengers: list[Any] = [risk_strategy(theta) for theta in risks]
    if win_seeker:
        challengers.append(WinSeekingStrategy(grid, scale=TUNED_SCALE))
    rows = [duel(c, optimal, games, seed, rules, progress=progress).row() for c in challengers]
    df = pd.DataFrame(rows).set_index("player")
    df["risk"] = [None if isinstance(c, WinSeekingStrategy) else c.risk for c in challengers]
    return df


def tune_win_seeker(
    rules: ScorecardRules | str = "classic",
    scales: Iterable[float] = (0.5, 1.0, 2.0),
    games: int = 1000,
    seed: int = 10_000,
    grid: tuple[float, ...] = RISK_GRID,
) -> pd.DataFrame:
    """The win-seeker's win rate against the optimum for each ``scale`` (tuning seeds: 10_000 and up).

    >>> df = tune_win_seeker("yatzy", scales=(1.0,), games=2)
    >>> list(df.columns)[:3]
    ['player', 'opponent', 'games']
    """
    rows = []
    for scale in scales:
        row = duel(WinSeekingStrategy(grid, scale=scale), optimal, games, seed, rules).row()
        rows.append({**row, "scale": scale})
    return pd.DataFrame(rows).set_index("scale")


# --- when to gamble: where the two players disagree most --------------------------------------------
@dataclass(frozen=True, eq=False)
class Disagreement:
    """A position where the win-seeker's choice differs from the optimum's, and what it costs.

    ``cost`` is the expected final score the win-seeker's choice gives up (by the optimal table);
    ``risk`` is the θ it played.
    """

    game: ScorecardGame
    seat: int
    dice: Dice
    rolls_left: int
    risk: float
    lead: float
    optimal_choice: str
    win_seeking_choice: str
    cost: float

    def table(self) -> pd.DataFrame:
        return pd.DataFrame(
            {
                "who": ["optimal (expected score)", f"plays to win (θ = {self.risk:+g})"],
                "choice": [self.optimal_choice, self.win_seeking_choice],
            }
        )

    def _repr_html_(self) -> str:
        g = self.game
        card = scorecard_html(
            g.rules,
            list(g.scorecards),
            player_names=[_("the win-seeker") if i == self.seat else _("opponent") for i in range(2)],
            poker_bonus_points=[g.poker_bonus_points(i) for i in range(2)],
            current=self.seat,
        )
        caption = fill_message(
            ngettext(
                "{rolls} roll left; expected lead {lead:+.1f} points, so it plays θ = {risk}",
                "{rolls} rolls left; expected lead {lead:+.1f} points, so it plays θ = {risk}",
                self.rolls_left,
            ),
            rolls=self.rolls_left,
            lead=self.lead,
            risk=("+" if self.risk > 0 else "") + format_number(self.risk, digits=6),
        )
        choices = format_message(
            "Optimal: {optimal}; plays to win: {win_seeking} (gives up {cost:.2f} expected points)",
            optimal=f"<b>{html.escape(self.optimal_choice)}</b>",
            win_seeking=f"<b>{html.escape(self.win_seeking_choice)}</b>",
            cost=self.cost,
        )
        choices = f"<p>{choices}</p>"
        return f"<div>{dice_html(self.dice.values, caption=caption)}{choices}{card}</div>"


class _Watcher(WinSeekingStrategy):
    """A win-seeker that notes, at each of its choices, how far it departs from the optimum."""

    def __init__(self, grid: tuple[float, ...], scale: float) -> None:
        super().__init__(grid, scale=scale)
        self.game: ScorecardGame | None = None  # the game it watches, set by biggest_disagreement
        self.best: Disagreement | None = None

    def __call__(self, view: Any, rng: Any = None) -> Any:
        choice = super().__call__(view, rng)
        if self.risk != 0 and self.game is not None and view.dice is not None:
            self.lead = self.lead_and_spread(view)[0]
            plain = optimal(view, rng)
            if plain != choice:
                h = hint(view)
                cost = h.cost(choice)
                if self.best is None or cost > self.best.cost:
                    self.best = Disagreement(
                        self.game.copy(),
                        self.game.current_player,
                        view.dice,
                        view.rolls_left,
                        self.risk,
                        self.lead,
                        h.choice(plain).label,
                        h.choice(choice).label,
                        cost,
                    )
        return choice


def biggest_disagreement(
    rules: ScorecardRules | str = "classic",
    games: int = 20,
    seed: int = 0,
    *,
    grid: tuple[float, ...] = RISK_GRID,
    scale: float = TUNED_SCALE,
) -> Disagreement | None:
    """The position of ``games`` seeded duels (win-seeker v optimum) where the two choose furthest apart.

    >>> d = biggest_disagreement("yatzy", games=2, seed=5)
    >>> d is None or d.cost >= 0
    True
    """
    watcher, rules = _Watcher(grid, scale), scorecard_rules(rules)
    for i, child in enumerate(game_seeds(seed, games)):  # the games of duel(watcher, optimal, ...)
        seats = (watcher, optimal) if i % 2 == 0 else (optimal, watcher)
        watcher.game = ScorecardGame(rules, players=["first", "second"], rng=child)
        play_match(watcher.game, [seat_of(player) for player in seats])
    return watcher.best
