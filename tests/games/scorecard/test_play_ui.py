"""The play widget driven by Button.click(): whole games, refusals, the computer's steps, hints."""

from __future__ import annotations

import asyncio
import sys
import types
from collections import Counter
from fractions import Fraction

import pytest

from dicepoker import DicePokerError, Keep, Score, find_game
from dicepoker.core.i18n import parse_number
from dicepoker.core.pictures import MINUS
from dicepoker.games.scorecard import bots
from dicepoker.games.scorecard import widget as play_ui_module
from dicepoker.games.scorecard.bots import simple_bot
from dicepoker.games.scorecard.widget import PlayUI, slug


def play(game="classic", seats=("human", "computer"), names=None, seed=None, hints=False) -> PlayUI:
    """The widget as ``dicepoker.play`` builds it, but with the simple bot and no hints by default,
    so that no test waits for the optimal solver (``play`` itself is tested for its wiring below)."""
    return PlayUI(game, seats, names, seed, strategy=lambda rules: simple_bot, hints=hints)


def number(text: str) -> int:
    """A number as the widget writes it: true minus signs, ``(2×)`` marks after it."""
    return int(text.split(" ")[0].replace(MINUS, "-"))


def cell_texts(ui: PlayUI) -> list[str]:
    """The visible texts of the scorecard grid, in order (HTML cells and box buttons)."""
    import re

    texts = []
    for child in ui.scorecard.children:
        raw = getattr(child, "value", None)
        if raw is None:
            texts.append(child.description)
        else:
            texts.append(re.sub(r"<[^>]+>", " ", raw).replace("&nbsp;", "").strip())
    return texts


def grid_row(ui: PlayUI, label: str) -> list[str]:
    """The cells of the scorecard row whose label starts with ``label``, one per player."""
    players = len(ui.game.player_names)
    texts = cell_texts(ui)
    width = players + 1
    for start in range(0, len(texts), width):
        if texts[start].split("  ")[0].strip() == label or texts[start].startswith(label + " "):
            return texts[start + 1 : start + width]
    raise AssertionError(f"no row {label!r} in {texts[::width]}")


def hold_most_common(ui: PlayUI) -> None:
    """Click the dice showing the commonest face (the way a student would)."""
    positions = ui.game.positions
    face, _ = Counter(positions).most_common(1)[0]
    for i, value in enumerate(positions):
        if value == face and not ui.game.held[i]:
            ui.dice_buttons[i].click()


def human_turn(ui: PlayUI, record: list[tuple[int, str, int]]) -> None:
    """Roll, hold the commonest face, roll again, then click the best green box."""
    player = ui.game.current_player
    ui.roll_button.click()
    hold_most_common(ui)
    held_before = [(i, v) for i, v in enumerate(ui.game.positions) if ui.game.held[i]]
    for i, _ in held_before:
        assert "dp-held" in ui.dice_buttons[i]._dom_classes
    ui.roll_button.click()
    for i, v in held_before:  # held dice stay where they were
        assert ui.game.positions[i] == v
    shown = {
        name: button.description for name, button in ui.box_buttons.items() if button in ui.scorecard.children
    }
    assert shown, "a box button must be on show after a roll"
    box = max(shown, key=lambda n: number(shown[n]))
    record.append((player, box, number(shown[box])))
    ui.box_buttons[box].click()


def classic_total(card: dict[str, int], poker_bonus: int) -> int:
    """RULES.md Game 1 by hand: upper + 35 if the upper total is more than 63 + lower + bonuses."""
    upper = sum(card[n] for n in ("Ones", "Twos", "Threes", "Fours", "Fives", "Sixes"))
    lower = sum(v for n, v in card.items()) - upper
    return upper + (35 if upper > 63 else 0) + lower + poker_bonus


def test_a_whole_two_seat_human_game_through_the_buttons():
    ui = play("classic", seats=("human", "human"), names=["Ann", "Bo"], seed=11)
    record: list[tuple[int, str, int]] = []
    messages = set()
    while not ui.game.is_over:
        human_turn(ui, record)
        messages.add(ui.last_message)
    assert len(record) == 30 and len(messages) > 20
    for player in (0, 1):
        written = {box: points for p, box, points in record if p == player}
        assert ui.game.scorecard(player) == written  # every box holds what its button showed
        total = classic_total(written, ui.game.poker_bonus_points(player))
        assert number(grid_row(ui, "Total")[player]) == total
    winner = max(range(2), key=lambda p: number(grid_row(ui, "Total")[p]))
    assert "Game over" in ui.last_message and ui.game.player_names[winner] in ui.last_message
    assert all(b.disabled for b in ui.dice_buttons) and ui.roll_button.disabled


def test_held_die_classes_and_labels_follow_the_game():
    ui = play("classic", seats=("human",), seed=4)
    assert ui.roll_button.description == "Roll (3 left)"
    ui.roll_button.click()
    assert ui.roll_button.description == "Roll again (2 left)"
    face = ui.game.positions[2]
    assert f"dp-face-{face}" in ui.dice_buttons[2]._dom_classes
    ui.dice_buttons[2].click()
    assert ui.game.held[2] and "dp-held" in ui.dice_buttons[2]._dom_classes
    assert ui.last_message == f"Player 1 holds a {face}."
    ui.dice_buttons[2].click()
    assert not ui.game.held[2] and "dp-held" not in ui.dice_buttons[2]._dom_classes
    for button in ui.dice_buttons:
        button.click()
    assert ui.roll_button.description == "Keep all five"
    ui.roll_button.click()  # keeping all five is "stop"
    assert ui.game.rolls_left == 0 and ui.roll_button.disabled


def test_css_classes_for_the_browser_tests():
    ui = play("classic", seats=("human", "computer"), seed=1)
    assert {"dp-app", "dp-classic"} <= set(ui.root._dom_classes)
    assert {"dp-die", "dp-die-3"} <= set(ui.dice_buttons[3]._dom_classes)
    assert "dp-roll" in ui.roll_button._dom_classes and "dp-step" in ui.step_button._dom_classes
    assert "dp-new-game" in ui.new_game_button._dom_classes and "dp-hint" in ui.hint_button._dom_classes
    assert {"dp-box", "dp-box-two-pairs"} <= set(ui.box_buttons["Two Pairs"]._dom_classes)
    assert "dp-message" in ui.message._dom_classes
    assert [f"dp-seat-{i}" in c._dom_classes for i, c in enumerate(ui.seat_choosers)] == [True] * 4
    assert slug("Three of a Kind") == "three-of-a-kind"


def assert_refused(ui: PlayUI, click, words: str) -> None:
    before = ui.game.to_json()
    message_before = ui.message.value
    click()
    assert ui.game.to_json() == before, "a refused action must leave the game unchanged"
    assert words in ui.last_message, ui.last_message
    assert "dp-msg-error" in ui.message.value and ui.message.value != message_before
    assert "Traceback" not in ui.message.value


def test_refused_actions_go_to_the_message_line_and_change_nothing():
    ui = play("classic", seats=("human", "computer"), names=["Ann", "Robot"], seed=5)
    assert_refused(ui, ui.dice_buttons[0].click, "roll first")
    assert_refused(ui, ui.box_buttons["Chance"].click, "roll first")
    assert_refused(ui, ui.step_button.click, "a human plays it")
    ui.roll_button.click()
    ui.roll_button.click()
    ui.roll_button.click()
    assert_refused(ui, ui.roll_button.click, "at most 3 rolls")
    assert_refused(ui, ui.dice_buttons[1].click, "at most 3 rolls")
    ui.box_buttons["Chance"].click()
    assert ui.game.current_player == 1  # the computer's turn
    assert_refused(ui, ui.roll_button.click, "it is Robot's turn")
    assert_refused(ui, ui.box_buttons["Pair"].click, "it is Robot's turn")
    ui.turn_button.click()
    ui.roll_button.click()
    assert_refused(ui, ui.box_buttons["Chance"].click, "already filled")


def test_refused_part_two_box_in_two_part():
    ui = play("two_part", seats=("human",), seed=2)
    ui.roll_button.click()
    assert ui.box_buttons["Pair"] not in ui.scorecard.children  # part 2 is closed for now
    assert_refused(ui, ui.box_buttons["Pair"].click, "fill every part-1 box first")


def test_the_computer_turn_is_shown_one_action_at_a_time():
    ui = play("classic", seats=("human", "computer"), names=["Ann", "Robot"], seed=8)
    record: list[tuple[int, str, int]] = []
    steps = 0
    while not ui.game.is_over:
        if ui.current_seat == "human":
            assert ui.step_button.disabled and not ui.roll_button.disabled
            human_turn(ui, record)
            continue
        assert not ui.step_button.disabled and ui.roll_button.disabled
        assert all(b.disabled for b in ui.dice_buttons)
        actions, message = len(ui.game.history), ui.message.value
        ui.step_button.click()
        steps += 1
        assert len(ui.game.history) - actions <= 1, "one step, at most one action"
        assert ui.message.value != message and ui.last_message.startswith("Robot")
        assert any(w in ui.last_message for w in ("rolls", "keeps", "rerolls", "writes"))
    robot_turns = [a for p, a in ui.game.history if p == 1]
    assert sum(isinstance(a, Score) for a in robot_turns) == 15
    assert steps >= len(robot_turns)  # a keep is shown before its reroll
    assert "Game over" in ui.last_message


def test_a_pending_keep_is_drawn_held_before_the_reroll():
    ui = play("classic", seats=("computer",), seed=21)
    for _ in range(200):
        ui.step_button.click()
        if ui.last_message.startswith("Computer keeps") and "reroll" in ui.last_message:
            break
    else:
        pytest.fail("the computer never kept dice")
    keep = ui._pending_keep.dice
    held_values = [ui.game.positions[i] for i, b in enumerate(ui.dice_buttons) if "dp-held" in b._dom_classes]
    assert sorted(held_values) == sorted(keep.values)
    ui.step_button.click()
    assert isinstance(ui.game.history[-1][1], Keep) and ui.game.history[-1][1].dice == keep


def test_whole_turn_button_and_computer_only_game():
    ui = play("yatzy", seats=("computer", "computer"), seed=3)
    assert ui.game.player_names == ("Computer 1", "Computer 2")
    for _ in range(30):
        ui.turn_button.click()
    assert ui.game.is_over and "Game over" in ui.last_message
    assert [len(ui.game.scorecard(p)) for p in (0, 1)] == [15, 15]


def test_auto_play_steps_the_computer_with_an_event_loop():
    async def main() -> PlayUI:
        ui = play("classic", seats=("computer",), seed=6)
        ui.auto_delay = 0.0
        ui.auto_play.value = True  # refresh schedules the first step
        for _ in range(2000):
            if ui.game.is_over:
                break
            await asyncio.sleep(0)
        return ui

    ui = asyncio.run(main())
    assert ui.game.is_over


def test_two_part_through_the_widget_doubles_par_and_settlement():
    rules = find_game("two_part")
    ui = play("two_part", seats=("human", "human", "human"), names=["Ann", "Bo", "Cy"], seed=9)
    assert {"dp-app", "dp-two_part"} <= set(ui.root._dom_classes)
    texts = cell_texts(ui)
    assert "Part 1 (par 3 of each face)" in texts and any(t.startswith("Part 2") for t in texts)
    doubles_seen = 0
    while not ui.game.is_over:
        ui.roll_button.click()
        dice = ui.game.dice
        filled = ui.game.scorecard()
        for name, button in ui.box_buttons.items():
            if button not in ui.scorecard.children:
                continue
            box = rules.box(name)
            if box.section == "upper":  # (count - par) x face
                assert number(button.description) == (dice.count(box.face) - 3) * box.face
            elif button.description.endswith("(2×)"):
                doubles_seen += 1
                assert box.doubles and box.qualifies(dice) and name != "Chance"
                single = rules.score(name, dice)
                premium = 50 if name == "Poker" else 0
                assert number(button.description) == 2 * (single - premium) + premium
        open_part1 = [b.name for b in rules.upper_boxes if b.name not in filled]
        shown = [n for n, b in ui.box_buttons.items() if b in ui.scorecard.children]
        if open_part1:
            assert set(shown) <= set(open_part1)
        choice = max(shown, key=lambda n: number(ui.box_buttons[n].description))
        ui.box_buttons[choice].click()
    assert doubles_seen > 0
    totals = [number(t) for t in grid_row(ui, "Total")]
    for player in range(3):
        card = ui.game.scorecard(player)
        part1 = sum(card[b.name] for b in rules.upper_boxes)
        assert number(grid_row(ui, "Part 1 total")[player]) == part1
        assert totals[player] == sum(card.values()) + (50 if part1 >= 0 else 0)
    mean = Fraction(sum(totals), 3)
    settlement = grid_row(ui, "Settlement")
    for player in range(3):
        value = parse_number(settlement[player].replace("+", ""), "en")  # at most two decimals
        assert abs(value - (totals[player] - mean)) <= Fraction(1, 200)
    assert "Settlement:" in ui.last_message


def fake_hints_module(calls: list[str]) -> types.ModuleType:
    module = types.ModuleType("dicepoker.games.scorecard.hints")

    class Best:
        label = "keep 66 and roll 3"
        expected = 212.34

    class FakeHint:
        best = Best()

        def cost(self, action):
            calls.append(str(action))
            return 0.0 if isinstance(action, Score) else 3.21

    module.hint = lambda game: FakeHint()
    return module


def test_hint_button_and_the_cost_of_each_choice():
    calls: list[str] = []
    ui = play("classic", seats=("human",), seed=2, hints=fake_hints_module(calls))
    assert ui.hint_button.layout.display != "none" and ui.coach.layout.display != "none"
    assert ui.hint_button.disabled  # nothing to choose before the first roll
    ui.hint_button.click()
    assert "roll the dice first" in ui.last_message
    ui.roll_button.click()
    ui.hint_button.click()
    assert ui.last_message == "Hint: keep 66 and roll 3 — expected final score 212.3 with best play."
    ui.coach.value = True
    ui.dice_buttons[0].click()
    kept = ui.game.positions[0]
    ui.roll_button.click()
    assert "This keep cost you 3.2 points on average (best: keep 66 and roll 3)." in ui.last_message
    assert calls[-1] == str(Keep([kept]))
    ui.box_buttons["Chance"].click()
    assert ui.last_message.endswith("That choice was the best one.")
    assert "Thinking" not in ui.log.value  # a passing "thinking" line is not kept in the log


def test_earlier_messages_move_to_the_log_newest_first():
    ui = play("classic", seats=("human",), seed=3)
    ui.roll_button.click()
    rolled = ui.last_message
    ui.dice_buttons[0].click()
    held = ui.last_message
    ui.dice_buttons[1].click()
    items = ui.log.value.split("<li>")[1:]
    assert [i.split("</li>")[0] for i in items[:2]] == [held, rolled]
    for _ in range(10):
        ui.dice_buttons[0].click()
    assert ui.log.value.count("<li>") == 6


def test_without_hints_the_hint_button_is_hidden():
    ui = play("classic", seats=("human",), seed=2)
    assert ui.hints is None and ui.hint_button.layout.display == "none"
    assert_refused(ui, ui.hint_button.click, "hints are not available")


def test_new_game_reads_the_seat_choosers():
    ui = play("classic", seats=("human", "computer"), names=["Ann", "Robot"], seed=1)
    ui.roll_button.click()
    ui.seat_choosers[2].value = "computer"
    ui.name_boxes[1].value = ""
    ui.new_game_button.click()
    assert ui.seats == ("human", "computer", "computer")
    assert ui.game.player_names == ("Ann", "Computer 1", "Computer 2")
    assert ui.game.positions is None and "New game" in ui.last_message
    assert len(ui.scorecard.children) % 4 == 0  # a label and three players per row
    for chooser in ui.seat_choosers:
        chooser.value = "empty"
    assert_refused(ui, ui.new_game_button.click, "every seat is empty")


def test_play_refuses_bad_arguments():
    with pytest.raises(DicePokerError, match="'robot'"):
        play(seats=("human", "robot"))
    with pytest.raises(DicePokerError, match="1 to 4"):
        play(seats=("human",) * 5)
    with pytest.raises(DicePokerError, match="not a scorecard game"):
        play("bluff")
    with pytest.raises(DicePokerError, match="1 names for 2 seats"):
        play(names=["Ann"])


def test_same_seed_same_game_and_display_bundle():
    a, b = play(seed=5), play(seed=5)
    a.roll_button.click()
    b.roll_button.click()
    assert a.game.positions == b.game.positions
    bundle = a._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    a.close()
    assert a.roll_button.comm is None and a.root.comm is None


def test_play_wires_the_default_computer_strategy_and_the_hints_module(monkeypatch):
    asked = []

    def fake_strategy(rules):
        asked.append(rules.name)
        return simple_bot

    monkeypatch.setattr(play_ui_module, "default_computer_strategy", fake_strategy)
    ui = play_ui_module.play("two_part", seats=("human", "computer"), seed=1)
    assert asked == ["two_part"] and ui.strategy is simple_bot
    assert bots.default_computer_strategy is not fake_strategy
    monkeypatch.setattr(play_ui_module, "load_hints", lambda: None)
    assert play_ui_module.play(seats=("human",)).hint_button.layout.display == "none"
    monkeypatch.setitem(sys.modules, "dicepoker.games.scorecard.hints", None)  # an installation without hints
    assert play_ui_module.load_hints() is None


def test_a_player_called_you_is_spoken_to():
    ui = play("classic", seats=("human",), names=["You"], seed=1)
    ui.roll_button.click()
    assert ui.last_message.startswith("You roll ")
    ui.dice_buttons[0].click()
    assert ui.last_message.startswith("You hold a ")


def _controls_enabled(ui: PlayUI) -> list[str]:
    """The buttons a click would press now: Roll, Hint, Step, the boxes, the dice."""
    buttons = {"Roll": ui.roll_button, "Hint": ui.hint_button, "Step": ui.step_button}
    buttons |= {f"box {name}": b for name, b in ui.box_buttons.items()}
    buttons |= {f"die {i + 1}": b for i, b in enumerate(ui.dice_buttons)}
    return [name for name, button in buttons.items() if not button.disabled]


@pytest.mark.parametrize("cached", [True, False])
def test_nothing_can_be_pressed_while_the_computer_thinks_and_solving_is_said_only_when_it_solves(
    cached, monkeypatch
):
    """During the first "Thinking …" Roll and Hint looked enabled (a click said "it is Computer's
    turn"), and it said the computer solves the whole game even when the table was cached."""
    monkeypatch.setattr(play_ui_module, "is_cached", lambda rules, risk=0.0: cached)
    seen: dict[str, list[str]] = {}

    def hint(game):
        seen["hint"] = _controls_enabled(ui)
        return fake_hints_module([]).hint(game)

    def thinking_bot(view):
        seen.setdefault("computer", _controls_enabled(ui))
        return simple_bot(view)

    hints = types.ModuleType("hints")
    hints.hint = hint
    ui = PlayUI("classic", ("human", "computer"), None, 5, strategy=lambda rules: thinking_bot, hints=hints)
    said: list[str] = []
    ui.message.observe(lambda change: said.append(ui.last_message), "value")
    ui.roll_button.click()
    assert "Roll" in _controls_enabled(ui) and "Hint" in _controls_enabled(ui)
    ui.hint_button.click()
    assert seen["hint"] == [], f"pressable while the hint is computed: {seen['hint']}"
    assert ui.last_message.startswith("Hint:") and "Roll" in _controls_enabled(ui)  # enabled again
    ui.box_buttons["Chance"].click()
    while ui.current_seat == "computer" and "computer" not in seen:
        ui.step_button.click()
    assert seen["computer"] == [], f"pressable while the computer thinks: {seen['computer']}"
    assert "Step" in _controls_enabled(ui) or ui.current_seat == "human"
    thinking = [text for text in said if "thinking" in text.lower()]
    assert thinking and all(("solves the whole game" in text) == (not cached) for text in thinking), said


def test_is_cached_knows_a_table_in_memory_or_on_disk(tmp_path, monkeypatch):
    from types import SimpleNamespace

    from dicepoker.games.scorecard.solver import cache

    monkeypatch.setenv(cache.CACHE_ENV, str(tmp_path))
    monkeypatch.setattr(cache, "_memory", {})
    rules = find_game("two_part")
    assert not cache.is_cached(rules)
    cache._memory[cache.cache_key(rules)] = SimpleNamespace(rules=rules)
    assert cache.is_cached(rules) and not cache.is_cached(find_game("classic"))
    cache.cache_path(find_game("classic")).write_bytes(b"")
    assert cache.is_cached(find_game("classic")) and not cache.is_cached(find_game("classic"), risk=0.1)
