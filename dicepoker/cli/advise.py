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

from dicepoker.games import SCORECARD_GAMES


def advice_text(advice: Any, top: int | None = None) -> str:
    """The advice as a readable table (the ``top`` best choices, all by default).

    >>> from dicepoker.games.scorecard.advisor import advise
    >>> print(advice_text(advise("yahtzee", "dice: 23456; rolls: 0"), top=2))
    yahtzee, upper: 0; poker50: no; dice: 23456; rolls: 0
    rank  choice                     expected final score     loss
       1  score Large Straight (40)                261.53     0.00
       2  score Small Straight (30)                246.56    14.98
    """
    shown = advice.choices[:top] if top else advice.choices
    width = max(len("choice"), *(len(c.label) for c in shown))
    lines = [
        f"{advice.position.rules.name}, {advice.position}",
        f"{'rank':>4}  {'choice':<{width}}  expected final score  {'loss':>7}",
    ]
    lines += [
        f"{i:>4}  {c.label:<{width}}  {c.expected:>20.2f}  {c.loss:>7.2f}" for i, c in enumerate(shown, 1)
    ]
    if not advice.position.scores_known:
        lines.append("(boxes given only as 'filled' count 0 points in the expected final scores)")
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
    parser = subparsers.add_parser("advise", help="every keep and box of a position, ranked (exact)")
    parser.add_argument("--game", default="classic", choices=list(SCORECARD_GAMES))
    parser.add_argument(
        "--position", required=True, help='e.g. "filled: Sixes 18, Chance 22; dice: 66612; rolls: 2"'
    )
    parser.add_argument("--top", type=int, default=None, metavar="N", help="show only the N best choices")
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.set_defaults(run=_run)
