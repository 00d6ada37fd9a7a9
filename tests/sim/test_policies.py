"""The built-in policies and the policy protocol."""

from __future__ import annotations

import pickle
import random

import numpy as np
import pytest

from pokerforge import sim
from pokerforge.errors import InvalidSpecError
from pokerforge.game import Decision, GameSpec, Hand
from pokerforge.sim import TightAggressive, Turn
from pokerforge.sim.policies import resolve

SPEC = GameSpec(blinds=(1, 2))


def _turn(holes: list[str], board: str | None = None) -> Turn:
    hand = Hand(SPEC, stacks=[200] * len(holes), hole_cards=holes, board=board)
    assert hand.actor is not None
    return Turn(hand, hand.actor)


def test_tight_aggressive_raises_good_hands_and_folds_bad_ones() -> None:
    tag, rng = TightAggressive(), random.Random(0)
    # Three players: the button acts first pre-flop, facing the big blind of 2.
    assert tag(_turn(["AsAd", "7c2d", "9h9c"]), rng) == 6
    assert tag(_turn(["7c2d", "AsAd", "9h9c"]), rng) == "fold"
    assert tag(_turn(["KsQs", "AsAd", "9h9c"]), rng) == 6  # Chen 11: a raise
    assert tag(_turn(["9s8s", "AsAd", "9h9c"]), rng) == "call"  # Chen 8: a call


def test_tight_aggressive_after_the_flop() -> None:
    tag, rng = TightAggressive(), random.Random(0)
    hand = Hand(SPEC, stacks=[200, 200], hole_cards=["Ts9s", "7c2d"], board="TdTh9c4s2h")
    hand.call()
    hand.check()
    assert hand.actor == 1 and len(hand.board) == 3  # heads-up the big blind acts first
    assert tag(Turn(hand, 1), rng) == "check"  # seven high checks
    hand.check()
    decision = tag(Turn(hand, 0), rng)  # a full house bets about the pot
    assert isinstance(decision, int)
    assert decision >= 4


def test_random_policy_plays_every_kind_of_decision() -> None:
    seen: set[str] = set()
    rng = random.Random(1)
    for seed in range(60):
        hand = Hand(SPEC, stacks=[200, 200, 200], seed=seed)
        assert hand.actor is not None
        decision = sim.random_policy(Turn(hand, hand.actor), rng)
        seen.add(decision if isinstance(decision, str) else "raise")
    assert seen == {"fold", "call", "raise"}


def test_policies_pickle_and_resolve_by_name() -> None:
    for policy in sim.POLICIES.values():
        assert pickle.loads(pickle.dumps(policy)) == policy
    assert [name for name, _ in resolve("tag", players=3)] == ["tag"] * 3
    with pytest.raises(InvalidSpecError, match="'bluff' is not a policy"):
        resolve(["call", "bluff"], players=2)
    with pytest.raises(InvalidSpecError, match="a policy must be a name or a callable, not 3"):
        resolve(["call", 3], players=2)  # type: ignore[list-item]


def test_tight_aggressive_beats_calling_stations_heads_up() -> None:
    result = sim.run(None, players=2, hands=2000, policies=["tag", "call"], seed=3)
    assert result.net[0] > 0
    assert result.net[0] == -result.net[1]


def numpy_raiser(turn: Turn, rng: random.Random) -> object:
    legal = turn.legal_actions
    if legal.min_raise_to is not None and rng.random() < 0.3:
        return np.int64(legal.min_raise_to)
    return "call" if legal.call else "check"


def test_a_numpy_integer_is_a_raise() -> None:
    result = sim.run(None, players=3, hands=100, policies=numpy_raiser, seed=1)  # type: ignore[arg-type]
    assert result.actions > 0
    assert sum(result.net) == 0


def station(turn: Turn, rng: random.Random) -> Decision:
    return Decision.check_or_call()


def test_policies_may_return_decisions_and_check_or_call() -> None:
    by_object = sim.run(None, players=3, hands=30, policies=station, seed=4)
    by_name = sim.run(None, players=3, hands=30, policies=_named_station, seed=4)
    calls = sim.run(None, players=3, hands=30, policies="call", seed=4)
    assert by_object.net == by_name.net == calls.net  # the same hands, the same play


def _named_station(turn: Turn, rng: random.Random) -> str:
    return "check_or_call"
