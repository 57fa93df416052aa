"""Lessons of the two-part game (RULES.md Game 2): par, the part-1 bonus, the double, the settlement.

* **Par:** chasing one face for a turn (keep every die showing it, roll the rest, three rolls),
  the exact distribution of the part-1 result (count - 3) x face: :func:`part1_result_distribution`.
* **The bonus:** the exact chance that a player following the optimal strategy ends part 1 at
  0 or more (a forward pass of the state distribution through part 1's six turns, every choice
  read from the solver's value table): :func:`part1_bonus_probability`, checked by simulation
  (:func:`simulate_part1_bonus`).
* **The double:** after the first roll, is it better to score now (doubled) or to roll on?
  :func:`stop_or_roll_on` answers for every first roll.
* **The settlement:** each total minus the mean, exact; the results sum to zero:
  :func:`settlement_table`.

>>> d = part1_result_distribution(6)
>>> d[12] == (Fraction(91, 216)) ** 5, sum(d.values())  # five sixes: +12
(True, Fraction(1, 1))
>>> settlement_table([150, 171, 200], ["Ann", "Bo", "Cy"])["result"].tolist()  # the mean is 521/3
[Fraction(-71, 3), Fraction(-8, 3), Fraction(79, 3)]

The figures are in :mod:`dicepoker.lessons.two_part_figures`.
"""

from __future__ import annotations

import weakref
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Any

import numpy as np
import pandas as pd

from dicepoker.core.dice import NUMBER_OF_DICE
from dicepoker.core.errors import DicePokerError, UnknownNameError
from dicepoker.core.i18n import display_name, format_message
from dicepoker.core.pictures import signed
from dicepoker.core.randomness import game_seeds
from dicepoker.core.stats import Estimate, wilson_interval
from dicepoker.core.turn import ROLL_OUTCOMES, turn_table
from dicepoker.games.scorecard.analysis.lab import not_a_number_of_games, scorecard_rules
from dicepoker.games.scorecard.bots import play_turn
from dicepoker.games.scorecard.engine import ScorecardGame, TurnView
from dicepoker.games.scorecard.rules import Box, JokerRule, ScorecardRules, settlement_of
from dicepoker.games.scorecard.solver.layout import KEEP_ALL_OFFSET
from dicepoker.games.scorecard.solver.solution import Solution, turn_values
from dicepoker.games.scorecard.solver.solve import solve
from dicepoker.games.scorecard.solver.tables import dice_tables, rule_tables

TIE = 1e-9  # the optimal bot's tolerance: a keep must beat scoring now by more than this
NO_DOUBLE = "no double"  # the group of first rolls whose best score now is not a doubled one


def _supported(rules: ScorecardRules) -> ScorecardRules:
    """The turn policy reads plain boxes: no joker, no poker bonus to track (as in ``two_part``)."""
    if rules.joker is not JokerRule.NONE or rule_tables(rules).n_bits != 1:
        raise DicePokerError(
            format_message(
                "rule set {name} has a joker or a poker bonus: these lessons follow games without them, "
                "like {example}",
                name=repr(rules.name),
                example="'two_part'",
            )
        )
    return rules


def _part1_rules(rules: ScorecardRules) -> ScorecardRules:
    if not rules.upper_first or not rules.upper_boxes:
        raise DicePokerError(
            format_message(
                "rule set {name} has no part 1 played first: the part-1 lessons need a game like "
                "{example}, whose face boxes are all filled before any other box",
                name=repr(rules.name),
                example="'two_part'",
            )
        )
    return _supported(rules)


# --- par: chasing one face ----------------------------------------------------------------------
def _face_box(rules: ScorecardRules, face: int | str) -> Box:
    if isinstance(face, str):
        box = rules.box(face)
    else:
        found = [b for b in rules.upper_boxes if b.face == face and not isinstance(face, bool)]
        if not found:
            faces = ", ".join(str(b.face) for b in rules.upper_boxes)
            raise UnknownNameError(
                format_message(
                    "no part-1 box for face {face} in {name}; the faces are {faces}",
                    face=repr(face),
                    name=repr(rules.name),
                    faces=faces,
                )
            )
        box = found[0]
    if box.section != "upper":
        raise DicePokerError(
            format_message(
                "{box} is not a part-1 (face) box of {name}",
                box=repr(display_name("box", box.name)),
                name=repr(rules.name),
            )
        )
    return box


def face_count_distribution(rolls: int = 3, dice: int = NUMBER_OF_DICE) -> dict[int, Fraction]:
    """The chance of ending with 0..5 dice of a chosen face, keeping every one of it (a Markov chain).

    The state is the number of dice showing the face; each roll rerolls the others, each of which
    shows the face with chance 1/6.

    >>> face_count_distribution(1)[5], face_count_distribution(3)[0] == Fraction(5, 6) ** 15
    (Fraction(1, 7776), True)
    """
    if isinstance(rolls, bool) or not isinstance(rolls, int) or rolls < 1:
        raise DicePokerError(format_message("a turn has at least one roll, not {rolls}", rolls=repr(rolls)))
    return dict(_face_counts(rolls, dice))


@cache
def _face_counts(rolls: int, dice: int) -> tuple[tuple[int, Fraction], ...]:
    state = {0: Fraction(1)}
    for _ in range(rolls):
        after: dict[int, Fraction] = {}
        for held, p in state.items():
            free = dice - held
            for hits in range(free + 1):
                chance = _binomial(free, hits, Fraction(1, 6))
                after[held + hits] = after.get(held + hits, Fraction(0)) + p * chance
        state = after
    return tuple(sorted(state.items()))


def _binomial(n: int, k: int, p: Fraction) -> Fraction:
    from math import comb

    return comb(n, k) * p**k * (1 - p) ** (n - k)


def part1_result_distribution(
    face: int | str, rules: ScorecardRules | str = "two_part"
) -> dict[int, Fraction]:
    """The exact distribution of a part-1 result, (count - par) x face, when chasing that face.

    The turn keeps every die showing the face and rerolls the rest, for all the rules' rolls.
    ``face`` is 1..6 or a box name such as ``"Sixes"``.

    >>> d = part1_result_distribution("Fives")
    >>> list(d), d[0] == 10 * Fraction(91, 216) ** 3 * Fraction(125, 216) ** 2  # par: three fives
    ([-15, -10, -5, 0, 5, 10], True)
    """
    rules = scorecard_rules(rules)
    box = _face_box(rules, face)
    counts = face_count_distribution(rules.rolls_per_turn)
    result: dict[int, Fraction] = {}
    for count, p in counts.items():
        points = (count - rules.par) * box.face
        result[points] = result.get(points, Fraction(0)) + p
    return dict(sorted(result.items()))


def part1_result_table(rules: ScorecardRules | str = "two_part") -> pd.DataFrame:
    """Every part-1 box's results when chasing its face: count, result, exact chance, chance.

    >>> t = part1_result_table()
    >>> t[(t["box"] == "Twos") & (t["count"] == 4)]["result"].item()
    2
    """
    rules = scorecard_rules(rules)
    counts = face_count_distribution(rules.rolls_per_turn)
    rows = [
        {
            "box": box.name,
            "face": box.face,
            "count": count,
            "result": (count - rules.par) * box.face,
            "probability": p,
            "chance": float(p),
        }
        for box in rules.upper_boxes
        for count, p in counts.items()
    ]
    return pd.DataFrame(rows)


def part1_in_order_total_distribution(rules: ScorecardRules | str = "two_part") -> dict[int, Fraction]:
    """The part-1 total of a player who chases Ones in the first turn, Twos in the second, and so on.

    The six results are independent, so the distribution of their sum is the convolution of the
    six :func:`part1_result_distribution`\\ s: a baseline that shows what choosing the box after
    the turn (as optimal play does) is worth.

    >>> d = part1_in_order_total_distribution()
    >>> sum(d.values()), sum(t * p for t, p in d.items()) == 21 * (5 * Fraction(91, 216) - 3)
    (Fraction(1, 1), True)
    """
    rules = _part1_rules(scorecard_rules(rules))
    total = {0: Fraction(1)}
    for box in rules.upper_boxes:
        step: dict[int, Fraction] = {}
        for points, p in part1_result_distribution(box.name, rules).items():
            for before, q in total.items():
                step[before + points] = step.get(before + points, Fraction(0)) + p * q
        total = step
    return dict(sorted(total.items()))


# --- the optimal policy of one part-1 turn, exactly as the optimal bot plays it -------------------
@dataclass(frozen=True, eq=False)
class _DiceArrays:
    inside: np.ndarray  # (252, 31) keeps inside each roll, not all five, in the bot's order, padded
    valid: np.ndarray  # (252, 31) which entries of ``inside`` are real
    transition: np.ndarray  # (462, 252) 6^5 x P(keep -> roll), integers
    ways: np.ndarray  # (252,) ordered outcomes of each roll (sums to 6^5)


@cache
def _dice_arrays() -> _DiceArrays:
    dt = dice_tables()
    inside = [k[k != KEEP_ALL_OFFSET + r] for r, k in enumerate(dt.keeps_in_roll)]
    width = max(len(k) for k in inside)
    padded = np.zeros((len(inside), width), dtype=np.int64)
    valid = np.zeros((len(inside), width), dtype=bool)
    for r, k in enumerate(inside):
        padded[r, : len(k)] = k
        valid[r, : len(k)] = True
    t = turn_table()
    return _DiceArrays(padded, valid, t.transition, t.roll_ways)


@dataclass(frozen=True, eq=False)
class TurnPolicy:
    """What the optimal bot does in one turn of one state, for every roll at every stage.

    ``keep[i, r]``: after roll ``i + 1`` showing roll ``r``, the keep index it rerolls from, or -1
    when it scores; ``box[first, r]``: the box it scores roll ``r`` in (``first``: a first-roll score).
    """

    keep: np.ndarray
    box: np.ndarray


def turn_policy(solution: Solution, filled: Mapping[str, int]) -> TurnPolicy:
    """The optimal bot's choice for every roll of a turn starting with ``filled`` (ties as it breaks them).

    >>> from dicepoker.core.dice import Dice
    >>> s = solve("two_part", progress=False)
    >>> p = turn_policy(s, {})
    >>> dice_tables().keeps[p.keep[0, dice_tables().roll_index[Dice.parse("66612")]]]
    Dice('666')
    """
    t = solution.tables
    _supported(solution.rules)
    mask, bit, u = t.state(filled)
    solution.future_value(filled)  # refuses a scorecard the rules never produce
    return _turn_policy(solution, mask, bit, u, solution.rules.upper_total(filled))


def _turn_policy(solution: Solution, mask: int, bit: int, u: int, true_upper: int) -> TurnPolicy:
    t, rules, dt, arrays = solution.tables, solution.rules, dice_tables(), _dice_arrays()
    rolls = rules.rolls_per_turn
    values = turn_values(t, solution.values, mask, bit, u)
    # the box: the first box in scorecard order whose value beats the best so far by more than TIE
    legal = [b for b, box in enumerate(rules.boxes) if not (mask >> b) & 1 and _allowed(rules, mask, box)]
    boxes = np.full((2, len(dt.rolls)), -1, dtype=np.int64)
    for first in range(2):
        best = np.full(len(dt.rolls), -np.inf)
        for b in legal:
            points = t.scores[first, b]
            after = mask | (1 << b)
            if t.box_upper[b]:
                nxt = np.clip(true_upper + points, t.u_lo, t.u_hi) - t.u_lo
                value = points + solution.values[after, bit, nxt]
            else:
                value = points + solution.values[after, bit, u - t.u_lo]
            better = value > best + TIE
            boxes[first] = np.where(better, b, boxes[first])
            best = np.where(better, value, best)
    keeps = np.full((rolls, len(dt.rolls)), -1, dtype=np.int64)
    rows = np.arange(len(dt.rolls))
    for stage in range(rolls - 1):
        rolls_left, first = rolls - 1 - stage, int(stage == 0)
        options = np.where(arrays.valid, values.keep[rolls_left][arrays.inside], -np.inf)
        choice = options.argmax(axis=1)
        rolls_on = options[rows, choice] > values.score[first] + TIE
        keeps[stage] = np.where(rolls_on, arrays.inside[rows, choice], -1)
    return TurnPolicy(keeps, boxes)


def _allowed(rules: ScorecardRules, mask: int, box: Box) -> bool:
    """Whether a box may be scored with ``mask`` filled: part 2 waits for part 1 where the rules say so."""
    if not rules.upper_first or box.section == "upper":
        return True
    upper_mask = sum(1 << b for b, other in enumerate(rules.boxes) if other.section == "upper")
    return mask & upper_mask == upper_mask


def _turn_outcomes(solution: Solution, mask: int, u: int, true_upper: int) -> dict[tuple[int, int], int]:
    """(box, count of its face) -> weight over 6^(5 x rolls): how a part-1 turn of the bot ends."""
    rules, dt, arrays = solution.rules, dice_tables(), _dice_arrays()
    rolls = rules.rolls_per_turn
    policy = _turn_policy(solution, mask, 0, u, true_upper)
    exact_int64 = 6 ** (NUMBER_OF_DICE * rolls) < 2**62
    mass = arrays.ways.astype(np.int64 if exact_int64 else object)
    transition = arrays.transition if exact_int64 else arrays.transition.astype(object)
    ended = np.zeros(len(rules.boxes) * 7, dtype=mass.dtype)  # index: box x 7 + count of its face
    for stage in range(rolls):
        scoring = (policy.keep[stage] < 0) & (mass != 0)
        box = policy.box[int(stage == 0), scoring]
        count = dt.counts[np.flatnonzero(scoring), solution.tables.box_face[box]]
        np.add.at(ended, box * 7 + count, mass[scoring] * 6 ** (NUMBER_OF_DICE * (rolls - 1 - stage)))
        if stage < rolls - 1:
            going = (policy.keep[stage] >= 0) & (mass != 0)
            mass = (mass[going, None] * transition[policy.keep[stage, going]]).sum(axis=0)
    return {(int(i) // 7, int(i) % 7): int(ended[i]) for i in np.flatnonzero(ended)}


_FORWARD: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _solution(solution: Solution | None, rules: ScorecardRules | str) -> Solution:
    if solution is None:
        return solve(scorecard_rules(rules), progress=False)
    if not isinstance(solution, Solution):
        raise DicePokerError(
            format_message(
                "solution must be what {solve} returns, not {solution}",
                solve="solve()",
                solution=repr(solution),
            )
        )
    return solution


def part1_total_distribution(
    solution: Solution | None = None, rules: ScorecardRules | str = "two_part"
) -> dict[int, Fraction]:
    """The exact distribution of the part-1 total of a player who plays optimally (as the optimal bot).

    A forward pass: the chance of every state (filled part-1 boxes, part-1 total) is carried
    through part 1's turns; in each turn every roll's keep and box are the optimal choices read
    from the solver's value table. ``solution`` defaults to ``solve(rules)`` (cached).
    """
    solution = _solution(solution, rules)
    if solution not in _FORWARD:
        _FORWARD[solution] = _forward_pass(solution)
    return dict(_FORWARD[solution])


def _forward_pass(solution: Solution) -> dict[int, Fraction]:
    rules = _part1_rules(solution.rules)
    t = solution.tables
    upper = [b for b, box in enumerate(rules.boxes) if box.section == "upper"]
    states: dict[tuple[int, int], int] = {(0, 0): 1}  # (filled mask, true part-1 total) -> weight
    per_turn = 6 ** (NUMBER_OF_DICE * rules.rolls_per_turn)
    for _ in upper:
        after: dict[tuple[int, int], int] = {}
        for (mask, total), weight in states.items():
            for (b, count), w in _turn_outcomes(solution, mask, t.clip(total), total).items():
                key = (mask | (1 << b), total + (count - rules.par) * rules.boxes[b].face)
                after[key] = after.get(key, 0) + weight * w
        states = after
    denominator = per_turn ** len(upper)
    result: dict[int, int] = {}
    for (_, total), weight in states.items():
        result[total] = result.get(total, 0) + weight
    return {total: Fraction(w, denominator) for total, w in sorted(result.items())}


def part1_bonus_probability(
    solution: Solution | None = None, rules: ScorecardRules | str = "two_part"
) -> Fraction:
    """The exact chance that optimal play earns the part-1 bonus (a part-1 total of at least 0).

    >>> s = solve("two_part", progress=False)
    >>> p = part1_bonus_probability(s)
    >>> round(float(p), 4)
    0.37
    """
    solution = _solution(solution, rules)
    threshold = solution.rules.upper_bonus_threshold
    return sum(
        (p for total, p in part1_total_distribution(solution).items() if total >= threshold), Fraction(0)
    )


def simulate_part1(
    games: int = 1000,
    seed: int | None = 0,
    solution: Solution | None = None,
    rules: ScorecardRules | str = "two_part",
    strategy: Any = None,
) -> pd.DataFrame:
    """Play part 1 (the face boxes) of ``games`` seeded solitaire games with the real engine.

    The player is the optimal bot (from ``solution``) unless ``strategy`` is given. One row per
    game: the part-1 total, whether it earns the bonus, and each face box.

    >>> df = simulate_part1(3, seed=1, strategy="heuristic")
    >>> list(df.columns[:2]), len(df)
    (['part1_total', 'bonus'], 3)
    """
    from dicepoker.games.scorecard.bots import as_strategy, optimal_strategy

    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise DicePokerError(not_a_number_of_games(games))
    if strategy is None:
        solution = _solution(solution, rules)
        rules, player = solution.rules, optimal_strategy(solution)
    else:
        rules, player = scorecard_rules(rules), as_strategy(strategy)
    _part1_rules(rules)
    rows = []
    for child in game_seeds(seed, games):
        game = ScorecardGame(rules, rng=child)
        choices = np.random.default_rng(
            child.spawn(1)[0]
        )  # the player's own stream; the dice are ``child``'s
        for _ in rules.upper_boxes:
            play_turn(game, player, choices)
        card = game.scorecard(0)
        total = rules.upper_total(card)
        rows.append({"part1_total": total, "bonus": total >= rules.upper_bonus_threshold, **dict(card)})
    return pd.DataFrame(rows, index=pd.RangeIndex(games, name="game"))


def simulate_part1_bonus(
    games: int = 1000,
    seed: int | None = 0,
    solution: Solution | None = None,
    rules: ScorecardRules | str = "two_part",
) -> Estimate:
    """The optimal bot's part-1 bonus rate in seeded games, with its 95% (Wilson) interval.

    >>> e = simulate_part1_bonus(20, seed=3)
    >>> e.n, e.low <= e.value <= e.high
    (20, True)
    """
    df = simulate_part1(games, seed, solution, rules)
    return wilson_interval(int(df["bonus"].sum()), len(df))


# --- the double: stop after the first roll, or roll on? -----------------------------------------
def _start_of_part2(rules: ScorecardRules) -> dict[str, int]:
    return {b.name: 0 for b in rules.upper_boxes} if rules.upper_first else {}


def stop_or_roll_on(
    filled: Mapping[str, int] | None = None,
    solution: Solution | None = None,
    rules: ScorecardRules | str = "two_part",
) -> pd.DataFrame:
    """Every first roll of a turn: the expected final score of scoring now (doubled) vs rolling on.

    ``filled`` is the player's scorecard at the start of the turn (default: the start of part 2,
    every part-1 box at par). One row per first roll, all from the optimal strategy:
    ``dice``, ``probability`` (exact), ``chance``, ``box`` (the best box to score now),
    ``points`` (what it scores now, doubled where it doubles), ``doubled``, ``stop`` (the expected
    final score after scoring it now), ``keep`` (the best dice to keep), ``roll_on`` (the expected
    final score after that keep), ``gain`` (stop - roll on), ``best`` ("stop" or "roll on") and
    ``group`` (the doubled box, or "no double").

    >>> t = stop_or_roll_on()
    >>> row = t.set_index("dice").loc["44444"]
    >>> row["box"], int(row["points"]), row["best"]
    ('Poker', 90, 'stop')
    """
    from dicepoker.games.scorecard.hints import score_values

    solution = _solution(solution, rules)
    rules = solution.rules
    filled = dict(_start_of_part2(rules) if filled is None else filled)
    if len(filled) >= len(rules.boxes):
        raise DicePokerError(format_message("the scorecard is full: there is no turn left to play"))
    if rules.rolls_per_turn < 2:
        raise DicePokerError(
            format_message(
                "{name} has one roll a turn: there is nothing to roll on with", name=repr(rules.name)
            )
        )
    turn = solution.turn(filled)  # refuses a scorecard the rules never produce
    dt, arrays = dice_tables(), _dice_arrays()
    banked = rules.upper_total(filled) + rules.lower_total(filled)
    rolls_left = rules.rolls_per_turn - 1
    rows = []
    for r, dice in enumerate(dt.rolls):
        best_box, best_points, best_value = "", 0, -np.inf
        for box, points, bonus, value in score_values(
            solution, TurnView(rules, filled, dice, rolls_left, True)
        ):
            if value > best_value + TIE:
                best_box, best_points, best_value = box, points + bonus, value
        options = np.where(arrays.valid[r], turn.keep[rolls_left][arrays.inside[r]], -np.inf)
        k = int(options.argmax())
        doubled = (
            rules.box(best_box).doubles and rules.first_roll_multiplier != 1 and rules.stands(best_box, dice)
        )
        stop, roll_on = banked + best_value, banked + float(options[k])
        rows.append(
            {
                "dice": str(dice),
                "probability": Fraction(int(arrays.ways[r]), ROLL_OUTCOMES),
                "chance": int(arrays.ways[r]) / ROLL_OUTCOMES,
                "box": best_box,
                "points": best_points,
                "doubled": bool(doubled),
                "stop": stop,
                "keep": str(dt.keeps[arrays.inside[r, k]]) or "nothing",
                "roll_on": roll_on,
                "gain": stop - roll_on,
                "best": "roll on" if roll_on > stop + TIE else "stop",
                "group": best_box if doubled else NO_DOUBLE,
            }
        )
    frame = pd.DataFrame(rows)
    frame.attrs.update(filled=filled, rules=rules.name)
    return frame


def stop_or_roll_on_summary(table: pd.DataFrame | None = None) -> pd.DataFrame:
    """The first rolls grouped by their best doubled box: how likely, how often to stop, from how many points.

    Columns: ``chance`` (exact: a first roll's best score now is this doubled box), ``stop chance``
    (exact: it is, and stopping is best), ``stop share`` (of the group), ``stop from`` (the fewest
    points at which stopping is best) and ``roll on up to`` (the most points at which rolling on is).

    >>> s = stop_or_roll_on_summary()
    >>> float(s.loc["Poker", "stop share"])
    1.0
    """
    table = stop_or_roll_on() if table is None else table
    rows = {}
    order = [*(b for b in dict.fromkeys(table["group"]) if b != NO_DOUBLE), NO_DOUBLE]
    for group in order:
        part = table[table["group"] == group]
        if part.empty:
            continue
        stops = part[part["best"] == "stop"]
        rolls_on = part[part["best"] == "roll on"]
        chance = sum(part["probability"], Fraction(0))
        stop_chance = sum(stops["probability"], Fraction(0))
        rows[group] = {
            "first rolls": len(part),
            "chance": chance,
            "stop chance": stop_chance,
            "stop share": float(stop_chance / chance),
            "stop from": int(stops["points"].min()) if len(stops) else None,
            "roll on up to": int(rolls_on["points"].max()) if len(rolls_on) else None,
        }
    frame = pd.DataFrame.from_dict(rows, orient="index").rename_axis("best doubled box")
    for column in ("stop from", "roll on up to"):
        frame[column] = frame[column].astype("Int64")
    return frame


# --- the settlement: a lesson on the mean -------------------------------------------------------
def settlement_table(totals: Sequence[int], names: Sequence[str] | None = None) -> pd.DataFrame:
    """Each player's total, the mean and the settlement (total - mean), exact; the results sum to zero.

    >>> t = settlement_table([120, 150])
    >>> t["result"].tolist(), sum(t["result"])
    ([Fraction(-15, 1), Fraction(15, 1)], Fraction(0, 1))
    """
    totals = list(totals)
    if not totals:
        raise DicePokerError(format_message("a settlement needs at least one player's total"))
    for total in totals:
        if isinstance(total, bool) or not isinstance(total, int | np.integer):
            raise DicePokerError(
                format_message(
                    "a total must be a whole number of points, not {total} in {totals}",
                    total=repr(total),
                    totals=repr(totals),
                )
            )
    names = [f"Player {i}" for i in range(1, len(totals) + 1)] if names is None else list(names)
    if len(names) != len(totals):
        raise DicePokerError(
            format_message(
                "{names} names for {totals} totals: give one name per total",
                names=len(names),
                totals=len(totals),
            )
        )
    totals = [int(t) for t in totals]
    results = settlement_of(totals)
    mean = Fraction(sum(totals), len(totals))
    frame = pd.DataFrame(
        {
            "total": totals,
            "mean": [mean] * len(totals),
            "result": results,
            "settles": [signed(r) for r in results],
        },
        index=pd.Index(names, name="player"),
    )
    frame.attrs["mean"] = mean
    return frame
