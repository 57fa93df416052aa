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
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from dicepoker.cli.language import add_language_option
from dicepoker.cli.lessons import chosen_folder, handout_report
from dicepoker.core.errors import DicePokerError
from dicepoker.core.i18n import _, format_message, language
from dicepoker.lessons.handout import copy_lessons, has_lessons, lesson_files


def jupyterlab_command(folder: Path, lang: str, options: Sequence[str] = ()) -> list[str]:
    """The command that starts JupyterLab in ``folder`` on its first lesson (with JupyterLab's ``options``).

    >>> jupyterlab_command(Path("class"), "en", ["--no-browser"])[1:]
    ['-m', 'jupyterlab', '--ServerApp.root_dir=class', '--no-browser', '01_play_dice_poker.ipynb']
    """
    first = next(iter(lesson_files(lang)))
    return [sys.executable, "-m", "jupyterlab", f"--ServerApp.root_dir={folder}", *options, str(first)]


def start(command: list[str], folder: Path) -> int:
    """Run ``command`` in ``folder`` until it ends; its exit code."""
    return subprocess.run(command, cwd=folder, check=False).returncode


def _lab(args: argparse.Namespace) -> int:
    lang = language()
    folder = chosen_folder(args)
    if importlib.util.find_spec("jupyterlab") is None:
        raise DicePokerError(_('JupyterLab is not installed with this Python: pip install "dicepoker[lab]"'))
    if not has_lessons(folder, lang):
        print(handout_report(copy_lessons(folder, lang)))
    print(
        format_message("Starting JupyterLab in {folder} (stop it with Ctrl+C)", folder=str(folder)),
        flush=True,
    )
    return start(jupyterlab_command(folder.resolve(), lang, args.jupyterlab), folder)


def register(sub: Any) -> None:
    """Add the ``lab`` subcommand."""
    parser = sub.add_parser("lab", help=_("open the lessons in JupyterLab (copying them first if needed)"))
    parser.add_argument(
        "folder",
        nargs="?",
        metavar="DIR",
        help=_("the folder of the lessons (default: dicepoker-lessons-LANG here)"),
    )
    parser.add_argument(
        "jupyterlab",
        nargs=argparse.REMAINDER,
        metavar="-- OPTIONS",
        help=_("options for JupyterLab itself, after DIR and --"),
    )
    add_language_option(parser)
    parser.set_defaults(run=_lab)
