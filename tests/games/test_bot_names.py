"""A risk strategy is a record of its θ, and each game says its own bots' names (issue 24, item 2)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

import dicepoker
from dicepoker.core.i18n import in_language
from dicepoker.games import REGISTRY, bot_name
from dicepoker.games.scorecard.bots import RiskStrategy, risk_strategy

PACKAGE = Path(dicepoker.__file__).parent


def test_a_risk_strategy_carries_its_theta_and_its_names_come_from_it() -> None:
    player = risk_strategy(-0.02)
    assert isinstance(player, RiskStrategy) and player.theta == -0.02 and player.risk == -0.02
    with pytest.raises(dataclasses.FrozenInstanceError):
        player.theta = 0.5  # type: ignore[misc]
    assert player.name == "risk -0.02" and risk_strategy(0).name == "risk 0"
    with in_language("ro"):
        assert bot_name(player.name) == player.shown_name() == "risc −0,02"


def test_no_name_is_parsed_for_a_theta() -> None:
    """A label that looks like a risk player's but names none made is shown as typed, not parsed."""
    with in_language("uk"):
        assert bot_name("risk +0.0371") == "risk +0.0371"
        assert bot_name(risk_strategy(0.0371).name) == "ризик +0,0371"
    assert 'removeprefix("risk' not in (PACKAGE / "core" / "figure_text.py").read_text(encoding="utf-8")


def test_core_names_no_game_bot_and_every_game_says_its_own() -> None:
    assert 'pgettext("bot"' not in (PACKAGE / "core" / "figure_text.py").read_text(encoding="utf-8")
    own = {"scorecard": "optimal", "bluff": "reasoning", "board": "probability"}
    for game in REGISTRY.names:
        entry = REGISTRY.entry(game)
        says = entry.load("bot_names")
        assert says(own[entry.family]) is not None and says("Ann") is None
    with in_language("uk"):
        assert [bot_name(n) for n in ("optimal", "reasoning", "probability", "Ann")] == [
            "оптимальний",
            "міркує",
            "ймовірність",
            "Ann",
        ]
