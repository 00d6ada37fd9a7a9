"""Checks of the arguments every part of the game layer takes: player counts, seats, chips.

One function per kind of argument, so that a hand, a table, a dealer and a tournament refuse
the same bad value with the same sentence, an `InvalidSpecError` naming it.

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

from collections.abc import Collection, Sequence
from decimal import Decimal

from pokerforge._core import MAX_PLAYERS
from pokerforge.errors import InvalidSpecError

__all__ = [
    "MAX_SEATS",
    "MIN_SEATS",
    "check_posts",
    "chip_count",
    "player_count",
    "recorded_result",
    "replay_record",
    "seat_number",
]

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


def check_posts(
    posts: Sequence[tuple[int, int, int]], n: int, button: int, dead_small_blind: bool
) -> list[tuple[int, int, int]]:
    """The players' extra posts as ``(seat, live, dead)``, each seat at most once, never a
    blind's seat."""
    blinds = {button, (button + 1) % n} if n == 2 else {(button + 1) % n, (button + 2) % n}
    out: list[tuple[int, int, int]] = []
    for entry in posts:
        if not isinstance(entry, tuple) or len(entry) != 3:
            raise InvalidSpecError(f"a post is (seat, live, dead), not {entry!r}")
        seat = seat_number(entry[0], n, what="a post's seat")
        live = chip_count(f"seat {seat}'s live post", entry[1])
        dead = chip_count(f"seat {seat}'s dead post", entry[2])
        if seat in blinds and not (dead_small_blind and seat == (button + 2) % n):
            raise InvalidSpecError(f"seat {seat} posts a blind this hand and cannot post again")
        if any(seat == other for other, _, _ in out):
            raise InvalidSpecError(f"seat {seat} posts more than once")
        out.append((seat, live, dead))
    return out


def recorded_result(
    n: int, winnings: Sequence[int] | None, stacks: Sequence[int] | None
) -> tuple[str, tuple[int, ...]] | None:
    """The recorded result given to a replay, checked: one list of chips per seat."""
    if winnings is not None and stacks is not None:
        raise InvalidSpecError("give recorded_winnings or recorded_stacks, not both")
    kind, values = ("winnings", winnings) if winnings is not None else ("stacks", stacks)
    if values is None:
        return None
    values = tuple(values)
    bad = len(values) != n
    for v in values:  # a loop, not any(): every replayed hand comes here
        if type(v) is not int or v < 0:
            bad = True
    if bad:
        raise InvalidSpecError(
            f"recorded {kind} must be {n} whole numbers of chips (0 or more), not {values!r}"
        )
    return kind, values


_NO_SEATS: frozenset[int] = frozenset()
_SEATS = tuple(frozenset(range(n)) for n in range(MAX_SEATS + 1))  # the seats of n players
_NOT_A_REPLAY: tuple[frozenset[int], None, Decimal] = (_NO_SEATS, None, Decimal(1))


def replay_record(
    n: int,
    unknown: Collection[int],
    winnings: Sequence[int] | None,
    stacks: Sequence[int] | None,
    chip_value: Decimal | int,
) -> tuple[frozenset[int], tuple[str, tuple[int, ...]] | None, Decimal]:
    """What a replay of a recorded hand of ``n`` seats knows, checked: the seats whose
    cards are unknown, the recorded result (see `recorded_result()`) and the value of
    a chip.

    Examples:
        >>> replay_record(3, (), None, None, 1)
        (frozenset(), None, Decimal('1'))
        >>> replay_record(3, {2}, [0, 5, 0], None, Decimal("0.01"))
        (frozenset({2}), ('winnings', (0, 5, 0)), Decimal('0.01'))
    """
    if (
        not len(unknown)
        and winnings is None
        and stacks is None
        and type(chip_value) is int
        and chip_value == 1
    ):
        return _NOT_A_REPLAY  # a hand that is not a replay (every simulated hand)
    seats = frozenset(unknown)
    if seats and not seats <= _SEATS[n]:
        raise InvalidSpecError(f"unknown_hole_cards names seats outside 0 to {n - 1}")
    # The seats as plain ints, whatever equal objects were given (see chip_count).
    seats = frozenset(seat for seat in _SEATS[n] if seat in seats)
    value = chip_value if type(chip_value) is Decimal else Decimal(chip_value)
    return seats, recorded_result(n, winnings, stacks), value
