"""The cost estimates the queue is bounded by, compared with measured runs.

The service admits work by its estimated seconds (503 past ``max_wait``, 429 past
``max_client_wait``): estimates that run low let the queue hold more than its bound. Each
request below is run as the service runs it (one thread) and its CPU time measured (the
process's, with nothing else running in it: on a shared machine the wall time also counts
other programs' turns); its estimate must not be below what it took by more than a little,
nor far above it.
"""

from __future__ import annotations

import time

import pytest

from pokerforge._core import plan_equity

# Timed runs (alone: on a busy machine every run takes longer than its estimate says) of the
# core's work, the same on every Python (3.11 only in the test command).
pytestmark = [pytest.mark.serial, pytest.mark.slow]

REQUESTS = [
    (["AhKh", "random"], None, "holdem"),
    (["AhKh", "random", "random"], None, "holdem"),
    (["QQ+, AKs", "random", "random", "random"], None, "holdem"),
    (["QQ+, AKs"] + ["random"] * 5, None, "holdem"),
    (["AhKh", "QQ+, AKs", "random"], "2c7d9h", "holdem"),
    (["22+, A2s+, K9o+", "QQ+, AKs", "JJ+, AQs+"], None, "holdem"),
    (["random"] * 9 + ["AhAd"], None, "holdem"),
    (["A2o+", "K2o+", "Q2o+", "J2o+"], None, "holdem"),
    (["AhKhQhJh", "random", "random"], None, "omaha"),
    (["AhKhQhJh2c", "random", "random"], "3c4d5h", "omaha-hilo"),
]


def test_monte_carlo_estimates_match_measured_runs() -> None:
    ratios = []
    for players, board, game in REQUESTS:
        plan = plan_equity(players, board, None, game=game, method="monte-carlo", samples=500_000)
        estimate = plan.estimated_seconds(None)
        took = min(_timed(plan) for _ in range(2))  # the less disturbed of two runs
        ratios.append((took / estimate, players, board, game))
    # Estimates err on the slow side (the queue's bound holds), but not wildly: the most
    # pessimistic, four wide offsuit ranges, runs in about a fifth of its estimate
    # (0.1996-0.2 measured on an idle machine).
    low = [r for r in ratios if r[0] > 1.5]
    high = [r for r in ratios if r[0] < 0.15]
    assert not low, low
    assert not high, high
    mean = sum(r[0] for r in ratios) / len(ratios)
    # On an idle machine the runs now take about a third of their estimates (mean 0.346
    # measured): the estimates' constants are due a new calibration.
    assert 0.3 < mean <= 1.2, ratios


def _timed(plan: object) -> float:
    start = time.process_time()
    plan.run(seed=1, threads=1)  # type: ignore[attr-defined]
    return time.process_time() - start
