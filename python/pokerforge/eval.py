"""Hand evaluation.

[`evaluate()`][pokerforge.eval.evaluate] ranks 5, 6 or 7 cards by their best five. A
[`HandRank`][pokerforge.eval.HandRank] is totally ordered (greater is better) and ``int(rank)`` is
the hand's class among the 7,462 distinct five-card hands, dense from 1 (7-5-4-3-2 offsuit) to 7462
(a royal flush); equal ranks split the pot. A ``HandRank`` is about as cheap as an int: it holds no
Python object, so the garbage collector never sees it (programs may keep millions), it is 32 bytes,
and the memory of freed ranks is reused for new ones.
[`evaluate_class()`][pokerforge.eval.evaluate_class] returns the same class as a plain ``int``, for
loops that only compare strengths. Each takes cards in any form, with fast paths for an int mask, a
[`CardSet`][pokerforge.cards.CardSet], text like ``"AhKh7c..."`` and a list or tuple of card indices
or of [`Card`][pokerforge.cards.Card] objects. [`evaluate_many()`][pokerforge.eval.evaluate_many]
ranks a NumPy batch without the GIL, on every core; every row is checked (card indices below 52, no
card twice) unless ``check=False`` says the rows are valid by construction, which makes it about a
fifth faster (a bad row then gives a meaningless class, never a crash). On x86-64 CPUs with AVX-512
(F, BW and VBMI) it ranks 16 hands at a time with SIMD kernels chosen at run time (with VPOPCNTDQ
too, the kernel checks the rows as it ranks them), other CPUs one at a time; every path gives the
same classes. The environment variable ``POKERFORGE_EVAL_KERNEL`` (``scalar``, ``avx2`` or
``avx512``, read once, at the first batch) forces a path, for comparing them; one the CPU lacks
falls back to the widest it has.

Omaha (4, 5 or 6 hole cards) uses exactly two hole cards and three board cards, on the same
scale: [`evaluate_omaha()`][pokerforge.eval.evaluate_omaha]. Omaha Hi-Lo adds the eight-or-better
low, [`evaluate_omaha_low()`][pokerforge.eval.evaluate_omaha_low], a
[`LowRank`][pokerforge.eval.LowRank] dense from 1 (8-7-6-5-4) to 56 (5-4-3-2-A) or ``None`` when no
low qualifies; [`evaluate_omaha_hilo()`][pokerforge.eval.evaluate_omaha_hilo] gives both, choosing
the hole cards for each half independently. Each has a ``*_many`` NumPy batch form, which checks its
rows as [`evaluate_many()`][pokerforge.eval.evaluate_many] does, unless ``check=False``. The batches
rank 8 hands at a time in AVX2 lanes, or 16 with AVX-512, whichever the CPU has (found when the
first batch runs); the environment variable ``POKERFORGE_OMAHA_KERNEL`` set to ``scalar``, ``avx2``
or ``avx512`` before then forces a kernel (one the CPU lacks is not taken), to compare them: every
kernel gives the same classes.

Examples:
    >>> from pokerforge import evaluate, Category
    >>> rank = evaluate("AsKsQsJsTs")
    >>> int(rank), rank.category, rank.describe()
    (7462, <Category.STRAIGHT_FLUSH: 8>, 'Royal flush')
    >>> evaluate("Kh Kd Ks 7c 7d 2h 3c").describe()
    'Full house, kings full of sevens'
    >>> evaluate("5c4d3h2sAc9d") < evaluate("6c5d4h3s2c")
    True
    >>> evaluate_class([48, 44, 40, 36, 32]), evaluate_class("7c5d4h3s2c")
    (7462, 1)
    >>> [str(c) for c in evaluate("AhKhQh2h3h9c9d").best_five]
    ['Ah', 'Kh', 'Qh', '3h', '2h']
    >>> import numpy as np
    >>> hands = np.array([[48, 44, 40, 36, 32], [0, 4, 8, 12, 21]], dtype=np.uint8)
    >>> evaluate_many(hands).tolist()
    [7462, 1]
    >>> evaluate_omaha("Ts9h8h7h", "AsKsQsJs2d").describe()
    'Straight, king high'
    >>> high, low = evaluate_omaha_hilo("Ah3dJcJs", "2c5d7sKhQc")
    >>> high.describe(), low.describe(), int(low)
    ('Pair of jacks', '7-5-3-2-A low', 49)
    >>> evaluate_omaha_low("KdKs9h9d", "2c5d7sKhQc") is None
    True

Short deck (six-plus Hold'em: 36 cards, six to ace) has its own scale,
[`evaluate_short_deck()`][pokerforge.eval.evaluate_short_deck]: a
[`ShortDeckRank`][pokerforge.eval.ShortDeckRank] dense from 1 (J-9-8-7-6 offsuit) to 1404 (a royal
flush). A flush beats a full house and A-6-7-8-9 is the lowest straight. The
order of three of a kind and a straight is a switch, because rooms deal both:
``trips_beat_straight=True`` (the default) ranks three of a kind above a straight;
``trips_beat_straight=False`` keeps Hold'em's order, as the PHH standard and pokerkit do
(the PHH dataset's Triton London 2019 hand was decided in that order).
Ranks of the two orders are different scales: they are never equal, and ordering them
raises [`PokerError`][pokerforge.errors.PokerError]. A card below the six raises
[`InvalidCardError`][pokerforge.errors.InvalidCardError].

Razz is the ace-to-five low of 5, 6 or 7 cards,
[`evaluate_low_a5()`][pokerforge.eval.evaluate_low_a5]: aces low, straights and flushes do not count
and every hand has a low (a pair is worse than any five distinct ranks). An
[`A5LowRank`][pokerforge.eval.A5LowRank] is dense from 1 (K-K-K-K-Q) to 6175 (5-4-3-2-A), greater
being better; its 56 best classes are the eight-or-better lows, and
[`A5LowRank.eight_or_better`][pokerforge.eval.A5LowRank.eight_or_better] gives the
[`LowRank`][pokerforge.eval.LowRank] of one that qualifies (the low half of seven-card stud hi-lo).
Seven-card stud high needs no evaluator of its own: it is [`evaluate()`][pokerforge.eval.evaluate]
on the player's 5, 6 or 7 cards. Both have a ``*_many`` NumPy batch form that checks its rows as
[`evaluate_many()`][pokerforge.eval.evaluate_many] does.

Examples:
    >>> evaluate_short_deck("6s7s8sTsQs") > evaluate_short_deck("AsAhKcKhKd")
    True
    >>> evaluate_short_deck("As6c7h8h9hKdKc").describe()
    'Straight, nine high'
    >>> trips, straight = "7c7d7hTsQc", "As6c7h8h9h"
    >>> evaluate_short_deck(trips) > evaluate_short_deck(straight)
    True
    >>> evaluate_short_deck(trips, trips_beat_straight=False) > evaluate_short_deck(
    ...     straight, trips_beat_straight=False
    ... )
    False
    >>> low = evaluate_low_a5("7c5d3h2sAcKdKh")
    >>> low.describe(), int(low), low.eight_or_better
    ('7-5-3-2-A low', 6168, LowRank(49, '7-5-3-2-A'))
    >>> evaluate_low_a5("4c4d7h3sAc").describe()
    'Pair of fours, 4-4-7-3-A'
    >>> evaluate_low_a5_many(np.array([[51, 3, 7, 11, 15]], dtype=np.uint8)).tolist()
    [6175]
    >>> int(evaluate("AsAhAd7c7d2h3c"))  # seven-card stud high: the Hold'em scale
    7290

The draw games have two lows of their own. Deuce-to-seven (2-7 single and triple draw) is
[`evaluate_low_27()`][pokerforge.eval.evaluate_low_27] on five cards: aces are always high, and
straights and flushes count against the hand, so the best is 7-5-4-3-2 offsuit and A-5-4-3-2 is no
straight but the best ace-high hand. A [`Low27Rank`][pokerforge.eval.Low27Rank] is dense from 1 (a
royal flush) to 7462 (7-5-4-3-2): as many classes as Hold'em's, since 2-7 trades the wheel straight
and the steel wheel for an ace-high hand and an ace-high flush. Badugi is
[`evaluate_badugi()`][pokerforge.eval.evaluate_badugi] on four cards: the largest set of cards with
different ranks and different suits plays, aces low; more cards beat fewer, and among hands of the
same size the highest card decides first, the lower winning. A
[`BadugiRank`][pokerforge.eval.BadugiRank] is dense from 1 (a lone king) to 1092 (the 4-3-2-A
badugi) and its [`size`][pokerforge.eval.BadugiRank.size] says how many cards play. Both have a
``*_many`` NumPy batch form (``uint8[N, 5]`` and ``uint8[N, 4]``) that checks its rows as
[`evaluate_many()`][pokerforge.eval.evaluate_many] does. (Ace-to-five triple draw is
[`evaluate_low_a5()`][pokerforge.eval.evaluate_low_a5] on five cards, and five-card draw
[`evaluate()`][pokerforge.eval.evaluate].)

Examples:
    >>> low = evaluate_low_27("7c5d4h3s2c")
    >>> low.describe(), int(low), low.category
    ('7-5-4-3-2 low', 7462, <Category.HIGH_CARD: 0>)
    >>> evaluate_low_27("Ac5d4h3s2c").describe(), evaluate_low_27("6c5d4h3s2c").describe()
    ('A-5-4-3-2 low', 'Straight, six high, 6-5-4-3-2')
    >>> evaluate_low_27("Ac5d4h3s2c") < evaluate_low_27("KcQdJh9s8c")  # the ace is high
    True
    >>> evaluate_low_27_many(np.array([[48, 44, 40, 36, 32]], dtype=np.uint8)).tolist()
    [1]
    >>> hand = evaluate_badugi("4s3h2dAc")
    >>> hand.describe(), int(hand), hand.size
    ('4-3-2-A badugi', 1092, 4)
    >>> evaluate_badugi("7s5h2dKs").describe()  # two spades: the king does not play
    '7-5-2 (three cards)'
    >>> evaluate_badugi("KsQhJdTc") > evaluate_badugi("4s3h2dAs")  # four cards beat three
    True
    >>> evaluate_badugi_many(np.array([[51, 2, 5, 8]], dtype=np.uint8)).tolist()
    [1092]
"""

from __future__ import annotations

from pokerforge._core import (
    A5LowRank,
    BadugiRank,
    HandRank,
    Low27Rank,
    LowRank,
    ShortDeckRank,
    evaluate,
    evaluate_badugi,
    evaluate_badugi_many,
    evaluate_class,
    evaluate_low_27,
    evaluate_low_27_many,
    evaluate_low_a5,
    evaluate_low_a5_many,
    evaluate_many,
    evaluate_omaha,
    evaluate_omaha_hilo,
    evaluate_omaha_hilo_many,
    evaluate_omaha_low,
    evaluate_omaha_low_many,
    evaluate_omaha_many,
    evaluate_short_deck,
    evaluate_short_deck_many,
    register_types,
)
from pokerforge.enums import TextEnum

__all__ = [
    "A5LowRank",
    "BadugiRank",
    "Category",
    "HandRank",
    "Low27Rank",
    "LowRank",
    "ShortDeckRank",
    "evaluate",
    "evaluate_badugi",
    "evaluate_badugi_many",
    "evaluate_class",
    "evaluate_low_27",
    "evaluate_low_27_many",
    "evaluate_low_a5",
    "evaluate_low_a5_many",
    "evaluate_many",
    "evaluate_omaha",
    "evaluate_omaha_hilo",
    "evaluate_omaha_hilo_many",
    "evaluate_omaha_low",
    "evaluate_omaha_low_many",
    "evaluate_omaha_many",
    "evaluate_short_deck",
    "evaluate_short_deck_many",
]


class Category(TextEnum):
    """The category of a hand, weakest first; ``str()`` is its
    [`label`][pokerforge.eval.Category.label]."""

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

    @property
    def text(self) -> str:
        """As [`label`][pokerforge.eval.Category.label]."""
        return self.label


# The extension builds values of these classes; it imports nothing of the package, so
# each module registers its own (see rust/py/src/registry.rs).
register_types(Category=Category)
