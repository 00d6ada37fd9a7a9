"""Exact equity for ``pokerforge.equity``: reference figures, the oracle, symmetry, hi-lo.

The exact engine is pinned to published reference figures (AhAs vs KdKc, AhKh vs QsQd,
AA vs a random hand, a three-way flop, PLO8 heads-up) and, on flops and turns, to the
oracle in ``equity_helpers``: every runout is dealt with ``itertools`` and ranked through
``evaluate_many``, so the oracle shares nothing with the equity engine but the evaluator
(which ``tests/test_eval.py`` pins on its own). Swapping players or relabelling suits
changes nothing, and the hi-lo fields appear only in hi-lo games and add up.

Every call is bounded (explicit samples or a small exact case) so nothing can hang, and
nothing here asserts on timings.
"""

from __future__ import annotations

import itertools
import math
from typing import Any

import numpy as np
import pytest

import pokerforge
from equity_helpers import (
    assert_matches,
    category_of_class,
    check_consistent,
    indices,
    oracle,
    shares,
)
from pokerforge import Category, equity

HEADS_UP_BOARDS = 1_712_304  # C(48, 5)
PLO_HEADS_UP_BOARDS = 1_086_008  # C(44, 5)


# --------------------------------------------------------------------------- references


def test_aces_vs_kings_reference() -> None:
    result = equity(["AhAs", "KdKc"], method="exact")
    check_consistent(result)
    aces, kings = result.players
    assert result.exact
    assert result.deals == HEADS_UP_BOARDS
    assert aces.equity == pytest.approx(0.812555, abs=5e-7)
    # The published counts, recovered from the fractions.
    assert round(aces.win * result.deals) == 1_388_072
    assert round(aces.tie * result.deals) == 6_538
    assert round(aces.lose * result.deals) == 317_694
    assert round(kings.win * result.deals) == 317_694
    assert round(kings.tie * result.deals) == 6_538
    assert aces.equity == pytest.approx((1_388_072 + 6_538 / 2) / HEADS_UP_BOARDS, abs=1e-12)


@pytest.mark.slow  # the core's work, the same on every Python: 3.11 only in the test command
def test_aces_vs_kings_categories_match_oracle() -> None:
    """Every pre-flop board, dealt here, gives the same win/tie counts and categories."""
    deck = [c for c in range(52) if c not in indices("AhAsKdKc")]
    boards = np.array(list(itertools.combinations(deck, 5)), dtype=np.uint8)
    ranks = [
        pokerforge.evaluate_many(
            np.hstack([np.tile(np.array(indices(h), dtype=np.uint8), (len(boards), 1)), boards])
        ).astype(np.int64)
        for h in ("AhAs", "KdKc")
    ]
    result = equity(["AhAs", "KdKc"], method="exact")
    assert int((ranks[0] > ranks[1]).sum()) == 1_388_072
    assert int((ranks[0] < ranks[1]).sum()) == 317_694
    assert int((ranks[0] == ranks[1]).sum()) == 6_538
    for rank, player in zip(ranks, result.players, strict=True):
        counts = np.bincount(category_of_class()[rank], minlength=9)
        for cat in Category:
            assert round(player.categories[cat] * len(boards)) == counts[int(cat)]


def test_ak_suited_vs_queens_reference() -> None:
    result = equity(["AhKh", "QsQd"], method="exact")
    check_consistent(result)
    ak = result.players[0]
    assert ak.equity == pytest.approx(0.46214, abs=5e-6)
    assert ak.win == pytest.approx(0.46018, abs=5e-6)
    assert ak.tie == pytest.approx(0.00393, abs=5e-6)
    assert result.players[1].equity == pytest.approx(1 - 0.46214, abs=5e-6)


def test_aces_vs_one_random_hand_reference() -> None:
    """The slow one (about a second): every board and every opposing combo."""
    result = equity(["AhAs", "random"], method="exact")
    check_consistent(result)
    assert result.exact
    assert result.players[0].equity == pytest.approx(0.852037, abs=5e-7)


def test_three_way_flop_reference() -> None:
    result = equity(["AhKh", "QsQd", "JcTc"], board="2h7h9c")
    check_consistent(result)
    assert result.exact
    assert result.deals == 903
    assert [round(e * 100, 3) for e in shares(result)] == [52.602, 32.115, 15.282]
    assert_matches(result, oracle(("AhKh", "QsQd", "JcTc"), "2h7h9c"))


def test_plo8_reference() -> None:
    result = equity(["As2s3d4d", "KhKcQhQc"], game="omaha-hilo", method="exact")
    check_consistent(result)
    assert result.exact
    assert result.deals == PLO_HEADS_UP_BOARDS
    low_hand, kings = result.players
    assert low_hand.equity == pytest.approx(0.550647, abs=5e-7)
    for p in result.players:
        assert p.high is not None
        assert p.low is not None
        assert p.scoop is not None
        assert p.high + p.low == pytest.approx(p.equity, abs=1e-12)
        assert 0.0 <= p.scoop <= p.equity + 1e-12
    # Kings cannot make a low.
    assert kings.low == 0.0


# --------------------------------------------------------------------------- exact vs oracle


@pytest.mark.parametrize(
    ("hands", "board", "dead"),
    [
        (("AhAs", "KdKc"), "2c3d4h", ""),
        (("AhAs", "KdKc"), "2c3d4h", "5s6s"),
        (("AhKh", "QsQd", "JcTc", "9d9c"), "2h7h9s", ""),
        (("7c2d", "AsKs"), "Ts9s8d5c", ""),
        (("7c2d", "AsKs"), "Ts9s8d5c", "6c7s"),
        (("AhAs", "KdKc", "QhQd"), "2s3s4s5s6s", ""),
        (("Th9h", "TsTc", "Ad2c", "8h8d", "KsQs"), "", "2s3s4s5s6s7s8s9sJsAs2d3d4d5d6d7d9d"),
    ],
    ids=["flop", "flop+dead", "4-way flop", "turn", "turn+dead", "river", "5-way heavy dead"],
)
def test_exact_matches_oracle(hands: tuple[str, ...], board: str, dead: str) -> None:
    result = equity(list(hands), board=board or None, dead=dead or None, method="exact")
    check_consistent(result)
    figures = oracle(hands, board, dead)
    assert result.deals == figures["deals"]
    assert_matches(result, figures)


@pytest.mark.parametrize(("board", "deals"), [("", 1_712_304), ("2c3d4h", 990), ("2c3d4h9s", 44)])
def test_deals_counted_by_board_size(board: str, deals: int) -> None:
    result = equity(["AhAs", "KdKc"], board=board or None, method="exact")
    assert result.deals == deals


def test_full_board_is_one_deal() -> None:
    result = equity(["AhAs", "KdKc", "QsQh"], board="2c3d4h9sTs", method="exact")
    assert result.deals == 1
    assert [(p.win, p.tie) for p in result.players] == [(1.0, 0.0), (0.0, 0.0), (0.0, 0.0)]
    assert result.players[0].categories[Category.PAIR] == 1.0


def test_split_pot_on_the_board() -> None:
    result = equity(["2c3d", "2h3s"], board="AsKsQsJsTs", method="exact")
    assert shares(result) == [0.5, 0.5]
    assert [p.tie for p in result.players] == [1.0, 1.0]
    assert [p.win for p in result.players] == [0.0, 0.0]
    assert result.players[0].categories[Category.STRAIGHT_FLUSH] == 1.0


def test_dead_cards_change_the_result() -> None:
    live = equity(["AhAs", "KdKc"], board="Kh7c2d")
    dead = equity(["AhAs", "KdKc"], board="Kh7c2d", dead="AdAc")
    assert dead.deals < live.deals
    assert dead.players[0].equity < live.players[0].equity
    assert dead.players[0].equity == pytest.approx(
        oracle(("AhAs", "KdKc"), "Kh7c2d", "AdAc")["equity"][0], abs=1e-12
    )


def test_ten_known_hands() -> None:
    hands = ["AhAs", "KdKc", "QhQs", "JdJc", "Th9h", "8s7s", "6d6c", "5h4h", "3s2s", "AdKs"]
    result = equity(hands, method="exact")
    check_consistent(result)
    assert result.deals == math.comb(32, 5)


# --------------------------------------------------------------------------- symmetry


@pytest.mark.parametrize(
    ("players", "kwargs"),
    [
        (["AhAs", "KdKc"], {}),
        (["AhKh", "QsQd", "JcTc"], {"board": "2h7h9c"}),
        (["QQ+, AKs", "JJ, 0.5(AQs)"], {}),
        (["AhKh", "random"], {"board": "2h7h9c"}),
        (["As2s3d4d", "KhKcQhQc"], {"game": "omaha-hilo", "board": "5h6c9d"}),
        (["AsKsJd4d", "KhKcQhQc", "9d8d7c6c"], {"game": "omaha", "board": "2c7h9s"}),
    ],
    ids=["hu", "3-way flop", "ranges", "random", "plo8 flop", "plo 3-way"],
)
def test_swapping_players_swaps_results(players: list[str], kwargs: dict[str, Any]) -> None:
    forward = equity(players, method="exact", **kwargs)
    backward = equity(players[::-1], method="exact", **kwargs)
    check_consistent(forward)
    assert forward.deals == backward.deals
    for p, q in zip(forward.players, backward.players[::-1], strict=True):
        assert p.equity == pytest.approx(q.equity, abs=1e-12)
        assert p.win == pytest.approx(q.win, abs=1e-12)
        assert p.tie == pytest.approx(q.tie, abs=1e-12)
        assert p.high == pytest.approx(q.high, abs=1e-12)
        assert p.low == pytest.approx(q.low, abs=1e-12)
        assert p.scoop == pytest.approx(q.scoop, abs=1e-12)
        for cat in Category:
            assert p.categories[cat] == pytest.approx(q.categories[cat], abs=1e-12)


def test_suit_relabelling_changes_nothing() -> None:
    """Swapping hearts and spades everywhere gives the same figures."""
    a = equity(["AhKh", "QsQd", "JcTc"], board="2h7h9c")
    b = equity(["AsKs", "QhQd", "JcTc"], board="2s7s9c")
    assert shares(a) == pytest.approx(shares(b), abs=1e-12)


# --------------------------------------------------------------------------- hi-lo fields


@pytest.mark.parametrize(
    ("players", "game"),
    [(["AhKh", "QsQd"], "holdem"), (["AhKhQdJd", "2c3c4d5d"], "omaha")],
)
def test_hilo_fields_absent_outside_hilo(players: list[str], game: str) -> None:
    result = equity(players, board="2h7h9c", game=game)  # type: ignore[arg-type]
    for p in result.players:
        assert (p.high, p.low, p.scoop) == (None, None, None)


def test_hilo_fields_on_turn() -> None:
    result = equity(["As2s3d4d5c", "KhKcQhQcJd"], game="omaha-hilo", board="5h6c9d")
    check_consistent(result)
    for p in result.players:
        assert p.high is not None
        assert p.low is not None
        assert p.high + p.low == pytest.approx(p.equity, abs=1e-12)
    total_high = sum(p.high or 0.0 for p in result.players)
    total_low = sum(p.low or 0.0 for p in result.players)
    # Without a qualifying low the high hand takes the whole pot, so high >= half.
    assert total_high >= 0.5 - 1e-12
    assert total_high + total_low == pytest.approx(1.0, abs=1e-12)


def test_hilo_scoop_when_no_low_possible() -> None:
    """Board K-Q-J-9: no low can qualify, so the high hand scoops every time."""
    result = equity(["AsTs2d3d", "KhKcQhQc"], game="omaha-hilo", board="KdQsJc9h")
    for p in result.players:
        assert p.low == 0.0
        assert p.scoop == pytest.approx(p.win, abs=1e-12)


def test_plo8_monte_carlo_three_way() -> None:
    result = equity(["As2s3d4d", "KhKcQhQc", None], game="omaha-hilo", samples=20_000, seed=1)
    check_consistent(result)
    for p in result.players:
        assert p.high is not None
        assert p.low is not None
        assert p.high + p.low == pytest.approx(p.equity, abs=1e-12)
