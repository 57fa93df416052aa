"""The advisor: every keep and every box of any position, ranked by expected final score, with the loss.

The position is typed in the notation of :mod:`~.position` (or taken from a game); the values are
the exact ones of :mod:`~.hints` (one mechanism), so the advisor, the coach and the Hint button
always agree.

>>> advice = advise("classic", "filled: Sixes 18; dice: 66612; rolls: 2")
>>> advice.best.label, round(advice.best.expected, 2)
('keep 666 and roll 2', 315.93)
>>> advice.table().loc[1, "loss"]
np.float64(0.0)
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from typing import Any

import pandas as pd

from dicepoker.core.actions import Keep
from dicepoker.core.errors import IllegalActionError
from dicepoker.core.i18n import _, fill_message, format_fixed, format_message, pgettext
from dicepoker.games.scorecard.engine import Score
from dicepoker.games.scorecard.hints import (
    TIE,
    Choice,
    choice_label,
    hint,
    kind_name,
    more_rows,
    solution_for,
)
from dicepoker.games.scorecard.position import Position, parse_position, position_of
from dicepoker.games.scorecard.rules import ScorecardRules
from dicepoker.games.scorecard.solver.solution import Solution


@dataclass(frozen=True)
class Ranked:
    """One choice of the advice: what to do, its expected final score and its loss against the best."""

    label: str
    kind: str  # "keep" or "box"
    action: Any
    expected: float
    loss: float
    choice: Choice | None = None  # the hint's choice, to write the label again in another language

    def text(self) -> str:
        """The label in the current language."""
        return self.choice.text() if self.choice is not None else self.label

    def to_dict(self) -> dict[str, Any]:
        action = self.action
        keep = str(action.dice) if isinstance(action, Keep) else None
        return {
            "choice": self.label,
            "kind": self.kind,
            "keep": keep,
            "box": getattr(action, "box", None),
            "expected": self.expected,
            "loss": self.loss,
        }


@dataclass(frozen=True, eq=False)
class Advice:
    """Every choice of a position, best first; ``table()`` as a DataFrame, ``to_dict()`` as JSON data."""

    position: Position
    choices: tuple[Ranked, ...]

    @property
    def best(self) -> Ranked:
        return self.choices[0]

    @property
    def keeps(self) -> tuple[Ranked, ...]:
        return tuple(c for c in self.choices if c.kind == "keep")

    @property
    def boxes(self) -> tuple[Ranked, ...]:
        return tuple(c for c in self.choices if c.kind == "box")

    def choice(self, action: Any) -> Ranked:
        """The choice of ``action``: a box name (``"Chance"``), a :class:`~.engine.Score` or a ``Keep``.

        The way to find one choice in every language (its label is written in the current language).

        >>> advice = advise("classic", "dice: 66621; rolls: 2")
        >>> advice.choice("Chance").loss > 0, advice.choice("Chance") in advice.boxes
        (True, True)
        >>> advice.choice("Sevens")
        Traceback (most recent call last):
        ...
        dicepoker.core.errors.IllegalActionError: score Sevens is not a choice now (dice 12666); the ...
        """
        wanted = Score(action) if isinstance(action, str) else action
        for c in self.choices:
            if c.action == wanted:
                return c
        shown = ", ".join(c.text() for c in self.choices)
        raise IllegalActionError(
            format_message(
                "{action} is not a choice now (dice {dice}); the choices: {legal}",
                action=choice_label(wanted),
                dice=self.position.dice,
                legal=shown,
            )
        )

    def table(self) -> pd.DataFrame:
        """Rank, choice, kind, expected final score and loss against the best (English column names, the API;
        the choices in the current language)."""
        rows = [
            {"choice": c.text(), "kind": c.kind, "expected final score": c.expected, "loss": c.loss}
            for c in self.choices
        ]
        return pd.DataFrame(rows, index=pd.RangeIndex(1, len(rows) + 1, name="rank"))

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.position.rules.name,
            "position": str(self.position),
            "scores_known": self.position.scores_known,
            "choices": [c.to_dict() for c in self.choices],
        }

    def _repr_html_(self, limit: int = 15) -> str:
        """The advice as HTML in the current language (the position stays in its typed notation)."""
        p = self.position
        rows = "".join(
            f"<tr><td>{i}</td><td>{html.escape(c.text())}</td><td>{html.escape(kind_name(c.kind))}</td>"
            f"<td>{format_fixed(c.expected, 2)}</td><td>{format_fixed(c.loss, 2)}</td></tr>"
            for i, c in enumerate(self.choices[:limit], 1)
        )
        more = len(self.choices) - limit
        tail = f"<tr><td colspan=5>{html.escape(more_rows(more))}</td></tr>" if more > 0 else ""
        if p.scores_known:
            template = _("{advice} for {position}: best is {best}, expected final score {expected}")
        else:
            template = _(
                "{advice} for {position} (boxes only {filled} count 0 points in the expected final scores): "
                "best is {best}, expected final score {expected}"
            )
        summary = fill_message(
            template,
            advice="<b>" + html.escape(pgettext("heading", "Advice")) + "</b>",
            position=html.escape(str(p)),
            filled=html.escape("'filled'"),
            best="<b>" + html.escape(self.best.text()) + "</b>",
            expected=format_fixed(self.best.expected, 2),
        )
        headings = (
            "#",
            pgettext("advice table", "choice"),
            pgettext("advice table", "kind"),
            pgettext("advice table", "expected final score"),
            pgettext("advice table", "loss"),
        )
        head = "".join(f"<th>{html.escape(h)}</th>" for h in headings)
        return f'<div class="dp-advice"><div>{summary}</div><table><tr>{head}</tr>{rows}{tail}</table></div>'


def advise(
    game: ScorecardRules | str, position: Position | str | Any, *, solution: Solution | None = None
) -> Advice:
    """Rank every keep and box of ``position`` (notation text, a :class:`Position`, or a game after a roll).

    >>> [c.label for c in advise("yahtzee", "dice: 23456; rolls: 2").choices[:2]]
    ['score Large Straight (40)', 'stop and score']
    """
    if isinstance(position, str):
        position = parse_position(game, position)
    elif not isinstance(position, Position):
        position = position_of(position)
    rules = position.rules
    solution = solution_for(rules, solution, progress=False)
    view = position.view()
    shift = position.known_points - (
        rules.upper_total(view.filled) + rules.lower_total(view.filled) + view.poker_bonus_points
    )
    choices = hint(view, solution=solution).choices
    best = choices[0].expected
    return Advice(position, tuple(_ranked(c, best, shift) for c in choices))


def _ranked(choice: Choice, best: float, shift: int) -> Ranked:
    loss = best - choice.expected
    return Ranked(
        label=choice.label,
        kind="box" if choice.is_score else "keep",
        action=choice.action,
        expected=choice.expected + shift,
        loss=0.0 if loss < TIE else loss,
        choice=choice,
    )
