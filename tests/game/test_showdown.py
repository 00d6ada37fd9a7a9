"""The engine's showdown ranks (Rust core) against brute-force Python references."""

from __future__ import annotations

import random

import pytest

from pokerforge import evaluate_class
from pokerforge.errors import DuplicateCardError, InvalidSpecError
from pokerforge.game.showdown import (
    omaha_high_reference,
    omaha_low_reference,
    rank_hands,
    rank_omaha,
    rank_omaha_hilo,
)
from pokerforge.game.spec import HOLDEM, OMAHA, OMAHA_HILO


@pytest.mark.parametrize("hole_count", [4, 5, 6])
def test_omaha_ranks_match_brute_force(hole_count: int) -> None:
    rng = random.Random(hole_count)
    for _ in range(300):
        cards = rng.sample(range(52), hole_count + 5)
        hole, board = tuple(cards[:hole_count]), tuple(cards[hole_count:])
        high = omaha_high_reference(hole, board)
        low = omaha_low_reference(hole, board)
        assert rank_omaha(hole, board) == high
        assert rank_omaha_hilo(hole, board) == (high, low)


def test_low_ranks_dense_scale() -> None:
    # A-2-3-4-5 is the best low (56); 8-7-6-5-4 the worst (1).
    wheel = omaha_low_reference((48, 0), (4, 8, 12, 40, 44))  # Ac 2c | 3c 4c 5c Qc Kc
    worst = omaha_low_reference((24, 20), (16, 12, 8, 45, 41))  # 8c 7c | 6c 5c 4c Kd Qd
    assert (wheel, worst) == (56, 1)


@pytest.mark.parametrize(("variant", "hole_count"), [(HOLDEM, 2), (OMAHA, 4), (OMAHA_HILO, 5)])
def test_rank_hands_ranks_every_live_seat_as_the_references_do(
    variant: int, hole_count: int
) -> None:
    rng = random.Random(variant)
    for _ in range(200):
        seats = rng.randint(2, 6)
        cards = rng.sample(range(52), seats * hole_count + 5)
        holes = [tuple(cards[s * hole_count : (s + 1) * hole_count]) for s in range(seats)]
        board = tuple(cards[-5:])
        folded = [rng.random() < 0.3 for _ in range(seats)]
        want = {}
        for seat, hole in enumerate(holes):
            if folded[seat]:
                continue
            if variant == HOLDEM:
                want[seat] = (evaluate_class(hole + board), 0)
            else:
                high = omaha_high_reference(hole, board)
                low = omaha_low_reference(hole, board) if variant == OMAHA_HILO else 0
                want[seat] = (high, low)
        got = rank_hands(variant, holes, board, folded)
        assert got == want
        assert list(got) == sorted(got)  # seat order


def test_rank_hands_refuses_shared_cards_and_unknown_games() -> None:
    with pytest.raises(DuplicateCardError, match="As"):
        rank_hands(HOLDEM, [(51, 0), (4, 5)], (51, 47, 43, 39, 1), [False, False])
    with pytest.raises(InvalidSpecError, match="99 is not a game code"):
        rank_hands(99, [(35, 0)], (51, 47, 43, 39, 1), [False])
    with pytest.raises(InvalidSpecError, match="2 seats' hole cards but 1 folded flags"):
        rank_hands(HOLDEM, [(35, 0), (4, 5)], (51, 47, 43, 39, 1), [False])
