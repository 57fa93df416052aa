"""``python -m dicepoker solve`` and ``simulate``: optimal play, exactly and by simulation.

``solve --game GAME [--upper-bonus-threshold N] [--joker RULE] [--risk θ] [--no-cache] [--json]``
prints the expected score of optimal solitaire play; ``--no-cache`` solves afresh and leaves the
cache as it was. ``--risk θ`` solves for the player who maximises ``E[(exp(θ S) - 1) / θ]`` and
adds its certainty equivalent ``(1/θ) log E[exp(θ S)]`` (the expected score is then not known
exactly, so it is left out). ``simulate --game GAME --strategy NAME --games N --seed S [--json]``
plays seeded games.

>>> from dicepoker.cli.main import main
>>> main(["simulate", "--game", "yatzy", "--strategy", "heuristic", "--games", "3", "--seed", "1", "--json"])
... # doctest: +ELLIPSIS
{"mean": ..., "std": ..., "quantiles": {"0%": ..., "5%": ..., "25%": ..., "50%": ..., "75%": ...}}
0
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from dicepoker.cli.language import add_language_option
from dicepoker.core.i18n import _, display_name, format_message, format_number
from dicepoker.games import SCORECARD_GAMES, find_game
from dicepoker.games.scorecard.rules import JokerRule, ScorecardRules

QUANTILES = (0.0, 0.05, 0.25, 0.5, 0.75, 0.95, 1.0)


def chosen_rules(args: argparse.Namespace) -> ScorecardRules:
    """The game's rule set with the parameters given on the command line.

    >>> args = argparse.Namespace(game="classic", upper_bonus_threshold=63, joker=None)
    >>> chosen_rules(args).upper_bonus_threshold
    63
    """
    rules = find_game(args.game)
    changes: dict[str, Any] = {}
    if getattr(args, "upper_bonus_threshold", None) is not None:
        changes["upper_bonus_threshold"] = args.upper_bonus_threshold
    if getattr(args, "joker", None) is not None:
        changes["joker"] = args.joker
    return rules.variant(**changes) if changes else rules


def solve_result(args: argparse.Namespace) -> dict[str, Any]:
    """Solve (or load) the chosen rule set: game, expected score, states, seconds taken now.

    >>> args = argparse.Namespace(game="two_part", upper_bonus_threshold=None, joker=None)
    >>> args.json, args.no_cache = True, False
    >>> sorted(solve_result(args))
    ['expected_score', 'game', 'seconds', 'states']
    >>> args.risk = 0.02
    >>> sorted(solve_result(args))
    ['certainty_equivalent', 'game', 'risk', 'seconds', 'states']
    """
    from dicepoker.games.scorecard.solver.solve import solve

    rules = chosen_rules(args)
    risk = getattr(args, "risk", None) or 0.0
    start = time.perf_counter()
    progress = not args.json and sys.stderr.isatty()
    solution = solve(rules, risk=risk, progress=progress, cache=not args.no_cache)
    seconds = time.perf_counter() - start
    result: dict[str, Any] = {"game": args.game}
    if risk:
        result.update(risk=solution.risk, certainty_equivalent=solution.certainty_equivalent)
    else:
        result["expected_score"] = solution.expected_score
    return {**result, "states": solution.states, "seconds": round(seconds, 3)}


def _solve(args: argparse.Namespace) -> int:
    result = solve_result(args)
    if args.json:
        print(json.dumps(result))
    elif "risk" in result:
        print(
            format_message(
                "{title}, risk θ = {risk}: worth a sure {value:.4f} points to that player "
                "({states:,} states, {seconds:.2f} s)",
                title=display_name("game title", chosen_rules(args).title),
                risk=format_number(result["risk"], digits=6),
                value=result["certainty_equivalent"],
                states=result["states"],
                seconds=result["seconds"],
            )
        )
    else:
        print(
            format_message(
                "{title}: optimal play scores {score:.4f} on average ({states:,} states, {seconds:.2f} s)",
                title=display_name("game title", chosen_rules(args).title),
                score=result["expected_score"],
                states=result["states"],
                seconds=result["seconds"],
            )
        )
    return 0


def simulate_result(args: argparse.Namespace) -> dict[str, Any]:
    """Simulate the strategy: mean, standard deviation and quantiles of the final score.

    >>> args = argparse.Namespace(game="yatzy", strategy="random", games=3, seed=1)
    >>> args.upper_bonus_threshold = None
    >>> list(simulate_result(args)["quantiles"])
    ['0%', '5%', '25%', '50%', '75%', '95%', '100%']
    """
    from dicepoker.lessons.lab import simulate

    totals = simulate(args.strategy, games=args.games, seed=args.seed, rules=chosen_rules(args))["total"]
    return {
        "mean": float(totals.mean()),
        "std": float(totals.std(ddof=1)) if len(totals) > 1 else 0.0,
        "quantiles": {f"{q:.0%}": float(totals.quantile(q)) for q in QUANTILES},
    }


def _simulate(args: argparse.Namespace) -> int:
    result = simulate_result(args)
    if args.json:
        print(json.dumps(result))
    else:
        q = result["quantiles"]
        print(
            format_message(
                "{strategy} on {game}, {games} games (seed {seed}): mean {mean:.2f}, std {std:.2f}, "
                "median {median:.0f}, middle half {low:.0f}..{high:.0f}",
                strategy=args.strategy,
                game=args.game,
                games=args.games,
                seed=args.seed,
                mean=result["mean"],
                std=result["std"],
                median=q["50%"],
                low=q["25%"],
                high=q["75%"],
            )
        )
    return 0


def whole_number(at_least: int) -> Any:
    """An ``argparse`` type: a whole number of at least ``at_least``, else a one-line usage error.

    >>> whole_number(0)("7"), whole_number(1).__name__
    (7, 'whole number of at least 1')
    >>> whole_number(0)("-1")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: '-1' is not a whole number of at least 0
    """

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = at_least - 1
        if value < at_least:
            raise argparse.ArgumentTypeError(
                format_message(
                    "{text} is not a whole number of at least {least}", text=repr(text), least=at_least
                )
            )
        return value

    parse.__name__ = format_message("whole number of at least {least}", least=at_least)
    return parse


def register(sub: Any) -> None:
    """Add the ``solve`` and ``simulate`` subcommands.

    >>> parser = argparse.ArgumentParser()
    >>> register(parser.add_subparsers())
    >>> parser.parse_args(["solve", "--game", "yatzy", "--no-cache"]).no_cache
    True
    """
    from dicepoker.games.scorecard.bots import STRATEGIES

    games = list(SCORECARD_GAMES)
    solve = sub.add_parser("solve", help=_("the expected score of optimal play (exact)"))
    solve.add_argument("--game", default="classic", choices=games)
    solve.add_argument(
        "--upper-bonus-threshold", type=int, metavar="N", help=_("the upper total the bonus needs")
    )
    solve.add_argument("--joker", choices=[j.value for j in JokerRule], help=_("the joker rule"))
    solve.add_argument(
        "--risk", type=float, default=0.0, metavar="θ", help=_("risk parameter of the utility (exp(θS)-1)/θ")
    )
    solve.add_argument("--no-cache", action="store_true", help=_("solve afresh; leave the cache as it was"))
    solve.add_argument("--json", action="store_true", help=format_message("print {json}", json="JSON"))
    add_language_option(solve)
    solve.set_defaults(run=_solve)
    sim = sub.add_parser("simulate", help=_("play seeded games with a strategy"))
    sim.add_argument("--game", default="classic", choices=games)
    sim.add_argument("--strategy", default="optimal", choices=list(STRATEGIES))
    sim.add_argument("--games", type=whole_number(1), default=1000, metavar="N", help=_("how many games"))
    sim.add_argument("--seed", type=whole_number(0), default=0, metavar="S", help=_("the seed (0 or more)"))
    sim.add_argument(
        "--upper-bonus-threshold", type=int, metavar="N", help=_("the upper total the bonus needs")
    )
    sim.add_argument("--json", action="store_true", help=format_message("print {json}", json="JSON"))
    add_language_option(sim)
    sim.set_defaults(run=_simulate)
