"""Random play for the save tests: every rule set of every engine, mixed legal and illegal actions.

A *sequence* is a new game (a random rule set, number of players and seed) played ahead by
random legal actions to a random point, then driven step by step: mostly legal actions, also
holding dice, actions that were legal earlier (mostly illegal now), actions out of turn and junk.
After every step the caller checks the save; a refused action must leave the game as it was.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

import numpy as np

from dicepoker.core.errors import DicePokerError
from dicepoker.games import new_game

# every rule set, with the numbers of players a test may draw
RULE_SETS: dict[str, tuple[int, int]] = {
    "classic": (1, 3),
    "yahtzee": (1, 3),
    "yatzy": (1, 2),
    "two_part": (1, 3),
    "bluff": (2, 4),
    "board": (2, 3),
}
ENGINES: dict[str, tuple[str, ...]] = {
    "scorecard": ("classic", "yahtzee", "yatzy", "two_part"),
    "bluff": ("bluff",),
    "board": ("board",),
}
JUNK: tuple[Any, ...] = (None, "roll", 3, object())


def new_random_game(name: str, rng: np.random.Generator) -> Any:
    fewest, most = RULE_SETS[name]
    players = int(rng.integers(fewest, most + 1))
    return new_game(name, players, seed=int(rng.integers(2**32)))


def play_ahead(game: Any, steps: int, rng: np.random.Generator) -> list[Any]:
    """Up to ``steps`` random legal actions, unchecked (to reach later positions quickly)."""
    seen: list[Any] = []
    for _ in range(steps):
        actions = game.legal_actions()
        if game.is_over or not actions:
            break
        action = actions[int(rng.integers(len(actions)))]
        game.apply(action)
        seen.append(action)
    return seen


def checked_steps(game: Any, steps: int, rng: np.random.Generator, seen: list[Any]) -> Counter[str]:
    """Drive ``game`` for up to ``steps`` mixed steps, checking the save after every one.

    A refused action must leave the save text exactly as it was; after an accepted one,
    save -> load -> save must give the same text. Returns how many steps were legal and refused.
    """
    counts: Counter[str] = Counter()
    text = assert_save_round_trips(game)
    for _ in range(steps):
        if game.is_over:
            break
        step = _choose(game, rng, seen)
        try:
            step()
        except DicePokerError:
            assert game.to_json() == text, "a refused action changed the game"
            counts["refused"] += 1
        else:
            text = assert_save_round_trips(game)
            counts["legal"] += 1
    return counts


def _choose(game: Any, rng: np.random.Generator, seen: list[Any]) -> Callable[[], Any]:
    legal = game.legal_actions()
    roll = rng.random()
    if roll < 0.5 and legal:
        action = legal[int(rng.integers(len(legal)))]
        seen.append(action)
        return lambda: game.apply(action)
    if roll < 0.75 and hasattr(game, "toggle_hold"):
        position = [-1, 0, 1, 2, 3, 4, 5, True, 1.0][int(rng.integers(9))]
        return lambda: game.toggle_hold(position)
    if roll < 0.85 and seen:
        old = seen[int(rng.integers(len(seen)))]
        return lambda: game.apply(old)
    if roll < 0.95 and legal and len(game.player_names) > 1:
        action = legal[int(rng.integers(len(legal)))]
        other = (game.current_player + 1) % len(game.player_names)
        return lambda: game.apply(action, player=other)
    junk = JUNK[int(rng.integers(len(JUNK)))]
    return lambda: game.apply(junk)


def assert_save_round_trips(game: Any) -> str:
    """save -> load -> save gives the same text, byte for byte (so the same future too); returns it."""
    text = game.to_json()
    again = type(game).from_json(text)
    assert again.to_json() == text, "the game reloaded differently"
    return text
