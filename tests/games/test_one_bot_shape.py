"""One shape for a bot in every game: ``bot(view, rng) -> action`` (issue 24), and one random bot.

Every registered game lists its bots in its registry part ``bots``; each is called with the view of
the player to act and a generator, positionally, for every decision of a whole game, and plays a
whole game through the one match runner. A bot of another shape (the game instead of the view, no
generator, a generator of its own) fails here.
"""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import numpy as np
import pytest

import dicepoker
from dicepoker.core.match import Bot, as_bot, bot_name_of, play_match, random_bot, seat_of
from dicepoker.core.play_record import SeatKind
from dicepoker.games import GAMES, REGISTRY, new_game

BOTS = [(game, name) for game in GAMES for name in REGISTRY.entry(game).load("bots")]
SHORT = {"board": {"max_turns": 12}}  # a board game between weak bots may run long; the shape is the point


def _game(game: str, seed: int):
    if game in SHORT:
        rules = REGISTRY.entry(game).load("rules").variant(**SHORT[game])
        return new_game(rules, 2, seed=seed)
    return new_game(game, 2, seed=seed)


def test_every_game_lists_its_bots_and_random_is_the_one_random_bot():
    for game in GAMES:
        bots = REGISTRY.entry(game).load("bots")
        assert bots, f"{game} lists no bots"
        assert bots["random"]() is random_bot, f"{game}'s random bot is not core.match.random_bot"


@pytest.mark.parametrize(("game", "name"), BOTS)
def test_every_bot_is_called_with_the_view_and_a_generator_for_a_whole_game(game, name):
    bot = REGISTRY.entry(game).load("bots")[name]()
    assert isinstance(bot, Bot)
    positional = [
        p
        for p in inspect.signature(bot).parameters.values()
        if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)
    ]
    assert len(positional) == 2, f"{game} bot {name!r} is not bot(view, rng)"
    assert as_bot(bot) is bot  # no adapter needed: it has the one shape already
    played, rng = _game(game, seed=3), np.random.default_rng(4)
    decisions = 0
    while not played.is_over:
        player = played.current_player
        view = played.view(player)
        action = bot(view, rng)
        assert action in view.legal_actions(), f"{game} bot {name!r} chose {action!r}, not a legal action"
        played.apply(action)
        decisions += 1
    assert decisions > 0


@pytest.mark.parametrize(("game", "name"), BOTS)
def test_every_bot_plays_a_whole_game_through_the_match_runner(game, name):
    bot = REGISTRY.entry(game).load("bots")[name]()
    finished = play_match(_game(game, seed=5), [seat_of(bot), seat_of(random_bot)], rng=6)
    assert finished.is_over
    assert finished.play_record.seats[0] == SeatKind("bot", bot_name_of(bot))


def test_a_students_function_of_the_view_alone_becomes_a_bot_through_the_one_adapter():
    asked = []

    def my_strategy(view):
        asked.append(view.dice)
        return [a for a in view.legal_actions() if type(a).__name__ == "Score"][0]

    finished = play_match(new_game("yatzy", seed=2), [seat_of(my_strategy)], rng=1)
    assert finished.is_over and finished.play_record.seats == (SeatKind("bot", "my_strategy"),)
    assert asked and None not in asked  # asked only after a roll: the roll starting a turn is played for it


def _random_players(path: Path) -> list[str]:
    """The classes and functions in ``path`` whose name says they play at random."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = [node.name for node in ast.walk(tree) if isinstance(node, ast.ClassDef | ast.FunctionDef)]
    return [n for n in names if "random" in n.lower() and ("bot" in n.lower() or "strateg" in n.lower())]


def test_the_package_has_exactly_one_random_bot():
    package = Path(dicepoker.__file__).parent
    found = {
        f"{path.relative_to(package)}:{name}"
        for path in sorted(package.rglob("*.py"))
        for name in _random_players(path)
    }
    assert found == {"core/match.py:random_bot"}
