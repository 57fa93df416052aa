"""The Report part of the play widget: a button for each human seat, and the report shown under the game.

The play widget owns a :class:`ReportPanel`; a click asks the widget (through its ``on_report``
callback, so refusals reach the message line) to show the coach's report of that player's game
so far, or of the whole game once it is over: the report's HTML and its two plotly figures.

>>> from dicepoker.games.scorecard.engine import ScorecardGame
>>> panel = ReportPanel(lambda player: None)
>>> game = ScorecardGame("classic", players=["Ann", "Robot"], seed=3)
>>> panel.refresh(game, ("human", "computer"))
>>> [b.description for b in panel.buttons]
['Report: Ann']
>>> panel.buttons[0].disabled  # nothing to report before Ann's first decision
True
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as widgets

from dicepoker.core.i18n import _, format_message, language
from dicepoker.core.words import player_name

PLOTLY_MIME = "application/vnd.plotly.v1+json"


def display_data(bundle: dict[str, Any]) -> dict[str, Any]:
    """One output of an ``Output`` widget: display data of a mime bundle.

    >>> display_data({"text/html": "<b>hi</b>"})["output_type"]
    'display_data'
    """
    return {"output_type": "display_data", "data": bundle, "metadata": {}}


def figure_bundle(fig: Any) -> dict[str, Any]:
    """A plotly figure as the mime bundle JupyterLab and Voilà draw (``application/vnd.plotly.v1+json``)."""
    return {PLOTLY_MIME: json.loads(fig.to_json()), "text/plain": f"<plotly figure: {fig.layout.title.text}>"}


class ReportPanel:
    """Report buttons (one per human seat) above an ``Output`` area that shows the chosen report."""

    def __init__(self, on_report: Callable[[int], None]) -> None:
        self._on_report = on_report
        self._players: tuple[tuple[str, str], ...] = ()
        self.buttons: list[widgets.Button] = []
        self._old: list[widgets.Button] = []
        self.shown: Any = None  # the report on show, if any
        self._drawn: tuple[Any, str, tuple[dict[str, Any], ...]] | None = None  # report, language, outputs
        self.row = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.row.add_class("dp-report-row")
        self.area = widgets.Output(layout=widgets.Layout(width="100%"))
        self.area.add_class("dp-report")
        self.root = widgets.VBox([self.row, self.area], layout=widgets.Layout(margin="10px 0 0 0"))

    def refresh(self, game: Any, seats: Sequence[str], names: Sequence[str] | None = None) -> None:
        """One Report button per human seat; enabled once that player has made a decision. ``names``
        are the players' names as shown (default: the game's); the texts are in the current language."""
        shown = [player_name(n) for n in (game.player_names if names is None else names)]
        players = tuple((name, seat) for name, seat in zip(game.player_names, seats, strict=True))
        if players != self._players:
            self._players = players
            self._old += self.buttons
            self.buttons = [
                self._button(i, name) for i, (name, seat) in enumerate(players) if seat == "human"
            ]
            self.row.children = self.buttons
        acted = {p for p, _ in game.history}
        for button in self.buttons:
            player = button._dp_player  # type: ignore[attr-defined]
            button.disabled = player not in acted
            button.description = format_message("Report: {name}", name=shown[player])
            button.button_style = "warning" if game.is_over else ""
            button.tooltip = (
                _("the coach's report on the whole game")
                if game.is_over
                else _("the coach's report on the game so far")
            )
        self.row.layout.display = "flex" if self.buttons else "none"

    def _button(self, player: int, name: str) -> widgets.Button:
        button = widgets.Button(
            description=format_message("Report: {name}", name=name), layout=widgets.Layout(width="auto")
        )
        button.add_class("dp-report-button")
        button.add_class(f"dp-report-{player}")
        button._dp_player = player  # type: ignore[attr-defined]
        button.on_click(lambda _button: self._on_report(player))
        return button

    def show(self, report: Any) -> None:
        """Show a report: its HTML view, then its figures, in the current language. The same report
        shown again in the same language is not drawn again."""
        lang = language()
        if self._drawn is None or self._drawn[0] is not report or self._drawn[1] != lang:
            outputs = (
                display_data({"text/html": report._repr_html_(), "text/plain": repr(report)}),
                *(display_data(figure_bundle(fig)) for fig in report.figures()),
            )
            self._drawn = (report, lang, outputs)
        self.shown = report
        self.area.outputs = self._drawn[2]

    def clear(self) -> None:
        self.shown = None
        self._drawn = None
        self.area.outputs = ()

    def detached(self) -> list[widgets.Widget]:
        """Buttons of earlier games (no longer on show), for the widget's ``close``."""
        return list(self._old)
