"""PokerStars text hand histories: no-limit and pot-limit Hold'em and Omaha, cash games and
tournaments, into replayed hands (and so into PHH).

A PokerStars file holds hands one after another, each starting with a line
``PokerStars Hand #...`` and laid out in sections (seats and forced bets, ``*** HOLE CARDS
***``, ``*** FLOP ***``, ``*** TURN ***``, ``*** RIVER ***``, ``*** SHOW DOWN ***``, ``***
SUMMARY ***``). Each hand becomes the fields of a PHH hand (amounts in the file's money,
``????`` for cards nobody showed, ``winnings`` from the ``collected`` lines) and is replayed
by :func:`pokerforge.game.phh.replay`, which checks every action and the recorded
result. Hands the importer cannot map exactly (a dead or extra blind posted out of turn, a
game other than Hold'em or Omaha) are refused with the hand number and the line.

Examples:
    >>> text = '''PokerStars Hand #1001:  Hold'em No Limit ($0.50/$1 USD) - 2024/01/02 10:00:00 ET
    ... Table 'Alpha' 6-max Seat #1 is the button
    ... Seat 1: Ann ($100 in chips)
    ... Seat 2: Bob ($80.50 in chips)
    ... Seat 3: Cid ($120 in chips)
    ... Bob: posts small blind $0.50
    ... Cid: posts big blind $1
    ... *** HOLE CARDS ***
    ... Dealt to Ann [Ah Kd]
    ... Ann: raises $2 to $3
    ... Bob: folds
    ... Cid: folds
    ... Uncalled bet ($2) returned to Ann
    ... Ann collected $2.50 from pot
    ... *** SUMMARY ***
    ... Total pot $2.50 | Rake $0
    ... '''
    >>> [record] = read_pokerstars(text.splitlines())
    >>> record.number, record.players, record.hand.net, record.hand.chip_value
    (1001, ('Ann', 'Bob', 'Cid'), (150, -50, -100), Decimal('0.01'))
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from decimal import Decimal
from pathlib import Path
from typing import Any

from pokerforge.errors import PokerStarsError
from pokerforge.histories.phhs import PhhReader, _Table

__all__ = ["PokerStarsError", "PokerStarsReader", "parse_pokerstars", "read_pokerstars"]

_START = re.compile(r"PokerStars (?:Zoom )?Hand #(\d+):")
_GAME = re.compile(
    r"(Hold'em|Omaha Hi/Lo|Omaha) (No Limit|Pot Limit)"
    r"(?: \(([^\d(]?)([\d.,]+)/[^\d]?([\d.,]+)(?: [A-Z]{3})?\))?"
)
_LEVEL = re.compile(r"Level [^(]*\(([\d,]+)/([\d,]+)\)")
_TOURNAMENT = re.compile(r"Tournament #(\d+)")
_BUTTON = re.compile(r"Table '([^']*)'.*Seat #(\d+) is the button")
_SEAT = re.compile(r"Seat (\d+): (.+) \([^\d(]?([\d.,]+) in chips[^)]*\)(.*)")
_AMOUNT = r"[^\d\s]?([\d.,]+)"
_STREET = re.compile(r"\*\*\* (FLOP|TURN|RIVER) \*\*\* (?:\[[^\]]*\] )?\[([^\]]+)\]\s*\Z")
_CARDS = re.compile(r"\[([^\]]+)\]")

_CODES = {
    ("Hold'em", "No Limit"): "NT",
    ("Hold'em", "Pot Limit"): "PT",
    ("Omaha", "Pot Limit"): "PO",
    ("Omaha", "No Limit"): "NO",
    ("Omaha Hi/Lo", "Pot Limit"): "PO/8",
    ("Omaha Hi/Lo", "No Limit"): "NO/8",
}


# No amount, seat or hand number of a real history has more digits; Python converts no int
# of more than 4,300 (a ValueError), and such numbers are no one's chips.
_MOST_DIGITS = 40


def _money(text: str) -> int | Decimal:
    text = text.replace(",", "")
    try:
        if len(text) > _MOST_DIGITS:
            raise ValueError
        return Decimal(text) if "." in text else int(text)
    except (ArithmeticError, ValueError):  # "0.0.01": the pattern admits several points
        raise PokerStarsError(f"{text[:_MOST_DIGITS]!r} is not an amount of money") from None


def _number(text: str) -> int:
    """A hand, seat or button number (digits, as the patterns match them)."""
    if len(text) > _MOST_DIGITS:
        raise PokerStarsError(f"{text[:_MOST_DIGITS]}... is not a number a history holds")
    return int(text)


def _cards(text: str) -> str:
    return "".join(text.split())


class _Hand:
    """The PHH fields of one PokerStars hand, built line by line."""

    def __init__(self, number: int) -> None:
        self.number = number
        self.seats: list[tuple[int, str, int | Decimal]] = []
        self.button = 0
        self.table = ""
        self.code = ""
        self.blinds: tuple[int | Decimal, int | Decimal] | None = None
        self.tournament: str | None = None
        self.posts: list[tuple[str, str, int | Decimal]] = []
        self.dealt: dict[str, str] = {}
        self.shown: dict[str, str] = {}
        self.actions: list[tuple[str, str]] = []  # (name, action text) or ("", "d db ...")
        self.won: dict[str, int | Decimal] = {}
        self.symbol = ""

    def doc(self) -> dict[str, Any]:
        names = [name for _, name, _ in self.seats]
        if len(names) < 2:
            raise PokerStarsError("fewer than two players are dealt in")
        seat_numbers = [seat for seat, _, _ in self.seats]
        after = [i for i, seat in enumerate(seat_numbers) if seat > self.button]
        first = after[0] if after else 0
        order = [self.seats[(first + k) % len(self.seats)] for k in range(len(self.seats))]
        player = {name: f"p{k + 1}" for k, (_, name, _) in enumerate(order)}
        n = len(order)
        antes: list[int | Decimal] = [0] * n
        blinds: list[int | Decimal] = [0] * n
        small = [(who, x) for kind, who, x in self.posts if kind == "small blind"]
        big = [(who, x) for kind, who, x in self.posts if kind == "big blind"]
        for kind, who, x in self.posts:
            if kind == "ante":
                antes[int(player[who][1:]) - 1] = x
        if any(antes):
            # A player short of the whole ante posts what he has: PHH lists the full ante.
            antes = [max(antes)] * n
        if len(big) != 1 or len(small) > 1:
            raise PokerStarsError("the blinds are not one small and one big blind")
        sb_at = int(player[small[0][0]][1:]) - 1 if small else None
        bb_at = int(player[big[0][0]][1:]) - 1
        # The stakes in the first line, not what a short stack could post all-in.
        sb, bb = self.blinds or (small[0][1] if small else 0, big[0][1])
        if n == 2:
            if sb_at != 1 or bb_at != 0:
                raise PokerStarsError("heads-up, the button must post the small blind")
            blinds = [sb, bb]
        elif small and (sb_at, bb_at) == (0, 1):
            blinds[0], blinds[1] = sb, bb
        elif not small and bb_at == 0:
            blinds[0] = bb  # a dead small blind
        else:
            raise PokerStarsError("a blind is posted out of its position")
        min_bet = bb
        actions = []
        for _, name, _ in order:
            cards = self.dealt.get(name) or self.shown.get(name)
            count = 4 if self.code.endswith("O") or "O/" in self.code else 2
            actions.append(f"d dh {player[name]} {cards or '??' * count}")
        for name, text in self.actions:
            actions.append(text if not name else f"{player[name]} {text}")
        return {
            "variant": self.code,
            "antes": antes,
            "blinds_or_straddles": blinds,
            "min_bet": min_bet,
            "starting_stacks": [stack for _, _, stack in order],
            "actions": actions,
            "players": [name for _, name, _ in order],
            "seats": [seat for seat, _, _ in order],
            "winnings": [self.won.get(name, 0) for _, name, _ in order],
            "hand": self.number,
            "table": self.table,
            "venue": "PokerStars",
            **({"tournament": self.tournament} if self.tournament else {}),
            **({"currency_symbol": self.symbol} if self.symbol else {}),
        }


def _names(hand: _Hand) -> list[str]:
    return sorted((name for _, name, _ in hand.seats), key=len, reverse=True)


def _who(line: str, names: list[str]) -> tuple[str, str] | None:
    for name in names:
        if line.startswith(name + ": "):
            return name, line[len(name) + 2 :]
    return None


# Player actions: the pattern, the PHH verb, and the group holding the street total (if any).
_VERBS = (
    (re.compile(r"folds\b"), "f", 0),
    (re.compile(r"checks\b"), "cc", 0),
    (re.compile(r"calls " + _AMOUNT), "cc", 0),
    (re.compile(r"bets " + _AMOUNT), "cbr", 1),
    (re.compile(r"raises " + _AMOUNT + " to " + _AMOUNT), "cbr", 2),
)


def parse_pokerstars(lines: list[str]) -> dict[str, Any]:
    """The PHH fields of one PokerStars hand (its lines, the first ``PokerStars Hand #``).

    Raises:
        PokerStarsError: the hand does not follow the layout (the message names the line).
    """
    first = lines[0].strip() if lines else ""
    start = _START.match(first)
    if start is None:
        raise PokerStarsError(f"line 1: {first[:60]!r} does not start a PokerStars hand")
    hand = _Hand(_number(start.group(1)))
    game = _GAME.search(first)
    if game is None or "Card Omaha" in first:
        raise PokerStarsError(f"line 1: not no-limit or pot-limit Hold'em or Omaha: {first!r}")
    hand.code = _CODES[(game.group(1), game.group(2))]
    tournament = _TOURNAMENT.search(first)
    if tournament is not None:
        hand.tournament = tournament.group(1)
        level = _LEVEL.search(first)
        if level is not None:
            hand.blinds = (_money(level.group(1)), _money(level.group(2)))
    elif game.group(4) is not None:
        hand.symbol = game.group(3) or ""
        hand.blinds = (_money(game.group(4)), _money(game.group(5)))
    section = "seats"
    names: list[str] = []
    for number, raw in enumerate(lines[1:], 2):
        line = raw.strip()
        if not line:
            continue
        try:
            section = _line(hand, section, line, names)
        except PokerStarsError as err:
            raise PokerStarsError(f"line {number}: {err}") from None
        if section == "hole" and not names:
            names = _names(hand)
        if section == "summary":
            break
    return hand.doc()


def _line(hand: _Hand, section: str, line: str, names: list[str]) -> str:
    """Read one line; returns the section the hand is in after it."""
    if line.startswith("***"):
        if line.startswith("*** HOLE CARDS"):
            return "hole"
        if line.startswith("*** SUMMARY"):
            return "summary"
        if (
            line.startswith("*** SHOW DOWN")
            or line.startswith("*** FIRST")
            or line.startswith("*** SECOND")
        ):
            if "FIRST" in line or "SECOND" in line:
                raise PokerStarsError("a board run twice is not supported")
            return "showdown"
        street = _STREET.match(line)
        if street is None:
            raise PokerStarsError(f"{line!r} is not a street")
        hand.actions.append(("", f"d db {_cards(street.group(2))}"))
        return section
    if section == "seats":
        button = _BUTTON.match(line)
        if button is not None:
            hand.table, hand.button = button.group(1), _number(button.group(2))
            return section
        seat = _SEAT.match(line)
        if seat is not None:
            if "sitting out" not in seat.group(4):
                hand.seats.append((_number(seat.group(1)), seat.group(2), _money(seat.group(3))))
            return section
        who = _who(line, _names(hand))
        if who is not None:
            _post(hand, *who)
        return section
    if line.startswith("Dealt to "):
        match = re.match(r"Dealt to (.+?) \[([^\]]+)\]", line)
        if match is not None:
            hand.dealt[match.group(1)] = _cards(match.group(2))
        return section
    if line.startswith("Uncalled bet"):
        return section  # the replay returns uncalled bets itself
    collected = re.match(r"(.+) collected " + _AMOUNT + r" from (?:side |main )?pot", line)
    if collected is not None:
        name, amount = collected.group(1), _money(collected.group(2))
        hand.won[name] = hand.won.get(name, 0) + amount
        return section
    who = _who(line, names)
    if who is None:
        return section  # chat, joins, leaves and other lines with no bearing on the hand
    name, rest = who
    if rest.startswith("shows "):
        cards = _CARDS.search(rest)
        if cards is not None:
            hand.shown[name] = _cards(cards.group(1))
            hand.actions.append((name, f"sm {_cards(cards.group(1))}"))
        return section
    if rest.startswith("mucks") or rest.startswith("doesn't show") or rest.startswith("is "):
        return section
    for pattern, verb, group in _VERBS:
        match = pattern.match(rest)
        if match is not None:
            total = f" {match.group(group).replace(',', '')}" if group else ""
            hand.actions.append((name, verb + total))
            return section
    if rest.startswith("posts "):
        raise PokerStarsError(f"{line!r}: a blind posted out of turn is not supported")
    return section


def _post(hand: _Hand, name: str, rest: str) -> None:
    for kind, pattern in (
        ("small blind", r"posts small blind " + _AMOUNT),
        ("big blind", r"posts big blind " + _AMOUNT),
        ("ante", r"posts the ante " + _AMOUNT),
    ):
        match = re.match(pattern, rest)
        if match is not None:
            hand.posts.append((kind, name, _money(match.group(1))))
            return
    if rest.startswith("posts"):
        raise PokerStarsError(f"{name}: {rest!r} is not a blind the importer handles")


def _hands(lines: Iterable[str]) -> Iterator[tuple[str | None, int, list[str]]]:
    chunk: list[str] = []
    start = 1
    for number, line in enumerate(lines, 1):
        text = line.lstrip("\ufeff")
        if _START.match(text):
            if chunk:
                yield None, start, chunk
            chunk, start = [text], number
        elif chunk:
            chunk.append(text)
    if chunk:
        yield None, start, chunk


class PokerStarsReader(PhhReader):
    """An iterable over the hands of a PokerStars file, replayed lazily (see
    :func:`read_pokerstars`); ``hands``, ``skipped``, ``mismatches``, ``problems`` as for
    :class:`~pokerforge.histories.PhhReader`."""

    def _tables(self, lines: Iterable[str]) -> Iterator[_Table]:
        return ((name, start, chunk, None, None, None) for name, start, chunk in _hands(lines))

    def _parse(self, chunk: Any) -> dict[str, Any]:
        return parse_pokerstars(chunk)


def read_pokerstars(
    source: str | Path | Iterable[str], *, skip_bad: bool = False, keep: int = 100
) -> PokerStarsReader:
    """The hands of a PokerStars text hand history (a path, or its lines), replayed one at a
    time as :class:`~pokerforge.histories.HandRecord` objects; export one to PHH with
    :func:`pokerforge.game.phh.to_phh` (``record.to_phh()``).

    Raises:
        BadHandError: (while iterating, without ``skip_bad``) a hand that cannot be read,
            replayed, or whose collected amounts disagree with the replay.
    """
    return PokerStarsReader(source, skip_bad=skip_bad, keep=keep)
