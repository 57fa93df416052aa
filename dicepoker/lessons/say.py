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


def _strings(node: ast.AST | None) -> list[str]:
    """The string constants of a hint: one string, or a tuple or list of them (empty ones left out)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value] if node.value else []
    if isinstance(node, ast.Tuple | ast.List):
        return [text for item in node.elts for text in _strings(item)]
    return []


def lesson_messages(source: str) -> Iterator[tuple[str, str]]:
    """What a code cell shows a student in words: each ``say``/``said`` template, and each hint or
    mistake's hint given to ``check``, with a comment saying which.

    >>> list(lesson_messages('check(a, 3, hint="add them", mistakes={2: "one short"})'))
    [('add them', 'a hint of an exercise'), ('one short', 'a hint of an exercise')]
    """
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
            continue
        if node.func.id in ("say", "said") and node.args:
            for text in _strings(node.args[0]):
                yield text, "a sentence a lesson prints"
        if node.func.id == "check":
            for keyword in node.keywords:
                if keyword.arg == "hint":
                    for text in _strings(keyword.value):
                        yield text, "a hint of an exercise"
                if keyword.arg == "mistakes":
                    mappings = (
                        keyword.value.elts
                        if isinstance(keyword.value, ast.Tuple | ast.List)
                        else [keyword.value]
                    )
                    for mapping in mappings:
                        if isinstance(mapping, ast.Dict):
                            for value in mapping.values:
                                for text in _strings(value):
                                    yield text, "a hint of an exercise"


def extract_said(
    fileobj: BinaryIO, keywords: Any, comment_tags: Any, options: Any
) -> Iterator[tuple[int, str, str, list[str]]]:
    """pybabel's extractor for notebooks: every sentence a code cell shows (:func:`lesson_messages`).

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
        for text, comment in lesson_messages(source):
            yield number, "gettext", text, [comment]
