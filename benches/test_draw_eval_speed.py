"""Speed of the draw games' evaluators (deuce-to-seven low, badugi), beside pokerkit's.

Not part of the normal test run. Run:

    .venv/bin/pip install -e '.[bench]'
    .venv/bin/pytest benches/test_draw_eval_speed.py --benchmark-only -q

Scalar benchmarks rank the same 1,000 random hands per call (five cards for 2-7, four for
badugi); batch benchmarks rank 1,000,000 rows on one thread. pokerkit's hands
(``StandardLowHand``, its deuce-to-seven low, and ``BadugiHand``, its ace-low badugi) are
built with ``from_game`` from cards parsed beforehand, and checked against pokerforge
before timing. pokerkit has no batch form.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest

from pokerforge import (
    Card,
    evaluate_badugi,
    evaluate_badugi_many,
    evaluate_low_27,
    evaluate_low_27_many,
)

pytest.importorskip("pytest_benchmark")

Measure = Callable[[Any, Callable[[], object], int], object]

SCALAR_HANDS = 1_000
BATCH_HANDS = 1_000_000


def hands(n: int, k: int, seed: int) -> npt.NDArray[np.uint8]:
    """``n`` seeded random hands of ``k`` cards."""
    rng = np.random.default_rng(seed)
    order = np.argsort(rng.random((n, 52)), axis=1)[:, :k]
    return np.ascontiguousarray(order.astype(np.uint8))


def masks(rows: npt.NDArray[np.uint8]) -> list[int]:
    return [sum(1 << int(c) for c in row) for row in rows]


def pokerkit_cards(rows: npt.NDArray[np.uint8]) -> list[list[Any]]:
    pokerkit = pytest.importorskip("pokerkit")
    text = ("".join(str(Card.from_index(int(c))) for c in row) for row in rows)
    return [list(pokerkit.Card.parse(t)) for t in text]


def check_order(ours: list[Any], theirs: list[Any]) -> None:
    """The two libraries order neighbouring hands alike (and tie the same hands)."""
    for i in range(len(ours) - 1):
        assert (ours[i] < ours[i + 1]) == (theirs[i] < theirs[i + 1])
        assert (ours[i] == ours[i + 1]) == (theirs[i] == theirs[i + 1])


@pytest.mark.benchmark(group="2-7 scalar, 5 cards")
def test_pokerforge_evaluate_low_27(benchmark: Any, measure: Measure) -> None:
    """``evaluate_low_27(mask)``."""
    cards = masks(hands(SCALAR_HANDS, 5, seed=27))

    def run() -> object:
        return [evaluate_low_27(m) for m in cards]

    measure(benchmark, run, len(cards))


@pytest.mark.benchmark(group="2-7 scalar, 5 cards")
def test_pokerkit_deuce_to_seven(benchmark: Any, measure: Measure) -> None:
    """pokerkit ``StandardLowHand.from_game(cards)``."""
    pokerkit = pytest.importorskip("pokerkit")
    rows = hands(SCALAR_HANDS, 5, seed=27)
    cards = pokerkit_cards(rows)
    build = pokerkit.StandardLowHand.from_game
    check_order([evaluate_low_27(r.tolist()) for r in rows], [build(c) for c in cards])

    def run() -> object:
        return [build(c) for c in cards]

    measure(benchmark, run, len(cards))


@pytest.mark.benchmark(group="2-7 batch, 5 cards, one thread")
def test_pokerforge_evaluate_low_27_many(benchmark: Any, measure: Measure) -> None:
    """``evaluate_low_27_many(uint8[N, 5], threads=1)``, rows checked."""
    rows = hands(BATCH_HANDS, 5, seed=28)
    measure(benchmark, lambda: evaluate_low_27_many(rows, threads=1), len(rows))


@pytest.mark.benchmark(group="badugi scalar, 4 cards")
def test_pokerforge_evaluate_badugi(benchmark: Any, measure: Measure) -> None:
    """``evaluate_badugi(mask)``."""
    cards = masks(hands(SCALAR_HANDS, 4, seed=4))

    def run() -> object:
        return [evaluate_badugi(m) for m in cards]

    measure(benchmark, run, len(cards))


@pytest.mark.benchmark(group="badugi scalar, 4 cards")
def test_pokerkit_badugi(benchmark: Any, measure: Measure) -> None:
    """pokerkit ``BadugiHand.from_game(cards)``."""
    pokerkit = pytest.importorskip("pokerkit")
    rows = hands(SCALAR_HANDS, 4, seed=4)
    cards = pokerkit_cards(rows)
    build = pokerkit.BadugiHand.from_game
    check_order([evaluate_badugi(r.tolist()) for r in rows], [build(c) for c in cards])

    def run() -> object:
        return [build(c) for c in cards]

    measure(benchmark, run, len(cards))


@pytest.mark.benchmark(group="badugi batch, 4 cards, one thread")
def test_pokerforge_evaluate_badugi_many(benchmark: Any, measure: Measure) -> None:
    """``evaluate_badugi_many(uint8[N, 4], threads=1)``, rows checked."""
    rows = hands(BATCH_HANDS, 4, seed=5)
    measure(benchmark, lambda: evaluate_badugi_many(rows, threads=1), len(rows))
