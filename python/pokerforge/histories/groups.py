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

from collections.abc import Mapping
from decimal import Decimal
from typing import Any, NamedTuple

from pokerforge.game.spec import GameSpec

__all__ = ["Group", "currency_code", "group_of", "money_text", "stakes"]

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
    if spec.betting == "fixed-limit" and spec.small_bet and spec.big_bet:
        low, high = spec.small_bet, spec.big_bet
    elif spec.big_blind:
        low, high = spec.small_blind, spec.big_blind
    elif spec.button_blind:
        return money_text(spec.button_blind * chip_value)
    else:
        return ""
    return f"{money_text(low * chip_value)}/{money_text(high * chip_value)}"


def group_of(spec: GameSpec, chip_value: Decimal | int, fields: Mapping[str, Any]) -> Group:
    """The group of a hand played by ``spec``, whose record's fields are ``fields`` (a
    ``tournament`` field makes it a tournament's; ``currency``, else PHH's
    ``currency_symbol``, names the money)."""
    game = f"{spec.betting} {spec.variant}"
    if fields.get("tournament"):
        return Group(TOURNAMENT, CHIPS, "", game)
    currency = fields.get("currency") or fields.get("currency_symbol")
    unit = currency_code(currency) if isinstance(currency, str) else None
    return Group(CASH, unit or UNKNOWN, stakes(spec, chip_value), game)
