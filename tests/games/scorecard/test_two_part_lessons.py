"""The lessons of the two-part game against independent computations: formulas, brute force, simulation."""

from fractions import Fraction
from itertools import combinations, product
from math import comb

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from solver_helpers import brute_force, session_cache_dir, solved  # noqa: F401

from dicepoker import DicePokerError, ScorecardGame, UnknownNameError, find_game, hint
from dicepoker.core.actions import Keep
from dicepoker.core.dice import Dice, all_keeps, all_rolls, reroll_distribution, roll_distribution
from dicepoker.core.stats import wilson_interval
from dicepoker.games.scorecard.analysis.lab import simulate, summarise
from dicepoker.games.scorecard.analysis.two_part import (
    NO_DOUBLE,
    face_count_distribution,
    part1_bonus_probability,
    part1_in_order_total_distribution,
    part1_result_distribution,
    part1_result_table,
    part1_total_distribution,
    settlement_table,
    simulate_part1,
    simulate_part1_bonus,
    stop_or_roll_on,
    stop_or_roll_on_summary,
    turn_policy,
)
from dicepoker.games.scorecard.bots import optimal_strategy, play_turn, simple_bot
from dicepoker.games.scorecard.engine import Score, TurnView
from dicepoker.games.scorecard.odds import score_distribution
from dicepoker.games.scorecard.solver.tables import dice_tables
from dicepoker.lessons.two_part_figures import (
    part1_results_figure,
    part1_total_figure,
    settlement_figure,
    stop_or_roll_on_figure,
)

TWO_PART = find_game("two_part")


def binomial(n, k, p):
    return comb(n, k) * p**k * (1 - p) ** (n - k)


def hit_chance(rolls):
    """A die rerolled until it shows the face, for ``rolls`` rolls at most."""
    return 1 - Fraction(5, 6) ** rolls


def cut_down(name, *box_names, **changes):
    """Two-part rules with only some boxes (no poker box unless Poker is one of them)."""
    poker = "Poker" if "Poker" in box_names else None
    return TWO_PART.variant(
        name=name, boxes=tuple(TWO_PART.box(n) for n in box_names), poker_box=poker, **changes
    )


# --- par: chasing one face -------------------------------------------------------------------------
@pytest.mark.parametrize("rolls", [1, 2, 3, 4])
def test_count_of_a_chased_face_is_binomial(rolls):
    q = hit_chance(rolls)
    assert face_count_distribution(rolls) == {k: binomial(5, k, q) for k in range(6)}


@pytest.mark.parametrize("box", [b.name for b in TWO_PART.upper_boxes])
def test_part1_result_is_count_minus_par_times_face(box):
    face = TWO_PART.box(box).face
    q = hit_chance(3)
    expected = {(k - 3) * face: binomial(5, k, q) for k in range(6)}
    assert part1_result_distribution(box) == expected == part1_result_distribution(face)
    assert part1_result_distribution(box) == score_distribution(box, "two_part")  # the turn odds' plan
    assert sum(expected.values()) == 1


def test_worked_examples_are_possible_results():
    assert {-5, 10} <= set(part1_result_distribution("Fives"))  # two fives, five fives
    assert part1_result_distribution("Sixes")[-18] == Fraction(5, 6) ** 15  # no sixes in 15 dice
    assert part1_result_distribution("Twos")[2] == binomial(5, 4, hit_chance(3))  # four twos
    assert max(part1_result_distribution("Sixes")) == 12  # the source's "10" is a slip


def test_par_and_rolls_are_read_from_the_rules():
    rules = TWO_PART.variant(par=2, rolls_per_turn=2)
    q = hit_chance(2)
    assert part1_result_distribution(4, rules) == {(k - 2) * 4: binomial(5, k, q) for k in range(6)}
    table = part1_result_table(rules)
    assert len(table) == 36 and sum(table["probability"]) == 6


def test_part1_in_order_is_the_sum_of_six_independent_chases():
    q = hit_chance(3)
    count = {k: binomial(5, k, q) for k in range(6)}
    expected = {}
    for counts in product(range(6), repeat=6):
        total = sum((c - 3) * face for face, c in enumerate(counts, 1))
        chance = 1
        for c in counts:
            chance *= count[c]
        expected[total] = expected.get(total, 0) + chance
    assert part1_in_order_total_distribution() == dict(sorted(expected.items()))


def test_part1_result_refusals():
    with pytest.raises(UnknownNameError):
        part1_result_distribution(7)
    with pytest.raises(DicePokerError, match="part-1"):
        part1_result_distribution("Pair")
    with pytest.raises(DicePokerError):
        part1_result_distribution(6, "bluff")


def test_part1_results_figure_shows_the_distributions():
    fig = part1_results_figure()
    assert [t.name for t in fig.data] == [b.name for b in TWO_PART.upper_boxes]
    for trace, box in zip(fig.data, TWO_PART.upper_boxes, strict=True):
        dist = part1_result_distribution(box.name)
        assert list(trace.x) == list(dist) and list(trace.y) == [float(p) for p in dist.values()]


# --- the part-1 bonus under optimal play -----------------------------------------------------------
def test_bonus_with_one_face_is_the_binomial_tail():
    """With Sixes alone, optimal play chases sixes: the bonus needs three of them."""
    rules = cut_down("sixes_only", "Sixes")
    solution = solved(rules)
    q = hit_chance(3)
    assert part1_bonus_probability(solution) == sum(binomial(5, k, q) for k in (3, 4, 5))
    assert part1_total_distribution(solution) == part1_result_distribution(6)


def brute_force_bonus(rules):
    """The chance of the part-1 bonus, by recursion over every roll and keep, choosing by brute-force values.

    Nothing of the solver is used: the values come from ``brute_force`` (the rules' own methods),
    and a choice is taken as the optimal bot takes it (a keep only when it is better than scoring
    now; the first best keep in keep order; the first best box in scorecard order).
    """
    future = brute_force(rules)
    rolls = all_rolls(5)
    chance = roll_distribution(5)
    order = {k: i for i, k in enumerate(all_keeps())}
    rerolls = {k: list(reroll_distribution(k).items()) for k in all_keeps() if len(k) < 5}
    keeps_in = {
        r: sorted({Dice(c) for n in range(5) for c in combinations(r.values, n)}, key=order.get)
        for r in rolls
    }
    tie = 1e-9
    memo = {}

    def bonus(filled):
        key = frozenset(filled.items())
        if key in memo:
            return memo[key]
        if all(b.name in filled for b in rules.upper_boxes):
            return Fraction(int(rules.upper_total(filled) >= rules.upper_bonus_threshold))

        def score(roll, first):
            best, value = None, -np.inf
            for box, points in rules.options(roll, filled, first).items():
                v = points + future[frozenset({**filled, box: points}.items())]
                if v > value + tie:
                    best, value = {**filled, box: points}, v
            return value, bonus(best)

        last = rules.rolls_per_turn - 1
        hold = {r: score(r, last == 0) for r in rolls}
        for rolls_left in range(1, last + 1):
            kept = {
                k: (sum(float(p) * hold[r][0] for r, p in out), sum(p * hold[r][1] for r, p in out))
                for k, out in rerolls.items()
            }
            new = {}
            for r in rolls:
                now = score(r, rolls_left == last)
                best = max(keeps_in[r], key=lambda k: kept[k][0])  # the first of the best
                new[r] = kept[best] if kept[best][0] > now[0] + tie else now
            hold = new
        memo[key] = sum(chance[r] * hold[r][1] for r in rolls)
        return memo[key]

    return bonus({})


@pytest.mark.parametrize(
    ("names", "changes"),
    [
        (("Fives", "Sixes", "Pair"), {}),
        (("Twos", "Sixes", "Chance"), {"par": 2, "upper_bonus_threshold": 3}),
    ],
)
def test_bonus_agrees_with_brute_force(names, changes):
    rules = cut_down("tiny_part1_" + "_".join(names), *names, **changes)
    exact = part1_bonus_probability(solved(rules))
    assert exact == brute_force_bonus(rules)
    assert 0 < exact < 1


@pytest.fixture(scope="module")
def two_part():
    return solved("two_part")


def test_part1_total_distribution_is_a_distribution(two_part):
    dist = part1_total_distribution(two_part)
    assert sum(dist.values()) == 1
    assert min(dist) >= -63 and max(dist) <= 42
    assert part1_bonus_probability(two_part) == sum(p for t, p in dist.items() if t >= 0)
    assert part1_bonus_probability() == part1_bonus_probability(two_part)  # solved or loaded by default


def test_bonus_chance_agrees_with_the_optimal_bot_in_the_real_engine(two_part):
    exact = part1_bonus_probability(two_part)
    estimate = simulate_part1_bonus(500, seed=5, solution=two_part)
    assert estimate.n == 500 and estimate.contains(exact)


def test_whole_games_of_the_optimal_bot_agree_with_the_solution(two_part):
    """End to end: the bot's average final score and bonus rate against the exact values."""
    games = simulate(optimal_strategy(two_part), games=150, seed=11, rules=TWO_PART)
    summary = summarise(games)
    assert summary["ci_low"] <= two_part.expected_score <= summary["ci_high"]
    bonus = wilson_interval(int((games["upper_bonus"] > 0).sum()), len(games))
    assert bonus.contains(part1_bonus_probability(two_part))


def test_turn_policy_is_the_optimal_bots_choice(two_part):
    """The forward pass reads the bot's choices from a table: they must be the bot's own, roll by roll."""
    bot = optimal_strategy(two_part)
    dt = dice_tables()
    rng = np.random.default_rng(4)
    part1 = [b.name for b in TWO_PART.upper_boxes]
    cards = [
        {},
        {"Sixes": -6, "Ones": 2},
        dict.fromkeys(part1[:5], -3),
        {**dict.fromkeys(part1, 0), "Pair": 8},
    ]
    for filled in cards:
        policy = turn_policy(two_part, filled)
        for r in rng.choice(len(dt.rolls), 40, replace=False):
            dice = dt.rolls[r]
            for stage in range(3):
                view = TurnView(TWO_PART, filled, dice, 2 - stage, stage == 0)
                choice = bot(view)
                k = policy.keep[stage, r]
                expected = (
                    Keep(dt.keeps[k])
                    if k >= 0
                    else Score(TWO_PART.boxes[policy.box[int(stage == 0), r]].name)
                )
                assert choice == expected, (filled, dice, stage)


def test_part1_simulation_plays_the_real_engine():
    df = simulate_part1(4, seed=2, strategy=simple_bot)
    names = [b.name for b in TWO_PART.upper_boxes]
    assert (df["part1_total"] == df[names].sum(axis=1)).all()
    assert (df["bonus"] == (df["part1_total"] >= 0)).all()
    assert df.equals(simulate_part1(4, seed=2, strategy=simple_bot))
    with pytest.raises(DicePokerError):
        simulate_part1(0)
    with pytest.raises(DicePokerError, match="part 1"):
        simulate_part1(2, strategy=simple_bot, rules="classic")


def test_part1_total_figure(two_part):
    sims = simulate_part1(5, seed=1, strategy=simple_bot)
    fig = part1_total_figure(two_part, simulated=sims, in_order=True)
    assert [sum(trace.y) for trace in fig.data] == pytest.approx([1, 1, 1])
    assert list(fig.data[2].x) == list(part1_in_order_total_distribution())


# --- the double ------------------------------------------------------------------------------------
def test_stop_or_roll_on_at_the_start_of_part_two(two_part):
    table = stop_or_roll_on(solution=two_part)
    filled = dict.fromkeys((b.name for b in TWO_PART.upper_boxes), 0)
    assert len(table) == 252 and sum(table["probability"]) == 1
    # the first roll's value is the better of the two, averaged over the rolls
    turn_value = sum(
        p * max(s, r) for p, s, r in zip(table["chance"], table["stop"], table["roll_on"], strict=True)
    )
    assert turn_value == pytest.approx(two_part.expected_final(filled), abs=1e-9)
    row = table.set_index("dice").loc["44444"]
    assert (row["box"], row["points"], row["doubled"], row["best"]) == ("Poker", 90, True, "stop")
    assert not table.loc[table["box"] == "Chance", "doubled"].any()
    assert (table.loc[table["doubled"], "group"] == table.loc[table["doubled"], "box"]).all()
    assert (table.loc[~table["doubled"], "group"] == NO_DOUBLE).all()


def test_stop_or_roll_on_agrees_with_the_hints(two_part):
    filled = {**dict.fromkeys((b.name for b in TWO_PART.upper_boxes), -2), "Pair": 10}
    table = stop_or_roll_on(filled, two_part).set_index("dice")
    for text in ("66631", "55552", "12345", "33366", "11246"):
        h = hint(TurnView(TWO_PART, filled, Dice.parse(text), 2, True), solution=two_part)
        row = table.loc[str(Dice.parse(text))]
        assert row["stop"] == pytest.approx(h.scores[0].expected, abs=1e-9)
        rolling = max(c.expected for c in h.keeps if len(c.action.dice) < 5)
        assert row["roll_on"] == pytest.approx(rolling, abs=1e-9)


def brute_force_first_roll(rules, filled):
    """(stop, roll on) for every first roll, from brute-force values (the rules' own methods only)."""
    future = brute_force(rules)
    rolls = all_rolls(5)
    rerolls = {k: list(reroll_distribution(k).items()) for k in all_keeps() if len(k) < 5}
    keeps_in = {r: {Dice(c) for n in range(5) for c in combinations(r.values, n)} for r in rolls}

    def score(roll, first):
        return max(
            p + future[frozenset({**filled, box: p}.items())]
            for box, p in rules.options(roll, filled, first).items()
        )

    def keep_values(hold):
        return {k: sum(float(p) * hold[r] for r, p in out) for k, out in rerolls.items()}

    last = {r: score(r, False) for r in rolls}
    second = keep_values(last)
    hold2 = {r: max(score(r, False), max(second[k] for k in keeps_in[r])) for r in rolls}
    first = keep_values(hold2)
    banked = rules.upper_total(filled) + rules.lower_total(filled)
    return {str(r): (banked + score(r, True), banked + max(first[k] for k in keeps_in[r])) for r in rolls}


@pytest.mark.slow  # brute force over every roll and keep (2 s)
def test_stop_or_roll_on_agrees_with_brute_force():
    rules = cut_down("tiny_double", "Sixes", "Pair", "Poker")
    filled = {"Sixes": 6}
    table = stop_or_roll_on(filled, solved(rules)).set_index("dice")
    for dice, (stop, roll_on) in brute_force_first_roll(rules, filled).items():
        assert table.loc[dice, "stop"] == pytest.approx(stop, abs=1e-9)
        assert table.loc[dice, "roll_on"] == pytest.approx(roll_on, abs=1e-9)


def test_stop_or_roll_on_summary_and_figure(two_part):
    table = stop_or_roll_on(solution=two_part)
    summary = stop_or_roll_on_summary(table)
    assert sum(summary["chance"]) == 1
    assert summary.loc["Poker", "stop chance"] == Fraction(6, 7776)  # always take five of a kind doubled
    for group, row in summary.iterrows():
        part = table[table["group"] == group]
        assert row["stop chance"] == sum(part.loc[part["best"] == "stop", "probability"], Fraction(0))
    fig = stop_or_roll_on_figure(table)
    assert sum(len(t.x) for t in fig.data) == int((table["group"] != NO_DOUBLE).sum())


def test_stop_or_roll_on_refusals(two_part):
    full = dict.fromkeys(TWO_PART.box_names, 0)
    with pytest.raises(DicePokerError, match="full"):
        stop_or_roll_on(full, two_part)
    with pytest.raises(DicePokerError, match="cannot happen"):
        stop_or_roll_on({"Pair": 4}, two_part)  # part 2 before part 1 is over


# --- the settlement --------------------------------------------------------------------------------
@given(st.lists(st.integers(-200, 500), min_size=1, max_size=8))
def test_settlement_sums_to_zero(totals):
    table = settlement_table(totals)
    assert sum(table["result"]) == 0
    mean = Fraction(sum(totals), len(totals))
    assert table["result"].tolist() == [t - mean for t in totals]
    assert all(isinstance(r, Fraction) for r in table["result"])


def test_settlement_of_a_played_game():
    game = ScorecardGame("two_part", players=["Ann", "Bo", "Cy"], seed=8)
    while not game.is_over:
        play_turn(game, simple_bot)
    table = settlement_table(game.totals(), game.player_names)
    assert table["result"].tolist() == game.settlement()
    assert list(table.index) == ["Ann", "Bo", "Cy"]
    fig = settlement_figure(game.totals(), game.player_names)
    mean = Fraction(sum(game.totals()), 3)
    assert list(fig.data[0].y) == [float(t - mean) for t in game.totals()]
    assert list(fig.data[0].customdata) == game.totals()


def test_settlement_refusals():
    for bad in ([], [10, 2.5], [True, 3]):
        with pytest.raises(DicePokerError):
            settlement_table(bad)
    with pytest.raises(DicePokerError, match="names"):
        settlement_table([1, 2], ["Ann"])
