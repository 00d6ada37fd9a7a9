"""Seven-card stud, stud hi-lo and razz in the game layer: rules 36-42 of docs/rules.md and
their worked examples (section 8), with exact chips."""

from __future__ import annotations

import copy
import pickle
import random
from dataclasses import replace

import pytest

from pokerforge import Card
from pokerforge.errors import CardCountError, IllegalActionError, InvalidSpecError
from pokerforge.game import (
    BringIn,
    DealBoard,
    DealHole,
    DealUp,
    Decision,
    GameSpec,
    Hand,
    HandState,
    LegalActions,
    Rake,
    RuleProfile,
    Show,
    Street,
    Table,
)
from pokerforge.game.dealer import Dealer
from pokerforge.games import game_name

STUD = GameSpec(variant="stud", betting="fixed-limit", ante=1, bring_in=2, small_bet=5,
                big_bet=10)  # fmt: skip
RAZZ = GameSpec(variant="razz", betting="fixed-limit", ante=1, bring_in=2, small_bet=5,
                big_bet=10)  # fmt: skip
STUD8 = GameSpec(variant="stud-hilo", betting="fixed-limit", ante=1, bring_in=2, small_bet=5,
                 big_bet=10)  # fmt: skip


def idx(text: str) -> int:
    return int(Card(text))


def check_down(hand: Hand) -> None:
    """Everybody checks (or calls) until the hand ends."""
    while not hand.is_over:
        hand.check_or_call()


# -- the spec ----------------------------------------------------------------------------


def test_the_names_and_aliases() -> None:
    for name in ("stud", "7-card-stud", "Seven_Card_Stud", "F7S", "stud-hi"):
        assert game_name(name) == "stud"
    for name in ("stud-hilo", "stud8", "F7S/8", "Stud-Hi-Lo"):
        assert game_name(name) == "stud-hilo"
    assert game_name("FR") == game_name(" razz ") == "razz"
    spec = GameSpec(variant="F7S/8", betting="fixed-limit", bring_in=1, small_bet=2, big_bet=4)
    assert spec.variant == "stud-hilo" and spec.is_stud and spec.hole_card_count == 7


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        ({"betting": "no-limit"}, "stud is played fixed-limit here: give betting=.fixed-limit."),
        ({"bring_in": None}, "stud needs a bring-in"),
        ({"bring_in": 0}, "the bring-in must be a whole number of chips above 0, not 0"),
        ({"bring_in": 6}, r"the bring-in \(6\) must not exceed the small bet \(5\)"),
        ({"bring_in": True}, "the bring-in"),
        ({"blinds": (1, 2)}, r"stud has no blinds .* not \(1, 2\)"),
        ({"ante_kind": "big-blind"}, "every player antes"),
        ({"chip_unit": 2, "small_bet": 6, "big_bet": 12, "bring_in": 3}, "multiple of the chip"),
        ({"hole_cards": 2}, "stud deals 7 cards"),
        ({"ante": -1}, "the ante"),
    ],
)
def test_bad_stud_specs_are_named(settings: dict[str, object], message: str) -> None:
    base: dict[str, object] = {"variant": "stud", "betting": "fixed-limit", "ante": 1,
                               "bring_in": 2, "small_bet": 5, "big_bet": 10}  # fmt: skip
    with pytest.raises(InvalidSpecError, match=message):
        GameSpec(**{**base, **settings})  # type: ignore[arg-type]


def test_a_bring_in_belongs_to_stud() -> None:
    with pytest.raises(InvalidSpecError, match="a bring-in is a stud game's forced bet"):
        GameSpec(bring_in=1)
    assert GameSpec().blinds == (1, 2)
    assert GameSpec(blinds=(1, 2)) == GameSpec()
    assert STUD.blinds == (0, 0)
    assert GameSpec(variant="stud", betting="fixed-limit", blinds=(0, 0), ante=1, bring_in=2,
                    small_bet=5, big_bet=10) == STUD  # fmt: skip


def test_the_dealer_procedures_are_the_board_games() -> None:
    with pytest.raises(InvalidSpecError, match=r"dealer-error procedures \(rules 31-35\)"):
        Dealer(STUD, stacks=[50, 50, 50])


def test_a_table_deals_stud_hands_round_the_dealer_button() -> None:
    table = Table(STUD, seats=3, seed=4)
    for seat in range(3):
        table.sit(seat, f"p{seat}", 100, wait_for_big_blind=False)
    buttons = []
    for _ in range(6):
        played = table.play_hand([lambda view, legal: Decision.check_or_call()] * 3)
        buttons.append(played.hand.button)
        assert played.hand.spec.is_stud and played.hand.is_over
    assert buttons == [0, 1, 2, 0, 1, 2]
    assert sum(table.chips(seat) for seat in range(3)) == 300


def test_bad_stud_hands_are_named() -> None:
    with pytest.raises(InvalidSpecError, match="at most 8 players, not 9"):
        Hand(STUD, stacks=[50] * 9)
    with pytest.raises(CardCountError, match="stud turns at most one common card, not 3"):
        Hand(STUD, stacks=[50, 50], board="AsKsQs")
    with pytest.raises(InvalidSpecError, match="up cards are dealt in stud, not in holdem"):
        Hand(GameSpec(), stacks=[50, 50], up_cards=["As", None])
    with pytest.raises(CardCountError, match="seat 0 is dealt at most 4 up cards, not 5"):
        Hand(STUD, stacks=[50, 50], up_cards=["AsKsQsJsTs", None])
    with pytest.raises(CardCountError, match="seat 1 is dealt at most 3 hole cards"):
        Hand(STUD, stacks=[50, 50], hole_cards=[None, "2c3c4c5c"])


# -- rule 36: the deal and the bets of each street ------------------------------------------


def test_the_deal_street_by_street() -> None:
    hand = Hand(STUD, stacks=[100, 100, 100], button=2, seed=7)
    state = hand.state
    assert [len(h) for h in state.holes] == [2, 2, 2]
    assert [len(u) for u in state.up] == [1, 1, 1]
    # Antes, then the up cards dealt from the dealer's left (seat 0).
    assert [type(r).__name__ for r in state.log[:6]] == ["PostAnte"] * 3 + ["DealUp"] * 3
    assert [r.seat for r in state.log[3:6]] == [0, 1, 2]
    cards: set[int] = set()
    streets = []
    while not hand.is_over:
        streets.append(hand.street)
        hand.check_or_call()
    assert streets[0] == Street.THIRD_STREET
    assert Street.SEVENTH_STREET in streets
    for seat in range(3):
        assert len(state.holes[seat]) == 3 and len(state.up[seat]) == 4
        cards |= set(state.holes[seat]) | set(state.up[seat])
    assert len(cards) == 21 and state.board == ()
    assert hand.street == Street.SHOWDOWN


def test_the_seed_fixes_every_card_and_replays_fix_them_too() -> None:
    one = Hand(STUD, stacks=[100, 100, 100], seed=11)
    two = Hand(STUD, stacks=[100, 100, 100], seed=11)
    check_down(one)
    check_down(two)
    assert one.history == two.history
    replay = Hand(STUD, stacks=[100, 100, 100], seed=99,
                  hole_cards=list(one.state.holes), up_cards=list(one.state.up))  # fmt: skip
    check_down(replay)
    assert replay.history == one.history
    fresh = Hand(STUD, stacks=[100, 100, 100], seed=11)
    assert fresh.deal_again(seed=5).history == Hand(STUD, stacks=[100] * 3, seed=5).history


def test_small_bets_on_third_and_fourth_street_big_bets_after() -> None:
    hand = Hand(STUD, stacks=[500, 500], up_cards=["9s2c3d4h", "Kh7c8d5s"], seed=3)
    hand.bring_in()  # seat 0 shows the 9
    hand.call()
    sizes = {}
    while not hand.is_over:
        legal = hand.legal_actions()
        if hand.street not in sizes and legal.min_raise_to is not None and legal.check:
            sizes[hand.street] = (legal.min_raise_to, legal.max_raise_to)
        hand.check_or_call()
    assert sizes == {
        Street.FOURTH_STREET: (5, 5),
        Street.FIFTH_STREET: (10, 10),
        Street.SIXTH_STREET: (10, 10),
        Street.SEVENTH_STREET: (10, 10),
    }


# -- rule 37: the bring-in -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("spec", "doors", "seat"),
    [
        (STUD, ["7h", "2d", "2c"], 2),  # the deuce of clubs
        (STUD, ["Ac", "Kd", "Kh"], 1),  # aces are high in stud
        (STUD8, ["Ac", "Kd", "Kh"], 1),  # and in stud hi-lo
        (RAZZ, ["Kc", "Ks", "5d"], 1),  # razz: the highest card, spades highest
        (RAZZ, ["Ac", "2d", "3h"], 2),  # razz: aces are low
    ],
)
def test_who_brings_it_in(spec: GameSpec, doors: list[str], seat: int) -> None:
    hand = Hand(spec, stacks=[100, 100, 100], up_cards=doors, seed=1)
    assert hand.actor == seat
    assert hand.legal_actions() == LegalActions(False, False, 2, 5, 5)
    assert hand.can_bring_in() and hand.can_complete()
    assert not hand.can_fold()
    with pytest.raises(IllegalActionError, match=r"must bring it in for 2 or complete \(rule 37\)"):
        hand.fold()
    with pytest.raises(IllegalActionError, match="cannot raise to 3"):
        hand.raise_to(3)
    assert hand.bring_in() == BringIn(seat, 2, False)
    assert not hand.can_bring_in()
    with pytest.raises(IllegalActionError, match=r"no bring-in is owed \(rule 37"):
        hand.bring_in()


def test_example_stud_1_bring_in_and_completion() -> None:
    """Section 8, example 1: stud 5/10, ante 1, bring-in 2."""
    hand = Hand(STUD, stacks=[100, 100, 100], up_cards=["7h", "2d", "2c"], seed=1)
    assert hand.stacks == (99, 99, 99) and hand.total_pot == 3
    assert hand.actor == 2
    hand.bring_in()  # seat 2: 2
    assert hand.legal_actions() == LegalActions(True, False, 2, 5, 5)
    hand.complete()  # seat 0: to 5, the bet
    hand.raise_to(10)  # seat 1
    hand.raise_to(15)  # seat 2
    hand.raise_to(20)  # seat 0: the bet and three raises, capped
    assert hand.legal_actions() == LegalActions(True, False, 10, None, None)
    with pytest.raises(IllegalActionError, match=r"capped on this street \(rule 17\)"):
        hand.raise_to(25)
    hand.call()  # seat 1
    hand.fold()  # seat 2
    assert hand.street == Street.FOURTH_STREET
    assert hand.stacks == (79, 79, 84) and hand.total_pot == 58


def test_example_stud_4_a_bring_in_of_a_whole_small_bet_is_the_bet() -> None:
    """Section 8, example 4: stud 4/8, ante 1, bring-in 4 (rules 17, 37, 38)."""
    spec = GameSpec(
        variant="stud", betting="fixed-limit", ante=1, bring_in=4, small_bet=4, big_bet=8
    )
    hand = Hand(spec, stacks=[100, 100, 100], up_cards=["7h", "2d", "2c"], seed=1)
    assert hand.actor == 2
    assert hand.legal_actions() == LegalActions(False, False, 4, None, None)
    assert not hand.can_complete() and not hand.can_raise_to(8)
    hand.bring_in()  # seat 2: 4, the bet
    assert hand.legal_actions() == LegalActions(True, False, 4, 8, 8)
    hand.raise_to(8)  # seat 0
    hand.raise_to(12)  # seat 1
    hand.raise_to(16)  # seat 2: the bring-in and three raises
    assert hand.legal_actions() == LegalActions(True, False, 8, None, None)
    hand.call()
    hand.call()
    assert hand.street == Street.FOURTH_STREET
    assert hand.stacks == (83, 83, 83) and hand.total_pot == 51


def test_example_stud_5_the_rake_is_taken_after_third_street() -> None:
    """Section 8, example 5: a rake of 10 % (rule 27)."""
    spec = replace(STUD, rake=Rake(percent=10))
    hand = Hand(spec, stacks=[100, 100], up_cards=["7hAs", "2c3d"], seed=1)
    hand.bring_in()  # seat 1
    hand.complete()  # seat 0
    hand.call()
    assert hand.street == Street.FOURTH_STREET and hand.actor == 0
    hand.raise_to(5)
    hand.fold()
    assert hand.is_over and hand.rake == 1 and hand.stacks == (105, 94)
    # Over on third street: no rake.
    hand = Hand(spec, stacks=[100, 100], up_cards=["7hAs", "2c3d"], seed=1)
    hand.bring_in()
    hand.complete()
    hand.fold()
    assert hand.is_over and hand.rake == 0 and hand.stacks == (103, 97)


def test_completing_the_bring_in_yourself_is_the_bet() -> None:
    hand = Hand(STUD, stacks=[100, 100, 100], up_cards=["7h", "2d", "Kc"], seed=1)
    record = hand.complete()
    assert (type(record).__name__, record.to, hand.actor) == ("Bet", 5, 2)
    hand.fold()
    hand.fold()
    assert hand.stacks == (99, 102, 99)  # the antes; the uncalled bet goes back (rule 19)


def test_everybody_folds_to_the_bring_in() -> None:
    hand = Hand(STUD, stacks=[100, 100, 100], up_cards=["7h", "2d", "Kc"], seed=1)
    hand.bring_in()
    hand.fold()
    hand.fold()
    assert hand.is_over and hand.stacks == (99, 102, 99)  # the bring-in is returned


def test_the_bring_in_gets_no_option_when_everybody_calls() -> None:
    hand = Hand(STUD, stacks=[100, 100, 100], up_cards=["7h", "2d", "Kc"], seed=1)
    hand.bring_in()
    hand.call()
    hand.call()
    assert hand.street == Street.FOURTH_STREET and hand.total_pot == 9


def test_a_short_bring_in_is_all_in() -> None:
    hand = Hand(STUD, stacks=[2, 100, 100], up_cards=["2c", "9d", "Kc"], seed=1)
    assert hand.actor == 0 and hand.legal_actions() == LegalActions(False, False, 1, None, None)
    assert hand.bring_in() == BringIn(0, 1, True)
    assert hand.legal_actions().call == 2  # the full bring-in is owed (rule 7)


# -- rule 39: an open pair on fourth street ------------------------------------------------


def test_example_stud_2_open_pair_on_fourth_street() -> None:
    """Section 8, example 2: heads-up, stacks 100."""
    hand = Hand(STUD, stacks=[100, 100], up_cards=["KhKd", "9s4c"], seed=2)
    hand.bring_in()  # seat 1 shows the 9
    hand.call()  # seat 0
    assert hand.street == Street.FOURTH_STREET and hand.total_pot == 6
    assert hand.actor == 0  # the open kings act first
    assert hand.legal_actions() == LegalActions(True, True, 0, 5, 10)
    with pytest.raises(IllegalActionError, match=r"exactly 5 \(the small bet\) or 10"):
        hand.raise_to(7)
    hand.raise_to(5)
    assert hand.legal_actions() == LegalActions(True, False, 5, 10, 15)
    hand.raise_to(15)  # a raise of the big bet: every raise after it is the big bet
    assert hand.legal_actions() == LegalActions(True, False, 10, 25, 25)
    hand.raise_to(25)
    hand.call()
    assert hand.street == Street.FIFTH_STREET
    assert hand.total_pot == 56 and hand.stacks == (72, 72)


def test_the_open_pair_option_is_stud_highs_alone() -> None:
    no_option = RuleProfile(stud_open_pair_double_bet=False)
    plain_stud = GameSpec(variant="stud", betting="fixed-limit", ante=1, bring_in=2,
                          small_bet=5, big_bet=10, rules=no_option)  # fmt: skip
    for spec in (STUD8, RAZZ, plain_stud):
        hand = Hand(spec, stacks=[100, 100], up_cards=["3h3d", "KsQc"], seed=2)
        hand.bring_in()
        hand.call()
        assert hand.street == Street.FOURTH_STREET
        legal = hand.legal_actions()
        assert legal.min_raise_to == legal.max_raise_to == 5


def test_an_open_pair_checked_leaves_the_option_to_the_next() -> None:
    hand = Hand(STUD, stacks=[100, 100, 100], up_cards=["QhQd", "5s8c", "2c9d"], seed=4)
    hand.bring_in()  # seat 2 (the deuce)
    hand.call()
    hand.call()
    assert hand.actor == 0
    hand.check()
    assert hand.legal_actions() == LegalActions(True, True, 0, 5, 10)
    hand.raise_to(10)
    assert hand.legal_actions() == LegalActions(True, False, 10, 20, 20)


# -- rule 40: who acts first from fourth street --------------------------------------------


def test_the_best_hand_showing_acts_first() -> None:
    # Seat 1's pair of fours beats seat 0's ace-king and seat 2's queen-jack.
    hand = Hand(STUD, stacks=[100] * 3, up_cards=["AhKd", "4s4c", "2cQc"], seed=5)
    hand.bring_in()
    hand.call()
    hand.call()
    assert hand.actor == 1


def test_equal_hands_showing_go_by_position_from_the_dealer() -> None:
    ups = ["AhKd", "AsKh", "2cQc"]
    for button, first in ((2, 0), (0, 1), (1, 0)):
        hand = Hand(STUD, stacks=[100] * 3, up_cards=ups, button=button, seed=5)
        while hand.street == Street.THIRD_STREET:
            hand.check_or_call()
        assert hand.actor == first


def test_razz_the_lowest_hand_showing_acts_first() -> None:
    # 6-4 is lower than 7-2; a pair of aces counts against.
    hand = Hand(RAZZ, stacks=[100] * 3, up_cards=["7c2d", "6h4s", "AhAd"], seed=6)
    while hand.street == Street.THIRD_STREET:
        hand.check_or_call()
    assert hand.actor == 1


def test_an_all_in_first_player_passes_the_action_on() -> None:
    hand = Hand(STUD, stacks=[3, 100, 100], up_cards=["AhAd", "9s5c", "2c4d"], seed=5)
    hand.bring_in()  # seat 2
    hand.call()  # seat 0: all-in for 2
    hand.call()
    assert hand.street == Street.FOURTH_STREET
    assert hand.actor == 1  # seat 0 shows aces but has no chips


# -- rule 41: the common card --------------------------------------------------------------


def test_eight_players_to_seventh_street_share_a_common_card() -> None:
    hand = Hand(STUD, stacks=[500] * 8, seed=8)
    check_down(hand)
    state = hand.state
    assert len(state.board) == 1
    common = [r for r in hand.history if isinstance(r, DealBoard)]
    assert common == [DealBoard(Street.SEVENTH_STREET, state.board)]
    assert all(len(h) == 2 and len(u) == 4 for h, u in zip(state.holes, state.up, strict=True))
    every = [c for h in state.holes for c in h] + [c for u in state.up for c in u]
    assert len(set(every)) == 48 and state.board[0] not in every
    shows = [r for r in hand.history if isinstance(r, Show)]
    assert shows and all(len(r.indices) == 6 for r in shows)
    assert sum(hand.stacks) == 4000


def test_a_given_seventh_street_card_is_the_common_card_when_the_stub_is_empty() -> None:
    # Eight players and seat 0's third down card given: the given card is the one card
    # the deck still holds at seventh street (the stub is empty), so it is turned up for
    # everybody; this once ran the stub dry with an IndexError mid-action.
    hand = Hand(STUD, stacks=[500] * 8, seed=1, hole_cards=["9c2h8c"] + [None] * 7)
    check_down(hand)
    state = hand.state
    assert hand.is_over and state.board == (Card("8c").index,)
    assert hand.hole_cards[0] == (Card("9c"), Card("2h"))
    every = [c for h in state.holes for c in h] + [c for u in state.up for c in u]
    assert len(set(every)) == 48 and state.board[0] not in every
    assert sum(hand.stacks) == 4000


def test_six_players_get_their_own_river_cards_seven_share_one() -> None:
    hand = Hand(STUD, stacks=[500] * 6, seed=8)
    check_down(hand)
    assert hand.state.board == ()
    assert all(len(h) == 3 for h in hand.state.holes)
    # Seven players: 21 cards, three burns and 21 up cards leave 7, one short of a burn
    # and a card each.
    hand = Hand(STUD, stacks=[500] * 7, seed=8)
    check_down(hand)
    assert len(hand.state.board) == 1


# -- rule 42: showdown order and odd chips ---------------------------------------------------


def test_example_stud_3_the_odd_chip_goes_to_the_highest_card() -> None:
    """Section 8, example 3: a tie in stud; the ace of spades takes the odd chip."""
    hand = Hand(
        STUD,
        stacks=[100, 100, 100],
        hole_cards=["AsKd3d", "AhKs5h", "9c9d"],
        up_cards=["QcJhTh2c", "QdJcTd4c", "2h"],
        seed=1,
    )
    hand.bring_in()  # seat 2 shows the 2h
    hand.call()
    hand.call()
    assert hand.street == Street.FOURTH_STREET and hand.actor == 1  # equal boards: seat 1
    hand.check()
    hand.fold()  # seat 2 folds on fourth street
    check_down(hand)
    assert hand.total_pot == 0 and hand.payouts == (5, 4, 0)
    assert hand.stacks == (102, 101, 97)


def test_razz_odd_chips_go_to_the_lowest_card() -> None:
    hand = Hand(
        RAZZ,
        stacks=[100, 100, 100],
        hole_cards=["2s3d8h", "2h3c8c", "KcKd"],
        up_cards=["Ac4h5sQs", "Ad4d5hQh", "Ks"],
        seed=1,
    )
    hand.bring_in()  # seat 2 shows the king of spades
    hand.call()
    hand.call()
    while hand.street == Street.FOURTH_STREET:
        if hand.actor == 2:
            hand.fold()
        else:
            hand.check()
    check_down(hand)
    # Both make 5-4-3-2-A; seat 0's ace of clubs is the lowest card.
    assert hand.payouts == (5, 4, 0)


def test_stud_hilo_splits_with_odd_chip_to_the_high() -> None:
    hand = Hand(
        STUD8,
        stacks=[100, 100, 100],
        hole_cards=["KhKd7s", "2s3d9c", "QcQd"],
        up_cards=["Kc8s9hJd", "4h5c7dTs", "Js"],
        seed=1,
    )
    hand.bring_in()  # seat 1 shows the lowest card, the 4h
    hand.call()
    hand.call()
    while hand.street == Street.FOURTH_STREET:
        if hand.actor == 2:
            hand.fold()
        else:
            hand.check()
    check_down(hand)
    # Pot 9: three kings win high (5, with the odd chip), 6-5-4-3-2 wins low (4).
    assert hand.payouts == (5, 4, 0)
    shows = {r.seat: r for r in hand.history if isinstance(r, Show)}
    assert shows[1].low is not None and str(shows[1].low) == "7-5-4-3-2"


def test_the_first_to_act_shows_first_when_seventh_street_is_checked() -> None:
    hand = Hand(STUD, stacks=[100] * 3, up_cards=["2c3d4h5s", "AhAd9c8c", "KsQs7h6h"],
                hole_cards=["7c8dKc", "2d3c4c", "2h3h4d"], seed=3)  # fmt: skip
    check_down(hand)
    shown = [r.seat for r in hand.history if isinstance(r, Show)]
    assert shown[0] == 1  # aces showing act first on seventh street, and show first


# -- what each seat sees ------------------------------------------------------------------


def test_views_show_up_cards_to_everybody_and_down_cards_to_their_owner() -> None:
    hand = Hand(STUD, stacks=[100, 100, 100], seed=12)
    while hand.street != Street.SEVENTH_STREET:
        hand.check_or_call()
    view = hand.view(0)
    assert view.hole_cards[0] is not None and len(view.hole_cards[0]) == 3
    assert view.hole_cards[1] is None and view.hole_cards[2] is None
    assert [len(u) for u in view.up_cards] == [4, 4, 4]
    assert view.position == ("BTN" if hand.button == 0 else "")
    for record in view.history:
        if isinstance(record, DealHole) and record.seat != 0:
            assert record.indices == ()
        if isinstance(record, DealUp):
            assert record.indices == hand.state.up[record.seat][: len(record.indices)] or (
                record.indices[0] in hand.state.up[record.seat]
            )
    ups_seen = [r for r in view.history if isinstance(r, DealUp)]
    assert len(ups_seen) == 12


def test_the_state_declares_the_up_cards() -> None:
    assert "up" in HandState.FIELDS and HandState.VERSION >= 2
    hand = Hand(STUD, stacks=[100, 100], up_cards=["Ah", "Kh"], seed=1)
    assert hand.state.up == ((idx("Ah"),), (idx("Kh"),))
    assert hand.state.big_blind == 5  # the unit of results: the small bet
    assert Hand(GameSpec(), stacks=[10, 10], seed=1).state.up == ((), ())
    copy = hand.copy()
    check_down(copy)
    assert not hand.is_over and len(hand.state.up[0]) == 1


# -- chips are conserved, turns are legal ----------------------------------------------------


@pytest.mark.parametrize("spec", [STUD, STUD8, RAZZ], ids=["stud", "stud-hilo", "razz"])
def test_random_hands_conserve_chips(spec: GameSpec) -> None:
    rng = random.Random(29)
    for _ in range(300):
        n = rng.randint(2, 8)
        hand = Hand(spec, stacks=[rng.randint(1, 120) for _ in range(n)], button=rng.randrange(n),
                    seed=rng.getrandbits(32))  # fmt: skip
        total = sum(hand.starting_stacks)
        while not hand.is_over:
            legal = hand.legal_actions()
            assert sum(hand.stacks) + hand.total_pot == total
            roll = rng.random()
            if legal.min_raise_to is not None and roll < 0.3:
                hand.raise_to(rng.choice([legal.min_raise_to, legal.max_raise_to]))
            elif legal.fold and roll < 0.45:
                hand.fold()
            else:
                hand.check_or_call()
        assert sum(hand.stacks) == total
        assert all(p >= 0 for p in hand.payouts)


def test_a_low_card_all_in_on_the_ante_passes_the_bring_in_on() -> None:
    # Seat 1 shows the deuce but has only its ante: seat 2, the next with chips, brings it in.
    hand = Hand(STUD, stacks=[100, 1, 100], up_cards=["9h", "2c", "Kd"], seed=1)
    assert hand.stacks == (99, 0, 99)
    assert hand.actor == 2 and hand.can_bring_in()
    hand.bring_in()
    hand.call()
    assert hand.street == Street.FOURTH_STREET


def test_copies_pickles_and_an_asked_showdown_play_on_alike() -> None:
    ask = RuleProfile(showdown="ask", all_in_face_up=False)
    spec = GameSpec(variant="stud-hilo", betting="fixed-limit", ante=1, bring_in=2,
                    small_bet=5, big_bet=10, rules=ask)  # fmt: skip
    hand = Hand(spec, stacks=[100, 100, 100], seed=5)
    for _ in range(4):
        hand.check_or_call()
    twins = [pickle.loads(pickle.dumps(hand)), copy.deepcopy(hand), hand.copy()]
    for one in (hand, *twins):
        while one.state.actor >= 0:
            one.check_or_call()
        assert one.street == Street.SHOWDOWN and one.actor == 1  # the tens showing
        while not one.is_over:
            one.show()
    assert all(t.history == hand.history and t.stacks == hand.stacks for t in twins)
    shows = [r for r in hand.history if isinstance(r, Show)]
    assert [r.seat for r in shows] == [1, 2, 0]
    # Cards shown in the order dealt: two down, four up, the last down.
    assert shows[0].indices == (*hand.state.holes[1][:2], *hand.state.up[1], hand.state.holes[1][2])
