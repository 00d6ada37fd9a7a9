"""How well every time limit is kept: each computation a caller can start, given a limit far
below its work, timed from the call to its answer (a result cut short or a named refusal),
several times; the worst overrun is reported against the target, max(2 x limit, limit +
100 ms), on the machine as it is (say how busy it was beside the figures).

    .venv/bin/python benches/time_limits.py            # limits 0.1 s and 0.5 s, 3 runs each
    .venv/bin/python benches/time_limits.py 0.2 --runs 5
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from typing import Any

from pokerforge import equity
from pokerforge.errors import PokerError
from pokerforge.icm import bubble_factors, icm, push_fold
from pokerforge.sim import range_grid, run

STUD = ["random", "9s9cAs4s9dQsTc", "9hTh6c4c2h7cKd"]
BADUGI = ["2c3d4h5s", "6c7d8h9s", "Tc9d8c7h", "2h3s4c5d", "6h7s8d9c", "ThJsQdKc"]
FIELD = [1000 + 13 * i for i in range(22)]


def cases() -> list[tuple[str, Callable[[float], Any]]]:
    """``(name, work(limit))`` for every kind of long computation."""
    return [
        ("holdem exact", lambda t: equity(["22+", "random"], dead="2c", method="exact",
                                          time_limit=t)),
        ("holdem monte-carlo", lambda t: equity(["random"] * 10, samples=10**12, time_limit=t)),
        ("omaha-hilo exact", lambda t: equity(["AhKhQdJd", "2c3c4s5s"], game="omaha-hilo",
                                              method="exact", time_limit=t)),
        ("short-deck exact", lambda t: equity(["random", "random"], dead="6c",
                                              game="short-deck", method="exact", time_limit=t)),
        ("stud exact", lambda t: equity(STUD, game="stud", method="exact", time_limit=t)),
        ("stud-hilo monte-carlo", lambda t: equity(["random"] * 8, game="stud-hilo",
                                                   samples=10**12, time_limit=t)),
        ("razz exact", lambda t: equity(STUD, game="razz", method="exact", time_limit=t)),
        ("badugi exact", lambda t: equity(BADUGI, game="badugi", draws=[1] * 6,
                                          draw_rounds=1, method="exact", time_limit=t)),
        ("2-7 triple draw monte-carlo", lambda t: equity(["random"] * 6, game="2-7-triple-draw",
                                                         samples=10**12, time_limit=t)),
        ("icm monte-carlo", lambda t: icm([1000] * 60, [50, 30, 20], samples=10**12,
                                          time_limit=t)),
        ("bubble factors (22)", lambda t: bubble_factors(FIELD, list(range(22, 0, -1)),
                                                         time_limit=t)),
        ("push/fold heads-up", lambda t: push_fold([12, 15], (0.5, 1), tolerance=1e-15,
                                                   time_limit=t)),
        ("push/fold table (10)", lambda t: push_fold([8, 9, 10, 11, 12, 13, 14, 15, 9, 10],
                                                     (0.5, 1), payouts=[50, 30, 20],
                                                     tolerance=1e-9, time_limit=t)),
        ("simulation", lambda t: run(None, players=6, hands=10**8, chunk_size=100,
                                     time_limit=t)),
        ("grid", lambda t: range_grid("random", "random", time_limit=t)),
    ]  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("limits", nargs="*", type=float, default=[0.1, 0.5])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    print(f"{'computation':30}{'limit s':>9}{'worst s':>9}{'target s':>10}  answer")
    worst_ratio = 0.0
    for name, work in cases():
        for limit in args.limits:
            worst, answer = 0.0, ""
            for _ in range(args.runs):
                start = time.perf_counter()
                try:
                    work(limit)
                    outcome = "result"
                except PokerError as err:
                    outcome = type(err).__name__
                took = time.perf_counter() - start
                if took >= worst:
                    worst, answer = took, outcome
            target = max(2 * limit, limit + 0.1)
            worst_ratio = max(worst_ratio, worst / target)
            mark = "" if worst <= target else "  OVER"
            print(f"{name:30}{limit:>9.2f}{worst:>9.3f}{target:>10.2f}  {answer}{mark}")
    print(f"worst / target: {worst_ratio:.2f}")


if __name__ == "__main__":
    main()
