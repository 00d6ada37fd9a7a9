"""Gymnasium ids for the environments: ``gymnasium.make("pokerforge/HoldemNL-v0")``.

Registered when [`pokerforge.rl`][pokerforge.rl] is imported with Gymnasium installed (the ``rl``
extra); ``gymnasium.make("pokerforge.rl:pokerforge/HoldemNL-v0")`` imports it first.
Every id makes a [`PokerEnv`][pokerforge.rl.PokerEnv] and takes its keywords (``seats``,
``opponents``, ``stacks``, ...); the game is the id's.

The ids come from the variant table: one per game and betting structure it is played in,
``pokerforge/<name><NL|PL|FL>-v0``, the name being the game's display name with its words
run together (`id_name()`). Each game is dealt with the stakes of `stakes()`:
blinds 1/2 in the games with blinds, antes of 1 and a bring-in of 1 in the stud family,
fixed-limit bets of 2 and 4. For example:

- ``pokerforge/HoldemNL-v0``: no-limit Hold'em, blinds 1/2;
- ``pokerforge/HoldemFL-v0``: fixed-limit Hold'em, blinds 1/2, bets 2/4;
- ``pokerforge/OmahaPL-v0``, ``pokerforge/OmahaHiLoPL-v0``: pot-limit Omaha and Omaha
  Hi-Lo, blinds 1/2;
- ``pokerforge/SevenCardStudFL-v0``, ``pokerforge/RazzFL-v0``: stud and razz, antes 1,
  bring-in 1, bets 2/4;
- ``pokerforge/DeuceToSevenTripleDrawFL-v0``, ``pokerforge/BadugiFL-v0``: 2-7 triple draw
  and badugi, blinds 1/2, bets 2/4.

Examples:
    >>> import gymnasium
    >>> import pokerforge.rl
    >>> env = gymnasium.make("pokerforge/OmahaPL-v0", seats=3)
    >>> env.unwrapped.tables.spec.betting, env.unwrapped.tables.spec.variant
    ('pot-limit', 'omaha')
    >>> GAMES["pokerforge/RazzFL-v0"].bring_in, len(GAMES)
    (1, 39)
"""

from __future__ import annotations

import re
from typing import Any

from gymnasium.envs.registration import register, registry

from pokerforge._core import VARIANTS, Variant
from pokerforge.game import GameSpec

__all__ = ["GAMES", "id_name", "make_env", "register_envs", "stakes"]

# The id's suffix of each betting structure.
_STRUCTURES = {"no-limit": "NL", "pot-limit": "PL", "fixed-limit": "FL"}


def id_name(variant: Variant) -> str:
    """The game's part of its ids: its display name's words, each capitalised, run
    together.

    Examples:
        >>> from pokerforge.games import row
        >>> [id_name(row(name)) for name in ("holdem", "omaha-hilo", "2-7-single-draw", "6+")]
        ['Holdem', 'OmahaHiLo', 'DeuceToSevenSingleDraw', 'ShortDeckHoldem']
    """
    words = re.split(r"[^A-Za-z0-9]+", variant.display.replace("'", ""))
    return "".join(word[:1].upper() + word[1:] for word in words if word)


def stakes(variant: Variant, betting: str) -> GameSpec:
    """The game of ``variant`` in ``betting`` as the ids deal it: its forced bets as its
    row says (blinds 1/2, or antes of 1 and a bring-in of 1), fixed-limit bets of 2 and 4.

    Examples:
        >>> from pokerforge.games import row
        >>> spec = stakes(row("stud"), "fixed-limit")
        >>> spec.ante, spec.bring_in, spec.small_bet, spec.big_bet
        (1, 1, 2, 4)
    """
    settings: dict[str, Any] = {"variant": variant.name, "betting": betting}
    if variant.forced == "bring-in":
        settings |= {"ante": 1, "bring_in": 1}
    else:
        settings["blinds"] = (1, 2)
    if betting == "fixed-limit":
        settings |= {"small_bet": 2, "big_bet": 4}
    return GameSpec(**settings)


#: The game of each id: every row of the variant table in every structure it is played in.
GAMES: dict[str, GameSpec] = {
    f"pokerforge/{id_name(v)}{_STRUCTURES[betting]}-v0": stakes(v, betting)
    for v in VARIANTS
    for betting in v.structures
}


def make_env(env_id: str, **settings: Any) -> Any:
    """The [`PokerEnv`][pokerforge.rl.PokerEnv] of ``env_id`` with ``settings``."""
    from pokerforge.rl.env import PokerEnv  # noqa: PLC0415 - Gymnasium's entry point

    return PokerEnv(GAMES[env_id], **settings)


def register_envs() -> None:
    """Registers every id of `GAMES` with Gymnasium (once)."""
    for env_id in GAMES:
        if env_id not in registry:
            register(
                id=env_id,
                entry_point="pokerforge.rl.registry:make_env",
                kwargs={"env_id": env_id},
                disable_env_checker=True,  # checked in the suite (tests/rl/test_checkers.py)
            )
