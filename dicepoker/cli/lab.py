"""``dicepoker lab [DIR] [--lang LANG] [-- JUPYTERLAB OPTIONS]``: the lessons in JupyterLab.

If ``DIR`` (default: ``dicepoker-lessons-LANG`` here) holds no lessons yet, a fresh set in the
language of ``--lang`` is copied there first (as ``dicepoker lessons`` does); then JupyterLab
starts in that folder (``python -m jupyterlab``, with this Python, so the lessons' kernel finds
this dicepoker) and opens the first lesson. It runs until JupyterLab is stopped (Ctrl+C).
Options after ``DIR --`` go to JupyterLab itself (``dicepoker lab class -- --port 9999 --no-browser``).

>>> import argparse
>>> parser = argparse.ArgumentParser()
>>> register(parser.add_subparsers())
>>> parser.parse_args(["lab"]).folder is None
True
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import subprocess
import sys
from collections.abc import Sequence
from os import chdir, execv
from pathlib import Path
from typing import Any

from dicepoker.cli.language import add_language_option
from dicepoker.cli.lessons import DEFAULT_NAME, chosen_folder, handout_report
from dicepoker.core.errors import DicePokerError
from dicepoker.core.i18n import check_language, format_message, language
from dicepoker.lessons.handout import copy_lessons, has_lessons, lesson_files


def jupyterlab_command(folder: Path, lang: str, options: Sequence[str] = ()) -> list[str]:
    """The command that starts JupyterLab in ``folder`` on its first lesson (with JupyterLab's ``options``).

    >>> jupyterlab_command(Path("class"), "en", ["--no-browser"])[1:]
    ['-m', 'jupyterlab', '--ServerApp.root_dir=class', '--no-browser', '01_play_dice_poker.ipynb']
    """
    first = next(iter(lesson_files(lang)))
    return [sys.executable, "-m", "jupyterlab", f"--ServerApp.root_dir={folder}", *options, str(first)]


REPLACE_PROCESS = os.name == "posix"
"""On POSIX JupyterLab takes this process's place (``exec``): Ctrl+C, its question whether to stop,
and its exit code are its own, and no server is left running behind a stopped ``dicepoker``."""


def start(command: list[str], folder: Path) -> int:
    """Run ``command`` in ``folder``: in this process's place on POSIX, else until it ends (its exit code)."""
    if REPLACE_PROCESS:
        chdir(folder)
        execv(command[0], command)
    return subprocess.run(command, cwd=folder, check=False).returncode


def _lab(args: argparse.Namespace) -> int:
    lang = language()
    folder = chosen_folder(args)
    if importlib.util.find_spec("jupyterlab") is None:
        raise DicePokerError(
            format_message(
                "{jupyterlab} is not installed with this {python}: {command}",
                jupyterlab="JupyterLab",
                python="Python",
                command='pip install "dicepoker[lab]"',
            )
        )
    if not has_lessons(folder, lang):
        print(handout_report(copy_lessons(folder, lang)))
    print(
        format_message(
            "Starting {jupyterlab} in {folder} (stop it with {keys})",
            jupyterlab="JupyterLab",
            folder=str(folder),
            keys="Ctrl+C",
        ),
        flush=True,
    )
    options = jupyterlab_options(args.jupyterlab)
    return start(jupyterlab_command(folder.resolve(), lang, options), folder)


def jupyterlab_options(rest: Sequence[str]) -> list[str]:
    """JupyterLab's own options: what follows ``--`` in the words after ``DIR``.

    Before ``--`` only the kit's ``--lang LANG`` may come (the command line has read it already);
    anything else is refused, so a mistyped option is not handed to JupyterLab unseen.

    >>> jupyterlab_options(["--lang", "uk", "--", "--port", "9999"]), jupyterlab_options([])
    (['--port', '9999'], [])
    >>> jupyterlab_options(["--port", "9999"])
    Traceback (most recent call last):
    ...
    dicepoker.core.errors.DicePokerError: unrecognized arguments: --port 9999
    """
    words = list(rest)
    ours, after = (
        (words[: words.index("--")], words[words.index("--") + 1 :]) if "--" in words else (words, [])
    )
    while ours:
        if ours[0] == "--lang" and len(ours) > 1:
            check_language(ours[1])
            ours = ours[2:]
        elif ours[0].startswith("--lang="):
            check_language(ours[0].partition("=")[2])
            ours = ours[1:]
        else:
            raise DicePokerError(
                format_message("unrecognized arguments: {arguments}", arguments=" ".join(ours))
            )
    return after


def register(sub: Any) -> None:
    """Add the ``lab`` subcommand."""
    parser = sub.add_parser(
        "lab",
        help=format_message(
            "open the lessons in {jupyterlab} (copying them first if needed)", jupyterlab="JupyterLab"
        ),
    )
    parser.add_argument(
        "folder",
        nargs="?",
        metavar="DIR",
        help=format_message("the folder of the lessons (default: {folder} here)", folder=DEFAULT_NAME),
    )
    parser.add_argument(
        "jupyterlab",
        nargs=argparse.REMAINDER,
        metavar="-- OPTIONS",
        help=format_message(
            "options for {jupyterlab} itself, after {folder} and {dashes}",
            jupyterlab="JupyterLab",
            folder="DIR",
            dashes="--",
        ),
    )
    add_language_option(parser)
    parser.set_defaults(run=_lab)
