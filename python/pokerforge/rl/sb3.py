"""Stable-Baselines3's ``VecEnv`` interface over [`PokerEnv`][pokerforge.rl.PokerEnv] tables.

[`PokerVecEnv`][pokerforge.rl.sb3.PokerVecEnv] steps ``num_envs`` tables, each one learning seat
against its opponents, the way SB3's vectorised environments do: ``reset()`` returns the
observations alone (``float32[num_envs, size]``, the flat observation vector);
``step_async(actions)`` then ``step_wait()`` (or ``step(actions)``) return four values, ``(obs,
rewards, dones, infos)``, with a table whose hand ended dealt a new one at once and the finished
hand's last observation in ``infos[i]["terminal_observation"]``; ``action_masks()`` stacks every
table's legal actions, which sb3-contrib's ``MaskablePPO`` reads (through
``env_method("action_masks")``). ``get_attr``, ``set_attr``, ``env_method``,
``env_is_wrapped``, ``seed``, ``set_options`` and ``close`` are SB3's.

This module imports nothing of SB3 (which imports torch). SB3's algorithms accept only
instances of its ``VecEnv`` class, so [`sb3_vec_env()`][pokerforge.rl.sb3.sb3_vec_env] imports SB3
and returns the same environment as an instance of `SB3PokerVecEnv`, a subclass of both.

Examples:
    >>> import numpy as np
    >>> env = PokerVecEnv(num_envs=3, seats=2, seed=1)
    >>> env.seed(7)
    [7, 8, 9]
    >>> obs = env.reset()
    >>> obs.shape, env.action_masks().shape
    ((3, 353), (3, 6))
    >>> obs, rewards, dones, infos = env.step(np.array([0, 0, 0]))  # every seat folds
    >>> rewards.tolist(), dones.tolist(), sorted(infos[0])
    ([-0.5, -0.5, -0.5], [True, True, True], ['TimeLimit.truncated', 'net', 'terminal_observation'])
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Sequence
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from pokerforge.errors import IllegalActionError, InvalidSpecError
from pokerforge.game import GameSpec
from pokerforge.rl.env import PokerEnv
from pokerforge.rl.tables import hand_seed

__all__ = ["PokerVecEnv", "sb3_vec_env"]  # and SB3PokerVecEnv, made when SB3 is imported

Indices = int | Iterable[int] | None


class PokerVecEnv:
    """``num_envs`` [`PokerEnv`][pokerforge.rl.PokerEnv] tables behind SB3's ``VecEnv``
    interface (see the module).

    Args:
        spec: the game (default: no-limit Hold'em, blinds 1/2).
        num_envs: tables, 1 or more.
        seed: table ``i`` deals from [`hand_seed()`][pokerforge.rl.hand_seed] ``(seed, i, 0)``
            (``None``: random seeds); [`seed()`][pokerforge.rl.sb3.PokerVecEnv.seed] reseeds them at
            the next reset, as SB3 does.
        settings: every other keyword of [`PokerEnv`][pokerforge.rl.PokerEnv] (``seats``,
            ``seat``, ``opponents``, ``stacks``, ``actions``, ``obs_scale``, ...); each
            table gets its own copy (``copy.deepcopy``), so that random opponents keep a
            stream per table.

    Raises:
        InvalidSpecError: a bad ``num_envs``, or as [`PokerEnv`][pokerforge.rl.PokerEnv].
    """

    def __init__(
        self,
        spec: GameSpec | None = None,
        *,
        num_envs: int,
        seed: int | None = None,
        **settings: Any,
    ) -> None:
        if isinstance(num_envs, bool) or not isinstance(num_envs, int) or num_envs < 1:
            raise InvalidSpecError(f"num_envs must be a whole number from 1, not {num_envs!r}")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise InvalidSpecError(f"seed must be an int or None, not {seed!r}")
        # Each table gets its own copy of the settings, opponents included: a random
        # opponent shared by the tables would draw from one stream in stepping order.
        self.envs = [
            PokerEnv(
                spec,
                seed=None if seed is None else hand_seed(seed, i, 0),
                **copy.deepcopy(settings),
            )
            for i in range(num_envs)
        ]
        self.num_envs = num_envs
        first = self.envs[0]
        whole = first.observation_space
        assert isinstance(whole, spaces.Dict)
        box = whole["observation"]
        assert isinstance(box, spaces.Box)
        self.observation_space: spaces.Box = box
        actions = first.action_space
        assert isinstance(actions, spaces.Discrete)
        self.action_space: spaces.Discrete = actions
        self.render_mode: str | None = first.render_mode
        self.metadata: dict[str, Any] = {"render_modes": []}
        # SB3's books: what each table's last reset said, and the seeds and options that
        # the next reset() passes on (then forgets).
        self.reset_infos: list[dict[str, Any]] = [{} for _ in range(num_envs)]
        self._seeds: list[int | None] = [None] * num_envs
        self._options: list[dict[str, Any]] = [{} for _ in range(num_envs)]
        self._actions: list[int] | None = None

    # -- stepping -------------------------------------------------------------------

    def reset(self) -> npt.NDArray[np.float32]:
        """Deal a new hand at every table; the observations, ``float32[num_envs, size]``.
        Seeds given to [`seed()`][pokerforge.rl.sb3.PokerVecEnv.seed] and options to
        [`set_options()`][pokerforge.rl.sb3.PokerVecEnv.set_options] apply here, once."""
        out = np.empty((self.num_envs, *self.observation_space.shape), dtype=np.float32)
        for i, env in enumerate(self.envs):
            obs, self.reset_infos[i] = env.reset(
                seed=self._seeds[i], options=self._options[i] or None
            )
            out[i] = obs["observation"]
        self._seeds = [None] * self.num_envs
        self._options = [{} for _ in range(self.num_envs)]
        self._actions = None
        return out

    def step_async(self, actions: npt.ArrayLike) -> None:
        """Take one action index per table for
        [`step_wait()`][pokerforge.rl.sb3.PokerVecEnv.step_wait].

        Raises:
            InvalidSpecError: not one whole number per table.
            IllegalActionError: an index the table's mask does not allow (nothing is
                stepped, and no earlier actions are kept).
        """
        self._actions = None
        chosen = np.asarray(actions)
        if chosen.shape not in ((self.num_envs,), (self.num_envs, 1)) or not (
            np.issubdtype(chosen.dtype, np.integer)
        ):
            raise InvalidSpecError(
                f"actions must be {self.num_envs} action indices, one per table, not {actions!r}"
            )
        indices = [int(a) for a in chosen.reshape(-1)]
        count = int(self.action_space.n)
        for i, (env, index) in enumerate(zip(self.envs, indices, strict=True)):
            if not 0 <= index < count or not env.action_masks()[index]:
                raise IllegalActionError(
                    f"action {index} is not legal at table {i} now: the legal actions are "
                    f"{np.flatnonzero(env.action_masks()).tolist()}"
                )
        self._actions = indices

    def step_wait(
        self,
    ) -> tuple[
        npt.NDArray[np.float32],
        npt.NDArray[np.float32],
        npt.NDArray[np.bool_],
        list[dict[str, Any]],
    ]:
        """Step every table with the actions of
        [`step_async()`][pokerforge.rl.sb3.PokerVecEnv.step_async]: ``(obs, rewards, dones,
        infos)``. A table whose hand ended (``dones[i]``) is dealt the next hand at
        once: ``obs[i]`` is the new hand's, ``infos[i]["terminal_observation"]`` the
        finished hand's last, ``infos[i]["net"]`` its chips; rewards are in big blinds.

        Raises:
            IllegalActionError: no actions were given since the last step or reset.
        """
        actions = self._actions
        if actions is None:
            raise IllegalActionError("step_wait() needs actions: call step_async(actions) first")
        self._actions = None
        out = np.empty((self.num_envs, *self.observation_space.shape), dtype=np.float32)
        rewards = np.zeros(self.num_envs, dtype=np.float32)
        dones = np.zeros(self.num_envs, dtype=bool)
        infos: list[dict[str, Any]] = []
        for i, (env, action) in enumerate(zip(self.envs, actions, strict=True)):
            obs, reward, terminated, truncated, info = env.step(action)
            rewards[i] = reward
            if terminated or truncated:
                dones[i] = True
                info = dict(info)
                info["terminal_observation"] = obs["observation"]
                info["TimeLimit.truncated"] = truncated and not terminated
                obs, self.reset_infos[i] = env.reset()
            out[i] = obs["observation"]
            infos.append(info)
        return out, rewards, dones, infos

    def step(
        self, actions: npt.ArrayLike
    ) -> tuple[
        npt.NDArray[np.float32],
        npt.NDArray[np.float32],
        npt.NDArray[np.bool_],
        list[dict[str, Any]],
    ]:
        """[`step_async()`][pokerforge.rl.sb3.PokerVecEnv.step_async] then
        [`step_wait()`][pokerforge.rl.sb3.PokerVecEnv.step_wait]."""
        self.step_async(actions)
        return self.step_wait()

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """Every table's legal actions now, ``bool[num_envs, actions]``."""
        return np.stack([env.action_masks() for env in self.envs])

    # -- SB3's other methods --------------------------------------------------------------

    def seed(self, seed: int | None = None) -> list[int | None]:
        """Seeds for the next [`reset()`][pokerforge.rl.sb3.PokerVecEnv.reset]: table ``i`` gets
        ``seed + i`` (``None``: a random ``seed``), as SB3's ``VecEnv.seed`` does; returns them."""
        if seed is None:
            seed = int(np.random.SeedSequence().generate_state(1)[0])
        if isinstance(seed, bool) or not isinstance(seed, int | np.integer):
            raise InvalidSpecError(f"seed must be an int or None, not {seed!r}")
        self._seeds = [int(seed) + i for i in range(self.num_envs)]
        return list(self._seeds)

    def set_options(self, options: list[dict[str, Any]] | dict[str, Any] | None = None) -> None:
        """Options for the next [`reset()`][pokerforge.rl.sb3.PokerVecEnv.reset] (one dict for every
        table, or one per table), as ``PokerEnv.reset`` takes them."""
        if options is None:
            options = {}
        if isinstance(options, dict):
            self._options = [copy.deepcopy(options) for _ in range(self.num_envs)]
        elif len(options) == self.num_envs:
            self._options = copy.deepcopy(list(options))
        else:
            raise InvalidSpecError(
                f"options must be a dict or one dict per table ({self.num_envs}), not {options!r}"
            )

    def _indices(self, indices: Indices) -> list[int]:
        if indices is None:
            return list(range(self.num_envs))
        chosen = [indices] if isinstance(indices, int) else list(indices)
        for i in chosen:
            if isinstance(i, bool) or not isinstance(i, int) or not 0 <= i < self.num_envs:
                raise InvalidSpecError(
                    f"{i!r} is not a table index: expected 0 to {self.num_envs - 1}"
                )
        return chosen

    def get_attr(self, attr_name: str, indices: Indices = None) -> list[Any]:
        """``attr_name`` of each table's environment (``indices``: some tables)."""
        return [getattr(self.envs[i], attr_name) for i in self._indices(indices)]

    def set_attr(self, attr_name: str, value: Any, indices: Indices = None) -> None:
        """Set ``attr_name`` on each table's environment (``indices``: some tables)."""
        for i in self._indices(indices):
            setattr(self.envs[i], attr_name, value)

    def env_method(
        self, method_name: str, *method_args: Any, indices: Indices = None, **method_kwargs: Any
    ) -> list[Any]:
        """Call ``method_name`` of each table's environment; the results."""
        return [
            getattr(self.envs[i], method_name)(*method_args, **method_kwargs)
            for i in self._indices(indices)
        ]

    def has_attr(self, attr_name: str) -> bool:
        """Whether every table's environment has ``attr_name``."""
        return all(hasattr(env, attr_name) for env in self.envs)

    def env_is_wrapped(
        self, wrapper_class: type[gymnasium.Wrapper[Any, Any, Any, Any]], indices: Indices = None
    ) -> list[bool]:
        """Whether each table's environment is wrapped in ``wrapper_class`` (they are
        plain [`PokerEnv`][pokerforge.rl.PokerEnv]\\ s unless replaced)."""
        out = []
        for i in self._indices(indices):
            env: Any = self.envs[i]
            found = False
            while isinstance(env, gymnasium.Wrapper):
                if isinstance(env, wrapper_class):
                    found = True
                    break
                env = env.env
            out.append(found)
        return out

    def get_images(self) -> Sequence[None]:
        """No images: the tables render text only (``PokerEnv.render``)."""
        return [None] * self.num_envs

    def close(self) -> None:
        """Close every table's environment."""
        for env in self.envs:
            env.close()


_SB3_CLASS: type[PokerVecEnv] | None = None


def _sb3_class() -> type[PokerVecEnv]:
    """[`PokerVecEnv`][pokerforge.rl.sb3.PokerVecEnv] and SB3's ``VecEnv`` as one class (SB3
    imported here)."""
    global _SB3_CLASS  # noqa: PLW0603 - made once, at the first use
    if _SB3_CLASS is None:
        try:
            from stable_baselines3.common.vec_env import VecEnv  # noqa: PLC0415
        except ImportError as err:
            raise ModuleNotFoundError(
                "sb3_vec_env() needs stable-baselines3 (pip install stable-baselines3); "
                "PokerVecEnv works without it"
            ) from err

        class SB3PokerVecEnv(PokerVecEnv, VecEnv):
            """[`PokerVecEnv`][pokerforge.rl.sb3.PokerVecEnv] as an instance of SB3's ``VecEnv``."""

        SB3PokerVecEnv.__module__ = __name__
        SB3PokerVecEnv.__qualname__ = "SB3PokerVecEnv"  # found by pickle, by name
        _SB3_CLASS = SB3PokerVecEnv
    return _SB3_CLASS


def __getattr__(name: str) -> Any:
    # SB3PokerVecEnv exists once SB3 is imported; pickle finds it here by name.
    if name == "SB3PokerVecEnv":
        return _sb3_class()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def sb3_vec_env(spec: GameSpec | None = None, **settings: Any) -> PokerVecEnv:
    """A [`PokerVecEnv`][pokerforge.rl.sb3.PokerVecEnv] that is also an instance of SB3's ``VecEnv``
    (which SB3's algorithms, and sb3-contrib's ``MaskablePPO``, require): ``PokerVecEnv(spec,
    **settings)``.

    Raises:
        ModuleNotFoundError: stable-baselines3 is not installed.
    """
    return _sb3_class()(spec, **settings)
