"""Hand histories in the PHH format (the TOML-based Poker Hand History standard).

:func:`to_phh` writes a hand (finished or not) as PHH text; :func:`from_phh` reads PHH text
back into a :class:`~pokerforge.game.Hand` by replaying every action through the engine, so
a history that breaks a rule is refused with the line and the rule. :func:`load_phh` reads a
``.phh`` file and :func:`load_many` several hands (one TOML table each, as in ``.phhs``
files): all of them or none.

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
  ``pN sm [cards]``; unknown cards ``??`` are dealt from a seeded deck on import.
* Rake and the rule profile travel in user-defined fields (``_rake_percent``,
  ``_rake_cap``, ``_rake_no_flop_no_drop``, ``_rules``, and ``_showdown = "ask"`` when the
  players chose to show or muck: their ``sm`` actions are then replayed as choices).

Examples:
    >>> from pokerforge.game import GameSpec, Hand
    >>> from pokerforge.game.history import from_phh, to_phh
    >>> hand = Hand(GameSpec(blinds=(1, 2)), stacks=[100, 100, 100], seed=7)
    >>> _ = hand.raise_to(6); _ = hand.fold(); _ = hand.fold()
    >>> text = to_phh(hand)
    >>> [line for line in text.splitlines() if "cbr" in line or "f\\"" in line]
    ['  "p3 cbr 6",', '  "p1 f",', '  "p2 f",']
    >>> from_phh(text).stacks == hand.stacks
    True
"""

from __future__ import annotations

import json
import math
import re
import sys
from collections.abc import Mapping, Sequence
from dataclasses import replace
from fractions import Fraction
from pathlib import Path
from typing import Any

from pokerforge.cards import Card
from pokerforge.errors import IllegalActionError, InvalidSpecError, PokerError
from pokerforge.game.actions import (
    Bet,
    Call,
    Check,
    DealBoard,
    Fold,
    Muck,
    PostBlind,
    Raise,
    Show,
    Street,
)
from pokerforge.game.hand import Hand
from pokerforge.game.positions import seat_order
from pokerforge.game.profile import DEFAULT_RULES, TDA_2024
from pokerforge.game.rake import Rake
from pokerforge.game.spec import GameSpec

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10 reads TOML with the tomli backport
    import tomli as tomllib  # type: ignore[import-not-found, unused-ignore]

__all__ = ["InvalidHistoryError", "from_phh", "load_many", "load_phh", "to_phh"]

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


class InvalidHistoryError(InvalidSpecError):
    """A PHH hand history that cannot be read or replayed; the message names the line or
    field."""


# -- export -------------------------------------------------------------------------------------


def _toml(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
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
    lines = [f"{key} = {_toml(value)}" for key, value in _game_fields(hand, order)]
    actions = _actions(hand, order)
    lines += ["actions = [", *(f"  {_toml(a)}," for a in actions), "]"]
    optional: list[tuple[str, object]] = []
    if players is not None:
        optional.append(("players", list(players)))
    optional.append(("seats", list(seats) if seats is not None else [s + 1 for s in order]))
    if hand_number is not None:
        optional.append(("hand", hand_number))
    if hand.is_over:
        optional.append(("finishing_stacks", [hand.stacks[s] for s in order]))
        optional.append(("winnings", [hand.payouts[s] for s in order]))
    if replace(spec.rules, name="default", showdown="auto") != DEFAULT_RULES:
        optional.append(("_rules", spec.rules.name))
    if spec.rules.showdown != "auto":
        optional.append(("_showdown", spec.rules.showdown))
    posts = _posts_of(hand)
    if posts:
        index = {seat: i for i, seat in enumerate(order, 1)}
        optional.append(("_posts", [[index[s], live, dead] for s, live, dead in posts]))
    if spec.rake is not None:
        optional.append(("_rake_percent", str(spec.rake.percent)))
        if spec.rake.cap is not None:
            optional.append(("_rake_cap", spec.rake.cap))
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


def _game_fields(hand: Hand, order: list[int]) -> list[tuple[str, object]]:
    """The required fields other than the actions."""
    spec = hand.spec
    n = len(order)
    engine = spec.engine
    antes = [engine.uniform_ante] * n
    if engine.big_blind_ante:
        antes[1] = engine.big_blind_ante
    dead_sb = (
        n > 2
        and spec.small_blind > 0
        and not any(isinstance(r, PostBlind) and r.blind == "SB" for r in hand.history)
    )
    forced = [spec.big_blind] if dead_sb else [spec.small_blind, spec.big_blind]
    if spec.straddle:
        forced.append(spec.straddle)
    out: list[tuple[str, object]] = [
        ("variant", _CODES[(spec.variant, spec.betting)]),
        ("antes", antes),
        ("blinds_or_straddles", forced + [0] * (n - len(forced))),
    ]
    if spec.betting == "fixed-limit":
        out += [("small_bet", spec.bet_size(0)), ("big_bet", spec.bet_size(3))]
    else:
        out.append(("min_bet", spec.big_blind))
    out.append(("starting_stacks", [hand.starting_stacks[s] for s in order]))
    return out


def _actions(hand: Hand, order: list[int]) -> list[str]:
    player = {seat: f"p{i}" for i, seat in enumerate(order, 1)}
    actions = [f"d dh {player[s]} {_text([c.index for c in hand.hole_cards(s)])}" for s in order]
    for record in hand.history:
        if isinstance(record, Fold):
            actions.append(f"{player[record.seat]} f")
        elif isinstance(record, Check | Call):
            actions.append(f"{player[record.seat]} cc")
        elif isinstance(record, Bet | Raise):
            actions.append(f"{player[record.seat]} cbr {record.to}")
        elif isinstance(record, DealBoard):
            if record.indices:
                actions.append(f"d db {_text(record.indices)}")
        elif isinstance(record, Show):
            actions.append(f"{player[record.seat]} sm {_text(record.indices)}")
        elif isinstance(record, Muck):
            actions.append(f"{player[record.seat]} sm")
    return actions


# -- import -------------------------------------------------------------------------------------


def _chips(field: str, value: object, *, positive: bool = False) -> int:
    if isinstance(value, float) and math.isfinite(value) and value.is_integer():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int) or value < (1 if positive else 0):
        bound = "above 0" if positive else "0 or more"
        raise InvalidHistoryError(
            f"field {field}: {value!r} is not a whole number of chips {bound}"
        )
    return value


def _chip_list(doc: Mapping[str, Any], field: str, n: int, *, positive: bool = False) -> list[int]:
    values = doc.get(field)
    if not isinstance(values, list) or len(values) != n:
        count = len(values) if isinstance(values, list) else "no list"
        raise InvalidHistoryError(f"field {field} needs {n} entries (one per player), not {count}")
    return [_chips(f"{field}[{i}]", v, positive=positive) for i, v in enumerate(values)]


def _spec(doc: Mapping[str, Any], n: int, hole_count: int) -> tuple[GameSpec, bool]:
    variant, betting = _GAMES[doc["variant"]]
    antes = _chip_list(doc, "antes", n)
    blinds = _chip_list(doc, "blinds_or_straddles", n)
    kwargs: dict[str, Any] = {"variant": variant, "betting": betting}
    if variant != "holdem" and hole_count != 4:
        kwargs["hole_cards"] = hole_count
    if len(set(antes)) == 1:
        kwargs["ante"] = antes[0]
    elif sum(1 for a in antes if a) == 1 and antes[1]:
        kwargs.update(ante=antes[1], ante_kind="big-blind")
    else:
        raise InvalidHistoryError(f"field antes: {antes} is neither uniform nor a big-blind ante")
    dead_sb = n > 2 and blinds[0] > 0 and blinds[1] == 0
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
        kwargs["small_bet"] = _chips("small_bet", doc.get("small_bet"), positive=True)
        kwargs["big_bet"] = _chips("big_bet", doc.get("big_bet"), positive=True)
    elif "min_bet" in doc and _chips("min_bet", doc["min_bet"]) != forced[1]:
        raise InvalidHistoryError(
            f"field min_bet: pokerforge's minimum bet is the big blind ({forced[1]}), "
            f"not {doc['min_bet']!r}"
        )
    rules = doc.get("_rules", "default")
    if rules not in ("default", "tda-2024"):
        raise InvalidHistoryError(f"field _rules: {rules!r} is not 'default' or 'tda-2024'")
    kwargs["rules"] = TDA_2024 if rules == "tda-2024" else DEFAULT_RULES
    showdown = doc.get("_showdown", "auto")
    if showdown not in ("auto", "ask"):
        raise InvalidHistoryError(f"field _showdown: {showdown!r} is not 'auto' or 'ask'")
    if showdown == "ask":
        kwargs["rules"] = replace(kwargs["rules"], showdown="ask")
    if "_rake_percent" in doc:
        cap = doc.get("_rake_cap")
        kwargs["rake"] = Rake(
            percent=Fraction(str(doc["_rake_percent"])),
            cap=None if cap is None else _chips("_rake_cap", cap),
            no_flop_no_drop=bool(doc.get("_rake_no_flop_no_drop", True)),
        )
    try:
        spec = GameSpec(**kwargs)
    except InvalidSpecError as err:
        raise InvalidHistoryError(f"the game fields make no valid game: {err}") from None
    return spec, dead_sb


def _cards(where: str, text: str) -> list[int | None]:
    if len(text) % 2:
        raise InvalidHistoryError(f"{where}: {text!r} is not a run of two-character cards")
    out: list[int | None] = []
    for i in range(0, len(text), 2):
        pair = text[i : i + 2]
        if pair == "??":
            out.append(None)
            continue
        try:
            out.append(Card(pair).index)
        except PokerError as err:
            raise InvalidHistoryError(f"{where}: {err}") from None
    return out


def _action_lines(text: str, actions: list[str]) -> list[str]:
    """Where each action is, for error messages: 'line N' (or 'action N' if not found)."""
    lines = text.splitlines()
    start = next((i for i, line in enumerate(lines) if line.lstrip().startswith("actions")), 0)
    out = []
    at = start
    for k, action in enumerate(actions):
        found = next((i for i in range(at, len(lines)) if action in lines[i]), None)
        if found is None:
            out.append(f"action {k + 1}")
        else:
            out.append(f"line {found + 1}")
            at = found
    return out


def _parse(actions: list[str], where: list[str], n: int) -> list[tuple[str, int, str, str]]:
    """Each action as ``(where, player or -1 for the dealer, verb, argument)``."""
    out = []
    for text, place in zip(actions, where, strict=True):
        if not isinstance(text, str):
            raise InvalidHistoryError(f"{place}: an action must be a string, not {text!r}")
        words = text.split("#", 1)[0].split()
        if not words:
            continue
        label = f"{place}: {text.strip()!r}"
        if words[0] == "d":
            if len(words) == 4 and words[1] == "dh" and _PLAYER.match(words[2]):
                seat = int(words[2][1:])
                if seat > n:
                    raise InvalidHistoryError(f"{label}: there are only {n} players")
                out.append((label, seat - 1, "dh", words[3]))
                continue
            if len(words) == 3 and words[1] == "db":
                out.append((label, -1, "db", words[2]))
                continue
            raise InvalidHistoryError(f"{label}: not a dealer action pokerforge knows")
        match = _PLAYER.match(words[0])
        if match is None or int(match.group(1)) > n:
            raise InvalidHistoryError(f"{label}: {words[0]!r} is not a player (p1 to p{n})")
        verb, args = (words[1] if len(words) > 1 else ""), words[2:]
        ok = {"f": 0, "cc": 0, "cbr": 1, "sm": len(args) if len(args) <= 1 else -1}
        if verb not in ok or len(args) != ok[verb]:
            raise InvalidHistoryError(f"{label}: unknown or malformed action {verb!r}")
        out.append((label, int(words[0][1:]) - 1, verb, args[0] if args else ""))
    return out


def _seat_map(doc: Mapping[str, Any], n: int) -> tuple[list[int], int]:
    seats = doc.get("seats")
    if isinstance(seats, list) and sorted(seats) == list(range(1, n + 1)):
        button = seats[-1] - 1
        if all(seats[i] - 1 == (button + i + 1) % n for i in range(n)):
            return [s - 1 for s in seats], button
    return list(range(n)), n - 1


def from_phh(text: str) -> Hand:
    """Replay a PHH hand history into a :class:`~pokerforge.game.Hand`.

    Raises:
        InvalidHistoryError: bad TOML, a missing or impossible field, an unknown action, an
            action out of turn or against the rules (the message names the line or field).
    """
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise InvalidHistoryError(f"not a valid TOML file: {err}") from None
    return _replay(doc, text)


def _cards_dealt(
    steps: list[tuple[str, int, str, str]], n: int
) -> tuple[list[list[int | None] | None], list[int]]:
    """Each player's hole cards (``None``: unknown) and the board, from every action.

    A player's hole cards may be dealt over several ``d dh`` actions (one card at a time, as
    in the standard's WSOP files); they add up.
    """
    holes: list[list[int | None] | None] = [None] * n
    board: list[int] = []
    for label, who, verb, arg in steps:
        if verb == "dh":
            holes[who] = (holes[who] or []) + _cards(label, arg)
        elif verb == "db":
            cards = _cards(label, arg)
            if None in cards:
                raise InvalidHistoryError(f"{label}: board cards must be known")
            board.extend(c for c in cards if c is not None)
        elif verb == "sm" and arg and arg != "-":
            shown = _cards(label, arg)
            dealt_cards = holes[who]
            if None not in shown and (dealt_cards is None or None in dealt_cards):
                holes[who] = shown
    return holes, board


def _posts_field(doc: Mapping[str, Any], seat_of: list[int]) -> list[tuple[int, int, int]]:
    """``_posts = [[player, live, dead], ...]``: players' own posts (rule 29b)."""
    raw = doc.get("_posts", [])
    n = len(seat_of)
    out = []
    for entry in raw if isinstance(raw, list) else [raw]:
        if (
            not isinstance(entry, list)
            or len(entry) != 3
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in entry)
            or not 1 <= entry[0] <= n
        ):
            raise InvalidHistoryError(
                f"field _posts: {entry!r} is not [player, live, dead] with a player 1 to {n}"
            )
        out.append((seat_of[entry[0] - 1], entry[1], entry[2]))
    return out


def _replay(doc: Mapping[str, Any], text: str) -> Hand:
    for field in ("variant", "antes", "blinds_or_straddles", "starting_stacks", "actions"):
        if field not in doc:
            raise InvalidHistoryError(f"the required field {field} is missing")
    if doc["variant"] not in _GAMES:
        raise InvalidHistoryError(
            f"field variant: {doc['variant']!r} is not a game pokerforge plays"
        )
    stacks_field = doc["starting_stacks"]
    n = len(stacks_field) if isinstance(stacks_field, list) else 0
    if not 2 <= n <= 10:
        raise InvalidHistoryError(f"field starting_stacks: a hand needs 2 to 10 players, not {n}")
    stacks = _chip_list(doc, "starting_stacks", n, positive=True)
    raw = doc["actions"]
    if not isinstance(raw, list):
        raise InvalidHistoryError("field actions must be a list of strings")
    steps = _parse(raw, _action_lines(text, [str(a) for a in raw]), n)
    holes, board = _cards_dealt(steps, n)
    counts = {len(h) for h in holes if h is not None}
    if len(counts) > 1:
        raise InvalidHistoryError(f"field actions: players are dealt {sorted(counts)} cards")
    spec, dead_sb = _spec(doc, n, counts.pop() if counts else 4)
    seat_of, button = _seat_map(doc, n)
    hand_holes: list[object | None] = [None] * n
    hand_stacks = [0] * n
    for p in range(n):
        hand_stacks[seat_of[p]] = stacks[p]
        cards = holes[p]
        if cards is not None and None not in cards:
            hand_holes[seat_of[p]] = [Card.from_index(c) for c in cards if c is not None]
    seed = doc.get("_seed", 0)
    try:
        hand = Hand(
            spec,
            stacks=hand_stacks,
            button=button,
            seed=seed if isinstance(seed, int) else 0,
            hole_cards=hand_holes,
            board=[Card.from_index(c) for c in board],
            dead_small_blind=dead_sb,
            posts=_posts_field(doc, seat_of),
        )
    except PokerError as err:
        raise InvalidHistoryError(f"field actions: the cards dealt are impossible: {err}") from None
    _play(hand, steps, seat_of)
    _check_finish(doc, hand, seat_of)
    return hand


def _play(hand: Hand, steps: list[tuple[str, int, str, str]], seat_of: list[int]) -> None:
    """Apply the player actions; check the board and shown cards against the hand."""
    dealt = 0
    for label, who, verb, arg in steps:
        if verb == "dh":
            continue
        if verb == "db":
            dealt += len(arg) // 2
            if len(hand.board_indices) < dealt:
                raise InvalidHistoryError(f"{label}: the board is dealt before the betting ends")
            continue
        seat = seat_of[who]
        if verb == "sm":
            shown = _cards(label, arg) if arg and arg != "-" else []
            known = sorted(c for c in shown if c is not None)
            if (
                shown
                and len(known) == len(shown)
                and known != sorted(c.index for c in hand.hole_cards(seat))
            ):
                raise InvalidHistoryError(f"{label}: these are not the cards p{who + 1} was dealt")
            if hand.street == Street.SHOWDOWN and not hand.is_over:  # an asked showdown
                try:
                    hand.show(seat=seat) if arg else hand.muck(seat=seat)
                except IllegalActionError as err:
                    raise InvalidHistoryError(f"{label}: {err}") from None
            continue
        if hand.is_over:
            raise InvalidHistoryError(f"{label}: the hand is already over")
        if hand.actor != seat:
            actor = seat_of.index(hand.actor) + 1 if hand.actor is not None else 0
            raise InvalidHistoryError(f"{label}: it is p{actor}'s turn, not p{who + 1}'s")
        try:
            if verb == "f":
                hand.fold()
            elif verb == "cc":
                hand.call() if hand.legal_actions().call else hand.check()
            else:
                hand.raise_to(_amount(label, arg))
        except IllegalActionError as err:
            raise InvalidHistoryError(f"{label}: {err}") from None


def _amount(label: str, text: str) -> int:
    try:
        value = float(text) if any(ch in text for ch in ".eE") else int(text)
    except ValueError:
        raise InvalidHistoryError(f"{label}: {text!r} is not an amount of chips") from None
    if isinstance(value, float):
        if not (math.isfinite(value) and value.is_integer()):
            raise InvalidHistoryError(f"{label}: {text} is not a whole number of chips")
        value = int(value)
    if value <= 0:
        raise InvalidHistoryError(f"{label}: a bet of {value} chips is impossible")
    return value


def _check_finish(doc: Mapping[str, Any], hand: Hand, seat_of: list[int]) -> None:
    if "finishing_stacks" not in doc or not hand.is_over:
        return
    want = _chip_list(doc, "finishing_stacks", hand.num_seats)
    got = [hand.stacks[seat_of[p]] for p in range(hand.num_seats)]
    if want != got:
        raise InvalidHistoryError(f"field finishing_stacks: {want} but the replay ends with {got}")


def load_phh(path: str | Path) -> Hand:
    """Replay the PHH file at ``path`` (see :func:`from_phh`)."""
    return from_phh(Path(path).read_text(encoding="utf-8"))


def load_many(text: str) -> list[Hand]:
    """Replay several hands, each a TOML table (``[1]``, ``[2]``, ...): all or none.

    Raises:
        InvalidHistoryError: any hand is bad (the message names its table); no hand is
            returned then.
    """
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise InvalidHistoryError(f"not a valid TOML file: {err}") from None
    hands = []
    for name, table in doc.items():
        if not isinstance(table, dict):
            raise InvalidHistoryError(f"{name!r} is not a table of one hand")
        try:
            hands.append(_replay(table, text))
        except InvalidHistoryError as err:
            raise InvalidHistoryError(f"hand [{name}]: {err}") from None
    return hands
