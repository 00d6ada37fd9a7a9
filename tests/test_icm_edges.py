"""Tournament math at the edges of its input: sums past the largest float, stacks too small
for their shares, NumPy's numbers, factors where a premium has no price, time limits, and
deals of huge pools in whole units."""

from __future__ import annotations

import math
from decimal import Decimal
from fractions import Fraction

import numpy as np
import pytest

from pokerforge.errors import InvalidPayoutError, InvalidSpecError, UnitError
from pokerforge.icm import bubble_factors, icm, icm_deal, push_fold, risk_premiums
from pokerforge.icm.model import premiums_of


def test_prizes_past_the_largest_float_are_named() -> None:
    # math.fsum raised OverflowError ("intermediate overflow") before the pool was checked.
    for payouts in ([1e308, 1e308], [1.7e308, 1.7e308, 1.0]):
        with pytest.raises(InvalidPayoutError, match="the payouts add up to inf") as info:
            push_fold([10, 10], (0.5, 1), payouts=payouts)
        assert info.value.location == "payouts"
        with pytest.raises(InvalidPayoutError):
            push_fold([10, 10, 10], (0.5, 1), payouts=payouts)


def test_a_bubble_factor_of_minus_one_has_no_premium() -> None:
    # b / (1 + b) raised ZeroDivisionError at b = -1.
    assert premiums_of([[-1.0, 1.0]]) == [[pytest.approx(math.nan, nan_ok=True), 0.0]]
    premiums = premiums_of([[math.nan, -1.0, 3.0]])
    assert math.isnan(premiums[0][0]) and math.isnan(premiums[0][1])
    assert premiums[0][2] == 0.25


def test_stacks_too_small_for_their_shares_are_rescaled() -> None:
    # Two stacks of 1e-320 (subnormal) once gave [inf, inf].
    assert icm([1e-320, 1e-320], [1, 0.5]) == [0.75, 0.75]
    assert icm([1e-320, 3e-320], [1]) == pytest.approx([0.25, 0.75], rel=1e-12)
    assert icm([5e-324, 5e-324, 1e-323], [3, 1]) == pytest.approx(icm([1, 1, 2], [3, 1]))


def test_numpy_numbers_are_numbers() -> None:
    stacks = np.array([5000, 3000, 2000], dtype=np.int64)
    payouts = [np.float64(70), np.int32(30)]
    assert icm(list(stacks), payouts) == icm([5000, 3000, 2000], [70, 30])
    assert (
        bubble_factors(list(stacks), payouts)[0][1]
        == bubble_factors([5000, 3000, 2000], [70, 30])[0][1]
    )
    with pytest.raises(TypeError, match="is not a number"):
        icm([np.bool_(True), 2], [1])
    with pytest.raises(TypeError, match="is not a number"):
        icm([True, 2], [1])


def test_bubble_factors_stop_at_their_time_limit() -> None:
    # 22 players with chips, every place paid: minutes of exact computations, once with
    # no way to stop them but Ctrl-C between players.
    stacks = [1000 + 13 * i for i in range(22)]
    with pytest.raises(InvalidSpecError, match="bubble factors did not finish") as info:
        bubble_factors(stacks, list(range(22, 0, -1)), time_limit=0.05)
    assert info.value.location == "time_limit"
    with pytest.raises(InvalidSpecError, match="bubble factors did not finish"):
        risk_premiums(stacks, list(range(22, 0, -1)), time_limit=0.05)
    with pytest.raises(InvalidSpecError, match="time_limit"):
        bubble_factors([1, 2], [1], time_limit=math.nan)


def test_sampled_icm_stops_at_its_time_limit() -> None:
    with pytest.raises(InvalidSpecError, match="ICM by sampling did not finish"):
        icm([1000] * 40, [50, 30, 20], samples=10**12, seed=1, time_limit=0.05)
    quick = icm([1000] * 40, [50, 30, 20], samples=1000, seed=1, time_limit=30)
    assert not quick.exact and quick.samples == 1000


def test_heads_up_push_fold_stops_at_its_time_limit() -> None:
    # A tolerance it never reaches and no round limit once ran 50 s.
    r = push_fold([12, 15], (0.5, 1), tolerance=1e-15, time_limit=0.01)
    assert not r.converged and r.iterations < 1_000_000
    with pytest.raises(InvalidSpecError, match="time_limit"):
        push_fold([12, 15], (0.5, 1), time_limit=0)


def test_a_deal_of_any_pool_is_whole_units_that_add_up() -> None:
    # 1e-30 units and a pool of 1e29 units: the deal adds up to the pool exactly, each
    # share within one unit of its exact ICM equity.
    deal = icm_deal([5000, 3000, 2000], [70, 30], unit="1e-30")
    assert sum(Fraction(d) for d in deal) == 100
    # Each share within a unit of its exact equity (the float equities were 1e-15 off,
    # a quadrillion units).
    unit = Fraction(1, 10**30)
    for share, exact in zip(
        deal, [Fraction(1265, 28), Fraction(129, 4), Fraction(158, 7)], strict=True
    ):
        assert abs(Fraction(share) - exact) <= unit
    big = [Decimal("7e28"), Decimal("3e28")]
    deal = icm_deal([5000, 3000, 2000], big, unit=1)
    assert sum(Fraction(d) for d in deal) == Fraction(10**29)
    exact = [Fraction(10**29) * Fraction(253, 560), Fraction(10**29) * Fraction(129, 400)]
    assert abs(Fraction(deal[0]) - exact[0]) <= 1
    assert abs(Fraction(deal[1]) - exact[1]) <= 1


def test_a_deal_is_sized_before_its_arithmetic() -> None:
    # A unit of 1e-999999999 made each prize a billion-digit number of units (minutes and
    # gigabytes); an infinite prize raised OverflowError from Fraction.
    with pytest.raises(UnitError, match=r"more than 10\*\*100 units"):
        icm_deal([1, 1], [1], unit="1e-999999999")
    with pytest.raises(UnitError, match=r"more than 10\*\*100 units"):
        icm_deal([1, 1], [10**400])
    for prize in (Decimal("Infinity"), Decimal("NaN"), Decimal("sNaN")):
        with pytest.raises(UnitError, match="is not an amount of money"):
            icm_deal([1, 1], [prize])
    assert sum(icm_deal([1, 1], [10**90], unit=1)) == 10**90
