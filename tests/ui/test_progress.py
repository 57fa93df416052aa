"""The kit's progress bar: in a notebook a finished bar is hidden, its widget alive (a closed widget
would show "Error displaying widget: model not found" under Voila); a bar stopped early stays."""

from __future__ import annotations

import ipywidgets as widgets  # noqa: F401 - the widgets tqdm's notebook bar is made of
from tqdm.notebook import tqdm as notebook_tqdm
from tqdm.std import tqdm as terminal_tqdm

from dicepoker.ui.progress import _hidden_when_done, progress_bar


def alive(widget: widgets.Widget) -> bool:
    """Not closed: the widget still has its comm, so a view of it can be drawn."""
    return widget.comm is not None


def test_a_finished_notebook_bar_is_hidden_not_closed():
    bar = _hidden_when_done(notebook_tqdm)(range(5), desc="solving", leave=False)
    assert list(bar) == [0, 1, 2, 3, 4]
    assert alive(bar.container) and bar.container.layout.display == "none"


def test_a_notebook_bar_stopped_early_stays_in_sight_in_red():
    bar = _hidden_when_done(notebook_tqdm)(total=10, desc="solving", leave=False)
    bar.update(3)
    bar.close()
    assert alive(bar.container) and bar.container.layout.display != "none"
    assert bar.container.children[1].bar_style == "danger"


def test_tqdms_own_notebook_bar_closes_its_widget_which_is_what_this_avoids():
    bar = notebook_tqdm(range(3), leave=False)
    list(bar)
    assert not alive(bar.container)


def test_a_terminal_bar_erases_its_line(capsys):
    bar = _hidden_when_done(terminal_tqdm)(total=2, desc="solving", leave=False)
    bar.update(2)
    bar.close()
    assert not bar.leave and "solving" not in capsys.readouterr().err.splitlines()[-1:]


def test_the_kits_bar_counts_as_tqdm_does():
    assert sum(progress_bar(range(4), disable=True)) == 6
