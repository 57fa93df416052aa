"""A teacher's dashboard of the class record: a student and a lesson picked, progress and where it is stuck.

>>> import tempfile
>>> board = ClassDashboard(tempfile.mkdtemp())
>>> board.student.value, board.lesson.value, len(board.figures)
('(everyone)', '(every lesson)', 2)
"""

from __future__ import annotations

import os
from typing import Any

import ipywidgets as widgets
import pandas as pd

from dicepoker.core.i18n import _
from dicepoker.core.words import N_
from dicepoker.lessons.class_progress_figures import progress_figure, stuck_figure
from dicepoker.lessons.class_record import class_progress

EVERYONE, EVERY_LESSON = N_("(everyone)"), N_("(every lesson)")


class ClassDashboard:
    """Two pickers (student, lesson), a Reload button and the two figures of the chosen rows."""

    def __init__(self, folder: str | os.PathLike[str], *, lang: str | None = None) -> None:
        self.folder, self.lang = folder, lang
        self.student = widgets.Dropdown(
            description=_("student", lang), options=[(_(EVERYONE, lang), EVERYONE)]
        )
        self.lesson = widgets.Dropdown(
            description=_("lesson", lang), options=[(_(EVERY_LESSON, lang), EVERY_LESSON)]
        )
        self.reload_button = widgets.Button(description=_("Reload", lang))
        self.output = widgets.Output()
        self.figures: list[Any] = []
        self.table = pd.DataFrame()
        self.reload_button.on_click(lambda _button: self.reload())
        self.student.observe(lambda _change: self.refresh(), names="value")
        self.lesson.observe(lambda _change: self.refresh(), names="value")
        self.root = widgets.VBox([widgets.HBox([self.student, self.lesson, self.reload_button]), self.output])
        self.reload()

    def reload(self) -> None:
        """Read the class folder again (new answers arrive while the lesson goes on)."""
        self.table = class_progress(self.folder)
        named = self.table[self.table["exercise"] != ""]
        students = sorted(named["student"].unique())
        lessons = sorted({exercise.split(".")[0] for exercise in named["exercise"]})
        self.student.options = [(_(EVERYONE, self.lang), EVERYONE), *[(s, s) for s in students]]
        self.lesson.options = [(_(EVERY_LESSON, self.lang), EVERY_LESSON), *[(n, n) for n in lessons]]
        self.refresh()

    def chosen(self) -> pd.DataFrame:
        """The rows of the chosen student and lesson."""
        rows = self.table[self.table["exercise"] != ""]
        if self.student.value != EVERYONE:
            rows = rows[rows["student"] == self.student.value]
        if self.lesson.value != EVERY_LESSON:
            rows = rows[rows["exercise"].str.startswith(f"{self.lesson.value}.")]
        return rows

    def refresh(self) -> None:
        """Draw the two figures of the chosen rows."""
        rows = self.chosen()
        self.figures = [progress_figure(rows, lang=self.lang), stuck_figure(rows, lang=self.lang)]
        self.output.outputs = ()
        for figure in self.figures:
            self.output.append_display_data(figure)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.root._repr_mimebundle_(**kwargs)


def class_dashboard(folder: str | os.PathLike[str], *, lang: str | None = None) -> ClassDashboard:
    """The dashboard of the class folder ``folder``, for the teacher's own notebook."""
    return ClassDashboard(folder, lang=lang)
