"""Hand histories in the PHH format (the TOML-based Poker Hand History standard).

[`to_phh()`][pokerforge.game.to_phh] writes a hand (finished or not) as PHH text;
[`loads_phh()`][pokerforge.game.loads_phh] reads PHH text back into a [`Hand`][pokerforge.game.Hand]
by replaying every action through the engine, so a history that breaks a rule is refused with the
line and the rule. [`load_phh()`][pokerforge.game.load_phh] reads a ``.phh`` file and
[`load_many()`][pokerforge.game.load_many] several hands (one TOML table each, as in ``.phhs``
files): all of them or none. The names pair as Python's own ``load``/``loads`` do
([`from_phh()`][pokerforge.game.from_phh] is the old, deprecated name of
[`loads_phh()`][pokerforge.game.loads_phh]).

The code lives by job in [`pokerforge.game.phh`][pokerforge.game.phh] (export, reading, game, replay
and record checks), where the mapping of pokerforge onto PHH is described; this module names
its functions where they were first documented.

Examples:
    >>> from pokerforge.game import GameSpec, Hand
    >>> from pokerforge.game.history import loads_phh, to_phh
    >>> hand = Hand(GameSpec(blinds=(1, 2)), stacks=[100, 100, 100], seed=7)
    >>> _ = hand.raise_to(6); _ = hand.fold(); _ = hand.fold()
    >>> text = to_phh(hand)
    >>> [line for line in text.splitlines() if "cbr" in line or "f\\"" in line]
    ['  "p3 cbr 6",', '  "p1 f",', '  "p2 f",']
    >>> loads_phh(text).stacks == hand.stacks
    True
"""

# Every public name of pokerforge.game.phh, under its first home's name.
from pokerforge.game import phh
from pokerforge.game.phh import *  # noqa: F403

__all__ = phh.__all__
