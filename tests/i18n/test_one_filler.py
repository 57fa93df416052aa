"""One way to fill a message: every translated template is filled by the locale-aware filler.

``_("...").format(...)`` ignores the locale (``-7.5`` among decimal commas, ``10000`` ungrouped),
so the package never calls ``.format`` (or ``.format_map``) on a translated string: not on a call
of ``_``/``ngettext``/``pgettext``/``npgettext``, nor on a name or an item of a name the module
bound to one. It fills them with ``format_message(template, ...)`` or ``fill_message(translated,
...)`` from ``dicepoker.core.i18n``. The check reads the syntax tree, so line breaks cannot hide a
call.
"""

from __future__ import annotations

import ast
from fractions import Fraction
from pathlib import Path

import pytest

from dicepoker.core.i18n import fill_message, format_message

PACKAGE = Path(__file__).resolve().parents[2] / "dicepoker"
TRANSLATORS = frozenset({"_", "gettext", "ngettext", "pgettext", "npgettext"})
FILLERS = frozenset({"format", "format_map"})


def _called(node: ast.AST) -> str | None:
    if isinstance(node, ast.Call):
        func = node.func
        if isinstance(func, ast.Name):
            return func.id
        if isinstance(func, ast.Attribute):
            return func.attr
    return None


def _is_translated(node: ast.AST | None) -> bool:
    """Whether an expression is a translated string, or a choice or collection of them."""
    if node is None:
        return False
    if _called(node) in TRANSLATORS:
        return True
    if isinstance(node, ast.IfExp):
        return _is_translated(node.body) or _is_translated(node.orelse)
    if isinstance(node, ast.BoolOp):
        return any(_is_translated(value) for value in node.values)
    if isinstance(node, ast.Dict):
        return any(_is_translated(value) for value in node.values)
    if isinstance(node, ast.List | ast.Tuple | ast.Set):
        return any(_is_translated(item) for item in node.elts)
    if isinstance(node, ast.Subscript):
        return _is_translated(node.value)
    return False


def _root_name(node: ast.AST) -> str | None:
    while isinstance(node, ast.Subscript | ast.Attribute):
        if isinstance(node, ast.Attribute) and not isinstance(node.value, ast.Subscript | ast.Name):
            return None
        node = node.value
    return node.id if isinstance(node, ast.Name) else None


def unlocalised_fills(source: str) -> list[tuple[int, str]]:
    """Each ``.format``/``.format_map`` call on a translated string in ``source``: (line, code).

    >>> unlocalised_fills('x = _("{n} games").format(n=3)')
    [(1, "_('{n} games').format(n=3)")]
    >>> unlocalised_fills('x = format_message("{n} games", n=3)')
    []
    """
    tree = ast.parse(source)
    translated_names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign | ast.AnnAssign | ast.AugAssign) and _is_translated(node.value):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            translated_names |= {t.id for t in targets if isinstance(t, ast.Name)}
    found = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
            continue
        if node.func.attr not in FILLERS:
            continue
        filled = node.func.value
        if _is_translated(filled) or _root_name(filled) in translated_names:
            found.append((node.lineno, ast.unparse(node)))
    return found


def package_modules() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def test_the_package_has_modules():
    assert len(package_modules()) > 50


@pytest.mark.parametrize("path", package_modules(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_translated_string_is_filled_by_str_format(path: Path):
    found = unlocalised_fills(path.read_text(encoding="utf-8"))
    shown = "\n".join(f"{path.relative_to(PACKAGE.parent)}:{line}: {code}" for line, code in found)
    assert not found, "fill these with format_message(...) / fill_message(...):\n" + shown


@pytest.mark.parametrize(
    "source",
    [
        '_("{n} games").format(n=3)',
        '_(\n    "{n} games"\n)\n.format(\n    n=3\n)'.replace("\n.format", ".format"),
        'ngettext("{n} game", "{n} games", n, "ro").format(n=n)',
        'pgettext("bot", "risk {theta}").format(theta=t)',
        'npgettext("c", "{n} x", "{n} xs", n).format(n=n)',
        'template = _("a {x}") if a else _("b {x}")\ntemplate.format(x=1)',
        'steps = {"roll": _("{name} rolls")}\nsteps[doing].format(name=who)',
        'line = ngettext("{n} die", "{n} dice", n)\nf"<li>{line.format(n=n)}</li>"',
        '_("{x}").format_map(values)',
    ],
)
def test_the_check_finds_every_way_of_writing_it(source: str):
    assert unlocalised_fills(source), source


@pytest.mark.parametrize(
    "source",
    [
        'format_message("{n} games", n=3)',
        'fill_message(ngettext("{n} game", "{n} games", n), n=n)',
        '"<b>{}</b> {}".format(a, b)',  # markup, not a message
        'PATTERN = r"(?P<{0}int>[0-9]*)"\nPATTERN.format("n")',
    ],
)
def test_the_check_lets_the_filler_and_plain_strings_pass(source: str):
    assert unlocalised_fills(source) == []


def test_the_filler_writes_numbers_the_languages_way():
    """What the conversion buys: signs, decimal commas, grouping and fractions by the language."""
    assert fill_message("{x}", "ro", x=-7.5) == "\u22127,5"
    assert fill_message("{x}", "en", x=-7.5) == "\u22127.5"
    assert fill_message("{n} games", "uk", n=10000) == "10\u00a0000 games"
    assert fill_message("{n}", "en", n=10000) == "10,000"
    assert fill_message("{p}", "ro", p=Fraction(-3, 4)) == "\u22123/4"
    assert fill_message("{theta:+g}", "uk", theta=-0.02) == "\u22120,02"
    assert fill_message("{v:+.1f}", "ro", v=2.25) == "+2,2"  # Python's rounding of the binary 2.25
    assert fill_message("{name}", "ro", name="-2") == "-2"  # text is never rewritten
    assert format_message("score {box} ({points})", "ro", box="Două", points=-2) == "scrie Două (\u22122)"
