"""Exact odds of ``bluff``: reaching an announcement, and how likely an announcement is true.

Two questions, both answered exactly as fractions:

* *Reach*: with the best keeping, how likely is a fresh cup (up to three rolls) or an inherited
  cup (up to two rerolls) to end up holding an announcement? (:func:`reach_probability`)
* *Bayes*: the table heard the announcement and the rattle of the cup (how many dice were thrown
  each time). How likely is the announcement true? (:func:`probability_true`)

>>> reach_probability("five 1s")  # any five of a kind in three rolls: the Yahtzee figure
Fraction(347897, 7558272)
>>> reach_probability("four 6s", start="66612")  # two rerolls of an inherited cup: 1 - (25/36)**2
Fraction(671, 1296)
>>> probability_true("four 6s", throws=(2,), start="66612", bluff_rate=Fraction(1, 2))
Fraction(22, 47)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from functools import cache
from typing import TYPE_CHECKING

import numpy as np

from dicepoker.core.dice import NUMBER_OF_DICE, Dice, all_keeps, all_rolls, ways
from dicepoker.core.errors import DicePokerError
from dicepoker.core.turn import ROLL_OUTCOMES, best_over_keeps, turn_table
from dicepoker.games.bluff.categories import BLUFF_CATEGORIES
from dicepoker.games.bluff.rules import ALL_HANDS, BLUFF, BluffRules, Hand, best_hand

if TYPE_CHECKING:  # pandas is imported where a table is made: playing a game needs none
    import pandas as pd

ROLLS: tuple[Dice, ...] = all_rolls()  # the 252 distinct rolls, the states of the cup
KEEPS: tuple[Dice, ...] = all_keeps()  # the 462 multisets of kept dice

Start = Dice | Hand | str | None


@cache
def _hold_matrix() -> np.ndarray:
    """``H[d, h]``: roll ``d`` holds hand ``h`` (its best reading ranks at least as high)."""
    best = np.array([best_hand(d).rank for d in ROLLS])
    return (best[:, None] >= np.arange(len(ALL_HANDS))[None, :]).astype(np.int64)


def throw_chances() -> np.ndarray:
    """``T[k, d]``: the chance (times 6**5) that keeping ``KEEPS[k]``, throwing the rest, gives ``ROLLS[d]``.

    The turn table's transition (:mod:`dicepoker.core.turn`), the same object every game reads.

    >>> int(throw_chances()[KEEPS.index(Dice.parse("6666")), ROLLS.index(Dice.parse("66666"))])  # 1/6
    1296
    """
    return turn_table().transition


def _sub_keeps(dice: Dice, size: int | None = None) -> list[int]:
    """Indices of the distinct keeps taken from ``dice`` (of one size, or all, largest first)."""
    t = turn_table()
    found = dict.fromkeys(t.keep_choices[t.roll_index[dice]].tolist())
    return [k for k in found if size is None or t.keep_sizes[k] == size]


def _best_over_keeps(w: np.ndarray, size: int | None = None) -> np.ndarray:
    """For every roll, the best of ``w`` over the keeps it allows (all of them, or those of ``size`` dice)."""
    if size is None:
        return best_over_keeps(w, keeping_all=True)
    of_size = _of_size(size).reshape(_of_size(size).shape + (1,) * (w.ndim - 1))
    return np.where(of_size, w[turn_table().keep_choices], -1).max(axis=1)


@cache
def _of_size(size: int) -> np.ndarray:
    """Which of each roll's keeps (:attr:`~dicepoker.core.turn.TurnTable.keep_choices`) hold ``size`` dice."""
    t = turn_table()
    return t.keep_sizes[t.keep_choices] == size


@cache
def _reach_numerators(rerolls: int) -> np.ndarray:
    """``V[d, h]`` times ``(6**5)**rerolls``: holding ``h`` after up to ``rerolls`` rerolls of ``d``."""
    if rerolls == 0:
        return _hold_matrix()
    return _best_over_keeps(_matmul(throw_chances(), _reach_numerators(rerolls - 1)))


def _matmul(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Exact whole-number product: int64 while it cannot overflow, Python integers beyond."""
    if b.dtype == object or int(b.max(initial=0)) * ROLL_OUTCOMES >= 2**62:
        return a.astype(object) @ b.astype(object)
    return a @ b


def _exact_dot(a: np.ndarray, b: np.ndarray) -> int:
    return int(sum(int(x) * int(y) for x, y in zip(a, b, strict=True) if x and y))


@cache
def _believed_cup(hand: Hand) -> tuple[np.ndarray, int]:
    weights = np.array([ways(d) if best_hand(d) >= hand else 0 for d in ROLLS], dtype=np.int64)
    return weights, int(weights.sum())


def _start_weights(start: Start) -> tuple[np.ndarray, int]:
    """A known or believed cup as whole-number weights over the 252 rolls, and their total."""
    if isinstance(start, Hand) or (isinstance(start, str) and not start.strip()[:1].isdigit()):
        return _believed_cup(Hand.parse(start))
    dice = Dice.roll(start)  # type: ignore[arg-type]
    weights = np.zeros(len(ROLLS), dtype=np.int64)
    weights[turn_table().roll_index[dice]] = 1
    return weights, 1


def _check_rolls(rolls: int) -> None:
    if isinstance(rolls, bool) or not isinstance(rolls, int) or rolls < 0:
        raise DicePokerError(f"the number of rolls must be a whole number 0 or more, not {rolls!r}")


# --- reaching an announcement ---------------------------------------------------------------------
def reach_probability(
    announcement: Hand | str, start: Start = None, *, rolls: int | None = None, rules: BluffRules = BLUFF
) -> Fraction:
    """The chance to end up holding ``announcement`` with the best keeping.

    ``start=None`` is a fresh cup with up to ``rules.opening_rolls`` rolls (the first throws all
    five); dice (``"66612"``) are an inherited cup with up to ``rules.reroll_rounds`` rerolls; a hand
    (``"pair of 6s"``) is an inherited cup believed to hold it (every such roll, by its chance).

    >>> reach_probability("nothing"), reach_probability("pair of 1s", rolls=1)
    (Fraction(1, 1), Fraction(76, 81))
    >>> reach_probability("full house 2s over 1s", start="pair of 2s", rolls=0)
    Fraction(203, 3348)
    """
    h = Hand.parse(announcement).rank
    if start is None:
        rolls = rules.opening_rolls if rolls is None else rolls
        _check_rolls(rolls)
        if rolls == 0:
            raise DicePokerError("a fresh cup needs at least one roll")
        empty = throw_chances()[turn_table().keep_index[Dice()]]
        return Fraction(_exact_dot(empty, _reach_numerators(rolls - 1)[:, h]), ROLL_OUTCOMES**rolls)
    rolls = rules.reroll_rounds if rolls is None else rolls
    _check_rolls(rolls)
    weights, total = _start_weights(start)
    return Fraction(_exact_dot(weights, _reach_numerators(rolls)[:, h]), total * ROLL_OUTCOMES**rolls)


def keep_to_reach(dice: Dice | str, announcement: Hand | str, rolls_left: int) -> Dice:
    """The dice to keep so as to hold ``announcement`` most likely in ``rolls_left`` rolls.

    Keeping all five means stop; among equally good keeps, the one keeping most dice.

    >>> keep_to_reach("66612", "four 6s", 2), keep_to_reach("12356", "small straight", 1)
    (Dice('666'), Dice('1235'))
    """
    dice = Dice.roll(dice)
    _check_rolls(rolls_left)
    if rolls_left == 0:
        return dice
    h = Hand.parse(announcement).rank
    w = _matmul(throw_chances(), _reach_numerators(rolls_left - 1)[:, h])
    options = _sub_keeps(dice)
    return KEEPS[options[int(np.argmax(w[options]))]]


def reach_table(start: Start = None, *, rules: BluffRules = BLUFF) -> pd.DataFrame:
    """Every announcement with its chance of being reached from ``start`` (see :func:`reach_probability`).

    >>> reach_table().loc["five 6s", "probability"] == (1 - Fraction(5, 6) ** 3) ** 5
    True
    """
    import pandas as pd

    rows = [(str(h), h.category, reach_probability(h, start, rules=rules)) for h in ALL_HANDS]
    table = pd.DataFrame(rows, columns=["announcement", "category", "probability"]).set_index("announcement")
    table["percent"] = [round(100 * float(p), 2) for p in table["probability"]]
    return table


# --- the hands of one roll ---------------------------------------------------------------------------
def hand_probability(hand: Hand | str) -> Fraction:
    """The chance that one roll of five dice reads exactly as ``hand``.

    >>> hand_probability("full house 3s over 6s"), hand_probability("small straight")
    (Fraction(5, 3888), Fraction(5, 324))
    """
    hand = Hand.parse(hand)
    return sum((Fraction(ways(d), ROLL_OUTCOMES) for d in ROLLS if best_hand(d) == hand), Fraction(0))


def hand_table(*, rules: BluffRules = BLUFF) -> pd.DataFrame:
    """Every hand, low to high: the chance of reading exactly so on one roll, of at least so on one
    roll, and of holding it after up to ``rules.opening_rolls`` rolls with the best keeping.

    >>> hand_table().loc["pair of 1s", ["one roll", "at least, one roll"]].tolist()
    [Fraction(25, 324), Fraction(76, 81)]
    """
    import pandas as pd

    exactly = [hand_probability(h) for h in ALL_HANDS]
    at_least = [sum(exactly[i:], Fraction(0)) for i in range(len(exactly))]
    rows = [
        (str(h), h.category, e, a, reach_probability(h, rules=rules))
        for h, e, a in zip(ALL_HANDS, exactly, at_least, strict=True)
    ]
    columns = ["hand", "category", "one roll", "at least, one roll", f"at least, {rules.opening_rolls} rolls"]
    return pd.DataFrame(rows, columns=columns).set_index("hand")


def category_probabilities() -> pd.DataFrame:
    """The chance of each category on one roll, with the count of the 7776 ordered rolls.

    >>> int(category_probabilities().loc["Full House", "ways"])
    300
    """
    import pandas as pd

    counts = dict.fromkeys(BLUFF_CATEGORIES, 0)
    for d in ROLLS:
        counts[best_hand(d).category] += ways(d)
    rows = [(c, n, Fraction(n, ROLL_OUTCOMES)) for c, n in counts.items()]
    return pd.DataFrame(rows, columns=["category", "ways", "probability"]).set_index("category")


# --- is the announcement true? --------------------------------------------------------------------------
def _check_throws(throws: Sequence[int], start: Start) -> tuple[int, ...]:
    throws = tuple(throws)
    for k in throws:
        if isinstance(k, bool) or not isinstance(k, int | np.integer) or not 1 <= k <= NUMBER_OF_DICE:
            raise DicePokerError(f"each throw is 1 to 5 dice, not {k!r} in {throws!r}")
    if start is None and (not throws or throws[0] != NUMBER_OF_DICE):
        raise DicePokerError(f"a fresh cup's first throw is all five dice, not {throws!r}")
    return tuple(int(k) for k in throws)


@cache
def _holds_after_throws(h: int, throws: tuple[int, ...]) -> np.ndarray:
    """Per starting roll, holding hand ``h`` (times ``(6**5)**len(throws)``) after throwing
    ``throws[0]``, ``throws[1]``, ... dice, each time keeping the best dice of the right number."""
    values = _hold_matrix()[:, h]
    for k in reversed(throws):
        values = _best_over_keeps(_matmul(throw_chances(), values)[:, None], NUMBER_OF_DICE - k)[:, 0]
    return values


def probability_holds(announcement: Hand | str, throws: Sequence[int] = (), start: Start = None) -> Fraction:
    """The chance that the cup holds ``announcement`` after the throws the table heard.

    The model: the announcer aimed at the announcement; each time she threw ``k`` dice she kept the
    ``5 - k`` dice that made it most likely. ``start`` is what the cup was before her turn:
    ``None`` (a fresh cup; the first throw is all five), dice the listener saw, or the previous
    announcement (believed: every roll that holds it, by its chance).

    >>> probability_holds("five 6s", throws=(1,), start="66665")
    Fraction(1, 6)
    >>> probability_holds("pair of 1s", throws=(5,))  # anything but "nothing"
    Fraction(76, 81)
    """
    h = Hand.parse(announcement).rank
    throws = _check_throws(throws, start)
    if start is None:
        values = _holds_after_throws(h, throws[1:])
        empty = throw_chances()[turn_table().keep_index[Dice()]]
        return Fraction(_exact_dot(empty, values), ROLL_OUTCOMES ** len(throws))
    weights, total = _start_weights(start)
    return Fraction(_exact_dot(weights, _holds_after_throws(h, throws)), total * ROLL_OUTCOMES ** len(throws))


def _rate(rate: Fraction | float) -> Fraction:
    """A rate as a fraction (a float such as 0.3 is read as the nearest simple fraction)."""
    return Fraction(rate).limit_denominator(10**6) if isinstance(rate, float) else Fraction(rate)


def bayes_update(prior: Fraction, bluff_rate: Fraction | float) -> Fraction:
    """Bayes' rule for an announcement: P(true | announced) from P(true) and the bluff rate.

    A holder of the hand announces it; a non-holder announces it anyway with chance ``bluff_rate``:
    ``P(true | announced) = p / (p + (1 - p) * bluff_rate)``.

    >>> bayes_update(Fraction(1, 3), Fraction(1, 2))
    Fraction(1, 2)
    """
    prior = Fraction(prior)
    b = (
        Fraction(bluff_rate).limit_denominator(10**6)
        if isinstance(bluff_rate, float)
        else Fraction(bluff_rate)
    )
    if not 0 <= prior <= 1 or not 0 <= b <= 1:
        raise DicePokerError(f"probabilities must lie in 0..1, not prior={prior}, bluff_rate={b}")
    evidence = prior + (1 - prior) * b
    return prior / evidence if evidence else Fraction(0)


def probability_true(
    announcement: Hand | str,
    throws: Sequence[int] = (),
    start: Start = None,
    *,
    bluff_rate: Fraction | float = Fraction(1, 2),
) -> Fraction:
    """How likely an announcement is true, given the public information (Bayes' rule).

    The prior is :func:`probability_holds` (what the cup was, how many dice were thrown); the
    evidence is the announcement itself, made by every holder and by a non-holder with chance
    ``bluff_rate``.

    >>> probability_true("full house 5s over 3s", throws=(1,), start="55331", bluff_rate=1)
    Fraction(1, 6)
    """
    return bayes_update(probability_holds(announcement, throws, start), bluff_rate)


def bayes_table(
    announcement: Hand | str,
    throws: Sequence[int] = (),
    start: Start = None,
    *,
    bluff_rate: Fraction | float = Fraction(1, 2),
) -> pd.DataFrame:
    """Bayes' rule as a table: prior, chance of the announcement, joint, posterior, for "true" and "bluff".

    >>> bayes_table("four 6s", (2,), "66612")["posterior"].tolist()
    [Fraction(22, 47), Fraction(25, 47)]
    """
    import pandas as pd

    p = probability_holds(announcement, throws, start)
    b = (
        Fraction(bluff_rate).limit_denominator(10**6)
        if isinstance(bluff_rate, float)
        else Fraction(bluff_rate)
    )
    joint = [p * 1, (1 - p) * b]
    evidence = sum(joint)
    rows = [
        ("true", p, Fraction(1), joint[0], joint[0] / evidence if evidence else Fraction(0)),
        ("bluff", 1 - p, b, joint[1], joint[1] / evidence if evidence else Fraction(0)),
    ]
    columns = ["cup", "prior", "P(announce | cup)", "joint", "posterior"]
    return pd.DataFrame(rows, columns=columns).set_index("cup")


def prior_and_posterior(
    announcement: Hand | str,
    situations: Mapping[str, tuple[Sequence[int], Start]],
    *,
    bluff_rate: Fraction | float = Fraction(1, 2),
) -> pd.DataFrame:
    """The prior and the posterior of an announcement in several situations, one row each, labelled.

    ``situations`` maps a label to ``(throws, start)``. The **prior** is the chance the cup holds
    the announcement (:func:`probability_holds`); the **posterior** the chance it is true once it
    has been announced (:func:`probability_true`, Bayes' rule).

    >>> prior_and_posterior("four 6s", {"Bo threw 1 die": ((1,), "66612")}).iloc[0].tolist()
    [Fraction(1, 6), Fraction(2, 7)]
    """
    import pandas as pd

    rows = {
        label: (
            probability_holds(announcement, throws, start),
            probability_true(announcement, throws, start, bluff_rate=bluff_rate),
        )
        for label, (throws, start) in situations.items()
    }
    columns = ["prior: P(the cup holds it)", "posterior: P(true | announced)"]
    frame = pd.DataFrame.from_dict(rows, orient="index", columns=columns)
    frame.index.name = f"who judges {str(announcement)!r}"
    return frame


# --- advice for the player holding the cup --------------------------------------------------------
def _keep_reach(dice: Dice, rolls_left: int) -> tuple[list[int], np.ndarray]:
    """The distinct keeps of ``dice`` and, for each, the numerators (over ``6**5 ** rolls_left``) of
    holding every hand at the end when playing on from that keep with the best keeping; keeping all
    five dice is stopping with them."""
    options = _sub_keeps(dice)
    w = _matmul(throw_chances()[options], _reach_numerators(rolls_left - 1))
    stop = options.index(turn_table().keep_index[dice])
    w[stop] = _hold_matrix()[turn_table().roll_index[dice]] * ROLL_OUTCOMES**rolls_left
    return options, w


def keep_prospects(
    dice: Dice | str, rolls_left: int, above: Hand | str | None = None, *, at_least: Fraction = Fraction(1, 2)
) -> pd.DataFrame:
    """Every distinct keep of ``dice`` with the highest hand it reaches with chance ``at_least`` or more.

    A hand is *reached* when the final dice hold it (its category and faces or better); ``above``
    counts only hands higher than the last announcement. Rows are ranked by what they reach, then by
    its chance: the first row is the keep to play. Keeping all five is stopping (or deciding later).

    >>> table = keep_prospects("22345", rolls_left=2)
    >>> table.iloc[0].tolist()
    ['2-3-4-5', 'small straight', Fraction(5, 9)]
    >>> table.loc[table["keep"] == "2-2-3-4-5", "reaches"].item()
    'pair of 2s'
    """
    import pandas as pd

    dice = Dice.roll(dice)
    _check_rolls(rolls_left)
    floor = -1 if above is None else Hand.parse(above).rank
    if rolls_left == 0:
        hand = best_hand(dice)
        rows = [("-".join(map(str, dice.values)), str(hand) if hand.rank > floor else "", Fraction(1))]
        return pd.DataFrame(rows, columns=["keep", "reaches", "chance"])
    options, w = _keep_reach(dice, rolls_left)
    scale = ROLL_OUTCOMES**rolls_left
    rows = []
    for keep_index, reach in zip(options, w, strict=True):
        good = [h for h in range(floor + 1, len(ALL_HANDS)) if Fraction(int(reach[h]), scale) >= at_least]
        keep = "-".join(map(str, KEEPS[keep_index].values)) or "nothing"
        if good:
            rows.append((keep, str(ALL_HANDS[good[-1]]), Fraction(int(reach[good[-1]]), scale), good[-1]))
        else:
            rows.append((keep, "", Fraction(0), -1))
    rows.sort(key=lambda row: (-row[3], -row[2]))
    return pd.DataFrame([row[:3] for row in rows], columns=["keep", "reaches", "chance"])


def survival_chances(dice: Dice | str, rolls_left: int, above: Hand | str | None = None) -> pd.DataFrame:
    """Each announcement (above ``above``) with the chance it survives a call: that the dice hold it
    at the end (it or better), playing for it with its best keep; the likeliest first, higher hands
    first on ties.

    >>> table = survival_chances("22345", rolls_left=2)
    >>> table.set_index("announcement").loc[["pair of 2s", "large straight"], "chance"].tolist()
    [Fraction(1, 1), Fraction(139, 324)]
    >>> table.set_index("announcement").loc["large straight", "keep"]  # full houses count too
    '2-2'
    """
    import pandas as pd

    dice = Dice.roll(dice)
    _check_rolls(rolls_left)
    floor = -1 if above is None else Hand.parse(above).rank
    rows = []
    for h in range(floor + 1, len(ALL_HANDS)):
        hand = ALL_HANDS[h]
        keep = keep_to_reach(dice, hand, rolls_left)
        chance = reach_probability(hand, start=dice, rolls=rolls_left)
        rows.append((str(hand), chance, "-".join(map(str, keep.values)) or "nothing", h))
    rows.sort(key=lambda row: (-row[1], -row[3]))
    return pd.DataFrame([row[:3] for row in rows], columns=["announcement", "chance", "keep"])
