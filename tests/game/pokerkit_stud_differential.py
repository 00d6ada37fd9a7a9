"""Random stud, stud hi-lo and razz hands played side by side by pokerforge and pokerkit.

Both engines get the same cards and play the same actions. Before each action they must
agree on the seat to act, on whether it is the bring-in's turn and its amount, on the
amount to call and on the one completion, bet or raise amount allowed (or none); at the
end on every stack. The actions are drawn at random among those both allow.

pokerforge plays with ``stud_open_pair_double_bet=False`` here: pokerkit has no big-bet
option for an open pair on fourth street (rule 39). Hands have two to six players, so
the deck never runs short (rule 41: with seven or eight players pokerkit reshuffles its
burn cards where pokerforge turns a common card).

Where pokerkit breaks a rule the comparison checks pokerforge against the rule instead
and counts the spot as a known pokerkit fault (:data:`KNOWN_FAULTS`).

Used by ``tests/game/test_pokerkit_stud_differential.py``.
"""

from __future__ import annotations

import random
import warnings
from dataclasses import dataclass
from typing import Any

from pokerkit_differential import (  # what one or many compared hands found, and helpers
    KNOWN_FAULTS as BOARD_FAULTS,
)
from pokerkit_differential import (
    Outcome,
    pokerkit_raise_range,
    side_pot_without_low,
    why_no_raise,
)
from pokerkit_limits import LIMIT_FAULTS, limit_fault, round_records

from pokerforge.cards import Card, Deck
from pokerforge.game import GameSpec, Hand, RuleProfile
from pokerforge.game.actions import (
    Award,
    Bet,
    BringIn,
    Raise,
    Show,
)
from pokerforge.game.stud import odd_chip_order

VARIANTS = ("stud", "stud-hilo", "razz")

KNOWN_FAULTS = {
    "side-pot-without-low": BOARD_FAULTS["side-pot-without-low"],
    **{
        name: LIMIT_FAULTS[name]
        for name in ("heads-up-capped", "incomplete-all-in-counted", "short-all-in-raise")
    },
    "pointless-completion": (
        "pokerkit offers to complete the bring-in when no other player has the chips to "
        "call it; rule 14 offers no raise nobody could call"
    ),
    "short-bring-in": (
        "pokerkit makes the call of a bring-in posted all-in for less the chips posted; "
        "rule 37 keeps the full bring-in to call, as rule 7 does for a short blind (the "
        "hands part there)"
    ),
    "odd-chips": (
        "pokerkit gives a split pot's odd chips by its own order of players; rule 42 gives "
        "them to the highest card by suit (the lowest in razz and in a low half)"
    ),
}
"""Known pokerkit faults: name -> what pokerkit does wrong."""

_NO_OPEN_PAIR = RuleProfile(stud_open_pair_double_bet=False)


@dataclass(frozen=True)
class Deal:
    """One random hand's setting: the bets are ante, bring-in, small bet, big bet."""

    variant: str
    bets: tuple[int, int, int, int]
    stacks: tuple[int, ...]
    button: int
    seed: int

    @staticmethod
    def draw(rng: random.Random, seed: int, variant: str | None = None) -> Deal:
        """A random setting: 2-6 players, mixed stacks, some short of a bet."""
        n = rng.randint(2, 6)
        small = rng.choice((2, 4, 10))
        bets = (rng.choice((0, 1, small // 2)), small // 2, small, 2 * small)
        stacks = tuple(
            rng.randint(1, 6 * small) if rng.random() < 0.3 else rng.randint(20 * small, 80 * small)
            for _ in range(n)
        )
        return Deal(variant or rng.choice(VARIANTS), bets, stacks, rng.randrange(n), seed)


def _pokerkit_state(deal: Deal, stacks: tuple[int, ...]) -> Any:
    from pokerkit import (  # noqa: PLC0415 - pokerkit is imported only where installed
        Automation,
        FixedLimitRazz,
        FixedLimitSevenCardStud,
        FixedLimitSevenCardStudHighLowSplitEightOrBetter,
    )

    games: dict[str, Any] = {
        "stud": FixedLimitSevenCardStud,
        "stud-hilo": FixedLimitSevenCardStudHighLowSplitEightOrBetter,
        "razz": FixedLimitRazz,
    }
    automations = (
        Automation.ANTE_POSTING,
        Automation.BET_COLLECTION,
        Automation.CARD_BURNING,
        Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
        Automation.HAND_KILLING,
        Automation.CHIPS_PUSHING,
        Automation.CHIPS_PULLING,
    )
    ante, bring_in, small, big = deal.bets
    return games[deal.variant].create_state(
        automations, True, ante, bring_in, small, big, stacks, len(stacks)
    )


def odd_chips_by_rule_42(hand: Hand, theirs: tuple[int, ...]) -> bool:
    """Whether stacks ``theirs`` differ from the hand's only in odd chips of split pots,
    and ours follow rule 42: in each split, shares that differ by one chip at most, the
    larger ones to the seats first by the highest card (the lowest in a low split)."""
    ours = hand.stacks
    if sum(theirs) != sum(ours):
        return False
    cards = {r.seat: r.indices + hand.board_indices for r in hand.history if type(r) is Show}
    low_game = hand.spec.variant == "razz"
    shares: dict[tuple[int, str], list[tuple[int, int]]] = {}
    for record in hand.history:
        if type(record) is Award:
            shares.setdefault((record.pot, record.half), []).append((record.seat, record.amount))
    splitters: set[int] = set()
    splits = 0
    for pot in {p for p, _ in shares}:  # a hi-lo split: the high half has the odd chip
        high, low = shares.get((pot, "high"), []), shares.get((pot, "low"), [])
        if high and low:
            splits += 1
            splitters.update(seat for seat, _ in high + low)
            if sum(a for _, a in high) < sum(a for _, a in low):
                return False
    for (_, half), winners in shares.items():
        if len(winners) < 2:
            continue
        splits += 1
        splitters.update(seat for seat, _ in winners)
        order = odd_chip_order({s: cards[s] for s, _ in winners}, low=low_game or half == "low")
        amounts = [dict(winners)[s] for s in order]
        if max(amounts) - min(amounts) > 1 or amounts != sorted(amounts, reverse=True):
            return False
    differing = {s for s in range(hand.num_seats) if theirs[s] != ours[s]}
    return bool(splits) and differing <= splitters


def play(deal: Deal, hand_class: type[Hand] = Hand) -> Outcome:
    """Play one hand in both engines; the differences found."""
    n = len(deal.stacks)
    ante, bring_in, small, big = deal.bets
    spec = GameSpec(
        variant=deal.variant,  # type: ignore[arg-type]
        betting="fixed-limit",
        ante=ante,
        bring_in=bring_in,
        small_bet=small,
        big_bet=big,
        rules=_NO_OPEN_PAIR,
    )
    deck = [c.index for c in Deck(seed=deal.seed).deal(7 * n)]
    # Each seat's seven cards in the order dealt: down, down, up, up, up, up, down.
    sevens = [deck[7 * s : 7 * s + 7] for s in range(n)]
    down = [[c[0], c[1], c[6]] for c in sevens]
    up = [c[2:6] for c in sevens]
    hand = hand_class(spec, stacks=deal.stacks, button=deal.button, hole_cards=down,
                      up_cards=up)  # fmt: skip
    # pokerkit deals from its player 0, our seat left of the dealer (the button).
    seat_of = [(deal.button + 1 + i) % n for i in range(n)]
    state = _pokerkit_state(deal, tuple(deal.stacks[s] for s in seat_of))
    with warnings.catch_warnings():
        # pokerkit warns when a card it did not expect is dealt: the cards are ours.
        warnings.simplefilter("ignore", UserWarning)
        return _play(deal, hand, state, seat_of, sevens)


def _play(
    deal: Deal, hand: Hand, state: Any, seat_of: list[int], sevens: list[list[int]]
) -> Outcome:
    out = Outcome(hands=1)
    rng = random.Random(deal.seed)
    dealt = [0] * len(seat_of)
    where = f"{deal}"

    def sync_cards() -> None:
        while state.can_deal_hole():
            seat = seat_of[state.hole_dealee_index]
            state.deal_hole(str(Card.from_index(sevens[seat][dealt[seat]])))
            dealt[seat] += 1

    sync_cards()
    while not hand.is_over:
        out.steps += 1
        legal = hand.legal_actions()
        pk_actor = state.actor_index
        actor = None if pk_actor is None else seat_of[pk_actor]
        if actor != hand.actor:
            out.differences.append(f"{where}: seat to act {hand.actor}, pokerkit {actor}")
            return out
        bringing_in = hand.can_bring_in()
        if bringing_in != state.can_post_bring_in():
            out.differences.append(f"{where}: bring-in turn {bringing_in} ({hand.history})")
            return out
        pk_call = state.effective_bring_in_amount if bringing_in else (
            state.checking_or_calling_amount if state.can_check_or_call() else 0
        )  # fmt: skip
        if legal.call != pk_call:
            if any(type(r) is BringIn and r.all_in for r in hand.history) and all(
                type(r) not in (Bet, Raise) for r in round_records(hand)
            ):
                # pokerkit fault: see KNOWN_FAULTS; the engines part here.
                out.faults["short-bring-in"] += 1
                return out
            out.differences.append(f"{where}: call {legal.call}, pokerkit {pk_call}")
            return out
        pk_raise = pokerkit_raise_range(state)
        ours = (legal.min_raise_to, legal.max_raise_to)
        if ours != pk_raise:
            fault = limit_fault(hand, ours, pk_raise)
            if fault is not None:
                # pokerkit fault: see LIMIT_FAULTS; our answer is checked against the rule.
                out.faults[fault[0]] += 1
                ours = fault[1]  # play on with what both allow
            elif ours[0] is None and "(rule 14)" in why_no_raise(hand):
                # pokerkit fault: see KNOWN_FAULTS; our answer is checked against rule 14.
                out.faults["pointless-completion"] += 1
            elif bringing_in and ours == (None, None) and pk_raise == (legal.call, legal.call):
                pass  # pokerkit calls the short all-in bring-in a completion: the same chips
            else:
                out.differences.append(
                    f"{where}: raise range {ours}, pokerkit {pk_raise} ({hand.history})"
                )
                return out
        choices = ["call"]
        if legal.fold and legal.call:
            choices.append("fold")
        if ours[0] is not None:
            choices += ["raise", "raise"]
        pick = rng.choice(choices)
        if pick == "fold":
            hand.fold()
            state.fold()
        elif pick == "call" and bringing_in:
            hand.bring_in()
            state.post_bring_in()
        elif pick == "call":
            hand.check_or_call()
            state.check_or_call()
        else:
            assert ours[0] is not None
            hand.raise_to(ours[0])
            state.complete_bet_or_raise_to(ours[0])
        sync_cards()
    sync_cards()
    if state.status:
        out.differences.append(f"{where}: hand over, pokerkit still running ({hand.history})")
        return out
    pk_stacks = tuple(state.stacks[seat_of.index(s)] for s in range(len(seat_of)))
    if pk_stacks != hand.stacks and odd_chips_by_rule_42(hand, pk_stacks):
        # pokerkit fault: see KNOWN_FAULTS; our split is checked against rule 42.
        out.faults["odd-chips"] += 1
    elif pk_stacks != hand.stacks and side_pot_without_low(hand, pk_stacks):
        # pokerkit fault: see KNOWN_FAULTS; the pot goes whole to the high (rule 25).
        out.faults["side-pot-without-low"] += 1
    elif pk_stacks != hand.stacks:
        out.differences.append(
            f"{where}: stacks {hand.stacks}, pokerkit {pk_stacks} ({hand.history})"
        )
    return out


def run(hands: int, seed: int, game: str | None = None) -> Outcome:
    """Compare ``hands`` random hands drawn from ``seed``, of ``game`` (one of
    :data:`VARIANTS`; ``None``: all of them mixed)."""
    rng = random.Random(seed)
    total = Outcome()
    for i in range(hands):
        total.add(play(Deal.draw(rng, seed * 1_000_003 + i, game)))
    return total
