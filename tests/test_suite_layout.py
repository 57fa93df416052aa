"""How the suite is run: in parallel (pytest-xdist) in groups that must not be split, and without
running a notebook twice (conftest.py at the root; CONTRIBUTING.md)."""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
_spec = importlib.util.spec_from_file_location("root_conftest", ROOT / "conftest.py")
root_conftest = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(root_conftest)


def test_readme_s_command_runs_the_suite_on_every_core_in_groups():
    options = PYPROJECT["tool"]["pytest"]["ini_options"]
    addopts = options["addopts"].split()
    assert addopts[addopts.index("-n") + 1] == "auto"
    assert addopts[addopts.index("--dist") + 1] == "loadfile", "a notebook's cells in one kernel"
    assert "--no-loadscope-reorder" in addopts, "xdist would reorder the groups: the browser ones go first"
    extra = [re.split(r"[<>=!~ ]", req)[0] for req in PYPROJECT["project"]["optional-dependencies"]["test"]]
    assert "pytest-xdist" in extra
    markers = {marker.split(":")[0].split("(")[0] for marker in options["markers"]}
    assert {"slow", "browser", "executes"} <= markers


def test_the_garbage_collector_runs_with_the_suite_s_thresholds():
    import gc

    assert gc.get_threshold() == root_conftest.GC_THRESHOLDS
    assert root_conftest.GC_THRESHOLDS[0] > 700  # Python's own: a young collection every 700 objects


def test_auto_starts_one_worker_more_than_the_cores(pytestconfig):
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    assert root_conftest.pytest_xdist_auto_num_workers(pytestconfig) == cores + 1
    if pytestconfig.pluginmanager.has_plugin("xdist"):  # the hook xdist asks for -n auto answers so
        assert pytestconfig.hook.pytest_xdist_auto_num_workers(config=pytestconfig) == cores + 1


@pytest.mark.parametrize(
    ("path", "fixtures", "group"),
    [
        ("notebooks/ro/01_play_dice_poker.ipynb", (), "notebooks/ro/01_play_dice_poker.ipynb"),
        ("tests/games/scorecard/test_scoring.py", ("request",), "tests/games/scorecard/test_scoring.py"),
        ("tests/browser/test_voila_in_browser.py", ("voila", "voila_page"), "browser-voila"),
        ("tests/browser/test_languages_in_browser.py", ("lab_page",), "browser-jupyterlab"),
        ("tests/browser/test_languages_in_browser.py", (), "browser-jupyterlab"),
    ],
)
def test_each_test_file_notebook_and_browser_server_is_one_group(path, fixtures, group):
    assert root_conftest.xdist_group_of(ROOT / path, fixtures) == group


def browser_module(name: str):
    """A module of tests/browser/ (the package ``browser``, as pytest imports it)."""
    sys.path.insert(0, str(ROOT / "tests"))
    try:
        return importlib.import_module(f"browser.{name}")
    finally:
        sys.path.remove(str(ROOT / "tests"))


def test_the_notebooks_the_browser_tests_run_exist():
    """Each `executes` mark names notebooks of the repository (those nbval then leaves out)."""
    lab = browser_module("test_jupyterlab_in_browser")
    languages = browser_module("test_languages_in_browser")
    voila = browser_module("test_voila_in_browser")
    params = lab.RUN_ALL + languages.LAB_LANGS + languages.VOILA_LANGS + voila.APPS_RUN
    named = [Path(path) for param in params for mark in param.marks for path in mark.args]
    from dicepoker.lessons.exercise_registry import LESSONS

    assert len(named) == len(LESSONS) + 2 * 3 + 3 + 4  # the lessons; two and an app a language; the apps
    assert all(path.is_file() and path.is_relative_to(ROOT) for path in named), named


def collected(*args: str) -> list[str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    out = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-n", "0", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert out.returncode == 0, out.stdout[-2000:] + out.stderr[-2000:]
    return [line for line in out.stdout.splitlines() if "::" in line]


@pytest.mark.slow
def test_nbval_leaves_out_a_notebook_only_when_a_browser_test_runs_it():
    notebook = "apps/classic.ipynb"
    browser = "tests/browser/test_voila_in_browser.py"
    both = collected(notebook, browser, "-k", "classic")
    browser_tests = [line for line in both if line.startswith(browser)]
    assert browser_tests and browser_tests == both[: len(browser_tests)], "the browser tests go first"
    nbval_cells = [line for line in both if line.startswith(notebook)]
    alone = collected(notebook, browser, "-k", "classic", "-m", "not browser")
    assert [line for line in alone if line.startswith(notebook)], "without the browser test, nbval runs it"
    if browser_module("browser_servers").browser_missing_reason() is None:
        assert nbval_cells == [], "the browser test runs the app whole: nbval does not run it again"
    else:
        assert nbval_cells, "the browser tests cannot run here: nbval runs every notebook"


@pytest.mark.slow
def test_a_lesson_runs_once_and_its_answers_are_searched_where_it_ran():
    """A lesson the browser runs is not run again by nbval (the browser test searches its outputs);
    run under nbval alone, its leak search comes right after its last cell."""
    lesson = "notebooks/01_play_dice_poker.ipynb"
    alone = collected(
        lesson, "tests/browser/test_jupyterlab_in_browser.py", "-k", "01_play", "-m", "not browser"
    )
    cells = [line for line in alone if line.startswith(f"{lesson}::Cell")]
    assert cells, "without the browser test, nbval runs the lesson"
    assert alone[alone.index(cells[-1]) + 1] == f"{lesson}::exercise answers out of sight"
    both = collected(lesson, "tests/browser/test_jupyterlab_in_browser.py", "-k", "01_play")
    if browser_module("browser_servers").browser_missing_reason() is None:
        assert not [line for line in both if line.startswith(lesson)], "the browser test runs the lesson"
    else:
        assert [line for line in both if line.startswith(lesson)], "no browser here: nbval runs it"


def test_a_browser_run_of_a_lesson_fails_on_an_answer_in_sight():
    """The browser tests search the outputs JupyterLab shows, as nbval's search does its own."""
    import json
    from fractions import Fraction

    from exercise_leaks import exercise_positions, lesson_of, targets_of

    pages = browser_module("browser_pages")
    path = "notebooks/03_three_rolls.ipynb"
    cells = json.loads((ROOT / path).read_text(encoding="utf-8"))["cells"]
    exercise, question = min(exercise_positions(cells).items(), key=lambda pair: pair[1])
    answer = Fraction(targets_of(lesson_of(Path(path)))[exercise])
    above = max(i for i in range(question) if cells[i]["cell_type"] == "code")
    printed = {
        above: [
            {"output_type": "stream", "name": "stdout", "text": f"{answer.numerator}/{answer.denominator}\n"}
        ]
    }

    def run(outputs):
        check = {"problems": [], "pending": [], "counts": {}}
        return pages.run_failures(pages.OpenNotebook(Path(path).name, "id", True, check, 1.0, path, outputs))

    assert run({}) == []
    failures = run(printed)
    assert failures and all(line.startswith("answer in sight: ") for line in failures), failures
    assert exercise in failures[0]


def test_the_kernels_of_each_process_take_ports_from_a_range_no_other_process_of_the_suite_uses():
    """A kernel that nbval or otter starts here gets its five ports from this worker's slice, below
    the machine's ephemeral range; the workers and the servers they start each have their own slice
    (kernel_ports.py)."""
    from jupyter_client.manager import KernelManager
    from kernel_ports import ROLES, SLICES, launch_command, slice_index, slice_of

    slices = [slice_of(i) for i in range(SLICES)]
    assert all(a[1] < b[0] for a, b in zip(slices, slices[1:], strict=False)), "the slices overlap"
    ephemeral = Path("/proc/sys/net/ipv4/ip_local_port_range")
    if ephemeral.exists():
        low = int(ephemeral.read_text().split()[0])
        assert slices[-1][1] < low, f"the slices reach the ephemeral range, which starts at {low}"
    processes = [(f"gw{n}", role) for n in range(SLICES // len(ROLES)) for role in ROLES]
    assert len({slice_index(*process) for process in processes}) == len(processes), "two processes share"
    for server in ROLES[1:]:
        assert f"install({slice_index(role=server)})" in launch_command(server)[2]
    first, last = slice_of(slice_index())
    manager = KernelManager(kernel_name="python3")
    manager.start_kernel()
    try:
        client = manager.client()
        client.start_channels()
        client.wait_for_ready(timeout=60)
        reply = client.execute_interactive("21 * 2", timeout=60)
        client.stop_channels()
        names = ("shell", "iopub", "stdin", "hb", "control")
        ports = [getattr(manager, f"{name}_port") for name in names]
    finally:
        manager.shutdown_kernel(now=True)
    assert reply["content"]["status"] == "ok"
    assert len(set(ports)) == 5 and all(first <= port <= last for port in ports), (ports, first, last)


def _item(path: str, *marks: str):
    from types import SimpleNamespace

    return SimpleNamespace(path=ROOT / path, get_closest_marker=lambda name: name if name in marks else None)


@pytest.mark.parametrize(
    ("items", "starts"),
    [
        ([_item("tests/core/test_dice.py"), _item("dicepoker/core/dice.py")], False),  # the fast loop's
        ([_item("tests/core/test_dice.py"), _item("notebooks/uk/03_three_rolls.ipynb")], True),
        ([_item("tests/browser/test_voila_in_browser.py")], True),
        ([_item("tests/lessons/test_assignments.py", "slow")], True),  # otter's gradings
    ],
)
def test_a_worker_starts_its_warm_kernel_server_only_for_tests_that_start_kernels(items, starts):
    assert root_conftest.starts_kernels(items) is starts
