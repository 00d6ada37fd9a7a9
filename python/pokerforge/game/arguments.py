"""Checks of the arguments every part of the game layer takes: player counts, seats, chips.

One function per kind of argument, so that a hand, a table, a dealer and a tournament refuse
the same bad value with the same sentence, an :class:`~pokerforge.InvalidSpecError` naming it.

Examples:
    >>> seat_number(3, 6, what="the button")
    3
    >>> seat_number(6, 6, what="the button")
    Traceback (most recent call last):
    ...
    pokerforge.errors.InvalidSpecError: the button must be a seat from 0 to 5, not 6
    >>> chip_count("the stack", 0, positive=True)
    Traceback (most recent call last):
    ...
    pokerforge.errors.InvalidSpecError: the stack must be a whole number of chips above 0, not 0
"""

from __future__ import annotations

from pokerforge._core import MAX_PLAYERS
from pokerforge.errors import InvalidSpecError

__all__ = ["MAX_SEATS", "MIN_SEATS", "chip_count", "player_count", "seat_number"]

MIN_SEATS = 2
MAX_SEATS = MAX_PLAYERS  # the core's limit, written there once


def player_count(n: object, *, what: str = "a hand needs", unit: str = "players") -> int:
    """``n`` when it is a whole number from 2 to 10 (rule 1).

    Examples:
        >>> player_count(11, what="a table has", unit="seats")
        Traceback (most recent call last):
        ...
        pokerforge.errors.InvalidSpecError: a table has 2 to 10 seats, not 11
    """
    if isinstance(n, bool) or not isinstance(n, int) or not MIN_SEATS <= n <= MAX_SEATS:
        raise InvalidSpecError(f"{what} {MIN_SEATS} to {MAX_SEATS} {unit}, not {n!r}")
    return n


def seat_number(seat: object, n: int, *, what: str = "seat") -> int:
    """``seat`` as a plain ``int`` when it is one of the seats ``0..n-1``."""
    if isinstance(seat, int) and not isinstance(seat, bool):
        seat = int.__index__(seat)  # a plain int: see chip_count
        if 0 <= seat < n:
            return seat
    raise InvalidSpecError(f"{what} must be a seat from 0 to {n - 1}, not {seat!r}")


def chip_count(what: str, chips: object, *, positive: bool = False) -> int:
    """``chips`` as a plain ``int`` when it is a whole number of chips (at least 0, or above
    0 if ``positive``).

    Examples:
        >>> chip_count("the ante", -1)
        Traceback (most recent call last):
        ...
        pokerforge.errors.InvalidSpecError: the ante must be a whole number of chips at least 0, ...
    """
    if isinstance(chips, int) and not isinstance(chips, bool):
        # A plain int, never the int subclass given: a hand is out of the garbage
        # collector's sight, so a reference cycle through an object it kept (an int
        # subclass's instance has a __dict__) would never be freed; and the checks below
        # then compare true numbers, whatever the subclass's operators say.
        chips = int.__index__(chips)
        if chips >= (1 if positive else 0):
            return chips
    bound = "above 0" if positive else "at least 0"
    raise InvalidSpecError(f"{what} must be a whole number of chips {bound}, not {chips!r}")
