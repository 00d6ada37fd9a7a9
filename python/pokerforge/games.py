"""The games pokerforge plays and the names it accepts for them, in one table.

Every entry point that takes a game (``equity(game=...)``, ``GameSpec(variant=...)``, the
command line's ``--game`` and the service's ``game`` field) accepts the same names and
aliases and turns them into the canonical name with [`game_name()`][pokerforge.games.game_name].
Case does not matter, nor ``_`` for ``-``, nor spaces around the name, as in the Rust core's own
parser.

Examples:
    >>> from pokerforge.games import game_name
    >>> game_name("PLO"), game_name("omaha_hi_lo"), game_name("Hold'em")
    ('omaha', 'omaha-hilo', 'holdem')
    >>> game_name("6+"), game_name("Seven_Card_Stud"), game_name("F7S/8"), game_name("FR")
    ('short-deck', 'stud', 'stud-hilo', 'razz')
    >>> game_name("pineapple")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    pokerforge.errors.InvalidSpecError: 'pineapple' is not a game: expected holdem, omaha, ...

Every game is one row of the core's variant table (`ROWS`, ``_core.VARIANTS``: the
deck, the streets, the forced bets, the hand kinds, the names), and everything here is read
from it. The games are those ``equity`` counts and the game layer plays: Hold'em, Omaha, Omaha
Hi-Lo, the stud family (seven-card stud, stud hi-lo eight or better, razz; the PHH codes
``F7S``, ``F7S/8`` and ``FR`` among their aliases), short-deck (6+) Hold'em (``NS``) and
the draw games (deuce-to-seven single and triple draw, ace-to-five triple draw, badugi,
five-card draw; the PHH codes ``N2L1D``, ``F2L3D`` and ``FB`` among their aliases), all
from the core's one table. [`row()`][pokerforge.games.row] gives a game's row by any of its names:

    >>> from pokerforge.games import row
    >>> game_name("N2L1D"), row("badugi").hole_cards, row("plo").display
    ('2-7-single-draw', (4,), 'Omaha')
    >>> [street.name for street in row("razz").streets][:2], row("razz").low
    (['third street', 'fourth street'], 'a-5-low')

The game layer's older names for the same things (``Variant``, ``VARIANTS``,
``VARIANT_ALIASES``, ``variant_name``) still work and warn that they are deprecated.
"""

from __future__ import annotations

import warnings
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from types import MappingProxyType
from typing import Literal, NamedTuple, cast

from pokerforge import _core
from pokerforge.errors import InvalidSpecError

__all__ = [
    "ALIASES",
    "DRAW_GAMES",
    "DRAW_GAME_NAMES",
    "GAMES",
    "HAND_KINDS",
    "ROWS",
    "SHAPES",
    "SHORT_DECK",
    "STUD_GAMES",
    "DrawGame",
    "DrawGameName",
    "Game",
    "GameName",
    "GameShape",
    "HandKind",
    "StudGame",
    "describe",
    "equity_problem",
    "game_name",
    "row",
    "shape_of",
]

StudGame = Literal["stud", "stud-hilo", "razz"]
"""A stud game's canonical name."""

DrawGame = Literal[
    "2-7-single-draw", "2-7-triple-draw", "a-5-triple-draw", "badugi", "five-card-draw"
]
"""A draw game's canonical name (played by the game layer; see `variant_name()`)."""

DRAW_GAMES: tuple[DrawGame, ...] = tuple(
    cast("DrawGame", v.name) for v in _core.VARIANTS if v.draw_rounds
)
"""The draw games (their rows draw), in the order of their codes."""

Game = Literal[
    "holdem",
    "omaha",
    "omaha-hilo",
    StudGame,
    "short-deck",
    DrawGame,
    "courchevel",
    "big-o",
    "courchevel-hilo",
]
"""A game's canonical name (every variant: equity counts them all), in the order of the
core's game codes."""

DrawGameName = Literal[
    DrawGame,
    "n2l1d",
    "2-7-draw",
    "deuce-to-seven-single-draw",
    "kansas-city-lowball",
    "2-7-single",
    "f2l3d",
    "deuce-to-seven-triple-draw",
    "2-7-triple",
    "2-7-td",
    "a-5-triple",
    "ace-to-five-triple-draw",
    "a5-triple-draw",
    "fb",
    "5-card-draw",
    "draw",
    "draw-high",
]
"""Every spelling of a draw game (also in other case and with ``_`` for ``-``), a part of
[`GameName`][pokerforge.games.GameName]: ``equity(game=...)`` counts them with each player's draw,
and ``GameSpec`` plays them."""

GameName = Literal[
    "holdem",
    "hold'em",
    "texas-holdem",
    "omaha",
    "plo",
    "omaha-hilo",
    "omaha-hi-lo",
    "omaha8",
    "plo8",
    "stud",
    "seven-card-stud",
    "7-card-stud",
    "7-stud",
    "stud-hi",
    "f7s",
    "stud-hilo",
    "stud-hi-lo",
    "stud8",
    "stud-8",
    "seven-card-stud-hi-lo",
    "7-card-stud-hi-lo",
    "f7s/8",
    "razz",
    "seven-card-razz",
    "fr",
    "short-deck",
    "shortdeck",
    "short-deck-holdem",
    "6+",
    "6-plus",
    "6+-holdem",
    "six-plus",
    "six-plus-holdem",
    "ns",
    DrawGameName,
    "courchevel",
    "5-card-omaha-courchevel",
    "big-o",
    "5-card-omaha-hilo",
    "5-card-omaha-hi-lo",
    "plo8-5",
    "courchevel-hilo",
    "courchevel-hi-lo",
    "courchevel8",
]
"""Every spelling accepted (also in other case and with ``_`` for ``-``), the draw games'
([`DrawGameName`][pokerforge.games.DrawGameName]) among them."""

_DRAW_CANONICAL = frozenset(DRAW_GAMES)

DRAW_GAME_NAMES: Mapping[str, DrawGame] = {
    name: game for name, game in _core.GAME_NAMES if game in _DRAW_CANONICAL
}
"""The draw games' names in the core's table, each mapped to its canonical name."""

# The core keeps the one table of names (Game::NAMES); ``GameName`` and ``DrawGameName``
# spell them out for type checkers, and a test holds them equal to it.
_NAMES: Mapping[str, Game] = {name: cast("Game", game) for name, game in _core.GAME_NAMES}

GAMES: tuple[Game, ...] = tuple(dict.fromkeys(_NAMES.values()))
"""The canonical names, in the order of the core's game codes."""

ALIASES: Mapping[str, Game] = {name: game for name, game in _NAMES.items() if name != game}
"""Other names for the games, each mapped to its canonical name."""


def game_name(name: str) -> Game:
    """The canonical name of the game called ``name``.

    Raises:
        InvalidSpecError: ``name`` is no game's name or alias.
    """
    if isinstance(name, str):
        game = _NAMES.get(name.strip().lower().replace("_", "-"))
        if game is not None:
            return game
    raise InvalidSpecError(
        f"{name!r} is not a game: expected {', '.join(GAMES)} (or an alias: {', '.join(ALIASES)})"
    )


ROWS: Mapping[Game, _core.Variant] = MappingProxyType(
    {cast("Game", v.name): v for v in _core.VARIANTS}
)
"""Every game's row of the variant table (read-only), by canonical name, in the order of
the games' codes."""


def row(name: str) -> _core.Variant:
    """The variant table's row of the game called ``name`` (any of its names).

    Raises:
        InvalidSpecError: ``name`` is no game's name or alias.

    Examples:
        >>> row("F7S/8").hi_lo, row("6+").deck, row("2-7 triple draw".replace(" ", "-")).draw_rounds
        (True, 36, 3)
    """
    return ROWS[game_name(name)]


STUD_GAMES: tuple[StudGame, ...] = tuple(
    cast("StudGame", v.name) for v in _core.VARIANTS if v.up_cards
)
"""The stud family (their rows deal cards face up), in the order of their codes."""

SHORT_DECK: Literal["short-deck"] = "short-deck"
"""Short-deck (6+) Hold'em: 36 cards, six to ace (one of the games; its aliases are the
core's)."""

# The game layer's old names for the same things, kept for one release (module
# __getattr__ below warns on use).
_DEPRECATED: Mapping[str, tuple[object, str]] = {
    "Variant": (Game, "Game"),
    "VARIANTS": (GAMES, "GAMES"),
    "VARIANT_ALIASES": (ALIASES, "ALIASES"),
    "variant_name": (game_name, "game_name"),
}


def __getattr__(name: str) -> object:
    if name in _DEPRECATED:
        value, new = _DEPRECATED[name]
        warnings.warn(
            f"pokerforge.games.{name} is deprecated: use pokerforge.games.{new}, the same",
            DeprecationWarning,
            stacklevel=2,
        )
        return value
    raise AttributeError(f"module 'pokerforge.games' has no attribute {name!r}")


@dataclass(frozen=True, slots=True)
class GameShape:
    """What a player of a game holds and what else is dealt: the shape of input the
    command line, the service and the web calculator ask for (the core checks the cards
    themselves), read from the game's row.

    Attributes:
        label: The name shown to people (``"Seven-card stud"``).
        hands: The sizes of a player's whole hand, each a choice on the calculator page
            (Omaha: 4, 5 or 6 hole cards).
        partial: Whether a player may be given fewer known cards than a whole hand, the
            rest unknown (stud: the cards seen so far, 0 to 7).
        board: Whether the game has a board.
        ranges: Whether a player may be a range in the Hold'em syntax.
        hilo: Whether the pot is split between the best high and the best low.
        lowest_rank: The lowest rank in the deck (``"6"`` in short deck).
        draw: Whether each player draws (the draw games): equity takes each player's next
            draw.
        grid: Whether the page's grid of the 169 Hold'em classes draws a range: two hole
            cards from the full deck.
        by_hand: Whether the engine answers a heads-up request hand by hand (``by_hand``):
            two hole cards from the full deck ranked high, as Hold'em.
        trips_switch: Whether the game takes short deck's switch of three of a kind and a
            straight (``trips_beat_straight``): its high hand is short deck's.
        hand: What its hands are called, the hand kind's words (``"high hand"``,
            ``"ace-to-five low"``, ``"badugi"``): its high, else its low.
        categories: The final-hand categories equity counts for it, best first, as
            ``(category, name)``: the high hand's (short deck's in its default order), else
            the low's shapes (``"No pair"`` a made low); none in badugi, whose final hands
            are counted by their cards that play.
    """

    label: str
    hands: tuple[int, ...]
    partial: bool = False
    board: bool = True
    ranges: bool = False
    hilo: bool = False
    lowest_rank: str = "2"
    draw: bool = False
    grid: bool = False
    by_hand: bool = False
    trips_switch: bool = False
    hand: str = "high hand"
    categories: tuple[tuple[int, str], ...] = ()

    @staticmethod
    def of(variant: _core.Variant) -> GameShape:
        """The shape of the game whose row is ``variant``."""
        # The Hold'em range syntax names two-card hands; the grid, its 169 classes.
        ranges = variant.hole_cards == (2,)
        full_deck = variant.deck == 52
        kind = variant.high or variant.low or "high"
        return GameShape(
            label=variant.display,
            hands=variant.hole_cards,
            partial=variant.up_cards,
            board=variant.board_cards > 0,
            ranges=ranges,
            hilo=variant.hi_lo,
            # The 36-card deck runs from the six up.
            lowest_rank="6" if variant.deck == 36 else "2",
            draw=variant.draw_rounds > 0,
            grid=ranges and full_deck,
            by_hand=ranges and full_deck and variant.high == "high",
            trips_switch=variant.high == "short-deck-high",
            hand=HAND_KINDS[kind].words,
            categories=tuple(variant.categories()),
        )


class HandKind(NamedTuple):
    """A hand kind of the variant table, the words of its hands (``_core.HAND_KINDS``).

    Attributes:
        name: The kind's name, as a row's ``high`` and ``low`` give it (``"a-5-low"``).
        words: What its hands are called (``"ace-to-five low"``).
        classes: Its ranks run from 1 to this (0: no qualifying low).
    """

    name: str
    words: str
    classes: int


HAND_KINDS: Mapping[str, HandKind] = MappingProxyType(
    {name: HandKind(name, words, classes) for name, words, classes in _core.HAND_KINDS}
)
"""Every hand kind by name."""


@lru_cache(maxsize=16_384)
def describe(kind: str, rank: int, *, trips_beat_straight: bool = True) -> str:
    """The hand of rank ``rank`` of the hand kind ``kind`` (a row's ``high`` or ``low``) in
    the kind's words, as the core writes it: what a showdown's records, the command and the
    service say of a hand. A showdown ranks a few thousand classes at most, so the words
    of each are made once.

    Raises:
        PokerError: ``kind`` is no hand kind, or ``rank`` none of its classes.

    Examples:
        >>> describe("high", 4820), describe("a-5-low", 6143), describe("eight-or-better", 0)
        ('Two pair, kings and nines', '8-6-5-3-2 low', 'no low')
        >>> describe("badugi", 1071), describe("2-7-low", 7461)
        ('7-5-3-2 badugi', '7-6-4-3-2 low')
    """
    return _core.describe_hand(kind, rank, trips_beat_straight)


SHAPES: Mapping[Game, GameShape] = {name: GameShape.of(v) for name, v in ROWS.items()}
"""Every game's [`GameShape`][pokerforge.games.GameShape], by canonical name."""


def shape_of(name: str) -> GameShape:
    """The [`GameShape`][pokerforge.games.GameShape] of the variant called ``name`` (any of its
    names).

    Raises:
        InvalidSpecError: ``name`` is no variant's name or alias.

    Examples:
        >>> shape_of("6+").lowest_rank, shape_of("razz").board
        ('6', False)
    """
    return SHAPES[game_name(name)]


def equity_problem(
    game: str, players: Sequence[str | None], board: str | None
) -> tuple[str, str] | None:
    """What is wrong with the shape of an equity request in ``game`` (a canonical name),
    as the field at fault and a sentence, or ``None``: the front ends' check before the
    core's, for what the core would name less plainly (a board in a game without one, more
    known cards than a stud hand holds).

    Examples:
        >>> equity_problem("stud", ["AhAd7c", "random"], "2c3d4h")[0]
        'board'
        >>> equity_problem("holdem", ["AhKh", "random"], "2c3d4h") is None
        True
    """
    shape = SHAPES[_NAMES[game]] if game in _NAMES else None
    text = (board or "").strip()
    if shape is not None and not shape.board and text:
        return (
            "board",
            f"{shape.label} has no board: each player's cards are their own, so the board "
            f"{text!r} is not allowed",
        )
    if shape is not None and shape.partial:
        most = max(shape.hands)
        for i, player in enumerate(players):
            try:
                count = len(_core.CardSet(player or ""))
            except ValueError:  # a range or "random": the core's to judge
                continue
            if count > most:
                return (
                    f"players[{i}]",
                    f"{shape.label} deals {most} cards to a player: {player!r} holds {count}",
                )
    return None
