"""Many tables stepped by one call, every seat played by the caller (self-play).

Each step takes one action per table for the seat to act there, applies it, deals a new
hand at every table whose hand ended (auto-reset), and writes the next observation of
every table into one preallocated ``float32[tables, size]`` array. Hands are dealt from
seeds derived from the run's seed and each table's number (``first_table + t``), so a set
of tables gives the same hands and results however it is split across environments.

Examples:
    >>> import numpy as np
    >>> from pokerforge.rl import VectorPokerEnv
    >>> env = VectorPokerEnv(num_tables=4, seats=6, seed=1)
    >>> obs, info = env.reset()
    >>> obs.shape, env.action_mask.shape, env.actor.tolist()
    ((4, 445), (4, 6), [3, 3, 3, 3])
    >>> obs, rewards, dones, info = env.step(np.zeros(4, dtype=np.int64))  # all fold
    >>> rewards.shape, dones.tolist()
    ((4, 6), [False, False, False, False])
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Sequence
from functools import partial
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

from pokerforge.errors import InvalidSpecError
from pokerforge.game import GameSpec, Hand
from pokerforge.rl.tables import (
    DEFAULT_ACTIONS,
    MOVE_METHODS,
    Tables,
    TablesSnapshot,
    apply_draw,
)

__all__ = ["VectorPokerEnv", "VectorSnapshot"]

# Runs an iterator to its end at C speed, keeping nothing.
_consume: Callable[[Iterable[object]], object] = partial(deque, maxlen=0)


class VectorSnapshot(NamedTuple):
    """What [`VectorPokerEnv.snapshot()`][pokerforge.rl.VectorPokerEnv.snapshot] takes: the tables'
    snapshot, the last step's rewards and dones, the hands it ended and whether the first hands were
    dealt."""

    tables: TablesSnapshot
    rewards: npt.NDArray[np.float32]
    dones: npt.NDArray[np.bool_]
    finished: tuple[Hand | None, ...]
    started: bool


class VectorPokerEnv:
    """``num_tables`` tables of ``seats`` players, stepped together.

    Args:
        spec: the game (default: no-limit Hold'em, blinds 1/2).
        num_tables: number of tables.
        seats: players per table (2 to 10).
        stacks: every seat's stack at the start of each hand (one int or one per seat).
        history: betting-history entries in the observation.
        actions: the discrete action set.
        seed: the run's seed (``None``: a random one).
        first_table: the number of this environment's table 0 (for splitting a run).
        button: the button's seat in each table's first hand.
        move_button: whether the button moves every hand.
        layout_seats: size the observation for this many seats (see
            [`Tables`][pokerforge.rl.Tables]).
        obs_scale: chip slots divided by this many big blinds (see [`Tables`][pokerforge.rl.Tables];
            ``None``: in big blinds).

    Attributes:
        obs: ``float32[tables, size]``, each table's observation for its seat to act
            (rewritten in place by every step: copy what you keep).
        action_mask: ``int8[tables, actions]``, the legal discrete actions.
        actor: ``int64[tables]``, the seat to act at each table (rewritten in place by
            every step).
        hands: the [`Hand`][pokerforge.game.Hand] of each table.
        finished: the hand each table finished on the last step (``None`` if none).
    """

    def __init__(
        self,
        spec: GameSpec | None = None,
        *,
        num_tables: int,
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
        if isinstance(num_tables, bool) or not isinstance(num_tables, int) or num_tables < 1:
            raise InvalidSpecError(f"num_tables must be a whole number above 0, not {num_tables!r}")
        self.tables = Tables.for_env(
            spec,
            seats=seats,
            stacks=stacks,
            history=history,
            actions=actions,
            tables=num_tables,
            seed=seed,
            first_table=first_table,
            button=button,
            move_button=move_button,
            layout_seats=layout_seats,
            obs_scale=obs_scale,
        )
        self.num_tables = num_tables
        self.seats = seats
        self.rewards = np.zeros((num_tables, seats), dtype=np.float32)
        self.dones = np.zeros(num_tables, dtype=bool)
        self.finished: list[Hand | None] = [None] * num_tables
        self._started = False
        self._bind()

    def _bind(self) -> None:
        """The names bound to the tables' encoder: its arrays, and methods of every step."""
        self.obs = self.tables.obs
        self.action_mask = self.tables.mask
        self.actor = self.tables.observed
        self._decode_all = self.tables.encoder.decode_all
        self._ended = self.tables.encoder.ended
        self._net_bb = self.tables.encoder.net_bb

    def snapshot(self) -> VectorSnapshot:
        """Everything that decides what happens next (every table's hand, the hand numbers,
        the last step's rewards and ended hands);
        [`restore()`][pokerforge.rl.VectorPokerEnv.restore] puts it back."""
        finished = tuple(None if h is None else h.copy() for h in self.finished)
        extras = (self.rewards.copy(), self.dones.copy(), finished, self._started)
        return VectorSnapshot(self.tables.snapshot(), *extras)

    def restore(self, snapshot: VectorSnapshot) -> None:
        """Puts back what [`snapshot()`][pokerforge.rl.VectorPokerEnv.snapshot] took; ``obs``,
        ``action_mask`` and ``actor`` are those of the restored hands (the snapshot stays usable).

        Raises:
            InvalidSpecError: a snapshot of another vector environment's shape; nothing
                changes.
        """
        if (
            not isinstance(snapshot, VectorSnapshot)
            or np.shape(snapshot.rewards) != self.rewards.shape
            or np.shape(snapshot.dones) != self.dones.shape
            or len(snapshot.finished) != len(self.finished)
        ):
            raise InvalidSpecError(f"not a snapshot of this vector environment: {snapshot!r}")
        tables, rewards, dones, finished, started = snapshot
        self.tables.restore(tables)  # checks every hand before it changes any
        self.rewards[:] = rewards
        self.dones[:] = dones
        self.finished = [None if h is None else h.copy() for h in finished]
        self._started = started

    def __getstate__(self) -> dict[str, Any]:
        names = ("obs", "action_mask", "actor", "_decode_all", "_ended", "_net_bb")
        return {k: v for k, v in self.__dict__.items() if k not in names}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._bind()

    @property
    def actions(self) -> tuple[str, ...]:
        """The discrete actions' names, in index order."""
        return self.tables.actions

    @property
    def hands(self) -> list[Hand]:
        """The hand being played at each table."""
        return self.tables.hands

    @property
    def observation_size(self) -> int:
        """Slots in one observation."""
        return int(self.tables.encoder.size)

    def reset(self, *, seed: int | None = None) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        """Deal a new hand at every table (``seed``: restart every table's hands from it)."""
        if seed is not None:
            self.tables.reseed(seed)
        self.rewards[:] = 0.0
        for t in range(self.num_tables):
            self._deal(t)
        self.tables.observe_all()  # rewrites `obs`, `action_mask` and `actor`
        self._started = True
        return self.obs, {"seed": self.tables.seed}

    def _deal(self, t: int) -> None:
        """A new hand at table ``t`` with a seat to act (observed by the caller)."""
        tables = self.tables
        while True:
            tables.new_hand(t)
            if not tables.states[t].over:
                return
            # Every seat all-in from the forced bets: the hand played itself out.
            self.rewards[t] += tables.net_bb(t)

    def step(
        self, actions: npt.ArrayLike
    ) -> tuple[
        npt.NDArray[np.float32], npt.NDArray[np.float32], npt.NDArray[np.bool_], dict[str, Any]
    ]:
        """Apply one action per table (indices into the discrete action set).

        Returns ``(obs, rewards, dones, info)``: ``rewards[t, seat]`` is each seat's net in
        big blinds for a hand that ended at table ``t`` on this step (else 0), ``dones[t]``
        whether it ended (a new hand is dealt there at once).

        Raises:
            IllegalActionError: an action is out of range or masked at its table (the
                first such table is named); no table is stepped.
            InvalidSpecError: ``actions`` does not hold one integer per table.
        """
        if not self._started:
            self.reset()
        acts = np.asarray(actions)
        if acts.shape != (self.num_tables,) or acts.dtype.kind not in "iu":
            raise InvalidSpecError(
                f"actions must be {self.num_tables} integers (one per table), "
                f"not an array of shape {acts.shape} and dtype {acts.dtype}"
            )
        if acts.dtype != np.int64:
            # Exact in int64 for every integer dtype but uint64, whose large values (bad
            # indices all) stay Python ints so that the error names them as given.
            acts = acts.tolist() if acts.dtype == np.uint64 else acts.astype(np.int64)
        tables = self.tables
        hands = tables.hands
        states = tables.states
        # Every table's action checked against its mask and translated into a move by one
        # call (a bad one changes nothing, `dones` included), the tables grouped by the
        # kind of move; each kind is applied with the hands' own method over its hands, in
        # one C-level loop (no Python frame per table but the method's own); one call then
        # reads which hands ended and rewrites `dones`.
        folds, checks, calls, raises, totals, draws = self._decode_all(states, acts)
        get = hands.__getitem__
        fold, check, call = MOVE_METHODS
        if folds:
            _consume(map(fold, map(get, folds)))
        if checks:
            _consume(map(check, map(get, checks)))
        if calls:
            _consume(map(call, map(get, calls)))
        if raises:
            _consume(map(Hand.raise_to, map(get, raises), totals))
        for t, move in draws:
            apply_draw(hands[t], move)
        ended = self._ended(states, self.dones)
        rewards = self.rewards
        rewards.fill(0.0)
        finished: list[Hand | None] = [None] * self.num_tables
        if ended:
            # Every finished hand's result written by one call, before the new deals (a
            # hand that plays itself out from the forced bets adds to its table's row).
            self._net_bb(states, ended, rewards)
        for t in ended:
            finished[t] = hands[t]
            self._deal(t)
        self.finished = finished
        # Every table's next observation, new hands included, in one call to the encoder.
        tables.observe_all()
        return self.obs, rewards, self.dones, {}
