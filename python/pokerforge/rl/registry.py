"""Gymnasium ids for the environments: ``gymnasium.make("pokerforge/HoldemNL-v0")``.

Registered when :mod:`pokerforge.rl` is imported with Gymnasium installed (the ``rl``
extra); ``gymnasium.make("pokerforge.rl:pokerforge/HoldemNL-v0")`` imports it first.
Every id makes a :class:`~pokerforge.rl.PokerEnv` and takes its keywords (``seats``,
``opponents``, ``stacks``, ...); the game is the id's:

========================== =================================================
``pokerforge/HoldemNL-v0``   no-limit Hold'em, blinds 1/2
``pokerforge/HoldemFL-v0``   fixed-limit Hold'em, blinds 1/2, bets 2/4
``pokerforge/OmahaPL-v0``    pot-limit Omaha, blinds 1/2
``pokerforge/OmahaHiLoPL-v0`` pot-limit Omaha Hi-Lo, blinds 1/2
========================== =================================================

Examples:
    >>> import gymnasium
    >>> import pokerforge.rl
    >>> env = gymnasium.make("pokerforge/OmahaPL-v0", seats=3)
    >>> env.unwrapped.tables.spec.betting, env.unwrapped.tables.spec.variant
    ('pot-limit', 'omaha')
"""

from __future__ import annotations

from typing import Any

from gymnasium.envs.registration import register, registry

from pokerforge.game import GameSpec

__all__ = ["GAMES", "make_env", "register_envs"]

#: The game of each id.
GAMES: dict[str, GameSpec] = {
    "pokerforge/HoldemNL-v0": GameSpec(blinds=(1, 2)),
    "pokerforge/HoldemFL-v0": GameSpec(
        betting="fixed-limit", blinds=(1, 2), small_bet=2, big_bet=4
    ),
    "pokerforge/OmahaPL-v0": GameSpec(variant="omaha", betting="pot-limit", blinds=(1, 2)),
    "pokerforge/OmahaHiLoPL-v0": GameSpec(variant="omaha-hilo", betting="pot-limit", blinds=(1, 2)),
}


def make_env(env_id: str, **settings: Any) -> Any:
    """The :class:`~pokerforge.rl.PokerEnv` of ``env_id`` with ``settings``."""
    from pokerforge.rl.env import PokerEnv  # noqa: PLC0415 - Gymnasium's entry point

    return PokerEnv(GAMES[env_id], **settings)


def register_envs() -> None:
    """Registers every id of :data:`GAMES` with Gymnasium (once)."""
    for env_id in GAMES:
        if env_id not in registry:
            register(
                id=env_id,
                entry_point="pokerforge.rl.registry:make_env",
                kwargs={"env_id": env_id},
                disable_env_checker=True,  # checked in the suite (tests/rl/test_checkers.py)
            )
