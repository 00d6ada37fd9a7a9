"""Which hands statistics count: by kind (cash or tournament), unit, stakes, game, room,
day, and the players' position. One definition of each filter serves both the hands read
from files ([`Stats`][pokerforge.histories.Stats], which takes a
[`HandFilter`][pokerforge.histories.filters.HandFilter]) and the hand database
([`database_stats()`][pokerforge.histories.database.database_stats], whose query is made from
[`HandFilter.sql()`][pokerforge.histories.filters.HandFilter.sql]), so that both paths keep the
same hands.

The fields are those the hand database stores (docs/database.md): the hand's
[`Group`][pokerforge.histories.groups.Group] (``kind``, ``unit``, ``stakes``; ``game`` is the
betting and the variant, ``"no-limit holdem"``, or the variant alone, ``"holdem"``), the room's
code (``"PS"``; ``"PHH"`` for a PHH hand of no known room), and the day the room wrote (its own
clock; a hand with no time written is kept only when no day is asked). A ``position`` keeps each
player's hands at that position (``"BTN"``, ``"SB"``, ...): the hands counted are those the other
filters keep.

Examples:
    >>> where = HandFilter(kind="cash", stakes="0.50/1", since="2024-01-01")
    >>> clause, params = where.sql()
    >>> clause
    'WHERE h.kind = ? AND h.stakes = ? AND h.played_at >= ?'
    >>> params
    ['cash', '0.50/1', datetime.date(2024, 1, 1)]
    >>> HandFilter(until="31/01/2024")
    Traceback (most recent call last):
    ...
    pokerforge.errors.InvalidSpecError: '31/01/2024' is no date: write it 2024-01-31
    >>> bool(HandFilter()), bool(where), where.names()
    (False, True, ['kind', 'stakes', 'since'])
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, fields
from datetime import date, datetime, timedelta
from typing import Any

from pokerforge.errors import InvalidSpecError
from pokerforge.histories.groups import Group, group_of
from pokerforge.histories.hand_rows import played_at
from pokerforge.histories.record import HandRecord

__all__ = ["FILTERS", "HandFilter"]

FILTERS = ("kind", "unit", "stakes", "game", "room", "since", "until", "position")
"""The filters' names, as [`HandFilter`][pokerforge.histories.filters.HandFilter], the
``pokerforge stats`` options and the service take them."""


def _day(value: str | None) -> date | None:
    if value is None:
        return None
    try:
        return date.fromisoformat(value)
    except (TypeError, ValueError):
        raise InvalidSpecError(f"{value!r} is no date: write it 2024-01-31") from None


@dataclass(frozen=True)
class HandFilter:
    """The hands to count: every field given must match (``None``: any).

    Attributes:
        kind: ``"cash"`` or ``"tournament"``.
        unit: a currency (``"USD"``), ``"chips"`` or ``"money"``.
        stakes: a cash game's stakes, ``"0.50/1"`` (as [`Group`][pokerforge.histories.Group]
            writes them).
        game: ``"no-limit holdem"`` (the betting and the game), or the game alone.
        room: a room's code (``"PS"``; ``"PHH"`` for a PHH hand of no known room).
        since: the first day, ``"2024-01-31"``, by the time the room wrote.
        until: the last day.
        position: only each player's hands at this position (``"BTN"``, ``"SB"``, ...).

    Raises:
        InvalidSpecError: a day that is no date.
    """

    kind: str | None = None
    unit: str | None = None
    stakes: str | None = None
    game: str | None = None
    room: str | None = None
    since: str | None = None
    until: str | None = None
    position: str | None = None

    def __post_init__(self) -> None:
        _day(self.since)
        _day(self.until)

    def __bool__(self) -> bool:
        return any(getattr(self, name) is not None for name in FILTERS)

    def names(self) -> list[str]:
        """The filters given, in the order of `FILTERS`."""
        return [f.name for f in fields(self) if getattr(self, f.name) is not None]

    def _bounds(self) -> tuple[datetime | None, datetime | None]:
        """The first moment kept and the first moment past the last day."""
        first, last = _day(self.since), _day(self.until)
        start = None if first is None else datetime(first.year, first.month, first.day)
        end = None if last is None else datetime(last.year, last.month, last.day)
        return start, None if end is None else end + timedelta(days=1)

    def keeps(self, record: HandRecord, group: Group | None = None) -> bool:
        """Whether the hand of ``record`` (of ``group``, worked out when not given) is one
        to count; ``position`` is the players' filter, not the hand's
        ([`keeps_seat()`][pokerforge.histories.filters.HandFilter.keeps_seat])."""
        hand = record.hand
        if group is None:
            group = group_of(hand.spec, hand.chip_value, record.fields)
        if self.kind is not None and group.kind != self.kind:
            return False
        if self.unit is not None and group.unit != self.unit:
            return False
        if self.stakes is not None and group.stakes != self.stakes:
            return False
        if self.game is not None and self.game not in (str(hand.spec.variant), group.game):
            return False
        if self.room is not None and (record.site or "PHH") != self.room:
            return False
        if self.since is not None or self.until is not None:
            text = record.fields.get("_time")
            when = played_at(text) if isinstance(text, str) else None
            start, end = self._bounds()
            if when is None or (start is not None and when < start):
                return False
            if end is not None and when >= end:
                return False
        return True

    def keeps_seat(self, position: str) -> bool:
        """Whether a player's hand at ``position`` counts."""
        return self.position is None or position == self.position

    def select(self, records: Iterable[HandRecord]) -> Iterator[HandRecord]:
        """The records whose hands are kept (every filter but ``position``, which
        [`Stats`][pokerforge.histories.Stats] applies to each player)."""
        return (record for record in records if self.keeps(record))

    def sql(self) -> tuple[str, list[Any]]:
        """The hand database's ``WHERE`` clause (over ``hands h``) for every filter but
        ``position``, and its parameters; ``""`` when none is given."""
        terms: list[str] = []
        params: list[Any] = []
        for column in ("kind", "unit", "stakes", "room"):
            value = getattr(self, column)
            if value is not None:
                terms.append(f"h.{column} = ?")
                params.append(value)
        if self.game is not None:
            terms.append("(h.game = ? OR h.betting || ' ' || h.game = ?)")
            params += [self.game, self.game]
        first, last = _day(self.since), _day(self.until)
        if first is not None:
            terms.append("h.played_at >= ?")
            params.append(first)
        if last is not None:
            terms.append("h.played_at < ?")
            params.append(last + timedelta(days=1))
        return ("WHERE " + " AND ".join(terms) if terms else ""), params
