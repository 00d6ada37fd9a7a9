"""Short-deck equity against pokerkit's own calculation (``pokerkit.analysis``), which
samples runouts with its short-deck hands: those rank a straight above three of a kind, so
pokerforge runs with ``trips_beat_straight=False`` here.

pokerkit samples a few thousand deals a second, so each spot is a sample of 1,500 runouts
compared within four of its standard errors (a share's standard deviation is at most 1/2);
pokerforge's side is exact.
"""

from __future__ import annotations

import pytest
from pokerkit import Card, Deck, ShortDeckHoldemHand
from pokerkit.analysis import calculate_equities

from pokerforge import equity

SAMPLES = 1_500

SPOTS = [
    # Three ways on a flop with a flush draw, an open-ended straight and a set to come.
    (["AhKh", "QsQd", "JcTc"], "6h7h9c"),
    # A made straight against a set of jacks on the turn: the board pairing wins for the set.
    (["9c8c", "JsJd"], "Td7hJh6s"),
    # Two hearts against a pair of aces, a flush beating a full house on some rivers.
    (["QhJh", "AdAc"], "Ah9h9s6h"),
]


@pytest.mark.slow
@pytest.mark.parametrize(("hands", "board"), SPOTS)
def test_pokerkit_samples_the_same_equities(hands: list[str], board: str) -> None:
    ours = equity(hands, board, game="short-deck", method="exact", trips_beat_straight=False)
    theirs = calculate_equities(
        [[list(Card.parse(hand))] for hand in hands],
        list(Card.parse(board)),
        2,
        5,
        Deck.SHORT_DECK_HOLDEM,
        (ShortDeckHoldemHand,),
        sample_count=SAMPLES,
    )
    for mine, sampled in zip(ours.players, theirs, strict=True):
        assert abs(mine.equity - sampled) <= 4 * 0.5 / SAMPLES**0.5
