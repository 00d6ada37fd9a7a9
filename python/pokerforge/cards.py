"""Cards, sets of cards and decks.

A card's index is ``4 * rank + suit``: ranks ``2..9, T, J, Q, K, A`` are 0..12 and suits
``c, d, h, s`` are 0..3, so ``2c`` is 0 and ``As`` is 51. A [`CardSet`][pokerforge.cards.CardSet] is
a 64-bit mask with bit ``i`` set for the card with index ``i``.

Every function that takes cards accepts any "cards-like" value: text (``"AhKh"``,
``"Ah Kh"``, ``"Ah,Kh"``, ``"10h"``, ``"A♥"``), a [`Card`][pokerforge.cards.Card], a
[`CardSet`][pokerforge.cards.CardSet], an ``int`` mask, or an iterable of cards (each a
[`Card`][pokerforge.cards.Card], a card index or a card's text).

Examples:
    >>> from pokerforge import Card, CardSet, Deck
    >>> card = Card("ah")
    >>> card, int(card), card.rank, card.suit
    (Card('Ah'), 50, <Rank.ACE: 12>, <Suit.HEARTS: 2>)
    >>> hand = CardSet("Ah Kh")
    >>> str(hand), len(hand), "Kh" in hand
    ('AhKh', 2, True)
    >>> str(hand | "Qh"), str(CardSet("AhKhQh") - hand)
    ('AhKhQh', 'Qh')
    >>> [str(c) for c in CardSet.from_mask(0b101)]
    ['2c', '2h']
    >>> deck = Deck(seed=7)
    >>> len(deck.deal(2)), deck.remaining
    (2, 50)
    >>> Deck.from_cards("AsKsQs").deal(2)
    [Card('As'), Card('Ks')]
"""

from __future__ import annotations

from pokerforge._core import Card, CardSet, Deck, register_types
from pokerforge.enums import TextEnum

__all__ = ["Card", "CardSet", "Deck", "Rank", "Suit"]


class Rank(TextEnum):
    """A card rank; the value is the rank's part of the card index (``2`` = 0, ace = 12);
    ``str()`` is its [`symbol`][pokerforge.cards.Rank.symbol]."""

    TWO = 0
    THREE = 1
    FOUR = 2
    FIVE = 3
    SIX = 4
    SEVEN = 5
    EIGHT = 6
    NINE = 7
    TEN = 8
    JACK = 9
    QUEEN = 10
    KING = 11
    ACE = 12

    @property
    def symbol(self) -> str:
        """The rank's symbol as cards are written: ``'2'``..``'9'``, ``'T'``, ..., ``'A'``.

        Examples:
            >>> Rank.TEN.symbol
            'T'
        """
        return "23456789TJQKA"[self.value]

    @property
    def text(self) -> str:
        """As [`symbol`][pokerforge.cards.Rank.symbol]."""
        return self.symbol


class Suit(TextEnum):
    """A card suit; the value is the suit's part of the card index (clubs = 0); ``str()``
    is its [`symbol`][pokerforge.cards.Rank.symbol]."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def symbol(self) -> str:
        """The suit's letter as cards are written: ``'c'``, ``'d'``, ``'h'`` or ``'s'``.

        Examples:
            >>> Suit.SPADES.symbol
            's'
        """
        return "cdhs"[self.value]

    @property
    def text(self) -> str:
        """As [`symbol`][pokerforge.cards.Rank.symbol]."""
        return self.symbol


# The extension builds values of these classes; it imports nothing of the package, so
# each module registers its own (see rust/py/src/registry.rs).
register_types(Rank=Rank, Suit=Suit)
