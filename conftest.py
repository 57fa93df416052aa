"""Every lesson run under nbval is also searched for its exercises' answers, from the outputs nbval made.

After the last cell of each lesson (in every language) runs, one more test item, "exercise answers
out of sight", searches the markdown and the outputs above each exercise for the answer in every form
a student could copy (``tests/exercise_leaks.py``): no lesson is executed a second time for it.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent / "tests"))

from exercise_leaks import leaks_above, targets_of  # noqa: E402

_outputs: dict[str, dict[int, list[dict]]] = {}  # notebook path -> cell index -> outputs nbval saw


def _lesson_of(path: Path) -> str | None:
    folder = path.parent.name if path.parent.name == "notebooks" else path.parent.parent.name
    lesson = path.name[:2]
    return lesson if folder == "notebooks" and lesson.isdigit() and path.name[2] == "_" else None


class ExerciseLeakItem(pytest.Item):
    """Searches one lesson's markdown and executed outputs above each exercise for its answer."""

    def runtest(self) -> None:
        notebook = self.parent.nb
        lesson = _lesson_of(Path(self.parent.path))
        ran = _outputs.get(str(self.parent.path), {})
        if len(ran) < sum(cell.cell_type == "code" for cell in notebook.cells):
            pytest.skip("the lesson did not run to its end (see its cells' results)")
        leaks = leaks_above(notebook.cells, ran, targets_of(lesson), Path(self.parent.path).name)
        assert not leaks, "answers in sight:\n" + "\n".join(map(str, leaks))

    def reportinfo(self):  # noqa: ANN201 - pytest's own signature
        return self.path, None, f"{self.parent.path}::exercise answers out of sight"


def pytest_collection_modifyitems(session: pytest.Session, config: pytest.Config, items: list) -> None:
    """Put a search for answers in sight after the last cell of each lesson notebook."""
    last: dict[object, int] = {}
    for position, item in enumerate(items):
        if type(item).__name__ == "IPyNbCell" and _lesson_of(Path(item.parent.path)):
            last[item.parent] = position
    for parent, position in sorted(last.items(), key=lambda pair: -pair[1]):
        items.insert(position + 1, ExerciseLeakItem.from_parent(parent, name="exercise answers out of sight"))


@pytest.hookimpl(trylast=True)
def pytest_runtest_teardown(item: pytest.Item) -> None:
    """Keep what each lesson cell printed, for the search after the lesson's last cell."""
    if type(item).__name__ == "IPyNbCell":
        index = next(i for i, cell in enumerate(item.parent.nb.cells) if cell is item.cell)
        _outputs.setdefault(str(item.parent.path), {})[index] = getattr(item, "test_outputs", None) or []
