"""All-in adjusted winnings (what trackers call "EV"): where the betting ended with
players all in before the board was complete, each player's result as if the pots had been
shared by the players' equity when the money went in, rather than by the cards that came.

A hand is **all-in adjusted** when

* it is a board game whose equity pokerforge computes exactly (Hold'em, Omaha and Omaha
  hi-lo of any hole-card count, Big O, short deck);
* it went to a showdown with a known result, and board cards were dealt after the last
  betting action (the players still in could bet no more: all in, or all in but one);
* the hole cards of every player still in are known.

Each player's adjusted result is then its result, minus what it won, plus its share of
each pot by its exact equity (``pokerforge.equity``'s exact enumeration over every
runout of the board as it was when the betting ended), among the players that pot is
for: ``net - won + sum(pot * equity)``. The pots are those paid (after rake: where a room
paid a total other than the pots, each expected share is scaled to what was paid). The
cards of players who folded are not taken out of the deck: a tracker does not know them.
Every other hand's adjusted result is its result.

Examples:
    Aces against kings all in before the flop: the kings hit a king.

    >>> from pokerforge.game import GameSpec, Hand
    >>> from pokerforge.histories.counts import hand_counts
    >>> hand = Hand(GameSpec(blinds=(1, 2)), stacks=[100, 100], button=0,
    ...             hole_cards=["AsAh", "KsKd"], board="Kc7d2h3s9c")
    >>> _ = hand.raise_to(100); _ = hand.call()
    >>> hand.net
    (-100, 100)
    >>> counts, adjusted = hand_counts(hand)
    >>> [round(float(x), 4) for x in adjusted]  # 200 chips shared 81.95% to 18.05%
    [63.8921, -63.8921]
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from functools import lru_cache
from typing import Any, cast

from pokerforge.cards import Card
from pokerforge.equity import equity

__all__ = ["EQUITY_GAMES", "adjusted_results", "allin_results"]

EQUITY_GAMES = {
    "holdem": "holdem",
    "omaha": "omaha",
    "omaha-hilo": "omaha-hilo",
    "big-o": "omaha-hilo",
    "short-deck": "short-deck",
}
"""The games whose all-ins are adjusted, and the equity engine's name of each."""


def allin_results(hand: Any, board: tuple[int, ...]) -> list[Decimal] | None:
    """Each seat's all-in adjusted result in chips, the betting having ended with the
    board ``board`` (card indices); ``None`` where the hand is not adjusted (a game not in
    `EQUITY_GAMES`, a result or a hand still in that is not known).

    Raises:
        PokerError: only as the equity engine raises for the hand's cards (a hand replayed
            by the engine has none it refuses).
    """
    spec = hand.spec
    game = EQUITY_GAMES.get(str(spec.variant))
    if game is None or not hand.result_known:
        return None
    unknown = hand.unknown_hole_cards
    holes = [
        None if s in unknown or not cards else tuple(cards)
        for s, cards in enumerate(hand.hole_indices)
    ]
    pots = [(pot.amount, pot.eligible) for pot in hand.pots]
    trips = spec.trips_beat_straight  # None but in short deck (GameSpec checks it)
    return adjusted_results(game, trips, hand.folded, holes, pots, hand.payouts, hand.net, board)


def adjusted_results(  # noqa: PLR0917 - a hand's figures, as both callers hold them
    game: str,
    trips: bool | None,
    folded: Sequence[bool],
    holes: Sequence[tuple[int, ...] | None],
    pots: Sequence[tuple[int, Sequence[int]]],
    payouts: Sequence[int],
    net: Sequence[int],
    board: tuple[int, ...],
) -> list[Decimal] | None:
    """`allin_results()` from a finished hand's figures (seat by seat: whether it folded,
    its hole cards or ``None`` where unknown, what it won and its result; the pots after
    the rake as ``(chips, eligible seats)``), for the equity engine's ``game``: the one
    definition of the adjustment, for the hands the game layer replays and for those the
    import's fast replay reads."""
    n = len(folded)
    live = [s for s in range(n) if not folded[s]]
    if len(live) < 2 or any(holes[s] is None for s in live):
        return None
    total = sum(amount for amount, _ in pots)
    if total <= 0:
        return None
    expected = [Decimal(0)] * n
    for amount, seats in pots:
        eligible = tuple(s for s in seats if not folded[s])
        if not eligible:
            continue
        if len(eligible) == 1:
            expected[eligible[0]] += amount
            continue
        cards = tuple(cast("tuple[int, ...]", holes[s]) for s in eligible)
        shares = _equities(game, cards, board, trips)
        for seat, share in zip(eligible, shares, strict=True):
            expected[seat] += share * amount
    paid = sum(payouts)
    scale = Decimal(1) if paid == total else Decimal(paid) / Decimal(total)
    return [net[s] - payouts[s] + expected[s] * scale for s in range(n)]


@lru_cache(maxsize=4096)
def _equities(
    game: str, holes: tuple[tuple[int, ...], ...], board: tuple[int, ...], trips: bool | None
) -> tuple[Decimal, ...]:
    """The players' exact equities (as the exact decimals of the engine's floats)."""
    text = ["".join(str(Card.from_index(c)) for c in cards) for cards in holes]
    result = equity(
        text,
        "".join(str(Card.from_index(c)) for c in board) or None,
        game=game,  # type: ignore[arg-type]
        method="exact",
        threads=1,
        trips_beat_straight=trips,
    )
    return tuple(Decimal(p.equity) for p in result.players)
