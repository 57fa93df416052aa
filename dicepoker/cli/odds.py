"""``python -m dicepoker odds --game GAME [--json]``: the exact odds of every combination of a game.

>>> from dicepoker.cli.main import main
>>> main(["odds", "--game", "bluff", "--json"])  # doctest: +ELLIPSIS
{"game": "bluff", "combinations": [{"name": "Nothing", "one_roll": "1/1", "within_three": 1.0}, ...
0
"""

from __future__ import annotations

import argparse
import json
import textwrap
from fractions import Fraction
from typing import Any

from dicepoker.cli.language import add_language_option
from dicepoker.core.i18n import _, display_name, format_message
from dicepoker.games import GAMES, SCORECARD_GAMES
from dicepoker.games.board.labels import label_kind
from dicepoker.odds.tables import game_odds, one_roll_meaning

ODDS_GAMES = list(GAMES)
PERCENT = "{p:.3%}"
"""A chance as a percentage with three decimals, the locale's way (a number only: not a message)."""


def fraction_text(value: Fraction) -> str:
    """A chance as a reduced fraction ``"p/q"`` (always with a slash, so ``"0/1"`` and ``"1/1"``).

    >>> fraction_text(Fraction(6, 7776)), fraction_text(Fraction(1))
    ('1/1296', '1/1')
    """
    return f"{value.numerator}/{value.denominator}"


def odds_json(game: str) -> dict[str, Any]:
    """The odds of every combination of a game as JSON-able data.

    >>> odds_json("classic")["combinations"][-2]
    {'name': 'Poker', 'one_roll': '1/1296', 'within_three': 0.04602864252569899}
    """
    return {
        "game": game,
        "combinations": [
            {"name": o.name, "one_roll": fraction_text(o.one_roll), "within_three": float(o.within_three)}
            for o in game_odds(game)
        ],
    }


def combination_name(game: str, name: str) -> str:
    """A combination's name as a player of ``game`` reads it (a board label: its code and its kind).

    >>> combination_name("classic", "Full House"), combination_name("board", "L7")
    ('Full House', 'L7 (lucky 7)')
    """
    if game in SCORECARD_GAMES:
        return display_name("box", name)
    if game == "bluff":
        return display_name("bluff hand", name)
    return format_message("{code} ({kind})", code=name, kind=display_name("board label", label_kind(name)))


def odds_text(game: str) -> str:
    """The odds of every combination of a game as a readable table, in the current language.

    >>> for line in odds_text("bluff").splitlines()[1:3]:
    ...     print(line)
    combination      one roll (exact)  one roll  within three
    Nothing                       1/1  100.000%      100.000%
    """
    odds = game_odds(game)
    names = [combination_name(game, o.name) for o in odds]
    titles = [_("combination"), _("one roll (exact)"), _("one roll"), _("within three")]
    width = max(len(titles[0]), *(len(name) for name in names))
    widths = [width, max(16, len(titles[1])), max(8, len(titles[2])), max(12, len(titles[3]))]
    head = "  ".join(
        [titles[0].ljust(width), *(t.rjust(w) for t, w in zip(titles[1:], widths[1:], strict=True))]
    )
    title = format_message(
        "Odds of every combination of {game} (within three rolls: keeping the best dice)", game=repr(game)
    )
    lines = [title, head]
    for name, o in zip(names, odds, strict=True):
        cells = [
            fraction_text(o.one_roll),
            format_message(PERCENT, p=o.one_roll),
            format_message(PERCENT, p=o.within_three),
        ]
        lines.append(
            "  ".join([name.ljust(width), *(c.rjust(w) for c, w in zip(cells, widths[1:], strict=True))])
        )
    lines += textwrap.wrap(one_roll_meaning(game), width=len(head))
    return "\n".join(lines)


def _run(args: argparse.Namespace) -> int:
    if args.json:
        print(json.dumps(odds_json(args.game)))
    else:
        print(odds_text(args.game))
    return 0


def register(subparsers: Any) -> None:
    """Add the ``odds`` subcommand to the command line.

    >>> import argparse
    >>> parser = argparse.ArgumentParser()
    >>> register(parser.add_subparsers())
    >>> parser.parse_args(["odds", "--game", "board"]).game
    'board'
    """
    parser = subparsers.add_parser("odds", help=_("exact odds of every combination of a game"))
    parser.add_argument("--game", default="classic", choices=ODDS_GAMES)
    parser.add_argument("--json", action="store_true", help=format_message("print {json}", json="JSON"))
    add_language_option(parser)
    parser.set_defaults(run=_run)
