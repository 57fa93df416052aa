"""Every engine refuses a bad seed, a bad number of players, a player or die position of True,
with a DicePokerError, before anything is built."""

from __future__ import annotations

import textwrap

import pytest
from bad_input_helpers import run_python

from dicepoker.core.errors import DicePokerError, IllegalActionError
from dicepoker.games import new_game

ENGINES = {"scorecard": "classic", "bluff": "bluff", "board": "board"}
BAD_SEEDS = [-1, "x", 1.5, True, [1], -(2**70)]


@pytest.mark.parametrize("game", ENGINES.values())
@pytest.mark.parametrize("seed", BAD_SEEDS, ids=repr)
def test_a_bad_seed_is_refused_in_every_engine(game, seed):
    with pytest.raises(DicePokerError, match="a seed is a whole number from 0 up"):
        new_game(game, seed=seed)
    with pytest.raises(DicePokerError, match="a seed is a whole number from 0 up"):
        new_game(game, rng=seed)


@pytest.mark.parametrize("game", ENGINES.values())
@pytest.mark.parametrize("players", [True, False, "AB", 2.0, ["Ann", 7], [], ["Ann", "Ann"]], ids=repr)
def test_players_that_are_no_count_and_no_names_are_refused(game, players):
    with pytest.raises(DicePokerError, match="players|player names"):
        new_game(game, players, seed=1)


@pytest.mark.parametrize("game", ENGINES.values())
def test_a_huge_number_of_players_is_refused_before_any_name_is_made(game):
    """With 2 GiB of memory a billion names cannot even be made: the count must be checked first."""
    script = f"""
        from dicepoker.core.errors import DicePokerError
        from dicepoker.games import new_game
        for players in (10**9, 10**100):
            try:
                new_game({game!r}, players, seed=1)
            except DicePokerError as err:
                print("refused:", err)
    """
    out = run_python(textwrap.dedent(script))
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.count("refused:") == 2 and "1000000000" in out.stdout


@pytest.mark.parametrize("game", ENGINES.values())
def test_true_is_not_player_one(game):
    play = new_game(game, 2, seed=1)
    before = play.to_json()
    action = play.legal_actions()[0]
    with pytest.raises(IllegalActionError, match="no player True"):
        play.apply(action, player=True)
    assert play.to_json() == before
    play.apply(action, player=0)  # the player by number still works


@pytest.mark.parametrize("game", ["classic", "board"])
@pytest.mark.parametrize("position", [True, False, 1.0, -1, 5, "0"], ids=repr)
def test_a_die_position_is_a_whole_number_0_to_4(game, position):
    play = new_game(game, 2, seed=1)
    play.apply(play.legal_actions()[0])  # the first roll
    before = play.to_json()
    with pytest.raises(IllegalActionError, match="die position"):
        play.toggle_hold(position)
    assert play.to_json() == before
    play.toggle_hold(1)
    assert play.held[1]
