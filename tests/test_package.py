"""The package root lists its names three times (imports, the lazy table, ``__all__``, which ruff and
type checkers need literally); these tests keep the three in step."""

import ast
from pathlib import Path

import dicepoker

INIT = Path(dicepoker.__file__)


def test_every_public_name_resolves():
    assert len(dicepoker.__all__) == len(set(dicepoker.__all__))
    for name in dicepoker.__all__:
        assert getattr(dicepoker, name) is not None, name


def test_lazy_names_match_the_type_checking_imports():
    tree = ast.parse(INIT.read_text(encoding="utf-8"))
    guarded = next(node for node in tree.body if isinstance(node, ast.If))
    declared = {(n.module, a.name) for n in guarded.body for a in n.names}
    assert declared == {(module, name) for module, names in dicepoker._LAZY.items() for name in names}


def test_all_lists_exactly_the_imported_and_the_lazy_names():
    tree = ast.parse(INIT.read_text(encoding="utf-8"))
    imported = {a.name for n in tree.body if isinstance(n, ast.ImportFrom) and n.level == 1 for a in n.names}
    assert set(dicepoker.__all__) == imported | set(dicepoker._WHERE)
