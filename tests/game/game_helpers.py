"""Shared helpers for the game tests."""

from __future__ import annotations

from pokerforge.game import Hand


def check_around(hand: Hand) -> None:
    """Check until the street changes or the hand ends."""
    street = hand.street
    while not hand.is_over and hand.street == street:
        hand.check()


def limp_preflop(hand: Hand) -> None:
    """Everyone calls pre-flop and the big blind checks."""
    while not hand.is_over and hand.street == 0:
        if hand.legal_actions().call:
            hand.call()
        else:
            hand.check()
