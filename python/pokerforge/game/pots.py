"""Pots: building main and side pots, and splitting a pot between winners.

Pots are built from every player's contribution levels (rule 20): each distinct amount put
in by a player still in the hand closes a pot; a pot holds what every player (folded or not)
put in up to that level, and is open to the players still in the hand who reached it.
Folded players' chips stay in the pots. Dead money (a big-blind ante) goes to the main pot.

Splitting follows rule 26: equal shares in whole chip units, and the odd units one at a time
to the winners in seat order starting left of the button.

Examples:
    >>> from pokerforge.game.pots import build_pots, split
    >>> build_pots([50, 100, 200, 200], [False] * 4)  # worked example O
    [Pot(amount=200, eligible=(0, 1, 2, 3)), Pot(amount=150, eligible=(1, 2, 3)), Pot(amount=200, eligible=(2, 3))]
    >>> split(51, [0, 1], unit=1)  # worked example Q, seat 0 left of the button
    [26, 25]
"""  # noqa: E501

from __future__ import annotations

from typing import NamedTuple

from pokerforge._core import record as _record  # see betting.py

__all__ = ["Pot", "build_pots", "split", "split_hilo", "split_runouts"]


class Pot(NamedTuple):
    """A pot: its chips and the seats that can win it (ascending)."""

    amount: int
    eligible: tuple[int, ...]


def build_pots(contributions: list[int], folded: list[bool], dead: int = 0) -> list[Pot]:
    """Main pot first, then side pots, from the chips each seat put in.

    Args:
        contributions: chips put in by each seat.
        folded: whether each seat has folded (folded seats are eligible for nothing).
        dead: dead money added to the main pot.

    Returns:
        The pots with at least one chip, main pot first. Chips above the highest level of
        any live player (possible only for a folded seat) join the last pot.

    Examples:
        >>> build_pots([60, 100, 100], [False, False, False])  # example C
        [Pot(amount=180, eligible=(0, 1, 2)), Pot(amount=80, eligible=(1, 2))]
        >>> build_pots([2, 1, 0], [False, True, True])
        [Pot(amount=3, eligible=(0,))]
        >>> build_pots([5, 0, 2], [True, False, True], dead=1)  # the live seat put in nothing
        [Pot(amount=8, eligible=(1,))]
        >>> build_pots([0, 0], [True, False])
        []
    """
    live: list[int] = []
    level = 0  # the live seats' one non-zero contribution, or -1 once there are several
    seat = -1  # counted by hand: cheaper than enumerate() over a handful of seats
    for c in contributions:  # one pass, no sorting: usually one level
        seat += 1
        if not folded[seat]:
            live.append(seat)
            if c and c != level:
                level = c if not level else -1
    if level > 0:  # the common case: one pot, every live seat eligible
        return [_record(Pot, sum(contributions) + dead, tuple(live))]
    if len(live) == 1:  # a hand won uncontested: every chip in one pot for that seat
        total = sum(contributions) + dead
        return [_record(Pot, total, tuple(live))] if total else []
    return _side_pots(contributions, live, dead)


def _side_pots(contributions: list[int], live: list[int], dead: int) -> list[Pot]:
    """`build_pots()` when the live seats put in several amounts (a function of its
    own: its comprehensions would make the common case's locals cells)."""
    levels = sorted({contributions[i] for i in live})
    if levels and not levels[0]:
        del levels[0]
    pots: list[Pot] = []
    previous = 0
    for level in levels:
        amount = 0
        for c in contributions:
            if c > previous:
                amount += (level if c > level else c) - previous
        pots.append(Pot(amount, tuple(i for i in live if contributions[i] >= level)))
        previous = level
    rest = 0
    for c in contributions:
        if c > previous:
            rest += c - previous
    if pots:
        if rest:
            last = pots[-1]
            pots[-1] = Pot(last.amount + rest, last.eligible)
        if dead:
            main = pots[0]
            pots[0] = Pot(main.amount + dead, main.eligible)
    elif rest or dead:
        pots.append(Pot(rest + dead, tuple(live)))
    return pots


def split(amount: int, winners: list[int], unit: int = 1) -> list[int]:
    """Split ``amount`` between ``winners`` (already in odd-chip order) in units of ``unit``.

    Each winner gets the same number of whole units; the remaining units go one at a time
    to the winners in the given order, and any chips smaller than a unit to the first.

    Examples:
        >>> split(10, [3, 1, 2])
        [4, 3, 3]
        >>> split(25, [0, 1], unit=5)
        [15, 10]
    """
    k = len(winners)
    units, loose = divmod(amount, unit)
    each, odd = divmod(units, k)
    shares = [each * unit + (unit if j < odd else 0) for j in range(k)]
    shares[0] += loose
    return shares


def split_hilo(amount: int, unit: int = 1) -> tuple[int, int]:
    """Halves of a hi-lo pot in whole units; the odd unit (and loose chips) go high.

    Examples:
        >>> split_hilo(9)
        (5, 4)
        >>> split_hilo(30, unit=10)
        (20, 10)
    """
    low = amount // unit // 2 * unit
    return amount - low, low


def split_runouts(amount: int, times: int, unit: int = 1) -> list[int]:
    """A pot's shares when the board is run ``times`` times (rule 26b), first runout first.

    Every runout gets the same number of whole units; the odd units go one at a time to
    the runouts in the order they were dealt, and chips smaller than a unit to the first
    (rule 26 applied to the runouts: no runout gets more than one odd unit).

    Examples:
        >>> split_runouts(101, 2)
        [51, 50]
        >>> split_runouts(11, 4)
        [3, 3, 3, 2]
        >>> split_runouts(27, 2, unit=5)  # five units of 5 and 2 loose chips
        [17, 10]
    """
    return split(amount, list(range(times)), unit)
