"""Benchmark of the risk-sensitive solve (issue 16): prints its figures, asserts nothing.

    python benchmarks/bench_risk.py [--repeats N] [--games classic yatzy] [--no-sweep] [--quick]

1. For each game, fresh solves (no cache) of the expected score (θ = 0) and of θ = +0.05 and
   θ = -0.05, interleaved in the same run (E, +, -, E, +, -, ...) so that the machine's load
   falls on all alike; the best time of each and the ratio risk / expected are printed.
2. The sweep of 11 values of θ for classic from an empty cache, with its progress bar.

The disk cache goes to a temporary directory, so the user's cache is left alone. ``--quick`` (what
the test suite runs, tests/test_benchmarks.py): one solve of each kind of one-box variants (sixes
only), and a sweep of three θ of that variant: its figures only show that the script still runs.
"""

from __future__ import annotations

import argparse
import atexit
import os
import shutil
import sys
import tempfile
import time

os.environ["DICEPOKER_CACHE_DIR"] = tempfile.mkdtemp(prefix="dicepoker-bench-risk-")
atexit.register(shutil.rmtree, os.environ["DICEPOKER_CACHE_DIR"], ignore_errors=True)

from dicepoker.games import find_game  # noqa: E402
from dicepoker.games.scorecard.analysis.risk import RISK_SWEEP, risk_sweep  # noqa: E402
from dicepoker.games.scorecard.solver import cache as solver_cache  # noqa: E402
from dicepoker.games.scorecard.solver.solve import solve  # noqa: E402


def timed(rules, risk: float) -> float:
    start = time.perf_counter()
    solve(rules, risk=risk, progress=False, cache=False)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3, help="solves of each kind (best time kept)")
    parser.add_argument("--games", nargs="+", default=["classic", "yatzy"])
    parser.add_argument("--no-sweep", action="store_true", help="skip part 2, the sweep of 11 values of θ")
    parser.add_argument("--quick", action="store_true", help="one-box variants, one solve of each kind")
    args = parser.parse_args()
    if args.quick:
        args.repeats = 1
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} cpus, load average {os.getloadavg()[0]:.2f}")
    solve(find_game("yatzy").variant(name="warm", boxes=find_game("yatzy").boxes[5:6], poker_box=None))
    print(f"1. fresh solves, interleaved, best of {args.repeats}:")
    for name in args.games:
        rules = find_game(name)
        if args.quick:
            rules = rules.variant(name=f"{name}-sixes", boxes=rules.boxes[5:6], poker_box=None)
        times: dict[float, list[float]] = {0.0: [], 0.05: [], -0.05: []}
        for _ in range(args.repeats):
            for risk in times:
                times[risk].append(timed(rules, risk))
        best = {risk: min(t) for risk, t in times.items()}
        print(
            f"   {name:8s} expected score {best[0.0]:6.2f} s   risk +0.05 {best[0.05]:6.2f} s   "
            f"risk -0.05 {best[-0.05]:6.2f} s   ratio risk/expected "
            f"{best[0.05] / best[0.0]:.2f} and {best[-0.05] / best[0.0]:.2f}"
        )
    if args.no_sweep:
        return
    swept, risks = find_game("classic"), RISK_SWEEP
    if args.quick:
        swept, risks = (
            swept.variant(name="classic-sixes", boxes=swept.boxes[5:6], poker_box=None),
            RISK_SWEEP[::5],
        )
    print(f"2. sweep of {len(risks)} values of θ for {swept.name}, empty cache:")
    solver_cache.forget()
    start = time.perf_counter()
    sweep = risk_sweep(swept, risks, progress=not args.quick)
    print(f"   {time.perf_counter() - start:.1f} s in all")
    print(sweep.round(4).to_string())


if __name__ == "__main__":
    main()
