"""The worked examples A-Z and AA of docs/rules.md section 7, each with exact chips."""

from __future__ import annotations

import pytest
from game_helpers import check_around, limp_preflop

from pokerforge.errors import IllegalActionError
from pokerforge.game import (
    DEFAULT_RULES,
    TDA_2024,
    GameSpec,
    Hand,
    LegalActions,
    Pot,
    Rake,
    ReturnBet,
    RuleProfile,
    Street,
)
from pokerforge.game.rake import take_rake

NL_1_2 = GameSpec(blinds=(1, 2))
NL_50_100 = GameSpec(blinds=(50, 100))


def test_a_heads_up_button_folds() -> None:
    hand = Hand(NL_1_2, stacks=[100, 100], button=0, seed=1)
    assert hand.actor == 0 and hand.bets == (1, 2)
    hand.fold()
    assert hand.is_over
    assert hand.stacks == (99, 101)


def test_b_blinds_fold_to_big_blind_no_rake() -> None:
    spec = GameSpec(blinds=(1, 2), rake=Rake(percent=5, cap=3))
    hand = Hand(spec, stacks=[100, 100, 100], button=0, seed=1)
    hand.fold()  # button
    hand.fold()  # small blind
    assert hand.stacks == (100, 99, 101)
    assert hand.rake == 0


def test_c_short_big_blind_all_in() -> None:
    hand = Hand(NL_50_100, stacks=[1000, 1000, 60], button=0, seed=1)
    assert hand.bets == (0, 50, 60) and hand.stacks[2] == 0
    legal = hand.legal_actions()
    assert legal == LegalActions(fold=True, check=False, call=100, min_raise_to=200,
                                 max_raise_to=1000)  # fmt: skip
    assert not hand.can_raise_to(199) and hand.can_raise_to(200)
    hand.call()
    assert hand.legal_actions().call == 50
    hand.call()
    assert hand.street == Street.FLOP
    assert hand.pots == [Pot(180, (0, 1, 2)), Pot(80, (0, 1))]


def _to_turn(spec: GameSpec, stacks: list[int]) -> Hand:
    hand = Hand(spec, stacks=stacks, button=0, seed=1)
    limp_preflop(hand)
    check_around(hand)
    assert hand.street == Street.TURN
    return hand


def test_d_minimum_reraise() -> None:
    hand = _to_turn(GameSpec(blinds=(100, 200)), [10_000] * 4)
    hand.raise_to(300)  # A (small blind)
    hand.raise_to(1000)  # B
    assert hand.legal_actions().min_raise_to == 1700  # C


def _to_flop(spec: GameSpec, stacks: list[int]) -> Hand:
    hand = Hand(spec, stacks=stacks, button=0, seed=1)
    limp_preflop(hand)
    assert hand.street == Street.FLOP
    return hand


def test_e_short_all_in_raise_sets_no_new_minimum() -> None:
    # Flop order: SB (A), BB (B), UTG (C), BTN.
    hand = _to_flop(NL_50_100, [1000, 1000, 240, 1000])
    hand.raise_to(100)  # A bets 100
    hand.raise_to(140)  # B all-in for 140
    assert hand.stacks[2] == 0
    assert hand.legal_actions().min_raise_to == 240


def test_f_incomplete_raise_reopens_only_for_those_facing_a_full_raise() -> None:
    # Flop order: SB (A), BB (B), UTG (C), BTN (D).
    hand = _to_flop(NL_50_100, [1000, 1000, 1000, 350])
    hand.raise_to(100)  # A
    hand.raise_to(200)  # B
    hand.raise_to(250)  # C all-in
    hand.fold()  # D
    legal = hand.legal_actions()  # A faces 150 more than his bet: a full raise
    assert legal.min_raise_to == 350
    hand.call()
    legal = hand.legal_actions()  # B faces only the incomplete 50
    assert hand.actor == 2
    assert legal == LegalActions(fold=True, check=False, call=50, min_raise_to=None,
                                 max_raise_to=None)  # fmt: skip
    assert not hand.can_raise_to(400)
    with pytest.raises(Exception, match="rule 13"):
        hand.raise_to(400)


def test_g_two_short_all_ins_add_up() -> None:
    # 5 players, flop order SB (A), BB (B), UTG (C), CO (D), BTN (E).
    hand = _to_flop(NL_50_100, [1000, 1000, 225, 1000, 300])
    hand.raise_to(100)  # A
    hand.raise_to(125)  # B all-in
    hand.call()  # C
    hand.raise_to(200)  # D all-in
    hand.call()  # E
    assert hand.actor == 1
    assert hand.legal_actions().min_raise_to == 300
    hand.call()
    assert hand.actor == 3
    legal = hand.legal_actions()
    assert legal.call == 75 and legal.min_raise_to is None


def test_h_wsop_96a() -> None:
    # 5 players, flop order SB (A), BB (B), UTG (C), CO (D), BTN (E).
    hand = _to_flop(NL_50_100, [1800, 10_000, 10_000, 10_000, 1400])
    hand.raise_to(500)  # A (SB)
    hand.raise_to(1000)  # B (BB)
    hand.call()  # C
    hand.raise_to(1300)  # D all-in
    hand.raise_to(1700)  # E all-in (button)
    hand.call()  # A
    assert hand.actor == 2
    assert hand.legal_actions().min_raise_to == 2200  # B
    hand.call()
    assert hand.actor == 3
    assert hand.legal_actions().min_raise_to == 2200  # C


def test_i_no_raise_when_everyone_else_is_all_in() -> None:
    hand = Hand(NL_1_2, stacks=[500, 1000], button=0, seed=1)
    hand.raise_to(500)
    legal = hand.legal_actions()
    assert legal == LegalActions(fold=True, check=False, call=498, min_raise_to=None,
                                 max_raise_to=None)  # fmt: skip
    with pytest.raises(Exception, match="rule 14"):
        hand.raise_to(1000)


def test_j_pot_limit_maximum() -> None:
    spec = GameSpec(betting="pot-limit", blinds=(25, 50))
    hand = _to_flop(spec, [1000, 1000])  # pot 100
    hand.raise_to(50)  # A (big blind) bets 50
    assert hand.legal_actions().max_raise_to == 250
    assert not hand.can_raise_to(251)

    spec = GameSpec(betting="pot-limit", blinds=(5, 10))
    hand = _to_flop(spec, [1000] * 5)  # pot 50
    hand.raise_to(10)  # A
    hand.call()  # B
    legal = hand.legal_actions()
    assert legal.max_raise_to == 90 and legal.min_raise_to == 20


def test_j_pot_limit_omaha_preflop() -> None:
    spec = GameSpec(variant="omaha", betting="pot-limit", blinds=(5, 10))
    hand = Hand(spec, stacks=[1000] * 4, button=0, seed=1)
    assert hand.legal_actions().max_raise_to == 35
    hand.raise_to(35)
    assert hand.legal_actions().max_raise_to == 120


@pytest.mark.parametrize(
    ("rules", "caps"), [(DEFAULT_RULES, (40, 40, 80, 80)), (TDA_2024, (50, 50, 100, 100))]
)
def test_k_fixed_limit_caps(rules: object, caps: tuple[int, ...]) -> None:
    spec = GameSpec(betting="fixed-limit", blinds=(5, 10), small_bet=10, big_bet=20,
                    rules=rules)  # type: ignore[arg-type]  # fmt: skip
    hand = Hand(spec, stacks=[1000] * 4, button=0, seed=1)
    for street, cap in enumerate(caps):
        assert hand.street == street
        seen = []
        while (legal := hand.legal_actions()).min_raise_to is not None:
            assert legal.min_raise_to == legal.max_raise_to
            seen.append(legal.min_raise_to)
            hand.raise_to(legal.min_raise_to)
        size = 10 if street < 2 else 20
        assert seen[-1] == cap
        assert seen == list(range(cap - size * (len(seen) - 1), cap + 1, size))
        with pytest.raises(Exception, match="rule 17"):
            hand.raise_to(cap + size)
        while hand.street == street:
            hand.call()


def test_k_heads_up_fixed_limit_is_uncapped() -> None:
    spec = GameSpec(betting="fixed-limit", blinds=(5, 10), small_bet=10, big_bet=20)
    hand = Hand(spec, stacks=[1000, 1000], button=0, seed=1)
    for total in range(20, 200, 10):
        assert hand.legal_actions().min_raise_to == total
        hand.raise_to(total)


FL_10_20 = GameSpec(betting="fixed-limit", blinds=(5, 10), small_bet=10, big_bet=20)


def test_k_fold_to_heads_up_lifts_the_cap() -> None:
    # Three players, seat 0 the button (first to act before the flop), 1 and 2 the blinds.
    hand = Hand(FL_10_20, stacks=[1000] * 3, button=0, seed=1)
    hand.raise_to(20)  # button
    hand.fold()  # small blind: two players able to bet, two bets in
    for total in (30, 40, 50, 60):  # big blind, button, ...: past the cap of 40
        assert hand.legal_actions().min_raise_to == total
        hand.raise_to(total)
    hand.call()  # big blind
    assert hand.street == Street.FLOP
    assert hand.pots == [Pot(125, (0, 2))]


def test_k_all_in_leaves_two_who_can_bet_no_cap() -> None:
    # The big blind (seat 2) has 20: all-in when it calls the button's raise.
    hand = Hand(FL_10_20, stacks=[1000, 1000, 20], button=0, seed=1)
    hand.raise_to(20)  # button
    hand.call()  # small blind
    hand.call()  # big blind, all-in
    assert hand.street == Street.FLOP and hand.stacks == (980, 980, 0)
    for total in (10, 20, 30, 40, 50):  # small blind, button, ...: past the cap of 40
        assert hand.legal_actions().min_raise_to == total
        hand.raise_to(total)
    hand.call()  # button
    assert hand.street == Street.TURN
    assert hand.pots == [Pot(60, (0, 1, 2)), Pot(100, (0, 1))]


def test_k_a_cap_reached_stays_after_a_fold() -> None:
    hand = Hand(FL_10_20, stacks=[1000] * 3, button=0, seed=1)
    hand.raise_to(20)  # button
    hand.raise_to(30)  # small blind
    hand.raise_to(40)  # big blind: capped with three players able to bet
    hand.fold()  # button
    legal = hand.legal_actions()
    assert legal.call == 10 and legal.min_raise_to is None
    with pytest.raises(IllegalActionError, match="rule 17"):
        hand.raise_to(50)


def test_k_a_capping_raise_all_in_still_caps_the_round() -> None:
    # The raise that reaches the cap puts the big blind all-in and leaves two players able
    # to bet: the cap was reached before the action became heads-up, so it stands.
    hand = Hand(FL_10_20, stacks=[1000, 1000, 40], button=0, seed=1)
    hand.raise_to(20)  # button
    hand.raise_to(30)  # small blind
    hand.raise_to(40)  # big blind, all-in: the third raise, the cap
    legal = hand.legal_actions()
    assert legal.call == 20 and legal.min_raise_to is None
    with pytest.raises(IllegalActionError, match="rule 17"):
        hand.raise_to(50)


def test_l_limit_short_all_in_raise() -> None:
    # Turn order: SB (A), BB (B), UTG (C), BTN.
    hand = _to_turn(FL_10_20, [1000, 1000, 35, 1000])
    hand.raise_to(20)  # A bets
    hand.raise_to(25)  # B all-in
    legal = hand.legal_actions()
    assert legal == LegalActions(fold=True, check=False, call=25, min_raise_to=40,
                                 max_raise_to=40)  # fmt: skip
    hand.call()  # C
    hand.call()  # button
    legal = hand.legal_actions()
    assert hand.actor == 1
    assert legal.call == 5 and legal.min_raise_to is None


def test_m_limit_short_all_in_bet() -> None:
    hand = _to_turn(FL_10_20, [1000, 15, 1000, 1000])
    hand.raise_to(5)  # A all-in bet
    legal = hand.legal_actions()
    assert legal == LegalActions(fold=True, check=False, call=5, min_raise_to=20,
                                 max_raise_to=20)  # fmt: skip
    hand.raise_to(20)  # B completes
    assert hand.legal_actions().min_raise_to == 40  # C


def test_n_side_pot_showdown() -> None:
    hand = Hand(NL_1_2, stacks=[100, 30, 100], button=0, hole_cards=["KhKd", "AhAd", "7c2d"],
                board="Qs8c4h3d9s")  # fmt: skip
    hand.raise_to(10)  # BTN
    hand.raise_to(30)  # SB all-in
    hand.call()  # BB
    hand.call()  # BTN
    assert hand.pots == [Pot(90, (0, 1, 2))]
    assert [str(c) for c in hand.board] == ["Qs", "8c", "4h"]
    hand.check()  # BB
    hand.raise_to(50)  # BTN
    hand.call()  # BB
    assert hand.pots == [Pot(90, (0, 1, 2)), Pot(100, (0, 2))]
    check_around(hand)
    check_around(hand)
    assert hand.is_over
    assert hand.stacks == (120, 90, 20)
    assert hand.payouts == (100, 90, 0)


def test_o_side_pots_from_levels() -> None:
    hand = Hand(NL_1_2, stacks=[50, 100, 200, 200], button=0, seed=5)
    hand.raise_to(200)  # UTG
    hand.call()
    hand.call()
    hand.call()
    assert hand.is_over
    assert hand.pots == [Pot(200, (0, 1, 2, 3)), Pot(150, (1, 2, 3)), Pot(200, (2, 3))]


def test_p_uncalled_part_returned() -> None:
    hand = Hand(NL_1_2, stacks=[100, 50], button=0, seed=3)
    hand.raise_to(100)
    hand.call()
    assert ReturnBet(0, 50) in hand.history
    assert hand.pots == [Pot(100, (0, 1))]
    assert sum(hand.stacks) == 150


def test_q_split_pot_odd_chip_left_of_button() -> None:
    hand = Hand(NL_1_2, stacks=[100] * 3, button=0, hole_cards=["AdKc", "AcKd", "7h2s"],
                board="Qs8c4h3d9s")  # fmt: skip
    hand.raise_to(8)
    hand.call()
    hand.raise_to(17)
    hand.call()
    hand.call()
    assert hand.pots == [Pot(51, (0, 1, 2))]
    for _ in range(3):
        check_around(hand)
    assert hand.payouts == (25, 26, 0)


def test_r_rake_and_board_plays() -> None:
    spec = GameSpec(blinds=(1, 2), rake=Rake(percent=5, cap=3))
    hand = Hand(spec, stacks=[100, 100], button=0, hole_cards=["2c3c", "4d5d"],
                board="AsKsQhJdTc")  # fmt: skip
    hand.raise_to(4)
    hand.call()
    hand.raise_to(6)  # big blind bets on the flop
    hand.call()
    check_around(hand)
    check_around(hand)
    assert hand.is_over and hand.rake == 1
    assert hand.payouts == (9, 10)


def test_s_omaha_uses_exactly_two_hole_cards() -> None:
    spec = GameSpec(variant="omaha", betting="pot-limit", blinds=(1, 2))
    hand = Hand(spec, stacks=[100, 100], button=0, hole_cards=["Ts9h8h7h", "AhAd3c4c"],
                board="AsKsQsJs2d")  # fmt: skip
    hand.call()
    hand.check()
    for _ in range(3):
        check_around(hand)
    assert hand.payouts == (4, 0)


HILO = GameSpec(variant="omaha-hilo", betting="fixed-limit", blinds=(1, 2), small_bet=2,
                big_bet=4, ante=1)  # fmt: skip
HILO_HOLES = ["KdKs9h9d", "Ah3dJcJs", "Ac3hThTd"]


def _hilo_checked_down(board: str) -> Hand:
    hand = Hand(HILO, stacks=[100] * 3, button=0, hole_cards=HILO_HOLES, board=board)
    limp_preflop(hand)
    assert hand.pots == [Pot(9, (0, 1, 2))]
    for _ in range(3):
        check_around(hand)
    assert hand.is_over
    return hand


def test_t_hilo_split_and_quartered_low() -> None:
    hand = _hilo_checked_down("2c5d7sKhQc")
    assert hand.payouts == (5, 2, 2)


def test_u_hilo_no_low_high_scoops() -> None:
    hand = _hilo_checked_down("2c9cTsKhQc")
    assert hand.payouts == (0, 9, 0)


def test_v_rake_percentages() -> None:
    rake = Rake(percent=5, cap=3)
    assert rake.amount(40, flop_seen=True) == 2
    assert rake.amount(200, flop_seen=True) == 3
    assert rake.amount(30, flop_seen=True) == 1
    assert take_rake([1, 40], 3) == ([0, 38], 3)


def test_w_no_flop_no_drop() -> None:
    spec = GameSpec(blinds=(1, 2), rake=Rake(percent=5, cap=3))
    hand = Hand(spec, stacks=[100] * 3, button=0, seed=2)
    hand.raise_to(10)
    hand.fold()
    hand.fold()
    assert hand.net == (3, -1, -2) and hand.rake == 0  # the button wins 3
    assert hand.payouts == (5, 0, 0)  # 2 of its own, 8 returned uncalled
    assert hand.stacks == (103, 99, 98)


def test_x_board_plays_for_everyone() -> None:
    hand = Hand(NL_1_2, stacks=[100] * 3, button=0, hole_cards=["2c3c", "4d5d", "6h7h"],
                board="AsKsQsJsTs")  # fmt: skip
    limp_preflop(hand)
    for _ in range(3):
        check_around(hand)
    assert hand.payouts == (2, 2, 2)


def test_y_incomplete_all_in_does_not_reopen() -> None:
    hand = Hand(NL_1_2, stacks=[3, 16, 20, 25], button=2, seed=1)
    assert hand.bets == (2, 0, 0, 1)
    hand.call()  # seat 1
    hand.call()  # seat 2, the button
    hand.call()  # seat 3 completes
    hand.raise_to(3)  # seat 0 all-in, one chip more: not a full raise
    assert hand.actor == 1
    assert hand.legal_actions() == LegalActions(True, False, 1, None, None)
    assert not hand.can_raise_to(5)
    with pytest.raises(IllegalActionError, match="rule 13"):
        hand.verify_raise_to(5)


def test_z_no_raise_that_nobody_could_call() -> None:
    hand = Hand(NL_1_2, stacks=[16, 32, 59], button=1, seed=1)
    assert hand.bets == (2, 0, 1) and hand.actor == 1
    hand.raise_to(32)  # the button shoves
    assert hand.actor == 2
    # Seat 0 has 16 in all: a raise by seat 2 could be called by nobody.
    assert hand.legal_actions() == LegalActions(True, False, 31, None, None)
    assert not hand.can_raise_to(59)
    with pytest.raises(IllegalActionError, match="rule 14"):
        hand.verify_raise_to(59)
    before = hand.history
    with pytest.raises(IllegalActionError, match="rule 14"):
        hand.raise_to(59)
    assert hand.history == before  # refused: nothing changed
    hand.call()
    assert hand.actor == 0 and hand.legal_actions().call == 14


def test_rule_14_covered_button_is_not_asked() -> None:
    # Heads-up 10/20, the big blind is all-in for 5: the button's 10 already covers it.
    spec = GameSpec(blinds=(10, 20))
    hand = Hand(spec, stacks=[1000, 5], button=0, seed=1)
    assert hand.is_over and hand.actor is None
    assert not hand.can_fold() and not hand.can_call()
    assert ReturnBet(0, 5) in hand.history
    assert sum(hand.payouts) == 10 and sum(hand.stacks) == 1005


def test_rule_14_covered_after_a_fold() -> None:
    # 3 players 10/20: the big blind is all-in for 5; once the button folds, the small
    # blind's 10 covers everybody left and it is not asked to call or fold.
    hand = Hand(GameSpec(blinds=(10, 20)), stacks=[1000, 1000, 5], button=0, seed=1)
    assert hand.actor == 0 and hand.legal_actions().call == 20
    hand.fold()
    assert hand.is_over and ReturnBet(1, 5) in hand.history
    assert sum(hand.payouts) == 10


def test_aa_a_pot_run_twice_and_side_pots_run_three_times() -> None:
    twice = GameSpec(blinds=(1, 2), rules=RuleProfile(runouts=2))
    hand = Hand(
        twice,
        stacks=[100, 100, 100],
        button=0,
        hole_cards=["AsAd", "7h2h", "KsKd"],
        board="2c7d9h3s4c" + "Kh8c5dJh2d",
    )
    hand.raise_to(100)
    hand.fold()
    hand.call()
    assert hand.actor == 2
    hand.run_it(2)
    assert hand.actor == 0
    hand.run_it(2)
    assert hand.runout_payouts == ((101, 0, 0), (0, 0, 100))
    assert hand.stacks == (101, 99, 100)
    thrice = GameSpec(blinds=(1, 2), rules=RuleProfile(runouts=3))
    hand = Hand(
        thrice,
        stacks=[50, 100, 100],
        button=0,
        hole_cards=["AsAd", "KsKd", "QsQd"],
        board="2c7d9h3s4c" + "Kh8c5dJh2d" + "Qh8d5cJc3d",
    )
    hand.raise_to(50)
    hand.raise_to(100)
    hand.call()
    for _ in range(3):
        hand.run_it(3)
    assert [p.amount for p in hand.pots] == [150, 100]
    main = [row[0] + row[1] + row[2] for row in hand.runout_payouts]
    assert main == [50 + 34, 50 + 33, 50 + 33]
