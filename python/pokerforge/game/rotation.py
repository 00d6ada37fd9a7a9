"""Mixed games: several games dealt in turn at one table (HORSE, 8-game, a list you give).

A [`Rotation`][pokerforge.game.Rotation] is the games in order and when the game changes: after a
number of hands (``hands=8``), or after an orbit (``every="orbit"``: as many hands as players were
dealt into the game's first hand, so that each of them deals the game once). A
[`Table`][pokerforge.game.Table] or [`Tournament`][pokerforge.game.Tournament] takes one wherever
it takes a [`GameSpec`][pokerforge.game.GameSpec]; the button moves one seat a hand through
every game, those dealt without one (the stud family) included, where it only keeps the
count (docs/rules.md, rule 30c).

Games are given as specs, or by name with the rotation's limits: a game's name, or a name
and its structure (``"holdem-fl"``, ``"omaha-pl"``, ``"holdem-nl"``); a name alone is the
game's usual structure (its row's first: fixed-limit Omaha hi-lo, stud, razz, stud hi-lo
and triple draw, no-limit Hold'em, pot-limit Omaha). From ``small_bet`` and ``big_bet``:
the blinds are half the small bet and the small bet, in every structure; the stud family
antes a fifth of the small bet and brings it in for a quarter of it (at least a chip
each); fixed-limit games bet the small and the big bet.

Examples:
    >>> from pokerforge.game import Rotation
    >>> horse = Rotation.horse(small_bet=4, big_bet=8, hands=8)
    >>> [(spec.variant, spec.betting) for spec in horse.games][:3]
    [('holdem', 'fixed-limit'), ('omaha-hilo', 'fixed-limit'), ('razz', 'fixed-limit')]
    >>> razz = horse.games[2]
    >>> razz.ante, razz.bring_in, razz.small_bet, razz.big_bet
    (1, 1, 4, 8)
    >>> [spec.variant for spec in Rotation.eight_game(small_bet=10, big_bet=20).games]
    ['2-7-triple-draw', 'holdem', 'omaha-hilo', 'razz', 'stud', 'stud-hilo', 'holdem', 'omaha']
    >>> Rotation(["holdem-fl", "razz"], hands=2, small_bet=2).at(played=5, players=6)
    0
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from pokerforge.errors import InvalidSpecError
from pokerforge.game.spec import GameSpec
from pokerforge.games import game_name, row

__all__ = ["EIGHT_GAME", "HORSE", "Rotation"]

Every = Literal["orbit"]

HORSE = ("holdem-fl", "omaha-hilo", "razz", "stud", "stud-hilo")
"""HORSE: limit Hold'em, Omaha hi-lo, razz, seven-card stud, stud hi-lo."""

EIGHT_GAME = (
    "2-7-triple-draw",
    "holdem-fl",
    "omaha-hilo",
    "razz",
    "stud",
    "stud-hilo",
    "holdem-nl",
    "omaha-pl",
)
"""The 8-game mix: the HORSE games, deuce-to-seven triple draw, no-limit Hold'em and
pot-limit Omaha."""

_STRUCTURES = {"fl": "fixed-limit", "nl": "no-limit", "pl": "pot-limit"}


def _spec(name: str, small_bet: int, big_bet: int) -> GameSpec:
    """The spec of the game called ``name`` (and its structure) at these limits."""
    base, _, suffix = name.strip().lower().rpartition("-")
    if suffix in _STRUCTURES and base:
        game, betting = game_name(base), _STRUCTURES[suffix]
    else:
        game = game_name(name)
        betting = row(game).structures[0]
    limits = {"small_bet": small_bet, "big_bet": big_bet} if betting == "fixed-limit" else {}
    if row(game).forced == "bring-in":
        return GameSpec(
            variant=game,
            betting="fixed-limit",
            ante=max(1, small_bet // 5),
            bring_in=max(1, small_bet // 4),
            small_bet=small_bet,
            big_bet=big_bet,
        )
    return GameSpec(
        variant=game,
        betting=betting,  # type: ignore[arg-type]
        blinds=(max(1, small_bet // 2), small_bet),
        **limits,  # type: ignore[arg-type]
    )


class Rotation:
    """Games dealt in turn, each for ``hands`` hands or one orbit (``every="orbit"``).

    Args:
        games: the games in order: specs, or names (see the module's doc) priced by
            ``small_bet`` and ``big_bet``.
        hands: the hands each game is dealt before the next.
        every: ``"orbit"``: each game is dealt once by every player dealt into its first
            hand.
        small_bet: the small bet of the games given by name.
        big_bet: their big bet (default: twice the small bet).

    Raises:
        InvalidSpecError: no games, neither or both of ``hands`` and ``every``, a name that
            is no game, or limits missing for games given by name.
    """

    __slots__ = ("every", "games", "hands")

    def __init__(
        self,
        games: Sequence[GameSpec | str],
        *,
        hands: int | None = None,
        every: Every | None = None,
        small_bet: int | None = None,
        big_bet: int | None = None,
    ) -> None:
        if isinstance(games, str) or not games:
            raise InvalidSpecError(f"a rotation needs a list of games, not {games!r}")
        if (hands is None) == (every is None):
            raise InvalidSpecError(
                "a rotation changes the game after a number of hands (hands=8) or every "
                "orbit (every='orbit'): give one of them"
            )
        if every is not None and every != "orbit":
            raise InvalidSpecError(f"every must be 'orbit', not {every!r}")
        if hands is not None and (
            isinstance(hands, bool) or not isinstance(hands, int) or hands < 1
        ):
            raise InvalidSpecError(f"hands must be a whole number of at least 1, not {hands!r}")
        specs = []
        for game in games:
            if isinstance(game, GameSpec):
                specs.append(game)
                continue
            if not isinstance(game, str):
                raise InvalidSpecError(
                    f"a game of a rotation is a GameSpec or a name, not {game!r}"
                )
            if small_bet is None:
                raise InvalidSpecError(
                    f"the game {game!r} is given by name: the rotation needs its limits "
                    "(small_bet=..., big_bet=...)"
                )
            specs.append(_spec(game, small_bet, 2 * small_bet if big_bet is None else big_bet))
        self.games: tuple[GameSpec, ...] = tuple(specs)
        """The games, in the order dealt."""
        self.hands = hands
        """The hands each game is dealt (``None``: an orbit each)."""
        self.every = every
        """``"orbit"``, or ``None`` when each game is dealt ``hands`` hands."""

    @classmethod
    def horse(
        cls, *, small_bet: int, big_bet: int | None = None, hands: int | None = None
    ) -> Rotation:
        """HORSE at these limits, a game an orbit unless ``hands`` says otherwise."""
        every: Every | None = "orbit" if hands is None else None
        return cls(HORSE, hands=hands, every=every, small_bet=small_bet, big_bet=big_bet)

    @classmethod
    def eight_game(
        cls, *, small_bet: int, big_bet: int | None = None, hands: int | None = None
    ) -> Rotation:
        """The 8-game mix at these limits, a game an orbit unless ``hands`` says otherwise."""
        every: Every | None = "orbit" if hands is None else None
        return cls(EIGHT_GAME, hands=hands, every=every, small_bet=small_bet, big_bet=big_bet)

    def length(self, players: int) -> int:
        """The hands a game lasts when ``players`` are dealt into its first hand."""
        return players if self.hands is None else self.hands

    def at(self, *, played: int, players: int) -> int:
        """The game of the hand after ``played`` hands of a rotation of ``hands`` each (an
        orbit's count needs the table: [`Table`][pokerforge.game.Table] keeps it), as an
        index into [`games`][pokerforge.games]."""
        return (played // self.length(players)) % len(self.games)

    def with_games(self, games: Sequence[GameSpec]) -> Rotation:
        """The same rotation with other specs of its games (a tournament level's)."""
        if len(games) != len(self.games):
            raise InvalidSpecError(f"{len(games)} games for a rotation of {len(self.games)}")
        return Rotation(games, hands=self.hands, every=self.every)

    def __repr__(self) -> str:
        when = f"hands={self.hands}" if self.hands is not None else "every='orbit'"
        names = ", ".join(f"{spec.variant} {spec.betting}" for spec in self.games)
        return f"Rotation([{names}], {when})"
