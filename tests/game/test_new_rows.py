"""Games added as rows of the variant table (issue 45): Courchevel, Big O and Courchevel
hi-lo. Each is a row in the core's table and nothing else: these tests play them through
every part."""

from __future__ import annotations

import random

import pytest

from pokerforge import equity
from pokerforge.errors import InvalidSpecError
from pokerforge.game import GameSpec, Hand, Street, loads_phh, to_phh
from pokerforge.game.decision import play
from pokerforge.games import ROWS, game_name
from pokerforge.sim.policies import RandomPolicy

COURCHEVEL = GameSpec(variant="courchevel", betting="pot-limit", blinds=(1, 2))
BIG_O = GameSpec(variant="big-o", betting="pot-limit", blinds=(1, 2))
COURCHEVEL_HILO = GameSpec(variant="courchevel-hilo", betting="pot-limit", blinds=(1, 2))


def test_courchevel_turns_a_board_card_before_the_first_round() -> None:
    hand = Hand(COURCHEVEL, stacks=[100, 100, 100], seed=5)
    assert hand.street == Street.PREFLOP and len(hand.board) == 1
    assert all(len(hand.hole_cards[seat]) == 5 for seat in range(3))
    while hand.street == Street.PREFLOP:
        hand.check_or_call()
    assert hand.street == Street.FLOP and len(hand.board) == 3
    assert hand.board[0] == Hand(COURCHEVEL, stacks=[100, 100, 100], seed=5).board[0]
    again = Hand(COURCHEVEL, stacks=[100, 100, 100], seed=5).deal_again(seed=6)
    assert again.history == Hand(COURCHEVEL, stacks=[100, 100, 100], seed=6).history


@pytest.mark.parametrize(
    "spec", [COURCHEVEL, BIG_O, COURCHEVEL_HILO], ids=["courchevel", "big-o", "courchevel-hilo"]
)
def test_random_hands_replay_from_their_histories(spec: GameSpec) -> None:
    rng = random.Random(spec.variant)
    for _ in range(30):
        n = rng.randint(2, 8)
        hand = Hand(spec, stacks=[rng.randint(10, 300) for _ in range(n)], seed=rng.getrandbits(32))
        play(hand, [RandomPolicy(rng.getrandbits(16)) for _ in range(n)])
        again = loads_phh(to_phh(hand))
        assert again.stacks == hand.stacks and again.history == hand.history


def test_big_o_is_five_card_omaha_hi_lo() -> None:
    plain = GameSpec(variant="omaha-hilo", betting="pot-limit", blinds=(1, 2), hole_cards=5)
    for seed in range(20):
        ours = Hand(BIG_O, stacks=[50, 50, 50], seed=seed)
        theirs = Hand(plain, stacks=[50, 50, 50], seed=seed)
        for hand in (ours, theirs):
            while not hand.is_over:
                hand.check_or_call()
        assert ours.payouts == theirs.payouts and ours.board == theirs.board
    with pytest.raises(InvalidSpecError, match="Big O deals 5 cards to each player, not 4"):
        GameSpec(variant="big-o", hole_cards=4)


def test_courchevel_hi_lo_is_courchevels_deal_split_high_and_low() -> None:
    split = 0
    for seed in range(20):
        ours = Hand(COURCHEVEL_HILO, stacks=[50, 50, 50], seed=seed)
        high = Hand(COURCHEVEL, stacks=[50, 50, 50], seed=seed)
        assert len(ours.board) == 1
        for hand in (ours, high):
            while not hand.is_over:
                hand.check_or_call()
        assert ours.board == high.board and ours.hole_cards == high.hole_cards
        assert sum(ours.payouts) == sum(high.payouts)
        split += ours.payouts != high.payouts  # a low took half
    assert split > 0
    assert game_name("Courchevel_Hi_Lo") == "courchevel-hilo"
    assert ROWS["courchevel-hilo"].phh[0] == ("pot-limit", "PC/8")


def test_the_names_the_equity_and_the_table() -> None:
    assert game_name("Big_O") == "big-o" and game_name("5-card-omaha-hilo") == "big-o"
    assert ROWS["courchevel"].phh == (
        ("pot-limit", "PC"),
        ("no-limit", "NC"),
        ("fixed-limit", "FC"),
    )
    result = equity(["AhKhQd2c3c", "KsKdJc9c8s"], "2d", game="courchevel", method="exact")
    assert abs(sum(p.equity for p in result.players) - 1) < 1e-9
    hi_lo = equity(["Ah2h3d4c5c", "KsKdJc9c8s"], "6d7s9h", game="big-o", method="exact")
    plain = equity(["Ah2h3d4c5c", "KsKdJc9c8s"], "6d7s9h", game="omaha-hilo", method="exact")
    assert hi_lo.players[0].equity == plain.players[0].equity


def test_the_service_ranks_them_by_their_rows() -> None:
    from pokerforge.service.convert import evaluate_fields, evaluate_json  # noqa: PLC0415

    assert evaluate_fields("big-o") == {"hole": (5,), "board": (3, 4, 5)}
    cards = {"hole": "Ah2h3d4c5c", "board": "6d7s8hKcQd"}
    big_o = evaluate_json("big-o", **cards)
    assert big_o == {**evaluate_json("omaha-hilo", **cards), "game": "big-o"}
    assert big_o["low"]["description"] == "8-7-6-2-A low"
    courchevel = evaluate_json("courchevel", hole="AhKhQd2c3c", board="Ad7s9hKcQs")
    assert courchevel["high"]["category"] == "two_pair" and courchevel["low"] is None
