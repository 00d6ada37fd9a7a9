"""A PettingZoo AEC environment: every seat is an agent, one hand per episode.

Agents are ``"player_0"`` ... ``"player_{n-1}"`` (agent ``i`` sits in seat ``i``); the
button moves one seat every hand. Observations are dicts with the flat ``"observation"``
vector and the ``"action_mask"``, as in PettingZoo's classic card games; rewards, paid
when the hand ends, are each seat's net chips in big blinds.

Examples:
    >>> from pokerforge.rl import aec_env
    >>> env = aec_env(seats=2, stacks=100)
    >>> env.reset(seed=3)
    >>> env.agent_selection, env.observe("player_1")["action_mask"].tolist()
    ('player_0', [0, 0, 0, 0, 0, 0])
    >>> env.step(0)  # the button folds its small blind
    >>> env.rewards
    {'player_0': -0.5, 'player_1': 0.5}
"""

from __future__ import annotations

import copy
import sys
from collections.abc import Iterator, Sequence
from itertools import repeat
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv

from pokerforge.errors import IllegalActionError, InvalidSpecError
from pokerforge.game import GameSpec, Hand
from pokerforge.rl.env import Observation, card_options, observation_space
from pokerforge.rl.tables import (
    AMOUNT_AT,
    DEFAULT_ACTIONS,
    MOVE_METHODS,
    RAISE_TO,
    Move,
    Tables,
    TablesSnapshot,
    apply_draw,
)

__all__ = ["AECSnapshot", "PokerAECEnv", "aec_env"]


class AECSnapshot(NamedTuple):
    """What [`PokerAECEnv.snapshot()`][pokerforge.rl.PokerAECEnv.snapshot] takes: the tables'
    snapshot and the agents' books (rewards, terminations, the agent to act)."""

    tables: TablesSnapshot
    books: dict[str, Any]


class PokerAECEnv(AECEnv[str, Observation, "int | Move"]):
    """Every seat an agent, one hand per episode.

    Args:
        spec: the game (default: no-limit Hold'em, blinds 1/2).
        seats: players (2 to 10); agent ``player_i`` sits in seat ``i``.
        stacks: every seat's stack at the start of each hand (one int or one per seat).
        history: betting-history entries in the observation.
        actions: the discrete action set.
        button: the button's seat in the first hand.
        move_button: whether the button moves every hand.
        seed: the seed of the first ``reset()`` without one.
        render_mode: ``None`` or ``"ansi"``.
        layout_seats: size the observation for this many seats (see
            [`Tables`][pokerforge.rl.Tables]).
        obs_scale: chip slots divided by this many big blinds (see [`Tables`][pokerforge.rl.Tables];
            ``None``: in big blinds).
    """

    metadata = {  # noqa: RUF012 - PettingZoo's convention
        "name": "pokerforge_v1",
        "render_modes": ["ansi"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        spec: GameSpec | None = None,
        *,
        seats: int = 2,
        stacks: int | Sequence[int] = 200,
        history: int = 16,
        actions: Sequence[str] = DEFAULT_ACTIONS,
        button: int = 0,
        move_button: bool = True,
        seed: int | None = None,
        render_mode: str | None = None,
        layout_seats: int | None = None,
        obs_scale: float | None = None,
    ) -> None:
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise InvalidSpecError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.tables = Tables.for_env(
            spec,
            seats=seats,
            stacks=stacks,
            history=history,
            actions=actions,
            seed=seed,
            button=button,
            move_button=move_button,
            layout_seats=layout_seats,
            obs_scale=obs_scale,
        )
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(seats)]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self.agents: list[str] = []
        self._skip_agent_selection: str | None = None
        # Every agent's final observation, made at once at the first ask after the hand
        # ends and handed out once each (None: not made for this hand).
        self._final: dict[str, Observation] | None = None
        # The books' values at the start and at the end of a hand, copied (a copy of a
        # dict costs a fraction of building one key by key).
        self._zeros = dict.fromkeys(self.possible_agents, 0.0)
        self._false = dict.fromkeys(self.possible_agents, False)
        self._true = dict.fromkeys(self.possible_agents, True)
        space = observation_space(self.tables.encoder.size, len(self.tables.actions))
        self.observation_spaces = dict.fromkeys(self.possible_agents, space)
        self.action_spaces = {
            a: spaces.Discrete(len(self.tables.actions)) for a in self.possible_agents
        }

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent`` (the same for every agent)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The action space of ``agent``: the discrete action set."""
        return self.action_spaces[agent]

    @property
    def hand(self) -> Hand:
        """The [`Hand`][pokerforge.game.Hand] being played."""
        return self.tables.hands[0]

    def _seat(self, agent: str) -> int:
        seat = self._seats.get(agent)
        if seat is None:
            raise InvalidSpecError(f"{agent!r} is not an agent of this environment")
        return seat

    def observe(self, agent: str) -> Observation:
        """``agent``'s observation now (its legal mask is all 0 unless it is to act): new
        arrays, the caller's to keep.

        Once the hand is over, the first ask makes every agent's final observation in one
        call to the encoder (the hand reads once); each is handed out once, and a later ask
        makes a new one.
        """
        seat = self._seats.get(agent)
        if seat is None:
            seat = self._seat(agent)  # raises the named error
        tables = self.tables
        state = tables.states[0]
        if state.over:
            final = self._final
            if final is None:
                final = self._final = self._final_observations()
            made = final.pop(agent, None)
            if made is not None:
                return made
        # The encoder writes the row and hands out copies of it, in one call.
        obs: Observation = tables.encoder.observation(0, state, seat)
        if tables.obs_scale is not None:
            tables.scale(obs["observation"][np.newaxis])
        return obs

    def _final_observations(self) -> dict[str, Observation]:
        """The final observation of every agent still in (the hand is over)."""
        tables = self.tables
        agents = self.agents
        # The seats by a map, not a list comprehension (a frame of its own, every hand).
        made: list[Observation] = tables.encoder.observations(
            0, tables.states[0], map(self._seats.__getitem__, agents)
        )
        if tables.obs_scale is not None:
            for obs in made:
                tables.scale(obs["observation"][np.newaxis])
        return dict(zip(agents, made, strict=True))

    def last(
        self, observe: bool = True
    ) -> tuple[Observation | None, float, bool, bool, dict[str, Any]]:
        """``agent_selection``'s observation (``None`` with ``observe=False``), cumulative
        reward, termination, truncation and info, as PettingZoo's ``last``.

        Examples:
            >>> env = aec_env(seats=2, stacks=100, seed=1)
            >>> env.reset()
            >>> obs, reward, terminated, truncated, info = env.last()
            >>> obs["action_mask"].tolist(), reward, terminated, truncated, info
            ([1, 1, 1, 0, 1, 1], 0.0, False, False, {})
        """
        agent = self.agent_selection
        obs: Observation | None = None
        if observe:
            tables = self.tables
            state = tables.states[0]
            seat = self._seats.get(agent)
            if seat is None or tables.obs_scale is not None:
                obs = self.observe(agent)
            elif state.over:
                # observe()'s path once the hand is over, inlined: each done agent asks.
                final = self._final
                if final is None:
                    final = self._final = self._final_observations()
                obs = final.pop(agent, None)
                if obs is None:
                    obs = tables.encoder.observation(0, state, seat)
            else:
                # observe()'s path in mid-hand, inlined: it runs at every decision.
                obs = tables.encoder.observation(0, state, seat)
        return (
            obs,
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    def agent_iter(self, max_iter: int = 2**63) -> Iterator[str]:
        """``agent_selection`` before each step, until no agent is left or ``max_iter``
        agents were given, as PettingZoo's ``agent_iter`` (a generator, which resumes for
        less than its iterator class's method call: it runs at every step).

        Examples:
            >>> env = aec_env(seats=2, stacks=100, seed=1)
            >>> env.reset()
            >>> for agent in env.agent_iter():
            ...     obs, reward, terminated, truncated, info = env.last()
            ...     env.step(None if terminated else 0)  # fold, then leave
            >>> env.agents, env.hand.net
            ([], (-1, 1))
        """
        # Counted down by repeat(), in C: PettingZoo's default of 2**63 is a long int in
        # Python, which every step would compare and replace (a count past sys.maxsize
        # is taken as sys.maxsize, more steps than any run makes).
        for _ in repeat(None, min(max_iter, sys.maxsize)):
            if not self.agents:
                return
            yield self.agent_selection

    def infoset(self, agent: str) -> str:
        """``agent``'s information-set key (what that seat knows)."""
        return self.tables.infoset(0, self._seat(agent))

    # What an agent-by-agent episode keeps beside the hand.
    _BOOKS = (
        "agents", "rewards", "_cumulative_rewards", "terminations", "truncations", "infos",
        "agent_selection", "_skip_agent_selection",
    )  # fmt: skip

    def snapshot(self) -> AECSnapshot:
        """Everything that decides what happens next: the hand as it stands, the hand
        numbers and the agents' rewards, terminations and turn;
        [`restore()`][pokerforge.rl.PokerAECEnv.restore] puts it back, for search and undo
        (``copy.deepcopy`` and pickling work too)."""
        books = {name: copy.deepcopy(getattr(self, name)) for name in self._BOOKS}
        return AECSnapshot(self.tables.snapshot(), books)

    def restore(self, snapshot: AECSnapshot) -> None:
        """Puts back what [`snapshot()`][pokerforge.rl.PokerAECEnv.snapshot] took (it stays usable).

        Raises:
            InvalidSpecError: not a snapshot of an environment like this one; nothing
                changes.
        """
        if not isinstance(snapshot, AECSnapshot) or set(snapshot.books) != set(self._BOOKS):
            raise InvalidSpecError(f"not a snapshot of this environment: {snapshot!r}")
        books = copy.deepcopy(snapshot.books)
        self.tables.restore(snapshot.tables)  # checks every hand before it changes any
        for name, value in books.items():
            setattr(self, name, value)
        self._final = None

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal the next hand (``seed``: restart the sequence of hands from that seed).

        ``options`` may fix cards for replays and tests: ``{"hole_cards": [...], "board":
        ...}`` as in [`Hand`][pokerforge.game.Hand].
        """
        tables = self.tables
        if seed is not None:
            tables.reseed(seed)
        if options:
            tables.new_hand(0, **card_options(options))
        else:
            tables.new_hand(0)
        agents = self.agents = self.possible_agents[:]
        self.rewards = self._zeros.copy()
        self._cumulative_rewards = self._zeros.copy()
        self.terminations = self._false.copy()
        self.truncations = self._false.copy()
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in agents}
        self._skip_agent_selection = None
        self._final = None
        # The seat to bet, read from the state; else the hand's actor (as in step()).
        betting = tables.states[0].actor
        actor = betting if betting >= 0 else tables.hands[0].actor
        self.agent_selection = agents[0 if actor is None else actor]

    def step(self, action: int | Move | None) -> None:
        """Play ``action`` (an index or an exact move) for ``agent_selection``; an agent
        that is done (the hand is over) steps ``None``, and leaves.

        Raises:
            IllegalActionError: the action is not legal, or is not ``None`` for an agent
                that is done; nothing changes.
            InvalidSpecError: ``None`` for an agent that is to act.
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._dead_step(agent, action)
            return
        tables = self.tables
        state = tables.states[0]
        if type(action) is int:
            # Tables.act()'s path for an index, inlined: a call per step costs more than
            # the choice. The encoder decodes it by the mask it last wrote for this seat.
            move = tables._decode(0, state, action)
            if move >= RAISE_TO:
                tables.hands[0].raise_to(move >> AMOUNT_AT)
            elif move >= 0:
                MOVE_METHODS[move](tables.hands[0])
            else:
                apply_draw(tables.hands[0], move)
        else:
            if isinstance(action, np.integer):
                action = int(action)
            elif action is None:
                raise InvalidSpecError(f"{agent} is to act: None is not an action")
            tables.act(0, action)
        # The seat to bet, read from the state; else the hand's actor (anybody else to act).
        betting = state.actor
        actor = betting if betting >= 0 else tables.hands[0].actor
        if actor is not None:
            # Mid-hand every reward is 0, every cumulative reward stays 0 and nobody is
            # done: PettingZoo's bookkeeping (_accumulate_rewards, _deads_step_first)
            # would change nothing, so it is skipped.
            self.agent_selection = self.possible_agents[actor]
            return
        self._end_hand(agent)

    def _end_hand(self, agent: str) -> None:
        """The hand is over (``agent`` ended it): every agent is paid and done at once.
        Nothing was paid before, so each cumulative reward is the reward itself. (Apart
        from step(): its comprehensions would make step() build a cell at every call.)"""
        tables = self.tables
        agents = self.agents
        net = tables.hands[0].net
        big_blind = tables.big_blind
        self.rewards = {a: chips / big_blind for a, chips in zip(agents, net, strict=True)}
        self._cumulative_rewards = self.rewards.copy()
        self.terminations = self._true.copy()  # nobody has left yet: every agent is in
        self.infos = {a: {"net": chips} for a, chips in zip(agents, net, strict=True)}
        # PettingZoo's _deads_step_first: the done agents step first, in order, then the
        # selection goes back to the agent who ended the hand.
        self._skip_agent_selection = agent
        self.agent_selection = agents[0]

    def _dead_step(self, agent: str, action: object) -> None:
        """PettingZoo's step of a done agent (``_was_dead_step``), without its scan of every
        agent left at every step: the agent leaves; the next done agent, else the one the
        dead steps interrupted, is selected; rewards are cleared."""
        if action is not None:
            raise IllegalActionError(
                f"{agent} is done (the hand is over): its only action is None, not {action!r}"
            )
        terminations, truncations, rewards = self.terminations, self.truncations, self.rewards
        del terminations[agent]
        del truncations[agent]
        del rewards[agent]
        del self._cumulative_rewards[agent]
        del self.infos[agent]
        agents = self.agents
        agents.remove(agent)
        for other in agents:
            if terminations[other] or truncations[other]:
                if self._skip_agent_selection is None:
                    self._skip_agent_selection = agent
                self.agent_selection = other
                break
        else:
            skip = self._skip_agent_selection
            if skip is not None:
                self.agent_selection = skip
            self._skip_agent_selection = None
        for other in rewards:
            rewards[other] = 0.0

    def action_mask(self, agent: str) -> npt.NDArray[np.int8]:
        """``agent``'s legal discrete actions now."""
        self.tables.observe(0, self._seat(agent))
        mask: npt.NDArray[np.int8] = self.tables.mask[0].copy()
        return mask

    def render(self) -> str | None:
        """The hand so far as text, one record per line (``render_mode="ansi"``)."""
        if self.render_mode != "ansi":
            return None
        return "\n".join(repr(rec) for rec in self.tables.hands[0].history)

    def close(self) -> None:
        """Nothing to release."""


def aec_env(spec: GameSpec | None = None, **settings: Any) -> PokerAECEnv:
    """A PettingZoo AEC environment where every seat is an agent: ``PokerAECEnv(spec,
    **settings)`` (see [`PokerAECEnv`][pokerforge.rl.PokerAECEnv] for the settings)."""
    return PokerAECEnv(spec, **settings)
