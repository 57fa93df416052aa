"""New game in the three play widgets: fewer seats than the last game, names that repeat.

A New game that is refused leaves the widget exactly as it was (the game, the names shown, the
seats) and says why on the message line, in the widget's language; one that goes through forgets
everything of the last game (who acted last, a seat that is gone). Clicks go through
:func:`widget_clicks.click`, so an exception in a callback fails the test instead of being logged.
"""

from __future__ import annotations

import pytest
from widget_clicks import click

from dicepoker.core.i18n import format_message
from dicepoker.games.bluff.widget import BluffUI
from dicepoker.games.board.widget import BoardUI
from dicepoker.games.scorecard.bots import simple_bot
from dicepoker.games.scorecard.widget import PlayUI

REFUSED_NAMES_TEMPLATE = "two players would be called {name}: give each player a different name"
REFUSED_NAMES = REFUSED_NAMES_TEMPLATE.format(name="Ann")


def scorecard(game="two_part", seats=("human",) * 3, names=None, lang=None) -> PlayUI:
    return PlayUI(game, seats, names, seed=1, strategy=lambda rules: simple_bot, hints=False, lang=lang)


def score_a_box(ui: PlayUI) -> None:
    click(ui.roll_button)
    box = next(name for name, button in ui.box_buttons.items() if not button.disabled)
    click(ui.box_buttons[box])


def snapshot(ui) -> tuple:
    """What a refused New game must leave as it was."""
    return (ui.game.to_dict(), ui.seats, ui.shown_names(), ui.status.value if hasattr(ui, "status") else None)


def test_scorecard_new_game_with_fewer_seats_after_the_last_seat_acted():
    ui = scorecard()
    score_a_box(ui)
    score_a_box(ui)
    click(ui.roll_button)  # Player 3 acts last
    assert ui.last_message.startswith("Player 3 rolls")
    ui.seat_choosers[2].value = "empty"
    click(ui.new_game_button)  # raised IndexError at seats[self._last_actor]
    assert ui.seats == ("human", "human") and ui.game.player_names == ("Player 1", "Player 2")
    assert ui.last_message.startswith("New game of ") and "Player 3" not in ui.last_message
    assert 'class="dp-msg dp-msg-info"' in ui.message.value
    click(ui.roll_button)
    assert ui.last_message.startswith("Player 1 rolls")
    ui.close()


def test_scorecard_new_game_with_fewer_seats_after_a_computer_acted_last():
    ui = scorecard("classic", seats=("human", "human", "computer"))
    score_a_box(ui)
    score_a_box(ui)
    click(ui.step_button)  # the computer (seat 3) rolls
    ui.seat_choosers[2].value = "empty"
    click(ui.new_game_button)
    assert ui.seats == ("human", "human")
    assert 'class="dp-msg dp-msg-info"' in ui.message.value  # not the computer's colour
    ui.close()


@pytest.mark.parametrize("seats", [("human",) * 3, ("human", "human")])
def test_scorecard_refused_new_game_with_repeated_names_changes_nothing(seats):
    ui = scorecard(seats=seats)
    score_a_box(ui)
    before = snapshot(ui)
    ui.name_boxes[0].value = ui.name_boxes[1].value = "Ann"
    click(ui.new_game_button)  # three seats: escaped as ValueError: zip() argument 2 is shorter ...
    assert ui.last_message == REFUSED_NAMES and "dp-msg-error" in ui.message.value
    assert snapshot(ui) == before  # two seats: the players were then shown as "Ann, Ann"
    click(ui.roll_button)  # the widget still plays the current game
    assert ui.last_message.startswith("Player 2 rolls")
    ui.close()


def test_scorecard_refused_names_in_the_widgets_language_and_a_typed_name_meets_a_default_one():
    ui = scorecard(seats=("human", "human"), lang="ro")
    ui.name_boxes[0].value = "Jucătorul 2"  # seat 2's default name in Romanian
    click(ui.new_game_button)
    assert ui.last_message == format_message(REFUSED_NAMES_TEMPLATE, "ro", name="Jucătorul 2")
    ui.name_boxes[0].value = "Гравець 2"  # the same in Ukrainian: a switch of language would show it twice
    click(ui.new_game_button)
    assert "Гравець 2" in ui.last_message and "dp-msg-error" in ui.message.value
    ui.name_boxes[0].value, ui.name_boxes[1].value = "you", "Tu"  # both are "You" on show
    click(ui.new_game_button)
    assert "dp-msg-error" in ui.message.value and ui.game.player_names == ("Jucătorul 1", "Jucătorul 2")
    ui.close()


def test_board_refused_new_game_with_repeated_names_changes_nothing():
    for seats in (("human", "human", "human"), ("human", "human", "empty")):
        ui = BoardUI(seats=("human", "human"), seed=2)
        click(ui.roll_button)
        before = snapshot(ui)
        ui.seat_choosers[2].value = seats[2]
        ui.name_boxes[0].value = ui.name_boxes[1].value = "Ann"
        click(ui.new_game_button)  # three seats escaped as ValueError from zip()
        assert ui.last_message == "Refused: " + REFUSED_NAMES
        assert snapshot(ui) == before  # two seats: the players were shown as "Ann, Ann"
        cell = ui.game.takeable_cells()
        click(ui.pass_button if not cell else ui.cell_buttons[cell[0]])
        assert "dp-msg-error" not in ui.message.value
        ui.close()


def test_bluff_names_that_repeat_are_refused_in_the_widgets_language():
    with pytest.raises(ValueError) as refused:
        BluffUI(seats=("human", "naive"), names=["Ann", "Ann"], lang="ro")
    assert str(refused.value) == format_message(REFUSED_NAMES_TEMPLATE, "ro", name="Ann")
    with pytest.raises(ValueError, match="would be called Computer"):  # "Computer" meets a default name
        BluffUI(seats=("human", "naive", "random"), names=["Computer 1", "", ""])


def live_widgets() -> int:
    """How many widgets the kernel holds open (each one a comm the front end keeps a model for)."""
    from ipywidgets.widgets.widget import _instances

    return len(_instances)


@pytest.mark.parametrize(
    "make", [scorecard, lambda: BoardUI(seats=("human", "human"), seed=2)], ids=["scorecard", "board"]
)
def test_playing_and_new_games_open_no_new_widget(make):
    """A refresh rewrites the widgets it has; a new game keeps them: a long class session does not
    pile up widgets in the kernel (a title widget per refresh and a scorecard per game once did)."""
    ui = make()
    click(ui.roll_button)
    click(ui.new_game_button)
    before = live_widgets()
    for _ in range(3):
        for _ in range(4):
            click(ui.roll_button)
        click(ui.new_game_button)
    assert live_widgets() == before
    ui.close()


def test_bluff_rounds_and_new_games_open_no_new_widget():
    ui = BluffUI(seats=("human", "naive"), seed=3)
    click(ui.new_game_button)
    before = live_widgets()
    for _ in range(3):
        click(ui.new_game_button)
    assert live_widgets() == before
    ui.close()
