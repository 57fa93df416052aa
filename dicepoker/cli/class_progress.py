"""``python -m dicepoker class FOLDER [--json]``: the class record as a table, one row per attempt.

>>> import tempfile
>>> from dicepoker.cli.main import main
>>> main(["class", tempfile.mkdtemp(), "--json"])
[]
0
"""

from __future__ import annotations

import argparse
import json

from dicepoker.core.i18n import _, format_message
from dicepoker.lessons.class_record import COLUMNS, class_progress


def _run(args: argparse.Namespace) -> int:
    table = class_progress(args.folder)
    if args.json:  # the columns and values stay English
        print(json.dumps(table[COLUMNS].to_dict("records"), ensure_ascii=False))
    elif not len(table):
        print(format_message("no answers recorded in {folder} yet", folder=args.folder))
    else:
        print(table[COLUMNS].to_string(index=False))
    for name, why in table.attrs.get("refused", {}).items():
        print(format_message("refused {file}: {reason}", file=name, reason=why))
    return 0


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``class`` subcommand."""
    parser = subparsers.add_parser("class", help=_("show a class folder's record: every answer checked"))
    parser.add_argument("folder", help=_("the class folder (`join_class`, `DICEPOKER_CLASS`)"))
    parser.add_argument("--json", action="store_true", help=format_message("print {json}", json="JSON"))
    parser.set_defaults(run=_run)
