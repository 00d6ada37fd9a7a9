"""Tests for ``pokerforge.equity``: exact and Monte Carlo equity, results, ranges, errors.

The exact engine is pinned to published reference figures (AhAs vs KdKc, AhKh vs QsQd,
AA vs a random hand, a three-way flop, PLO8 heads-up) and, on flops and turns, to an
oracle written here: every runout is dealt with ``itertools`` and ranked through
``evaluate_many``, so the oracle shares nothing with the equity engine but the evaluator
(which ``tests/test_eval.py`` pins on its own). Ranges are checked against that oracle
combo by combo, with their weights. Monte Carlo must land within four standard errors of
the exact value, give identical results for a seed whatever the thread count, and stop on
``samples``, ``target_stderr`` or ``time_limit``. Every bad input is pinned to its named
exception and a message that names the problem.

Every call is bounded (explicit samples or a small exact case) so nothing can hang, and
nothing here asserts on timings.
"""

from __future__ import annotations

import itertools
import math
import pickle
import signal
from collections.abc import Iterator, Sequence
from functools import cache
from types import FrameType
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest

import pokerforge
from pokerforge import (
    Card,
    CardCountError,
    CardSet,
    Category,
    DuplicateCardError,
    EquityResult,
    HandRank,
    InvalidCardError,
    InvalidRangeError,
    InvalidSpecError,
    PokerError,
    Range,
    equity,
)

HEADS_UP_BOARDS = 1_712_304  # C(48, 5)
PLO_HEADS_UP_BOARDS = 1_086_008  # C(44, 5)


# --------------------------------------------------------------------------- oracle


def indices(cards: str) -> list[int]:
    """Card indices of text such as ``"AhKh"`` (spaces allowed)."""
    text = cards.replace(" ", "")
    return [Card(text[i : i + 2]).index for i in range(0, len(text), 2)]


@cache
def category_of_class() -> npt.NDArray[np.int64]:
    """``table[c]`` is the :class:`Category` number of hand class ``c`` (1..7462)."""
    table = np.zeros(7463, dtype=np.int64)
    for c in range(1, 7463):
        table[c] = int(HandRank(c).category)
    return table


@cache
def oracle(hands: tuple[str, ...], board: str = "", dead: str = "") -> dict[str, Any]:
    """Exact Hold'em figures for known hands by dealing every runout.

    Returns ``equity``, ``win``, ``tie`` (lists over players), ``categories`` (a list of
    nine chances per player) and ``deals``.
    """
    held = [indices(h) for h in hands]
    known = indices(board)
    used = set(known) | set(indices(dead)) | {c for h in held for c in h}
    deck = [c for c in range(52) if c not in used]
    runouts = np.array(list(itertools.combinations(deck, 5 - len(known))), dtype=np.uint8)
    runouts = runouts.reshape(len(runouts), 5 - len(known))
    n = len(runouts)
    ranks = np.stack(
        [
            pokerforge.evaluate_many(
                np.hstack([np.tile(np.array(h + known, dtype=np.uint8), (n, 1)), runouts])
            ).astype(np.int64)
            for h in held
        ],
        axis=1,
    )
    best = ranks.max(axis=1, keepdims=True)
    winners = ranks == best
    shares = winners / winners.sum(axis=1, keepdims=True)
    alone = winners.sum(axis=1) == 1
    cats = category_of_class()[ranks]
    return {
        "equity": list(shares.mean(axis=0)),
        "win": list((winners & alone[:, None]).mean(axis=0)),
        "tie": list((winners & ~alone[:, None]).mean(axis=0)),
        "categories": [list(np.bincount(cats[:, i], minlength=9) / n) for i in range(len(held))],
        "deals": n,
    }


def range_oracle(rng: str, hero: str, board: str) -> float:
    """Exact equity of ``rng`` against one known hand on ``board``, combo by combo."""
    blocked = CardSet(hero + board)
    total = weight_sum = 0.0
    for combo, weight in Range(rng).combos:
        if combo & blocked:
            continue
        figures = oracle((str(combo), hero), board)
        # Every combo leaves the same number of runouts, so weights are per combo.
        total += weight * figures["equity"][0]
        weight_sum += weight
    return total / weight_sum


def assert_matches(result: EquityResult, figures: dict[str, Any]) -> None:
    """Every player's equity, win, tie and categories equal the oracle's."""
    for p, eq, win, tie, cats in zip(
        result.players,
        figures["equity"],
        figures["win"],
        figures["tie"],
        figures["categories"],
        strict=True,
    ):
        assert p.equity == pytest.approx(eq, abs=1e-12)
        assert p.win == pytest.approx(win, abs=1e-12)
        assert p.tie == pytest.approx(tie, abs=1e-12)
        assert [p.categories[c] for c in Category] == pytest.approx(cats, abs=1e-12)


def shares(result: EquityResult) -> list[float]:
    return [p.equity for p in result.players]


def check_consistent(result: EquityResult) -> None:
    """The invariants every result keeps."""
    assert math.isclose(sum(shares(result)), 1.0, abs_tol=1e-9)
    for p in result.players:
        assert 0.0 <= p.win <= p.equity + 1e-12
        assert 0.0 <= p.tie <= 1.0
        assert p.win + p.tie <= 1.0 + 1e-12
        assert math.isclose(p.lose, max(0.0, 1.0 - p.win - p.tie))
        assert set(p.categories) == set(Category)
        assert math.isclose(sum(p.categories.values()), 1.0, abs_tol=1e-9)
        assert all(0.0 <= v <= 1.0 for v in p.categories.values())
        assert p.stderr >= 0.0
    if result.exact:
        assert result.method == "exact"
        assert result.stderr == 0.0
        assert result.seed is None
        assert all(p.stderr == 0.0 for p in result.players)
    else:
        assert result.method == "monte-carlo"
        assert isinstance(result.seed, int)
        assert result.stderr == pytest.approx(max(p.stderr for p in result.players))


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


def test_input_forms_agree() -> None:
    """Hands, board and dead cards as text, lists of cards, CardSets and masks."""
    reference = equity(["AhAs", "KdKc"], board="2c7d9h", dead="Tc", method="exact")
    forms = equity(
        [[Card("Ah"), Card("As")], CardSet("KdKc")],
        board=[Card("2c"), Card("7d"), Card("9h")],
        dead=CardSet("Tc"),
        method="exact",
    )
    spaced = equity(("Ah As", "Kd Kc"), board="2c 7d 9h", dead=["Tc"], method="exact")
    masks = equity(
        iter([CardSet("AhAs").mask, CardSet("KdKc").mask]),
        board=CardSet("2c7d9h").mask,
        dead=CardSet("Tc").mask,
        method="exact",
    )
    assert forms == reference
    assert spaced == reference
    assert masks == reference


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


# --------------------------------------------------------------------------- Monte Carlo


MC_SETUPS: list[tuple[list[str], dict[str, Any]]] = [
    (["AhKh", "QsQd"], {}),
    (["QQ+, AKs", "JJ+, AKs, AQs"], {}),
    (["0.5(JJ), AKs", "QQ"], {}),
    (["AhKh", "random"], {"board": "2h7h9c"}),
    (["AhKh", "random", "JcTc"], {"board": "2h7h9c"}),
    (["AhKh", "QsQd", "JcTc", "9d9c"], {"board": "2h7h9s"}),
    (["AhAs", "KdKc"], {"board": "Kh7c2d", "dead": "Qs"}),
    (["As2s3d4d", "KhKcQhQc"], {"game": "omaha-hilo"}),
    (["AsKsJd4d", "KhKcQhQc", "9d8d7c6c"], {"game": "omaha", "board": "2c7h9s"}),
    (["AsKsJd4d5h", "KhKcQhQc2d"], {"game": "omaha", "board": "2c7h9s"}),
]
MC_IDS = [
    "hu",
    "overlapping ranges",
    "weights",
    "random",
    "random 3-way",
    "4-way",
    "dead",
    "plo8",
    "plo 3-way",
    "plo5",
]


@pytest.mark.parametrize(("players", "kwargs"), MC_SETUPS, ids=MC_IDS)
def test_monte_carlo_within_four_standard_errors(
    players: list[str], kwargs: dict[str, Any]
) -> None:
    exact = equity(players, method="exact", **kwargs)
    mc = equity(players, method="monte-carlo", samples=100_000, seed=20_240_601, **kwargs)
    check_consistent(mc)
    assert not mc.exact
    assert mc.deals == 100_000
    assert mc.seed == 20_240_601
    for m, e in zip(mc.players, exact.players, strict=True):
        assert 0 < m.stderr < 0.01
        assert abs(m.equity - e.equity) <= 4 * m.stderr
    if kwargs.get("game") == "omaha-hilo":
        for m in mc.players:
            assert m.high is not None
            assert m.low is not None
            assert m.high + m.low == pytest.approx(m.equity, abs=1e-12)


def test_monte_carlo_stderr_shrinks_with_samples() -> None:
    small = equity(["AhKh", "QsQd"], method="monte-carlo", samples=10_000, seed=3)
    large = equity(["AhKh", "QsQd"], method="monte-carlo", samples=160_000, seed=3)
    # Sixteen times the samples: a quarter of the standard error.
    assert large.stderr == pytest.approx(small.stderr / 4, rel=0.1)
    p = large.players[0].equity
    assert large.stderr == pytest.approx(math.sqrt(p * (1 - p) / 160_000), rel=0.1)


@pytest.mark.parametrize(("players", "kwargs"), MC_SETUPS, ids=MC_IDS)
def test_same_seed_same_result_for_any_thread_count(
    players: list[str], kwargs: dict[str, Any]
) -> None:
    one = equity(players, method="monte-carlo", samples=30_011, seed=99, threads=1, **kwargs)
    two = equity(players, method="monte-carlo", samples=30_011, seed=99, threads=2, **kwargs)
    three = equity(players, method="monte-carlo", samples=30_011, seed=99, threads=3, **kwargs)
    assert one == two == three
    assert one.deals == 30_011


def test_different_seeds_differ() -> None:
    players = ["AhKh", "random", "random"]
    a = equity(players, method="monte-carlo", samples=20_000, seed=1)
    b = equity(players, method="monte-carlo", samples=20_000, seed=2)
    assert shares(a) != shares(b)
    assert (a.seed, b.seed) == (1, 2)


def test_fresh_seed_is_reported_and_replays() -> None:
    players = ["AhKh", "random", "random"]
    first = equity(players, method="monte-carlo", samples=10_000)
    assert isinstance(first.seed, int)
    assert 0 <= first.seed < 2**64
    again = equity(players, method="monte-carlo", samples=10_000, seed=first.seed)
    assert again == first


@pytest.mark.parametrize("seed", [0, 1, 2**63, 2**64 - 1])
def test_seed_range(seed: int) -> None:
    result = equity(["AhKh", "QsQd"], method="monte-carlo", samples=1_000, seed=seed)
    assert result.seed == seed


@pytest.mark.parametrize("samples", [1, 2, 999, 12_345])
def test_samples_counted_exactly(samples: int) -> None:
    result = equity(["AhKh", "random"], method="monte-carlo", samples=samples, seed=5)
    assert result.deals == samples
    check_consistent(result)


@pytest.mark.parametrize("limit", [{"time_limit": 0.01}, {"target_stderr": 0.003}])
def test_limits_stop_monte_carlo(limit: dict[str, float]) -> None:
    """Twenty million deals would take around a second; either limit stops it sooner."""
    requested = 20_000_000
    result = equity(
        ["AhKh", "random", "random"], method="monte-carlo", samples=requested, seed=1, **limit
    )
    check_consistent(result)
    assert 0 < result.deals < requested
    if "target_stderr" in limit:
        assert result.stderr <= limit["target_stderr"]


def test_interrupt_stops_a_long_run() -> None:
    """A SIGALRM whose handler raises KeyboardInterrupt ends a run that would take hours.

    ``time_limit`` bounds the call in case the interrupt is not honoured.
    """
    if not hasattr(signal, "setitimer"):
        pytest.skip("needs signal.setitimer")

    def interrupt(signum: int, frame: FrameType | None) -> None:
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGALRM, interrupt)
    try:
        signal.setitimer(signal.ITIMER_REAL, 0.2)
        with pytest.raises(KeyboardInterrupt):
            equity(
                ["AhKh", "random", "random"],
                method="monte-carlo",
                samples=10**12,
                time_limit=10.0,
                seed=1,
            )
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


# --------------------------------------------------------------------------- method auto


def test_auto_picks_exact_when_cheap() -> None:
    result = equity(["AhKh", "QsQd"])
    assert (result.method, result.exact, result.seed) == ("exact", True, None)
    flop = equity(["AhKh", "random", "JcTc"], board="2h7h9c")
    assert (flop.method, flop.exact) == ("exact", True)
    plo8 = equity(["As2s3d4d", "KhKcQhQc"], game="omaha-hilo")
    assert plo8.method == "exact"


def test_auto_picks_monte_carlo_when_costly() -> None:
    result = equity(["random"] * 6, samples=20_000, seed=4)
    check_consistent(result)
    assert (result.method, result.exact, result.deals, result.seed) == (
        "monte-carlo",
        False,
        20_000,
        4,
    )
    assert shares(result) == pytest.approx([1 / 6] * 6, abs=4 * result.stderr + 1e-9)


def test_auto_omaha_with_random_player_uses_monte_carlo() -> None:
    result = equity(["AhKhQdJd", "random"], game="omaha", samples=5_000, seed=1)
    assert result.method == "monte-carlo"
    assert result.deals == 5_000


@pytest.mark.parametrize("name", ["exact", "monte-carlo", "auto", "Monte-Carlo", "monte_carlo"])
def test_method_names(name: str) -> None:
    result = equity(["AhKh", "QsQd"], board="2c3d4h", method=name, samples=1_000, seed=1)  # type: ignore[arg-type]
    expected = "exact" if name in ("exact", "auto") else "monte-carlo"
    assert result.method == expected


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


# --------------------------------------------------------------------------- ranges


def test_range_of_one_combo_equals_the_hand() -> None:
    hand = equity(["AhAs", "KdKc"], method="exact")
    assert equity(["AsAh", "KdKc"], method="exact") == hand
    assert equity([Range("AhAs"), Range("KdKc")], method="exact") == hand
    assert equity(["1(AhAs)", "KdKc"], method="exact").players == hand.players


def test_random_spellings_agree() -> None:
    board = "2h7h9c"
    reference = equity(["AhKh", "random"], board=board)
    assert reference.exact
    for other in ("*", None, Range("random"), "Random"):
        assert shares(equity(["AhKh", other], board=board)) == pytest.approx(
            shares(reference), abs=1e-12
        )


def test_random_hand_matches_oracle_on_turn() -> None:
    board = "2h7h9cKs"
    result = equity(["AhKh", "random"], board=board, method="exact")
    deck = [c for c in range(52) if c not in indices("AhKh" + board)]
    expected = np.mean(
        [
            oracle(("AhKh", str(CardSet([a, b]))), board)["equity"][0]
            for a, b in itertools.combinations(deck, 2)
        ]
    )
    assert result.players[0].equity == pytest.approx(float(expected), abs=1e-12)


@pytest.mark.parametrize(
    "rng", ["0.5(JJ), AQs", "QQ+, AKs", "A5s-A2s, 0.25(KTo+)", "TT-88:0.3, 76s"]
)
def test_weighted_range_matches_oracle_on_flop(rng: str) -> None:
    board = "2h7h9c"
    result = equity([rng, "AhKh"], board=board, method="exact")
    check_consistent(result)
    assert result.players[0].equity == pytest.approx(range_oracle(rng, "AhKh", board), abs=1e-9)


def test_weights_mix_exactly() -> None:
    """Every combo pair has the same boards, so the result is the weighted mix."""
    jj = equity(["JJ", "QQ"], method="exact").players[0].equity
    aks = equity(["AKs", "QQ"], method="exact").players[0].equity
    expected = (0.5 * 36 * jj + 24 * aks) / (0.5 * 36 + 24)
    for text in ("0.5(JJ), AKs", "JJ:0.5, AKs", "AKs, 0.5(JJ)"):
        assert equity([text, "QQ"], method="exact").players[0].equity == pytest.approx(
            expected, abs=1e-12
        )


def test_uniform_weights_do_not_matter() -> None:
    full = equity(["QQ+", "AKs"], method="exact")
    half = equity(["0.5(QQ+)", "AKs"], method="exact")
    assert shares(half) == pytest.approx(shares(full), abs=1e-12)


def test_zero_weight_combos_drop_out() -> None:
    assert shares(equity(["0(JJ), AKs", "QQ"], method="exact")) == pytest.approx(
        shares(equity(["AKs", "QQ"], method="exact")), abs=1e-12
    )


def test_ranges_change_results_as_expected() -> None:
    premium = equity(["QQ+", "random"], board="2h7h9c").players[0].equity
    wide = equity(["22+", "random"], board="2h7h9c").players[0].equity
    assert premium > wide > 0.5
    aks = equity(["AKs", "QQ"], method="exact").players[0].equity
    ako = equity(["AKo", "QQ"], method="exact").players[0].equity
    ak = equity(["AK", "QQ"], method="exact").players[0].equity
    assert aks > ak > ako
    # AK is 4 suited and 12 offsuit combos against the same queens.
    assert ak == pytest.approx((4 * aks + 12 * ako) / 16, abs=1e-12)


def test_range_cards_blocked_by_board_are_removed() -> None:
    board = "Ah2c3d"
    whole = equity(["AA", "KdKc"], board=board)
    trimmed = equity([Range("AA").without(board), "KdKc"], board=board)
    assert shares(whole) == pytest.approx(shares(trimmed), abs=1e-12)
    combos = ["AsAd", "AsAc", "AdAc"]
    mean = np.mean([equity([c, "KdKc"], board=board).players[0].equity for c in combos])
    assert whole.players[0].equity == pytest.approx(float(mean), abs=1e-12)


def test_overlapping_ranges_monte_carlo() -> None:
    """Ranges that share cards are dealt without rejection blow-ups, and agree with exact."""
    players = ["AA, KK, AKs", "AA, KK, AKs", "AK"]
    exact = equity(players, method="exact")
    mc = equity(players, method="monte-carlo", samples=50_000, seed=8)
    check_consistent(exact)
    for m, e in zip(mc.players, exact.players, strict=True):
        assert abs(m.equity - e.equity) <= 4 * m.stderr


class TestRange:
    def test_len_combos_weight(self) -> None:
        r = Range("QQ+, AKs, 0.5(JJ)")
        assert len(r) == 6 * 4 + 4
        assert r.total_weight == pytest.approx(6 * 3 + 4 + 0.5 * 6)
        combos = r.combos
        assert len(combos) == len(r)
        assert all(isinstance(c, CardSet) and len(c) == 2 for c, _ in combos)
        assert sorted({w for _, w in combos}) == [0.5, 1.0]
        assert r.weight("AhKh") == 1.0
        assert r.weight(CardSet("KhAh")) == 1.0
        assert r.weight("JhJd") == 0.5
        assert r.weight("AhKd") == 0.0
        assert "AsKs" in r
        assert "AsKd" not in r

    @pytest.mark.parametrize(
        ("text", "count"),
        [
            ("AA", 6),
            ("AKs", 4),
            ("AKo", 12),
            ("AK", 16),
            ("QQ+", 18),
            ("A2s+", 48),
            ("KTo+", 36),
            ("A5s-A2s", 16),
            ("22-77", 36),
            ("AhKh", 1),
            ("AA, KK", 12),
            ("random", 1326),
            ("*", 1326),
        ],
    )
    def test_syntax_counts(self, text: str, count: int) -> None:
        assert len(Range(text)) == count

    def test_without(self) -> None:
        r = Range("AA, AKs")
        trimmed = r.without("Ah")
        assert len(trimmed) == 3 + 3
        assert "AhAs" not in trimmed
        assert len(r) == 10  # unchanged
        assert len(r.without(CardSet("AhAsAdAc"))) == 0

    def test_text_round_trip_and_equality(self) -> None:
        r = Range("0.5(JJ), AKs, QQ+")
        assert Range(str(r)) == r
        assert repr(r) == f"Range('{r}')"
        assert r == Range("AKs, JJ:0.5, QQ+")
        assert r != Range("QQ+, AKs")
        assert r != "QQ+"
        assert pickle.loads(pickle.dumps(r)) == r
        assert str(pickle.loads(pickle.dumps(r))) == str(r)

    def test_weight_of_a_non_combo(self) -> None:
        r = Range("AKs")
        with pytest.raises(CardCountError, match="3"):
            r.weight("AsKsQs")
        with pytest.raises(DuplicateCardError, match="As"):
            r.weight("AsAs")

    @pytest.mark.parametrize(
        ("text", "position", "words"),
        [
            ("", 0, "empty"),
            ("QQ+,", 4, "end of text"),
            ("QQ+,AKx", 6, "'x'"),
            ("0.5(JJ", 6, r"\)"),
            ("1.5(JJ)", 0, "1.5"),
            ("JJ:2", 3, "2"),
            ("ZZ", 0, "'Z'"),
            ("AhAh", 2, "same card"),
            ("A2s-K5s", 4, "span"),
            ("AA-KQ", 3, "span"),
        ],
    )
    def test_bad_text(self, text: str, position: int, words: str) -> None:
        with pytest.raises(InvalidRangeError, match=words) as info:
            Range(text)
        message = str(info.value)
        assert repr(text) in message
        assert f"position {position}" in message


# --------------------------------------------------------------------------- errors


def players_errors() -> Iterator[Any]:
    """``(players, kwargs, exception, message regex)`` for every rejected input."""
    hu = ["AhAs", "KdKc"]
    mc = {"method": "monte-carlo"}
    yield pytest.param(["AhAs"], {}, InvalidSpecError, "2 to 10 players.*1", id="1 player")
    yield pytest.param([], {}, InvalidSpecError, "2 to 10 players.*0", id="0 players")
    yield pytest.param(
        ["random"] * 11, {"samples": 100}, InvalidSpecError, "2 to 10.*11", id="11 players"
    )
    yield pytest.param(
        ["AsKsQsJsTs9s"] + ["random"] * 7,
        {"game": "omaha", "samples": 100},
        CardCountError,
        "cannot deal",
        id="8 PLO6 players",
    )
    yield pytest.param(
        hu,
        {"dead": [c for c in range(52) if c not in indices("AhAsKdKc")][:44]},
        CardCountError,
        "cannot deal",
        id="too few cards for the board",
    )
    yield pytest.param(["AhAs", "AhKc"], {}, DuplicateCardError, "Ah", id="card in two hands")
    yield pytest.param(
        [["Ah", "Ah"], "KdKc"], {}, DuplicateCardError, "Ah", id="card twice in a hand"
    )
    yield pytest.param(hu, {"dead": "Ah"}, DuplicateCardError, "Ah", id="dead card in a hand")
    yield pytest.param(
        hu, {"board": "Ah2c3d"}, DuplicateCardError, "Ah", id="hand shares the board"
    )
    yield pytest.param(
        hu, {"board": "2c3d4h", "dead": "2c"}, DuplicateCardError, "2c", id="dead on board"
    )
    yield pytest.param(
        ["AhAs", "AA"],
        {"board": "Ad2c3d", "dead": "Ac"},
        InvalidRangeError,
        "player 1.*no possible hand",
        id="range emptied by known cards",
    )
    yield pytest.param(
        ["AhAs", "0(JJ)"], {}, InvalidRangeError, "no possible hand", id="zero-weight range"
    )
    yield pytest.param(
        ["AA", "AA", "AA"], {}, InvalidRangeError, "cannot all be dealt", id="ranges collide"
    )
    yield pytest.param(
        ["AA", "AA", "AA"],
        {**mc, "samples": 100},
        InvalidRangeError,
        "cannot all be dealt",
        id="ranges collide mc",
    )
    yield pytest.param(["AhAs", "QQ+,AKx"], {}, InvalidRangeError, "position 6", id="bad range")
    yield pytest.param(hu, {"board": "2c"}, CardCountError, "0, 3, 4 or 5.*1", id="board 1")
    yield pytest.param(hu, {"board": "2c3c"}, CardCountError, "0, 3, 4 or 5.*2", id="board 2")
    yield pytest.param(
        hu, {"board": "2c3c4c5c6c7c"}, CardCountError, "0, 3, 4 or 5.*6", id="board 6"
    )
    yield pytest.param(hu, {"board": "2c7x9h"}, InvalidCardError, "7x", id="bad board card")
    yield pytest.param(hu, {"dead": "Zz"}, InvalidCardError, "Zz", id="bad dead card")
    yield pytest.param(hu, {"game": "stud"}, InvalidSpecError, "'stud' is not a game", id="game")
    yield pytest.param(hu, {"game": ""}, InvalidSpecError, "is not a game", id="empty game")
    yield pytest.param(hu, {"method": "magic"}, InvalidSpecError, "method.*'magic'", id="method")
    yield pytest.param(hu, {**mc, "samples": 0}, InvalidSpecError, "samples = 0", id="samples 0")
    yield pytest.param(
        hu, {**mc, "samples": -5}, InvalidSpecError, "samples = -5", id="samples negative"
    )
    yield pytest.param(
        hu, {**mc, "samples": 10**30}, InvalidSpecError, "samples", id="samples huge"
    )
    yield pytest.param(hu, {**mc, "samples": 1.5}, TypeError, "float", id="samples float")
    for value in (0.0, -0.1, float("nan")):
        yield pytest.param(
            hu,
            {**mc, "target_stderr": value},
            InvalidSpecError,
            "target_stderr",
            id=f"target_stderr {value}",
        )
    for value in (0.0, -1.0, float("inf"), float("nan")):
        yield pytest.param(
            hu, {**mc, "time_limit": value}, InvalidSpecError, "time_limit", id=f"time {value}"
        )
    yield pytest.param(hu, {"threads": 0}, PokerError, "threads=0", id="threads 0")
    yield pytest.param(hu, {"threads": -1}, PokerError, "threads=-1", id="threads -1")
    yield pytest.param(hu, {**mc, "seed": -1}, PokerError, "seed=-1", id="seed negative")
    yield pytest.param(hu, {**mc, "seed": 2**64}, PokerError, "seed=", id="seed 2**64")
    yield pytest.param(
        ["AsKs3d", "KhKcQhQc"], {"game": "omaha"}, CardCountError, "Omaha.*3", id="omaha 3"
    )
    yield pytest.param(
        ["AsKs3d4d5d6d7d", "KhKcQhQc"],
        {"game": "omaha"},
        CardCountError,
        "Omaha.*7",
        id="omaha 7",
    )
    yield pytest.param(
        ["AsKs2d3d", "KhKcQhQcJc"],
        {"game": "omaha", "samples": 100},
        CardCountError,
        "all the same",
        id="omaha 4 and 5",
    )
    yield pytest.param(
        ["AsKs", "KhKc"], {"game": "omaha"}, CardCountError, "Omaha.*2", id="hold'em in omaha"
    )
    yield pytest.param(
        ["AsKs", "KhKc"], {"game": "omaha-hilo"}, CardCountError, "Omaha.*2", id="hold'em in hilo"
    )
    yield pytest.param(
        ["AsKs2d3d", "KhKc"], {}, CardCountError, "Hold'em.*4", id="omaha in hold'em"
    )
    yield pytest.param(
        ["QQ+", "KhKcQhQc"],
        {"game": "omaha"},
        InvalidSpecError,
        "Hold'em only",
        id="range in omaha",
    )
    yield pytest.param(
        ["random", "KhKcQhQc"],
        {"game": "omaha", "method": "exact"},
        InvalidSpecError,
        "exact",
        id="exact omaha with random",
    )


@pytest.mark.parametrize(("players", "kwargs", "error", "words"), list(players_errors()))
def test_errors(
    players: Sequence[Any], kwargs: dict[str, Any], error: type[Exception], words: str
) -> None:
    with pytest.raises(error, match=words):
        equity(players, **kwargs)


def test_errors_are_value_errors() -> None:
    with pytest.raises(ValueError, match="board"):
        equity(["AhAs", "KdKc"], board="2c")


def test_duplicate_card_in_hand_text() -> None:
    """``"AhAh"`` names the repeated card's position (it is parsed as a one-combo range)."""
    with pytest.raises((DuplicateCardError, InvalidRangeError), match=r"same card|Ah"):
        equity(["AhAh", "KdKc"])


def test_error_leaves_range_usable() -> None:
    r = Range("AA")
    with pytest.raises(InvalidRangeError):
        equity(["AhAs", r], dead="AdAc")
    assert len(r) == 6
    assert equity([r, "KdKc"], board="2c3d4h").exact
