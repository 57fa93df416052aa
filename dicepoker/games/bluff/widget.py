"""The bluff game in a notebook: pictures of a game or a player's view, and a hot-seat play widget.

:func:`play_bluff` opens the widget. Humans share one screen: when the cup passes from one human
to another, the screen hides everything private until the next player presses "I am ... — show
me". Computer seats move one action per press of Step. A call lifts the cup with a little
animation in the reveal area; refused actions go to the message line.

>>> ui = play_bluff(seats=("human", "human"), names=["Ann", "Bo"], seed=1)
>>> ui.pass_button.click(); ui.last_message
'Ann has the screen: roll.'
>>> ui.roll_button.click()
>>> ui.last_message.startswith("Ann rolls")
True
>>> ui.announce_picker.value = "pair of 1s"; ui.announce_button.click()
>>> ui.last_message
"Ann announces 'pair of 1s' and passes the cup to Bo. Pass the screen to Bo."
>>> ui.call_button.click()  # Bo has not taken the screen yet
>>> ui.last_message
'Refused: pass the screen to Bo first: press "I am Bo — show me"'
>>> ui.pass_button.click(); ui.call_button.click()
>>> ui.game.rounds[-1].caller
1
>>> ui.close()
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

import ipywidgets as widgets

from dicepoker.core.dice import NUMBER_OF_DICE, Dice
from dicepoker.core.errors import DicePokerError, IllegalActionError
from dicepoker.core.i18n import (
    _,
    display_name_or_own,
    fill_message,
    format_message,
    format_percent,
    ngettext,
)
from dicepoker.core.match import Bot, random_bot
from dicepoker.core.randomness import child_generator, generator
from dicepoker.core.words import N_, says, says_with
from dicepoker.games import find_game
from dicepoker.games.bluff.bots import NaiveBot, ReasoningBot, view_probability_true
from dicepoker.games.bluff.engine import Accept, BluffGame, BluffView, Phase, RoundResult, Throw
from dicepoker.games.bluff.equilibrium import EquilibriumBot
from dicepoker.games.bluff.html import lives_html, reveal_html, table_html
from dicepoker.games.bluff.names import hand_text
from dicepoker.games.bluff.odds import keep_prospects
from dicepoker.games.bluff.rules import BLUFF, BluffRules, best_hand
from dicepoker.ui.seats import check_seats, computer_word, seat_names
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
    set_enabled,
    setup_box,
    show_die,
    style_widget,
    title_html,
    title_widget,
)

SEAT_KINDS: dict[str, Bot | None] = {
    "human": None,
    "reasoning": ReasoningBot(),
    "naive": NaiveBot(),
    "random": random_bot,
    "equilibrium": EquilibriumBot(),
}
MAX_SEATS = 6


def seat_word(kind: str) -> str:
    """What a seat chooser says for a kind of seat, in the current language (the value stays English).

    >>> seat_word("reasoning"), seat_word("empty")
    ('Computer (reasoning)', '—')
    """
    words = {
        "human": _("Human"),
        "reasoning": _("Computer (reasoning)"),
        "naive": _("Computer (naive)"),
        "random": _("Computer (random)"),
        "equilibrium": _("Computer (equilibrium)"),
    }
    return words.get(kind, "—")


def game_title(rules: BluffRules) -> str:
    """The rule set's title as the class reads it (a variant's own title as it is).

    >>> game_title(BLUFF)
    'Dice Poker with bluffing'
    """
    return display_name_or_own("game title", rules.title)


# --- pictures ---------------------------------------------------------------------------------------
def style_sheet() -> str:
    """The widget's CSS: dice faces on the die buttons, the reveal animation, the message line.

    The revealed dice rise into place one by one, every one of them always the same size (students
    compare them with the announcement at that very moment: a die drawn smaller would mislead).

    >>> "@keyframes dp-lift" in style_sheet()
    True
    """
    delays = "\n".join(f".dp-bluff .dp-reveal-{i} {{ animation-delay: {0.15 * i:.2f}s; }}" for i in range(5))
    return f"""<style>
.dp-bluff {{ font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #111827; }}
.dp-bluff .dp-title {{ font-size: 1.35em; font-weight: 700; }}
.dp-bluff .jupyter-button.dp-die {{
  width: 56px; height: 56px; padding: 0; margin: 0 3px; border: none; box-shadow: none;
  background-color: transparent; background-repeat: no-repeat; background-size: 100% 100%;
  color: transparent; transition: transform 0.12s;
}}
.dp-bluff .jupyter-button.dp-die:disabled {{ opacity: 1; cursor: default; }}
.dp-bluff .jupyter-button.dp-die.dp-held {{ transform: translateY(-7px); }}
.dp-bluff .dp-reveal .dp-dice {{ flex-wrap: nowrap; }}
.dp-bluff .dp-reveal svg {{ flex: 0 0 auto; width: 40px; height: 40px; }}
.dp-bluff .dp-reveal-die {{ animation: dp-lift 0.5s ease-out both; }}
@keyframes dp-lift {{
  0% {{ transform: translateY(5px); }}
  100% {{ transform: none; }}
}}
@media (prefers-reduced-motion: reduce) {{ .dp-bluff .dp-reveal-die {{ animation: none; }} }}
{delays}
.dp-bluff .dp-screen {{ padding: 10px; border: 2px dashed #9ca3af; border-radius: 8px; background: #f9fafb; }}
{message_css(".dp-bluff")}
{die_face_css(".dp-bluff")}
{play_css(".dp-bluff")}
</style>"""


# --- seats -----------------------------------------------------------------------------------------------


def check_bluff_seats(seats: Sequence[str], rules: BluffRules = BLUFF) -> tuple[str, ...]:
    """The seats as a tuple: ``"human"``, ``"reasoning"``, ``"naive"``, ``"random"`` or ``"equilibrium"``.

    >>> check_bluff_seats(["human", "robot"])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    dicepoker.core.errors.UnknownNameError: seat 2 is 'robot': a seat is 'human', 'reasoning', ...
    """
    return check_seats(seats, SEAT_KINDS, fewest=rules.min_players, most=rules.max_players, game="bluff")


def default_names(seats: Sequence[str]) -> list[str]:
    """Default names: ``Player N`` for humans, ``Computer`` for computers (numbered if several),
    in the current language; the one human at a table with the computer is ``You``.

    >>> default_names(["human", "reasoning", "naive"]), default_names(["human", "human", "naive"])
    (['You', 'Computer 1', 'Computer 2'], ['Player 1', 'Player 2', 'Computer'])
    """
    return seat_names(seats, dict.fromkeys(SEAT_KINDS, computer_word()), you=True)


# --- the widget -----------------------------------------------------------------------------------------
class BluffUI(GameWidget):
    """The bluff game with widgets; it owns a :class:`BluffGame` (``ui.game``).

    Each button calls one action and then :meth:`refresh`; a refused action (a
    :class:`DicePokerError`) is explained on the message line and changes nothing.

    >>> ui = BluffUI(seats=("human", "naive"), seed=3)
    >>> ui.humans, ui.needs_pass, ui.step_button.disabled
    ([0], False, True)
    >>> ui.close()
    """

    def __init__(
        self,
        seats: Sequence[str] = ("human", "reasoning"),
        names: Sequence[str] | None = None,
        *,
        rules: BluffRules | str = BLUFF,
        seed: int | None = None,
        lang: str | None = None,
        graded: bool = False,
    ) -> None:
        super().__init__(lang, graded=graded)
        rules = find_game(rules) if isinstance(rules, str) else rules
        if not isinstance(rules, BluffRules):
            raise DicePokerError(f"{getattr(rules, 'name', rules)!r} is not the bluff game")
        self.rules = rules
        self._rng = generator(seed)
        self.held = [False] * NUMBER_OF_DICE
        self.screen_for: int | None = None
        with self.speaking():  # the default names and the welcome in the widget's language
            self._build()
            self._start(seats, names)
            self._say(self._welcome())
        self.refresh()

    def style_sheet_text(self) -> str:
        """The style sheet in the current language (the word under a held die)."""
        return style_sheet()

    # --- building -----------------------------------------------------------------------------------
    def _build(self) -> None:
        self._style = style_widget(style_sheet())
        self.title = title_widget("")
        self.lives = widgets.HTML()
        self.lives.add_class("dp-lives")
        self.table = widgets.HTML()
        self.table.add_class("dp-round")
        self.screen_note = widgets.HTML()
        self.pass_button = self._button("", "dp-pass", self._take_screen, "warning", "260px")
        self.dice_buttons = [self._die_button(i) for i in range(NUMBER_OF_DICE)]
        self._dice_row = widgets.HBox(
            self.dice_buttons, layout=widgets.Layout(margin="10px 0 4px 0", overflow="visible")
        )
        self.private = widgets.HTML()
        self.roll_button = self._button("", "dp-roll", self._roll, "primary", "200px")
        self.announce_picker = widgets.Dropdown(options=[], layout=widgets.Layout(width="220px"))
        self.announce_picker.add_class("dp-announce-picker")
        self.announce_button = self._button("", "dp-announce", self._announce, "success", "120px")
        self.call_button = self._button("", "dp-call", self._call, "danger", "160px")
        self.accept_button = self._button("", "dp-accept", self._accept, "", "auto")
        self.accept_button.layout.min_width = "220px"  # its words in full, in every language
        self.hint_button = self._button("", "dp-hint", self._hint, "info", "120px")
        self.step_button = self._button("", "dp-step", self.step, "", "170px")
        self.turn_button, self.auto_play = self._computer_widgets("130px")
        self._picker_dice: tuple[int, ...] | None = None  # the dice the announcement list was set for
        self.reveal = widgets.HTML()
        self.reveal.add_class("dp-reveal")
        self.screen = widgets.VBox(
            [
                self.screen_note,
                self.pass_button,
                self._dice_row,
                self.private,
                self.roll_button,
                widgets.HBox([self.announce_picker, self.announce_button]),
                widgets.HBox([self.call_button, self.accept_button]),
            ]
        )
        self.screen.add_class("dp-screen")
        self.seat_choosers = [self._seat_chooser(i) for i in range(MAX_SEATS)]
        self.new_game_button = self._button("", "dp-new-game", self.new_game, "", "120px")
        self.setup_note = widgets.HTML()
        setup = setup_box(
            [
                self.setup_note,
                widgets.HBox(self.seat_choosers[:3]),
                widgets.HBox(self.seat_choosers[3:]),
                self.new_game_button,
            ],
            "14px",
        )
        self.root = app_box(
            [
                self._style,
                self.title,
                self.lives,
                self.table,
                self.message,
                widgets.HBox([self.step_button, self.turn_button, self.hint_button]),
                self.auto_play,
                self.screen,
                self.reveal,
                setup,
            ],
            "bluff",
            max_width="720px",
        )

    def _seat_chooser(self, i: int) -> widgets.Dropdown:
        kinds = list(SEAT_KINDS) + (["empty"] if i >= 2 else [])
        chooser = widgets.Dropdown(
            options=[(seat_word(k), k) for k in kinds],
            value=kinds[0] if i == 0 else "reasoning" if i == 1 else "empty",
            layout=widgets.Layout(width="228px"),
            style={"description_width": "66px"},  # "Seat 1" in full in every language; the kind beside it
        )
        chooser.add_class(f"dp-seat-{i}")
        return chooser

    # --- who plays, who may look ------------------------------------------------------------------------
    def _start(self, seats: Sequence[str], names: Sequence[str] | None) -> None:
        seats = check_bluff_seats(seats, self.rules)
        if names is not None and len(names) != len(seats):
            raise DicePokerError(f"{len(names)} names for {len(seats)} seats: {list(names)}")
        typed = [str(name) for name in names] if names is not None else [""] * len(seats)
        check_names_differ(typed, seats, default_names)
        game = BluffGame(
            self.rules,
            names_shown(typed, default_names(seats)),
            rng=child_generator(self._rng),
        )
        self._seated(game, seats)
        self.game, self.seats, self.typed_names = game, seats, typed  # only now: a refusal changes nothing
        self._generation += 1  # a computer step scheduled for the last game does nothing
        self.held = [False] * NUMBER_OF_DICE
        humans = self.humans
        self.screen_for = humans[0] if len(humans) == 1 else None
        for i, chooser in enumerate(self.seat_choosers):
            chooser.value = seats[i] if i < len(seats) else "empty"

    def default_names(self, seats: Sequence[str]) -> list[str]:
        return default_names(seats)

    @property
    def humans(self) -> list[int]:
        """The seats played by people."""
        return [i for i, s in enumerate(self.seats) if s == "human"]

    @property
    def needs_pass(self) -> bool:
        """Whether the screen must pass to the human whose turn it is before anything private shows."""
        return (
            not self.game.is_over
            and self.current_seat == "human"
            and self.screen_for != self.game.current_player
        )

    def _require_not_over(self) -> None:
        if self.game.is_over:
            raise IllegalActionError(
                says(
                    self.shown_name(self.game.winner),
                    N_("the game is over (you win): press New game"),
                    N_("the game is over ({name} wins): press New game"),
                )
            )

    def _require_human(self, doing: str) -> None:
        """Refuse unless the human whose turn it is has the screen; ``doing`` ("roll", "choice",
        "announcement", "answer", "hint") says what Step would show instead."""
        self._require_not_over()
        if self.current_seat != "human":
            steps = {
                "roll": _("it is {name}'s turn (the computer): press Step to see its roll"),
                "choice": _("it is {name}'s turn (the computer): press Step to see its choice"),
                "announcement": _("it is {name}'s turn (the computer): press Step to see its announcement"),
                "answer": _("it is {name}'s turn (the computer): press Step to see its answer"),
                "hint": _("it is {name}'s turn (the computer): press Step to see a hint"),
            }
            raise IllegalActionError(fill_message(steps[doing], name=self.current_name))
        if self.needs_pass:
            raise IllegalActionError(
                format_message(
                    'pass the screen to {name} first: press "I am {name} — show me"', name=self.current_name
                )
            )

    def _after_move(self) -> None:
        """Hide the screen when the cup moves on to another human (never with one human)."""
        if len(self.humans) > 1 and self.game.current_player != self.screen_for:
            self.screen_for = None
        self.held = [False] * NUMBER_OF_DICE

    # --- actions: each calls one game method; _do then refreshes and says what happened -----------------
    def _take_screen(self) -> str:
        if not self.needs_pass:
            raise IllegalActionError(_("nobody needs the screen now"))
        self.screen_for = self.game.current_player
        if self.game.phase == Phase.ROLL:
            return format_message("{name} has the screen: roll.", name=self.current_name)
        return format_message("{name} has the screen: call the bluff or accept.", name=self.current_name)

    def _toggle(self, position: int) -> str:
        self._require_human("choice")
        if self.game.positions is None or self.game.phase != Phase.ROLL:
            raise IllegalActionError(_("there are no dice in front of you to hold"))
        if self.game.rolls_left == 0:
            raise IllegalActionError(_("no roll left: nothing to hold the dice for; announce a hand"))
        self.held[position] = not self.held[position]
        value, name = self.game.positions[position], self.current_name
        return hold_said(name, value, position, self.held[position])

    def _roll(self) -> str:
        self._require_human("roll")
        who, first = self.current_name, self.game.positions is None
        dice = self.game.roll(held=self.held if not first else None)
        self.held = [False] * NUMBER_OF_DICE
        shown = "-".join(map(str, self.game.positions))  # type: ignore[arg-type]
        return says(
            who,
            N_("You roll in secret: {dice} ({reading}). Choose a hand to announce, or hold dice and reroll."),
            N_(
                "{name} rolls in secret: {dice} ({reading}). "
                "Choose a hand to announce, or hold dice and reroll."
            ),
            dice=shown,
            reading=dice_reading(dice),
        )

    def _announce(self) -> str:
        self._require_human("announcement")
        if not self.announce_picker.value:
            raise IllegalActionError(_("choose a hand to announce first (roll the dice if you have not)"))
        who = self.current_name
        self.game.announce(self.announce_picker.value)
        self._after_move()
        return self._announced_text(who)

    def _call(self) -> str:
        self._require_human("answer")
        result = self.game.call_bluff()
        self._after_move()
        return self._result_text(result)

    def _accept(self) -> str:
        self._require_human("answer")
        dice = self.game.accept()
        shown = "-".join(map(str, self.game.positions))  # type: ignore[arg-type]
        n = self.rules.reroll_rounds
        forms = {
            "": ngettext(
                "{name} accepts and looks at the cup: {dice} ({reading}). "
                "Reroll up to {n} time, then announce higher.",
                "{name} accepts and looks at the cup: {dice} ({reading}). "
                "Reroll up to {n} times, then announce higher.",
                n,
            ),
            "name": ngettext(
                "You accept and look at the cup: {dice} ({reading}). "
                "Reroll up to {n} time, then announce higher.",
                "You accept and look at the cup: {dice} ({reading}). "
                "Reroll up to {n} times, then announce higher.",
                n,
            ),
        }
        return says_with(
            {"name": self.current_name},
            forms,
            dice=shown,
            reading=dice_reading(dice),
            n=n,
        )

    def step(self) -> str:
        """Make the computer whose turn it is take one action (throw, announce, call or accept)."""
        self._require_computer()
        bot = SEAT_KINDS[self.current_seat]
        assert bot is not None  # a computer seat
        who, me = self.current_name, self.game.current_player
        action = bot(self.game.view(me), self._rng)
        result = self.game.apply(action, player=me)
        self._after_move()
        if isinstance(result, RoundResult):
            return self._result_text(result)
        if isinstance(action, Throw):
            thrown = NUMBER_OF_DICE - len(action.keep)
            if action.keep:
                kept = len(action.keep)
                return fill_message(
                    ngettext(
                        "{name} keeps {kept} die and throws {thrown} in secret.",
                        "{name} keeps {kept} dice and throws {thrown} in secret.",
                        kept,
                    ),
                    name=who,
                    kept=kept,
                    thrown=thrown,
                )
            return format_message("{name} throws all five dice in secret.", name=who)
        if isinstance(action, Accept):
            return format_message("{name} accepts and looks at the dice in secret.", name=who)
        return self._announced_text(who)

    def _hint(self) -> str:
        self._require_hints_allowed()
        self._require_human("hint")
        view = self.game.view(self.game.current_player)
        if view.phase == Phase.RESPOND:
            assert view.last_announcement is not None  # someone announced: the player responds
            self._hint_shown()
            return format_message(
                "Hint: given the throws the table heard, '{hand}' is true with chance {chance} "
                "(if a player without it would announce it half the time).",
                hand=hand_text(view.last_announcement),
                chance=format_percent(view_probability_true(view), digits=0),
            )
        if view.dice is None:
            return _("Hint: roll first: the opener's first roll throws all five dice.")
        self._hint_shown()
        return bluff_hint(view.dice, view.rolls_left, view.last_announcement)

    def new_game(self) -> str:
        """Start a new game with the seats chosen in the seat choosers."""
        self._start(self._chosen_seats(), None)
        return self._welcome()

    # --- words ------------------------------------------------------------------------------------------
    def _pass_note(self) -> str:
        """ " Pass the screen to Bo." when the next player must take the screen first, else ""."""
        return (
            " " + format_message("Pass the screen to {name}.", name=self.current_name)
            if self.needs_pass
            else ""
        )

    def _welcome(self) -> str:
        return (
            says(
                self.current_name,
                N_("New game: {names}. You open round 1."),
                N_("New game: {names}. {name} opens round 1."),
                names=", ".join(self.shown_names()),
            )
            + self._pass_note()
        )

    def _announced_text(self, who: str) -> str:
        said = self.game.last_announcement
        forms = {
            "": _("{name} announces '{hand}' and passes the cup to {next}."),
            "name": _("You announce '{hand}' and pass the cup to {next}."),
            "next": _("{name} announces '{hand}' and passes the cup to you."),
        }
        text = says_with({"name": who, "next": self.current_name}, forms, hand=hand_text(said))
        return text + self._pass_note()

    def _result_text(self, result: RoundResult) -> str:
        names = self.shown_names()
        forms = {
            "": _("{caller} calls! The cup shows {dice} ({reading}): {loser} loses a life."),
            "caller": _("You call! The cup shows {dice} ({reading}): {loser} loses a life."),
            "loser": _("{caller} calls! The cup shows {dice} ({reading}): you lose a life."),
            "caller loser": _("You call! The cup shows {dice} ({reading}): you lose a life."),
        }
        text = says_with(
            {"caller": names[result.caller], "loser": names[result.loser]},
            forms,
            dice="-".join(map(str, result.dice.values)),
            reading=hand_text(result.best),
        )
        if self.game.is_over:
            return text + " " + says(names[self.game.winner], N_("You win!"), N_("{name} wins!"))  # type: ignore[index]
        out = (
            " " + says(names[result.loser], N_("You are out."), N_("{name} is out."))
            if self.game.lives[result.loser] == 0
            else ""
        )
        opens = says(
            self.current_name,
            N_("You open round {n}."),
            N_("{name} opens round {n}."),
            n=self.game.round_number,
        )
        return text + out + " " + opens + self._pass_note()

    # --- showing the state ---------------------------------------------------------------------------------
    def _viewer(self) -> int | None:
        """The human whose private view the screen shows now (``None``: nothing private)."""
        if self.game.is_over:
            return None
        return self.screen_for

    def refresh(self) -> None:
        """Bring every widget up to date with the game (showing only what the screen's viewer may see)."""
        game = self.game
        names = self.shown_names()
        self._refresh_words()
        self.lives.value = lives_html(names, game.lives, game.current_player, self.rules.lives)
        self.table.value = table_html(game.turns, names, game.round_number) if not game.is_over else ""
        last = game.rounds[-1] if game.rounds else None
        self.reveal.value = reveal_html(last, names, opener=None if game.is_over else self.current_name)
        viewer = self._viewer()
        view = game.view(viewer) if viewer is not None else None
        acting = view is not None and view.is_my_turn and self.current_seat == "human"
        self._refresh_screen_note(view)
        self._refresh_dice(view, acting)
        self._refresh_controls(view, acting)
        self._schedule_computer()

    def _refresh_words(self) -> None:
        """The labels that do not change with the game: the title, the buttons, the seat choosers."""
        self.title.value = title_html(game_title(self.rules))
        self.announce_button.description = _("Announce")
        self.call_button.description = _("Call the bluff!")
        self.accept_button.description = _("Accept (look at the dice)")
        self.hint_button.description = _("Hint")
        self.step_button.description = _("Step ▶ (computer)")
        self.new_game_button.description = _("New game")
        note = format_message(
            "({fewest} to {most}; — leaves a seat empty)",
            fewest=self.rules.min_players,
            most=min(MAX_SEATS, self.rules.max_players),
        )
        heading = _("Seats for a new game")
        self.setup_note.value = f"<b>{html.escape(heading)}</b> {html.escape(note)}"
        for i, chooser in enumerate(self.seat_choosers):
            chooser.description = format_message("Seat {n}", n=i + 1)
            options = tuple((seat_word(kind), kind) for _label, kind in chooser.options)
            if options != tuple(chooser.options):
                chosen = chooser.value
                chooser.options = options
                chooser.value = chosen

    def _refresh_screen_note(self, view: BluffView | None) -> None:
        game = self.game
        if self.needs_pass:
            name = self.current_name
            note = format_message("Pass the screen to {name}.", name=html.escape(name))
            self.screen_note.value = f"<b>{note}</b> " + html.escape(
                _("Everyone else looks away; then press the button.")
            )
            self.pass_button.description = format_message("I am {name} — show me", name=name)
        elif view is None:
            self.screen_note.value = (
                html.escape(_("The game is over."))
                if game.is_over
                else (format_message("{name} is playing.", name=html.escape(self.current_name)))
            )
            self.pass_button.description = _("Show me")
        else:
            me = html.escape(self.shown_name(view.player))
            self.screen_note.value = says(
                me, N_("The screen shows what you know."), N_("The screen shows what {name} knows.")
            )
            self.pass_button.description = _("Show me")
        self.pass_button.disabled = not self.needs_pass
        self.pass_button.layout.display = None if self.needs_pass else "none"

    def _refresh_dice(self, view: BluffView | None, acting: bool) -> None:
        positions = self.game.positions if view is not None and view.dice is not None else None
        for i, button in enumerate(self.dice_buttons):
            value = positions[i] if positions else 0
            held = bool(positions) and self.held[i]
            show_die(button, value, held)
            button.disabled = not (acting and positions is not None and self.game.rolls_left > 0)
            label = die_label(i, value, held)
            if button.disabled:
                button.tooltip = label
            elif held:
                button.tooltip = format_message("{die} — click to release", die=label)
            else:
                button.tooltip = format_message("{die} — click to hold", die=label)
        if view is not None and view.dice is not None:
            reading = f"<b>{html.escape(dice_reading(view.dice))}</b>"
            self.private.value = format_message(
                "Your dice read {reading}; rolls left: {n}.", reading=reading, n=view.rolls_left
            )
        elif view is not None and view.seen_dice is not None:
            seen = "-".join(map(str, view.seen_dice.values))
            self.private.value = format_message(
                "The cup is covered. You last saw {dice} ({reading}).",
                dice=seen,
                reading=html.escape(dice_reading(view.seen_dice)),
            )
        else:
            self.private.value = html.escape(_("The cup is covered."))

    def _refresh_controls(self, view: BluffView | None, acting: bool) -> None:
        game = self.game
        rolling = acting and view is not None and view.phase == Phase.ROLL
        responding = acting and view is not None and view.phase == Phase.RESPOND
        legal = [str(h) for h in view.legal_announcements()] if rolling and view is not None else []
        options = [(hand_text(h), h) for h in legal]  # the label in the class's language, the value English
        dice = tuple(game.positions) if rolling and game.positions is not None else None
        if list(self.announce_picker.options) != options:
            chosen = self.announce_picker.value
            self.announce_picker.options = options
            if chosen in legal:
                self.announce_picker.value = chosen  # only the labels changed (a new language)
            else:
                self._picker_dice = None
        if legal and dice is not None and dice != self._picker_dice:  # new dice: offer what they hold
            best = str(best_hand(dice))
            self.announce_picker.value = best if best in legal else legal[0]
            self._picker_dice = dice
        why = self._why_not_acting(view, acting)
        self.announce_picker.disabled = not legal
        set_enabled(self.announce_button, why or ("" if legal else _("roll the dice first")))
        if game.is_over:
            self.roll_button.description = _("Game over")
        elif game.positions is None or not rolling:
            self.roll_button.description = _("Roll")
        else:
            self.roll_button.description = fill_message(
                ngettext("Reroll the others ({n} left)", "Reroll the others ({n} left)", game.rolls_left),
                n=game.rolls_left,
            )
        roll_why = "" if not rolling else ("" if game.rolls_left else _("no rolls left: announce a hand"))
        set_enabled(self.roll_button, why or (_("it is time to call or accept") if responding else roll_why))
        set_enabled(self.call_button, why or ("" if responding else _("there is no announcement to call")))
        may_accept = responding and view is not None and view.may_accept
        set_enabled(self.accept_button, why or ("" if may_accept else _("nothing to accept now")))
        set_enabled(
            self.hint_button, why or (_(GRADED_NOTE) if self.graded else ""), _("what are the chances?")
        )
        over = _("the game is over: press New game") if game.is_over else ""
        human_turn = (
            ""
            if self.computer_to_play
            else says(self.current_name, N_("it is your turn"), N_("it is {name}'s turn"))
        )
        for button in (self.step_button, self.turn_button):
            set_enabled(button, over or human_turn)

    def _why_not_acting(self, view: BluffView | None, acting: bool) -> str:
        """Why the player at the screen cannot act now ("" when they can)."""
        if acting:
            return ""
        if self.game.is_over:
            return _("the game is over: press New game")
        if self.needs_pass:
            return format_message("pass the screen to {name} first", name=self.current_name)
        return format_message("it is {name}'s turn: press Step", name=self.current_name)

    def _turn_marker(self) -> tuple[Any, ...]:
        return (self.game.current_player, self.game.round_number)


def bluff_hint(dice: Any, rolls_left: int, last: Any = None) -> str:
    """The hint for the player holding the cup: the keeps ranked by what they reach, and which
    announcements survive a call.

    >>> bluff_hint("22345", 2)  # doctest: +ELLIPSIS
    'Hint: 2-2-3-4-5 reads pair of 2s. Keep 2-3-4-5: small straight or better with 56%; ...'
    """
    hand = best_hand(dice)
    reading = hand_text(hand)
    shown = "-".join(map(str, sorted(Dice.roll(dice).values)))
    if rolls_left == 0:
        if last is None or hand > last:
            return format_message(
                "Hint: no rolls left; your dice read {reading}. "
                "An announcement the dice hold survives any call.",
                reading=reading,
            )
        return format_message(
            "Hint: no rolls left; your dice read {reading} — not above '{last}': a higher announcement is a "
            "bluff. An announcement the dice hold survives any call.",
            reading=reading,
            last=hand_text(last),
        )
    prospects = keep_prospects(dice, rolls_left, above=last)
    best = [row for row in prospects.itertuples() if row.reaches][:2]
    if not best:
        return format_message(
            "Hint: {dice} reads {reading}; nothing above '{last}' is likely: reroll and hope, or bluff.",
            dice=shown,
            reading=reading,
            last=hand_text(last) if last is not None else "",
        )
    keeps = "; ".join(_keep_advice(row.keep, shown, row.reaches, row.chance) for row in best)
    return format_message(
        "Hint: {dice} reads {reading}. {keeps}. An announcement the dice hold survives any call.",
        dice=shown,
        reading=reading,
        keeps=keeps[0].upper() + keeps[1:],
    )


def _keep_advice(keep: str, shown: str, reaches: str, chance: Any) -> str:
    """One keep of the hint: "keep 2-3-4-5: small straight or better with 56%" (or "stop: ...")."""
    if keep == shown:
        return format_message("stop: {hand}", hand=hand_text(reaches))
    if keep == "nothing":
        return format_message(
            "keep nothing: {hand} or better with {chance}",
            hand=hand_text(reaches),
            chance=format_percent(chance, digits=0),
        )
    return format_message(
        "keep {dice}: {hand} or better with {chance}",
        dice=keep,
        hand=hand_text(reaches),
        chance=format_percent(chance, digits=0),
    )


def dice_reading(dice: Any) -> str:
    """The best reading of five dice, as the class reads it.

    >>> dice_reading("66622")
    'full house 6s over 2s'
    """
    return hand_text(best_hand(dice))


def play(
    rules: BluffRules | str = BLUFF,
    seats: Sequence[str] = ("human", "reasoning"),
    names: Sequence[str] | None = None,
    seed: int | None = None,
    lang: str | None = None,
    graded: bool = False,
) -> BluffUI:
    """Open the bluff widget: 2 to 6 seats, each ``"human"``, ``"reasoning"``, ``"naive"`` or ``"random"``;
    ``lang`` ("ro", "uk", "th") keeps it in one language, else it follows ``set_language``;
    ``graded=True`` turns Hint off (the save records the mode, the seats and every hint shown).

    >>> ui = play(seats=("reasoning", "naive"), seed=2)
    >>> ui.step_button.click()
    >>> ui.last_message
    'Computer 1 throws all five dice in secret.'
    >>> ui.close()
    """
    return BluffUI(seats, names, rules=rules, seed=seed, lang=lang, graded=graded)


def play_bluff(
    seats: Sequence[str] = ("human", "reasoning"),
    names: Sequence[str] | None = None,
    *,
    rules: BluffRules | str = BLUFF,
    seed: int | None = None,
    lang: str | None = None,
    graded: bool = False,
) -> BluffUI:
    """The bluff widget, seats first (the name the lessons teach): ``play_bluff(("human", "naive"))``."""
    return play(rules, seats, names, seed, lang, graded)
