"""Hints: every choice ranked by expected final score, consistent with the value table."""

from __future__ import annotations

import numpy as np
import pytest
from solver_helpers import TINY, brute_force, session_cache_dir, solved  # noqa: F401

from dicepoker import IllegalActionError, find_game
from dicepoker.core.actions import Keep, Roll
from dicepoker.core.dice import Dice, all_rolls, reroll_distribution, roll_distribution
from dicepoker.games.scorecard.analysis.lab import play_game
from dicepoker.games.scorecard.engine import Score, ScorecardGame, TurnView
from dicepoker.games.scorecard.hints import Hint, hint
from dicepoker.games.scorecard.solver.solve import solve


def banked(rules, filled, bonus_points=0):
    return rules.upper_total(filled) + rules.lower_total(filled) + bonus_points


def scorecards_from_play(rules, seed, turns=(0, 4, 9)):
    """Scorecards met at the start of some turns of a game played by the heuristic."""
    game = play_game("heuristic", rules, rng=seed)
    order = [a.box for _, a in game.history if isinstance(a, Score)]
    final = game.scorecard(0)
    return [{box: final[box] for box in order[:t]} for t in turns]


@pytest.mark.parametrize("game", ["yahtzee", "two_part"])
def test_best_choices_after_the_first_roll_average_to_the_state_value(game):
    rules = find_game(game)
    solution = solved(rules)
    for filled in scorecards_from_play(rules, seed=3):
        average = 0.0
        for dice, p in roll_distribution(5).items():
            view = TurnView(rules, filled, dice, rules.rolls_per_turn - 1, True)
            average += float(p) * hint(view, solution=solution).best.expected
        assert average == pytest.approx(solution.expected_final(filled), abs=1e-9)


def test_keep_values_are_averages_of_the_best_choices_one_roll_later():
    rules = find_game("yahtzee")
    solution = solved(rules)
    filled = {"Sixes": 24, "Chance": 22, "Yahtzee": 50}
    for rolls_left, dice in [(2, "66612"), (1, "34561"), (2, "22222")]:
        h = hint(TurnView(rules, filled, Dice.parse(dice), rolls_left, rolls_left == 2), solution=solution)
        for choice in h.keeps[:6] + h.keeps[-3:]:
            kept = choice.action.dice
            if len(kept) == 5:  # "stop": as good as the best box now
                assert choice.expected == pytest.approx(h.scores[0].expected)
                continue
            later = sum(
                float(p)
                * hint(
                    TurnView(rules, filled, result, rolls_left - 1, False), solution=solution
                ).best.expected
                for result, p in reroll_distribution(kept).items()
            )
            assert choice.expected == pytest.approx(later, abs=1e-9)


@pytest.mark.parametrize(
    "name", ["classic joker and bonuses", "free joker", "two_part par, order and doubles"]
)
def test_box_values_match_brute_force(name):
    rules = TINY[name]
    exact = brute_force(rules)
    solution = solve(rules, progress=False, cache=False)
    for filled in [{}, *[dict(card) for card in exact if 0 < len(card) < len(rules.boxes)][:12]]:
        for dice in all_rolls()[::7] + (Dice.parse("22222"), Dice.parse("33333"), Dice.parse("66666")):
            for first in (False, True):
                h = hint(TurnView(rules, filled, dice, 0, first), solution=solution)
                bonus = rules.poker_bonus_for(dice, filled)
                for box, points in rules.options(dice, filled, first).items():
                    after = frozenset({**filled, box: points}.items())
                    want = banked(rules, filled) + points + bonus + exact[after]
                    assert h.choice(Score(box)).expected == pytest.approx(want, abs=1e-9)


def test_kernel_turn_values_agree_with_rules_options_in_joker_positions():
    rules = find_game("yahtzee")
    solution = solved(rules)
    cards = [{}, {"Yahtzee": 50}, {"Yahtzee": 50, "Sixes": 18, "Fours": 12}, {"Yahtzee": 0, "Twos": 6}]
    for filled in cards:
        turn = solution.turn(filled)
        for r, dice in enumerate(all_rolls()):
            h = hint(TurnView(rules, filled, dice, 0, False), solution=solution)
            assert h.best.expected - banked(rules, filled) == pytest.approx(turn.hold[0, r], abs=1e-9)


def test_hint_object_for_the_play_widget():
    game = ScorecardGame("yahtzee", players=2, seed=11)
    before = hint(game)
    assert before.best.action == Roll() and before.best.expected == pytest.approx(
        solved("yahtzee").expected_score
    )
    game.roll()
    h = hint(game)
    assert isinstance(h, Hint) and isinstance(h.best.label, str) and isinstance(h.best.expected, float)
    expected = [c.expected for c in h.choices]
    assert expected == sorted(expected, reverse=True)
    assert h.cost(h.best.action) == 0.0
    assert all(h.cost(c.action) >= 0 for c in h.choices)
    assert {c.action for c in h.choices} == set(game.legal_actions()) - {Roll()}  # Roll(): the dice not held
    worst = h.choices[-1]
    assert h.cost(worst.action) == pytest.approx(h.best.expected - worst.expected)
    assert f"cost you {h.cost(worst.action):.1f} points" in h.verdict(worst.action)
    with pytest.raises(IllegalActionError, match="not a choice now"):
        h.cost(Keep("66666") if "6" not in str(game.dice) else Keep("11111"))
    assert "<table>" in h._repr_html_() and len(h.table()) == len(h.choices)


def test_hint_after_the_game_is_refused():
    game = play_game("heuristic", "yahtzee", rng=1)
    with pytest.raises(IllegalActionError, match="game is over"):
        hint(game)


def test_hints_for_every_player_of_a_game_use_their_own_scorecard():
    game = ScorecardGame("yahtzee", players=["Ann", "Bo"], seed=5)
    game.roll()
    game.score("Chance")
    assert hint(game).best.expected == pytest.approx(solved("yahtzee").expected_score)  # Bo: empty card
    game.roll()
    game.score("Sixes")
    ann = game.scorecard("Ann")
    assert hint(game).best.expected == pytest.approx(solved("yahtzee").expected_final(ann))


def test_optimal_first_turn_example_from_the_doctest_by_hand():
    rules = find_game("yatzy").variant(name="sixes", boxes=(find_game("yatzy").box("Sixes"),), poker_box=None)
    h = hint(TurnView(rules, {}, Dice.parse("66123"), 2, True), solution=solve(rules, progress=False))
    # keep the sixes: 3 dice get two more rolls, each ends a six with chance 11/36
    assert h.best.action == Keep("66")
    assert h.best.expected == pytest.approx(6 * (2 + 3 * 11 / 36))
    assert np.isclose(h.cost(Score("Sixes")), 6 * 3 * 11 / 36)


def test_play_widget_with_real_hints_coach_and_the_optimal_computer():
    from dicepoker.games.scorecard.widget import PlayUI, kept_positions

    ui = PlayUI("two_part", seats=("human", "computer"), names=["Ann", "Robot"], seed=3)
    assert ui.strategy.name == "optimal"
    ui.coach.value = True
    bad_choice_made = False
    while not ui.game.is_over:
        if ui.current_seat == "computer":
            ui.turn_button.click()
            continue
        if ui.game.positions is None:
            ui.roll_button.click()
            continue
        h = hint(ui.game)
        ui.hint_button.click()
        assert h.best.label in ui.last_message
        action = h.best.action
        if not bad_choice_made and isinstance(action, Keep) and len(h.keeps) > 3:
            action, bad_choice_made = h.keeps[-1].action, True  # the worst keep, once
        if isinstance(action, Keep):
            for position, hold in enumerate(kept_positions(ui.game.positions, action.dice)):
                if hold != ui.game.held[position]:
                    ui.dice_buttons[position].click()
            ui.roll_button.click()
        else:
            ui.box_buttons[action.box].click()
        if action == h.best.action:
            assert "was the best one" in ui.last_message, ui.last_message
        else:
            assert f"cost you {h.cost(action):.1f} points" in ui.last_message, ui.last_message
    assert bad_choice_made and len(ui.game.scorecard("Robot")) == len(ui.rules.boxes)
