"""``python -m dicepoker teacher-notes DIR [--measure]``: every lesson's teacher notes, every language.

>>> import tempfile
>>> from dicepoker.cli.main import main
>>> main(["teacher-notes", tempfile.mkdtemp()])  # doctest: +ELLIPSIS
wrote ... pages in ...
0
"""

from __future__ import annotations

import argparse

from dicepoker.core.i18n import _, format_message
from dicepoker.lessons.teacher_notes import write_teacher_notes


def _run(args: argparse.Namespace) -> int:
    written = write_teacher_notes(args.folder, measure_first=args.measure)
    print(format_message("wrote {n} pages in {folder}", n=len(written), folder=args.folder))
    return 0


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``teacher-notes`` subcommand."""
    parser = subparsers.add_parser(
        "teacher-notes", help=_("write every lesson's teacher notes (answers, reasoning, common mistakes)")
    )
    parser.add_argument("folder", help=_("the folder to write them in (the kit's own: `docs/teachers`)"))
    parser.add_argument(
        "--measure", action="store_true", help=_("first time each lesson's run (a few minutes)")
    )
    parser.set_defaults(run=_run)
