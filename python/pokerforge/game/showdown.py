"""Showdown: ranking hands, who shows and who mucks, and who wins each pot.

Evaluation is the Rust core's: one call per showdown for every seat (`rank_hands()`),
by the hand kinds of the game's row of the variant table; `rank_omaha()` and
`rank_omaha_hilo()` for one hand, with brute-force Python references for tests;
everything else works on integer ranks where greater is better (high: the 1..7462 class of
`HandRank`; low: 1..56, as ``int(LowRank)``, with 0 for no qualifying
low; a game with only a low ranks it in the high place), so pot splitting can be tested
with given rankings.

Examples:
    >>> from pokerforge.game.pots import Pot
    >>> pots = [Pot(51, (0, 1, 2))]
    >>> ranks = {0: (3000, 0), 1: (3000, 0), 2: (100, 0)}
    >>> result = resolve(pots, ranks, show_order=[0, 1, 2], odd_chip_order=[1, 2, 0])
    >>> result.shown, result.mucked, result.awards  # worked example Q, seat 0 is the button
    ([0, 1], [2], [(0, 1, 26, 'all'), (0, 0, 25, 'all')])
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations
from typing import NamedTuple

from pokerforge._core import (
    VARIANTS,
    evaluate_class,
    evaluate_omaha,
    evaluate_omaha_hilo,
    showdown_ranks,
)
from pokerforge.game.pots import Pot, split, split_hilo
from pokerforge.games import describe

__all__ = [
    "AskedShowdown",
    "Showdown",
    "beaten",
    "omaha_high_reference",
    "omaha_low_reference",
    "rank_hands",
    "rank_omaha",
    "rank_omaha_hilo",
    "resolve",
    "resolve_one_pot",
    "words",
]

# Named tuples built without their Python-level ``__new__``, on the hot path.
_record = tuple.__new__


def _combo_masks(cards: tuple[int, ...], k: int) -> list[int]:
    return [sum(1 << c for c in combo) for combo in combinations(cards, k)]


def rank_omaha(hole: tuple[int, ...], board: tuple[int, ...]) -> int:
    """The Omaha high-hand class: exactly two hole cards and three board cards.

    Examples:
        >>> from pokerforge import Card
        >>> idx = lambda text: tuple(int(Card(text[i:i + 2])) for i in range(0, len(text), 2))
        >>> board = idx("AsKsQsJs2d")
        >>> rank_omaha(idx("Ts9h8h7h"), board) > rank_omaha(idx("AhAd3c4c"), board)  # ex. S
        True
    """
    return int(evaluate_omaha(_mask(hole), _mask(board)))


def omaha_high_reference(hole: tuple[int, ...], board: tuple[int, ...]) -> int:
    """`rank_omaha()` by brute force over every two-plus-three choice (a test oracle).

    Examples:
        >>> omaha_high_reference((35, 31, 30, 22), (51, 47, 43, 39, 1))  # Ts9s: K-high SF
        7461
    """
    boards = _combo_masks(board, 3)
    return max(evaluate_class(h | b) for h in _combo_masks(hole, 2) for b in boards)


def _mask(cards: tuple[int, ...]) -> int:
    mask = 0
    for c in cards:
        mask |= 1 << c
    return mask


# Ace-to-five lows, 8 or better: the 56 sets of five distinct ranks from A(1) to 8, ranked
# dense from 1 (8-7-6-5-4) to 56 (5-4-3-2-A) like ``int(LowRank)``.
_LOW_SETS = sorted(
    (tuple(sorted(c, reverse=True)) for c in combinations(range(1, 9), 5)), reverse=True
)
_LOW_RANK = {low: rank for rank, low in enumerate(_LOW_SETS, start=1)}


def _low_value(card: int) -> int:
    rank = card >> 2
    return 1 if rank == 12 else rank + 2


def omaha_low_reference(hole: tuple[int, ...], board: tuple[int, ...]) -> int:
    """The best qualifying Omaha low (two hole + three board), 1..56, or 0 for none.

    Brute force over every two-plus-three choice, in Python: the test oracle for the
    engine's low ranks (the same scale as ``int(LowRank)``).

    Examples:
        >>> from pokerforge import Card
        >>> idx = lambda text: tuple(int(Card(text[i:i + 2])) for i in range(0, len(text), 2))
        >>> omaha_low_reference(idx("Ah3dJcJs"), idx("2c5d7sKhQc"))  # 7-5-3-2-A
        49
        >>> omaha_low_reference(idx("Ah3dJcJs"), idx("2c9dTsKhQc"))
        0
    """
    best = 0
    board_lows = [_low_value(c) for c in board]
    hole_lows = [_low_value(c) for c in hole]
    for pair in combinations(hole_lows, 2):
        if pair[0] > 8 or pair[1] > 8 or pair[0] == pair[1]:
            continue
        for trio in combinations(board_lows, 3):
            ranks = {*pair, *trio}
            if len(ranks) == 5 and max(ranks) <= 8:
                rank = _LOW_RANK[tuple(sorted(ranks, reverse=True))]
                best = max(best, rank)
    return best


def rank_omaha_hilo(hole: tuple[int, ...], board: tuple[int, ...]) -> tuple[int, int]:
    """The Omaha high class and the low rank (0: no qualifying low) of one hand.

    Examples:
        >>> from pokerforge import Card
        >>> idx = lambda text: tuple(int(Card(text[i:i + 2])) for i in range(0, len(text), 2))
        >>> rank_omaha_hilo(idx("Ac3hThTd"), idx("2c5d7sKhQc"))[1]
        49
    """
    high, low = evaluate_omaha_hilo(_mask(hole), _mask(board))
    return int(high), 0 if low is None else int(low)


def rank_hands(
    variant: int,
    holes: Sequence[tuple[int, ...]],
    board: tuple[int, ...],
    folded: list[bool],
    *,
    trips_beat_straight: bool = True,
) -> dict[int, tuple[int, int]]:
    """``seat -> (high, low)`` for every seat that has not folded (``variant``: the game's
    code, its row in the variant table; ``holes``: each seat's cards, in stud all of
    them; ``trips_beat_straight``: short-deck's order, rule 45). A game with one hand kind
    ranks it in the high place; a hi-lo game ranks both, 0 for no qualifying low.

    Examples:
        >>> from pokerforge import CardSet
        >>> from pokerforge.games import ROWS
        >>> def cards(text):
        ...     return tuple(c.index for c in CardSet(text))
        >>> rank_hands(ROWS["holdem"].code, [(35, 0), (4, 5)], (51, 47, 43, 39, 1), [False, True])
        {0: (7462, 0)}
        >>> seven = cards("As2d3h4c7s8dKh")  # king high; 7-4-3-2-A
        >>> rank_hands(ROWS["stud-hilo"].code, [seven], (), [False])
        {0: (1146, 50)}
        >>> rank_hands(ROWS["razz"].code, [seven], (), [False])  # the low, razz's scale
        {0: (6169, 0)}
        >>> badugi = ROWS["badugi"].code
        >>> rank_hands(badugi, [cards("7s5h2dKs"), cards("8c6d4h3s")], (), [False, False])
        {0: (350, 0), 1: (1042, 0)}

        The Triton London 2019 short-deck hand: three kings against a straight, king high.

        >>> six = ROWS["short-deck"].code
        >>> holes, board = [cards("KhKs"), cards("QhQd")], cards("9h6cKcJhTs")
        >>> ranks = rank_hands(six, holes, board, [False, False])
        >>> ranks[0] > ranks[1]  # three of a kind above a straight (the default)
        True
        >>> ranks = rank_hands(six, holes, board, [False, False], trips_beat_straight=False)
        >>> ranks[0] < ranks[1]  # Hold'em's order
        True
    """
    # One call into the core for every seat: the evaluation is the core's, the rules here.
    return showdown_ranks(variant, holes, board, folded, trips_beat_straight)


@lru_cache(maxsize=65_536)
def words(showdown: tuple[int, bool, bool, bool], high: int, low: int) -> str:
    """A shown hand of ranks ``(high, low)`` (as `rank_hands()` gives them) in its
    game's words, by the hand kinds of its row: the high (or the only) hand, then in a
    hi-lo game the low or ``"no low"``. ``showdown`` is the engine's showdown tuple (the
    game's code, short deck's order, ...). Each pair of ranks is described once.

    Examples:
        >>> from pokerforge.games import ROWS
        >>> words((ROWS["holdem"].code, True, False, False), 4820, 0)
        'Two pair, kings and nines'
        >>> words((ROWS["razz"].code, True, True, True), 6143, 0)
        '8-6-5-3-2 low'
        >>> words((ROWS["stud-hilo"].code, True, True, True), 1146, 50)
        'High card, ace; 7-4-3-2-A low'
        >>> words((ROWS["omaha-hilo"].code, True, False, False), 4820, 0)
        'Two pair, kings and nines; no low'
        >>> words((ROWS["badugi"].code, True, False, False), 1071, 0)
        '7-5-3-2 badugi'
    """
    row = VARIANTS[showdown[0]]
    first = row.high or row.low
    assert first is not None  # every game ranks a high or a low
    text = describe(first, high, trips_beat_straight=showdown[1])
    if row.hi_lo:
        assert row.low is not None
        text += "; " + describe(row.low, low)
    return text


class Showdown(NamedTuple):
    """The outcome of a showdown.

    Attributes:
        shown: seats that showed, in showing order.
        mucked: seats that mucked, in order.
        awards: ``(pot index, seat, chips, half)`` with half ``"all"``, ``"high"`` or
            ``"low"``.
    """

    shown: list[int]
    mucked: list[int]
    awards: list[tuple[int, int, int, str]]


def resolve(
    pots: list[Pot],
    ranks: dict[int, tuple[int, int]],
    *,
    show_order: list[int],
    odd_chip_order: Sequence[int],
    hilo: bool = False,
    face_up: bool = False,
    muck_losers: bool = True,
    unit: int = 1,
    low_odd_chip_order: Sequence[int] | None = None,
) -> Showdown:
    """Decide who shows and split every pot between the best shown hands.

    Args:
        pots: the pots, main pot first.
        ranks: ``seat -> (high, low)`` for every seat still in the hand (greater is better;
            low 0 = no qualifying low).
        show_order: the live seats in showing order (rule 22).
        odd_chip_order: every seat, starting left of the button (rule 26; in stud the
            seats by their highest card, rule 42).
        hilo: split each pot between the best high and the best qualifying low (rule 25).
        face_up: every hand is shown (someone is all-in and betting is over).
        muck_losers: a seat that cannot win or tie any pot it is eligible for, against the
            hands already shown, mucks and gives up every pot.
        unit: the chip unit for splitting.
        low_odd_chip_order: the order odd chips of a low half go in (stud hi-lo: by the
            lowest card, rule 42); ``None``: ``odd_chip_order``.
    """
    if len(pots) == 1 and not hilo:
        one = resolve_one_pot(
            pots[0], ranks, show_order, odd_chip_order, face_up or not muck_losers, unit
        )
        return _record(Showdown, one)
    best_high = [0] * len(pots)
    best_low = [0] * len(pots)
    shown: list[int] = []
    mucked: list[int] = []
    show_all = face_up or not muck_losers
    for seat in show_order:
        if not show_all and shown and beaten(seat, ranks, pots, best_high, best_low, hilo=hilo):
            mucked.append(seat)
        else:
            shown.append(seat)
            _raise_bests(seat, ranks, pots, best_high, best_low)
    position = {seat: k for k, seat in enumerate(odd_chip_order)}
    low_position = (
        position
        if low_odd_chip_order is None
        else {seat: k for k, seat in enumerate(low_odd_chip_order)}
    )
    awards: list[tuple[int, int, int, str]] = []
    for i, pot in enumerate(pots):
        contenders = sorted((s for s in pot.eligible if s in ranks and s not in mucked),
                            key=position.__getitem__)  # fmt: skip
        if not contenders or not pot.amount:
            continue
        top = max(ranks[s][0] for s in contenders)
        high_winners = [s for s in contenders if ranks[s][0] == top]
        low_top = max(ranks[s][1] for s in contenders) if hilo else 0
        if not low_top:
            shares = split(pot.amount, high_winners, unit)
            awards.extend((i, s, c, "all") for s, c in zip(high_winners, shares, strict=True))
            continue
        low_winners = sorted((s for s in contenders if ranks[s][1] == low_top),
                             key=low_position.__getitem__)  # fmt: skip
        high_half, low_half = split_hilo(pot.amount, unit)
        shares = split(high_half, high_winners, unit)
        awards.extend((i, s, c, "high") for s, c in zip(high_winners, shares, strict=True))
        shares = split(low_half, low_winners, unit)
        awards.extend((i, s, c, "low") for s, c in zip(low_winners, shares, strict=True))
    return Showdown(shown, mucked, awards)


def beaten(
    seat: int,
    ranks: dict[int, tuple[int, int]],
    pots: list[Pot],
    best_high: list[int],
    best_low: list[int],
    *,
    hilo: bool,
) -> bool:
    """Whether ``seat``'s hand can win or tie no pot it is eligible for against the hands
    already shown (``best_high`` / ``best_low`` per pot): it may muck (rule 22).

    Examples:
        >>> pots = [Pot(30, (0, 1, 2)), Pot(20, (1, 2))]
        >>> ranks = {0: (5000, 0), 1: (4000, 0), 2: (100, 0)}
        >>> beaten(1, ranks, pots, [5000, 0], [0, 0], hilo=False)  # the side pot is open
        False
        >>> beaten(2, ranks, pots, [5000, 4000], [0, 0], hilo=False)
        True
    """
    high, low = ranks[seat]
    for i, pot in enumerate(pots):
        if seat in pot.eligible and (high >= best_high[i] or (hilo and low and low >= best_low[i])):
            return False
    return True


def _raise_bests(
    seat: int,
    ranks: dict[int, tuple[int, int]],
    pots: list[Pot],
    best_high: list[int],
    best_low: list[int],
) -> None:
    high, low = ranks[seat]
    for i, pot in enumerate(pots):
        if seat in pot.eligible:
            best_high[i] = max(best_high[i], high)
            best_low[i] = max(best_low[i], low)


class AskedShowdown:
    """A showdown where the players choose to show or muck, in showdown order (rule 22).

    The first player to decide must show; later players may muck only a hand that is
    beaten, for every pot they are eligible for, by a hand already shown. A mucked hand
    wins nothing.

    Examples:
        >>> pots = [Pot(40, (0, 1))]
        >>> asked = AskedShowdown(pots, {0: (5000, 0), 1: (100, 0)}, [1, 0], hilo=False)
        >>> asked.to_act, asked.may_muck(1)
        (1, False)
        >>> asked.decide(show=True); asked.to_act, asked.may_muck(0)
        (0, False)
        >>> asked.decide(show=True); asked.to_act, asked.shown
        (None, [1, 0])
    """

    __slots__ = (
        "_best_high",
        "_best_low",
        "_hilo",
        "_order",
        "low_odd_chip_order",
        "mucked",
        "odd_chip_order",
        "pots",
        "ranks",
        "shown",
    )

    def __init__(
        self,
        pots: list[Pot],
        ranks: dict[int, tuple[int, int]],
        order: list[int],
        *,
        hilo: bool,
        odd_chip_order: Sequence[int] | None = None,
        low_odd_chip_order: Sequence[int] | None = None,
    ) -> None:
        self.pots = pots
        self.ranks = ranks
        self._order = order
        self._hilo = hilo
        self.odd_chip_order = odd_chip_order
        """The order odd chips go in (``None``: left of the button; see `resolve()`)."""
        self.low_odd_chip_order = low_odd_chip_order
        self._best_high = [0] * len(pots)
        self._best_low = [0] * len(pots)
        self.shown: list[int] = []
        self.mucked: list[int] = []

    @property
    def to_act(self) -> int | None:
        """The seat to show or muck next, or ``None`` once everybody has chosen."""
        done = len(self.shown) + len(self.mucked)
        return self._order[done] if done < len(self._order) else None

    def may_muck(self, seat: int) -> bool:
        """Whether ``seat`` may muck: a hand already shown beats it for every pot."""
        if not self.shown:
            return False
        return beaten(seat, self.ranks, self.pots, self._best_high, self._best_low,
                      hilo=self._hilo)  # fmt: skip

    def decide(self, *, show: bool) -> None:
        """The seat to act shows or mucks (the caller has checked that it may)."""
        seat = self.to_act
        assert seat is not None
        if show:
            self.shown.append(seat)
            _raise_bests(seat, self.ranks, self.pots, self._best_high, self._best_low)
        else:
            self.mucked.append(seat)

    def copy(self) -> AskedShowdown:
        """An independent copy (for ``Hand.copy``)."""
        new = AskedShowdown(
            self.pots,
            self.ranks,
            self._order,
            hilo=self._hilo,
            odd_chip_order=self.odd_chip_order,
            low_odd_chip_order=self.low_odd_chip_order,
        )
        new._best_high = self._best_high[:]
        new._best_low = self._best_low[:]
        new.shown = self.shown[:]
        new.mucked = self.mucked[:]
        return new


def resolve_one_pot(  # noqa: PLR0917 - positional: called once a showdown, on the hot path
    pot: Pot,
    ranks: dict[int, tuple[int, int]],
    show_order: list[int],
    odd_chip_order: Sequence[int],
    show_all: bool,
    unit: int,
) -> tuple[list[int], list[int], list[tuple[int, int, int, str]]]:
    """`resolve()` for the common case, one pot and high hands only, as a plain
    ``(shown, mucked, awards)`` tuple: the hand's showdown calls it directly, with
    positional arguments and no `Showdown` record, since it runs once a hand.

    ``show_all``: every hand is shown (face up, or losers do not muck).

    Examples:
        >>> resolve_one_pot(Pot(51, (0, 1, 2)), {0: (3000, 0), 1: (3000, 0), 2: (100, 0)},
        ...                 [0, 1, 2], [1, 2, 0], False, 1)
        ([0, 1], [2], [(0, 1, 26, 'all'), (0, 0, 25, 'all')])
    """
    best = -1
    first = -1  # the seat that showed the best hand first
    ties = 0  # how many others showed a hand as good
    shown: list[int] = []
    mucked: list[int] = []
    for seat in show_order:
        high = ranks[seat][0]
        if high > best:
            best = high
            first = seat
            ties = 0
            shown.append(seat)
        elif high == best:
            ties += 1
            shown.append(seat)
        elif show_all:
            shown.append(seat)
        else:
            mucked.append(seat)
    eligible = pot.eligible
    if not ties and first in eligible:
        return shown, mucked, [(0, first, pot.amount, "all")]
    return shown, mucked, _split_one_pot(pot, ranks, best, odd_chip_order, unit)


def _split_one_pot(
    pot: Pot,
    ranks: dict[int, tuple[int, int]],
    best: int,
    odd_chip_order: Sequence[int],
    unit: int,
) -> list[tuple[int, int, int, str]]:
    """The awards of `resolve_one_pot()`'s pot between the eligible seats with the
    ``best`` high rank (a function of its own: its comprehensions would make the common
    case's locals cells)."""
    eligible = pot.eligible
    winners = [s for s in odd_chip_order if s in ranks and ranks[s][0] == best and s in eligible]
    shares = split(pot.amount, winners, unit)
    return [(0, s, c, "all") for s, c in zip(winners, shares, strict=True)]
