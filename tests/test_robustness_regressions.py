"""Regression tests for robustness bugs the fuzzing found: surrogates in setting names,
clamped values in messages, and index-like objects as integer arguments."""

from __future__ import annotations

import pytest

import pokerforge as pf


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
