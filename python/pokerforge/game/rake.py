"""Rake: the house's share of a cash-game pot (rule 27).

The rake is a percentage of the whole pot (0-10 %), rounded down to the chip unit, limited by
a cap per hand; with *no flop, no drop* a hand that ends before the flop pays none. It is
taken from the main pot first, or from every pot in proportion to its size
(``split="proportional"``, as PokerStars takes it). All arithmetic is exact
(``fractions.Fraction``).

Examples:
    >>> from pokerforge.game import Rake
    >>> rake = Rake(percent=5, cap=3)
    >>> rake.amount(40, flop_seen=True), rake.amount(200, flop_seen=True)
    (2, 3)
    >>> rake.amount(30, flop_seen=True), rake.amount(30, flop_seen=False)
    (1, 0)
    >>> take_rake([20, 10], 3)
    ([17, 10], 3)
    >>> take_rake([562, 786, 636], 89, split="proportional")
    ([537, 750, 608], 89)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from pokerforge.errors import InvalidSpecError

__all__ = ["SPLITS", "Rake", "take_rake"]

_MAX_PERCENT = 10
SPLITS = ("main-first", "proportional")  # how a rake comes out of several pots


@dataclass(frozen=True, slots=True, kw_only=True)
class Rake:
    """A rake rule.

    Attributes:
        percent: the share of the pot in percent, 0 to 10 (an ``int``, a ``Fraction``, a
            decimal string such as ``"2.5"`` or a float, converted exactly from its decimal
            text). Stored as a ``Fraction``.
        cap: the most the house takes from one hand, or ``None`` for no cap.
        no_flop_no_drop: when true, no rake is taken from a hand that ends before the flop.
        split: how the rake comes out of a hand with side pots: ``"main-first"`` (the main
            pot first, then each side pot) or ``"proportional"`` (every pot in proportion
            to its size; see `take_rake()`).

    Raises:
        InvalidSpecError: the percentage is outside 0-10, the cap is negative, or the
            split is not one of `SPLITS`.
    """

    percent: Fraction
    cap: int | None = None
    no_flop_no_drop: bool = True
    split: str = "main-first"

    def __init__(
        self,
        *,
        percent: Fraction | int | float | str,
        cap: int | None = None,
        no_flop_no_drop: bool = True,
        split: str = "main-first",
    ) -> None:
        if isinstance(percent, bool):
            raise InvalidSpecError(f"the rake percentage must be a number, not {percent!r}")
        try:
            value = Fraction(str(percent)) if isinstance(percent, float) else Fraction(percent)
        except (ValueError, TypeError, ZeroDivisionError):
            raise InvalidSpecError(
                f"the rake percentage must be a number, not {percent!r}"
            ) from None
        if not 0 <= value <= _MAX_PERCENT:
            raise InvalidSpecError(f"the rake must be 0 to 10 percent, not {percent!r}")
        if cap is not None and (isinstance(cap, bool) or not isinstance(cap, int) or cap < 0):
            raise InvalidSpecError(
                f"the rake cap must be a whole number of chips >= 0, not {cap!r}"
            )
        if split not in SPLITS:
            raise InvalidSpecError(
                f"the rake split must be 'main-first' or 'proportional', not {split!r}"
            )
        object.__setattr__(self, "percent", value)
        object.__setattr__(self, "cap", cap)
        object.__setattr__(self, "no_flop_no_drop", bool(no_flop_no_drop))
        object.__setattr__(self, "split", split)

    def amount(self, pot: int, *, flop_seen: bool, chip_unit: int = 1) -> int:
        """The rake on a pot of ``pot`` chips, rounded down to ``chip_unit``, within the cap.

        Examples:
            >>> Rake(percent="2.5").amount(1000, flop_seen=True, chip_unit=5)
            25
            >>> Rake(percent=5, cap=3).amount(20, flop_seen=True)
            1
        """
        if self.no_flop_no_drop and not flop_seen:
            return 0
        units = int(pot * self.percent / 100 / chip_unit)
        rake = units * chip_unit
        if self.cap is not None and rake > self.cap:
            rake = self.cap - self.cap % chip_unit
        return rake


def take_rake(pots: list[int], rake: int, *, split: str = "main-first") -> tuple[list[int], int]:
    """Take ``rake`` chips from the pots; returns new amounts and the rake taken.

    ``"main-first"`` empties the main pot before touching a side pot. ``"proportional"``
    takes from each pot its share of the rake, rounded down, and the chips the rounding
    leaves one each from the largest pots (the earlier pot first among equal ones).

    Examples:
        >>> take_rake([2, 5], 4)
        ([0, 3], 4)
        >>> take_rake([100, 50, 50], 5, split="proportional")
        ([97, 49, 49], 5)
    """
    if split == "proportional":
        total = sum(pots)
        rake = min(rake, total)
        if not total:
            return list(pots), 0
        shares = [rake * amount // total for amount in pots]
        left = rake - sum(shares)
        for i in sorted(range(len(pots)), key=lambda i: -pots[i])[:left]:
            shares[i] += 1
        return [amount - share for amount, share in zip(pots, shares, strict=True)], rake
    left = rake
    out = []
    for amount in pots:
        taken = min(amount, left)
        left -= taken
        out.append(amount - taken)
    return out, rake - left
