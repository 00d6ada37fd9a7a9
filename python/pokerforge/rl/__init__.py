"""Reinforcement learning on pokerforge's hand engine.

* `PokerEnv`: a Gymnasium environment, one learning seat against given policies
  (observation policies, or the game's ``policy(view, legal)`` through
  [`GamePolicy`][pokerforge.rl.GamePolicy]).
* `aec_env()`: a PettingZoo AEC environment, every seat an agent.
* [`VectorPokerEnv`][pokerforge.rl.VectorPokerEnv]: many tables stepped by one call, observations in
one array;
  `VectorEnv`, the same as a standard ``gymnasium.vector.VectorEnv``.
* [`ObservationLayout`][pokerforge.rl.ObservationLayout]: what every slot of an observation holds.
* Gymnasium ids ``"pokerforge/HoldemNL-v0"`` and the like (`pokerforge.rl.registry`).

The rules are the game layer's ([`pokerforge.game.Hand`][pokerforge.game.Hand]); observations are
written by the Rust core's encoder into preallocated NumPy arrays. Needs the ``rl`` extra
(``pip install 'pokerforge[rl]'``) for Gymnasium and PettingZoo.

Examples:
    >>> from pokerforge.rl import ObservationLayout
    >>> ObservationLayout(seats=2, history=4).describe()[-1]
    'history[3]:amount'
"""

from __future__ import annotations

import importlib.util
from typing import TYPE_CHECKING, Any

from pokerforge.rl.layout import ObservationLayout
from pokerforge.rl.policies import GamePolicy, Policy, RandomPolicy, call_policy
from pokerforge.rl.tables import DEFAULT_ACTIONS, MAX_ENCODED_CHIPS, Move, Tables, hand_seed
from pokerforge.rl.vector import VectorPokerEnv

if TYPE_CHECKING:
    from pokerforge.rl.aec import PokerAECEnv, aec_env
    from pokerforge.rl.env import PokerEnv
    from pokerforge.rl.gymvector import VectorEnv

__all__ = [
    "DEFAULT_ACTIONS",
    "MAX_ENCODED_CHIPS",
    "GamePolicy",
    "Move",
    "ObservationLayout",
    "PokerAECEnv",
    "PokerEnv",
    "Policy",
    "RandomPolicy",
    "Tables",
    "VectorEnv",
    "VectorPokerEnv",
    "aec_env",
    "call_policy",
    "hand_seed",
]


if importlib.util.find_spec("gymnasium") is not None:  # the ``rl`` extra
    from pokerforge.rl.registry import register_envs

    register_envs()


def __getattr__(name: str) -> Any:
    # Gymnasium and PettingZoo are optional (the ``rl`` extra): imported on first use.
    if name == "PokerEnv":
        from pokerforge.rl.env import PokerEnv  # noqa: PLC0415

        return PokerEnv
    if name == "VectorEnv":
        from pokerforge.rl.gymvector import VectorEnv  # noqa: PLC0415

        return VectorEnv
    if name in ("aec_env", "PokerAECEnv"):
        from pokerforge.rl import aec  # noqa: PLC0415

        return getattr(aec, name)
    raise AttributeError(f"module 'pokerforge.rl' has no attribute {name!r}")
