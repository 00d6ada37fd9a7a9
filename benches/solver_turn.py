"""The issue's turn spot solved from Python and its root strategy read, end to end.

Ranges ``66+,A8s+,A5s-A4s,AJo+,K9s+,KQo,QTs+,JTs,96s+,85s+,75s+,65s,54s`` (out of position)
against ``QQ-22,AQs-A2s,ATo+,K5s+,KJo+,Q8s+,J8s+,T7s+,96s+,86s+,75s+,64s+,53s+``, board
Td9d6hQc, pot 200, stacks 900, bets 50% and all-in, raises 2.5x, solved to 0.5% of the
pot; the time counts building the game, solving it and reading the root's strategy and
its aggregates. Prints each run with the CPU seconds it took and the load average (the
machine may be shared).

Run (not part of the test suite):

    .venv/bin/python benches/solver_turn.py [--runs 5] [--compressed]
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from pokerforge.solver import solve

OOP = "66+,A8s+,A5s-A4s,AJo+,K9s+,KQo,QTs+,JTs,96s+,85s+,75s+,65s,54s"
IP = "QQ-22,AQs-A2s,ATo+,K5s+,KJo+,Q8s+,J8s+,T7s+,96s+,86s+,75s+,64s+,53s+"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--compressed", action="store_true")
    args = parser.parse_args()
    times = []
    for _ in range(args.runs):
        load = os.getloadavg()[0]
        start, cpu = time.perf_counter(), time.process_time()
        game = solve(
            ranges=[OOP, IP], board="Td9d6hQc", pot=200, stack=900, bets="50%, a",
            raises="2.5x", target=0.005, compressed=args.compressed,
        )  # fmt: skip
        strategy = game.strategy(game.root)
        totals = strategy.totals
        elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
        times.append(elapsed)
        print(
            f"{elapsed:.3f} s ({cpu:.2f} CPU s): {game.iterations} iterations, exploitability "
            f"{game.exploitability:.3%}, {game.memory_bytes / 1e6:.1f} MB, root "
            + ", ".join(f"{a} {f:.1%}" for a, f in totals.items())
            + f" (load {load:.1f})"
        )
    print(f"median {statistics.median(times):.3f} s, best {min(times):.3f} s")


if __name__ == "__main__":
    main()
