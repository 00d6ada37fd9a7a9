"""Speed of draw-game equity: heads-up triple draw, Monte Carlo, one million deals.

Not part of the normal test run. Run:

    .venv/bin/pip install -e '.[bench]'
    .venv/bin/pytest benches/test_draw_equity_speed.py --benchmark-only -q

Each deal plays every draw left: both players draw up to three times, each draw decided by
the game's policy, then the final hands are ranked. The target (issue 30): a heads-up
triple-draw question at one million deals in at most a second. The summary's "hands" are
deals. No installable peer computes draw equity (pokerkit's ``calculate_equities`` deals
one set of cards per player, a single draw at most), so there is no side-by-side row.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from pokerforge import equity

pytest.importorskip("pytest_benchmark")

Measure = Callable[[Any, Callable[[], object], int], object]

DEALS = 1_000_000

# A rough 9-8 against a two-card draw: both players draw in most deals, most rounds.
SPOTS = {
    "2-7 triple draw": ("2-7-triple-draw", ["9h8d5c3s2h", "7c4d3dKsQh"]),
    "A-5 triple draw": ("a-5-triple-draw", ["9h8d5c3s2h", "7c4dAdKsQh"]),
    "badugi": ("badugi", ["Kc7d3h2s", "5c4c3dQs"]),
}


@pytest.mark.benchmark(group="draw equity, heads-up, 3 draws, 1M deals, all cores")
@pytest.mark.parametrize("spot", SPOTS)
def test_triple_draw_heads_up(benchmark: Any, measure: Measure, spot: str) -> None:
    game, hands = SPOTS[spot]

    def run() -> object:
        return equity(hands, game=game, samples=DEALS, seed=1)  # type: ignore[arg-type]

    result = measure(benchmark, run, DEALS)
    assert result.deals == DEALS  # type: ignore[attr-defined]


@pytest.mark.benchmark(group="draw equity, heads-up, 3 draws, 1M deals, one thread")
def test_triple_draw_heads_up_one_thread(benchmark: Any, measure: Measure) -> None:
    game, hands = SPOTS["2-7 triple draw"]
    measure(
        benchmark,
        lambda: equity(hands, game=game, samples=DEALS, seed=1, threads=1),  # type: ignore[arg-type]
        DEALS,
    )
