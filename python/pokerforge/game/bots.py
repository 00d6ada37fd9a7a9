"""The built-in players: a policy for every game of the table, each named.

``"random"`` ([`RandomPolicy`][pokerforge.sim.RandomPolicy]: uniform over folding when facing a bet,
checking or calling, and raising to a uniform amount), ``"call"``
([`call_policy()`][pokerforge.sim.call_policy]: always check or call) and ``"tag"``
([`TightAggressive`][pokerforge.sim.TightAggressive], a simple tight-aggressive rule policy). Each
plays every variant: asked to draw (``view.drawing``, rule 49), ``"call"`` and ``"tag"`` throw what
the documented drawing policy [`pokerforge.equity.draw_policy()`][pokerforge.equity.draw_policy]
throws (standing pat when it throws nothing), and ``"random"`` throws a subset of its cards
uniformly at random from its own stream. Wherever a policy is taken (``Table.play_hand``,
``Tournament.play``, ``sim.run``, the RL environments' opponents), a name of `POLICIES` is one.

Examples:
    >>> from pokerforge.game import GameSpec, Hand
    >>> hand = Hand(GameSpec(blinds=(1, 2)), stacks=[100, 100, 100], seed=4)
    >>> view, legal = hand.view(hand.actor), hand.legal_actions()
    >>> call_policy(view, legal), RandomPolicy(seed=1)(view, legal)
    ('call', 'call')
    >>> sorted(POLICIES)
    ['call', 'random', 'tag']
"""

from __future__ import annotations

import random
from typing import TypeAlias

from pokerforge.cards import Card, CardSet
from pokerforge.equity import draw_policy
from pokerforge.errors import InvalidSpecError
from pokerforge.eval import Category, evaluate, evaluate_omaha
from pokerforge.game.actions import LegalActions
from pokerforge.game.decision import Decision as GameDecision
from pokerforge.game.decision import Policy
from pokerforge.game.view import HandView
from pokerforge.games import ROWS

__all__ = [
    "POLICIES",
    "Decision",
    "RandomPolicy",
    "TightAggressive",
    "call_policy",
    "chen_score",
    "random_policy",
]

Decision: TypeAlias = GameDecision | str | int
"""What a policy returns: a [`Decision`][pokerforge.game.Decision], or ``"fold"``, ``"check"``,
``"call"``, ``"check_or_call"``, ``"all_in"``, or bet/raise to this street total."""


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
    """What [`draw_policy()`][pokerforge.equity.draw_policy] throws from the seat's cards, or stand
    pat when it throws none."""
    hole = view.hole_cards[view.seat] or ()
    thrown = draw_policy(view.variant, CardSet(hole), view.draws_left)  # type: ignore[arg-type]
    return GameDecision.discard(thrown) if len(thrown) else GameDecision.stand_pat()


class RandomPolicy:
    """Uniform over folding (only when facing a bet), checking or calling, and raising to an
    amount uniform between the smallest and largest allowed totals (in stud, one of the
    two), drawn from its own `random.Random`.

    Args:
        seed: Seeds the stream (``None``: from the system).
            [`reseed()`][pokerforge.sim.RandomPolicy.reseed] restarts it from a hand's seed mixed
            with this one, so that differently seeded policies play differently and ``seed=None``
            plays the hand's seed itself.

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
"""The ``"random"`` policy (see [`RandomPolicy`][pokerforge.sim.RandomPolicy])."""


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

    Pre-flop (two hole cards) it scores the hand with `chen_score()`: raises with
    ``raise_score`` or more (to three times the largest bet), calls with ``call_score`` or
    more when the call is at most ``call_share`` of its stack, else checks or folds. With
    more hole cards (Omaha) it calls pre-flop only up to the size of the smallest raise.
    After the flop it bets or raises about the pot with two pair or better, calls with a
    pair when the call is at most half the pot, and otherwise checks or folds. In a draw
    game it reads its hand by [`draw_policy()`][pokerforge.equity.draw_policy] (as if the last draw
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
