"""Every script in benchmarks/ runs in its quick mode (``--quick``) and prints its figures, so a
benchmark broken by a change to the package fails the suite instead of rotting unnoticed.

Only that they run and print is checked: their timings are printed by the scripts, never asserted.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BENCHMARKS = sorted((ROOT / "benchmarks").glob("bench_*.py"))


def run_quick(script: Path) -> subprocess.CompletedProcess:
    """``python benchmarks/<script> --quick`` from the repository root, this checkout first on the path."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    return subprocess.run(
        [sys.executable, str(script), "--quick"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
    )


def test_the_benchmarks_are_found():
    assert {path.stem for path in BENCHMARKS} >= {
        "bench_board",
        "bench_coach",
        "bench_equilibrium",
        "bench_odds",
        "bench_risk",
        "bench_solver",
    }


def test_a_benchmark_that_cannot_import_fails_here(tmp_path):
    """The check below sees a broken benchmark (the old bench_solver's ImportError) as a failure."""
    broken = tmp_path / "bench_broken.py"
    broken.write_text("from dicepoker import solver_cache\n", encoding="utf-8")
    out = run_quick(broken)
    assert out.returncode != 0 and "ImportError" in out.stderr


@pytest.mark.slow
@pytest.mark.parametrize("script", BENCHMARKS, ids=lambda path: path.stem)
def test_benchmark_runs_in_quick_mode_and_prints_its_figures(script: Path):
    out = run_quick(script)
    assert out.returncode == 0, f"{script.name} --quick failed:\n{out.stderr[-4000:]}"
    lines = [line for line in out.stdout.splitlines() if re.search(r"\d", line)]
    assert len(lines) >= 3, f"{script.name} --quick printed too few figures:\n{out.stdout}"
    print(out.stdout)
