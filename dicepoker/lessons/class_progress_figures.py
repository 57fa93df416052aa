"""What a teacher sees of the class record: who has done which exercise (and on which try), where the
class is stuck with its commonest wrong answers, and the time each exercise takes.

>>> import pandas as pd
>>> table = pd.DataFrame({"student": ["Ann", "Ann", "Bo"], "exercise": ["01.1", "01.1", "01.1"],
...                       "answer": ["'20'", "'27'", "'20'"], "right": [False, True, False],
...                       "hints": [1, 1, 1], "seconds": [30.0, 50.0, 40.0]})
>>> tries_table(table).to_dict("index")
{'Ann': {'01.1': 2.0}, 'Bo': {'01.1': -1.0}}
>>> row = stuck_table(table).loc["01.1"]
>>> int(row["wrong tries"]), int(row["students not right yet"]), row["commonest wrong answer"]
(2, 1, "'20' (2)")
"""

from __future__ import annotations

import pandas as pd
import plotly.graph_objects as go

from dicepoker.core.figure_text import speaking_figure
from dicepoker.core.i18n import _, fill_message, in_language, ngettext
from dicepoker.ui.figure_style import kit_layout

NOT_YET = -1.0
"""In :func:`tries_table`: tried, never right yet (no attempt at all is left empty)."""


def _named(table: pd.DataFrame) -> pd.DataFrame:
    return table[table["exercise"] != ""]


def tries_table(table: pd.DataFrame) -> pd.DataFrame:
    """Students × exercises: the try on which each student was first right, ``NOT_YET``, or empty."""
    named = _named(table)
    cells: dict[tuple[str, str], float] = {}
    for (student, exercise), attempts in named.groupby(["student", "exercise"], sort=True):
        rights = attempts["right"].tolist()
        cells[student, exercise] = float(rights.index(True) + 1) if True in rights else NOT_YET
    students = sorted(named["student"].unique())
    exercises = sorted(named["exercise"].unique())
    return pd.DataFrame(
        [[cells.get((s, e), float("nan")) for e in exercises] for s in students],
        index=students,
        columns=exercises,
    )


def stuck_table(table: pd.DataFrame) -> pd.DataFrame:
    """Each exercise's wrong tries, the students still not right, and its commonest wrong answer."""
    named = _named(table)
    rows = {}
    for exercise, attempts in named.groupby("exercise", sort=True):
        wrong = attempts[~attempts["right"]]
        done = attempts.groupby("student")["right"].any()
        counts = wrong["answer"].value_counts()
        common = f"{counts.index[0]} ({counts.iloc[0]})" if len(counts) else ""
        rows[exercise] = {
            "wrong tries": len(wrong),
            "students not right yet": int((~done).sum()),
            "commonest wrong answer": common,
            "wrong answers": counts.to_dict(),
        }
    found = pd.DataFrame.from_dict(rows, orient="index")
    return found.sort_values(["wrong tries"], ascending=False) if len(found) else found


def progress_figure(table: pd.DataFrame, *, lang: str | None = None) -> go.Figure:
    """A grid of students and exercises: green by the try a student was first right on, red if not yet."""
    with in_language(lang):
        tries = tries_table(table)
        text = [
            ["" if pd.isna(v) else _("not yet") if v == NOT_YET else f"{int(v)}" for v in row]
            for row in tries.to_numpy()
        ]
        colours = [[0.0, "#dc2626"], [0.2, "#dc2626"], [0.2, "#15803d"], [0.45, "#65a30d"], [1.0, "#facc15"]]
        shown = tries.clip(upper=4).to_numpy()
        fig = go.Figure(
            go.Heatmap(
                z=shown,
                x=list(tries.columns),
                y=list(tries.index),
                text=text,
                texttemplate="%{text}",
                zmin=NOT_YET,
                zmax=4,
                colorscale=colours,
                showscale=False,
                hovertemplate=_("%{y}, exercise %{x}: %{text}") + "<extra></extra>",
            )
        )
        kit_layout(
            fig,
            title=_("Who has done which exercise: the try on which each student was first right"),
            xaxis_title=_("exercise"),
            yaxis={"autorange": "reversed"},
            height=max(300, 40 + 28 * len(tries.index)),
        )
        return speaking_figure(fig)


def stuck_figure(table: pd.DataFrame, *, lang: str | None = None, most: int = 10) -> go.Figure:
    """The exercises with the most wrong tries, each with its commonest wrong answers (the misconceptions)."""
    with in_language(lang):
        stuck = stuck_table(table).head(most)
        hover = []
        for answers in stuck.get("wrong answers", []):
            parts = [
                fill_message(ngettext("{answer}: {n} time", "{answer}: {n} times", n), answer=a, n=n)
                for a, n in list(answers.items())[:5]
            ]
            hover.append("<br>".join(parts))
        fig = go.Figure(
            go.Bar(
                x=list(stuck.index),
                y=list(stuck.get("wrong tries", [])),
                text=list(stuck.get("commonest wrong answer", [])),
                textposition="outside",
                customdata=hover,
                hovertemplate=_("exercise %{x}: %{y} wrong tries") + "<br>%{customdata}<extra></extra>",
                marker_color="#c2410c",
            )
        )
        kit_layout(
            fig,
            title=_("Where the class is stuck: wrong tries, and the commonest wrong answer"),
            xaxis_title=_("exercise"),
            yaxis_title=_("wrong tries"),
            height=400,
        )
        return speaking_figure(fig)


def time_figure(table: pd.DataFrame, *, lang: str | None = None) -> go.Figure:
    """Minutes from the lesson's start to each student's first right answer, per exercise (box plot)."""
    with in_language(lang):
        named = _named(table)
        fig = go.Figure()
        for exercise, attempts in named.groupby("exercise", sort=True):
            firsts = attempts[attempts["right"]].groupby("student")["seconds"].min() / 60
            fig.add_box(
                y=list(firsts), name=exercise, boxpoints="all", marker_color="#2563eb", showlegend=False
            )
        kit_layout(
            fig,
            title=_("Time to the first right answer, per exercise"),
            xaxis_title=_("exercise"),
            yaxis_title=_("minutes since the lesson opened"),
            height=400,
        )
        return speaking_figure(fig)
