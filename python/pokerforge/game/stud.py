"""The stud family's own rules: its deal, the bring-in, who acts first, who gets odd chips.

Seven-card stud, stud hi-lo (eight or better) and razz have no board and no blinds (rules
36-42 of docs/rules.md). Each player gets two down cards and one up card on third street,
one up card on each of fourth, fifth and sixth street and a last down card on seventh
street, the river. The player showing the lowest card brings it in (the highest in razz);
from fourth street the best hand showing acts first (the lowest in razz). The functions
here are pure: they work on card indices (``4 * rank + suit``, ranks ``2``..``A`` as
0..12, suits ``c, d, h, s`` as 0..3), and [`Hand`][pokerforge.game.Hand] calls them.

Examples:
    >>> from pokerforge import Card
    >>> idx = lambda text: int(Card(text))
    >>> bring_in_seat([idx("7h"), idx("2s"), idx("2d")], low=False)  # the 2 of diamonds
    2
    >>> bring_in_seat([idx("Kh"), idx("Ks"), idx("Ac")], low=True)  # razz: the high king
    1
    >>> ups = [(idx("Kh"), idx("Kd")), (idx("As"), idx("Qc")), (idx("3c"), idx("3d"))]
    >>> first_to_act(ups, [False, False, False], low=False, button=2)  # the open kings
    0
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping, Sequence

from pokerforge.cards import Card, Deck
from pokerforge.errors import CardCountError, DuplicateCardError
from pokerforge.game.deal import _deck_order, _indices
from pokerforge.game.positions import SEAT_ORDERS

__all__ = [
    "StudDeck",
    "board_key",
    "bring_in_seat",
    "deal_stud",
    "first_to_act",
    "odd_chip_order",
    "open_pair",
]

_ACE = 12


def _low_value(card: int) -> int:
    """A card's rank counted ace low (ace 0, deuce 1, ..., king 12)."""
    rank = card >> 2
    return 0 if rank == _ACE else rank + 1


def bring_in_seat(door: Sequence[int], *, low: bool) -> int:
    """The seat showing the card that brings it in on third street (rule 37), given each
    seat's up card (``-1``: a seat left out, or a card a replayed record does not know).

    Stud and stud hi-lo: the lowest card, aces high, ties broken by suit with clubs lowest,
    then diamonds, hearts, spades (the two of clubs brings it in before any other).
    Razz (``low``): the highest card, aces low, ties broken by suit with spades highest (the
    king of spades brings it in before any other).

    Examples:
        >>> bring_in_seat([51, 0, 4], low=False), bring_in_seat([51, 0, 4], low=True)
        (1, 2)
        >>> bring_in_seat([-1, 48, 49, 0], low=True)  # razz: a deuce is above the aces
        3
        >>> bring_in_seat([-1, 48, 49], low=True)  # the Ad: diamonds above clubs
        2
    """
    best = -1
    best_key = 0
    for seat, card in enumerate(door):
        if card < 0:
            continue
        # Card indices order by rank then suit, clubs first: the key is the index itself,
        # with the ace moved below the deuce in razz.
        key = (_low_value(card) * 4 + (card & 3)) if low else -card
        if best < 0 or key > best_key:
            best, best_key = seat, key
    return best


def board_key(up: Sequence[int], *, low: bool) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """How good a hand showing is for the order of action (rule 40); greater acts first.

    High (stud, stud hi-lo): four of a kind, then three of a kind, two pair, a pair, high
    cards, aces high; straights and flushes showing do not count. Low (razz): the lowest
    hand showing, aces low, pairs counting against it, acts first. Hands of the same
    number of up cards are compared.

    Examples:
        >>> kings, aces_high = board_key((44, 45), low=False), board_key((51, 40), low=False)
        >>> kings > aces_high  # an open pair beats no pair
        True
        >>> board_key((20, 8), low=True) > board_key((20, 12), low=True)  # 7-4 before 7-5
        True
    """
    counts: dict[int, int] = {}
    for card in up:
        value = _low_value(card) if low else card >> 2
        counts[value] = counts.get(value, 0) + 1
    # Bigger groups first, then higher ranks: a plain tuple comparison then orders the
    # hands (two pair (2, 2) beats one pair (2, 1, 1), which beats no pair (1, 1, 1)).
    groups = sorted(((n, value) for value, n in counts.items()), reverse=True)
    shape = tuple(n for n, _ in groups)
    ranks = tuple(value for _, value in groups)
    if low:  # the lowest hand acts first: negate, so that greater still means first
        return tuple(-n for n in shape), tuple(-v for v in ranks)
    return shape, ranks


def first_to_act(
    up: Sequence[Sequence[int]], folded: Sequence[bool], *, low: bool, button: int
) -> int:
    """The seat that acts first from fourth street on (rule 40): the best hand showing
    among the seats still in (the lowest in razz); equal hands: the first of them
    clockwise from the dealer (the button seat).

    Examples:
        >>> first_to_act([(51, 3), (50, 2)], [False, False], low=False, button=1)  # ace-5s
        0
        >>> first_to_act([(51, 3), (50, 2)], [False, False], low=False, button=0)
        1
    """
    best = -1
    best_key: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
    for seat in SEAT_ORDERS[len(up)][button]:
        if folded[seat]:
            continue
        key = board_key(up[seat], low=low)
        if best < 0 or key > best_key:
            best, best_key = seat, key
    return best


def open_pair(up: Sequence[Sequence[int]], folded: Sequence[bool]) -> bool:
    """Whether a player still in shows an open pair (two up cards of one rank; rule 39).

    Examples:
        >>> open_pair([(44, 45), (0, 8)], [False, False]), open_pair([(44, 45)], [True])
        (True, False)
    """
    for seat, cards in enumerate(up):
        if not folded[seat] and len({c >> 2 for c in cards}) < len(cards):
            return True
    return False


def odd_chip_order(cards: Mapping[int, Sequence[int]], *, low: bool) -> list[int]:
    """The seats in the order they receive odd chips (rule 42): in a high game the highest
    card by suit among all of a player's cards first; in a low game (razz, the low half of
    stud hi-lo) the lowest card by suit, aces low.

    Examples:
        >>> odd_chip_order({0: (51, 0), 1: (50, 49), 2: (47, 1)}, low=False)  # As, Ah, Ks
        [0, 1, 2]
        >>> odd_chip_order({0: (51, 20), 1: (48, 24), 2: (4, 8)}, low=True)  # Ac is lowest
        [1, 0, 2]
    """
    if low:
        return sorted(cards, key=lambda s: min(_low_value(c) * 4 + (c & 3) for c in cards[s]))
    return sorted(cards, key=lambda s: -max(cards[s]))


class StudDeck:
    """The cards of one stud hand as the dealer hands them out, street by street.

    The deck's order is fixed when the hand starts (a seed fixes every card); given cards
    (replays) take their places and the deck fills the rest, skipping them. The dealer
    burns one card before each of fourth to seventh street (rule 36) and deals one card at
    a time clockwise from the dealer's left, to the players still in. When the stub cannot
    give every player a card, one common card is turned up for all instead (rule 41).

    Args:
        order: the 52 cards in the order the shuffled deck deals them.
        down: per seat, given down cards in order (replays), else empty.
        up: per seat, given up cards in order, else empty; ``None`` for an up card a
            record does not know (the seat is then dealt none there, as ``-1``).
        unknown: seats whose down cards are unknown (replays): they are dealt no down card.
    """

    __slots__ = ("_common", "_down", "_stub", "_unknown", "_up")

    def __init__(
        self,
        order: Sequence[int],
        down: Sequence[Sequence[int]],
        up: Sequence[Sequence[int | None]],
        unknown: frozenset[int],
        common: Sequence[int] = (),
    ) -> None:
        given = {c for cards in (*down, *up, common) for c in cards if c is not None}
        self._common = list(common)
        self._stub = [c for c in order if c not in given]
        self._stub.reverse()  # pop() from the end deals the top card
        self._down: list[list[int | None]] = [list(cards) for cards in down]
        self._up: list[list[int | None]] = [list(cards) for cards in up]
        self._unknown = unknown

    def copy(self) -> StudDeck:
        """An independent copy (for ``Hand.copy``)."""
        new = object.__new__(StudDeck)
        new._stub = self._stub.copy()
        new._down = [cards.copy() for cards in self._down]
        new._up = [cards.copy() for cards in self._up]
        new._unknown = self._unknown
        new._common = self._common.copy()
        return new

    @property
    def remaining(self) -> int:
        """Cards left in the stub."""
        return len(self._stub)

    def _card(self, seat: int, face_up: bool) -> int:
        given = (self._up if face_up else self._down)[seat]
        if not given:
            return self._stub.pop()
        card = given.pop(0)
        return -1 if card is None else card

    def third_street(
        self, order: Sequence[int]
    ) -> tuple[list[tuple[int, ...]], list[tuple[int, ...]]]:
        """Two down cards and one up card to each seat of ``order`` (clockwise from the
        dealer's left), one card at a time: ``(down, up)`` per seat."""
        n = len(order)
        down: list[tuple[int, ...]] = [()] * n
        up: list[tuple[int, ...]] = [()] * n
        for face_up in (False, False, True):
            for seat in order:
                if face_up:
                    card = self._card(seat, True)
                    if card >= 0:  # (-1: an up card a replayed record does not know)
                        up[seat] = (*up[seat], card)
                elif seat not in self._unknown:
                    down[seat] = (*down[seat], self._card(seat, False))
        return down, up

    def next_street(self, order: Sequence[int], *, face_up: bool) -> tuple[int, ...] | int:
        """One card to each seat of ``order`` (those still in, clockwise from the dealer's
        left) after a burn: the cards in that order, or a common card (an ``int``) when the
        stub cannot give every seat a card (rule 41; the burn is left out when the stub
        holds no more than the common card)."""
        need = 0
        for seat in order:
            given = (self._up if face_up else self._down)[seat]
            if not given and (face_up or seat not in self._unknown):
                need += 1
        if len(self._stub) > need:
            self._stub.pop()  # the burn
        elif need:
            if self._common:  # a replay's common card
                return self._common.pop(0)
            if len(self._stub) > 1:
                self._stub.pop()
            if self._stub:
                return self._stub.pop()
            return self._given_common(order, face_up)
        cards: list[int] = []
        for seat in order:
            if face_up or seat not in self._unknown:
                cards.append(self._card(seat, face_up))
            else:
                cards.append(-1)
        return tuple(cards)

    def _given_common(self, order: Sequence[int], face_up: bool) -> int:
        """The common card when the stub is empty: the cards still in the deck are then
        ones given to seats (fixed by the caller) and not dealt yet, so the first of them,
        this street's in dealing order first, is the card turned up for everybody."""
        this_street = [(self._up if face_up else self._down)[seat] for seat in order]
        for given in (*this_street, *self._down, *self._up):
            for i, card in enumerate(given):
                if card is not None:
                    del given[i]
                    return card
        raise CardCountError("the deck has no card left for the common card of rule 41")

    def __iter__(self) -> Iterator[int]:
        return reversed(self._stub)


def _given(what: str, cards: Sequence[object | None] | None, n: int, most: int) -> list[list[int]]:
    if cards is None:
        return [[] for _ in range(n)]
    if isinstance(cards, str) or len(cards) != n:
        count = "a string" if isinstance(cards, str) else str(len(cards))
        raise CardCountError(f"{what} needs one entry per seat ({n}), not {count}")
    out: list[list[int]] = []
    for seat, entry in enumerate(cards):
        if isinstance(entry, list | tuple) and None in entry:  # unknown cards of a record
            given: list[int] = [-1 if c is None else _indices([c])[0] for c in entry]
        else:
            given = [] if entry is None else list(_indices(entry))
        if len(given) > most:
            raise CardCountError(
                f"seat {seat} is dealt at most {most} {what.replace('_', ' ')}, not {len(given)}"
            )
        out.append(given)
    return out


def deal_stud(
    n: int,
    *,
    button: int,
    seed: int | None,
    hole_cards: Sequence[object | None] | None = None,
    up_cards: Sequence[object | None] | None = None,
    unknown: Collection[int] = (),
    common: object | None = None,
) -> tuple[int | None, StudDeck, list[tuple[int, ...]], list[tuple[int, ...]]]:
    """The deck of a stud hand and its third street: ``(seed, deck, down, up)``.

    ``hole_cards`` (down cards, up to three a seat) and ``up_cards`` (up to four), one
    entry per seat in the order dealt, fix cards for replays; the rest come from the deck
    seeded ``seed``, in dealing order. ``common`` (replays) is the common card of rule 41,
    turned up if the deck runs short.

    Raises:
        CardCountError: a wrong number of entries or too many cards for a seat.
        DuplicateCardError: a card given twice.

    Examples:
        >>> seed, deck, down, up = deal_stud(2, button=0, seed=5, up_cards=["Kh", None])
        >>> seed, [len(d) for d in down], up[0], deck.remaining
        (5, [2, 2], (46,), 46)
    """
    down_given = _given("hole_cards", hole_cards, n, 3)
    up_given = _given("up_cards", up_cards, n, 4)
    common_given = [] if common is None else list(_indices(common))
    if len(common_given) > 1:
        raise CardCountError(f"stud turns at most one common card, not {len(common_given)}")
    known = [c for cards in (*down_given, *up_given, common_given) for c in cards if c >= 0]
    if len(set(known)) != len(known):
        dup = next(c for c in known if known.count(c) > 1)
        raise DuplicateCardError(f"the card {Card.from_index(dup)} is given more than once")
    if type(seed) is int:
        used: int | None = seed
        order: Sequence[int] = _deck_order(seed)
    else:
        deck = Deck(seed=seed)
        used, order = deck.seed, [c.index for c in deck.deal(52)]
    up_or_none = [[None if c < 0 else c for c in cards] for cards in up_given]
    cards = StudDeck(order, down_given, up_or_none, frozenset(unknown), common_given)
    down, up = cards.third_street(SEAT_ORDERS[n][button])
    return used, cards, down, up
