"""Benchmark of the odds (issue 3): prints its figures, asserts nothing.

    python benchmarks/bench_odds.py [--quick]

1. Exact, cold: in a fresh Python process, the one-roll and within-three odds of every
   combination of every game (classic, yahtzee, yatzy, two_part, bluff, board), all tables built
   from scratch. Timed after the imports, and the whole process end to end.
2. The simulator: dice thrown and classified per second, for single rolls (10 million dice)
   and for whole turns following the best-keep plan.

``--quick`` (what the test suite runs, tests/test_benchmarks.py): one fresh process, and a
hundredth of the dice: its figures only show that the script still runs.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time

COLD = """
import json, time
start = time.perf_counter()
import dicepoker.odds.tables as t
imported = time.perf_counter()
from dicepoker.games import GAMES
n = sum(len(t.game_odds(game)) for game in GAMES)
done = time.perf_counter()
print(json.dumps({"import": imported - start, "exact": done - imported, "combinations": n}))
"""


def cold_exact(repeats: int = 3) -> dict[str, float]:
    """The best of ``repeats`` fresh processes."""
    best: dict[str, float] = {}
    for _ in range(repeats):
        start = time.perf_counter()
        out = subprocess.run([sys.executable, "-c", COLD], capture_output=True, text=True, check=True).stdout
        process = time.perf_counter() - start
        figures = json.loads(out) | {"process": process}
        if not best or figures["exact"] < best["exact"]:
            best = figures
    return best


def simulator_rates(scale: float = 1.0) -> dict[str, float]:
    import numpy as np

    from dicepoker.odds.simulation import roll_counts, simulate_turns
    from dicepoker.odds.turn import hold_plan

    rolls = int(2_000_000 * scale)  # 10 million dice
    roll_counts(1000, 0)  # warm the tables
    best = float("inf")
    for seed in range(3):
        start = time.perf_counter()
        roll_counts(rolls, seed)
        best = min(best, time.perf_counter() - start)
    one_roll = rolls * 5 / best
    plan = hold_plan("Poker")
    rng = np.random.default_rng(1)
    start = time.perf_counter()
    turn_count = int(1_000_000 * scale)
    turns = simulate_turns(plan, turn_count, rng)
    elapsed = time.perf_counter() - start
    return {
        "one_roll_dice_per_s": one_roll,
        "turn_dice_per_s": turns.dice_thrown / elapsed,
        "turns_s": elapsed,
        "turns": turn_count,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="one fresh process, a hundredth of the dice")
    quick = parser.parse_args().quick
    cold = cold_exact(repeats=1 if quick else 3)
    print(
        f"exact odds, cold: {cold['combinations']} combinations of 6 games, one roll + within three: "
        f"{cold['exact']:.2f} s after imports ({cold['import']:.2f} s of imports; "
        f"whole fresh process {cold['process']:.2f} s)"
    )
    rates = simulator_rates(scale=0.01 if quick else 1.0)
    print(f"simulator, single rolls: {rates['one_roll_dice_per_s'] / 1e6:.0f} million dice per second")
    turn_rate = rates["turn_dice_per_s"] / 1e6
    print(
        f"simulator, whole turns chasing Poker (best keeps): {turn_rate:.0f} million dice per second "
        f"({rates['turns']:,} turns in {rates['turns_s']:.2f} s)"
    )


if __name__ == "__main__":
    main()
