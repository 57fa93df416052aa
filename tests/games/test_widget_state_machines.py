"""The three play widgets driven at random by hypothesis state machines, as a careless class would.

Each machine builds a widget (the scorecard widget for classic, yahtzee, yatzy or two_part; bluff;
the board game) with random seats, names and language, then, in random order, presses every
button with ``Button.click()`` (disabled ones too: a button must refuse, not break), holds and
releases dice, changes seats, names and the language, and starts new games. After every step:

- no exception escaped (:func:`widget_clicks.click` re-raises what ipywidgets only logs);
- a refused action (the message line turns red) changed nothing: the engine's ``to_dict()``,
  the seats, the names and the widget's own state (held dice, the screen, bounce mode) are as
  they were;
- what the widget shows matches the engine: the message line is the last message, the names are
  the engine's players, whose turn it is, the scores or chips or lives, the dice.

Computer seats play fast: the scorecard's optimal computer and its hints read the solver's
tables (solved once per rule set and cached, as the rest of the suite does); bluff and board
bots need no solve. Two settings: a quick one in the normal suite, a ``slow`` one of at least
2,000 steps per widget, both seeded (``derandomize``).
"""

from __future__ import annotations

import html
import re
from typing import Any, ClassVar

import ipywidgets as widgets
import pytest
from hypothesis import HealthCheck, Phase, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule
from widget_clicks import click

from dicepoker.core.errors import DicePokerError
from dicepoker.core.i18n import (
    _,
    available_languages,
    format_message,
    in_language,
    language,
    reset_language,
    set_language,
)
from dicepoker.core.pictures import MINUS
from dicepoker.core.words import player_name
from dicepoker.games.bluff.engine import Phase as BluffPhase
from dicepoker.games.bluff.widget import MAX_SEATS as BLUFF_SEATS
from dicepoker.games.bluff.widget import SEAT_KINDS as BLUFF_KINDS
from dicepoker.games.bluff.widget import BluffUI
from dicepoker.games.board.widget import BoardUI
from dicepoker.games.scorecard.html import box_name, turn_caption
from dicepoker.games.scorecard.widget import MAX_SEATS as SCORECARD_SEATS
from dicepoker.games.scorecard.widget import PlayUI, play

LANGUAGES = available_languages()
NAMES = st.sampled_from(
    ["", "", "Ann", "Ann", "Bo", "  Cy  ", "You", "tu", "Player 2", "Гравець 1", "Computer", "<i>Di</i> & Co"]
)
SCORECARD_GAMES = ("classic", "yahtzee", "yatzy", "two_part")


def plain_text(markup: str) -> str:
    """The text of some HTML, tags dropped, entities read."""
    return html.unescape(re.sub(r"<[^>]+>", "", markup)).replace("\xa0", " ").strip()


def number(text: str) -> int:
    """A number as the widgets write it ("−3", "12 (2×)")."""
    return int(text.split(" ")[0].replace(MINUS, "-"))


def face_shown(button: Any) -> int:
    return next(int(c[len("dp-face-") :]) for c in button._dom_classes if c.startswith("dp-face-"))


class WidgetMachine(RuleBasedStateMachine):
    """What the three machines share: pressing, the refusal check, the message line, the names."""

    steps: ClassVar[int] = 0  # steps run by every machine of this class (for the slow test's count)
    finished: ClassVar[int] = 0  # games played to their end
    ui: Any

    def __init__(self) -> None:
        super().__init__()
        self.ui = None
        self.game_language = "en"  # the language the game was made in (its players' default names)

    def teardown(self) -> None:
        if self.ui is not None:
            self.ui.close()
        reset_language()

    def started(self, make: Any, seats: list[str], names: list[str] | None) -> None:
        """Start on ``make(seats, names)``, or unnamed if the names would be shown alike (refused)."""
        reset_language()
        try:
            self.ui = make(tuple(seats), names)
        except DicePokerError:
            self.ui = make(tuple(seats), None)
        type(self).steps -= 1  # the invariants run after the start too: count only the rules
        self.game_language = self.widget_language()

    def widget_language(self) -> str:
        with self.ui.speaking():
            return language()

    def own_state(self) -> tuple:
        """The widget's own state a refused action must leave as it was (besides game and names)."""
        return ()

    def snapshot(self) -> tuple:
        ui = self.ui
        return (ui.game.to_dict(), ui.seats, list(ui.typed_names or ()), self.own_state())

    def press(self, button: Any) -> None:
        """Click a button; a refusal must change nothing; a New game that went through is noted."""
        ui, before, said = self.ui, self.snapshot(), self.ui._message_count
        game, was_over = ui.game, ui.game.is_over
        click(button)
        if ui.game is game and game.is_over and not was_over:
            type(self).finished += 1
        if ui._message_count > said and "dp-msg-error" in ui.message.value:
            assert ui.last_message, "a refusal says why"
            assert self.snapshot() == before, f"refused ({ui.last_message!r}) but changed"
        if ui.game is not game:
            self.game_language = self.widget_language()
            with ui.speaking():
                names = ui.shown_names()
            assert all(name in ui.last_message for name in names), ui.last_message

    # --- rules every widget has ------------------------------------------------------------------
    @rule(lang=st.sampled_from(LANGUAGES))
    def switch_language(self, lang: str) -> None:
        set_language(lang)
        self.ui.refresh()

    @rule(position=st.integers(0, 4))
    def click_die(self, position: int) -> None:
        self.press(self.ui.dice_buttons[position])

    @rule()
    def click_new_game(self) -> None:
        self.press(self.ui.new_game_button)

    @rule()
    def click_step(self) -> None:
        self.press(self.ui.step_button)

    @rule()
    def click_whole_turn(self) -> None:
        self.press(self.ui.turn_button)

    @rule()
    def click_hint(self) -> None:
        self.press(self.ui.hint_button)

    @rule()
    def click_roll(self) -> None:
        self.press(self.ui.roll_button)

    @rule(seat=st.integers(0, 5), kind=st.sampled_from([*BLUFF_KINDS, "computer", "empty"]))
    def choose_seat(self, seat: int, kind: str) -> None:
        chooser = self.ui.seat_choosers[seat % len(self.ui.seat_choosers)]
        if kind in [value for _label, value in chooser.options]:
            chooser.value = kind

    @rule(seat=st.integers(0, 5), name=NAMES)
    def type_name(self, seat: int, name: str) -> None:
        boxes = getattr(self.ui, "name_boxes", [])  # bluff names no seat for a new game
        if boxes:
            boxes[seat % len(boxes)].value = name

    @rule(turns=st.integers(1, 20))
    def play_turns(self, turns: int) -> None:
        """Whole turns or moves as players make them: a computer's with Whole turn, a human's by
        :meth:`human_move`."""
        for _turn in range(turns):
            if self.ui.game.is_over:
                return
            if self.ui.computer_to_play:
                self.press(self.ui.turn_button)
            else:
                self.human_move()

    def human_move(self) -> None:
        raise NotImplementedError

    @rule()
    def tick_auto_play(self) -> None:  # no event loop here: nothing is scheduled, the texts change
        self.ui.auto_play.value = not self.ui.auto_play.value

    # --- what every widget shows -----------------------------------------------------------------
    @invariant()
    def count_the_step(self) -> None:
        if self.ui is not None:
            type(self).steps += 1

    @invariant()
    def message_line_is_the_last_message(self) -> None:
        if self.ui is None:
            return
        if self.ui.last_message:
            assert self.ui.message.value.endswith(html.escape(self.ui.last_message) + "</div>")
        else:
            assert self.ui.message.value == ""

    @invariant()
    def names_are_the_engines_players(self) -> None:
        if self.ui is None:
            return
        ui = self.ui
        with in_language(self.game_language):
            assert ui.shown_names() == [player_name(n) for n in ui.game.player_names]
        with ui.speaking():
            names = ui.shown_names()
        assert len(set(names)) == len(names), f"two players shown alike: {names}"
        assert len(ui.seats) == len(ui.game.player_names)


# --- the scorecard widget ----------------------------------------------------------------------------
class ScorecardMachine(WidgetMachine):
    ui: PlayUI

    @initialize(
        game=st.sampled_from(SCORECARD_GAMES),
        seats=st.lists(st.sampled_from(["human", "human", "computer"]), min_size=1, max_size=SCORECARD_SEATS),
        named=st.booleans(),
        names=st.lists(NAMES, min_size=SCORECARD_SEATS, max_size=SCORECARD_SEATS, unique=True),
        lang=st.sampled_from([None, None, *LANGUAGES]),
        seed=st.integers(0, 2**16),
    )
    def start(self, game, seats, named, names, lang, seed) -> None:
        self.started(
            lambda seats, names: play(game, seats, names, seed, lang=lang),
            seats,
            names[: len(seats)] if named else None,
        )

    def own_state(self) -> tuple:
        return (self.ui._pending_keep,)

    @rule(box=st.integers(0, 20))
    def click_box(self, box: int) -> None:
        names = self.ui.rules.box_names
        self.press(self.ui.box_buttons[names[box % len(names)]])

    @rule(which=st.integers(0, 3))
    def click_report(self, which: int) -> None:
        buttons = self.ui.report_panel.buttons
        if buttons:
            self.press(buttons[which % len(buttons)])

    @rule()
    def tick_coach(self) -> None:
        self.ui.coach.value = not self.ui.coach.value

    def human_move(self) -> None:
        """Roll if not rolled, then click the first green box."""
        ui = self.ui
        if ui.game.positions is None:
            self.press(ui.roll_button)
        shown = [b for b in ui.box_buttons.values() if not b.disabled]
        self.press(shown[0] if shown else ui.roll_button)

    @invariant()
    def the_scorecard_shows_the_game(self) -> None:
        if self.ui is None:
            return
        ui, game = self.ui, self.ui.game
        with ui.speaking():
            names = ui.shown_names()
            boxes = {box_name(b): b for b in ui.rules.box_names}
        players = len(game.player_names)
        width, children = players + 1, ui.scorecard.children
        assert len(children) % width == 0
        current = None if game.is_over else game.current_player
        for i, head in enumerate(children[1:width]):
            assert f'<div class="dp-name">{html.escape(names[i])}</div>' in head.value
            assert ("dp-cell-current" in head.value) == (i == current)
        options = game.options() if game.positions is not None and current is not None else None
        human = current is not None and ui.seats[current] == "human"
        totals, rows = game.totals(), 0
        for start in range(width, len(children), width):
            label, *cells = children[start : start + width]
            if "dp-label-total" in label.value:
                assert [number(plain_text(c.value)) for c in cells] == totals
                rows += 1
            if "dp-label-box" not in label.value:
                continue
            box = boxes[plain_text(label.value)]
            for p, cell in enumerate(cells):
                button = isinstance(cell, widgets.Button)
                text = cell.description if button else plain_text(cell.value)
                filled = game.scorecard(p)
                if box in filled:
                    assert number(text) == filled[box]
                elif p == current and options is not None and box in options:
                    assert number(text) == options[box]
                    assert button == human  # a human clicks the green score
                else:
                    assert text == ""
        assert rows == 1
        for name, button in ui.box_buttons.items():
            if button not in children:
                assert button.disabled, f"{name} is not on show but enabled"

    @invariant()
    def the_turn_line_and_report_buttons_name_the_players(self) -> None:
        if self.ui is None:
            return
        ui = self.ui
        with ui.speaking():
            names = ui.shown_names()
            caption = turn_caption(ui.game, names)
            humans = [p for p, seat in enumerate(ui.seats) if seat == "human"]
            reports = [format_message("Report: {name}", name=names[p]) for p in humans]
        assert plain_text(ui.status.value).startswith(caption)
        assert [b.description for b in ui.report_panel.buttons] == reports
        acted = {who for who, _action in ui.game.history}
        assert [b.disabled for b in ui.report_panel.buttons] == [p not in acted for p in humans]

    @invariant()
    def the_dice_and_roll_button_show_the_game(self) -> None:
        if self.ui is None:
            return
        ui, game = self.ui, self.ui.game
        assert [face_shown(b) for b in ui.dice_buttons] == list(game.positions or (0,) * 5)
        held = ["dp-held" in b._dom_classes for b in ui.dice_buttons]
        if game.positions is None:
            assert not any(held)
        elif ui._pending_keep is None:
            assert held == list(game.held)
        human = not game.is_over and ui.current_seat == "human"
        can_hold = human and game.positions is not None and game.rolls_left > 0
        assert all(b.disabled == (not can_hold) for b in ui.dice_buttons)
        assert ui.roll_button.disabled == (not human or game.rolls_left == 0)
        assert ui.step_button.disabled == (game.is_over or ui.current_seat != "computer")


# --- the bluff widget ------------------------------------------------------------------------------------
class BluffMachine(WidgetMachine):
    ui: BluffUI

    @initialize(
        seats=st.lists(st.sampled_from(list(BLUFF_KINDS)), min_size=2, max_size=BLUFF_SEATS),
        named=st.booleans(),
        names=st.lists(NAMES, min_size=BLUFF_SEATS, max_size=BLUFF_SEATS, unique=True),
        lang=st.sampled_from([None, None, *LANGUAGES]),
        seed=st.integers(0, 2**16),
    )
    def start(self, seats, named, names, lang, seed) -> None:
        self.started(
            lambda seats, names: BluffUI(seats, names, seed=seed, lang=lang),
            seats,
            names[: len(seats)] if named else None,
        )

    def own_state(self) -> tuple:
        return (list(self.ui.held), self.ui.screen_for)

    @rule()
    def click_show_me(self) -> None:
        self.press(self.ui.pass_button)

    @rule(which=st.integers(0, 40))
    def choose_announcement(self, which: int) -> None:
        options = self.ui.announce_picker.options
        if options:
            self.ui.announce_picker.value = options[which % len(options)][1]

    @rule()
    def click_announce(self) -> None:
        self.press(self.ui.announce_button)

    @rule()
    def click_call(self) -> None:
        self.press(self.ui.call_button)

    @rule()
    def click_accept(self) -> None:
        self.press(self.ui.accept_button)

    def human_move(self) -> None:
        """Take the screen, roll, call, or announce the hand the list offers."""
        ui, game = self.ui, self.ui.game
        if ui.needs_pass:
            self.press(ui.pass_button)
        elif game.phase == BluffPhase.RESPOND:
            self.press(ui.call_button)
        elif game.positions is None:
            self.press(ui.roll_button)
        else:
            self.press(ui.announce_button)

    @invariant()
    def lives_and_names_show_the_game(self) -> None:
        if self.ui is None:
            return
        ui, game = self.ui, self.ui.game
        with ui.speaking():
            names = ui.shown_names()
        parts = ui.lives.value.split('class="dp-lives-player"')[1:]
        assert len(parts) == len(names)
        for i, (part, name, lives) in enumerate(zip(parts, names, game.lives, strict=True)):
            assert html.escape(name) in part
            assert part.count("♥") == lives and ("<s>" in part) == (lives == 0)
            if not game.is_over:
                assert ("font-weight:700" in part) == (i == game.current_player)

    @invariant()
    def only_the_player_at_the_screen_sees_the_dice(self) -> None:
        if self.ui is None:
            return
        ui, game = self.ui, self.ui.game
        at_screen = (  # the human whose turn it is has the screen and the dice in front of them
            not game.is_over
            and ui.current_seat == "human"
            and ui.screen_for == game.current_player
            and game.phase == BluffPhase.ROLL
            and game.positions is not None
        )
        faces = [face_shown(b) for b in ui.dice_buttons]
        held = ["dp-held" in b._dom_classes for b in ui.dice_buttons]
        assert faces == (list(game.positions) if at_screen else [0] * 5)
        assert held == (ui.held if at_screen else [False] * 5)
        assert at_screen or all(b.disabled for b in ui.dice_buttons)
        legal = [str(h) for h in game.view(game.current_player).legal_announcements()] if at_screen else []
        assert [value for _label, value in ui.announce_picker.options] == legal
        if ui.needs_pass:  # nothing private on show, nothing to press but "I am ... — show me"
            with ui.speaking():
                assert ui.private.value == html.escape(_("The cup is covered."))
            private = (ui.roll_button, ui.call_button, ui.accept_button, ui.announce_button)
            assert all(b.disabled for b in private)


# --- the board widget ------------------------------------------------------------------------------------
class BoardMachine(WidgetMachine):
    ui: BoardUI

    @initialize(
        seats=st.lists(st.sampled_from(["human", "human", "computer", "random"]), min_size=2, max_size=3),
        named=st.booleans(),
        names=st.lists(NAMES, min_size=3, max_size=3, unique=True),
        lang=st.sampled_from([None, None, *LANGUAGES]),
        seed=st.integers(0, 2**16),
    )
    def start(self, seats, named, names, lang, seed) -> None:
        self.started(
            lambda seats, names: BoardUI(seats, names, seed=seed, lang=lang),
            seats,
            names[: len(seats)] if named else None,
        )

    def own_state(self) -> tuple:
        return (self.ui.bounce_mode, self.ui._last_cell)

    @rule()
    def click_pass(self) -> None:
        self.press(self.ui.pass_button)

    @rule()
    def click_bounce(self) -> None:
        self.press(self.ui.bounce_button)

    @rule(row=st.integers(0, 8), column=st.integers(0, 8))
    def click_cell(self, row: int, column: int) -> None:
        self.press(self.ui.cell_buttons[(row, column)])

    @precondition(lambda self: self.ui is not None and bool(self.ui.game.takeable_cells()))
    @rule(which=st.integers(0, 80))
    def click_a_takeable_cell(self, which: int) -> None:
        cells = self.ui.game.takeable_cells()
        self.press(self.ui.cell_buttons[cells[which % len(cells)]])

    def human_move(self) -> None:
        """Roll if not rolled, then take the first green cell, or pass."""
        ui = self.ui
        if ui.game.positions is None:
            self.press(ui.roll_button)
        cells = ui.game.takeable_cells()
        self.press(ui.cell_buttons[cells[0]] if cells else ui.pass_button)

    @invariant()
    def the_board_shows_the_game(self) -> None:
        if self.ui is None:
            return
        ui, game = self.ui, self.ui.game
        human = not game.is_over and ui.current_seat == "human"
        takeable = set(game.takeable_cells()) if human and not ui.bounce_mode else set()
        removable = set(game.bounce_targets()) if human and ui.bounce_mode else set()
        for cell, button in ui.cell_buttons.items():
            owner = game.owner(cell)
            assert [f"dp-chip-{p}" in button._dom_classes for p in range(3)] == [owner == p for p in range(3)]
            assert ("dp-takeable" in button._dom_classes) == (cell in takeable)
            assert ("dp-removable" in button._dom_classes) == (cell in removable)
            assert button.disabled == (not human)
        with ui.speaking():
            names = ui.shown_names()
        status = ui.status.value
        for name in names:
            assert html.escape(name) in status
        if not game.is_over:
            marked = status.split("▶ ")
            assert len(marked) == 2 and html.escape(names[game.current_player]) in marked[1].split(" · ")[0]

    @invariant()
    def the_dice_show_the_game(self) -> None:
        if self.ui is None:
            return
        ui, game = self.ui, self.ui.game
        assert [face_shown(b) for b in ui.dice_buttons] == list(game.positions or (0,) * 5)
        held = ["dp-held" in b._dom_classes for b in ui.dice_buttons]
        assert held == (list(game.held) if game.positions is not None else [False] * 5)


# --- the runs ------------------------------------------------------------------------------------------
MACHINES = {"scorecard": ScorecardMachine, "bluff": BluffMachine, "board": BoardMachine}
QUICK = settings(
    max_examples=50,
    stateful_step_count=20,
    derandomize=True,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
    phases=[Phase.explicit, Phase.generate],  # no shrinking: the failing steps are printed as they ran
)
SLOW = settings(QUICK, max_examples=40, stateful_step_count=100)
SLOW_STEPS = 2000  # at least this many steps per widget in the slow run


@pytest.mark.slow  # 4-15 s each: the fast loop leaves the three machines to the whole suite
@pytest.mark.parametrize("name", list(MACHINES))
def test_widget_state_machine(name):
    machine = MACHINES[name]
    machine.TestCase.settings = QUICK
    machine.TestCase().runTest()


@pytest.mark.slow
@pytest.mark.parametrize("name", list(MACHINES))
def test_widget_state_machine_long_run(name):
    machine = MACHINES[name]
    machine.steps = 0
    machine.TestCase.settings = SLOW
    machine.TestCase().runTest()
    assert machine.steps >= SLOW_STEPS, f"only {machine.steps} steps"
