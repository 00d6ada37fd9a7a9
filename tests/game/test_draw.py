"""The draw games in the game layer (rules 47-52): the spec, the deal, the drawing rounds
and their turns, the stub running out, each game's ranking at showdown, views, copies, and
the worked examples of docs/rules.md, section 10, in exact chips."""

from __future__ import annotations

import pickle
import random

import pytest
from game_helpers import RandomPlayer

from pokerforge.cards import Card
from pokerforge.errors import (
    CardCountError,
    DuplicateCardError,
    IllegalActionError,
    InvalidSpecError,
)
from pokerforge.game import (
    Dealer,
    DealHole,
    Discard,
    Exposed,
    GameSpec,
    Hand,
    HandState,
    RakeTaken,
    RuleProfile,
    Show,
    StandPat,
    Street,
)
from pokerforge.game.draw import max_draw_seats
from pokerforge.game.phh import loads_phh, to_phh
from pokerforge.game.rake import Rake
from pokerforge.games import DRAW_GAMES, game_name

TRIPLE = GameSpec(
    variant="2-7-triple-draw", betting="fixed-limit", blinds=(1, 2), small_bet=2, big_bet=4
)
SINGLE = GameSpec(variant="2-7-single-draw", blinds=(5, 10))
BADUGI = GameSpec(variant="badugi", betting="fixed-limit", blinds=(1, 2), small_bet=2, big_bet=4)
A5 = GameSpec(
    variant="a-5-triple-draw", betting="fixed-limit", blinds=(1, 2), small_bet=2, big_bet=4
)
FIVE = GameSpec(variant="five-card-draw", betting="pot-limit", blinds=(1, 2), ante=1)


def idx(text: str) -> int:
    return Card(text).index


def cards(text: str) -> tuple[int, ...]:
    return tuple(idx(text[i : i + 2]) for i in range(0, len(text), 2))


def live_cards(hand: Hand) -> list[int]:
    st = hand.state
    return [c for s, hole in enumerate(st.holes) if not st.folded[s] for c in hole]


# -- the spec (rules 47, 48) ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "variant"),
    [
        ("F2L3D", "2-7-triple-draw"),
        ("N2L1D", "2-7-single-draw"),
        ("FB", "badugi"),
        ("deuce_to_seven_triple_draw", "2-7-triple-draw"),
        ("A5-Triple-Draw", "a-5-triple-draw"),
        (" 5-card-draw ", "five-card-draw"),
    ],
)
def test_the_names_of_the_draw_games(name: str, variant: str) -> None:
    assert game_name(name) == variant
    assert GameSpec(variant=name).variant == variant  # type: ignore[arg-type]


def test_cards_rounds_and_bets_of_each_game() -> None:
    assert [GameSpec(variant=v).hole_card_count for v in DRAW_GAMES] == [5, 5, 5, 4, 5]
    assert [GameSpec(variant=v).draw_rounds for v in DRAW_GAMES] == [1, 3, 3, 3, 1]
    assert all(GameSpec(variant=v).is_draw and not GameSpec(variant=v).is_stud for v in DRAW_GAMES)
    assert not GameSpec().is_draw and GameSpec().draw_rounds == 0
    # Rule 48: triple draw small, small, big, big; single draw small then big.
    assert [TRIPLE.bet_size(s) for s in range(10, 14)] == [2, 2, 4, 4]
    single = GameSpec(variant="2-7-single-draw", betting="fixed-limit", small_bet=2, big_bet=4)
    assert [single.bet_size(s) for s in (10, 11)] == [2, 4]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"variant": "badugi", "hole_cards": 5}, "Badugi deals 4 cards to each player, not 5"),
        ({"variant": "2-7-triple-draw", "hole_cards": 4}, "deals 5 cards to each player, not 4"),
        ({"variant": "five-card-draw", "straddle": 4}, "without a straddle, not 4"),
        ({"variant": "badugi", "bring_in": 1}, "a bring-in is a stud game's forced bet"),
        ({"variant": "badugi", "button_blind": 2}, "button blind is short-deck's"),
    ],
)
def test_bad_draw_specs_are_named(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(InvalidSpecError, match=message):
        GameSpec(**kwargs)  # type: ignore[arg-type]


def test_bad_draw_hands_are_named() -> None:
    most = max_draw_seats(5)
    assert (most, max_draw_seats(4)) == (9, 10)
    with pytest.raises(InvalidSpecError, match="at most 9 players, not 10"):
        Hand(TRIPLE, stacks=[10] * 10)
    Hand(BADUGI, stacks=[10] * 10, seed=1)  # four cards each: ten fit
    with pytest.raises(InvalidSpecError, match="has no board"):
        Hand(TRIPLE, stacks=[10, 10], board="AhKhQh")
    with pytest.raises(InvalidSpecError, match="up cards are dealt in stud"):
        Hand(TRIPLE, stacks=[10, 10], up_cards=["Ah", "Kh"])
    with pytest.raises(CardCountError, match="seat 0 needs 4 hole cards, not 5"):
        Hand(BADUGI, stacks=[10, 10], hole_cards=["AhKhQhJhTh", None])
    with pytest.raises(DuplicateCardError, match="Ah"):
        Hand(TRIPLE, stacks=[10, 10], hole_cards=["AhKhQhJhTh", "Ah2c3c4c5c"])
    with pytest.raises(CardCountError, match="seat 1's shown cards are given, but its hole"):
        Hand(TRIPLE, stacks=[10, 10], shown_cards={1: "AhKhQhJhTh"})
    with pytest.raises(CardCountError, match="seat 1 shows 2 cards, not the 5 it holds"):
        Hand(TRIPLE, stacks=[10, 10], unknown_hole_cards=[1], shown_cards={1: "AhKh"})
    with pytest.raises(InvalidSpecError, match="shown_cards are a draw game's replay"):
        Hand(GameSpec(), stacks=[10, 10], shown_cards={1: "AhKh"})


def test_the_dealer_procedures_are_the_board_games() -> None:
    with pytest.raises(InvalidSpecError, match="not badugi's, which has no board"):
        Dealer(BADUGI, stacks=[10, 10])


# -- the deal and the drawing rounds (rules 47, 49) -----------------------------------------


def test_the_deal_is_one_card_at_a_time_from_the_button_s_left() -> None:
    hand = Hand(TRIPLE, stacks=[50, 50, 50], button=2, seed=9)
    order = Hand(GameSpec(), stacks=[50, 50, 50], button=2, seed=9)  # the same deck
    assert [len(h) for h in hand.hole_indices] == [5, 5, 5]
    assert len(set(live_cards(hand))) == 15
    # Seat 0, left of the button, gets the deck's first card (as in Hold'em).
    assert hand.hole_indices[0][0] == order.hole_indices[0][0]
    assert hand.street is Street.PREDRAW and hand.board == ()
    assert hand.positions == ("SB", "BB", "BTN")
    assert hand.actor == 2  # rule 5: left of the big blind


def test_a_drawing_round_goes_round_from_the_button_s_left() -> None:
    hand = Hand(TRIPLE, stacks=[50, 50, 50], button=0, seed=3)
    hand.call(), hand.call(), hand.check()
    st = hand.state
    assert hand.street is Street.FIRST_DRAW and st.drawing == 1 and hand.actor == 1
    assert st.actor == -1 and hand.legal_actions().call == 0
    with pytest.raises(IllegalActionError, match="seat 1 is to draw"):
        hand.check()
    with pytest.raises(IllegalActionError, match="it is seat 1's turn to draw"):
        hand.stand_pat(seat=2)
    before = st.holes[1]
    record = hand.discard(list(before[:2]))
    assert record == Discard(1, 2, before[:2])
    assert hand.history[-1] == DealHole(1, st.holes[1][3:])
    assert st.holes[1][:3] == before[2:]  # kept cards first, then the replacements
    assert hand.stand_pat() == StandPat(2) and hand.actor == 0
    hand.discard(list(st.holes[0]))  # all five
    assert st.draws == ((5,), (2,), (0,))
    assert st.drawing == -1 and st.actor == 1  # the betting after the draw: left of the button
    assert len(set(live_cards(hand))) == 15


def test_illegal_draws_change_nothing() -> None:
    hand = Hand(TRIPLE, stacks=[50, 50], seed=5, hole_cards=["7c5d4h3s9c", "KhKdQc8s2c"])
    with pytest.raises(IllegalActionError, match="nobody is drawing now"):
        hand.discard("7c")
    assert not hand.can_stand_pat()
    hand.call(), hand.check()
    before = (hand.state.holes, hand.history, hand.state.draws)
    for bad, message in [
        ("9c", "seat 1 cannot discard 9c: it does not hold it"),
        ("", "cannot discard no cards: to draw none, stand pat"),
        ("Zz", "cannot discard 'Zz'"),
    ]:
        assert not hand.can_discard(bad)
        with pytest.raises(IllegalActionError, match=message):
            hand.discard(bad)
    for drawn, message in [
        ("2h", "cannot be dealt 1 cards for 2 discarded"),
        ("7c2h", "cannot be dealt 7c: it is in a live player's hand"),
        ("Kh2h", "cannot be dealt Kh: it is in a live player's hand or among its own"),
    ]:
        with pytest.raises(IllegalActionError, match=message):
            hand.discard("KhKd", drawn=drawn)
    assert (hand.state.holes, hand.history, hand.state.draws) == before
    assert hand.can_discard("KhKd", drawn="2h3h")
    hand.discard("KhKd", drawn="2h3h")
    assert hand.state.holes[1] == cards("Qc8s2c2h3h")


def test_betting_rounds_and_their_bets() -> None:
    hand = Hand(TRIPLE, stacks=[100, 100], seed=2)
    seen: dict[Street, int | None] = {}
    while not hand.is_over:
        if hand.state.drawing >= 0:
            hand.stand_pat()
            continue
        seen.setdefault(hand.street, hand.legal_actions().min_raise_to)
        hand.check_or_call()
    # Before the draw the button completes the small blind: the raise is to 4 (2 + 2).
    assert seen == {
        Street.PREDRAW: 4,
        Street.FIRST_DRAW: 2,
        Street.SECOND_DRAW: 4,
        Street.THIRD_DRAW: 4,
    }
    assert hand.street is Street.SHOWDOWN and hand.state.draws == ((0, 0, 0), (0, 0, 0))


def test_all_in_players_still_draw_and_nobody_bets() -> None:
    hand = Hand(TRIPLE, stacks=[2, 100], seed=4)
    hand.call()  # the button all-in for 2; the big blind covered it
    st = hand.state
    rounds = 0
    while not hand.is_over:
        assert st.drawing >= 0 and st.actor == -1
        hand.stand_pat()
        rounds += 1
    assert rounds == 6 and sum(hand.stacks) == 102


# -- the stub running out (rule 50) ------------------------------------------------------


def test_the_stub_runs_out_and_the_discards_are_shuffled_in() -> None:
    hand = Hand(TRIPLE, stacks=[100] * 6, button=5, seed=11)
    for _ in range(6):
        hand.check_or_call()
    st = hand.state
    deck = hand._draw
    assert deck is not None and deck.remaining == 21  # 52 - 30 dealt - 1 burn
    burn = list(deck.burns)
    discards: list[int] = []
    for _ in range(4):
        discards += st.holes[st.drawing]
        hand.discard(list(st.holes[st.drawing]))
    assert deck.remaining == 1
    seat = st.drawing
    own = st.holes[seat]
    last = next(iter(deck))
    hand.discard(list(own))
    new = st.holes[seat]
    assert new[0] == last and deck.reshuffles == 1
    # The new stub: the burn and the earlier discards, never the player's own.
    assert set(new[1:]) <= set(discards) | set(burn) and not set(new) & set(own)
    assert deck.remaining == 21 - 4
    assert len(set(live_cards(hand))) == 30


def test_a_reshuffle_is_fixed_by_the_seed() -> None:
    def play(seed: int) -> tuple[tuple[int, ...], ...]:
        hand = Hand(BADUGI, stacks=[100] * 10, seed=seed)
        while not hand.is_over:
            st = hand.state
            if st.drawing >= 0:
                hand.discard(list(st.holes[st.drawing]))
            else:
                hand.check_or_call()
        return hand.state.holes

    assert play(3) == play(3) != play(4)


# -- showdown (rules 51, 52) ----------------------------------------------------------------


def _check_down(hand: Hand) -> None:
    while not hand.is_over:
        if hand.state.drawing >= 0:
            hand.stand_pat()
        else:
            hand.check_or_call()


def test_example_draw_1_a_triple_draw_hand() -> None:
    hand = Hand(
        TRIPLE,
        stacks=[100, 100, 100],
        button=0,
        seed=1,
        hole_cards=["8h6d5c3s2h", "KcKdQs7h5s", "7c4dQhJsTc"],
    )
    assert hand.legal_actions().min_raise_to == 4
    hand.raise_to(4), hand.call(), hand.call()
    assert hand.total_pot == 12 and hand.street is Street.FIRST_DRAW
    hand.discard("KcKd"), hand.discard("QhJsTc", drawn="3d2dKs"), hand.stand_pat()
    hand.check(), hand.raise_to(2), hand.raise_to(4), hand.fold(), hand.call()
    assert hand.total_pot == 20 and hand.street is Street.SECOND_DRAW
    hand.discard("Ks", drawn="6h"), hand.stand_pat()
    assert hand.actor == 2  # the first player still in left of the button
    hand.check(), hand.raise_to(4), hand.call()
    assert hand.total_pot == 28
    hand.stand_pat(), hand.stand_pat(), hand.check(), hand.check()
    assert hand.stacks == (88, 96, 116)
    shown = [r for r in hand.history if isinstance(r, Show)]
    assert shown[0].seat == 2 and set(shown[0].indices) == set(cards("7c6h4d3d2d"))
    assert hand.state.draws == ((0, 0, 0), (2,), (3, 1, 0))


def test_example_draw_2_no_limit_single_draw() -> None:
    hand = Hand(SINGLE, stacks=[500, 500], seed=1, hole_cards=["8s5c4d3hKd", "9c8d6h4s3c"])
    hand.raise_to(30), hand.raise_to(100), hand.call()
    assert hand.total_pot == 200 and hand.actor == 1  # the big blind draws first
    hand.stand_pat(), hand.discard("Kd", drawn="2s")
    assert hand.actor == 1 and hand.legal_actions().min_raise_to == 10
    hand.raise_to(150)
    assert hand.legal_actions()[3:] == (300, 400)
    hand.raise_to(400), hand.call()
    assert hand.stacks == (1000, 0)
    assert next(r.seat for r in hand.history if isinstance(r, Show)) == 0  # the last raiser


def test_example_draw_3_the_stub_runs_out() -> None:
    # The same hand as test_the_stub_runs_out...: six players each draw five.
    test_the_stub_runs_out_and_the_discards_are_shuffled_in()


def test_example_draw_4_badugi_tie_and_odd_chip() -> None:
    hand = Hand(
        BADUGI,
        stacks=[50, 50, 50],
        button=0,
        seed=2,
        hole_cards=["As2d3h4c", "KsKdKhKc", "Ad2c3s4h"],
    )
    hand.call(), hand.fold(), hand.check()
    _check_down(hand)
    assert hand.stacks == (50, 49, 51)  # pot 5: 3 to seat 2, first left of the button


def test_example_draw_5_ace_to_five_and_deuce_to_seven_rank_apart() -> None:
    holes = ["As2s3s4s5s", "6d4c3h2dAc"]
    a5 = Hand(A5, stacks=[20, 20], seed=1, hole_cards=holes)
    _check_down(a5)
    td = Hand(TRIPLE, stacks=[20, 20], seed=1, hole_cards=holes)
    _check_down(td)
    assert (a5.stacks, td.stacks) == ((22, 18), (18, 22))


def test_badugi_a_three_card_hand_loses_to_any_badugi() -> None:
    hand = Hand(BADUGI, stacks=[20, 20], seed=1, hole_cards=["As2d3hKc", "Ac2c3d4h"])
    _check_down(hand)
    assert hand.stacks == (22, 18)  # K-3-2-A beats the three-card 4-3-A


def test_five_card_draw_is_played_high_with_antes() -> None:
    hand = Hand(FIVE, stacks=[30, 30, 30], seed=1, hole_cards=[None, "AhAd2c3c4d", "KsKdQhJh9c"])
    # The antes and blinds are 6; the pot-limit raise: call 2, then the pot of 8.
    assert hand.total_pot == 6 and hand.legal_actions().max_raise_to == 10
    hand.fold(), hand.call(), hand.check()
    _check_down(hand)
    assert hand.stacks == (29, 34, 27)  # the aces win the pot of 7


def test_no_draw_no_drop() -> None:
    rake = Rake(percent=5, cap=3)
    spec = GameSpec(variant="2-7-triple-draw", blinds=(1, 2), rake=rake)
    hand = Hand(spec, stacks=[100, 100], seed=1)
    hand.raise_to(10), hand.fold()
    assert not any(isinstance(r, RakeTaken) for r in hand.history)
    hand = Hand(spec, stacks=[100, 100], seed=1)
    hand.raise_to(40), hand.call()
    _check_down(hand)
    assert [r.amount for r in hand.history if isinstance(r, RakeTaken)] == [3]


# -- views, state, copies ----------------------------------------------------------------


def test_views_show_the_number_drawn_not_the_cards() -> None:
    hand = Hand(TRIPLE, stacks=[50, 50], seed=6, hole_cards=["7c5d4h3s9c", "KhKdQc8s2c"])
    hand.call(), hand.check()
    hand.discard("KhKd"), hand.discard("9c")
    mine, theirs = hand.view(1), hand.view(0)
    assert mine.draws == theirs.draws == ((1,), (2,))
    assert Discard(1, 2, cards("KhKd")) in mine.history
    assert Discard(1, 2, ()) in theirs.history and Discard(0, 1, ()) in mine.history
    assert theirs.hole_cards[1] is None
    dealt = [r for r in theirs.history if isinstance(r, DealHole) and r.seat == 1]
    assert all(r.indices == () for r in dealt)
    assert {"drawing", "draws"} <= set(HandState.FIELDS) and HandState.VERSION >= 3
    assert hand.public_state().actor == 1
    _check_down(hand)  # shown at the end: the hands held, not the cards thrown away
    theirs = hand.view(0)
    assert theirs.hole_cards[1] is not None and len(theirs.hole_cards[1]) == 5
    assert all(r.indices == () for r in theirs.history if isinstance(r, DealHole) and r.seat)


def test_copies_and_pickles_draw_alike() -> None:
    hand = Hand(TRIPLE, stacks=[50, 50, 50], seed=8)
    hand.call(), hand.call(), hand.check()
    twin, pickled = hand.copy(), pickle.loads(pickle.dumps(hand))
    for h in (hand, twin, pickled):
        rng = random.Random(1)
        while not h.is_over:
            st = h.state
            if st.drawing >= 0:
                hole = st.holes[st.drawing]
                h.discard(rng.sample(list(hole), rng.randint(1, 5)))
            else:
                h.check_or_call()
    assert hand.history == twin.history == pickled.history
    assert (
        Hand(TRIPLE, stacks=[50, 50], seed=3).deal_again(seed=4).history
        == Hand(TRIPLE, stacks=[50, 50], seed=4).history
    )


def test_an_asked_showdown_in_a_draw_game() -> None:
    spec = GameSpec(variant="badugi", rules=RuleProfile(showdown="ask", all_in_face_up=False))
    hand = Hand(spec, stacks=[50, 50], seed=2, hole_cards=["KsKdKhKc", "As2d3h4c"])
    _ = hand.call(), hand.check()
    while hand.state.showing < 0:
        if hand.state.drawing >= 0:
            hand.stand_pat()
        else:
            hand.check()
    hand.show()
    assert hand.can_muck()
    hand.muck()
    assert hand.stacks == (48, 52)


@pytest.mark.parametrize("variant", DRAW_GAMES)
def test_random_hands_conserve_chips(variant: str) -> None:
    rng = random.Random(variant)
    for betting in ("no-limit", "pot-limit", "fixed-limit"):
        limits = {"small_bet": 2, "big_bet": 4} if betting == "fixed-limit" else {}
        spec = GameSpec(variant=variant, betting=betting, blinds=(1, 2), ante=1, **limits)  # type: ignore[arg-type]
        for i in range(40):
            n = rng.randint(2, max_draw_seats(spec.hole_card_count))
            stacks = [rng.choice([1, 3, 20, 100]) for _ in range(n)]
            hand = Hand(spec, stacks=stacks, button=rng.randrange(n), seed=i)
            player = RandomPlayer(rng, sizes="any")
            st = hand.state
            while not hand.is_over:
                player.act(hand)
                assert len(set(live_cards(hand))) == len(live_cards(hand))
                assert hand.is_over or sum(st.stacks) + st.pot_total == sum(stacks)
            assert sum(hand.stacks) == sum(stacks)


def test_replayed_unknown_hands_draw_unknown_cards_and_show_at_the_end() -> None:
    hand = Hand(
        BADUGI,
        stacks=[50, 50],
        seed=1,
        hole_cards=[None, "As2d3h4c"],
        unknown_hole_cards=[0],
        shown_cards={0: "KcQdJhTs"},
    )
    assert hand.hole_indices == ((), cards("As2d3h4c"))
    hand.call(), hand.check()
    with pytest.raises(IllegalActionError, match="seat 1 cannot discard unknown cards"):
        hand._discard_unknown(1)
    hand.stand_pat()
    with pytest.raises(IllegalActionError, match="cannot discard 5 cards: it holds 4"):
        hand._discard_unknown(5)
    assert hand._discard_unknown(2) == Discard(0, 2, ())
    assert hand.state.holes[0] == () and hand.state.draws == ((2,), (0,))
    _check_down(hand)
    # The hand shown decides: 4-3-2-A beats K-Q-J-T.
    assert hand.stacks == (48, 52) and hand.state.holes[0] == cards("KcQdJhTs")
    unshown = Hand(BADUGI, stacks=[50, 50], seed=1, unknown_hole_cards=[0])
    _check_down(unshown)
    assert not unshown.result_known  # no hand shown, no result recorded


# -- a card exposed on the draw (rule 54) -------------------------------------------------


def test_example_draw_6_a_card_exposed_on_the_draw_is_replaced_after_it() -> None:
    hand = Hand(TRIPLE, stacks=[50, 50, 50], button=0, seed=12)
    hand.call(), hand.call(), hand.check()
    deck = hand._draw
    assert deck is not None
    stub = list(deck)  # the top card first
    st = hand.state
    kept = st.holes[1][2:]
    hand.discard(list(st.holes[1][:2]))
    assert st.holes[1] == (*kept, *stub[:2])
    assert not hand.can_expose_drawn_card(kept[0])  # not a card just dealt
    exposed = hand.expose_drawn_card(Card.from_index(stub[1]))
    assert exposed == Exposed(1, (stub[1],)) and st.holes[1] == (*kept, stub[0])
    assert hand.actor == 2 and st.draws[1] == (2,)
    hand.discard(list(st.holes[2][:3]))
    assert st.holes[2][2:] == tuple(stub[2:5])
    hand.stand_pat()
    assert st.holes[1] == (*kept, stub[0], stub[5])  # the sixth card, after the draw
    assert hand.history[-1] == DealHole(1, (stub[5],)) and hand.actor == 1
    assert exposed in hand.view(2).history  # face up: everybody sees it
    # Written to PHH as the cards the player kept: read back, the same hands.
    again = loads_phh(to_phh(hand))
    assert again.state.holes == st.holes and again.state.draws == st.draws


def test_a_card_dealt_in_a_drawing_round_that_is_over_is_not_exposed() -> None:
    # Seat 0 is all in on its blind, so nobody bets after the first draw: its last drawer's
    # replacement comes just before the second round's burn. Once that round has begun
    # the card is not one "just dealt on the draw": refused, and nothing changes (this
    # once took it, and then the hand's PHH export failed).
    spec = GameSpec(variant="2-7-triple-draw", blinds=(2, 2))
    hand = Hand(spec, stacks=[2, 50], button=0, seed=1)
    hand.stand_pat()  # seat 1
    hand.discard(hand.hole_cards[0][:1])  # seat 0, the last to draw
    assert hand.street == Street.SECOND_DRAW and hand.state.drawing == 1
    new = hand.hole_cards[0][-1]
    before = (hand.state.holes, hand.history)
    assert not hand.can_expose_drawn_card(new)
    with pytest.raises(IllegalActionError, match="the drawing round it was dealt in is over"):
        hand.expose_drawn_card(new)
    assert (hand.state.holes, hand.history) == before
    while not hand.is_over:
        hand.stand_pat()
    again = loads_phh(to_phh(hand))
    assert again.state.holes == hand.state.holes


def test_an_exposed_card_of_the_last_drawer_is_replaced_at_once() -> None:
    hand = Hand(TRIPLE, stacks=[50, 50], seed=5, hole_cards=["7c5d4h3s9c", "KhKdQc8s2c"])
    hand.call(), hand.check()
    hand.stand_pat()
    with pytest.raises(IllegalActionError, match="only a card just dealt to the player who"):
        hand.expose_drawn_card("9c")
    before = (hand.state.holes, hand.history)
    with pytest.raises(IllegalActionError, match="one card is exposed at a time"):
        hand.expose_drawn_card("9c7c")
    assert (hand.state.holes, hand.history) == before
    hand.discard("9c", drawn="2h")
    assert hand.actor == 1 and hand.legal_actions().check  # the betting has begun
    hand.verify_expose_drawn_card("2h")
    hand.expose_drawn_card("2h")
    assert len(hand.state.holes[0]) == 5 and idx("2h") not in hand.state.holes[0]
    assert type(hand.history[-1]) is DealHole and hand.actor == 1
    hand.check()
    with pytest.raises(IllegalActionError, match=r"rule 54"):
        hand.expose_drawn_card(Card.from_index(hand.state.holes[0][-1]))
