"""``python -m dicepoker advise --game GAME --position "…" [--json] [--top N]``: every keep and box ranked.

The position is written in the notation of :mod:`dicepoker.games.scorecard.position`, e.g.
``"filled: Sixes 18, Chance 22; dice: 66612; rolls: 2"``; a bad position exits with code 2 and
says what is wrong.

>>> from dicepoker.cli.main import main
>>> main(["advise", "--game", "yahtzee", "--position", "dice: 23456; rolls: 0", "--json"])
... # doctest: +ELLIPSIS
{"game": "yahtzee", "position": "upper: 0; poker50: no; dice: 23456; rolls: 0", "scores_known": true, ...
0
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from dicepoker.cli.language import add_language_option
from dicepoker.cli.solve import whole_number
from dicepoker.core.i18n import _, format_message
from dicepoker.games import SCORECARD_GAMES

NUMBER = "{x:.2f}"
"""A value with two decimals, the locale's way (a number only: not a message)."""


def advice_text(advice: Any, top: int | None = None) -> str:
    """The advice as a readable table (the ``top`` best choices, all by default), in the current language.

    The position and the choices are written in the notation of the API (``score Large Straight``,
    ``keep 2345``), which is the same in every language.

    >>> from dicepoker.games.scorecard.advisor import advise
    >>> print(advice_text(advise("yahtzee", "dice: 23456; rolls: 0"), top=2))
    yahtzee, upper: 0; poker50: no; dice: 23456; rolls: 0
    rank  choice                     expected final score     loss
       1  score Large Straight (40)                261.53     0.00
       2  score Small Straight (30)                246.56    14.98
    """
    shown = advice.choices[:top] if top else advice.choices
    rank, choice, expected, loss = _("rank"), _("choice"), _("expected final score"), _("loss")
    widths = (
        max(4, len(rank)),
        max(len(choice), *(len(c.label) for c in shown)),
        len(expected),
        max(7, len(loss)),
    )
    lines = [
        f"{advice.position.rules.name}, {advice.position}",
        "  ".join(
            [rank.rjust(widths[0]), choice.ljust(widths[1]), expected.rjust(widths[2]), loss.rjust(widths[3])]
        ),
    ]
    for i, c in enumerate(shown, 1):
        cells = [
            str(i).rjust(widths[0]),
            c.label.ljust(widths[1]),
            format_message(NUMBER, x=c.expected).rjust(widths[2]),
            format_message(NUMBER, x=c.loss).rjust(widths[3]),
        ]
        lines.append("  ".join(cells))
    if not advice.position.scores_known:
        lines.append(_("(boxes given only as 'filled' count 0 points in the expected final scores)"))
    return "\n".join(lines)


def _run(args: argparse.Namespace) -> int:
    from dicepoker.games.scorecard.advisor import advise

    advice = advise(args.game, args.position)
    if args.json:
        data = advice.to_dict()
        if args.top:
            data["choices"] = data["choices"][: args.top]
        print(json.dumps(data))
    else:
        print(advice_text(advice, args.top))
    return 0


def register(subparsers: Any) -> None:
    """Add the ``advise`` subcommand to the command line.

    >>> parser = argparse.ArgumentParser()
    >>> register(parser.add_subparsers())
    >>> parser.parse_args(["advise", "--position", "dice: 11111"]).game
    'classic'
    """
    parser = subparsers.add_parser("advise", help=_("every keep and box of a position, ranked (exact)"))
    parser.add_argument("--game", default="classic", choices=list(SCORECARD_GAMES))
    parser.add_argument(
        "--position",
        required=True,
        help=format_message("e.g. {example}", example='"filled: Sixes 18, Chance 22; dice: 66612; rolls: 2"'),
    )
    parser.add_argument(
        "--top", type=whole_number(1), default=None, metavar="N", help=_("show only the N best choices")
    )
    parser.add_argument("--json", action="store_true", help=format_message("print {json}", json="JSON"))
    add_language_option(parser)
    parser.set_defaults(run=_run)
