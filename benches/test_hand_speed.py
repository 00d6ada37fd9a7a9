"""Speed of complete hands of poker, side by side with pokerkit and pokerfast.

Not part of the normal test run. Run:

    .venv/bin/pip install -e '.[bench]'   # or: pip install pytest-benchmark pokerkit pokerfast
    .venv/bin/pytest benches/test_hand_speed.py --benchmark-only -q

Every benchmark plays complete 6-player no-limit Hold'em hands (blinds 1/2, stacks of 200)
with the same random policy: at each decision raise to the minimum (17 %) or all-in (3 %)
when raising is allowed, fold when facing a bet (25 %), else check or call. Dealing, every
rule check and the showdown are included. The summary line at the end gives complete hands
per second (shown in M hands/s). Peers that are not installed are skipped; speed is
reported here, never asserted.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from pokerforge.game import GameSpec, Hand

pytest.importorskip("pytest_benchmark")

Measure = Callable[[Any, Callable[[], object], int], object]

HANDS = 200  # complete hands per benchmark call
PEER_HANDS = 50  # pokerkit is about a hundred times slower
STACKS = [200] * 6


def play_pokerforge(spec: GameSpec, first_seed: int, rng: random.Random) -> int:
    """Play ``HANDS`` complete hands; returns the number of actions taken."""
    rnd = rng.random
    actions = 0
    for seed in range(first_seed, first_seed + HANDS):
        hand = Hand(spec, stacks=STACKS, button=seed % 6, seed=seed)
        while not hand.is_over:
            legal = hand.legal_actions()
            r = rnd()
            if legal.min_raise_to is not None and r < 0.2:
                hand.raise_to(legal.min_raise_to if r < 0.17 else legal.max_raise_to)  # type: ignore[arg-type]
            elif legal.call and r < 0.45:
                hand.fold()
            elif legal.call:
                hand.call()
            else:
                hand.check()
            actions += 1
    return actions


@pytest.mark.benchmark(group="6-max NL hands")
def test_pokerforge_hands(benchmark: Any, measure: Measure) -> None:
    """pokerforge ``Hand``: seeded deal, the verify/apply triad, showdown by the Rust core."""
    spec = GameSpec(blinds=(1, 2))
    rng = random.Random(1)
    seeds = iter(range(0, 10**9, HANDS))
    measure(benchmark, lambda: play_pokerforge(spec, next(seeds), rng), HANDS)


@pytest.mark.benchmark(group="hand copy")
def test_pokerforge_copy(benchmark: Any) -> None:
    """``Hand.copy()`` mid-hand (target: at most 5 microseconds)."""
    hand = Hand(GameSpec(blinds=(1, 2)), stacks=STACKS, seed=3)
    hand.call()
    hand.raise_to(8)
    benchmark(hand.copy)


def play_pokerkit(rng: random.Random, hands: int) -> int:
    """Play ``hands`` complete hands with pokerkit, fully automated dealing and showdown."""
    from pokerkit import Automation, Mode, NoLimitTexasHoldem  # noqa: PLC0415

    create_state: Any = NoLimitTexasHoldem.create_state
    automations = (
        Automation.ANTE_POSTING,
        Automation.BET_COLLECTION,
        Automation.BLIND_OR_STRADDLE_POSTING,
        Automation.CARD_BURNING,
        Automation.HOLE_DEALING,
        Automation.BOARD_DEALING,
        Automation.RUNOUT_COUNT_SELECTION,
        Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
        Automation.HAND_KILLING,
        Automation.CHIPS_PUSHING,
        Automation.CHIPS_PULLING,
    )
    rnd = rng.random
    actions = 0
    for _ in range(hands):
        state = create_state(automations, True, 0, (1, 2), 2, tuple(STACKS), 6, mode=Mode.CASH_GAME)
        while state.status:
            r = rnd()
            if state.can_complete_bet_or_raise_to() and r < 0.2:
                low = state.min_completion_betting_or_raising_to_amount
                high = state.max_completion_betting_or_raising_to_amount
                state.complete_bet_or_raise_to(low if r < 0.17 else high)
            elif state.checking_or_calling_amount and r < 0.45:
                state.fold()
            else:
                state.check_or_call()
            actions += 1
    return actions


@pytest.mark.benchmark(group="6-max NL hands")
def test_pokerkit_hands(benchmark: Any, measure: Measure) -> None:
    """pokerkit ``NoLimitTexasHoldem`` state, the same policy."""
    pytest.importorskip("pokerkit")
    rng = random.Random(1)
    measure(benchmark, lambda: play_pokerkit(rng, PEER_HANDS), PEER_HANDS)


def play_pokerfast(rng: random.Random, hands: int) -> int:
    """Play ``hands`` complete hands with pokerfast's 6-max-only ``FastHand``."""
    from pokerfast import FastHand  # type: ignore[import-untyped,unused-ignore]  # noqa: PLC0415

    rnd = rng.random
    actions = 0
    for _ in range(hands):
        hand = FastHand(small_blind=1, big_blind=2, min_stack=200, max_stack=200, rng=rng)
        while not hand.done:
            space = hand.get_action_space()
            r = rnd()
            owe = space.get("call", 0)
            if "min_bet" in space and r < 0.2:
                hand.bet_or_raise(space["min_bet"] if r < 0.17 else space["max_bet"])
            elif owe and r < 0.45:
                hand.fold()
            elif owe:
                hand.call()
            else:
                hand.check()
            actions += 1
    return actions


@pytest.mark.benchmark(group="6-max NL hands")
def test_pokerfast_hands(benchmark: Any, measure: Measure) -> None:
    """pokerfast ``FastHand`` (6-max no-limit only), the same policy."""
    pytest.importorskip("pokerfast")
    rng = random.Random(1)
    measure(benchmark, lambda: play_pokerfast(rng, HANDS), HANDS)
