"""Tests for ``pokerforge.icm``: prize equity against an exact reference in fractions,
the pool paid to the cent, bubble factors recomputed from equities, and the errors.

The reference below sums every finishing order with Python's exact fractions, so it
carries no rounding at all; the core's floats must agree to 1e-12 of the pool.
"""

from __future__ import annotations

import itertools
import math
from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerforge.errors import (
    InvalidPayoutError,
    InvalidSpecError,
    InvalidStackError,
    PokerError,
    UnitError,
)
from pokerforge.icm import (
    bubble_factors,
    finish_probabilities,
    icm,
    icm_deal,
    risk_premiums,
)


def reference(stacks: list[int], payouts: list[int], model: str) -> list[Fraction]:
    """Prize equities over all n! finishing orders, in exact fractions (positive stacks)."""
    weights = [Fraction(s) if model == "harville" else Fraction(1, s) for s in stacks]
    equity = [Fraction(0)] * len(stacks)
    for order in itertools.permutations(range(len(stacks))):
        # Harville draws places from the top, Weitzman eliminations from the bottom.
        draws = order if model == "harville" else order[::-1]
        p = Fraction(1)
        for t, i in enumerate(draws):
            p *= weights[i] / sum(weights[j] for j in draws[t:])
        for place, i in enumerate(order):
            if place < len(payouts):
                equity[i] += p * payouts[place]
    return equity


cases = st.integers(1, 6).flatmap(
    lambda n: st.tuples(
        st.lists(st.integers(1, 10_000), min_size=n, max_size=n),
        st.lists(st.integers(0, 1000), min_size=1, max_size=n + 2).map(
            lambda p: sorted(p, reverse=True)
        ),
        st.sampled_from(["harville", "weitzman"]),
    )
)


@pytest.mark.slow  # exact arithmetic, the same on every Python: on 3.11 only
@settings(max_examples=60, deadline=None)
@given(cases)
def test_equal_to_every_order_in_fractions(case: tuple[list[int], list[int], str]) -> None:
    stacks, payouts, model = case
    got = icm(stacks, payouts, model=model)  # type: ignore[arg-type]
    want = reference(stacks, payouts, model)
    pool = sum(payouts[: len(stacks)])
    assert got.exact and got.seed is None and got.samples == 0
    for g, w in zip(got, want, strict=True):
        assert g == pytest.approx(float(w), abs=1e-12 * max(pool, 1))
    assert sum(got) == pytest.approx(pool, abs=1e-9 * max(pool, 1))


def test_inputs_of_every_number_type() -> None:
    as_ints = icm([5000, 3000, 2000], [70, 30])
    assert icm([5000.0, Decimal(3000), Fraction(2000)], [Decimal("70"), 30.0]) == as_ints
    # Only the shares of the chips matter (to rounding); any iterable will do.
    assert icm(iter([5, 3, 2]), (70, 30)) == pytest.approx(as_ints, abs=1e-12)
    assert finish_probabilities([1, 3]) == [[0.25, 0.75], [0.75, 0.25]]
    assert finish_probabilities([1, 3], 0) == [[], []]


def test_players_without_chips_finish_last() -> None:
    got = icm([0, 300, 100, 0], [40, 30, 20, 10])
    assert got[0] == got[3] == 15.0
    assert got[1] + got[2] == pytest.approx(70.0)


def test_monte_carlo_is_seeded_and_reports_its_seed() -> None:
    stacks = [1000 + 37 * i for i in range(25)]
    payouts = [40, 25, 15, 10, 10]
    a = icm(stacks, payouts, seed=11, samples=5000)
    assert not a.exact and a.seed == 11 and a.samples == 5000
    assert a == icm(stacks, payouts, seed=11, samples=5000)
    assert a != icm(stacks, payouts, seed=12, samples=5000)
    assert sum(a) == pytest.approx(100.0, abs=1e-9)
    assert all(s > 0 for s in a.stderr)
    fresh = icm(stacks, payouts, samples=1000)
    assert isinstance(fresh.seed, int)
    # A field the exact method takes, sampled on request, agrees with it.
    small = [500, 1500, 2500, 3500]
    sampled = icm(small, [60, 40], method="monte-carlo", seed=3, samples=100_000)
    for s, e, err in zip(sampled, icm(small, [60, 40]), sampled.stderr, strict=True):
        assert abs(s - e) < 5 * err


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.integers(0, 10**6), min_size=1, max_size=9).filter(any),
    st.lists(st.integers(0, 10**5), min_size=1, max_size=9),
)
def test_deal_pays_the_pool_to_the_cent(stacks: list[int], cents: list[int]) -> None:
    payouts = [Decimal(c) / 100 for c in sorted(cents, reverse=True)]
    deal = icm_deal(stacks, payouts)
    assert sum(deal) == sum(payouts[: len(stacks)])
    for d, e in zip(deal, icm(stacks, payouts, method="exact"), strict=True):
        assert d == d.quantize(Decimal("0.01"))
        assert abs(float(d) - e) < 0.01 + 1e-9


def test_deal_refuses_what_is_not_money() -> None:
    with pytest.raises(UnitError, match=r"payouts\[0\] = 10.5 is not an amount of money"):
        icm_deal([1, 2], [10.5])  # type: ignore[list-item]
    with pytest.raises(UnitError, match="not a whole number of units"):
        icm_deal([1, 2], [Decimal("10.005")])
    with pytest.raises(UnitError, match="unit"):
        icm_deal([1, 2], [10], unit="0")


def test_bubble_factors_from_equities() -> None:
    stacks = [5000, 3000, 1500, 500]
    payouts = [50, 30, 20]
    factors = bubble_factors(stacks, payouts)
    premiums = risk_premiums(stacks, payouts)
    now = icm(stacks, payouts)
    for i, j in itertools.permutations(range(4), 2):
        risk = min(stacks[i], stacks[j])
        won, lost = list(stacks), list(stacks)
        won[i], won[j] = won[i] + risk, won[j] - risk
        lost[i], lost[j] = lost[i] - risk, lost[j] + risk
        gain = icm(won, payouts)[i] - now[i]
        loss = now[i] - icm(lost, payouts)[i]
        assert factors[i][j] == pytest.approx(loss / gain, rel=1e-12)
        b = factors[i][j]
        assert premiums[i][j] == pytest.approx(b / (1 + b) - 0.5, rel=1e-12)
    assert all(math.isnan(factors[i][i]) for i in range(4))


@pytest.mark.parametrize(
    ("stacks", "payouts", "error", "message", "location"),
    [
        ([10, -5], [1], InvalidStackError, "stacks[1] = -5 is not allowed", "stacks[1]"),
        ([math.nan], [1], InvalidStackError, "stacks[0] = NaN", "stacks[0]"),
        ([0, 0], [1], InvalidStackError, "the stacks add up to 0 chips", "stacks"),
        ([], [1], InvalidStackError, "the stacks add up to 0 chips", "stacks"),
        ([10**400, 1], [1], InvalidStackError, "stacks[0] = inf", "stacks[0]"),
        ([1, 2], [5, -1], InvalidPayoutError, "payouts[1] = -1 is not allowed", "payouts[1]"),
        ([1, 2], [math.inf], InvalidPayoutError, "payouts[0] = inf", "payouts[0]"),
        # These once answered inf or NaN equities (the chance of a set, divided by its
        # chips, overflowed), or leaked NumPy's or Decimal's error.
        (
            [1e-309, 1e-309, 1],
            [1],
            InvalidStackError,
            "stacks[0] = 1e-309 is too small",
            "stacks[0]",
        ),
        ([1, 1e301], [1], InvalidStackError, "stacks[0] = 1.0 is too small", "stacks[0]"),
        ([1, Decimal("sNaN")], [1], InvalidStackError, "stacks[1] = NaN", "stacks[1]"),
    ],
)
def test_bad_input_names_the_value(
    stacks: list[float], payouts: list[float], error: type, message: str, location: str
) -> None:
    with pytest.raises(error) as raised:
        icm(stacks, payouts)
    assert message in str(raised.value)
    assert raised.value.location == location
    assert isinstance(raised.value, PokerError)


def test_bad_settings() -> None:
    with pytest.raises(InvalidSpecError, match="exact ICM takes at most 22 players"):
        icm([1] * 23, [1], method="exact")
    with pytest.raises(InvalidSpecError, match="model = 'chips'"):
        icm([1, 2], [1], model="chips")  # type: ignore[arg-type]
    with pytest.raises(InvalidSpecError, match="method = 'fast'"):
        icm([1, 2], [1], method="fast")  # type: ignore[arg-type]
    with pytest.raises(InvalidSpecError, match="samples = 0"):
        icm([1] * 30, [1], samples=0)
    with pytest.raises(InvalidSpecError, match="seed"):
        icm([1] * 30, [1], seed=-1)
    with pytest.raises(TypeError, match=r"stacks\[1\] = '5' is not a number"):
        icm([1, "5"], [1])  # type: ignore[list-item]
    with pytest.raises(TypeError, match="not a number"):
        icm([True, 2], [1])
    with pytest.raises(InvalidSpecError, match="places"):
        finish_probabilities([1, 2], -1)
    # More places than players are all the places, however many (2**64 once overflowed).
    assert finish_probabilities([1, 3], 2**64) == finish_probabilities([1, 3])


def test_stacks_whose_sum_passes_the_largest_float_keep_their_proportions() -> None:
    # The sum once overflowed to inf and was refused as "0 chips".
    for model in ("harville", "weitzman"):
        huge = icm([1e308, 1e308, 5e307], [3, 2, 1], model=model)
        assert huge == pytest.approx(icm([2, 2, 1], [3, 2, 1], model=model), rel=1e-12)


def test_a_deal_of_any_size_adds_up_to_the_pool_exactly() -> None:
    # Past about 2**53 units the float equities alone were a unit or more off, and a pool
    # of 10**26 in cents passed Decimal's 28 digits (InvalidOperation).
    for pool, unit in [(10**15, "0.01"), (10**26, "0.01"), (150, "1e-16"), (7, "1")]:
        payouts = [Decimal(pool) * 2 / 3, Decimal(pool) / 3]
        payouts = [p.quantize(Decimal(unit)) for p in payouts]
        deal = icm_deal([1, 2, 3], payouts, unit=unit)
        assert sum(deal) == sum(payouts)
        assert all(d == d.quantize(Decimal(unit)) for d in deal)
