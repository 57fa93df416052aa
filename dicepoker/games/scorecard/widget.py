"""The play widget: a scorecard game at the table, for 1 to 4 seats, each a human or the computer.

Click dice to hold or release them, roll, click a box of the scorecard to score it. A computer
seat's turn is shown one action at a time (Step), or the whole turn at once. Every refused
action is explained on the message line; the game is left unchanged.

>>> ui = play("classic", seats=("human", "human"), names=["Ann", "Bo"], seed=3)
>>> ui.roll_button.click()
>>> ui.game.rolls_left, ui.last_message.startswith("Ann rolls")
(2, True)
>>> ui.box_buttons["Chance"].click()
>>> ui.game.scorecard("Ann") == {"Chance": ui.game.scorecard("Ann")["Chance"]}, ui.current_name
(True, 'Bo')
>>> ui.close()
"""

from __future__ import annotations

import contextlib
import html
from collections.abc import Callable, Sequence
from importlib import import_module
from types import ModuleType
from typing import Any

import ipywidgets as widgets

from dicepoker.core.actions import Keep
from dicepoker.core.dice import NUMBER_OF_DICE, Dice
from dicepoker.core.errors import DicePokerError, IllegalActionError, UnknownNameError
from dicepoker.core.i18n import _, fill_message, format_fixed, format_message, ngettext
from dicepoker.core.match import Bot, as_bot, bot_name_of
from dicepoker.core.pictures import COLOURS, plain, signed
from dicepoker.core.randomness import child_generator, generator
from dicepoker.games import find_game
from dicepoker.games.scorecard.bots import default_computer_strategy, win_seeking_strategy
from dicepoker.games.scorecard.coach import GameReport, coach_report
from dicepoker.games.scorecard.coach_panel import ReportPanel
from dicepoker.games.scorecard.engine import Score, ScorecardGame
from dicepoker.games.scorecard.html import Cell, box_name, game_title, scorecard_rows, turn_caption
from dicepoker.games.scorecard.rules import ScorecardRules
from dicepoker.games.scorecard.solver.cache import is_cached
from dicepoker.ui.seats import check_seats as check_any_seats
from dicepoker.ui.seats import computer_word, seat_names
from dicepoker.ui.widget import (
    DIE_FACES,  # noqa: F401 (a public name here before the widgets shared it)
    GRADED_NOTE,
    N_,
    STEP_DELAY,  # noqa: F401 (a public name here before the widgets shared it)
    GameWidget,
    app_box,
    die_face_css,
    die_label,
    is_you,
    message_css,
    play_css,
    says,
    set_class,
    set_enabled,
    set_trait,
    setup_box,
    show_die,
    style_widget,
    title_widget,
)

SEAT_KINDS = ("human", "computer")
COMPUTER_PLAYERS = ("optimal", "plays to win")  # how a computer seat plays
MAX_SEATS = 4
LOG_LINES = 6  # earlier messages shown under the message line
THINKING = N_("Thinking … (the first time, the computer solves the whole game: this can take a while)")
THINKING_NAMED = N_(
    "{name} is thinking … (the first time, the computer solves the whole game: this can take a while)"
)


def slug(name: str) -> str:
    """A box name as a CSS class suffix: lower case, spaces to ``-``.

    >>> slug("Two Pairs")
    'two-pairs'
    """
    return name.lower().replace(" ", "-")


def dice_text(values: Sequence[int]) -> str:
    """Dice as text for the message line, e.g. ``3-3-5-1-6``.

    >>> dice_text((3, 3, 5, 1, 6))
    '3-3-5-1-6'
    """
    return "-".join(str(v) for v in values)


def kept_positions(positions: Sequence[int], keep: Dice) -> tuple[bool, ...]:
    """Which table positions a keep holds: the first dice showing the kept values, left to right.

    >>> kept_positions((6, 2, 6, 3, 6), Dice.parse("66"))
    (True, False, True, False, False)
    """
    wanted = list(keep.values)
    held = []
    for v in positions:
        held.append(v in wanted)
        if v in wanted:
            wanted.remove(v)
    return tuple(held)


def default_names(seats: Sequence[str]) -> list[str]:
    """Names for seats without one, in the current language: ``Player 1``, ``Player 2``; ``Computer``
    (numbered if several); the one human at a table with the computer is ``You``.

    >>> default_names(["human", "computer", "human"]), default_names(["human", "computer"])
    (['Player 1', 'Computer', 'Player 3'], ['You', 'Computer'])
    >>> default_names(["human"])
    ['Player 1']
    """
    return seat_names(seats, {"computer": computer_word()}, you=True)


def check_seats(seats: Sequence[str]) -> tuple[str, ...]:
    """The seats as a tuple, refused unless 1 to 4 seats each ``"human"`` or ``"computer"``.

    >>> check_seats(["human", "robot"])
    Traceback (most recent call last):
    ...
    dicepoker.core.errors.UnknownNameError: seat 2 is 'robot': a seat is 'human' or 'computer'
    """
    return check_any_seats(seats, SEAT_KINDS, fewest=1, most=MAX_SEATS, game=_("the play widget"))


def load_hints() -> ModuleType | None:
    """The hints module (best choice and its expected value), or ``None`` if it is not installed."""
    try:
        return import_module("dicepoker.games.scorecard.hints")
    except ImportError:
        return None


def style_sheet() -> str:
    """The widget's CSS: dice pictures on the die buttons, colours of held dice, cells and messages
    (the word under a held die in the current language)."""
    return f"""<style>
.dp-app {{ font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #111827; }}
.dp-app .dp-title {{ font-size: 1.35em; font-weight: 700; }}
.dp-app .dp-status-line {{ font-size: 1.1em; }}
.dp-app .jupyter-button.dp-die {{
  width: 58px; height: 58px; padding: 0; margin: 0 3px; border: none; box-shadow: none;
  background-color: transparent; background-repeat: no-repeat; background-position: center;
  background-size: 100% 100%; color: transparent; transition: transform 0.12s;
}}
.dp-app .jupyter-button.dp-die:disabled {{ opacity: 1; cursor: default; }}
.dp-app .dp-dice-row {{ overflow: visible; }}
.dp-app .jupyter-button.dp-die:hover:enabled {{ transform: translateY(-2px); box-shadow: none; }}
.dp-app .jupyter-button.dp-die.dp-held {{ transform: translateY(-8px); }}
.dp-app .jupyter-button.dp-box {{ font-weight: 600; border-radius: 4px; }}
.dp-app .jupyter-button.dp-box.dp-box-zero {{ font-weight: 400; }}
{die_face_css(".dp-app")}
{play_css(".dp-app")}
.dp-app .dp-cell {{ text-align: right; padding: 0 10px; line-height: 26px; white-space: nowrap;
  overflow: hidden; text-overflow: ellipsis; font-variant-numeric: tabular-nums; }}
.dp-app .dp-label {{ text-align: left; white-space: normal; overflow: visible; line-height: 1.25;
  padding-top: 4px; padding-bottom: 4px; min-height: 18px; }}
.dp-app .dp-cell-current {{ background: {COLOURS["current"]}; }}
.dp-app .dp-cell-sum, .dp-app .dp-label-sum {{ font-weight: 600; }}
.dp-app .dp-cell-total, .dp-app .dp-label-total {{ font-weight: 700; border-top: 2px solid #374151; }}
.dp-app .dp-cell-settlement, .dp-app .dp-label-settlement {{ font-weight: 700; }}
.dp-app .dp-scorecard > .widget-html {{ min-width: 0; overflow: hidden; }}
.dp-app .dp-scorecard > .widget-html.dp-wide {{ overflow: visible; }}
.dp-app .dp-cell-best {{ background: #fff3c4; }}
.dp-app .dp-cell-option {{ color: {COLOURS["option"]}; font-style: italic; }}
.dp-app .dp-cell-double {{ color: {COLOURS["double"]}; font-style: italic; }}
.dp-app .dp-heading {{ color: {COLOURS["heading"]}; font-weight: 700; border-bottom: 1px solid #d1d5db;
  line-height: 1.3; padding: 10px 10px 2px 10px; white-space: nowrap; }}
.dp-app .dp-note {{ color: #6b7280; font-size: 0.85em; font-weight: 400; }}
.dp-app .dp-head {{ text-align: right; padding: 0 10px; font-weight: 700; line-height: 1.2; }}
.dp-app .dp-head.dp-label {{ text-align: left; }}
.dp-app .dp-help {{ color: #4b5563; font-size: 0.95em; line-height: 1.3; }}
.dp-app .dp-name {{ white-space: nowrap; }}
.dp-app .widget-checkbox.dp-coach {{ height: auto; }}
.dp-app .dp-coach .widget-label-basic {{ white-space: normal; height: auto; line-height: 1.3; }}
{message_css(".dp-app")}
.dp-app .dp-msg {{ line-height: 1.4; }}
.dp-app .dp-log-lines {{ margin: 4px 0 0 0; padding-left: 18px; color: #6b7280; font-size: 0.9em;
  line-height: 1.35; }}
.dp-app .dp-msg-computer {{ border-left-color: #7c3aed; background: #f5f3ff; }}
</style>"""


BOX_COLOURS = {  # (button colour, text colour) of a box button
    "option": ("#dcfce7", "#166534"),
    "double": ("#ffedd5", "#9a3412"),
    "zero": ("#f3f4f6", "#6b7280"),
}


class PlayUI(GameWidget):
    """A scorecard game with widgets: dice to hold, Roll, box buttons, Step for the computer.

    The UI owns a :class:`ScorecardGame` (``ui.game``); each button calls one game action and
    then :meth:`refresh`. Refused actions (a :class:`DicePokerError`) go to the message line.
    ``strategy`` maps the rule set to the computer seats' strategy (default:
    :func:`dicepoker.games.scorecard.bots.default_computer_strategy`); ``hints`` is the hints module, ``True``
    to use :mod:`dicepoker.games.scorecard.hints` when installed, or ``False`` for none. With
    ``graded=True`` Hint and Coach are off (and the coach's report waits for the game's end).

    >>> ui = PlayUI("two_part", seats=("human",), seed=1)
    >>> ui.game.rules.name, "dp-two_part" in ui.root._dom_classes
    ('two_part', True)
    >>> ui.box_buttons["Chance"].click()
    >>> ui.last_message
    "roll first: cannot score 'Chance' before the turn's first roll"
    """

    DIE_SIZE = "58px"
    DIE_FONT_SIZE = "40px"
    MESSAGE_ICONS = {"error": "⚠ ", "good": "★ "}
    REFUSED = ""  # the reason alone: "roll first: cannot score ..."

    def __init__(
        self,
        game: str | ScorecardRules = "classic",
        seats: Sequence[str] = ("human", "computer"),
        names: Sequence[str] | None = None,
        seed: int | None = None,
        *,
        strategy: Callable[[ScorecardRules], Bot] | None = None,
        hints: ModuleType | None | bool = True,
        lang: str | None = None,
        graded: bool = False,
    ) -> None:
        super().__init__(lang, graded=graded)
        with self.speaking():
            self._start(game, seats, names, seed, strategy, hints)

    def _start(
        self,
        game: str | ScorecardRules,
        seats: Sequence[str],
        names: Sequence[str] | None,
        seed: int | None,
        strategy: Callable[[ScorecardRules], Bot] | None,
        hints: ModuleType | None | bool,
    ) -> None:
        rules = find_game(game) if isinstance(game, str) else game
        if not isinstance(rules, ScorecardRules):
            raise DicePokerError(
                format_message("{game} is not a scorecard game", game=repr(getattr(rules, "name", game)))
            )
        self.rules: ScorecardRules = rules
        self.seats: tuple[str, ...] = check_seats(seats)
        if names is not None and len(names) != len(self.seats):
            raise DicePokerError(
                format_message(
                    "{count} names for {seats} seats: {names}",
                    count=len(names),
                    seats=len(self.seats),
                    names=list(names),
                )
            )
        self._rng = generator(seed)
        self.strategy: Bot = as_bot((strategy or default_computer_strategy)(rules))
        self._strategy_used = False
        self.hints = load_hints() if hints is True else (hints or None)
        self._build_widgets(names)
        typed, names = self._names_for(self.seats)
        self.game, self.typed_names = self._new_game(self.seats, names), typed
        self._forget_the_last_game()
        self._say(self._welcome())
        self.refresh()

    # --- building the widgets ----------------------------------------------------------------
    def _build_widgets(self, names: Sequence[str] | None) -> None:
        self._style = style_widget(style_sheet())
        self.title = title_widget(game_title(self.rules))
        self.status = widgets.HTML()
        self.status.add_class("dp-status")
        self.dice_buttons = [self._die_button(i) for i in range(NUMBER_OF_DICE)]
        self.roll_button = self._button("Roll", "dp-roll", self._roll, "primary", width="190px")
        self.step_button = self._button("Step ▶", "dp-step", self.step, "", width="130px")
        self.hint_button = self._button("Hint", "dp-hint", self._hint, "info", width="100px")
        self.turn_button, self.auto_play = self._computer_widgets()
        self.coach = widgets.Checkbox(
            False, description=_("Coach: tell me what each choice cost"), indent=False
        )
        self.coach.add_class("dp-coach")
        self.log = widgets.HTML(layout=widgets.Layout(width="100%"))
        self.log.add_class("dp-log")
        self._earlier: list[str] = []
        self._last_transient = False
        self.box_buttons = {name: self._box_button(name) for name in self.rules.box_names}
        self.scorecard = widgets.GridBox(layout=widgets.Layout(grid_gap="1px 0px", align_items="flex-end"))
        self.scorecard.add_class("dp-scorecard")
        self._cells: dict[tuple[str, int], widgets.HTML] = {}
        self.report_panel = ReportPanel(lambda player: self._do(lambda: self._report(player)))
        self._setup_widgets(names)
        dice_row = widgets.HBox(
            self.dice_buttons, layout=widgets.Layout(padding="14px 0 6px 0", overflow="visible")
        )
        dice_row.add_class("dp-dice-row")
        controls = widgets.VBox([widgets.HBox([self.roll_button, self.hint_button]), self.coach])
        computer = widgets.HBox([self.step_button, self.turn_button])
        self._computer_row = widgets.VBox([computer, self.auto_play])
        self.help = widgets.HTML()
        table = widgets.VBox(
            [self.help, dice_row] + [controls, self._computer_row, self.message, self.log],
            layout=widgets.Layout(width="345px", margin="0 18px 0 0"),
        )
        self.root = app_box(
            [
                self._style,
                self.title,
                self.status,
                widgets.HBox([table, self.scorecard], layout=widgets.Layout(flex_flow="row wrap")),
                self.report_panel.root,
                self._setup,
            ],
            self.rules.name,
        )

    def _setup_widgets(self, names: Sequence[str] | None) -> None:
        """The seat choosers and name boxes (used by New game) and the New game button."""
        self.seat_choosers: list[widgets.Dropdown] = []
        self.name_boxes: list[widgets.Text] = []
        columns = []
        options = self._seat_options()
        for i in range(MAX_SEATS):
            kind = self.seats[i] if i < len(self.seats) else "empty"
            name = names[i] if names is not None and i < len(names) else ""
            placeholder = format_message("name of seat {number}", number=i + 1)
            columns.append(self._seat_column(i, options, kind, name, placeholder, "120px"))
        self.new_game_button = self._button(_("New game"), "dp-new-game", self.new_game, "success")
        self.players_label = widgets.HTML(layout=widgets.Layout(width="100%"))
        self._setup = setup_box(
            [
                self.players_label,
                widgets.HBox([*columns, self.new_game_button], layout=widgets.Layout(align_items="flex-end")),
            ],
            "16px",
        )

    @staticmethod
    def _seat_options() -> list[tuple[str, str]]:
        """The seat chooser's options, labels in the current language, values the API's kinds."""
        return [(_("Human"), "human"), (computer_word(), "computer"), ("—", "empty")]

    def style_sheet_text(self) -> str:
        return style_sheet()

    def _box_button(self, name: str) -> widgets.Button:
        button = widgets.Button(
            description="", layout=widgets.Layout(width="auto", height="26px", margin="0 2px")
        )
        button.add_class("dp-box")
        button.add_class(f"dp-box-{slug(name)}")
        button.on_click(lambda _button: self._do(lambda: self._score(name)))
        return button

    # --- the model: the players' names, a new game ------------------------------------------------
    def _names_for(self, seats: Sequence[str]) -> tuple[list[str], list[str]]:
        """The names typed for a game with ``seats`` and the players' names (typed, else the default);
        refused, nothing changed, if two players would be called alike."""
        typed = self._chosen_names(seats)
        return typed, [t or d for t, d in zip(typed, default_names(seats), strict=True)]

    def default_names(self, seats: Sequence[str]) -> list[str]:
        return default_names(seats)

    def _new_game(self, seats: Sequence[str], names: Sequence[str]) -> ScorecardGame:
        game = ScorecardGame(self.rules, players=list(names), rng=child_generator(self._rng))
        return self._seated(game, seats)

    def bot_name(self, seat: str) -> str:
        """The computer seats play with the widget's strategy: its name (``"optimal"``, ...)."""
        return bot_name_of(self.strategy)

    def _forget_the_last_game(self) -> None:
        """Forget what belonged to the last game: a computer's keep on show, who acted last (a seat
        that may be gone), the report, steps scheduled for it. The scorecard's cells stay: each
        refresh writes every cell shown, and new ones every game would pile up in the kernel."""
        self._pending_keep: Keep | None = None  # a computer's keep, shown before its reroll
        self._last_actor: int | None = None  # whose action the message line tells (None: nobody's yet)
        self._generation += 1
        self._reports: dict[int, tuple[ScorecardGame, tuple, GameReport]] = {}
        self.report_panel.clear()

    # --- actions: each calls the game; _do then refreshes and says what happened ------------------
    def _kind_of(self) -> str:
        if self.game.is_over:
            return "good"
        if self._last_actor is not None and self.seats[self._last_actor] == "computer":
            return "computer"
        return "info"

    def _toggle(self, position: int) -> str:
        self._require_human("see its move")
        self._last_actor = self.game.current_player
        self.game.toggle_hold(position)
        value = self.game.positions[position]  # type: ignore[index]
        held = self.game.held[position]
        if held:
            return says(self.current_name, N_("You hold a {face}."), N_("{name} holds a {face}."), face=value)
        return says(
            self.current_name, N_("You release a {face}."), N_("{name} releases a {face}."), face=value
        )

    def _roll(self) -> str:
        self._require_human("see its roll")
        who = self.current_name
        self._last_actor = self.game.current_player
        if self.game.positions is None:
            self.game.roll()
            return self._rolls_text(who, self.game.positions) + self._rolls_left_text()  # type: ignore[arg-type]
        keep = Keep(Dice(v for v, h in zip(self.game.positions, self.game.held, strict=True) if h))
        coach = self._coach_before()
        self.game.roll()
        if self.game.rolls_left == 0 and len(keep.dice) == NUMBER_OF_DICE:
            text = says(
                who,
                N_("You keep all five dice: now score a box."),
                N_("{name} keeps all five dice: now score a box."),
            )
        else:
            text = self._rolls_text(who, self.game.positions) + self._rolls_left_text()  # type: ignore[arg-type]
        return text + self._coach_after(coach, keep, "keep")

    @staticmethod
    def _rolls_text(who: str, positions: Sequence[int]) -> str:
        return says(who, N_("You roll {dice}."), N_("{name} rolls {dice}."), dice=dice_text(positions))

    def _score(self, box: str) -> str:
        self._require_human("see its choice")
        who = self.current_name
        self._last_actor = self.game.current_player
        coach = self._coach_before() if self.game.positions is not None else None
        name = self.rules.box(box).name
        bonus_before = self.game.poker_bonus_points()
        points = self.game.score(name)
        return self._scored_text(who, name, points, bonus_before) + self._coach_after(
            coach, Score(name), "choice"
        )

    def _scored_text(self, who: str, box: str, points: int, bonus_before: int) -> str:
        player = self._last_actor
        text = says(
            who, N_("You write {points} in {box}."), N_("{name} writes {points} in {box}."),
            points=plain(points), box=box_name(box),
        )  # fmt: skip
        extra = self.game.poker_bonus_points(player) - bonus_before
        if extra:
            text += " " + format_message(
                "{box} bonus: +{points}!", box=box_name(self.rules.poker_box), points=extra
            )
        if self.game.is_over:
            text += " " + self._final_text()
        return text

    def _rolls_left_text(self) -> str:
        left = self.game.rolls_left
        if left == 0:
            return " " + _("No rolls left: score a box.")
        return " " + fill_message(ngettext("{n} roll left.", "{n} rolls left.", left), n=left)

    def _final_text(self) -> str:
        text = format_message("{caption}.", caption=turn_caption(self.game, self.shown_names()))
        if self.rules.par and len(self.game.player_names) > 1:
            settled = ", ".join(
                format_message("{name} {points}", name=n, points=signed(s))
                for n, s in zip(self.shown_names(), self.game.settlement(), strict=True)
            )
            text += " " + format_message("Settlement: {scores}.", scores=settled)
        return text

    # --- the computer's turn, one action at a time ----------------------------------------------
    def step(self) -> str:
        """Make the computer seat whose turn it is take one action: roll, keep or score."""
        self._require_computer()
        game, who = self.game, self.current_name
        self._last_actor = game.current_player
        if game.positions is None:
            game.roll()
            return self._rolls_text(who, game.positions)  # type: ignore[arg-type]
        if self._pending_keep is not None:
            keep, self._pending_keep = self._pending_keep, None
            game.apply(keep)
            rerolled = NUMBER_OF_DICE - len(keep.dice)
            template = ngettext(
                "{name} rerolls {count}: {dice}.", "{name} rerolls {count}: {dice}.", rerolled
            )
            return fill_message(template, name=who, count=rerolled, dice=dice_text(game.positions))  # type: ignore[arg-type]
        first = not self._strategy_used  # the first decision may load or solve a value table
        self._strategy_used = True
        with self._thinking(who) if first else contextlib.nullcontext():
            choice = self.strategy(
                game.view(), self._rng
            )  # the bot's choices draw from the widget's generator
        if isinstance(choice, Score):
            bonus_before = game.poker_bonus_points()
            points = game.score(choice.box)
            return self._scored_text(who, self.rules.box(choice.box).name, points, bonus_before)
        if not isinstance(choice, Keep):
            raise IllegalActionError(f"the computer's strategy chose {choice!r}, not Keep(...) or Score(...)")
        if len(choice.dice) == NUMBER_OF_DICE:
            game.apply(choice)
            return format_message(
                "{name} keeps all five dice: {dice}.", name=who, dice=dice_text(game.positions)
            )  # type: ignore[arg-type]
        if not game.dice.contains(choice.dice):  # type: ignore[union-attr]
            raise IllegalActionError(f"the computer wanted to keep {choice.dice}, not among {game.dice}")
        self._pending_keep = choice
        kept = str(choice.dice) and "-".join(str(choice.dice))
        count = NUMBER_OF_DICE - len(choice.dice)
        if not kept:
            template = ngettext(
                "{name} keeps nothing and will reroll {count}.",
                "{name} keeps nothing and will reroll {count}.",
                count,
            )
        else:
            template = ngettext(
                "{name} keeps {kept} and will reroll {count}.",
                "{name} keeps {kept} and will reroll {count}.",
                count,
            )
        return fill_message(template, name=who, kept=kept, count=count)

    def _turn_marker(self) -> tuple[Any, ...]:
        return (self.game.current_player, self.game.round)

    # --- hints and the cost of each choice --------------------------------------------------------
    def _hint(self) -> str:
        if self.hints is None:
            raise IllegalActionError(_("hints are not available in this installation"))
        self._require_hints_allowed()
        self._require_human("see its move")
        self._last_actor = self.game.current_player
        if self.game.positions is None:
            return _("Hint: roll the dice first — there is nothing to choose yet.")
        with self._thinking():
            best = self.hints.hint(self.game).best
        self._hint_shown()
        return format_message(
            "Hint: {best} — expected final score {expected} with best play.",
            best=best.label, expected=format_fixed(best.expected, 1),
        )  # fmt: skip

    def _coach_before(self) -> Any:
        """The hint for the state before a human's choice (``None`` without hints, or in a graded game)."""
        if self.hints is None or not self.coach.value or self.game.positions is None or self.game.is_over:
            return None
        if self.graded:  # the coach is off (its box too, but a tick from code must not bring it back)
            return None
        with self._thinking():
            try:
                return self.hints.hint(self.game)
            except DicePokerError:  # no hint for this game: play on without the coach
                return None

    def _coach_after(self, coach: Any, action: Keep | Score, what: str) -> str:
        if coach is None:
            return ""
        self._hint_shown("coach", self._last_actor)
        cost = float(coach.cost(action))
        keep = what == "keep"
        if cost < 0.05:
            return " " + (_("That keep was the best one.") if keep else _("That choice was the best one."))
        template = (
            _("This keep cost you {cost} points on average (best: {best}).")
            if keep
            else _("This choice cost you {cost} points on average (best: {best}).")
        )
        return " " + fill_message(template, cost=format_fixed(cost, 1), best=coach.best.label)

    # --- the coach's report of a human seat ------------------------------------------------------
    def _coach_report(self, player: int) -> GameReport:
        """The coach's report on ``player``'s game as it stands, made once per position: pressing
        Report again before the next move (or after a change of language) shows it at once."""
        history = self.game.history
        made = self._reports.get(player)
        if made is None or made[0] is not self.game or made[1] != history:
            made = self._reports[player] = (self.game, history, coach_report(self.game, player))
        return made[2]

    def _report(self, player: int) -> str:
        """Show the coach's report of a human seat's game: so far, or the whole game once it is over."""
        name = self.shown_name(player)
        if self.graded and not self.game.is_over:
            raise IllegalActionError(
                _("this is a graded game: the coach's report opens when the game is over")
            )
        if self.seats[player] != "human":
            raise IllegalActionError(
                format_message("{name} is the computer: the coach reports on human seats", name=name)
            )
        with self._thinking():
            report = self._coach_report(player)
        self.report_panel.show(report)
        n = len(report.decisions)
        if is_you(name) and self.game.is_over:
            template = ngettext(
                "The coach's report on your game is below: {n} decision, "
                "mean loss {loss} points a decision, grade {grade}.",
                "The coach's report on your game is below: {n} decisions, "
                "mean loss {loss} points a decision, grade {grade}.",
                n,
            )
        elif is_you(name):
            template = ngettext(
                "The coach's report on your game so far is below: {n} decision, "
                "mean loss {loss} points a decision, grade {grade}.",
                "The coach's report on your game so far is below: {n} decisions, "
                "mean loss {loss} points a decision, grade {grade}.",
                n,
            )
        elif self.game.is_over:
            template = ngettext(
                "The coach's report on {name}'s game is below: {n} decision, "
                "mean loss {loss} points a decision, grade {grade}.",
                "The coach's report on {name}'s game is below: {n} decisions, "
                "mean loss {loss} points a decision, grade {grade}.",
                n,
            )
        else:
            template = ngettext(
                "The coach's report on {name}'s game so far is below: {n} decision, "
                "mean loss {loss} points a decision, grade {grade}.",
                "The coach's report on {name}'s game so far is below: {n} decisions, "
                "mean loss {loss} points a decision, grade {grade}.",
                n,
            )
        return fill_message(
            template, name=name, n=n, loss=format_fixed(report.mean_loss, 2), grade=report.grade
        )

    # --- new game --------------------------------------------------------------------------------
    def new_game(self) -> str:
        """Start a new game with the seats and names chosen in the Players row."""
        seats = tuple(self._chosen_seats())
        if not seats:
            raise DicePokerError(_("every seat is empty: choose Human or Computer for at least one seat"))
        seats = check_seats(seats)
        typed, names = self._names_for(seats)
        game = self._new_game(seats, names)
        self.game, self.seats, self.typed_names = game, seats, typed  # only now: a refusal changes nothing
        self._forget_the_last_game()
        return self._welcome()

    def _welcome(self) -> str:
        players = ", ".join(
            format_message("{name} (computer)", name=n)
            if s == "computer"
            else format_message("{name} (human)", name=n)
            for n, s in zip(self.shown_names(), self.seats, strict=True)
        )
        return format_message(
            "New game of {title}: {players}.", title=game_title(self.rules), players=players
        )

    def _thinking(self, name: str | None = None) -> contextlib.AbstractContextManager[None]:
        """Say that the computer (or seat ``name``) is thinking, and that it solves the whole game
        only when it will (its table is neither in memory nor in the cache); the controls are
        disabled until it is done (:meth:`busy`)."""
        solves = not is_cached(self.rules)
        if name is None:
            self._say(_(THINKING) if solves else _("Thinking …"), transient=True)
        else:
            text = THINKING_NAMED if solves else N_("{name} is thinking …")
            self._say(format_message(text, name=name), "computer", transient=True)
        return self.busy()

    # --- showing the state -----------------------------------------------------------------------
    def _forget_messages(self) -> None:
        super()._forget_messages()
        self._earlier = []
        self._last_transient = False
        self.log.value = ""

    def _say(self, text: str, kind: str = "info", *, transient: bool = False) -> None:
        """Show ``text`` on the message line; the line it replaces moves to the log below it
        (unless it was ``transient``, like "Thinking …")."""
        if self.last_message and not self._last_transient:
            self._earlier = [self.last_message, *self._earlier][:LOG_LINES]
            lines = "".join(f"<li>{html.escape(line)}</li>" for line in self._earlier)
            self.log.value = f'<ul class="dp-log-lines">{lines}</ul>'
        self._last_transient = transient
        super()._say(text, kind)

    def refresh(self) -> None:
        """Bring every widget up to date with the game (every text in the widget's language)."""
        self._refresh_texts()
        self._refresh_status()
        self._refresh_dice()
        self._refresh_buttons()
        self._refresh_scorecard()
        self.report_panel.refresh(self.game, self.seats, self.shown_names())
        self._schedule_computer()

    def _refresh_texts(self) -> None:
        """The fixed texts: title, help, buttons, the Players row (set each refresh, so a switch of
        language reaches them)."""
        self.title.value = f'<div class="dp-title">{html.escape(game_title(self.rules))}</div>'
        help_text = _("Click a die to hold it. Click a green score to write it down.")
        self.help.value = f'<div class="dp-help">{html.escape(help_text)}</div>'
        self.step_button.description = _("Step ▶")
        self.hint_button.description = _("Hint")
        self.coach.description = _("Coach: tell me what each choice cost")
        self.new_game_button.description = _("New game")
        players = _("Players")
        players = f"<b>{html.escape(players)}</b>"
        self.players_label.value = format_message("{players} (for the next game):", players=players)
        options = self._seat_options()
        for i, (chooser, box) in enumerate(zip(self.seat_choosers, self.name_boxes, strict=True)):
            if list(chooser.options) != options:
                value = chooser.value
                chooser.options = options
                chooser.value = value
            box.placeholder = format_message("name of seat {number}", number=i + 1)

    def _refresh_status(self) -> None:
        caption = turn_caption(self.game, self.shown_names())
        if not self.game.is_over and self.current_seat == "computer":
            if not self.auto_play.value:
                caption = format_message("{caption} (the computer: press Step)", caption=caption)
            else:
                caption = format_message("{caption} (the computer)", caption=caption)
        self.status.value = f'<div class="dp-status-line">{html.escape(caption)}</div>'

    def _shown_held(self) -> tuple[bool, ...]:
        if self._pending_keep is not None and self.game.positions is not None:
            return kept_positions(self.game.positions, self._pending_keep.dice)
        return self.game.held

    def _refresh_dice(self) -> None:
        positions = self.game.positions
        held = self._shown_held()
        can_hold = (
            positions is not None
            and not self.game.is_over
            and self.current_seat == "human"
            and self.game.rolls_left > 0
        )
        for i, button in enumerate(self.dice_buttons):
            value = positions[i] if positions else 0
            shown_held = bool(positions) and held[i]
            show_die(button, value, shown_held)
            label = die_label(i, value, shown_held)
            button.disabled = not can_hold
            if can_hold:
                button.tooltip = (
                    format_message("{label} — click to release", label=label)
                    if shown_held
                    else format_message("{label} — click to hold", label=label)
                )
            else:
                button.tooltip = label

    def _refresh_buttons(self) -> None:
        game = self.game
        human = not game.is_over and self.current_seat == "human"
        left = game.rolls_left
        if game.is_over:
            self.roll_button.description = _("Game over")
        elif game.positions is None:
            self.roll_button.description = fill_message(
                ngettext("Roll ({n} left)", "Roll ({n} left)", left), n=left
            )
        elif all(game.held) and left:
            self.roll_button.description = _("Keep all five")
        elif left:
            self.roll_button.description = fill_message(
                ngettext("Roll again ({n} left)", "Roll again ({n} left)", left), n=left
            )
        else:
            self.roll_button.description = _("No rolls left: score")
        over = _("the game is over: press New game") if game.is_over else ""
        computer = (
            "" if human or over else format_message("it is {name}'s turn: press Step", name=self.current_name)
        )
        set_enabled(self.roll_button, over or computer or ("" if left else _("no rolls left: score a box")))
        has_computer = "computer" in self.seats
        self._computer_row.layout.display = "flex" if has_computer else "none"
        computer_turn = not game.is_over and self.current_seat == "computer"
        whose = says(self.current_name, N_("it is your turn"), N_("it is {name}'s turn"))
        for button in (self.step_button, self.turn_button):
            set_enabled(button, over or ("" if computer_turn else whose))
        self.step_button.button_style = "primary" if computer_turn else ""
        self.hint_button.layout.display = "none" if self.hints is None else "inline-block"
        self.coach.layout.display = "none" if self.hints is None else "flex"
        no_dice = "" if game.positions is not None else _("roll the dice first")
        graded = _(GRADED_NOTE) if self.graded else ""
        set_enabled(
            self.hint_button, over or graded or computer or no_dice, _("what would the optimal player do?")
        )
        self.coach.disabled = self.graded
        self.coach.tooltip = _("this is a graded game: the coach is off") if self.graded else None
        if self.graded:
            self.coach.value = False

    def _refresh_scorecard(self) -> None:
        game = self.game
        players = len(game.player_names)
        current = None if game.is_over else game.current_player
        options = game.options() if game.positions is not None else None
        rows = scorecard_rows(
            self.rules,
            game.scorecards,
            poker_bonus_points=[game.poker_bonus_points(i) for i in range(players)],
            options=options,
            current=current,
            first_roll=game.first_roll,
        )
        human = current is not None and self.current_seat == "human"
        box_word = _("Box")
        box_head = f'<div class="dp-head dp-label">{html.escape(box_word)}</div>'
        children: list[widgets.Widget] = [self._cell("head:", 0, box_head)]
        for i, name in enumerate(self.shown_names()):
            kind = _("computer") if self.seats[i] == "computer" else _("human")
            css = "dp-head dp-cell-current" if i == current else "dp-head"
            turn = "▶ " if i == current else ""
            text = f'<div class="dp-name">{html.escape(name)}</div><span class="dp-note">{turn}{kind}</span>'
            children.append(
                self._cell("head", i, f'<div class="{css}" title="{html.escape(name)}">{text}</div>')
            )
        for n, row in enumerate(rows):  # a cell's widget is kept by its place: a new language reuses it
            if row.kind == "heading":
                note = f'<br><span class="dp-note">{html.escape(row.note)}</span>' if row.note else ""
                text = f'<div class="dp-heading dp-label">{html.escape(row.label)}{note}</div>'
                heading = self._cell(f"heading:{n}", 0, text)
                set_class(heading, "dp-wide", True)  # a heading may run on over the empty cells
                children.append(heading)
                children += [
                    self._cell(f"heading:{n}:", i, '<div class="dp-heading">&nbsp;</div>')
                    for i in range(players)
                ]
                continue
            note = (
                f' <span class="dp-note">({html.escape(row.note)})</span>'
                if row.note and row.kind != "box"
                else ""
            )
            children.append(
                self._cell(
                    f"label:{n}",
                    0,
                    f'<div class="dp-cell dp-label dp-label-{row.kind}">{html.escape(row.label)}{note}</div>',
                )
            )
            for i, cell in enumerate(row.cells):
                if row.kind == "box" and human and i == current and cell.kind in ("option", "double"):
                    children.append(self._show_box_button(row.box, cell))  # type: ignore[arg-type]
                else:
                    children.append(self._value_cell(n, row.kind, i, cell, i == current))
        # a player's column grows to show the whole name (no "Computer" for "Computer 2")
        # the labels' column wraps a long name (Romanian "Totalul primei părți") rather than cut it
        self.scorecard.layout.grid_template_columns = f"200px repeat({players}, minmax(86px, max-content))"
        self.scorecard.children = children
        for name, button in self.box_buttons.items():
            if (
                name in game.scorecard(game.current_player)
                or not human
                or options is None
                or name not in options
            ):
                button.disabled = True
                button.description = ""

    def _cell(self, key: str, player: int, value: str) -> widgets.HTML:
        widget = self._cells.get((key, player))
        if widget is None:
            widget = widgets.HTML(layout=widgets.Layout(margin="0", width="auto"))
            self._cells[(key, player)] = widget
        set_trait(widget, "value", value)  # most cells stay as they were: no change sent for them
        return widget

    def _value_cell(self, row: int, kind: str, player: int, cell: Cell, current: bool) -> widgets.HTML:
        css = ["dp-cell", f"dp-cell-{cell.kind}", f"dp-cell-{kind}"]
        if current:
            css.append("dp-cell-current")
        return self._cell(
            f"cell:{row}",
            player,
            f'<div class="{" ".join(css)}">{html.escape(cell.text) or "&nbsp;"}</div>',
        )

    def _show_box_button(self, box: str, cell: Cell) -> widgets.Button:
        button = self.box_buttons[box]
        points = self.game.options()[box]
        tone = "zero" if points == 0 else cell.kind
        colour, text = BOX_COLOURS[tone]
        button.style.button_color, button.style.text_color = colour, text
        set_class(button, "dp-box-zero", points == 0)
        button.description = cell.text
        if cell.kind == "double":
            button.tooltip = format_message(
                "write {points} in {box} (doubled: first roll)", points=plain(points), box=box_name(box)
            )
        else:
            button.tooltip = format_message(
                "write {points} in {box}", points=plain(points), box=box_name(box)
            )
        button.disabled = False
        return button

    # --- closing ---------------------------------------------------------------------------------
    def _detached_widgets(self) -> list[widgets.Widget]:
        return [*self.box_buttons.values(), *self._cells.values(), *self.report_panel.detached()]

    def close(self) -> None:
        """Close every widget of the UI (the game object stays usable)."""
        self._generation += 1  # a computer step scheduled before closing does nothing
        super().close()


def play(
    game: str | ScorecardRules = "classic",
    seats: Sequence[str] = ("human", "computer"),
    names: Sequence[str] | None = None,
    seed: int | None = None,
    *,
    computer: str = "optimal",
    lang: str | None = None,
    graded: bool = False,
) -> PlayUI:
    """Show a scorecard game to play: 1 to 4 seats, each ``"human"`` or ``"computer"``.

    ``computer`` is how the computer seats play: ``"optimal"`` (the highest expected score) or
    ``"plays to win"`` (gambles when behind, plays safe when ahead: see
    :class:`~dicepoker.games.scorecard.bots.WinSeekingStrategy`).
    ``lang`` ("ro", "uk", "th", "en") keeps the widget in that language; without it, the widget
    follows :func:`~dicepoker.core.i18n.set_language` on its next refresh. Without ``names``, a
    human playing against the computer is called "You" (in the widget's language), several humans
    ``Player 1``, ``Player 2``, ...; a computer is ``Computer`` (numbered when there are several).
    Leave the returned UI as a cell's last expression to display it. ``graded=True`` plays a graded
    game: Hint and Coach are off, and the save (``ui.game.save(path)``) says so, with who played
    each seat; in practice (the default) every hint and coach's word shown is noted in the save.

    >>> ui = play("classic", seats=("human", "computer"), names=["Ann", "Robot"], seed=3)
    >>> ui.game.player_names, ui.seats
    (('Ann', 'Robot'), ('human', 'computer'))
    >>> play("yatzy", computer="plays to win").strategy
    <plays-to-win strategy, scale 1>
    >>> ui = play("classic", seed=3, lang="ro")
    >>> ui.game.player_names, ui.roll_button.description
    (('Tu', 'Calculator'), 'Aruncă (mai ai 3)')
    """
    if computer not in COMPUTER_PLAYERS:
        raise UnknownNameError(f"computer {computer!r}: it plays {' or '.join(map(repr, COMPUTER_PLAYERS))}")
    strategy = default_computer_strategy if computer == "optimal" else win_seeking_strategy
    return PlayUI(game, seats=seats, names=names, seed=seed, strategy=strategy, lang=lang, graded=graded)
