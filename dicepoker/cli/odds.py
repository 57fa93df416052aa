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

from dicepoker.games import GAMES
from dicepoker.odds.tables import game_odds, one_roll_meaning

ODDS_GAMES = list(GAMES)


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


def odds_text(game: str) -> str:
    """The odds of every combination of a game as a readable table.

    >>> for line in odds_text("bluff").splitlines()[1:3]:
    ...     print(line)
    combination      one roll (exact)  one roll  within three
    Nothing                       1/1  100.000%      100.000%
    """
    odds = game_odds(game)
    width = max(len("combination"), *(len(o.name) for o in odds))
    head = f"{'combination':<{width}}  one roll (exact)  one roll  within three"
    lines = [f"Odds of every combination of {game!r} (within three rolls: keeping the best dice)", head]
    for o in odds:
        lines.append(
            f"{o.name:<{width}}  {fraction_text(o.one_roll):>16}  {float(o.one_roll):>8.3%}"
            f"  {float(o.within_three):>12.3%}"
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
    parser = subparsers.add_parser("odds", help="exact odds of every combination of a game")
    parser.add_argument("--game", default="classic", choices=ODDS_GAMES)
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.set_defaults(run=_run)
