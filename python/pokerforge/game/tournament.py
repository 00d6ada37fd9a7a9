"""Tournaments: a blind and ante schedule, eliminations and finishing places.

Blinds and antes rise by a [`BlindSchedule`][pokerforge.game.BlindSchedule], level by level, after a
number of hands or a length of time (rule 30); the blinds never go down, while a level may change
the ante freely (lower it, drop it, or change its kind). The stud family's levels raise the ante,
the bring-in and the limits instead (``Level(ante=1, bring_in=2, small_bet=5,
big_bet=10)``); a fixed-limit level may give its bets, else they are the big blind and
twice it. The level of a hand is fixed when the hand
starts, so a level that expires during a hand applies from the next one. Time comes from a
clock passed in (``time.monotonic`` by default), so tests can drive it exactly. Players with
no chips are eliminated; when several bust in the same hand, the one who started it with
more chips places higher (TR 126b); players who started it with the same chips share the
place.

Examples:
    >>> from pokerforge.game import Decision, GameSpec
    >>> from pokerforge.game.tournament import BlindSchedule, Level, Tournament
    >>> schedule = BlindSchedule([Level(10, 20, length=2), Level(20, 40, ante=5)])
    >>> event = Tournament(GameSpec(), schedule, players=[("Ann", 500), ("Bob", 500)], seed=1)
    >>> fold = lambda view, legal: Decision.fold()
    >>> [event.play_hand(fold).hand.spec.blinds for _ in range(3)]
    [(10, 20), (10, 20), (20, 40)]
    >>> event.level_number, event.level.big_blind, event.level.ante
    (2, 40, 5)
"""

from __future__ import annotations

import time
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Literal

from pokerforge.errors import IllegalActionError, InvalidSpecError
from pokerforge.game.hand import Hand
from pokerforge.game.players import Players
from pokerforge.game.rotation import Rotation
from pokerforge.game.spec import AnteKind, GameSpec
from pokerforge.game.table import Table, TableHand

__all__ = ["BlindSchedule", "Level", "Tournament", "level_games", "level_spec"]

LevelUnit = Literal["hands", "seconds"]


@dataclass(frozen=True, slots=True)
class Level:
    """One level of a schedule.

    Attributes:
        small_blind: the small blind (0 in the stud family).
        big_blind: the big blind (0 in the stud family).
        ante: the ante.
        length: how long the level lasts, in the schedule's unit (``None``: for ever; only
            the last level may last for ever).
        ante_kind: ``"uniform"`` or ``"big-blind"``; ``None``: as the tournament's spec.
        bring_in: the stud family's bring-in (``None`` in the games with blinds).
        small_bet: the fixed-limit small bet (``None``: the big blind).
        big_bet: the fixed-limit big bet (``None``: twice the big blind).
    """

    small_blind: int = 0
    big_blind: int = 0
    ante: int = 0
    length: float | None = None
    ante_kind: AnteKind | None = None
    bring_in: int | None = None
    small_bet: int | None = None
    big_bet: int | None = None

    def _sizes(self) -> tuple[int, ...]:
        """What may never go down from one level to the next (rule 30): the blinds, the
        bring-in and the limits."""
        return (
            self.small_blind,
            self.big_blind,
            self.bring_in or 0,
            self.small_bet or 0,
            self.big_bet or 0,
        )


class BlindSchedule:
    """Levels that rise by hands played or by time.

    Args:
        levels: the levels in order; each must change something and lower neither blind
            (the ante may change freely, rule 30).
        unit: ``"hands"`` or ``"seconds"``: what the levels' lengths count.

    Raises:
        InvalidSpecError: no levels, a bad length, or a level that does not increase (the
            message names the level, counting from 1).

    Examples:
        >>> schedule = BlindSchedule([Level(5, 10, length=60), Level(10, 20)], unit="seconds")
        >>> schedule.level_at(hands=0, seconds=59.9), schedule.level_at(hands=0, seconds=60)
        (0, 1)
        >>> BlindSchedule([Level(5, 10, length=3), Level(5, 10)])  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        pokerforge.errors.InvalidSpecError: level 2 (blinds 5/10, ante 0) changes nothing on ...
    """

    def __init__(self, levels: Sequence[Level], *, unit: LevelUnit = "hands") -> None:
        levels = list(levels)
        if not levels:
            raise InvalidSpecError("a schedule needs at least one level")
        if unit not in ("hands", "seconds"):
            raise InvalidSpecError(f"unit must be 'hands' or 'seconds', not {unit!r}")
        for number, level in enumerate(levels, 1):
            if not isinstance(level, Level):
                raise InvalidSpecError(f"level {number} must be a Level, not {level!r}")
            length = level.length
            last = number == len(levels)
            if length is None and not last:
                raise InvalidSpecError(
                    f"level {number} needs a length: only the last may last for ever"
                )
            if length is not None and (isinstance(length, bool) or not length > 0):
                raise InvalidSpecError(f"level {number}'s length must be above 0, not {length!r}")
            if level.big_blind or level.bring_in is None:  # blinds: checked as Hold'em's
                try:
                    GameSpec(
                        blinds=(level.small_blind, level.big_blind),
                        ante=level.ante,
                        ante_kind=level.ante_kind or "uniform",
                    )
                except InvalidSpecError as err:
                    raise InvalidSpecError(f"level {number}: {err}") from None
            if number > 1:
                prev = levels[number - 2]
                if replace(level, length=None) == replace(prev, length=None):
                    raise InvalidSpecError(
                        f"level {number} ({_describe(level)}) changes nothing on "
                        f"level {number - 1} ({_describe(prev)})"
                    )
                if any(a < b for a, b in zip(level._sizes(), prev._sizes(), strict=True)):
                    raise InvalidSpecError(
                        f"level {number} ({_describe(level)}) lowers the "
                        f"{'blinds' if level.bring_in is None else 'bring-in or the limits'} "
                        f"of level {number - 1} ({_describe(prev)}) (rule 30)"
                    )
        self.levels: tuple[Level, ...] = tuple(levels)
        self.unit: LevelUnit = unit

    def level_at(self, *, hands: int, seconds: float) -> int:
        """The index of the level in force after ``hands`` hands or ``seconds`` seconds."""
        elapsed = hands if self.unit == "hands" else seconds
        for index, level in enumerate(self.levels):
            if level.length is None or elapsed < level.length:
                return index
            elapsed -= level.length
        return len(self.levels) - 1


def _describe(level: Level) -> str:
    kind = f" ({level.ante_kind})" if level.ante_kind else ""
    limits = f", bets {level.small_bet}/{level.big_bet}" if level.small_bet is not None else ""
    if level.bring_in is not None:
        return f"ante {level.ante}, bring-in {level.bring_in}{limits}"
    return f"blinds {level.small_blind}/{level.big_blind}, ante {level.ante}{kind}{limits}"


def level_spec(spec: GameSpec, level: Level) -> GameSpec:
    """``spec`` with the forced bets of ``level``: the blinds and ante, or in a game with a
    bring-in the ante and the bring-in; fixed-limit bets as the level gives them, else the
    big blind and twice the big blind. A level with both blinds and a bring-in is a mixed
    game's (a [`Rotation`][pokerforge.game.Rotation]): each game takes its own, and the ante is
    the stud games' alone.

    Raises:
        InvalidSpecError: the level does not fit the game (no bring-in for stud, say),
            naming the level's values.

    Examples:
        >>> level_spec(GameSpec(ante=5), Level(10, 20, ante=20, ante_kind="big-blind")).ante_kind
        'big-blind'
        >>> stud = GameSpec(variant="razz", betting="fixed-limit", ante=1, bring_in=1,
        ...                 small_bet=2, big_bet=4)
        >>> spec = level_spec(stud, Level(ante=2, bring_in=3, small_bet=10, big_bet=20))
        >>> spec.ante, spec.bring_in, spec.small_bet, spec.big_bet
        (2, 3, 10, 20)
    """
    small_bet, big_bet = level.small_bet, level.big_bet
    if spec.betting == "fixed-limit" and small_bet is None:
        small_bet, big_bet = level.big_blind, 2 * level.big_blind
    elif spec.betting != "fixed-limit":
        small_bet = big_bet = None
    try:
        if spec.row.forced != "blinds":
            if level.bring_in is None:
                raise InvalidSpecError(f"{spec.variant} needs a bring-in in every level")
            return replace(
                spec,
                ante=level.ante,
                bring_in=level.bring_in,
                small_bet=small_bet,
                big_bet=big_bet,
            )
        if not level.big_blind:
            raise InvalidSpecError(f"{spec.variant} needs blinds in every level")
        return replace(
            spec,
            blinds=(level.small_blind, level.big_blind),
            # A level with a bring-in is a mixed game's: its ante is the stud games'.
            ante=level.ante if level.bring_in is None else 0,
            ante_kind=level.ante_kind or spec.ante_kind,
            small_bet=small_bet,
            big_bet=big_bet,
        )
    except InvalidSpecError as err:
        raise InvalidSpecError(f"the level ({_describe(level)}) does not fit: {err}") from None


def level_games(game: GameSpec | Rotation, schedule: BlindSchedule) -> list[GameSpec | Rotation]:
    """The game of each level of ``schedule``: ``game`` (every game of a rotation) with the
    level's forced bets.

    Raises:
        InvalidSpecError: a level that does not fit a game, named by its number.
    """
    games: list[GameSpec | Rotation] = []
    for number, level in enumerate(schedule.levels, 1):
        try:
            if isinstance(game, Rotation):
                games.append(game.with_games([level_spec(g, level) for g in game.games]))
            else:
                games.append(level_spec(game, level))
        except InvalidSpecError as err:
            raise InvalidSpecError(f"level {number}: {err}") from None
    return games


class Tournament:
    """A one-table tournament: a [`Table`][pokerforge.game.Table] whose blinds follow a schedule.

    Args:
        spec: the game, or a [`Rotation`][pokerforge.game.Rotation] of games; its forced
            bets are replaced by each level's (see `level_spec()`).
        schedule: the [`BlindSchedule`][pokerforge.game.BlindSchedule].
        players: ``(name, chips)`` pairs, seated from seat 0.
        seats: the table's seats (at least the number of players).
        button: the first button's seat.
        seed: seeds every deck.
        clock: returns the time in seconds (``time.monotonic`` by default); read when the
            tournament is made and when each hand starts.

    Raises:
        InvalidSpecError: fewer than two players, a bad seating, or a level that does not
            fit the game.
    """

    def __init__(
        self,
        spec: GameSpec | Rotation,
        schedule: BlindSchedule,
        *,
        players: Sequence[tuple[str, int]],
        seats: int = 10,
        button: int = 0,
        seed: int | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        if len(players) < 2:
            raise InvalidSpecError(f"a tournament needs at least two players, not {len(players)}")
        if len(players) > seats:
            raise InvalidSpecError(f"{len(players)} players do not fit at {seats} seats")
        self.schedule = schedule
        self.table = Table(spec, seats=seats, button=button, seed=seed)
        for seat, (name, chips) in enumerate(players):
            self.table.sit(seat, name, chips)
        self._specs = level_games(spec, schedule)
        self._clock = clock
        self._start = clock()
        self._level = 0
        self._entrants = len(players)
        self.places: dict[str, int] = {}
        """Finishing place of every player out so far, and of the winner."""

    @property
    def level(self) -> Level:
        """The level of the current (or last) hand."""
        return self.schedule.levels[self._level]

    @property
    def level_number(self) -> int:
        """The current level's number, counting from 1."""
        return self._level + 1

    @property
    def is_over(self) -> bool:
        """Whether one player has all the chips."""
        return len(self.places) == self._entrants

    @property
    def winner(self) -> str | None:
        """The winner once the tournament is over."""
        for name, place in self.places.items():
            if place == 1:
                return name
        return None

    @property
    def standings(self) -> Standings:
        """``(place, name)`` for every player out so far and the winner, best first.

        Calling it (``tournament.standings()``), the method it was, gives the same list
        with a `DeprecationWarning`."""
        return Standings(sorted((place, name) for name, place in self.places.items()))

    def start_hand(self) -> Hand:
        """Start the next hand at the level in force now.

        Raises:
            IllegalActionError: the tournament is over, or a hand is in progress.
        """
        if self.is_over:
            raise IllegalActionError("the tournament is over")
        self._level = self.schedule.level_at(
            hands=len(self.table.hands), seconds=self._clock() - self._start
        )
        return self.table.start_hand(spec=self._specs[self._level])

    def finish_hand(self) -> TableHand:
        """Settle the finished hand and give the bust players their places (TR 126b)."""
        done = self.table.finish_hand()
        left = len(self.table.players)
        starting = dict(zip(done.names, done.hand.starting_stacks, strict=True))
        out = done.eliminated  # more chips at the start of the hand first
        for name in out:
            # Equal starting chips share the better place.
            first = next(i for i, other in enumerate(out) if starting[other] == starting[name])
            self.places[name] = left + 1 + first
        if left == 1:
            self.places[self.table.players[0].name] = 1
        return done

    def play_hand(self, policies: Players) -> TableHand:
        """Start a hand, ask each player's policy to act until it is over, and finish it
        (``policies`` as [Table.play_hand][pokerforge.game.Table.play_hand] takes
        them)."""
        players = self.table.seat_policies(policies)
        hand = self.start_hand()
        players.play(hand, self.table.dealt_in)
        return self.finish_hand()

    def play(self, policies: Players, *, max_hands: int = 100_000) -> str | None:
        """Play hands until one player is left (or ``max_hands`` hands); the winner."""
        for _ in range(max_hands):
            if self.is_over:
                break
            self.play_hand(policies)
        return self.winner


class Standings(list[tuple[int, str]]):
    """A tournament's ``(place, name)`` list, best first
    ([`Tournament.standings`][pokerforge.game.Tournament.standings]); called, as the method it was,
    it gives itself with a `DeprecationWarning` (the call goes in the next release)."""

    __slots__ = ()

    def __call__(self) -> Standings:
        warnings.warn(
            "tournament.standings() is a property now: write tournament.standings (the "
            "call goes in the next release)",
            DeprecationWarning,
            stacklevel=2,
        )
        return self
