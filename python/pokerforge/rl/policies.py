"""Ready-made policies for the seats an agent does not play.

A policy is any callable ``policy(obs, mask) -> action``: ``obs`` is the seat's
observation (``float32[size]``), ``mask`` the legal discrete actions (``int8[actions]``),
both only valid during the call; it returns an index into the discrete action set (or an
exact move such as ``("raise_to", 60)``).

Examples:
    >>> import numpy as np
    >>> mask = np.array([1, 1, 0, 0, 0, 1], dtype=np.int8)
    >>> call_policy(np.zeros(3, np.float32), mask)
    1
    >>> policy = RandomPolicy(seed=3)
    >>> all(mask[policy(np.zeros(3, np.float32), mask)] for _ in range(20))
    True
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import numpy.typing as npt

from pokerforge.rl.tables import Move

__all__ = ["CALL", "Policy", "RandomPolicy", "call_policy"]

Policy = Callable[[npt.NDArray[np.float32], npt.NDArray[np.int8]], "int | Move"]

CALL = 1  # index of "call" (check or call) in the default action set


def call_policy(obs: npt.NDArray[np.float32], mask: npt.NDArray[np.int8]) -> int:
    """Always checks or calls (the ``"call"`` action of the default action set, index 1)."""
    return CALL


class RandomPolicy:
    """Picks uniformly among the legal discrete actions, from its own seeded generator.

    Args:
        seed: seeds the generator (``None``: a random seed).
    """

    def __init__(self, seed: int | None = None) -> None:
        self._random = np.random.default_rng(seed).random

    def reseed(self, seed: int | None) -> None:
        """Restart the generator from ``seed`` (environments call this on ``reset(seed=)``)."""
        self._random = np.random.default_rng(seed).random

    def __call__(self, obs: npt.NDArray[np.float32], mask: npt.NDArray[np.int8]) -> int:
        legal = np.flatnonzero(mask)
        return int(legal[int(self._random() * len(legal))])
