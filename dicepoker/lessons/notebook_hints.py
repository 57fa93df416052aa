"""The hints the lessons' exercises give, read from the English notebooks for the message catalogs.

A notebook's exercise cell is code, the same in every language: ``check(answer, ..., hint="...",
mistakes={...: "..."})``. The checker (:func:`dicepoker.lessons.exercises.check`) looks each hint up
in the catalogs when it gives it, so :func:`extract_notebook_hints` hands the hints (the ``hint=``
text or tuple of texts, and the texts of a ``mistakes=`` mapping) to ``pybabel extract`` (see
``babel.cfg``): a hint written in a notebook reaches the translators with no list to keep. A hint
that is all code or arithmetic (``"report.costliest(1)[0].loss"``, ``"(300 + 150 + 6) / 7776"``)
reads the same in every language and is left out.

>>> cell = 'check(answer, 1, hint="add them", mistakes={2: "that is twice it", 3: "(1 + 2) / 6"})'
>>> list(hints_in_code(cell))
['add them', 'that is twice it']
"""

from __future__ import annotations

import ast
import io
import json
from collections.abc import Iterator
from typing import Any, BinaryIO

from dicepoker.lessons.say import extract_said


def _texts(node: ast.AST) -> Iterator[str]:
    """The non-empty string literals of a hint (a text, or a tuple or list of them)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str) and not is_code(node.value):
        yield node.value
    elif isinstance(node, ast.Tuple | ast.List):
        for item in node.elts:
            yield from _texts(item)
    elif isinstance(node, ast.Dict):
        for value in node.values:
            yield from _texts(value)


def is_code(text: str) -> bool:
    """Whether a hint is a Python expression (code or arithmetic), the same in every language.

    >>> is_code("sqrt((CE(+0.02) - CE(-0.02)) / 0.02)"), is_code("1 minus the chance of missing twice")
    (True, False)
    """
    try:
        ast.parse(text.strip(), mode="eval")
    except SyntaxError:
        return not text.strip()
    return True


def hints_in_code(source: str) -> Iterator[str]:
    """The hint texts of every ``check(...)`` call in a code cell (a cell that is not Python: none)."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", "")) == "check":
            for keyword in node.keywords:
                if keyword.arg in ("hint", "mistakes"):
                    yield from _texts(keyword.value)


def extract_notebook_hints(
    fileobj: BinaryIO, keywords: Any, comment_tags: Any, options: Any
) -> Iterator[tuple[int, str, str, list[str]]]:
    """A Babel extraction method (``babel.cfg``) for the English lesson notebooks: the sentences their
    code cells print (:func:`dicepoker.lessons.say.extract_said`), then their exercises' hints.

    (Babel runs one method per file, so this one method gives both kinds of message.)

    >>> import io
    >>> cell = {"cell_type": "code", "source": 'say("{n} games", n=3)\\ncheck(answer, 1, hint="add them")'}
    >>> [m[2] for m in extract_notebook_hints(io.BytesIO(json.dumps({"cells": [cell]}).encode()), 0, 0, 0)]
    ['{n} games', 'add them']
    """
    data = fileobj.read()
    yield from extract_said(io.BytesIO(data), keywords, comment_tags, options)
    notebook = json.loads(data.decode("utf-8"))
    for number, cell in enumerate(notebook.get("cells", []), 1):
        if cell.get("cell_type") == "code":
            source = "".join(cell.get("source", ""))
            for text in hints_in_code(source):
                yield number, "gettext", text, ["a hint of an exercise in a lesson notebook"]
