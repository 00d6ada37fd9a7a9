"""The deal: hole cards and the board of one hand, from a seeded deck or given cards.

Cards are dealt one at a time clockwise starting left of the button, then the dealer burns
one card before the flop, the turn and the river (rule 10). The whole deal is drawn when the
hand starts, so a seed fixes every card. For replays, given hole cards and board cards take
their places and the rest come from the seeded deck in the same order, skipping the given
cards.

Examples:
    >>> from pokerforge.game.deal import deal
    >>> seed, holes, board = deal(3, 2, button=0, seed=11)
    >>> seed, len(holes), [len(h) for h in holes], len(board)
    (11, 3, [2, 2, 2], 5)
    >>> _, holes, board = deal(2, 2, button=0, seed=1, hole_cards=["AhKh", None], board="2c3d4s")
    >>> holes[0], board[:3]
    ((50, 46), (0, 5, 11))

Short-deck Hold'em is dealt from the 36 cards six to ace (rule 43): the same seeded deck
without its twos to fives.

    >>> _, holes, board = deal(6, 2, button=0, seed=11, short_deck=True)
    >>> min(min(h) for h in holes) >= SHORT_DECK_FIRST and min(board) >= SHORT_DECK_FIRST
    True
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Iterator, Sequence
from functools import cache, lru_cache
from itertools import filterfalse, islice
from typing import Any

from pokerforge._core import DealLayout
from pokerforge.cards import Card, Deck
from pokerforge.errors import CardCountError, DuplicateCardError, InvalidCardError
from pokerforge.game.positions import SEAT_ORDERS

__all__ = [
    "BOARD_AT",
    "SHORT_DECK_FIRST",
    "deal",
    "deal_layout",
    "lay_out_board",
    "rest_of_deck",
    "split_board",
]

BOARD_CARDS = 5
BOARD_AT = (3, 4, 5)
"""Board cards showing once the flop, the turn and the river are out."""
SHORT_DECK_FIRST = 16
"""The index of the short deck's lowest card, the six of clubs: short-deck Hold'em is dealt
the cards from here up (rule 43)."""


def lay_out_board(
    stream: Iterator[int], given: Sequence[int] = (), first_burn: int | None = None
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The burns and the five board cards dealt from ``stream`` (rule 10).

    Before each street the dealer burns one card, then turns the street's cards. Board
    cards in ``given`` take the first places (replays); ``first_burn``, when given, is the
    burn before the flop instead of a card from the stream (dealer procedures, rule 32).

    Returns:
        ``(burns, board)``: one burn per street and the five board cards, as card indices.

    Examples:
        >>> lay_out_board(iter(range(8)))
        ((0, 4, 6), (1, 2, 3, 5, 7))
        >>> lay_out_board(iter(range(8)), given=(40, 41, 42, 43))
        ((0, 1, 2), (40, 41, 42, 43, 3))
    """
    board = list(given)
    burns = []
    for end in BOARD_AT:
        if first_burn is not None:
            burns.append(first_burn)
            first_burn = None
        else:
            burns.append(next(stream))
        while len(board) < end:
            board.append(next(stream))
    return tuple(burns), tuple(board)


# The board's places among the cards after the hole cards, as laid out above.
_BOARD_PLACES = lay_out_board(iter(range(BOARD_CARDS + len(BOARD_AT))))[1]


@cache
def deal_layout(n: int, hole_count: int, button: int) -> DealLayout:
    """Where each seat's hole cards and the board lie in a shuffled deck (rule 10): the
    hot path deals a hand with one call into the core, which shuffles the deck as
    `Deck` does and picks every seat's cards, instead of walking the
    layout in Python. ``deal_layout(n, hole_count, button).deal(seed)`` is what
    `deal()` returns when no card is given.

    Examples:
        >>> deal_layout(3, 2, 0).deal(11) == deal(3, 2, button=0, seed=11)
        True
    """
    total = n * hole_count
    holes: list[list[int]] = [[]] * n
    for j, seat in enumerate(SEAT_ORDERS[n][button]):  # dealing starts left of the button
        holes[seat] = list(range(j, total, n))  # one card at a time around the table
    return DealLayout(holes, [total + place for place in _BOARD_PLACES])


@lru_cache(maxsize=64)
def _deck_order(seed: int) -> tuple[int, ...]:
    """The 52 cards of the deck seeded ``seed``, in dealing order. Replays of recorded hands
    all use one seed and fill the same gaps, so the order is shuffled once, not per hand."""
    return tuple(c.index for c in Deck(seed=seed).deal(52))


def _indices(cards: object) -> list[int]:
    """Card indices of a cards-like value, keeping the order given."""
    if type(cards) is list:
        for c in cards:  # a loop, not all(): every replayed hand comes here
            if type(c) is not int or not 0 <= c < 52:
                break
        else:
            if len(set(cards)) == len(cards):
                return cards  # indices already (a replay's cards): nothing to convert
    if isinstance(cards, str | Card) or not isinstance(cards, Iterable):
        items: Any = cards
    else:
        items = list(cards)
    return [c.index for c in Deck.from_cards(items).undealt] if items else []


def deal(
    n: int,
    hole_count: int,
    *,
    button: int,
    seed: int | None,
    hole_cards: Sequence[object | None] | None = None,
    board: object | None = None,
    unknown: Collection[int] = (),
    short_deck: bool = False,
    reserved: Collection[int] = (),
) -> tuple[int | None, tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """Deal ``n`` seats ``hole_count`` cards each and a five-card board.

    Args:
        n: the number of seats.
        hole_count: hole cards per seat.
        button: the button's seat (dealing starts left of it).
        seed: the deck's seed; ``None`` draws a random one.
        hole_cards: optional per-seat cards-like values (``None`` entries are dealt).
        board: optional board cards, up to five, in order.
        unknown: seats dealt no cards at all (replays of records that do not know them):
            their hole cards are empty and take nothing from the deck.
        short_deck: deal from the 36 cards six to ace (the seeded deck's order without its
            twos to fives, so each order of the 36 is as likely), and refuse a given card
            below the six.
        reserved: cards given for later (a replay's further runouts, rule 26b): never
            dealt here; the caller checks them against the cards given.

    Returns:
        ``(seed, holes, board)``: the seed used, each seat's hole cards and the five board
        cards, as card indices.

    Raises:
        CardCountError: a wrong number of given cards.
        DuplicateCardError: a card given twice.
        InvalidCardError: a card given below the six in short-deck.
    """
    if hole_cards is None and board is None and not unknown and not short_deck:
        return deal_layout(n, hole_count, button).deal(seed)
    given = _given_holes(n, hole_count, hole_cards)
    board_cards = [] if board is None else _indices(board)
    if len(board_cards) > BOARD_CARDS:
        raise CardCountError(f"a board has at most 5 cards, not {len(board_cards)}")
    known = board_cards[:]
    for entry in given:
        if entry:
            known += entry
    taken = set(known)
    if short_deck:
        low = [c for c in known if c < SHORT_DECK_FIRST]
        if low:
            raise InvalidCardError(
                f"the card {Card.from_index(low[0])} is not in the short deck (36 cards, six "
                "to ace)"
            )
        taken.update(range(SHORT_DECK_FIRST))  # never dealt: the deck has no such cards
    if len(taken) != len(known) + (SHORT_DECK_FIRST if short_deck else 0):
        dup = next(c for c in known if known.count(c) > 1)
        raise DuplicateCardError(f"the card {Card.from_index(dup)} is given more than once")
    taken.update(reserved)
    if type(seed) is int:
        used_seed: int | None = seed
        order52: Sequence[int] = _deck_order(seed)  # a bad seed raises as Deck(seed) does
    else:
        deck = Deck(seed=seed)
        used_seed, order52 = deck.seed, [c.index for c in deck.deal(52)]
    # The deck without the given cards, taken lazily: a replay uses few of its cards.
    stream = filterfalse(taken.__contains__, order52)
    holes: list[tuple[int, ...]] = [() if c is None else tuple(c) for c in given]
    to_deal = [s for s in SEAT_ORDERS[n][button] if given[s] is None and s not in unknown]
    if to_deal:  # one card at a time, clockwise from the seat left of the button
        cards = list(islice(stream, hole_count * len(to_deal)))
        for j, seat in enumerate(to_deal):
            holes[seat] = tuple(cards[j :: len(to_deal)])
    for seat in unknown:
        holes[seat] = ()
    if len(board_cards) == BOARD_CARDS:
        return used_seed, tuple(holes), tuple(board_cards)  # the burns would change nothing
    return used_seed, tuple(holes), lay_out_board(stream, board_cards)[1]


def _given_holes(
    n: int, hole_count: int, hole_cards: Sequence[object | None] | None
) -> list[list[int] | None]:
    if hole_cards is None:
        return [None] * n
    if isinstance(hole_cards, str) or len(hole_cards) != n:
        count = "a string" if isinstance(hole_cards, str) else str(len(hole_cards))
        raise CardCountError(f"hole_cards needs one entry per seat ({n}), not {count}")
    given: list[list[int] | None] = []
    for seat, entry in enumerate(hole_cards):
        if entry is None:
            given.append(None)
            continue
        cards = _indices(entry)
        if len(cards) != hole_count:
            raise CardCountError(f"seat {seat} needs {hole_count} hole cards, not {len(cards)}")
        given.append(cards)
    return given


def rest_of_deck(
    seed: int | None, used: Collection[int], *, short_deck: bool = False
) -> Iterator[int]:
    """The cards still in the deck seeded ``seed`` once the hand's deal is out: the deck in
    dealing order without the ``used`` cards (hole cards, the board) and without the
    three cards burnt before the first board's streets (rule 10). Further runouts of the
    board are dealt from here (rule 26b); in short-deck from the 36 cards (rule 43).

    Examples:
        >>> _, holes, board = deal(2, 2, button=0, seed=5)
        >>> rest = list(rest_of_deck(5, [*holes[0], *holes[1], *board]))
        >>> len(rest), set(rest) & {*board, *holes[0], *holes[1]}
        (40, set())
    """
    order = _deck_order(seed if type(seed) is int else 0)
    out = set(used)
    if short_deck:
        out.update(range(SHORT_DECK_FIRST))
    stream = filterfalse(out.__contains__, order)
    for _ in BOARD_AT:  # the first board's burns, already dealt
        next(stream, None)
    return stream


def split_board(board: object | None) -> tuple[object | None, tuple[int, ...]]:
    """A replay's ``board``: the first five cards (the board of the first runout) and the
    cards after them (those of further runouts, in dealing order; rule 26b). A board of
    five cards or fewer comes back as given, with no further cards.

    Examples:
        >>> split_board("AhKhQhJhTh9h8h")
        ([50, 46, 42, 38, 34], (30, 26))
        >>> split_board("AhKh2c")
        ('AhKh2c', ())
    """
    if board is None:
        return None, ()
    cards = _indices(board)
    if len(cards) <= BOARD_CARDS:
        return board, ()
    return cards[:BOARD_CARDS], tuple(cards[BOARD_CARDS:])
