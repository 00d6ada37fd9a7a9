"""A view's history is made in constant time and reads as the tuple it stands for: the
records up to the view's moment, hidden where the seat cannot see them (issue 49: a hand
loop's cost grows with the hand, not with its square)."""

from __future__ import annotations

import copy
import pickle

from pokerforge.game import DealHole, Discard, GameSpec, Hand, Show

DRAW = GameSpec(variant="2-7-triple-draw", betting="fixed-limit", small_bet=2, big_bet=4)


def _hidden(hand: Hand, seat: int) -> tuple[object, ...]:
    """What the history of ``seat``'s view holds, built the plain way."""
    shown = {r.seat for r in hand.history if isinstance(r, Show)}
    seen = {seat} if hand.spec.is_draw else shown | {seat}
    return tuple(
        DealHole(r.seat, ()) if isinstance(r, DealHole) and r.seat not in seen
        else Discard(r.seat, r.number, ()) if isinstance(r, Discard) and r.seat != seat
        else r
        for r in hand.history
    )  # fmt: skip


def test_a_view_keeps_its_moment_and_reads_as_a_tuple() -> None:
    hand = Hand(GameSpec(blinds=(1, 2)), stacks=[100, 100, 100], seed=4)
    early = hand.view(2)
    want = _hidden(hand, 2)
    hand.call()
    hand.call()
    hand.check()
    assert len(early.history) == len(want) < len(hand.history)
    assert early.history == want and want == tuple(early.history)
    assert early.history[-1] == want[-1] and early.history[:2] == want[:2]
    assert hash(early.history) == hash(want)
    assert pickle.loads(pickle.dumps(early)).history == want
    assert copy.deepcopy(early) == early
    assert hand.view(2).history == _hidden(hand, 2)


def test_shown_hands_and_discards_are_seen_as_the_rules_say() -> None:
    hand = Hand(GameSpec(blinds=(1, 2)), stacks=[50, 50], seed=9)
    while not hand.is_over:
        hand.check_or_call()
    assert any(isinstance(r, Show) for r in hand.history)
    for seat in (0, 1):  # the hands shown at the showdown are seen by both
        assert hand.view(seat).history == _hidden(hand, seat)
    draw = Hand(DRAW, stacks=[50, 50], seed=2)
    draw.call()
    draw.check()
    draw.discard(draw.state.holes[draw.actor][:2])  # type: ignore[index]
    for seat in (0, 1):  # the cards thrown are the thrower's own; the count is public
        assert draw.view(seat).history == _hidden(draw, seat)
