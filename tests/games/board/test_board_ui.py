"""The board widget driven by Button.click(): CSS classes, refusals on the message line, whole games."""

from __future__ import annotations

from test_board_game import board_with, line

from dicepoker.games.board.engine import BoardGame
from dicepoker.games.board.html import board_html, label_picture
from dicepoker.games.board.rules import BOARD
from dicepoker.games.board.widget import BoardUI, default_names, play_board


def classes(widget) -> set[str]:
    return set(widget._dom_classes)


def test_widgets_carry_the_css_classes_of_the_browser_tests():
    ui = play_board(seed=1)
    assert {"dp-app", "dp-board"} <= classes(ui.root)
    assert len(ui.cell_buttons) == 81
    assert {"dp-cell", "dp-cell-0-8", "dp-label-S"} <= classes(ui.cell_buttons[(0, 8)])
    assert {"dp-die", "dp-die-3"} <= classes(ui.dice_buttons[3])
    for widget, css in [
        (ui.roll_button, "dp-roll"),
        (ui.pass_button, "dp-pass-turn"),
        (ui.bounce_button, "dp-bounce"),
        (ui.step_button, "dp-step"),
        (ui.hint_button, "dp-hint"),
        (ui.new_game_button, "dp-new-game"),
        (ui.message, "dp-message"),
        (ui.seat_choosers[2], "dp-seat-2"),
    ]:
        assert css in classes(widget)
    ui.close()


def test_a_human_turn_by_clicks_with_refusals_on_the_message_line():
    ui = play_board(seats=("human", "human"), names=["Ann", "Bo"], seed=4)
    before = ui.game.to_json()
    ui.cell_buttons[(1, 1)].click()
    assert ui.last_message.startswith("Refused: roll the dice first") and ui.game.to_json() == before
    assert "dp-msg-error" in ui.message.value
    ui.roll_button.click()
    assert ui.last_message.startswith("Ann rolls") and ui.game.rolls_used == 1
    takeable = set(ui.game.takeable_cells())
    for cell, button in ui.cell_buttons.items():
        assert ("dp-takeable" in classes(button)) == (cell in takeable)
    ui.dice_buttons[0].click()
    assert "dp-held" in classes(ui.dice_buttons[0]) and ui.last_message.startswith("Ann holds")
    wrong = next(c for c in BOARD.cells if c not in takeable)
    before = ui.game.to_json()
    ui.cell_buttons[wrong].click()
    assert ui.last_message.startswith("Refused:") and ui.game.to_json() == before
    ui.step_button.click()
    assert ui.last_message.startswith("Refused: it is Ann's turn") and ui.game.to_json() == before
    if takeable:
        cell = sorted(takeable)[0]
        ui.cell_buttons[cell].click()
        assert ui.game.owner(cell) == 0 and "dp-chip-0" in classes(ui.cell_buttons[cell])
        assert ui.last_message.endswith("Next: Bo.")
    ui.close()


def test_pass_button_when_nothing_fits():
    ui = BoardUI(seats=("human", "human"), seed=0)
    ui.game.roll(result="12456")
    ui.refresh()
    assert not ui.pass_button.disabled
    ui.pass_button.click()
    assert "the turn passes" in ui.last_message and ui.game.current_player == 1


def test_bounce_by_clicks_and_protected_chips_refused():
    ui = BoardUI(seats=("human", "human"), seed=0)
    row = line((1, 0), (0, 1))
    chips = {c: 1 for c in row}
    chips.update({c: 0 for c in BOARD.cells_of("FH") if c not in row})
    chips[(8, 2)] = 1
    ui.game = board_with(chips, series={1: [row]})
    ui.game.roll(result="55566")
    ui.refresh()
    assert not ui.bounce_button.disabled
    ui.bounce_button.click()
    assert ui.bounce_mode and "dp-removable" in classes(ui.cell_buttons[(8, 2)])
    assert "dp-protected" in classes(ui.cell_buttons[(1, 1)]) and "dp-in-series" in classes(
        ui.cell_buttons[(1, 1)]
    )
    drawn = {cell for cell, button in ui.cell_buttons.items() if "dp-stroke-horizontal-1" in classes(button)}
    assert drawn == set(row)  # the series is drawn as a stroke in Bo's colour
    before = ui.game.to_json()
    ui.cell_buttons[(1, 1)].click()
    assert "can never be removed" in ui.last_message and ui.game.to_json() == before
    ui.cell_buttons[(8, 2)].click()
    assert ui.game.owner((8, 2)) is None and "bounces Player 2's chip" in ui.last_message
    assert not ui.bounce_mode


def test_bounce_refused_without_a_bouncer():
    ui = BoardUI(seats=("human", "human"), seed=0)
    ui.roll_button.click()
    before = ui.game.to_json()
    ui.bounce_button.click()
    assert ui.last_message.startswith("Refused: no bouncer") and ui.game.to_json() == before


def test_a_whole_game_of_two_computers_by_step_clicks():
    ui = play_board(seats=("computer", "random"), seed=3)
    messages = [ui.last_message]
    for _ in range(5000):
        if ui.game.is_over:
            break
        ui.step_button.click()
        messages.append(ui.last_message)
    assert ui.game.is_over
    assert "wins!" in ui.last_message or "draw" in ui.last_message
    assert ui.last_message.endswith("Press New game to play again.")
    assert all(a != b for a, b in zip(messages, messages[1:], strict=False))  # every step says something new
    ui.step_button.click()
    assert ui.last_message.startswith("Refused: the game is over")
    assert ui.step_button.disabled
    ui.close()


def test_a_whole_game_of_a_human_against_the_computer_by_clicks():
    ui = play_board(seats=("human", "computer"), names=["Ann", "Computer"], seed=8)
    for _ in range(5000):
        game = ui.game
        if game.is_over:
            break
        if ui.current_seat != "human":
            ui.step_button.click()
        elif game.positions is None:
            ui.roll_button.click()
        elif game.takeable_cells():
            ui.cell_buttons[game.takeable_cells()[0]].click()
        elif game.rolls_left:
            ui.roll_button.click()
        else:
            ui.pass_button.click()
        assert not ui.last_message.startswith("Refused"), ui.last_message
    assert ui.game.is_over
    assert "wins!" in ui.last_message or "draw" in ui.last_message
    assert ui.last_message.endswith("Press New game to play again.")
    winner = ui.game.winner
    if winner is not None:
        series_cells = {c for s in ui.game.series(winner) for c in s.cells if c != BOARD.centre}
        assert all("dp-in-series" in classes(ui.cell_buttons[c]) for c in series_cells)


def test_new_game_from_the_seat_choosers():
    ui = play_board(seed=2)
    ui.seat_choosers[2].value = "random"
    ui.name_boxes[0].value = "Reds"
    ui.new_game_button.click()
    assert ui.game.players == 3 and ui.game.player_names == ("Reds", "Computer", "Random")
    assert ui.last_message.startswith("New game: Reds (red, human)") and "1 series" in ui.last_message
    ui.seat_choosers[0].value = "computer"
    ui.seat_choosers[2].value = "empty"
    ui.name_boxes[0].value = ""
    ui.new_game_button.click()
    assert ui.seats == ("computer", "computer") and ui.game.player_names == ("Computer 1", "Computer 2")


def test_hints_and_display():
    ui = play_board(seats=("human", "computer"), seed=5)
    ui.hint_button.click()
    assert ui.last_message.endswith("roll the dice first.")
    ui.roll_button.click()
    ui.hint_button.click()
    assert ui.last_message.startswith("Hint: ")
    bundle = ui._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert default_names(["random", "random", "human"]) == ["Random 1", "Random 2", "You"]


def test_board_pictures_show_labels_chips_and_series():
    assert label_picture("P3").count("<rect") == 2 and label_picture("K1").count("<rect") == 4
    assert label_picture("T6").count("<circle") == 18
    first = line((2, 0), (0, 1))
    game = board_with({c: 0 for c in first} | {(7, 7): 1}, series={0: [first]})
    page = game._repr_html_()
    assert page.count("<line") == 1 and "1 series" in page
    assert BOARD._repr_html_().count('class="dp-board-cell"') == 81
    assert board_html(BoardGame(rng=0)).count("<line") == 0
    chips = {c: i % 2 for i, c in enumerate(BOARD.cells_of("S"))} | {(3, 3): 1}
    bouncing = board_with(chips)
    bouncing.roll(result="12345")
    assert board_html(bouncing).count('stroke="#ea580c"') == len(bouncing.bounce_targets()) == 3
