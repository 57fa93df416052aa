"""Markdown pieces for the pages written from the code (the rules page).

>>> print(markdown_table(["box", "points"], [["Pair", "2 x face"]]))
| box | points |
|---|---|
| Pair | 2 x face |
"""

from __future__ import annotations


def markdown_table(header: list[str], rows: list[list[str]]) -> str:
    """A Markdown table: a header row, the rule under it, one line per row."""
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines)
