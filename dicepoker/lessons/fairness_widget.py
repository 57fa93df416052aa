"""The loaded-die widget (lesson 13): roll a secret die in batches, watch the test and the posterior,
decide "fair" or "loaded", then reveal the die.

The teacher picks the ``seed`` (the die is :func:`~dicepoker.lessons.fairness.secret_die` of it);
the class sees only the rolls. Each button calls one method of the widget's model and then
:meth:`LoadedDieWidget.refresh`, so a test can drive it with ``Button.click()``.

>>> w = LoadedDieWidget(seed=4, batch=60)
>>> w.roll_button.click(); w.roll_button.click()
>>> int(w.counts.sum()), w.message.value
(120, 'Rolled 60 more times: 120 rolls so far.')
>>> w.loaded_button.click(); w.reveal_button.click()
>>> w.revealed
True
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as widgets
import numpy as np

from dicepoker.core.errors import DicePokerError
from dicepoker.core.i18n import (
    _,
    fill_message,
    format_message,
    format_number,
    format_percent,
    in_language,
    ngettext,
)
from dicepoker.core.randomness import check_seed
from dicepoker.games.scorecard.coach_panel import display_data, figure_bundle
from dicepoker.lessons.fairness import (
    LoadedDie,
    chi_square_p_value,
    chi_square_statistic,
    face_counts,
    secret_die,
)
from dicepoker.lessons.fairness_figures import p_value_text, posterior_figure, posterior_now
from dicepoker.lessons.spread import check_rolls

BATCHES = (10, 60, 600)


class LoadedDieWidget:
    """A secret die, a Roll button, the counts, the chi-square test, the posterior, a guess, a reveal."""

    def __init__(
        self, seed: int | None = None, batch: int = 60, prior: float = 1.0, lang: str | None = None
    ) -> None:
        seed = check_seed(seed)
        self.lang = lang
        self.batch = check_rolls(batch)
        self.prior = prior
        _die_seed, roll_seed = np.random.SeedSequence(seed).spawn(2)  # the first child chose the die
        self._die: LoadedDie = secret_die(seed)
        self._rng = np.random.default_rng(roll_seed)
        self.rolls = np.zeros(0, dtype=np.int64)
        self.guess: str | None = None  # "fair" or "loaded"
        self.revealed = False
        with in_language(lang):
            self.roll_button = widgets.Button(description="", button_style="primary")
            self.fair_button = widgets.Button(description=_("It is fair"))
            self.loaded_button = widgets.Button(description=_("It is loaded"))
            self.reveal_button = widgets.Button(description=_("Reveal the die"), button_style="warning")
        self.roll_button.on_click(lambda _b: self._act(self.roll_batch))
        self.fair_button.on_click(lambda _b: self._act(lambda: self.decide("fair")))
        self.loaded_button.on_click(lambda _b: self._act(lambda: self.decide("loaded")))
        self.reveal_button.on_click(lambda _b: self._act(self.reveal))
        self.table = widgets.HTML()
        self.test = widgets.HTML()
        self.message = widgets.HTML()
        self.area = widgets.Output(layout=widgets.Layout(width="100%"))
        buttons = widgets.HBox([self.roll_button, self.fair_button, self.loaded_button, self.reveal_button])
        self.root = widgets.VBox([buttons, self.message, self.table, self.test, self.area])
        self.refresh()

    # --- the model -----------------------------------------------------------------------------
    @property
    def counts(self) -> np.ndarray:
        """How many rolls so far showed each face."""
        return face_counts(self.rolls)

    def roll_batch(self) -> str:
        """Roll the secret die ``batch`` more times."""
        batch = self._die.roll(self.batch, rng=self._rng)
        self.rolls = np.concatenate([self.rolls, batch])
        return format_message(
            "Rolled {batch} more times: {rolls:,} rolls so far.", batch=self.batch, rolls=len(self.rolls)
        )

    def decide(self, guess: str) -> str:
        """Record the class's decision ("fair" or "loaded"); it can change until the die is revealed."""
        if self.revealed:
            return _("The die is already revealed: start a new die to decide again.")
        self.guess = guess
        return _("Your decision: fair.") if guess == "fair" else _("Your decision: loaded.")

    def reveal(self) -> str:
        """Show the die's face probabilities and whether the decision was right."""
        self.revealed = True
        die = self._die
        if die.is_fair:
            truth = _("The die was fair.")
        else:
            truth = format_message(
                "The die was loaded: face {face} came up with chance {chance} instead of 1/6.",
                face=die.loaded_face,
                chance=format_percent(max(die.probabilities), digits=1),
            )
        if self.guess is None:
            return truth
        right = (self.guess == "fair") == die.is_fair
        return truth + " " + (_("Your decision was right.") if right else _("Your decision was wrong."))

    @property
    def die(self) -> LoadedDie:
        """The secret die, once revealed (before that, asking is refused)."""
        if not self.revealed:
            raise DicePokerError(_("the die is secret until it is revealed"))
        return self._die

    # --- the view ------------------------------------------------------------------------------
    def _act(self, action: Any) -> None:
        with in_language(self.lang):
            said = action()
            self.refresh()
            self.message.value = html.escape(said)

    def refresh(self) -> None:
        """Bring the counts, the test, the figure and the buttons up to date."""
        with in_language(self.lang):
            self.roll_button.description = format_message("Roll {batch} times", batch=self.batch)
            for button in (self.fair_button, self.loaded_button):
                button.disabled = self.revealed
            self.reveal_button.disabled = self.revealed
            counts = self.counts
            n = int(counts.sum())
            if n == 0:
                self.table.value = html.escape(_("No rolls yet: press Roll."))
                self.test.value = ""
                self.area.outputs = ()
                return
            header = "".join(f"<th>{f}</th>" for f in range(1, 7))
            cells = "".join(f"<td>{int(c)}</td>" for c in counts)
            label = html.escape(_("face"))
            seen = html.escape(_("rolls"))
            self.table.value = (
                f"<table class='dp-counts'><tr><th>{label}</th>{header}</tr>"
                f"<tr><th>{seen}</th>{cells}</tr></table>"
            )
            lines = [
                fill_message(ngettext("{n:,} roll", "{n:,} rolls", n), n=n),
                format_message(
                    "chi-square statistic {value} (5 degrees of freedom)",
                    value=format_number(chi_square_statistic(counts), digits=3),
                ),
                format_message("p-value {p}", p=p_value_text(chi_square_p_value(counts))),
            ]
            posterior = posterior_now(counts, self.prior)
            highest = int(np.argmax([m for m, _lo, _hi in posterior]))
            mean, low, high = posterior[highest]
            lines.append(
                format_message(
                    "most likely loaded face {face}: chance {mean} (95% credible {low} to {high})",
                    face=highest + 1,
                    mean=format_percent(mean, digits=1),
                    low=format_percent(low, digits=1),
                    high=format_percent(high, digits=1),
                )
            )
            self.test.value = "<br>".join(html.escape(line) for line in lines)
            self.area.outputs = (display_data(figure_bundle(posterior_figure(self.rolls, self.prior))),)

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any] | None:
        return self.root._repr_mimebundle_(**kwargs)

    def close(self) -> None:
        """Close every widget of the UI."""
        for widget in (*self.root.children[0].children, *self.root.children):
            widget.close()
        self.root.close()


def loaded_die_widget(seed: int | None = None, batch: int = 60, lang: str | None = None) -> LoadedDieWidget:
    """The loaded-die widget for a secret die chosen by ``seed`` (the teacher's choice)."""
    return LoadedDieWidget(seed=seed, batch=batch, lang=lang)
