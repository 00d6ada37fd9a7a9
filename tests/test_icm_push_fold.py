"""Tests for ``pokerforge.icm.push_fold``: the result agrees with itself (ranges, charts,
classes), meets the exploitability target at every depth, responds to antes and ICM as
it must, and refuses bad spots. The equilibrium itself is checked deal by deal and
against a published chart in the Rust suite (rust/core/tests/push_fold.rs).
"""

from __future__ import annotations

import itertools

import pytest

from pokerforge import Range
from pokerforge.errors import InvalidPayoutError, InvalidSpecError, InvalidStackError
from pokerforge.icm import (
    RANKS,
    PushFoldResult,
    TableEquilibrium,
    chart_class,
    push_fold,
    push_fold_table,
)

SUITS = "cdhs"


def combos_of(name: str) -> list[str]:
    """Every combo of a class, e.g. ``"AKs"`` -> ``["AcKc", ...]``."""
    a, b = name[0], name[1]
    if a == b:
        return [f"{a}{s}{b}{t}" for s, t in itertools.combinations(SUITS, 2)]
    if name.endswith("s"):
        return [f"{a}{s}{b}{s}" for s in SUITS]
    return [f"{a}{s}{b}{t}" for s in SUITS for t in SUITS if s != t]


def test_charts_ranges_and_classes_agree() -> None:
    r = push_fold([7, 9], (0.5, 1), ante=0.1)
    assert r.effective_bb == 7.0 and r.stacks == (7.0, 9.0) and r.blinds == (0.5, 1.0)
    assert r.ranges == {"SB": r.shove, "BB": r.call}
    for chart, rng in ((r.shove_chart, r.shove), (r.call_chart, r.call)):
        assert len(chart) == 13 and all(len(row) == 13 for row in chart)
        for row, col in itertools.product(range(13), range(13)):
            name = chart_class(row, col)
            for combo in combos_of(name):
                assert rng.weight(combo) == chart[row][col], (name, combo)
        # The range's text is the engine's syntax and reads back to the same range.
        assert Range(str(rng)) == rng
    assert len({chart_class(r, c) for r in range(13) for c in range(13)}) == 169
    text = r.chart_text("shove").splitlines()
    assert len(text) == 14 and text[1].startswith("A ")
    assert [line[0] for line in text[1:]] == list(RANKS)
    with pytest.raises(InvalidSpecError):
        r.chart_text("raise")  # type: ignore[arg-type]
    # A cell off the chart once leaked IndexError (13) or read another cell (-1).
    for row, col in [(13, 13), (-1, 0), (0, 13), (True, 0)]:
        with pytest.raises(InvalidSpecError, match="from 0 to 12"):
            chart_class(row, col)


@pytest.mark.parametrize("depth", [1, 2, 4, 7, 10, 13, 16, 20])
def test_exploitability_target(depth: int) -> None:
    r = push_fold([depth, depth], (0.5, 1))
    assert r.converged
    assert 0 <= r.exploitability <= 0.01
    assert r.exploitability == pytest.approx(sum(r.gains) / 2)
    assert r.values[0] == pytest.approx(-r.values[1], abs=1e-12)  # chips: zero-sum


def test_ranges_narrow_with_depth_and_widen_with_antes() -> None:
    shallow = push_fold([3, 3], (0.5, 1))
    deep = push_fold([15, 15], (0.5, 1))
    assert deep.shove.total_weight < shallow.shove.total_weight
    assert deep.call.total_weight < shallow.call.total_weight
    ante = push_fold([15, 15], (0.5, 1), ante=0.25)
    assert ante.shove.total_weight > deep.shove.total_weight
    # Units do not matter: chips in thousands give the same spot.
    scaled = push_fold([15_000, 15_000], (500, 1000))
    assert scaled.shove == deep.shove and scaled.call == deep.call


def test_icm_on_the_bubble() -> None:
    chips = push_fold([8, 8], (0.5, 1))
    bubble = push_fold([8, 8], (0.5, 1), payouts=[50, 30, 20], others=[8, 8])
    assert bubble.converged and bubble.payouts == (50.0, 30.0, 20.0)
    assert bubble.call.total_weight < chips.call.total_weight / 2
    assert bubble.shove.total_weight > chips.shove.total_weight
    # Prize equity of the two blinds plus the two others' is the pool; the blinds hold
    # less than half of it after the hand because the others gain when one busts.
    assert 0 < bubble.values[0] + bubble.values[1] < 50


def test_bad_spots() -> None:
    with pytest.raises(InvalidSpecError, match="2 to 10 stacks, but 1 was given"):
        push_fold([10], (0.5, 1))
    with pytest.raises(InvalidSpecError, match="2 to 10 stacks, but 11 were given"):
        push_fold([10] * 11, (0.5, 1))
    with pytest.raises(InvalidSpecError, match="small_blind = 2"):
        push_fold([10, 10], (2, 1))
    with pytest.raises(InvalidSpecError, match="big_blind"):
        push_fold([10, 10], (0.5, 0))
    with pytest.raises(InvalidSpecError, match="ante"):
        push_fold([10, 10], (0.5, 1), ante=-1)
    with pytest.raises(InvalidStackError, match=r"stacks\[1\] = 0.5 is not allowed"):
        push_fold([10, 0.5], (0.5, 1))
    with pytest.raises(InvalidPayoutError, match=r"payouts\[1\]"):
        push_fold([10, 10], (0.5, 1), payouts=[1, -1])
    # A pool past 1e300 once turned the equilibrium to NaN (every hand shoved, 100,000
    # rounds, bare NaN in the command's JSON).
    for stacks in ([10, 10], [10, 10, 10]):
        with pytest.raises(InvalidPayoutError, match=r"add up to 2e\+305: .* up to 1e300"):
            push_fold(stacks, (0.5, 1), payouts=[1e305, 1e305])
    # Stacks adding up past the largest float were refused as "0 chips".
    for stacks in ([1e308, 1e308], [1e308, 1e308, 1e308]):
        with pytest.raises(InvalidStackError, match="add up to more than the largest float"):
            push_fold(stacks, (0.5, 1))
    with pytest.raises(InvalidSpecError, match="only with payouts"):
        push_fold([10, 10], (0.5, 1), others=[10])
    with pytest.raises(InvalidSpecError, match="tolerance"):
        push_fold([10, 10], (0.5, 1), tolerance=0)
    with pytest.raises(InvalidSpecError, match="max_iterations"):
        push_fold([10, 10], (0.5, 1), max_iterations=0)
    # Blinds that are not a pair once leaked the unpacking's ValueError.
    for blinds in [(0.5, 1, 2), (0.5,)]:
        for stacks in ([10, 10], [10, 10, 10]):
            with pytest.raises(
                InvalidSpecError, match=r"blinds must be \(small blind, big blind\)"
            ):
                push_fold(stacks, blinds)  # type: ignore[arg-type]
    short = push_fold([12, 12], (0.5, 1), tolerance=1e-12, max_iterations=60)
    assert not short.converged and short.iterations == 60


def test_three_to_ten_stacks_are_a_tables_equilibrium() -> None:
    # One entry point for every size: heads-up gives the two-player result, more stacks
    # the table's, the same as push_fold_table with the same arguments.
    stacks, payouts = [12, 9, 15, 7], [50, 30, 20]
    table = push_fold(stacks, (0.5, 1), 0.1, payouts, tolerance=1e-3)
    same = push_fold_table(stacks, (0.5, 1), 0.1, payouts, tolerance=1e-3)
    assert isinstance(table, TableEquilibrium) and table.converged
    assert table.to_dict() == same.to_dict()
    assert list(table.ranges) == ["UTG", "BTN", "SB"]
    assert table.exploitability <= 1e-3
    assert isinstance(push_fold((8, 8), (0.5, 1)), PushFoldResult)
