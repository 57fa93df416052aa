"""A save carries its own rule set (issue 23): the coach and the class report bound their work on one
that is not the kit's and flag it; wrong types are refused by name (item 7)."""

from __future__ import annotations

import dataclasses
import html
import math

import pytest

from dicepoker.core.errors import DicePokerError
from dicepoker.games.scorecard import coach, hints
from dicepoker.games.scorecard.analysis.lab import play_game
from dicepoker.games.scorecard.coach import coach_report
from dicepoker.games.scorecard.engine import ScorecardGame
from dicepoker.games.scorecard.presets import TWO_PART, YAHTZEE, is_kit_rule_set
from dicepoker.lessons.class_reports import COLUMNS, class_report

EXTRA = tuple(dataclasses.replace(YAHTZEE.box("Chance"), name=f"Chance {i}") for i in range(2, 6))
FORGED = YAHTZEE.variant(boxes=YAHTZEE.boxes + EXTRA)  # 17 boxes, still called "yahtzee"
VARIANT = TWO_PART.variant(upper_bonus=40)  # as large as two_part, but not the kit's


def _save(rules, path, turns: int = 2):
    game = ScorecardGame(rules, players=["Ann"], seed=3)
    for _ in range(turns):
        game.roll()
        game.score(sorted(game.rules.options(game.dice, game.scorecard(0)))[0])
    game.save(path)
    return path


@pytest.fixture
def kit_rules_only(monkeypatch):
    """The solver may be asked for the kit's rule sets only (a forged one must never be solved)."""
    real = coach.solve

    def guarded(rules, **options):
        assert is_kit_rule_set(rules), f"asked to solve a rule set that is not the kit's: {rules.name}"
        return real(rules, **options)

    monkeypatch.setattr(coach, "solve", guarded)
    monkeypatch.setattr(hints, "solve", guarded)


def test_coach_report_refuses_a_forged_rule_set_larger_than_the_kit_s(tmp_path, kit_rules_only):
    path = _save(FORGED, tmp_path / "forged.json")
    with pytest.raises(DicePokerError, match="'yahtzee' of this game is not one of the kit's .*17 boxes"):
        coach_report(path)
    with pytest.raises(DicePokerError, match="not one of the kit's"):
        coach_report(ScorecardGame.load(path), grade=False)


def test_coach_report_flags_a_variant_of_a_preset(tmp_path):
    report = coach_report(_save(VARIANT, tmp_path / "variant.json"), grade=False)
    assert not report.kit_rules and len(report.decisions) == 2
    assert "is not one of the kit's, though it has a kit game's name" in html.unescape(report._repr_html_())
    kit = coach_report(_save(TWO_PART, tmp_path / "kit.json"), grade=False)
    assert kit.kit_rules and "dp-coach-own-rules" not in kit._repr_html_()


def test_class_report_flags_and_skips_saves_of_rule_sets_not_the_kit_s(tmp_path, kit_rules_only):
    _save(TWO_PART, tmp_path / "ann.json")
    _save(FORGED, tmp_path / "forged.json")
    _save(VARIANT, tmp_path / "variant.json", turns=len(VARIANT.boxes))
    report = class_report(tmp_path, bot_games=1)
    table = report.table.set_index("file")
    assert list(report.table.columns) == COLUMNS and COLUMNS[12] == "kit rules"
    assert table["kit rules"].to_dict() == {"ann.json": True, "forged.json": False, "variant.json": False}
    assert table.loc["ann.json", "decisions"] == 2
    for file in ("forged.json", "variant.json"):
        assert all(
            v is None or (isinstance(v, float) and math.isnan(v)) for v in table.loc[file, COLUMNS[4:8]]
        )
    assert (
        table.loc["variant.json", "final score"] == ScorecardGame.load(tmp_path / "variant.json").totals()[0]
    )
    assert set(report.bots["game"]) == {"two_part"}  # the bots play only the kit's rule sets
    page = html.unescape(report._repr_html_())
    assert "Not coached: the rule set of forged.json, variant.json is not one of the kit's" in page
    report.figure()  # the flagged rows draw without an error


@pytest.mark.parametrize("value", [None, 12345, b"ann.json", 1.5])
def test_coach_report_refuses_what_is_not_a_game_or_a_path(value):
    with pytest.raises(DicePokerError, match="the coach reports on a scorecard game or the path of its save"):
        coach_report(value)


@pytest.mark.parametrize("value", [None, 12345, b"folder", ["a"]])
def test_class_report_refuses_what_is_not_a_folder(value):
    with pytest.raises(DicePokerError, match="a class report reads a folder"):
        class_report(value)


@pytest.mark.parametrize(
    "options, message",
    [({"bot_games": 0}, "bot_games"), ({"bot_games": "3"}, "bot_games"), ({"bot_games": True}, "bot_games"),
     ({"seed": -1}, "a seed is a whole number"), ({"seed": "x"}, "a seed is a whole number")],
)  # fmt: skip
def test_class_report_refuses_bad_numbers(tmp_path, options, message):
    play_game("random", "two_part", rng=1).save(tmp_path / "a.json")
    with pytest.raises(DicePokerError, match=message):
        class_report(tmp_path, **options)
