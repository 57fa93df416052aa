"""A fifth game, as small as a game can be, to show (and test) that registering is all it takes.

``race``: players take turns throwing five dice once; the dice's total is added to the player's
score; the first to reach ``target`` wins. docs/architecture.md walks through it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from dicepoker.core.actions import Roll
from dicepoker.core.dice import Dice
from dicepoker.core.errors import IllegalActionError, SaveFileError
from dicepoker.core.randomness import generator
from dicepoker.core.registry import GameEntry, Registry
from dicepoker.core.saving import SavesAsJson, generator_from_state, generator_state, opened, sealed
from dicepoker.core.turn import throw_outcomes


@dataclass(frozen=True)
class RaceRules:
    """The rule set is data: how many points win."""

    name: str = "race"
    target: int = 60


RACE = RaceRules()


@dataclass(frozen=True)
class RaceOutcome:
    winners: tuple[int, ...]


class RaceGame(SavesAsJson):
    """The engine: the Game protocol and nothing more."""

    def __init__(self, rules: RaceRules = RACE, players: Any = 2, *, seed: Any = None, rng: Any = None):
        self.rules = rules
        self.player_names = (
            tuple(players)
            if not isinstance(players, int)
            else tuple(f"Player {i + 1}" for i in range(players))
        )
        self._rng = generator(seed, rng)
        self._start = generator_state(self._rng)
        self._scores = [0] * len(self.player_names)
        self._turns = 0

    @property
    def current_player(self) -> int:
        return self._turns % len(self.player_names)

    @property
    def outcome(self) -> RaceOutcome | None:
        best = [i for i, s in enumerate(self._scores) if s >= self.rules.target]
        return RaceOutcome(tuple(best)) if best else None

    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    def legal_actions(self) -> list[Roll]:
        return [] if self.is_over else [Roll()]

    def apply(self, action: Any) -> int:
        if action not in self.legal_actions():
            raise IllegalActionError(f"{action!r} is not legal now: only Roll(), until someone wins")
        points = int(self._rng.integers(1, 7, size=5).sum())
        self._scores[self.current_player] += points
        self._turns += 1
        return points

    def view(self, player: int | None = None) -> RaceGame:
        return self

    def chance_outcomes(self, action: Any) -> list[tuple[Dice, Fraction]]:
        return throw_outcomes(Dice()) if action == Roll() else []  # every turn throws all five dice

    def to_dict(self) -> dict[str, Any]:
        content = {"players": list(self.player_names), "rng_start": self._start, "turns": self._turns}
        return sealed("race", 1, content)

    @classmethod
    def from_dict(cls, data: Any) -> RaceGame:
        data = opened(data, "race", 1, {"players", "rng_start", "turns"})
        game = cls(RACE, data["players"], rng=generator_from_state(data["rng_start"]))
        for _ in range(data["turns"]):
            game.apply(Roll())
        if game.to_dict() != sealed("race", 1, {k: data[k] for k in ("players", "rng_start", "turns")}):
            raise SaveFileError("the replay does not reach the saved game")
        return game

    def __repr__(self) -> str:
        return f"<RaceGame {json.dumps(self._scores)}>"


# One line in a registry is all the kit needs to find, play, save and test the game.
REGISTRY = Registry(
    [
        GameEntry(
            "race",
            family="race",
            rules="fifth_game:RACE",
            engine="fifth_game:RaceGame",
            widget="fifth_game:RaceGame",
            combinations="fifth_game:RaceGame",
        )
    ]
)
