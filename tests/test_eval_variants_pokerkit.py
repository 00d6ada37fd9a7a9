"""The short-deck, ace-to-five, deuce-to-seven and badugi evaluators against pokerkit's
hands on random pairs."""

from __future__ import annotations

import random

import pytest
from pokerkit import BadugiHand, RegularLowHand, ShortDeckHoldemHand, StandardLowHand

from pokerforge import Card, evaluate_badugi, evaluate_low_27, evaluate_low_a5, evaluate_short_deck

# Comparisons with pokerkit, the same on every Python: on 3.11 only in the test command.
pytestmark = pytest.mark.slow

SHORT_DECK = list(range(16, 52))


def _text(cards: list[int]) -> str:
    return "".join(str(Card.from_index(c)) for c in cards)


def test_short_deck_agrees_with_pokerkit_in_its_order() -> None:
    # pokerkit ranks a straight above three of a kind.
    rng = random.Random(29)
    for _ in range(3000):
        a, b = (_text(rng.sample(SHORT_DECK, 7)) for _ in range(2))
        ours = [evaluate_short_deck(h, trips_beat_straight=False) for h in (a, b)]
        theirs = [ShortDeckHoldemHand.from_game(h) for h in (a, b)]
        assert (ours[0] < ours[1]) == (theirs[0] < theirs[1]), (a, b)
        assert (ours[0] == ours[1]) == (theirs[0] == theirs[1]), (a, b)


def test_razz_lows_agree_with_pokerkit() -> None:
    rng = random.Random(29)
    for _ in range(3000):
        a, b = (_text(rng.sample(range(52), 7)) for _ in range(2))
        ours = [evaluate_low_a5(h) for h in (a, b)]
        theirs = [RegularLowHand.from_game(h) for h in (a, b)]
        assert (ours[0] < ours[1]) == (theirs[0] < theirs[1]), (a, b)
        assert (ours[0] == ours[1]) == (theirs[0] == theirs[1]), (a, b)


def test_deuce_to_seven_lows_agree_with_pokerkit() -> None:
    # pokerkit's standard low hand: straights and flushes count, the ace only high.
    rng = random.Random(27)
    for _ in range(3000):
        a, b = (_text(rng.sample(range(52), 5)) for _ in range(2))
        ours = [evaluate_low_27(h) for h in (a, b)]
        theirs = [StandardLowHand.from_game(h) for h in (a, b)]
        assert (ours[0] < ours[1]) == (theirs[0] < theirs[1]), (a, b)
        assert (ours[0] == ours[1]) == (theirs[0] == theirs[1]), (a, b)


def test_badugi_hands_agree_with_pokerkit() -> None:
    rng = random.Random(4)
    for _ in range(3000):
        a, b = (_text(rng.sample(range(52), 4)) for _ in range(2))
        ours = [evaluate_badugi(h) for h in (a, b)]
        theirs = [BadugiHand.from_game(h) for h in (a, b)]
        assert (ours[0] < ours[1]) == (theirs[0] < theirs[1]), (a, b)
        assert (ours[0] == ours[1]) == (theirs[0] == theirs[1]), (a, b)
