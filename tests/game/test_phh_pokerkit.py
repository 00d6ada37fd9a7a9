"""PHH that other tools read: pokerkit's own loader replays our exports to the same stacks.

Seeded random hands of every variant PHH names (NT, FT, PO, FO/8), with uniform and
big-blind antes and straddles, and hands from tables (dead small blinds, dead buttons),
are written with :func:`to_phh` and replayed by ``pokerkit.HandHistory``.

Two pokerkit faults show, and there the hand is checked against the rule instead: its odd
chips (rule 26, see ``pokerkit_differential.KNOWN_FAULTS``); and in fixed-limit, an all-in
raise short of a full bet, to which pokerkit does not apply rule 18 (it never reopens the
betting for players who acted, even at half a bet or more, and below half it raises a full
bet over the all-in instead of completing the last full bet, example L).

Two kinds of hands are left out, because PHH cannot say what pokerforge does: a forced bet
posted short (rule 7 keeps the full big blind as the amount to call, where pokerkit calls
the chips actually posted) and a player's own post to come in (rule 29b; PHH has no field
for it, pokerforge writes it as ``_posts``, which pokerkit ignores).
"""

from __future__ import annotations

import random

import pytest
from game_helpers import RandomPlayer
from pokerkit_differential import odd_chips_only, pokerkit_stacks

from pokerforge.game import (
    Bet,
    DealBoard,
    GameSpec,
    Hand,
    PostAnte,
    PostBlind,
    Raise,
    Table,
    to_phh,
)
from pokerforge.game.positions import seat_order

# Long end-to-end checks, the same on every Python: on 3.11 only in the test command.
pytestmark = pytest.mark.slow

SPECS = [
    GameSpec(blinds=(1, 2)),
    GameSpec(blinds=(1, 2), ante=1),
    GameSpec(blinds=(1, 2), ante=2, ante_kind="big-blind"),
    GameSpec(blinds=(1, 2), straddle=4),
    GameSpec(betting="fixed-limit", blinds=(1, 2), small_bet=2, big_bet=4),
    GameSpec(variant="omaha", betting="pot-limit", blinds=(1, 2)),
    GameSpec(variant="omaha-hilo", betting="fixed-limit", blinds=(1, 2), small_bet=2, big_bet=4),
]


def _replayable(hand: Hand) -> bool:
    """No forced bet posted short and no player's own post (see the module docstring)."""
    spec = hand.spec
    full = {"SB": spec.small_blind, "BB": spec.big_blind, "straddle": spec.straddle}
    blinds = [r for r in hand.history if isinstance(r, PostBlind)]
    return (
        all(r.blind in full and r.amount == full[r.blind] for r in blinds)
        and sum(r.blind == "BB" for r in blinds) == 1
        and all(r.amount == spec.ante for r in hand.history if isinstance(r, PostAnte))
    )


def _limit_raise_after_short_all_in(hand: Hand) -> bool:
    """Whether a fixed-limit street has a raise after an all-in raise short of a full bet,
    made as rule 18 says: a short raise of at least half a bet counts as a full raise (the
    next goes a bet above it); a smaller one does not (the next completes the last full
    level plus a bet)."""
    if hand.spec.betting != "fixed-limit":
        return False
    street, level, full_level, after_short = 0, 0, 0, False
    found = False
    for record in hand.history:
        if isinstance(record, DealBoard):
            street += 1
            level = full_level = 0
            after_short = False
        elif isinstance(record, PostBlind) and record.blind == "BB":
            level = full_level = record.amount
        elif isinstance(record, Bet | Raise):
            bet = hand.spec.bet_size(street)
            if after_short:
                found = True
                assert record.to == min(full_level + bet, record.to)  # rule 18
            after_short = record.all_in and record.to - level < bet
            level = record.to
            if not isinstance(record, Raise) or record.full:
                full_level = record.to
    return found


def _same_stacks(hand: Hand, theirs: list[int], text: str) -> bool:
    """Whether pokerkit's final stacks (PHH player order) are the hand's; when they are not,
    they may differ only by pokerkit's odd chips, ours following rule 26."""
    order = seat_order(hand.num_seats, hand.button)
    by_seat = tuple(theirs[order.index(s)] for s in range(hand.num_seats))
    if by_seat == hand.stacks:
        return True
    assert odd_chips_only(hand, by_seat), text  # pokerkit fault; ours by rule 26
    return False


def test_pokerkit_replays_random_hands() -> None:
    rng = random.Random(2024)
    checked = faults = 0
    for i in range(700):
        spec = SPECS[i % len(SPECS)]
        n = rng.randint(3 if spec.straddle else 2, 8 if spec.variant == "holdem" else 6)
        stacks = [rng.randint(10, 200) for _ in range(n)]
        hand = Hand(spec, stacks=stacks, button=rng.randrange(n), seed=i)
        RandomPlayer(rng).play(hand)
        text = to_phh(hand)
        try:
            theirs = pokerkit_stacks(text)
        except ValueError:
            # pokerkit fault (see above); our completion is checked against rule 18.
            assert _limit_raise_after_short_all_in(hand), text
            faults += 1
            continue
        if not _same_stacks(hand, theirs, text):
            faults += 1
            continue
        checked += 1
    assert checked + faults == 700 and checked > 650


def test_pokerkit_replays_table_hands_with_dead_blinds() -> None:
    rng = random.Random(7)
    checked = dead_small_blinds = 0
    for number in range(80):
        spec = rng.choice(SPECS[:4])
        table = Table(spec, seats=6, seed=number)
        for seat in range(6):
            if rng.random() < 0.8:
                table.sit(seat, f"p{seat}", rng.randint(8, 60))
        for _ in range(40):
            if len(table.players) < (3 if spec.straddle else 2):
                break
            RandomPlayer(rng).play(table.start_hand())
            done = table.finish_hand()
            if not _replayable(done.hand):
                continue
            text = done.to_phh()
            if not _same_stacks(done.hand, pokerkit_stacks(text), text):
                continue
            checked += 1
            dead_small_blinds += done.small_blind is None and len(done.seats) > 2
    assert checked > 300 and dead_small_blinds > 10
