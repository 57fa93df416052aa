"""A lesson's sentences in the class's language: ``say(template, **values)`` prints one.

A notebook's code cells are the same in every language (only ``set_language(...)`` differs), so a
sentence a code cell prints is a template in English that the message catalogs translate, filled
with the values and written with the locale's numbers. pybabel finds the templates in the English
notebooks through :func:`extract_said` (``babel.cfg``).

>>> say("optimal play scores {score:.4f} on average", score=254.5896)
optimal play scores 254.5896 on average
>>> from dicepoker.core.i18n import in_language
>>> with in_language("ro"):
...     said("{share:.0%} of {n:,} games", share=0.25, n=2000)
'25\\xa0% of 2.000 games'
"""

from __future__ import annotations

import ast
import json
from collections.abc import Iterator
from typing import Any, BinaryIO

from dicepoker.core.i18n import format_message


def said(template: str, /, **values: object) -> str:
    """The sentence :func:`say` prints: ``template`` translated and filled with ``values``."""
    return format_message(template, **values)


def say(template: str, /, **values: object) -> None:
    """Print ``template`` in the current language, filled with ``values`` (numbers for the locale)."""
    print(said(template, **values))


def extract_said(
    fileobj: BinaryIO, keywords: Any, comment_tags: Any, options: Any
) -> Iterator[tuple[int, str, str, list[str]]]:
    """pybabel's extractor for notebooks: the template of every ``say(...)``/``said(...)`` in a code cell.

    >>> import io
    >>> cell = {"cell_type": "code", "source": ['say("{n} games", n=3)\\n', 'x = 1']}
    >>> list(extract_said(io.BytesIO(json.dumps({"cells": [cell]}).encode()), None, None, None))
    [(1, 'gettext', '{n} games', ['a sentence a lesson prints'])]
    """
    notebook = json.load(fileobj)
    for number, cell in enumerate(notebook.get("cells", []), start=1):
        if cell.get("cell_type") != "code":
            continue
        source = cell["source"] if isinstance(cell["source"], str) else "".join(cell["source"])
        try:
            tree = ast.parse(source)
        except SyntaxError:
            continue
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in ("say", "said")
                and node.args
                and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)
            ):
                yield number, "gettext", node.args[0].value, ["a sentence a lesson prints"]
