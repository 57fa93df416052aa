"""``python -m dicepoker tournament FOLDER [--kind caller] [--games N] [--json]``: the class tournament.

>>> import tempfile
>>> from dicepoker.cli.main import main
>>> main(["tournament", tempfile.mkdtemp(), "--games", "2", "--bots", "random", "--json"])
... # doctest: +ELLIPSIS
[{"rank": 1, "player": "random", "kind": "bot", "games": 2, "mean": ...
0
"""

from __future__ import annotations

import argparse
import json
import math

from dicepoker.core.i18n import _, format_message
from dicepoker.lessons.class_tournament import BOTS, COLUMNS, TIME_LIMIT, class_tournament
from dicepoker.lessons.saved_strategies import KINDS


def _run(args: argparse.Namespace) -> int:
    bots = None if args.bots is None else [bot for bot in args.bots.split(",") if bot]
    result = class_tournament(
        args.folder, kind=args.kind, games=args.games, seed=args.seed, time_limit=args.time_limit, bots=bots
    )
    board = result.leaderboard.reset_index()[["rank", *COLUMNS]]
    if args.json:  # the columns and values stay English; a player who did not finish has null figures
        records = [
            {k: (None if isinstance(v, float) and math.isnan(v) else v) for k, v in row.items()}
            for row in board.to_dict("records")
        ]
        print(json.dumps(records, ensure_ascii=False))
    else:
        print(board.to_string(index=False))
    for name, why in result.refused.items():
        print(format_message("refused {file}: {reason}", file=name, reason=why))
    return 0


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``tournament`` subcommand."""
    parser = subparsers.add_parser(
        "tournament", help=_("run the students' saved strategies against each other and the kit's bots")
    )
    parser.add_argument("folder", help=_("the class folder (`join_class`, `DICEPOKER_CLASS`)"))
    parser.add_argument(
        "--kind",
        choices=list(KINDS),
        default="strategy",
        help=_("strategies (lesson 04) or callers (lesson 06)"),
    )
    parser.add_argument(
        "--games", type=int, help=_("games per player (100), or per pair of players for callers (20)")
    )
    parser.add_argument("--seed", type=int, default=0, help=_("the seed: the same seed gives the same table"))
    parser.add_argument(
        "--time-limit",
        type=float,
        default=TIME_LIMIT,
        help=_("seconds a student's function may take to decide"),
    )
    parser.add_argument(
        "--bots",
        help=format_message(
            "the kit's bots to seat, separated by commas (strategies: {strategy}; callers: {caller})",
            strategy=",".join(BOTS["strategy"]),
            caller=",".join(BOTS["caller"]),
        ),
    )
    parser.add_argument("--json", action="store_true", help=format_message("print {json}", json="JSON"))
    parser.set_defaults(run=_run)
