"""One PokerStars hand read line by line into the fields of a PHH hand (see
[`pokerforge.histories.pokerstars`][pokerforge.histories.pokerstars] for what the room writes and
how it is replayed).

Examples:
    >>> hand = read_hand(["PokerStars Game #7: Hold'em Limit ($1/$2 USD) - 2009/01/02 ET"])
    >>> hand.number, hand.code, hand.stakes
    (7, 'FT', (1, 2))
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Any

from pokerforge.errors import PokerStarsError
from pokerforge.histories.encoding import Undecodable

__all__ = ["START", "HandLines", "Money", "hand_fields", "parse_pokerstars", "read_hand"]

# "Hand #" since about 2010, "Game #" before; Zoom and home games name themselves.
START = re.compile(r"PokerStars (?:Home Game |Zoom |Home Game Zoom )?(?:Hand|Game) #(\d+):")
_GAME = re.compile(
    r"(?:([56]) Card )?(Hold'em|Omaha Hi/Lo|Omaha) (No Limit|Pot Limit|Limit)"
    r"(?: \(([^\d(]?)([\d.,]+)/[^\d]?([\d.,]+)[^)]*\))?"
)
# Games the engine does not play, named as the first line names them.
_OTHER_GAMES = re.compile(
    r"\b(?:6\+ Hold'em|[56] Card Hold'em|Courchevel|Stud|Razz|Draw|Badugi|HORSE|HOSE|8-Game|"
    r"Mixed|Triple)\b"
)
_CAP = re.compile(r"- [^\d\s]?([\d.,]+) Cap\b")
_LEVEL = re.compile(r"Level [^(]*\(([\d,]+)/([\d,]+)\)")
_TOURNAMENT = re.compile(r"Tournament #(\d+)")
_BUTTON = re.compile(r"Table '([^']*)'.*Seat #(\d+) is the button")
_SEAT = re.compile(r"Seat (\d+): (.+) \([^\d(]?([\d.,]+) in chips[^)]*\)(.*)")
_AMOUNT = r"[^\d\s]?([\d.,]+)"
_STREET = re.compile(r"\*\*\* (FLOP|TURN|RIVER) \*\*\* (?:\[[^\]]*\] )?\[([^\]]+)\]\s*\Z")
# A board run more than once (rule 26b): "*** SECOND RIVER *** [3d Kd 9h 8h] [Kc]".
_RUNOUT_STREET = re.compile(
    r"\*\*\* (FIRST|SECOND|THIRD|FOURTH) (?:FLOP|TURN|RIVER) \*\*\* (?:\[[^\]]*\] )?"
    r"\[([^\]]+)\]\s*\Z"
)
_RUNOUT_NUMBER = {"FIRST": 1, "SECOND": 2, "THIRD": 3, "FOURTH": 4}
_CARDS = re.compile(r"\[([^\]]+)\]")
_DEALT = re.compile(r"Dealt to (.+?) \[([^\]]+)\]")
_COLLECTED = re.compile(r"(.+) collected " + _AMOUNT + r" from (?:side |main )?pot(?:-\d+)?")
_TOTAL = re.compile(r"Total pot " + _AMOUNT + r".*?\| Rake " + _AMOUNT)

_CODES = {
    ("Hold'em", "No Limit"): "NT",
    ("Hold'em", "Pot Limit"): "PT",
    ("Hold'em", "Limit"): "FT",
    ("Omaha", "Pot Limit"): "PO",
    ("Omaha", "No Limit"): "NO",
    ("Omaha", "Limit"): "FO",
    ("Omaha Hi/Lo", "Pot Limit"): "PO/8",
    ("Omaha Hi/Lo", "No Limit"): "NO/8",
    ("Omaha Hi/Lo", "Limit"): "FO/8",
}

# Forced bets as the seats section writes them: (kind, pattern after "name: ").
_POSTS = (
    ("ante", re.compile(r"posts the ante " + _AMOUNT)),
    ("both", re.compile(r"posts small & big blinds " + _AMOUNT)),
    ("small", re.compile(r"posts small blind " + _AMOUNT)),
    ("big", re.compile(r"posts big blind " + _AMOUNT)),
    ("straddle", re.compile(r"posts (?:a )?straddle " + _AMOUNT)),
)

# No amount, seat or hand number of a real history has more digits; Python converts no int
# of more than 4,300 (a ValueError), and such numbers are no one's chips.
_MOST_DIGITS = 40

Money = int | Decimal


def _money(text: str) -> Money:
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


class HandLines:
    """The PHH fields of one PokerStars hand, built line by line."""

    def __init__(self, number: int) -> None:
        self.number = number
        # (seat number, name, chips, whether the seat line says it sits out of the hand)
        self.seats: list[tuple[int, str, Money, bool]] = []
        self.button = 0
        self.table = ""
        self.code = ""
        self.stakes: tuple[Money, Money] | None = None
        self.tournament: str | None = None
        self.posts: list[tuple[str, str, Money]] = []  # (kind, name, amount)
        self.dealt: dict[str, str] = {}
        self.shown: dict[str, str] = {}
        self.actions: list[tuple[str, str]] = []  # (name, action text) or ("", "d db ...")
        self.acting: set[str] = set()
        self.won: dict[str, Money] = {}
        self.symbol = ""
        self.raked_side_pots = False
        self.summary: tuple[Money, Money] | None = None  # the summary's total pot and rake
        self.cap: Money | None = None
        self.omaha_cards = 4  # 5 in "5 Card Omaha"
        # A board run more than once: each runout's "d db" actions, by runout number, until
        # its showdown writes them in the order dealt (runout after runout).
        self.runouts: dict[int, list[str]] = {}

    @property
    def hole_count(self) -> int:
        return 2 if self.code.endswith("T") else self.omaha_cards

    def players(self) -> list[tuple[int, str, Money]]:
        """The players dealt in, clockwise from the first seat left of the button: a seat
        sitting out is dealt in when it posts or acts (tournaments deal to absent players,
        who post and fold)."""
        posting = {name for _, name, _ in self.posts} | self.acting
        seats = [
            (s, name, chips) for s, name, chips, out in self.seats if not out or name in posting
        ]
        if len(seats) < 2:
            raise PokerStarsError("fewer than two players are dealt in", cause="players")
        after = [i for i, (seat, _, _) in enumerate(seats) if seat > self.button]
        first = after[0] if after else 0
        return seats[first:] + seats[:first]

    def blinds(self, names: list[str]) -> tuple[list[Money], list[list[Any]]]:
        """The blinds or straddles by position, and the other players' posts as PHH's
        ``_posts`` (``[player, live, dead]``, players from 1): a big blind posted to come
        in is live, a missed small blind is dead (rule 29b)."""
        n = len(names)
        place = {name: k for k, name in enumerate(names)}
        posts = [(kind, place[who], x) for kind, who, x in self.posts if kind != "ante"]
        small_at = 1 if n == 2 else 0
        small = next((i for i, p in enumerate(posts) if p[:2] == ("small", small_at)), None)
        big_at = 0 if n == 2 or small is None else 1
        big = next((i for i, p in enumerate(posts) if p[:2] == ("big", big_at)), None)
        if big is None or (n == 2 and small is None):
            raise PokerStarsError(
                "the big blind is not posted left of the small blind", cause="blinds"
            )
        sb, bb = self._stakes(posts, small, big)
        blinds: list[Money] = [0] * n
        if n == 2:
            blinds[:] = [sb, bb]
        elif small is None:
            blinds[0] = bb  # a dead small blind: the big blind is the first seat
        else:
            blinds[0], blinds[1] = sb, bb
        extra: dict[int, list[Money]] = {}
        for i, (kind, who, x) in enumerate(posts):
            if i in (small, big):
                continue
            if kind == "straddle" and n > 2 and small is not None and who == 2 and not blinds[2]:
                blinds[2] = x
                continue
            live, dead = extra.setdefault(who, [0, 0])
            if kind == "big":
                live += x
            elif kind == "small":
                dead += x
            elif kind == "both":
                live, dead = live + bb, dead + x - bb
            else:
                raise PokerStarsError(
                    f"{names[who]} posts a straddle out of its position", cause="blinds"
                )
            extra[who] = [live, dead]
        return blinds, [[who + 1, live, dead] for who, (live, dead) in sorted(extra.items())]

    def _stakes(
        self, posts: list[tuple[str, int, Money]], small: int | None, big: int
    ) -> tuple[Money, Money]:
        """The small and big blind: the first line's stakes (not what a short stack could
        post all-in); in fixed-limit games the stakes are the bets, the big blind the small
        bet and the small blind as posted."""
        posted_small = posts[small][2] if small is not None else 0
        if self.stakes is None:
            return posted_small, posts[big][2]
        if self.code.startswith("F"):
            return posted_small, self.stakes[0]
        return self.stakes

    def doc(self) -> dict[str, Any]:
        order = self.players()
        names = [name for _, name, _ in order]
        n = len(order)
        antes: list[Money] = [0] * n
        place = {name: k for k, name in enumerate(names)}
        for kind, who, x in self.posts:
            if kind == "ante" and who in place:
                antes[place[who]] = x
        blinds, posts = self.blinds(names)
        big_at = 1 if n > 2 and blinds[1] else 0
        if n > 2 and sum(1 for x in antes if x) == 1 and antes[big_at]:
            pass  # a big-blind ante: the big blind antes for the table
        elif any(antes):
            # A player short of the whole ante posts what he has: PHH lists the full ante.
            antes = [max(antes)] * n
        actions = []
        for name in names:
            cards = self.dealt.get(name) or self.shown.get(name) or ""
            cards += "??" * (self.hole_count - len(cards) // 2)
            actions.append(f"d dh p{place[name] + 1} {cards}")
        for name, text in self.actions:
            if name and name not in place:
                raise PokerStarsError(f"{name} acts without a seat in the hand", cause="players")
            actions.append(text if not name else f"p{place[name] + 1} {text}")
        doc: dict[str, Any] = {
            "variant": self.code,
            "antes": antes,
            "blinds_or_straddles": blinds,
            # Capped no-limit: a player who has put the cap in the pot is all-in (the
            # room's rule), so the chips above the cap take no part in the hand.
            "starting_stacks": [
                chips if self.cap is None else min(chips, self.cap) for _, _, chips in order
            ],
            "actions": actions,
            "players": names,
            "seats": [seat for seat, _, _ in order],
            "winnings": [self.won.get(name, 0) for name in names],
            "hand": self.number,
            "table": self.table,
            "venue": "PokerStars",
        }
        if self.code.startswith("F"):
            if self.stakes is None:
                raise PokerStarsError("a fixed-limit hand without its stakes", cause="game")
            doc["small_bet"], doc["big_bet"] = self.stakes
        else:
            doc["min_bet"] = blinds[1] if n > 2 and blinds[1] else max(blinds)
        if posts:
            doc["_posts"] = posts
        if self.raked_side_pots:
            doc["_rake_split"] = "proportional"  # the room rakes each pot in proportion
        if self.tournament:
            doc["tournament"] = self.tournament
        if self.symbol:
            doc["currency_symbol"] = self.symbol
        return doc


def _names(hand: HandLines) -> list[str]:
    return sorted((name for _, name, _, _ in hand.seats), key=len, reverse=True)


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


def _first_line(hand: HandLines, first: str) -> None:
    """The game, the stakes and the tournament, from the hand's first line."""
    game = _GAME.search(first)
    if game is None or _OTHER_GAMES.search(first):
        raise PokerStarsError(
            f"line 1: {first[:120]!r} is not Hold'em or Omaha (hi or hi-lo), no-limit, "
            "pot-limit or fixed-limit",
            cause="game",
        )
    cap = _CAP.search(first)
    if cap is not None:
        hand.cap = _money(cap.group(1))
    count, name, betting, symbol, small, big = game.groups()
    hand.code = _CODES[(name, betting)]
    if count is not None:
        hand.omaha_cards = int(count)
    tournament = _TOURNAMENT.search(first)
    if tournament is not None:
        hand.tournament = tournament.group(1)
        level = _LEVEL.search(first)
        if level is not None:
            hand.stakes = (_money(level.group(1)), _money(level.group(2)))
    elif small is not None:
        hand.symbol = symbol or ""
        hand.stakes = (_money(small), _money(big))


def parse_pokerstars(lines: list[str]) -> dict[str, Any]:
    """The PHH fields of one PokerStars hand (its lines, the first ``PokerStars Hand #`` or
    ``PokerStars Game #``).

    Raises:
        PokerStarsError: the hand does not follow the layout, or holds what the engine
            does not replay (the message names the line; ``cause`` the kind of problem).
    """
    return hand_fields(read_hand(lines))


def hand_fields(hand: HandLines) -> dict[str, Any]:
    try:
        return hand.doc()
    except PokerStarsError as err:
        raise PokerStarsError(f"hand {hand.number}: {err}", cause=err.cause) from None


def read_hand(lines: list[str]) -> HandLines:
    """One hand's lines read (see
    [`parse_pokerstars()`][pokerforge.histories.pokerstars.parse_pokerstars])."""
    first = lines[0].strip().lstrip("\ufeff") if lines else ""
    start = START.match(first)
    if start is None:
        raise PokerStarsError(
            f"line 1: {first[:60]!r} does not start a PokerStars hand (no 'PokerStars Hand #' "
            "or 'PokerStars Game #' line before it)",
            cause="no hand",
        )
    hand = HandLines(_number(start.group(1)))
    for number, raw in enumerate(lines, 1):
        if isinstance(raw, Undecodable):
            raise PokerStarsError(
                f"hand {hand.number}, line {number}: {raw.problem}", cause="encoding"
            )
    _first_line(hand, first)
    section = "seats"
    names: list[str] = []
    for number, raw in enumerate(lines[1:], 2):
        line = raw.strip()
        if not line:
            continue
        try:
            section = _line(hand, section, line, names)
        except PokerStarsError as err:
            raise PokerStarsError(
                f"hand {hand.number}, line {number}: {err}", cause=err.cause
            ) from None
        if section == "hole" and not names:
            names = _names(hand)
    return hand


def _line(hand: HandLines, section: str, line: str, names: list[str]) -> str:
    """Read one line; returns the section the hand is in after it."""
    if section == "summary":
        pot = _TOTAL.match(line)
        if pot is not None:
            hand.summary = (_money(pot.group(1)), _money(pot.group(2)))
            hand.raked_side_pots = "Side pot" in line and bool(hand.summary[1])
        return section
    if line.startswith("***"):
        return _section(hand, section, line)
    if section == "seats":
        _seat_line(hand, line)
        return section
    if line.startswith("Dealt to "):
        match = _DEALT.match(line)
        if match is not None:
            hand.dealt[match.group(1)] = _cards(match.group(2))
        return section
    if line.startswith("Uncalled bet"):
        return section  # the replay returns uncalled bets itself
    collected = _COLLECTED.match(line)
    if collected is not None:
        name, amount = collected.group(1), _money(collected.group(2))
        hand.won[name] = hand.won.get(name, 0) + amount
        return section
    if "cashed out the hand" in line.lower():  # "NAME cashed out the hand for $2.19 | ..."
        raise PokerStarsError(f"{line!r}: a hand cashed out is not replayed", cause="cash out")
    who = _who(line, names)
    if who is None:
        return section  # chat, joins, leaves and other lines with no bearing on the hand
    name, rest = who
    if rest.startswith("shows "):
        cards = _CARDS.search(rest)
        if cards is not None:
            shown = _cards(cards.group(1))
            hand.shown[name] = shown  # one card shown of two: the other stays unknown
            shown += "??" * (hand.hole_count - len(shown) // 2)
            hand.actions.append((name, f"sm {shown}"))
        return section
    for pattern, verb, group in _VERBS:
        match = pattern.match(rest)
        if match is not None:
            total = f" {match.group(group).replace(',', '')}" if group else ""
            hand.actions.append((name, verb + total))
            hand.acting.add(name)
            return section
    if rest.startswith("posts "):
        raise PokerStarsError(f"{line!r}: a blind posted after the cards are dealt", cause="blinds")
    return section


def _section(hand: HandLines, section: str, line: str) -> str:
    if line.startswith("*** HOLE CARDS"):
        return "hole"
    runout = _RUNOUT_STREET.match(line)
    if runout is not None:
        number = _RUNOUT_NUMBER[runout.group(1)]
        hand.runouts.setdefault(number, []).append(f"d db {_cards(runout.group(2))}")
        return section
    if hand.runouts:  # the runouts are all dealt: PHH deals them one whole board at a time
        for number in sorted(hand.runouts):
            hand.actions.extend(("", db) for db in hand.runouts[number])
        hand.runouts.clear()
    if line.startswith("*** SUMMARY"):
        return "summary"
    if line.startswith("*** SHOW DOWN") or line.endswith(" SHOW DOWN ***"):
        return "showdown"  # one showdown a board run more than once, its shows the same
    street = _STREET.match(line)
    if street is None:
        raise PokerStarsError(f"{line!r} is not a street")
    hand.actions.append(("", f"d db {_cards(street.group(2))}"))
    return section


def _seat_line(hand: HandLines, line: str) -> None:
    button = _BUTTON.match(line)
    if button is not None:
        hand.table, hand.button = button.group(1), _number(button.group(2))
        return
    seat = _SEAT.match(line)
    if seat is not None:
        out = "sitting out" in seat.group(4) or "out of hand" in seat.group(4)
        hand.seats.append((_number(seat.group(1)), seat.group(2), _money(seat.group(3)), out))
        return
    who = _who(line, _names(hand))
    if who is None:
        if ": posts " in line:
            raise PokerStarsError(f"{line!r}: a player with no seat posts", cause="players")
        return
    name, rest = who
    for kind, pattern in _POSTS:
        match = pattern.match(rest)
        if match is not None:
            hand.posts.append((kind, name, _money(match.group(1))))
            return
    if rest.startswith("posts"):
        raise PokerStarsError(
            f"{name}: {rest!r} is not a forced bet the importer knows", cause="blinds"
        )
