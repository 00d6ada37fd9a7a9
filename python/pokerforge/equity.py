"""Equity: each player's share of the pot, by exact enumeration or Monte Carlo.

:func:`equity` answers "what are my chances?" for Texas Hold'em, Omaha (4, 5 or 6 hole
cards), Omaha Hi-Lo and short-deck (6+) Hold'em, for 2 to 10 players, and for the stud
family (below). Each player is a known hand (``"AhKh"``), a Hold'em :class:`Range`
(``"QQ+, AKs, 0.5(JJ)"``) or ``"random"`` (any hand). The board may hold 0, 3, 4 or 5
cards; ``dead`` cards are out of play.

Examples:
    >>> from pokerforge import equity
    >>> result = equity(["AhAs", "KdKc"], method="exact")
    >>> round(result.players[0].equity, 6), result.exact, result.deals
    (0.812555, True, 1712304)
    >>> flop = equity(["AhKh", "QsQd", "JcTc"], board="2h7h9c")
    >>> [round(p.equity * 100, 3) for p in flop.players]
    [52.602, 32.115, 15.282]
    >>> mc = equity(["AhKh", "random", "random"], samples=20_000, seed=1)
    >>> mc.method, mc.seed, mc.deals
    ('monte-carlo', 1, 20000)
    >>> abs(sum(p.equity for p in mc.players) - 1) < 1e-9
    True

Heads-up Hold'em, hands and ranges are answered hand by hand: before the flop from the
shipped table of every hand against every hand (microseconds for two hands, milliseconds
for two wide ranges), after the flop by ranking each hand once per runout. With
``by_hand=True`` each player's result also holds the equity of each of its hands and of
each hand class:

    >>> r = equity(["QQ+,AKs", "JJ-99,AQs+"], by_hand=True)
    >>> round(r.players[0].equity, 4), round(r.players[0].by_class["AKs"], 4)
    (0.7312, 0.4999)
    >>> len(r.players[1].by_hand), round(r.players[1].by_hand["JhJd"], 4)
    (26, 0.2492)

The table holds no final hands, so ``categories`` of such a result are counted by
enumeration the first time they are read (``result.categories_counted`` is ``False``).

Seven-card stud (``game="stud"``), stud hi-lo eight or better (``"stud-hilo"``) and razz
(``"razz"``) have no board: each of 2 to 8 players is the cards known of them, 0 to 7 up
and down cards together (``"AsAhKd"`` on third street, ``"Qc"`` for an opponent of whom one
up card is seen, ``"random"`` for nothing known), and the rest of their seven cards come
from the unseen cards. Folded up cards go in ``dead``. When the unseen cards cannot give
every player all their cards, the last card is one common card for all, as the rules deal
it (burn cards are unseen and change no chance). Heads-up, every deal is counted exactly
by card removal (from third street, 18 billion deals, in well under a second); more
players are enumerated when that is quick, else sampled:

    >>> aces = equity(["AsAhAd", "KcQc7d"], game="stud", method="exact")
    >>> round(aces.players[0].equity, 4), aces.deals
    (0.9512, 18265297050)
    >>> hilo = equity(["Ad2d3c", "KsKhQd"], game="stud-hilo", method="exact")
    >>> [round(p.scoop, 4) for p in hilo.players], round(hilo.players[0].low, 4)
    ([0.3007, 0.3103], 0.2634)
    >>> razz = equity(["As2d3h", "7c8dTs"], dead="4c5c", game="razz")
    >>> round(razz.players[0].equity, 4), razz.exact
    (0.6809, True)

Razz's ``categories`` are the shape of the best ace-to-five low: ``HIGH_CARD`` for five
distinct ranks (a made low), then ``PAIR``, ``TWO_PAIR``, ``THREE_OF_A_KIND``,
``FULL_HOUSE`` and ``FOUR_OF_A_KIND`` (:meth:`A5LowRank.category`); stud hi-lo's are the
high hand's.

Short-deck Hold'em (``game="short-deck"``) deals the 36 cards from six to ace and ranks
by its own order: a flush beats a full house, A-6-7-8-9 is the lowest straight, and three
of a kind beats a straight unless ``trips_beat_straight=False`` (as :class:`GameSpec
<pokerforge.game.GameSpec>`'s switch of the same name). Ranges drop their combos with a
card below the six:

    >>> six = equity(["AhKh", "QQ+, 66"], board="6h7hQc", game="short-deck", method="exact")
    >>> [round(p.equity, 4) for p in six.players]
    [0.3599, 0.6401]
    >>> turn = equity(["9c8c", "JsJd"], board="Td7hJh6s", game="short-deck", method="exact")
    >>> straight = equity(["9c8c", "JsJd"], board="Td7hJh6s", game="short-deck",
    ...                   method="exact", trips_beat_straight=False)
    >>> round(turn.players[0].equity, 4), round(straight.players[0].equity, 4)
    (0.0, 0.6429)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from pokerforge import _core
from pokerforge._core import Range
from pokerforge.eval import Category
from pokerforge.games import GameName

if TYPE_CHECKING:
    from pokerforge._core import _CardsLike

__all__ = ["EquityResult", "LaterCategories", "PlayerEquity", "Range", "equity"]

Method = Literal["auto", "exact", "monte-carlo"]


@dataclass(frozen=True, slots=True)
class PlayerEquity:
    """One player's result.

    Attributes:
        equity: The player's expected share of the pot (split pots count as the fraction
            won); equities over all players sum to 1.
        win: The fraction of deals won outright (the whole pot).
        tie: The fraction of deals in which the player shares the pot.
        categories: The chance of ending with each hand category (the best high hand; in
            razz the shape of the best ace-to-five low, ``HIGH_CARD`` being a made low).
        stderr: The standard error of ``equity`` (0 when exact).
        high: Hi-lo only: the expected share won from the high half (as a share of the
            whole pot); ``None`` in other games.
        low: Hi-lo only: the expected share won from the low half; ``None`` otherwise.
        scoop: Hi-lo only: the fraction of deals won whole (both halves, or a high that
            takes all when no low qualifies); ``None`` otherwise.
        by_hand: With ``equity(..., by_hand=True)``: each of the player's hands (``"AhKh"``,
            as :class:`CardSet` writes it) with its own equity against the other player;
            ``None`` otherwise.
        by_class: With ``by_hand=True``: each hand class of the player (``"AKs"``, in the
            order of :data:`pokerforge.HAND_CLASSES`) with the equity of its hands
            together; ``None`` otherwise.
    """

    equity: float
    win: float
    tie: float
    categories: Mapping[Category, float]
    stderr: float
    high: float | None = None
    low: float | None = None
    scoop: float | None = None
    by_hand: Mapping[str, float] | None = None
    by_class: Mapping[str, float] | None = None

    @property
    def lose(self) -> float:
        """The fraction of deals in which the player wins nothing."""
        return max(0.0, 1.0 - self.win - self.tie)


@dataclass(frozen=True, slots=True)
class EquityResult:
    """The result of :func:`equity`.

    Attributes:
        players: One :class:`PlayerEquity` per player, in the order given.
        method: ``"exact"`` or ``"monte-carlo"``: what was used (``"auto"`` picks one).
        exact: Whether every runout and combination was counted.
        deals: Boards (exact) or samples (Monte Carlo) counted.
        stderr: Monte Carlo: the largest standard error of a player's equity; 0 when exact.
        seed: The seed that drove Monte Carlo (``None`` when exact).
        categories_counted: Whether the players' ``categories`` came with the result;
            ``False`` when the heads-up table answered (it has no final hands): they are
            then counted by enumeration when first read.
    """

    players: tuple[PlayerEquity, ...]
    method: str
    exact: bool
    deals: int
    stderr: float
    seed: int | None
    categories_counted: bool = True


class LaterCategories(Mapping[Category, float]):
    """A player's final-hand chances, counted by exact enumeration when first read.

    The heads-up table that answers Hold'em hands and ranges before the flop holds wins
    and ties, not final hands; this mapping runs the enumeration (once for all players of
    the result: milliseconds for two hands, seconds for two wide ranges) the first time
    one of them is read.

    Examples:
        >>> from pokerforge import Category, equity
        >>> r = equity(["AhAs", "KdKc"])
        >>> r.categories_counted, type(r.players[0].categories).__name__
        (False, 'LaterCategories')
        >>> round(r.players[0].categories[Category.FULL_HOUSE], 4)
        0.0894
    """

    __slots__ = ("_chances", "_count", "_index")

    def __init__(self, count: _core.CategoryCount, index: int) -> None:
        self._count = count
        self._index = index
        self._chances: dict[Category, float] | None = None

    def _counted(self) -> dict[Category, float]:
        if self._chances is None:
            chances = self._count.player(self._index)
            self._chances = dict(zip(Category, chances, strict=True))
        return self._chances

    def __getitem__(self, key: Category) -> float:
        return self._counted()[key]

    def __iter__(self) -> Iterator[Category]:
        return iter(self._counted())

    def __len__(self) -> int:
        return len(Category)

    def __repr__(self) -> str:
        if self._chances is None:
            return f"LaterCategories(player={self._index}, not counted yet)"
        return repr(self._chances)

    def __reduce__(self) -> tuple[type[dict[Category, float]], tuple[dict[Category, float]]]:
        return (dict, (self._counted(),))


def equity(
    players: Iterable[str | Range | _CardsLike | None],
    board: _CardsLike | None = None,
    dead: _CardsLike | None = None,
    *,
    game: GameName = "holdem",
    method: Method = "auto",
    samples: int | None = None,
    target_stderr: float | None = None,
    seed: int | None = None,
    time_limit: float | None = None,
    threads: int | None = None,
    by_hand: bool = False,
    trips_beat_straight: bool | None = None,
) -> EquityResult:
    """Each player's equity.

    Args:
        players: 2 to 10 players, each a known hand (``"AhKh"``, or any cards-like value),
            a Hold'em range (text or :class:`Range`), or ``"random"`` / ``None``. Stud
            games: 2 to 8 players, each the 0 to 7 cards known of them (no ranges).
        board: 0, 3, 4 or 5 board cards; none in the stud games.
        dead: Cards out of play (folded, burned, seen).
        game: ``"holdem"``, ``"omaha"`` (hole size from the hands: 4, 5 or 6),
            ``"omaha-hilo"``, ``"short-deck"`` (two hole cards from the 36 cards six to
            ace; hands, ranges and ``"random"`` as in Hold'em), ``"stud"``, ``"stud-hilo"``
            or ``"razz"``, or an alias of one (``"plo"``, ``"omaha8"``, ``"6+"``,
            ``"stud8"``, ... the same names as everywhere:
            :mod:`pokerforge.games`).
        method: ``"exact"`` (every runout and every combination), ``"monte-carlo"``, or
            ``"auto"``: exact when it takes well under a second, else Monte Carlo. Hold'em
            heads-up pre-flop against ``"random"`` (no board, no dead cards) is answered
            exactly from a table of all 169 starting hands shipped in the library.
        samples: Monte Carlo: deals to sample (default 1,000,000 unless another limit is
            given). Giving ``samples`` or ``target_stderr`` makes ``"auto"`` Monte Carlo;
            with ``method="exact"`` they are refused.
        target_stderr: Monte Carlo: stop once every equity's standard error is below this.
        seed: Monte Carlo: the seed; the same seed gives the same result on every platform
            and for any thread count. Default: a fresh one, reported in the result.
        time_limit: Stop after this many seconds. Monte Carlo keeps the deals counted by
            then, and ``seed`` with ``samples=result.deals`` replays it exactly; exact
            enumeration asked for by name raises :class:`InvalidSpecError`; ``"auto"``'s
            exact enumeration gets half the time, then hands over to Monte Carlo.
        threads: Threads to use; default all cores.
        by_hand: Also give each hand and each hand class of every player its own equity
            (``PlayerEquity.by_hand``, ``by_class``). Hold'em heads-up only, counted
            exactly; before the flop without dead cards.
        trips_beat_straight: Short deck: whether three of a kind ranks above a straight
            (default ``True``, as ``GameSpec(variant="short-deck")``); ``False`` keeps
            Hold'em's order. Refused for other games.

    Returns:
        The :class:`EquityResult`.

    Raises:
        InvalidCardError, DuplicateCardError: Bad or repeated cards (also between a hand,
            the board and the dead cards), and in short deck a card below the six. Errors
            about one player, the board or the dead cards say where in their message and in
            ``location`` (``"players[1]"``).
        CardCountError: A board of 1, 2 or 6+ cards (any board in stud); hands of the wrong
            size for the game (more than 7 cards in stud); more cards to deal than the
            deck has left.
        InvalidRangeError: A range that does not parse, or leaves no possible hand
            (:class:`~pokerforge.RangeLimitError` for one past the parser's limits:
            brackets nested more than 32 deep, or more than 2,097,152 characters).
        InvalidSpecError: An unknown game or method, a bad number of players, samples or
            limits; a range in a game without ranges (Omaha, stud);
            ``trips_beat_straight`` that is not a bool or not for short deck.
    """
    # A lone string is not a list of players: pass it whole so the core can say so.
    given = players if isinstance(players, str) else list(players)
    return _core.equity(
        given,
        board,
        dead,
        game=game,
        method=method,
        samples=samples,
        target_stderr=target_stderr,
        seed=seed,
        time_limit=time_limit,
        threads=threads,
        categories=False,
        by_hand=by_hand,
        trips_beat_straight=trips_beat_straight,
    )


# The extension builds values of these classes; it imports nothing of the package, so
# each module registers its own (see rust/py/src/registry.rs).
_core.register_types(
    PlayerEquity=PlayerEquity, EquityResult=EquityResult, LaterCategories=LaterCategories
)
