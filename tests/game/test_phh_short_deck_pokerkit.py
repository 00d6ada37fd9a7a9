"""Short-deck PHH that pokerkit reads: pokerkit's own loader replays pokerforge's exports of
seeded random no-limit short-deck hands (``NS``), with antes and a button blind (rule 44) and
with ordinary blinds, 2 to 8 players, to the same stacks.

pokerkit ranks a straight above three of a kind (rule 45), so the hands here are played in
that order (``trips_beat_straight=False``), as a PHH record without
``_trips_beat_straight`` is read. Where the stacks differ it may only be by pokerkit's odd
chips (rule 26; see ``pokerkit_differential.KNOWN_FAULTS``). Forced bets are never short
here (stacks of 10 and up), which PHH cannot write as pokerforge plays them (see
``test_phh_pokerkit``).
"""

from __future__ import annotations

import random

import pytest
from game_helpers import RandomPlayer
from pokerkit_differential import odd_chips_only, pokerkit_stacks

from pokerforge.game import GameSpec, Hand, to_phh
from pokerforge.game.phh import loads_phh
from pokerforge.game.positions import seat_order

# Comparisons with pokerkit, the same on every Python: on 3.11 only in the test command.
pytestmark = pytest.mark.slow

SPECS = [
    GameSpec(variant="short-deck", ante=1, button_blind=2, trips_beat_straight=False),
    GameSpec(variant="short-deck", blinds=(1, 2), trips_beat_straight=False),
    GameSpec(variant="short-deck", blinds=(1, 2), ante=1, trips_beat_straight=False),
]


def test_pokerkit_replays_random_short_deck_hands() -> None:
    rng = random.Random(36)
    same = odd_chips = button_blinds = 0
    for i in range(60):
        spec = SPECS[i % len(SPECS)]
        n = rng.randint(2, 8)
        hand = Hand(
            spec, stacks=[rng.randint(10, 200) for _ in range(n)], button=rng.randrange(n), seed=i
        )
        RandomPlayer(rng).play(hand)
        text = to_phh(hand)
        assert loads_phh(text).stacks == hand.stacks, text  # our own reader, too
        theirs = pokerkit_stacks(text)
        order = seat_order(n, hand.button)
        by_seat = tuple(theirs[order.index(s)] for s in range(n))
        if by_seat == hand.stacks:
            same += 1
        else:
            assert odd_chips_only(hand, by_seat), text  # pokerkit's fault; ours by rule 26
            odd_chips += 1
        button_blinds += bool(spec.button_blind)
    assert same + odd_chips == 60 and same > 50 and button_blinds == 20
