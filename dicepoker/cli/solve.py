"""``python -m dicepoker solve`` and ``simulate``: optimal play, exactly and by simulation.

``solve --game GAME [--upper-bonus-threshold N] [--joker RULE] [--risk θ] [--no-cache] [--json]``
prints the expected score of optimal solitaire play; ``--no-cache`` solves afresh and leaves the
cache as it was. ``solve --all`` solves the tables the lessons and apps use (the four scorecard
games and classic with the bonus at 63) into the cache, one line (or JSON object) each. Without
numba a solve that will take long says so first, and where the tables can come from instead.
``--risk θ`` solves for the player who maximises ``E[(exp(θ S) - 1) / θ]`` and
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
import warnings
from typing import Any

from dicepoker.cli.language import add_language_option
from dicepoker.core.errors import DicePokerError
from dicepoker.core.i18n import _, display_name, format_message
from dicepoker.games import SCORECARD_GAMES, find_game
from dicepoker.games.scorecard.rules import JokerRule, ScorecardRules

QUANTILES = (0.0, 0.05, 0.25, 0.5, 0.75, 0.95, 1.0)


def chosen_rules(args: argparse.Namespace) -> ScorecardRules:
    """The game's rule set with the parameters given on the command line.

    >>> args = argparse.Namespace(game="classic", upper_bonus_threshold=63, joker=None)
    >>> chosen_rules(args).upper_bonus_threshold
    63
    """
    rules = find_game(getattr(args, "game", None) or "classic")
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
    rules = chosen_rules(args)
    return _solved(args, rules, args.game or "classic", getattr(args, "risk", None) or 0.0)


def _solved(args: argparse.Namespace, rules: ScorecardRules, game: str, risk: float) -> dict[str, Any]:
    from dicepoker.games.scorecard.solver import cache as solver_cache
    from dicepoker.games.scorecard.solver.solve import SlowSolveWarning, check_risk, slow_solve_ahead, solve

    start = time.perf_counter()
    progress = not args.json and sys.stderr.isatty()
    seconds_ahead = slow_solve_ahead(rules)
    if seconds_ahead is not None and (
        args.no_cache or solver_cache.remembered(rules, check_risk(risk)) is None
    ):
        print(slow_solve_notice(rules, seconds_ahead), file=sys.stderr, flush=True)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", SlowSolveWarning)  # said above, in the class's language
        solution = solve(rules, risk=risk, progress=progress, cache=not args.no_cache)
    seconds = time.perf_counter() - start
    result: dict[str, Any] = {"game": game}
    if risk:
        result.update(risk=solution.risk, certainty_equivalent=solution.certainty_equivalent)
    else:
        result["expected_score"] = solution.expected_score
    return {**result, "states": solution.states, "seconds": round(seconds, 3)}


def slow_solve_notice(rules: ScorecardRules, seconds: float) -> str:
    """What the command line says before a solve without numba that will take long.

    >>> from dicepoker import find_game
    >>> print(slow_solve_notice(find_game("classic"), 5700))  # doctest: +ELLIPSIS
    numba is not installed: solving Dice Poker in plain Python takes about 95 minutes ...
    """
    from dicepoker.games.scorecard.solver.cache import cache_dir

    return format_message(
        "{numba} is not installed: solving {title} in plain {python} takes about {minutes} minutes "
        "(seconds with {numba}). The tables can instead be solved once on a machine with {numba} "
        "({command}) and that machine's cache folder copied to {folder} "
        "(or one folder shared, named by {variable}).",
        numba="numba",
        python="Python",
        command="dicepoker solve --all",
        variable="DICEPOKER_CACHE_DIR",
        title=display_name("game title", rules.title),
        minutes=round(seconds / 60),
        folder=str(cache_dir()),
    )


def _solve(args: argparse.Namespace) -> int:
    if args.all:
        return _solve_all(args)
    _show_solved(args, solve_result(args), chosen_rules(args))
    return 0


def _solve_all(args: argparse.Namespace) -> int:
    """Solve the tables of :func:`~.solve.default_rule_sets` into the cache, saying each as it comes."""
    from dicepoker.games.scorecard.solver.solve import default_rule_sets

    given = [
        option
        for option, value in (
            ("--upper-bonus-threshold", args.upper_bonus_threshold),
            ("--joker", args.joker),
            ("--risk", args.risk or None),
            ("--game", args.game),
        )
        if value is not None
    ]
    if given:
        raise DicePokerError(
            format_message(
                "{all} solves the default rule sets: {options} cannot be given with it",
                all="--all",
                options=", ".join(given),
            )
        )
    for rules in default_rule_sets():
        result = _solved(args, rules, rules.name, 0.0)
        _show_solved(args, {**result, "upper_bonus_threshold": rules.upper_bonus_threshold}, rules)
    return 0


def _show_solved(args: argparse.Namespace, result: dict[str, Any], rules: ScorecardRules) -> None:
    if args.json:
        print(json.dumps(result))
        return
    from dicepoker.games.scorecard.solver.solution import solved_summary

    if "risk" in result:
        print(
            solved_summary(
                rules, result["certainty_equivalent"], result["states"], result["seconds"], result["risk"]
            )
        )
    else:
        print(
            solved_summary(rules, result["expected_score"], result["states"], result["seconds"])
            + _threshold_note(rules)
        )


def _threshold_note(rules: ScorecardRules) -> str:
    """`` (upper bonus at N)`` for a rule set that is not its game's default (``solve --all``)."""
    default = find_game(rules.name)
    if (
        not isinstance(default, ScorecardRules)
        or rules.upper_bonus_threshold == default.upper_bonus_threshold
    ):
        return ""
    return " " + format_message("(upper bonus at {threshold})", threshold=rules.upper_bonus_threshold)


def simulate_result(args: argparse.Namespace) -> dict[str, Any]:
    """Simulate the strategy: mean, standard deviation and quantiles of the final score.

    >>> args = argparse.Namespace(game="yatzy", strategy="random", games=3, seed=1)
    >>> args.upper_bonus_threshold = None
    >>> list(simulate_result(args)["quantiles"])
    ['0%', '5%', '25%', '50%', '75%', '95%', '100%']
    """
    from dicepoker.games.scorecard.analysis.lab import simulate

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
    solve.add_argument(
        "--game",
        default=None,
        choices=games,
        help=format_message("the game (default: {game})", game="classic"),
    )
    solve.add_argument(
        "--all", action="store_true", help=_("solve the tables the lessons and apps use, into the cache")
    )
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
