"""The fixed-limit rules pokerkit breaks, read from a hand's history: one place for the
three pokerkit harnesses (board games, stud, draw games).

Rules 17 and 18 (docs/rules.md): a round is capped at a bet and three raises, the big blind
counting as the bet of the first round of a blind game; the cap is lifted while fewer than
three players are able to bet; an all-in short of a full bet or raise does not count
toward the cap, and one of at least half a bet is completed (rule 18). pokerkit 0.7.7
differs in the spots :data:`LIMIT_FAULTS` names; :func:`limit_fault` tells whether a
difference in the raise range is one of them, so that the harness checks the engine
against the rule there and plays on with what both engines allow.
"""

from __future__ import annotations

from typing import Any

from pokerforge.game import Hand
from pokerforge.game.actions import (
    Bet,
    BringIn,
    DealBoard,
    DealHole,
    DealUp,
    Discard,
    Raise,
    StandPat,
)

LIMIT_FAULTS = {
    "blind-not-the-bet": (
        "pokerkit does not count the big blind as the bet of the first betting round's cap, "
        "so it allows a fourth raise there; rules 17 and 18 count it (a bet and three "
        "raises, the big blind the bet: example K)"
    ),
    "heads-up-capped": (
        "pokerkit caps the betting at a bet and three raises even when only two players "
        "are able to bet; rule 17 lifts the cap then"
    ),
    "short-all-in-raise": (
        "pokerkit does not apply rule 18 to a fixed-limit all-in bet or raise short of a "
        "full one (it raises a full bet on top of one short of half a bet, and does not "
        "reopen the betting after one of at least half a bet)"
    ),
    "incomplete-all-in-counted": (
        "pokerkit counts an all-in raise short of a full raise toward the cap; rules 17 and "
        "18 count only full bets and raises"
    ),
}
"""The fixed-limit pokerkit faults: name -> what pokerkit does wrong."""

_ROUND_STARTS = (DealHole, DealUp, DealBoard, Discard, StandPat)
"""Records after which a new betting round begins (its cards dealt, or its draw made)."""

Range = tuple[int | None, int | None]


def round_records(hand: Hand) -> tuple[Any, ...]:
    """The records of the current betting round: those after its last deal or draw."""
    history = hand.history
    start = max((i for i, r in enumerate(history) if type(r) in _ROUND_STARTS), default=-1)
    return tuple(history[start + 1 :])


def blind_is_the_bet(hand: Hand) -> bool:
    """Whether this is the first round of a blind game, where the big blind is the bet."""
    return hand.spec.big_blind > 0 and not any(
        type(r) in (DealBoard, Discard, StandPat) for r in hand.history
    )


def able_to_bet(hand: Hand) -> int:
    """The players who can still bet: not folded, not all-in (rule 17 counts them)."""
    return sum(
        1 for seat in range(hand.num_seats) if not hand.folded[seat] and hand.stacks[seat] > 0
    )


def _bets_in_round(hand: Hand) -> int:
    """Full bets and raises in this round, the big blind counted as the first round's bet."""
    full = sum(1 for r in round_records(hand) if type(r) is Bet or (type(r) is Raise and r.full))
    return full + blind_is_the_bet(hand)


def capped_with_the_blind(hand: Hand) -> bool:
    """Rules 17 and 18: a first round capped by the big blind (the bet) and the full raises
    the cap allows."""
    cap = hand.spec.rules.limit_raise_cap
    return blind_is_the_bet(hand) and _bets_in_round(hand) == cap + 1


def uncapped_by_rule_17(hand: Hand) -> bool:
    """Rule 17: the round already has a bet and the cap's raises, and fewer than three
    players are able to bet (so the cap is lifted)."""
    return _bets_in_round(hand) > hand.spec.rules.limit_raise_cap and able_to_bet(hand) < 3


def incomplete_raise_in_round(hand: Hand) -> bool:
    """An all-in raise short of a full raise came in this round (rules 13, 18)."""
    return any(type(r) is Raise and not r.full for r in round_records(hand))


def short_all_in_in_round(hand: Hand) -> bool:
    """Rule 18: an all-in bet or raise short of a full one came in this round (by less than
    the round's bet over the level before it)."""
    if hand.spec.betting != "fixed-limit":
        return False
    size = hand.spec.bet_size(hand.street)
    level = hand.spec.big_blind if blind_is_the_bet(hand) else 0
    for record in round_records(hand):
        if type(record) is BringIn:
            level = record.amount
        elif type(record) in (Bet, Raise):
            if record.all_in and 0 < record.to - level < size:
                return True
            level = max(level, record.to)
    return False


def limit_fault(hand: Hand, ours: Range, theirs: Range) -> tuple[str, Range] | None:
    """Whether raise ranges ``ours`` (pokerforge's) and ``theirs`` (pokerkit's), which
    differ, differ by a fault of :data:`LIMIT_FAULTS`: its name and the range both engines
    allow (to play on with), or ``None``."""
    if ours[0] is None and capped_with_the_blind(hand):
        return "blind-not-the-bet", ours
    if theirs[0] is None and uncapped_by_rule_17(hand):
        return "heads-up-capped", (None, None)
    if theirs[0] is None and incomplete_raise_in_round(hand):
        return "incomplete-all-in-counted", (None, None)
    if short_all_in_in_round(hand):
        return "short-all-in-raise", (None, None)
    return None
