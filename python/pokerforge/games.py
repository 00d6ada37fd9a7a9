"""The games pokerforge plays and the names it accepts for them, in one table.

Every entry point that takes a game (``equity(game=...)``, ``GameSpec(variant=...)``, the
command line's ``--game`` and the service's ``game`` field) accepts the same names and
aliases and turns them into the canonical name with :func:`game_name`. Case does not
matter, nor ``_`` for ``-``, nor spaces around the name, as in the Rust core's own parser.

Examples:
    >>> from pokerforge.games import game_name
    >>> game_name("PLO"), game_name("omaha_hi_lo"), game_name("Hold'em")
    ('omaha', 'omaha-hilo', 'holdem')
    >>> game_name("razz")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    pokerforge.errors.InvalidSpecError: 'razz' is not a game: expected holdem, omaha or ...

The game layer plays more games than the equity calculator knows: the stud family
(seven-card stud, stud hi-lo eight or better, razz). :func:`variant_name` takes every
name :func:`game_name` takes and theirs (with their PHH codes ``F7S``, ``F7S/8`` and
``FR`` as aliases):

    >>> from pokerforge.games import variant_name
    >>> variant_name("Seven_Card_Stud"), variant_name("stud8"), variant_name("FR")
    ('stud', 'stud-hilo', 'razz')
    >>> variant_name("plo")
    'omaha'

And short-deck (6+) Hold'em, with the PHH standard's ``NS`` and common names as aliases:

    >>> variant_name("6+"), variant_name("Six-Plus_Holdem"), variant_name("NS")
    ('short-deck', 'short-deck', 'short-deck')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal, cast, get_args

from pokerforge import _core
from pokerforge.errors import InvalidSpecError

__all__ = [
    "ALIASES",
    "DRAW_GAME_NAMES",
    "GAMES",
    "SHORT_DECK",
    "STUD_GAMES",
    "VARIANTS",
    "VARIANT_ALIASES",
    "DrawGameName",
    "Game",
    "GameName",
    "StudGame",
    "Variant",
    "game_name",
    "variant_name",
]

Game = Literal["holdem", "omaha", "omaha-hilo"]
"""A game's canonical name."""

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
]
"""Every spelling accepted (also in other case and with ``_`` for ``-``)."""

DrawGameName = Literal[
    "2-7-single-draw",
    "2-7-triple-draw",
    "a-5-triple-draw",
    "badugi",
    "five-card-draw",
    "n2l1d",
    "f2l3d",
    "a5-triple-draw",
    "fb",
    "5-card-draw",
]
"""Every spelling of a draw game that ``equity(game=...)`` accepts (with each player's draw;
also in other case and with ``_`` for ``-``)."""

_DRAW_CANONICAL = frozenset(get_args(DrawGameName))

DRAW_GAME_NAMES: Mapping[str, str] = {
    name: game for name, game in _core.GAME_NAMES if game in _DRAW_CANONICAL
}
"""The draw games' names in the core's table, each mapped to its canonical name (the game
layer's names for them are :func:`variant_name`'s)."""

# The core keeps the one table of names (Game::NAMES); ``GameName`` above spells them out for
# type checkers, and a test holds the two equal. The draw games have no board: they are
# their own table above.
_NAMES: Mapping[str, Game] = {
    name: cast("Game", game) for name, game in _core.GAME_NAMES if game not in _DRAW_CANONICAL
}

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
        f"{name!r} is not a game: expected holdem, omaha or omaha-hilo "
        f"(or an alias: {', '.join(ALIASES)})"
    )


StudGame = Literal["stud", "stud-hilo", "razz"]
"""A stud game's canonical name (played by the game layer; see :func:`variant_name`)."""

Variant = Literal["holdem", "omaha", "omaha-hilo", "stud", "stud-hilo", "razz", "short-deck"]
"""A variant the game layer plays: every game, the stud family and short-deck Hold'em."""

STUD_GAMES: tuple[StudGame, ...] = ("stud", "stud-hilo", "razz")
"""The stud family, in the order of their variant codes after the games'."""

SHORT_DECK: Literal["short-deck"] = "short-deck"
"""Short-deck (6+) Hold'em: 36 cards, six to ace (played by the game layer)."""

VARIANTS: tuple[Variant, ...] = (*GAMES, *STUD_GAMES, SHORT_DECK)
"""Every variant's canonical name, in the order of the game layer's variant codes."""

# Other names of the stud games: common spellings and the PHH standard's variant codes
# (F7S, F7S/8, FR: all three fixed-limit, the only structure stud is played at here).
_STUD_ALIASES: dict[str, StudGame] = {
    "seven-card-stud": "stud",
    "7-card-stud": "stud",
    "7-stud": "stud",
    "stud-hi": "stud",
    "f7s": "stud",
    "stud-hi-lo": "stud-hilo",
    "stud8": "stud-hilo",
    "stud-8": "stud-hilo",
    "seven-card-stud-hi-lo": "stud-hilo",
    "7-card-stud-hi-lo": "stud-hilo",
    "f7s/8": "stud-hilo",
    "seven-card-razz": "razz",
    "fr": "razz",
}

# Other names of short-deck Hold'em: the PHH standard's code NS (no-limit, as it is mostly
# played; the betting structure is the spec's own field) and the common spellings.
_SHORT_DECK_ALIASES: dict[str, Literal["short-deck"]] = {
    name: SHORT_DECK
    for name in (
        "shortdeck",
        "short-deck-holdem",
        "6+",
        "6-plus",
        "6+-holdem",
        "six-plus",
        "six-plus-holdem",
        "ns",
    )
}

VARIANT_ALIASES: Mapping[str, Variant] = {**ALIASES, **_STUD_ALIASES, **_SHORT_DECK_ALIASES}
"""Other names for the variants, each mapped to its canonical name."""

_VARIANT_NAMES: Mapping[str, Variant] = {
    **{name: name for name in VARIANTS},
    **VARIANT_ALIASES,
}


def variant_name(name: str) -> Variant:
    """The canonical name of the variant called ``name`` (a game, a stud game or
    short-deck Hold'em).

    Case does not matter, nor ``_`` for ``-``, nor spaces around the name, as for
    :func:`game_name`.

    Raises:
        InvalidSpecError: ``name`` is no variant's name or alias.

    Examples:
        >>> variant_name("7_card_stud"), variant_name("F7S/8"), variant_name("Hold'em")
        ('stud', 'stud-hilo', 'holdem')
        >>> variant_name("badugi")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        pokerforge.errors.InvalidSpecError: 'badugi' is not a game: expected holdem, ...
    """
    if isinstance(name, str):
        variant = _VARIANT_NAMES.get(name.strip().lower().replace("_", "-"))
        if variant is not None:
            return variant
    raise InvalidSpecError(
        f"{name!r} is not a game: expected {', '.join(VARIANTS)} "
        f"(or an alias: {', '.join(VARIANT_ALIASES)})"
    )
