"""What the play widgets share: the message line, buttons that run one action, dice, display, closing.

A play widget (:class:`GameWidget`) owns a game and composes ipywidgets. Every button runs one
action through :meth:`GameWidget._do`: the action calls one game method and returns what to say;
``_do`` brings every widget up to date and only then writes the message line, so whoever waits for
the message line to change (a person, a browser test) sees the new state. A refused action (a
:class:`DicePokerError`) changes nothing and is explained on the message line.

>>> DIE_FACES[0], DIE_FACES[5]
('⚀', '⚅')
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import html
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, ClassVar

import ipywidgets as widgets

from dicepoker.core.class_events import a_game_ended
from dicepoker.core.errors import DicePokerError, IllegalActionError
from dicepoker.core.i18n import (
    _,
    available_languages,
    check_language,
    format_message,
    in_language,
    language,
)
from dicepoker.core.pictures import die_svg_data_uri
from dicepoker.core.play_record import SeatKind
from dicepoker.core.words import (  # noqa: F401 (shared here)
    N_,
    die_label,
    is_you,
    player_name,
    says,
)

DIE_FACES = "\u2680\u2681\u2682\u2683\u2684\u2685"  # ⚀ … ⚅, shown if the style sheet is missing
GAME_OVER_NOTE = N_("Press New game to play again.")  # said (translated) when an action ends the game
# why a human button is refused on a computer's turn, by what Step would show instead
STEP_TO = {
    "see its move": N_("it is {name}'s turn (the computer): press Step to see its move"),
    "see its roll": N_("it is {name}'s turn (the computer): press Step to see its roll"),
    "see its choice": N_("it is {name}'s turn (the computer): press Step to see its choice"),
}
STEP_DELAY = 0.9  # seconds between a computer's actions when it plays by itself
GRADED_NOTE = N_("this is a graded game: hints are off")  # why Hint (and the coach) are off


def set_enabled(button: widgets.Button, why_not: str, tooltip: str = "") -> None:
    """Enable a button, or disable it saying why in its tooltip (a disabled button always says why).

    >>> button = widgets.Button(description="Roll")
    >>> set_enabled(button, "no rolls left"); button.disabled, button.tooltip
    (True, 'Roll is disabled: no rolls left')
    >>> set_enabled(button, "", "roll the dice"); button.disabled, button.tooltip
    (False, 'roll the dice')
    """
    button.disabled = bool(why_not)
    button.tooltip = (
        format_message("{button} is disabled: {why}", button=button.description, why=why_not)
        if why_not
        else tooltip
    )


def css_string(text: str) -> str:
    """``text`` as a quoted CSS string (for ``content:``).

    >>> print(css_string('say "hi"'))
    "say \\"hi\\""
    """
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def play_css(scope: str) -> str:
    """CSS every play widget shares: disabled buttons look disabled, keyboard focus shows, and a held
    die is marked by an outline and the word "held" under it (in the current language), not by
    colour alone.

    Words fit their box in every language by design, not by a width per language: a button's label
    wraps onto a second line (the button grows taller) rather than being cut off, a dropdown is
    at least as wide as its longest option, a control's description as wide as its words, and a row
    too wide for the widget goes on a second line.

    >>> css = play_css(".dp-board")
    >>> ":focus-visible" in css and "dp-held::after" in css and ":disabled" in css
    True
    >>> from dicepoker.core.i18n import in_language
    >>> with in_language("ro"):
    ...     'content: "ținut"' in play_css(".dp-board")
    True
    """
    held = css_string(_("held"))
    return f"""{scope} .jupyter-button:disabled {{ opacity: 0.45; cursor: not-allowed; filter: grayscale(60%);
}}
{scope} .jupyter-button:not(.dp-die):not(.dp-cell) {{ white-space: normal; overflow-wrap: anywhere;
  height: auto; min-height: var(--jp-widgets-inline-height, 28px); line-height: 1.25;
  padding-top: 4px; padding-bottom: 4px; }}
{scope} .widget-dropdown, {scope} .widget-dropdown > select, {scope} .widget-label {{
  min-width: max-content; }}
{scope} .widget-hbox {{ flex-wrap: wrap; }}
{scope} .jupyter-button:focus-visible, {scope} select:focus-visible, {scope} input:focus-visible {{
  outline: 3px solid #1d4ed8; outline-offset: 2px; }}
{scope} .jupyter-button.dp-die {{ position: relative; overflow: visible; }}
{scope} .jupyter-button.dp-die:disabled {{ opacity: 1; filter: none; cursor: default; }}
{scope} .jupyter-button.dp-die.dp-held {{ outline: 3px solid #92400e; outline-offset: 1px; }}
{scope} .jupyter-button.dp-die.dp-held::after {{
  content: {held}; position: absolute; left: 0; right: 0; bottom: -17px; font-size: 11px; line-height: 14px;
  color: #92400e; font-weight: 700; text-align: center; }}"""


def set_class(widget: widgets.DOMWidget, css: str, on: bool) -> None:
    """Add or remove a CSS class, touching the widget only when it changes.

    >>> button = widgets.Button()
    >>> set_class(button, "dp-held", True); set_class(button, "dp-held", True); button._dom_classes
    ('dp-held',)
    >>> set_class(button, "dp-held", False); button._dom_classes
    ()
    """
    has = css in widget._dom_classes
    if on and not has:
        widget.add_class(css)
    elif has and not on:
        widget.remove_class(css)


def set_classes(widget: widgets.DOMWidget, classes: Mapping[str, bool]) -> None:
    """Add the CSS classes mapped to ``True``, remove those mapped to ``False``: one change of the
    widget at most (:func:`set_class` for many classes at once, as a board's cells need).

    >>> button = widgets.Button()
    >>> button = button.add_class("dp-chip-0")
    >>> set_classes(button, {"dp-chip-0": False, "dp-chip-1": True, "dp-last": True}); button._dom_classes
    ('dp-chip-1', 'dp-last')
    """
    current = widget._dom_classes
    kept = [css for css in current if classes.get(css, True)]
    added = [css for css, on in classes.items() if on and css not in current]
    if added or len(kept) != len(current):
        widget._dom_classes = (*kept, *added)


def set_trait(widget: widgets.Widget, name: str, value: Any) -> None:
    """Set one trait of ``widget``, skipping traitlets' validation when it already holds ``value``.

    >>> button = widgets.Button(description="Roll")
    >>> set_trait(button, "description", "Roll"); set_trait(button, "tooltip", "Roll them"); button.tooltip
    'Roll them'
    """
    if getattr(widget, name) != value:
        setattr(widget, name, value)


def descendants(widget: widgets.Widget) -> list[widgets.Widget]:
    """A widget and every widget inside it, parents before their children.

    >>> box = widgets.VBox([widgets.HBox([widgets.Button()]), widgets.HTML()])
    >>> [type(w).__name__ for w in descendants(box)]
    ['VBox', 'HBox', 'Button', 'HTML']
    """
    found = [widget]
    for child in getattr(widget, "children", ()):
        found += descendants(child)
    return found


def hold_said(who: str, value: int, position: int, held: bool) -> str:
    """What the message line says when ``who`` holds (or releases) die ``position`` (from 0) showing
    ``value``: spoken to the player called You, about anyone else.

    >>> hold_said("You", 5, 1, True), hold_said("Ann", 5, 1, False)
    ('You hold the 5 (die 2).', 'Ann releases the 5 (die 2).')
    """
    if held:
        return says(
            who,
            N_("You hold the {value} (die {position})."),
            N_("{name} holds the {value} (die {position})."),
            value=value,
            position=position + 1,
        )
    return says(
        who,
        N_("You release the {value} (die {position})."),
        N_("{name} releases the {value} (die {position})."),
        value=value,
        position=position + 1,
    )


def show_die(button: widgets.Button, value: int, held: bool) -> None:
    """Show a die on its button: face ``value`` (0: not rolled yet) as ``dp-face-<value>``, held or not.

    >>> button = widgets.Button()
    >>> show_die(button, 6, held=True); button.description, sorted(button._dom_classes)
    ('⚅', ['dp-face-6', 'dp-held'])
    """
    for face in range(7):
        set_class(button, f"dp-face-{face}", face == value)
    set_class(button, "dp-held", held)
    button.description = DIE_FACES[value - 1] if value else ""


def die_face_css(scope: str) -> str:
    """CSS rules that draw every die face, held or not, on the die buttons inside ``scope``.

    >>> rules = die_face_css(".dp-bluff").splitlines()
    >>> len(rules), rules[-1].startswith(".dp-bluff .dp-die.dp-face-6.dp-held {")
    (14, True)
    """
    faces = []
    for value in range(7):
        for held in (False, True):
            selector = f"{scope} .dp-die.dp-face-{value}" + (".dp-held" if held else "")
            faces.append(f'{selector} {{ background-image: url("{die_svg_data_uri(value, held=held)}"); }}')
    return "\n".join(faces)


def message_css(scope: str) -> str:
    """CSS rules of the message line inside ``scope``: blue for news, red when refused, green at the end.

    >>> message_css(".dp-board").count(".dp-board .dp-msg")
    3
    """
    return f"""{scope} .dp-msg {{ padding: 6px 10px; border-radius: 4px; border-left: 4px solid #2563eb;
  background: #eff6ff; min-height: 1.4em; }}
{scope} .dp-msg-error {{ border-left-color: #b91c1c; background: #fef2f2; color: #7f1d1d; }}
{scope} .dp-msg-good {{ border-left-color: #15803d; background: #f0fdf4; color: #14532d; }}"""


def style_widget(css: str) -> widgets.HTML:
    """An invisible widget that carries a style sheet (``<style>...</style>``) into the page.

    >>> style_widget("<style></style>").layout.display
    'none'
    """
    return widgets.HTML(css, layout=widgets.Layout(display="none"))


def title_html(title: str) -> str:
    """The HTML of a game's title (what :func:`title_widget` shows; a refresh sets it on the same widget).

    >>> title_html("Bluff & co")
    '<div class="dp-title">Bluff &amp; co</div>'
    """
    return f'<div class="dp-title">{html.escape(title)}</div>'


def title_widget(title: str) -> widgets.HTML:
    """The game's title in large type, above everything else.

    >>> title_widget("Bluff & co").value
    '<div class="dp-title">Bluff &amp; co</div>'
    """
    return widgets.HTML(title_html(title))


def app_box(children: Sequence[widgets.Widget], game: str, **layout: str) -> widgets.VBox:
    """The root of a game's widget: a box with the classes ``dp-app`` and ``dp-<game>``.

    >>> app_box([], "board", max_width="720px")._dom_classes
    ('dp-app', 'dp-board')
    """
    root = widgets.VBox(list(children), layout=widgets.Layout(padding="8px", **layout))
    root.add_class("dp-app")
    root.add_class(f"dp-{game}")
    return root


def setup_box(children: Sequence[widgets.Widget], margin_top: str) -> widgets.VBox:
    """The "new game" section at the bottom: seats, names and the New game button, under a line.

    >>> setup_box([], "14px").layout.border_top
    '1px solid #d1d5db'
    """
    return widgets.VBox(
        list(children),
        layout=widgets.Layout(
            margin=f"{margin_top} 0 0 0", padding="8px 0 0 0", border_top="1px solid #d1d5db"
        ),
    )


def names_shown(typed: Sequence[str], defaults: Sequence[str]) -> list[str]:
    """The players' names as shown: a typed name as typed (a "You" in any language is "You" in the
    current one), and for a seat nobody named (``""``), its default name.

    >>> names_shown(["Ann", "", "tu"], ["Player 1", "Player 2", "Player 3"])
    ['Ann', 'Player 2', 'You']
    """
    return [player_name(t) if t else d for t, d in zip(typed, defaults, strict=True)]


def check_names_differ(
    typed: Sequence[str], seats: Sequence[str], default_names: Callable[[Sequence[str]], list[str]]
) -> None:
    """Refuse a new game whose players would be called alike, in the current language or any other
    the widget may switch to ("Player 2" typed for seat 1 meets seat 2's default name; "You" and
    "Tu" are one name). ``typed`` are the names typed for ``seats`` (``""``: the default name).

    >>> from dicepoker.ui.seats import seat_names
    >>> defaults = lambda seats: seat_names(seats, {})
    >>> check_names_differ(["Ann", ""], ["human", "human"], defaults)
    >>> check_names_differ(["Ann", "Ann"], ["human", "human"], defaults)
    Traceback (most recent call last):
    ...
    dicepoker.core.errors.DicePokerError: two players would be called Ann: give each player a different name
    >>> check_names_differ(["Гравець 2", ""], ["human", "human"], defaults)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    dicepoker.core.errors.DicePokerError: two players would be called Гравець 2: give each ...
    """
    now = language()
    for lang in (now, *[other for other in available_languages() if other != now]):
        with in_language(lang):
            shown = names_shown(typed, default_names(seats))
        twice = next((name for i, name in enumerate(shown) if name in shown[:i]), None)
        if twice is not None:
            raise DicePokerError(
                format_message(
                    "two players would be called {name}: give each player a different name", name=twice
                )
            )


class GameWidget:
    """The machinery of a play widget; a game's UI subclasses it and owns the game (``self.game``).

    A subclass builds ``self.root`` (with ``self.message`` in it), sets ``self.game`` and
    ``self.seats`` (one kind per player, ``"human"`` for people), and writes :meth:`refresh` and
    ``_toggle(position)`` (what a click on a die does). Buttons made with :meth:`_button` run
    their action through :meth:`_do`. Each new game goes through :meth:`_seated`, which writes the
    mode (``graded=True``: Hint and Coach off) and who plays each seat into the game's play record;
    every hint shown is noted there with :meth:`_hint_shown`.

    >>> from types import SimpleNamespace
    >>> class CountToThree(GameWidget):
    ...     def __init__(self):
    ...         super().__init__()
    ...         self.game = SimpleNamespace(count=0, is_over=False, current_player=0, player_names=["Ann"])
    ...         self.seats = ("human",)
    ...         self.add_button = self._button("Add one", "dp-add", self.add, "primary")
    ...         self.root = app_box([self.add_button, self.message], "count")
    ...     def add(self):
    ...         self._require_human("add")
    ...         self.game.count += 1
    ...         self.game.is_over = self.game.count == 3
    ...         return f"{self.current_name} counts {self.game.count}."
    ...     def refresh(self):
    ...         self.add_button.description = f"Add one to {self.game.count}"
    >>> ui = CountToThree()
    >>> shown = []  # what the button says each time the message line changes
    >>> ui.message.observe(lambda change: shown.append(ui.add_button.description), "value")
    >>> ui.add_button.click(); ui.last_message, shown
    ('Ann counts 1.', ['Add one to 1'])
    >>> ui.add_button.click(); ui.add_button.click(); ui.message.value
    '<div class="dp-msg dp-msg-good" data-seq="3">Ann counts 3. Press New game to play again.</div>'
    >>> ui.add_button.click(); ui.last_message
    'Refused: the game is over: press New game'
    >>> ui.close(); ui.add_button.comm is None
    True
    """

    DIE_SIZE: ClassVar[str] = "56px"  # a die button's width and height
    DIE_FONT_SIZE: ClassVar[str] = "36px"  # its ⚀ … ⚅ character, shown if the style sheet is missing
    MESSAGE_ICONS: ClassVar[Mapping[str, str]] = {}  # a sign before a message of each kind
    REFUSED: ClassVar[str] = "Refused: "  # before the reason on the message line

    game: Any
    seats: tuple[str, ...]
    root: widgets.Box
    seat_choosers: list[widgets.Dropdown]
    name_boxes: list[widgets.Text]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A subclass's ``refresh`` runs in the widget's own language (see :meth:`speaking`)."""
        super().__init_subclass__(**kwargs)
        if "refresh" in cls.__dict__:
            own_refresh = cls.__dict__["refresh"]

            @functools.wraps(own_refresh)
            def refresh(self: GameWidget) -> None:
                with self.speaking():
                    self._refresh_shared_texts()
                    own_refresh(self)

            cls.refresh = refresh  # type: ignore[method-assign]

    def __init__(self, lang: str | None = None, *, graded: bool = False) -> None:
        if not isinstance(graded, bool):
            raise DicePokerError(
                format_message("{name} is True or False, not {value}", name="graded", value=repr(graded))
            )
        self.graded = graded  # a graded game: Hint and Coach off
        self.lang = None if lang is None else check_language(lang)  # None: follow set_language
        self.last_message = ""
        self._message_count = 0
        self._generation = 0  # counts games, so a scheduled computer step never acts on a new one
        self.auto_delay = STEP_DELAY
        self.message = widgets.HTML(layout=widgets.Layout(width="100%"))
        self.message.add_class("dp-message")
        self._style_language = ""  # the language the style sheet was last written in
        self._texts_language = ""  # the language of the last refresh

    def style_sheet_text(self) -> str | None:
        """The widget's style sheet in the current language (``None``: a fixed style sheet).

        A subclass whose style sheet holds words (the "held" under a held die) returns it here and
        keeps its style widget in ``self._style``; the sheet is rewritten when the language changes.
        """
        return None

    def _refresh_shared_texts(self) -> None:
        """The texts of the shared parts, in the current language (run before each refresh).

        After a switch of language the message line (and a subclass's log of earlier messages),
        written in the old language, is cleared: what is on show is all in the new one.
        """
        if self._texts_language and self._texts_language != language():
            self._forget_messages()
        self._texts_language = language()
        if hasattr(self, "turn_button"):
            self.turn_button.description = _("Whole turn ▶▶")
            self.auto_play.description = _("Computer plays by itself")
        style = getattr(self, "_style", None)
        if style is not None and self._style_language != language():
            text = self.style_sheet_text()
            if text is not None:
                style.value = text
                self._style_language = language()

    def speaking(self):  # type: ignore[no-untyped-def]
        """A ``with`` block in the widget's language: its ``lang=``, else the current language.

        Every label and message is made inside one, so a widget made with ``lang="uk"`` stays
        Ukrainian, and one made without follows :func:`~dicepoker.core.i18n.set_language` on its
        next refresh.
        """
        return in_language(self.lang)

    # --- the play record: the mode, who plays each seat, the hints shown --------------------------------
    @property
    def mode(self) -> str:
        """``"graded"`` (Hint and Coach off) or ``"practice"``."""
        return "graded" if self.graded else "practice"

    def bot_name(self, seat: str) -> str:
        """The name of the bot that plays a seat of kind ``seat`` (a game's widget says; else the kind)."""
        return seat

    def _seated(self, game: Any, seats: Sequence[str]) -> Any:
        """``game``, its play record now saying the mode and who plays each of ``seats`` (a person,
        or which bot)."""
        game.record_seats(
            tuple(SeatKind("human") if s == "human" else SeatKind("bot", self.bot_name(s)) for s in seats),
            self.mode,
        )
        return game

    def _require_hints_allowed(self) -> None:
        """Refuse a hint (or the coach) in a graded game."""
        if self.graded:
            raise IllegalActionError(_(GRADED_NOTE))

    def _hint_shown(self, kind: str = "hint", player: int | None = None) -> None:
        """Note in the game's play record a hint (``"hint"``) or the coach's word (``"coach"``) shown
        now to ``player`` (by default the player whose turn it is)."""
        self.game.record_hint(kind, player)

    # --- who plays --------------------------------------------------------------------------------
    @property
    def current_seat(self) -> str:
        """The kind of seat whose turn it is (``"human"``, ...; ``""`` when nobody has a turn)."""
        who = self.game.current_player
        return self.seats[who] if who is not None else ""

    @property
    def current_name(self) -> str:
        """The name of the player who must act, as shown (``""`` when nobody has a turn)."""
        who = self.game.current_player
        return self.shown_name(who) if who is not None else ""

    typed_names: list[str] | None = None  # the names typed for this game ("": the default shown)

    def default_names(self, seats: Sequence[str]) -> list[str]:
        """The names of seats nobody named, in the current language (a game's widget says which)."""
        return list(self.game.player_names)

    def shown_names(self) -> list[str]:
        """The players' names as shown now: a typed name as typed (a "You" in any language is "You"
        in the current one), and for a seat nobody named, the default name in the widget's language
        now, so "Player 1" becomes "Гравець 1" when the language changes."""
        if self.typed_names is None:
            return [player_name(name) for name in self.game.player_names]
        return names_shown(self.typed_names, self.default_names(self.seats))

    def shown_name(self, player: int) -> str:
        """Player ``player``'s name as shown now (see :meth:`shown_names`)."""
        return self.shown_names()[player]

    def _over_reason(self) -> str:
        """Why the game is over, for a refusal (``""``: no reason given)."""
        return ""

    def _require_not_over(self) -> None:
        if self.game.is_over:
            reason = self._over_reason()
            if reason:
                raise IllegalActionError(
                    format_message("the game is over ({reason}): press New game", reason=reason)
                )
            raise IllegalActionError(_("the game is over: press New game"))

    def _require_human(self, doing: str) -> None:
        """Refuse unless a human has the turn; ``doing`` says what Step would show instead."""
        self._require_not_over()
        if self.current_seat != "human":
            raise IllegalActionError(self._step_to(doing))

    def _step_to(self, doing: str) -> str:
        """Why a human button is refused on a computer's turn. ``doing`` is one of "see its move",
        "see its roll", "see its choice" (whole sentences in the catalogs), or any other English
        words, kept as they are."""
        name = self.current_name
        if doing in STEP_TO:
            return format_message(STEP_TO[doing], name=name)
        return f"it is {name}'s turn (the computer): press Step to {doing}"

    def _require_computer(self) -> None:
        """Refuse Step unless a computer has the turn."""
        self._require_not_over()
        if self.current_seat == "human":
            raise IllegalActionError(
                says(
                    self.current_name,
                    N_("it is your turn: a human plays it with the buttons"),
                    N_("it is {name}'s turn: a human plays it with the buttons"),
                )
            )

    @property
    def computer_to_play(self) -> bool:
        """Whether a computer seat has the turn (the game is not over)."""
        return not self.game.is_over and self.current_seat not in ("human", "")

    # --- the computer's turn: one action, the whole turn, or by itself -------------------------------
    def step(self) -> str:
        """Make the computer whose turn it is take one action; returns what to say."""
        raise NotImplementedError

    def _turn_marker(self) -> tuple[Any, ...]:
        """What stays the same during one player's turn (by default: whose turn it is)."""
        return (self.game.current_player,)

    def play_computer_turn(self) -> str:
        """Play the rest of the computer's turn at once; the message tells everything it did."""
        if not self.computer_to_play:
            return self.step()  # refused with the reason
        marker, steps = self._turn_marker(), []
        while self.computer_to_play and self._turn_marker() == marker and len(steps) < 30:
            steps.append(self.step())
        return " ".join(steps)

    def _computer_widgets(self, width: str = "130px") -> tuple[widgets.Button, widgets.Checkbox]:
        """The "Whole turn" button (``dp-step-turn``) and the "Computer plays by itself" box (``dp-auto``)."""
        turn_button = self._button(
            _("Whole turn ▶▶"), "dp-step-turn", self.play_computer_turn, "", width=width
        )
        auto_play = widgets.Checkbox(False, description=_("Computer plays by itself"), indent=False)
        auto_play.add_class("dp-auto")
        auto_play.observe(lambda _change: self.refresh(), names="value")
        return turn_button, auto_play

    def _schedule_computer(self) -> None:
        """With "Computer plays by itself" ticked, take the next computer step after a pause."""
        auto = getattr(self, "auto_play", None)
        if auto is None or not auto.value or not self.computer_to_play:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no event loop (plain Python, tests): Step by hand
            return
        generation = self._generation

        def go() -> None:
            if generation == self._generation and auto.value and self.computer_to_play:
                self._do(self.step)

        loop.call_later(self.auto_delay, go)

    @contextlib.contextmanager
    def busy(self) -> Iterator[None]:
        """While the kernel works for a long time (a computer solves or loads a table), every control
        of the widget is disabled: a click then would only wait, and act on a state that has changed.
        Each control is enabled again afterwards (and the refresh after the action decides).

        >>> ui = GameWidget(); ui.root = widgets.VBox([widgets.Button(), widgets.Button(disabled=True)])
        >>> with ui.busy():
        ...     [b.disabled for b in ui.root.children]
        [True, True]
        >>> [b.disabled for b in ui.root.children]
        [False, True]
        """
        controls = [w for w in descendants(self.root) if isinstance(w, widgets.ValueWidget | widgets.Button)]
        enabled = [w for w in controls if hasattr(w, "disabled") and not w.disabled]
        for control in enabled:
            control.disabled = True
        try:
            yield
        finally:
            for control in enabled:
                control.disabled = False

    # --- actions and the message line ---------------------------------------------------------------
    def _do(self, action: Callable[[], str | None]) -> None:
        """Run one action, bring the widgets up to date, then say what happened (nothing for ``None``).

        The message line changes last, so whoever waits for it sees the new state; a refused action
        (a ``DicePokerError``) is explained there instead of raising.
        """
        with self.speaking():
            self._do_in_language(action)

    def _do_in_language(self, action: Callable[[], str | None]) -> None:
        was_over = self.game.is_over
        try:
            text = action()
        except DicePokerError as err:
            text, kind = self._refused_text(err), "error"
        else:
            kind = self._kind_of()
            if self.game.is_over and not was_over:
                record = getattr(self.game, "play_record", None)  # the game's own record of how it was played
                if record is not None:
                    a_game_ended(self.game, record.seat_labels(), record.mode)
                else:
                    a_game_ended(self.game, tuple(getattr(self, "seats", ())), self.mode)
            if text is not None and self.game.is_over and not was_over and not self._mentions_new_game(text):
                text += " " + _(GAME_OVER_NOTE)
        self.refresh()
        if text is not None:
            self._say(text, kind)

    def _refused_text(self, err: DicePokerError) -> str:
        """What the message line says of a refused action: "Refused: " and the reason, translated."""
        if self.REFUSED == GameWidget.REFUSED:
            return format_message("Refused: {reason}", reason=str(err))
        return f"{self.REFUSED}{err}"

    @staticmethod
    def _mentions_new_game(text: str) -> bool:
        """Whether a message already tells to press New game (in English or the current language)."""
        return "New game" in text or _("New game") in text

    def _forget_messages(self) -> None:
        """Clear the message line (its text is in a language no longer spoken)."""
        self.last_message = ""
        self.message.value = ""

    def _kind_of(self) -> str:
        """The kind of message an action that went through makes: ``"good"`` once the game is over."""
        return "good" if self.game.is_over else "info"

    def _say(self, text: str, kind: str = "info") -> None:
        """Show ``text`` on the message line; ``data-seq`` counts the messages, so each one differs."""
        self._message_count += 1
        self.last_message = text
        icon, seq = self.MESSAGE_ICONS.get(kind, ""), self._message_count
        self.message.value = (
            f'<div class="dp-msg dp-msg-{kind}" data-seq="{seq}">{icon}{html.escape(text)}</div>'
        )

    def refresh(self) -> None:
        """Bring every widget up to date with the game."""
        raise NotImplementedError

    def _toggle(self, position: int) -> str:
        """Hold or release the die at ``position``; returns what to say."""
        raise NotImplementedError

    # --- building ---------------------------------------------------------------------------------
    def _button(
        self, text: str, css: str, action: Callable[[], str | None], style: str = "", width: str = "auto"
    ) -> widgets.Button:
        """A button with the CSS class ``css`` that runs ``action`` through :meth:`_do`."""
        button = widgets.Button(description=text, button_style=style, layout=widgets.Layout(width=width))
        button.add_class(css)
        button.on_click(lambda _button: self._do(action))
        return button

    def _die_button(self, position: int) -> widgets.Button:
        """The button of the die at ``position`` (classes ``dp-die``, ``dp-die-<position>``); a click
        holds or releases it."""
        size = self.DIE_SIZE
        button = widgets.Button(description="", layout=widgets.Layout(width=size, height=size))
        button.style.font_size = self.DIE_FONT_SIZE
        for css in ("dp-die", f"dp-die-{position}", "dp-face-0"):
            button.add_class(css)
        button.on_click(lambda _button: self._do(lambda: self._toggle(position)))
        return button

    def _seat_column(
        self,
        index: int,
        options: Sequence[tuple[str, str]],
        kind: str,
        name: str,
        placeholder: str,
        width: str,
    ) -> widgets.VBox:
        """A name box over a seat chooser (classes ``dp-name-<index>``, ``dp-seat-<index>``), each
        appended to ``self.name_boxes`` and ``self.seat_choosers``."""
        chooser = widgets.Dropdown(options=options, value=kind, layout=widgets.Layout(width=width))
        chooser.add_class(f"dp-seat-{index}")
        box = widgets.Text(name, placeholder=placeholder, layout=widgets.Layout(width=width))
        box.add_class(f"dp-name-{index}")
        self.seat_choosers.append(chooser)
        self.name_boxes.append(box)
        return widgets.VBox([box, chooser])

    def _chosen_seats(self) -> list[str]:
        """The seats chosen for the next game, empty ones left out."""
        return [c.value for c in self.seat_choosers if c.value != "empty"]

    def _chosen_names(self, seats: Sequence[str]) -> list[str]:
        """The names typed for the chosen ``seats`` (``""`` where none is typed), refused (a
        ``DicePokerError``, nothing changed) if two players of the new game would be called alike."""
        active = [i for i, c in enumerate(self.seat_choosers) if c.value != "empty"][: len(seats)]
        typed = [self.name_boxes[i].value.strip() for i in active]
        check_names_differ(typed, seats, self.default_names)
        return typed

    # --- display and closing ----------------------------------------------------------------------
    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any] | None:
        return self.root._repr_mimebundle_(**kwargs)

    def _detached_widgets(self) -> list[widgets.Widget]:
        """Widgets the UI keeps that may not be inside ``root`` now (closed too by :meth:`close`)."""
        return []

    def close(self) -> None:
        """Close every widget of the UI (the game object stays usable)."""
        self._generation += 1  # a computer step scheduled before closing does nothing
        for widget in descendants(self.root) + self._detached_widgets():
            widget.close()
