"""Dealer errors (docs/rules.md section 6): exact deck states after each procedure.

Three players, button 0, seed 9: the deal goes to seats 1, 2, 0, 1, 2, 0 (stub positions
0-5); then normally burn 6, flop 7-9, burn 10, turn 11, burn 12, river 13.
"""

from __future__ import annotations

import pytest
from game_helpers import check_around, limp_preflop

from pokerforge import Card, Deck
from pokerforge.errors import IllegalActionError, InvalidSpecError
from pokerforge.game import TDA_2024, DealBoard, GameSpec, Street, Table
from pokerforge.game.dealer import Dealer

SPEC = GameSpec(blinds=(1, 2))
STUB = Deck(seed=9).undealt


def _dealer(spec: GameSpec = SPEC) -> Dealer:
    return Dealer(spec, stacks=[100, 100, 100], seed=9)


def test_normal_deal_follows_the_stub() -> None:
    dealer = _dealer()
    hand = dealer.start_hand()
    assert hand.hole_cards[1] == (STUB[0], STUB[3]) and hand.hole_cards[0] == (STUB[2], STUB[5])
    limp_preflop(hand)
    assert hand.board == tuple(STUB[7:10]) and dealer.burns == (STUB[6],)
    assert dealer.stub == tuple(STUB[10:])
    check_around(hand)
    check_around(hand)
    assert hand.board[3:] == (STUB[11], STUB[13])
    assert dealer.burns == (STUB[6], STUB[10], STUB[12])


def test_first_card_exposed_is_a_misdeal() -> None:  # rule 31
    dealer = _dealer()
    done = dealer.expose_hole_card(0)
    assert (done.kind, done.rule, done.cards) == ("misdeal", 31, (STUB[0],))
    assert dealer.misdeals == 1 and sorted(done.reshuffled) == sorted(STUB)
    assert dealer.stub == done.reshuffled
    new = done.reshuffled
    hand = dealer.start_hand()
    assert hand.button == 0  # the button does not move
    assert hand.hole_cards[1] == (new[0], new[3]) and hand.hole_cards[0] == (new[2], new[5])


def test_another_exposed_card_is_replaced_and_becomes_the_first_burn() -> None:  # rule 32
    dealer = _dealer()
    done = dealer.expose_hole_card(4)  # seat 2's second card
    assert (done.kind, done.rule, done.cards) == ("replace", 32, (STUB[4],))
    hand = dealer.start_hand()
    assert hand.hole_cards[2] == (STUB[1], STUB[6])  # the next card after the deal
    assert hand.hole_cards[0] == (STUB[2], STUB[5])
    limp_preflop(hand)
    assert dealer.burns == (STUB[4],) and hand.board == tuple(STUB[7:10])
    check_around(hand)
    check_around(hand)
    assert dealer.burns == (STUB[4], STUB[10], STUB[12])
    assert hand.board[3:] == (STUB[11], STUB[13])


def test_two_exposed_cards_are_a_misdeal() -> None:  # rule 32
    dealer = _dealer()
    dealer.expose_hole_card(2)
    done = dealer.expose_hole_card(3)
    assert (done.kind, done.rule) == ("misdeal", 32) and dealer.misdeals == 1
    hand = dealer.start_hand()
    assert hand.hole_cards[1][0] == done.reshuffled[0]


def test_extra_card_goes_back_as_the_burn() -> None:  # rule 33
    dealer = _dealer()
    done = dealer.deal_extra_card(4)  # after four cards, one too many came off
    assert (done.kind, done.rule, done.cards) == ("extra-burn", 33, (STUB[4],))
    hand = dealer.start_hand()
    assert hand.hole_cards[2] == (STUB[1], STUB[5]) and hand.hole_cards[0] == (STUB[2], STUB[6])
    limp_preflop(hand)
    assert dealer.burns == (STUB[4],) and hand.board == tuple(STUB[7:10])


def test_second_extra_card_is_a_misdeal() -> None:  # rule 33
    dealer = _dealer()
    dealer.deal_extra_card(3)
    assert dealer.deal_extra_card(5).kind == "misdeal" and dealer.misdeals == 1
    with pytest.raises(IllegalActionError, match="rule 33"):
        dealer.deal_extra_card(1)  # before everyone has a first card


def _at_flop(spec: GameSpec = SPEC) -> tuple[Dealer, list[Card]]:
    dealer = _dealer(spec)
    hand = dealer.start_hand()
    limp_preflop(hand)
    assert hand.board == tuple(STUB[7:10])
    return dealer, list(STUB)


def test_flop_with_too_many_cards_is_redealt_it() -> None:  # rule 34, IT
    dealer, stub = _at_flop()
    hand = dealer.hand
    assert hand is not None
    done = dealer.flop_too_many_cards()
    assert (done.kind, done.cards) == ("redeal-flop", tuple(stub[7:11]))
    new = done.reshuffled
    assert sorted(new) == sorted(stub[7:])  # the four cards back into the stub
    assert hand.board == new[:3] and dealer.burns == (stub[6],)  # no new burn
    assert hand.history[-1] == DealBoard(Street.FLOP, tuple(c.index for c in new[:3]))
    check_around(hand)
    assert hand.board[3] == new[4] and dealer.burns == (stub[6], new[3])


def test_flop_with_too_many_cards_is_scrambled_wsop() -> None:  # rule 34, WSOP
    dealer, stub = _at_flop(GameSpec(blinds=(1, 2), rules=TDA_2024))
    hand = dealer.hand
    assert hand is not None
    done = dealer.flop_too_many_cards()
    four = done.reshuffled
    assert done.kind == "scramble-flop" and sorted(four) == sorted(stub[7:11])
    assert hand.board == four[1:]
    check_around(hand)
    assert dealer.burns == (stub[6], four[0])  # one of the four is the next burn
    assert hand.board[3] == stub[11]
    check_around(hand)
    assert hand.board[4] == stub[13] and dealer.burns[-1] == stub[12]


def test_flop_redeal_only_before_action_on_it() -> None:
    dealer, _ = _at_flop()
    assert dealer.hand is not None
    dealer.hand.check()
    with pytest.raises(IllegalActionError, match="before any action"):
        dealer.flop_too_many_cards()


def test_premature_flop() -> None:  # rule 34
    dealer = _dealer()
    hand = dealer.start_hand()
    hand.call()
    done = dealer.premature_flop()
    new = done.reshuffled
    assert done.cards == tuple(STUB[7:10]) and sorted(new) == sorted(STUB[7:])
    assert dealer.burns == (STUB[6],)  # the burn stays
    hand.call()
    hand.check()
    assert hand.board == new[:3] and dealer.burns == (STUB[6],)  # no burn for the new flop
    check_around(hand)
    assert hand.board[3] == new[4] and dealer.burns == (STUB[6], new[3])


def test_premature_turn() -> None:  # rule 35
    dealer, stub = _at_flop()
    hand = dealer.hand
    assert hand is not None
    hand.check()
    done = dealer.premature_turn()
    assert done.cards == (stub[11],)
    new = done.reshuffled
    # The stub is reshuffled with the set-aside card, not the burns.
    assert sorted(new) == sorted([stub[11], *stub[14:]])
    check_around(hand)
    assert hand.board[3] == stub[13]  # what would have been the river
    assert dealer.burns == (stub[6], stub[10], stub[12])
    check_around(hand)
    assert hand.board[4] == new[0] and len(dealer.burns) == 3  # river without a burn
    assert stub[10] not in new and stub[12] not in new


def test_premature_river() -> None:  # rule 35
    dealer, stub = _at_flop()
    hand = dealer.hand
    assert hand is not None
    check_around(hand)
    hand.check()
    done = dealer.premature_river()
    new = done.reshuffled
    assert done.cards == (stub[13],) and sorted(new) == sorted(stub[13:14] + stub[14:])
    assert dealer.burns == (stub[6], stub[10], stub[12])
    check_around(hand)
    assert hand.board[4] == new[0] and dealer.burns == (stub[6], stub[10], stub[12])
    check_around(hand)
    assert hand.is_over and sum(hand.stacks) == 300


def test_procedures_only_at_their_moment() -> None:
    dealer = _dealer()
    with pytest.raises(IllegalActionError, match="not started"):
        dealer.premature_flop()
    with pytest.raises(InvalidSpecError, match="position"):
        dealer.expose_hole_card(6)
    hand = dealer.start_hand()
    with pytest.raises(IllegalActionError, match="deal is over"):
        dealer.expose_hole_card(3)
    with pytest.raises(IllegalActionError, match="flop betting"):
        dealer.premature_turn()
    hand.fold()
    hand.fold()
    with pytest.raises(IllegalActionError, match="preflop betting"):
        dealer.premature_flop()


def test_table_misdeal_keeps_the_button() -> None:  # rule 31
    table = Table(SPEC, seats=4, seed=3)
    for seat in range(3):
        table.sit(seat, f"p{seat}", 100)
    dealer = table.deal()
    assert dealer.expose_hole_card(0).kind == "misdeal"
    hand = table.start_hand(dealer=dealer)
    assert table.button == 0 and hand.bets == (0, 1, 2)
    hand.fold()
    hand.fold()
    table.finish_hand()
    assert table.button == 1


def test_flop_with_two_extra_cards_is_redealt_in_both_profiles() -> None:  # rule 34
    for spec in (SPEC, GameSpec(blinds=(1, 2), rules=TDA_2024)):
        dealer, stub = _at_flop(spec)
        hand = dealer.hand
        assert hand is not None
        done = dealer.flop_too_many_cards(extra=2)
        assert (done.kind, done.cards) == ("redeal-flop", tuple(stub[7:12]))
        new = done.reshuffled
        assert sorted(new) == sorted(stub[7:])
        assert hand.board == new[:3] and dealer.burns == (stub[6],)  # the burn stays
    with pytest.raises(InvalidSpecError, match="extra"):
        _at_flop()[0].flop_too_many_cards(extra=0)


def test_boxed_card_is_set_aside_and_the_deal_goes_on() -> None:  # rule 34, RR
    dealer = _dealer()
    done = dealer.boxed_card(1)  # seat 2's first card is face up in the deck
    assert (done.kind, done.cards) == ("boxed-card", (STUB[1],)) and dealer.boxed == [STUB[1]]
    hand = dealer.start_hand()
    # Everything from position 1 on comes one card later.
    assert hand.hole_cards[1] == (STUB[0], STUB[4]) and hand.hole_cards[2] == (STUB[2], STUB[5])
    assert hand.hole_cards[0] == (STUB[3], STUB[6])
    limp_preflop(hand)
    assert dealer.burns == (STUB[7],) and hand.board == tuple(STUB[8:11])
    assert STUB[1] not in dealer.stub and STUB[1] not in hand.board
    with pytest.raises(IllegalActionError, match="the hand has started"):
        dealer.boxed_card(0)


def test_a_misdeal_shuffles_the_boxed_cards_back_in() -> None:  # rules 31, 34
    # A boxed card once stayed listed as out of play after the reshuffle had dealt it.
    dealer = _dealer()
    dealer.boxed_card(1)
    assert dealer.expose_hole_card(0).kind == "misdeal"
    assert dealer.boxed == []
    hand = dealer.start_hand()
    dealt = [c for seat in range(hand.num_seats) for c in hand.hole_cards[seat]]
    assert sorted(dealt + list(dealer.stub)) == sorted(Card.from_index(i) for i in range(52))


def test_a_table_too_big_for_the_deck_is_refused_as_a_hand_refuses_it() -> None:
    # Omaha with five or six hole cards at nine or ten seats once failed inside
    # start_hand (StopIteration, IndexError).
    for hole_cards, seats in ((5, 9), (6, 10)):
        spec = GameSpec(variant="omaha", hole_cards=hole_cards)
        with pytest.raises(InvalidSpecError, match=f"{seats} players with {hole_cards} hole"):
            Dealer(spec, stacks=[100] * seats, seed=1)


def test_missed_burn_restores_the_proper_order() -> None:  # rule 34, RR
    dealer, stub = _at_flop()
    hand = dealer.hand
    assert hand is not None
    board = hand.board
    done = dealer.missed_burn()
    assert (done.kind, done.cards) == ("missed-burn", (stub[6],))
    assert hand.board == board == tuple(stub[7:10]) and dealer.burns == (stub[6],)
    hand.check()
    with pytest.raises(IllegalActionError, match="before any action"):
        dealer.missed_burn()
    with pytest.raises(IllegalActionError, match="no board card"):
        _dealer_started().missed_burn()


def _dealer_started() -> Dealer:
    dealer = _dealer()
    dealer.start_hand()
    return dealer


def test_short_deck_is_dealt_and_reshuffled_from_its_36_cards() -> None:  # rules 31, 43
    spec = GameSpec(variant="short-deck", ante=1, button_blind=2)
    short = tuple(c for c in STUB if c.index >= 16)  # the seeded order without 2s to 5s
    dealer = Dealer(spec, stacks=[100, 100, 100], seed=9)
    assert dealer.stub == short
    done = dealer.expose_hole_card(0)
    assert done.kind == "misdeal" and sorted(done.reshuffled) == sorted(short)
    hand = dealer.start_hand()
    while not hand.is_over:
        hand.call() if hand.legal_actions().call else hand.check()
    dealt = [c for seat in range(3) for c in hand.hole_cards[seat]] + list(hand.board)
    assert all(c.index >= 16 for c in dealt + list(dealer.burns))
