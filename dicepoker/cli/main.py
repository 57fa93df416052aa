"""The command line: ``dicepoker SUBCOMMAND ...`` (or ``python -m dicepoker SUBCOMMAND ...``).

Each subcommand lives in its own module with a ``register(subparsers)`` function that adds its
parser and sets ``run`` to a function taking the parsed arguments and returning an exit code.
``--lang`` (or ``DICEPOKER_LANG``) chooses the language of what a person reads
(:mod:`dicepoker.cli.language`); ``--json`` output stays English.

>>> main(["rules", "--game", "yatzy", "--json"])  # doctest: +ELLIPSIS
{"game": "yatzy", "title": "Yatzy (Scandinavian)", "boxes": ["Ones", ...
0
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import sys
import warnings
from collections.abc import Sequence
from dataclasses import fields
from importlib import import_module
from typing import NoReturn

from dicepoker.cli.language import add_language_option, argparse_speaking, language_in_argv
from dicepoker.core.errors import DicePokerError
from dicepoker.core.i18n import (
    SOURCE_LANGUAGE,
    _,
    check_language,
    display_name,
    environment_language,
    format_message,
    in_language,
    is_language_set,
    language,
)
from dicepoker.core.version import __version__
from dicepoker.games import GAMES, find_game

# each subcommand and the module that adds it, in the order --help lists them; a command names its
# module here so that running it imports that module alone (the class and tournament modules
# import pandas and the bots: a whole second for `dicepoker rules` if every module were imported)
SUBCOMMANDS: dict[str, str] = {
    "odds": "dicepoker.cli.odds",
    "solve": "dicepoker.cli.solve",
    "simulate": "dicepoker.cli.solve",
    "advise": "dicepoker.cli.advise",
    "lessons": "dicepoker.cli.lessons",
    "lab": "dicepoker.cli.lab",
    "class": "dicepoker.cli.class_progress",
    "tournament": "dicepoker.cli.tournament",
    "teacher-notes": "dicepoker.cli.teacher_notes",
    "assignments": "dicepoker.cli.assignments",
}
SUBCOMMAND_MODULES: list[str] = list(dict.fromkeys(SUBCOMMANDS.values()))
PROG = "dicepoker"  # the console script's name; ``python -m dicepoker`` passes its own (__main__.py)


def stdout_closed_message() -> str:
    """The one line said when standard output is closed before anything is written."""
    return _("error: cannot write the output: standard output is closed")


def _rules(args: argparse.Namespace) -> int:
    rules = find_game(args.game)
    lang = language()
    if args.markdown:
        from dicepoker.lessons.rules_page import rules_markdown

        print(rules_markdown(lang), end="")
    elif args.json:  # API keys and box names stay English
        data = {"game": args.game, "title": getattr(rules, "title", args.game)}
        if hasattr(rules, "box_names"):
            data["boxes"] = list(rules.box_names)
        print(json.dumps(data))
    elif hasattr(rules, "box_names"):
        print(f"{display_name('game title', rules.title, lang)} ({args.game})")
        sections = {"upper": _("upper", lang), "lower": _("lower", lang)}
        for section, heading in sections.items():
            names = [display_name("box", b.name, lang) for b in rules.boxes if b.section == section]
            print(f"  {heading:<6} {', '.join(names)}")
        skip = {"name", "title", "boxes"}
        params = [f"{f.name}={getattr(rules, f.name)}" for f in fields(rules) if f.name not in skip]
        print("  " + ", ".join(params))
    else:
        print(f"{display_name('game title', rules.title, lang)} ({args.game})")
        for f in fields(rules):
            value = getattr(rules, f.name)
            if f.name == "layout":
                print("  " + _("layout:", lang))
                for row in value:
                    print(("    " + " ".join(f"{label:<3}" for label in row)).rstrip())
            elif f.name not in ("name", "title"):
                print(f"  {f.name}: {value}")
    return 0


class OneLineErrors(argparse.ArgumentParser):
    """argparse's parser whose usage errors stay one line, even for an argument holding a line break."""

    def error(self, message: str) -> NoReturn:
        super().error(" ".join(message.splitlines()))


def build_parser(prog: str = PROG, command: str | None = None) -> argparse.ArgumentParser:
    """The command line's parser, its help in the current language; ``prog`` is how it was run.
    With a ``command`` it holds that subcommand alone (and ``rules``), importing only its module.

    >>> build_parser().format_usage().split()[1], build_parser("python -m dicepoker").format_usage()[:26]
    ('dicepoker', 'usage: python -m dicepoker')
    >>> sorted(build_parser(command="odds")._subparsers._group_actions[0].choices)
    ['odds', 'rules']
    """
    parser = OneLineErrors(
        prog=prog,
        description=_("Dice-poker games: rules, exact odds, optimal play."),
    )
    parser.add_argument(
        "--version",
        action="version",
        version=f"dicepoker {__version__}",
        help=_("show program's version number and exit"),  # argparse's default is English
    )
    add_language_option(parser)
    sub = parser.add_subparsers(dest="command", metavar=_("COMMAND"))
    rules = sub.add_parser("rules", help=_("show a game's rule set"))
    rules.add_argument("--game", default="classic", choices=list(GAMES))
    rules.add_argument("--json", action="store_true", help=format_message("print {json}", json="JSON"))
    rules.add_argument("--markdown", action="store_true", help=_("print the rules page of all four games"))
    add_language_option(rules)
    rules.set_defaults(run=_rules)
    if command is None:
        modules = SUBCOMMAND_MODULES
    else:  # `rules` lives here: no module to import
        modules = [SUBCOMMANDS[command]] if command in SUBCOMMANDS else []
    for module in modules:
        import_module(module).register(sub)
    return parser


def chosen_command(argv: Sequence[str]) -> str | None:
    """The subcommand ``argv`` runs when it is its first word (after ``--lang LANG``), else ``None``
    (no command, ``--help``, ``--version`` or a word that is no command: the whole parser answers).

    >>> chosen_command(["--lang", "ro", "odds", "--game", "yatzy"]), chosen_command(["--help", "odds"])
    ('odds', None)
    """
    words = iter(argv)
    for word in words:
        if word == "--lang":
            next(words, None)
        elif not word.startswith("--lang="):
            return word if word in SUBCOMMANDS or word == "rules" else None
    return None


def main(argv: Sequence[str] | None = None, prog: str = PROG) -> int:
    """Run the command line; returns the exit code, never shows a traceback for bad input.

    Bad input is exit code 2 with a one-line message (``argparse`` prints its usage line too);
    output that cannot be written (a full disk, a closed pipe or stream) is exit code 1 with a
    one-line message on standard error. Everything is said in the language of ``--lang``
    (before or after the subcommand), else ``DICEPOKER_LANG``, else English. ``prog`` is the
    name the usage line shows: ``dicepoker`` (the console script) or ``python -m dicepoker``.
    """
    argv = sys.argv[1:] if argv is None else list(argv)
    chosen = language_in_argv(argv)
    try:
        lang = check_language(chosen) if chosen is not None else _language_here()
    except DicePokerError as err:
        return _say(f"error: {err}", 2)
    with in_language(lang), argparse_speaking(), warnings.catch_warnings():
        warnings.showwarning = _say_warning
        return _main(argv, prog)


def _say_warning(message: Warning | str, *_: object, **__: object) -> None:
    """A warning on the command line: one line on standard error, without Python's file and line."""
    text = str(message).replace("\n", " ")
    _say(format_message("warning: {message}", message=text), 0)


def _language_here() -> str:
    """The language when ``--lang`` is not given: the one set in Python, else ``DICEPOKER_LANG``
    (read as a locale too); a language the kit does not speak is said in one line, then English."""
    lang, problem = environment_language()
    if problem is None or is_language_set():
        return language()
    _say(format_message("warning: {message}", SOURCE_LANGUAGE, message=problem), 0)
    return lang


def _main(argv: list[str], prog: str) -> int:
    parser = build_parser(prog, chosen_command(argv))
    args = _parsed(parser, argv)
    if _stdout_closed():
        return _say(stdout_closed_message(), 1)
    try:
        if not getattr(args, "run", None):
            sys.stdout.write(parser.format_help())  # print_help() would hide a failed write
            code = 0
        else:
            code = int(args.run(args))
        sys.stdout.flush()
    except DicePokerError as err:
        return _say(format_message("error: {message}", message=err).replace("\n", " "), 2)
    except OSError as err:  # a full disk (ENOSPC), a closed pipe (EPIPE), a file too large
        return _output_failed(err)
    except ValueError as err:  # "I/O operation on closed file"
        if not sys.stdout.closed:
            raise
        return _output_failed(err)
    except KeyboardInterrupt:
        return _say(_("interrupted"), 130)
    return code


def _stdout_closed() -> bool:
    return sys.stdout is None or sys.stdout.closed


def _say(message: str, code: int) -> int:
    """Write a one-line message to standard error (if that is possible at all); return ``code``."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        print(message, file=sys.stderr, flush=True)
    return code


def _output_failed(err: Exception) -> int:
    why = getattr(err, "strerror", None) or str(err)
    _discard_unwritten_output()
    return _say(format_message("error: cannot write the output: {reason}", reason=why), 1)


def _parsed(parser: argparse.ArgumentParser, argv: Sequence[str] | None) -> argparse.Namespace:
    """The parsed arguments. For ``--help`` and ``--version`` argparse prints and exits, and it
    hides a failed write; so it prints into a string here, and the string is written with care."""
    text = io.StringIO()
    try:
        with contextlib.redirect_stdout(text):
            return parser.parse_args(argv)
    except SystemExit:
        if text.getvalue():
            if _stdout_closed():
                raise SystemExit(_say(stdout_closed_message(), 1)) from None
            try:
                sys.stdout.write(text.getvalue())
                sys.stdout.flush()
            except (OSError, ValueError) as err:
                raise SystemExit(_output_failed(err)) from None
        raise


def _discard_unwritten_output() -> None:
    """Point standard output at /dev/null, so Python's own flush at exit fails no second time
    (the recipe of Python's documentation for a closed pipe); only for the real standard output."""
    if sys.stdout is None or sys.stdout is not sys.__stdout__:
        return
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):
        pass


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main(prog="python -m dicepoker.cli.main"))
