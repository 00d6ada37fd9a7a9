"""Prize equity by the Independent Chip Model: equities, finishing chances, bubble factors.

Two models turn stacks into chances of every finishing order (the Rust core computes both,
exactly by a dynamic program over sets of players up to 22 players with chips, by seeded
sampling beyond):

- ``"harville"`` (Malmuth-Harville, the usual ICM): places are filled from the top; each
  player left takes the best open place with probability proportional to their stack.
- ``"weitzman"`` (Malmuth-Weitzman): places are filled from the bottom; each player left is
  the next one out with probability inversely proportional to their stack.

Players with no chips finish below everyone with chips, sharing those places equally.
Payouts are listed from first place down; only the first ``len(stacks)`` are reachable.

Examples:
    >>> equities = icm([5000, 3000, 2000], [70, 30])
    >>> [round(e, 4) for e in equities], round(sum(equities), 9)
    ([45.1786, 32.25, 22.5714], 100.0)
    >>> icm_deal([5000, 3000, 2000], [70, 30])       # cents that add up to the pool
    [Decimal('45.18'), Decimal('32.25'), Decimal('22.57')]
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from decimal import Decimal, InvalidOperation, localcontext
from fractions import Fraction
from numbers import Real
from typing import Literal, cast

from pokerforge import _core
from pokerforge.defaults import SEED
from pokerforge.errors import InvalidPayoutError, InvalidSpecError, InvalidStackError, UnitError

__all__ = [
    "IcmEquities",
    "Method",
    "Model",
    "bubble_factors",
    "finish_probabilities",
    "icm",
    "icm_deal",
    "premiums_of",
    "risk_premiums",
]

Model = Literal["harville", "weitzman"]
"""The ICM model: Malmuth-Harville (from the top) or Malmuth-Weitzman (from the bottom)."""

Method = Literal["auto", "exact", "monte-carlo"]
"""Exact (up to 22 players with chips), sampled, or exact where possible."""

Number = int | float | Decimal | Fraction


def numbers(values: Iterable[Number], name: str) -> list[float]:
    """``values`` as floats for the core, which checks their range and names a bad one.

    NumPy's scalars count as the numbers they hold (``np.int64(5)`` is 5.0).

    Raises:
        TypeError: An entry that is not a number (a ``bool`` or ``str`` is not one).

    Examples:
        >>> import numpy as np
        >>> numbers([np.int64(5), np.float32(0.5), 2], "stacks")
        [5.0, 0.5, 2.0]
    """
    given = list(values)
    # The usual input, plain floats (and ints that fit one), skips the checks one by one:
    # at a final table they cost as much as the ICM itself.
    if all(type(v) is float for v in given):
        return cast(list[float], given)
    out = []
    for i, value in enumerate(given):
        # Real covers int, float, Fraction and NumPy's numbers; NumPy's bool is none.
        if isinstance(value, bool) or not isinstance(value, Real | Decimal):
            raise TypeError(f"{name}[{i}] = {value!r} is not a number")
        try:
            out.append(float(value))
        except OverflowError:  # an int beyond any float: the core names it as inf
            out.append(math.inf)
        except ValueError:  # a signalling NaN Decimal: the core names it as NaN
            out.append(math.nan)
    return out


def blind_pair(blinds: Iterable[Number]) -> tuple[float, float]:
    """``(small, big)`` as floats (the core checks their values and names a bad one).

    Raises:
        InvalidSpecError: not two blinds.
    """
    pair = numbers(blinds, "blinds")
    if len(pair) != 2:
        raise InvalidSpecError(f"blinds must be (small blind, big blind), not {pair!r}")
    return pair[0], pair[1]


# The largest prize pool the push/fold solvers take: their sums of prize equity over a
# table's outcomes stay finite below it (a pool of 2e305 once turned every value to NaN).
MAX_PUSH_FOLD_POOL = 1e300


def push_fold_prizes(payouts: Iterable[Number]) -> list[float]:
    """``payouts`` as floats for the push/fold solvers (as
    [`numbers()`][pokerforge.icm.model.numbers]).

    Raises:
        InvalidPayoutError: payouts adding up to more than `MAX_PUSH_FOLD_POOL`;
            ``location`` is ``"payouts"``.
    """
    prizes = numbers(payouts, "payouts")
    try:
        total = math.fsum(p for p in prizes if 0 < p < math.inf)  # the core names the others
    except OverflowError:  # a sum past the largest float
        total = math.inf
    if total > MAX_PUSH_FOLD_POOL:
        err = InvalidPayoutError(
            f"the payouts add up to {total:g}: the push/fold solvers take prize pools up to 1e300"
        )
        err.location = "payouts"
        raise err
    return prizes


def push_fold_stacks(stacks: Iterable[Number]) -> list[float]:
    """``stacks`` as floats for the push/fold solvers (as
    [`numbers()`][pokerforge.icm.model.numbers]).

    Raises:
        InvalidStackError: stacks whose sum passes the largest float (the solvers count
            chips as they are, so they cannot scale them down as [`icm()`][pokerforge.icm.icm]
            does); ``location`` is ``"stacks"``.
    """
    chips = numbers(stacks, "stacks")
    finite = [c for c in chips if 0 < c < math.inf]  # the core names the other values
    if sum(finite) == math.inf:
        err = InvalidStackError(
            "the stacks add up to more than the largest float (about 1.8e308): count them "
            "in a larger unit"
        )
        err.location = "stacks"
        raise err
    return chips


# The widest spread of stacks the models take: the chance of a set of players left,
# divided by their chips, must stay a float (past a factor of about 1e308 it is infinite).
MAX_STACK_RATIO = 1e300


# Below this largest stack the models' shares (a stack divided by a sum of stacks) lose
# precision in subnormal floats: the stacks are rescaled first.
MIN_TOP_STACK = 1e-200


def stack_values(stacks: Iterable[Number]) -> list[float]:
    """``stacks`` as floats for the core (as [`numbers()`][pokerforge.icm.model.numbers]), scaled
    down when their sum passes the largest float (equities depend on the stacks' proportions alone).

    Raises:
        InvalidStackError: a stack with chips that is more than `MAX_STACK_RATIO`
            times smaller than the largest; ``location`` names it.
    """
    values = numbers(stacks, "stacks")
    chips = [v for v in values if 0 < v < math.inf]  # the core names the other values
    if not chips:
        return values
    top = max(chips)
    for i, v in enumerate(values):
        if v > 0 and v * MAX_STACK_RATIO < top:
            err = InvalidStackError(
                f"stacks[{i}] = {v!r} is too small beside the largest stack, {top!r}: the "
                "models take stacks within a factor 1e300 of each other"
            )
            err.location = f"stacks[{i}]"
            raise err
    # Stacks whose sum passes the largest float, or so small that shares of their sum
    # lose their digits (two stacks of 1e-320 gave equities of inf): in units of the
    # largest stack, which changes no proportion.
    if sum(chips) == math.inf or top < MIN_TOP_STACK:
        return [v / top for v in values]
    return values


class IcmEquities(list[float]):
    """Prize equities, one per player in the order of the stacks (a ``list``), and how they
    were found.

    Attributes:
        exact: Whether the equities are exact (to rounding) rather than sampled.
        samples: Finishing orders sampled (0 when exact).
        stderr: The standard error of each equity (zeros when exact).
        seed: The Monte Carlo seed (``None`` when exact): the same seed and samples give
            the same equities on every machine and thread count.
    """

    exact: bool
    samples: int
    stderr: tuple[float, ...]
    seed: int | None


def icm(
    stacks: Iterable[Number],
    payouts: Iterable[Number],
    *,
    model: Model = "harville",
    method: Method = "auto",
    samples: int | None = None,
    seed: int | None = SEED,
    time_limit: float | None = None,
) -> IcmEquities:
    """Each player's expected prize by the Independent Chip Model.

    Args:
        stacks: Chips of each player, 0 or more, not all 0.
        payouts: Prizes from first place down, each 0 or more; a list longer than the field
            pays only its first ``len(stacks)`` places, a shorter one nothing below its
            last place.
        model: ``"harville"`` (Malmuth-Harville) or ``"weitzman"`` (Malmuth-Weitzman).
        method: ``"exact"`` (a subset dynamic program, up to 22 players with chips),
            ``"monte-carlo"``, or ``"auto"`` (exact when it can be).
        samples: Finishing orders to sample (Monte Carlo; default 200,000).
        seed: The Monte Carlo seed (default `SEED`, as
            everywhere: the same question, the same answer; ``None``: a fresh one;
            reported in ``.seed``).
        time_limit: Seconds the sampling may take, asked between chunks of 65,536
            finishing orders (a few milliseconds); past it the call raises
            ``InvalidSpecError``. Exact ICM (at most about a tenth of a second, at 22
            players with chips) is one pass and does not ask.

    Returns:
        The equities, which add up to the reachable pool (the first ``len(stacks)``
        payouts) within ``1e-9`` of it; [`icm_deal()`][pokerforge.icm.icm_deal] rounds them to cents
        that add up exactly.

    Raises:
        InvalidStackError: A stack that is negative, NaN or infinite, a stack with chips
            more than `MAX_STACK_RATIO` times smaller than the largest, or stacks
            with no chips at all; ``location`` names it (``"stacks[2]"``).
        InvalidPayoutError: A payout that is negative, NaN or infinite.
        InvalidSpecError: An unknown model or method, ``method="exact"`` beyond 22
            players with chips, a bad number of samples, seed or time limit, or sampling
            that did not finish within ``time_limit`` (``location`` ``"time_limit"``).

    Examples:
        >>> icm([1500, 1500, 1500, 1500], [50, 30, 20])
        [25.0, 25.0, 25.0, 25.0]
        >>> [round(e, 2) for e in icm([9000, 500, 500], [50, 30, 20])]
        [47.95, 26.03, 26.03]
        >>> [round(e, 2) for e in icm([9000, 500, 500], [50, 30, 20], model="weitzman")]
        [48.17, 25.92, 25.92]
        >>> big = icm([1000] * 30, [50, 30, 20], seed=7, samples=20_000)  # sampled
        >>> big.exact, big.seed, round(sum(big), 9), abs(big[0] - 100 / 30) < 4 * big.stderr[0]
        (False, 7, 100.0, True)
    """
    equities, exact, drawn, stderr, used_seed = _core.icm(
        stack_values(stacks),
        numbers(payouts, "payouts"),
        model,
        method,
        samples,
        seed,
        time_limit,
    )
    result = IcmEquities(equities)
    result.exact = exact
    result.samples = drawn
    result.stderr = tuple(stderr)
    result.seed = None if exact else used_seed
    return result


def finish_probabilities(
    stacks: Iterable[Number], places: int | None = None, *, model: Model = "harville"
) -> list[list[float]]:
    """The chance of each player finishing in each place, exactly.

    Args:
        stacks: Chips of each player (up to 22 with chips).
        places: How many places from the top (default: all of them).
        model: ``"harville"`` or ``"weitzman"``.

    Returns:
        ``result[i][k]``: the chance that player ``i`` finishes in place ``k + 1``.

    Examples:
        >>> finish_probabilities([1, 3])
        [[0.25, 0.75], [0.75, 0.25]]
        >>> [round(p, 4) for p in finish_probabilities([50, 30, 20], 1)[0]]
        [0.5]
    """
    values = stack_values(stacks)
    count = len(values) if places is None else places
    if isinstance(count, bool) or not isinstance(count, int) or count < 0:
        raise InvalidSpecError(f"places = {places!r} is not allowed: expected 0 or more")
    # More places than players are the players' places (and no count passes 64 bits).
    return _core.finish_probabilities(values, min(count, len(values)), model)


def bubble_factors(
    stacks: Iterable[Number],
    payouts: Iterable[Number],
    *,
    model: Model = "harville",
    time_limit: float | None = None,
) -> list[list[float]]:
    """Bubble factors between every pair of players, by exact ICM.

    ``result[i][j]`` is what player ``i`` loses in prize equity by losing an all-in for the
    smaller of the two stacks against player ``j``, divided by what ``i`` gains by winning
    it. 1 means chips are worth their face value to ``i`` against ``j``; 2 means a chip
    lost costs twice what a chip won brings. ``nan`` on the diagonal, for a player without
    chips, and where winning would gain nothing.

    Each factor takes two exact ICM computations (a 22-player field takes 924 of them,
    minutes); Ctrl-C and ``time_limit`` (seconds) stop the work, asked before each exact
    computation (about a tenth of a second at 22 players with chips).

    Raises:
        InvalidStackError: A bad stack (as [`icm()`][pokerforge.icm.icm]).
        InvalidPayoutError: A bad payout.
        InvalidSpecError: More than 22 players with chips (the factors are exact only), a
            bad time limit, or work that did not finish within it (``location``
            ``"time_limit"``).

    Examples:
        >>> f = bubble_factors([5000, 3000, 1500, 500], [50, 30, 20])
        >>> round(f[1][0], 2), round(f[3][0], 2)
        (3.37, 1.43)
        >>> f = bubble_factors([700, 300], [60, 40])  # heads-up, chips are linear
        >>> [[round(b, 9) for b in row] for row in f]
        [[nan, 1.0], [1.0, nan]]
    """
    return _core.bubble_factors(
        stack_values(stacks), numbers(payouts, "payouts"), model, time_limit
    )


def risk_premiums(
    stacks: Iterable[Number],
    payouts: Iterable[Number],
    *,
    model: Model = "harville",
    time_limit: float | None = None,
) -> list[list[float]]:
    """Risk premiums between every pair of players, by exact ICM.

    The equity player ``i`` needs, beyond the 50% that chips alone ask, to call an all-in
    against player ``j`` at even odds (no dead money): with bubble factor ``b``, a call
    breaks even at ``b / (1 + b)``, so the premium is ``b / (1 + b) - 0.5``. ``nan`` where
    the bubble factor is, and where it is -1 (losing and winning change the equity alike:
    no price makes the call break even). ``time_limit`` is
    [`bubble_factors()`][pokerforge.icm.bubble_factors]'.

    Examples:
        >>> p = risk_premiums([5000, 3000, 1500, 500], [50, 30, 20])
        >>> f"{p[1][0]:.1%}", f"{p[3][0]:.1%}"
        ('27.1%', '8.9%')
    """
    return premiums_of(bubble_factors(stacks, payouts, model=model, time_limit=time_limit))


def premiums_of(factors: list[list[float]]) -> list[list[float]]:
    """Risk premiums from bubble factors (see [`risk_premiums()`][pokerforge.icm.risk_premiums]):
    ``b / (1 + b) - 0.5``, ``nan`` where ``b`` is ``nan`` or -1.

    Examples:
        >>> premiums_of([[math.nan, 3.0], [-1.0, 1.0]])
        [[nan, 0.25], [nan, 0.0]]
    """
    return [[b / (1.0 + b) - 0.5 if b != -1.0 else math.nan for b in row] for row in factors]


# Units in a pool above which a deal is computed in exact fractions rather than from the
# float equities (whose relative error, about 1e-15, is then no longer far below a unit).
_FLOAT_UNITS = 2**40

# The most sets of players the exact fractions of a deal go through (about a second).
_MAX_EXACT_SETS = 300_000


def _exact_equities(stacks: list[float], prizes: list[Fraction], model: Model) -> list[Fraction]:
    """Each player's ICM equity in exact fractions (the models of [`icm()`][pokerforge.icm.icm],
    players without chips sharing the places below the others equally), for deals of pools too
    large for float equities.

    Raises:
        InvalidSpecError: More sets of players than `_MAX_EXACT_SETS` to go through.

    Examples:
        >>> _exact_equities([5000, 3000, 2000], [Fraction(70), Fraction(30)], "harville")
        [Fraction(1265, 28), Fraction(129, 4), Fraction(158, 7)]
    """
    n = len(stacks)
    pay = prizes[:n] + [Fraction(0)] * (n - len(prizes[:n]))
    alive = [i for i in range(n) if stacks[i] > 0]
    chips = [Fraction(stacks[i]) for i in alive]
    weights = chips if model == "harville" else [1 / c for c in chips]
    m = len(alive)
    last_paid = max((k for k in range(m) if pay[k]), default=-1)
    # Harville goes down to the last paid place, Weitzman up from the bottom through
    # every set of players.
    if model == "harville":
        sets = sum(math.comb(m, k) for k in range(min(last_paid + 1, m)))
    else:
        sets = 2**m - 1
    if sets > _MAX_EXACT_SETS:
        raise InvalidSpecError(
            f"a deal of this pool in whole units needs exact ICM over {sets:,} sets of "
            f"players, more than {_MAX_EXACT_SETS:,}: pay it in a larger unit"
        )
    out = [Fraction(0)] * n
    # Harville fills places from the top (place k goes to one of the players left, by
    # weight); Weitzman from the bottom (the next one out, by inverse weight).
    layer: dict[int, Fraction] = {(1 << m) - 1: Fraction(1)}
    for step in range(m):
        place = step if model == "harville" else m - 1 - step
        if model == "harville" and place > last_paid:
            break
        below: dict[int, Fraction] = {}
        for left, chance in layer.items():
            members = [j for j in range(m) if left >> j & 1]
            total = sum(weights[j] for j in members)
            for j in members:
                p = chance * weights[j] / total
                out[alive[j]] += p * pay[place]
                rest = left & ~(1 << j)
                below[rest] = below.get(rest, Fraction(0)) + p
        layer = below
    broke = [i for i in range(n) if stacks[i] <= 0]
    for i in broke:
        out[i] = sum(pay[m:], Fraction(0)) / len(broke)
    return out


# The most decimal digits of units a prize may hold in a deal (a pool of 10**100 units is
# far past any money; the arithmetic past it grows with the digits).
_MAX_UNIT_DIGITS = 100


def _digits(amount: int | Decimal) -> int:
    """About how many digits ``amount`` has before the point (its size, cheaply)."""
    if not amount:
        return 0
    if isinstance(amount, int):
        return int(abs(amount).bit_length() * 0.30103) + 1
    return amount.adjusted() + 1


def _unit(unit: Decimal | str | int) -> Decimal:
    try:
        value = Decimal(unit)
    except (InvalidOperation, TypeError, ValueError):
        raise UnitError(f"unit = {unit!r} is not an amount of money") from None
    if not value.is_finite() or value <= 0:
        raise UnitError(f"unit = {unit!r} is not allowed: expected a positive amount")
    return value


def icm_deal(
    stacks: Iterable[Number],
    payouts: Iterable[int | Decimal],
    *,
    unit: Decimal | str | int = "0.01",
    model: Model = "harville",
) -> list[Decimal]:
    """An ICM deal: the reachable prize pool split by exact ICM into whole ``unit`` s that
    add up to the pool exactly.

    Each equity is rounded down to a whole number of units and the units left over go, one
    each, to the players whose equities lost the most by rounding (the earlier player on a
    tie), so the result is deterministic and never more than one unit from the equity.

    Args:
        stacks: Chips of each player.
        payouts: Prizes from first place down, as ``int`` or ``Decimal`` (a ``float`` has
            already lost the cents it was meant to hold), each a whole number of units.
        unit: The smallest amount paid (default a cent).
        model: ``"harville"`` or ``"weitzman"``.

    Raises:
        UnitError: A float payout, a payout that is not a whole number of units, or a bad
            unit.
        InvalidStackError: A bad stack (as [`icm()`][pokerforge.icm.icm]).
        InvalidSpecError: More than 22 players with chips (a deal is exact only).

    Examples:
        >>> from decimal import Decimal
        >>> icm_deal([100, 100, 100], [Decimal("100.00"), Decimal("50.00")])
        [Decimal('50.00'), Decimal('50.00'), Decimal('50.00')]
        >>> icm_deal([1, 1, 1], [100])                # 33.33 each and one cent left over
        [Decimal('33.34'), Decimal('33.33'), Decimal('33.33')]
        >>> sum(icm_deal([9000, 500, 500], [500, 300, 200], unit=1))
        Decimal('1000')
    """
    step = _unit(unit)
    prizes = list(payouts)
    for i, prize in enumerate(prizes):
        if isinstance(prize, bool) or not isinstance(prize, int | Decimal):
            raise UnitError(f"payouts[{i}] = {prize!r} is not an amount of money (int or Decimal)")
        if isinstance(prize, Decimal) and not prize.is_finite():
            raise UnitError(f"payouts[{i}] = {prize} is not an amount of money")
        # Sized before any arithmetic: a prize of 1e999999999 units was a billion-digit
        # number to build (the time and memory of the machine).
        if _digits(prize) - step.adjusted() > _MAX_UNIT_DIGITS:
            raise UnitError(
                f"payouts[{i}] = {prize} is more than 10**{_MAX_UNIT_DIGITS} units of {step}: "
                "pay it in a larger unit"
            )
        # In fractions: Decimal's 28 digits cannot divide a pool of 10**26 into cents.
        if (Fraction(prize) / Fraction(step)).denominator != 1:
            raise UnitError(f"payouts[{i}] = {prize} is not a whole number of units of {step}")
    chips = stack_values(stacks)
    equities: list[float] | list[Fraction] = icm(chips, prizes, model=model, method="exact")
    pool = int(sum(Fraction(p) for p in prizes[: len(chips)]) / Fraction(step))
    if pool > _FLOAT_UNITS:
        # Float equities resolve about one part in 2**52: past this many units their
        # error reaches whole units (a pool of 1e29 cents was off by billions of them).
        equities = _exact_equities(chips, [Fraction(p) for p in prizes], model)
    # Each player's share of the pool in exact fractions of the equities' total, so that
    # the floors add up to the pool less fewer units than there are players, however
    # many units the pool holds; those go, one each, to the largest rounding losses.
    total = sum((Fraction(e) for e in equities), Fraction(0))
    exact = [pool * Fraction(e) / total if total else Fraction(0) for e in equities]
    units = [math.floor(x) for x in exact]
    order = sorted(range(len(units)), key=lambda i: (-(exact[i] - units[i]), i))
    for i in order[: pool - sum(units)]:
        units[i] += 1
    exponent = step.as_tuple().exponent
    places = -exponent if isinstance(exponent, int) and exponent < 0 else 0
    with localcontext() as context:  # digits enough for the largest amount, exactly
        context.prec = max(context.prec, len(str(pool)) + places + 2)
        return [(step * u).quantize(step) for u in units]
