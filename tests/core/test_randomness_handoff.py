"""One way to hand randomness to a new game: a child generator (``child_generator``), never an int
drawn from a generator (issue 24, item 3). The check reads the package's source, so a new site fails."""

from __future__ import annotations

import ast
from pathlib import Path

import numpy as np

import dicepoker
from dicepoker.core.randomness import child_generator, generator

PACKAGE = Path(dicepoker.__file__).parent


def _is_drawn_int(node: ast.AST) -> bool:
    """``int(x.integers(...))``: a number drawn from a generator."""
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "int"
        and len(node.args) == 1
        and isinstance(node.args[0], ast.Call)
        and isinstance(node.args[0].func, ast.Attribute)
        and node.args[0].func.attr == "integers"
    )


def _seeds_from_a_draw(tree: ast.AST) -> list[int]:
    """Lines where a drawn int becomes a seed: ``seed=``/``rng=`` of a call, ``default_rng(...)``'s
    argument, or a name with "seed" in it."""
    lines = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            values = [k.value for k in node.keywords if k.arg in ("seed", "rng")]
            if isinstance(node.func, ast.Attribute) and node.func.attr == "default_rng":
                values += node.args
            lines += [v.lineno for v in values if _is_drawn_int(v)]
        elif isinstance(node, ast.Assign) and _is_drawn_int(node.value):
            names = [t.id for t in node.targets if isinstance(t, ast.Name)]
            lines += [node.lineno for n in names if "seed" in n]
    return sorted(lines)


def test_no_game_is_seeded_with_an_int_drawn_from_a_generator() -> None:
    found = {
        str(path.relative_to(PACKAGE)): lines
        for path in sorted(PACKAGE.rglob("*.py"))
        if (lines := _seeds_from_a_draw(ast.parse(path.read_text(encoding="utf-8"))))
    }
    assert found == {}


def test_the_check_catches_each_way_of_drawing_a_seed() -> None:
    source = (
        "game = Game(rng=int(rng.integers(2**32)))\n"
        "other = Game(seed=int(self._rng.integers(2**32)))\n"
        "g = np.random.default_rng(int(rng.integers(2**63)))\n"
        "seed = int(self._rng.integers(2**32))\n"
        "fine = int(rng.integers(1, 7))\n"
    )
    assert _seeds_from_a_draw(ast.parse(source)) == [1, 2, 3, 4]


def test_children_are_reproducible_and_distinct() -> None:
    parent, twin = generator(seed=11), generator(seed=11)
    first, second = child_generator(parent), child_generator(parent)
    assert first.integers(1, 7, size=20).tolist() == child_generator(twin).integers(1, 7, size=20).tolist()
    assert first.bit_generator.state != second.bit_generator.state
    # the child's stream is the one numpy's own spawn gives
    expected = np.random.default_rng(11).spawn(2)[1]
    assert second.integers(1, 7, size=20).tolist() == expected.integers(1, 7, size=20).tolist()
