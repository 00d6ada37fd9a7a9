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

from collections.abc import Callable, Sequence

import numpy as np
import numpy.typing as npt

from pokerforge.errors import InvalidSpecError
from pokerforge.rl.tables import Move

__all__ = ["CALL", "CallPolicy", "Policy", "RandomPolicy", "call_policy"]

Policy = Callable[[npt.NDArray[np.float32], npt.NDArray[np.int8]], "int | Move"]

CALL = 1  # index of "call" (check or call) in the default action set


class CallPolicy:
    """Always checks or calls: the action set's ``"call"`` (or ``"check"``) action, found by
    name. An environment hands a policy its action set through ``for_actions`` (so with
    ``actions=("fold", "pot", "call")`` this calls, index 2); used alone it answers the
    default set's index 1."""

    def __init__(self, index: int = CALL) -> None:
        self.index = index

    def for_actions(self, actions: Sequence[str]) -> CallPolicy:
        """This policy for an environment whose discrete actions are ``actions``.

        Raises:
            InvalidSpecError: the set has no ``"call"`` or ``"check"`` action.
        """
        for name in ("call", "check"):
            if name in actions:
                return CallPolicy(list(actions).index(name))
        raise InvalidSpecError(
            f"a calling opponent needs a 'call' action, and {tuple(actions)} has none"
        )

    def __call__(self, obs: npt.NDArray[np.float32], mask: npt.NDArray[np.int8]) -> int:
        return self.index

    def __repr__(self) -> str:
        return f"CallPolicy(index={self.index})"


call_policy = CallPolicy()
"""Always checks or calls (see :class:`CallPolicy`)."""


class RandomPolicy:
    """Picks uniformly among the legal discrete actions, from its own seeded generator.

    Args:
        seed: seeds the generator (``None``: a random seed).
    """

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self._random = np.random.default_rng(seed).random

    def reseed(self, seed: int | None) -> None:
        """Restart the generator from ``seed`` mixed with the policy's own seed (so that
        differently seeded policies still play differently); environments call this on
        ``reset(seed=)``."""
        mixed = seed if self.seed is None or seed is None else [self.seed, seed]
        self._random = np.random.default_rng(mixed).random

    def __call__(self, obs: npt.NDArray[np.float32], mask: npt.NDArray[np.int8]) -> int:
        legal = np.flatnonzero(mask)
        return int(legal[int(self._random() * len(legal))])
