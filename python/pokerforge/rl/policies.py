"""Ready-made policies for the seats an agent does not play.

A policy is any callable ``policy(obs, mask) -> action``: ``obs`` is the seat's
observation (``float32[size]``), ``mask`` the legal discrete actions (``int8[actions]``),
both only valid during the call; it returns an index into the discrete action set (or an
exact move such as ``("raise_to", 60)``).

A player written for tables and simulations, the game layer's ``policy(view, legal) ->
decision`` (`pokerforge.game.decision`), plays as an opponent through
[`GamePolicy`][pokerforge.rl.GamePolicy]: ``PokerEnv(opponents=GamePolicy(my_policy))``. The
environments' tables hold real [`Hand`][pokerforge.game.Hand] objects, so the policy gets the same
[`HandView`][pokerforge.game.HandView] (taken when first read, see
[`LazyHandView`][pokerforge.game.LazyHandView]) and [`LegalActions`][pokerforge.game.LegalActions]
as at a table, its exact decision is applied by the hand's own method (no discrete action set in
between), and it plays the same chips as at a table.

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

from pokerforge.errors import InvalidSpecError, PolicyError
from pokerforge.game import Decision, Hand
from pokerforge.game.decision import Policy as GameProtocol
from pokerforge.game.decision import act, decide
from pokerforge.rl.tables import Move

__all__ = ["CALL", "CallPolicy", "GamePolicy", "Policy", "RandomPolicy", "call_policy"]

Policy = Callable[[npt.NDArray[np.float32], npt.NDArray[np.int8]], "int | Move"]

CALL = 1  # index of "call" (check or call) in the default action set


class CallPolicy:
    """Always checks or calls: the action set's ``"call"`` (or ``"check"``) action, found by
    name; in a drawing round, where nobody bets, it stands pat. An environment hands a
    policy its action set through ``for_actions`` (so with
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
        if mask[self.index]:
            return self.index
        # Nothing to bet (a drawing round): the first legal action, the draw actions'
        # first standing pat.
        return int(mask.argmax())

    def __repr__(self) -> str:
        return f"CallPolicy(index={self.index})"


call_policy = CallPolicy()
"""Always checks or calls (see `CallPolicy`)."""


def _generator(*seeds: int | None) -> np.random.Generator:
    """NumPy's generator from the given seeds (``None``s left out; none: a random seed),
    each any int, taken modulo 2**64 (NumPy takes only seeds from 0)."""
    words: list[int] = []
    for seed in seeds:
        if seed is None:
            continue
        if isinstance(seed, bool) or not isinstance(seed, int | np.integer):
            raise InvalidSpecError(f"seed must be an int or None, not {seed!r}")
        words.append(int(seed) & 0xFFFF_FFFF_FFFF_FFFF)
    return np.random.default_rng(words[0] if len(words) == 1 else (words or None))


class RandomPolicy:
    """Picks uniformly among the legal discrete actions, from its own seeded generator.

    Args:
        seed: seeds the generator: any int (taken modulo 2**64), or ``None`` for a random
            seed.

    Raises:
        InvalidSpecError: a seed that is not an int.
    """

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self._random = _generator(seed).random

    def reseed(self, seed: int | None) -> None:
        """Restart the generator from ``seed`` mixed with the policy's own seed (so that
        differently seeded policies still play differently); environments call this on
        ``reset(seed=)``."""
        self._random = _generator(*(() if seed is None else (self.seed, seed))).random

    def __call__(self, obs: npt.NDArray[np.float32], mask: npt.NDArray[np.int8]) -> int:
        legal = np.flatnonzero(mask)
        return int(legal[int(self._random() * len(legal))])


class GamePolicy:
    """A game policy, ``policy(view, legal) -> decision``, as an opponent of an environment.

    [`PokerEnv`][pokerforge.rl.PokerEnv] plays a seat given a ``GamePolicy`` from the hand
    itself: the policy sees the seat's [`HandView`][pokerforge.game.HandView] and
    [`LegalActions`][pokerforge.game.LegalActions], and its decision (any the game layer takes:
    ``"check_or_call"``, ``Decision.all_in()``, a raise to any legal total) is applied with
    the hand's own method, as at a [`Table`][pokerforge.game.Table]. No observation is
    encoded for such a seat. A decision the rules do not allow is a
    [`PolicyError`][pokerforge.errors.PolicyError] naming the seat.

    For the environments whose every seat is an agent (the AEC environment),
    [`move()`][pokerforge.rl.GamePolicy.move] gives the decision as an exact move that ``step``
    takes.

    Args:
        policy: The game policy, or the name of a built-in simulation policy
            (``"random"``, ``"call"``, ``"tag"``, see `pokerforge.game.bots`).

    Raises:
        InvalidSpecError: Not callable, or an unknown name.

    Examples:
        >>> from pokerforge.game import GameSpec, Hand
        >>> def min_raiser(view, legal):
        ...     return legal.min_raise_to if legal.min_raise_to else "check_or_call"
        >>> opponent = GamePolicy(min_raiser)
        >>> hand = Hand(GameSpec(blinds=(1, 2)), stacks=[100, 100], seed=1)
        >>> opponent.move(hand), opponent.play(hand), hand.bets
        (('raise_to', 4), Decision('raise_to', 4), (4, 2))
    """

    def __init__(self, policy: GameProtocol | str) -> None:
        if isinstance(policy, str):
            from pokerforge.game.bots import POLICIES  # noqa: PLC0415 - only for names

            found = POLICIES.get(policy)
            if found is None:
                raise InvalidSpecError(
                    f"{policy!r} is not a policy: expected one of {', '.join(POLICIES)} or a "
                    "callable policy(view, legal)"
                )
            policy = found
        if not callable(policy):
            raise InvalidSpecError(f"a game policy must be callable, not {policy!r}")
        self.policy = policy

    def reseed(self, seed: int | None) -> None:
        """Reseeds the policy's own random stream, if it has one (``reseed(seed)``); the
        environment calls this on ``reset(seed=)``."""
        reseed = getattr(self.policy, "reseed", None)
        if reseed is not None and seed is not None:
            reseed(seed)

    def play(self, hand: Hand) -> Decision:
        """Asks the policy for the seat to act on ``hand`` and applies its decision.

        Raises:
            PolicyError: The policy raised, or returned no decision or an illegal one.
        """
        return act(hand, self.policy, lazy=True)

    def move(self, hand: Hand) -> Move:
        """The decision of the seat to act on ``hand`` as an exact move (``("fold",)``,
        ``("check",)``, ``("call",)`` or ``("raise_to", total)``), checked but not applied.

        Raises:
            PolicyError: The policy raised, or returned no decision or an illegal one (or a
                show or muck, which environments ask of nobody).
        """
        decision = decide(hand, self.policy, lazy=True)
        legal = hand.legal_actions()
        kind, total = decision.kind, decision.amount
        if kind == "all_in" and legal.max_raise_to is not None:
            kind, total = "raise_to", legal.max_raise_to
        elif kind in ("check_or_call", "all_in"):
            kind = "call" if legal.call else "check"
        try:
            if kind == "raise_to":
                assert total is not None
                hand.verify_raise_to(total)
                return ("raise_to", total)
            if kind in ("show", "muck"):
                raise PolicyError(f"{kind} is not a betting action: nobody is asked to {kind}")
            getattr(hand, f"verify_{kind}")()
        except Exception as err:
            raise PolicyError(f"seat {hand.actor}'s decision {decision!r} failed: {err}") from err
        return (kind,)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, GamePolicy) and other.policy == self.policy

    def __hash__(self) -> int:
        return hash((GamePolicy, self.policy))

    def __repr__(self) -> str:
        return f"GamePolicy({self.policy!r})"
