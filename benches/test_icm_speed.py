"""Speed of ICM and push/fold from Python.

Not part of the normal test run. Run:

    .venv/bin/pytest benches/test_icm_speed.py --benchmark-only -q

Jobs: exact Malmuth-Harville equities of a 10- and a 20-player field, every place paid
(the subset program's worst case) and three places paid; a sampled 100-player field;
heads-up push/fold equilibria by chips and by ICM; equilibria at tables of 3, 6 and 10
players by ICM; and the decision values of a 10-player table for given ranges. There is
no installable ICM library to run beside it (the tools the issue names, HoldemResources
Calculator and ICMIZER, are commercial applications), so the baseline is the same subset
program written in plain Python (at 10 players; at 20 it would take seconds), checked
against pokerforge's answer before it is timed. Speed is reported, never asserted.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from pokerforge.icm import decisions, icm, push_fold, push_fold_table

pytest.importorskip("pytest_benchmark")

Measure = Callable[[Any, Callable[[], object], int], object]


def stacks(n: int) -> list[float]:
    """Stacks of different sizes, the same on every run (as the criterion bench)."""
    return [1000.0 + 397.0 * ((i * 7) % 11) for i in range(n)]


def payouts(places: int) -> list[float]:
    return [100.0 / (k + 1) for k in range(places)]


def icm_in_python(chips: list[float], prizes: list[float]) -> list[float]:
    """Malmuth-Harville by the subset program in plain Python (push form)."""
    n = len(chips)
    full = (1 << n) - 1
    prob = {0: 1.0}
    equity = [0.0] * n
    for place in range(min(len(prizes), n)):
        nxt: dict[int, float] = {}
        for taken, p in prob.items():
            left = sum(chips[j] for j in range(n) if not taken >> j & 1)
            for j in range(n):
                if not taken >> j & 1:
                    q = p * chips[j] / left
                    equity[j] += q * prizes[place]
                    key = (taken | 1 << j) & full
                    nxt[key] = nxt.get(key, 0.0) + q
        prob = nxt
    return equity


@pytest.mark.benchmark(min_rounds=5)
@pytest.mark.parametrize(("players", "places"), [(10, 10), (10, 3), (20, 20), (20, 3)])
def test_pokerforge_exact(benchmark: Any, measure: Measure, players: int, places: int) -> None:
    benchmark.group = f"icm {players} players, {places} paid"
    s, p = stacks(players), payouts(places)
    assert icm(s, p).exact
    measure(benchmark, lambda: icm(s, p), 1)


@pytest.mark.benchmark(min_rounds=3)
@pytest.mark.parametrize("places", [10, 3])
def test_plain_python_exact(benchmark: Any, measure: Measure, places: int) -> None:
    benchmark.group = f"icm 10 players, {places} paid"
    s, p = stacks(10), payouts(places)
    assert icm_in_python(s, p) == pytest.approx(icm(s, p), abs=1e-9)
    measure(benchmark, lambda: icm_in_python(s, p), 1)


@pytest.mark.benchmark(group="icm 100 players, 15 paid, 100,000 samples", min_rounds=3)
def test_pokerforge_sampled(benchmark: Any, measure: Measure) -> None:
    s, p = stacks(100), payouts(15)
    measure(benchmark, lambda: icm(s, p, samples=100_000, seed=1), 1)


@pytest.mark.benchmark(min_rounds=3)
@pytest.mark.parametrize("depth", [5, 10, 20])
def test_push_fold_chips(benchmark: Any, measure: Measure, depth: int) -> None:
    benchmark.group = f"push/fold heads-up {depth} bb"
    assert push_fold([depth, depth], (0.5, 1)).converged
    measure(benchmark, lambda: push_fold([depth, depth], (0.5, 1)), 1)


@pytest.mark.benchmark(group="push/fold heads-up ICM bubble 8 bb", min_rounds=3)
def test_push_fold_icm(benchmark: Any, measure: Measure) -> None:
    def run() -> object:
        return push_fold([8, 8], (0.5, 1), payouts=[50, 30, 20], others=[8, 8])

    measure(benchmark, run, 1)


@pytest.mark.benchmark(min_rounds=3)
@pytest.mark.parametrize("players", [3, 6, 10])
def test_push_fold_table(benchmark: Any, measure: Measure, players: int) -> None:
    """A table's equilibrium by ICM (stacks 6 to 12 big blinds, ante 0.1, three paid), as
    the criterion bench."""
    benchmark.group = f"push/fold table of {players}, ICM"
    chips = [6.0 + (i * 5 % 7) for i in range(players)]

    def run() -> object:
        return push_fold_table(chips, (0.5, 1), 0.1, [50, 30, 20])

    measure(benchmark, run, 1)


@pytest.mark.benchmark(group="push/fold decisions, table of 10", min_rounds=5)
def test_decisions_table(benchmark: Any, measure: Measure) -> None:
    chips = [6.0 + (i * 5 % 7) for i in range(10)]
    shoves = {p: "22+, A2+, K9+, QTs+" for p in range(9)}
    calls = {p: "77+, AT+" for p in range(1, 10)}

    def run() -> object:
        return decisions(chips, (0.5, 1), 0.1, [50, 30, 20], shoves=shoves, calls=calls)

    measure(benchmark, run, 1)
