"""The play widgets in a classroom (issue 13, items 2, 3 and 7), driven by Button.click() without a browser.

Messages say things properly (no "roll(s)", "Your turn", board cells as "row 8, column 9 — pair of 3s"),
a disabled button always says why, the end of a game says who won and "press New game", the bluff
announcement list follows the dice, bluff and board have Whole turn and Computer plays by itself,
and every die says what it shows ("die 3: five, held").
"""

from __future__ import annotations

import asyncio
import re

import ipywidgets as widgets
import pytest

from dicepoker.core.dice import Dice
from dicepoker.games import play
from dicepoker.games.bluff.html import reveal_html
from dicepoker.games.bluff.rules import best_hand
from dicepoker.games.bluff.widget import bluff_hint
from dicepoker.games.bluff.widget import style_sheet as bluff_css
from dicepoker.games.board.labels import cell_name
from dicepoker.games.scorecard.widget import style_sheet as scorecard_css
from dicepoker.ui.widget import descendants

COMPUTER_SEATS = {
    "classic": ("computer", "computer"),
    "bluff": ("reasoning", "naive"),
    "board": ("computer", "random"),
}
DIE_TOOLTIP = re.compile(
    r"die [1-5]: (one|two|three|four|five|six|not rolled yet)(, held)?( — click to (hold|release))?"
)


def buttons(ui) -> list[widgets.Button]:
    return [w for w in descendants(ui.root) if isinstance(w, widgets.Button)]


def check_state(ui, seen: list[str]) -> None:
    """What every state must satisfy: disabled buttons say why, dice say what they show, no (s)."""
    for button in buttons(ui):
        if button.disabled and button.layout.display != "none":  # a hidden button needs no reason
            assert button.tooltip, f"disabled {button.description!r} does not say why"
    for die in ui.dice_buttons:
        assert DIE_TOOLTIP.fullmatch(die.tooltip), die.tooltip
    status = getattr(ui, "status", None)
    seen += [ui.last_message, status.value if status is not None else ""]


@pytest.mark.parametrize("game", sorted(COMPUTER_SEATS))
def test_a_computer_game_by_whole_turns_says_everything_properly(game):
    ui = play(game, seats=COMPUTER_SEATS[game], seed=4)
    seen: list[str] = []
    for _ in range(400):
        if ui.game.is_over:
            break
        before = ui.game.current_player
        ui.turn_button.click()
        assert not ui.last_message.startswith("Refused"), ui.last_message
        assert ui.game.is_over or ui.game.current_player != before or game != "board"
        check_state(ui, seen)
    assert ui.game.is_over
    assert "New game" in ui.last_message and re.search(
        r"\bwins?\b|draw|shares?|share the win", ui.last_message
    )
    assert not any("left)" in b.description for b in buttons(ui)), "no Roll (3 left) after the end"
    assert ui.roll_button.description == "Game over" and ui.roll_button.disabled
    text = " ".join(seen)
    assert "(s)" not in text and "s's" not in text.replace("Computer's", "")
    ui.close()


@pytest.mark.parametrize("game", ["bluff", "board"])
def test_whole_turn_plays_one_computer_turn(game):
    ui = play(game, seats=COMPUTER_SEATS[game], seed=2)
    first = ui.game.current_player
    ui.turn_button.click()
    assert ui.game.current_player != first or ui.game.is_over
    assert len(re.findall(r"[.!]\s", ui.last_message + " ")) >= 2, "the message tells every action"
    ui.close()


@pytest.mark.parametrize("game", ["bluff", "board"])
def test_computer_plays_by_itself_with_an_event_loop(game):
    async def main():
        ui = play(game, seats=COMPUTER_SEATS[game], seed=6)
        ui.auto_delay = 0.0
        ui.auto_play.value = True
        for _ in range(20000):
            if ui.game.is_over:
                break
            await asyncio.sleep(0)
        return ui

    ui = asyncio.run(main())
    assert ui.game.is_over
    ui.close()


def test_your_turn_and_full_names_in_the_scorecard():
    ui = play("classic", seats=("human", "computer", "computer"), names=["You", "Computer 1", "Computer 2"])
    assert "Your turn" in ui.status.value and "You's" not in ui.status.value
    ui.roll_button.click()
    assert ui.last_message.startswith("You roll ")
    css = scorecard_css()
    name_rule = re.search(r"\.dp-name \{\{?([^}]*)\}", css).group(1)
    assert "ellipsis" not in name_rule and "hidden" not in name_rule
    assert "max-content" in ui.scorecard.layout.grid_template_columns
    header = " ".join(w.value for w in ui.scorecard.children if isinstance(w, widgets.HTML))
    assert "Computer 1" in header and "Computer 2" in header
    ui.close()


def test_the_bluff_announcement_list_follows_the_dice():
    checked = 0
    for seed in range(30):
        ui = play("bluff", seats=("human", "naive"), names=["Ann", "Computer"], seed=seed)
        ui.roll_button.click()
        readings = set()
        while ui.game.rolls_left:
            dice = Dice(tuple(ui.game.positions))
            assert ui.announce_picker.value == str(best_hand(dice)), (seed, dice)
            readings.add(str(best_hand(dice)))
            ui.roll_button.click()  # reroll everything
        assert ui.announce_picker.value == str(best_hand(Dice(tuple(ui.game.positions))))
        checked += len(readings) > 1
        ui.close()
    assert checked >= 5, "the dice changed their reading between rolls in several games"


def test_no_next_opener_once_the_bluff_game_is_over():
    ui = play("bluff", seats=("reasoning", "naive"), seed=3)
    while not ui.game.is_over:
        ui.turn_button.click()
    assert "opens the next round" not in ui.reveal.value
    assert "opens the next round" in reveal_html(ui.game.rounds[0], ui.game.player_names, opener="Bo")
    ui.close()


def test_the_opener_hint_keeps_four_to_a_straight():
    """2-2-3-4-5 with two rolls: keep 2-3-4-5 (today's hint said keep 2-2-3-4-5 for a pair of 2s, 100%)."""
    hint = bluff_hint("22345", 2)
    assert "Keep 2-3-4-5: small straight or better with 56%" in hint
    assert "keep 2-2-3-4-5" not in hint.lower()


def test_board_messages_name_cells_as_players_read_them():
    ui = play("board", seats=("human", "human"), names=["Ann", "Bo"], seed=1)
    ui.roll_button.click()
    cell = ui.game.takeable_cells()[0]
    label = ui.rules.label(cell)
    ui.cell_buttons[cell].click()
    assert cell_name(cell, label) in ui.last_message
    assert re.search(r"row [1-9], column [1-9] — ", ui.last_message)
    assert ui.cell_buttons[cell].tooltip.startswith(cell_name(cell, label))
    ui.close()


@pytest.mark.parametrize("game", ["classic", "bluff", "board"])
def test_hint_has_no_emoji_and_held_dice_are_more_than_a_colour(game):
    seats = {"classic": ("human",), "bluff": ("human", "naive"), "board": ("human", "computer")}[game]
    ui = play(game, seats=seats, seed=5)
    assert ui.hint_button.description.isascii()
    css = ui._style.value
    assert "dp-held::after" in css and 'content: "held"' in css and ":focus-visible" in css
    assert ":disabled" in css
    if game == "bluff":
        ui.pass_button.click() if ui.needs_pass else None
    ui.roll_button.click()
    ui.dice_buttons[2].click()
    assert ui.dice_buttons[2].tooltip.startswith("die 3: ") and ", held" in ui.dice_buttons[2].tooltip
    assert "dp-held" in ui.dice_buttons[2]._dom_classes
    ui.close()


def test_the_revealed_cup_shows_five_unsquashed_dice():
    css = bluff_css()
    assert "rotateY" not in css and not re.search(r"opacity: 0[;\s}]", css)
    assert re.search(r"\.dp-reveal svg \{\{? ?flex: 0 0 auto", css) or "flex: 0 0 auto" in css
