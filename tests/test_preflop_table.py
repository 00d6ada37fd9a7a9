"""Tests for the heads-up pre-flop table behind ``pokerforge.equity``.

A known Hold'em hand (or a range) against ``"random"``, with no board and no dead cards,
is answered from a table compiled into the core. The table must agree with live
enumeration: the same players with the random hand spelled as the range of every hand,
``Range("random")``, which the engine enumerates deal by deal. A sample of classes keeps
the run short (each live enumeration is about a third of a second of work). Nothing here
asserts on timings.
"""

from __future__ import annotations

import pytest

from pokerforge import Range, equity
from pokerforge.equity import EquityResult

DEALS_PER_HAND = 1_225 * 1_712_304


def assert_same(table: EquityResult, live: EquityResult) -> None:
    assert table.exact and live.exact
    assert table.method == live.method == "exact"
    assert table.deals == live.deals
    assert table.seed is None
    for t, lv in zip(table.players, live.players, strict=True):
        assert t.equity == pytest.approx(lv.equity, abs=1e-12)
        assert t.win == pytest.approx(lv.win, abs=1e-12)
        assert t.tie == pytest.approx(lv.tie, abs=1e-12)
        assert t.stderr == 0.0
        for category, chance in t.categories.items():
            assert chance == pytest.approx(lv.categories[category], abs=1e-12)


@pytest.mark.slow  # the core's work, the same on every Python: 3.11 only in the test command
@pytest.mark.parametrize("hand", ["AhAs", "7d2c", "JsTs", "5c5d"])
def test_known_hand_matches_enumeration(hand: str) -> None:
    table = equity([hand, "random"])
    live = equity([hand, Range("random")], method="exact")
    assert_same(table, live)
    assert table.deals == DEALS_PER_HAND


@pytest.mark.slow  # the core's work, the same on every Python: 3.11 only in the test command
def test_random_first_and_ranges() -> None:
    table = equity(["random", "KhQh"], method="exact")
    live = equity([Range("random"), "KhQh"], method="exact")
    assert_same(table, live)
    table = equity(["QQ+, AKs, 0.5(JJ)", "random"])
    live = equity(["QQ+, AKs, 0.5(JJ)", Range("random")], method="exact")
    assert_same(table, live)


def test_reference_figure() -> None:
    aces = equity(["AA", None])
    assert round(aces.players[0].equity, 6) == 0.852037
    assert sum(p.equity for p in aces.players) == pytest.approx(1.0, abs=1e-12)
    assert aces.deals == 6 * DEALS_PER_HAND


def test_table_does_not_apply() -> None:
    # A board, dead cards or Monte Carlo go past the table to the engine.
    mc = equity(["AhAs", "random"], method="monte-carlo", samples=10_000, seed=1)
    assert mc.method == "monte-carlo" and not mc.exact
    flop = equity(["AhAs", "random"], board="2c7d9h", method="exact")
    assert flop.deals == 1_081 * 990
    dead = equity(["AhAs", "random"], dead="Kd", samples=10_000, seed=1)
    assert dead.deals != DEALS_PER_HAND
