"""The strategy lab: play many seeded games with a strategy, and pit strategies against each other.

Every game is played by the real engine (:class:`ScorecardGame`), so a strategy can never bend a
rule. Game ``i`` of a seeded run always gets the same dice stream, whichever strategy plays it:
strategies in a tournament meet the same luck as far as their choices allow.

>>> df = simulate("heuristic", games=3, seed=1, rules="yatzy")
>>> list(df.columns[:4]), len(df)
(['total', 'upper_total', 'upper_bonus', 'poker_bonus'], 3)
>>> df["total"].equals(simulate("heuristic", games=3, seed=1, rules="yatzy")["total"])
True
"""

from __future__ import annotations

import html
import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

from dicepoker.core.errors import DicePokerError, quoted
from dicepoker.core.i18n import _, display_name, fill_message, format_message, ngettext
from dicepoker.core.match import Bot, bot_name_of, play_match, seat_of
from dicepoker.core.randomness import game_seeds
from dicepoker.core.stats import mean_interval
from dicepoker.games import find_game
from dicepoker.games.scorecard.bots import as_strategy
from dicepoker.games.scorecard.engine import ScorecardGame
from dicepoker.games.scorecard.rules import ScorecardRules

Z95 = 1.959963984540054  # the two-sided 95% point of the normal distribution


def scorecard_rules(rules: ScorecardRules | str) -> ScorecardRules:
    """A scorecard rule set, or its name; any other game is refused.

    >>> scorecard_rules("yatzy").name
    'yatzy'
    """
    found = find_game(rules) if isinstance(rules, str) else rules
    if not isinstance(found, ScorecardRules):
        raise DicePokerError(
            format_message("{game} is not a scorecard game", game=repr(getattr(found, "name", found)))
        )
    return found


def not_a_number_of_games(games: object) -> str:
    """The refusal of a number of games that is not a whole number of at least 1.

    >>> not_a_number_of_games(0)
    'games must be a whole number of at least 1, not 0'
    """
    return format_message("games must be a whole number of at least 1, not {games}", games=repr(games))


def play_game(
    strategy: Bot | str,
    rules: ScorecardRules | str = "classic",
    rng: Any = None,
    *,
    player: str | None = None,
    bot_rng: Any = None,
) -> ScorecardGame:
    """Play one solitaire game with ``strategy``; returns the finished game. The dice draw from
    ``rng``, the strategy's choices from ``bot_rng``. ``player`` names the player (a name reads
    the same in every language; the default "Player 1" does not).

    >>> game = play_game("heuristic", "yatzy", rng=7, player="Sam")
    >>> game.is_over, game.player_names
    (True, ('Sam',))
    """
    game = ScorecardGame(scorecard_rules(rules), [player] if player is not None else 1, rng=rng)
    return play_match(game, [seat_of(as_strategy(strategy))], rng=bot_rng)


def simulate(
    strategy: Bot | str,
    games: int = 1000,
    seed: int | None = None,
    rules: ScorecardRules | str = "classic",
    *,
    progress: bool = False,
) -> pd.DataFrame:
    """Play ``games`` seeded solitaire games; one row per game: the total, bonuses and every box.

    Each game's dice and the strategy's choices draw from two generators spawned from ``seed``
    (the strategy never owns one), so the same ``seed`` gives the same table.

    >>> df = simulate("random", games=4, seed=3, rules="yatzy")
    >>> df.attrs["strategy"], len(df), bool((df["total"] > 0).all())
    ('random', 4, True)
    """
    rules = scorecard_rules(rules)
    if not isinstance(games, int) or games < 1:
        raise DicePokerError(not_a_number_of_games(games))
    strategy = as_strategy(strategy)
    poker = rules.poker_box
    rows = []
    children = game_seeds(seed, games)
    if progress:
        from dicepoker.ui.progress import progress_bar

        desc = format_message("{strategy} plays {game}", strategy=bot_name_of(strategy), game=rules.name)
        children = progress_bar(children, desc=desc)
    for child in children:
        dice_seed, strategy_seed = child.spawn(2)
        game = play_game(strategy, rules, rng=dice_seed, bot_rng=strategy_seed)
        card = game.scorecard(0)
        upper = rules.upper_total(card)
        total = game.totals()[0]
        rows.append(
            {
                "total": total,
                "upper_total": upper,
                "upper_bonus": rules.upper_bonus if rules.upper_bonus_earned(card) else 0,
                "poker_bonus": game.poker_bonus_points(0),
                **{box: card[box] for box in rules.box_names},
            }
        )
    df = pd.DataFrame(rows, index=pd.RangeIndex(games, name="game"))
    df.attrs.update(strategy=bot_name_of(strategy), rules=rules.name, seed=seed, poker_box=poker)
    return df


def mean_ci(totals: Iterable[float]) -> tuple[float, float, float]:
    """The mean and its 95% confidence interval (normal approximation).

    >>> [round(x, 3) for x in mean_ci([1, 2, 3, 4])]
    [2.5, 1.235, 3.765]
    """
    values = np.asarray(list(totals), dtype=float)
    if len(values) < 2:
        mean = float(values.mean())
        return mean, -math.inf, math.inf
    estimate = mean_interval(values)
    return estimate.value, estimate.low, estimate.high


def win_rate(a: Iterable[float], b: Iterable[float]) -> float:
    """How often ``a`` beats ``b`` game by game (a tie counts half).

    >>> win_rate([10, 20, 30], [15, 20, 25])
    0.5
    """
    x, y = np.asarray(list(a), dtype=float), np.asarray(list(b), dtype=float)
    if x.shape != y.shape:
        raise DicePokerError(f"win_rate needs as many games on both sides, not {len(x)} and {len(y)}")
    return float(((x > y) + 0.5 * (x == y)).mean())


def summarise(df: pd.DataFrame) -> dict[str, float]:
    """Mean, spread, 95% CI, and the rates of the upper bonus and of a scored poker box.

    >>> sorted(summarise(simulate("heuristic", games=3, seed=1, rules="yatzy")))
    ['bonus_rate', 'ci_high', 'ci_low', 'games', 'mean', 'median', 'poker_rate', 'std']
    """
    mean, low, high = mean_ci(df["total"])
    poker = df.attrs.get("poker_box")
    return {
        "games": len(df),
        "mean": mean,
        "std": float(df["total"].std(ddof=1)) if len(df) > 1 else 0.0,
        "ci_low": low,
        "ci_high": high,
        "median": float(df["total"].median()),
        "bonus_rate": float((df["upper_bonus"] > 0).mean()),
        "poker_rate": float((df[poker] > 0).mean()) if poker else math.nan,
    }


@dataclass(frozen=True, eq=False)
class TournamentResult:
    """The games of every strategy in a tournament, a summary and the head-to-head win rates.

    >>> result = tournament(["heuristic", "random"], games=5, seed=1, rules="yatzy")
    >>> list(result.summary.index), result.head_to_head.shape
    (['heuristic', 'random'], (2, 2))
    """

    rules: ScorecardRules
    games: int
    seed: int | None
    results: dict[str, pd.DataFrame]

    @property
    def summary(self) -> pd.DataFrame:
        """One row per strategy: games, mean, std, 95% CI, median, bonus and poker rates."""
        rows = {name: summarise(df) for name, df in self.results.items()}
        return pd.DataFrame.from_dict(rows, orient="index").rename_axis("strategy")

    @property
    def head_to_head(self) -> pd.DataFrame:
        """``[row, column]``: how often the row's strategy beats the column's on the same game."""
        names = list(self.results)
        table = [[win_rate(self.results[a]["total"], self.results[b]["total"]) for b in names] for a in names]
        return pd.DataFrame(table, index=pd.Index(names, name="strategy"), columns=names)

    @property
    def scores(self) -> pd.DataFrame:
        """All final totals in long form: strategy, game, total."""
        parts = [
            pd.DataFrame({"strategy": name, "game": df.index, "total": df["total"].to_numpy()})
            for name, df in self.results.items()
        ]
        return pd.concat(parts, ignore_index=True)

    def figure(self) -> Any:
        """The score distributions of the strategies (plotly)."""
        from dicepoker.games.scorecard.analysis.lab_figures import score_distributions

        return score_distributions(self)

    def _repr_html_(self) -> str:
        template = ngettext(
            "{title}: {games} game per strategy, seed {seed}",
            "{title}: {games} games per strategy, seed {seed}",
            self.games,
        )
        title = html.escape(
            fill_message(
                template,
                title=display_name("game title", self.rules.title),
                games=self.games,
                seed=str(self.seed),
            )
        )
        return f"<div><b>{title}</b></div>" + self.summary.round(3).to_html()


def tournament(
    strategies: Iterable[Bot | str],
    games: int = 1000,
    seed: int | None = 0,
    rules: ScorecardRules | str = "classic",
    *,
    progress: bool = False,
) -> TournamentResult:
    """Every strategy plays the same seeded games; compare means, CIs, bonus rates, wins.

    >>> result = tournament(["heuristic", "random"], games=20, seed=2, rules="yatzy")
    >>> float(result.head_to_head.loc["heuristic", "random"])
    1.0
    """
    rules = scorecard_rules(rules)
    results: dict[str, pd.DataFrame] = {}
    if isinstance(strategies, str | bytes) or not isinstance(strategies, Iterable):
        raise DicePokerError(
            format_message(
                "a tournament needs a list of strategies (names or strategies), not {value}",
                value=quoted(strategies),
            )
        )
    for strategy in strategies:
        strategy = as_strategy(strategy)
        name = base = bot_name_of(strategy)
        n = 2
        while name in results:
            name, n = f"{base} #{n}", n + 1
        results[name] = simulate(strategy, games, seed, rules, progress=progress)
    if not results:
        raise DicePokerError(_("a tournament needs at least one strategy"))
    return TournamentResult(rules, games, seed, results)
