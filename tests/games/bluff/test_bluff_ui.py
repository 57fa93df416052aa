"""The bluff widget, driven by Button.click() as a player would: whole games, hiding, refusals."""

import re

import numpy as np
import pytest

from dicepoker.games.bluff.engine import BluffGame, Phase
from dicepoker.games.bluff.html import game_html, view_html
from dicepoker.games.bluff.rules import best_hand
from dicepoker.games.bluff.widget import BluffUI, play_bluff

CSS_NEEDED = [
    "dp-app",
    "dp-bluff",
    "dp-message",
    "dp-roll",
    "dp-new-game",
    "dp-hint",
    "dp-announce-picker",
    "dp-announce",
    "dp-call",
    "dp-accept",
    "dp-pass",
    "dp-reveal",
    "dp-lives",
    "dp-step",
    *[f"dp-die-{i}" for i in range(5)],
    *[f"dp-seat-{i}" for i in range(6)],
]


def all_widgets(widget):
    found = [widget]
    for child in getattr(widget, "children", ()):
        found += all_widgets(child)
    return found


def shown_faces(ui):
    return [next(int(c[-1]) for c in b._dom_classes if c.startswith("dp-face-")) for b in ui.dice_buttons]


def check_nothing_private_leaks(ui):
    """The screen shows dice only to the human whose turn it is, after they took the screen."""
    game = ui.game
    roller_has_screen = (
        not game.is_over
        and ui.current_seat == "human"
        and ui.screen_for == game.current_player
        and game.phase == Phase.ROLL
        and game.positions is not None
    )
    if roller_has_screen:
        assert shown_faces(ui) == list(game.positions)
    else:
        assert shown_faces(ui) == [0] * 5
    if ui.needs_pass:
        assert ui.private.value == "The cup is covered."
        assert all(b.disabled for b in (ui.roll_button, ui.call_button, ui.accept_button, ui.announce_button))


def human_move(ui, rng):
    """Play the current human's move with clicks; returns how many clicks it took."""
    game = ui.game
    if ui.needs_pass:
        ui.pass_button.click()
    elif game.phase == Phase.RESPOND:
        if ui.accept_button.disabled or rng.random() < 0.4:
            ui.call_button.click()
        else:
            ui.accept_button.click()
    elif game.positions is None:
        ui.roll_button.click()
    elif game.rolls_left and rng.random() < 0.5:
        ui.dice_buttons[int(rng.integers(5))].click()
        ui.roll_button.click()
        return 2
    else:
        options = [hand for _label, hand in ui.announce_picker.options]  # (label, English hand) pairs
        pick = min(int(rng.integers(len(options))), int(rng.integers(len(options))))
        ui.announce_picker.value = options[pick]
        ui.announce_button.click()
    return 1


def test_every_css_class_of_the_browser_tests_is_there():
    ui = play_bluff(seed=0)
    classes = {c for w in all_widgets(ui.root) for c in getattr(w, "_dom_classes", ())}
    assert set(CSS_NEEDED) <= classes
    assert {"dp-app", "dp-bluff"} <= set(ui.root._dom_classes)
    assert "application/vnd.jupyter.widget-view+json" in ui._repr_mimebundle_()
    ui.close()


@pytest.mark.parametrize("seed", range(3))
def test_a_whole_hot_seat_game_of_three_humans_by_clicks(seed):
    rng = np.random.default_rng(seed)
    ui = play_bluff(seats=("human", "human", "human"), names=["Ann", "Bo", "Cy"], seed=seed)
    messages = []
    for _ in range(5000):
        if ui.game.is_over:
            break
        before = ui._message_count
        clicks = human_move(ui, rng)
        assert ui._message_count == before + clicks
        assert not ui.last_message.startswith("Refused"), ui.last_message
        messages.append(ui.last_message)
        check_nothing_private_leaks(ui)
    game = ui.game
    assert game.is_over and sum(n > 0 for n in game.lives) == 1
    assert f"{game.player_names[game.winner]} wins!" in ui.last_message
    assert ui.last_message.endswith("Press New game to play again.")
    assert all(a != b for a, b in zip(messages, messages[1:], strict=False))  # the line always changes
    assert "dp-reveal-die" in ui.reveal.value
    ui.close()


@pytest.mark.parametrize("seats", [("human", "reasoning"), ("naive", "human", "random")])
def test_a_whole_game_against_computers_with_step(seats):
    rng = np.random.default_rng(1)
    ui = play_bluff(seats=seats, seed=4)
    human = seats.index("human")
    steps = 0
    for _ in range(5000):
        if ui.game.is_over:
            break
        if not ui.step_button.disabled:
            ui.step_button.click()
            steps += 1
            # a computer's move never shows its dice, on the screen or the message line
            assert shown_faces(ui) == [0] * 5 or ui.game.current_player == human
            assert "rolls in secret:" not in ui.last_message
        else:
            assert ui.game.current_player == human and not ui.needs_pass  # one human: no passing
            human_move(ui, rng)
        assert not ui.last_message.startswith("Refused"), ui.last_message
        check_nothing_private_leaks(ui)
    assert ui.game.is_over and steps > 0
    ui.close()


def test_computers_alone_play_by_steps():
    ui = play_bluff(seats=("reasoning", "naive", "random"), seed=3)
    while not ui.game.is_over:
        ui.step_button.click()
        assert shown_faces(ui) == [0] * 5
    assert ui.step_button.disabled and "wins" in ui.last_message
    ui.step_button.click()  # disabled in the browser; a click in Python is refused
    assert ui.last_message.startswith("Refused: the game is over")
    ui.close()


def test_refused_clicks_change_nothing_and_say_why():
    ui = play_bluff(seats=("human", "reasoning"), names=["Ann", "Cpu"], seed=5)
    before = ui.game.to_json()
    for button, reason in [
        (ui.call_button, "cannot call the bluff now"),
        (ui.accept_button, "cannot accept now"),
        (ui.announce_button, "choose a hand"),
        (ui.step_button, "a human plays it"),
        (ui.pass_button, "nobody needs the screen"),
        (ui.dice_buttons[2], "no dice in front of you"),
    ]:
        button.click()
        assert ui.last_message.startswith("Refused") and reason in ui.last_message, ui.last_message
        assert ui.game.to_json() == before
    ui.roll_button.click()
    ui.dice_buttons[0].click()
    assert ui.held[0] and "dp-held" in ui.dice_buttons[0]._dom_classes
    held_value = ui.game.positions[0]
    ui.roll_button.click()
    assert ui.game.positions[0] == held_value and ui.game.turns[0].throws == (5, 4)
    ui.roll_button.click()
    before = ui.game.to_json()
    ui.roll_button.click()
    assert "at most 3 times" in ui.last_message and ui.game.to_json() == before
    ui.announce_picker.value = ui.announce_picker.options[0][1]
    ui.announce_button.click()
    assert ui.game.current_player == 1
    ui.roll_button.click()
    assert "press Step" in ui.last_message
    ui.close()


def test_the_picker_offers_only_higher_announcements_and_defaults_to_the_dice():
    ui = play_bluff(seats=("human", "human"), names=["Ann", "Bo"], seed=6)
    ui.pass_button.click()
    assert ui.announce_picker.options == () and ui.announce_button.disabled
    ui.roll_button.click()
    assert len(ui.announce_picker.options) == 72
    assert ui.announce_picker.value == str(best_hand(ui.game.cup))
    ui.announce_picker.value = "three 5s"
    ui.announce_button.click()
    ui.pass_button.click()
    assert "Bo has the screen" in ui.last_message
    ui.accept_button.click()
    assert [hand for _label, hand in ui.announce_picker.options[:2]] == ["three 6s", "small straight"]
    assert len(ui.announce_picker.options) == 45  # the 72 hands above the 27th
    ui.close()


def test_hints_give_exact_odds():
    ui = play_bluff(seats=("human", "human"), names=["Ann", "Bo"], seed=7)
    ui.pass_button.click()
    ui.hint_button.click()
    assert ui.last_message.startswith("Hint: roll first")
    ui.roll_button.click()
    ui.hint_button.click()
    assert re.match(r"Hint: [1-6-]+ reads .+\. (Stop|Keep [1-6-]+|Keep nothing): .+", ui.last_message)
    ui.announce_picker.value = "pair of 2s"
    ui.announce_button.click()
    ui.pass_button.click()
    ui.hint_button.click()
    assert "'pair of 2s' is true with chance" in ui.last_message
    ui.close()


def test_new_game_from_the_seat_choosers():
    ui = play_bluff(seed=8)
    ui.seat_choosers[0].value = "naive"
    ui.seat_choosers[1].value = "human"
    ui.seat_choosers[2].value = "random"
    ui.new_game_button.click()
    assert ui.seats == ("naive", "human", "random") and ui.game.player_names[1] == "You"
    assert ui.last_message.startswith("New game")
    assert [c.value for c in ui.seat_choosers] == ["naive", "human", "random", "empty", "empty", "empty"]
    assert "empty" not in [value for _, value in ui.seat_choosers[1].options]  # always two seats
    ui.close()


def test_bad_seats_refused():
    with pytest.raises(ValueError):
        BluffUI(seats=("human", "robot"))
    with pytest.raises(ValueError):
        BluffUI(seats=("human",))
    with pytest.raises(ValueError):
        BluffUI(seats=("human", "naive"), names=["A"])


def test_pictures_hide_the_cup():
    game = BluffGame(players=["Ann", "Bo"], seed=2)
    game.roll()
    assert "die showing" not in game_html(game) and "die showing" in view_html(game.view("Ann"))
    assert "die showing" not in view_html(game.view("Bo"))
    assert game._repr_html_() == game_html(game) and game.view()._repr_html_() == view_html(game.view())
    game.announce("pair of 1s")
    game.call_bluff()
    assert game_html(game).count("die showing") == 5  # the lifted cup is public
