"""A small widget to set up any position by clicking and see every keep and box ranked.

Click a die to turn it to the next face; choose the rolls left; set each box to open, "filled" or
its score. The ranking (:func:`~.advisor.advise`) is shown at once, with the position in the
notation a student can type (:mod:`~.position`); an impossible position is explained instead.
Every label is set at refresh time in the widget's language (``lang=``, else the current one);
the notation keeps its English keywords, being what a student types.

>>> ui = advisor("classic", "filled: Sixes 18; dice: 66612; rolls: 2")
>>> ui.advice.best.label
'keep 666 and roll 2'
>>> ui.dice_buttons[0].click()  # the dice are shown in order: the 1 becomes a 2
>>> ui.notation()
'filled: Sixes 18; dice: 22666; rolls: 2'
>>> ui.box_choosers["Sixes"].value = "filled"  # no score: the upper total (18 still) is given
>>> ui.notation()
'filled: Sixes filled; upper: 18; dice: 22666; rolls: 2'
>>> ui.upper.value = 7
>>> ui.last_message, ui.advice
('an upper total of 7 cannot happen with the upper boxes Sixes filled', None)
>>> ui.close()
>>> ui = advisor("classic", lang="uk")
>>> ui.rolls.description, ui.box_choosers["Sixes"].options[:2]
('кидків залишилося', (('відкрита', 'open'), ('заповнена', 'filled')))
>>> ui.close()
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from typing import Any

import ipywidgets as widgets

from dicepoker.core.errors import DicePokerError
from dicepoker.core.i18n import _, fill_message, format_fixed, format_message, ngettext, pgettext
from dicepoker.core.pictures import plain
from dicepoker.games import find_game
from dicepoker.games.scorecard.advisor import Advice, advise
from dicepoker.games.scorecard.hints import box_name, game_title
from dicepoker.games.scorecard.position import PositionError, parse_position, possible_scores
from dicepoker.games.scorecard.rules import ScorecardRules
from dicepoker.ui.widget import (
    GameWidget,
    app_box,
    die_face_css,
    message_css,
    play_css,
    show_die,
    style_widget,
    title_widget,
)

OPEN, FILLED = "open", "filled"
SHOWN = 12  # choices in the ranking


def style_sheet() -> str:
    """The advisor's CSS: the dice pictures on the die buttons and the message line."""
    return f"""<style>
.dp-advisor {{ font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #111827; }}
.dp-advisor .dp-title {{ font-size: 1.2em; font-weight: 700; }}
.dp-advisor .jupyter-button.dp-die {{
  width: 48px; height: 48px; padding: 0; margin: 0 3px; border: none; box-shadow: none;
  background-color: transparent; background-repeat: no-repeat; background-position: center;
  background-size: 100% 100%; color: transparent; }}
{die_face_css(".dp-advisor")}
{message_css(".dp-advisor")}
{play_css(".dp-advisor")}
.dp-advisor .dp-advice table {{ border-collapse: collapse; font-variant-numeric: tabular-nums; }}
.dp-advisor .dp-advice td, .dp-advisor .dp-advice th {{ padding: 1px 8px; text-align: right; }}
</style>"""


class AdvisorUI(GameWidget):
    """Dice, rolls left and the boxes of a scorecard to click; the ranking of every choice below.

    ``ui.advice`` is the last :class:`~.advisor.Advice` (``None`` while the position is impossible).
    """

    DIE_SIZE = "48px"
    REFUSED = ""  # the reason alone: "an upper total of 7 cannot happen ..."
    MESSAGE_ICONS = {"error": "⚠ "}

    def __init__(
        self, game: ScorecardRules | str = "classic", position: str | None = None, lang: str | None = None
    ) -> None:
        super().__init__(lang)
        rules = find_game(game) if isinstance(game, str) else game
        if not isinstance(rules, ScorecardRules):
            with self.speaking():
                message = format_message(
                    "{game} is not a scorecard game", game=repr(getattr(rules, "name", game))
                )
            raise DicePokerError(message)
        self.rules = rules
        self.game = self  # GameWidget asks the game whether it is over: an advisor never is
        self.is_over = False
        self.seats = ("human",)
        self.advice: Advice | None = None
        self._quiet = False  # True while the widget itself sets a control
        with self.speaking():
            start = parse_position(rules, position) if position else None
        self.dice_values = list(start.dice.values) if start else [1, 2, 3, 4, 5]
        self.dice_buttons = [self._die_button(i) for i in range(5)]
        last = rules.rolls_per_turn - 1
        self.rolls = widgets.ToggleButtons(
            options=[(str(n), n) for n in range(rules.rolls_per_turn)],
            value=start.rolls_left if start else last,
            style={"button_width": "40px"},
        )
        self.box_choosers = {
            name: self._box_chooser(name, start.filled if start else {}) for name in rules.box_names
        }
        self.upper = widgets.IntText(start.upper_total if start else 0)
        self.poker50 = widgets.Checkbox(bool(start and start.poker_holds), indent=False)
        self.result = widgets.HTML()
        self.result.add_class("dp-advice-result")
        self.notation_line = widgets.HTML()
        for control in (self.rolls, self.upper, self.poker50, *self.box_choosers.values()):
            control.observe(self._changed, names="value")
        self.box_labels = {
            name: widgets.Label(layout=widgets.Layout(width="120px")) for name in rules.box_names
        }
        boxes = widgets.GridBox(
            [widgets.HBox([self.box_labels[name], chooser]) for name, chooser in self.box_choosers.items()],
            layout=widgets.Layout(grid_template_columns="repeat(3, 240px)"),
        )
        self.title = title_widget("")
        self.root = app_box(
            [
                style_widget(style_sheet()),
                self.title,
                widgets.HBox(self.dice_buttons),
                self.rolls,
                boxes,
                widgets.HBox([self.upper, self.poker50]),
                self.message,
                self.notation_line,
                self.result,
            ],
            "advisor",
        )
        self._do(self.advise)

    def _box_chooser(self, name: str, filled: Mapping[str, int | None]) -> widgets.Dropdown:
        scores = sorted(possible_scores(self.rules, name))
        options = [(OPEN, OPEN), (FILLED, FILLED), *[(plain(s), s) for s in scores]]  # labels: refresh
        value = OPEN if name not in filled else (FILLED if filled[name] is None else filled[name])
        chooser = widgets.Dropdown(options=options, value=value, layout=widgets.Layout(width="100px"))
        chooser.add_class(f"dp-advisor-box-{name.lower().replace(' ', '-')}")
        return chooser

    # --- the position in the notation, and the advice ---------------------------------------------
    def notation(self) -> str:
        """The position set up, in the notation of :mod:`~.position`."""
        filled = [
            f"{name} {chooser.value}" for name, chooser in self.box_choosers.items() if chooser.value != OPEN
        ]
        parts = [f"filled: {', '.join(filled)}"] if filled else []
        upper_vague = any(self.box_choosers[b.name].value == FILLED for b in self.rules.upper_boxes)
        if upper_vague:
            parts.append(f"upper: {self.upper.value}")
        poker = self.rules.poker_box
        if poker is not None and self.box_choosers[poker].value == FILLED:
            parts.append(f"poker50: {'yes' if self.poker50.value else 'no'}")
        parts += [f"dice: {''.join(str(v) for v in sorted(self.dice_values))}", f"rolls: {self.rolls.value}"]
        return "; ".join(parts)

    def advise(self) -> str:
        """Rank every choice of the position set up; says the best one."""
        text = self.notation()
        try:
            self.advice = advise(self.rules, text)
        except PositionError as err:
            self.advice = None
            self.result.value = ""
            raise PositionError(str(err).replace("('upper: N')", _("below"))) from err
        self.result.value = self.advice._repr_html_(limit=SHOWN)
        best, p = self.advice.best, self.advice.position
        template = ngettext(
            "Dice {dice}, {n} roll left: best is {best} (expected final score {expected}).",
            "Dice {dice}, {n} rolls left: best is {best} (expected final score {expected}).",
            p.rolls_left,
        )
        return fill_message(
            template, dice=p.dice, n=p.rolls_left, best=best.text(), expected=format_fixed(best.expected, 2)
        )

    def _changed(self, _change: Any) -> None:
        if not self._quiet:
            self._do(self.advise)

    # --- GameWidget's hooks ------------------------------------------------------------------------
    def _kind_of(self) -> str:
        return "info"

    def _toggle(self, position: int) -> str | None:
        self.dice_values[position] = self.dice_values[position] % 6 + 1
        return self.advise()

    def refresh(self) -> None:
        self._set_labels()
        for i, button in enumerate(self.dice_buttons):
            show_die(button, self.dice_values[i], False)
            button.tooltip = format_message("{face}: click for the next face", face=self.dice_values[i])
        self.upper.disabled = not any(
            self.box_choosers[b.name].value == FILLED for b in self.rules.upper_boxes
        )
        if self.upper.disabled:
            known = [self.box_choosers[b.name].value for b in self.rules.upper_boxes]
            total = sum(v for v in known if isinstance(v, int))
            if self.upper.value != total:
                self._quiet = True
                self.upper.value = total
                self._quiet = False
        poker = self.rules.poker_box
        self.poker50.layout.display = "flex" if poker and self.box_choosers[poker].value == FILLED else "none"
        self.notation_line.value = f"<code>{self.notation()}</code>"

    def _set_labels(self) -> None:
        """Every label, description and option label in the widget's language (values stay English)."""
        title = format_message("Advisor: {game}", game=game_title(self.rules.title))
        self.title.value = f'<div class="dp-title">{html.escape(title)}</div>'  # as title_widget writes it
        self.rolls.description = _("rolls left")
        self.upper.description = _("upper total")
        self.poker50.description = _("the poker box holds its score")
        shown = {OPEN: pgettext("box state", "open"), FILLED: pgettext("box state", "filled")}
        for name, chooser in self.box_choosers.items():
            self.box_labels[name].value = box_name(name)
            labels = [(shown.get(value, label), value) for label, value in chooser.options]
            if labels != list(chooser.options):
                value, self._quiet = chooser.value, True
                try:
                    chooser.options = labels  # resets the value: put it back, quietly
                    chooser.value = value
                finally:
                    self._quiet = False

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any] | None:
        return self.root._repr_mimebundle_(**kwargs)


def advisor(
    game: ScorecardRules | str = "classic", position: str | None = None, lang: str | None = None
) -> AdvisorUI:
    """The advisor widget for ``game``, set up at ``position`` (notation text) if given, in ``lang``
    (default: it follows :func:`~dicepoker.core.i18n.set_language`).

    >>> advisor("yatzy").rolls.value
    2
    """
    return AdvisorUI(game, position, lang)
