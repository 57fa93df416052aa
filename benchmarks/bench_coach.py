"""Benchmark of the coach and the advisor (issue 15): prints its figures, asserts nothing.

    python benchmarks/bench_coach.py [--positions N] [--games N] [--quick]

1. The advisor: milliseconds per answer once the value table is loaded, parsing the typed
   position included, for positions met in random games (each a new scorecard: the slow case,
   one turn evaluated) and asked again (the turn's values kept).
2. The coach's report of a whole classic game: milliseconds per report, by bot.
3. The grade scale: seconds to measure it (the bots' seeded games, reported by the coach).

Uses the user's value-table cache (a classic solve takes several seconds the first time).
``--quick`` (what the test suite runs, tests/test_benchmarks.py): 20 positions, a grade scale from
2 games per bot; its figures only show that the script still runs.
"""

from __future__ import annotations

import argparse
import statistics
import time

import numpy as np

from dicepoker.core.match import random_bot
from dicepoker.games.scorecard.advisor import advise
from dicepoker.games.scorecard.bots import find_strategy, play_turn
from dicepoker.games.scorecard.coach import _bot_games, coach_report, grade_scale
from dicepoker.games.scorecard.engine import ScorecardGame
from dicepoker.games.scorecard.hints import hint
from dicepoker.games.scorecard.position import position_of
from dicepoker.games.scorecard.solver.solve import solve


def positions(count: int, seed: int) -> list[str]:
    found: list[str] = []
    game, rng = ScorecardGame("classic", seed=seed), np.random.default_rng(seed)
    while len(found) < count:
        if game.is_over:
            seed += 1
            game, rng = ScorecardGame("classic", seed=seed), np.random.default_rng(seed)
        game.roll()
        while game.positions is not None:
            found.append(str(position_of(game)))
            game.apply(random_bot(game.view(), rng))
    return found[:count]


def timed_ms(function, *args) -> float:
    start = time.perf_counter()
    function(*args)
    return 1000 * (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--quick", action="store_true", help="20 positions, 2 games per bot")
    args = parser.parse_args()
    if args.quick:
        args.positions, args.games = 20, 2
    start = time.perf_counter()
    solution = solve("classic", progress=False)
    game = ScorecardGame("classic", seed=0)
    game.roll()
    hint(game, solution=solution)  # loads the compiled kernel
    print(f"classic table loaded and kernel ready in {time.perf_counter() - start:.2f} s")

    texts = positions(args.positions, seed=1)
    for label in ("first time (new scorecards)", "asked again"):
        times = [timed_ms(advise, "classic", text) for text in texts]
        print(
            f"advisor, {label}: median {statistics.median(times):.2f} ms, "
            f"95th percentile {sorted(times)[int(0.95 * len(times))]:.2f} ms, max {max(times):.2f} ms "
            f"over {len(times)} positions"
        )

    for bot in ("optimal", "heuristic", "random"):
        strategy, rng = find_strategy(bot), np.random.default_rng(2)
        game = ScorecardGame("classic", seed=2)
        while not game.is_over:
            play_turn(game, strategy, rng)
        times = [timed_ms(coach_report, game, 0) for _ in range(3)]
        print(f"coach report of the {bot} bot's game: {min(times):.0f} ms (best of 3)")

    _bot_games.cache_clear()
    start = time.perf_counter()
    scale = grade_scale("classic", games=args.games)
    print(
        f"grade scale from {args.games} games per bot: {time.perf_counter() - start:.2f} s; {scale.source()}"
    )


if __name__ == "__main__":
    main()
