"""The kit's one progress bar: tqdm's (a widget in a notebook, a line in a terminal), hidden when done.

tqdm's notebook bar with ``leave=False`` *closes* its widget when it ends, but the cell's output still
names that widget: Voila (and a notebook opened again) then shows "Error displaying widget: model not
found" where the bar was. Here a finished notebook bar is hidden instead (its widget lives on, out of
sight); a bar that stopped early stays, red, to show where. In a terminal the finished line is erased,
as tqdm's ``leave=False`` does.

>>> total = 0
>>> for n in progress_bar(range(4), desc="counting", disable=True):
...     total += n
>>> total
6
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any


def progress_bar(iterable: Iterable[Any] | None = None, **options: Any) -> Any:
    """A tqdm bar over ``iterable`` (or with ``total=``) that leaves nothing broken behind it.

    ``options`` are tqdm's (``desc``, ``total``, ``unit``, ``disable`` ...); ``leave`` is decided here.
    """
    from tqdm.auto import tqdm

    return _hidden_when_done(tqdm)(iterable, **{**options, "leave": False})


_classes: dict[type, type] = {}


def _hidden_when_done(base: type) -> type:
    """``base`` (a tqdm class) whose notebook bar, once done, is hidden rather than closed."""
    if base not in _classes:

        class HiddenWhenDone(base):  # type: ignore[misc, valid-type]
            def close(self) -> None:
                container = getattr(self, "container", None)  # only the notebook bar has one
                if container is None or self.disable:
                    super().close()
                    return
                stopped_early = bool(self.total and self.n < self.total)
                self.leave = True  # tqdm keeps the widget ...
                super().close()
                if not stopped_early:
                    container.layout.display = "none"  # ... and, the work done, it is hidden

        _classes[base] = HiddenWhenDone
    return _classes[base]
