"""Train Stable-Baselines3's plain PPO or DQN on a registered pokerforge environment, unmodified.

Plain learners ignore the action mask, so the environment is made with
``illegal="penalize"``: an illegal choice plays the legal default (check, else fold) and
costs ``illegal_penalty`` big blinds (docs/rl.md). The learner reads the observation and
the mask as SB3's ``MultiInputPolicy`` reads any ``Dict`` observation. The share of
illegal choices, before and after training, is measured on hands dealt from other seeds:
the penalty teaches the learner to stop making them.

Needs torch and stable-baselines3, which pokerforge does not depend on (on a CPU, see
docs/rl.md for the recipe without CUDA's libraries):

    python examples/train_ppo.py                        # PPO, 20,000 steps
    python examples/train_ppo.py --algo dqn --steps 5000
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import gymnasium

import pokerforge.rl  # noqa: F401 - registers the environments' ids

ENV_ID = "pokerforge/HoldemNL-v0"
SETTINGS: dict[str, Any] = {"obs_scale": 100, "illegal": "penalize", "illegal_penalty": 1.0}


def illegal_share(model: Any, steps: int, seed: int) -> float:
    """The share of the model's choices that were illegal, over ``steps`` decisions."""
    env = gymnasium.make(ENV_ID, seed=seed, **SETTINGS)
    obs, _ = env.reset(seed=seed)
    illegal = 0
    for _ in range(steps):
        action, _ = model.predict(obs, deterministic=True)
        obs, _, done, _, info = env.step(int(action))
        illegal += bool(info.get("illegal"))
        if done:
            obs, _ = env.reset()
    return illegal / steps


def main(algo: str = "ppo", steps: int = 20_000, seed: int = 1, checks: int = 2_000) -> float:
    """Train for ``steps`` decisions; returns the share of illegal choices after."""
    from stable_baselines3 import DQN, PPO  # noqa: PLC0415 - an optional, heavy import
    from stable_baselines3.common.logger import Logger  # noqa: PLC0415

    env = gymnasium.make(ENV_ID, seed=seed, **SETTINGS)
    learner = PPO if algo == "ppo" else DQN
    extra = {"n_steps": 256, "batch_size": 256} if algo == "ppo" else {"learning_starts": 500}
    model = learner("MultiInputPolicy", env, seed=seed, device="cpu", verbose=0, **extra)
    # A logger with no outputs: SB3's default one makes a folder in the temporary directory
    # at every run, even when it writes nothing there.
    model.set_logger(Logger(folder=None, output_formats=[]))
    before = illegal_share(model, checks, seed=10_000 + seed)
    print(f"untrained: {before:.1%} illegal choices over {checks:,} decisions")
    wall = time.perf_counter()
    model.learn(total_timesteps=steps)
    wall = time.perf_counter() - wall
    after = illegal_share(model, checks, seed=10_000 + seed)
    print(f"after {steps:,} steps ({wall:.0f} s): {after:.1%} illegal choices over {checks:,}")
    return after


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--algo", choices=("ppo", "dqn"), default="ppo")
    parser.add_argument("--steps", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--checks", type=int, default=2_000)
    args = parser.parse_args()
    main(args.algo, args.steps, args.seed, args.checks)
