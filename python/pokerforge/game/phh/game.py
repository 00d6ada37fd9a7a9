"""The game and the seats of a PHH hand: its fields, as the core read them, made into a
[`GameSpec`][pokerforge.game.GameSpec] (`game_spec()`) and the record's players placed at
the table's seats ([`seat_map()`][pokerforge.game.phh.seat_map])."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from fractions import Fraction
from functools import lru_cache
from typing import Any

from pokerforge.errors import InvalidHistoryError, InvalidSpecError
from pokerforge.game.phh.reading import GAMES
from pokerforge.game.profile import DEFAULT_RULES, TDA_2024
from pokerforge.game.rake import SPLITS, Rake
from pokerforge.game.spec import GameSpec
from pokerforge.games import ROWS, game_name

__all__ = ["game_spec", "seat_map", "seats"]

# The fields of the game that the core does not read as amounts, in the cache key's order.
_EXTRAS = (
    "variant",
    "_rules",
    "_showdown",
    "_rake_percent",
    "_rake_no_flop_no_drop",
    "_rake_split",
    "_trips_beat_straight",
    "_limit_short_all_in",
)


def game_spec(
    doc: Mapping[str, Any],
    hole_count: int,
    antes: tuple[int, ...],
    blinds: tuple[int, ...],
    bets: tuple[int | None, ...],
) -> tuple[GameSpec, bool]:
    """The hand's game and whether its small blind is dead, from the fields ``doc`` and the
    core's reading of its amounts in chips: the antes and the
    blinds or straddles by position, and the small bet, big bet, minimum bet, rake cap and
    bring-in (``None`` where not written). Files repeat their games, so the answer is
    cached.

    Raises:
        InvalidHistoryError: the fields make no game pokerforge plays (the field named).
    """
    get = doc.get
    key = (hole_count, antes, blinds, bets, *map(get, _EXTRAS))
    try:
        return _game_spec(key)
    except TypeError:  # a field that cannot be a cache key: its check names it
        return _make_spec(key)


@lru_cache(maxsize=512)
def _game_spec(key: tuple[Any, ...]) -> tuple[GameSpec, bool]:
    return _make_spec(key)


def _make_spec(key: tuple[Any, ...]) -> tuple[GameSpec, bool]:
    hole_count, antes, blinds, bets, code, rules, showdown, percent, no_flop, *fields = key
    split, trips, short = fields  # short: rule 18's switch (`_limit_short_all_in`)
    small_bet, big_bet, min_bet, rake_cap, bring_in = bets
    variant, betting = GAMES[code]
    kwargs: dict[str, Any] = {"variant": variant, "betting": betting}
    row = ROWS[game_name(variant)]
    if row.forced == "bring-in":
        dead_sb = _stud_fields(kwargs, antes, blinds, bring_in)
    elif row.button_blind and _button_blind(blinds):
        _button_blind_fields(kwargs, antes, blinds, min_bet)
        dead_sb = False
    else:
        dead_sb = _board_game_fields(kwargs, hole_count, antes, blinds, min_bet)
    if row.high == "short-deck-high":  # the order of three of a kind and a straight
        # Rule 45: pokerkit, the standard's own implementation, ranks a straight above three
        # of a kind, and so are the dataset's hands scored; a file may say otherwise.
        if trips not in (None, True, False):
            raise InvalidHistoryError(f"field _trips_beat_straight: {trips!r} is not a bool")
        kwargs["trips_beat_straight"] = bool(trips)
    elif trips is not None:
        raise InvalidHistoryError(
            f"field _trips_beat_straight: {trips!r}: only short-deck has this switch"
        )
    if betting == "fixed-limit":
        for field, amount in (("small_bet", small_bet), ("big_bet", big_bet)):
            if amount is None:
                raise InvalidHistoryError(f"field {field}: a fixed-limit game needs it")
            kwargs[field] = amount
    rules = "default" if rules is None else rules
    if rules not in ("default", "tda-2024"):
        raise InvalidHistoryError(f"field _rules: {rules!r} is not 'default' or 'tda-2024'")
    kwargs["rules"] = TDA_2024 if rules == "tda-2024" else DEFAULT_RULES
    showdown = "auto" if showdown is None else showdown
    if showdown not in ("auto", "ask"):
        raise InvalidHistoryError(f"field _showdown: {showdown!r} is not 'auto' or 'ask'")
    if showdown == "ask":
        kwargs["rules"] = replace(kwargs["rules"], showdown="ask")
    if short is not None:  # a room's rule 18 (the rooms' readers write it)
        if short not in ("all-in", "full-bet", "completes"):
            raise InvalidHistoryError(
                f"field _limit_short_all_in: {short!r} is not 'all-in', 'full-bet' or 'completes'"
            )
        kwargs["rules"] = replace(kwargs["rules"], limit_short_all_in=short)
    if split is not None and split not in SPLITS:
        raise InvalidHistoryError(
            f"field _rake_split: {split!r} is not 'main-first' or 'proportional'"
        )
    if percent is not None or split is not None:
        # A split alone (a room's record: the recorded winnings say the amount) is a rake
        # rule of no percentage of its own.
        kwargs["rake"] = Rake(
            percent=Fraction(str(0 if percent is None else percent)),
            cap=rake_cap,
            no_flop_no_drop=bool(True if no_flop is None else no_flop),
            split="main-first" if split is None else split,
        )
    try:
        spec = GameSpec(**kwargs)
    except InvalidSpecError as err:
        raise InvalidHistoryError(f"the game fields make no valid game: {err}") from None
    return spec, dead_sb


def _board_game_fields(
    kwargs: dict[str, Any],
    hole_count: int,
    antes: tuple[int, ...],
    blinds: tuple[int, ...],
    min_bet: int | None,
) -> bool:
    """A board game's hole cards and forced bets: antes, blinds and a straddle; whether the
    small blind is dead."""
    if hole_count != ROWS[kwargs["variant"]].hole_cards[0]:
        kwargs["hole_cards"] = hole_count  # Omaha's five or six; else refused, naming it
    n = len(antes)
    dead_sb = n > 2 and blinds[0] > 0 and blinds[1] == 0
    big_blind = 0 if dead_sb else 1  # who pays a big-blind ante
    if len(set(antes)) == 1:
        kwargs["ante"] = antes[0]
    elif sum(1 for a in antes if a) == 1 and antes[big_blind]:
        kwargs.update(ante=antes[big_blind], ante_kind="big-blind")
    else:
        raise InvalidHistoryError(
            f"field antes: {list(antes)} is neither uniform nor a big-blind ante"
        )
    forced = [0, *blinds] if dead_sb else list(blinds)
    if any(forced[3:]) or (n == 2 and blinds[0] > blinds[1]):
        raise InvalidHistoryError(
            f"field blinds_or_straddles: {list(blinds)} is not small blind, big blind and an "
            "optional straddle"
        )
    kwargs["blinds"] = (0, forced[1]) if dead_sb else (forced[0], forced[1])
    if n > 2 and forced[2]:
        kwargs["straddle"] = forced[2]
    if kwargs["betting"] != "fixed-limit" and min_bet is not None and min_bet != forced[1]:
        raise InvalidHistoryError(
            f"field min_bet: pokerforge's minimum bet is the big blind ({forced[1]} chips), "
            f"not {min_bet} chips"
        )
    return dead_sb


def _button_blind(blinds: tuple[int, ...]) -> int:
    """The button's blind of a short-deck hand's ``blinds_or_straddles``, or 0 when its
    blinds are no button blind: exactly one blind, the button's, the last player's (the
    first player's heads-up, where pokerkit reads the list the other way round)."""
    button = 0 if len(blinds) == 2 else len(blinds) - 1
    if blinds[button] > 0 and not any(b for i, b in enumerate(blinds) if i != button):
        return blinds[button]
    return 0


def _button_blind_fields(
    kwargs: dict[str, Any], antes: tuple[int, ...], blinds: tuple[int, ...], min_bet: int | None
) -> None:
    """Short-deck's antes and button blind (rule 44)."""
    button_blind = _button_blind(blinds)
    if len(set(antes)) != 1:
        raise InvalidHistoryError(
            f"field antes: {list(antes)}: with a button blind every player antes the same"
        )
    if kwargs["betting"] != "fixed-limit" and min_bet is not None and min_bet != button_blind:
        raise InvalidHistoryError(
            f"field min_bet: pokerforge's minimum bet is the button blind ({button_blind} "
            f"chips), not {min_bet} chips"
        )
    kwargs.update(ante=antes[0], button_blind=button_blind)


def _stud_fields(
    kwargs: dict[str, Any], antes: tuple[int, ...], blinds: tuple[int, ...], bring_in: int | None
) -> bool:
    """A stud game's forced bets: uniform antes and the bring-in, no blinds (rules 36, 37)."""
    if len(set(antes)) != 1:
        raise InvalidHistoryError(f"field antes: {list(antes)} is not one ante for every player")
    if any(blinds):
        raise InvalidHistoryError(
            f"field blinds_or_straddles: {list(blinds)}: {kwargs['variant']} has no blinds"
        )
    if bring_in is None:
        raise InvalidHistoryError(f"field bring_in: {kwargs['variant']} needs it")
    kwargs.update(ante=antes[0], bring_in=bring_in)
    return False


def seat_map(doc: Mapping[str, Any], n: int) -> tuple[list[int], int]:
    """``(seat of each player p1..pN, button seat)``: the record's ``seats`` when they run
    clockwise, else ``p1`` in seat 0 and the button in the last seat."""
    seat_of, button = seats(doc, n)
    return list(seat_of), button


_INTS = {int}


def seats(doc: Mapping[str, Any], n: int) -> tuple[Sequence[int], int]:
    """[`seat_map()`][pokerforge.game.phh.seat_map], its seats perhaps a shared tuple (not to be
    changed): files repeat their tables' seats, so the answer is cached."""
    written = doc.get("seats")
    if type(written) is list and (not written or set(map(type, written)) == _INTS):
        return _seat_map(tuple(written), n)
    if isinstance(written, list):
        bad = next((s for s in written if isinstance(s, bool) or not isinstance(s, int)), None)
        if bad is not None:
            raise InvalidHistoryError(f"field seats: {bad!r} in {written!r} is not a seat number")
        return _seats_of(written, n)
    return range(n), n - 1


def _seats_of(written: Sequence[Any], n: int) -> tuple[list[int], int]:
    if sorted(written) == list(range(1, n + 1)):
        button = written[-1] - 1
        if all(written[i] - 1 == (button + i + 1) % n for i in range(n)):
            return [s - 1 for s in written], button
    return list(range(n)), n - 1


@lru_cache(maxsize=4096)
def _seat_map(written: tuple[int, ...], n: int) -> tuple[tuple[int, ...], int]:
    seat_of, button = _seats_of(written, n)
    return tuple(seat_of), button
