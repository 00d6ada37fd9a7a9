"""Short-deck (6+) Hold'em in the game layer (rules 43-46): the spec, the 36-card deal,
antes with a button blind, the short deck's ranking at showdown, PHH, and the worked
examples of docs/rules.md, section 9, in exact chips."""

from __future__ import annotations

from pathlib import Path

import pytest

from pokerforge.cards import Card
from pokerforge.errors import InvalidCardError, InvalidHistoryError, InvalidSpecError
from pokerforge.game import GameSpec, Hand, PostBlind, RuleProfile, to_phh
from pokerforge.game.phh import load_phh, loads_phh
from pokerforge.games import game_name

DATA = Path(__file__).resolve().parents[1] / "data" / "phh"
BUTTON_BLIND = GameSpec(variant="short-deck", ante=1, button_blind=2)
TRITON = {  # Triton London 2019 (rules.md, example Short 2): p1..p6, p6 the button
    "stacks": [495000, 232000, 362000, 403000, 301000, 204000],
    "holes": ["Th8h", "QsJd", "QhQd", "8d7c", "KhKs", "8c7h"],
    "board": "9h6cKcJhTs",
}


def _all_cards(hand: Hand) -> list[Card]:
    cards = [c for seat in range(hand.num_seats) for c in hand.hole_cards[seat]]
    return cards + list(hand.board)


# -- the spec (rules 44, 45) --------------------------------------------------------------


@pytest.mark.parametrize("name", ["short-deck", "6+", "Six_Plus_Holdem", "NS", " shortdeck "])
def test_the_names_of_short_deck(name: str) -> None:
    assert game_name(name) == "short-deck"
    assert GameSpec(variant=name, blinds=(1, 2)).variant == "short-deck"  # type: ignore[arg-type]


def test_the_spec_s_defaults() -> None:
    assert BUTTON_BLIND.blinds == (0, 0) and BUTTON_BLIND.button_blind == 2
    assert BUTTON_BLIND.trips_beat_straight is True  # as evaluate_short_deck by default
    assert BUTTON_BLIND.hole_card_count == 2 and BUTTON_BLIND.bet_size(0) == 2
    assert GameSpec(blinds=(1, 2)).trips_beat_straight is None  # not Hold'em's switch
    blinds = GameSpec(variant="short-deck", blinds=(1, 2), trips_beat_straight=False)
    assert (blinds.blinds, blinds.button_blind, blinds.trips_beat_straight) == ((1, 2), 0, False)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"blinds": (1, 2), "button_blind": 2}, r"a button blind \(2\) replaces the blinds"),
        ({"button_blind": 2, "ante": 2, "ante_kind": "big-blind"}, "every player antes"),
        ({"button_blind": 2, "straddle": 4}, "not a button blind"),
        ({"button_blind": -2}, "button blind"),
        ({"button_blind": 3, "chip_unit": 2}, r"button blind \(3\) must be a multiple"),
        ({"blinds": (1, 2), "trips_beat_straight": 1}, "must be True or False, not 1"),
        ({"blinds": (1, 2), "hole_cards": 4}, "Short-deck Hold'em deals 2 cards to each player"),
        (
            {"betting": "fixed-limit", "button_blind": 6, "small_bet": 4, "big_bet": 8},
            r"the button blind \(6\) must not exceed the small bet \(4\)",
        ),
    ],
)
def test_a_spec_that_makes_no_sense_is_refused(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(InvalidSpecError, match=message):
        GameSpec(variant="short-deck", **kwargs)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"button_blind": 2}, "a button blind is short-deck's forced bet, not holdem's"),
        ({"trips_beat_straight": True}, "trips_beat_straight is short-deck's switch"),
    ],
)
def test_short_deck_s_fields_belong_to_short_deck(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(InvalidSpecError, match=message):
        GameSpec(blinds=(1, 2), **kwargs)  # type: ignore[arg-type]


# -- the deal (rule 43) ---------------------------------------------------------------------


def test_every_card_dealt_is_six_or_higher_and_the_seed_fixes_them() -> None:
    ranks = set()
    for seed in range(40):
        hand = Hand(BUTTON_BLIND, stacks=[100] * 10, button=seed % 10, seed=seed)
        while not hand.is_over:  # to the river: the whole board
            hand.check_or_call()
        cards = _all_cards(hand)
        assert len(set(cards)) == 25
        ranks.update(str(c)[0] for c in cards)
    assert ranks == set("6789TJQKA")
    again = Hand(BUTTON_BLIND, stacks=[100] * 10, button=3, seed=3)
    assert _all_cards(again) == _all_cards(Hand(BUTTON_BLIND, stacks=[100] * 10, button=3, seed=3))


def test_a_given_card_below_the_six_is_refused() -> None:
    with pytest.raises(InvalidCardError, match="the card 5h is not in the short deck"):
        Hand(BUTTON_BLIND, stacks=[100, 100], hole_cards=["5hAs", None])
    with pytest.raises(InvalidCardError, match="the card 2c is not in the short deck"):
        Hand(BUTTON_BLIND, stacks=[100, 100], board="AhKh2c")


def test_runouts_come_from_the_short_deck() -> None:
    spec = GameSpec(variant="short-deck", blinds=(1, 2), rules=RuleProfile(runouts=3))
    hand = Hand(spec, stacks=[100, 100], button=0, seed=8, hole_cards=["AsAd", "KsKd"])
    hand.raise_to(100)
    hand.call()
    while not hand.is_over:
        hand.run_it(3)
    assert hand.runouts == 3
    boards = [c for board in hand.boards for c in board]
    assert len(set(boards)) == 15 and min(c.index for c in boards) >= Card("6c").index


# -- antes with a button blind (rule 44) ----------------------------------------------------


def test_example_short_1_all_fold_to_the_button() -> None:
    hand = Hand(BUTTON_BLIND, stacks=[100] * 6, button=5, seed=1)
    assert sum(100 - s for s in hand.stacks) == 8  # six antes and the button's blind
    posts = [r for r in hand.history if isinstance(r, PostBlind)]
    assert [(r.seat, r.amount, r.blind) for r in posts] == [(5, 2, "BB")]
    legal = hand.legal_actions()
    assert (hand.actor, legal.fold, legal.call, legal.min_raise_to) == (0, True, 2, 4)
    for _ in range(5):
        hand.fold()
    assert hand.is_over and hand.stacks == (99, 99, 99, 99, 99, 105)


def test_heads_up_the_other_player_acts_first_and_the_button_has_the_option() -> None:
    hand = Hand(BUTTON_BLIND, stacks=[100, 100], button=1, seed=2)
    assert hand.actor == 0 and hand.legal_actions().call == 2
    hand.call()
    legal = hand.legal_actions()
    assert hand.actor == 1 and legal.check and legal.min_raise_to == 4  # the option
    hand.check()
    assert hand.actor == 0 and len(hand.board) == 3  # after the flop: left of the button


def test_pot_limit_and_fixed_limit_take_the_button_blind_as_the_big_blind() -> None:
    pot = GameSpec(variant="short-deck", betting="pot-limit", ante=1, button_blind=2)
    hand = Hand(pot, stacks=[100] * 3, button=2, seed=4)
    # Pot 5 (three antes and the blind); calling 2 makes 7: the largest raise is to 9.
    assert hand.legal_actions().max_raise_to == 9
    limit = GameSpec(
        variant="short-deck", betting="fixed-limit", ante=1, button_blind=2, small_bet=2, big_bet=4
    )
    hand = Hand(limit, stacks=[100] * 3, button=2, seed=4)
    legal = hand.legal_actions()
    assert (legal.call, legal.min_raise_to, legal.max_raise_to) == (2, 4, 4)


def test_a_button_blind_leaves_no_small_blind_dead() -> None:
    with pytest.raises(InvalidSpecError, match="a button blind has no small blind to leave"):
        Hand(BUTTON_BLIND, stacks=[100] * 4, dead_small_blind=True)


# -- the ranking at showdown (rule 45) and the Triton hand (rule 46) ------------------------


def _triton(trips_beat_straight: bool) -> Hand:
    spec = GameSpec(
        variant="short-deck",
        ante=3000,
        button_blind=3000,
        trips_beat_straight=trips_beat_straight,
    )
    hand = Hand(
        spec, stacks=TRITON["stacks"], button=5, hole_cards=TRITON["holes"], board=TRITON["board"]
    )
    hand.call()  # p1
    hand.call()  # p2
    hand.raise_to(35000)  # p3
    hand.fold()  # p4
    hand.raise_to(298000)  # p5, all-in
    for _ in range(3):
        hand.fold()  # p6, p1, p2
    hand.call()  # p3
    return hand


def test_example_short_2_the_triton_hand_under_both_orders() -> None:
    straight_first = _triton(trips_beat_straight=False)
    assert straight_first.is_over
    assert straight_first.stacks == (489000, 226000, 684000, 400000, 0, 198000)
    trips_first = _triton(trips_beat_straight=True)
    assert trips_first.stacks == (489000, 226000, 61000, 400000, 623000, 198000)


def test_the_dataset_s_triton_hand_replays_to_pokerkit_s_stacks() -> None:
    hand = load_phh(DATA / "triton_london_2019_ns.phh")
    assert hand.spec.button_blind == 3000 and hand.spec.trips_beat_straight is False
    assert hand.stacks == (489000, 226000, 684000, 400000, 0, 198000)


@pytest.mark.parametrize(
    ("board", "button", "big_blind"),
    [
        ("KhKd9h7h6c", "Ah8h", "9c9d"),  # Short 3: a flush beats a full house
        ("6c7d8sJhQd", "As9c", "AhAd"),  # Short 4: A-6-7-8-9 is a straight
    ],
)
def test_examples_short_3_and_4_a_flush_and_a_low_straight(
    board: str, button: str, big_blind: str
) -> None:
    spec = GameSpec(variant="short-deck", blinds=(1, 2))
    hand = Hand(spec, stacks=[100, 100], button=0, hole_cards=[button, big_blind], board=board)
    hand.call()
    while not hand.is_over:
        hand.check()
    assert hand.stacks == (102, 98)


# -- PHH (rule 46) --------------------------------------------------------------------------


@pytest.mark.parametrize("n", [2, 3, 6])
def test_a_button_blind_hand_is_written_and_read_back(n: int) -> None:
    hand = Hand(BUTTON_BLIND, stacks=[50 + 10 * s for s in range(n)], button=n - 1, seed=n)
    hand.raise_to(6)
    while not hand.is_over:
        hand.check_or_call()
    text = to_phh(hand)
    blinds = [0] * n
    blinds[0 if n == 2 else n - 1] = 2  # heads-up, pokerkit reads the list the other way
    assert 'variant = "NS"' in text and f"blinds_or_straddles = {blinds}" in text
    assert "min_bet = 2" in text and "_trips_beat_straight = true" in text
    again = loads_phh(text)
    assert again.spec == hand.spec and again.stacks == hand.stacks


def test_the_order_is_written_only_where_a_reader_would_not_assume_it() -> None:
    spec = GameSpec(variant="short-deck", blinds=(1, 2), trips_beat_straight=False)
    hand = Hand(spec, stacks=[100, 100], seed=5)
    text = to_phh(hand)
    assert "_trips_beat_straight" not in text and loads_phh(text).spec == spec
    bad = text.replace('variant = "NS"', 'variant = "NT"') + "_trips_beat_straight = true\n"
    with pytest.raises(InvalidHistoryError, match="only short-deck has this switch"):
        loads_phh(bad)


def test_a_button_blind_record_needs_one_ante_and_the_blind_as_minimum_bet() -> None:
    text = to_phh(Hand(BUTTON_BLIND, stacks=[100] * 3, button=2, seed=6))
    with pytest.raises(InvalidHistoryError, match="with a button blind every player antes"):
        loads_phh(text.replace("antes = [1, 1, 1]", "antes = [1, 0, 1]"))
    with pytest.raises(InvalidHistoryError, match="minimum bet is the button blind"):
        loads_phh(text.replace("min_bet = 2", "min_bet = 4"))
