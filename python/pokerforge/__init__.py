"""pokerforge: a poker engine for Python with a Rust core.

Examples:
    >>> import pokerforge
    >>> pokerforge.evaluate("AsKsQsJsTs").describe()
    'Royal flush'
"""

from pokerforge._core import __version__
from pokerforge.cards import Card, CardSet, Deck, Rank, Suit
from pokerforge.errors import (
    CardCountError,
    DuplicateCardError,
    IllegalActionError,
    InvalidArrayError,
    InvalidCardError,
    InvalidRangeError,
    InvalidSpecError,
    PokerError,
)
from pokerforge.eval import (
    Category,
    HandRank,
    LowRank,
    evaluate,
    evaluate_many,
    evaluate_omaha,
    evaluate_omaha_hilo,
    evaluate_omaha_hilo_many,
    evaluate_omaha_low,
    evaluate_omaha_low_many,
    evaluate_omaha_many,
)

__all__ = [
    "Card",
    "CardCountError",
    "CardSet",
    "Category",
    "Deck",
    "DuplicateCardError",
    "HandRank",
    "IllegalActionError",
    "InvalidArrayError",
    "InvalidCardError",
    "InvalidRangeError",
    "InvalidSpecError",
    "LowRank",
    "PokerError",
    "Rank",
    "Suit",
    "__version__",
    "evaluate",
    "evaluate_many",
    "evaluate_omaha",
    "evaluate_omaha_hilo",
    "evaluate_omaha_hilo_many",
    "evaluate_omaha_low",
    "evaluate_omaha_low_many",
    "evaluate_omaha_many",
]
