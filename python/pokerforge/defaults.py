"""The defaults every entry point shares: the command, Python and the equity service give
the same answer to the same question unless told otherwise (docs/defaults.md).

Examples:
    >>> from pokerforge import equity
    >>> one = equity(["AhKh", "random", "random"], samples=10_000)
    >>> one.seed == SEED and one.players == equity(["AhKh", "random", "random"],
    ...                                            samples=10_000).players
    True
"""

from __future__ import annotations

from typing import Final

__all__ = ["SAMPLES", "SEED"]

SEED: Final = 0
"""The Monte Carlo seed of every answer not given one (equity, ICM by sampling,
simulations; the command, Python and the service): the same question, the same answer,
with the seed reported in the result. Pass ``seed=None`` (Python) for a fresh one. Games
are dealt at random unless seeded: a ``Hand``, ``Table`` or ``Deck`` without a seed draws
one."""

SAMPLES: Final = 1_000_000
"""The Monte Carlo deals of an equity question asked without ``samples``, a target error
or a time limit (the core's default, which the service uses too)."""
