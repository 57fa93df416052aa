"""The advisor's notation and its entry points refuse what no game can reach, huge numbers and wrong
types, each with a DicePokerError naming what is wrong (issue 23, items 4, 6 and 7)."""

from __future__ import annotations

import pytest
from scripted import ScriptedRng

from dicepoker.cli.main import main
from dicepoker.core.errors import DicePokerError
from dicepoker.games import find_game
from dicepoker.games.scorecard.advisor import advise
from dicepoker.games.scorecard.engine import ScorecardGame
from dicepoker.games.scorecard.hints import hint
from dicepoker.games.scorecard.position import PositionError, parse_position, position_of
from dicepoker.games.scorecard.solver.solve import solve

HUGE = "9" * 5000  # beyond int()'s 4,300 digits


# --- item 4: positions no game can reach ------------------------------------------------------------
@pytest.mark.parametrize(
    "game, text",
    [
        ("yahtzee", "filled: Yahtzee 50; bonus: 100000000000000000000; dice: 66666"),
        ("yahtzee", "filled: Yahtzee 50; bonus: 200; dice: 66666"),  # no other box to score a bonus in
        ("yahtzee", "filled: Yahtzee 50, Sixes 30; bonus: 200; dice: 66666"),  # two bonuses, one box
        ("yahtzee", "filled: Yahtzee 50, Chance 13; bonus: 100; dice: 66666"),  # 13 is no five of a kind
        ("classic", "filled: Poker 50, Full House 0; bonus: 100; dice: 66666"),  # a joker scores 25 there
        ("classic", "filled: Poker 50, Chance 30; bonus: -100; dice: 66666"),
    ],
)
def test_a_poker_bonus_no_game_can_have_is_refused(game, text):
    with pytest.raises(PositionError, match="bonus"):
        parse_position(game, text)


@pytest.mark.parametrize(
    "game, text",
    [
        ("yahtzee", "filled: Yahtzee 50, Sixes 30; bonus: 100; dice: 66666"),
        ("yahtzee", "filled: Yahtzee 50, Chance x, Full House 25; upper: 0; bonus: 200; dice: 12345"),
        ("classic", "filled: Poker 50, Full House 25, Chance 5; bonus: 200; dice: 12345"),
    ],
)
def test_a_poker_bonus_a_game_can_have_is_accepted(game, text):
    assert parse_position(game, text).poker_bonus_points == int(text.rpartition("bonus: ")[2].split(";")[0])


def test_the_cli_refuses_the_bonus_of_1e20():
    position = "filled: Yahtzee 50; bonus: 100000000000000000000; dice: 66666"
    assert main(["advise", "--game", "yahtzee", "--position", position]) == 2


@pytest.mark.parametrize("game_name", ["classic", "yahtzee"])
def test_positions_of_games_full_of_poker_bonuses_read_back(game_name):
    """Every position of a game of fives of a kind (poker bonuses earned, jokers played) is written
    and read back exactly: the checks refuse only what cannot happen."""
    rules = find_game(game_name)
    faces = "".join(str(1 + turn % 6) * 5 for turn in range(len(rules.boxes)))
    game = ScorecardGame(game_name, rng=ScriptedRng(faces))
    bonus = 0
    while not game.is_over:
        game.roll()
        position = position_of(game)
        assert parse_position(game_name, str(position)) == position
        bonus = max(bonus, position.poker_bonus_points)
        options = sorted(rules.options(game.dice, game.scorecard(0)))
        game.score(rules.poker_box if rules.poker_box in options else options[0])
    assert bonus >= 5 * rules.poker_bonus


# --- item 6: numbers of more than 4,300 digits --------------------------------------------------------
@pytest.mark.parametrize(
    "text, field",
    [
        (f"dice: 12345; rolls: {HUGE}", "rolls"),
        (f"filled: Sixes x; upper: {HUGE}; dice: 12345", "upper"),
        (f"filled: Chance {HUGE}; dice: 12345", "Chance"),
        (f"filled: Chance={HUGE}; dice: 12345", "Chance"),
        (f"filled: Poker 50, Chance 30; bonus: {HUGE}; dice: 12345", "bonus"),
        (f"filled: Poker 50, Chance 30; bonus: -{HUGE}; dice: 12345", "bonus"),
    ],
)
def test_a_number_too_long_for_int_is_refused_naming_its_field(text, field):
    with pytest.raises(PositionError, match=f"the number in '{field}' has 5,000 digits") as err:
        parse_position("classic", text)
    assert len(str(err.value)) < 200


def test_leading_zeros_are_not_a_long_number():
    assert parse_position("classic", f"dice: 12345; rolls: {'0' * 5000}1").rolls_left == 1


def test_the_cli_refuses_a_huge_number_without_a_traceback(capsys):
    assert main(["advise", "--position", f"dice: 12345; rolls: {HUGE}"]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and "'rolls' has 5,000 digits" in err and len(err) < 300


# --- item 7: wrong types -------------------------------------------------------------------------------
@pytest.mark.parametrize("value", [None, 12345, b"dice: 12345", 1.5, ["dice: 12345"]])
def test_advise_refuses_a_position_of_the_wrong_type(value):
    with pytest.raises(DicePokerError, match="a position is text in the notation"):
        advise("classic", value)


@pytest.mark.parametrize("value", [None, 12345, b"x", object()])
def test_hint_refuses_what_is_not_a_game_or_a_view(value):
    with pytest.raises(DicePokerError, match="a hint is for a scorecard game or a turn's view"):
        hint(value)


def test_a_solution_of_other_rules_or_of_the_wrong_type_is_refused():
    game = ScorecardGame("classic", seed=1)
    game.roll()
    other = solve("two_part", progress=False)
    with pytest.raises(DicePokerError, match="of the rules 'two_part', not of 'classic'"):
        advise("classic", "dice: 12345", solution=other)
    with pytest.raises(DicePokerError, match="the solution given is of the rules 'two_part'"):
        hint(game, solution=other)
    with pytest.raises(DicePokerError, match=r"a solution comes from solve\(...\), not 12345"):
        advise("classic", "dice: 12345", solution=12345)


@pytest.mark.parametrize("game", [None, 12345, b"classic"])
def test_advise_refuses_a_game_that_is_not_a_scorecard_game(game):
    with pytest.raises(DicePokerError, match="is not a scorecard game"):
        advise(game, "dice: 12345")


# --- advise --top --------------------------------------------------------------------------------------
@pytest.mark.parametrize("top", ["0", "-1", HUGE])
def test_advise_top_below_one_is_a_usage_error(top, capsys):
    with pytest.raises(SystemExit) as exit:
        main(["advise", "--position", "dice: 12345", "--top", top])
    assert exit.value.code == 2
    assert "argument --top" in capsys.readouterr().err


def test_advise_top_n_shows_n_rows(capsys):
    assert main(["advise", "--game", "two_part", "--position", "dice: 12345", "--top", "2"]) == 0
    assert len(capsys.readouterr().out.splitlines()) == 4


def test_possible_scores_come_from_the_rules_scoring():
    """The bonus check uses what a box holds after a bonus turn: in classic and yahtzee the five of a
    kind is then a joker, so Full House holds 25 (never 0); yatzy has no joker."""
    from dicepoker.games.scorecard.position import _five_of_a_kind_scores

    classic = find_game("classic")
    assert _five_of_a_kind_scores(classic, "Full House") == {25}
    assert _five_of_a_kind_scores(find_game("yahtzee"), "Small Straight") == {30}
    assert _five_of_a_kind_scores(classic, "Chance") == {5, 10, 15, 20, 25, 30}
    assert _five_of_a_kind_scores(classic, "Sixes") == {0, 30}
    assert _five_of_a_kind_scores(find_game("yatzy"), "Full House") == {0}
