"""Scalar evaluation: every input form gives the same rank, and kept ranks cost the GC nothing."""

from __future__ import annotations

import gc
import pickle
import sys

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerforge import (
    Card,
    CardSet,
    DuplicateCardError,
    HandRank,
    InvalidCardError,
    PokerError,
    evaluate,
    evaluate_class,
    evaluate_many,
    evaluate_omaha,
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


# CPython's Py_TPFLAGS_HAVE_GC: a type whose objects the cycle collector allocates and walks.
HAVE_GC = 1 << 14


def test_hand_rank_is_outside_the_cycle_collector() -> None:
    # A rank holds no Python object: its type has no collector header to allocate, count
    # or untrack, which is what makes keeping one about as cheap as keeping an int.
    assert not HandRank.__flags__ & HAVE_GC
    assert not gc.is_tracked(evaluate_omaha("AhKhQd2c", "JhTh9s3c4d"))
    assert not gc.is_tracked(HandRank(5))


def test_freeing_ranks_gives_back_their_type_reference() -> None:
    # Each rank holds a reference to its (heap) type, taken when it is made and given back
    # when it is freed: a leak or a double release would move this count.
    before = sys.getrefcount(HandRank)
    ranks = [evaluate(list(range(i % 45, i % 45 + 7))) for i in range(1000)]
    ranks += [HandRank(c) for c in range(1, 500)]
    assert sys.getrefcount(HandRank) == before + len(ranks)
    del ranks
    assert sys.getrefcount(HandRank) == before


def test_ranks_made_from_freed_ones_carry_their_own_values() -> None:
    # Freed ranks are kept and reused, up to a limit past which they go back to pymalloc:
    # 300,000 is past it. Each reused one must hold its new class and cards in full.
    rows = np.argsort(np.random.default_rng(34).random((1000, 52)), axis=1)[:, :7]
    hands = [CardSet([int(c) for c in row]) for row in rows]
    classes = [1 + (i * 7) % 7462 for i in range(300_000)]
    ranks = [HandRank(c) for c in classes]
    del ranks
    for _ in range(2):
        ranks = [evaluate(h) for h in hands] + [HandRank(c) for c in classes]
        omaha = [evaluate_omaha("AsKsQd2c", "JsTs9s3c4d") for _ in range(100)]
        assert [int(r) for r in ranks[1000:]] == classes
        assert [int(r) for r in ranks[:1000]] == evaluate_many(rows.astype(np.uint8)).tolist()
        for rank, hand in zip(ranks, hands, strict=False):
            assert rank.best_five is not None
            assert CardSet(list(rank.best_five)).mask & ~hand.mask == 0
        assert all(r.best_five is None for r in ranks[1000:2000])
        assert all(r.best_five == omaha[0].best_five for r in omaha)
        del ranks, omaha


def test_hand_rank_arguments() -> None:
    assert HandRank(**{"class": 5}) == HandRank(5)
    with pytest.raises(TypeError, match="missing 1 required positional argument: 'class'"):
        HandRank()  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="takes 1 positional argument but 2 were given"):
        HandRank(1, 2)  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="unexpected keyword argument 'rank'"):
        HandRank(rank=5)  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="multiple values for argument 'class'"):
        HandRank(5, **{"class": 5})
    with pytest.raises(TypeError, match="argument 'class': expected an integer, not a str"):
        HandRank("5")  # type: ignore[arg-type]
    with pytest.raises(PokerError, match="7463 is not a hand class"):
        HandRank(np.int64(7463))  # type: ignore[arg-type]
    assert HandRank(np.uint16(12)) == HandRank(12)  # type: ignore[arg-type]


def test_hand_rank_is_made_only_with_its_value() -> None:
    # Neither a bare allocation nor a subclass can make a rank without a class.
    with pytest.raises(TypeError):
        object.__new__(HandRank)
    with pytest.raises(TypeError):
        type("Sub", (HandRank,), {})


def test_omaha_rank_keeps_its_hole_and_board() -> None:
    # The ace of spades (card 51) in the hole: the top of both packed card sets survives.
    hole, board = CardSet("AsKsQd2c"), CardSet("JsTs9s3c4d")
    rank = evaluate_omaha(hole, board)
    assert rank.best_five is not None
    best = CardSet(list(rank.best_five))
    assert (len(best & hole), len(best & board)) == (2, 3)
    assert evaluate(best) == rank
    assert int(rank) == evaluate_class("AsKsJsTs9s")
    assert rank.best_five == tuple(Card(c) for c in ("As", "Ks", "Js", "Ts", "9s"))


def test_evaluate_class_returns_plain_ints() -> None:
    value = evaluate_class("AsKsQsJsTs")
    assert type(value) is int and value == 7462
    assert evaluate_class("7c5d4h3s2c") == 1
