"""Stud, stud hi-lo and razz equity against pokerkit's sampled equities on a few spots."""

from __future__ import annotations

import random

import pytest
from pokerkit import (
    Card,
    Deck,
    EightOrBetterLowHand,
    Hand,
    RegularLowHand,
    StandardHighHand,
    calculate_equities,
)

from pokerforge import equity

# pokerkit's sampler is pure Python (about 2 to 4 ms a deal here), so a few hundred deals
# a spot: a coarse check (the brute force of test_equity_stud.py is the fine one), the
# same on every Python: on 3.11 only in the test command.
pytestmark = pytest.mark.slow

HAND_TYPES: dict[str, tuple[type[Hand], ...]] = {
    "stud": (StandardHighHand,),
    "stud-hilo": (StandardHighHand, EightOrBetterLowHand),
    "razz": (RegularLowHand,),
}
SAMPLES = 400


@pytest.mark.parametrize(
    ("game", "hands"),
    [
        ("stud", ["Js9s8h7c", "QhQd2cKd"]),
        ("stud-hilo", ["Ad2d3c", "KsKhQd"]),
        ("razz", ["As2d3h", "7c8dTs"]),
    ],
)
def test_exact_equity_agrees_with_pokerkit_sampling(game: str, hands: list[str]) -> None:
    ours = equity(hands, game=game, method="exact")  # type: ignore[arg-type]
    known = [list(Card.parse(h)) for h in hands]
    # pokerkit draws with the random module (its deck order also follows set hashing, so a
    # seed does not fix its answer; the tolerance covers it).
    random.seed(29)
    theirs = calculate_equities(
        [[cards] for cards in known],
        (),
        7,
        0,
        Deck.STANDARD,
        HAND_TYPES[game],
        sample_count=SAMPLES,
    )
    for p, their in zip(ours.players, theirs, strict=True):
        # pokerkit's shares are sampled: within 4.5 standard errors of a share in [0, 1].
        tolerance = 4.5 * max(0.1, (p.equity * (1 - p.equity)) ** 0.5) / SAMPLES**0.5
        assert abs(p.equity - their) < tolerance, (game, hands, p.equity, their)
