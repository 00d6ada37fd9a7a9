"""Equity and evaluation results as JSON-ready dictionaries (the service and ``--json``).

Examples:
    >>> from pokerforge import equity
    >>> data = equity_json(equity(["AhAs", "KdKc"], method="exact"), ["AhAs", "KdKc"], "holdem")
    >>> data["method"], data["exact"], data["players"][0]["player"]
    ('exact', True, 'AhAs')
    >>> round(data["players"][0]["equity"], 4), data["players"][0]["high"] is None
    (0.8126, True)
    >>> sorted(data["players"][0]["categories"])[:3]
    ['flush', 'four_of_a_kind', 'full_house']
    >>> evaluate_json("holdem", cards="AsKsQsJsTs")["high"]["description"]
    'Royal flush'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pokerforge.equity import EquityResult
from pokerforge.eval import Category, HandRank, LowRank, evaluate, evaluate_omaha_hilo

__all__ = ["equity_json", "evaluate_json"]


def equity_json(
    result: EquityResult, players: Sequence[str], game: str, *, count_later: bool = True
) -> dict[str, Any]:
    """An :class:`~pokerforge.EquityResult` as a dictionary of plain JSON values.

    Categories are keyed by lower-case name (``"full_house"``). A result computed without
    them (from the heads-up table) has them counted now, unless ``count_later`` is false
    (the service, which bounds every request's work): they are then ``None``. ``high``,
    ``low`` and ``scoop`` are ``None`` outside Omaha Hi-Lo; ``by_hand`` and ``by_class``
    are ``None`` unless the hand-by-hand breakdown was asked for.
    """
    return {
        "game": game,
        "method": result.method,
        "exact": result.exact,
        "deals": result.deals,
        "stderr": result.stderr,
        "seed": result.seed,
        "players": [
            {
                "player": text,
                "equity": p.equity,
                "win": p.win,
                "tie": p.tie,
                "lose": p.lose,
                "stderr": p.stderr,
                "high": p.high,
                "low": p.low,
                "scoop": p.scoop,
                "categories": {
                    Category(cat).name.lower(): chance for cat, chance in p.categories.items()
                }
                if result.categories_counted or count_later
                else None,
                "by_hand": None if p.by_hand is None else dict(p.by_hand),
                "by_class": None if p.by_class is None else dict(p.by_class),
            }
            for text, p in zip(players, result.players, strict=True)
        ],
    }


def _high(rank: HandRank) -> dict[str, Any]:
    return {
        "rank": int(rank),
        "category": Category(rank.category).name.lower(),
        "description": rank.describe(),
        "best_five": [str(card) for card in rank.best_five or ()],
    }


def _low(low: LowRank | None) -> dict[str, Any] | None:
    if low is None:
        return None
    return {"rank": int(low), "description": low.describe()}


def evaluate_json(
    game: str, *, cards: str | None = None, hole: str | None = None, board: str | None = None
) -> dict[str, Any]:
    """Evaluates a hand and returns ``{"game", "high", "low"}``.

    Hold'em takes ``cards`` (5 to 7); Omaha games take ``hole`` and ``board``. ``low`` is
    the eight-or-better low in Omaha Hi-Lo (``None`` when none qualifies, and always in
    other games).

    Raises:
        PokerError: bad cards or counts.
    """
    if game == "holdem":
        return {"game": game, "high": _high(evaluate(cards or "")), "low": None}
    high, low = evaluate_omaha_hilo(hole or "", board or "")
    return {"game": game, "high": _high(high), "low": _low(low) if game == "omaha-hilo" else None}
