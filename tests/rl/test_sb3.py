"""The SB3 VecEnv adapter, driven as Stable-Baselines3's rollout loop drives a VecEnv (SB3
itself, which imports torch, is not installed for the suite)."""

from __future__ import annotations

import copy
import importlib.util
import pickle

import numpy as np
import pytest

from pokerforge.errors import IllegalActionError, InvalidSpecError

pytest.importorskip("gymnasium")

from gymnasium.wrappers import RecordEpisodeStatistics

from pokerforge.rl import PokerEnv, RandomPolicy
from pokerforge.rl.sb3 import PokerVecEnv, sb3_vec_env

SETTINGS = {"seats": 3, "stacks": [60, 200, 120], "opponents": RandomPolicy(seed=4)}


def rollout(env: PokerVecEnv, steps: int, seed: int) -> list[tuple[object, ...]]:
    """SB3's loop: seed, reset, then masks by env_method, step_async and step_wait."""
    rng = np.random.default_rng(seed)
    env.seed(seed)
    obs = env.reset()
    out: list[tuple[object, ...]] = [obs.copy()]
    for _ in range(steps):
        masks = np.stack(env.env_method("action_masks"))
        assert masks.shape == (env.num_envs, env.action_space.n)
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in masks])
        env.step_async(actions)
        obs, rewards, dones, infos = env.step_wait()
        assert obs.shape == (env.num_envs, *env.observation_space.shape)
        assert obs.dtype == np.float32 and rewards.dtype == np.float32
        for i in np.flatnonzero(dones):
            assert infos[i]["terminal_observation"].shape == env.observation_space.shape
            assert infos[i]["TimeLimit.truncated"] is False
        out.append((obs.copy(), rewards.tolist(), dones.tolist(), infos))
    return out


def test_the_vec_env_steps_as_its_tables_do() -> None:
    env = PokerVecEnv(num_envs=3, seed=2, **SETTINGS)  # type: ignore[arg-type]
    seen = rollout(env, 40, seed=9)
    assert any(any(done for done in step[2]) for step in seen[1:])  # type: ignore[index]
    # Each table is a PokerEnv reset with SB3's seed + i: table 1 replayed on its own,
    # with the actions the rollout drew.
    alone = PokerEnv(**SETTINGS)  # type: ignore[arg-type]
    obs, _ = alone.reset(seed=9 + 1)
    np.testing.assert_array_equal(seen[0][1], obs["observation"])  # type: ignore[index]
    rng = np.random.default_rng(9)
    env = PokerVecEnv(num_envs=3, seed=2, **SETTINGS)  # type: ignore[arg-type]
    env.seed(9)
    env.reset()
    alone = PokerEnv(**SETTINGS)  # type: ignore[arg-type]
    obs, _ = alone.reset(seed=10)
    for _ in range(40):
        masks = env.action_masks()
        np.testing.assert_array_equal(masks[1], alone.action_masks())
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in masks])
        vec_obs, rewards, dones, infos = env.step(actions)
        obs, reward, done, _, info = alone.step(int(actions[1]))
        assert rewards[1] == np.float32(reward) and dones[1] == done
        if done:
            np.testing.assert_array_equal(infos[1]["terminal_observation"], obs["observation"])
            assert infos[1]["net"] == info["net"]
            obs, _ = alone.reset()
        np.testing.assert_array_equal(vec_obs[1], obs["observation"])


def test_seeded_rollouts_repeat_and_copies_continue_alike() -> None:
    env = PokerVecEnv(num_envs=2, **SETTINGS)  # type: ignore[arg-type]
    first = rollout(env, 30, seed=5)
    again = rollout(env, 30, seed=5)
    for a, b in zip(first[1:], again[1:], strict=True):
        np.testing.assert_array_equal(a[0], b[0])  # type: ignore[arg-type]
        assert a[1:3] == b[1:3]
    twin = pickle.loads(pickle.dumps(env))
    other = copy.deepcopy(env)
    actions = np.array([np.flatnonzero(m)[-1] for m in env.action_masks()])
    results = [e.step(actions) for e in (env, twin, other)]
    for got in results[1:]:
        np.testing.assert_array_equal(got[0], results[0][0])
        np.testing.assert_array_equal(got[1], results[0][1])


def test_bad_actions_and_arguments_change_nothing() -> None:
    env = PokerVecEnv(num_envs=2, seed=3, **SETTINGS)  # type: ignore[arg-type]
    env.reset()
    hands = [e.hand.history for e in env.envs]
    masks = env.action_masks()
    masked = int(np.flatnonzero(~masks[1])[0]) if not masks[1].all() else None
    legal = np.array([np.flatnonzero(m)[0] for m in masks])
    bad = [(np.array([0]), "2 action indices"), (np.array([0.5, 1.0]), "2 action indices")]
    bad.append((np.array([legal[0], 99]), "action 99 is not legal at table 1"))
    if masked is not None:
        bad.append((np.array([legal[0], masked]), f"action {masked} is not legal at table 1"))
    for actions, match in bad:
        with pytest.raises((IllegalActionError, InvalidSpecError), match=match):
            env.step_async(actions)
        with pytest.raises(IllegalActionError, match="call step_async"):
            env.step_wait()
        assert [e.hand.history for e in env.envs] == hands
    with pytest.raises(InvalidSpecError, match="num_envs"):
        PokerVecEnv(num_envs=0)
    with pytest.raises(InvalidSpecError, match="not a table index"):
        env.get_attr("seat", indices=[2])
    with pytest.raises(InvalidSpecError, match="one dict per table"):
        env.set_options([{}])


def test_the_rest_of_sb3s_interface() -> None:
    env = PokerVecEnv(num_envs=3, seed=1, **SETTINGS)  # type: ignore[arg-type]
    assert env.get_attr("seat") == [0, 0, 0]
    env.set_attr("render_mode", "ansi", indices=[1])
    assert env.get_attr("render_mode") == [None, "ansi", None]
    assert env.has_attr("action_masks") and not env.has_attr("no_such_thing")
    assert env.env_is_wrapped(RecordEpisodeStatistics) == [False] * 3
    env.envs[2] = RecordEpisodeStatistics(env.envs[2])  # type: ignore[assignment]
    assert env.env_is_wrapped(RecordEpisodeStatistics, indices=2) == [True]
    env.set_options({"hole_cards": ["AsAh", None, None]})
    obs = env.reset()
    assert obs.shape == (3, *env.observation_space.shape)
    holes = [e.unwrapped.hand.hole_cards[0] for e in env.envs]  # type: ignore[attr-defined]
    assert [sorted(map(str, cards)) for cards in holes] == [["Ah", "As"]] * 3
    assert env.get_images() == [None] * 3
    env.close()


def test_sb3_vec_env_is_sb3s_vec_env_or_says_what_it_needs() -> None:
    if importlib.util.find_spec("stable_baselines3") is None:
        with pytest.raises(ModuleNotFoundError, match="needs stable-baselines3"):
            sb3_vec_env(num_envs=1)
        return
    from stable_baselines3.common.vec_env import VecEnv  # noqa: PLC0415

    env = sb3_vec_env(num_envs=2, seed=1)
    assert isinstance(env, VecEnv) and isinstance(env, PokerVecEnv)
    assert type(pickle.loads(pickle.dumps(env))) is type(env)
