"""``dicepoker lessons [DIR] [--lang LANG]``: a fresh set of the lessons and apps for a class.

The lessons go at the top of ``DIR`` (default: ``dicepoker-lessons-LANG`` in the current folder),
the apps into ``DIR/apps``, in the language of ``--lang`` (else ``DICEPOKER_LANG``, else
English). Nothing there is overwritten: a file a student changed is kept and the fresh copy is
written beside it (``NAME-fresh.ipynb``), and the command says so
(:func:`dicepoker.lessons.handout.copy_lessons`).

>>> import argparse
>>> parser = argparse.ArgumentParser()
>>> register(parser.add_subparsers())
>>> parser.parse_args(["lessons", "class"]).folder
'class'
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from dicepoker.cli.language import add_language_option
from dicepoker.core.i18n import _, fill_message, format_message, language, language_name, ngettext
from dicepoker.lessons.handout import Handout, copy_lessons

DEFAULT_NAME = "dicepoker-lessons-LANG"


def default_folder(lang: str) -> Path:
    """Where the lessons go when no folder is named: ``dicepoker-lessons-LANG`` here.

    >>> str(default_folder("uk"))
    'dicepoker-lessons-uk'
    """
    return Path(f"dicepoker-lessons-{lang}")


def chosen_folder(args: argparse.Namespace) -> Path:
    """The folder named on the command line, else :func:`default_folder` of the current language."""
    return Path(args.folder) if args.folder else default_folder(language())


def handout_report(handout: Handout) -> str:
    """What a teacher reads after the copy: how many files were copied, kept or already there.

    >>> from dicepoker.lessons.handout import Handout
    >>> print(handout_report(Handout(Path("class"), "en", copied=[Path("class/a.ipynb")])))
    Copied 1 file (lessons and apps, English) to class.
    """
    lines = [
        fill_message(
            ngettext(
                "Copied {n} file (lessons and apps, {language}) to {folder}.",
                "Copied {n} files (lessons and apps, {language}) to {folder}.",
                len(handout.copied),
            ),
            n=len(handout.copied),
            language=language_name(handout.lang),
            folder=str(handout.folder),
        )
    ]
    if handout.unchanged:
        lines.append(
            fill_message(
                ngettext(
                    "{n} file was already there, unchanged.",
                    "{n} files were already there, unchanged.",
                    len(handout.unchanged),
                ),
                n=len(handout.unchanged),
            )
        )
    if handout.beside:
        lines.append(
            fill_message(
                ngettext(
                    "{n} file there had changed (a student's work?): it was kept, and the fresh copy "
                    "written beside it:",
                    "{n} files there had changed (a student's work?): they were kept, and the fresh "
                    "copies written beside them:",
                    len(handout.beside),
                ),
                n=len(handout.beside),
            )
        )
        lines += [f"  {kept} -> {fresh.name}" for kept, fresh in handout.beside]
    return "\n".join(lines)


def _lessons(args: argparse.Namespace) -> int:
    folder = chosen_folder(args)
    print(handout_report(copy_lessons(folder, language())))
    command = f"dicepoker lab {folder}"
    print(format_message("Open them in {jupyterlab}: {command}", jupyterlab="JupyterLab", command=command))
    return 0


def register(sub: Any) -> None:
    """Add the ``lessons`` subcommand."""
    parser = sub.add_parser(
        "lessons",
        help=_("copy a fresh set of the lessons and apps for a class (never over a student's work)"),
    )
    parser.add_argument(
        "folder",
        nargs="?",
        metavar="DIR",
        help=format_message("the folder to copy them into (default: {folder} here)", folder=DEFAULT_NAME),
    )
    add_language_option(parser)
    parser.set_defaults(run=_lessons)
