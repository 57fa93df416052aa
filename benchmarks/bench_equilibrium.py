"""Benchmark of equilibrium play for bluff (issue 17): prints its figures, asserts nothing.

    python benchmarks/bench_equilibrium.py [games per opponent, default 1000] [--quick]

1. The solver on Kuhn poker: LP and CFR+ values and times.
2. The bluff abstraction: size, build time, LP time, CFR+ exploitability against iterations.
3. The opener's standing rule: the opener's equilibrium value for each choice.
4. The exploitability of each bot in the abstraction (samples per information set: 12 and 48).
5. A seeded tournament: the equilibrium bot against each bot, two players, seats alternating,
   win rates with 95% Wilson intervals.

``--quick`` (what the test suite runs, tests/test_benchmarks.py): a tenth of the CFR+ iterations,
one reroll round, 2 samples per set, 10 games: its figures only show that the script still runs.
"""

from __future__ import annotations

import argparse
import time


def main(games: int = 1000, *, quick: bool = False) -> None:
    from dicepoker.core.match import random_bot
    from dicepoker.games.bluff.abstraction import OPENER_STANDS_ON, BluffAbstraction, bluff_abstraction
    from dicepoker.games.bluff.bots import NaiveBot, ReasoningBot
    from dicepoker.games.bluff.equilibrium import bot_exploitability, equilibrium_tournament
    from dicepoker.games.bluff.rules import BLUFF
    from dicepoker.solvers.kuhn import kuhn_poker
    from dicepoker.solvers.zero_sum import sequence_form, solve_cfr, solve_lp

    kuhn = sequence_form(kuhn_poker())
    lp = solve_lp(kuhn)
    kuhn_iterations = 100 if quick else 1000
    cfr = solve_cfr(kuhn, kuhn_iterations)
    print(
        f"Kuhn poker: LP value {lp.value:.12f} in {lp.seconds:.2f} s (with scipy's import); "
        f"CFR+ {kuhn_iterations} iterations {cfr.value:.6f}, exploitability {cfr.exploitability:.2e}, "
        f"{cfr.seconds:.2f} s"
    )

    iterations = 200 if quick else 2000
    for rerolls in (1,) if quick else (1, 2):
        rules = BLUFF.variant(reroll_rounds=rerolls)
        start = time.perf_counter()
        game = bluff_abstraction(rules)
        built = time.perf_counter() - start
        lp = solve_lp(game)
        cfr = solve_cfr(game, iterations)
        print(
            f"abstraction, {rerolls} reroll(s): information sets {game.infoset_count}, sequences "
            f"{game.sequence_count}, payoff entries {len(game.values)}; built in {built:.2f} s; "
            f"LP value {lp.value:.6f} exploitability {lp.exploitability:.1e} in {lp.seconds:.2f} s; "
            f"CFR+ {iterations} iterations {cfr.seconds:.2f} s"
        )
        print("  CFR+ exploitability by iteration: " + ", ".join(f"{t}: {g:.2e}" for t, g in cfr.curve))

    for stand in ("Three of a Kind",) if quick else ("Three of a Kind", "Small Straight", "Full House"):
        solution = solve_lp(sequence_form(BluffAbstraction(BLUFF, stand).tree()))
        mark = "  (the default)" if stand == OPENER_STANDS_ON else ""
        print(f"opener stands on {stand}: opener's value {solution.value:+.4f} lives per round{mark}")

    bots = {"naive": NaiveBot(), "reasoning": ReasoningBot(), "random": random_bot}
    for samples in (2,) if quick else (12, 48):
        start = time.perf_counter()
        gaps = {name: bot_exploitability(bot, samples=samples) for name, bot in bots.items()}
        print(
            f"exploitability in the abstraction ({samples} samples per set, "
            f"{time.perf_counter() - start:.1f} s): "
            + ", ".join(f"{name} {gap:.3f}" for name, gap in gaps.items())
        )

    start = time.perf_counter()
    table = equilibrium_tournament(bots, games=games, rng=2026)
    print(f"equilibrium bot, {games} two-player games against each ({time.perf_counter() - start:.1f} s):")
    print(table.to_string())


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", type=int, nargs="?", default=1000, help="games per opponent")
    parser.add_argument("--quick", action="store_true", help="a few iterations, samples and games")
    args = parser.parse_args()
    main(10 if args.quick else args.games, quick=args.quick)
