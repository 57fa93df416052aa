"""The command line: ``python -m dicepoker SUBCOMMAND ...``.

Each subcommand lives in its own module with a ``register(subparsers)`` function that adds its
parser and sets ``run`` to a function taking the parsed arguments and returning an exit code.

>>> main(["rules", "--game", "yatzy", "--json"])  # doctest: +ELLIPSIS
{"game": "yatzy", "title": "Yatzy (Scandinavian)", "boxes": ["Ones", ...
0
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from dataclasses import fields
from importlib import import_module

from dicepoker.core.errors import DicePokerError
from dicepoker.core.i18n import _, check_language, display_name, language
from dicepoker.core.version import __version__
from dicepoker.games import GAMES, find_game

# modules that add subcommands, in the order --help lists them
SUBCOMMAND_MODULES: list[str] = ["dicepoker.cli.odds", "dicepoker.cli.solve", "dicepoker.cli.advise"]


def _rules(args: argparse.Namespace) -> int:
    rules = find_game(args.game)
    lang = language() if args.lang is None else check_language(args.lang)
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


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m dicepoker",
        description="Dice-poker games: rules, exact odds, optimal play.",
    )
    parser.add_argument("--version", action="version", version=f"dicepoker {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    rules = sub.add_parser("rules", help="show a game's rule set")
    rules.add_argument("--game", default="classic", choices=list(GAMES))
    rules.add_argument("--json", action="store_true", help="print JSON")
    rules.add_argument("--markdown", action="store_true", help="print the rules page of all four games")
    rules.add_argument("--lang", default=None, help="language of the text: en, ro, uk or th")
    rules.set_defaults(run=_rules)
    for module in SUBCOMMAND_MODULES:
        import_module(module).register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code (2 for bad input, with a clear message)."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "run", None):
        parser.print_help()
        return 0
    try:
        return int(args.run(args))
    except DicePokerError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
