"""evaluate_short_deck and its batch form (the whole space is pinned by the Rust suite)."""

from __future__ import annotations

import pickle
import random

import numpy as np
import pytest

from pokerforge import (
    Card,
    CardCountError,
    Category,
    InvalidArrayError,
    InvalidCardError,
    PokerError,
    ShortDeckRank,
    evaluate_short_deck,
    evaluate_short_deck_many,
)

SHORT_DECK = list(range(16, 52))


def _text(cards: list[int]) -> str:
    return "".join(str(Card(c)) for c in cards)


def test_the_short_deck_order() -> None:
    flush, full = evaluate_short_deck("6s7s8sTsQs"), evaluate_short_deck("AsAhKcKhKd")
    assert flush > full
    assert (flush.category, full.category) == (Category.FLUSH, Category.FULL_HOUSE)
    low = evaluate_short_deck("As6c7h8h9h")
    assert low.category == Category.STRAIGHT and low.describe() == "Straight, nine high"
    assert int(evaluate_short_deck("AsKsQsJsTs")) == 1404
    assert int(evaluate_short_deck("6c7d8h9sJc")) == 1


@pytest.mark.parametrize("trips_beat_straight", [True, False])
def test_the_switch_orders_trips_and_straights(trips_beat_straight: bool) -> None:
    trips = evaluate_short_deck("7c7d7hTsQc", trips_beat_straight=trips_beat_straight)
    straight = evaluate_short_deck("As6c7h8h9h", trips_beat_straight=trips_beat_straight)
    assert (trips > straight) is trips_beat_straight
    assert trips.trips_beat_straight is trips_beat_straight


def test_ranks_of_different_orders_are_not_compared() -> None:
    a = evaluate_short_deck("7c7d7hTsQc")
    b = evaluate_short_deck("7c7d7hTsQc", trips_beat_straight=False)
    assert a != b
    with pytest.raises(PokerError, match="different orders"):
        _ = a < b


def test_rank_values_round_trip() -> None:
    for rank in (evaluate_short_deck("As6c7h8h9h", trips_beat_straight=False),
                 evaluate_short_deck("AsKsQsJsTs")):  # fmt: skip
        copy = pickle.loads(pickle.dumps(rank))
        assert copy == rank and hash(copy) == hash(rank) and repr(copy) == repr(rank)
    assert repr(ShortDeckRank(1404)) == "ShortDeckRank(1404, 'Royal flush')"
    with pytest.raises(PokerError, match="1405 is not a short-deck hand class"):
        ShortDeckRank(1405)


def test_bad_cards_are_named() -> None:
    with pytest.raises(InvalidCardError, match="the card 5h is not in the short deck"):
        evaluate_short_deck("5h6c7d8h9s")
    with pytest.raises(CardCountError, match="a short-deck hand needs 5, 6 or 7 cards"):
        evaluate_short_deck("6c7d8h9s")
    rows = np.array([[16, 20, 24, 28, 33], [16, 20, 24, 28, 3]], dtype=np.uint8)
    with pytest.raises(InvalidCardError, match="row 1 of cards: the card 2s is not"):
        evaluate_short_deck_many(rows)
    with pytest.raises(InvalidArrayError, match="4 cards per row"):
        evaluate_short_deck_many(rows[:, :4].copy())


@pytest.mark.parametrize("width", [5, 6, 7])
@pytest.mark.parametrize("trips_beat_straight", [True, False])
def test_the_batch_agrees_with_single_hands(width: int, trips_beat_straight: bool) -> None:
    rng = random.Random(width)
    rows = np.array([rng.sample(SHORT_DECK, width) for _ in range(2000)], dtype=np.uint8)
    expected = [int(evaluate_short_deck(r.tolist(), trips_beat_straight=trips_beat_straight))
                for r in rows]  # fmt: skip
    for check in (True, False):
        for threads in (1, 2):
            got = evaluate_short_deck_many(
                rows, trips_beat_straight=trips_beat_straight, threads=threads, check=check
            )
            assert got.dtype == np.uint16 and got.tolist() == expected
