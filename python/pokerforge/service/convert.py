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
    >>> data["hand"], data["categories"][0]
    ('high hand', {'key': 'straight_flush', 'name': 'Straight flush'})

Razz's hands are lows: its categories are the lows' shapes, best first.

    >>> razz = equity(["As2d3h", "7c8dTs"], dead="4c5c", game="razz")
    >>> data = equity_json(razz, ["As2d3h", "7c8dTs"], "razz")
    >>> data["hand"], [c["name"] for c in data["categories"]][:2]
    ('ace-to-five low', ['No pair', 'Pair'])
    >>> sorted(data["players"][0]["categories"])  # no straight or flush counts in a low
    ['four_of_a_kind', 'full_house', 'high_card', 'pair', 'three_of_a_kind', 'two_pair']
    >>> evaluate_json("holdem", cards="AsKsQsJsTs")["high"]["description"]
    'Royal flush'
    >>> single = equity(["8h6d4c3s2h", "7c5c3d2dKs"], game="2-7-single-draw", draws=["pat", 1])
    >>> data = equity_json(single, ["8h6d4c3s2h", "7c5c3d2dKs"], "2-7-single-draw")
    >>> data["players"][1]["discards"], round(data["players"][1]["final_hands"]["7-low"] * 42)
    (['Ks'], 6)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from itertools import combinations
from typing import Any, NamedTuple

from pokerforge.cards import CardSet
from pokerforge.equity import EquityResult
from pokerforge.errors import CardCountError, InvalidSpecError
from pokerforge.eval import (
    A5LowRank,
    BadugiRank,
    Category,
    HandRank,
    Low27Rank,
    LowRank,
    evaluate,
    evaluate_badugi,
    evaluate_low_27,
    evaluate_low_a5,
    evaluate_omaha_hilo,
    evaluate_short_deck,
)
from pokerforge.games import ROWS, SHAPES, Game

__all__ = ["equity_json", "evaluate_fields", "evaluate_json"]


def equity_json(
    result: EquityResult, players: Sequence[str], game: str, *, count_later: bool = True
) -> dict[str, Any]:
    """An `EquityResult` as a dictionary of plain JSON values.

    Categories are keyed by lower-case name (``"full_house"``), the game's own: ``hand``
    names the kind of hand they are of (``"high hand"``, ``"ace-to-five low"``; a hi-lo
    game's are its high hand's) and ``categories`` lists them best first with their names
    in the kind's words (``{"key": "high_card", "name": "No pair"}`` in razz; none in
    badugi, whose ``final_hands`` count its hands). A result computed without
    them (from the heads-up table) has them counted now, unless ``count_later`` is false
    (the service, which bounds every request's work): they are then ``None``. ``high``,
    ``low`` and ``scoop`` are ``None`` outside the hi-lo games; ``by_hand`` and ``by_class``
    are ``None`` unless the hand-by-hand breakdown was asked for. In the draw games each
    player also has ``discards`` (the cards thrown at the next draw, ``[]`` standing pat;
    ``None`` where they are not known: a random hand, or a number drawn from it) and
    ``final_hands`` (the chance of each final hand by the game's own names, best first);
    both are ``None`` in the other games.
    """
    shape = SHAPES[game]  # type: ignore[index]
    counted = [(Category(cat), Category(cat).name.lower(), name) for cat, name in shape.categories]
    return {
        "game": game,
        "hand": shape.hand,
        "categories": [{"key": key, "name": name} for _, key, name in counted],
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
                "categories": {key: p.categories.get(cat, 0.0) for cat, key, _ in counted}
                if result.categories_counted or count_later
                else None,
                "by_hand": None if p.by_hand is None else dict(p.by_hand),
                "by_class": None if p.by_class is None else dict(p.by_class),
                "discards": None if p.discards is None else [str(c) for c in p.discards],
                "final_hands": None if p.final_hands is None else dict(p.final_hands),
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


def _low(low: LowRank | A5LowRank | Low27Rank | BadugiRank | None) -> dict[str, Any] | None:
    if low is None:
        return None
    return {"rank": int(low), "description": low.describe()}


def _short_deck(cards: str, trips_beat_straight: bool) -> dict[str, Any]:
    """A short-deck hand as `_high()` gives a high hand; its best five are the five of
    the cards that rank as high as all of them (the evaluator ranks, it does not pick)."""
    rank = evaluate_short_deck(cards, trips_beat_straight=trips_beat_straight)
    given = list(CardSet(cards))
    best = next(
        five
        for five in combinations(given, 5)
        if evaluate_short_deck(five, trips_beat_straight=trips_beat_straight) == rank
    )
    counts = Counter(card.rank for card in best)
    # As a high hand's best five: the most repeated ranks first, then by card; the ace of
    # A-6-7-8-9 plays low, last.
    low_ace = {str(card.rank) for card in best} >= {"A", "6", "7", "8", "9"}
    ordered = sorted(
        best,
        key=lambda card: (
            counts[card.rank],
            -1 if low_ace and str(card.rank) == "A" else int(card),
        ),
        reverse=True,
    )
    return {
        "rank": int(rank),
        "category": rank.category.name.lower(),
        "description": rank.describe(),
        "best_five": [str(card) for card in ordered],
    }


def evaluate_fields(game: Game) -> dict[str, tuple[int, ...]]:
    """The cards `evaluate_json()` takes in ``game``, by field, with the counts each may
    hold: ``hole`` (the hand's sizes) and ``board`` in games whose hands play with a board
    of their own rules (Omaha), ``cards`` (5 to 7, the best five of them) in the others.

    The draw games take ``cards``, the whole hand: five cards, four in badugi.

    Examples:
        >>> evaluate_fields("omaha"), evaluate_fields("razz"), evaluate_fields("badugi")
        ({'hole': (4, 5, 6), 'board': (3, 4, 5)}, {'cards': (5, 6, 7)}, {'cards': (4,)})
    """
    shape = SHAPES[game]
    if shape.draw:
        return {"cards": shape.hands}
    if shape.board and shape.hands != (2,):
        return {"hole": shape.hands, "board": (3, 4, 5)}
    return {"cards": (5, 6, 7)}


def _count(cards: str, count: int, game: str) -> None:
    """Refuses a hand of another size than the game deals (the evaluator would take the
    best five of more)."""
    given = len(CardSet(cards))
    if given != count:
        raise CardCountError(f"a {game} hand is {count} cards, but {given} were given")


def evaluate_json(
    game: str,
    *,
    cards: str | None = None,
    hole: str | None = None,
    board: str | None = None,
    trips_beat_straight: bool | None = None,
) -> dict[str, Any]:
    """Evaluates a hand and returns ``{"game", "high", "low"}``.

    Omaha games take ``hole`` and ``board``; the others ``cards`` (5 to 7): Hold'em and
    seven-card stud (the best five), short deck (its own order; ``trips_beat_straight``
    as for `evaluate_short_deck()`, default ``True``), stud hi-lo (the high
    hand and the eight-or-better low) and razz (its ace-to-five low, which is the hand:
    ``high`` is ``None``). ``low`` is the eight-or-better low in the hi-lo games (``None``
    when none qualifies, and always in the high-only games). The draw games take their
    whole hand as ``cards``: five-card draw is ranked high, the lowball games by their low
    (deuce-to-seven, ace-to-five) and badugi as a badugi, each of these the hand's
    ``low`` (``high`` ``None``), its ``rank`` greater for the better hand as the
    evaluators' (`evaluate_low_27()`, `evaluate_low_a5()`,
    `evaluate_badugi()`).

    Examples:
        >>> evaluate_json("short-deck", cards="As9h8d7c6s")["high"]["description"]
        'Straight, nine high'
        >>> evaluate_json("razz", cards="KsKd7h5c3d2sAh")["low"]
        {'rank': 6168, 'description': '7-5-3-2-A low'}
        >>> evaluate_json("stud-hilo", cards="KsKd7h5c3d2sAh")["low"]["description"]
        '7-5-3-2-A low'
        >>> evaluate_json("2-7-triple-draw", cards="7c5d4h3s2c")["low"]
        {'rank': 7462, 'description': '7-5-4-3-2 low'}
        >>> evaluate_json("badugi", cards="Ac2d3h4s")["low"]["description"]
        '4-3-2-A badugi'

    Raises:
        PokerError: bad cards or counts; ``trips_beat_straight`` outside short deck.
    """
    row = ROWS[game]  # type: ignore[index]
    if trips_beat_straight is not None and row.high != "short-deck-high":
        err = InvalidSpecError(
            f"trips_beat_straight is short-deck's switch, not {game}'s "
            f"(trips_beat_straight={trips_beat_straight!r})"
        )
        err.location = "trips_beat_straight"
        raise err
    if row.draw_rounds and row.high == "high":  # a drawn hand is its five cards, no more
        _count(cards or "", row.hole_cards[0], row.display.lower())
    given = _Given(cards or "", hole or "", board or "", trips_beat_straight is not False)
    # The row's hand kinds: a game with one kind of low alone gives it as the low.
    return {
        "game": game,
        "high": None if row.high is None else _HIGHS[row.high](given),
        "low": None if row.low is None else _low(_LOWS[row.low](given)),
    }


class _Given(NamedTuple):
    """The cards of an evaluation: a whole hand, or hole cards and a board (Omaha)."""

    cards: str
    hole: str
    board: str
    trips_beat_straight: bool


# One evaluator per hand kind of the variant table, as the page shows its hand.
_HIGHS: dict[str, Callable[[_Given], dict[str, Any]]] = {
    "high": lambda g: _high(evaluate(g.cards)),
    "short-deck-high": lambda g: _short_deck(g.cards, g.trips_beat_straight),
    "omaha-high": lambda g: _high(evaluate_omaha_hilo(g.hole, g.board)[0]),
}
_LOWS: dict[str, Callable[[_Given], LowRank | A5LowRank | Low27Rank | BadugiRank | None]] = {
    "omaha-eight": lambda g: evaluate_omaha_hilo(g.hole, g.board)[1],
    "eight-or-better": lambda g: evaluate_low_a5(g.cards).eight_or_better,
    "a-5-low": lambda g: evaluate_low_a5(g.cards),
    "2-7-low": lambda g: evaluate_low_27(g.cards),
    "badugi": lambda g: evaluate_badugi(g.cards),
}
