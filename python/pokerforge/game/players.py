"""The players of a table: the policies that act for its seats.

``Table.play_hand`` (and the tournaments) take a policy for everyone, one per table seat
(a sequence, or a mapping by seat number), or the deprecated ``decide(hand)`` that acts on
the hand itself; a policy may be a built-in player's name (``"random"``, ``"call"``,
``"tag"``: `pokerforge.game.bots`). `seat_policies()` checks them against the seats
the next hand deals in and `SeatPolicies` plays a hand with them.
"""

from __future__ import annotations

import inspect
import warnings
from collections.abc import Callable, Mapping, Sequence
from typing import NamedTuple, TypeAlias, cast

from pokerforge.errors import PokerError, PolicyError
from pokerforge.game.bots import POLICIES
from pokerforge.game.decision import Decision, Policy, play
from pokerforge.game.hand import Hand

__all__ = ["Players", "SeatPolicies", "named", "seat_policies"]


def seat_policies(policies: Players, size: int, live: Sequence[int]) -> SeatPolicies:
    """``policies`` resolved for a table of ``size`` seats whose next hand deals in the
    seats ``live``.

    Raises:
        PolicyError: No policy for a seat of ``live``, or policies for seats the table
            does not have.
    """
    if _acts_on_hands(policies):
        warnings.warn(
            "play_hand(decide) with decide(hand) is deprecated: pass a policy, "
            "policy(view, legal) -> Decision (pokerforge.game.decision)",
            DeprecationWarning,
            stacklevel=4,
        )
        return SeatPolicies(cast("Callable[[Hand], object]", policies), [])
    if isinstance(policies, Mapping | Sequence) and not isinstance(policies, str):
        by_seat = [None if p is None else named(p) for p in _table_policies(policies, size)]
    else:
        by_seat = [named(cast("Policy | str", policies))] * size
    missing = [seat for seat in live if by_seat[seat] is None]
    if missing:
        raise PolicyError(f"no policy for seats {missing}, which the next hand deals in")
    return SeatPolicies(None, by_seat)


Players: TypeAlias = (
    "Policy | str | Sequence[Policy | str | None] | Mapping[int, Policy | str]"
    " | Callable[[Hand], object]"
)
"""What ``play_hand`` takes: a policy for everyone, one per table seat (a sequence, or a
mapping by seat number), or the deprecated ``decide(hand)``."""


class SeatPolicies(NamedTuple):
    """Policies resolved for a table: the old ``decide(hand)``, or one per table seat."""

    decide: Callable[[Hand], object] | None
    by_seat: list[Policy | None]

    def play(self, hand: Hand, seats: Sequence[int]) -> None:
        """Plays ``hand``, whose seats sit at table ``seats``, to its end. A policy's error
        leaves the hand in progress as it was (finish it by hand)."""
        if self.decide is not None:
            _decide_all(hand, self.decide)
        else:
            play(hand, [self.by_seat[seat] for seat in seats])  # type: ignore[misc]


def _acts_on_hands(policies: object) -> bool:
    """Whether ``policies`` is the old ``decide(hand)``: a callable of one argument."""
    if not callable(policies) or isinstance(policies, Sequence | Mapping):
        return False
    try:
        parameters = inspect.signature(policies).parameters.values()
    except (TypeError, ValueError):  # no signature to read: taken as a policy
        return False
    positional = [
        p
        for p in parameters
        if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD) and p.default is p.empty
    ]
    return len(positional) == 1


def _decide_all(hand: Hand, decide: Callable[[Hand], object]) -> None:
    """The old form: ``decide(hand)`` acts on the hand; what it returns instead of acting
    (``"call"``) is applied as a decision, and doing neither is an error, not a hang."""
    while not hand.is_over:
        seat = hand.actor
        before = len(hand.state.log)
        value = decide(hand)
        if hand.is_over or len(hand.state.log) != before or hand.actor != seat:
            continue
        if value is None:
            raise PolicyError(
                f"decide(hand) neither acted for seat {seat} nor returned a decision: call "
                "an action on the hand (hand.call()) or return one (Decision.call())"
            )
        try:
            Decision.of(value).apply(hand)
        except PokerError as err:
            raise PolicyError(f"seat {seat}'s decision {value!r} failed: {err}") from err


def named(policy: Policy | str) -> Policy:
    """``policy``, or the built-in player of that name (`POLICIES`).

    Raises:
        PolicyError: a name of no built-in player.
    """
    if not isinstance(policy, str):
        return policy
    found = POLICIES.get(policy)
    if found is None:
        raise PolicyError(
            f"{policy!r} is not a built-in player: one of {', '.join(sorted(POLICIES))}, "
            "or a policy(view, legal)"
        )
    return found


def _table_policies(
    policies: Sequence[Policy | str | None] | Mapping[int, Policy | str], size: int
) -> list[Policy | str | None]:
    """One policy (or ``None``) per table seat, from a sequence or a mapping by seat."""
    if isinstance(policies, Mapping):
        unknown = [s for s in policies if not (isinstance(s, int) and 0 <= s < size)]
        if unknown:
            raise PolicyError(f"policies for seats that are not this table's: {unknown}")
        return [policies.get(s) for s in range(size)]
    if len(policies) != size:
        raise PolicyError(f"expected one policy per table seat ({size}), not {len(policies)}")
    return list(policies)
