"""Single-draw equity against pokerkit's ``calculate_equities``.

pokerkit has no draw-equity helper as such, but its general calculator deals each player's
hole cards up to a count from a deck: give it the cards each player keeps, the hand size as
the count and a deck without the thrown cards, and it samples one draw, the question
pokerforge answers exactly. Its samples are seeded through ``random``; the two must agree
within a few standard errors of pokerkit's sample.
"""

from __future__ import annotations

import random

import pytest

from pokerforge import CardSet, equity

pokerkit = pytest.importorskip("pokerkit")

pytestmark = pytest.mark.slow  # pokerkit's sampling in Python; the same on every Python

SAMPLES = 4_000


@pytest.mark.parametrize(
    ("game", "hand_type", "hands", "draws"),
    [
        ("2-7-single-draw", "StandardLowHand", ["8h6d4c3s2h", "7c5c3d2dKs"], ["pat", 1]),
        ("2-7-single-draw", "StandardLowHand", ["9h7d4c3s2h", "8c6c5d2dKs"], ["pat", 2]),
        ("a-5-triple-draw", "RegularLowHand", ["8h6d4c3s2h", "7c5cAd2dKs"], ["pat", 1]),
        ("badugi", "BadugiHand", ["Ac2d3h9s", "2c4d5hKh"], ["pat", 1]),
        ("five-card-draw", "StandardHighHand", ["AhAd9c3s2h", "KcKsQd7h7d"], [3, 1]),
    ],
)
def test_one_draw_agrees_with_pokerkit(
    game: str, hand_type: str, hands: list[str], draws: list[int | str]
) -> None:
    ours = equity(hands, game=game, draws=draws, draw_rounds=1, method="exact")  # type: ignore[arg-type]
    kept = [
        CardSet(h) - (p.discards or CardSet()) for h, p in zip(hands, ours.players, strict=True)
    ]
    thrown = CardSet()
    for h, k in zip(hands, kept, strict=True):
        thrown |= CardSet(h) - k
    deck = [c for c in pokerkit.Deck.STANDARD if str(c) not in {str(t) for t in thrown}]
    random.seed(30)
    theirs = pokerkit.calculate_equities(
        [[list(pokerkit.Card.parse(str(k)))] for k in kept],
        [],
        len(CardSet(hands[0])),
        0,
        deck,
        (getattr(pokerkit, hand_type),),
        sample_count=SAMPLES,
    )
    for mine, their in zip(ours.players, theirs, strict=True):
        spread = max((mine.equity * (1 - mine.equity) / SAMPLES) ** 0.5, 1 / SAMPLES)
        assert abs(mine.equity - their) < 5 * spread, (game, hands, mine.equity, their)
