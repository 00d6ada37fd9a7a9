"""Policies: who decides what a seat does.

A policy is the game layer's (`pokerforge.game.decision`): any callable
``policy(view, legal) -> decision``, the same that
[Table.play_hand][pokerforge.game.Table.play_hand] takes. ``view`` is the seat's
[`HandView`][pokerforge.game.HandView] (its own hole cards, the board, the bets, pots and history
that seat may see), ``legal`` its [`LegalActions`][pokerforge.game.LegalActions]. The decision is a
[`Decision`][pokerforge.game.Decision], or as a plain value ``"fold"``, ``"check"``, ``"call"``,
``"check_or_call"``, ``"all_in"``, or an ``int``: bet or raise to that street total. A decision the
rules do not allow is a [`PolicyError`][pokerforge.errors.PolicyError] naming the hand to replay.

The simulator hands policies a [`LazyHandView`][pokerforge.game.LazyHandView]: a ``HandView``
whose snapshot is taken when a field is first read, since building it costs more than
most decisions; read it during the call (a view first read after the decision is an
error, never a later state).

Randomness: a policy that draws random numbers carries its own stream and a
``reseed(seed)`` method. Before every hand the simulator calls ``reseed`` with the hand's
seed on each distinct such policy (a copy of it made for the chunk, so that workers and
threads never share one), so a run plays the same hands the same way on every worker
count and backend. Policies run in worker processes, so they must pickle: a module-level
function or an instance of a module-level class, never a lambda.

Built-ins, by name: ``"random"`` ([`RandomPolicy`][pokerforge.sim.RandomPolicy]: uniform over
folding when facing a bet, checking or calling, and raising to a uniform amount), ``"call"`` (always
check or call) and ``"tag"`` ([`TightAggressive`][pokerforge.sim.TightAggressive], a simple
tight-aggressive rule policy). Each works at a [`Table`][pokerforge.game.Table] too, and plays every
variant: asked to draw (``view.drawing``, rule 49), ``"call"`` and ``"tag"`` throw what the
documented drawing policy [`pokerforge.equity.draw_policy()`][pokerforge.equity.draw_policy] throws
(standing pat when it throws nothing), and ``"random"`` throws a subset of its cards uniformly at
random (each card with chance one half, none: stand pat) from its own stream.

The old form, ``policy(turn, rng)`` with a [`Turn`][pokerforge.sim.Turn] and a `random.Random`
seeded with the hand's seed, still works with a `DeprecationWarning`. It is told
apart by its signature (`takes_turn()`): the second parameter is named ``rng`` or
annotated ``random.Random``, or the first is annotated ``Turn``. Anything else (including
a callable whose signature cannot be read) is a ``policy(view, legal)``.

Examples:
    >>> from pokerforge.game import GameSpec, Hand
    >>> hand = Hand(GameSpec(blinds=(1, 2)), stacks=[100, 100, 100], seed=4)
    >>> view, legal = hand.view(hand.actor), hand.legal_actions()
    >>> view.position, legal.call, call_policy(view, legal)
    ('BTN', 2, 'call')
    >>> RandomPolicy(seed=1)(view, legal)
    'call'
    >>> [name for name, _ in resolve("call,tag", players=2)]
    ['call', 'tag']
"""

from __future__ import annotations

import copy
import inspect
import random
import warnings
from collections.abc import Callable, Sequence
from types import BuiltinFunctionType, FunctionType, MethodType
from typing import Any, TypeAlias

from pokerforge.errors import InvalidSpecError, PolicyError
from pokerforge.game import Hand, HandView
from pokerforge.game.bots import (
    POLICIES,
    Decision,
    RandomPolicy,
    TightAggressive,
    call_policy,
    chen_score,
    random_policy,
)
from pokerforge.game.decision import Policy

__all__ = [
    "POLICIES",
    "Decision",
    "LegacyPolicy",
    "Policy",
    "RandomPolicy",
    "TightAggressive",
    "Turn",
    "call_policy",
    "chen_score",
    "random_policy",
    "resolve",
    "seeded",
    "takes_turn",
    "turn_seats",
]


class Turn:
    """A seat's turn to act: what an old-form policy ``policy(turn, rng)`` is given
    (deprecated: policies now take ``(view, legal)``).

    Attributes:
        seat: The seat to act.
        legal_actions: Its legal actions, with exact amounts.
    """

    __slots__ = ("_hand", "_view", "legal_actions", "seat")

    def __init__(self, hand: Hand, seat: int) -> None:
        self._hand = hand
        self._view: HandView | None = None
        self.seat = seat
        self.legal_actions = hand.legal_actions()

    @property
    def view(self) -> HandView:
        """What the seat may see of the hand (built on first use)."""
        if self._view is None:
            self._view = self._hand.view(self.seat)
        return self._view

    def __repr__(self) -> str:
        return f"Turn(seat={self.seat}, legal_actions={self.legal_actions})"


LegacyPolicy: TypeAlias = Callable[[Turn, random.Random], Decision]
"""The deprecated ``policy(turn, rng) -> decision``."""


def takes_turn(policy: object) -> bool:
    """Whether ``policy`` is the deprecated ``policy(turn, rng)``, by its signature: its
    second positional parameter is named ``rng`` or annotated ``random.Random``, or its
    first is annotated [`Turn`][pokerforge.sim.Turn] (annotations may be strings, as under ``from
    __future__ import annotations``). A callable without a readable signature is a
    ``policy(view, legal)``.

    Examples:
        >>> takes_turn(lambda turn, rng: "call"), takes_turn(lambda view, legal: "call")
        (True, False)
        >>> def old(t: Turn, r: random.Random) -> str: ...
        >>> takes_turn(old), takes_turn(call_policy), takes_turn(RandomPolicy())
        (True, False, False)
    """
    try:
        parameters = inspect.signature(policy).parameters.values()  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return False
    positional = [p for p in parameters if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    if len(positional) < 2:
        return False
    first, second = positional[:2]
    return (
        second.name == "rng"
        or _names(second.annotation, random.Random)
        or _names(first.annotation, Turn)
    )


def _names(annotation: object, cls: type) -> bool:
    """Whether ``annotation`` is ``cls`` (or a subclass), or a string ending in its name."""
    if isinstance(annotation, str):
        return annotation.replace(" ", "").rsplit(".", 1)[-1] == cls.__name__
    return isinstance(annotation, type) and issubclass(annotation, cls)


def _name(policy: object) -> str:
    for name, known in POLICIES.items():
        if policy is known or policy == known:
            return name
    return getattr(policy, "__name__", None) or type(policy).__name__


Policies: TypeAlias = "str | Policy | LegacyPolicy | Sequence[str | Policy | LegacyPolicy]"
"""What a run takes: a name or policy for every seat, one per seat, or names with commas."""


def resolve(policies: Policies, *, players: int) -> list[tuple[str, Policy | LegacyPolicy]]:
    """One ``(name, policy)`` per seat: a name or callable for every seat, one per seat, or
    names separated by commas (``"tag,random"``), one per seat as the command takes them.

    Raises:
        InvalidSpecError: An unknown policy name, something that is not callable, or a list
            whose length is not the number of players.
    """
    if isinstance(policies, str) and "," in policies:
        policies = [name.strip() for name in policies.split(",")]  # "tag,random", as the command
    given: list[str | Policy | LegacyPolicy] = (
        [policies] * players if isinstance(policies, str) or callable(policies) else list(policies)
    )
    if len(given) != players:
        raise InvalidSpecError(f"expected one policy per seat ({players}), not {len(given)}")
    seats: list[tuple[str, Policy | LegacyPolicy]] = []
    for item in given:
        if isinstance(item, str):
            if item not in POLICIES:
                raise InvalidSpecError(
                    f"{item!r} is not a policy: expected one of {', '.join(POLICIES)} or a callable"
                )
            seats.append((item, POLICIES[item]))
        elif callable(item):
            seats.append((_name(item), item))
        else:
            raise InvalidSpecError(f"a policy must be a name or a callable, not {item!r}")
    return seats


def turn_seats(policies: Sequence[Policy | LegacyPolicy], names: Sequence[str]) -> tuple[bool, ...]:
    """Which seats play an old-form ``policy(turn, rng)`` (see `takes_turn()`), with a
    `DeprecationWarning` for each such policy, once.

    Examples:
        >>> import warnings
        >>> with warnings.catch_warnings(record=True) as caught:
        ...     warnings.simplefilter("always")
        ...     turn_seats([call_policy, lambda turn, rng: "call"], ["call", "<lambda>"])
        (False, True)
        >>> print(caught[0].message)  # doctest: +ELLIPSIS
        policy '<lambda>' takes (turn, rng), which is deprecated: ...
    """
    found: dict[int, bool] = {}
    for policy, name in zip(policies, names, strict=True):
        if id(policy) in found:
            continue
        found[id(policy)] = old = takes_turn(policy)
        if old:
            warnings.warn(
                f"policy {name!r} takes (turn, rng), which is deprecated: write it as "
                "policy(view, legal) -> Decision, the protocol of pokerforge.game.decision, "
                "and keep its own random stream with a reseed(seed) method (see "
                "pokerforge.sim.policies)",
                DeprecationWarning,
                stacklevel=5,
            )
    return tuple(found[id(policy)] for policy in policies)


def seeded(policies: Sequence[object]) -> tuple[list[Any], list[Callable[[int], None]]]:
    """What one chunk of hands calls: per seat, the policy, with each distinct policy that
    has a ``reseed(seed)`` method copied once (seats that shared one share the copy); and
    the ``reseed`` methods of the copies, to call before every hand.

    A chunk's copies are its own, so chunks run at once in threads of one worker never
    draw from one stream. A policy that is an object (not a function) is given as its
    bound ``__call__``: calling that costs less than calling the object, at every decision.

    Raises:
        PolicyError: A policy with ``reseed`` that ``copy.deepcopy`` cannot copy.

    Examples:
        >>> calls, reseeds = seeded([random_policy, call_policy, random_policy])
        >>> calls[0] == calls[2], calls[0].__self__ is random_policy, calls[1] is call_policy
        (True, False, True)
        >>> len(reseeds)
        1
    """
    memo: dict[int, Any] = {}
    calls: list[Any] = []
    reseeds: list[Callable[[int], None]] = []
    for policy in policies:
        mine = memo.get(id(policy))
        if mine is None:
            own = policy
            if getattr(policy, "reseed", None) is not None:
                try:
                    own = copy.deepcopy(policy)
                except Exception as err:
                    raise PolicyError(
                        f"policy {policy!r} has a random stream (reseed) but cannot be copied "
                        f"for each chunk of hands (copy.deepcopy): {type(err).__name__}: {err}"
                    ) from err
                reseeds.append(own.reseed)  # type: ignore[attr-defined]
            plain = isinstance(own, FunctionType | BuiltinFunctionType | MethodType)
            mine = memo[id(policy)] = own if plain else own.__call__  # type: ignore[operator]
        calls.append(mine)
    return calls, reseeds
