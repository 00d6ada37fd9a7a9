"""Illegal actions raise IllegalActionError naming the rule, and change nothing."""

from __future__ import annotations

from typing import Any

import pytest

from pokerforge.errors import IllegalActionError, PokerError
from pokerforge.game import GameSpec, Hand, RuleProfile


def snapshot(hand: Hand) -> tuple[Any, ...]:
    return (hand.stacks, hand.bets, hand.pots, hand.actor, hand.street, hand.history,
            hand.legal_actions(), hand.is_over, hand.payouts)  # fmt: skip


def assert_refused(hand: Hand, action: str, *args: Any, match: str, **kwargs: Any) -> None:
    before = snapshot(hand)
    verify = getattr(hand, "verify_" + action)
    can = getattr(hand, "can_" + action)
    apply = getattr(hand, action)
    assert not can(*args, **kwargs)
    with pytest.raises(IllegalActionError, match=match):
        verify(*args, **kwargs)
    with pytest.raises(IllegalActionError, match=match):
        apply(*args, **kwargs)
    assert snapshot(hand) == before


@pytest.fixture
def hand() -> Hand:
    return Hand(GameSpec(blinds=(1, 2)), stacks=[100, 100, 100, 100], button=0, seed=9)


def test_error_is_a_value_error() -> None:
    assert issubclass(IllegalActionError, PokerError)
    assert issubclass(IllegalActionError, ValueError)


def test_out_of_turn(hand: Hand) -> None:
    assert hand.actor == 3
    for action in ("fold", "call"):
        assert_refused(hand, action, seat=1, match="seat 3's turn")
    assert_refused(hand, "raise_to", 10, seat=2, match="rule 11")
    assert hand.can_call(seat=3)
    hand.call(seat=3)
    assert hand.actor == 0


def test_check_when_owing(hand: Hand) -> None:
    assert_refused(hand, "check", match="rule 11")


def test_call_when_nothing_owed(hand: Hand) -> None:
    for _ in range(3):
        hand.call()
    assert hand.actor == 2  # the big blind's option
    assert_refused(hand, "call", match="nothing is owed")


@pytest.mark.parametrize("amount", [-4, 0, 2.5, 6.0, True, "8", None])
def test_bad_amounts(hand: Hand, amount: Any) -> None:
    assert_refused(hand, "raise_to", amount, match="rule|chips")


def test_below_minimum_unless_all_in() -> None:
    hand = Hand(GameSpec(blinds=(1, 2)), stacks=[100, 100, 100, 5], button=0, seed=9)
    assert hand.legal_actions().min_raise_to == 4
    hand.raise_to(5)  # all-in for less than a full raise is fine: it is above the bet
    hand2 = Hand(GameSpec(blinds=(1, 2)), stacks=[100, 100, 100, 100], button=0, seed=9)
    assert_refused(hand2, "raise_to", 3, match="minimum is 4.*rule 12")
    assert_refused(hand2, "raise_to", 101, match="stack")


def test_all_in_below_the_minimum_raise() -> None:
    hand = Hand(GameSpec(blinds=(10, 20)), stacks=[100, 100, 100, 30], button=0, seed=9)
    legal = hand.legal_actions()
    assert (legal.min_raise_to, legal.max_raise_to) == (30, 30)
    assert_refused(hand, "raise_to", 25, match="rule 12")
    hand.raise_to(30)


def test_after_betting_is_closed_for_a_seat() -> None:
    # Example F: B faces only an incomplete raise and may not raise.
    hand = Hand(GameSpec(blinds=(50, 100)), stacks=[1000, 1000, 1000, 350], button=0, seed=1)
    hand.call()
    hand.call()
    hand.call()
    hand.check()
    hand.raise_to(100)
    hand.raise_to(200)
    hand.raise_to(250)
    hand.fold()
    hand.call()
    assert_refused(hand, "raise_to", 400, match="rule 13")


def test_pot_limit_maximum_is_enforced() -> None:
    hand = Hand(GameSpec(betting="pot-limit", blinds=(5, 10)), stacks=[1000] * 4, seed=1)
    assert_refused(hand, "raise_to", 36, match="rule 15")


def test_fixed_limit_amount_is_exact() -> None:
    spec = GameSpec(betting="fixed-limit", blinds=(5, 10), small_bet=10, big_bet=20)
    hand = Hand(spec, stacks=[1000] * 4, seed=1)
    assert_refused(hand, "raise_to", 30, match="rule 16")
    assert_refused(hand, "raise_to", 15, match="rule 16")


def test_chip_unit() -> None:
    hand = Hand(GameSpec(blinds=(5, 10), chip_unit=5), stacks=[1000] * 3, seed=1)
    assert_refused(hand, "raise_to", 23, match="unit")
    hand.raise_to(25)


def test_on_a_finished_hand(hand: Hand) -> None:
    hand.fold()
    hand.fold()
    hand.fold()
    assert hand.is_over and hand.actor is None
    assert hand.legal_actions() == (False, False, 0, None, None)
    for action in ("fold", "check", "call"):
        assert_refused(hand, action, match="over")
    assert_refused(hand, "raise_to", 10, match="over")


def test_fold_when_free_can_be_forbidden() -> None:
    spec = GameSpec(rules=RuleProfile(fold_when_nothing_owed=False))
    hand = Hand(spec, stacks=[100, 100], seed=1)
    hand.call()
    assert not hand.legal_actions().fold
    assert_refused(hand, "fold", match="check")
