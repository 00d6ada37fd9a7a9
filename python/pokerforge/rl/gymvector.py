"""Self-play tables as a standard ``gymnasium.vector.VectorEnv``.

[`VectorEnv`][pokerforge.rl.VectorEnv] steps ``num_envs`` tables by one call, as
[`VectorPokerEnv`][pokerforge.rl.VectorPokerEnv] does, behind Gymnasium's vector API: spaces,
``reset`` and a five-value ``step``, and automatic resets in the same step
(``AutoresetMode.SAME_STEP``: a table whose hand ends is dealt a new one at once, and
``infos["final_obs"]`` holds the finished hand's last observation).

Every table is self-play: the observation of each table is that of its seat to act, the
action is that seat's, and ``rewards[i]`` is what the seat that acted at table ``i`` won
or lost in big blinds when its hand ended on this step (0 otherwise). The other seats'
results of an ending hand are in ``infos["seat_rewards"]`` (``float32[num_envs, seats]``,
each seat's net in big blinds), so a learner can credit every seat's own trajectory;
``infos["actor"]`` is the seat to act next at each table and ``infos["acted"]`` the seat
that acted.

Examples:
    >>> import numpy as np
    >>> env = VectorEnv(num_envs=4, seats=3, seed=1)
    >>> obs, infos = env.reset(seed=1)
    >>> obs["observation"].shape, env.single_action_space
    ((4, 376), Discrete(6))
    >>> actions = np.array([np.flatnonzero(m)[0] for m in obs["action_mask"]])
    >>> obs, rewards, terminations, truncations, infos = env.step(actions)
    >>> rewards.shape, infos["seat_rewards"].shape, truncations.any()
    ((4,), (4, 3), np.False_)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space

from pokerforge._core import ObsEncoder
from pokerforge.game import GameSpec
from pokerforge.rl.env import observation_space
from pokerforge.rl.tables import DEFAULT_ACTIONS
from pokerforge.rl.vector import VectorPokerEnv, VectorSnapshot

__all__ = ["VectorEnv"]

Observations = dict[str, npt.NDArray[Any]]


class VectorEnv(gymnasium.vector.VectorEnv[Observations, npt.NDArray[np.int64], Any]):
    """``num_envs`` self-play tables stepped together (see the module).

    Args:
        spec: the game (default: no-limit Hold'em, blinds 1/2).
        num_envs: tables.
        seats, stacks, history, actions, seed, first_table, button, move_button,
            layout_seats, obs_scale: as [`VectorPokerEnv`][pokerforge.rl.VectorPokerEnv] takes them.
    """

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP}  # noqa: RUF012 - Gymnasium's

    def __init__(
        self,
        spec: GameSpec | None = None,
        *,
        num_envs: int,
        seats: int = 6,
        stacks: int | Sequence[int] = 200,
        history: int = 16,
        actions: Sequence[str] = DEFAULT_ACTIONS,
        seed: int | None = None,
        first_table: int = 0,
        button: int = 0,
        move_button: bool = True,
        layout_seats: int | None = None,
        obs_scale: float | None = None,
    ) -> None:
        self.tables = VectorPokerEnv(
            spec,
            num_tables=num_envs,
            seats=seats,
            stacks=stacks,
            history=history,
            actions=actions,
            seed=seed,
            first_table=first_table,
            button=button,
            move_button=move_button,
            layout_seats=layout_seats,
            obs_scale=obs_scale,
        )
        self.num_envs = num_envs
        size = self.tables.observation_size
        count = len(self.tables.actions)
        self.single_observation_space = observation_space(size, count)
        self.single_action_space = spaces.Discrete(count)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._layout = (seats if layout_seats is None else layout_seats, history, list(actions))
        self._rows = np.arange(num_envs)
        self._attach()

    def _attach(self) -> None:
        # An encoder of one table for the finished hands' last observations.
        seats, history, actions = self._layout
        self._final = ObsEncoder(seats, history=history, actions=actions, tables=1)

    def snapshot(self) -> VectorSnapshot:
        """As [`VectorPokerEnv.snapshot()`][pokerforge.rl.VectorPokerEnv.snapshot];
        [`restore()`][pokerforge.rl.VectorEnv.restore] puts it back."""
        return self.tables.snapshot()

    def restore(self, snapshot: VectorSnapshot) -> None:
        """As [`VectorPokerEnv.restore()`][pokerforge.rl.VectorPokerEnv.restore]."""
        self.tables.restore(snapshot)

    def __getstate__(self) -> dict[str, Any]:
        return {k: v for k, v in self.__dict__.items() if k != "_final"}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._attach()

    @property
    def actions(self) -> tuple[str, ...]:
        """The discrete actions' names, in index order."""
        return self.tables.actions

    def _observations(self) -> Observations:
        return {
            "observation": self.tables.obs.copy(),
            "action_mask": self.tables.action_mask.copy(),
        }

    def reset(
        self, *, seed: int | list[int] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observations, dict[str, Any]]:
        """Deal a new hand at every table (``seed``: restart every table's hands from it;
        one seed for all, as the tables draw their hands from it by number)."""
        if isinstance(seed, list):
            seed = seed[0] if seed else None
        self.tables.reset(seed=seed)
        return self._observations(), {"actor": self.tables.actor.copy()}

    def step(
        self, actions: npt.ArrayLike
    ) -> tuple[
        Observations,
        npt.NDArray[np.float32],
        npt.NDArray[np.bool_],
        npt.NDArray[np.bool_],
        dict[str, Any],
    ]:
        """One action per table for its seat to act (indices into the discrete actions).

        Raises:
            IllegalActionError, InvalidSpecError: as
            [`VectorPokerEnv.step()`][pokerforge.rl.VectorPokerEnv.step]; no table
                is stepped.
        """
        acted = self.tables.actor.copy()
        _, seat_rewards, dones, _ = self.tables.step(actions)
        rewards = seat_rewards[self._rows, acted]
        infos: dict[str, Any] = {
            "seat_rewards": seat_rewards.copy(),
            "actor": self.tables.actor.copy(),
            "acted": acted,
        }
        if dones.any():
            final = np.zeros((self.num_envs, self._final.size), dtype=np.float32)
            for t, hand in enumerate(self.tables.finished):
                if hand is not None:
                    self._final.encode(0, hand.state, int(acted[t]))
                    final[t] = self._final.obs[0]
            self.tables.tables.scale(final)  # as the tables scale their observations
            infos["final_obs"] = final
            infos["_final_obs"] = dones.copy()
        truncations = np.zeros(self.num_envs, dtype=bool)
        return self._observations(), rewards, dones.copy(), truncations, infos
