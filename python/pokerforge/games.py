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
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal, cast

from pokerforge import _core
from pokerforge.errors import InvalidSpecError

__all__ = ["ALIASES", "GAMES", "Game", "GameName", "game_name"]

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

# The core keeps the one table of names (Game::NAMES); ``GameName`` above spells them out for
# type checkers, and a test holds the two equal.
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
        f"{name!r} is not a game: expected holdem, omaha or omaha-hilo "
        f"(or an alias: {', '.join(ALIASES)})"
    )
