"""Asked showdowns: players show or muck in showdown order (rule 22, showdown="ask")."""

from __future__ import annotations

import pytest
from game_helpers import check_around, limp_preflop

from pokerforge.errors import IllegalActionError
from pokerforge.game import GameSpec, Hand, Muck, RuleProfile, Show, Street
from pokerforge.game.history import loads_phh, to_phh

ASK = GameSpec(blinds=(1, 2), rules=RuleProfile(showdown="ask"))
BOARD = "Qs8c4h3d9s"


def _checked_down(spec: GameSpec, holes: list[str], stacks: list[int] | None = None) -> Hand:
    n = len(holes)
    hand = Hand(spec, stacks=stacks or [100] * n, button=0, hole_cards=holes, board=BOARD)
    limp_preflop(hand)
    for _ in range(3):
        check_around(hand)
    return hand


def test_beaten_hand_may_muck_and_wins_nothing() -> None:
    # Button 0; nobody bet on the river, so seat 1 (left of the button) shows first.
    hand = _checked_down(ASK, ["AhAd", "KhKd", "7c2d"])
    assert not hand.is_over and hand.street == Street.SHOWDOWN and hand.actor == 1
    assert hand.legal_actions().call == 0 and not hand.legal_actions().check
    assert hand.can_show() and not hand.can_muck()  # nothing shown yet: seat 1 must show
    with pytest.raises(IllegalActionError, match="rule 22"):
        hand.muck()
    shown = hand.show()
    assert shown == Show(1, hand.history[1].indices, shown.rank, None)
    assert shown.description == "Pair of kings"
    assert hand.actor == 2 and hand.can_muck() and hand.can_show()
    assert hand.muck() == Muck(2)
    assert hand.actor == 0 and not hand.can_muck()  # aces beat kings: must show
    hand.show()
    assert hand.is_over and hand.actor is None
    assert hand.payouts == (6, 0, 0) and hand.stacks == (104, 98, 98)


def test_a_loser_may_also_show() -> None:
    hand = _checked_down(ASK, ["AhAd", "KhKd", "7c2d"])
    hand.show()
    hand.show()  # seat 2 shows its beaten hand
    hand.show()
    assert [type(r).__name__ for r in hand.history[-4:-1]] == ["Show", "Show", "Show"]
    assert hand.payouts == (6, 0, 0)


def test_automatic_mode_is_the_default() -> None:
    hand = _checked_down(GameSpec(blinds=(1, 2)), ["AhAd", "KhKd", "7c2d"])
    assert hand.is_over and Muck(2) in hand.history


def test_betting_actions_and_wrong_seats_are_refused_and_change_nothing() -> None:
    hand = _checked_down(ASK, ["AhAd", "KhKd", "7c2d"])
    before = hand.history
    for action in (hand.fold, hand.check, hand.call):
        with pytest.raises(IllegalActionError, match="rule 22"):
            action()
    with pytest.raises(IllegalActionError, match="rule 22"):
        hand.raise_to(10)
    with pytest.raises(IllegalActionError, match="seat 1's turn"):
        hand.show(seat=2)
    assert not hand.can_show(seat=0)
    assert hand.history == before and hand.actor == 1


def test_show_is_refused_outside_an_asked_showdown() -> None:
    hand = Hand(ASK, stacks=[100, 100], seed=1)
    assert not hand.can_show() and not hand.can_muck()
    with pytest.raises(IllegalActionError, match="rule 22"):
        hand.show()


def test_all_in_hands_are_turned_up_without_asking() -> None:
    hand = Hand(ASK, stacks=[100, 100], button=0, hole_cards=["AhAd", "KhKd"], board=BOARD)
    hand.raise_to(100)
    hand.call()
    assert hand.is_over and sum(isinstance(r, Show) for r in hand.history) == 2


def test_a_hand_playing_for_a_side_pot_may_not_muck() -> None:
    # Seat 1 is all-in for 20; seats 2 and 0 build a side pot on the flop. Seat 1's aces
    # beat seat 2's kings in the main pot, but seat 2 still plays seat 0 for the side pot.
    # (With all_in_face_up every hand would be turned up without asking: TR 70.)
    spec = GameSpec(blinds=(1, 2), rules=RuleProfile(showdown="ask", all_in_face_up=False))
    hand = Hand(spec, stacks=[100, 20, 100], button=0,
                hole_cards=["7c2d", "AhAd", "KhKd"], board=BOARD)  # fmt: skip
    hand.call()  # seat 0
    hand.raise_to(20)  # seat 1, all-in
    hand.call()  # seat 2
    hand.call()  # seat 0
    hand.raise_to(10)  # seat 2 bets the flop
    hand.call()  # seat 0
    check_around(hand)
    check_around(hand)
    assert hand.pots[1].amount == 20 and hand.actor == 1  # nobody bet the river
    hand.show()
    assert hand.actor == 2 and not hand.can_muck()  # the side pot is still open
    hand.show()
    assert hand.actor == 0 and hand.can_muck()
    hand.muck()
    assert hand.payouts == (0, 60, 20) and hand.stacks == (70, 60, 90)


def test_copy_during_an_asked_showdown_is_independent() -> None:
    hand = _checked_down(ASK, ["AhAd", "KhKd", "7c2d"])
    hand.show()
    twin = hand.copy()
    twin.muck()
    assert hand.actor == 2 and twin.actor == 0


def test_phh_round_trip_replays_the_choices() -> None:
    hand = _checked_down(ASK, ["AhAd", "KhKd", "7c2d"])
    hand.show()
    hand.muck()
    hand.show()
    text = to_phh(hand)
    assert '_showdown = "ask"' in text and '"p2 sm",' in text
    again = loads_phh(text)
    assert again.is_over and again.stacks == hand.stacks
    assert [r for r in again.history if isinstance(r, Show | Muck)] == [
        r for r in hand.history if isinstance(r, Show | Muck)
    ]
