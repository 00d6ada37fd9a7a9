"""One replayed hand as the rows of the hand database's tables (``hands``, ``players``,
``actions``: docs/database.md), each table kept as columns of Python values, and the time
a room wrote as a timestamp.

Examples:
    >>> played_at("2013/01/08 22:28:42 CET [2013/01/08 16:28:42 ET]")
    datetime.datetime(2013, 1, 8, 22, 28, 42)
    >>> played_at("Sunday, January 05, 19:00:42 EST 2014")
    datetime.datetime(2014, 1, 5, 19, 0, 42)
    >>> played_at("06 01 2014 22:40:28"), played_at("")
    (datetime.datetime(2014, 1, 6, 22, 40, 28), None)
"""

from __future__ import annotations

import hashlib
import re
from datetime import datetime
from decimal import Decimal
from typing import Any

from pokerforge.cards import Card
from pokerforge.errors import InvalidHistoryError
from pokerforge.game.actions import (
    Bet,
    BringIn,
    Call,
    Check,
    DealBoard,
    DealHole,
    DealUp,
    Discard,
    Fold,
    Muck,
    PostAnte,
    PostBlind,
    Raise,
    ReturnBet,
    Show,
    StandPat,
    Street,
)
from pokerforge.game.phh import seat_map
from pokerforge.histories.counts import COUNTS, hand_counts
from pokerforge.histories.groups import group_of
from pokerforge.histories.record import HandRecord
from pokerforge.histories.stats import adjusted_money

__all__ = [
    "ACTIONS",
    "HANDS",
    "PLAYERS",
    "SCALE",
    "Columns",
    "hand_key",
    "money_columns",
    "played_at",
]

HANDS = (
    "room",
    "hand",
    "kind",
    "tournament",
    "game",
    "betting",
    "stakes",
    "unit",
    "currency",
    "small_blind",
    "big_blind",
    "ante",
    "bb",
    "places",
    "played_at",
    "time_text",
    "table_name",
    "players",
    "board",
    "total_pot",
    "rake",
    "added",
    "result_known",
    "site_convention",
    "language",
    "source",
)
PLAYERS = (
    "room",
    "hand",
    "seat",
    "position",
    "player",
    "stack",
    "cards",
    *COUNTS,
    "net",
    "net_bb",
    "allin_net",
    "allin_bb",
)
ACTIONS = ("room", "hand", "seq", "street", "seat", "player", "action", "amount", "total", "all_in")

_ISO = re.compile(r"(\d{4})[/-](\d{1,2})[/-](\d{1,2})(?:[ T]+(\d{1,2}):(\d{2})(?::(\d{2}))?)?")
_DMY = re.compile(r"\b(\d{1,2}) (\d{1,2}) (\d{4}) (\d{1,2}):(\d{2}):(\d{2})")
_CLOCK = re.compile(r"\b(\d{1,2}):(\d{2})(?::(\d{2}))?")
_YEAR = re.compile(r"\b(\d{4})\b")
_MONTHS = [
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
]
_NAMED = re.compile(r"\b(" + "|".join(m[:3] for m in _MONTHS) + r")[a-z]*\.? (\d{1,2})\b", re.I)


def played_at(text: str) -> datetime | None:
    """The date and time a room wrote (its first, the room's own clock: no time zone is
    applied), or ``None`` where none can be read."""
    try:
        if found := _ISO.search(text):  # (the usual: unpacked without a generator)
            y, mo, d, h, mi, s = found.groups()
            return datetime(int(y), int(mo), int(d), int(h or 0), int(mi or 0), int(s or 0))
        if found := _DMY.search(text):
            d, mo, y, h, mi, s = map(int, found.groups())
            return datetime(y, mo, d, h, mi, s)
        named, year = _NAMED.search(text), _YEAR.search(text)
        if named and year:
            month = [m[:3] for m in _MONTHS].index(named.group(1).lower()[:3]) + 1
            clock = _CLOCK.search(text)
            h, mi, s = (int(x) if x else 0 for x in clock.groups()) if clock else (0, 0, 0)
            return datetime(int(year.group(1)), month, int(named.group(2)), h, mi, s)
    except ValueError:  # a day or an hour out of range: no time rather than a wrong one
        return None
    return None


def hand_key(record: HandRecord) -> tuple[str, str]:
    """``(room, hand number)``, the hand's key in the database. A PHH hand of no known room,
    or without a number, is keyed by a digest of its fields (``"PHH"``, ``"#..."``): PHH
    files number hands their own way, and two files' hands 1 are not one hand."""
    if record.site is not None and record.number is not None:
        return record.site, str(record.number)
    number = record.fields.get("hand")
    if record.site is not None and isinstance(number, str) and number:
        return record.site, number
    items = sorted((k, repr(v)) for k, v in record.fields.items() if not k.startswith("_"))
    digest = hashlib.blake2b(repr(items).encode(), digest_size=12).hexdigest()
    return record.site or "PHH", "#" + digest


def _streets(spec: Any) -> tuple[Street, Street]:
    """The first and the last betting round of the game, from its row of the variant
    table: the board games' pre-flop and river, stud's third and seventh streets, a draw
    game's rounds before and after its draws."""
    row = spec.row
    if row.up_cards:
        return Street.THIRD_STREET, Street.SEVENTH_STREET
    if row.draw_rounds:
        return Street.PREDRAW, Street(int(Street.PREDRAW) + row.draw_rounds)
    return Street.PREFLOP, Street.RIVER


_CARDS = [str(Card.from_index(i)) for i in range(52)]

SCALE = 6
"""Amounts are kept as integers of millionths of the hand's money (``DECIMAL(18, 6)``)."""
_MILLION = Decimal(10**SCALE)
_MONEY_COLUMNS = frozenset(
    ("small_blind", "big_blind", "ante", "bb", "total_pot", "rake", "added", "stack", "net",
     "amount", "total", "allin_net")
)  # fmt: skip


class Columns:
    """The rows of the three tables, as one list per column (what a columnar insert
    takes); amounts as integers of millionths (`SCALE`)."""

    def __init__(self) -> None:
        self.hands: dict[str, list[Any]] = {c: [] for c in HANDS}
        self.players: dict[str, list[Any]] = {c: [] for c in PLAYERS}
        self.actions: dict[str, list[Any]] = {c: [] for c in ACTIONS}
        self.count = 0
        self._groups: dict[Any, Any] = {}
        self._scales: dict[str, tuple[int, int]] = {}

    def _group(self, hand: Any, fields: Any) -> Any:
        key = (hand.spec, hand.chip_value, bool(fields.get("tournament")), fields.get("currency"))
        try:
            group = self._groups.get(key)
        except TypeError:  # a field that cannot be hashed
            return group_of(hand.spec, hand.chip_value, fields)
        if group is None:
            group = self._groups[key] = group_of(hand.spec, hand.chip_value, fields)
        return group

    def _scale(self, chip: Any, record: HandRecord, key: tuple[str, str]) -> tuple[int, int]:
        """``(millionths of the money in one chip, the chip's decimal places)``, kept for
        the next hand of the same chip.

        Raises:
            InvalidHistoryError: the chip has more than six decimal places.
        """
        value = Decimal(chip)
        unit = value * _MILLION
        if unit != unit.to_integral_value():
            raise InvalidHistoryError(
                f"{record.source} (hand {key[1]}): a chip of {value} has more than {SCALE} "
                "decimal places, more than the database keeps"
            )
        exponent = value.as_tuple().exponent
        places = -exponent if isinstance(exponent, int) and exponent < 0 else 0
        scale = self._scales[str(chip)] = (int(unit), places)
        return scale

    def add(self, record: HandRecord, key: tuple[str, str]) -> None:
        """Adds one hand's rows.

        Raises:
            InvalidHistoryError: the hand's money has more than six decimal places.
        """
        hand = record.hand
        spec = hand.spec
        fields = record.fields
        chip = hand.chip_value
        scale = self._scales.get(str(chip))  # (0.01 == 0.010: the text tells their places)
        if scale is None:
            scale = self._scale(chip, record, key)
        m, places = scale
        group = self._group(hand, fields)
        n = hand.num_seats
        room, number = key
        known = hand.result_known
        time_text = fields.get("_time") or ""
        currency = fields.get("currency")
        pot = fields.get("_total_pot")
        row: dict[str, Any] = {
            "room": room,
            "hand": number,
            "kind": group.kind,
            "tournament": str(fields["tournament"]) if fields.get("tournament") else None,
            "game": str(spec.variant),
            "betting": str(spec.betting),
            "stakes": group.stakes,
            "unit": group.unit,
            "currency": currency if isinstance(currency, str) else None,
            "small_blind": spec.small_blind * m,
            "big_blind": spec.big_blind * m,
            "ante": spec.ante * m,
            "bb": spec.rate_unit * m,
            "places": places,
            "played_at": played_at(time_text) if isinstance(time_text, str) else None,
            "time_text": time_text if isinstance(time_text, str) else str(time_text),
            "table_name": record.table or fields.get("table") or None,
            "players": n,
            "board": " ".join([_CARDS[c] for c in hand.board_indices]) or None,
            "total_pot": None if pot is None else int(Decimal(pot) * _MILLION),
            "rake": hand.rake * m,
            "added": hand.added * m,
            "result_known": known,
            "site_convention": record.site_convention,
            "language": fields.get("_language"),
            "source": record.source,
        }
        hands = self.hands
        for column, cell in row.items():
            hands[column].append(cell)
        # The seat numbers the file wrote, by the hand's seat (else 1..n from the button's
        # left, as the record's players come).
        numbers = list(range(1, n + 1))
        written = fields.get("seats")
        if isinstance(written, list) and len(written) == n:
            for p, seat in enumerate(seat_map(fields, n)[0]):
                numbers[seat] = int(written[p])
        counts, adjusted = hand_counts(hand)
        unknown = hand.unknown_hole_cards
        holes, ups = hand.hole_indices, hand.up_indices
        net = hand.net
        rate = spec.rate_unit
        players = self.players
        stacks = hand.starting_stacks
        stacks_known = record.stacks_known
        players["room"] += [room] * n
        players["hand"] += [number] * n
        players["seat"] += numbers
        players["position"] += hand.positions
        players["player"] += record.players
        players["stack"] += [s * m for s in stacks] if stacks_known else [None] * n
        players["cards"] += [
            None
            if seat in unknown
            else " ".join([_CARDS[c] for c in holes[seat] + ups[seat]]) or None
            for seat in range(n)
        ]
        # The seats' counts turned into columns at once (zip in C; a comprehension per
        # count cost more than the rest of the rows).
        for name, cells in zip(COUNTS, zip(*counts, strict=True), strict=True):
            players[name] += cells
        players["net"] += [x * m for x in net] if known else [None] * n
        players["net_bb"] += [x / rate for x in net] if known else [None] * n
        self._allin(hand, adjusted, m)
        self._actions(record, room, number, numbers, m)
        self.count += 1

    def _allin(self, hand: Any, adjusted: list[Decimal] | None, m: int) -> None:
        """The players' all-in adjusted results (their results where not adjusted)."""
        players, n, rate = self.players, hand.num_seats, hand.spec.rate_unit
        if not hand.result_known:
            players["allin_net"] += [None] * n
            players["allin_bb"] += [None] * n
        elif adjusted is None:
            players["allin_net"] += [x * m for x in hand.net]
            players["allin_bb"] += [x / rate for x in hand.net]
        else:
            value = Decimal(hand.chip_value)
            players["allin_net"] += [int(adjusted_money(x, value) * _MILLION) for x in adjusted]
            players["allin_bb"] += [float(x) / rate for x in adjusted]

    def _actions(
        self, record: HandRecord, room: str, number: str, numbers: list[int], m: int
    ) -> None:
        hand = record.hand
        street, last = _streets(hand.spec)
        board = street is Street.PREFLOP
        street_text = str(street)
        acted = False  # a player acted since the street began (stud and draw: next deal)
        names = record.players
        # This hand's cells, column by column, added to the table's columns at the end.
        seats: list[Any] = []
        streets: list[str] = []
        players: list[str] = []
        actions: list[str] = []
        amounts: list[int | None] = []
        totals: list[int | None] = []
        all_ins: list[bool] = []
        item: Any
        for item in hand.history:
            kind = type(item)
            if kind is DealBoard:
                street, acted = item.street, False
                street_text = str(street)
                continue
            if kind in _DEALS:
                if acted and not board and street is not last:
                    street, acted = Street(int(street) + 1), False
                    street_text = str(street)
                if kind is DealUp or kind is DealHole:
                    continue
            name = _NAMES.get(kind)
            if name is None:  # the dealer's
                continue
            if name in _BETTING:
                acted = True
            seat = item.seat
            seats.append(numbers[seat])
            streets.append(street_text)
            players.append(names[seat])
            actions.append(name)
            amount = item.amount if kind in _AMOUNTS else None
            amounts.append(None if amount is None else amount * m)
            total = item.to if kind in _TOTALS else None
            totals.append(None if total is None else total * m)
            all_ins.append(item.all_in if kind in _ALL_IN else False)
        cells = (seats, streets, players, actions, amounts, totals, all_ins)
        self._add_actions(room, number, cells)

    def _add_actions(self, room: str, number: str, cells: tuple[list[Any], ...]) -> None:
        """One hand's action rows (its cells from ``street`` on, column by column)."""
        out = self.actions
        count = len(cells[0])
        out["room"] += [room] * count
        out["hand"] += [number] * count
        out["seq"] += range(count)
        for name, column in zip(_PER_ACTION, cells, strict=True):
            out[name] += column


def money_columns(names: tuple[str, ...]) -> list[bool]:
    """Which of the columns ``names`` hold amounts (kept as millionths)."""
    return [name in _MONEY_COLUMNS for name in names]


_BETTING = frozenset(("fold", "check", "call", "bet", "raise", "bring-in"))
# The records a player makes or is made to (posts, returned bets, shown hands), by the
# action's name in the table; the dealer's have none.
_NAMES: dict[type, str] = {
    Fold: "fold",
    Check: "check",
    Call: "call",
    Bet: "bet",
    Raise: "raise",
    PostBlind: "post",
    PostAnte: "ante",
    BringIn: "bring-in",
    Discard: "discard",
    StandPat: "stand-pat",
    ReturnBet: "return",
    Show: "show",
    Muck: "muck",
}
_AMOUNTS = frozenset((Call, Bet, Raise, PostBlind, PostAnte, BringIn, ReturnBet))  # chips put in
_TOTALS = frozenset((Bet, Raise))  # the street's total
_ALL_IN = frozenset((Call, Bet, Raise, BringIn))
_DEALS = frozenset((DealUp, DealHole, Discard, StandPat))  # stud's and draw games' streets
_PER_ACTION = ("seat", "street", "player", "action", "amount", "total", "all_in")
