"""The board game in a notebook: the board as a picture (``_repr_html_``) and a play widget.

:func:`board_html` draws the layout or a game as one SVG picture: dice for pairs, two pairs,
threes and fours, chips in the players' colours, a stroke through every completed series.
:func:`play_board` opens the widget: a 9×9 grid of cell buttons, dice to hold, Roll, Pass,
Bounce, Step for the computer's turns and New game; refused actions go to the message line.

>>> ui = play_board(seats=("human", "human"), names=["Ann", "Bo"], seed=1)
>>> ui.roll_button.click()
>>> ui.last_message.startswith("Ann rolls")
True
>>> cell = ui.game.takeable_cells()[0]
>>> ui.cell_buttons[cell].click()
>>> ui.game.owner(cell), ui.current_name
(0, 'Bo')
>>> ui.close()
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as widgets
import numpy as np

from dicepoker.core.dice import NUMBER_OF_DICE
from dicepoker.core.errors import DicePokerError, IllegalActionError
from dicepoker.core.words import does, plural, possessive, verb_form
from dicepoker.games import find_game
from dicepoker.games.board.bots import probability_bot, random_bot
from dicepoker.games.board.engine import Action, BoardGame, Bounce, Keep, PassTurn, Place, Roll
from dicepoker.games.board.html import (
    CELL_SIZE,
    CHIP_COLOURS,
    CHIP_NAMES,
    STROKES,
    _caption_html,
    _chip,
    _svg_uri,
    label_css_class,
    label_picture,
)
from dicepoker.games.board.labels import cell_name
from dicepoker.games.board.rules import BoardRules, Cell
from dicepoker.ui.seats import check_seats, seat_names
from dicepoker.ui.widget import (
    DIE_FACES,  # noqa: F401 (a public name here before the widgets shared it)
    GameWidget,
    app_box,
    die_face_css,
    die_label,
    message_css,
    play_css,
    set_class,
    set_enabled,
    setup_box,
    show_die,
    style_widget,
    title_widget,
)


def style_sheet(rules: BoardRules) -> str:
    """The widget's CSS: label and chip pictures on the cell buttons, dice faces, highlights."""
    labels = sorted({label for row in rules.layout for label in row})
    rules_css = [
        f'.dp-board .{label_css_class(x)} {{ --dp-label: url("{_svg_uri(label_picture(x))}"); }}'
        for x in labels
    ]
    for player in range(3):
        for direction, (short, line) in STROKES.items():
            stroke = (
                f'<line {line} stroke="{CHIP_COLOURS[player]}" stroke-width="16" opacity="0.8" '
                f'stroke-linecap="square"/>'
            )
            rules_css.append(
                f'.dp-board .dp-stroke-{direction}-{player} {{ --dp-{short}: url("{_svg_uri(stroke)}"); }}'
            )
        for protected in (False, True):
            selector = f".dp-board .dp-chip-{player}" + (".dp-protected" if protected else "")
            rules_css.append(f'{selector} {{ --dp-chip: url("{_svg_uri(_chip(player, protected))}"); }}')
    rules_css.append(die_face_css(".dp-board"))
    size = CELL_SIZE
    return f"""<style>
.dp-board {{ font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #111827; }}
.dp-board .dp-title {{ font-size: 1.35em; font-weight: 700; }}
.dp-board .jupyter-button.dp-cell {{
  width: {size}px; height: {size}px; padding: 0; margin: 0; border: 1px solid #d1d5db; border-radius: 6px;
  background-color: #f9fafb; background-repeat: no-repeat; background-position: center;
  background-image: var(--dp-h, none), var(--dp-v, none), var(--dp-d, none), var(--dp-a, none),
    var(--dp-chip, none), var(--dp-label, none);
  background-size: 100% 100%, 100% 100%, 100% 100%, 100% 100%, 92% 92%, 92% 92%;
  color: transparent; box-shadow: none;
}}
.dp-board .jupyter-button.dp-cell:disabled {{ opacity: 1; cursor: default; }}
.dp-board .jupyter-button.dp-cell.dp-takeable {{ background-color: #dcfce7; border: 3px solid #16a34a;
  cursor: pointer; }}
.dp-board .jupyter-button.dp-cell.dp-removable {{ background-color: #ffedd5; border: 3px solid #ea580c;
  cursor: pointer; }}
.dp-board .jupyter-button.dp-cell.dp-in-series {{ border: 3px solid #111827; }}
.dp-board .jupyter-button.dp-cell.dp-last {{ outline: 2px dashed #6b7280; }}
.dp-board .jupyter-button.dp-die {{
  width: 52px; height: 52px; padding: 0; margin: 0 3px; border: none; box-shadow: none;
  background-color: transparent; background-repeat: no-repeat; background-size: 100% 100%;
  color: transparent; transition: transform 0.12s;
}}
.dp-board .jupyter-button.dp-die:disabled {{ opacity: 1; cursor: default; }}
.dp-board .jupyter-button.dp-die.dp-held {{ transform: translateY(-7px); }}
{message_css(".dp-board")}
{play_css(".dp-board")}
{chr(10).join(rules_css)}
</style>"""


SEAT_KINDS: dict[str, Callable[..., Action] | None] = {
    "human": None,
    "computer": probability_bot,
    "random": random_bot,
}


SEAT_WORDS = {"human": "Human", "computer": "Computer", "random": "Random computer", "empty": "—"}


def default_names(seats: Sequence[str]) -> list[str]:
    """Default names: ``Player 1`` for humans, ``Computer`` / ``Random`` (numbered if repeated).

    >>> default_names(["human", "computer", "computer"])
    ['Player 1', 'Computer 1', 'Computer 2']
    """
    return seat_names(seats, {"computer": "Computer", "random": "Random"})


def check_board_seats(seats: Sequence[str]) -> tuple[str, ...]:
    """The seats as a tuple: 2 or 3, each ``"human"``, ``"computer"`` or ``"random"``.

    >>> check_board_seats(["human", "robot"])
    Traceback (most recent call last):
    ...
    dicepoker.core.errors.UnknownNameError: seat 2 is 'robot': a seat is 'human', 'computer' or 'random'
    """
    return check_seats(seats, SEAT_KINDS, fewest=2, most=3, game="the board game (players or teams)")


class BoardUI(GameWidget):
    """The board game with widgets; it owns a :class:`BoardGame` (``ui.game``).

    Each button calls one game action and then :meth:`refresh`; a refused action (a
    :class:`DicePokerError`) is explained on the message line and changes nothing.

    >>> ui = BoardUI(seats=("human", "random"), seed=1)
    >>> ui.pass_button.click()
    >>> ui.last_message
    'Refused: roll the dice first: a turn is passed after at least one roll'
    >>> ui.close()
    """

    DIE_SIZE = "52px"

    def __init__(
        self,
        seats: Sequence[str] = ("human", "computer"),
        names: Sequence[str] | None = None,
        *,
        rules: BoardRules | str = "board",
        seed: int | None = None,
    ) -> None:
        super().__init__()
        rules = find_game(rules) if isinstance(rules, str) else rules
        if not isinstance(rules, BoardRules):
            raise DicePokerError(f"{getattr(rules, 'name', rules)!r} is not the board game")
        self.rules = rules
        self.seats = check_board_seats(seats)
        if names is not None and len(names) != len(self.seats):
            raise DicePokerError(f"{len(names)} names for {len(self.seats)} seats: {list(names)}")
        self._rng = np.random.default_rng(seed)
        self.bounce_mode = False
        self._last_cell: Cell | None = None
        self._build(names)
        self.game = self._new_game(self.seats, list(names) if names else default_names(self.seats))
        self._say(self._welcome())
        self.refresh()

    # --- building -----------------------------------------------------------------------------------
    def _build(self, names: Sequence[str] | None) -> None:
        self._style = style_widget(style_sheet(self.rules))
        self.title = title_widget(self.rules.title)
        self.status = widgets.HTML()
        self.status.add_class("dp-status")
        n = self.rules.size
        self.cell_buttons: dict[Cell, widgets.Button] = {}
        for r in range(n):
            for c in range(n):
                self.cell_buttons[(r, c)] = self._cell_button((r, c))
        self.grid = widgets.GridBox(
            list(self.cell_buttons.values()),
            layout=widgets.Layout(grid_template_columns=f"repeat({n}, {CELL_SIZE}px)", grid_gap="3px"),
        )
        self.grid.add_class("dp-grid")
        self.dice_buttons = [self._die_button(i) for i in range(NUMBER_OF_DICE)]
        self.roll_button = self._button("Roll", "dp-roll", self._roll, "primary", "152px")
        self.pass_button = self._button("Pass the turn", "dp-pass-turn", self._pass, "", "152px")
        self.bounce_button = self._button(
            "Bounce a chip", "dp-bounce", self._toggle_bounce, "warning", "152px"
        )
        self.step_button = self._button("Step ▶ (computer)", "dp-step", self.step, "", "152px")
        self.hint_button = self._button("Hint", "dp-hint", self._hint, "info", "152px")
        self.turn_button, self.auto_play = self._computer_widgets("152px")
        self._build_seats(names)
        help_text = widgets.HTML(
            "<b>Roll, click dice to hold them, roll again; then click a green cell.</b> "
            "Five of a kind takes any cell; a straight or full house bounces once its cells are full."
        )
        controls = widgets.VBox(
            [
                help_text,
                widgets.HBox(self.dice_buttons, layout=widgets.Layout(padding="10px 0 4px 0")),
                widgets.HBox([self.roll_button, self.pass_button]),
                widgets.HBox([self.bounce_button, self.hint_button]),
                widgets.HBox([self.step_button, self.turn_button]),
                self.auto_play,
                self.message,
            ],
            layout=widgets.Layout(width="330px", margin="0 0 0 16px"),
        )
        self.root = app_box(
            [
                self._style,
                self.title,
                self.status,
                widgets.HBox([self.grid, controls], layout=widgets.Layout(flex_flow="row wrap")),
                self._seats_box,
            ],
            "board",
        )

    def _build_seats(self, names: Sequence[str] | None) -> None:
        self.seat_choosers: list[widgets.Dropdown] = []
        self.name_boxes: list[widgets.Text] = []
        columns = []
        for i in range(3):
            kinds = ["human", "computer", "random"] + (["empty"] if i == 2 else [])
            options = [(SEAT_WORDS[k], k) for k in kinds]
            value = self.seats[i] if i < len(self.seats) else "empty"
            name = names[i] if names and i < len(names) else ""
            columns.append(
                self._seat_column(i, options, value, name, f"{CHIP_NAMES[i]} chips: name", "150px")
            )
        self.new_game_button = self._button("New game", "dp-new-game", self.new_game, "success", "auto")
        self._seats_box = setup_box(
            [
                widgets.HTML("<b>Players or teams</b> (for the next game):"),
                widgets.HBox([*columns, self.new_game_button], layout=widgets.Layout(align_items="flex-end")),
            ],
            "14px",
        )

    def _cell_button(self, cell: Cell) -> widgets.Button:
        label = self.rules.label(cell)
        button = widgets.Button(
            description=label,
            tooltip=cell_name(cell, label),
            layout=widgets.Layout(width=f"{CELL_SIZE}px", height=f"{CELL_SIZE}px"),
        )
        for css in ("dp-cell", f"dp-cell-{cell[0]}-{cell[1]}", label_css_class(label)):
            button.add_class(css)
        button.on_click(lambda _button: self._do(lambda: self._click_cell(cell)))
        return button

    # --- who plays --------------------------------------------------------------------------------------
    def _new_game(self, seats: Sequence[str], names: Sequence[str]) -> BoardGame:
        rules = self.rules.variant(players=len(seats))
        self._generation += 1  # a computer step scheduled for the last game does nothing
        return BoardGame(rules, list(names), rng=int(self._rng.integers(2**32)))

    def _over_reason(self) -> str:
        return self.game.outcome.reason

    # --- actions: each calls one game method; _do then refreshes and says what happened ----------------

    def _roll(self) -> str:
        self._require_human("see its roll")
        self.bounce_mode = False
        who, first = self.current_name, self.game.positions is None
        kept = sum(self.game.held) if not first else 0
        self.game.roll()
        if self.game.rolls_left == 0 and kept == NUMBER_OF_DICE:
            return f"{does(who, 'keeps')} all five dice: now take a cell." + self._options_text()
        return f"{does(who, 'rolls')} {self._dice_text()}." + self._options_text()

    def _toggle(self, position: int) -> str:
        self._require_human("see its choice")
        self.game.toggle_hold(position)
        value, held = self.game.positions[position], self.game.held[position]  # type: ignore[index]
        return f"{does(self.current_name, 'holds' if held else 'releases')} the {value} (die {position + 1})."

    def _click_cell(self, cell: Cell) -> str:
        self._require_human("see its move")
        who, label = self.current_name, self.rules.label(cell)
        if self.bounce_mode:
            victim = self.game.owner(cell)
            self.game.bounce(cell)
            self.bounce_mode = False
            self._last_cell = None
            return (
                f"{does(who, 'bounces')} {possessive(self.game.player_names[victim])} chip off "
                f"{cell_name(cell, label)}." + self._next_text()
            )
        series = len(self.game.series())
        me = self.game.current_player
        self.game.place(cell)
        self._last_cell = cell
        placed = f"{does(who, 'places')} a {CHIP_NAMES[me]} chip on {cell_name(cell, label)}."
        return placed + self._series_text(me, series)

    def _pass(self) -> str:
        self._require_human("see its move")
        who = self.current_name
        self.game.pass_turn()
        return f"{does(who, 'can')} take no cell: the turn passes." + self._next_text()

    def _toggle_bounce(self) -> str:
        self._require_human("see its move")
        if self.bounce_mode:
            self.bounce_mode = False
            return f"{self.current_name} will place a chip instead of bouncing."
        if not self.game.bouncers():
            names = " or ".join(self.rules.bouncers)
            raise IllegalActionError(f"no bouncer: the dice must hold a {names} whose cells are all occupied")
        if not self.game.bounce_targets():
            raise IllegalActionError("every opponent chip is protected by a series: nothing to bounce")
        self.bounce_mode = True
        return f"{self.current_name} bounces: click an orange opponent chip to remove it."

    def step(self) -> str:
        """Make the computer whose turn it is take one action (roll, keep, place, bounce or pass)."""
        self._require_computer()
        strategy = SEAT_KINDS[self.current_seat]
        assert strategy is not None  # a computer seat
        game, who, me = self.game, self.current_name, self.game.current_player
        action = strategy(game, self._rng)
        series = len(game.series())
        victim = game.owner(action.cell) if isinstance(action, Bounce) else None
        game.apply(action)
        match action:
            case Roll():
                return f"{does(who, 'rolls')} {self._dice_text()} (roll 1 of {self.rules.rolls_per_turn})."
            case Keep() if len(action.dice) == NUMBER_OF_DICE:
                return f"{does(who, 'keeps')} all five dice: {self._dice_text()}."
            case Keep():
                kept = "-".join(str(action.dice)) or "nothing"
                count = f"roll {game.rolls_used} of {self.rules.rolls_per_turn}"
                rolls = verb_form(who, "rolls")
                return f"{does(who, 'keeps')} {kept} and {rolls}: {self._dice_text()} ({count})."
            case Place():
                self._last_cell = action.cell
                label = self.rules.label(action.cell)
                text = f"{does(who, 'places')} a {CHIP_NAMES[me]} chip on {cell_name(action.cell, label)}."
                return text + self._series_text(me, series)
            case Bounce():
                name = possessive(game.player_names[victim])  # type: ignore[index]
                where = cell_name(action.cell, self.rules.label(action.cell))
                return f"{does(who, 'bounces')} {name} chip off {where}." + self._next_text()
            case _:
                return f"{does(who, 'can')} take no cell: the turn passes." + self._next_text()

    def _hint(self) -> str:
        self._require_human("see its move")
        if self.game.positions is None:
            return f"Hint for {self.current_name}: roll the dice first."
        action = probability_bot(self.game, self._rng)
        if isinstance(action, Keep):
            kept = "-".join(str(action.dice)) or "nothing"
            return f"Hint for {self.current_name}: keep {kept} and roll again."
        if isinstance(action, Place):
            return (
                f"Hint for {self.current_name}: take {cell_name(action.cell, self.rules.label(action.cell))}."
            )
        if isinstance(action, Bounce):
            where = cell_name(action.cell, self.rules.label(action.cell))
            return f"Hint for {self.current_name}: bounce the chip on {where}."
        return f"Hint for {self.current_name}: nothing fits — pass the turn."

    def new_game(self) -> str:
        """Start a new game with the seats and names chosen below the board."""
        seats = check_board_seats(self._chosen_seats())
        self.game = self._new_game(seats, self._chosen_names(default_names(seats)))
        self.seats, self.bounce_mode, self._last_cell = seats, False, None
        return self._welcome()

    # --- words -------------------------------------------------------------------------------------------
    def _welcome(self) -> str:
        players = ", ".join(
            f"{name} ({CHIP_NAMES[i]}, {SEAT_WORDS[seat].lower()})"
            for i, (name, seat) in enumerate(zip(self.game.player_names, self.seats, strict=True))
        )
        need = self.rules.variant(players=len(self.seats)).series_to_win
        return f"New game: {players}. {need} series of five in a row win{'s' if need == 1 else ''}."

    def _dice_text(self) -> str:
        return "-".join(str(v) for v in self.game.positions or ())

    def _options_text(self) -> str:
        game = self.game
        cells = len(game.takeable_cells())
        left = f" {plural(game.rolls_left, 'roll')} left." if game.rolls_left else " No rolls left."
        if cells:
            text = f" {plural(cells, 'cell')} to take (green)."
        else:
            text = " No cell fits." + (" Roll again or pass." if game.rolls_left else " Pass the turn.")
        if game.bouncers() and game.bounce_targets():
            text += f" A bouncer ({', '.join(game.bouncers())}): you may remove a chip."
        return left + text

    def _series_text(self, player: int, before: int) -> str:
        made = len(self.game.series(player)) - before
        text = ""
        if made:
            text = f" Five in a row: {'a series' if made == 1 else f'{made} series'} completed!"
        return text + self._next_text()

    def _next_text(self) -> str:
        if self.game.is_over:
            outcome = self.game.outcome
            if outcome.is_draw:
                return f" The game is a draw: no winner after {outcome.turns} turns."
            return f" {does(self.game.player_names[outcome.winner], 'wins')}!"
        return f" Next: {self.current_name}."

    # --- showing the state -----------------------------------------------------------------------------
    def refresh(self) -> None:
        """Bring every widget up to date with the game."""
        game = self.game
        human = not game.is_over and self.current_seat == "human"
        self.status.value = f'<div class="dp-status-line">{_caption_html(game)}</div>'
        takeable = set(game.takeable_cells()) if human and not self.bounce_mode else set()
        removable = set(game.bounce_targets()) if human and self.bounce_mode else set()
        strokes: dict[Cell, set[str]] = {}
        for player in range(game.players):
            for series in game.series(player):
                for c in series.cells:
                    strokes.setdefault(c, set()).add(f"dp-stroke-{series.direction}-{player}")
        in_series = set(strokes)
        protected = game.protected_cells()
        for cell, button in self.cell_buttons.items():
            owner = game.owner(cell)
            for player in range(3):
                set_class(button, f"dp-chip-{player}", owner == player)
            set_class(button, "dp-protected", cell in protected)
            set_class(button, "dp-in-series", cell in in_series)
            for player in range(3):
                for direction in STROKES:
                    css = f"dp-stroke-{direction}-{player}"
                    set_class(button, css, css in strokes.get(cell, ()))
            set_class(button, "dp-takeable", cell in takeable)
            set_class(button, "dp-removable", cell in removable)
            set_class(button, "dp-last", cell == self._last_cell)
            button.disabled = not human  # a wrong cell is refused with the reason, on the message line
            label = self.rules.label(cell)
            who = f", a {CHIP_NAMES[owner]} chip of {game.player_names[owner]}" if owner is not None else ""
            button.tooltip = cell_name(cell, label) + who
        self._refresh_dice(human)
        self._refresh_buttons(human)
        self._schedule_computer()

    def _refresh_dice(self, human: bool) -> None:
        positions, held = self.game.positions, self.game.held
        for i, button in enumerate(self.dice_buttons):
            value = positions[i] if positions else 0
            shown_held = bool(positions) and held[i]
            show_die(button, value, shown_held)
            button.disabled = not (human and positions is not None and self.game.rolls_left > 0)
            action = (
                (" — click to release" if shown_held else " — click to hold") if not button.disabled else ""
            )
            button.tooltip = die_label(i, value, shown_held) + action

    def _refresh_buttons(self, human: bool) -> None:
        game = self.game
        if game.is_over:
            self.roll_button.description = "Game over"
        elif game.positions is None:
            self.roll_button.description = "Roll"
        elif game.rolls_left:
            self.roll_button.description = f"Roll again ({game.rolls_left} left)"
        else:
            self.roll_button.description = "No rolls left: take a cell"
        over = "the game is over: press New game" if game.is_over else ""
        why = over or ("" if human else f"it is {possessive(self.current_name)} turn: press Step")
        set_enabled(self.roll_button, why or ("" if game.rolls_left else "no rolls left: take a green cell"))
        can_pass = PassTurn() in game.legal_actions()
        set_enabled(self.pass_button, why or ("" if can_pass else "a cell can be taken (or roll first)"))
        can_bounce = bool(game.bounce_targets())
        set_enabled(self.bounce_button, why or ("" if can_bounce else "no bouncer: nothing to remove"))
        self.bounce_button.description = "Cancel bounce" if self.bounce_mode else "Bounce a chip"
        for button in (self.step_button, self.turn_button):
            set_enabled(
                button,
                over or ("" if self.computer_to_play else f"it is {possessive(self.current_name)} turn"),
            )
        set_enabled(self.hint_button, why, "what would the probability bot do?")

    def _turn_marker(self) -> tuple[Any, ...]:
        return (self.game.current_player, self.game.turn)


def play(
    rules: BoardRules | str = "board",
    seats: Sequence[str] = ("human", "computer"),
    names: Sequence[str] | None = None,
    seed: int | None = None,
) -> BoardUI:
    """Open the board game widget: 2 or 3 seats, each ``"human"``, ``"computer"`` or ``"random"``.

    >>> ui = play(seats=("computer", "random"), seed=2)
    >>> ui.step_button.click()
    >>> ui.last_message.startswith("Computer rolls")
    True
    >>> ui.close()
    """
    return BoardUI(seats, names, rules=rules, seed=seed)


def play_board(
    seats: Sequence[str] = ("human", "computer"),
    names: Sequence[str] | None = None,
    *,
    rules: BoardRules | str = "board",
    seed: int | None = None,
) -> BoardUI:
    """The board widget, seats first (the name the lessons teach): ``play_board(("human", "computer"))``."""
    return play(rules, seats, names, seed)
