"""Every engine saves through one envelope: a hand-edited or foreign file is refused whole."""

import json

import numpy as np
import pytest

from dicepoker import BluffGame, BoardGame, SaveFileError, ScorecardGame
from dicepoker.core.saving import checksum, opened, sealed

GAMES = {
    "scorecard": lambda: ScorecardGame("classic", players=2, seed=1),
    "bluff": lambda: BluffGame(players=2, seed=1),
    "board": lambda: BoardGame(rng=1),
}


@pytest.mark.parametrize("kind", GAMES)
def test_edited_rules_are_refused(kind, tmp_path):
    game = GAMES[kind]()
    game.roll()
    path = tmp_path / "game.json"
    game.save(path)
    assert type(game).load(path).to_json() == game.to_json()
    data = json.loads(path.read_text())
    first = next(iter(data["rules"]))
    data["rules"][first] = "edited"
    path.write_text(json.dumps(data))
    with pytest.raises(SaveFileError, match="changed by hand"):
        type(game).load(path)


@pytest.mark.parametrize("kind", GAMES)
@pytest.mark.parametrize("text", ["", "{", "null", "[]", '{"format": "chess", "version": 1}'])
def test_malformed_files_are_refused(kind, text):
    with pytest.raises(SaveFileError):
        type(GAMES[kind]()).from_json(text)


def test_envelope_checks():
    data = sealed("x", 2, {"a": 1})
    assert data["checksum"] == checksum({"format": "x", "version": 2, "a": 1})
    with pytest.raises(SaveFileError, match="version"):
        opened(data, "x", 3, {"a"})
    with pytest.raises(SaveFileError, match="fields"):
        opened(data, "x", 2, {"a", "b"})
    with pytest.raises(SaveFileError, match="format"):
        opened(data, "y", 2, {"a"})


@pytest.mark.parametrize("kind", GAMES)
@pytest.mark.parametrize("bit_generator", [np.random.MT19937, np.random.Philox, np.random.SFC64])
def test_games_on_any_numpy_generator_reload(kind, bit_generator):
    game = GAMES[kind]()
    game = type(game)(**_same_setup(kind), rng=np.random.Generator(bit_generator(9)))
    game.roll()
    again = type(game).from_json(game.to_json())
    assert again.to_json() == game.to_json()
    assert again.roll() == game.roll()


def _same_setup(kind: str) -> dict:
    return {"scorecard": {"rules": "classic", "players": 2}, "bluff": {"players": 2}, "board": {}}[kind]
