"""How the whole suite (doctests, tests/, notebooks/ and apps/ under nbval, the browser tests) is
shared between pytest-xdist's workers, and what it does not run twice. CONTRIBUTING.md says how
to run its parts. The default is ``-n auto --dist loadfile`` (pyproject.toml): each file whole on
one worker, the browser test files first. With xdist 3.8, ``--dist loadgroup`` ran an nbval
notebook's cells in fresh kernels, so the groups below only take effect when it is asked for.

Every test gets an ``xdist_group``; under ``--dist loadgroup`` a group runs whole on one worker:

- a notebook's cells are one group: nbval runs them in order in one kernel;
- the browser tests are two groups, the JupyterLab ones and the Voila ones: each shares one server
  and one Chromium (tests/browser/conftest.py); they go first, being the longest groups;
- any other file's tests are one group, so its module-scoped fixtures are computed once.

A test that sets its own ``xdist_group`` keeps it. Without xdist (``-n 0``) the marks do nothing.

A notebook that a browser test runs top to bottom (its ``executes`` mark) is not run again by nbval
in the same session: the browser test makes nbval's check (every cell runs without an error output;
the lessons' ``assert`` lines) and, for a lesson, the search for "exercise answers out of sight" in
the outputs JupyterLab shows (``tests/helpers/exercise_leaks.py``). Every other lesson gets that
search as one more item after its last cell under nbval, on the outputs nbval made. When the browser
tests are not selected, or cannot run here (no Chromium), nbval runs every notebook.
"""

from __future__ import annotations

import gc
import importlib
import os
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent
# Under PYTHONDONTWRITEBYTECODE (set on some machines, this one among them) pytest rewrites the asserts
# of all ~140 test modules anew in every worker at every run: 6 of the 11 s a worker spends collecting.
# The suite keeps its compiled modules in __pycache__ (which git and the sdist leave out) all the same.
sys.dont_write_bytecode = False
sys.path.insert(0, str(ROOT / "tests"))  # the browser package
sys.path.insert(0, str(ROOT / "tests" / "helpers"))  # what the test files share

from exercise_leaks import leaks_in_run, lesson_of  # noqa: E402
from kernel_ports import install as kernels_take_their_own_ports  # noqa: E402
from solver_helpers import session_cache_folder  # noqa: E402
from warm_kernels import start as start_warm_kernels  # noqa: E402
from warm_kernels import stop as stop_warm_kernels  # noqa: E402

from dicepoker.games.scorecard.solver.cache import CACHE_ENV  # noqa: E402
from dicepoker.games.scorecard.solver.layers import usable_cores  # noqa: E402

_outputs: dict[str, dict[int, list[dict]]] = {}  # notebook path -> cell index -> the outputs nbval saw
BROWSER = ROOT / "tests" / "browser"
LAB_GROUP, VOILA_GROUP = "browser-jupyterlab", "browser-voila"


def is_browser_test(item: pytest.Item) -> bool:
    return Path(item.path).resolve().is_relative_to(BROWSER)


def xdist_group_of(path: Path, fixtures: tuple[str, ...] = ()) -> str:
    """The group of a test collected from ``path`` that uses ``fixtures``.

    >>> xdist_group_of(ROOT / "tests" / "browser" / "test_voila_in_browser.py", ("voila_page", "voila"))
    'browser-voila'
    >>> xdist_group_of(ROOT / "notebooks" / "ro" / "01_play_dice_poker.ipynb")
    'notebooks/ro/01_play_dice_poker.ipynb'
    """
    path = Path(path).resolve()
    if path.is_relative_to(BROWSER):
        return VOILA_GROUP if "voila" in fixtures and "lab" not in fixtures else LAB_GROUP
    return path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else path.as_posix()


@pytest.hookimpl(trylast=True)
def pytest_configure(config: pytest.Config) -> None:
    """Every process of the session solves into one cache folder, a new one each session: a table or
    final-score spread the unit tests solved, the lessons' kernels (nbval, JupyterLab, Voila) load,
    and the other way round; no cache file of an earlier run or of the user's own can hide a bug.
    The garbage collector gets the suite's thresholds (:data:`GC_THRESHOLDS`). The kernels this process
    starts (nbval's, otter's) take their ports from its own range (tests/helpers/kernel_ports.py)."""
    factory = config._tmp_path_factory  # noqa: SLF001 - pytest's own tmp_path_factory
    os.environ[CACHE_ENV] = str(session_cache_folder(factory))
    kernels_take_their_own_ports()
    gc.set_threshold(*GC_THRESHOLDS)


WARM_KERNELS = pytest.StashKey[tuple[Any, Path]]()


def starts_kernels(items: list[pytest.Item]) -> bool:
    """Whether the selected tests start Jupyter kernels: a notebook under nbval, a browser test, a slow
    test (the otter gradings among them). Others may start one too: it starts cold, as outside the suite.

    >>> starts_kernels([])
    False
    """
    return any(
        Path(item.path).suffix == ".ipynb" or is_browser_test(item) or item.get_closest_marker("slow")
        for item in items
    )


def start_this_process_s_warm_kernels(session: pytest.Session) -> None:
    """Every kernel this test process starts, itself or through its JupyterLab and Voila, is a fork of
    its warm-kernel server (tests/helpers/warm_kernels.py; ``DICEPOKER_COLD_KERNELS=1`` turns it off),
    if its tests start kernels (the fast loop's do not: the server's imports would cost it 9 CPU-s)."""
    config = session.config
    worker_or_alone = hasattr(config, "workerinput") or not getattr(config.option, "numprocesses", None)
    if worker_or_alone and starts_kernels(session.items):
        folder = Path(tempfile.mkdtemp(prefix="dicepoker-kernels-"))  # short: a socket's path has 107 bytes
        config.stash[WARM_KERNELS] = (start_warm_kernels(folder), folder)


def pytest_unconfigure(config: pytest.Config) -> None:
    """Stop this process's warm-kernel server."""
    if WARM_KERNELS in config.stash:
        server, folder = config.stash[WARM_KERNELS]
        stop_warm_kernels(server)
        shutil.rmtree(folder, ignore_errors=True)


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """``-n auto``: one worker more than the cores this process may use.

    A worker spends part of its time waiting for the processes it drives (a kernel running a
    notebook, JupyterLab, Voila, Chromium, a subprocess); with one worker a core, those waits left
    about a sixth of the cores idle (2 cores: CPU time 1,340 s in a 807 s run). ``-n 4`` still
    chooses the number.

    >>> pytest_xdist_auto_num_workers(None) == usable_cores() + 1
    True
    """
    return usable_cores() + 1


# Doctests cannot carry a mark: those that take more than a few seconds (measured with
# --durations) are marked slow here, so the fast loop (CONTRIBUTING.md) leaves them out.
SLOW_DOCTESTS = {
    "dicepoker.games.scorecard.analysis.risk.tune_win_seeker",
    "dicepoker.games.scorecard.analysis.risk.biggest_disagreement",
    "dicepoker.games.scorecard.analysis.risk.play_duel_game",
    "dicepoker.games.scorecard.analysis.risk.play_risks",
    "dicepoker.games.scorecard.coach",
    "dicepoker.games.scorecard.analysis.two_part.part1_bonus_probability",
    "dicepoker.cli.assignments",  # imports otter and runs otter assign
    "dicepoker.cli.teacher_notes",  # every answer: solves classic and its spread (cold in a new session)
    "dicepoker.games.scorecard.advisor",  # classic's table (solved, cold in a new session)
    "dicepoker.games.scorecard.advisor_widget",  # the same
    "dicepoker.games.scorecard.analysis.risk.duel",
    "dicepoker.games.scorecard.advisor.Advice.choice",  # classic's table (solved, cold in a new session)
    "dicepoker.games.scorecard.analysis.risk.final_score_summary",  # yatzy: solved, then 20 games (3 s)
    "dicepoker.games.scorecard.analysis.risk.risk_tournament",  # yatzy solved at risk +0.05 (3 s)
    "dicepoker.games.scorecard.coach.coach_report",  # a whole game graded against classic's table (5 s)
    "dicepoker.games.scorecard.coach_html.report_html",  # the same
}


def pytest_itemcollected(item: pytest.Item) -> None:
    if isinstance(item, pytest.DoctestItem) and item.name in SLOW_DOCTESTS:
        item.add_marker(pytest.mark.slow)
    if item.get_closest_marker("xdist_group") is None:
        fixtures = tuple(getattr(item, "fixturenames", ()))
        item.add_marker(pytest.mark.xdist_group(xdist_group_of(item.path, fixtures)))


def notebooks_the_browser_runs(items: list[pytest.Item]) -> set[Path]:
    """The notebooks that the selected browser tests run and check, if the browser tests can run."""
    executes = [item for item in items if is_browser_test(item) and item.get_closest_marker("executes")]
    if not executes:
        return set()
    servers = importlib.import_module(".browser_servers", executes[0].module.__package__)
    if servers.browser_missing_reason() is not None:
        return set()  # the browser tests skip (or, under CI=true, fail): nbval runs everything
    return {
        Path(path).resolve()
        for item in executes
        for mark in item.iter_markers("executes")
        for path in mark.args
    }


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """After -m and -k: leave out nbval's run of what a browser test runs, then put the browser
    tests first (a stable sort: each notebook's cells stay in order)."""
    run_in_browser = notebooks_the_browser_runs(items)
    again = [item for item in items if Path(item.path).resolve() in run_in_browser]
    if again:
        config.hook.pytest_deselected(items=again)
        left_out = set(again)
        items[:] = [item for item in items if item not in left_out]
    _add_leak_searches(items)
    items.sort(key=_browser_first)


def _browser_first(item: pytest.Item) -> int:
    group = item.get_closest_marker("xdist_group")
    return {LAB_GROUP: 0, VOILA_GROUP: 1}.get(group.args[0] if group else "", 2)


GC_THRESHOLDS = (20_000, 10, 10)
"""The cyclic garbage collector's thresholds in the test processes: a young collection after 20,000
new objects instead of 700. A worker keeps millions of objects alive for the whole session (its
collected items, the modules, the solver's and plotly's caches); a full collection walks them all.
In the fast loop the three workers spent 15.7 s collecting garbage (12.9 s in 55 full collections)
with Python's thresholds, 5.7 s with these and the freeze after collection (below)."""


def pytest_collection_finish(session: pytest.Session) -> None:
    """Once the tests are collected: collect the garbage, then freeze what lives (the items and the
    modules, kept to the end anyway), so later full collections walk only what the tests make. Then
    start this process's warm-kernel server, if its tests start kernels."""
    gc.collect()
    gc.freeze()
    start_this_process_s_warm_kernels(session)


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish(session: pytest.Session) -> None:
    """Collect the garbage (until none is left, at most five times), then freeze what still lives. pytest
    then collects five times more, to report a ``__del__`` that failed, and the interpreter once more as it
    exits: each walked the millions of objects a worker's caches hold (7 s after a worker's last test in
    the fast loop; 1 s with the freeze). Every object that became garbage was collected here, under
    pytest's watch, so no failed ``__del__`` goes unreported."""
    for _ in range(5):
        if not gc.collect():
            break
    gc.freeze()


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """How long each browser step took, and where the screenshots are (tests/browser/conftest.py
    puts them in the tests' reports, so this works from xdist's workers too)."""
    steps: list[tuple[str, float]] = []
    shots: set[str] = set()
    for reports in terminalreporter.stats.values():
        for report in reports:
            if getattr(report, "when", None) != "teardown":
                continue
            for key, value in getattr(report, "user_properties", ()):
                if key == "browser step":
                    steps.append((value[0], value[1]))
                elif key == "screenshot":
                    shots.add(value)
    if not steps and not shots:
        return
    terminalreporter.write_sep("-", "browser tests")
    for label, seconds in steps:
        terminalreporter.write_line(f"{seconds:6.1f} s  {label}")
    if shots:
        terminalreporter.write_line(f"screenshots ({len(shots)}): {Path(next(iter(shots))).parent}")


# --- exercise answers out of sight, searched in what nbval ran -------------------------------------
class ExerciseLeakItem(pytest.Item):
    """Searches one lesson's markdown and executed outputs above each exercise for its answer."""

    def runtest(self) -> None:
        notebook = self.parent.nb
        ran = _outputs.get(str(self.parent.path), {})
        if len(ran) < sum(cell.cell_type == "code" for cell in notebook.cells):
            pytest.skip("the lesson did not run to its end (see its cells' results)")
        leaks = leaks_in_run(Path(self.parent.path), ran)
        assert not leaks, "answers in sight:\n" + "\n".join(map(str, leaks))

    def reportinfo(self):  # noqa: ANN201 - pytest's own signature
        return self.path, None, f"{self.parent.path}::exercise answers out of sight"


def _add_leak_searches(items: list[pytest.Item]) -> None:
    """Put a search for answers in sight after the last cell of each lesson notebook."""
    last: dict[Any, int] = {}
    for position, item in enumerate(items):
        if type(item).__name__ == "IPyNbCell" and lesson_of(Path(item.parent.path)):
            last[item.parent] = position
    for parent, position in sorted(last.items(), key=lambda pair: -pair[1]):
        items.insert(position + 1, ExerciseLeakItem.from_parent(parent, name="exercise answers out of sight"))


@pytest.hookimpl(trylast=True)
def pytest_runtest_teardown(item: pytest.Item) -> None:
    """Keep what each lesson cell printed, for the search after the lesson's last cell."""
    if type(item).__name__ == "IPyNbCell":
        index = next(i for i, cell in enumerate(item.parent.nb.cells) if cell is item.cell)
        _outputs.setdefault(str(item.parent.path), {})[index] = getattr(item, "test_outputs", None) or []
