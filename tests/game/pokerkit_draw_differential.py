"""Random draw hands played side by side by pokerforge and pokerkit: no-limit deuce-to-seven
single draw, fixed-limit deuce-to-seven triple draw and fixed-limit badugi (the draw games
pokerkit plays).

Both engines get the same cards and play the same actions: pokerforge deals the hands and
every replacement (from its stub, reshuffled as rule 50 says when it runs out), and
pokerkit is dealt the same cards. Before each action they must agree on the seat to act
(to bet, or to draw), on the amount to call and on the raise range (or none); at the end
on every stack. The actions and the discards are drawn at random.

Where pokerkit breaks a rule the comparison checks pokerforge against the rule instead and
counts the spot as a known pokerkit fault (:data:`KNOWN_FAULTS`).

Used by ``tests/game/test_pokerkit_draw_differential.py``.
"""

from __future__ import annotations

import random
import warnings
from dataclasses import dataclass
from typing import Any

from pokerkit_differential import KNOWN_FAULTS as BOARD_FAULTS
from pokerkit_differential import (
    Outcome,
    odd_chips_only,
    pokerkit_raise_range,
    why_no_raise,
)
from pokerkit_limits import LIMIT_FAULTS, limit_fault

from pokerforge.cards import Card
from pokerforge.game import GameSpec, Hand
from pokerforge.game.actions import DealHole

VARIANTS = ("2-7-single-draw", "2-7-triple-draw", "badugi")

KNOWN_FAULTS = {
    **LIMIT_FAULTS,
    **{
        name: BOARD_FAULTS[name]
        for name in ("reraise-after-incomplete-all-in", "covered-player-asked", "odd-chips")
    },
}
"""Known pokerkit faults: name -> what pokerkit does wrong."""


@dataclass(frozen=True)
class Deal:
    """One random hand's setting: blinds, and the bets (fixed-limit: small, big)."""

    variant: str
    blinds: tuple[int, int]
    stacks: tuple[int, ...]
    button: int
    seed: int

    @staticmethod
    def draw(rng: random.Random, seed: int, variant: str | None = None) -> Deal:
        """A random setting: 2-6 players, mixed stacks, some short, none short of a big
        blind (pokerkit makes the call of a short big blind the chips posted, where rule 7
        keeps the full big blind: example C tests that)."""
        n = rng.randint(2, 6)
        small = rng.choice((1, 2, 5))
        big = 2 * small
        stacks = tuple(
            rng.randint(big, 8 * big) if rng.random() < 0.3 else rng.randint(20 * big, 150 * big)
            for _ in range(n)
        )
        return Deal(variant or rng.choice(VARIANTS), (small, big), stacks, rng.randrange(n), seed)

    def spec(self) -> GameSpec:
        """The game: single draw no-limit, triple draw and badugi fixed-limit, the big
        blind the small bet."""
        if self.variant == "2-7-single-draw":
            return GameSpec(variant="2-7-single-draw", blinds=self.blinds)
        big = self.blinds[1]
        return GameSpec(
            variant=self.variant,  # type: ignore[arg-type]
            betting="fixed-limit",
            blinds=self.blinds,
            small_bet=big,
            big_bet=2 * big,
        )


def _pokerkit_state(deal: Deal, stacks: tuple[int, ...]) -> Any:
    from pokerkit import (  # noqa: PLC0415 - pokerkit is imported only where installed
        Automation,
        FixedLimitBadugi,
        FixedLimitDeuceToSevenLowballTripleDraw,
        NoLimitDeuceToSevenLowballSingleDraw,
    )

    automations = (
        Automation.ANTE_POSTING,
        Automation.BET_COLLECTION,
        Automation.BLIND_OR_STRADDLE_POSTING,
        Automation.CARD_BURNING,
        Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
        Automation.HAND_KILLING,
        Automation.CHIPS_PUSHING,
        Automation.CHIPS_PULLING,
    )
    big = deal.blinds[1]
    if deal.variant == "2-7-single-draw":
        return NoLimitDeuceToSevenLowballSingleDraw.create_state(
            automations, True, 0, deal.blinds, big, stacks, len(stacks)
        )
    game: Any = (
        FixedLimitBadugi if deal.variant == "badugi" else FixedLimitDeuceToSevenLowballTripleDraw
    )
    return game.create_state(automations, True, 0, deal.blinds, big, 2 * big, stacks, len(stacks))


def play(deal: Deal, hand_class: type[Hand] = Hand) -> Outcome:
    """Play one hand in both engines; the differences found."""
    n = len(deal.stacks)
    hand = hand_class(deal.spec(), stacks=deal.stacks, button=deal.button, seed=deal.seed)
    # pokerkit numbers players from the small blind (heads-up: from the big blind), so its
    # player i is our seat button + 1 + i.
    seat_of = [(deal.button + 1 + i) % n for i in range(n)]
    state = _pokerkit_state(deal, tuple(deal.stacks[s] for s in seat_of))
    with warnings.catch_warnings():
        # pokerkit warns when a card it did not expect is dealt: the cards are ours.
        warnings.simplefilter("ignore", UserWarning)
        return _play(deal, hand, state, seat_of)


def _text(cards: tuple[int, ...]) -> str:
    return "".join(str(Card.from_index(c)) for c in cards)


def _play(deal: Deal, hand: Hand, state: Any, seat_of: list[int]) -> Outcome:
    out = Outcome(hands=1)
    rng = random.Random(deal.seed)
    where = f"{deal}"
    # Each seat's cards still to deal to pokerkit: the hand first, then each draw's.
    to_deal: dict[int, list[tuple[int, ...]]] = {s: [] for s in range(len(seat_of))}
    read = 0

    def sync_cards() -> None:
        nonlocal read
        history = hand.history
        for record in history[read:]:
            if type(record) is DealHole:
                to_deal[record.seat].append(record.indices)
        read = len(history)
        while state.can_deal_hole():
            seat = seat_of[state.hole_dealee_index]
            state.deal_hole(_text(to_deal[seat].pop(0)))

    def skip_covered() -> None:
        """pokerkit asks a covering player to check (a known fault) where pokerforge has
        moved on: checked against rule 14 (everybody else still in is all-in)."""
        while hand.state.actor < 0 and state.actor_index is not None:
            seat = seat_of[state.actor_index]
            others = [s for s in range(len(seat_of)) if s != seat and not hand.folded[s]]
            if state.checking_or_calling_amount or any(hand.stacks[s] for s in others):
                return
            out.faults["covered-player-asked"] += 1
            state.check_or_call()
            sync_cards()

    sync_cards()
    while not hand.is_over:
        out.steps += 1
        skip_covered()
        drawing = hand.state.drawing
        if drawing >= 0:
            index = state.stand_patter_or_discarder_index
            theirs = None if index is None else seat_of[index]
            if theirs != drawing:
                out.differences.append(f"{where}: seat to draw {drawing}, pokerkit {theirs}")
                return out
            hole = list(hand.state.holes[drawing])
            out_cards = rng.sample(hole, rng.randint(0, len(hole)))
            if out_cards:
                hand.discard(out_cards)
            else:
                hand.stand_pat()
            state.stand_pat_or_discard(_text(tuple(out_cards)))
            sync_cards()
            continue
        legal = hand.legal_actions()
        pk_actor = state.actor_index
        actor = None if pk_actor is None else seat_of[pk_actor]
        if actor != hand.actor:
            out.differences.append(f"{where}: seat to act {hand.actor}, pokerkit {actor}")
            return out
        pk_call = state.checking_or_calling_amount if state.can_check_or_call() else 0
        if legal.call != pk_call:
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
            elif ours[0] is None and "(rule 13)" in why_no_raise(hand):
                # pokerkit fault: see KNOWN_FAULTS; our answer is checked against rule 13.
                out.faults["reraise-after-incomplete-all-in"] += 1
            else:
                out.differences.append(
                    f"{where}: raise range {ours}, pokerkit {pk_raise} ({hand.history})"
                )
                return out
        choices = ["call", "call"]
        if legal.fold and legal.call:
            choices.append("fold")
        if ours[0] is not None and ours[1] is not None:
            choices += ["raise", "raise"]
        pick = rng.choice(choices)
        if pick == "fold":
            hand.fold()
            state.fold()
        elif pick == "call":
            hand.check_or_call()
            state.check_or_call()
        else:
            assert ours[0] is not None and ours[1] is not None
            total = rng.choice((ours[0], ours[1], (ours[0] + ours[1]) // 2))
            hand.raise_to(total)
            state.complete_bet_or_raise_to(total)
        sync_cards()
    sync_cards()
    skip_covered()
    if state.status:
        out.differences.append(f"{where}: hand over, pokerkit still running ({hand.history})")
        return out
    pk_stacks = tuple(state.stacks[seat_of.index(s)] for s in range(len(seat_of)))
    if pk_stacks != hand.stacks and odd_chips_only(hand, pk_stacks):
        # pokerkit fault: see KNOWN_FAULTS; our split is checked against rule 26.
        out.faults["odd-chips"] += 1
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
