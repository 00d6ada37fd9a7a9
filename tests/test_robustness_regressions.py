"""Regression tests for robustness bugs the fuzzing found: surrogates in setting names,
clamped values in messages, and index-like objects as integer arguments."""

from __future__ import annotations

import pickle

import numpy as np
import pytest

import pokerforge as pf
from pokerforge._core import DealLayout, _thread_pools


@pytest.mark.parametrize("kwargs", [{"game": "\ud800"}, {"method": "\ud800"}])
def test_equity_surrogate_spec_text_is_a_poker_error(kwargs: dict[str, str]) -> None:
    # Today: UnicodeEncodeError: 'utf-8' codec can't encode character '\ud800' ...
    with pytest.raises(pf.InvalidSpecError):
        pf.equity(["AhKh", "QsQd"], samples=100, **kwargs)


def test_card_from_index_huge_message_names_the_value() -> None:
    # Today: "9223372036854775807 is not a card index" (clamped to i64::MAX).
    with pytest.raises(pf.InvalidCardError, match=str(2**70)):
        pf.Card.from_index(2**70)


def test_cardset_list_huge_index_message_names_the_value() -> None:
    # Today: "9223372036854775807 is not a card index" (clamped to i64::MAX).
    with pytest.raises(pf.InvalidCardError, match=str(2**70)):
        pf.CardSet([2**70])


@pytest.mark.parametrize(
    "call",
    [
        lambda: pf.Card.from_index(pf.Card("2c")),
        lambda: pf.Deck(1).deal(pf.Card("2c")),
        lambda: pf.HandRank(pf.Card("2c")),
    ],
)
def test_index_like_argument_does_not_leak_internal_type_error(call) -> None:  # type: ignore[no-untyped-def]
    # Card supports __index__, yet these raise an internal
    # "unsupported operand type(s) for >>: 'pokerforge.Card' and 'int'" TypeError.
    try:
        call()
    except TypeError as err:
        assert ">>" not in str(err), err
    except pf.PokerError:
        pass


# --- issue 27 ---------------------------------------------------------------------------------

DEEP = "1(" * 17_000 + "AA" + ")" * 17_000  # 51 KB: overflowed the stack (a segfault)


def test_brackets_nested_past_the_limit_are_a_named_error() -> None:
    with pytest.raises(pf.RangeLimitError, match=r"more than 32 deep.*position 64"):
        pf.Range(DEEP)
    assert issubclass(pf.RangeLimitError, pf.InvalidRangeError)
    # The message names the text by its start, not by all 51 KB of it.
    with pytest.raises(pf.RangeLimitError) as caught:
        pf.Range(DEEP)
    assert len(str(caught.value)) < 200


def test_brackets_nested_past_the_limit_in_equity_are_a_named_error() -> None:
    with pytest.raises(pf.RangeLimitError, match=r"^players\[1\]: .*32 deep") as caught:
        pf.equity(["AhKh", DEEP], samples=100)
    assert caught.value.location == "players[1]"


def test_a_range_text_past_the_length_limit_is_a_named_error() -> None:
    with pytest.raises(pf.RangeLimitError, match="more than 2097152 characters"):
        pf.Range("AA, " * (1 << 19) + "KK")


@pytest.mark.parametrize(
    ("holes", "board"),
    [([[2**64 - 1, 0]], []), ([[0, 1]], [2**64 - 1]), ([[0, 1]], [2**70]), ([[-1, 0]], [])],
)
def test_a_deal_layout_past_the_deck_is_a_named_error(
    holes: list[list[int]], board: list[int]
) -> None:
    # 2**64 - 1 + 1 wrapped to 0 and the deal read past its cards: a Rust panic.
    with pytest.raises(pf.CardCountError, match="a deck has 52 cards"):
        DealLayout(holes, board)


def test_thread_pools_kept_for_threads_are_bounded() -> None:
    """Issue 27: a pool was kept forever for every distinct ``threads=`` (20 sizes kept 230
    threads). Now the four used last are kept; the others are let go and their threads end
    once their work is done."""
    hands = np.array([[48, 44, 40, 36, 32]] * 64, dtype=np.uint8)
    for threads in range(2, 22):
        assert pf.evaluate_many(hands, threads=threads).tolist() == [7462] * 64
        assert len(_thread_pools()) <= 4
    assert sorted(_thread_pools()) == [18, 19, 20, 21]
    # A size used again is kept, and moves to the end: the last to be let go.
    assert pf.evaluate_many(hands, threads=19).tolist() == [7462] * 64
    assert _thread_pools()[-1] == 19
    pf.evaluate_many(hands, threads=3)
    assert sorted(_thread_pools()) == [3, 19, 20, 21]  # 18, used longest ago, let go


def test_a_range_of_no_hand_pickles() -> None:
    # Found by the fuzz targets: its text was "", which is no range, so unpickling failed.
    empty = pf.Range("AA:0")
    assert len(empty) == 0 and str(empty) == "random:0"
    assert pickle.loads(pickle.dumps(empty)) == empty
