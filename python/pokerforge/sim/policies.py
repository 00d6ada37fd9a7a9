"""Policies: who decides what a seat does.

A policy is any callable ``policy(turn, rng) -> decision``. ``turn`` is a :class:`Turn`:
the seat to act, its :class:`~pokerforge.game.LegalActions`, and its
:class:`~pokerforge.game.HandView` (its own hole cards, the board, the bets, pots and
history that seat may see), built only when a policy asks for it, since building it costs
more than most decisions; ``rng`` is a :class:`random.Random` seeded from the hand's
seed, so a policy that draws its randomness from it plays the same hand the same way on
every run, worker and backend. The decision is a :class:`~pokerforge.game.Decision`, or
as a plain value ``"fold"``, ``"check"``, ``"call"``, ``"check_or_call"``, ``"all_in"``,
or an ``int``: bet or raise to that street total. Policies run in worker processes, so they must
pickle: a module-level function or an instance of a module-level class, never a lambda.

Built-ins, by name: ``"random"`` (uniform over folding when facing a bet, checking or
calling, and raising to a uniform amount), ``"call"`` (always check or call) and ``"tag"``
(:class:`TightAggressive`, a simple tight-aggressive rule policy).

Examples:
    >>> import random
    >>> from pokerforge.game import GameSpec, Hand
    >>> hand = Hand(GameSpec(blinds=(1, 2)), stacks=[100, 100, 100], seed=4)
    >>> turn = Turn(hand, hand.actor)
    >>> turn.seat, turn.legal_actions.call, turn.view.position
    (0, 2, 'BTN')
    >>> call_policy(turn, random.Random(0))
    'call'
    >>> [name for name, _ in resolve(["call", "tag"], players=2)]
    ['call', 'tag']
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TypeAlias

from pokerforge.cards import Card
from pokerforge.errors import InvalidSpecError
from pokerforge.eval import Category, evaluate, evaluate_omaha
from pokerforge.game import Decision as GameDecision
from pokerforge.game import Hand, HandView, LegalActions

__all__ = [
    "POLICIES",
    "Decision",
    "Policy",
    "TightAggressive",
    "Turn",
    "call_policy",
    "chen_score",
    "random_policy",
    "resolve",
]

Decision: TypeAlias = GameDecision | str | int
"""What a policy returns: a :class:`~pokerforge.game.Decision`, or ``"fold"``, ``"check"``,
``"call"``, ``"check_or_call"``, ``"all_in"``, or bet/raise to this street total."""


class Turn:
    """A seat's turn to act: what a policy is given.

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


Policy: TypeAlias = Callable[[Turn, random.Random], Decision]
"""``policy(turn, rng) -> decision``."""


def _check_or_call(legal: LegalActions) -> Decision:
    return "call" if legal.call else "check"


def random_policy(turn: Turn, rng: random.Random) -> Decision:
    """Uniform over folding (only when facing a bet), checking or calling, and raising to an
    amount uniform between the smallest and largest allowed totals."""
    legal = turn.legal_actions
    low = legal.min_raise_to
    choices = 1 + (legal.call > 0) + (low is not None)
    pick = int(rng.random() * choices)
    if low is not None and pick == choices - 1:
        top = legal.max_raise_to if legal.max_raise_to is not None else low
        return low + int(rng.random() * (top - low + 1))
    if legal.call and pick == 1:
        return "fold"
    return _check_or_call(legal)


def call_policy(turn: Turn, rng: random.Random) -> Decision:
    """Always checks or calls, so every hand reaches a showdown."""
    return _check_or_call(turn.legal_actions)


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
    pair when the call is at most half the pot, and otherwise checks or folds. It draws no
    randomness: the same view gives the same decision.

    Examples:
        >>> from pokerforge.game import GameSpec, Hand
        >>> hand = Hand(GameSpec(blinds=(1, 2)), stacks=[100, 100], hole_cards=["AsAd", "7c2d"])
        >>> TightAggressive()(Turn(hand, hand.actor), random.Random(0))
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

    def __call__(self, turn: Turn, rng: random.Random) -> Decision:
        legal, view = turn.legal_actions, turn.view
        hole = view.hole_cards[view.seat] or ()
        if not view.board:
            return self._preflop(view, legal, hole)
        board = view.board
        rank = evaluate_omaha(hole, board) if len(hole) > 2 else evaluate([*hole, *board])
        pot = sum(p.amount for p in view.pots) + sum(view.bets)
        if rank.category >= Category.TWO_PAIR:
            return _raise_to(legal, max(view.bets) + pot) or _check_or_call(legal)
        if rank.category == Category.PAIR and legal.call * 2 <= pot:
            return _check_or_call(legal)
        return "fold" if legal.call else "check"

    def _preflop(self, view: HandView, legal: LegalActions, hole: tuple[Card, ...]) -> Decision:
        stack = view.stacks[view.seat]
        if len(hole) != 2:
            unit = legal.min_raise_to or legal.call
            return _check_or_call(legal) if legal.call <= unit else "fold"
        first, second = int(hole[0]), int(hole[1])
        score = chen_score((first // 4, second // 4), first % 4 == second % 4)
        if score >= self.raise_score:
            return _raise_to(legal, 3 * max(view.bets)) or _check_or_call(legal)
        if score >= self.call_score and legal.call <= self.call_share * (stack + legal.call):
            return _check_or_call(legal)
        return "fold" if legal.call else "check"


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


def resolve(
    policies: str | Policy | Sequence[str | Policy], *, players: int
) -> list[tuple[str, Policy]]:
    """One ``(name, policy)`` per seat: a name or callable for every seat, one per seat, or
    names separated by commas (``"tag,random"``), one per seat as the command takes them.

    Raises:
        InvalidSpecError: An unknown policy name, something that is not callable, or a list
            whose length is not the number of players.
    """
    if isinstance(policies, str) and "," in policies:
        policies = [name.strip() for name in policies.split(",")]  # "tag,random", as the command
    given: list[str | Policy] = (
        [policies] * players if isinstance(policies, str) or callable(policies) else list(policies)
    )
    if len(given) != players:
        raise InvalidSpecError(f"expected one policy per seat ({players}), not {len(given)}")
    seats = []
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
