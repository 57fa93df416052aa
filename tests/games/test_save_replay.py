"""Saves replay their actions: save -> load -> save is byte-identical at every step of random games
of every rule set, and an edited save is refused even with its checksum recomputed."""

from __future__ import annotations

import json
from collections import Counter

import numpy as np
import pytest
from bad_input_helpers import resealed
from random_play import (
    ENGINES,
    RULE_SETS,
    assert_save_round_trips,
    checked_steps,
    new_random_game,
    play_ahead,
)

from dicepoker.core.errors import SaveFileError
from dicepoker.core.play_record import SeatKind
from dicepoker.core.saving import generator_state
from dicepoker.games import new_game
from dicepoker.games.board.engine import BoardGame
from dicepoker.games.scorecard.engine import ScorecardGame

# --- round trips ------------------------------------------------------------------------------------


@pytest.mark.parametrize("rules", ENGINES["scorecard"])
def test_dice_held_then_scored_reload_identically(rules):
    """The issue's case: the score records the held dice, and the replay must hold them too."""
    game = ScorecardGame(rules, players=2, seed=5)
    game.roll()
    game.toggle_hold(0)
    game.score("Chance" if "Chance" in game.options() else next(iter(game.options())))
    assert ScorecardGame.from_json(game.to_json()).to_json() == game.to_json()


@pytest.mark.parametrize("name", RULE_SETS)
def test_save_load_save_is_byte_identical_at_every_step_of_random_games(name):
    rng = np.random.default_rng(sum(map(ord, name)))
    counts: Counter[str] = Counter()
    for _ in range(40):
        game = new_random_game(name, rng)
        seen = play_ahead(game, int(rng.integers(0, 60)), rng)
        counts += checked_steps(game, int(rng.integers(1, 10)), rng, seen)
    assert counts["legal"] > 25 and counts["refused"] > 10  # both kinds of step were tried


@pytest.mark.parametrize("name", RULE_SETS)
def test_whole_games_round_trip_at_their_end(name):
    rng = np.random.default_rng(7)
    game = new_random_game(name, rng)
    play_ahead(game, 10_000, rng)
    assert game.is_over
    assert_save_round_trips(game)


@pytest.mark.parametrize("name", RULE_SETS)
def test_a_play_record_with_seats_and_hints_round_trips_at_every_step(name):
    """How the game was played (mode, seats, hints at random moments) reloads identically too."""
    rng = np.random.default_rng(sum(map(ord, name)) + 1)
    game = new_random_game(name, rng)
    bots = ("optimal", "random", "plays to win")
    seats = [
        SeatKind("human") if rng.random() < 0.5 else SeatKind("bot", str(rng.choice(bots)))
        for _ in game.player_names
    ]
    game.record_seats(tuple(seats), "graded")
    for _ in range(80):  # a board game can take hundreds of random actions: its first 80 tell as much
        if game.is_over:
            break
        if rng.random() < 0.3:
            game.record_hint(str(rng.choice(["hint", "coach"])))
        play_ahead(game, 1, rng)
        assert_save_round_trips(game)
    record = type(game).from_json(game.to_json()).play_record
    assert record == game.play_record and record.mode == "graded" and record.seats == tuple(seats)
    assert len(record.hints) > 3


def test_a_board_game_set_up_by_hand_with_dice_thrown_by_hand_round_trips():
    text = "\n".join(["A A A A . . . . ."] + [". . . . . . . . ."] * 3 + [". . . . * . . . ."])
    text += "\n" + "\n".join([". . . . . . . . ."] * 3 + ["B . . . . . . . ."])
    game = BoardGame.from_board(text, to_move=1, seed=3)
    game.roll(result="33355")
    game.toggle_hold(3)  # the second 3 of three: a keep by value would hold the first one
    game.roll()
    again = BoardGame.from_json(game.to_json())
    assert again.to_json() == game.to_json() and again.positions == game.positions
    assert [m.given for m in again.history] == [(3, 3, 3, 5, 5), None]
    assert again.roll() == game.roll()  # the same future dice


# the longest tests of the file (about 20-40 s each): each engine's run may go to its own xdist worker
PER_ENGINE = [
    pytest.param(engine, marks=pytest.mark.xdist_group(f"save-replay-{engine}")) for engine in ENGINES
]


@pytest.mark.slow
@pytest.mark.parametrize("engine", PER_ENGINE)
def test_five_thousand_random_mixed_sequences_keep_every_save_exact(engine):
    """5,000 seeded sequences per engine, mixed legal and illegal actions, the save checked at every step."""
    rng = np.random.default_rng(2026)
    counts: Counter[str] = Counter()
    names = ENGINES[engine]
    for _ in range(5_000):
        game = new_random_game(names[int(rng.integers(len(names)))], rng)
        seen = play_ahead(game, int(rng.integers(0, 20)), rng)
        counts += checked_steps(game, int(rng.integers(1, 4)), rng, seen)
    print(f"{engine}: 5,000 sequences, {counts['legal']} legal and {counts['refused']} refused steps")
    assert counts["legal"] > 5_000 and counts["refused"] > 2_000


# --- forgeries: edits with the checksum recomputed ---------------------------------------------------


def _played(name: str, seed: int = 11, moves: int = 60) -> object:
    """A game some way in, with chips on the board (for the board) and dice on the table."""
    rng = np.random.default_rng(seed)
    game = new_game(name, 2, seed=seed)
    play_ahead(game, moves, rng)
    while game.legal_actions() and type(game.legal_actions()[0]).__name__ not in ("Roll", "Throw"):
        play_ahead(game, 1, rng)  # to the start of a turn
    game.apply(game.legal_actions()[0])  # a roll: dice on the table
    return game


def _other_generator_state(seed: int) -> dict:
    return generator_state(np.random.default_rng(seed))


def _chip_cell(state: dict, owner_is_chip: bool) -> tuple[int, int]:
    for r, row in enumerate(state["board"]):
        for c, holder in enumerate(row):
            if (holder is not None) == owner_is_chip and (r, c) != (4, 4):
                return r, c
    raise AssertionError("no such cell")


def _edit_history_die(save: dict) -> None:
    entry = next(e for e in reversed(save["history"]) if e.get("dice"))
    entry["dice"] = "66666" if entry["dice"] != "66666" else "11111"


def _edit_position_die(save: dict) -> None:
    positions = save["state"]["positions"]
    positions[0] = 6 if positions[0] != 6 else 1


def _add_chip(save: dict) -> None:
    r, c = _chip_cell(save["state"], owner_is_chip=False)
    save["state"]["board"][r][c] = 0


def _remove_chip(save: dict) -> None:
    r, c = _chip_cell(save["state"], owner_is_chip=True)
    save["state"]["board"][r][c] = None


def _wipe_history(save: dict) -> None:
    save["history"] = []


def _drop_last_action(save: dict) -> None:
    save["history"] = save["history"][:-1]


def _change_start_generator(save: dict) -> None:
    save["rng_start"] = _other_generator_state(99)


def _change_generator_now(save: dict) -> None:
    save["state"]["rng"] = _other_generator_state(98)


def _claim_a_roll_thrown_by_hand(save: dict) -> None:
    """A random roll of the board game marked as dice thrown by hand, with the same values."""
    entry = next(e for e in save["history"] if e["action"]["type"] == "roll" and e["given"] is None)
    entry["given"] = [int(v) for v in entry["dice"]]


BOARD_FORGERIES = [
    _edit_history_die,
    _edit_position_die,
    _add_chip,
    _remove_chip,
    _wipe_history,
    _drop_last_action,
    _change_start_generator,
    _change_generator_now,
    _claim_a_roll_thrown_by_hand,
]


@pytest.mark.parametrize("forge", BOARD_FORGERIES, ids=lambda f: f.__name__.strip("_"))
def test_a_forged_board_save_is_refused(forge):
    game = _played("board")
    save = json.loads(game.to_json())
    assert any(any(row) for row in save["state"]["board"])  # chips are on the board
    forge(save)
    with pytest.raises(SaveFileError, match="saved game"):
        BoardGame.from_json(resealed(save))


@pytest.mark.parametrize("name", ["classic", "bluff"])
@pytest.mark.parametrize(
    "forge",
    [_edit_history_die, _wipe_history, _drop_last_action, _change_start_generator, _change_generator_now],
    ids=lambda f: f.__name__.strip("_"),
)
def test_a_forged_scorecard_or_bluff_save_is_refused(name, forge):
    game = _played(name, moves=8)
    save = json.loads(game.to_json())
    if forge is _edit_history_die:
        key = "dice" if name == "classic" else "held"
        entry = next((e for e in reversed(save["history"]) if e.get(key)), None)
        if entry is None:
            pytest.skip("no entry to edit")
        if key == "dice":
            entry["dice"] = entry["dice"][:-1]
        else:
            entry["held"] = [not h for h in entry["held"]]
    else:
        forge(save)
    with pytest.raises(SaveFileError, match="saved game"):
        type(game).from_json(resealed(save))


def test_a_board_save_of_the_old_snapshot_format_is_refused_by_its_version():
    save = json.loads(_played("board").to_json())
    save["version"] = 1
    with pytest.raises(SaveFileError, match="unknown version 1"):
        BoardGame.from_json(resealed(save))
