"""A replayed hand with what its record says about it: players, hand number, source.

Examples:
    >>> from pokerforge.game.history import loads_phh
    >>> text = '''variant = "NT"
    ... antes = [0, 0, 0]
    ... blinds_or_straddles = [1, 2, 0]
    ... starting_stacks = [100, 100, 100]
    ... actions = ["d dh p1 ????", "d dh p2 ????", "d dh p3 ????", "p3 f", "p1 f"]
    ... players = ["Ann", "Bob", "Cid"]
    ... hand = 7
    ... '''
    >>> from pokerforge.histories import parse_table
    >>> doc = parse_table(text.splitlines())
    >>> record = HandRecord.of(loads_phh(text), doc)
    >>> record.players, record.hand.positions, record.number
    (('Ann', 'Bob', 'Cid'), ('SB', 'BB', 'BTN'), 7)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from pokerforge.game.hand import Hand
from pokerforge.game.phh import seat_map, to_phh

__all__ = ["HandRecord"]


def _is_infinite(value: object) -> bool:
    """Whether a starting stack is written ``inf`` (read as an infinite decimal)."""
    return type(value) is Decimal and value.is_infinite()


@dataclass(frozen=True, slots=True)
class HandRecord:
    """One recorded hand, replayed.

    Attributes:
        hand: the replayed [`Hand`][pokerforge.game.Hand] (counting chips of
            ``hand.chip_value``; ``hand.result_known``, ``hand.rake``).
        players: player names by seat (``p1``, ``p2``, ... where the record names none).
        number: the record's hand number (``hand`` field), if any.
        source: where it came from (a file name).
        table: the ``[n]`` table name in a ``.phhs`` file, if any.
        fields: every field of the record, as read.
        site: the code of the room whose conventions it was read by
            ([`SITES`][pokerforge.histories.SITES]), if any.
        repaired: its winnings paid nobody still in the hand and were inferred from the
            replay (``read_phhs(..., repair=True)``).
        stacks_known: whether the record gives every starting stack (the dataset writes
            ``inf`` where a room did not record one: those stacks never limit the replay).
        site_convention: why the payouts are the room's, where the room paid otherwise than
            the rules split (its rake per pot, an unequal split, its odd chips): the hand
            is kept as the room paid it (``hand.paid_as_recorded``); or where a convention
            of the room's ([`CONVENTIONS`][pokerforge.histories.CONVENTIONS]) paid it (a
            hand cashed out, a disconnected player kept all-in); ``None`` otherwise.
    """

    hand: Hand
    players: tuple[str, ...]
    number: int | None = None
    source: str = ""
    table: str | None = None
    fields: Mapping[str, Any] = field(default_factory=dict, repr=False)
    site: str | None = None
    repaired: bool = False
    stacks_known: bool = True
    site_convention: str | None = None

    @classmethod
    def of(
        cls,
        hand: Hand,
        doc: Mapping[str, Any],
        *,
        source: str = "",
        table: str | None = None,
    ) -> HandRecord:
        """The record of ``hand`` replayed from the PHH fields ``doc``."""
        return cls._seated(hand, doc, seat_map(doc, hand.num_seats)[0], source=source, table=table)

    @classmethod
    def _seated(
        cls,
        hand: Hand,
        doc: Mapping[str, Any],
        seat_of: Sequence[int],
        *,
        source: str = "",
        table: str | None = None,
        site: str | None = None,
        repaired: bool = False,
        stacks_known: bool | None = None,
    ) -> HandRecord:
        """[`of()`][pokerforge.histories.HandRecord.of] with the seat of each player ``p1..pN``
        already worked out (as [`seat_map()`][pokerforge.game.phh.seat_map] gives it);
        ``stacks_known`` when the caller knows it (else read from ``doc``)."""
        n = hand.num_seats
        names = doc.get("players")
        if not (isinstance(names, list) and len(names) == n):
            names = [f"p{p + 1}" for p in range(n)]
        by_seat = [""] * n
        for p, seat in enumerate(seat_of):
            name = names[p]
            by_seat[seat] = name if type(name) is str else str(name)
        number = doc.get("hand")
        known = stacks_known
        if known is None:
            stacks = doc.get("starting_stacks")
            known = not (isinstance(stacks, list) and any(map(_is_infinite, stacks)))
        return cls(
            hand,
            tuple(by_seat),
            number if type(number) is int else None,
            source,
            table,
            doc,
            site,
            repaired,
            known,
        )

    def to_phh(self) -> str:
        """The hand as PHH text in the record's own money, with its players and number (a
        stack the record did not know written ``inf`` again)."""
        hand = self.hand
        n = hand.num_seats
        order = [(hand.button + i) % n for i in range(1, n + 1)]
        unknown: list[int] = []
        if not self.stacks_known:
            seat_of = seat_map(self.fields, n)[0]
            stacks = self.fields["starting_stacks"]
            unknown = [seat_of[p] for p, stack in enumerate(stacks) if _is_infinite(stack)]
        return to_phh(
            hand,
            players=[self.players[s] for s in order],
            hand_number=self.number,
            unknown_stacks=unknown,
        )
