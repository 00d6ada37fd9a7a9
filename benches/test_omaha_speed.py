"""Speed of the Omaha and Omaha Hi-Lo evaluators from Python, beside phevaluator's Omaha.

Not part of the normal test run. Run:

    .venv/bin/pip install -e '.[bench]'
    .venv/bin/pytest benches/test_omaha_speed.py --benchmark-only -q

Scalar benchmarks rank the same 1,000 random PLO4 river deals per call (phevaluator only
does PLO4 with five board cards); batch benchmarks rank 1,000,000 rows of ``hole[N, h]``
and ``board[N, 5]`` on one thread. Peers are checked against pokerforge before timing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest

from pokerforge import (
    Card,
    evaluate_omaha,
    evaluate_omaha_hilo_many,
    evaluate_omaha_low_many,
    evaluate_omaha_many,
)

pytest.importorskip("pytest_benchmark")

Measure = Callable[[Any, Callable[[], object], int], object]

SCALAR_DEALS = 1_000
BATCH_DEALS = 1_000_000


def deals(n: int, hole: int, seed: int) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8]]:
    """``n`` seeded random deals: ``hole``-card hands and five-card boards, no card shared."""
    rng = np.random.default_rng(seed)
    cards = np.argsort(rng.random((n, 52)), axis=1)[:, : hole + 5].astype(np.uint8)
    return np.ascontiguousarray(cards[:, :hole]), np.ascontiguousarray(cards[:, hole:])


@pytest.fixture(scope="module")
def plo4_masks() -> list[tuple[int, int]]:
    holes, boards = deals(SCALAR_DEALS, 4, seed=11)
    return [
        (sum(1 << int(c) for c in h), sum(1 << int(c) for c in b))
        for h, b in zip(holes, boards, strict=True)
    ]


@pytest.mark.benchmark(group="omaha scalar PLO4")
def test_pokerforge_evaluate_omaha(
    benchmark: Any, measure: Measure, plo4_masks: list[tuple[int, int]]
) -> None:
    """``evaluate_omaha(hole_mask, board_mask)``, the scalar fast path."""

    def run() -> object:
        return [evaluate_omaha(h, b) for h, b in plo4_masks]

    measure(benchmark, run, len(plo4_masks))


@pytest.mark.benchmark(group="omaha scalar PLO4")
def test_phevaluator_omaha(benchmark: Any, measure: Measure) -> None:
    """phevaluator's C entry point ``_pheval.evaluate_omaha_cards`` (board first)."""
    phevaluator = pytest.importorskip("phevaluator")
    pheval = pytest.importorskip("phevaluator._pheval")
    holes, boards = deals(SCALAR_DEALS, 4, seed=11)
    ids = [
        [phevaluator.Card(str(Card.from_index(int(c)))).id_ for c in (*b, *h)]
        for h, b in zip(holes, boards, strict=True)
    ]
    # phevaluator counts from 1 = best: the same order as pokerforge's classes, reversed.
    for cards, h, b in list(zip(ids, holes, boards, strict=True))[:200]:
        ours = int(evaluate_omaha(h.tolist(), b.tolist()))
        assert pheval.evaluate_omaha_cards(*cards) == 7463 - ours

    def run() -> object:
        return [pheval.evaluate_omaha_cards(*cards) for cards in ids]

    measure(benchmark, run, len(ids))


@pytest.mark.benchmark(group="omaha batch")
@pytest.mark.parametrize("hole", [4, 5, 6], ids=["PLO4", "PLO5", "PLO6"])
@pytest.mark.parametrize(
    "kind",
    ["high", "low", "hilo"],
)
def test_pokerforge_omaha_many(benchmark: Any, measure: Measure, hole: int, kind: str) -> None:
    """The NumPy batch forms on one thread."""
    holes, boards = deals(BATCH_DEALS, hole, seed=12 + hole)
    function = {
        "high": evaluate_omaha_many,
        "low": evaluate_omaha_low_many,
        "hilo": evaluate_omaha_hilo_many,
    }[kind]

    def run() -> object:
        return function(holes, boards, threads=1)

    measure(benchmark, run, BATCH_DEALS)
