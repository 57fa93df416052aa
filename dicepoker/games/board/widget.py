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

import html
from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as widgets

from dicepoker.core.dice import NUMBER_OF_DICE
from dicepoker.core.errors import DicePokerError, IllegalActionError
from dicepoker.core.i18n import _, fill_message, format_message, language, ngettext
from dicepoker.core.randomness import child_generator, generator
from dicepoker.core.words import N_, says, says_with
from dicepoker.games import find_game
from dicepoker.games.board.bots import probability_bot, random_bot
from dicepoker.games.board.engine import Action, BoardGame, Bounce, Keep, PassTurn, Place, Roll
from dicepoker.games.board.html import (
    CELL_SIZE,
    CHIP_COLOURS,
    STROKES,
    _caption_html,
    _chip,
    _svg_uri,
    chip_colour_name,
    label_css_class,
    label_picture,
    shown_title,
)
from dicepoker.games.board.labels import cell_name, label_name
from dicepoker.games.board.rules import BoardRules, Cell
from dicepoker.ui.seats import check_seats, seat_names
from dicepoker.ui.widget import (
    DIE_FACES,  # noqa: F401 (a public name here before the widgets shared it)
    GRADED_NOTE,
    GameWidget,
    app_box,
    check_names_differ,
    die_face_css,
    die_label,
    hold_said,
    message_css,
    names_shown,
    play_css,
    set_classes,
    set_enabled,
    set_trait,
    setup_box,
    show_die,
    style_widget,
    title_html,
    title_widget,
)

STROKE_CLASSES = tuple(f"dp-stroke-{direction}-{player}" for player in range(3) for direction in STROKES)
"""The CSS classes of a series' stroke through a cell, one for each player and direction."""


def style_sheet(rules: BoardRules) -> str:
    """The widget's CSS: label and chip pictures on the cell buttons, dice faces, highlights.

    The pictures of full house, straight and the lucky cells carry words, so the style sheet is
    made in the widget's language (and made again when the language changes).
    """
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


def seat_word(kind: str) -> str:
    """A seat kind as the seat chooser shows it, in the current language (the value stays English).

    >>> seat_word("random"), seat_word("empty")
    ('Random computer', '—')
    """
    words = {
        "human": _("Human"),
        "computer": _("Computer"),
        "random": _("Random computer"),
        "empty": "—",
    }
    return words[kind]


def seat_word_in_list(kind: str) -> str:
    """A seat kind inside a sentence ("Ann (red, human)"), in the current language.

    >>> seat_word_in_list("computer")
    'computer'
    """
    words = {
        "human": _("human"),
        "computer": _("computer"),
        "random": _("random computer"),
    }
    return words[kind]


def default_names(seats: Sequence[str]) -> list[str]:
    """Default names: ``Player 1`` for humans, ``Computer`` / ``Random`` (numbered if repeated),
    in the current language; the one human at a table with the computer is ``You``.

    >>> default_names(["human", "computer", "computer"]), default_names(["human", "human", "random"])
    (['You', 'Computer 1', 'Computer 2'], ['Player 1', 'Player 2', 'Random'])
    """
    words = {
        "computer": _("Computer"),
        "random": _("Random"),
    }
    return seat_names(seats, words, you=True)


def check_board_seats(seats: Sequence[str]) -> tuple[str, ...]:
    """The seats as a tuple: 2 or 3, each ``"human"``, ``"computer"`` or ``"random"``.

    >>> check_board_seats(["human", "robot"])
    Traceback (most recent call last):
    ...
    dicepoker.core.errors.UnknownNameError: seat 2 is 'robot': a seat is 'human', 'computer' or 'random'
    """
    return check_seats(seats, SEAT_KINDS, fewest=2, most=3, game="the board game (players or teams)")


def name_placeholder(player: int) -> str:
    """What the empty name box of a seat says: whose chips it names.

    >>> name_placeholder(1)
    'blue chips: name'
    """
    return (
        _("red chips: name"),
        _("blue chips: name"),
        _("green chips: name"),
    )[player]


class BoardUI(GameWidget):
    """The board game with widgets; it owns a :class:`BoardGame` (``ui.game``).

    Each button calls one game action and then :meth:`refresh`; a refused action (a
    :class:`DicePokerError`) is explained on the message line and changes nothing. ``lang``
    ("ro", "uk", "th", "en") keeps the widget in one language; without it the widget follows
    ``set_language`` on its next refresh.

    >>> ui = BoardUI(seats=("human", "random"), seed=1)
    >>> ui.pass_button.click()
    >>> ui.last_message
    'Refused: roll the dice first: a turn is passed after at least one roll'
    >>> ui.close()
    >>> ui = BoardUI(seats=("human", "random"), seed=1, lang="uk")
    >>> ui.roll_button.description, ui.game.player_names[1], ui.title.value
    ('Кинути', 'Випадковий', '<div class="dp-title">Настільна гра «Покер на кістках»</div>')
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
        lang: str | None = None,
        graded: bool = False,
    ) -> None:
        super().__init__(lang, graded=graded)
        with self.speaking():
            rules = find_game(rules) if isinstance(rules, str) else rules
            if not isinstance(rules, BoardRules):
                raise DicePokerError(f"{getattr(rules, 'name', rules)!r} is not the board game")
            self.rules = rules
            self.seats = check_board_seats(seats)
            if names is not None and len(names) != len(self.seats):
                raise DicePokerError(f"{len(names)} names for {len(self.seats)} seats: {list(names)}")
            self._rng = generator(seed)
            self.bounce_mode = False
            self._last_cell: Cell | None = None
            self._style_language = ""
            self._seat_language = ""
            self._cell_words_by_language: dict[str, dict[Cell, tuple[str, str]]] = {}
            self._cell_shown: dict[Cell, tuple[Any, ...]] = {}  # what each cell button shows now
            self._build(names)
            typed = [str(n).strip() for n in names] if names else [""] * len(self.seats)
            check_names_differ(typed, self.seats, default_names)
            self.game = self._new_game(self.seats, names_shown(typed, default_names(self.seats)))
            self.typed_names = typed
            self._say(self._welcome())
        self.refresh()

    # --- building -----------------------------------------------------------------------------------
    def _build(self, names: Sequence[str] | None) -> None:
        self._style = style_widget("")
        self.title = title_widget("")
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
        self.roll_button = self._button("", "dp-roll", self._roll, "primary", "172px")
        self.pass_button = self._button("", "dp-pass-turn", self._pass, "", "172px")
        self.bounce_button = self._button("", "dp-bounce", self._toggle_bounce, "warning", "172px")
        self.step_button = self._button("", "dp-step", self.step, "", "172px")
        self.hint_button = self._button("", "dp-hint", self._hint, "info", "172px")
        self.turn_button, self.auto_play = self._computer_widgets("172px")
        self._build_seats(names)
        self.help_text = widgets.HTML()
        controls = widgets.VBox(
            [
                self.help_text,
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
            options = [(seat_word(k), k) for k in self._seat_kinds(i)]
            value = self.seats[i] if i < len(self.seats) else "empty"
            name = names[i] if names and i < len(names) else ""
            columns.append(self._seat_column(i, options, value, name, name_placeholder(i), "150px"))
        self.new_game_button = self._button("", "dp-new-game", self.new_game, "success", "auto")
        self.seats_heading = widgets.HTML()
        self._seats_box = setup_box(
            [
                self.seats_heading,
                widgets.HBox([*columns, self.new_game_button], layout=widgets.Layout(align_items="flex-end")),
            ],
            "14px",
        )

    @staticmethod
    def _seat_kinds(index: int) -> list[str]:
        return ["human", "computer", "random"] + (["empty"] if index == 2 else [])

    def _cell_button(self, cell: Cell) -> widgets.Button:
        label = self.rules.label(cell)
        button = widgets.Button(layout=widgets.Layout(width=f"{CELL_SIZE}px", height=f"{CELL_SIZE}px"))
        for css in ("dp-cell", f"dp-cell-{cell[0]}-{cell[1]}", label_css_class(label)):
            button.add_class(css)
        button.on_click(lambda _button: self._do(lambda: self._click_cell(cell)))
        return button

    # --- who plays --------------------------------------------------------------------------------------
    def _new_game(self, seats: Sequence[str], names: Sequence[str]) -> BoardGame:
        rules = self.rules.variant(players=len(seats))
        game = BoardGame(rules, list(names), rng=child_generator(self._rng))
        self._generation += 1  # a computer step scheduled for the last game does nothing
        return self._seated(game, seats)

    def bot_name(self, seat: str) -> str:
        """The bot of a computer seat: ``"probability"`` (the probability bot) or ``"random"``."""
        return {"computer": "probability"}.get(seat, seat)

    def default_names(self, seats: Sequence[str]) -> list[str]:
        return default_names(seats)

    @property
    def current_name(self) -> str:
        """The name of the player who must act, as shown (``""`` when nobody has a turn)."""
        who = self.game.current_player
        return self.shown_name(who) if who is not None else ""

    def _over_reason(self) -> str:
        return self.game.outcome_text(self.shown_names())

    # --- actions: each calls one game method; _do then refreshes and says what happened ----------------

    def _roll(self) -> str:
        self._require_human("see its roll")
        self.bounce_mode = False
        who, first = self.current_name, self.game.positions is None
        kept = sum(self.game.held) if not first else 0
        self.game.roll()
        if self.game.rolls_left == 0 and kept == NUMBER_OF_DICE:
            text = says(
                who,
                N_("You keep all five dice: now take a cell."),
                N_("{name} keeps all five dice: now take a cell."),
            )
        else:
            text = says(who, N_("You roll {dice}."), N_("{name} rolls {dice}."), dice=self._dice_text())
        return " ".join([text, *self._options_sentences()])

    def _toggle(self, position: int) -> str:
        self._require_human("see its choice")
        self.game.toggle_hold(position)
        value, held = self.game.positions[position], self.game.held[position]  # type: ignore[index]
        return hold_said(self.current_name, value, position, held)

    def _bounced_text(self, who: str, victim: int, cell: Cell) -> str:
        forms = {
            "": _("{name} bounces {victim}'s chip off {cell}."),
            "name": _("You bounce {victim}'s chip off {cell}."),
            "victim": _("{name} bounces your chip off {cell}."),
        }
        text = says_with(
            {"name": who, "victim": self.shown_name(victim)},
            forms,
            cell=cell_name(cell, self.rules.label(cell)),
        )
        return " ".join([text, self._next_sentence()])

    def _placed_text(self, who: str, me: int, cell: Cell, series_before: int) -> str:
        text = says(
            who,
            N_("You place a {colour} chip on {cell}."),
            N_("{name} places a {colour} chip on {cell}."),
            colour=chip_colour_name(me),
            cell=cell_name(cell, self.rules.label(cell)),
        )
        return " ".join([text, *self._series_sentences(me, series_before)])

    def _passed_text(self, who: str) -> str:
        text = says(
            who, N_("You can take no cell: the turn passes."), N_("{name} can take no cell: the turn passes.")
        )
        return " ".join([text, self._next_sentence()])

    def _click_cell(self, cell: Cell) -> str:
        self._require_human("see its move")
        who = self.current_name
        if self.bounce_mode:
            victim = self.game.owner(cell)
            self.game.bounce(cell)
            self.bounce_mode = False
            self._last_cell = None
            return self._bounced_text(who, victim, cell)  # type: ignore[arg-type]
        series = len(self.game.series())
        me = self.game.current_player
        self.game.place(cell)
        self._last_cell = cell
        return self._placed_text(who, me, cell, series)

    def _pass(self) -> str:
        self._require_human("see its move")
        who = self.current_name
        self.game.pass_turn()
        return self._passed_text(who)

    def _toggle_bounce(self) -> str:
        self._require_human("see its move")
        if self.bounce_mode:
            self.bounce_mode = False
            return says(
                self.current_name,
                N_("You will place a chip instead of bouncing."),
                N_("{name} will place a chip instead of bouncing."),
            )
        if not self.game.bouncers():
            raise IllegalActionError(
                format_message(
                    "no bouncer: the dice must hold a {labels} whose cells are all occupied",
                    labels=self.rules.bouncers_in_words(),
                )
            )
        if not self.game.bounce_targets():
            raise IllegalActionError(_("every opponent chip is protected by a series: nothing to bounce"))
        self.bounce_mode = True
        return says(
            self.current_name,
            N_("You bounce: click an orange opponent chip to remove it."),
            N_("{name} bounces: click an orange opponent chip to remove it."),
        )

    def step(self) -> str:
        """Make the computer whose turn it is take one action (roll, keep, place, bounce or pass)."""
        self._require_computer()
        strategy = SEAT_KINDS[self.current_seat]
        assert strategy is not None  # a computer seat
        game, who, me = self.game, self.current_name, self.game.current_player
        action = strategy(game.view(me), self._rng)
        series = len(game.series())
        victim = game.owner(action.cell) if isinstance(action, Bounce) else None
        game.apply(action)
        rolls = self.rules.rolls_per_turn
        match action:
            case Roll():
                return format_message(
                    "{name} rolls {dice} (roll 1 of {rolls}).", name=who, dice=self._dice_text(), rolls=rolls
                )
            case Keep() if len(action.dice) == NUMBER_OF_DICE:
                return format_message("{name} keeps all five dice: {dice}.", name=who, dice=self._dice_text())
            case Keep() if len(action.dice) == 0:
                return format_message(
                    "{name} keeps nothing and rolls: {dice} (roll {used} of {rolls}).",
                    name=who,
                    dice=self._dice_text(),
                    used=game.rolls_used,
                    rolls=rolls,
                )
            case Keep():
                return format_message(
                    "{name} keeps {kept} and rolls: {dice} (roll {used} of {rolls}).",
                    name=who,
                    kept="-".join(str(action.dice)),
                    dice=self._dice_text(),
                    used=game.rolls_used,
                    rolls=rolls,
                )
            case Place():
                self._last_cell = action.cell
                return self._placed_text(who, me, action.cell, series)
            case Bounce():
                return self._bounced_text(who, victim, action.cell)  # type: ignore[arg-type]
            case _:
                return self._passed_text(who)

    def _hint(self) -> str:
        self._require_hints_allowed()
        self._require_human("see its move")
        name = self.current_name
        if self.game.positions is None:
            return says(name, N_("Hint: roll the dice first."), N_("Hint for {name}: roll the dice first."))
        action = probability_bot(self.game.view(self.game.current_player), self._rng)
        self._hint_shown()
        if isinstance(action, Keep) and len(action.dice) == 0:
            return says(
                name,
                N_("Hint: keep nothing and roll again."),
                N_("Hint for {name}: keep nothing and roll again."),
            )
        if isinstance(action, Keep):
            kept = "-".join(str(action.dice))
            return says(
                name,
                N_("Hint: keep {kept} and roll again."),
                N_("Hint for {name}: keep {kept} and roll again."),
                kept=kept,
            )
        if isinstance(action, Place):
            where = cell_name(action.cell, self.rules.label(action.cell))
            return says(name, N_("Hint: take {cell}."), N_("Hint for {name}: take {cell}."), cell=where)
        if isinstance(action, Bounce):
            where = cell_name(action.cell, self.rules.label(action.cell))
            return says(
                name,
                N_("Hint: bounce the chip on {cell}."),
                N_("Hint for {name}: bounce the chip on {cell}."),
                cell=where,
            )
        return says(
            name,
            N_("Hint: nothing fits — pass the turn."),
            N_("Hint for {name}: nothing fits — pass the turn."),
        )

    def new_game(self) -> str:
        """Start a new game with the seats and names chosen below the board."""
        seats = check_board_seats(self._chosen_seats())
        typed = self._chosen_names(seats)
        game = self._new_game(seats, names_shown(typed, default_names(seats)))
        self.game, self.seats, self.typed_names = game, seats, typed  # only now: a refusal changes nothing
        self.bounce_mode, self._last_cell = False, None
        return self._welcome()

    # --- words -------------------------------------------------------------------------------------------
    def _welcome(self) -> str:
        players = ", ".join(
            format_message(
                "{name} ({colour}, {seat})",
                name=name,
                colour=chip_colour_name(i),
                seat=seat_word_in_list(seat),
            )
            for i, (name, seat) in enumerate(zip(self.shown_names(), self.seats, strict=True))
        )
        need = self.rules.variant(players=len(self.seats)).series_to_win
        return fill_message(
            ngettext(
                "New game: {players}. {n} series of {length} in a row wins.",
                "New game: {players}. {n} series of {length} in a row win.",
                need,
            ),
            players=players,
            n=need,
            length=self.rules.series_length,
        )

    def _dice_text(self) -> str:
        return "-".join(str(v) for v in self.game.positions or ())

    def _options_sentences(self) -> list[str]:
        game = self.game
        cells = len(game.takeable_cells())
        if game.rolls_left:
            said = [
                fill_message(
                    ngettext("{n} roll left.", "{n} rolls left.", game.rolls_left), n=game.rolls_left
                )
            ]
        else:
            said = [_("No rolls left.")]
        if cells:
            said.append(
                fill_message(
                    ngettext("{n} cell to take (green).", "{n} cells to take (green).", cells), n=cells
                )
            )
        elif game.rolls_left:
            said.append(_("No cell fits. Roll again or pass."))
        else:
            said.append(_("No cell fits. Pass the turn."))
        if game.bouncers() and game.bounce_targets():
            labels = ", ".join(label_name(b) for b in game.bouncers())
            said.append(format_message("A bouncer ({labels}): you may remove a chip.", labels=labels))
        return said

    def _series_sentences(self, player: int, before: int) -> list[str]:
        made = len(self.game.series(player)) - before
        length, said = self.rules.series_length, []
        if made == 1:
            said.append(format_message("{length} in a row: a series completed!", length=length))
        elif made:
            said.append(
                fill_message(
                    ngettext(
                        "{length} in a row: {n} series completed!",
                        "{length} in a row: {n} series completed!",
                        made,
                    ),
                    n=made,
                    length=length,
                )
            )
        return [*said, self._next_sentence()]

    def _next_sentence(self) -> str:
        if self.game.is_over:
            outcome = self.game.outcome
            if outcome.is_draw:
                return fill_message(
                    ngettext(
                        "The game is a draw: no winner after {n} turn.",
                        "The game is a draw: no winner after {n} turns.",
                        outcome.turns,
                    ),
                    n=outcome.turns,
                )
            return says(self.shown_name(outcome.winner), N_("You win!"), N_("{name} wins!"))
        return says(self.current_name, N_("Next: you."), N_("Next: {name}."))

    # --- showing the state -----------------------------------------------------------------------------
    def refresh(self) -> None:
        """Bring every widget up to date with the game (in the widget's language)."""
        game = self.game
        human = not game.is_over and self.current_seat == "human"
        self._refresh_words()
        self.status.value = f'<div class="dp-status-line">{_caption_html(game, self.shown_names())}</div>'
        takeable = set(game.takeable_cells()) if human and not self.bounce_mode else set()
        removable = set(game.bounce_targets()) if human and self.bounce_mode else set()
        strokes: dict[Cell, set[str]] = {}
        for player in range(game.players):
            for series in game.series(player):
                for c in series.cells:
                    strokes.setdefault(c, set()).add(f"dp-stroke-{series.direction}-{player}")
        in_series = set(strokes)
        protected = game.protected_cells()
        names = self.shown_names()
        words = self._cell_words()
        board = game.board
        now = language()
        for cell, button in self.cell_buttons.items():
            owner = board[cell[0]][cell[1]]
            stroked = strokes.get(cell, ())
            # any cell can be pressed on a human's turn: a wrong one is refused, the reason said
            set_trait(button, "disabled", not human)
            shown = (
                now,
                owner,
                None if owner is None else names[owner],
                frozenset(stroked),
                cell in protected,
                cell in takeable,
                cell in removable,
                cell == self._last_cell,
            )
            if self._cell_shown.get(cell) == shown:
                continue  # a move changes a few of the cells: the others keep their classes and words
            self._cell_shown[cell] = shown
            classes = {f"dp-chip-{player}": owner == player for player in range(3)}
            classes["dp-protected"] = cell in protected
            classes["dp-in-series"] = cell in in_series
            classes.update((css, css in stroked) for css in STROKE_CLASSES)
            classes["dp-takeable"] = cell in takeable
            classes["dp-removable"] = cell in removable
            classes["dp-last"] = cell == self._last_cell
            set_classes(button, classes)
            description, where = words[cell]
            set_trait(button, "description", description)
            if owner is None:
                set_trait(button, "tooltip", where)
            else:
                set_trait(
                    button,
                    "tooltip",
                    says(
                        names[owner],
                        N_("{cell}, your {colour} chip"),
                        N_("{cell}, a {colour} chip of {name}"),
                        cell=where,
                        colour=chip_colour_name(owner),
                    ),
                )
        self._refresh_dice(human)
        self._refresh_buttons(human)
        self._schedule_computer()

    def _cell_words(self) -> dict[Cell, tuple[str, str]]:
        """Each cell's label and spoken name in the widget's language (made once a language)."""
        now = language()
        if now not in self._cell_words_by_language:
            self._cell_words_by_language[now] = {
                cell: (label_name(self.rules.label(cell)), cell_name(cell, self.rules.label(cell)))
                for cell in self.cell_buttons
            }
        return self._cell_words_by_language[now]

    def _refresh_words(self) -> None:
        """The texts that change only with the language: title, help, headings, seats, pictures."""
        now = language()
        if self._style_language != now:  # the label pictures carry words: made again in the new language
            self._style.value = style_sheet(self.rules)
            self._style_language = now
        self.title.value = title_html(shown_title(self.rules.title))
        self.help_text.value = "<b>{}</b> {}".format(
            html.escape(_("Roll, click dice to hold them, roll again; then click a green cell.")),
            html.escape(
                _("Five of a kind takes any cell; a straight or full house bounces once its cells are full.")
            ),
        )
        self.seats_heading.value = "<b>{}</b> {}".format(
            html.escape(_("Players or teams")), html.escape(_("(for the next game):"))
        )
        self.step_button.description = _("Step ▶ (computer)")
        self.hint_button.description = _("Hint")
        self.new_game_button.description = _("New game")
        self.pass_button.description = _("Pass the turn")
        if self._seat_language != now:
            for i, chooser in enumerate(self.seat_choosers):
                value = chooser.value
                chooser.options = [(seat_word(k), k) for k in self._seat_kinds(i)]
                chooser.value = value
            for i, box in enumerate(self.name_boxes):
                box.placeholder = name_placeholder(i)
            self._seat_language = now

    def _refresh_dice(self, human: bool) -> None:
        positions, held = self.game.positions, self.game.held
        for i, button in enumerate(self.dice_buttons):
            value = positions[i] if positions else 0
            shown_held = bool(positions) and held[i]
            show_die(button, value, shown_held)
            button.disabled = not (human and positions is not None and self.game.rolls_left > 0)
            die = die_label(i, value, shown_held)
            if button.disabled:
                button.tooltip = die
            elif shown_held:
                button.tooltip = format_message("{die} — click to release", die=die)
            else:
                button.tooltip = format_message("{die} — click to hold", die=die)

    def _refresh_buttons(self, human: bool) -> None:
        game = self.game
        if game.is_over:
            self.roll_button.description = _("Game over")
        elif game.positions is None:
            self.roll_button.description = _("Roll")
        elif game.rolls_left:
            self.roll_button.description = fill_message(
                ngettext("Roll again ({n} left)", "Roll again ({n} left)", game.rolls_left), n=game.rolls_left
            )
        else:
            self.roll_button.description = _("No rolls left: take a cell")
        over = _("the game is over: press New game") if game.is_over else ""
        turn = says(self.current_name, N_("it is your turn"), N_("it is {name}'s turn"))
        why = over or (
            "" if human else format_message("it is {name}'s turn: press Step", name=self.current_name)
        )
        set_enabled(
            self.roll_button, why or ("" if game.rolls_left else _("no rolls left: take a green cell"))
        )
        can_pass = PassTurn() in game.legal_actions()
        set_enabled(self.pass_button, why or ("" if can_pass else _("a cell can be taken (or roll first)")))
        can_bounce = bool(game.bounce_targets())
        self.bounce_button.description = _("Cancel bounce") if self.bounce_mode else _("Bounce a chip")
        set_enabled(self.bounce_button, why or ("" if can_bounce else _("no bouncer: nothing to remove")))
        for button in (self.step_button, self.turn_button):
            set_enabled(button, over or ("" if self.computer_to_play else turn))
        graded = _(GRADED_NOTE) if self.graded else ""
        set_enabled(self.hint_button, why or graded, _("what would the probability bot do?"))

    def _turn_marker(self) -> tuple[Any, ...]:
        return (self.game.current_player, self.game.turn)


def play(
    rules: BoardRules | str = "board",
    seats: Sequence[str] = ("human", "computer"),
    names: Sequence[str] | None = None,
    seed: int | None = None,
    lang: str | None = None,
    graded: bool = False,
) -> BoardUI:
    """Open the board game widget: 2 or 3 seats, each ``"human"``, ``"computer"`` or ``"random"``;
    ``lang`` ("ro", "uk", "th", "en") keeps it in one language; ``graded=True`` turns Hint off
    (the save records the mode, the seats and every hint shown).

    >>> ui = play(seats=("computer", "random"), seed=2)
    >>> ui.step_button.click()
    >>> ui.last_message.startswith("Computer rolls")
    True
    >>> ui.close()
    """
    return BoardUI(seats, names, rules=rules, seed=seed, lang=lang, graded=graded)


def play_board(
    seats: Sequence[str] = ("human", "computer"),
    names: Sequence[str] | None = None,
    *,
    rules: BoardRules | str = "board",
    seed: int | None = None,
    lang: str | None = None,
    graded: bool = False,
) -> BoardUI:
    """The board widget, seats first (the name the lessons teach): ``play_board(("human", "computer"))``."""
    return play(rules, seats, names, seed, lang, graded)
