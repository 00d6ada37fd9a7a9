"""evaluate_low_a5 and its batch form (the whole space is pinned by the Rust suite)."""

from __future__ import annotations

import pickle
import random

import numpy as np
import pytest

from pokerforge import (
    A5LowRank,
    CardCountError,
    Category,
    DuplicateCardError,
    LowRank,
    PokerError,
    evaluate_low_a5,
    evaluate_low_a5_many,
    evaluate_omaha_low,
)


def test_razz_lows() -> None:
    assert int(evaluate_low_a5("As2d3h4c5s")) == 6175
    assert int(evaluate_low_a5("KsKhKdKcQs")) == 1
    low = evaluate_low_a5("7c5d3h2sAcKdKh")
    assert (low.describe(), str(low), low.category) == (
        "7-5-3-2-A low", "7-5-3-2-A", Category.HIGH_CARD)  # fmt: skip
    assert evaluate_low_a5("KcQdJhTs9c") > evaluate_low_a5("AcAd2h3s4c")
    assert evaluate_low_a5("2c2d3h3sAcAdAh").describe() == "Two pair, twos and aces, 2-2-A-A-3"


def test_the_eight_or_better_lows_are_the_best_56() -> None:
    for class_ in range(1, 57):
        assert A5LowRank(6119 + class_).eight_or_better == LowRank(class_)
    assert A5LowRank(6119).eight_or_better is None
    # The same low as Omaha Hi-Lo finds it.
    omaha = evaluate_omaha_low("Ah3d9c9s", "2c5d7sKhQc")
    assert evaluate_low_a5("Ah3d2c5d7s").eight_or_better == omaha


def test_values_round_trip_and_bad_input_is_named() -> None:
    low = evaluate_low_a5("7c5d3h2sAc")
    copy = pickle.loads(pickle.dumps(low))
    assert copy == low and hash(copy) == hash(low)
    assert repr(low) == "A5LowRank(6168, '7-5-3-2-A low')"
    with pytest.raises(PokerError, match="0 is not an ace-to-five low class"):
        A5LowRank(0)
    with pytest.raises(CardCountError, match="a hand needs 5, 6 or 7 cards, but 4 were"):
        evaluate_low_a5("7c5d3h2s")
    rows = np.array([[0, 1, 2, 3, 4], [0, 1, 2, 3, 3]], dtype=np.uint8)
    with pytest.raises(DuplicateCardError, match="row 1 of cards"):
        evaluate_low_a5_many(rows)


@pytest.mark.parametrize("width", [5, 6, 7])
def test_the_batch_agrees_with_single_hands(width: int) -> None:
    rng = random.Random(width)
    rows = np.array([rng.sample(range(52), width) for _ in range(2000)], dtype=np.uint8)
    expected = [int(evaluate_low_a5(r.tolist())) for r in rows]
    for check in (True, False):
        for threads in (1, 2):
            got = evaluate_low_a5_many(rows, threads=threads, check=check)
            assert got.dtype == np.uint16 and got.tolist() == expected
