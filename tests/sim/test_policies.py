"""The built-in policies and the policy protocol of simulations: the game layer's
``policy(view, legal)``, the deprecated ``policy(turn, rng)``, and random streams."""

from __future__ import annotations

import copy
import pickle
import random
import threading
import warnings

import numpy as np
import pytest

from pokerforge import sim
from pokerforge.errors import InvalidSpecError, PolicyError
from pokerforge.game import (
    Decision,
    GameSpec,
    Hand,
    HandView,
    LegalActions,
    RuleProfile,
    RunIt,
    Show,
    play,
)
from pokerforge.sim import RandomPolicy, TightAggressive, Turn
from pokerforge.sim.policies import resolve, takes_turn

SPEC = GameSpec(blinds=(1, 2))


def _ask(policy: object, hand: Hand) -> object:
    assert hand.actor is not None
    return policy(hand.view(hand.actor), hand.legal_actions())  # type: ignore[operator]


def _dealt(holes: list[str], board: str | None = None) -> Hand:
    return Hand(SPEC, stacks=[200] * len(holes), hole_cards=holes, board=board)


def test_tight_aggressive_raises_good_hands_and_folds_bad_ones() -> None:
    tag = TightAggressive()
    # Three players: the button acts first pre-flop, facing the big blind of 2.
    assert _ask(tag, _dealt(["AsAd", "7c2d", "9h9c"])) == 6
    assert _ask(tag, _dealt(["7c2d", "AsAd", "9h9c"])) == "fold"
    assert _ask(tag, _dealt(["KsQs", "AsAd", "9h9c"])) == 6  # Chen 11: a raise
    assert _ask(tag, _dealt(["9s8s", "AsAd", "9h9c"])) == "call"  # Chen 8: a call


def test_tight_aggressive_after_the_flop() -> None:
    tag = TightAggressive()
    hand = _dealt(["Ts9s", "7c2d"], board="TdTh9c4s2h")
    hand.call()
    hand.check()
    assert hand.actor == 1 and len(hand.board) == 3  # heads-up the big blind acts first
    assert _ask(tag, hand) == "check"  # seven high checks
    hand.check()
    decision = _ask(tag, hand)  # a full house bets about the pot
    assert isinstance(decision, int)
    assert decision >= 4


def test_random_policy_plays_every_kind_of_decision() -> None:
    seen: set[str] = set()
    policy = RandomPolicy(seed=1)
    for seed in range(60):
        decision = _ask(policy, Hand(SPEC, stacks=[200, 200, 200], seed=seed))
        seen.add(decision if isinstance(decision, str) else "raise")
    assert seen == {"fold", "call", "raise"}


def test_random_policy_streams_restart_from_a_seed_mixed_with_its_own() -> None:
    hand = Hand(SPEC, stacks=[200, 200, 200], seed=3)

    def draws(policy: RandomPolicy, seed: int) -> list[object]:
        policy.reseed(seed)
        return [_ask(policy, hand) for _ in range(30)]

    plain, one, two = RandomPolicy(), RandomPolicy(seed=1), RandomPolicy(seed=2)
    assert draws(plain, 5) == draws(RandomPolicy(seed=None), 5) == draws(plain, 5)
    assert draws(one, 5) == draws(RandomPolicy(seed=1), 5)
    assert len({tuple(draws(p, 5)) for p in (plain, one, two)}) == 3
    assert draws(one, 5) != draws(one, 6)
    with pytest.raises(InvalidSpecError, match="seed must be a whole number of at least 0, not -1"):
        RandomPolicy(seed=-1)


def test_policies_pickle_and_resolve_by_name() -> None:
    for policy in sim.POLICIES.values():
        assert pickle.loads(pickle.dumps(policy)) == policy
    assert [name for name, _ in resolve("tag", players=3)] == ["tag"] * 3
    assert [name for name, _ in resolve("tag, random", players=2)] == ["tag", "random"]
    assert [name for name, _ in resolve([RandomPolicy(), RandomPolicy(4)], players=2)] == [
        "random",
        "RandomPolicy",
    ]
    with pytest.raises(InvalidSpecError, match="'bluff' is not a policy"):
        resolve(["call", "bluff"], players=2)
    with pytest.raises(InvalidSpecError, match="a policy must be a name or a callable, not 3"):
        resolve(["call", 3], players=2)  # type: ignore[list-item]


def test_a_pickled_random_policy_keeps_its_stream() -> None:
    policy = RandomPolicy(seed=9)
    hand = Hand(SPEC, stacks=[200, 200, 200], seed=1)
    _ask(policy, hand)
    twin = pickle.loads(pickle.dumps(policy))
    assert [_ask(twin, hand) for _ in range(20)] == [_ask(policy, hand) for _ in range(20)]


def test_tight_aggressive_beats_calling_stations_heads_up() -> None:
    result = sim.run(None, players=2, hands=2000, policies=["tag", "call"], seed=3)
    assert result.net[0] > 0
    assert result.net[0] == -result.net[1]


def test_the_names_take_commas_as_the_command_does() -> None:
    by_name = sim.run(None, players=2, hands=50, policies="tag,random", seed=2)
    by_list = sim.run(None, players=2, hands=50, policies=["tag", "random"], seed=2)
    assert by_name == by_list
    assert by_name.policies == ("tag", "random")


class NumpyRaiser:
    """Raises the minimum (as a NumPy integer) now and then, from its own stream."""

    def __init__(self) -> None:
        self.rng = random.Random(0)

    def reseed(self, seed: int) -> None:
        self.rng.seed(seed)

    def __call__(self, view: HandView, legal: LegalActions) -> object:
        if legal.min_raise_to is not None and self.rng.random() < 0.3:
            return np.int64(legal.min_raise_to)
        return "call" if legal.call else "check"


def test_a_numpy_integer_is_a_raise_and_a_policy_of_ones_own_is_reseeded() -> None:
    first = sim.run(None, players=3, hands=100, policies=NumpyRaiser(), seed=1)
    assert first.actions > 0
    assert sum(first.net) == 0
    # Reseeded before every hand: the same run again, whatever the stream's state.
    raiser = NumpyRaiser()
    raiser.rng.seed(12345)
    assert sim.run(None, players=3, hands=100, policies=raiser, seed=1) == first
    assert sim.run(None, players=3, hands=100, policies="call", seed=1) != first


class LockedRandom(RandomPolicy):
    """A stream that cannot be copied (it holds a lock)."""

    def __init__(self) -> None:
        super().__init__()
        self.lock = threading.Lock()

    def __deepcopy__(self, memo: dict[int, object]) -> LockedRandom:
        return copy.deepcopy(self.lock)  # type: ignore[no-any-return]


def test_a_stream_that_cannot_be_copied_per_chunk_is_named() -> None:
    with pytest.raises(PolicyError, match="has a random stream \\(reseed\\) but cannot be copied"):
        sim.run(None, players=2, hands=5, policies=LockedRandom(), seed=1)


def station(view: HandView, legal: LegalActions) -> Decision:
    return Decision.check_or_call()


def _named_station(view: HandView, legal: LegalActions) -> str:
    return "check_or_call"


def test_policies_may_return_decisions_and_check_or_call() -> None:
    by_object = sim.run(None, players=3, hands=30, policies=station, seed=4)
    by_name = sim.run(None, players=3, hands=30, policies=_named_station, seed=4)
    calls = sim.run(None, players=3, hands=30, policies="call", seed=4)
    assert by_object.net == by_name.net == calls.net  # the same hands, the same play


class Inspector:
    """Checks what a policy is given, then checks or calls."""

    def __init__(self) -> None:
        self.decisions = 0

    def __call__(self, view: HandView, legal: LegalActions) -> str:
        assert isinstance(view, HandView) and isinstance(legal, LegalActions)
        assert view.actor == view.seat
        assert view.legal_actions == legal
        assert view.hole_cards[view.seat] is not None
        assert all(h is None for s, h in enumerate(view.hole_cards) if s != view.seat)
        self.decisions += 1
        return "check_or_call"


def test_a_policy_gets_its_seats_view_and_legal_actions() -> None:
    inspector = Inspector()
    seen = sim.run(None, players=4, hands=40, policies=inspector, seed=6)
    assert inspector.decisions == seen.actions
    assert seen.net == sim.run(None, players=4, hands=40, policies="call", seed=6).net


class Hoarder:
    """Keeps each view unread and reads the last one at its next decision."""

    def __init__(self) -> None:
        self.kept: HandView | None = None

    def __call__(self, view: HandView, legal: LegalActions) -> str:
        if self.kept is not None:
            _ = self.kept.board
        self.kept = view
        return "check_or_call"


def test_a_view_first_read_after_its_decision_is_a_policy_error() -> None:
    with pytest.raises(PolicyError, match="seat 0's view was first read after its turn"):
        sim.run(None, players=2, hands=3, policies=Hoarder(), seed=1)


def test_the_built_ins_play_at_a_table_as_in_a_run() -> None:
    seat_policies: list[object] = [sim.POLICIES["tag"], RandomPolicy(), sim.call_policy]
    for seed, button in ((17, 0), (99, 2), (2024, 1)):
        replayed = sim.replay(
            None, seed=seed, button=button, players=3, policies=["tag", "random", "call"]
        )
        seat_policies[1].reseed(seed)  # type: ignore[attr-defined]
        hand = Hand(SPEC, stacks=[200] * 3, button=button, seed=seed)
        play(hand, seat_policies)  # type: ignore[arg-type]
        assert hand.history == replayed.history
        assert hand.net == replayed.net


def test_a_run_leaves_the_built_in_policies_as_they_were() -> None:
    # Each chunk plays on its own copies, so runs in threads never share a stream.
    before = sim.random_policy._rng.getstate()
    sim.run(None, players=3, hands=20, policies="random", seed=8)
    assert sim.random_policy._rng.getstate() == before


# -- the deprecated policy(turn, rng) ----------------------------------------------------


def old_random(turn: Turn, rng: random.Random) -> object:
    """The random policy written the old way, drawing from the run's generator."""
    legal = turn.legal_actions
    low = legal.min_raise_to
    choices = 1 + (legal.call > 0) + (low is not None)
    pick = int(rng.random() * choices)
    if low is not None and pick == choices - 1:
        top = legal.max_raise_to if legal.max_raise_to is not None else low
        return low + int(rng.random() * (top - low + 1))
    if legal.call and pick == 1:
        return "fold"
    return "call" if legal.call else "check"


def test_the_old_form_warns_and_plays_as_before() -> None:
    with pytest.warns(DeprecationWarning, match="policy 'old_random' takes \\(turn, rng\\)"):
        old = sim.run(None, players=4, hands=200, policies=old_random, seed=9, chunk_size=64)
    new = sim.run(None, players=4, hands=200, policies="random", seed=9, chunk_size=64)
    # The generator of a hand is seeded with its seed, as the random policy's stream is.
    assert (old.net, old.actions, old.showdowns) == (new.net, new.actions, new.showdowns)


def test_a_new_form_policy_does_not_warn() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        sim.run(None, players=2, hands=5, policies=[station, "tag"], seed=1)


def _first_annotated(t: Turn, extra: object) -> str:
    return "call" if t.legal_actions.call else "check"


def _second_annotated(t: object, r: random.Random) -> str:
    return "call"


class OldClass:
    def __call__(self, turn: object, rng: object) -> str:
        return "call"


def test_the_old_form_is_told_by_its_signature() -> None:
    assert takes_turn(old_random)
    assert takes_turn(_first_annotated)  # a first parameter annotated Turn
    assert takes_turn(_second_annotated)  # a second annotated random.Random
    assert takes_turn(OldClass())  # a second named rng
    assert takes_turn(lambda turn, rng: "call")
    assert not takes_turn(station)
    assert not takes_turn(lambda view, legal: "call")
    assert not takes_turn(sim.call_policy)
    assert not takes_turn(RandomPolicy())
    assert not takes_turn(TightAggressive())
    assert not takes_turn(max)  # no signature to read: a policy(view, legal)


def test_an_old_form_policy_annotated_turn_plays_its_turns() -> None:
    with pytest.warns(DeprecationWarning):
        old = sim.run(None, players=3, hands=30, policies=_first_annotated, seed=4)
    assert old.net == sim.run(None, players=3, hands=30, policies="call", seed=4).net


@pytest.mark.parametrize("name", ["random", "call", "tag"])
def test_the_built_ins_answer_the_questions_that_are_not_bets(name: str) -> None:
    # How many times to run the board (rule 26b): once; at an asked showdown (rule 22):
    # show. Before, both stopped a run with a PolicyError ("cannot check").
    asked = {"runouts": RuleProfile(runouts=3), "showdown": RuleProfile(showdown="ask")}
    for kind, rules in asked.items():
        spec = GameSpec(blinds=(1, 2), rules=rules)
        seen = 0
        for seed in range(60):
            # The small blind all-in on its blind and the button's 2 chips a call of the big
            # blind: even the calling station is all-in before the flop.
            hand = play(Hand(spec, stacks=[2, 1, 80], seed=seed), sim.POLICIES[name])
            assert hand.is_over and sum(hand.stacks) + hand.rake == 83
            asked_about = RunIt if kind == "runouts" else Show
            records = [r for r in hand.history if isinstance(r, asked_about)]
            assert all(r.times == 1 for r in records if isinstance(r, RunIt))
            seen += bool(records)
        assert seen, f"no hand asked the {kind} question"
        assert sim.run(spec, players=3, hands=200, policies=name, seed=2).hands == 200
