"""Benchmark of the board game (issue 7): prints its figures, asserts nothing.

    python benchmarks/bench_board.py [games per pairing, default 200] [--quick]

1. The exact turn chance of every label (the 37 DPs, tables built from scratch).
2. A seeded tournament: the probability bot, the same bot without blocking, and random play,
   each pair playing the given number of two-player games (seats alternating), plus three-player
   games; win rates with 95% Wilson intervals, draws and game lengths.
3. Self-play of the probability bot: does the first player have an edge?
4. Seconds per game for each pairing.

``--quick`` (what the test suite runs, tests/test_benchmarks.py) plays 4 games per pairing: its
figures only show that the script still runs.
"""

from __future__ import annotations

import argparse
import time

import numpy as np


def main(games: int = 200) -> None:
    start = time.perf_counter()
    from dicepoker.games.board.odds import label_chances

    table = label_chances()
    print(f"exact turn chances of {len(table)} labels: {time.perf_counter() - start:.2f} s (with imports)")

    from dicepoker.games.board.bots import (
        ProbabilityBot,
        board_tournament,
        play_board_game,
        probability_bot,
        random_bot,
    )

    bots = {
        "probability": probability_bot,
        "no blocking": ProbabilityBot(block_weight=0, stop_threats=False),
        "random": random_bot,
    }
    columns = ["strategy", "opponent", "seats", "wins", "draws", "losses", "win_rate", "ci_low", "ci_high"]
    for players, n in ((2, games), (3, max(games // 4, min(games, 10)))):
        tic = time.perf_counter()
        result = board_tournament(bots, games=n, players=players, rng=2026)
        seconds = time.perf_counter() - tic
        per_game = seconds / (n * len(result) // 2)
        print(f"\n{players} players, {n} games per pairing ({seconds:.1f} s, {per_game:.3f} s/game):")
        print(result[columns + ["mean_turns"]].round(3).to_string(index=False))

    tic = time.perf_counter()
    rng = np.random.default_rng(7)
    outcomes = [
        play_board_game([probability_bot, probability_bot], rng=rng.spawn(1)[0]) for _ in range(games)
    ]
    first = sum(g.winner == 0 for g in outcomes)
    draws = sum(g.outcome.is_draw for g in outcomes)
    turns = np.array([g.turns_played for g in outcomes])
    from dicepoker.core.stats import wilson_interval

    estimate = wilson_interval(first, games)
    low, high = estimate.low, estimate.high
    print(f"\nself-play of the probability bot, {games} games ({time.perf_counter() - tic:.1f} s):")
    print(f"  first player wins {first / games:.3f} (95% CI {low:.3f}..{high:.3f}), draws {draws}")
    print(
        f"  turns: mean {turns.mean():.1f}, median {np.median(turns):.0f}, 5%..95% "
        f"{np.percentile(turns, 5):.0f}..{np.percentile(turns, 95):.0f}, max {turns.max()}"
    )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", type=int, nargs="?", default=200, help="games per pairing")
    parser.add_argument("--quick", action="store_true", help="4 games per pairing")
    args = parser.parse_args()
    main(4 if args.quick else args.games)
