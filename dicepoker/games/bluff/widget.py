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
import numpy as np

from dicepoker.core.dice import NUMBER_OF_DICE, Dice
from dicepoker.core.errors import DicePokerError, IllegalActionError
from dicepoker.core.words import does, plural, possessive, verb_form
from dicepoker.games import find_game
from dicepoker.games.bluff.bots import BluffBot, NaiveBot, RandomBot, ReasoningBot, view_probability_true
from dicepoker.games.bluff.engine import Accept, BluffGame, BluffView, Phase, RoundResult, Throw
from dicepoker.games.bluff.equilibrium import EquilibriumBot
from dicepoker.games.bluff.html import lives_html, reveal_html, table_html
from dicepoker.games.bluff.odds import keep_prospects
from dicepoker.games.bluff.rules import BLUFF, BluffRules, best_hand
from dicepoker.ui.seats import check_seats, seat_names
from dicepoker.ui.widget import (
    DIE_FACES,  # noqa: F401 (a public name here before the widgets shared it)
    GameWidget,
    app_box,
    die_face_css,
    die_label,
    message_css,
    play_css,
    set_enabled,
    setup_box,
    show_die,
    style_widget,
    title_widget,
)

SEAT_KINDS: dict[str, BluffBot | None] = {
    "human": None,
    "reasoning": ReasoningBot(),
    "naive": NaiveBot(),
    "random": RandomBot(),
    "equilibrium": EquilibriumBot(),
}
SEAT_WORDS = {
    "human": "Human",
    "reasoning": "Computer (reasoning)",
    "naive": "Computer (naive)",
    "random": "Computer (random)",
    "equilibrium": "Computer (equilibrium)",
    "empty": "—",
}
MAX_SEATS = 6


# --- pictures ---------------------------------------------------------------------------------------
def style_sheet() -> str:
    """The widget's CSS: dice faces on the die buttons, the reveal animation, the message line.

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
  0% {{ transform: translateY(-18px); }}
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
    """Default names: ``Player N`` for humans, ``Computer`` for computers (numbered if several).

    >>> default_names(["human", "reasoning", "naive"])
    ['Player 1', 'Computer 1', 'Computer 2']
    """
    return seat_names(seats, dict.fromkeys(SEAT_KINDS, "Computer"))


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
    ) -> None:
        super().__init__()
        rules = find_game(rules) if isinstance(rules, str) else rules
        if not isinstance(rules, BluffRules):
            raise DicePokerError(f"{getattr(rules, 'name', rules)!r} is not the bluff game")
        self.rules = rules
        self._rng = np.random.default_rng(seed)
        self.held = [False] * NUMBER_OF_DICE
        self.screen_for: int | None = None
        self._build()
        self._start(seats, names)
        self._say(self._welcome())
        self.refresh()

    # --- building -----------------------------------------------------------------------------------
    def _build(self) -> None:
        self._style = style_widget(style_sheet())
        self.title = title_widget(self.rules.title)
        self.lives = widgets.HTML()
        self.lives.add_class("dp-lives")
        self.table = widgets.HTML()
        self.table.add_class("dp-round")
        self.screen_note = widgets.HTML()
        self.pass_button = self._button("Show me", "dp-pass", self._take_screen, "warning", "260px")
        self.dice_buttons = [self._die_button(i) for i in range(NUMBER_OF_DICE)]
        self._dice_row = widgets.HBox(
            self.dice_buttons, layout=widgets.Layout(margin="10px 0 4px 0", overflow="visible")
        )
        self.private = widgets.HTML()
        self.roll_button = self._button("Roll", "dp-roll", self._roll, "primary", "200px")
        self.announce_picker = widgets.Dropdown(options=[], layout=widgets.Layout(width="220px"))
        self.announce_picker.add_class("dp-announce-picker")
        self.announce_button = self._button("Announce", "dp-announce", self._announce, "success", "120px")
        self.call_button = self._button("Call the bluff!", "dp-call", self._call, "danger", "160px")
        self.accept_button = self._button("Accept (look at the dice)", "dp-accept", self._accept, "", "220px")
        self.hint_button = self._button("Hint", "dp-hint", self._hint, "info", "120px")
        self.step_button = self._button("Step ▶ (computer)", "dp-step", self.step, "", "170px")
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
        self.new_game_button = self._button("New game", "dp-new-game", self.new_game, "", "120px")
        setup = setup_box(
            [
                widgets.HTML("<b>Seats for a new game</b> (2 to 6; — leaves a seat empty)"),
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
            options=[(SEAT_WORDS[k], k) for k in kinds],
            value=kinds[0] if i == 0 else "reasoning" if i == 1 else "empty",
            description=f"Seat {i + 1}",
            layout=widgets.Layout(width="236px"),
            style={"description_width": "46px"},  # room for "Computer (reasoning)" in full
        )
        chooser.add_class(f"dp-seat-{i}")
        return chooser

    # --- who plays, who may look ------------------------------------------------------------------------
    def _start(self, seats: Sequence[str], names: Sequence[str] | None) -> None:
        seats = check_bluff_seats(seats, self.rules)
        if names is not None and len(names) != len(seats):
            raise DicePokerError(f"{len(names)} names for {len(seats)} seats: {list(names)}")
        names = list(names) if names is not None else default_names(seats)
        self.game = BluffGame(self.rules, names, rng=np.random.default_rng(int(self._rng.integers(2**63))))
        self._generation += 1  # a computer step scheduled for the last game does nothing
        self.seats = seats
        self.held = [False] * NUMBER_OF_DICE
        humans = self.humans
        self.screen_for = humans[0] if len(humans) == 1 else None
        for i, chooser in enumerate(self.seat_choosers):
            chooser.value = seats[i] if i < len(seats) else "empty"

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

    def _over_reason(self) -> str:
        return self._winner_text()

    def _require_human(self, doing: str) -> None:
        super()._require_human(doing)
        if self.needs_pass:
            raise IllegalActionError(
                f'pass the screen to {self.current_name} first: press "I am {self.current_name} — show me"'
            )

    def _after_move(self) -> None:
        """Hide the screen when the cup moves on to another human (never with one human)."""
        if len(self.humans) > 1 and self.game.current_player != self.screen_for:
            self.screen_for = None
        self.held = [False] * NUMBER_OF_DICE

    # --- actions: each calls one game method; _do then refreshes and says what happened -----------------
    def _take_screen(self) -> str:
        if not self.needs_pass:
            raise IllegalActionError("nobody needs the screen now")
        self.screen_for = self.game.current_player
        doing = "roll" if self.game.phase == Phase.ROLL else "call the bluff or accept"
        return f"{does(self.current_name, 'has')} the screen: {doing}."

    def _toggle(self, position: int) -> str:
        self._require_human("see its choice")
        if self.game.positions is None or self.game.phase != Phase.ROLL:
            raise IllegalActionError("there are no dice in front of you to hold")
        if self.game.rolls_left == 0:
            raise IllegalActionError("no roll left: nothing to hold the dice for; announce a hand")
        self.held[position] = not self.held[position]
        value, verb = self.game.positions[position], "holds" if self.held[position] else "releases"
        return f"{does(self.current_name, verb)} the {value} (die {position + 1})."

    def _roll(self) -> str:
        self._require_human("see its roll")
        who, first = self.current_name, self.game.positions is None
        dice = self.game.roll(held=self.held if not first else None)
        self.held = [False] * NUMBER_OF_DICE
        shown = "-".join(map(str, self.game.positions))  # type: ignore[arg-type]
        return f"{does(who, 'rolls')} in secret: {shown} ({dice_reading(dice)}). " + self._announce_note()

    def _announce(self) -> str:
        self._require_human("see its announcement")
        if not self.announce_picker.value:
            raise IllegalActionError("choose a hand to announce first (roll the dice if you have not)")
        who = self.current_name
        self.game.announce(self.announce_picker.value)
        self._after_move()
        return self._announced_text(who)

    def _call(self) -> str:
        self._require_human("see its answer")
        result = self.game.call_bluff()
        self._after_move()
        return self._result_text(result)

    def _accept(self) -> str:
        self._require_human("see its answer")
        dice = self.game.accept()
        shown = "-".join(map(str, self.game.positions))  # type: ignore[arg-type]
        times = plural(self.rules.reroll_rounds, "time")
        return (
            f"{does(self.current_name, 'accepts')} and {verb_form(self.current_name, 'looks')} at the cup: "
            f"{shown} ({dice_reading(dice)}). Reroll up to {times}, then announce higher."
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
                kept = plural(len(action.keep), "die", "dice")
                return f"{does(who, 'keeps')} {kept} and {verb_form(who, 'throws')} {thrown} in secret."
            return f"{does(who, 'throws')} all five dice in secret."
        if isinstance(action, Accept):
            return f"{does(who, 'accepts')} and {verb_form(who, 'looks')} at the dice in secret."
        return self._announced_text(who)

    def _hint(self) -> str:
        self._require_human("see a hint")
        view = self.game.view(self.game.current_player)
        if view.phase == Phase.RESPOND:
            p = view_probability_true(view)
            return (
                f"Hint: given the throws the table heard, '{view.last_announcement}' is true with chance "
                f"{float(p):.0%} (if a player without it would announce it half the time)."
            )
        if view.dice is None:
            return "Hint: roll first: the opener's first roll throws all five dice."
        return bluff_hint(view.dice, view.rolls_left, view.last_announcement)

    def new_game(self) -> str:
        """Start a new game with the seats chosen in the seat choosers."""
        self._start(self._chosen_seats(), None)
        return self._welcome()

    # --- words ------------------------------------------------------------------------------------------
    def _welcome(self) -> str:
        opens = does(self.current_name, "opens")
        return f"New game: {', '.join(self.game.player_names)}. {opens} round 1." + (
            f" Pass the screen to {self.current_name}." if self.needs_pass else ""
        )

    def _announced_text(self, who: str) -> str:
        said, to = self.game.last_announcement, self.current_name
        return f"{does(who, 'announces')} '{said}' and {verb_form(who, 'passes')} the cup to {to}." + (
            f" Pass the screen to {to}." if self.needs_pass else ""
        )

    def _winner_text(self) -> str:
        return does(self.game.player_names[self.game.winner], "wins") if self.game.is_over else ""  # type: ignore[index]

    def _result_text(self, result: RoundResult) -> str:
        names = self.game.player_names
        text = (
            f"{does(names[result.caller], 'calls')}! The cup shows {'-'.join(map(str, result.dice.values))} "
            f"({result.best}): {does(names[result.loser], 'loses')} a life."
        )
        if self.game.is_over:
            return text + f" {self._winner_text()}!"
        out = f" {does(names[result.loser], 'is')} out." if self.game.lives[result.loser] == 0 else ""
        return (
            text
            + out
            + f" {does(self.current_name, 'opens')} round {self.game.round_number}."
            + (f" Pass the screen to {self.current_name}." if self.needs_pass else "")
        )

    # --- showing the state ---------------------------------------------------------------------------------
    def _viewer(self) -> int | None:
        """The human whose private view the screen shows now (``None``: nothing private)."""
        if self.game.is_over:
            return None
        return self.screen_for

    def refresh(self) -> None:
        """Bring every widget up to date with the game (showing only what the screen's viewer may see)."""
        game = self.game
        names = game.player_names
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

    def _refresh_screen_note(self, view: BluffView | None) -> None:
        game = self.game
        if self.needs_pass:
            self.screen_note.value = (
                f"<b>Pass the screen to {html.escape(self.current_name)}.</b> "
                "Everyone else looks away; then press the button."
            )
            self.pass_button.description = f"I am {self.current_name} — show me"
        elif view is None:
            self.screen_note.value = (
                "The game is over." if game.is_over else f"{html.escape(self.current_name)} is playing."
            )
            self.pass_button.description = "Show me"
        else:
            me = game.player_names[view.player]
            self.screen_note.value = (
                f"The screen shows what <b>{html.escape(me)}</b> {verb_form(me, 'knows')}."
            )
            self.pass_button.description = "Show me"
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
            button.tooltip = label + (
                (" — click to release" if held else " — click to hold") * (not button.disabled)
            )
        if view is not None and view.dice is not None:
            reading = html.escape(str(best_hand(view.dice)))
            self.private.value = f"Your dice read <b>{reading}</b>; rolls left: {view.rolls_left}."
        elif view is not None and view.seen_dice is not None:
            seen = "-".join(map(str, view.seen_dice.values))
            self.private.value = (
                f"The cup is covered. You last saw {seen} ({html.escape(str(best_hand(view.seen_dice)))})."
            )
        else:
            self.private.value = "The cup is covered."

    def _refresh_controls(self, view: BluffView | None, acting: bool) -> None:
        game = self.game
        rolling = acting and view is not None and view.phase == Phase.ROLL
        responding = acting and view is not None and view.phase == Phase.RESPOND
        legal = [str(h) for h in view.legal_announcements()] if rolling and view is not None else []
        dice = tuple(game.positions) if rolling and game.positions is not None else None
        if list(self.announce_picker.options) != legal:
            self.announce_picker.options = legal
            self._picker_dice = None
        if legal and dice is not None and dice != self._picker_dice:  # new dice: offer what they hold
            best = str(best_hand(dice))
            self.announce_picker.value = best if best in legal else legal[0]
            self._picker_dice = dice
        why = self._why_not_acting(view, acting)
        self.announce_picker.disabled = not legal
        set_enabled(self.announce_button, why or ("" if legal else "roll the dice first"))
        if game.is_over:
            self.roll_button.description = "Game over"
        elif game.positions is None or not rolling:
            self.roll_button.description = "Roll"
        else:
            self.roll_button.description = f"Reroll the others ({game.rolls_left} left)"
        roll_why = "" if not rolling else ("" if game.rolls_left else "no rolls left: announce a hand")
        set_enabled(self.roll_button, why or ("it is time to call or accept" if responding else roll_why))
        set_enabled(self.call_button, why or ("" if responding else "there is no announcement to call"))
        accept_why = "" if responding and view is not None and view.may_accept else "nothing to accept now"
        set_enabled(self.accept_button, why or accept_why)
        set_enabled(self.hint_button, why, "what are the chances?")
        over = "the game is over: press New game" if game.is_over else ""
        human_turn = "" if self.computer_to_play else f"it is {possessive(self.current_name)} turn"
        for button in (self.step_button, self.turn_button):
            set_enabled(button, over or human_turn)

    def _why_not_acting(self, view: BluffView | None, acting: bool) -> str:
        """Why the player at the screen cannot act now ("" when they can)."""
        if acting:
            return ""
        if self.game.is_over:
            return "the game is over: press New game"
        if self.needs_pass:
            return f"pass the screen to {self.current_name} first"
        return f"it is {possessive(self.current_name)} turn: press Step"

    def _turn_marker(self) -> tuple[Any, ...]:
        return (self.game.current_player, self.game.round_number)

    def _announce_note(self) -> str:
        return "Choose a hand to announce, or hold dice and reroll."


SURVIVES = "An announcement the dice hold survives any call."


def bluff_hint(dice: Any, rolls_left: int, last: Any = None) -> str:
    """The hint for the player holding the cup: the keeps ranked by what they reach, and which
    announcements survive a call.

    >>> bluff_hint("22345", 2)  # doctest: +ELLIPSIS
    'Hint: 2-2-3-4-5 reads pair of 2s. Keep 2-3-4-5: small straight or better with 56%; ...'
    """
    reading = best_hand(dice)
    shown = "-".join(map(str, sorted(Dice.roll(dice).values)))
    if rolls_left == 0:
        higher = (
            ""
            if last is None or reading > last
            else f" — not above '{last}': a higher announcement is a bluff"
        )
        return f"Hint: no rolls left; your dice read {reading}{higher}. {SURVIVES}"
    prospects = keep_prospects(dice, rolls_left, above=last)
    best = [row for row in prospects.itertuples() if row.reaches][:2]
    if not best:
        return f"Hint: {shown} reads {reading}; nothing above '{last}' is likely: reroll and hope, or bluff."
    keeps = "; ".join(
        f"{'stop' if row.keep == shown else 'keep ' + row.keep}: {row.reaches}"
        + ("" if row.keep == shown else f" or better with {float(row.chance):.0%}")
        for row in best
    )
    return f"Hint: {shown} reads {reading}. {keeps[0].upper()}{keeps[1:]}. {SURVIVES}"


def dice_reading(dice: Any) -> str:
    """The best reading of five dice, as text.

    >>> dice_reading("66622")
    'full house 6s over 2s'
    """
    return str(best_hand(dice))


def play(
    rules: BluffRules | str = BLUFF,
    seats: Sequence[str] = ("human", "reasoning"),
    names: Sequence[str] | None = None,
    seed: int | None = None,
) -> BluffUI:
    """Open the bluff widget: 2 to 6 seats, each ``"human"``, ``"reasoning"``, ``"naive"`` or ``"random"``.

    >>> ui = play(seats=("reasoning", "naive"), seed=2)
    >>> ui.step_button.click()
    >>> ui.last_message
    'Computer 1 throws all five dice in secret.'
    >>> ui.close()
    """
    return BluffUI(seats, names, rules=rules, seed=seed)


def play_bluff(
    seats: Sequence[str] = ("human", "reasoning"),
    names: Sequence[str] | None = None,
    *,
    rules: BluffRules | str = BLUFF,
    seed: int | None = None,
) -> BluffUI:
    """The bluff widget, seats first (the name the lessons teach): ``play_bluff(("human", "naive"))``."""
    return play(rules, seats, names, seed)
