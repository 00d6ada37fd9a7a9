"""Money and chips: the chip unit a hand history needs, and exact conversions both ways.

Recorded cash games count money in dollars and cents (``starting_stacks = [247.10, 14.60]``)
while the engine counts whole chips. `chip_unit()` picks the largest power of ten that
makes every amount of a hand a whole number of chips (a cent for the amounts above), so the
replay runs in integers and `to_money()` gives the record's own amounts back exactly.
Amounts are `Decimal` or ``int``, never ``float``: a float has already lost
the decimal the file wrote.

Examples:
    >>> from decimal import Decimal
    >>> unit = chip_unit([Decimal("247.10"), Decimal("0.50"), 1])
    >>> unit
    Decimal('0.01')
    >>> to_chips(Decimal("247.10"), unit), to_money(24710, unit)
    (24710, Decimal('247.10'))
    >>> chip_unit([500, 1000]), to_chips(1000, 1)
    (Decimal('1'), 1000)
"""

from __future__ import annotations

from collections.abc import Iterable
from decimal import Decimal

from pokerforge.errors import TooManyChipsError, UnitError

__all__ = [
    "MAX_CHIPS",
    "Amount",
    "TooManyChipsError",
    "UnitError",
    "chip_unit",
    "to_chips",
    "to_money",
]

Amount = int | Decimal

_ONE = Decimal(1)
_MAX_PLACES = 8  # no room counts money finer than a hundred-millionth

#: The most chips an amount may count: 2**63 - 1, what the core's readers hold. A record's
#: amount beyond it is an error, never a number so large that the arithmetic on it fails
#: (``1e999999999`` overflows `Decimal`'s context) or crawls.
MAX_CHIPS = 2**63 - 1


def _places(value: Amount) -> int:
    if type(value) is int:
        return 0
    if not isinstance(value, Decimal) or not value.is_finite():
        raise UnitError(f"{value!r} is not an amount of money (use int or Decimal, not float)")
    # The places as written: "247.10" is counted in cents, as the file counts it.
    text = str(value)
    if "E" in text:
        exponent = value.as_tuple().exponent
        assert isinstance(exponent, int)  # finite, checked above
        return max(0, -exponent)
    dot = text.find(".")
    return 0 if dot < 0 else len(text) - dot - 1


def chip_unit(amounts: Iterable[Amount]) -> Decimal:
    """The largest power-of-ten unit that counts every amount in whole chips.

    Raises:
        UnitError: a float or non-finite amount, or one with more than eight decimals.

    Examples:
        >>> from decimal import Decimal
        >>> chip_unit([Decimal("0.25"), Decimal("3.5"), 200])
        Decimal('0.01')
    """
    places = 0
    for value in amounts:
        p = _places(value)
        if p > places:
            if p > _MAX_PLACES:
                raise UnitError(f"{value} has more than {_MAX_PLACES} decimal places")
            places = p
    return _ONE.scaleb(-places) if places else _ONE


def to_chips(value: Amount, unit: Decimal) -> int:
    """``value`` as a whole number of chips of ``unit``.

    Raises:
        UnitError: ``value`` is not a whole number of ``unit``; a
            [`TooManyChipsError`][pokerforge.errors.TooManyChipsError] when it is more than
            `MAX_CHIPS` chips of it.

    Examples:
        >>> from decimal import Decimal
        >>> to_chips(Decimal("0.5"), Decimal("0.01"))
        50
        >>> to_chips(Decimal("0.005"), Decimal("0.01"))
        Traceback (most recent call last):
        ...
        pokerforge.errors.UnitError: 0.005 is not a whole number of chips of 0.01
    """
    if type(value) is int and unit == _ONE:
        if abs(value) > MAX_CHIPS:
            raise TooManyChipsError(_too_many(value, unit))
        return value
    _places(value)
    money = Decimal(value)
    # Sizes compared before any arithmetic: 1e999999999 / 0.01 would overflow the context.
    # An amount of 10**19 chips or more has its leading digit 19 places above the unit's.
    if money and money.adjusted() - unit.adjusted() > len(str(MAX_CHIPS)) - 1:
        raise TooManyChipsError(_too_many(value, unit))
    chips = money / unit
    if chips != chips.to_integral_value():
        raise UnitError(f"{value} is not a whole number of chips of {unit}")
    if abs(chips) > MAX_CHIPS:
        raise TooManyChipsError(_too_many(value, unit))
    return int(chips)


def _too_many(value: Amount, unit: Decimal) -> str:
    # A huge int is named by its size (Python writes no int of more than 4,300 digits).
    if isinstance(value, int) and value.bit_length() > 256:
        shown = f"an amount of {value.bit_length()} bits"
    else:
        shown = str(value)
    return f"{shown} is more than {MAX_CHIPS} chips of {unit}, the most an amount may count"


def to_money(chips: int, unit: Decimal) -> Amount:
    """``chips`` of ``unit`` as money: an ``int`` for whole-chip units, else a Decimal with
    the unit's decimal places.

    Examples:
        >>> from decimal import Decimal
        >>> to_money(50, Decimal("0.01")), to_money(7, Decimal(1))
        (Decimal('0.50'), 7)
    """
    if unit == _ONE:
        return chips
    return (chips * unit).quantize(unit)
