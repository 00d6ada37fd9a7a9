"""What kind of game a recorded hand was: cash or tournament, the unit its amounts count
(a currency, or a tournament's chips), its stakes and its game. Statistics are kept apart
by these ([`Stats`][pokerforge.histories.Stats], the hand database), so that a tournament's
chips are never added to a cash game's dollars.

Examples:
    >>> from decimal import Decimal
    >>> from pokerforge.game import GameSpec
    >>> spec = GameSpec(blinds=(50, 100))
    >>> stakes(spec, Decimal("0.01")), stakes(spec, 1)
    ('0.50/1', '50/100')
    >>> currency_code("$"), currency_code("€"), currency_code(""), currency_code("usd")
    ('USD', 'EUR', None, 'USD')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from decimal import Decimal
from typing import Any, NamedTuple

from pokerforge.game.spec import GameSpec

__all__ = [
    "Group",
    "currency_code",
    "group_of",
    "group_parts",
    "money_text",
    "stakes",
    "stakes_of",
]

CASH = "cash"
TOURNAMENT = "tournament"
CHIPS = "chips"
UNKNOWN = "money"
"""The unit of a cash game whose record names no currency."""

_SIGNS = {"$": "USD", "€": "EUR", "£": "GBP", "¥": "CNY", "₹": "INR", "C$": "CAD"}


class Group(NamedTuple):
    """One kind of game, as statistics keep it apart.

    Attributes:
        kind: ``"cash"`` or ``"tournament"``.
        unit: what the amounts count: a currency code (``"USD"``), ``"money"`` for a cash
            game whose record names no currency, ``"chips"`` for a tournament.
        stakes: a cash game's blinds (``"0.50/1"``; a fixed-limit game's small and big
            bets), in the unit; empty for a tournament, whose blinds rise as it goes.
        game: the betting and the variant, ``"no-limit holdem"``.
    """

    kind: str
    unit: str
    stakes: str
    game: str

    def __str__(self) -> str:
        parts = [self.kind, self.unit, self.stakes, self.game]
        return " · ".join(p for p in parts if p)


def currency_code(text: str | None) -> str | None:
    """The ISO code of a currency as a room writes it (``$``, ``€``, ``USD``), or ``None``
    where the record names none."""
    if not text:
        return None
    text = text.strip()
    return _SIGNS.get(text, text.upper()) or None


def money_text(value: Decimal | int) -> str:
    """An amount as the stakes write it: whole numbers bare, cents with two places.

    Examples:
        >>> money_text(Decimal("1.00")), money_text(Decimal("0.5")), money_text(Decimal("0.125"))
        ('1', '0.50', '0.125')
    """
    value = Decimal(value)
    if value == value.to_integral_value():
        return str(int(value))
    text = format(value.normalize(), "f")
    return text + "0" if len(text.partition(".")[2]) == 1 else text


def stakes(spec: GameSpec, chip_value: Decimal | int) -> str:
    """A game's stakes in the record's money: the blinds (``"0.50/1"``), a fixed-limit
    game's small and big bets, or short deck's button blind."""
    return stakes_of(
        spec.betting,
        spec.blinds,
        (spec.small_bet, spec.big_bet),
        spec.button_blind,
        chip_value,
    )


def stakes_of(
    betting: str,
    blinds: tuple[int, int],
    bets: tuple[int | None, int | None],
    button_blind: int,
    chip_value: Decimal | int,
) -> str:
    """`stakes()` from the game's betting, its blinds, its small and big bets and its
    button blind in chips (what the import's fast replay gives for a hand).

    Examples:
        >>> stakes_of("fixed-limit", (25, 50), (50, 100), 0, Decimal("0.01"))
        '0.50/1'
    """
    small_bet, big_bet = bets
    if betting == "fixed-limit" and small_bet and big_bet:
        low, high = small_bet, big_bet
    elif blinds[1]:
        low, high = blinds
    elif button_blind:
        return money_text(button_blind * chip_value)
    else:
        return ""
    return f"{money_text(low * chip_value)}/{money_text(high * chip_value)}"


def group_of(spec: GameSpec, chip_value: Decimal | int, fields: Mapping[str, Any]) -> Group:
    """The group of a hand played by ``spec``, whose record's fields are ``fields`` (a
    ``tournament`` field makes it a tournament's; ``currency``, else PHH's
    ``currency_symbol``, names the money)."""
    currency = fields.get("currency") or fields.get("currency_symbol")
    return group_parts(
        bool(fields.get("tournament")),
        currency if isinstance(currency, str) else None,
        f"{spec.betting} {spec.variant}",
        lambda: stakes(spec, chip_value),
    )


def group_parts(
    tournament: bool, currency: str | None, game: str, stakes_text: Callable[[], str]
) -> Group:
    """`group_of()` from its parts: whether the hand is a tournament's, the currency its
    record names, the game (``"no-limit holdem"``) and its stakes (asked for a cash
    game only)."""
    if tournament:
        return Group(TOURNAMENT, CHIPS, "", game)
    unit = currency_code(currency)
    return Group(CASH, unit or UNKNOWN, stakes_text(), game)
