"""Equity: each player's share of the pot, by exact enumeration or Monte Carlo.

[`equity()`][pokerforge.equity.equity] answers "what are my chances?" for Texas Hold'em, Omaha (4, 5
or 6 hole cards), Omaha Hi-Lo and short-deck (6+) Hold'em, for 2 to 10 players, and for the stud
family (below). Each player is a known hand (``"AhKh"``), a Hold'em
[`Range`][pokerforge.equity.Range] (``"QQ+, AKs, 0.5(JJ)"``) or ``"random"`` (any hand). The board
may hold 0, 3, 4 or 5 cards; ``dead`` cards are out of play.

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
``FULL_HOUSE`` and ``FOUR_OF_A_KIND`` (`A5LowRank.category()`); stud hi-lo's are the
high hand's.

Short-deck Hold'em (``game="short-deck"``) deals the 36 cards from six to ace and ranks
by its own order: a flush beats a full house, A-6-7-8-9 is the lowest straight, and three
of a kind beats a straight unless ``trips_beat_straight=False`` (as
[GameSpec][pokerforge.game.GameSpec]'s switch of the same name). Ranges drop their combos with a
card below the six:

    >>> six = equity(["AhKh", "QQ+, 66"], board="6h7hQc", game="short-deck", method="exact")
    >>> [round(p.equity, 4) for p in six.players]
    [0.3599, 0.6401]
    >>> turn = equity(["9c8c", "JsJd"], board="Td7hJh6s", game="short-deck", method="exact")
    >>> straight = equity(["9c8c", "JsJd"], board="Td7hJh6s", game="short-deck",
    ...                   method="exact", trips_beat_straight=False)
    >>> round(turn.players[0].equity, 4), round(straight.players[0].equity, 4)
    (0.0, 0.6429)

The draw games (``"2-7-single-draw"``, ``"2-7-triple-draw"``, ``"a-5-triple-draw"``,
``"badugi"``, ``"five-card-draw"``) take each player's current cards and what each does at
the next draw (``draws``: a number of cards, ``"pat"``, or the cards to throw); later draws
follow the game's built-in policy. A pat 8-6-4-3-2 against 7-5-3-2 drawing one: the drawer
wins with any of the three fours and three sixes left among the 42 unseen cards:

    >>> single = equity(["8h6d4c3s2h", "7c5c3d2dKs"], game="2-7-single-draw",
    ...                 draws=["pat", 1])
    >>> single.exact, single.deals, round(single.players[1].equity * 42, 9)
    (True, 42, 6.0)
    >>> str(single.players[1].discards), round(single.players[1].final_hands["pair"] * 42, 9)
    ('Ks', 10.0)
    >>> triple = equity(["8h6d4c3s2h", "7c5c3d2dKs"], game="2-7-triple-draw",
    ...                 draws=["pat", 1], samples=100_000, seed=3)
    >>> triple.method, round(triple.players[1].equity, 2)
    ('monte-carlo', 0.34)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from pokerforge import _core
from pokerforge._core import CardSet, Range
from pokerforge.defaults import SEED
from pokerforge.errors import InvalidSpecError
from pokerforge.eval import Category
from pokerforge.games import DRAW_GAME_NAMES, DrawGameName, GameName

if TYPE_CHECKING:
    from pokerforge._core import _CardsLike

__all__ = ["EquityResult", "LaterCategories", "PlayerEquity", "Range", "draw_policy", "equity"]

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
            as [`CardSet`][pokerforge.cards.CardSet] writes it) with its own equity against the
            other player; ``None`` otherwise.
        by_class: With ``by_hand=True``: each hand class of the player (``"AKs"``, in the
            order of `pokerforge.HAND_CLASSES`) with the equity of its hands
            together; ``None`` otherwise.
        final_hands: Draw games: the chance of ending with each of the game's final-hand
            classes, best first (2-7: ``"7-low"`` to ``"A-low"``, then ``"pair"`` to
            ``"straight flush"``; A-5: ``"5-low"`` to ``"K-low"``, then ``"pair"`` to
            ``"four of a kind"``; badugi: ``"4-high badugi"`` to ``"K-high badugi"``, then
            ``"three cards"``, ``"two cards"``, ``"one card"``; five-card draw: the high
            categories from ``"straight flush"`` down); ``None`` in the board games. In
            the draw games ``categories`` holds the final hands' shapes (a no-pair low is
            ``HIGH_CARD``), and is empty in badugi.
        discards: Draw games: the cards a known hand throws at the next draw (by its
            ``draws`` entry or the policy); ``None`` otherwise and for a random hand.
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
    final_hands: Mapping[str, float] | None = None
    discards: CardSet | None = None

    @property
    def lose(self) -> float:
        """The fraction of deals in which the player wins nothing."""
        return max(0.0, 1.0 - self.win - self.tie)


@dataclass(frozen=True, slots=True)
class EquityResult:
    """The result of [`equity()`][pokerforge.equity.equity].

    Attributes:
        players: One [`PlayerEquity`][pokerforge.equity.PlayerEquity] per player, in the order
            given.
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
    game: GameName | DrawGameName = "holdem",
    draws: Iterable[int | str | _CardsLike | None] | None = None,
    draw_rounds: int | None = None,
    method: Method = "auto",
    samples: int | None = None,
    target_stderr: float | None = None,
    seed: int | None = SEED,
    time_limit: float | None = None,
    threads: int | None = None,
    by_hand: bool = False,
    trips_beat_straight: bool | None = None,
) -> EquityResult:
    """Each player's equity.

    Args:
        players: 2 to 10 players, each a known hand (``"AhKh"``, or any cards-like value),
            a Hold'em range (text or [`Range`][pokerforge.equity.Range]), or ``"random"`` /
            ``None``. Stud
            games: 2 to 8 players, each the 0 to 7 cards known of them (no ranges).
        board: 0, 3, 4 or 5 board cards; none in the stud games.
        dead: Cards out of play (folded, burned, seen).
        game: ``"holdem"``, ``"omaha"`` (hole size from the hands: 4, 5 or 6),
            ``"omaha-hilo"``, ``"short-deck"`` (two hole cards from the 36 cards six to
            ace; hands, ranges and ``"random"`` as in Hold'em), ``"stud"``, ``"stud-hilo"``
            or ``"razz"``, or an alias of one (``"plo"``, ``"omaha8"``, ``"6+"``,
            ``"stud8"``, ... the same names as everywhere:
            [`pokerforge.games`][pokerforge.games]); or a draw game: ``"2-7-single-draw"``,
            ``"2-7-triple-draw"``, ``"a-5-triple-draw"``, ``"badugi"``, ``"five-card-draw"``
            (hands of five cards, four in badugi, or ``"random"``; no board, no ranges).
        draws: Draw games: one entry per player for the next draw: a number of cards (the
            player throws that many of its worst cards: in 2-7 and A-5 paired cards first,
            then the highest; in badugi the cards that do not play, then the highest; in
            five-card draw unpaired cards from the lowest), ``"pat"``, the cards to throw
            (known hands only), or ``None`` for the game's policy. Default: every player
            follows the policy. Every later draw follows the policy, documented in
            docs/guide.md ("Draw games"). Players draw in the order given; when the stub
            runs out, the discards (``dead`` among them, not the drawing player's own) are
            shuffled into a new stub.
        draw_rounds: Draw games: drawing rounds left, 0 up to the game's (default: all of
            them, 1 or 3).
        method: ``"exact"`` (every runout and every combination), ``"monte-carlo"``, or
            ``"auto"``: exact when it takes well under a second, else Monte Carlo. Hold'em
            heads-up pre-flop against ``"random"`` (no board, no dead cards) is answered
            exactly from a table of all 169 starting hands shipped in the library.
        samples: Monte Carlo: deals to sample (default 1,000,000 unless another limit is
            given). Giving ``samples`` or ``target_stderr`` makes ``"auto"`` Monte Carlo;
            with ``method="exact"`` they are refused. Draw games are exact with one draw
            left, every hand known and a stub that serves every draw (``"auto"`` when that
            takes well under a second: every set of replacement cards), Monte Carlo
            otherwise.
        target_stderr: Monte Carlo: stop once every equity's standard error is below this.
        seed: Monte Carlo: the seed; the same seed gives the same result on every platform
            and for any thread count. Default `SEED` (0), as for
            the command and the service: the same question, the same answer; ``None``: a
            fresh one. The result reports it.
        time_limit: Stop after this many seconds. Monte Carlo keeps the deals counted by
            then, and ``seed`` with ``samples=result.deals`` replays it exactly; exact
            enumeration asked for by name raises
            [`InvalidSpecError`][pokerforge.errors.InvalidSpecError]; ``"auto"``'s exact enumeration
            gets half the time, then hands over to Monte Carlo.
        threads: Threads to use; default all cores.
        by_hand: Also give each hand and each hand class of every player its own equity
            (``PlayerEquity.by_hand``, ``by_class``). Hold'em heads-up only, counted
            exactly; before the flop without dead cards.
        trips_beat_straight: Short deck: whether three of a kind ranks above a straight
            (default ``True``, as ``GameSpec(variant="short-deck")``); ``False`` keeps
            Hold'em's order. Refused for other games.

    Returns:
        The [`EquityResult`][pokerforge.equity.EquityResult].

    Raises:
        InvalidCardError, DuplicateCardError: Bad or repeated cards (also between a hand,
            the board and the dead cards), and in short deck a card below the six. Errors
            about one player, the board or the dead cards say where in their message and in
            ``location`` (``"players[1]"``).
        CardCountError: A board of 1, 2 or 6+ cards (any board in stud); hands of the wrong
            size for the game (more than 7 cards in stud); more cards to deal than the
            deck has left.
        InvalidRangeError: A range that does not parse, or leaves no possible hand
            (`RangeLimitError` for one past the parser's limits:
            brackets nested more than 32 deep, or more than 2,097,152 characters).
        InvalidSpecError: An unknown game or method, a bad number of players, samples or
            limits; a range in a game without ranges (Omaha, stud);
            ``trips_beat_straight`` that is not a bool or not for short deck; in a draw game
            a board, a range, a bad draw (more cards than the hand, cards not in it, a list
            of the wrong length), too many ``draw_rounds``, or ``draws`` for a board game.

    Examples:
        >>> equity(["Ac2d3h4s", "random"], game="badugi", draws=[None, 2],
        ...        samples=10_000, seed=1).players[0].final_hands["4-high badugi"] > 0.99
        True
    """
    # A lone string is not a list of players: pass it whole so the core can say so.
    given = players if isinstance(players, str) else list(players)
    if draws is not None or draw_rounds is not None or _is_draw_game(game):
        if trips_beat_straight is not None:
            raise InvalidSpecError(
                f"trips_beat_straight={trips_beat_straight!r} is short-deck's switch, not "
                f"{game!r}'s"
            )
        return _core.draw_equity(
            given,
            board,
            dead,
            game=game,
            draws=draws if draws is None or isinstance(draws, str) else list(draws),
            draw_rounds=draw_rounds,
            method=method,
            samples=samples,
            target_stderr=target_stderr,
            seed=seed,
            time_limit=time_limit,
            threads=threads,
            by_hand=by_hand,
        )
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


def draw_policy(game: DrawGameName, cards: _CardsLike, draws_left: int = 1) -> CardSet:
    """The cards a draw game's built-in policy throws from ``cards``.

    The policy [`equity()`][pokerforge.equity.equity] follows at every draw after the next (and at
    the next one for a player whose ``draws`` entry is ``None``), described in docs/guide.md.

    Args:
        game: A draw game's name.
        cards: The hand: five cards, four in badugi.
        draws_left: Drawing rounds left, this one included (1 to the game's 1 or 3).

    Raises:
        CardCountError: A hand of the wrong size.
        InvalidSpecError: Not a draw game, or ``draws_left`` out of range.

    Examples:
        >>> str(draw_policy("2-7-triple-draw", "9h6d4c3s2h", draws_left=2))
        '9h'
        >>> str(draw_policy("2-7-triple-draw", "9h6d4c3s2h", draws_left=1))
        ''
        >>> str(draw_policy("badugi", "Kc7c3h4s", draws_left=3))
        'Kc'
    """
    return _core.draw_policy_discards(game, cards, draws_left)


def _is_draw_game(game: object) -> bool:
    """Whether ``game`` names a draw game (spelled as the core reads names)."""
    return isinstance(game, str) and game.strip().lower().replace("_", "-") in DRAW_GAME_NAMES


# The extension builds values of these classes; it imports nothing of the package, so
# each module registers its own (see rust/py/src/registry.rs).
_core.register_types(
    PlayerEquity=PlayerEquity, EquityResult=EquityResult, LaterCategories=LaterCategories
)
