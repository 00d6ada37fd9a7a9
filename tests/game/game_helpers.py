"""Shared helpers for the game tests."""

from __future__ import annotations

import random

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


def play_random(
    hand: Hand, rng: random.Random, *, call_share: float = 0.8, steps: int | None = None
) -> Hand:
    """Random legal actions (a min-raise or all-in 30 % of the time when raising is
    allowed, else check, or call ``call_share`` of the time when facing a bet and fold
    otherwise) until the hand ends, or for ``steps`` actions; returns the hand."""
    done = 0
    while not hand.is_over and (steps is None or done < steps):
        legal = hand.legal_actions()
        r = rng.random()
        if legal.min_raise_to is not None and legal.max_raise_to is not None and r < 0.3:
            hand.raise_to(rng.choice((legal.min_raise_to, legal.max_raise_to)))
        elif legal.check:
            hand.check()
        elif r < call_share:
            hand.call()
        else:
            hand.fold()
        done += 1
    return hand
