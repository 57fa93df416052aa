"""The package's shape (docs/architecture.md): a small front door, one folder per game, imports
that point down only (import-linter's contracts in pyproject.toml), no cycles, no module that
imports the package root, and `import dicepoker` that stays quick."""

from __future__ import annotations

import ast
import subprocess
import sys
from importlib import import_module
from pathlib import Path

import pytest
from fresh_imports import modules_loaded_by

import dicepoker

PACKAGE = Path(dicepoker.__file__).parent
ROOT = PACKAGE.parent


def modules() -> dict[str, Path]:
    found = {}
    for path in PACKAGE.rglob("*.py"):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join(parts)] = path
    return found


def imports_of(path: Path) -> set[str]:
    """Every module an import statement names, module-level and function-level alike."""
    name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
    base = name.split(".")[:-1] if path.name != "__init__.py" else name.split(".")[:-1]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                anchor = base[: len(base) - node.level + 1]
                stem = ".".join(anchor + ([node.module] if node.module else []))
            else:
                stem = node.module or ""
            found.add(stem)
            found |= {f"{stem}.{a.name}" for a in node.names}
    return found


def test_every_front_door_name_resolves_to_the_module_that_says_so():
    assert len(dicepoker.__all__) == len(set(dicepoker.__all__))
    for name in dicepoker.__all__:
        value = getattr(dicepoker, name)
        if name != "__version__":
            assert getattr(import_module(dicepoker._WHERE[name]), name) is value, name


def test_the_front_door_is_small_and_refuses_unknown_names():
    assert len(dicepoker.__all__) <= 45
    with pytest.raises(AttributeError, match="no attribute 'bayes_table'"):
        dicepoker.bayes_table  # noqa: B018 - a deeper name comes from its module


def test_no_module_sits_flat_beside_the_front_door():
    flat = sorted(p.name for p in PACKAGE.glob("*.py"))
    assert flat == ["__init__.py", "__main__.py"]


def test_nothing_inside_the_package_imports_the_package_root():
    found = modules().items()
    offenders = [name for name, path in found if name != "dicepoker" and "dicepoker" in imports_of(path)]
    assert offenders == []


def test_import_linter_contracts_hold():
    """Layers (cli -> lessons -> odds -> games -> ui | solvers -> core), independent games, a plain core
    and solvers that compute without tables or plotting."""
    result = subprocess.run(
        [sys.executable, "-c", "from importlinter.cli import lint_imports_command; lint_imports_command()"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-2000:]
    assert "4 kept, 0 broken" in result.stdout


def test_there_is_no_import_cycle_even_through_function_level_imports():
    graph = {}
    names = modules()
    for name, path in names.items():
        targets = set()
        for target in imports_of(path):
            while target and target not in names:
                target = target.rpartition(".")[0]
            ancestors = {".".join(name.split(".")[:i]) for i in range(1, name.count(".") + 1)}
            if target and target != name and target not in ancestors:
                targets.add(target)
        graph[name] = targets
    # Kahn's algorithm: what cannot be peeled off lies on a cycle
    pending = {n: set(t) for n, t in graph.items()}
    while True:
        leaves = [n for n, t in pending.items() if not t]
        if not leaves:
            break
        for leaf in leaves:
            del pending[leaf]
        for targets in pending.values():
            targets.difference_update(leaves)
    assert sorted(pending) == []


def test_import_dicepoker_loads_no_plotting_widgets_tables_or_compiler():
    """The command line and the bots load quickly too: pandas only for a table, numba only to solve."""
    code = (
        "import dicepoker, dicepoker.cli.main, dicepoker.games.scorecard.bots; dicepoker.find_game('classic')"
    )
    assert modules_loaded_by(code, ["plotly", "ipywidgets", "pandas", "numba", "scipy"]) == []


def test_playing_a_game_loads_no_tables():
    """A classroom app starts every game without pandas (a kernel starts it some 0.3 s sooner): the
    coach's report, the bluff bots' tables and the equilibrium's tables import it when they make one."""
    code = (
        "from dicepoker import play; "
        "[play(g, seats=('human', 'computer')) for g in ('classic', 'two_part', 'board')]; "
        "play('bluff', seats=('human', 'reasoning')); play('bluff', seats=('human', 'equilibrium'))"
    )
    assert modules_loaded_by(code, ["pandas", "scipy"]) == []
