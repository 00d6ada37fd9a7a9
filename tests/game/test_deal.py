"""The deal: the one-call layout of the hot path against the card-by-card deal."""

from __future__ import annotations

import pytest

from pokerforge import Deck
from pokerforge._core import DealLayout
from pokerforge.errors import CardCountError, InvalidSpecError
from pokerforge.game.deal import deal


@pytest.mark.parametrize(
    ("n", "hole_count"), [(2, 2), (3, 2), (6, 2), (9, 2), (10, 2), (6, 4), (8, 5), (7, 6)]
)
def test_the_layout_deals_what_the_deck_deals_card_by_card(n: int, hole_count: int) -> None:
    # hole_cards=[None] * n takes the general path: the seeded deck's 52 cards in order,
    # the board laid out with its burns (rule 10), no layout.
    for seed in range(40):
        for button in range(n):
            fast = deal(n, hole_count, button=button, seed=seed)
            slow = deal(n, hole_count, button=button, seed=seed, hole_cards=[None] * n)
            assert fast == slow, (n, hole_count, seed, button)


def test_the_layout_picks_its_places_from_the_deck_seed_shuffles() -> None:
    layout = DealLayout([[0, 2], [1, 3]], [5, 6, 7, 9, 11])
    cards = Deck(seed=99).deal_indices(12)
    assert layout.count == 12
    assert layout.deal(99) == (99, ((cards[0], cards[2]), (cards[1], cards[3])),
                               (cards[5], cards[6], cards[7], cards[9], cards[11]))  # fmt: skip


def test_a_layout_without_a_seed_reports_the_seed_it_drew() -> None:
    layout = DealLayout([[0, 1]], [2, 3, 4])
    seed, holes, board = layout.deal()
    assert layout.deal(seed) == (seed, holes, board)


def test_a_layout_refuses_a_bad_seed_as_the_deck_does() -> None:
    layout = DealLayout([[0, 1]], [2, 3, 4])
    with pytest.raises(InvalidSpecError, match="seed=-1 is not allowed"):
        layout.deal(-1)
    with pytest.raises(InvalidSpecError, match="seed=-1 is not allowed"):
        deal(2, 2, button=0, seed=-1)


def test_a_layout_beyond_the_deck_is_refused() -> None:
    with pytest.raises(CardCountError, match="deck position 52"):
        DealLayout([[0, 52]], [1])
