"""A Gymnasium environment: one learning seat, the other seats played by given policies.

One episode is one hand. The observation is a dict with the flat ``"observation"`` vector
(see [`ObservationLayout`][pokerforge.rl.ObservationLayout]) and the ``"action_mask"`` of the
discrete action set; the reward, paid when the hand ends, is the learning seat's net chips in big
blinds. The button moves one seat every hand, so the learning seat plays every position.

Examples:
    >>> from pokerforge.game import GameSpec, Hand
    >>> from pokerforge.rl import PokerEnv, call_policy
    >>> env = PokerEnv(GameSpec(blinds=(1, 2)), seats=3, opponents=call_policy, stacks=100)
    >>> obs, info = env.reset(seed=1)
    >>> obs["observation"].shape, obs["action_mask"].tolist()  # 0.5pot repeats min
    ((376,), [1, 1, 1, 0, 1, 1])
    >>> obs, reward, terminated, truncated, info = env.step(0)  # fold
    >>> terminated, reward
    (True, 0.0)
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Any, NamedTuple

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from pokerforge.errors import IllegalActionError, InvalidSpecError, PolicyError
from pokerforge.game import GameSpec, Hand
from pokerforge.rl.policies import GamePolicy, Policy, call_policy
from pokerforge.rl.tables import (
    DEFAULT_ACTIONS,
    SEED_MASK,
    Move,
    Tables,
    TablesSnapshot,
    hand_seed,
)

__all__ = ["PokerEnv", "PokerEnvSnapshot", "card_options", "observation_space"]

Observation = dict[str, Any]  # {'observation': float32[size], 'action_mask': int8[actions]}


def observation_space(size: int, actions: int) -> spaces.Dict:
    """The space of one seat's observation: the vector and the action mask."""
    return spaces.Dict(
        {
            "observation": spaces.Box(0.0, np.inf, (size,), np.float32),
            "action_mask": spaces.Box(0, 1, (actions,), np.int8),
        }
    )


Opponent = Policy | GamePolicy
"""An opponent: an observation policy ``policy(obs, mask)``, or a game policy wrapped in
[`GamePolicy`][pokerforge.rl.GamePolicy]."""


def _policies(
    opponents: Opponent | Sequence[Opponent], seats: int, seat: int, actions: Sequence[str]
) -> list[Opponent]:
    """One policy per seat (the learning seat's unused), each told the action set when it
    asks (``for_actions``: policies that choose actions by name)."""
    if callable(opponents) or isinstance(opponents, GamePolicy):
        policies: list[Opponent] = [opponents] * seats
    else:
        policies = list(opponents)
        if len(policies) == seats - 1:
            policies.insert(seat, call_policy)
    if len(policies) != seats or not all(
        callable(p) or isinstance(p, GamePolicy) for p in policies
    ):
        raise InvalidSpecError(
            f"opponents must be one policy or one per other seat ({seats - 1}), not {opponents!r}"
        )
    for i, policy in enumerate(policies):
        bind = getattr(policy, "for_actions", None)
        if bind is not None:
            policies[i] = bind(actions)
    return policies


#: Hands in a row that may end without a decision for the learning seat before ``reset``
#: gives up (an opponent that always folds to its fixed big blind), rather than loop.
MAX_SKIPPED = 10_000


def card_options(options: dict[str, Any] | None) -> dict[str, Any]:
    """The fixed cards among ``reset()``'s options (other keys are not this env's)."""
    if not options:
        return {}
    return {key: options[key] for key in ("hole_cards", "board") if key in options}


class PokerEnvSnapshot(NamedTuple):
    """What [`PokerEnv.snapshot()`][pokerforge.rl.PokerEnv.snapshot] takes: the tables' snapshot and
    the opponents."""

    tables: TablesSnapshot
    opponents: list[Opponent]


class PokerEnv(gymnasium.Env[Observation, Any]):
    """One hand per episode; ``seat`` learns, the others play ``opponents``.

    Args:
        spec: the game (default: no-limit Hold'em, blinds 1/2).
        seats: players at the table (2 to 10).
        seat: the learning seat.
        opponents: a policy for every other seat, or one per other seat in seat order:
            ``policy(obs, mask)``, or a game policy ``policy(view, legal)`` wrapped in
            [`GamePolicy`][pokerforge.rl.GamePolicy] (see `pokerforge.rl.policies`).
        stacks: every seat's stack at the start of each hand (one int or one per seat).
        history: betting-history entries in the observation.
        actions: the discrete action set.
        button: the button's seat in the first hand.
        move_button: whether the button moves every hand.
        seed: the seed of the first ``reset()`` without one.
        render_mode: ``None`` or ``"ansi"`` (the hand as the learning seat sees it).
        layout_seats: size the observation for this many seats (see
            [`Tables`][pokerforge.rl.Tables]).
        obs_scale: chip slots divided by this many big blinds (see [`Tables`][pokerforge.rl.Tables];
            ``None``: in big blinds).
        illegal: what an illegal discrete action does: ``"raise"`` (the default)
            raises [`IllegalActionError`][pokerforge.errors.IllegalActionError] and changes nothing;
            ``"penalize"`` plays the legal default instead (check where checking is
            legal, else fold) and takes ``illegal_penalty`` big blinds from the step's
            reward, with ``info["illegal"] = True``: for learners that ignore the action
            mask (Stable-Baselines3's PPO and DQN as they come).
        illegal_penalty: the penalty in big blinds (``illegal="penalize"``), at least 0.

    ``step`` takes an index into the discrete action set, or an exact move: ``("fold",)``,
    ``("check",)``, ``("call",)``, ``("raise_to", total)``. An illegal action raises
    [`IllegalActionError`][pokerforge.errors.IllegalActionError] and changes nothing, unless
    ``illegal="penalize"``.

    Examples:
        >>> env = PokerEnv(illegal="penalize", seed=1)
        >>> obs, _ = env.reset()
        >>> masked = [i for i, ok in enumerate(obs["action_mask"]) if not ok][0]
        >>> obs, reward, done, _, info = env.step(masked)
        >>> info["illegal"], reward <= -1.0
        (True, True)
    """

    metadata = {"render_modes": ["ansi"]}  # noqa: RUF012 - Gymnasium's convention

    def __init__(
        self,
        spec: GameSpec | None = None,
        *,
        seats: int = 2,
        seat: int = 0,
        opponents: Opponent | Sequence[Opponent] = call_policy,
        stacks: int | Sequence[int] = 200,
        history: int = 16,
        actions: Sequence[str] = DEFAULT_ACTIONS,
        button: int = 0,
        move_button: bool = True,
        seed: int | None = None,
        render_mode: str | None = None,
        layout_seats: int | None = None,
        obs_scale: float | None = None,
        illegal: str = "raise",
        illegal_penalty: float = 1.0,
    ) -> None:
        if illegal not in ("raise", "penalize"):
            raise InvalidSpecError(f"illegal must be 'raise' or 'penalize', not {illegal!r}")
        if (
            isinstance(illegal_penalty, bool)
            or not isinstance(illegal_penalty, int | float)
            or not (0 <= illegal_penalty < float("inf"))
        ):
            raise InvalidSpecError(
                "illegal_penalty must be a number of big blinds, 0 or more, "
                f"not {illegal_penalty!r}"
            )
        self.illegal = illegal
        self.illegal_penalty = float(illegal_penalty)
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
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < seats:
            raise InvalidSpecError(f"the learning seat must be 0 to {seats - 1}, not {seat!r}")
        if render_mode not in (None, "ansi"):
            raise InvalidSpecError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.seat = seat
        self.opponents = _policies(opponents, seats, seat, self.tables.actions)
        self.render_mode = render_mode
        size = self.tables.encoder.size
        self.observation_space = observation_space(size, len(self.tables.actions))
        self.action_space = spaces.Discrete(len(self.tables.actions))
        self._skipped = 0

    @property
    def actions(self) -> tuple[str, ...]:
        """The discrete actions' names, in index order."""
        return self.tables.actions

    @property
    def hand(self) -> Hand:
        """The [`Hand`][pokerforge.game.Hand] being played."""
        return self.tables.hands[0]

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal discrete actions now (for maskable agents)."""
        mask: npt.NDArray[np.bool_] = self.tables.mask[0] != 0
        return mask

    def infoset(self) -> str:
        """The learning seat's information-set key (see
        [`Tables.infoset()`][pokerforge.rl.Tables.infoset])."""
        return self.tables.infoset(0, self.seat)

    def snapshot(self) -> PokerEnvSnapshot:
        """Everything that decides what happens next: the hand as it stands, the hand
        numbers and the opponents (their random streams included);
        [`restore()`][pokerforge.rl.PokerEnv.restore] puts it back, for search and undo
        (``copy.deepcopy`` and pickling work too)."""
        return PokerEnvSnapshot(self.tables.snapshot(), copy.deepcopy(self.opponents))

    def restore(self, snapshot: PokerEnvSnapshot) -> Observation:
        """Puts back what [`snapshot()`][pokerforge.rl.PokerEnv.snapshot] took (it stays usable) and
        returns the learning seat's observation, as ``reset`` and ``step`` do.

        Raises:
            InvalidSpecError: not a snapshot of an environment like this one (its tables
                and opponents); nothing changes.
        """
        if not isinstance(snapshot, PokerEnvSnapshot) or len(snapshot.opponents) != len(
            self.opponents
        ):
            raise InvalidSpecError(f"not a snapshot of this environment: {snapshot!r}")
        opponents = copy.deepcopy(snapshot.opponents)
        self.tables.restore(snapshot.tables)  # checks every hand before it changes any
        self.opponents = opponents
        return self._observe()

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """Deal the next hand (``seed``: restart the sequence of hands from that seed).

        ``options`` may fix cards for replays and tests: ``{"hole_cards": [...], "board":
        ...}`` as in [`Hand`][pokerforge.game.Hand].
        """
        if seed is None:
            super().reset(seed=None)
        else:
            self.tables.reseed(seed)  # refuses a seed that is not an int, by name
            seed = self.tables.seed  # a plain int (a NumPy integer overflows the masks)
            # Gymnasium's own generator takes only seeds from 0: the tables' 64 bits.
            super().reset(seed=seed & SEED_MASK)
            for i, policy in enumerate(self.opponents):
                reseed = getattr(policy, "reseed", None)
                if reseed is not None:
                    reseed(hand_seed(seed, -1 - i, 0))
        skipped = 0.0  # in big blinds, as rewards are
        for _ in range(MAX_SKIPPED):
            self.tables.new_hand(0, **card_options(options))
            if self._play_others():
                return self._observe(), {"skipped_net": skipped}
            # The hand ended without a decision for the learning seat (everyone folded to
            # its big blind): nothing to learn, so deal again and report the chips.
            skipped += self.tables.hands[0].net[self.seat] / self.tables.big_blind
        raise InvalidSpecError(
            f"{MAX_SKIPPED:,} hands in a row ended without a decision for seat {self.seat} "
            "(do the opponents always fold to it, with the button fixed?)"
        )

    def step(self, action: int | Move) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        """Play ``action`` for the learning seat, then the others until its next turn."""
        if isinstance(action, np.integer):
            action = int(action)
        penalty = 0.0
        info: dict[str, Any] = {}
        if self.illegal == "penalize" and isinstance(action, int) and not self._legal(action):
            action = self._default_action()
            penalty = self.illegal_penalty
            info["illegal"] = True
        self.tables.act(0, action)
        if self._play_others():
            return self._observe(), -penalty, False, False, info
        net = self.tables.hands[0].net[self.seat]
        obs = self._observe()
        return obs, net / self.tables.big_blind - penalty, True, False, {**info, "net": net}

    def _legal(self, action: int) -> bool:
        """Whether discrete ``action`` is an index of the action set and legal now."""
        mask = self.tables.mask[0]
        return 0 <= action < len(mask) and bool(mask[action])

    def _default_action(self) -> int:
        """The legal default for an illegal choice: check where it is legal (the
        check-or-call action with nothing owed), else fold; in a drawing round the first
        legal action, standing pat."""
        mask = self.tables.mask[0]
        names = self.tables.actions
        legal = self.tables.hands[0].legal_actions()
        if legal.check and "call" in names and mask[names.index("call")]:
            return names.index("call")
        if legal.fold and "fold" in names and mask[names.index("fold")]:
            return names.index("fold")
        return int(np.flatnonzero(mask)[0])

    def _play_others(self) -> bool:
        """Let the other seats act; whether the learning seat is to act (else: hand over)."""
        tables = self.tables
        hand = tables.hands[0]
        obs = tables.obs[0]
        mask = tables.mask[0]
        while True:
            actor = hand.actor
            if actor is None:
                return False
            if actor == self.seat:
                return True
            policy = self.opponents[actor]
            if isinstance(policy, GamePolicy):
                policy.play(hand)  # from the hand itself: no observation to encode
                continue
            tables.observe(0, actor)
            action = policy(obs, mask)
            try:
                tables.act(0, action)
            except IllegalActionError as err:
                # The opponent's choice, not the caller's: named as a policy's error.
                raise PolicyError(f"seat {actor}'s policy chose {action!r}: {err}") from err

    def _observe(self) -> Observation:
        self.tables.observe(0, self.seat)
        return {
            "observation": self.tables.obs[0].copy(),
            "action_mask": self.tables.mask[0].copy(),
        }

    def render(self) -> str | None:
        """The hand so far as the learning seat sees it, one record per line, cards as
        text (``render_mode="ansi"``): other seats' hole cards only once shown."""
        if self.render_mode != "ansi":
            return None
        return "\n".join(repr(rec) for rec in self.tables.hands[0].view(self.seat).history)
