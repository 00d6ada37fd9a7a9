"""The environments pass their libraries' own checkers, across variants and table sizes."""

from __future__ import annotations

import pytest

from pokerforge.game import GameSpec

gymnasium = pytest.importorskip("gymnasium")
pettingzoo = pytest.importorskip("pettingzoo")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

from pokerforge.rl import PokerEnv, RandomPolicy, aec_env  # noqa: E402

SPECS = [
    GameSpec(blinds=(1, 2)),
    GameSpec(variant="omaha", betting="pot-limit", blinds=(1, 2)),
    GameSpec(variant="omaha-hilo", betting="fixed-limit", blinds=(1, 2), small_bet=2, big_bet=4),
]


# Advice, not failures: chip counts in big blinds are unbounded above by design, and the
# dict observation with an action mask is PettingZoo's own convention for card games.
ADVICE = [
    "ignore:.*maximum value is infinity",
    "ignore:Observation space for each agent probably should be",
    "ignore:Observation is not a NumPy array",
]


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: f"{s.variant}-{s.betting}")
@pytest.mark.parametrize("seats", [2, 6])
@pytest.mark.filterwarnings(*ADVICE)
def test_gymnasium_check_env(spec: GameSpec, seats: int) -> None:
    # check_env steps with actions sampled without the mask, and a masked index raises by
    # design (test_gym_illegal_actions_change_nothing): its first sample is drawn from an
    # action space seeded here, so that every run steps the same, legal, indices. In
    # fixed limit every raise size is the one allowed amount (all but the first masked as
    # repeats), so that game gets the set without repeats.
    fixed = spec.betting == "fixed-limit"
    actions = (
        ("fold", "call", "min") if fixed else ("fold", "call", "min", "0.5pot", "pot", "allin")
    )
    env = PokerEnv(spec, seats=seats, opponents=RandomPolicy(seed=1), seed=5, actions=actions)
    env.action_space.seed(1)
    check_env(env, skip_render_check=True)


@pytest.mark.parametrize(
    ("spec", "seats"),
    [(spec, seats) for spec in SPECS for seats in (2, 3, 5)] + [(SPECS[0], 10)],
    ids=lambda v: f"{v.variant}-{v.betting}" if isinstance(v, GameSpec) else str(v),
)
@pytest.mark.filterwarnings(*ADVICE)
def test_pettingzoo_api_test(spec: GameSpec, seats: int) -> None:
    env = aec_env(spec, seats=seats, stacks=[50 + 10 * i for i in range(seats)], seed=2)
    api_test(env, num_cycles=200)


@pytest.mark.parametrize("seats", [2, 6])
def test_pettingzoo_seed_test(seats: int) -> None:
    # Two environments reset with the same seed play the same hand, sampled actions and all.
    seed_test(lambda: aec_env(seats=seats, stacks=[60 + 10 * i for i in range(seats)]))
