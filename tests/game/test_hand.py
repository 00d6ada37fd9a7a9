"""Hands: positions, forced bets, turn order, showdown order, views, copies, replays."""

from __future__ import annotations

import copy
import random

import pytest
from game_helpers import check_around, limp_preflop, play_random

from pokerforge import IllegalActionError, LowRank, evaluate_omaha, evaluate_omaha_low
from pokerforge.errors import InvalidSpecError
from pokerforge.game import (
    Award,
    Bet,
    Call,
    Check,
    DealBoard,
    DealHole,
    Fold,
    GameSpec,
    Hand,
    Muck,
    PostAnte,
    PostBlind,
    Pot,
    RuleProfile,
    Show,
    Street,
)
from pokerforge.game.positions import position_names
from pokerforge.game.pots import build_pots
from pokerforge.game.showdown import resolve


def test_position_names_all_table_sizes() -> None:
    assert position_names(2, 0) == ("BTN", "BB")
    assert position_names(3, 0) == ("BTN", "SB", "BB")
    assert position_names(6, 0) == ("BTN", "SB", "BB", "UTG", "HJ", "CO")
    assert position_names(9, 0)[3:] == ("UTG", "UTG+1", "UTG+2", "UTG+3", "HJ", "CO")
    assert position_names(5, 0) == ("BTN", "SB", "BB", "UTG", "CO")
    assert position_names(4, 0) == ("BTN", "SB", "BB", "UTG")
    for n in range(2, 11):
        names = position_names(n, n - 1)
        assert len(set(names)) == n and names[-1] == "BTN"


@pytest.mark.parametrize("n", range(4, 11))
def test_utg_acts_first_preflop(n: int) -> None:
    # Rule 2: from four players on, UTG exists and is the first to act pre-flop.
    hand = Hand(GameSpec(blinds=(1, 2)), stacks=[100] * n, button=n - 1, seed=1)
    assert hand.positions[hand.actor] == "UTG"  # type: ignore[index]


def test_heads_up_order() -> None:
    hand = Hand(GameSpec(blinds=(1, 2)), stacks=[100, 100], button=1, seed=1)
    assert hand.actor == 1 and hand.bets == (2, 1)  # the button posts the small blind
    hand.call()
    assert hand.actor == 0  # the big blind's option
    hand.check()
    assert hand.street == Street.FLOP and hand.actor == 0  # big blind first after the flop


def test_big_blind_option() -> None:
    hand = Hand(GameSpec(blinds=(1, 2)), stacks=[100] * 3, button=0, seed=1)
    hand.call()
    hand.call()
    assert hand.actor == 2
    legal = hand.legal_actions()
    assert legal.check and legal.call == 0 and legal.min_raise_to == 4


def test_uniform_antes_and_short_ante() -> None:
    spec = GameSpec(blinds=(1, 2), ante=5)
    hand = Hand(spec, stacks=[100, 100, 100, 3], button=0, seed=1)
    antes = [r for r in hand.history if isinstance(r, PostAnte)]
    assert [(r.seat, r.amount) for r in antes] == [(1, 5), (2, 5), (3, 3), (0, 5)]
    assert hand.pots == [Pot(12, (0, 1, 2, 3)), Pot(6, (0, 1, 2))]
    assert hand.stacks[3] == 0 and hand.actor == 0  # the short ante is all-in


@pytest.mark.parametrize(
    ("order", "blind", "ante", "won"), [("blind-first", 2, 1, 3), ("ante-first", 1, 2, 4)]
)
def test_big_blind_ante_order(order: str, blind: int, ante: int, won: int) -> None:
    spec = GameSpec(blinds=(1, 2), ante=2, ante_kind="big-blind",
                    rules=RuleProfile(big_blind_ante_order=order))  # type: ignore[arg-type]  # fmt: skip
    hand = Hand(spec, stacks=[100, 100, 3], button=0, seed=1)
    posted = {type(r).__name__: r.amount for r in hand.history
              if isinstance(r, PostBlind | PostAnte) and r.seat == 2}  # fmt: skip
    assert posted == {"PostBlind": blind, "PostAnte": ante}
    assert hand.legal_actions().call == 2  # the blind's size does not change
    hand.fold()
    if order == "blind-first":
        hand.fold()
        assert hand.stacks[2] == 4 and hand.payouts == (0, 0, won)  # 1 returned uncalled
    else:
        # The small blind's 1 already covers the all-in big blind's 1: it is not asked to
        # act (rule 14) and the board is dealt out.
        assert hand.is_over and hand.street == Street.SHOWDOWN
        assert sum(hand.payouts) == won and sum(hand.stacks) == 203


def test_straddle() -> None:
    hand = Hand(GameSpec(blinds=(1, 2), straddle=4), stacks=[100] * 5, button=0, seed=1)
    assert hand.bets == (0, 1, 2, 4, 0) and hand.actor == 4
    assert hand.legal_actions().min_raise_to == 8  # twice the straddle (RR)
    hand.call()
    hand.call()
    hand.call()
    hand.call()
    assert hand.actor == 3  # the straddler acts last and may raise
    assert hand.legal_actions().min_raise_to == 8
    spec = GameSpec(blinds=(1, 2), straddle=4, rules=RuleProfile(straddle_min_raise="increment"))
    assert Hand(spec, stacks=[100] * 5, seed=1).legal_actions().min_raise_to == 6


def test_pot_limit_counts_short_blinds_at_full_size() -> None:
    spec = GameSpec(betting="pot-limit", blinds=(5, 10))
    hand = Hand(spec, stacks=[1000, 1000, 4, 1000], button=0, seed=1)
    assert hand.legal_actions().max_raise_to == 35
    spec = GameSpec(betting="pot-limit", blinds=(5, 10),
                    rules=RuleProfile(pot_limit_full_blinds=False))  # fmt: skip
    assert Hand(spec, stacks=[1000, 1000, 4, 1000], seed=1).legal_actions().max_raise_to == 29


def test_everyone_all_in_from_the_blinds_runs_out() -> None:
    hand = Hand(GameSpec(blinds=(5, 10)), stacks=[3, 8], button=0, seed=4)
    assert hand.is_over and hand.street == Street.SHOWDOWN
    assert sum(hand.stacks) == 11
    assert [r.street for r in hand.history if isinstance(r, DealBoard)] == [1, 2, 3]


def test_history_records() -> None:
    hand = Hand(GameSpec(blinds=(1, 2)), stacks=[100, 100], button=0, hole_cards=["AhAd", "KcKd"],
                board="2c7d9hTsJs")  # fmt: skip
    hand.call()
    hand.check()
    hand.raise_to(2)
    hand.call()
    hand.check()
    hand.check()
    hand.check()
    hand.check()
    kinds = [type(r) for r in hand.history]
    assert kinds[:4] == [DealHole, DealHole, PostBlind, PostBlind]
    assert Call(0, 1, False) in hand.history and Check(1) in hand.history
    assert Bet(1, 2, 2, False) in hand.history
    shows = [r for r in hand.history if isinstance(r, Show)]
    assert [r.seat for r in shows] == [1, 0]  # nobody bet the river: left of the button first
    assert [str(c) for c in shows[1].cards] == ["Ah", "Ad"]
    assert hand.history[-1] == Award(0, 0, 8, "all")
    with pytest.raises(AttributeError):
        hand.history[-1].amount = 3  # type: ignore[misc]


def test_last_aggressor_shows_first_and_loser_mucks() -> None:
    hand = Hand(GameSpec(blinds=(1, 2)), stacks=[100] * 3, button=0,
                hole_cards=["AhAd", "KcKd", "4c3d"], board="2c8d9hTsJs")  # fmt: skip
    limp_preflop(hand)
    check_around(hand)
    check_around(hand)
    hand.check()  # SB
    hand.raise_to(10)  # BB bets the river
    hand.call()  # BTN
    hand.call()  # SB
    records = [(type(r), r.seat) for r in hand.history if isinstance(r, Show | Muck)]
    assert records == [(Show, 2), (Show, 0), (Muck, 1)]
    assert hand.payouts == (36, 0, 0)


def test_all_in_hands_are_face_up() -> None:
    hand = Hand(GameSpec(blinds=(1, 2)), stacks=[100, 100], button=0,
                hole_cards=["AhAd", "7c2d"], board="2c8d9hTsJs")  # fmt: skip
    hand.raise_to(100)
    hand.call()
    assert sum(isinstance(r, Show) for r in hand.history) == 2


def test_a_player_who_loses_the_main_pot_shows_for_the_side_pot() -> None:
    ranks = {0: (5000, 0), 1: (4000, 0), 2: (100, 0)}
    pots = [Pot(150, (0, 1, 2)), Pot(100, (1, 2))]
    result = resolve(pots, ranks, show_order=[0, 1, 2], odd_chip_order=[1, 2, 0])
    assert result.shown == [0, 1] and result.mucked == [2]
    assert result.awards == [(0, 0, 150, "all"), (1, 1, 100, "all")]


def test_hilo_quartering_and_odd_chips_with_given_ranks() -> None:
    ranks = {0: (900, 0), 1: (100, 40), 2: (100, 40)}
    result = resolve([Pot(10, (0, 1, 2))], ranks, show_order=[0, 1, 2],
                     odd_chip_order=[1, 2, 0], hilo=True)  # fmt: skip
    assert result.awards == [(0, 0, 5, "high"), (0, 1, 3, "low"), (0, 2, 2, "low")]
    ranks = {0: (900, 56), 1: (900, 10), 2: (100, 0)}  # seat 0 scoops the low, ties high
    result = resolve([Pot(11, (0, 1, 2))], ranks, show_order=[0, 1, 2],
                     odd_chip_order=[1, 2, 0], hilo=True)  # fmt: skip
    assert result.awards == [(0, 1, 3, "high"), (0, 0, 3, "high"), (0, 0, 5, "low")]
    result = resolve([Pot(30, (0, 1))], {0: (5, 0), 1: (5, 0)}, show_order=[0, 1],
                     odd_chip_order=[0, 1], unit=10)  # fmt: skip
    assert result.awards == [(0, 0, 20, "all"), (0, 1, 10, "all")]


def test_view_hides_other_hole_cards() -> None:
    hand = Hand(GameSpec(blinds=(1, 2)), stacks=[100] * 3, button=0, seed=5)
    view = hand.view(2)
    assert view.hole_cards[2] == hand.hole_cards[2]
    assert view.hole_cards[0] is None and view.hole_cards[1] is None
    hidden = [r for r in view.history if isinstance(r, DealHole)]
    assert [len(r.indices) for r in hidden] == [0, 0, 2]
    assert view.legal_actions is None and hand.view(0).legal_actions == hand.legal_actions()
    with pytest.raises(ValueError, match="seat"):
        hand.view(3)


def test_copy_is_independent() -> None:
    hand = Hand(GameSpec(blinds=(1, 2)), stacks=[100] * 3, button=0, seed=5)
    twin = hand.copy()
    twin.raise_to(10)
    twin.fold()
    twin.fold()
    assert twin.is_over and not hand.is_over
    assert hand.bets == (0, 1, 2) and hand.actor == 0
    assert len(hand.history) < len(twin.history)
    hand.fold()
    assert twin.history[-1] != hand.history[-1]


def test_same_seed_same_hand_and_replay() -> None:
    spec = GameSpec(variant="omaha", betting="pot-limit", blinds=(1, 2))
    a = Hand(spec, stacks=[100] * 4, seed=77)
    b = Hand(spec, stacks=[100] * 4, seed=77)
    assert a.history == b.history and a.seed == 77
    for hand in (a, b):
        limp_preflop(hand)
    assert a.board == b.board
    holes = [a.hole_cards[s] for s in range(4)]
    c = Hand(spec, stacks=[100] * 4, hole_cards=holes, board=[str(x) for x in a.board])
    assert [c.hole_cards[s] for s in range(4)] == holes
    limp_preflop(c)
    assert c.board == a.board
    assert Hand(spec, stacks=[100] * 4).seed is not None


def test_fold_leaves_one_winner_without_showdown() -> None:
    hand = Hand(GameSpec(blinds=(1, 2)), stacks=[100] * 3, button=0, seed=5)
    limp_preflop(hand)
    hand.raise_to(6)
    hand.fold()
    hand.fold()
    assert hand.is_over and hand.street == Street.FLOP
    assert not any(isinstance(r, Show) for r in hand.history)
    assert hand.payouts == (0, 6, 0) and hand.net == (-2, 4, -2)
    assert Fold(2) in hand.history


@pytest.mark.parametrize("half_rule", [True, False])
def test_limit_half_bet_all_in_reopens(half_rule: bool) -> None:
    spec = GameSpec(betting="fixed-limit", blinds=(5, 10), small_bet=10, big_bet=20,
                    rules=RuleProfile(limit_half_bet_rule=half_rule))  # fmt: skip
    hand = Hand(spec, stacks=[1000, 1000, 40, 1000], button=0, seed=1)
    limp_preflop(hand)
    check_around(hand)
    hand.raise_to(20)  # A (small blind) bets the turn
    hand.raise_to(30)  # B all-in: half a bet more
    legal = hand.legal_actions()
    assert legal.min_raise_to == (50 if half_rule else 40)
    hand.call()
    hand.call()
    legal = hand.legal_actions()  # back to A
    assert hand.actor == 1
    assert legal.call == 10
    assert legal.min_raise_to == (50 if half_rule else None)


@pytest.mark.parametrize(
    ("short", "again", "to"),
    [("all-in", 50, 30), ("full-bet", 60, 40), ("completes", 40, 20)],
)
def test_limit_short_all_in_leaves_the_next_raise_where_the_switch_says(
    short: str, again: int, to: int
) -> None:
    # Rule 18's switch. The turn's bet is 20: A bets 20, B goes all in for 30, half a bet
    # more; C's raise goes to 50 (a bet above the all-in), 60 (a bet above the 40 it
    # stands for: Bovada, iPoker) or 40 (the 40 it falls short of: PokerStars); and A,
    # who bet before it, may raise to the same, the betting reopened.
    spec = GameSpec(betting="fixed-limit", blinds=(5, 10), small_bet=10, big_bet=20,
                    rules=RuleProfile(limit_short_all_in=short))  # type: ignore[arg-type]  # fmt: skip
    hand = Hand(spec, stacks=[1000, 1000, 40, 1000], button=0, seed=1)
    limp_preflop(hand)
    check_around(hand)
    hand.raise_to(20)
    hand.raise_to(30)
    legal = hand.legal_actions()
    assert (hand.actor, legal.min_raise_to, legal.max_raise_to) == (3, again, again)
    hand.call()
    hand.call()
    assert (hand.actor, hand.legal_actions().min_raise_to) == (1, again)
    # An all-in opening bet of half a bet: the next bet completes it (`"completes"`), else
    # a bet above the all-in or the bet it stands for.
    hand = Hand(spec, stacks=[1000, 1000, 20, 1000], button=0, seed=1)
    limp_preflop(hand)
    check_around(hand)
    hand.check()
    hand.raise_to(10)  # B all-in, 10 of a 20 bet
    assert hand.legal_actions().min_raise_to == to


def test_a_limit_short_all_in_switch_that_is_none_is_refused() -> None:
    with pytest.raises(InvalidSpecError, match="limit_short_all_in must be one of"):
        RuleProfile(limit_short_all_in="half")  # type: ignore[arg-type]


def test_limit_raise_after_an_odd_all_in_ignores_the_chip_unit() -> None:
    # An all-in of 31 in a 5-chip unit makes the only fixed-limit raise 61 (31 + the
    # 30 bet): offered, so legal, though not a multiple of the unit.
    spec = GameSpec(betting="fixed-limit", blinds=(0, 15), small_bet=30, big_bet=60,
                    chip_unit=5)  # fmt: skip
    hand = Hand(spec, stacks=[200, 31, 200, 200], button=0, seed=3)
    hand.call()  # seat 3
    hand.call()  # the button
    hand.raise_to(31)  # the small blind all-in: half a bet more than 15
    legal = hand.legal_actions()
    assert (hand.actor, legal.min_raise_to, legal.max_raise_to) == (2, 61, 61)
    assert hand.can_raise_to(61)
    hand.raise_to(61)
    assert (hand.actor, hand.legal_actions().call) == (3, 46)
    assert not hand.can_raise_to(90)  # the rule's amount is 91, not a multiple of 5 near it


def test_no_limit_opening_bet_is_at_least_the_big_blind() -> None:
    hand = Hand(GameSpec(blinds=(5, 10)), stacks=[1000] * 3, button=0, seed=1)
    limp_preflop(hand)
    legal = hand.legal_actions()
    assert legal.check and legal.min_raise_to == 10
    assert not hand.can_raise_to(5)
    hand.raise_to(10)
    assert hand.legal_actions().min_raise_to == 20


def test_hilo_side_pot_through_a_hand() -> None:
    spec = GameSpec(variant="omaha-hilo", betting="pot-limit", blinds=(1, 2))
    hand = Hand(spec, stacks=[20, 100, 100], button=0,
                hole_cards=["Ah2h9c9d", "KdKs3c4c", "QdQs8h7h"], board="5d6s7cKhQc")  # fmt: skip
    hand.raise_to(7)  # button
    hand.raise_to(20)  # small blind
    hand.call()  # big blind
    hand.call()  # button all-in for 20
    assert hand.pots == [Pot(60, (0, 1, 2))]
    hand.raise_to(30)
    hand.call()
    check_around(hand)
    check_around(hand)
    assert hand.is_over
    # Main pot 60: high to seat 1's 7-high straight, low to seat 0's 7-6-5-2-A (better than
    # seat 1's 7-6-5-4-3). Side pot 60 (seats 1, 2): seat 2 has no low, seat 1 scoops.
    assert hand.payouts == (30, 90, 0)


def test_shown_lows_are_low_ranks_or_none() -> None:
    every_hand_shown = RuleProfile(muck_losing_hands=False)
    spec = GameSpec(variant="omaha-hilo", blinds=(1, 2), rules=every_hand_shown)
    holes = ["Ah2h9c9d", "KdKs3c4c", "QdQs8h7h"]
    hand = Hand(spec, stacks=[100, 100, 100], button=0, hole_cards=holes, board="5d6s7cKhQc")
    limp_preflop(hand)
    for _ in range(3):
        check_around(hand)
    shows = {r.seat: r for r in hand.history if isinstance(r, Show)}
    assert sorted(shows) == [0, 1, 2]
    for seat, show in shows.items():
        assert show.low == evaluate_omaha_low(holes[seat], "5d6s7cKhQc")
        assert show.rank == int(evaluate_omaha(holes[seat], "5d6s7cKhQc"))
    assert isinstance(shows[0].low, LowRank)
    assert shows[0].low.describe() == "7-6-5-2-A low"
    assert shows[2].low is None  # Q-Q-8-7 with 5-6-7: no low of five distinct ranks
    holdem = Hand(
        GameSpec(rules=every_hand_shown),
        stacks=[100, 100],
        hole_cards=["AhKh", "QsQd"],
        board="2c7d9hTs3s",
    )
    limp_preflop(holdem)
    for _ in range(3):
        check_around(holdem)
    assert [r.low for r in holdem.history if isinstance(r, Show)] == [None, None]


def _public_by_properties(hand: Hand) -> tuple[object, ...]:
    return (
        hand.street,
        hand.board_indices,
        hand.stacks,
        hand.bets,
        hand.folded,
        hand.actor,
        hand.legal_actions(),
    )


@pytest.mark.parametrize(
    "spec",
    [
        GameSpec(blinds=(1, 2)),
        GameSpec(variant="omaha", betting="pot-limit", blinds=(1, 2)),
        GameSpec(betting="fixed-limit", blinds=(1, 2), small_bet=2, big_bet=4),
        GameSpec(blinds=(1, 2), rules=RuleProfile(showdown="ask", all_in_face_up=False)),
    ],
)
def test_public_state_is_what_the_properties_give(spec: GameSpec) -> None:
    rng = random.Random(5)
    for seed in range(40):
        stacks = [rng.choice([3, 30, 200]) for _ in range(rng.randint(2, 6))]
        hand = Hand(spec, stacks=stacks, button=seed % len(stacks), seed=seed)
        dealt = [rec for rec in hand.history if isinstance(rec, DealHole)]
        assert hand.hole_indices == tuple(rec.indices for rec in sorted(dealt))
        assert hand.hole_indices[0] == tuple(c.index for c in hand.hole_cards[0])
        while True:
            state = hand.public_state()
            assert tuple(state) == _public_by_properties(hand)
            assert type(state.street) is Street and type(state.stacks) is tuple
            if hand.is_over:
                break
            taken = copy.deepcopy(state)
            if hand.actor is not None and hand.legal_actions() == (False, False, 0, None, None):
                hand.show()  # an asked showdown
            else:
                play_random(hand, rng, steps=1)
            assert state == taken  # a snapshot: playing on does not change it


@pytest.mark.parametrize(
    ("spec", "extra"),
    [
        (GameSpec(blinds=(1, 2)), {}),
        (GameSpec(variant="omaha", betting="pot-limit", blinds=(1, 2)), {}),
        (GameSpec(betting="fixed-limit", blinds=(1, 2), small_bet=2, big_bet=4), {}),
        (GameSpec(blinds=(1, 2), straddle=4, ante=1), {}),
        (GameSpec(blinds=(1, 2), ante=2, ante_kind="big-blind"), {"dead_small_blind": True}),
        (GameSpec(blinds=(1, 2)), {"posts": "UTG"}),
        # Once dealt from all 52 cards, twos to fives among them.
        (GameSpec(variant="short-deck", blinds=(1, 2)), {}),
    ],
)
def test_deal_again_is_the_hand_the_constructor_deals(
    spec: GameSpec, extra: dict[str, object]
) -> None:
    rng = random.Random(9)
    extra = dict(extra)
    posts_utg = extra.pop("posts", None) == "UTG"
    for button in range(5):
        stacks = [rng.choice([2, 3, 40, 200]) for _ in range(5)]
        if posts_utg:  # a live and a dead post under the gun
            extra["posts"] = [((button + 3) % 5, 2, 1)]
        first = Hand(spec, stacks=stacks, button=button, seed=12345, **extra)  # type: ignore[arg-type]
        before = first.history
        if first.is_over or first.board_indices:
            with pytest.raises(IllegalActionError, match="cannot deal again"):
                first.deal_again(seed=1)
            continue
        for seed in range(20):
            again = first.deal_again(seed=seed)
            made = Hand(spec, stacks=stacks, button=button, seed=seed, **extra)  # type: ignore[arg-type]
            assert again.history == made.history and again.seed == made.seed == seed
            assert again.public_state() == made.public_state()
            play_random(again, random.Random(seed))
            play_random(made, random.Random(seed))
            assert again.history == made.history
            assert again.stacks == made.stacks and again.payouts == made.payouts
        assert first.history == before  # dealing again leaves the hand it came from as it was


def test_deal_again_refuses_a_hand_under_way() -> None:
    hand = Hand(GameSpec(blinds=(1, 2)), stacks=[100] * 3, seed=4)
    again = hand.deal_again(seed=5)
    hand.call()
    for refused in [
        hand,
        Hand(GameSpec(), stacks=[100] * 3, seed=4, unknown_hole_cards=[1]),
        Hand(GameSpec(), stacks=[100] * 3, seed=4, recorded_winnings=[0, 0, 3]),
    ]:
        with pytest.raises(IllegalActionError, match="cannot deal again"):
            refused.deal_again(seed=5)
    assert again.actor == 0 and len(again.history) == 5  # unchanged by the refusals


def test_build_pots_with_one_live_seat_gives_it_every_chip() -> None:
    rng = random.Random(11)
    for _ in range(500):
        n = rng.randint(2, 9)
        contributions = [rng.choice([0, 0, 1, 7, 40]) for _ in range(n)]
        live = rng.randrange(n)
        folded = [seat != live for seat in range(n)]
        dead = rng.choice([0, 0, 3])
        total = sum(contributions) + dead
        expected = [Pot(total, (live,))] if total else []
        assert build_pots(contributions, folded, dead) == expected


@pytest.mark.parametrize(
    "spec",
    [GameSpec(blinds=(1, 2)), GameSpec(blinds=(1, 2), ante=1, ante_kind="big-blind")],
)
def test_a_hand_won_uncontested_has_the_pots_build_pots_gives(spec: GameSpec) -> None:
    # The last seat left is paid one pot of every chip, dead money included.
    rng = random.Random(5)
    uncontested = 0
    for seed in range(300):
        hand = play_random(Hand(spec, stacks=[60, 200, 120, 90], seed=seed), rng, call_share=0.3)
        if sum(not f for f in hand.folded) != 1:
            continue
        uncontested += 1
        dead = sum(r.amount for r in hand.history if isinstance(r, PostAnte))
        assert hand.pots == build_pots(list(hand.contributions), list(hand.folded), dead)
        assert hand.payouts == tuple(sum(p.amount for p in hand.pots) if not f else 0
                                     for f in hand.folded)  # fmt: skip
    assert uncontested > 50


def test_hole_and_up_cards_are_properties_and_the_old_calls_warn() -> None:
    hand = Hand(GameSpec(), stacks=[50, 50, 50], seed=4, hole_cards=["AsKd", None, None])
    assert [str(c) for c in hand.hole_cards[0]] == ["As", "Kd"]
    assert len(hand.hole_cards) == 3 and hand.up_cards == ((), (), ())
    with pytest.warns(DeprecationWarning, match=r"hand.hole_cards\[seat\]"):
        assert hand.hole_cards(0) == hand.hole_cards[0]
    with pytest.warns(DeprecationWarning), pytest.raises(InvalidSpecError, match="seat"):
        hand.hole_cards(7)


def test_chips_the_room_added_are_dead_money_in_the_main_pot() -> None:
    # A Cash Drop of 20 in a pot-limit hand: the first raise may be to the pot with it
    # (1 + 2 + 20 + the call of 2, on 2), and the winner takes it with the main pot.
    spec = GameSpec(betting="pot-limit", blinds=(1, 2))
    hand = Hand(spec, stacks=[100, 100, 100], button=0, seed=5, added=20)
    assert hand.added == 20 and hand.legal_actions().max_raise_to == 27
    hand.raise_to(27)
    hand.fold()
    hand.fold()
    # The pot: his 2 the big blind matched, the blinds' 3 and the room's 20 (his other 25
    # returned uncalled).
    assert hand.payouts == (25, 0, 0) and hand.stacks == (123, 99, 98)
    assert sum(hand.stacks) == 300 + 20
    # Played out to a showdown, chips are conserved with the room's counted in.
    spec = GameSpec(blinds=(1, 2))
    for seed in range(20):
        hand = play_random(Hand(spec, stacks=[40, 60, 80], seed=seed, added=7), random.Random(seed))
        assert sum(hand.stacks) == 180 + 7
    # Dealt again, the hand keeps them (and its players' own posts).
    spec = GameSpec(variant="2-7-triple-draw", betting="fixed-limit", blinds=(1, 2),
                    small_bet=2, big_bet=4)  # fmt: skip
    first = Hand(spec, stacks=[50] * 4, seed=1, posts=[(3, 2, 1)], added=3)
    again = first.deal_again(seed=2)
    assert (again.added, again.bets, again.state.dead) == (3, (0, 1, 2, 2), 4)


@pytest.mark.parametrize("added", [-1, 1.5, "20", True])
def test_chips_added_that_are_no_chips_are_refused(added: object) -> None:
    with pytest.raises(InvalidSpecError, match="the chips added to the pot must be a whole"):
        Hand(GameSpec(), stacks=[100, 100], added=added)  # type: ignore[arg-type]
