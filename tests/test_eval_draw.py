"""The draw games' lows, deuce-to-seven and badugi, and their batch forms (the whole spaces
are pinned by the Rust suite, rust/core/tests/draw_lows.rs)."""

from __future__ import annotations

import itertools
import pickle
import random

import numpy as np
import pytest

from pokerforge import (
    BadugiRank,
    CardCountError,
    Category,
    DuplicateCardError,
    InvalidArrayError,
    InvalidCardError,
    Low27Rank,
    PokerError,
    evaluate,
    evaluate_badugi,
    evaluate_badugi_many,
    evaluate_low_27,
    evaluate_low_27_many,
)


def test_deuce_to_seven_lows() -> None:
    assert int(evaluate_low_27("7c5d4h3s2c")) == 7462
    assert int(evaluate_low_27("AsKsQsJsTs")) == 1
    wheel = evaluate_low_27("Ac5d4h3s2c")
    assert (wheel.describe(), str(wheel), wheel.category) == (
        "A-5-4-3-2 low", "A-5-4-3-2", Category.HIGH_CARD)  # fmt: skip
    assert evaluate_low_27("Ac5c4c3c2c").describe() == "Flush, ace high, A-5-4-3-2"
    assert evaluate_low_27("4c4d7h3s2c").describe() == "Pair of fours, 4-4-7-3-2"
    # Straights and flushes count against; the ace plays only high.
    pair = evaluate_low_27("2c2d3h4s5c")
    assert evaluate_low_27("6c5d4h3s2c") < pair < wheel < evaluate_low_27("KcQdJh9s8c")
    assert evaluate_low_27("8c6c4c3c2c") < pair


def test_deuce_to_seven_is_the_high_order_reversed_but_for_the_wheels() -> None:
    rng = random.Random(27)
    hands = [rng.sample(range(52), 5) for _ in range(300)]
    for a, b in itertools.pairwise(hands):
        if any(sorted({c // 4 for c in h}) == [0, 1, 2, 3, 12] for h in (a, b)):
            continue  # A-5-4-3-2: a wheel in Hold'em, ace-high in 2-7
        low_a, low_b = evaluate_low_27(a), evaluate_low_27(b)
        high_a, high_b = evaluate(a), evaluate(b)
        assert (low_a < low_b) == (high_a > high_b)
        assert (low_a == low_b) == (high_a == high_b)


def test_badugi_hands() -> None:
    assert int(evaluate_badugi("4s3h2dAc")) == 1092
    assert int(evaluate_badugi("KsKhKdKc")) == 1
    three = evaluate_badugi("7s5h2dKs")
    assert (three.describe(), str(three), three.size) == ("7-5-2 (three cards)", "7-5-2", 3)
    assert evaluate_badugi("AsAh2s2h").describe() == "2-A (two cards)"
    assert evaluate_badugi("KsQhJdTc") > evaluate_badugi("4s3h2dAs") > evaluate_badugi("2s2hAsAh")
    assert evaluate_badugi("8s5h3d2c") > evaluate_badugi("8s6h2dAc")
    assert evaluate_badugi("9s8h7d6c") == evaluate_badugi("9h8s7c6d")


def test_values_round_trip_and_bad_input_is_named() -> None:
    for value in (evaluate_low_27("7c5d4h3s2c"), evaluate_badugi("4s3h2dAc")):
        copy = pickle.loads(pickle.dumps(value))
        assert copy == value and hash(copy) == hash(value)
    assert repr(evaluate_low_27("7c5d4h3s2c")) == "Low27Rank(7462, '7-5-4-3-2 low')"
    assert repr(evaluate_badugi("4s3h2dAc")) == "BadugiRank(1092, '4-3-2-A badugi')"
    assert Low27Rank(1).category is Category.STRAIGHT_FLUSH and BadugiRank(377).size == 3
    with pytest.raises(PokerError, match="7463 is not a deuce-to-seven low class"):
        Low27Rank(7463)
    with pytest.raises(PokerError, match="0 is not a badugi class"):
        BadugiRank(0)
    with pytest.raises(CardCountError, match="a deuce-to-seven hand needs 5 cards, but 6"):
        evaluate_low_27("7c5d4h3s2c9d")
    with pytest.raises(CardCountError, match="a badugi hand needs 4 cards, but 5"):
        evaluate_badugi("4s3h2dAcKc")
    with pytest.raises(DuplicateCardError, match="the card 4s is given more than once"):
        evaluate_badugi(["4s", "3h", "2d", "4s"])
    with pytest.raises(InvalidCardError):
        evaluate_low_27("7c5d4h3s1c")
    rows = np.array([[0, 1, 2, 3], [0, 1, 2, 2]], dtype=np.uint8)
    with pytest.raises(DuplicateCardError, match="row 1 of cards"):
        evaluate_badugi_many(rows)
    with pytest.raises(InvalidArrayError):
        evaluate_low_27_many(rows)
    rows = np.array([[0, 5, 10, 15, 20], [0, 5, 10, 15, 52]], dtype=np.uint8)
    with pytest.raises(InvalidCardError, match="row 1 of cards"):
        evaluate_low_27_many(rows)


@pytest.mark.parametrize(
    ("width", "single", "many"),
    [(5, evaluate_low_27, evaluate_low_27_many), (4, evaluate_badugi, evaluate_badugi_many)],
)
def test_the_batch_agrees_with_single_hands(width: int, single: object, many: object) -> None:
    assert callable(single) and callable(many)
    rng = random.Random(width)
    rows = np.array([rng.sample(range(52), width) for _ in range(2000)], dtype=np.uint8)
    expected = [int(single(r.tolist())) for r in rows]
    for check in (True, False):
        for threads in (1, 2):
            got = many(rows, threads=threads, check=check)
            assert got.dtype == np.uint16 and got.tolist() == expected
