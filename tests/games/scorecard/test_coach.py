"""The coach's report: every decision's loss against the solver's values, the grade, the exact luck split."""

from __future__ import annotations

import html
from fractions import Fraction

import numpy as np
import pytest

from dicepoker.core.errors import DicePokerError
from dicepoker.games.scorecard.bots import find_strategy, play_turn
from dicepoker.games.scorecard.coach import GradeScale, bot_losses, coach_report, grade_scale
from dicepoker.games.scorecard.coach_figures import expected_score_figure, loss_per_round_figure
from dicepoker.games.scorecard.engine import Keep, Score, ScorecardGame
from dicepoker.games.scorecard.hints import hint
from dicepoker.games.scorecard.solver.solve import solve


def played(game_name: str, bot: str, seed: int, players: int = 1) -> ScorecardGame:
    game = ScorecardGame(game_name, players=players, seed=seed)
    strategy, rng = find_strategy(bot), np.random.default_rng(seed)
    while not game.is_over:
        play_turn(game, strategy, rng)
    return game


def solver_loss(solution, decision) -> float:
    """The loss of a decision straight from the value table (not through the hints)."""
    rules, filled = solution.rules, decision.filled
    banked = rules.upper_total(filled) + rules.lower_total(filled) + decision.poker_bonus_points
    first = decision.roll == 1
    bonus = rules.poker_bonus_for(decision.positions, filled)
    boxes = {
        box: banked + points + bonus + solution.future_value({**filled, box: points})
        for box, points in rules.options(decision.positions, filled, first).items()
    }
    values = dict(boxes)
    if decision.rolls_left:
        turn = solution.turn(filled)
        for choice in [decision.choice, decision.best]:
            action = choice.action
            if isinstance(action, Keep) and len(action.dice) < 5:
                values[action] = banked + turn.keep_value(action.dice, decision.rolls_left)
        for keep in _keeps(decision.positions):
            values[Keep(keep)] = banked + turn.keep_value(keep, decision.rolls_left)
    values[Keep("".join(map(str, sorted(decision.positions))))] = max(boxes.values())
    chosen = decision.choice.action
    mine = values[chosen] if isinstance(chosen, Keep) else values[chosen.box]
    return max(values.values()) - mine


def _keeps(positions):
    from itertools import combinations

    from dicepoker.core.dice import Dice

    return {Dice(c) for n in range(5) for c in combinations(positions, n)}


@pytest.mark.parametrize("game_name", ["classic", "yahtzee", "two_part"])
def test_the_optimal_bot_loses_nothing_at_any_decision(game_name):
    for seed in (1, 2):
        report = coach_report(played(game_name, "optimal", seed), 0, grade=False)
        assert len(report.decisions) >= 15
        assert all(d.loss == 0 for d in report.decisions)
        assert report.total_loss == 0 and report.costliest(3) == []


@pytest.mark.parametrize("bot", ["greedy", "heuristic", "random"])
def test_every_other_bot_has_a_positive_mean_loss(bot):
    report = coach_report(played("classic", bot, 4), 0, grade=False)
    assert report.mean_loss > 0
    assert report.mean_loss == pytest.approx(sum(d.loss for d in report.decisions) / len(report.decisions))


@pytest.mark.parametrize("bot", ["heuristic", "random"])
def test_each_loss_matches_the_value_table_directly(bot):
    solution = solve("classic", progress=False)
    report = coach_report(played("classic", bot, 7), 0, solution=solution, grade=False)
    for d in report.decisions:
        assert d.loss == pytest.approx(solver_loss(solution, d), abs=1e-9)
        assert d.loss >= 0 and (d.loss == 0) == (d.choice.expected >= d.best.expected - 1e-9)


@pytest.mark.parametrize(
    "game_name, bot", [("classic", "heuristic"), ("two_part", "greedy"), ("yahtzee", "random")]
)
def test_luck_is_exactly_the_dice_minus_the_skill_lost(game_name, bot):
    game = played(game_name, bot, 11)
    report = coach_report(game, 0, grade=False)
    solution = solve(game_name, progress=False)
    assert report.start_expected == solution.expected_score
    assert report.final_score == game.totals()[0]
    dice = sum((s.change for s in report.steps if s.kind == "dice"), Fraction(0))
    decisions = sum((s.change for s in report.steps if s.kind == "decision"), Fraction(0))
    assert Fraction(report.final_score) - Fraction(report.start_expected) == dice + decisions  # exact
    assert -decisions == sum((Fraction(d.loss) for d in report.decisions), Fraction(0))
    luck = report.luck
    assert luck.dice_gave == float(dice) and luck.skill_lost == pytest.approx(report.total_loss)
    assert luck.total == pytest.approx(luck.dice_gave - luck.skill_lost, abs=1e-9)
    # the chain is contiguous: each step starts where the one before ended
    assert all(a.after == b.before for a, b in zip(report.steps, report.steps[1:], strict=False))


def test_decisions_are_the_players_keeps_and_boxes_only():
    game = played("classic", "heuristic", 5, players=2)
    for who in (0, 1):
        report = coach_report(game, who, grade=False)
        mine = [a for p, a in game.history if p == who]
        boxes = [a for a in mine if isinstance(a, Score)]
        assert [d.choice.action for d in report.decisions if d.kind == "box"] == boxes
        keeps = [a for a in mine if isinstance(a, Keep)]
        assert [d.choice.action for d in report.decisions if d.kind == "keep"] == keeps
        assert report.final_score == game.totals()[who] and report.player == game.player_names[who]


def test_a_roll_after_holding_dice_by_hand_is_a_keep_decision():
    game = ScorecardGame("classic", seed=3)
    game.roll()  # 1-2-2-2-5
    held = [i for i, v in enumerate(game.positions) if v == 2]
    for i in held:
        game.toggle_hold(i)
    game.roll()
    report = coach_report(game, grade=False)
    assert report.decisions[0].choice.action == Keep("222") and not report.is_over
    assert report.end_value == hint(game).best.expected  # the game goes on: the value of the position now


def test_a_report_from_a_save_file_is_the_report_of_the_live_game(tmp_path):
    game = played("two_part", "heuristic", 8, players=2)
    path = tmp_path / "game.json"
    game.save(path)
    live, loaded = coach_report(game, 1, grade=False), coach_report(path, 1, grade=False)
    assert live.table().equals(loaded.table()) and live.luck == loaded.luck


def test_costliest_decisions_and_the_table():
    report = coach_report(played("classic", "random", 2), 0, grade=False)
    top = report.costliest(3)
    assert len(top) == 3 and top[0].loss >= top[1].loss >= top[2].loss
    assert top[0].loss == max(d.loss for d in report.decisions)
    assert "expected final score" in top[0].better_move()
    table = report.table()
    assert len(table) == len(report.decisions) and table["loss"].sum() == pytest.approx(report.total_loss)
    assert (table["best expected"] - table["expected"]).round(9).equals(table["loss"].round(9))
    per_round = report.loss_per_round()
    assert len(per_round) == 15 and per_round["total"].sum() == pytest.approx(report.total_loss)


def test_html_view_and_figures():
    report = coach_report(played("classic", "heuristic", 3), 0)
    page = report._repr_html_()
    assert page.count('class="dp-coach-costly"') == 3 and "Grade: " in page
    assert html.escape(report.measures) in page
    assert page.count("<svg") >= 15  # five dice for each of the three costliest decisions
    losses = loss_per_round_figure(report)
    assert sum(sum(t.y) for t in losses.data) == pytest.approx(report.total_loss)
    path = expected_score_figure(report)
    assert path.data[0].y[0] == report.start_expected and path.data[0].y[-1] == report.final_score
    assert len(path.data[0].y) == len(report.steps) + 1


def test_grade_scale_comes_from_the_bots_measured_losses():
    scale = grade_scale("two_part", games=3, seed=2)
    df = bot_losses("two_part", bots=("optimal", "greedy", "heuristic"), games=3, seed=2)
    for bot in ("greedy", "heuristic"):
        rows = df[df["bot"] == bot]
        assert scale.bot_mean_loss[bot] == pytest.approx(rows["total loss"].sum() / rows["decisions"].sum())
        assert scale.bot_mean_loss[bot] > 0
    assert scale.bot_mean_loss["optimal"] == 0 and (df[df["bot"] == "optimal"]["total loss"] == 0).all()
    a, b, c = scale.thresholds
    assert a == pytest.approx(b / 2) and b == min(
        scale.bot_mean_loss["greedy"], scale.bot_mean_loss["heuristic"]
    )
    assert c == max(scale.bot_mean_loss["greedy"], scale.bot_mean_loss["heuristic"])
    assert [scale.grade(x) for x in (0.0, (a + b) / 2, (b + c) / 2, c + 1)] == ["A", "B", "C", "D"]
    assert len(scale.describe()) == 4


def test_the_grade_of_a_bots_game_follows_its_own_loss():
    scale = GradeScale("classic", {"optimal": 0.0, "greedy": 1.0, "heuristic": 2.0}, games=1, seed=0)
    report = coach_report(played("classic", "optimal", 1), 0, grade=False)
    assert scale.grade(report.mean_loss) == "A"
    assert coach_report(played("classic", "optimal", 1), 0).grade == "A"


def test_bot_losses_replay_from_their_seed():
    a = bot_losses("two_part", bots=("random",), games=2, seed=9)
    b = bot_losses("two_part", bots=("random",), games=2, seed=9)
    assert a.equals(b) and (a["mean loss"] > 0).all()


def test_a_table_of_bot_losses_changed_by_its_caller_leaves_the_next_one_alone():
    first = bot_losses("two_part", bots=("greedy",), games=2, seed=1)
    kept = first.copy()
    first["total loss"] = -1.0
    assert bot_losses("two_part", bots=("greedy",), games=2, seed=1).equals(kept)


def test_a_bots_games_do_not_depend_on_the_bots_asked_with_it():
    alone = bot_losses("two_part", bots=("random",), games=3, seed=6)
    together = bot_losses("two_part", bots=("greedy", "random"), games=3, seed=6)
    assert list(together["bot"]) == ["greedy", "random"] * 3 and list(together["game"]) == [0, 0, 1, 1, 2, 2]
    assert together[together["bot"] == "random"].reset_index(drop=True).equals(alone)


def test_the_grade_scales_games_are_played_once_for_the_lessons_table_too():
    """Lesson 08 and the class report ask for four bots after the grade scale's three: only the fourth
    bot's games are new."""
    from dicepoker.games.scorecard.coach import _bot_games

    _bot_games.cache_clear()
    grade_scale("two_part", games=2, seed=4)
    played_for_the_scale = _bot_games.cache_info().misses
    bot_losses("two_part", bots=("optimal", "greedy", "heuristic", "random"), games=2, seed=4)
    assert played_for_the_scale == 3 and _bot_games.cache_info().misses == 4


def test_a_game_that_does_not_replay_is_refused():
    game = played("two_part", "greedy", 1)
    game._cards[0]["Chance"] += 1  # a scorecard changed behind the engine's back
    with pytest.raises(DicePokerError, match="does not replay"):
        coach_report(game, grade=False)


def test_a_report_before_any_decision():
    game = ScorecardGame("classic", players=2, seed=1)
    report = coach_report(game, 1, grade=False)
    assert report.decisions == () and report.mean_loss == 0 and report.luck.total == 0
    assert coach_report(game, 1).grade is None  # no decision, no grade
    with pytest.raises(DicePokerError, match="no player 'Zoe'"):
        coach_report(game, "Zoe")
    assert np.isclose(report.start_expected, solve("classic", progress=False).expected_score)
