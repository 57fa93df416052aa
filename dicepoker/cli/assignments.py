"""``python -m dicepoker assignments DIR``: every lesson's exercises as an otter-grader assignment.

For each lesson (or the one of ``--lesson``) and each language (``--lang``, or ``--all-languages``)
it writes ``DIR/LANG/NAME/``: ``student/`` (the notebook to hand out: questions and answer cells, no
solution, no test), ``autograder/`` (the zip of hidden tests for ``otter run -a``), ``master/``
(otter's master notebook, the teacher's) and, with ``--solved``, ``solved/`` (the answer key).
docs/assignments.md says how a teacher grades with them.

>>> import tempfile
>>> from dicepoker.cli.main import main
>>> main(["assignments", tempfile.mkdtemp(), "--lesson", "01"])  # doctest: +ELLIPSIS
wrote 1 assignment in ...
0
"""

from __future__ import annotations

import argparse

from dicepoker.cli.language import add_language_option
from dicepoker.core.errors import DicePokerError
from dicepoker.core.i18n import _, available_languages, fill_message, format_message, language, ngettext
from dicepoker.lessons.assignments import write_assignments
from dicepoker.lessons.exercise_registry import LESSONS


def _run(args: argparse.Namespace) -> int:
    languages = available_languages() if args.all_languages else (language(),)
    lessons = [args.lesson] if args.lesson else LESSONS
    try:
        written = write_assignments(args.folder, languages, lessons, solved=args.solved)
    except OSError as err:  # a folder that cannot be made or written: say which, in one line
        reason = err.strerror or str(err)
        raise DicePokerError(
            format_message(
                "cannot write the assignments in {folder}: {reason}", folder=args.folder, reason=reason
            )
        ) from err
    template = ngettext("wrote {n} assignment in {folder}", "wrote {n} assignments in {folder}", len(written))
    print(fill_message(template, n=len(written), folder=args.folder))
    return 0


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``assignments`` subcommand."""
    parser = subparsers.add_parser(
        "assignments",
        help=_("write every lesson's exercises as an `otter-grader` assignment with hidden tests"),
    )
    parser.add_argument("folder", help=_("the folder to write them in"))
    parser.add_argument("--lesson", choices=list(LESSONS), help=_("only this lesson (default: every lesson)"))
    parser.add_argument(
        "--all-languages",
        action="store_true",
        help=_("in every language of the kit (default: the one of `--lang`)"),
    )
    parser.add_argument(
        "--solved", action="store_true", help=_("also write the answer key: each notebook answered right")
    )
    add_language_option(parser)
    parser.set_defaults(run=_run)
