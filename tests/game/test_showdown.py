"""The engine's Omaha ranks (Rust core) against brute-force Python references."""

from __future__ import annotations

import random

import pytest

from pokerforge.game.showdown import (
    omaha_high_reference,
    omaha_low_reference,
    rank_omaha,
    rank_omaha_hilo,
)


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
