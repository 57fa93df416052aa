"""Graded games (issue 22, item 4): Hint and Coach off in a graded game, the save records the mode,
every hint shown and who played each seat, and the class report flags a bot in a student's seat."""

from __future__ import annotations

import html
import json

import numpy as np
import pytest
from widget_clicks import click

from dicepoker.core.errors import DicePokerError, SaveFileError
from dicepoker.core.i18n import in_language
from dicepoker.core.match import play_match, random_seat
from dicepoker.core.play_record import PlayRecord, SeatKind
from dicepoker.core.saving import sealed
from dicepoker.games import new_game, play
from dicepoker.games.bluff.engine import BluffGame
from dicepoker.games.board.engine import BoardGame
from dicepoker.games.scorecard.analysis.lab import play_game
from dicepoker.games.scorecard.engine import ScorecardGame
from dicepoker.games.scorecard.presets import TWO_PART
from dicepoker.lessons.class_reports import class_report, student_seats

WIDGETS = {  # a game name and its seats: a human against the computer
    "classic": ("human", "computer"),
    "bluff": ("human", "reasoning"),
    "board": ("human", "computer"),
}
BOTS = {"classic": "optimal", "bluff": "reasoning", "board": "probability"}


def _to_the_hint(ui):
    """Bring a human's turn to where a hint has something to say (the dice rolled)."""
    if hasattr(ui, "pass_button") and not ui.pass_button.disabled and type(ui).__name__ == "BluffUI":
        click(ui.pass_button)
    click(ui.roll_button)
    assert ui.game.positions is not None and ui.current_seat == "human"


def _content(game) -> dict:
    return json.loads(game.to_json())


@pytest.mark.parametrize("name", WIDGETS)
def test_a_graded_game_refuses_hints_and_records_its_mode_and_seats(name):
    ui = play(name, seats=WIDGETS[name], seed=5, graded=True)
    _to_the_hint(ui)
    assert ui.hint_button.disabled and "graded" in ui.hint_button.tooltip
    before = _content(ui.game)
    click(ui.hint_button)  # a disabled button's click still reaches the kernel: the handler refuses
    assert "graded" in ui.last_message and _content(ui.game) == before
    record = ui.game.play_record
    assert record.mode == "graded" and record.hints == []
    assert record.seats == (SeatKind("human"), SeatKind("bot", BOTS[name]))
    assert before["play"] == {
        "mode": "graded",
        "seats": [{"kind": "human"}, {"kind": "bot", "bot": BOTS[name]}],
        "hints": [],
    }
    first = ui.game
    click(ui.new_game_button)  # the next game is graded too, its seats recorded again
    assert ui.game is not first and ui.game.play_record.mode == "graded"
    assert ui.game.play_record.seats == (SeatKind("human"), SeatKind("bot", BOTS[name]))
    ui.close()


@pytest.mark.parametrize("name", WIDGETS)
def test_a_practice_game_records_every_hint_shown_and_reloads_identical(name, tmp_path):
    ui = play(name, seats=WIDGETS[name], seed=5)
    _to_the_hint(ui)
    actions = len(_content(ui.game)["history"])
    click(ui.hint_button)
    click(ui.hint_button)
    assert ui.last_message.startswith("Hint") and not ui.hint_button.disabled
    assert ui.game.play_record.mode == "practice"
    assert [h.to_dict() for h in ui.game.play_record.hints] == [
        {"player": 0, "at": actions, "kind": "hint"}
    ] * 2
    ui.game.save(tmp_path / "game.json")
    again = type(ui.game).load(tmp_path / "game.json")
    assert again.play_record == ui.game.play_record and again.to_json() == ui.game.to_json()
    ui.close()


def test_the_coach_is_off_in_a_graded_game_and_recorded_in_practice():
    graded = play("classic", seats=("human",), seed=2, graded=True)
    assert graded.coach.disabled and "graded" in graded.coach.tooltip
    graded.coach.value = True  # ticked from code: the next refresh unticks it, the coach says nothing
    click(graded.roll_button)
    assert graded.coach.value is False
    graded.coach.value = True  # ticked again just before a choice: the kernel still keeps the coach off
    click(graded.box_buttons[next(iter(graded.game.options()))])
    assert "cost" not in graded.last_message and "best one" not in graded.last_message
    assert graded.game.play_record.hints == []
    with pytest.raises(DicePokerError, match="graded"):
        graded._report(0)  # the coach's report on the game so far waits for its end
    practice = play("classic", seats=("human",), seed=2)
    practice.coach.value = True
    click(practice.roll_button)
    click(practice.box_buttons[next(iter(practice.game.options()))])
    assert [(h.player, h.at, h.kind) for h in practice.game.play_record.hints] == [(0, 2, "coach")]
    graded.close()
    practice.close()


def test_graded_must_be_true_or_false():
    with pytest.raises(DicePokerError, match="graded is True or False"):
        play("bluff", graded="yes")


def _content_of(data: dict) -> dict:
    """A save's content, without its envelope."""
    return {k: v for k, v in data.items() if k not in ("format", "version", "checksum")}


@pytest.mark.parametrize(
    ("name", "engine", "older"),
    [("classic", ScorecardGame, 1), ("bluff", BluffGame, 1), ("board", BoardGame, 2)],
)
def test_an_older_save_without_a_play_record_still_loads(name, engine, older):
    game = new_game(name, seed=3)
    rng = np.random.default_rng(4)
    for _ in range(6):
        game.apply(random_seat(game, game.current_player, rng))
    game.record_seats(tuple(SeatKind("human") for _ in game.player_names), "graded")
    old = game._sealed_as(older)
    assert "play" not in old and old["version"] == older == engine.save_version - 1
    loaded = engine.from_dict(old)
    assert loaded.play_record == PlayRecord()  # practice, seats not recorded, no hints
    assert loaded._sealed_as(older) == old and loaded.to_dict()["version"] == engine.save_version
    with pytest.raises(SaveFileError, match="fields"):  # an older version with a play record
        engine.from_dict(sealed(engine.save_format, older, _content_of(game.to_dict())))
    with pytest.raises(SaveFileError, match="fields"):  # the new version without one
        engine.from_dict(sealed(engine.save_format, engine.save_version, _content_of(old)))
    with pytest.raises(SaveFileError, match="version"):  # a version that is true, not a number
        engine.from_dict({**old, "version": True})


def _record(mode="practice", seats=None, hints=(), **extra):
    return {"mode": mode, "seats": seats, "hints": list(hints), **extra}


def _hint(player=0, at=0, kind="hint"):
    return {"player": player, "at": at, "kind": kind}


BAD_RECORDS = {
    "unknown mode": _record("exam"),
    "a seat too many": _record(seats=[{"kind": "human"}] * 3),
    "a seat of no kind": _record(seats=[{"kind": "robot"}, {"kind": "human"}]),
    "a human with a bot's name": _record(seats=[{"kind": "human", "bot": "x"}, {"kind": "human"}]),
    "a bot without a name": _record(seats=[{"kind": "bot", "bot": ""}, {"kind": "human"}]),
    "a bot's name not text": _record(seats=[{"kind": "bot", "bot": 7}, {"kind": "human"}]),
    "hints not a list": {**_record(), "hints": 3},
    "a hint for no player": _record(hints=[_hint(player=2)]),
    "a hint after the game": _record(hints=[_hint(at=99)]),
    "a hint of no kind": _record(hints=[_hint(kind="tip")]),
    "a true player": _record(hints=[_hint(player=True)]),
    "an extra field": _record(student="Ann"),
    "not a mapping": ["practice"],
}


@pytest.mark.parametrize("bad", BAD_RECORDS.values(), ids=BAD_RECORDS)
def test_a_malformed_play_record_is_refused_even_with_a_recomputed_checksum(bad):
    game = ScorecardGame("classic", players=["Ann", "Bo"], seed=1)
    game.roll()
    data = _content_of(game.to_dict())
    with pytest.raises(SaveFileError):
        ScorecardGame.from_dict(sealed(game.save_format, game.save_version, {**data, "play": bad}))


def test_an_edited_record_is_caught_by_the_checksum_but_a_forger_can_recompute_it():
    """What this can and cannot catch (docs/saves.md): an edit by hand, yes; a forger with Python, no."""
    game = play_game("greedy", "classic", rng=4)
    data = game.to_dict()
    human = {**data, "play": {**data["play"], "seats": [{"kind": "human"}]}}
    with pytest.raises(SaveFileError, match="checksum"):
        ScorecardGame.from_dict(human)
    forged = ScorecardGame.from_dict(sealed(game.save_format, game.save_version, _content_of(human)))
    assert forged.play_record.seats == (SeatKind("human"),)  # loads: the checksum is not a signature


def test_the_match_runner_records_its_seats_as_bots():
    board = play_match(new_game("board", seed=1), [random_seat, random_seat], rng=2)
    assert board.play_record.seats == (SeatKind("bot", "random"),) * 2
    assert play_game("heuristic", "classic", rng=1).play_record.seats == (SeatKind("bot", "heuristic"),)
    assert ScorecardGame("classic").play_record.seats is None  # played by hand in Python: not known


def _widget_game(tmp_path, file, seats, names, *, graded=False, hints=0):
    """A scorecard game played to its end in the widget, ``hints`` hints asked on the first turn."""
    ui = play("classic", seats=seats, names=names, seed=8, graded=graded)
    for turn in range(400):
        if ui.game.is_over:
            break
        if ui.current_seat != "human":
            click(ui.turn_button)
            continue
        click(ui.roll_button)
        for _ in range(hints if turn == 0 else 0):
            click(ui.hint_button)
        click(ui.box_buttons[next(iter(ui.game.options()))])
    ui.game.save(tmp_path / file)
    ui.close()


def test_lesson_08_s_class_of_bots_is_flagged_and_a_house_rule_game_too(tmp_path):
    """Lesson 08 builds its "class" from games bots played, saved under students' names."""
    for name, strategy, seed in [("ada", "heuristic", 1), ("ben", "greedy", 2)]:
        play_game(strategy, "two_part", rng=seed).save(tmp_path / f"{name}.json")
    ScorecardGame(TWO_PART.variant(upper_bonus=40), players=["Eve"], seed=2).save(tmp_path / "eve.json")
    report = class_report(tmp_path, bot_games=1)
    table = report.table.set_index("file")
    assert table["bot in student seat"].to_dict() == {"ada.json": True, "ben.json": True, "eve.json": False}
    assert table["played by"].to_dict() == {
        "ada.json": "bot: heuristic", "ben.json": "bot: greedy", "eve.json": "not recorded",
    }  # fmt: skip
    assert table["kit rules"].to_dict() == {"ada.json": True, "ben.json": True, "eve.json": False}
    shown = html.unescape(report._repr_html_())
    assert "Played by a bot in the student's seat: ada.json (Player 1), ben.json (Player 1)" in shown
    assert "Not coached: the rule set of eve.json is not one of the kit's" in shown


@pytest.mark.slow
def test_the_class_report_flags_a_bot_in_the_student_seat_and_counts_hints(tmp_path):
    _widget_game(tmp_path, "ann.json", ("human", "computer"), ["You", "Computer"], hints=2)
    _widget_game(tmp_path, "bo.json", ("computer",), ["Bo"], graded=True)  # a bot under Bo's name
    _widget_game(tmp_path, "cy.json", ("human",), ["Cy"], graded=True)
    play_game("heuristic", "classic", rng=1).save(tmp_path / "dee.json")  # lesson 08's class: bots
    ScorecardGame(TWO_PART.variant(upper_bonus=40), players=["Eve"], seed=2).save(tmp_path / "eve.json")
    report = class_report(tmp_path, bot_games=1)
    table = report.table.set_index(["file", "player"])
    assert table["mode"].to_dict() == {
        ("ann.json", "You"): "practice", ("ann.json", "Computer"): "practice", ("bo.json", "Bo"): "graded",
        ("cy.json", "Cy"): "graded", ("dee.json", "Player 1"): "practice", ("eve.json", "Eve"): "practice",
    }  # fmt: skip
    assert table["hints"].to_dict() == {
        ("ann.json", "You"): 2, ("ann.json", "Computer"): 0, ("bo.json", "Bo"): 0, ("cy.json", "Cy"): 0,
        ("dee.json", "Player 1"): 0, ("eve.json", "Eve"): 0,
    }  # fmt: skip
    assert table["played by"].to_dict() == {
        ("ann.json", "You"): "human", ("ann.json", "Computer"): "bot: optimal",
        ("bo.json", "Bo"): "bot: optimal", ("cy.json", "Cy"): "human",
        ("dee.json", "Player 1"): "bot: heuristic", ("eve.json", "Eve"): "not recorded",
    }  # fmt: skip
    flagged = table.index[table["bot in student seat"]].tolist()
    assert flagged == [("bo.json", "Bo"), ("dee.json", "Player 1")]  # not ann's computer opponent
    assert (
        not table.loc[("eve.json", "Eve"), "kit rules"] and table.loc[("dee.json", "Player 1"), "kit rules"]
    )
    shown = html.unescape(report._repr_html_())
    assert "Played by a bot in the student's seat: bo.json (Bo), dee.json (Player 1)" in shown
    assert "Not coached: the rule set of eve.json is not one of the kit's" in shown
    assert (
        "Who played is not recorded (an older save, or a game played without a play widget): eve.json"
        in shown
    )
    with in_language("ro"):
        romanian = html.unescape(report._repr_html_())
    assert "bo.json (Bo)" in romanian and "Played by a bot" not in romanian


def test_the_student_seat_is_the_one_named_after_the_file():
    game = ScorecardGame("classic", players=["Bo", "Ann"])
    game.record_seats((SeatKind("human"), SeatKind("bot", "optimal")))
    assert student_seats("ANN", game) == {1}  # a bot plays the seat called Ann: the student's
    assert student_seats("cy", game) == {0}  # nobody called Cy: the human seat
    game.record_seats((SeatKind("bot", "optimal"), SeatKind("bot", "greedy")))
    assert student_seats("cy", game) == {0, 1}  # nobody human: every seat


@pytest.mark.parametrize("name", WIDGETS)
def test_why_hints_are_off_is_said_in_the_class_s_language(name):
    ui = play(name, seats=WIDGETS[name], seed=5, graded=True, lang="uk")
    _to_the_hint(ui)
    assert "це гра на оцінку: підказки вимкнено" in ui.hint_button.tooltip
    click(ui.hint_button)
    assert "це гра на оцінку: підказки вимкнено" in ui.last_message
    if name == "classic":
        assert ui.coach.tooltip == "це гра на оцінку: тренера вимкнено"
    ui.close()
