"""Train sb3-contrib's MaskablePPO on pokerforge through the SB3 ``VecEnv`` adapter.

Heads-up no-limit Hold'em (blinds 1/2, 100 big blinds), the learner in seat 0 against the
default opponent, which checks or calls every hand. The observation's chip slots are
scaled to about 0 to 1 (``obs_scale=100``): on raw big blinds the learner settles on
shoving or calling every hand. The adapter hands MaskablePPO each table's legal actions
(``action_masks``), so it never picks a masked index. The win rate against the caller,
before and after training, is measured on hands dealt from other seeds.

Needs torch, stable-baselines3 and sb3-contrib, which pokerforge does not depend on (on a
CPU, install them as docs/rl.md's "Training on a CPU" says: torch from PyPI brings
gigabytes of CUDA libraries):

    python examples/train_maskable_ppo.py                      # 60,000 steps
    python examples/train_maskable_ppo.py --steps 5000 --hands 500
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from pokerforge.rl import PokerEnv
from pokerforge.rl.sb3 import sb3_vec_env

SETTINGS: dict[str, Any] = {"seats": 2, "stacks": 200, "obs_scale": 100}


def win_rate(model: Any, hands: int, seed: int) -> float:
    """The model's result against the calling opponent, in big blinds per 100 hands."""
    env = PokerEnv(seed=seed, **SETTINGS)
    obs, _ = env.reset(seed=seed)
    total = 0.0
    for _ in range(hands):
        done = False
        while not done:
            action, _ = model.predict(
                obs["observation"], action_masks=env.action_masks(), deterministic=True
            )
            obs, reward, done, _, _ = env.step(int(action))
        total += reward
        obs, _ = env.reset()
    return 100 * total / hands


def main(steps: int = 60_000, hands: int = 2_000, envs: int = 8, seed: int = 1) -> float:
    """Train for ``steps`` decisions over ``envs`` tables; returns the final bb/100."""
    from sb3_contrib import MaskablePPO  # noqa: PLC0415 - an optional, heavy import
    from stable_baselines3.common.logger import Logger  # noqa: PLC0415

    env = sb3_vec_env(num_envs=envs, seed=seed, **SETTINGS)
    model = MaskablePPO(
        "MlpPolicy", env, n_steps=256, batch_size=256, seed=seed, device="cpu", verbose=0
    )
    # A logger with no outputs: SB3's default one makes a folder in the temporary directory
    # at every run, even when it writes nothing there.
    model.set_logger(Logger(folder=None, output_formats=[]))
    before = win_rate(model, hands, seed=10_000 + seed)
    print(f"untrained: {before:+.0f} bb/100 over {hands:,} hands against a caller")
    wall, cpu = time.perf_counter(), time.process_time()
    model.learn(total_timesteps=steps)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    after = win_rate(model, hands, seed=10_000 + seed)
    print(
        f"after {steps:,} steps ({wall:.0f} s, {cpu:.0f} CPU-s): {after:+.0f} bb/100 over "
        f"{hands:,} hands against a caller"
    )
    return after


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--steps", type=int, default=60_000)
    parser.add_argument("--hands", type=int, default=2_000)
    parser.add_argument("--envs", type=int, default=8)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    main(args.steps, args.hands, args.envs, args.seed)
