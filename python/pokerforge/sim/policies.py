"""Policies: who decides what a seat does.

A policy is the game layer's (:mod:`pokerforge.game.decision`): any callable
``policy(view, legal) -> decision``, the same that :meth:`Table.play_hand
<pokerforge.game.Table.play_hand>` takes. ``view`` is the seat's
:class:`~pokerforge.game.HandView` (its own hole cards, the board, the bets, pots and
history that seat may see), ``legal`` its :class:`~pokerforge.game.LegalActions`. The
decision is a :class:`~pokerforge.game.Decision`, or as a plain value ``"fold"``,
``"check"``, ``"call"``, ``"check_or_call"``, ``"all_in"``, or an ``int``: bet or raise to
that street total. A decision the rules do not allow is a
:class:`~pokerforge.errors.PolicyError` naming the hand to replay.

The simulator hands policies a :class:`~pokerforge.game.LazyHandView`: a ``HandView``
whose snapshot is taken when a field is first read, since building it costs more than
most decisions; read it during the call (a view first read after the decision is an
error, never a later state).

Randomness: a policy that draws random numbers carries its own stream and a
``reseed(seed)`` method. Before every hand the simulator calls ``reseed`` with the hand's
seed on each distinct such policy (a copy of it made for the chunk, so that workers and
threads never share one), so a run plays the same hands the same way on every worker
count and backend. Policies run in worker processes, so they must pickle: a module-level
function or an instance of a module-level class, never a lambda.

Built-ins, by name: ``"random"`` (:class:`RandomPolicy`: uniform over folding when facing
a bet, checking or calling, and raising to a uniform amount), ``"call"`` (always check or
call) and ``"tag"`` (:class:`TightAggressive`, a simple tight-aggressive rule policy).
Each works at a :class:`~pokerforge.game.Table` too, and plays every variant: asked to draw
(``view.drawing``, rule 49), ``"call"`` and ``"tag"`` throw what the documented drawing
policy :func:`pokerforge.equity.draw_policy` throws (standing pat when it throws nothing),
and ``"random"`` throws a subset of its cards uniformly at random (each card with chance
one half, none: stand pat) from its own stream.

The old form, ``policy(turn, rng)`` with a :class:`Turn` and a :class:`random.Random`
seeded with the hand's seed, still works with a :class:`DeprecationWarning`. It is told
apart by its signature (:func:`takes_turn`): the second parameter is named ``rng`` or
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

from pokerforge.cards import Card, CardSet
from pokerforge.equity import draw_policy
from pokerforge.errors import InvalidSpecError, PolicyError
from pokerforge.eval import Category, evaluate, evaluate_omaha
from pokerforge.game import Decision as GameDecision
from pokerforge.game import Hand, HandView, LegalActions
from pokerforge.game.decision import Policy
from pokerforge.games import ROWS

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

Decision: TypeAlias = GameDecision | str | int
"""What a policy returns: a :class:`~pokerforge.game.Decision`, or ``"fold"``, ``"check"``,
``"call"``, ``"check_or_call"``, ``"all_in"``, or bet/raise to this street total."""


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
    first is annotated :class:`Turn` (annotations may be strings, as under ``from
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


def _check_or_call(legal: LegalActions) -> Decision:
    return "call" if legal.call else "check"


def _give_up(legal: LegalActions) -> Decision:
    """Fold when something is owed and folding is allowed, else check or call: the stud
    seat that brings it in may not fold (rule 37)."""
    return "fold" if legal.call and legal.fold else _check_or_call(legal)


def _not_betting(view: HandView, legal: LegalActions) -> Decision | None:
    """The built-ins' answer when the question is not a bet (nothing to fold, check or
    call): draw by the documented drawing policy (rule 49), run the board once (rule 26b)
    or, at an asked showdown, show (rule 22)."""
    if legal.fold or legal.check or legal.call:
        return None
    if view.drawing:
        return _policy_draw(view)
    return GameDecision.run_it(1) if view.max_runouts is not None else "show"


def _policy_draw(view: HandView) -> GameDecision:
    """What :func:`~pokerforge.equity.draw_policy` throws from the seat's cards, or stand
    pat when it throws none."""
    hole = view.hole_cards[view.seat] or ()
    thrown = draw_policy(view.variant, CardSet(hole), view.draws_left)  # type: ignore[arg-type]
    return GameDecision.discard(thrown) if len(thrown) else GameDecision.stand_pat()


class RandomPolicy:
    """Uniform over folding (only when facing a bet), checking or calling, and raising to an
    amount uniform between the smallest and largest allowed totals (in stud, one of the
    two), drawn from its own :class:`random.Random`.

    Args:
        seed: Seeds the stream (``None``: from the system). :meth:`reseed` restarts it from
            a hand's seed mixed with this one, so that differently seeded policies play
            differently and ``seed=None`` plays the hand's seed itself.

    Raises:
        InvalidSpecError: A seed that is not a whole number of at least 0.

    Examples:
        >>> from pokerforge.game import GameSpec, Hand
        >>> hand = Hand(GameSpec(blinds=(1, 2)), stacks=[100, 100], seed=2)
        >>> policy = RandomPolicy()
        >>> policy.reseed(7)
        >>> first = [policy(hand.view(0), hand.legal_actions()) for _ in range(4)]
        >>> policy.reseed(7)
        >>> first == [policy(hand.view(0), hand.legal_actions()) for _ in range(4)]
        True
    """

    def __init__(self, seed: int | None = None) -> None:
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or seed < 0):
            raise InvalidSpecError(f"seed must be a whole number of at least 0, not {seed!r}")
        self.seed = seed
        self._rng = random.Random(seed)
        self._random = self._rng.random

    def reseed(self, seed: int) -> None:
        """Restarts the stream from ``seed`` (a hand's seed; the simulator calls this before
        every hand), mixed with the policy's own seed when it has one."""
        own = self.seed
        # Above the 64 bits of a hand's seed: every (own, seed) pair seeds its own stream.
        self._rng.seed(seed if own is None else own << 64 | seed & _MASK64)

    def __call__(self, view: HandView, legal: LegalActions) -> Decision:
        if not (legal.fold or legal.check or legal.call):
            if view.drawing:
                # Any subset of the hand, each equally likely: every card thrown or kept
                # on a coin toss from the policy's own stream.
                hole = view.hole_cards[view.seat] or ()
                thrown = [card for card in hole if self._random() < 0.5]
                return GameDecision.discard(thrown) if thrown else GameDecision.stand_pat()
            return _not_betting(view, legal) or "show"
        low = legal.min_raise_to
        random_ = self._random
        # Folding is a choice when something is owed and the rules allow it (not for the
        # stud seat bringing it in).
        choices = 1 + (legal.call > 0 and legal.fold) + (low is not None)
        pick = int(random_() * choices)
        if low is not None and pick == choices - 1:
            top = legal.max_raise_to if legal.max_raise_to is not None else low
            if any(view.up_cards):
                # Stud is fixed-limit: the amounts between the two that an open pair on
                # fourth street allows (the small and the big bet, rule 39) are not bets.
                return low if random_() < 0.5 else top
            return low + int(random_() * (top - low + 1))
        if legal.call and legal.fold and pick == 1:
            return "fold"
        return _check_or_call(legal)

    def __repr__(self) -> str:
        return f"RandomPolicy(seed={self.seed})"

    def __eq__(self, other: object) -> bool:
        return type(other) is RandomPolicy and other.seed == self.seed

    def __hash__(self) -> int:
        return hash((RandomPolicy, self.seed))

    def __getstate__(self) -> dict[str, object]:
        return {"seed": self.seed, "state": self._rng.getstate()}

    def __setstate__(self, state: dict[str, object]) -> None:
        self.seed = state["seed"]  # type: ignore[assignment]
        self._rng = random.Random()
        self._rng.setstate(state["state"])  # type: ignore[arg-type]
        self._random = self._rng.random


_MASK64 = (1 << 64) - 1

random_policy = RandomPolicy()
"""The ``"random"`` policy (see :class:`RandomPolicy`)."""


def call_policy(view: HandView, legal: LegalActions) -> Decision:
    """Always checks or calls, so every hand reaches a showdown."""
    return _not_betting(view, legal) or _check_or_call(legal)


def chen_score(ranks: tuple[int, int], suited: bool) -> float:
    """Bill Chen's quick score of two hole cards (ranks 0 = deuce .. 12 = ace).

    Examples:
        >>> chen_score((12, 12), False), chen_score((12, 11), True), chen_score((5, 0), False)
        (20, 12, -1.5)
    """
    high, low = max(ranks), min(ranks)
    points = {12: 10, 11: 8, 10: 7, 9: 6}
    score: float = points.get(high, (high + 2) / 2)
    if high == low:
        return max(score * 2, 5)
    if suited:
        score += 2
    gap = high - low - 1
    score -= (0, 1, 2, 4)[gap] if gap < 4 else 5
    if gap <= 1 and high < 10:  # connected low cards make straights
        score += 1
    return score


class TightAggressive:
    """A simple tight-aggressive rule policy.

    Pre-flop (two hole cards) it scores the hand with :func:`chen_score`: raises with
    ``raise_score`` or more (to three times the largest bet), calls with ``call_score`` or
    more when the call is at most ``call_share`` of its stack, else checks or folds. With
    more hole cards (Omaha) it calls pre-flop only up to the size of the smallest raise.
    After the flop it bets or raises about the pot with two pair or better, calls with a
    pair when the call is at most half the pot, and otherwise checks or folds. In a draw
    game it reads its hand by :func:`~pokerforge.equity.draw_policy` (as if the last draw
    were next): a hand that policy stands pat with bets or raises about the pot, one card
    from it calls up to the smallest raise, anything else checks or folds; it draws what
    that policy throws. It draws no randomness: the same view gives the same decision.

    Examples:
        >>> from pokerforge.game import GameSpec, Hand
        >>> hand = Hand(GameSpec(blinds=(1, 2)), stacks=[100, 100], hole_cards=["AsAd", "7c2d"])
        >>> TightAggressive()(hand.view(hand.actor), hand.legal_actions())
        6
    """

    def __init__(
        self, *, raise_score: float = 9, call_score: float = 7, call_share: float = 0.1
    ) -> None:
        self.raise_score = raise_score
        self.call_score = call_score
        self.call_share = call_share

    def __repr__(self) -> str:
        return (
            f"TightAggressive(raise_score={self.raise_score}, call_score={self.call_score}, "
            f"call_share={self.call_share})"
        )

    def __eq__(self, other: object) -> bool:
        return isinstance(other, TightAggressive) and vars(self) == vars(other)

    def __hash__(self) -> int:
        return hash((self.raise_score, self.call_score, self.call_share))

    def __call__(self, view: HandView, legal: LegalActions) -> Decision:
        answer = _not_betting(view, legal)
        if answer is not None:
            return answer
        hole = view.hole_cards[view.seat] or ()
        pot = sum(p.amount for p in view.pots) + sum(view.bets)
        if ROWS[view.variant].draw_rounds:  # a game of draws, no board: the hand alone
            # Cards the last draw would still throw: 0 is a made hand, 1 a good draw.
            thrown = len(draw_policy(view.variant, CardSet(hole), 1))  # type: ignore[arg-type]
            if thrown == 0:
                return _raise_to(legal, max(view.bets) + pot) or _check_or_call(legal)
            if thrown == 1 and legal.call <= (legal.min_raise_to or legal.call):
                return _check_or_call(legal)
            return _give_up(legal)
        if not view.board:
            return self._preflop(view, legal, hole)
        board = view.board
        rank = evaluate_omaha(hole, board) if len(hole) > 2 else evaluate([*hole, *board])
        if rank.category >= Category.TWO_PAIR:
            return _raise_to(legal, max(view.bets) + pot) or _check_or_call(legal)
        if rank.category == Category.PAIR and legal.call * 2 <= pot:
            return _check_or_call(legal)
        return _give_up(legal)

    def _preflop(self, view: HandView, legal: LegalActions, hole: tuple[Card, ...]) -> Decision:
        stack = view.stacks[view.seat]
        if len(hole) != 2:
            unit = legal.min_raise_to or legal.call
            return _check_or_call(legal) if legal.call <= unit else _give_up(legal)
        first, second = int(hole[0]), int(hole[1])
        score = chen_score((first // 4, second // 4), first % 4 == second % 4)
        if score >= self.raise_score:
            return _raise_to(legal, 3 * max(view.bets)) or _check_or_call(legal)
        if score >= self.call_score and legal.call <= self.call_share * (stack + legal.call):
            return _check_or_call(legal)
        return _give_up(legal)


def _raise_to(legal: LegalActions, target: int) -> int | None:
    """``target`` clamped to the allowed raise totals, or ``None`` when raising is closed."""
    if legal.min_raise_to is None or legal.max_raise_to is None:
        return None
    return max(legal.min_raise_to, min(legal.max_raise_to, target))


POLICIES: dict[str, Policy] = {
    "random": random_policy,
    "call": call_policy,
    "tag": TightAggressive(),
}
"""The built-in policies by name."""


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
    """Which seats play an old-form ``policy(turn, rng)`` (see :func:`takes_turn`), with a
    :class:`DeprecationWarning` for each such policy, once.

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
