"""Speed of the short-deck and razz (ace-to-five low) evaluators, beside pokerkit's.

Not part of the normal test run. Run:

    .venv/bin/pip install -e '.[bench]'
    .venv/bin/pytest benches/test_variant_eval_speed.py --benchmark-only -q

Scalar benchmarks rank the same 1,000 random seven-card hands per call (short deck: from
the 36 cards six to ace); batch benchmarks rank 1,000,000 rows of ``cards[N, 7]`` on one
thread. pokerkit's hands (``ShortDeckHoldemHand``, whose order puts a straight above three
of a kind, and ``RegularLowHand``, the ace-to-five low) are built with ``from_game`` from
cards parsed beforehand, and checked against pokerforge before timing. pokerkit has no
batch form.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest

from pokerforge import (
    Card,
    evaluate_low_a5,
    evaluate_low_a5_many,
    evaluate_short_deck,
    evaluate_short_deck_many,
)

pytest.importorskip("pytest_benchmark")

Measure = Callable[[Any, Callable[[], object], int], object]

SCALAR_HANDS = 1_000
BATCH_HANDS = 1_000_000


def hands(n: int, first: int, seed: int) -> npt.NDArray[np.uint8]:
    """``n`` seeded random seven-card hands from the cards ``first..52``."""
    rng = np.random.default_rng(seed)
    order = np.argsort(rng.random((n, 52 - first)), axis=1)[:, :7] + first
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


@pytest.mark.benchmark(group="short deck scalar, 7 cards")
def test_pokerforge_evaluate_short_deck(benchmark: Any, measure: Measure) -> None:
    """``evaluate_short_deck(mask)``, Hold'em's order of trips and straights as pokerkit."""
    cards = masks(hands(SCALAR_HANDS, 16, seed=5))

    def run() -> object:
        return [evaluate_short_deck(m, trips_beat_straight=False) for m in cards]

    measure(benchmark, run, len(cards))


@pytest.mark.benchmark(group="short deck scalar, 7 cards")
def test_pokerkit_short_deck(benchmark: Any, measure: Measure) -> None:
    """pokerkit ``ShortDeckHoldemHand.from_game(cards)``."""
    pokerkit = pytest.importorskip("pokerkit")
    rows = hands(SCALAR_HANDS, 16, seed=5)
    cards = pokerkit_cards(rows)
    build = pokerkit.ShortDeckHoldemHand.from_game
    ours = [evaluate_short_deck(r.tolist(), trips_beat_straight=False) for r in rows[:300]]
    check_order(ours, [build(c) for c in cards[:300]])

    def run() -> object:
        return [build(c) for c in cards]

    measure(benchmark, run, len(cards))


@pytest.mark.benchmark(group="short deck batch, 7 cards, one thread")
def test_pokerforge_evaluate_short_deck_many(benchmark: Any, measure: Measure) -> None:
    """``evaluate_short_deck_many(uint8[N, 7], threads=1)``, rows checked."""
    rows = hands(BATCH_HANDS, 16, seed=6)
    measure(benchmark, lambda: evaluate_short_deck_many(rows, threads=1), len(rows))


@pytest.mark.benchmark(group="razz scalar, 7 cards")
def test_pokerforge_evaluate_low_a5(benchmark: Any, measure: Measure) -> None:
    """``evaluate_low_a5(mask)``."""
    cards = masks(hands(SCALAR_HANDS, 0, seed=7))

    def run() -> object:
        return [evaluate_low_a5(m) for m in cards]

    measure(benchmark, run, len(cards))


@pytest.mark.benchmark(group="razz scalar, 7 cards")
def test_pokerkit_razz(benchmark: Any, measure: Measure) -> None:
    """pokerkit ``RegularLowHand.from_game(cards)`` (ace-to-five, pairs count)."""
    pokerkit = pytest.importorskip("pokerkit")
    rows = hands(SCALAR_HANDS, 0, seed=7)
    cards = pokerkit_cards(rows)
    build = pokerkit.RegularLowHand.from_game
    ours = [evaluate_low_a5(r.tolist()) for r in rows[:300]]
    check_order(ours, [build(c) for c in cards[:300]])

    def run() -> object:
        return [build(c) for c in cards]

    measure(benchmark, run, len(cards))


@pytest.mark.benchmark(group="razz batch, 7 cards, one thread")
def test_pokerforge_evaluate_low_a5_many(benchmark: Any, measure: Measure) -> None:
    """``evaluate_low_a5_many(uint8[N, 7], threads=1)``, rows checked."""
    rows = hands(BATCH_HANDS, 0, seed=8)
    measure(benchmark, lambda: evaluate_low_a5_many(rows, threads=1), len(rows))
