"""The position notation, its parser's errors, the advisor and ``python -m dicepoker advise``."""

from __future__ import annotations

import json
from itertools import combinations

import numpy as np
import pytest

from dicepoker.cli.main import main
from dicepoker.core.actions import Roll
from dicepoker.core.dice import Dice
from dicepoker.core.errors import DicePokerError
from dicepoker.core.match import random_action, random_bot
from dicepoker.games import find_game
from dicepoker.games.scorecard.advisor import advise
from dicepoker.games.scorecard.bots import play_turn
from dicepoker.games.scorecard.engine import ScorecardGame
from dicepoker.games.scorecard.hints import hint
from dicepoker.games.scorecard.position import PositionError, parse_position, position_of, possible_scores
from dicepoker.games.scorecard.solver.solve import solve


def hidden_positions(game_name: str, seed: int, count: int = 6):
    """Positions met in a game played at random (some mid-turn, some on the last roll), never shown."""
    rng = np.random.default_rng(seed)
    game = ScorecardGame(game_name, seed=seed)
    choices = np.random.default_rng(seed)
    found = []
    while not game.is_over and len(found) < count:
        game.roll()
        while True:
            if rng.random() < 0.5:
                found.append(position_of(game))
            keeps_and_boxes = [a for a in game.view().legal_actions() if not isinstance(a, Roll)]
            choice = random_action(keeps_and_boxes, choices)
            game.apply(choice)
            if game.positions is None:
                break
            if game.rolls_left == 0 and game.positions is not None and rng.random() < 0.3:
                found.append(position_of(game))
        if len(found) >= count:
            break
    return found


def solver_values(solution, position) -> dict[str, float]:
    """Every choice's expected final score, straight from the value table (not through the hints)."""
    rules = solution.rules
    filled = dict(position.filled)
    banked = rules.upper_total(filled) + rules.lower_total(filled) + position.poker_bonus_points
    bonus = rules.poker_bonus_for(position.dice, filled)
    values = {}
    for box, points in rules.options(position.dice, filled, position.first_roll).items():
        values[f"box:{box}"] = banked + points + bonus + solution.future_value({**filled, box: points})
    if position.rolls_left:
        turn = solution.turn(filled)
        for keep in {Dice(c) for n in range(5) for c in combinations(position.dice.values, n)}:
            values[f"keep:{keep}"] = banked + turn.keep_value(keep, position.rolls_left)
        values[f"keep:{position.dice}"] = max(v for k, v in values.items() if k.startswith("box:"))
    return values


@pytest.mark.parametrize("game_name, seed", [("classic", 1), ("classic", 2), ("yahtzee", 3), ("two_part", 4)])
def test_cli_json_answers_for_hidden_positions_match_the_solver(game_name, seed, capsys):
    solution = solve(game_name, progress=False)
    positions = hidden_positions(game_name, seed)
    assert len(positions) >= 4
    for position in positions:
        assert main(["advise", "--game", game_name, "--position", str(position), "--json"]) == 0
        data = json.loads(capsys.readouterr().out)
        want = solver_values(solution, position)
        got = {f"keep:{c['keep']}" if c["kind"] == "keep" else f"box:{c['box']}": c for c in data["choices"]}
        assert set(got) == set(want)
        best = max(want.values())
        for key, value in want.items():
            assert got[key]["expected"] == pytest.approx(value, abs=1e-9)
            assert got[key]["loss"] == pytest.approx(best - value, abs=1e-9)
        expected = [c["expected"] for c in data["choices"]]
        assert expected == sorted(expected, reverse=True) and data["choices"][0]["loss"] == 0


def test_the_advisor_agrees_with_the_hint_of_the_game():
    game, rng = ScorecardGame("classic", players=2, seed=6), np.random.default_rng(1)
    for _ in range(7):
        play_turn(game, random_bot, rng)
    game.roll()
    advice, h = advise("classic", position_of(game)), hint(game)
    assert [c.label for c in advice.choices] == [c.label for c in h.choices]
    assert [c.expected for c in advice.choices] == pytest.approx([c.expected for c in h.choices], abs=1e-12)
    again = advise("classic", str(position_of(game)))  # through the notation
    assert again.table().equals(advice.table())


def test_boxes_only_filled_keep_the_ranking_and_the_losses():
    full = advise("classic", "filled: Ones 3, Twos 6, Sixes 24, Pair 10, Poker 50; dice: 66612; rolls: 1")
    vague = advise(
        "classic",
        "filled: Ones x, Twos x, Sixes 24, Pair x, Poker x; upper: 33; poker50: yes; dice: 66612; rolls: 1",
    )
    assert [c.label for c in vague.choices] == [c.label for c in full.choices]
    assert [c.loss for c in vague.choices] == pytest.approx([c.loss for c in full.choices], abs=1e-9)
    shift = {round(f.expected - v.expected, 9) for f, v in zip(full.choices, vague.choices, strict=True)}
    assert shift == {
        60.0
    }  # boxes only "filled" count 0: the Pair's 10 and Poker's 50; the upper total is given
    assert not vague.position.scores_known and full.position.scores_known


def test_the_notation_reads_back_what_it_writes():
    text = "filled: Sixes 18, two pairs 14, CHANCE filled; upper: 18; dice: 6-6-1-2-3; rolls: 0"
    p = parse_position("classic", text)
    assert p.filled == {"Sixes": 18, "Two Pairs": 14, "Chance": None} and p.rolls_left == 0
    assert parse_position("classic", str(p)) == p
    assert parse_position("classic", "dice: 66123").rolls_left == 2  # default: just after the first roll
    assert (
        parse_position("two_part", "filled: Fives -5, Sixes \u22126; dice: 11111; rolls: 1").upper_total
        == -11
    )


@pytest.mark.parametrize(
    "text, message",
    [
        ("", "a position is text"),
        ("filled: Sixes 18", "needs its dice"),
        ("dice: 66127", "die value 7"),
        ("dice: 6612", "a roll is five dice"),
        ("dice: 66123; rolls: 3", "rolls left must be 0 to 2"),
        ("dice: 66123; rolls: two", "'rolls' must be a whole number"),
        ("filled: Sevens 7; dice: 66123", "no box 'Sevens'"),
        ("filled: Sixes 17; dice: 66123", "Sixes cannot score 17"),
        ("filled: Sixes 18, sixes 12; dice: 66123", "given twice"),
        ("filled: Sixes big; dice: 66123", "whole number or 'filled'"),
        ("filled: Sixes x; dice: 66123", "give the upper total"),
        ("filled: Sixes 18; upper: 20; dice: 66123", "not the sum of the upper boxes"),
        ("filled: Ones x, Twos x; upper: 20; dice: 66123", "upper total of 20 cannot happen"),
        ("filled: Poker x; dice: 66123", "say whether Poker holds its score"),
        ("filled: Poker 0; poker50: yes; dice: 66123", "does not agree"),
        ("poker50: yes; dice: 66123", "cannot hold its score"),
        ("poker50: maybe; dice: 66123", "yes or no"),
        ("filled: Poker 50; bonus: 50; dice: 66123", "poker bonus points 50 cannot happen"),
        ("dice: 66123; colour: red", "unknown field"),
        ("dice: 66123; dice: 11111", "given twice"),
    ],
)
def test_a_bad_position_is_refused_with_a_clear_error(text, message):
    with pytest.raises(PositionError, match=message) as err:
        parse_position("classic", text)
    assert isinstance(err.value, DicePokerError)


def test_impossible_scorecards_of_other_games():
    with pytest.raises(PositionError, match="every upper .part-1. box is filled before"):
        parse_position("two_part", "filled: Chance 20; dice: 66612")
    every = ", ".join(f"{b} x" for b in find_game("yatzy").box_names)
    with pytest.raises(PositionError, match="the game is over"):
        parse_position("yatzy", f"filled: {every}; upper: 0; dice: 11111")


def test_possible_scores_by_enumeration():
    classic = find_game("classic")
    assert possible_scores(classic, "Full House") == {0, 25}
    assert possible_scores(classic, "Poker") == {0, 50}
    assert possible_scores(find_game("two_part"), "Sixes") == {-18, -12, -6, 0, 6, 12}
    assert 40 in possible_scores(find_game("yahtzee"), "Large Straight")


def test_cli_text_and_errors(capsys):
    assert main(["advise", "--game", "classic", "--position", "dice: 66612; rolls: 1", "--top", "3"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[1].split() == ["rank", "choice", "expected", "final", "score", "loss"] and len(out) == 5
    assert main(["advise", "--game", "classic", "--position", "dice: 6661"]) == 2
    assert "a roll is five dice" in capsys.readouterr().err
