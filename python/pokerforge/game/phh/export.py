"""A hand as PHH text: :func:`to_phh` (finished or not; see :mod:`pokerforge.game.phh` for
how pokerforge maps onto PHH)."""

from __future__ import annotations

import json
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import replace
from decimal import Decimal

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
    Exposed,
    Fold,
    Muck,
    PostBlind,
    Raise,
    Runout,
    Show,
    StandPat,
)
from pokerforge.game.hand import Hand
from pokerforge.game.phh.reading import CODES
from pokerforge.game.positions import seat_order
from pokerforge.game.profile import DEFAULT_RULES
from pokerforge.game.spec import GameSpec
from pokerforge.money import to_money

__all__ = ["to_phh"]

_ONE = Decimal(1)


_UNKNOWN = object()  # a stack the record did not know: TOML's inf


def _toml(value: object) -> str:
    if value is _UNKNOWN:
        return "inf"
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
    unknown_stacks: Collection[int] = (),
) -> str:
    """The hand as PHH text.

    Args:
        hand: the hand (finished or not).
        players: names in PHH order (``p1`` first: the seat left of the button).
        seats: seat numbers in PHH order (default: the hand's seats plus one).
        hand_number: the ``hand`` field.
        fields: more optional or user-defined fields, written as given.
        unknown_stacks: seats whose starting stack the record did not know, written
            ``inf`` (as the dataset writes them; a replay's stacks for them are made up).
    """
    spec = hand.spec
    n, button = hand.num_seats, hand.button
    order = list(seat_order(n, button))  # PHH order: left of the button first
    money = _money(hand.chip_value)
    lines = [
        f"{key} = {_toml(value)}"
        for key, value in _game_fields(hand, order, money, frozenset(unknown_stacks))
    ]
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
    # The runouts allowed are no field: a file's runouts are its board cards (rule 26b).
    if replace(spec.rules, name="default", showdown="auto", runouts=1) != DEFAULT_RULES:
        optional.append(("_rules", spec.rules.name))
    if spec.rules.showdown != "auto":
        optional.append(("_showdown", spec.rules.showdown))
    if spec.trips_beat_straight:  # short-deck not in the order a reader assumes (rule 45)
        optional.append(("_trips_beat_straight", True))
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
        if spec.rake.split != "main-first":
            optional.append(("_rake_split", spec.rake.split))
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
    hand: Hand, order: list[int], money: Callable[[int], object], unknown: frozenset[int]
) -> list[tuple[str, object]]:
    """The required fields other than the actions."""
    spec = hand.spec
    n = len(order)
    engine = spec.engine
    antes = [engine.uniform_ante] * n
    stacks = hand.starting_stacks
    starting = ("starting_stacks", [_UNKNOWN if s in unknown else money(stacks[s]) for s in order])
    if spec.is_stud:  # antes and a bring-in, no blinds (the field is left out)
        assert spec.bring_in is not None
        return [
            ("variant", CODES[(spec.variant, spec.betting)]),
            ("antes", [money(a) for a in antes]),
            ("bring_in", money(spec.bring_in)),
            *_bet_fields(spec, money),
            starting,
        ]
    dead_sb = (
        n > 2
        and spec.small_blind > 0
        and not any(isinstance(r, PostBlind) and r.blind == "SB" for r in hand.history)
    )
    if spec.button_blind:  # rule 44: the button is the last player (the first heads-up,
        # where pokerkit reads the blinds the other way round)
        blinds: list[object] = [0] * n
        blinds[0 if n == 2 else n - 1] = money(spec.button_blind)
        return [
            ("variant", CODES[(spec.variant, spec.betting)]),
            ("antes", [money(a) for a in antes]),
            ("blinds_or_straddles", blinds),
            *_bet_fields(spec, money),
            starting,
        ]
    if engine.big_blind_ante:  # paid by the big blind: p1 after a dead small blind
        antes[0 if dead_sb else 1] = engine.big_blind_ante
    forced = [spec.big_blind] if dead_sb else [spec.small_blind, spec.big_blind]
    if spec.straddle:
        forced.append(spec.straddle)
    out: list[tuple[str, object]] = [
        ("variant", CODES[(spec.variant, spec.betting)]),
        ("antes", [money(a) for a in antes]),
        ("blinds_or_straddles", [money(b) for b in forced + [0] * (n - len(forced))]),
    ]
    out += _bet_fields(spec, money)
    out.append(starting)
    return out


def _bet_fields(spec: GameSpec, money: Callable[[int], object]) -> list[tuple[str, object]]:
    """The bet sizes: the fixed-limit bets, else the minimum bet (the big blind, or the
    button blind)."""
    if spec.small_bet is not None and spec.big_bet is not None:  # fixed-limit
        return [("small_bet", money(spec.small_bet)), ("big_bet", money(spec.big_bet))]
    return [("min_bet", money(spec.engine.big))]


def _stud_actions(hand: Hand, order: list[int], money: Callable[[int], object]) -> list[str]:
    """A stud hand's actions: third street dealt to each player in one action (two down
    cards, the up card: ``d dh p1 ????Kd`` where the down cards are unknown), each later
    card in one, ``pN pb`` for the bring-in, the common card as ``d db``."""
    player = {seat: f"p{i}" for i, seat in enumerate(order, 1)}
    down: dict[int, tuple[int, ...]] = {}
    actions: list[str] = []
    for record in hand.history:
        if type(record) is DealHole and record.seat not in down:
            down[record.seat] = record.indices  # written with the door card
        elif type(record) is DealUp and not _dealt_to(actions, player[record.seat]):
            first = _text(down.get(record.seat, ())) or "????"
            door = _text(record.indices) or "??"
            actions.append(f"d dh {player[record.seat]} {first}{door}")
        elif isinstance(record, DealUp | DealHole):
            actions.append(f"d dh {player[record.seat]} {_text(record.indices) or '??'}")
        elif type(record) is BringIn:
            actions.append(f"{player[record.seat]} pb")
        else:
            actions.extend(_action(record, player, money))
    return actions


def _draw_actions(hand: Hand, order: list[int], money: Callable[[int], object]) -> list[str]:
    """A draw hand's actions: each player's first cards, then the rounds; in a drawing
    round ``pN sd [cards]`` for each player in turn and, once all have drawn, ``d dh pN
    cards`` with each one's replacements in the same order (pokerkit deals them after the
    discards). Cards the hand does not know are ``??``. A card exposed on the draw (rule
    54) has no PHH action: the player's replacements are written as those it kept."""
    player = {seat: f"p{i}" for i, seat in enumerate(order, 1)}
    count = hand.spec.hole_card_count
    first: dict[int, tuple[int, ...]] = {}
    drawn: dict[int, int] = {}  # seat -> cards discarded, for the replacements that follow
    dealt: dict[int, tuple[list[int], int]] = {}  # this round's replacements (and number)
    owed: set[int] = set()  # seats owed a card for one exposed
    drew: set[int] = set()  # the seats that drew in this drawing round
    actions: list[str] = []

    def flush() -> None:
        for seat, (cards, number) in dealt.items():
            actions.append(f"d dh {player[seat]} {_text(cards) or '??' * number}")
        dealt.clear()
        drew.clear()

    for record in hand.history:
        if type(record) is DealHole and record.seat not in first:
            first[record.seat] = record.indices
            if len(first) == len(order):
                actions += [f"d dh {player[s]} {_text(first[s]) or '??' * count}" for s in order]
        elif type(record) is DealHole and record.seat in owed:
            owed.discard(record.seat)
            dealt[record.seat][0].extend(record.indices)
        elif type(record) is DealHole:
            dealt[record.seat] = (list(record.indices), drawn.pop(record.seat))
        elif type(record) is Exposed:
            dealt[record.seat][0].remove(record.indices[0])
            owed.add(record.seat)
        elif isinstance(record, Discard | StandPat):
            if record.seat in drew:
                flush()  # a new drawing round with no betting between
            drew.add(record.seat)
            if isinstance(record, StandPat):
                actions.append(f"{player[record.seat]} sd")
                continue
            drawn[record.seat] = record.number
            cards = _text(record.indices) or "??" * record.number
            actions.append(f"{player[record.seat]} sd {cards}")
        else:
            flush()
            actions.extend(_action(record, player, money))
    flush()
    return actions


def _dealt_to(actions: list[str], name: str) -> bool:
    """Whether ``actions`` already deal ``name`` a card."""
    return any(a.startswith(f"d dh {name} ") for a in actions)


def _action(record: object, player: Mapping[int, str], money: Callable[[int], object]) -> list[str]:
    """A record of the betting or the showdown as PHH actions (none for other records)."""
    if isinstance(record, Fold):
        return [f"{player[record.seat]} f"]
    if isinstance(record, Check | Call):
        return [f"{player[record.seat]} cc"]
    if isinstance(record, Bet | Raise):
        return [f"{player[record.seat]} cbr {money(record.to)}"]
    if isinstance(record, DealBoard):
        return [f"d db {_text(record.indices)}"] if record.indices else []
    if isinstance(record, Show):
        return [f"{player[record.seat]} sm {_text(record.indices)}"]
    if isinstance(record, Muck):
        return [f"{player[record.seat]} sm"]
    return []


def _actions(hand: Hand, order: list[int], money: Callable[[int], object]) -> list[str]:
    if hand.spec.is_stud:
        return _stud_actions(hand, order, money)
    if hand.spec.is_draw:
        return _draw_actions(hand, order, money)
    player = {seat: f"p{i}" for i, seat in enumerate(order, 1)}
    unknown = "??" * hand.spec.hole_card_count
    actions = [
        f"d dh {player[s]} {_text([c.index for c in hand.hole_cards(s)]) or unknown}" for s in order
    ]
    history = hand.history
    shown: set[int] = set()
    for record in history:
        if isinstance(record, Runout) and record.number == 1:
            # A board run more than once (rule 26b): the hands are shown once, before the
            # runouts (as the players turn them up, all-in), then each runout's boards
            # follow in the order dealt, as PHH writes every board dealt.
            for later in history[history.index(record) :]:
                if isinstance(later, Show) and later.seat not in shown:
                    shown.add(later.seat)
                    actions.append(f"{player[later.seat]} sm {_text(later.indices)}")
        elif isinstance(record, Show) and record.seat in shown:
            continue
        elif isinstance(record, Fold):
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
            # An unknown hand not tabled is written as the room wrote it: shown, unknown.
            mucked = unknown if record.seat in hand.unknown_hole_cards else ""
            actions.append(f"{player[record.seat]} sm {mucked}".rstrip())
    return actions
