"""The odds of every combination of a game, side by side: exact and simulated.

What ``one_roll`` means in each game:

* ``classic``, ``yahtzee``, ``yatzy``, ``two_part`` boxes, bluff categories ("at least this
  hand") and board labels: the chance that one roll of five dice holds the combination;
* **except** in ``two_part``, where it is the chance of a **doubled score**: the box's
  combination stands right after the first roll (and is scored then). Part-1 boxes (Ones ..
  Sixes) and Chance are never doubled, so their ``one_roll`` is 0.

``within_three`` is always the chance that the combination stands at the end of a turn of up to
three rolls, keeping dice to make it as likely as possible (part-1 boxes of ``two_part``: at
least par = 3 dice of the face).

>>> rows = {row.name: row for row in game_odds("two_part")}
>>> rows["Sixes"].one_roll, rows["Poker"].one_roll, rows["Chance"].within_three
(Fraction(0, 1), Fraction(1, 1296), Fraction(1, 1))
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

import numpy as np

from dicepoker.core.i18n import format_message
from dicepoker.core.randomness import generator
from dicepoker.core.stats import wilson_interval
from dicepoker.core.turn import ROLL_OUTCOMES
from dicepoker.games import SCORECARD_GAMES, find_game
from dicepoker.games.scorecard.odds import closed_form_probability
from dicepoker.odds.one_roll import catalogue, game_one_roll_counts
from dicepoker.odds.simulation import simulate_game_one_roll, simulate_game_within_three
from dicepoker.odds.turn import game_within_three

if TYPE_CHECKING:
    import pandas as pd


@dataclass(frozen=True)
class CombinationOdds:
    """The exact odds of one combination: on one roll, and by the end of a three-roll turn.

    >>> game_odds("classic")[-2]
    CombinationOdds(name='Poker', one_roll=Fraction(1, 1296), within_three=Fraction(347897, 7558272))
    """

    name: str
    one_roll: Fraction
    within_three: Fraction


def doubling_boxes(game: str) -> dict[str, bool] | None:
    """For a game whose first-roll scores can double, which boxes double; else ``None``.

    >>> doubling_boxes("two_part")["Chance"], doubling_boxes("classic")
    (False, None)
    """
    if game not in SCORECARD_GAMES:
        return None
    rules = find_game(game)
    if rules.first_roll_multiplier == 1:
        return None
    return {box.name: box.doubles for box in rules.boxes}


def one_roll_meaning(game: str) -> str:
    """One sentence saying what the ``one_roll`` column means for ``game``, in the current language
    (the column names, API names, stay English).

    >>> one_roll_meaning("bluff")
    'one_roll: the chance that one roll of five dice holds the combination'
    >>> from dicepoker.core.i18n import in_language
    >>> with in_language("ro"):
    ...     one_roll_meaning("classic")
    'one_roll: probabilitatea ca o singură aruncare a cinci zaruri să conțină combinația'
    """
    if doubling_boxes(game) is not None:
        return format_message(
            "{game}: {one_roll} is the chance of a doubled score (the combination stands after the first "
            "roll and is scored then); part-1 boxes and Chance never double, so their {one_roll} is 0. "
            "{within_three} is the chance the combination stands at the end of the turn "
            "(part 1: at least par = {par} of the face).",
            game=game,
            one_roll="one_roll",
            within_three="within_three",
            par=find_game(game).par,
        )
    return format_message(
        "{one_roll}: the chance that one roll of five dice holds the combination", one_roll="one_roll"
    )


def game_odds(game: str, rolls: int = 3) -> list[CombinationOdds]:
    """The exact odds of every combination of a game, in the catalogue's order.

    >>> [(o.name, str(o.one_roll)) for o in game_odds("board")][:2]
    [('P1', '763/3888'), ('P2', '763/3888')]
    """
    counts = game_one_roll_counts(game)
    within = game_within_three(game, rolls)
    doubles = doubling_boxes(game)
    odds = []
    for combination in catalogue(game):
        name = combination.name
        one_roll = Fraction(counts[name], ROLL_OUTCOMES)
        if doubles is not None and not doubles[name]:
            one_roll = Fraction(0)
        odds.append(CombinationOdds(name, one_roll, within[name]))
    return odds


def game_odds_table(
    game: str, n: int = 100_000, rng: np.random.Generator | int | None = 0, simulate: bool = True
) -> pd.DataFrame:
    """A table of every combination of a game: exact one-roll and within-three odds, and simulated ones.

    One row per combination (the index); columns ``one_roll_exact`` (a Fraction), ``one_roll``,
    ``within_three_exact``, ``within_three``, and with ``simulate``: ``simulated`` ± ``ci_95``
    (one roll, ``n`` rolls; the Wilson interval itself is ``[ci_low, ci_high]``, not symmetric around
    ``simulated``) and ``simulated_within_three`` ± ``ci_95_within_three`` (``n`` turns per
    combination). ``two_part`` adds ``doubles``. ``frame.attrs["note"]`` says what ``one_roll`` means.

    >>> table = game_odds_table("classic", n=20_000, rng=1)
    >>> table.loc["Poker", "one_roll_exact"], table.index.name
    (Fraction(1, 1296), 'combination')
    >>> bool((abs(table["simulated"] - table["one_roll"]) <= 2.5 * table["ci_95"] + 1e-9).all())
    True
    """
    import pandas as pd

    rng = generator(rng=rng)
    odds = game_odds(game)
    frame = pd.DataFrame(
        {
            "combination": [o.name for o in odds],
            "one_roll_exact": [o.one_roll for o in odds],
            "one_roll": [float(o.one_roll) for o in odds],
            "within_three_exact": [o.within_three for o in odds],
            "within_three": [float(o.within_three) for o in odds],
        }
    )
    doubles = doubling_boxes(game)
    if simulate:
        one = simulate_game_one_roll(game, n, rng)
        if doubles is not None:  # a doubled score never happens for these boxes
            one = {name: e if doubles[name] else wilson_interval(0, n) for name, e in one.items()}
        three = simulate_game_within_three(game, n, rng)
        frame["simulated"] = [one[o.name].value for o in odds]
        frame["ci_95"] = [one[o.name].half_width for o in odds]
        frame["ci_low"] = [one[o.name].low for o in odds]
        frame["ci_high"] = [one[o.name].high for o in odds]
        frame["simulated_within_three"] = [three[o.name].value for o in odds]
        frame["ci_95_within_three"] = [three[o.name].half_width for o in odds]
    if doubles is not None:
        frame["doubles"] = [doubles[o.name] for o in odds]
    frame = frame.set_index("combination")
    frame.attrs["note"] = one_roll_meaning(game)
    return frame


def one_roll_table(game: str, n: int = 100_000, rng: np.random.Generator | int | None = 0) -> pd.DataFrame:
    """One roll, three ways, for every combination of a game: formula, enumeration, simulation.

    One row per combination (the index). ``formula`` is the closed form (scorecard games only; bluff
    and board have no such column), ``enumeration`` the count over all 7776 outcomes as a chance,
    ``simulated`` from ``n`` rolls with its 95% (Wilson) interval ``[ci_low, ci_high]`` (not symmetric
    around the estimate, so no "±"), and ``interval holds it`` whether that interval holds the exact
    value: about 1 row in 20 says False, by chance alone (:func:`interval_misses` counts them). Here
    ``two_part`` also reads as "the combination stands" (not the doubled-score chance).

    >>> t = one_roll_table("classic", n=50_000, rng=3)
    >>> bool((t["formula"] == t["enumeration"]).all()), t.index.name, "formula" in one_roll_table("board", 10)
    (True, 'combination', False)
    """
    import pandas as pd

    counts = game_one_roll_counts(game)
    estimates = simulate_game_one_roll(game, n, rng)
    with_formula = game in SCORECARD_GAMES
    rows = []
    for combination in catalogue(game):
        name = combination.name
        exact = Fraction(counts[name], ROLL_OUTCOMES)
        e = estimates[name]
        formula = (closed_form_probability(name, game),) if with_formula else ()
        rows.append((name, *formula, exact, float(exact), e.value, e.low, e.high, e.contains(exact)))
    columns = ["combination", *(["formula"] if with_formula else []), "enumeration", "exact"]
    columns += ["simulated", "ci_low", "ci_high", INTERVAL_HOLDS]
    return pd.DataFrame(rows, columns=columns).set_index("combination")


INTERVAL_HOLDS = "interval holds it"
"""The column of :func:`one_roll_table` that says whether a 95% interval holds the exact value."""


def interval_misses(*tables: pd.DataFrame) -> tuple[int, int]:
    """How many 95% intervals of the tables missed the exact value, out of how many.

    >>> missed, of = interval_misses(one_roll_table("classic", n=20_000, rng=1))
    >>> of, missed <= of
    (15, True)
    """
    missed = sum(int((~table[INTERVAL_HOLDS]).sum()) for table in tables)
    return missed, sum(len(table) for table in tables)
