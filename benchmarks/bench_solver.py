"""Benchmark of the optimal-strategy solver (issue 4): prints its figures, asserts nothing.

    python benchmarks/bench_solver.py [--repeats N] [--quick]

1. Compiling the kernel from nothing (a fresh process, an empty numba cache).
2. Whole solves, fresh (no cache): two_part, yahtzee (forced and free joker), yatzy, classic.
3. Yatzy against the compiled ``yatzy-solver`` package (Rust, ``pip install yatzy-solver``):
   both solve Scandinavian Yatzy in the same run, alternately, on the same machine; the ratio
   of their best times is printed (above 1: dicepoker is faster).
4. The value-table cache: write, and load in a fresh process.
5. Hints: latency per position once the table is loaded (first hint of a turn, and later ones).
6. Optimal play through the engine: games per second.
7. The spread of the final score (its exact mean and standard deviation, one sweep of the states
   along the optimal bot's choices): two_part, yatzy, classic.

The disk cache goes to a temporary directory, so the user's cache is left alone. ``--quick`` (what
the test suite runs, tests/test_benchmarks.py) does every step once on one-box variants of the games
(sixes only), warm numba cache, no yatzy-solver: its figures only show that the script still runs.
"""

from __future__ import annotations

import argparse
import atexit
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

os.environ["DICEPOKER_CACHE_DIR"] = tempfile.mkdtemp(prefix="dicepoker-bench-")
atexit.register(shutil.rmtree, os.environ["DICEPOKER_CACHE_DIR"], ignore_errors=True)

import numpy as np  # noqa: E402

from dicepoker import find_game  # noqa: E402
from dicepoker.core.dice import all_rolls  # noqa: E402
from dicepoker.games.scorecard.analysis.lab import play_game, simulate  # noqa: E402
from dicepoker.games.scorecard.engine import Score, TurnView  # noqa: E402
from dicepoker.games.scorecard.hints import hint  # noqa: E402
from dicepoker.games.scorecard.solver import cache as solver_cache  # noqa: E402
from dicepoker.games.scorecard.solver.moments import final_score_moments  # noqa: E402
from dicepoker.games.scorecard.solver.solve import solve  # noqa: E402

COMPILE = """
import json, time
start = time.perf_counter()
from dicepoker import find_game
from dicepoker.games.scorecard.solver.solve import solve
y = find_game("yatzy")
solve(y.variant(name="sixes", boxes=y.boxes[5:6], poker_box=None), progress=False, cache=False)
print(json.dumps({"compile": time.perf_counter() - start}))
"""

LOAD = """
import json, time
start = time.perf_counter()
from dicepoker import find_game
from dicepoker.games.scorecard.solver.solve import solve
imported = time.perf_counter()
rules = find_game("classic")
if QUICK:
    rules = rules.variant(name="classic-sixes", boxes=rules.boxes[5:6], poker_box=None)
s = solve(rules, progress=False)
print(json.dumps({"load": time.perf_counter() - imported, "from_cache": s.from_cache}))
"""


def sixes_only(rules):
    """A one-box variant of ``rules`` (its sixes box alone): solved in well under a second."""
    return rules.variant(name=f"{rules.name}-sixes", boxes=rules.boxes[5:6], poker_box=None)


def fresh_process(code: str, **env: str) -> dict:
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, env={**os.environ, **env}
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def timed_solve(rules) -> tuple[float, float, int]:
    start = time.perf_counter()
    solution = solve(rules, progress=False, cache=False)
    return time.perf_counter() - start, solution.expected_score, solution.states


def yatzy_solver_build() -> tuple[float, float] | None:
    try:
        import yatzy_solver as ys
    except ImportError:
        return None
    start = time.perf_counter()
    solver = ys.Solver.build(ys.Variant("yatzy-scandinavian"))
    seconds = time.perf_counter() - start
    return seconds, solver.state_value("upper 0 | filled -")


def hint_latency(rules, positions: int = 300) -> tuple[list[float], list[float]]:
    """Seconds per hint: the first of a turn (its turn table computed) and a later one."""
    solution = solve(rules, progress=False)
    rng = np.random.default_rng(1)
    game = play_game("heuristic", rules, rng=5)
    order = [a.box for _, a in game.history if isinstance(a, Score)]
    card = game.scorecard(0)
    first, later = [], []
    rolls = all_rolls()
    hint(TurnView(rules, {}, rolls[0], 2, True), solution=solution)  # load the compiled turn once
    for i in range(positions):
        filled = {b: card[b] for b in order[: (i // 2) % len(order)]}  # pairs of positions share a turn
        if i % 2 == 0:
            solution._turn_cache.clear()
        dice = rolls[rng.integers(252)]
        rolls_left = int(rng.integers(3))
        view = TurnView(rules, filled, dice, rolls_left, rolls_left == 2)
        start = time.perf_counter()
        hint(view, solution=solution)
        (first if i % 2 == 0 else later).append(time.perf_counter() - start)
    return first, later


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=2, help="solves of each kind (best time kept)")
    parser.add_argument("--quick", action="store_true", help="every step once, on one-box variants")
    args = parser.parse_args()
    if args.quick:
        args.repeats = 1
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} cpus, load average {os.getloadavg()[0]:.2f}")

    if args.quick:
        compiled = fresh_process(COMPILE)
        print(f"1. (quick: numba cache kept) kernel ready in a fresh process: {compiled['compile']:.1f} s")
    else:
        with tempfile.TemporaryDirectory() as numba_cache:
            compiled = fresh_process(COMPILE, NUMBA_CACHE_DIR=numba_cache)
        print(f"1. kernel compiled from nothing in a fresh process: {compiled['compile']:.1f} s")
        fresh_process(COMPILE)  # make sure the package's own numba cache is warm

    print("2. whole solves, fresh (best of", args.repeats, "):")
    games = {
        "two_part": find_game("two_part"),
        "yahtzee": find_game("yahtzee"),
        "yahtzee (free joker)": find_game("yahtzee").variant(joker="free"),
        "yatzy": find_game("yatzy"),
        "classic": find_game("classic"),
    }
    if args.quick:
        games = {name: sixes_only(rules) for name, rules in games.items()}
    best: dict[str, float] = {}
    for name, rules in games.items():
        runs = [timed_solve(rules) for _ in range(args.repeats)]
        best[name] = min(r[0] for r in runs)
        print(f"   {name:22s} {runs[0][1]:.7f}  {runs[0][2]:>9,} states  {best[name]:6.2f} s")

    print("3. yatzy: dicepoker against yatzy-solver, alternately in the same run:")
    ours, theirs = [], []
    for _ in range(args.repeats):
        ours.append(timed_solve(games["yatzy"]))
        built = None if args.quick else yatzy_solver_build()
        if args.quick:
            print(f"   (quick: yatzy-solver not run) dicepoker {ours[0][1]:.7f}  {ours[0][0]:6.2f} s")
            break
        if built is None:
            print("   yatzy-solver is not installed (pip install yatzy-solver)")
            break
        theirs.append(built)
    if theirs:
        mine, other = min(s for s, _, _ in ours), min(s for s, _ in theirs)
        print(f"   dicepoker    {min(ours)[1]:.7f}  {mine:6.2f} s")
        print(f"   yatzy-solver {theirs[0][1]:.7f}  {other:6.2f} s")
        ratio = other / mine
        print(f"   ratio yatzy-solver / dicepoker = {ratio:.2f}  (dicepoker is {ratio:.1f}x as fast)")

    print("4. the value-table cache (classic):")
    classic = solve(games["classic"], progress=False, cache=False)
    start = time.perf_counter()
    path = solver_cache.save(classic)
    saved = time.perf_counter() - start
    size = path.stat().st_size / 2**20
    loaded = [fresh_process(f"QUICK = {args.quick}\n" + LOAD) for _ in range(1 if args.quick else 3)]
    if not all(run["from_cache"] for run in loaded):
        raise SystemExit("the fresh process solved again instead of loading the cached table")
    print(f"   written in {saved:.2f} s ({size:.2f} MB)")
    best_load = min(run["load"] for run in loaded)
    print(f"   loaded and checked in a fresh process: {best_load:.2f} s (best of {len(loaded)})")

    print("5. hints once the table is loaded (classic):")
    first, later = hint_latency(games["classic"], positions=20 if args.quick else 300)
    for label, times in (("first of a turn", first), ("later in a turn", later)):
        ms = [1000 * t for t in times]
        p95 = float(np.percentile(ms, 95))
        print(f"   {label}: median {statistics.median(ms):.1f} ms, 95% {p95:.1f} ms, max {max(ms):.1f} ms")

    print("6. optimal play through the engine (classic):")
    played = 20 if args.quick else 200
    start = time.perf_counter()
    simulate("optimal", games=played, seed=1, rules=games["classic"])
    print(f"   {played / (time.perf_counter() - start):.0f} games per second ({played} games)")

    print("7. the spread of the final score, one sweep of the states (best of", args.repeats, "):")
    final_score_moments(solve(sixes_only(find_game("yatzy")), progress=False, cache=False))  # numba ready
    for name in ("two_part", "yatzy", "classic"):
        solution = solve(games[name], progress=False, cache=False)
        runs = [final_score_moments(solution) for _ in range(args.repeats)]
        seconds = min(run.seconds for run in runs)
        print(f"   {name:22s} mean {runs[0].mean:9.4f}  std {runs[0].std:8.4f}  {seconds:6.2f} s")


if __name__ == "__main__":
    main()
