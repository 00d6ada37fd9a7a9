"""Multi-table tournaments: balancing, breaking tables, the final table, places (rule 30b).

A [`MultiTableTournament`][pokerforge.game.MultiTableTournament] seats its players at several
[`Table`][pokerforge.game.Table] objects by a seeded random draw and plays them under one
[`BlindSchedule`][pokerforge.game.BlindSchedule]. After every
hand:

* players who busted get their places, counted across all tables (TR 126b within a hand);
* when the players left fit at one table fewer, the table chosen in advance to break next
  (a seeded random order drawn at the start) is broken and its players are seated by
  random draw at the tables with the fewest players;
* tables are balanced, so that no table has two or more players more than another: the
  player moved from the larger table is the one who would be its next big blind, and takes
  the empty seat of the smaller table that the big blind reaches first (the seat that pays
  the same, never one that skips the big blind);
* the last table left is the final table.

Every move is recorded as a [`Move`][pokerforge.game.Move]. Levels by hands count the hands dealt in
the whole tournament.

Examples:
    >>> from pokerforge.game import GameSpec
    >>> from pokerforge.game.tournament import BlindSchedule, Level
    >>> players = [(f"P{i}", 100) for i in range(12)]
    >>> levels = BlindSchedule([Level(1, 2, length=30), Level(5, 10)])
    >>> event = MultiTableTournament(GameSpec(), levels, players=players, seats=6, seed=3)
    >>> sorted(len(table.players) for table in event.tables.values())
    [6, 6]
    >>> from pokerforge.game import Decision
    >>> winner = event.play(lambda view, legal: Decision.all_in())
    >>> event.is_over, event.total_chips, len(event.tables), event.places[winner]
    (True, 1200, 1, 1)
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

from pokerforge.errors import IllegalActionError, InvalidSpecError
from pokerforge.game.arguments import chip_count, player_count
from pokerforge.game.hand import Hand
from pokerforge.game.players import Players
from pokerforge.game.spec import GameSpec
from pokerforge.game.table import Table, TableHand
from pokerforge.game.tournament import BlindSchedule, level_games

__all__ = ["Move", "MultiTableTournament"]


@dataclass(frozen=True, slots=True)
class Move:
    """A player moved between tables.

    Attributes:
        name: the player.
        from_table: the table left (its number).
        from_seat: the seat left.
        to_table: the table joined.
        to_seat: the seat taken.
        reason: ``"balance"`` (rule 30b balancing) or ``"break"`` (the table was broken).
    """

    name: str
    from_table: int
    from_seat: int
    to_table: int
    to_seat: int
    reason: Literal["balance", "break"]


class MultiTableTournament:
    """A tournament over several tables (rule 30b).

    Args:
        spec: the game; each level replaces its blinds and ante.
        schedule: the `BlindSchedule`.
        players: ``(name, chips)`` pairs.
        seats: seats per table, 2 to 10.
        tables: the number of tables (default: as few as seat everybody).
        seed: seeds the draw for seats, the order in which tables break and every deck.
        clock: returns the time in seconds, for schedules by time.

    Raises:
        InvalidSpecError: fewer than two players, names given twice, bad chips, or players
            who do not fit at the tables.
    """

    def __init__(
        self,
        spec: GameSpec,
        schedule: BlindSchedule,
        *,
        players: Sequence[tuple[str, int]],
        seats: int = 9,
        tables: int | None = None,
        seed: int | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        player_count(seats, what="a table has", unit="seats")
        players = list(players)
        if len(players) < 2:
            raise InvalidSpecError(f"a tournament needs at least two players, not {len(players)}")
        names = [name for name, _ in players]
        if len(set(names)) != len(names):
            twice = next(name for name in names if names.count(name) > 1)
            raise InvalidSpecError(f"{twice!r} is entered twice")
        for name, chips in players:
            chip_count(f"{name!r}'s chips", chips, positive=True)
        count = tables if tables is not None else -(-len(players) // seats)
        if isinstance(count, bool) or not isinstance(count, int) or count < 1:
            raise InvalidSpecError(f"tables must be a whole number of at least 1, not {count!r}")
        if len(players) > count * seats:
            raise InvalidSpecError(
                f"{len(players)} players do not fit at {count} tables of {seats} seats"
            )
        self._rng = random.Random(seed)
        self.schedule = schedule
        self.seats = seats
        self._specs = level_games(spec, schedule)
        self.tables: dict[int, Table] = {}
        """The tables still playing, by number (from 1)."""
        for number in range(1, count + 1):
            self.tables[number] = Table(
                spec, seats=seats, button=self._rng.randrange(seats),
                seed=self._rng.getrandbits(63),
            )  # fmt: skip
        self.break_order: list[int] = self._rng.sample(sorted(self.tables), count)
        """The order in which tables break, drawn in advance; the last is the final table."""
        draw = players[:]
        self._rng.shuffle(draw)
        numbers = sorted(self.tables)
        for i, (name, chips) in enumerate(draw):  # dealt round the tables: balanced
            table = self.tables[numbers[i % count]]
            empty = [s for s in range(seats) if all(p.seat != s for p in table.players)]
            table.sit(self._rng.choice(empty), name, chips)
        self._clock = clock
        self._start = clock()
        self._hands = 0
        self._level = 0
        self._entrants = len(players)
        self._total = sum(chips for _, chips in players)
        self.places: dict[str, int] = {}
        """Finishing place of every player out so far, and of the winner."""
        self.moves: list[Move] = []
        """Every move between tables, in order."""
        self._rebalance()

    # -- state ------------------------------------------------------------------------------

    @property
    def players_left(self) -> int:
        """Players still in the tournament."""
        return sum(len(table.players) for table in self.tables.values())

    @property
    def total_chips(self) -> int:
        """All chips at all tables (constant through the tournament)."""
        return sum(table.total_chips for table in self.tables.values())

    @property
    def final_table(self) -> int | None:
        """The final table's number once one table is left."""
        return next(iter(self.tables)) if len(self.tables) == 1 else None

    @property
    def is_over(self) -> bool:
        """Whether one player has all the chips."""
        return len(self.places) == self._entrants

    @property
    def winner(self) -> str | None:
        """The winner once the tournament is over."""
        return next((name for name, place in self.places.items() if place == 1), None)

    @property
    def level_number(self) -> int:
        """The level of the last hand started, counting from 1."""
        return self._level + 1

    def table_of(self, name: str) -> int | None:
        """The number of the table where ``name`` plays (``None``: out)."""
        for number, table in self.tables.items():
            if any(p.name == name for p in table.players):
                return number
        return None

    # -- hands ------------------------------------------------------------------------------

    def _table(self, number: int) -> Table:
        table = self.tables.get(number)
        if table is None:
            raise InvalidSpecError(
                f"there is no table {number!r} playing: the tables are {sorted(self.tables)}"
            )
        return table

    def start_hand(self, table: int) -> Hand:
        """Start the next hand at table number ``table``, at the level in force now.

        Raises:
            InvalidSpecError: no such table.
            IllegalActionError: the tournament is over, or a hand is in progress there.
        """
        if self.is_over:
            raise IllegalActionError("the tournament is over")
        t = self._table(table)
        self._level = self.schedule.level_at(hands=self._hands, seconds=self._clock() - self._start)
        hand = t.start_hand(spec=self._specs[self._level])
        self._hands += 1
        return hand

    def finish_hand(self, table: int) -> TableHand:
        """Settle the hand at ``table``: places for the bust players (TR 126b), then tables
        broken and balanced (rule 30b).

        Raises:
            InvalidSpecError: no such table.
            IllegalActionError: no hand, or the hand is not over.
        """
        done = self._table(table).finish_hand()
        left = self.players_left
        starting = dict(zip(done.names, done.hand.starting_stacks, strict=True))
        out = done.eliminated
        for name in out:
            first = next(i for i, other in enumerate(out) if starting[other] == starting[name])
            self.places[name] = left + 1 + first
        if left == 1:
            winner = next(p.name for t in self.tables.values() for p in t.players)
            self.places[winner] = 1
        self._rebalance()
        return done

    def play_hand(self, table: int, policies: Players) -> TableHand:
        """Start a hand at ``table``, ask each player's policy to act until it is over, and
        finish it (``policies`` as [Table.play_hand][pokerforge.game.Table.play_hand]
        takes them, by seat of that table)."""
        players = self._table(table).seat_policies(policies)
        hand = self.start_hand(table)
        players.play(hand, self._table(table).dealt_in)
        return self.finish_hand(table)

    def play_round(self, policies: Players) -> list[TableHand]:
        """One hand at every table that can deal one, in table order."""
        done = []
        for number in sorted(self.tables):
            if self.is_over:
                break
            table = self.tables.get(number)
            if table is not None and table.button is not None:
                done.append(self.play_hand(number, policies))
        return done

    def play(self, policies: Players, *, max_rounds: int = 100_000) -> str | None:
        """Play rounds until one player is left (or ``max_rounds`` rounds); the winner."""
        for _ in range(max_rounds):
            if self.is_over:
                break
            self.play_round(policies)
        return self.winner

    # -- breaking and balancing (rule 30b) ----------------------------------------------------

    def _idle(self, table: Table) -> bool:
        return table.hand is None

    def _rebalance(self) -> None:
        for number in [n for n, t in self.tables.items() if not t.players]:
            del self.tables[number]
        self.break_order = [n for n in self.break_order if n in self.tables]
        while len(self.tables) > 1 and self.players_left <= (len(self.tables) - 1) * self.seats:
            breaking = self.break_order[0]
            if not self._idle(self.tables[breaking]):
                return  # the table to break is playing a hand: it breaks after it
            self._break(breaking)
        self._balance()

    def _break(self, number: int) -> None:
        table = self.tables.pop(number)
        self.break_order.remove(number)
        last_bb = table.hands[-1].big_blind if table.hands else None
        leaving = list(table.players)
        self._rng.shuffle(leaving)
        # The player who has just posted the big blind draws first, among the seats where
        # it would not come to them again at once (so nobody posts it twice in a row).
        leaving.sort(key=lambda p: p.seat != last_bb)
        for player in leaving:
            chips = table.leave(player.seat)
            smallest = min(len(t.players) for t in self.tables.values())
            seats = [
                (n, s)
                for n, t in sorted(self.tables.items())
                if len(t.players) == smallest
                for s in t.seats_toward_big_blind()
            ]
            if player.seat == last_bb:
                seats = [(n, s) for n, s in seats if not self.tables[n].big_blind_first(s)] or seats
            to_number, seat = self._rng.choice(seats)
            self.tables[to_number].seat_moved_player(seat, player.name, chips)
            self.moves.append(Move(player.name, number, player.seat, to_number, seat, "break"))

    def _balance(self) -> None:
        while len(self.tables) > 1:
            sizes = {n: len(t.players) for n, t in self.tables.items()}
            big = max(sizes, key=lambda n: (sizes[n], -n))
            small = min(sizes, key=lambda n: (sizes[n], n))
            if sizes[big] - sizes[small] < 2:
                return
            source, target = self.tables[big], self.tables[small]
            if not (self._idle(source) and self._idle(target)):
                return  # a hand is in progress: balance after it
            seat = source.big_blind
            if seat is None:  # pragma: no cover - a larger table always has two players
                return
            player = next(p for p in source.players if p.seat == seat)
            chips = source.leave(seat)
            to_seat = target.seats_toward_big_blind()[0]  # the seat that pays the same
            target.seat_moved_player(to_seat, player.name, chips)
            self.moves.append(Move(player.name, big, seat, small, to_seat, "balance"))

    def __repr__(self) -> str:
        return (
            f"<MultiTableTournament {self.players_left}/{self._entrants} players at "
            f"{len(self.tables)} tables>"
        )
