"""Position names and the seats of the forced bets.

Seats are numbered clockwise. Clockwise from the button the positions of a full ring are
BTN, SB, BB, UTG, UTG+1, UTG+2, UTG+3, UTG+4, HJ, CO; shorter tables drop UTG+4 first, then
UTG+3, UTG+2, UTG+1, HJ and CO, so that from four players on UTG, the first to act
pre-flop, always exists (rule 2). Heads-up, the button posts the small blind (rule 4) and
the two seats are BTN and BB. With a button blind (rule 44) the button posts the only blind
and nobody else posts: the seats left of it are named as the seats after the big blind
(UTG first), none of them SB or BB.

Examples:
    >>> from pokerforge.game.positions import position_names, blind_seats
    >>> position_names(6, button=0)
    ('BTN', 'SB', 'BB', 'UTG', 'HJ', 'CO')
    >>> position_names(5, button=0), position_names(4, button=0)
    (('BTN', 'SB', 'BB', 'UTG', 'CO'), ('BTN', 'SB', 'BB', 'UTG'))
    >>> position_names(3, button=2)
    ('SB', 'BB', 'BTN')
    >>> position_names(2, button=1)
    ('BB', 'BTN')
    >>> blind_seats(2, button=1), blind_seats(6, button=4)
    ((1, 0), (5, 0))
    >>> position_names(6, button=5, button_blind=True)
    ('UTG', 'UTG+1', 'UTG+2', 'HJ', 'CO', 'BTN')
"""

from __future__ import annotations

from functools import cache

from pokerforge._core import position_names_from_button
from pokerforge.game.arguments import MAX_SEATS, MIN_SEATS, player_count, seat_number

__all__ = ["MAX_SEATS", "MIN_SEATS", "SEAT_ORDERS", "blind_seats", "position_names", "seat_order"]

# Clockwise after the big blind, for a full ring; shorter tables drop from the front of
# _DROP_ORDER.
_AFTER_BB = ("UTG", "UTG+1", "UTG+2", "UTG+3", "UTG+4", "HJ", "CO")
_DROP_ORDER = ("UTG+4", "UTG+3", "UTG+2", "UTG+1", "HJ", "CO", "UTG")


def _check(n: int, button: int) -> None:
    seat_number(button, player_count(n), what="the button")


@cache
def _names_from_button(n: int) -> tuple[str, ...]:
    # The core's table (rust/core/src/rooms/replay_rules.rs), which the import's fast
    # replay reads too: one list of names.
    return tuple(position_names_from_button(n))


@cache
def _names_without_blinds(n: int) -> tuple[str, ...]:
    """The names of ``n`` seats from the button when the button alone posts: the others
    as the seats after a big blind, a full ring's seven and, at ten, UTG+5 and UTG+6."""
    after = n - 1
    if after <= len(_AFTER_BB):
        dropped = set(_DROP_ORDER[: len(_AFTER_BB) - after])
        return ("BTN", *(name for name in _AFTER_BB if name not in dropped))
    more = tuple(f"UTG+{k}" for k in range(5, 5 + after - len(_AFTER_BB)))
    return ("BTN", *_AFTER_BB[:5], *more, *_AFTER_BB[5:])


def position_names(
    n: int, button: int, *, dead_small_blind: bool = False, button_blind: bool = False
) -> tuple[str, ...]:
    """The position name of each seat ``0..n-1`` with the button at ``button``.

    With ``dead_small_blind`` (rule 29) nobody is the small blind: the seat left of the
    button is the big blind and the others are named as at a table one seat larger. With
    ``button_blind`` (rule 44) the button posts the only blind: nobody is SB or BB, and
    the seats left of the button are named from UTG.

    Raises:
        InvalidSpecError: ``n`` is not 2 to 10 or ``button`` is not a seat.

    Examples:
        >>> position_names(10, button=0)[3:]
        ('UTG', 'UTG+1', 'UTG+2', 'UTG+3', 'UTG+4', 'HJ', 'CO')
        >>> position_names(5, button=0)
        ('BTN', 'SB', 'BB', 'UTG', 'CO')
        >>> position_names(3, button=0, dead_small_blind=True)
        ('BTN', 'BB', 'UTG')
        >>> position_names(2, button=0, button_blind=True)
        ('BTN', 'UTG')
        >>> position_names(10, button=0, button_blind=True)[5:]
        ('UTG+4', 'UTG+5', 'UTG+6', 'HJ', 'CO')
    """
    _check(n, button)
    if button_blind:
        names = _names_without_blinds(n)
    elif dead_small_blind and n < MAX_SEATS:
        names = tuple(name for name in _names_from_button(n + 1) if name != "SB")
    elif dead_small_blind:  # ten players: one UTG more than a full ring has
        full = _names_from_button(n)
        names = ("BTN", *full[2:8], "UTG+5", *full[8:])
    else:
        names = _names_from_button(n)
    return tuple(names[(seat - button) % n] for seat in range(n))


def blind_seats(n: int, button: int) -> tuple[int, int]:
    """The small-blind and big-blind seats (heads-up the button posts the small blind).

    Examples:
        >>> blind_seats(3, button=0)
        (1, 2)
    """
    _check(n, button)
    sb = button if n == 2 else (button + 1) % n
    return sb, (sb + 1) % n


SEAT_ORDERS: dict[int, tuple[tuple[int, ...], ...]] = {
    n: tuple(tuple((start + k) % n for k in range(1, n + 1)) for start in range(n))
    for n in range(MIN_SEATS, MAX_SEATS + 1)
}
"""``SEAT_ORDERS[n][start]``: the seats clockwise after ``start``, ending with ``start``."""


def seat_order(n: int, start: int) -> tuple[int, ...]:
    """The seats clockwise after ``start``, ending with ``start`` itself.

    Examples:
        >>> seat_order(4, 2)
        (3, 0, 1, 2)
    """
    return SEAT_ORDERS[n][start]
