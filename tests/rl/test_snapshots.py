"""Snapshots, pickling and copies of every environment: a restored or copied environment
continues exactly as the original does."""

from __future__ import annotations

import copy
import pickle
import random
from typing import Any

import numpy as np
import pytest

from pokerforge.errors import InvalidSpecError
from pokerforge.game import GameSpec
from pokerforge.rl import PokerEnv, RandomPolicy, Tables, VectorPokerEnv, aec_env


def _play(tables: Tables, choices: random.Random, steps: int) -> list[object]:
    """Random legal actions at table 0 (new hands as they end); what was observed."""
    seen: list[object] = []
    for _ in range(steps):
        if tables.hands[0].is_over:
            tables.new_hand(0)
        seat = tables.observe(0)
        seen.append((seat, tables.obs[0].tobytes(), tables.infoset(0, seat)))
        tables.act(0, choices.choice(tables.legal(0)))
    return seen


def test_a_restored_table_continues_exactly_and_a_snapshot_is_reusable() -> None:
    tables = Tables(GameSpec(blinds=(1, 2)), seats=6, seed=8)
    tables.new_hand(0)
    _play(tables, random.Random(1), 7)
    saved = tables.snapshot()
    first = _play(tables, random.Random(2), 40)
    for _ in range(2):
        tables.restore(saved)
        assert _play(tables, random.Random(2), 40) == first
    # A copy put back by hand, its state with it (the encoder follows the state).
    hand = tables.hands[0].copy()
    tables.hands[0], tables.states[0] = hand, hand.state
    fresh = Tables(GameSpec(blinds=(1, 2)), seats=6, seed=8)
    fresh.restore(tables.snapshot())
    assert _play(fresh, random.Random(3), 30) == _play(tables, random.Random(3), 30)
    with pytest.raises(InvalidSpecError, match="not a snapshot of these 1 tables"):
        tables.restore(Tables(GameSpec(), seats=2, tables=2, seed=1).snapshot())


def test_a_foreign_snapshot_is_refused_before_anything_changes() -> None:
    # A snapshot of other seats, another game or another environment once replaced the
    # hand and then failed (every later step failing too), or leaked TypeError,
    # ValueError or AttributeError.
    tables = Tables(GameSpec(), seats=2, seed=1)
    tables.new_hand(0)
    own = tables.hands[0]
    for other in (
        Tables(GameSpec(), seats=6, seed=2),
        Tables(GameSpec(variant="omaha", betting="pot-limit"), seats=2, seed=2),
    ):
        other.new_hand(0)
        with pytest.raises(InvalidSpecError, match="its table 0 holds <Hand"):
            tables.restore(other.snapshot())
        assert tables.hands[0] is own
    envs: list[Any] = [PokerEnv(seats=2), aec_env(), VectorPokerEnv(num_tables=2)]
    for env in envs:
        env.reset(seed=1)
    six = PokerEnv(seats=6)
    six.reset(seed=2)
    for env in envs:
        hands = [hand.history for hand in env.tables.hands]
        foreign = [(), (1, 2), "x", six.snapshot()] + [e.snapshot() for e in envs if e is not env]
        for snapshot in foreign:
            with pytest.raises(InvalidSpecError, match="not a snapshot of this"):
                env.restore(snapshot)
        assert [hand.history for hand in env.tables.hands] == hands
        env.restore(env.snapshot())  # its own: taken


@pytest.mark.parametrize("how", ["pickle", "deepcopy"])
def test_tables_pickle_and_copy(how: str) -> None:
    tables = Tables(GameSpec(blinds=(1, 2)), seats=3, seed=2)
    tables.new_hand(0)
    _play(tables, random.Random(4), 5)
    other = pickle.loads(pickle.dumps(tables)) if how == "pickle" else copy.deepcopy(tables)
    assert _play(other, random.Random(5), 30) == _play(tables, random.Random(5), 30)


def _gym_run(env: PokerEnv, rng: random.Random, steps: int) -> list[Any]:
    out = []
    for _ in range(steps):
        legal = np.flatnonzero(env.action_masks())
        obs, reward, done, _, _ = env.step(int(rng.choice(list(legal))))
        out.append((obs["observation"].tobytes(), reward, done))
        if done:
            obs, _ = env.reset()
    return out


@pytest.mark.parametrize("how", ["restore", "pickle", "deepcopy"])
def test_the_gym_env_continues_identically(how: str) -> None:
    env = PokerEnv(seats=3, opponents=RandomPolicy(seed=3), seed=4)
    env.reset(seed=4)
    _gym_run(env, random.Random(1), 3)
    if how == "restore":
        saved = env.snapshot()
        first = _gym_run(env, random.Random(2), 60)
        env.restore(saved)
        assert _gym_run(env, random.Random(2), 60) == first
    else:
        other = pickle.loads(pickle.dumps(env)) if how == "pickle" else copy.deepcopy(env)
        assert _gym_run(other, random.Random(2), 60) == _gym_run(env, random.Random(2), 60)


def _aec_run(env: Any, rng: random.Random, steps: int) -> list[Any]:
    out = []
    for _ in range(steps):
        agent = env.agent_selection
        obs, reward, done, _, _ = env.last()
        out.append((agent, obs["observation"].tobytes(), reward, done))
        if done:
            env.step(None)
            if not env.agents:
                env.reset()
            continue
        env.step(int(rng.choice(list(np.flatnonzero(obs["action_mask"])))))
    return out


@pytest.mark.parametrize("how", ["restore", "pickle"])
def test_the_aec_env_continues_identically(how: str) -> None:
    env = aec_env(seats=3, seed=6)
    env.reset(seed=6)
    _aec_run(env, random.Random(1), 4)
    if how == "restore":
        saved = env.snapshot()
        first = _aec_run(env, random.Random(2), 60)
        env.restore(saved)
        assert _aec_run(env, random.Random(2), 60) == first
    else:
        other = pickle.loads(pickle.dumps(env))
        assert _aec_run(other, random.Random(2), 60) == _aec_run(env, random.Random(2), 60)


def _vector_run(env: VectorPokerEnv, rng: np.random.Generator, steps: int) -> list[Any]:
    out = []
    for _ in range(steps):
        mask = env.action_mask
        actions = [int(rng.choice(np.flatnonzero(row))) for row in mask]
        obs, rewards, dones, _ = env.step(actions)
        out.append((obs.tobytes(), rewards.tobytes(), dones.tobytes()))
    return out


@pytest.mark.parametrize("how", ["restore", "pickle", "deepcopy"])
def test_the_vector_env_continues_identically(how: str) -> None:
    env = VectorPokerEnv(num_tables=4, seats=3, seed=9)
    env.reset()
    _vector_run(env, np.random.default_rng(1), 5)
    if how == "restore":
        saved = env.snapshot()
        first = _vector_run(env, np.random.default_rng(2), 40)
        env.restore(saved)
        assert _vector_run(env, np.random.default_rng(2), 40) == first
    else:
        other = pickle.loads(pickle.dumps(env)) if how == "pickle" else copy.deepcopy(env)
        again = _vector_run(other, np.random.default_rng(2), 40)
        assert again == _vector_run(env, np.random.default_rng(2), 40)
