"""The games pokerforge plays and the names it accepts for them, in one table.

Every entry point that takes a game (``equity(game=...)``, ``GameSpec(variant=...)``, the
command line's ``--game`` and the service's ``game`` field) accepts the same names and
aliases and turns them into the canonical name with :func:`game_name`. Case does not
matter, nor ``_`` for ``-``, nor spaces around the name, as in the Rust core's own parser.

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

The games are those ``equity`` counts and the game layer plays: Hold'em, Omaha, Omaha
Hi-Lo, the stud family (seven-card stud, stud hi-lo eight or better, razz; the PHH codes
``F7S``, ``F7S/8`` and ``FR`` among their aliases), short-deck (6+) Hold'em (``NS``) and
the draw games (deuce-to-seven single and triple draw, ace-to-five triple draw, badugi,
five-card draw; the PHH codes ``N2L1D``, ``F2L3D`` and ``FB`` among their aliases), all
from the core's one table of names. :func:`variant_name` is :func:`game_name` by the game
layer's word:

    >>> from pokerforge.games import variant_name
    >>> game_name("N2L1D"), variant_name("badugi"), variant_name("plo")
    ('2-7-single-draw', 'badugi', 'omaha')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal, cast

from pokerforge import _core
from pokerforge.errors import InvalidSpecError

__all__ = [
    "ALIASES",
    "DRAW_GAMES",
    "DRAW_GAME_NAMES",
    "GAMES",
    "SHAPES",
    "SHORT_DECK",
    "STUD_GAMES",
    "VARIANTS",
    "VARIANT_ALIASES",
    "DrawGame",
    "DrawGameName",
    "Game",
    "GameName",
    "GameShape",
    "StudGame",
    "Variant",
    "equity_problem",
    "game_name",
    "shape_of",
    "variant_name",
]

StudGame = Literal["stud", "stud-hilo", "razz"]
"""A stud game's canonical name."""

DrawGame = Literal[
    "2-7-single-draw", "2-7-triple-draw", "a-5-triple-draw", "badugi", "five-card-draw"
]
"""A draw game's canonical name (played by the game layer; see :func:`variant_name`)."""

DRAW_GAMES: tuple[DrawGame, ...] = (
    "2-7-single-draw",
    "2-7-triple-draw",
    "a-5-triple-draw",
    "badugi",
    "five-card-draw",
)
"""The draw games, in the order of their variant codes after short-deck's."""

Game = Literal["holdem", "omaha", "omaha-hilo", StudGame, "short-deck", DrawGame]
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
:data:`GameName`: ``equity(game=...)`` counts them with each player's draw, and
``GameSpec`` plays them."""

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
]
"""Every spelling accepted (also in other case and with ``_`` for ``-``), the draw games'
(:data:`DrawGameName`) among them."""

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


Variant = Game
"""A variant the game layer plays: every game (equity counts them all)."""

STUD_GAMES: tuple[StudGame, ...] = ("stud", "stud-hilo", "razz")
"""The stud family, in the order of their variant codes after the board games'."""

SHORT_DECK: Literal["short-deck"] = "short-deck"
"""Short-deck (6+) Hold'em: 36 cards, six to ace (one of the games; its aliases are the
core's)."""

VARIANTS: tuple[Variant, ...] = GAMES
"""Every variant's canonical name, in the order of the game layer's variant codes (the
core's game codes): the games, the same table."""

# The draw games' other names in the core's table are the PHH standard's codes (N2L1D
# no-limit deuce-to-seven single draw, F2L3D fixed-limit deuce-to-seven triple draw, FB
# fixed-limit badugi; the betting structure is the spec's own field) and common spellings.
VARIANT_ALIASES: Mapping[str, Variant] = ALIASES
"""Other names for the variants, each mapped to its canonical name (:data:`ALIASES`)."""

_VARIANT_NAMES: Mapping[str, Variant] = {
    **{name: name for name in VARIANTS},
    **VARIANT_ALIASES,
}


def variant_name(name: str) -> Variant:
    """The canonical name of the variant called ``name``: :func:`game_name` by the game
    layer's word.

    Case does not matter, nor ``_`` for ``-``, nor spaces around the name, as for
    :func:`game_name`.

    Raises:
        InvalidSpecError: ``name`` is no variant's name or alias.

    Examples:
        >>> variant_name("7_card_stud"), variant_name("F7S/8"), variant_name("Hold'em")
        ('stud', 'stud-hilo', 'holdem')
        >>> variant_name("pineapple")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        pokerforge.errors.InvalidSpecError: 'pineapple' is not a game: expected holdem, ...
    """
    if isinstance(name, str):
        variant = _VARIANT_NAMES.get(name.strip().lower().replace("_", "-"))
        if variant is not None:
            return variant
    raise InvalidSpecError(
        f"{name!r} is not a game: expected {', '.join(VARIANTS)} "
        f"(or an alias: {', '.join(VARIANT_ALIASES)})"
    )


@dataclass(frozen=True, slots=True)
class GameShape:
    """What a player of a variant holds and what else is dealt: the shape of input the
    command line, the service and the web calculator ask for (the core checks the cards
    themselves).

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
    """

    label: str
    hands: tuple[int, ...]
    partial: bool = False
    board: bool = True
    ranges: bool = False
    hilo: bool = False
    lowest_rank: str = "2"
    draw: bool = False


SHAPES: Mapping[Variant, GameShape] = {
    "holdem": GameShape("Hold'em", (2,), ranges=True),
    "omaha": GameShape("Omaha", (4, 5, 6)),
    "omaha-hilo": GameShape("Omaha Hi-Lo", (4, 5, 6), hilo=True),
    "stud": GameShape("Seven-card stud", (7,), partial=True, board=False),
    "stud-hilo": GameShape("Seven-card stud hi-lo", (7,), partial=True, board=False, hilo=True),
    "razz": GameShape("Razz", (7,), partial=True, board=False),
    "short-deck": GameShape("Short-deck Hold'em", (2,), ranges=True, lowest_rank="6"),
    "2-7-single-draw": GameShape("Deuce-to-seven single draw", (5,), board=False, draw=True),
    "2-7-triple-draw": GameShape("Deuce-to-seven triple draw", (5,), board=False, draw=True),
    "a-5-triple-draw": GameShape("Ace-to-five triple draw", (5,), board=False, draw=True),
    "badugi": GameShape("Badugi", (4,), board=False, draw=True),
    "five-card-draw": GameShape("Five-card draw", (5,), board=False, draw=True),
}
"""Every variant's :class:`GameShape`, by canonical name."""


def shape_of(name: str) -> GameShape:
    """The :class:`GameShape` of the variant called ``name`` (any of its names).

    Raises:
        InvalidSpecError: ``name`` is no variant's name or alias.

    Examples:
        >>> shape_of("6+").lowest_rank, shape_of("razz").board
        ('6', False)
    """
    return SHAPES[variant_name(name)]


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
    shape = SHAPES.get(variant_name(game)) if game in _VARIANT_NAMES else None
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
