"""Without numba (Pyodide, a brand-new Python): with the tables in the cache, hints, the advisor, the
coach, the bots and every play widget work, the kernel running as plain Python; a full solve says
first that it will be slow, and where the tables can come from. One fresh process
(tests/helpers/without_numba.py) with numba made unimportable; the same numbers as with numba."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from solver_helpers import TINY

from dicepoker import ScorecardGame, hint
from dicepoker.games.scorecard import advisor as advisor_module
from dicepoker.games.scorecard.solver import cache as solver_cache
from dicepoker.games.scorecard.solver.solve import solve

pytestmark = pytest.mark.slow  # a fresh process that imports the kit without numba (5 s)

ROOT = Path(__file__).resolve().parents[3]
HELPERS = ROOT / "tests" / "helpers"
RULES = TINY["classic joker and bonuses"]


@pytest.fixture(scope="module")
def without_numba(tmp_path_factory):
    """What tests/helpers/without_numba.py saw, its cache filled here with numba first."""
    cache = tmp_path_factory.mktemp("cache-without-numba")
    before = os.environ.get(solver_cache.CACHE_ENV)
    os.environ[solver_cache.CACHE_ENV] = str(cache)
    try:
        solver_cache.forget(RULES)
        solve(RULES, progress=False)
    finally:
        if before is None:
            del os.environ[solver_cache.CACHE_ENV]
        else:
            os.environ[solver_cache.CACHE_ENV] = before
    path = os.pathsep.join([str(ROOT), str(HELPERS)])
    env = {**os.environ, "PYTHONPATH": path, solver_cache.CACHE_ENV: str(cache), "DICEPOKER_LANG": "en"}
    done = subprocess.run(
        [sys.executable, str(HELPERS / "without_numba.py")],
        capture_output=True,
        text=True,
        env=env,
        timeout=900,
    )
    assert done.returncode == 0, done.stderr[-5000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_numba_was_not_there(without_numba):
    assert without_numba["numba"] is False and without_numba["numba_importable"] is False


def test_the_table_came_from_the_cache_with_the_same_value(without_numba):
    assert without_numba["from_cache"] is True
    assert without_numba["expected_score"] == solve(RULES, progress=False).expected_score


def test_the_final_score_moments_agree_with_the_compiled_sweep(without_numba):
    solution = solve(RULES, progress=False)
    mean, std = without_numba["moments"]
    assert mean == pytest.approx(solution.final_score_mean, abs=1e-9)
    assert std == pytest.approx(solution.final_score_std, abs=1e-9)


def test_a_hint_and_the_advisor_agree_with_the_compiled_kernel(without_numba):
    game = ScorecardGame(RULES, seed=4)
    game.roll()
    best = hint(game).best
    assert without_numba["hint"][0] == best.label
    assert without_numba["hint"][1] == pytest.approx(best.expected, abs=1e-9)
    advice = advisor_module.advise(RULES, game).best
    assert without_numba["advice"] == [advice.label, pytest.approx(advice.expected, abs=1e-9)]


def test_the_bot_and_the_coach_work(without_numba):
    assert without_numba["coach_decisions"] > 0
    assert without_numba["coach_loss"] == pytest.approx(0.0, abs=1e-9)  # the optimal bot loses nothing


def test_every_play_widget_plays_a_whole_game(without_numba):
    assert without_numba["scorecard_widget_over"] and without_numba["scorecard_widget_report"]
    assert without_numba["bluff_widget_over"] and without_numba["board_widget_over"]
    assert without_numba["advisor_widget"]


def test_a_full_solve_says_it_will_be_slow_and_where_tables_come_from(without_numba):
    warning = without_numba["slow_warning"]
    assert "numba is not installed" in warning and "minutes" in warning and "solve --all" in warning
    assert without_numba["cli_code"] == 130  # interrupted: after the notice, before hours of solving
    notice = without_numba["cli_stderr"]
    assert "numba is not installed" in notice and "dicepoker solve --all" in notice
    assert "DICEPOKER_CACHE_DIR" in notice
