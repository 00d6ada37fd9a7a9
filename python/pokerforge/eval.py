"""Hand evaluation.

:func:`evaluate` ranks 5, 6 or 7 cards by their best five. A :class:`HandRank` is totally
ordered (greater is better) and ``int(rank)`` is the hand's class among the 7,462 distinct
five-card hands, dense from 1 (7-5-4-3-2 offsuit) to 7462 (a royal flush); equal ranks
split the pot. :func:`evaluate_many` ranks a NumPy batch without the GIL, on every core.

Examples:
    >>> from pokerforge import evaluate, Category
    >>> rank = evaluate("AsKsQsJsTs")
    >>> int(rank), rank.category, rank.describe()
    (7462, <Category.STRAIGHT_FLUSH: 8>, 'Royal flush')
    >>> evaluate("Kh Kd Ks 7c 7d 2h 3c").describe()
    'Full house, kings full of sevens'
    >>> evaluate("5c4d3h2sAc9d") < evaluate("6c5d4h3s2c")
    True
    >>> [str(c) for c in evaluate("AhKhQh2h3h9c9d").best_five]
    ['Ah', 'Kh', 'Qh', '3h', '2h']
    >>> import numpy as np
    >>> hands = np.array([[48, 44, 40, 36, 32], [0, 4, 8, 12, 21]], dtype=np.uint8)
    >>> evaluate_many(hands).tolist()
    [7462, 1]
"""

from __future__ import annotations

from enum import IntEnum

from pokerforge._core import HandRank, evaluate, evaluate_many

__all__ = ["Category", "HandRank", "evaluate", "evaluate_many"]


class Category(IntEnum):
    """The category of a hand, weakest first."""

    HIGH_CARD = 0
    PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8

    @property
    def label(self) -> str:
        """The category's English name, e.g. ``'Full house'``.

        Examples:
            >>> Category.TWO_PAIR.label
            'Two pair'
        """
        return self.name.replace("_", " ").capitalize()
