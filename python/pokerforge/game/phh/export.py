"""A hand as PHH text: [`to_phh()`][pokerforge.game.to_phh] (finished or not; see
[`pokerforge.game.phh`][pokerforge.game.phh] for how pokerforge maps onto PHH)."""

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
        if hand.paid_as_recorded:  # the room's split, kept as it paid
            optional.append(("_paid_as_recorded", True))
    # The runouts allowed are no field: a file's runouts are its board cards (rule 26b).
    short = spec.rules.limit_short_all_in
    plain = replace(spec.rules, name="default", showdown="auto", runouts=1)
    if replace(plain, limit_short_all_in="all-in") != DEFAULT_RULES:
        optional.append(("_rules", spec.rules.name))
    if short != "all-in":  # a room's rule 18 (rooms' histories)
        optional.append(("_limit_short_all_in", short))
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
    if hand.added:  # the room's chips in the pot (a Cash Drop): no PHH field says them
        optional.append(("_added", money(hand.added)))
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
    if spec.bring_in is not None:  # antes and a bring-in, no blinds (the field is left out)
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


def _actions(hand: Hand, order: list[int], money: Callable[[int], object]) -> list[str]:
    """The hand's actions in PHH, for every game (see `_Walker`)."""
    return _Walker(hand, order, money).walk()


class _Walker:
    """One walk over a hand's history, for every game, writing its PHH actions.

    Each player's first cards are written once all have them (``d dh p1 AsKd``), in a game
    with up cards with the first up card (``d dh p1 ????Kd``: the two down cards unknown,
    the door card), then each later card in one action. ``pN pb`` is a bring-in. In a
    drawing round each player in turn writes ``pN sd [cards]`` and, once all have drawn,
    ``d dh pN cards`` gives each one's replacements in the same order (pokerkit deals them
    after the discards); a card exposed on the draw (rule 54) has no PHH action: the
    player's replacements are written as those it kept. A board run more than once (rule
    26b) shows the hands once, before the runouts, then each runout's boards in the order
    dealt. Cards the hand does not know are ``??``; an unknown hand not tabled is written
    as the room wrote it: shown, unknown.
    """

    def __init__(self, hand: Hand, order: list[int], money: Callable[[int], object]) -> None:
        self.hand = hand
        self.order = order
        self.money = money
        self.player = {seat: f"p{i}" for i, seat in enumerate(order, 1)}
        self.unknown = "??" * hand.spec.hole_card_count
        # With up cards the first cards are written with the door card, else at once.
        self.first_with_up = hand.spec.engine.up_cards
        self.first: dict[int, tuple[int, ...]] = {}  # each seat's first cards
        self.opened: set[int] = set()  # the seats whose first cards are written
        self.drawn: dict[int, int] = {}  # seat -> cards discarded, replacements to follow
        self.dealt: dict[int, tuple[list[int], int]] = {}  # this round's replacements
        self.owed: set[int] = set()  # seats owed a card for one exposed
        self.drew: set[int] = set()  # the seats that drew in this drawing round
        self.shown: set[int] = set()  # the hands shown before the runouts
        self.actions: list[str] = []

    def walk(self) -> list[str]:
        """The actions of the whole history."""
        history = self.hand.history
        for i, record in enumerate(history):
            if isinstance(record, DealHole | DealUp):
                self._deal(record)
            elif isinstance(record, Discard | StandPat | Exposed):
                self._draw(record)
            elif isinstance(record, Runout) and record.number == 1:
                self._show_before_runouts(history[i:])
            else:
                self._flush()
                self.actions.extend(self._action(record))
        self._flush()
        return self.actions

    def _deal(self, record: DealHole | DealUp) -> None:
        seat, player, first = record.seat, self.player, self.first
        if type(record) is DealHole and seat not in first:
            first[seat] = record.indices
            if not self.first_with_up and len(first) == len(self.order):
                self.actions += [
                    f"d dh {player[s]} {_text(first[s]) or self.unknown}" for s in self.order
                ]
        elif type(record) is DealHole and seat in self.owed:
            self.owed.discard(seat)
            self.dealt[seat][0].extend(record.indices)
        elif type(record) is DealHole and seat in self.drawn:
            self.dealt[seat] = (list(record.indices), self.drawn.pop(seat))
        elif type(record) is DealUp and seat not in self.opened:
            self.opened.add(seat)
            down = _text(first.get(seat, ())) or "????"
            self.actions.append(f"d dh {player[seat]} {down}{_text(record.indices) or '??'}")
        else:
            self.actions.append(f"d dh {player[seat]} {_text(record.indices) or '??'}")

    def _draw(self, record: Discard | StandPat | Exposed) -> None:
        seat = record.seat
        if isinstance(record, Exposed):
            self.dealt[seat][0].remove(record.indices[0])
            self.owed.add(seat)
            return
        if seat in self.drew:
            self._flush()  # a new drawing round with no betting between
        self.drew.add(seat)
        if isinstance(record, Discard):
            self.drawn[seat] = record.number
            cards = _text(record.indices) or "??" * record.number
            self.actions.append(f"{self.player[seat]} sd {cards}")
        else:
            self.actions.append(f"{self.player[seat]} sd")

    def _show_before_runouts(self, rest: Sequence[object]) -> None:
        for later in rest:
            if isinstance(later, Show) and later.seat not in self.shown:
                self.shown.add(later.seat)
                self.actions.append(f"{self.player[later.seat]} sm {_text(later.indices)}")

    def _flush(self) -> None:
        """Writes this drawing round's replacements, once all have drawn."""
        for seat, (cards, number) in self.dealt.items():
            self.actions.append(f"d dh {self.player[seat]} {_text(cards) or '??' * number}")
        self.dealt.clear()
        self.drew.clear()

    def _action(self, record: object) -> list[str]:
        """A record of the betting or the showdown as PHH actions (none for other records,
        nor for a hand shown before the runouts)."""
        player, money = self.player, self.money
        if isinstance(record, Fold):
            return [f"{player[record.seat]} f"]
        if isinstance(record, Check | Call):
            return [f"{player[record.seat]} cc"]
        if isinstance(record, Bet | Raise):
            return [f"{player[record.seat]} cbr {money(record.to)}"]
        if isinstance(record, BringIn):
            return [f"{player[record.seat]} pb"]
        if isinstance(record, DealBoard):
            return [f"d db {_text(record.indices)}"] if record.indices else []
        if isinstance(record, Show) and record.seat not in self.shown:
            return [f"{player[record.seat]} sm {_text(record.indices)}"]
        if isinstance(record, Muck):
            mucked = self.unknown if record.seat in self.hand.unknown_hole_cards else ""
            return [f"{player[record.seat]} sm {mucked}".rstrip()]
        return []
