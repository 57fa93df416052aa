"""One test over every registered game (OpenSpiel's games_sim_test is the model).

For each name in the registry: seeded random legal games play to the end through the Game
protocol; the same seeds replay the same game; save -> load gives the identical state at every
step; and an action that is not legal now is refused with a DicePokerError that changes nothing.
A fifth game gets all of this by registering: tests/helpers/fifth_game.py registers a tiny one in a
registry of its own, and it runs here beside the kit's games.
"""

from __future__ import annotations

import fifth_game
import numpy as np
import pytest

from dicepoker import Dice, DicePokerError
from dicepoker.core.match import play_match, random_seat
from dicepoker.core.protocol import Game
from dicepoker.games import GAMES, REGISTRY

SEEDS = (1, 2)
CASES = [(REGISTRY, name) for name in GAMES] + [(fifth_game.REGISTRY, "race")]
IDS = [name for _, name in CASES]


def new_game(case, seed: int) -> Game:
    registry, name = case
    entry = registry.entry(name)
    return entry.load("engine")(entry.load("rules"), ["Ann", "Bo"], seed=seed)


def random_game(case, seed: int) -> Game:
    return play_match(new_game(case, seed), [random_seat] * 2, rng=seed + 100)


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_every_registered_game_implements_the_protocol(case):
    game = new_game(case, seed=1)
    assert isinstance(game, Game)
    assert game.current_player == 0 and not game.is_over and game.outcome is None
    assert game.legal_actions()


@pytest.mark.parametrize("case", CASES, ids=IDS)
@pytest.mark.parametrize("seed", SEEDS)
def test_seeded_random_games_end_and_replay_identically(case, seed):
    game = random_game(case, seed)
    assert game.is_over and game.legal_actions() == []
    assert set(game.outcome.winners) <= {0, 1}
    assert random_game(case, seed).to_json() == game.to_json()


@pytest.mark.slow
@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_save_load_and_refusals_at_every_step(case, tmp_path):
    rng = np.random.default_rng(7)
    game = new_game(case, seed=3)
    seen: list = []  # every action legal somewhere: the pool the illegal ones are drawn from
    steps = 0
    while not game.is_over and steps < 400:
        legal = game.legal_actions()
        seen += [a for a in legal if a not in seen][:50]
        # an action that is not legal now is refused and leaves the game exactly as it was
        illegal = [a for a in seen if a not in legal]
        if illegal:
            before = game.to_json()
            action = illegal[int(rng.integers(len(illegal)))]
            with pytest.raises(DicePokerError):
                game.apply(action)
            assert game.to_json() == before, f"refusing {action} changed the game"
        game.apply(legal[int(rng.integers(len(legal)))])
        steps += 1
        # save -> load -> the identical state, as text and as a file
        text = game.to_json()
        again = type(game).from_json(text)
        assert again.to_json() == text
        assert again.legal_actions() == game.legal_actions()
    path = tmp_path / "game.json"
    game.save(path)
    assert type(game).load(path).to_json() == game.to_json()
    assert steps > 5


def test_an_action_of_another_game_is_refused_by_every_game():
    from dicepoker.games.board.engine import PassTurn

    for case in CASES[:-1]:
        game = new_game(case, seed=1)
        if PassTurn() in game.legal_actions():  # pragma: no cover - never at the start
            continue
        before = game.to_json()
        with pytest.raises(DicePokerError):
            game.apply(PassTurn() if case[1] != "board" else object())
        assert game.to_json() == before


@pytest.mark.parametrize("case", CASES[:-1], ids=IDS[:-1])
def test_a_game_replays_from_its_fresh_start_action_by_action(case):
    """What the coach's and the bluff report's replays stand on: the engine's own replay of each entry."""
    game = random_game(case, seed=5)
    history = game.to_dict()["history"]
    again = game.fresh_start()
    assert again.to_dict()["history"] == [] and not again.is_over
    for entry in history:
        again.replay_action(entry)
    assert again.to_dict()["history"] == history
    assert again.is_over and again.outcome == game.outcome


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_chance_outcomes_are_a_distribution_and_hold_what_is_thrown(case):
    """Every legal action's chance outcomes are distinct five-dice rolls with chances adding up to
    exactly 1 (or none, for an action that throws nothing), each the multinomial chance of the
    dice thrown; the dice that then show are among them."""
    rng = np.random.default_rng(11)
    game = new_game(case, seed=5)
    throws = 0
    while not game.is_over and throws < 60:
        legal = game.legal_actions()
        for action in legal:
            outcomes = game.chance_outcomes(action)
            if outcomes:
                rolls = [dice for dice, _ in outcomes]
                assert len(set(rolls)) == len(rolls) and all(len(d) == 5 for d in rolls)
                assert sum(p for _, p in outcomes) == 1 and all(p > 0 for _, p in outcomes)
        action = legal[int(rng.integers(len(legal)))]
        outcomes = dict(game.chance_outcomes(action))
        shown = game.apply(action)
        shown = shown if isinstance(shown, Dice) else getattr(game, "dice", None)
        if outcomes:
            throws += 1
            if isinstance(shown, Dice):
                assert shown in outcomes, f"{action} showed {shown}, not among its chance outcomes"
    assert throws > 5
