"""One way to write a player: a policy sees its seat's view and the legal actions and
returns a [`Decision`][pokerforge.game.Decision], which the engine applies.

A *policy* is any callable ``policy(view, legal) -> decision``: ``view`` is the
[`HandView`][pokerforge.game.HandView] of the seat to act (its own hole cards, the board, the
bets, what it may see of the history), ``legal`` its
[`LegalActions`][pokerforge.game.LegalActions]. The decision is a
[`Decision`][pokerforge.game.Decision], or the same as plain values: ``"fold"``, ``"check"``,
``"call"``, ``"check_or_call"``, ``"all_in"``, ``"show"``, ``"muck"``, or an ``int`` (bet or raise
to that street total); asked how many times to run the board (rule 26b, ``view.max_runouts`` set),
``Decision.run_it(times)``; asked to draw in a draw game (``view.drawing`` set, rule 49),
``Decision.discard(cards)`` or ``Decision.stand_pat()`` (or ``"stand_pat"``).
[Table.play_hand][pokerforge.game.Table.play_hand] and [`play()`][pokerforge.game.play] take
policies; a policy that returns something else, or an action the rules do not allow, gets a
[`PolicyError`][pokerforge.errors.PolicyError] naming the seat and what it returned, never a
hang.

Examples:
    >>> from pokerforge.game import GameSpec, Hand
    >>> hand = Hand(GameSpec(blinds=(1, 2)), stacks=[100, 100], seed=3)
    >>> def calling_station(view, legal):
    ...     return Decision.check_or_call()
    >>> play(hand, calling_station).is_over, hand.street.text
    (True, 'showdown')
    >>> Decision.raise_to(6), Decision.of("fold"), Decision.of(12)
    (Decision('raise_to', 6), Decision('fold'), Decision('raise_to', 12))
    >>> Decision.discard("Kh Kd"), Decision.of("stand_pat")
    (Decision('discard', 'KhKd'), Decision('stand_pat'))
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal, TypeAlias, get_args

from pokerforge.cards import CardSet
from pokerforge.errors import PokerError, PolicyError
from pokerforge.game.view import LazyHandView

if TYPE_CHECKING:
    from pokerforge.game.actions import LegalActions
    from pokerforge.game.hand import Hand
    from pokerforge.game.view import HandView

__all__ = ["Decision", "DecisionKind", "Policy", "act", "decide", "play"]

DecisionKind: TypeAlias = Literal[
    "fold",
    "check",
    "call",
    "check_or_call",
    "raise_to",
    "all_in",
    "show",
    "muck",
    "run_it",
    "discard",
    "stand_pat",
]
"""What a decision does; ``"raise_to"`` carries its amount, ``"run_it"`` its count,
``"discard"`` its cards."""

_KINDS: frozenset[str] = frozenset(get_args(DecisionKind))


@dataclass(frozen=True, slots=True)
class Decision:
    """What a player does: one of [`DecisionKind`][pokerforge.game.DecisionKind], with the total for
    ``"raise_to"`` (the count for ``"run_it"``) and the cards thrown for ``"discard"``.

    Make one with the class's constructors (``Decision.fold()``, ``Decision.raise_to(20)``)
    or from a plain value with [`of()`][pokerforge.game.Decision.of];
    [`apply()`][pokerforge.game.Decision.apply] does it on a hand.
    """

    kind: DecisionKind
    amount: int | None = None
    cards: CardSet | None = None

    def __post_init__(self) -> None:
        if self.kind not in _KINDS:
            raise PolicyError(f"{self.kind!r} is not a decision: expected one of {_named()}")
        if (self.kind == "discard") != (self.cards is not None):
            raise PolicyError(
                f"a {self.kind!r} decision "
                f"{'needs' if self.kind == 'discard' else 'takes no'} cards, not {self.cards!r}"
            )
        counted = self.kind in ("raise_to", "run_it")
        if counted != (self.amount is not None):
            raise PolicyError(
                f"a {self.kind!r} decision {'needs' if counted else 'takes no'}"
                f" amount, not {self.amount!r}"
            )

    def __repr__(self) -> str:
        amount = "" if self.amount is None else f", {self.amount}"
        cards = "" if self.cards is None else f", {str(self.cards)!r}"
        return f"Decision({self.kind!r}{amount}{cards})"

    @staticmethod
    def fold() -> Decision:
        """Give up the hand."""
        return _FOLD

    @staticmethod
    def check() -> Decision:
        """Check: only when nothing is owed."""
        return _CHECK

    @staticmethod
    def call() -> Decision:
        """Call: only when something is owed."""
        return _CALL

    @staticmethod
    def check_or_call() -> Decision:
        """Check when nothing is owed, else call."""
        return _CHECK_OR_CALL

    @staticmethod
    def raise_to(amount: int) -> Decision:
        """Bet or raise to ``amount``, the street total."""
        return Decision("raise_to", _amount(amount))

    @staticmethod
    def all_in() -> Decision:
        """Everything behind: raise to the most allowed, else call, else check."""
        return _ALL_IN

    @staticmethod
    def show() -> Decision:
        """Show the hand when asked at a showdown (``RuleProfile(showdown="ask")``)."""
        return _SHOW

    @staticmethod
    def muck() -> Decision:
        """Muck the hand when asked at a showdown."""
        return _MUCK

    @staticmethod
    def run_it(times: int) -> Decision:
        """Asked how many times to run the board, ask for ``times`` (rule 26b)."""
        return Decision("run_it", _amount(times, "a runout count needs an int"))

    @staticmethod
    def discard(cards: object) -> Decision:
        """In a drawing round, throw ``cards`` away (text like ``"Kh Kd"``, or
        [`Card`][pokerforge.cards.Card] values) and be dealt as many (rule 49).

        Raises:
            PolicyError: ``cards`` are not cards, or none (to draw none, stand pat).

        Examples:
            >>> Decision.discard(["9c", "Kh"])
            Decision('discard', 'Kh9c')
            >>> Decision.discard("")  # doctest: +ELLIPSIS
            Traceback (most recent call last):
            ...
            pokerforge.errors.PolicyError: a discard needs at least one card, not '': ...
        """
        try:
            thrown = cards if isinstance(cards, CardSet) else CardSet(cards)  # type: ignore[arg-type]
        except (PokerError, TypeError) as err:
            raise PolicyError(f"a discard needs cards, not {cards!r}: {err}") from None
        if not len(thrown):
            raise PolicyError(
                f"a discard needs at least one card, not {cards!r}: to draw none, stand pat "
                "(Decision.stand_pat())"
            )
        return Decision("discard", cards=thrown)

    @staticmethod
    def stand_pat() -> Decision:
        """In a drawing round, keep every card and draw none (rule 49)."""
        return _STAND_PAT

    @staticmethod
    def of(value: object) -> Decision:
        """The decision a policy's return value means: a [`Decision`][pokerforge.game.Decision], a
        kind's name (``"fold"``, ``"check_or_call"``, ...) or an ``int`` (raise to).

        Raises:
            PolicyError: Any other value.
        """
        if isinstance(value, Decision):
            return value
        if isinstance(value, str):
            found = _BY_NAME.get(value)
            if found is None:
                raise PolicyError(
                    f"{value!r} is not a decision: expected one of {_named()}, or an int "
                    "(bet or raise to that street total)"
                )
            return found
        if not isinstance(value, bool) and hasattr(value, "__index__"):
            return Decision("raise_to", operator.index(value))  # an int, a NumPy integer
        raise PolicyError(
            f"{value!r} is not a decision: expected a Decision, one of {_named()}, or an "
            "int (bet or raise to that street total)"
        )

    def apply(self, hand: Hand) -> None:
        """Does this decision for the seat to act on ``hand``.

        Raises:
            IllegalActionError: The rules do not allow it now (the hand is unchanged).
        """
        kind = self.kind
        if kind == "raise_to":
            assert self.amount is not None
            hand.raise_to(self.amount)
        elif kind == "run_it":
            assert self.amount is not None
            hand.run_it(self.amount)
        elif kind == "discard":
            assert self.cards is not None
            hand.discard(self.cards)
        elif kind == "all_in":
            legal = hand.legal_actions()
            if legal.max_raise_to is not None:
                hand.raise_to(legal.max_raise_to)
            else:
                hand.check_or_call()
        else:
            getattr(hand, kind)()


def _amount(amount: object, need: str = "a raise needs an int total") -> int:
    if isinstance(amount, bool) or not hasattr(amount, "__index__"):
        raise PolicyError(f"{need}, not {amount!r}")
    return operator.index(amount)


def _named() -> str:
    return ", ".join(repr(k) for k in sorted(_KINDS - {"raise_to", "run_it", "discard"}))


_FOLD = Decision("fold")
_CHECK = Decision("check")
_CALL = Decision("call")
_CHECK_OR_CALL = Decision("check_or_call")
_ALL_IN = Decision("all_in")
_SHOW = Decision("show")
_MUCK = Decision("muck")
_STAND_PAT = Decision("stand_pat")
_BY_NAME: dict[str, Decision] = {
    d.kind: d for d in (_FOLD, _CHECK, _CALL, _CHECK_OR_CALL, _ALL_IN, _SHOW, _MUCK, _STAND_PAT)
}

Policy: TypeAlias = "Callable[[HandView, LegalActions], Decision | str | int]"
"""``policy(view, legal) -> decision`` (see the module)."""

Policies: TypeAlias = "Policy | Sequence[Policy] | Mapping[int, Policy]"
"""One policy for every seat, one per seat in order, or one per seat number."""


def play(hand: Hand, policies: Policies) -> Hand:
    """Plays ``hand`` to its end, asking the policy of each seat to act (bets, draws in a
    draw game, and at an asked showdown show or muck); returns the hand.

    Raises:
        PolicyError: A policy raised, returned something that is not a decision, or chose
            what the rules do not allow; the message names the seat and the decision.
    """
    ask = _per_seat(policies, hand.num_seats)
    while not hand.is_over:
        seat = hand.actor
        if seat is None:  # the engine never waits on nobody: a bug if it ever did
            raise PolicyError("the hand waits for a decision nobody is asked for")
        act(hand, ask[seat])
    return hand


def decide(hand: Hand, policy: Callable[..., object], *, lazy: bool = False) -> Decision:
    """Asks ``policy`` what the seat to act on ``hand`` does, with its view and the legal
    actions; returns the decision without applying it.

    Args:
        hand: A hand with a seat to act.
        policy: ``policy(view, legal) -> decision``.
        lazy: Hand the policy a [`LazyHandView`][pokerforge.game.LazyHandView] (taken when first
            read, valid only during the call) instead of a `HandView` built first,
            for engines that ask many policies that seldom read it.

    Raises:
        PolicyError: Nobody is to act, the policy raised, or it returned something that is
            not a decision; the message names the seat.

    Examples:
        >>> from pokerforge.game import GameSpec, Hand
        >>> hand = Hand(GameSpec(blinds=(1, 2)), stacks=[100, 100], seed=3)
        >>> decide(hand, lambda view, legal: legal.min_raise_to, lazy=True)
        Decision('raise_to', 4)
    """
    seat = hand.actor
    if seat is None:
        raise PolicyError("no seat is to act: the hand waits for no decision")
    legal = hand.legal_actions()
    view = LazyHandView(hand, seat, legal) if lazy else hand.view(seat)
    try:
        value = policy(view, legal)
    except Exception as err:
        raise PolicyError(f"the policy of seat {seat} raised {type(err).__name__}: {err}") from err
    try:
        return Decision.of(value)
    except PolicyError as err:
        raise PolicyError(f"the policy of seat {seat} returned {err}") from None


def act(hand: Hand, policy: Callable[..., object], *, lazy: bool = False) -> Decision:
    """Asks ``policy`` for the seat to act on ``hand`` (see `decide()`) and applies the
    decision; returns it.

    Raises:
        PolicyError: As `decide()`, or the rules do not allow the decision (the hand
            is unchanged); the message names the seat and the decision.

    Examples:
        >>> from pokerforge.game import GameSpec, Hand
        >>> hand = Hand(GameSpec(blinds=(1, 2)), stacks=[100, 100], seed=3)
        >>> act(hand, lambda view, legal: "check_or_call"), hand.bets
        (Decision('check_or_call'), (2, 2))
        >>> act(hand, lambda view, legal: 3)  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        pokerforge.errors.PolicyError: seat 1's decision Decision('raise_to', 3) failed: ...
    """
    seat = hand.actor
    decision = decide(hand, policy, lazy=lazy)
    try:
        decision.apply(hand)
    except Exception as err:
        raise PolicyError(f"seat {seat}'s decision {decision!r} failed: {err}") from err
    return decision


def _per_seat(policies: Policies, seats: int) -> list[Callable[..., object]]:
    found: list[Callable[..., object]]
    if isinstance(policies, Mapping):
        missing = [s for s in range(seats) if s not in policies]
        if missing:
            raise PolicyError(f"no policy for seats {missing}")
        found = [policies[s] for s in range(seats)]
    elif isinstance(policies, Sequence) and not isinstance(policies, str):
        if len(policies) != seats:
            raise PolicyError(f"expected one policy per seat ({seats}), not {len(policies)}")
        found = list(policies)
    else:
        found = [policies] * seats
    for seat, policy in enumerate(found):
        if not callable(policy):
            raise PolicyError(f"the policy of seat {seat} must be callable, not {policy!r}")
    return found
