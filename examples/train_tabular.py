"""Train a small tabular policy against a calling station, and watch its win rate grow.

Heads-up no-limit Hold'em (blinds 1/2, 100 big blinds), one hand per episode of
``pokerforge.rl.PokerEnv``. The learner sees a coarse summary of its observation (street,
a hand-strength bucket, whether it faces a bet) and keeps one value per summary and
action: Monte Carlo control with epsilon-greedy exploration. The opponent always checks or
calls, so the way to beat it is to bet strong hands and give up weak ones; a uniformly
random player loses to it. Runs in well under a minute:

    python examples/train_tabular.py             # 16,000 training hands in 7 rounds
    python examples/train_tabular.py --hands 1000 --rounds 3
"""

from __future__ import annotations

import argparse
import time
from collections import defaultdict

import numpy as np

import pokerforge
from pokerforge.game import GameSpec
from pokerforge.rl import ObservationLayout, PokerEnv, call_policy

CHOICES = (0, 1, 4, 5)  # fold, check/call, pot, all-in (indices of the default action set)


def summary(obs: np.ndarray, layout: ObservationLayout) -> tuple[int, int, int]:
    """(street, strength bucket 0-4, facing a bet) from the observation vector."""
    street_at, _ = layout.section("street")
    street = int(np.argmax(obs[street_at : street_at + 4]))
    hole = np.flatnonzero(obs[:52])
    facing = int(obs[layout.index("legal:call")] > 0)
    if street == 0:
        ranks = sorted((int(c) // 4 for c in hole), reverse=True)
        if ranks[0] == ranks[1]:
            bucket = 4 if ranks[0] >= 7 else 3  # pairs of nines and up / smaller pairs
        elif ranks[1] >= 8:
            bucket = 2  # two cards ten or better
        else:
            bucket = 1 if ranks[0] >= 11 else 0  # an ace or a king / nothing
        return street, bucket, facing
    cards = np.flatnonzero(obs[:104]) % 52
    category = int(pokerforge.evaluate(int(sum(1 << int(c) for c in cards))).category)
    return street, min(category, 4), facing


def act(q: dict, key: tuple, mask: np.ndarray, epsilon: float, rng: np.random.Generator) -> int:
    legal = [a for a in CHOICES if mask[a]]
    if rng.random() < epsilon:
        return legal[int(rng.integers(len(legal)))]
    values = q[key]
    return max(legal, key=lambda a: values[a])


def play(env, q, layout, hands, *, epsilon, rng, learn, first_seed):
    """Play ``hands`` hands; returns the learner's win rate in big blinds per 100 hands."""
    counts = defaultdict(lambda: np.zeros(6))
    total = 0.0
    obs, info = env.reset(seed=first_seed)
    for _ in range(hands):
        visited = []
        total += info["skipped_net"] / 2
        done = False
        while not done:
            key = summary(obs["observation"], layout)
            action = act(q, key, obs["action_mask"], epsilon, rng)
            visited.append((key, action))
            obs, reward, done, _, info = env.step(action)
        total += reward
        if learn:
            for key, action in visited:
                counts[key][action] += 1
                q[key][action] += (reward - q[key][action]) / max(counts[key][action], 20)
        obs, info = env.reset()
    return 100 * total / hands


def main(hands: int = 16000, rounds: int = 7, evaluate: int = 2000, seed: int = 0) -> list[float]:
    """Train on ``hands`` hands in ``rounds`` rounds, each twice as long as the one before;
    returns the win rate of random play, then the greedy win rate after each round."""
    spec = GameSpec(blinds=(1, 2))
    env = PokerEnv(spec, seats=2, opponents=call_policy, stacks=200, seed=seed)
    layout = ObservationLayout(seats=2, history=env.tables.encoder.history)
    rng = np.random.default_rng(seed)
    q: dict = defaultdict(lambda: np.zeros(6))
    start = time.perf_counter()
    random_rate = play(
        env, q, layout, evaluate, epsilon=1.0, rng=rng, learn=False, first_seed=10**6
    )
    print(f"uniformly random play: {random_rate:+8.1f} bb/100")
    rates = [random_rate]
    trained = 0
    for r in range(rounds):
        size = max(1, hands * 2**r // (2**rounds - 1))
        play(env, q, layout, size, epsilon=0.2, rng=rng, learn=True, first_seed=seed + r)
        trained += size
        rate = play(env, q, layout, evaluate, epsilon=0.0, rng=rng, learn=False, first_seed=10**6)
        rates.append(rate)
        print(f"after {trained:6d} training hands: {rate:+8.1f} bb/100 (greedy)")
    print(f"{time.perf_counter() - start:.1f} s")
    return rates


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=16000, help="training hands in all")
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--evaluate", type=int, default=2000, help="hands per evaluation")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    main(args.hands, args.rounds, args.evaluate, args.seed)
