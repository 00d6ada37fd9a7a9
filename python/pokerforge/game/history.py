"""Hand histories in the PHH format (the TOML-based Poker Hand History standard).

:func:`to_phh` writes a hand (finished or not) as PHH text; :func:`loads_phh` reads PHH text
back into a :class:`~pokerforge.game.Hand` by replaying every action through the engine, so
a history that breaks a rule is refused with the line and the rule. :func:`load_phh` reads a
``.phh`` file and :func:`load_many` several hands (one TOML table each, as in ``.phhs``
files): all of them or none. The names pair as Python's own ``load``/``loads`` do
(:func:`from_phh` is the old, deprecated name of :func:`loads_phh`).

How pokerforge maps onto PHH:

* Players ``p1 .. pN`` run clockwise from the seat left of the button; the button is
  ``pN`` (heads-up ``p1`` is the big blind). ``seats`` records the hand's own seat numbers
  (plus one) so a history comes back with the same seats.
* ``antes`` and ``blinds_or_straddles`` list forced bets by position: index 0 the small
  blind, 1 the big blind, 2 a straddle (read the other way round heads-up, as PHH says). A
  big-blind ante is a single non-zero ante at index 1; a dead small blind (rule 29) is
  written ``[big, 0, ...]``.
* Variant codes: ``NT``, ``FT``, ``PO``, ``FO/8`` from the standard; pokerforge's other
  combinations use codes of the same shape (``PT``, ``NO``, ``FO``, ``NO/8``, ``PO/8``).
* Actions ``d dh``, ``d db``, ``pN f``, ``pN cc``, ``pN cbr X`` (a street total) and
  ``pN sm [cards]``; unknown cards ``??`` stay unknown (see :func:`loads_phh`).
* Amounts may be decimal (dollars and cents): the hand counts chips of the unit the file
  needs (``hand.chip_value``) and :func:`to_phh` writes the file's units back, exactly.
* Rake and the rule profile travel in user-defined fields (``_rake_percent``,
  ``_rake_cap``, ``_rake_no_flop_no_drop``, ``_rules``, and ``_showdown = "ask"`` when the
  players chose to show or muck: their ``sm`` actions are then replayed as choices).

Examples:
    >>> from pokerforge.game import GameSpec, Hand
    >>> from pokerforge.game.history import loads_phh, to_phh
    >>> hand = Hand(GameSpec(blinds=(1, 2)), stacks=[100, 100, 100], seed=7)
    >>> _ = hand.raise_to(6); _ = hand.fold(); _ = hand.fold()
    >>> text = to_phh(hand)
    >>> [line for line in text.splitlines() if "cbr" in line or "f\\"" in line]
    ['  "p3 cbr 6",', '  "p1 f",', '  "p2 f",']
    >>> loads_phh(text).stacks == hand.stacks
    True
"""

from __future__ import annotations

import json
import math
import re
import sys
import warnings
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from decimal import Decimal
from fractions import Fraction
from functools import lru_cache, partial
from pathlib import Path
from typing import Any

from pokerforge.cards import Card
from pokerforge.errors import (
    IllegalActionError,
    InvalidHistoryError,
    InvalidSpecError,
    PokerError,
    RecordMismatchError,
)
from pokerforge.game.actions import (
    Bet,
    Call,
    Check,
    DealBoard,
    Fold,
    Muck,
    PostBlind,
    Raise,
    ReturnBet,
    Show,
    Street,
)
from pokerforge.game.hand import Hand
from pokerforge.game.positions import MAX_SEATS, MIN_SEATS, seat_order
from pokerforge.game.profile import DEFAULT_RULES, TDA_2024
from pokerforge.game.rake import Rake
from pokerforge.game.spec import GameSpec
from pokerforge.money import MAX_CHIPS, TooManyChipsError, UnitError, chip_unit, to_chips, to_money

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10 reads TOML with the tomli backport
    import tomli as tomllib  # type: ignore[import-not-found, unused-ignore]

__all__ = [
    "InvalidHistoryError",
    "RecordMismatchError",
    "from_phh",
    "load_many",
    "load_phh",
    "loads_phh",
    "replay",
    "to_phh",
]

_CODES = {
    ("holdem", "no-limit"): "NT",
    ("holdem", "fixed-limit"): "FT",
    ("omaha", "pot-limit"): "PO",
    ("omaha-hilo", "fixed-limit"): "FO/8",
    ("holdem", "pot-limit"): "PT",
    ("omaha", "no-limit"): "NO",
    ("omaha", "fixed-limit"): "FO",
    ("omaha-hilo", "no-limit"): "NO/8",
    ("omaha-hilo", "pot-limit"): "PO/8",
}
_GAMES = {code: game for game, code in _CODES.items()}
_PLAYER = re.compile(r"p([1-9][0-9]*)\Z")
_ONE = Decimal(1)


# -- export -------------------------------------------------------------------------------------


def _toml(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | Decimal):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value)  # JSON escapes are valid TOML basic-string escapes
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    raise InvalidHistoryError(f"a PHH field cannot hold {value!r}")


def _text(indices: Sequence[int]) -> str:
    return "".join(str(Card.from_index(c)) for c in indices)


def to_phh(
    hand: Hand,
    *,
    players: Sequence[str] | None = None,
    seats: Sequence[int] | None = None,
    hand_number: int | None = None,
    fields: Mapping[str, object] | None = None,
) -> str:
    """The hand as PHH text.

    Args:
        hand: the hand (finished or not).
        players: names in PHH order (``p1`` first: the seat left of the button).
        seats: seat numbers in PHH order (default: the hand's seats plus one).
        hand_number: the ``hand`` field.
        fields: more optional or user-defined fields, written as given.
    """
    spec = hand.spec
    n, button = hand.num_seats, hand.button
    order = list(seat_order(n, button))  # PHH order: left of the button first
    money = _money(hand.chip_value)
    lines = [f"{key} = {_toml(value)}" for key, value in _game_fields(hand, order, money)]
    actions = _actions(hand, order, money)
    lines += ["actions = [", *(f"  {_toml(a)}," for a in actions), "]"]
    optional: list[tuple[str, object]] = []
    if players is not None:
        optional.append(("players", list(players)))
    optional.append(("seats", list(seats) if seats is not None else [s + 1 for s in order]))
    if hand_number is not None:
        optional.append(("hand", hand_number))
    if hand.is_over and hand.result_known:
        optional.append(("finishing_stacks", [money(hand.stacks[s]) for s in order]))
        optional.append(("winnings", [money(hand.payouts[s]) for s in order]))
    if replace(spec.rules, name="default", showdown="auto") != DEFAULT_RULES:
        optional.append(("_rules", spec.rules.name))
    if spec.rules.showdown != "auto":
        optional.append(("_showdown", spec.rules.showdown))
    posts = _posts_of(hand)
    if posts:
        index = {seat: i for i, seat in enumerate(order, 1)}
        optional.append(
            ("_posts", [[index[s], money(live), money(dead)] for s, live, dead in posts])
        )
    if spec.rake is not None:
        optional.append(("_rake_percent", str(spec.rake.percent)))
        if spec.rake.cap is not None:
            optional.append(("_rake_cap", money(spec.rake.cap)))
        optional.append(("_rake_no_flop_no_drop", spec.rake.no_flop_no_drop))
    optional += list((fields or {}).items())
    lines += [f"{key} = {_toml(value)}" for key, value in optional]
    return "\n".join(lines) + "\n"


def _posts_of(hand: Hand) -> list[tuple[int, int, int]]:
    """The players' own posts of a table hand (rule 29b), as ``Hand(posts=...)`` takes them:
    every dead blind, and every big blind after the first (the real one)."""
    posts: dict[int, list[int]] = {}
    big_blinds = 0
    for record in hand.history:
        if isinstance(record, PostBlind) and record.blind == "dead":
            posts.setdefault(record.seat, [0, 0])[1] = record.amount
        elif isinstance(record, PostBlind) and record.blind == "BB":
            big_blinds += 1
            if big_blinds > 1:
                posts.setdefault(record.seat, [0, 0])[0] = record.amount
    return [(seat, live, dead) for seat, (live, dead) in posts.items()]


def _money(unit: Decimal) -> Callable[[int], object]:
    """Chips to the file's money (the chips themselves for a hand counted in whole chips)."""
    if unit == _ONE:
        return lambda chips: chips
    return lambda chips: to_money(chips, unit)


def _game_fields(
    hand: Hand, order: list[int], money: Callable[[int], object]
) -> list[tuple[str, object]]:
    """The required fields other than the actions."""
    spec = hand.spec
    n = len(order)
    engine = spec.engine
    antes = [engine.uniform_ante] * n
    dead_sb = (
        n > 2
        and spec.small_blind > 0
        and not any(isinstance(r, PostBlind) and r.blind == "SB" for r in hand.history)
    )
    if engine.big_blind_ante:  # paid by the big blind: p1 after a dead small blind
        antes[0 if dead_sb else 1] = engine.big_blind_ante
    forced = [spec.big_blind] if dead_sb else [spec.small_blind, spec.big_blind]
    if spec.straddle:
        forced.append(spec.straddle)
    out: list[tuple[str, object]] = [
        ("variant", _CODES[(spec.variant, spec.betting)]),
        ("antes", [money(a) for a in antes]),
        ("blinds_or_straddles", [money(b) for b in forced + [0] * (n - len(forced))]),
    ]
    if spec.betting == "fixed-limit":
        out += [("small_bet", money(spec.bet_size(0))), ("big_bet", money(spec.bet_size(3)))]
    else:
        out.append(("min_bet", money(spec.big_blind)))
    out.append(("starting_stacks", [money(hand.starting_stacks[s]) for s in order]))
    return out


def _actions(hand: Hand, order: list[int], money: Callable[[int], object]) -> list[str]:
    player = {seat: f"p{i}" for i, seat in enumerate(order, 1)}
    unknown = "??" * hand.spec.hole_card_count
    actions = [
        f"d dh {player[s]} {_text([c.index for c in hand.hole_cards(s)]) or unknown}" for s in order
    ]
    for record in hand.history:
        if isinstance(record, Fold):
            actions.append(f"{player[record.seat]} f")
        elif isinstance(record, Check | Call):
            actions.append(f"{player[record.seat]} cc")
        elif isinstance(record, Bet | Raise):
            actions.append(f"{player[record.seat]} cbr {money(record.to)}")
        elif isinstance(record, DealBoard):
            if record.indices:
                actions.append(f"d db {_text(record.indices)}")
        elif isinstance(record, Show):
            actions.append(f"{player[record.seat]} sm {_text(record.indices)}")
        elif isinstance(record, Muck):
            actions.append(f"{player[record.seat]} sm")
    return actions


# -- import -------------------------------------------------------------------------------------


def _show(value: object) -> str:
    return str(value) if isinstance(value, Decimal) else repr(value)


def _chips(field: str, value: object, unit: Decimal = _ONE, *, positive: bool = False) -> int:
    if isinstance(value, float) and math.isfinite(value) and value.is_integer():
        value = int(value)
    chips: int | None = None
    if not isinstance(value, bool) and isinstance(value, int | Decimal):
        try:
            chips = to_chips(value, unit)
        except TooManyChipsError as err:
            raise InvalidHistoryError(f"field {field}: {err}") from None
        except UnitError:
            chips = None
    if chips is None or chips < (1 if positive else 0):
        bound = "above 0" if positive else "0 or more"
        raise InvalidHistoryError(
            f"field {field}: {_show(value)} is not a whole number of chips {bound}"
        )
    return chips


def _chip_list(
    doc: Mapping[str, Any], field: str, n: int, unit: Decimal = _ONE, *, positive: bool = False
) -> list[int]:
    values = doc.get(field)
    if not isinstance(values, list) or len(values) != n:
        count = len(values) if isinstance(values, list) else "no list"
        raise InvalidHistoryError(f"field {field} needs {n} entries (one per player), not {count}")
    if unit == _ONE:
        if all(type(v) is int and positive <= v <= MAX_CHIPS for v in values):
            return values  # the common case of a file in whole chips
    elif all(
        (type(v) is int and abs(v) <= MAX_CHIPS)
        or (type(v) is Decimal and v.is_finite() and v.adjusted() < 18)
        for v in values
    ):  # amounts too large for this are named one by one below (to_chips)
        scale = _ONE / unit  # a power of ten: exact
        chips = [int(v * scale) for v in values]
        if all(
            positive <= c <= MAX_CHIPS and c == v * scale
            for c, v in zip(chips, values, strict=True)
        ):
            return chips
    return [_chips(f"{field}[{i}]", v, unit, positive=positive) for i, v in enumerate(values)]


_MONEY_LISTS = ("antes", "blinds_or_straddles", "starting_stacks", "winnings", "finishing_stacks")
_MONEY_FIELDS = ("small_bet", "big_bet", "min_bet", "_rake_cap")


def _unit(doc: Mapping[str, Any], raw: list[Any]) -> Decimal:
    """The chip unit the file's amounts need (1 for a file in whole chips)."""
    amounts: list[Any] = []
    for field in _MONEY_LISTS:
        values = doc.get(field)
        if isinstance(values, list):
            amounts += [v for v in values if isinstance(v, Decimal)]
    amounts += [doc[f] for f in _MONEY_FIELDS if isinstance(doc.get(f), Decimal)]
    posts = doc.get("_posts")
    if isinstance(posts, list):
        amounts += [v for e in posts if isinstance(e, list) for v in e if isinstance(v, Decimal)]
    for action in raw:
        if isinstance(action, str) and " cbr " in action:
            words = action.split("#", 1)[0].split()
            if words and "." in words[-1]:
                try:
                    amounts.append(Decimal(words[-1]))
                except ArithmeticError:
                    continue  # not an amount: the replay names it
    if not amounts:
        return _ONE
    try:
        return chip_unit(a for a in amounts if a.is_finite() and a >= 0)
    except UnitError as err:
        raise InvalidHistoryError(f"the amounts need a chip unit: {err}") from None


_SPEC_FIELDS = ("variant", "antes", "blinds_or_straddles", "small_bet", "big_bet", "min_bet")
_SPEC_EXTRAS = ("_rules", "_showdown", "_rake_percent", "_rake_cap", "_rake_no_flop_no_drop")
# The spec cache key's fields, in order: the two lists of forced bets, then the others.
_SPEC_LISTED = ("antes", "blinds_or_straddles")
_SPEC_SCALARS = tuple(f for f in _SPEC_FIELDS + _SPEC_EXTRAS if f not in _SPEC_LISTED)
_SPEC_KEY = _SPEC_LISTED + _SPEC_SCALARS


def _spec(
    doc: Mapping[str, Any], n: int, hole_count: int, unit: Decimal = _ONE
) -> tuple[GameSpec, bool]:
    """The hand's game and whether its small blind is dead; files repeat their games, so
    the answer is cached by the fields as written."""
    # The scalar fields in one C-level pass; the forced bets (lists) as tuples, so that
    # the key can be hashed. A list anywhere else, never seen, goes the uncached way.
    get = doc.get
    antes, blinds = map(get, _SPEC_LISTED)
    key = (
        n,
        hole_count,
        unit,
        tuple(antes) if isinstance(antes, list) else antes,
        tuple(blinds) if isinstance(blinds, list) else blinds,
        *map(get, _SPEC_SCALARS),
    )
    try:
        return _spec_of(key)
    except TypeError:  # a field that cannot be a cache key: its check names it
        return _spec_fields(doc, n, hole_count, unit)


@lru_cache(maxsize=512)
def _spec_of(key: tuple[Any, ...]) -> tuple[GameSpec, bool]:
    n, hole_count, unit, *values = key
    doc = {
        field: list(value) if isinstance(value, tuple) else value
        for field, value in zip(_SPEC_KEY, values, strict=True)
        if value is not None
    }
    return _spec_fields(doc, n, hole_count, unit)


def _spec_fields(
    doc: Mapping[str, Any], n: int, hole_count: int, unit: Decimal
) -> tuple[GameSpec, bool]:
    fields: dict[str, Any] = {
        "variant": doc["variant"],
        "n": n,
        "hole_count": hole_count,
        "antes": tuple(_chip_list(doc, "antes", n, unit)),
        "blinds": tuple(_chip_list(doc, "blinds_or_straddles", n, unit)),
        "rules": doc.get("_rules", "default"),
        "showdown": doc.get("_showdown", "auto"),
    }
    for field in ("small_bet", "big_bet", "min_bet", "_rake_cap"):
        if field in doc:
            positive = field not in {"min_bet", "_rake_cap"}
            fields[field] = _chips(field, doc[field], unit, positive=positive)
    if "_rake_percent" in doc:
        fields["rake"] = (str(doc["_rake_percent"]), bool(doc.get("_rake_no_flop_no_drop", True)))
    return _make_spec(fields)


def _make_spec(doc: dict[str, Any]) -> tuple[GameSpec, bool]:
    """The game of a hand from its fields in chips."""
    variant, betting = _GAMES[doc["variant"]]
    n, antes, blinds = doc["n"], list(doc["antes"]), list(doc["blinds"])
    kwargs: dict[str, Any] = {"variant": variant, "betting": betting}
    if variant != "holdem" and doc["hole_count"] != 4:
        kwargs["hole_cards"] = doc["hole_count"]
    dead_sb = n > 2 and blinds[0] > 0 and blinds[1] == 0
    big_blind = 0 if dead_sb else 1  # who pays a big-blind ante
    if len(set(antes)) == 1:
        kwargs["ante"] = antes[0]
    elif sum(1 for a in antes if a) == 1 and antes[big_blind]:
        kwargs.update(ante=antes[big_blind], ante_kind="big-blind")
    else:
        raise InvalidHistoryError(f"field antes: {antes} is neither uniform nor a big-blind ante")
    forced = [0, *blinds] if dead_sb else blinds
    if any(forced[3:]) or (n == 2 and blinds[0] > blinds[1]):
        raise InvalidHistoryError(
            f"field blinds_or_straddles: {blinds} is not small blind, big blind and an "
            "optional straddle"
        )
    if dead_sb:
        kwargs["blinds"] = (0, forced[1])
    else:
        kwargs["blinds"] = (forced[0], forced[1])
    if n > 2 and forced[2]:
        kwargs["straddle"] = forced[2]
    if betting == "fixed-limit":
        for field in ("small_bet", "big_bet"):
            if field not in doc:
                raise InvalidHistoryError(f"field {field}: a fixed-limit game needs it")
            kwargs[field] = doc[field]
    elif "min_bet" in doc and doc["min_bet"] != forced[1]:
        raise InvalidHistoryError(
            f"field min_bet: pokerforge's minimum bet is the big blind ({forced[1]} chips), "
            f"not {doc['min_bet']} chips"
        )
    rules = doc["rules"]
    if rules not in ("default", "tda-2024"):
        raise InvalidHistoryError(f"field _rules: {rules!r} is not 'default' or 'tda-2024'")
    kwargs["rules"] = TDA_2024 if rules == "tda-2024" else DEFAULT_RULES
    showdown = doc["showdown"]
    if showdown not in ("auto", "ask"):
        raise InvalidHistoryError(f"field _showdown: {showdown!r} is not 'auto' or 'ask'")
    if showdown == "ask":
        kwargs["rules"] = replace(kwargs["rules"], showdown="ask")
    if "rake" in doc:
        percent, no_flop_no_drop = doc["rake"]
        kwargs["rake"] = Rake(
            percent=Fraction(percent), cap=doc.get("_rake_cap"), no_flop_no_drop=no_flop_no_drop
        )
    try:
        spec = GameSpec(**kwargs)
    except InvalidSpecError as err:
        raise InvalidHistoryError(f"the game fields make no valid game: {err}") from None
    return spec, dead_sb


def _cards(where: str | Callable[[], str], text: str) -> list[int | None]:
    if text.count("?") == len(text) and not len(text) % 2:
        return [None] * (len(text) // 2)  # all unknown, as most online hands are
    if len(text) % 2:
        place = where if isinstance(where, str) else where()
        raise InvalidHistoryError(f"{place}: {text!r} is not a run of two-character cards")
    out: list[int | None] = []
    for i in range(0, len(text), 2):
        pair = text[i : i + 2]
        if pair == "??":
            out.append(None)
            continue
        try:
            out.append(Card(pair).index)
        except PokerError as err:
            place = where if isinstance(where, str) else where()
            raise InvalidHistoryError(f"{place}: {err}") from None
    return out


def _field_line(lines: Sequence[str], field: str) -> int | None:
    """The index of the line that sets ``field`` in one hand's lines (before the next table)."""
    for i, raw in enumerate(lines):
        line = raw.lstrip()
        if i > 0 and line.startswith("["):
            return None  # the next hand's table
        if line.startswith(field) and line[len(field) :].lstrip().startswith("="):
            return i
    return None


def _action_lines(text: str, actions: list[str], first_line: int = 1) -> list[str]:
    """Where each action is, for error messages: 'line N' (or 'action N' if not found),
    counting the text's first line as ``first_line``."""
    lines = text.splitlines()
    start = _field_line(lines, "actions") or 0
    out = []
    at = start
    for k, action in enumerate(actions):
        found = next((i for i in range(at, len(lines)) if action in lines[i]), None)
        if found is None:
            out.append(f"action {k + 1}")
        else:
            out.append(f"line {found + first_line}")
            at = found
    return out


class _Where:
    """Labels for error messages (``line N: 'p1 cc'``), worked out only when one is needed."""

    __slots__ = ("_actions", "_first", "_places", "_text")

    def __init__(self, text: str | Sequence[str], actions: list[Any], first_line: int) -> None:
        self._text = text
        self._actions = actions
        self._first = first_line
        self._places: list[str] | None = None

    def __call__(self, k: int) -> str:
        if self._places is None:
            lines = self._text
            text = lines if isinstance(lines, str) else "\n".join(x.rstrip("\n") for x in lines)
            self._places = _action_lines(text, [str(a) for a in self._actions], self._first)
        action = self._actions[k]
        return f"{self._places[k]}: {action.strip() if isinstance(action, str) else action!r}"


# (action number, player or -1 for the dealer, verb, argument). The argument is the text
# written; the core's reader gives it read: chips for cbr, a tuple of card indices (None for
# "??") for db and sm ("" for a muck), and leaves out the dh steps (the cards dealt are in
# what it read besides).
Step = tuple[int, int, str, Any]
_ARITY = {"f": 0, "cc": 0, "cbr": 1}


def _parse(actions: list[Any], where: _Where, n: int) -> list[Step]:
    """Each action as ``(action number, player or -1 for the dealer, verb, argument)``."""
    out = []
    for k, text in enumerate(actions):
        if not isinstance(text, str):
            raise InvalidHistoryError(f"{where(k)}: an action must be a string")
        words = (text.split("#", 1)[0] if "#" in text else text).split()
        if not words:
            continue
        first = words[0]
        if first == "d":
            if len(words) == 4 and words[1] == "dh" and _PLAYER.match(words[2]):
                seat = int(words[2][1:])
                if seat > n:
                    raise InvalidHistoryError(f"{where(k)}: there are only {n} players")
                out.append((k, seat - 1, "dh", words[3]))
                continue
            if len(words) == 3 and words[1] == "db":
                out.append((k, -1, "db", words[2]))
                continue
            raise InvalidHistoryError(f"{where(k)}: not a dealer action pokerforge knows")
        number = first[1:]
        if first[:1] != "p" or not number.isdecimal() or number[0] == "0" or int(number) > n:
            raise InvalidHistoryError(f"{where(k)}: {first!r} is not a player (p1 to p{n})")
        verb, args = (words[1] if len(words) > 1 else ""), words[2:]
        arity = _ARITY.get(verb, len(args) if verb == "sm" and len(args) <= 1 else -1)
        if len(args) != arity:
            raise InvalidHistoryError(f"{where(k)}: unknown or malformed action {verb!r}")
        out.append((k, int(first[1:]) - 1, verb, args[0] if args else ""))
    return out


def seat_map(doc: Mapping[str, Any], n: int) -> tuple[list[int], int]:
    """``(seat of each player p1..pN, button seat)``: the record's ``seats`` when they run
    clockwise, else ``p1`` in seat 0 and the button in the last seat."""
    seat_of, button = _seats(doc, n)
    return list(seat_of), button


_INTS = {int}


def _seats(doc: Mapping[str, Any], n: int) -> tuple[Sequence[int], int]:
    """:func:`seat_map`, its seats perhaps a tuple (shared: not to be changed)."""
    seats = doc.get("seats")
    if type(seats) is list and (not seats or set(map(type, seats)) == _INTS):
        return _seat_map(tuple(seats), n)  # files repeat their tables' seats
    if isinstance(seats, list):
        return _seats_of(seats, n)
    return range(n), n - 1


def _seats_of(seats: Sequence[Any], n: int) -> tuple[list[int], int]:
    if sorted(seats) == list(range(1, n + 1)):
        button = seats[-1] - 1
        if all(seats[i] - 1 == (button + i + 1) % n for i in range(n)):
            return [s - 1 for s in seats], button
    return list(range(n)), n - 1


@lru_cache(maxsize=4096)
def _seat_map(seats: tuple[int, ...], n: int) -> tuple[tuple[int, ...], int]:
    seat_of, button = _seats_of(seats, n)
    return tuple(seat_of), button


def loads_phh(text: str) -> Hand:
    """Replay a PHH hand history (one hand's text) into a :class:`~pokerforge.game.Hand`.

    Amounts may be decimal (``starting_stacks = [247.10, 14.60]``): the hand then counts
    chips of the unit the file needs (:attr:`Hand.chip_value`, a cent here) and exports back
    in the file's units. Unknown hole cards (``????``) stay unknown: a showdown that needs
    them is paid as the file's ``winnings`` / ``finishing_stacks`` say, or left undecided
    (:attr:`Hand.result_known`). A recorded result must agree with the replay, the rake
    being what the pots held beyond the recorded winnings.

    Raises:
        InvalidHistoryError: bad TOML, a missing or impossible field, an unknown action, an
            action out of turn or against the rules (the message names the line or field).
        RecordMismatchError: the recorded result disagrees with the replay.
    """
    return replay(toml_fields(text), text)


def _decimal(text: str) -> Decimal:
    """A TOML float as the :class:`~decimal.Decimal` written (``parse_float``)."""
    try:
        return Decimal(text)
    except ArithmeticError:  # an exponent past 10**18: more than Decimal holds
        raise InvalidHistoryError(
            f"the number {text[:40]}{'...' if len(text) > 40 else ''} is out of range: "
            "its exponent is larger than a decimal holds"
        ) from None


def toml_fields(text: str, what: str = "a valid TOML file") -> dict[str, Any]:
    """The TOML document ``text`` (floats read as :class:`~decimal.Decimal`), any problem an
    :class:`InvalidHistoryError` saying it is not ``what``.

    Python's reader fails in ways of its own on hostile text: a number too long for an int
    (4,300 digits: ``ValueError``), arrays nested past the recursion limit
    (``RecursionError``); both are named errors here.

    Examples:
        >>> toml_fields("a = [1, 2.50]")
        {'a': [1, Decimal('2.50')]}
        >>> toml_fields("a = " + "[" * 5000 + "]" * 5000)  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        pokerforge.errors.InvalidHistoryError: not a valid TOML file: ... nested too deep ...
    """
    try:
        doc: dict[str, Any] = tomllib.loads(text, parse_float=_decimal)
    except InvalidHistoryError:
        raise
    except tomllib.TOMLDecodeError as err:
        raise InvalidHistoryError(f"not {what}: {err}") from None
    except RecursionError:
        raise InvalidHistoryError(
            f"not {what}: arrays or tables are nested too deep for Python's TOML reader"
        ) from None
    except ValueError as err:  # an integer of more digits than Python converts
        raise InvalidHistoryError(f"not {what}: {err}") from None
    return doc


def _cards_dealt(
    steps: list[Step], n: int, where: _Where
) -> tuple[list[list[int | None] | None], list[int]]:
    """Each player's hole cards (``None``: unknown) and the board, from every action.

    A player's hole cards may be dealt over several ``d dh`` actions (one card at a time, as
    in the standard's WSOP files); they add up. Cards shown at showdown make unknown hole
    cards known.
    """
    holes: list[list[int | None] | None] = [None] * n
    board: list[int] = []
    for k, who, verb, arg in steps:
        if verb == "dh":
            holes[who] = (holes[who] or []) + _cards(partial(where, k), arg)
        elif verb == "db":
            cards = _cards(partial(where, k), arg)
            if None in cards:
                raise InvalidHistoryError(f"{where(k)}: board cards must be known")
            board.extend(c for c in cards if c is not None)
        elif verb == "sm" and arg and arg != "-" and "?" not in arg:
            dealt_cards = holes[who]
            if dealt_cards is None or None in dealt_cards:
                holes[who] = _cards(partial(where, k), arg)
    return holes, board


# What a replay reads from a hand before the rules see it: the chip unit, each player's
# starting stack in chips (p1 first), the steps, each player's hole cards and the board
# (card indices, None for an unknown card), the hole cards per player, and the recorded
# winnings / finishing stacks in chips when already read (None: read them from the fields).
Read = tuple[
    Decimal,
    list[int],
    list["Step"],
    list[list[int | None] | None],
    list[int],
    int,
    list[int] | None,
    list[int] | None,
]


def replay(
    doc: Mapping[str, Any],
    text: str | Sequence[str] = "",
    *,
    first_line: int = 1,
    read: Read | None = None,
) -> Hand:
    """Replay one hand from its parsed PHH fields.

    Args:
        doc: the fields; amounts are ``int`` or :class:`~decimal.Decimal` (TOML read with
            ``parse_float=Decimal``); see :func:`loads_phh`.
        text: the hand's text or lines, read only to name the line of an error.
        first_line: the line number of the text's first line in its file.
        read: what the core's PHH reader already read from ``doc`` (amounts in chips, the
            actions as steps, the cards), so that it is not read twice; it must come from
            the same fields.
    """
    return _replay_seats(doc, text, first_line, read)[0]


def _replay_seats(
    doc: Mapping[str, Any], text: str | Sequence[str], first_line: int, read: Read | None
) -> tuple[Hand, Sequence[int]]:
    """:func:`replay`, and the seat of each player ``p1..pN`` (as :func:`seat_map` says),
    which a reader of many hands needs again for the players' names."""
    try:
        return _replay_fields(doc, text, first_line, read)
    except InvalidHistoryError as err:
        message = str(err)
        if type(err) is InvalidHistoryError and message.startswith("field "):
            field = re.match(r"field (\w+)", message).group(1)  # type: ignore[union-attr]
            lines = text.splitlines() if isinstance(text, str) else list(text)
            line = _field_line(lines, field)
            if line is not None:
                raise InvalidHistoryError(f"line {line + first_line}: {message}") from None
        raise


def _read(doc: Mapping[str, Any], where: _Where) -> Read:
    """What the replay needs from the fields, read in Python (the core's reader leaves the
    unusual hands, and every bad one, to this): the errors of a bad hand are named here."""
    for field in ("variant", "antes", "blinds_or_straddles", "starting_stacks", "actions"):
        if field not in doc:
            raise InvalidHistoryError(f"the required field {field} is missing")
    if doc["variant"] not in _GAMES:
        raise InvalidHistoryError(
            f"field variant: {doc['variant']!r} is not a game pokerforge plays"
        )
    stacks_field = doc["starting_stacks"]
    n = len(stacks_field) if isinstance(stacks_field, list) else 0
    if not MIN_SEATS <= n <= MAX_SEATS:
        raise InvalidHistoryError(
            f"field starting_stacks: a hand needs {MIN_SEATS} to {MAX_SEATS} players, not {n}"
        )
    raw = doc["actions"]
    if not isinstance(raw, list):
        raise InvalidHistoryError("field actions must be a list of strings")
    unit = _unit(doc, raw)
    stacks = _chip_list(doc, "starting_stacks", n, unit, positive=True)
    steps = _parse(raw, where, n)
    holes, board = _cards_dealt(steps, n, where)
    counts = {len(h) for h in holes if h is not None}
    if len(counts) > 1:
        raise InvalidHistoryError(f"field actions: players are dealt {sorted(counts)} cards")
    return unit, stacks, steps, holes, board, counts.pop() if counts else 4, None, None


_UNITS = tuple(_ONE.scaleb(-places) if places else _ONE for places in range(9))


def unit_of(places: int) -> Decimal:
    """The chip unit of ``places`` decimal places (the core's reader counts places).

    Examples:
        >>> unit_of(2), unit_of(0)
        (Decimal('0.01'), Decimal('1'))
    """
    return _UNITS[places]


def _replay_fields(
    doc: Mapping[str, Any], text: str | Sequence[str], first_line: int, read: Read | None
) -> tuple[Hand, Sequence[int]]:
    actions = doc.get("actions")
    where = _Where(text, actions if isinstance(actions, list) else [], first_line)
    unit, stacks, steps, holes, board, hole_count, winnings, finishing = (
        _read(doc, where) if read is None else read
    )
    n = len(stacks)
    spec, dead_sb = _spec(doc, n, hole_count, unit)
    seat_of, button = _seats(doc, n)
    hand_holes: list[object | None] = [None] * n
    hand_stacks = [0] * n
    unknown = []
    for p, seat in enumerate(seat_of):
        hand_stacks[seat] = stacks[p]
        cards = holes[p]
        if cards is not None and None not in cards:
            hand_holes[seat] = cards
        else:
            unknown.append(seat)
    recorded = {"winnings": winnings, "finishing_stacks": finishing}
    seed = doc.get("_seed", 0)
    try:
        hand = Hand(
            spec,
            stacks=hand_stacks,
            button=button,
            seed=seed if isinstance(seed, int) else 0,
            hole_cards=hand_holes,
            board=board,
            dead_small_blind=dead_sb,
            posts=_posts_field(doc, seat_of, unit) if "_posts" in doc else (),
            unknown_hole_cards=unknown,
            chip_value=unit,
            **_recorded(doc, n, unit, seat_of, recorded),
        )
    except PokerError as err:
        raise InvalidHistoryError(f"field actions: the cards dealt are impossible: {err}") from None
    _play(hand, steps, seat_of, where)
    if len(hand.board_indices) > len(board):
        raise InvalidHistoryError(
            f"field actions: the replay reaches {len(hand.board_indices)} board cards but the "
            f"file deals {len(board)}"
        )
    _check_record(doc, hand, seat_of, unit, recorded)
    return hand, seat_of


def _posts_field(
    doc: Mapping[str, Any], seat_of: Sequence[int], unit: Decimal
) -> list[tuple[int, int, int]]:
    """``_posts = [[player, live, dead], ...]``: players' own posts (rule 29b)."""
    raw = doc.get("_posts", [])
    n = len(seat_of)
    out = []
    for entry in raw if isinstance(raw, list) else [raw]:
        if (
            not isinstance(entry, list)
            or len(entry) != 3
            or not all(isinstance(v, int | Decimal) and not isinstance(v, bool) for v in entry)
            or not isinstance(entry[0], int)
            or not 1 <= entry[0] <= n
        ):
            raise InvalidHistoryError(
                f"field _posts: {entry!r} is not [player, live, dead] with a player 1 to {n}"
            )
        live = _chips("_posts live", entry[1], unit)
        dead = _chips("_posts dead", entry[2], unit)
        out.append((seat_of[entry[0] - 1], live, dead))
    return out


def _recorded_list(
    doc: Mapping[str, Any], field: str, n: int, unit: Decimal, read: Mapping[str, list[int] | None]
) -> list[int]:
    """A recorded field in chips by player: as the core's reader read it, else from ``doc``."""
    values = read.get(field)
    return values if values is not None else _chip_list(doc, field, n, unit)


def _recorded(
    doc: Mapping[str, Any],
    n: int,
    unit: Decimal,
    seat_of: Sequence[int],
    read: Mapping[str, list[int] | None],
) -> dict[str, list[int]]:
    """The recorded result by seat, as the keyword the hand takes (winnings first)."""
    for field, keyword in (
        ("winnings", "recorded_winnings"),
        ("finishing_stacks", "recorded_stacks"),
    ):
        if field in doc:
            values = _recorded_list(doc, field, n, unit, read)
            by_seat = [0] * n
            for p in range(n):
                by_seat[seat_of[p]] = values[p]
            return {keyword: by_seat}
    return {}


def _play(hand: Hand, steps: list[Step], seat_of: Sequence[int], where: _Where) -> None:
    """Apply the player actions; check the board and shown cards against the hand."""
    dealt = 0
    for step in steps:
        k, who, verb, arg = step
        # The usual actions first, passing the seat so that the engine checks the turn; an
        # action it refuses has changed nothing, and _act then names the problem.
        if verb == "cc":
            try:
                hand.check_or_call(seat=seat_of[who])
            except IllegalActionError:
                _act(hand, step, seat_of, where)
        elif verb == "f":
            try:
                hand.fold(seat=seat_of[who])
            except IllegalActionError:
                _act(hand, step, seat_of, where)
        elif verb == "cbr":
            # raise_to checks a seat it is given the slow way: the turn is checked here.
            if type(arg) is not int or hand.actor != seat_of[who]:
                _act(hand, step, seat_of, where)
            else:
                try:
                    hand.raise_to(arg)
                except IllegalActionError:
                    _act(hand, step, seat_of, where)
        elif verb == "dh":
            continue
        elif verb == "db":
            dealt += len(arg) // 2 if type(arg) is str else len(arg)
            if len(hand.board_indices) < dealt:
                raise InvalidHistoryError(f"{where(k)}: the board is dealt before the betting ends")
        elif verb == "sm":
            _shown(hand, step, seat_of[who], where)
        else:
            _act(hand, step, seat_of, where)


def _shown(hand: Hand, step: Step, seat: int, where: _Where) -> None:
    """``pN sm [cards]``: the cards shown must be those dealt; at an asked showdown the
    player shows or mucks."""
    k, who, _, arg = step
    if type(arg) is tuple:  # read by the core: cards, () for "-"
        shown = list(arg)
    else:
        shown = _cards(partial(where, k), arg) if arg and arg != "-" else []
    known = sorted(c for c in shown if c is not None)
    if (
        shown
        and len(known) == len(shown)
        and known != sorted(c.index for c in hand.hole_cards(seat))
    ):
        raise InvalidHistoryError(f"{where(k)}: these are not the cards p{who + 1} was dealt")
    if hand.street == Street.SHOWDOWN and not hand.is_over:  # an asked showdown
        try:
            hand.show(seat=seat) if arg != "" else hand.muck(seat=seat)
        except IllegalActionError as err:
            raise InvalidHistoryError(f"{where(k)}: {err}") from None


def _act(hand: Hand, step: Step, seat_of: Sequence[int], where: _Where) -> None:
    """One player action with every check in the order of the rules, the problem named:
    the whole work for what :func:`_play` does not take at once."""
    k, who, verb, arg = step
    seat = seat_of[who]
    if hand.is_over:
        raise InvalidHistoryError(f"{where(k)}: the hand is already over")
    if hand.actor != seat:
        actor = seat_of.index(hand.actor) + 1 if hand.actor is not None else 0
        raise InvalidHistoryError(f"{where(k)}: it is p{actor}'s turn, not p{who + 1}'s")
    try:
        if verb == "f":
            hand.fold()
        elif verb == "cc":
            hand.check_or_call()
        else:
            hand.raise_to(arg if type(arg) is int else _amount(where, k, arg, hand.chip_value))
    except IllegalActionError as err:
        raise InvalidHistoryError(f"{where(k)}: {err}") from None


def _amount(where: _Where, k: int, text: str, unit: Decimal) -> int:
    try:
        value = Decimal(text)
    except ArithmeticError:
        raise InvalidHistoryError(f"{where(k)}: {text!r} is not an amount of chips") from None
    if not value.is_finite():
        raise InvalidHistoryError(f"{where(k)}: {text!r} is not an amount of chips")
    try:
        chips = to_chips(value, unit)
    except TooManyChipsError as err:
        raise InvalidHistoryError(f"{where(k)}: {err}") from None
    except UnitError:
        raise InvalidHistoryError(f"{where(k)}: {text} is not a whole number of chips") from None
    if chips <= 0:
        raise InvalidHistoryError(f"{where(k)}: a bet of {text} chips is impossible")
    return chips


def _check_record(
    doc: Mapping[str, Any],
    hand: Hand,
    seat_of: Sequence[int],
    unit: Decimal,
    read: Mapping[str, list[int] | None],
) -> None:
    """The recorded result must be the replay's (the rake being what the record kept)."""
    if not hand.is_over:
        return
    n = hand.num_seats
    if not hand.result_known and ("winnings" in doc or "finishing_stacks" in doc):
        pots = sum(p.amount for p in hand.pots)
        raise RecordMismatchError(
            f"the recorded result pays more than the pots hold ({_show(to_money(pots, unit))})",
            [],
        )
    checks = []
    if "winnings" in doc and hand.result_known:
        checks.append(("winnings", hand.payouts))
    if "finishing_stacks" in doc and hand.result_known:
        checks.append(("finishing_stacks", hand.stacks))
    for field, result in checks:
        want = _recorded_list(doc, field, n, unit, read)
        got = [result[seat_of[p]] for p in range(n)]
        if field == "winnings" and want != got:
            returned = [0] * n
            for record in hand.history:
                if isinstance(record, ReturnBet):
                    returned[record.seat] += record.amount
            # Rooms may count a returned uncalled bet as won (HandHQ files do for the big
            # blind's walk); either way the player's chips come out the same.
            got = [
                g + returned[seat_of[p]] if g + returned[seat_of[p]] == want[p] else g
                for p, g in enumerate(got)
            ]
        if want != got:
            diffs = [(p, g, w) for p, (g, w) in enumerate(zip(got, want, strict=True)) if g != w]
            text = ", ".join(
                f"p{p + 1} {_show(to_money(w, unit))} in the record, {_show(to_money(g, unit))} "
                f"in the replay (difference {_show(to_money(g - w, unit))})"
                for p, g, w in diffs
            )
            raise RecordMismatchError(f"field {field} disagrees with the replay: {text}", diffs)


def from_phh(text: str) -> Hand:
    """Deprecated name of :func:`loads_phh` (same behaviour; warns).

    Examples:
        >>> import warnings
        >>> from pokerforge.game import GameSpec, Hand
        >>> text = to_phh(Hand(GameSpec(blinds=(1, 2)), stacks=[100, 100], seed=1))
        >>> with warnings.catch_warnings(record=True) as caught:
        ...     warnings.simplefilter("always")
        ...     hand = from_phh(text)
        >>> caught[0].category.__name__, hand.stacks
        ('DeprecationWarning', (99, 98))
    """
    warnings.warn(
        "from_phh is deprecated; use loads_phh (text) or load_phh (a file path)",
        DeprecationWarning,
        stacklevel=2,
    )
    return loads_phh(text)


def load_phh(path: str | Path) -> Hand:
    """Replay the PHH file at ``path`` (see :func:`loads_phh`)."""
    return loads_phh(Path(path).read_text(encoding="utf-8"))


def load_many(text: str) -> list[Hand]:
    """Replay several hands, each a TOML table (``[1]``, ``[2]``, ...): all or none.

    For big ``.phhs`` files, :func:`pokerforge.histories.read_phhs` streams hand by hand.

    Raises:
        InvalidHistoryError: any hand is bad (the message names its table); no hand is
            returned then.
    """
    doc = toml_fields(text)
    hands = []
    lines = text.splitlines()
    for name, table in doc.items():
        if not isinstance(table, dict):
            raise InvalidHistoryError(f"{name!r} is not a table of one hand")
        header = next(
            (i for i, line in enumerate(lines) if line.strip() in (f"[{name}]", f'["{name}"]')),
            0,
        )
        try:
            hands.append(replay(table, lines[header:], first_line=header + 1))
        except InvalidHistoryError as err:
            raise type(err)(f"hand [{name}]: {err}", *_extra(err)) from None
    return hands


def _extra(err: InvalidHistoryError) -> tuple[Any, ...]:
    return (err.differences,) if isinstance(err, RecordMismatchError) else ()
