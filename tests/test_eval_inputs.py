"""Scalar evaluation: every input form gives the same rank, and kept ranks cost the GC nothing."""

from __future__ import annotations

import gc
import pickle

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerforge import (
    Card,
    CardSet,
    DuplicateCardError,
    InvalidCardError,
    evaluate,
    evaluate_class,
)
from pokerforge.errors import CardCountError

hands = st.lists(st.integers(0, 51), min_size=5, max_size=7, unique=True)


def forms(hand: list[int]) -> list[object]:
    """The same cards in every input form ``evaluate`` takes."""
    cards = [Card.from_index(i) for i in hand]
    mask = sum(1 << i for i in hand)
    return [
        mask,
        CardSet.from_mask(mask),
        "".join(str(c) for c in cards),
        " ".join(str(c).lower() for c in cards),
        ",".join(str(c) for c in cards),
        tuple(hand),
        list(hand),
        cards,
        tuple(cards),
        [np.uint8(i) for i in hand],
        [str(c) for c in cards],
        iter(cards),
        [*cards[:2], *hand[2:]],
    ]


@settings(max_examples=300, deadline=None)
@given(hands)
def test_every_form_gives_the_same_rank(hand: list[int]) -> None:
    expected = evaluate(hand)
    for given_form in forms(hand):
        assert evaluate(given_form) == expected, given_form
    for given_form in forms(hand):
        assert evaluate_class(given_form) == int(expected), given_form
    if len(hand) == 7:
        assert expected.best_five is not None
        assert {c.index for c in expected.best_five} <= set(hand)


@pytest.mark.parametrize(
    ("cards", "error"),
    [
        ([0, 1, 2, 3, 52], InvalidCardError),
        ((0, 1, 2, 3, -1), InvalidCardError),
        ([0, 1, 2, 3, 3], DuplicateCardError),
        ((0, 1, 2, 3, 2**70), InvalidCardError),
        ([0, 1, 2, 3, True], InvalidCardError),
        ([0, 1, 2, 3], CardCountError),
        ("AhKhQhJhAh", DuplicateCardError),
        ("AhKhQhJhXh", InvalidCardError),
        ("AhKhQhJh", CardCountError),
        (2**52, InvalidCardError),
    ],
)
def test_bad_input_is_named_on_every_fast_path(cards: object, error: type[Exception]) -> None:
    with pytest.raises(error):
        evaluate(cards)
    with pytest.raises(error):
        evaluate_class(cards)


def test_kept_ranks_are_not_tracked_by_the_gc() -> None:
    ranks = [evaluate(m) for m in (0x1F, 0x7F0, 0xFE00)]
    assert not any(gc.is_tracked(r) for r in ranks)
    rank = ranks[0]
    assert pickle.loads(pickle.dumps(rank)) == rank
    del ranks
    gc.collect()
    assert rank.describe()


def test_evaluate_class_returns_plain_ints() -> None:
    value = evaluate_class("AsKsQsJsTs")
    assert type(value) is int and value == 7462
    assert evaluate_class("7c5d4h3s2c") == 1
