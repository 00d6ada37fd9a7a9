"""Regression tests for bugs found in the foundation: Fortran-order batches, out-of-range
integers that escaped as ``OverflowError``, and message grammar.
"""

from __future__ import annotations

import numpy as np
import pytest

from pokerforge import (
    Card,
    CardSet,
    Deck,
    HandRank,
    InvalidCardError,
    PokerError,
    equity,
    evaluate,
    evaluate_many,
)


def test_evaluate_many_fortran_order_gives_correct_results() -> None:
    """An F-contiguous array (e.g. a transposed C array) is read row by row.

    rust-numpy's ``as_slice`` accepts C *or* F order; reading an F-order buffer as rows
    scrambled them (wrong classes, or a spurious DuplicateCardError).
    """
    hands = np.array([[0, 1, 2, 3, 4], [5, 6, 7, 8, 9]], dtype=np.uint8)
    expected = [int(evaluate([int(c) for c in row])) for row in hands]
    assert evaluate_many(np.asfortranarray(hands)).tolist() == expected
    assert evaluate_many(np.ascontiguousarray(hands.T).T).tolist() == expected
    rng = np.random.default_rng(1)
    sevens = np.argsort(rng.random((100, 52)), axis=1)[:, :7].astype(np.uint8)
    assert np.array_equal(evaluate_many(np.asfortranarray(sevens)), evaluate_many(sevens))


@pytest.mark.parametrize(
    "call",
    [
        lambda: CardSet.from_mask(-1),
        lambda: CardSet.from_mask(1 << 64),
        lambda: Card.from_index(1 << 64),
        lambda: HandRank(1 << 70),
        lambda: Deck(seed=1).deal(-1),
        lambda: Deck(seed=-1),
        lambda: evaluate_many(np.zeros((1, 5), dtype=np.uint8), threads=10**30),
    ],
    ids=[
        "from_mask(-1)",
        "from_mask(2**64)",
        "from_index(2**64)",
        "HandRank(2**70)",
        "deal(-1)",
        "Deck(seed=-1)",
        "threads=10**30",
    ],
)
def test_out_of_range_ints_raise_poker_errors(call: object) -> None:
    """Out-of-range ints raise a PokerError, never a bare OverflowError (which PyO3 raises
    when it extracts a too-large or negative int as a Rust integer)."""
    assert callable(call)
    with pytest.raises(PokerError):
        call()


@pytest.mark.parametrize(
    ("call", "wrong"),
    [
        (lambda: Deck.from_cards([]).deal(1), "1 cards"),
        (lambda: evaluate("Ah"), "1 were given"),
        (lambda: CardSet(object()), "a object"),
        (lambda: equity(["AhKh"]), "1 were given"),
    ],
    ids=["deal 1 cards", "1 were given", "a object", "1 player"],
)
def test_messages_are_sentences(call: object, wrong: str) -> None:
    """Messages are grammatical: "cannot deal 1 card", "but 1 was given", no "a object"."""
    assert callable(call)
    with pytest.raises(PokerError) as info:
        call()
    assert wrong not in str(info.value)


@pytest.mark.parametrize(
    "call",
    [
        lambda: CardSet("\ud800"),
        lambda: Card("\ud800"),
        lambda: evaluate(["Ah", "\ud800"]),
    ],
    ids=["CardSet", "Card", "evaluate"],
)
def test_lone_surrogates_are_invalid_cards(call: object) -> None:
    """Text that cannot be UTF-8 is an InvalidCardError, not a UnicodeEncodeError."""
    assert callable(call)
    with pytest.raises(InvalidCardError, match="not valid text"):
        call()


def test_unchecked_batches_agree_on_valid_rows_and_survive_garbage() -> None:
    """``check=False`` gives the same classes on valid rows, and never crashes on bad ones."""
    rng = np.random.default_rng(5)
    for k in (5, 6, 7):
        rows = np.argsort(rng.random((2_000, 52)), axis=1)[:, :k].astype(np.uint8)
        assert np.array_equal(evaluate_many(rows, check=False), evaluate_many(rows))
        garbage = rng.integers(0, 256, size=(2_000, k), dtype=np.uint8)
        out = evaluate_many(garbage, check=False)
        assert out.shape == (2_000,)
        assert int(out.max()) <= 7462


def test_bools_and_huge_ints_in_card_lists_are_named_errors() -> None:
    """``[True, ...]`` is not a list of cards, and a huge index is an InvalidCardError."""
    with pytest.raises(InvalidCardError, match="True"):
        CardSet([True, 5])
    with pytest.raises(InvalidCardError, match="not a card index"):
        CardSet([2**70])
    with pytest.raises(InvalidCardError, match="not a card index"):
        CardSet([-(2**70)])
