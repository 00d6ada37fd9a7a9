"""A table: seats, players, and one hand after another.

A [`Table`][pokerforge.game.Table] has up to ten seats. Players sit down, leave and sit out; between
hands the button moves one seat left with the blinds (rule 28). With the default **dead button**
(rule 29; RR; TR 85) the big blind always moves to the next player left of the last big
blind, the small blind takes the last big blind's seat and the button the last small
blind's, so the button may stay on an empty seat (a dead button) and the small blind may be
missing (a dead small blind); nobody posts the big blind twice in a row and nobody skips
it. The switch ``RuleProfile(dead_button=False)`` gives the simplified moving button: the
button moves to the next player and the blinds follow it. Going heads-up, the player who
was big blind never posts it again (TR 87). Players left with no chips are eliminated.

Each hand is a [`Hand`][pokerforge.game.Hand] over the players dealt in, numbered clockwise
from the lowest table seat; [`TableHand`][pokerforge.game.TableHand] maps hand seats back to table
seats.

Examples:
    >>> from pokerforge.game import GameSpec, Table
    >>> table = Table(GameSpec(blinds=(1, 2)), seats=6, seed=3)
    >>> for seat, name in ((0, "Ann"), (2, "Bob"), (4, "Cy")):
    ...     table.sit(seat, name, 100)
    >>> hand = table.start_hand()
    >>> table.button, hand.bets
    (0, (0, 1, 2))
    >>> _ = hand.fold(); _ = hand.fold()
    >>> done = table.finish_hand()
    >>> done.big_blind, table.chips(4), table.button
    (4, 101, 2)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from pokerforge.errors import IllegalActionError, InvalidSpecError
from pokerforge.game.arguments import MAX_SEATS, chip_count, player_count, seat_number
from pokerforge.game.dealer import Dealer
from pokerforge.game.hand import Hand
from pokerforge.game.phh import to_phh
from pokerforge.game.players import Players, SeatPolicies, seat_policies
from pokerforge.game.positions import seat_order
from pokerforge.game.rotation import Rotation
from pokerforge.game.spec import GameSpec

__all__ = ["Seat", "Table", "TableHand"]


class Seat(NamedTuple):
    """An occupied seat: who sits there, their chips, and whether they sit out."""

    seat: int
    name: str
    chips: int
    sitting_out: bool


@dataclass(frozen=True, slots=True)
class TableHand:
    """A finished hand at a table.

    Attributes:
        number: the hand's number at the table (1 for the first).
        hand: the finished [`Hand`][pokerforge.game.Hand].
        seats: the table seat of each hand seat.
        names: the player of each hand seat.
        button: the table seat of the button (an empty seat when the button is dead).
        small_blind: the table seat that posted the small blind (``None``: dead small blind).
        big_blind: the table seat that posted the big blind.
        eliminated: names of the players who busted in this hand, the one who started the
            hand with more chips first (TR 126b).
    """

    number: int
    hand: Hand
    seats: tuple[int, ...]
    names: tuple[str, ...]
    button: int
    small_blind: int | None
    big_blind: int
    eliminated: tuple[str, ...]

    def to_phh(self) -> str:
        """The hand in the PHH format, with the table's seats and names."""
        order = seat_order(len(self.seats), self.hand.button)  # PHH order
        return to_phh(
            self.hand,
            players=[self.names[s] for s in order],
            seats=[self.seats[s] + 1 for s in order],
            hand_number=self.number,
        )


class _Deal(NamedTuple):
    """Who is dealt in and where the button and blinds are, for one hand."""

    live: list[int]
    button: int
    hand_button: int
    small_blind: int | None
    big_blind: int
    sb_pos: int  # the small blind's seat, even when it is empty (dead small blind)
    posts: tuple[tuple[int, int, int], ...] = ()  # (table seat, live, dead): rule 29b


def _hand_posts(deal: _Deal) -> list[tuple[int, int, int]]:
    """The deal's posts (rule 29b) with hand seats instead of table seats."""
    return [(deal.live.index(s), live, dead) for s, live, dead in deal.posts]


def _owes_blinds(spec: GameSpec) -> bool:
    """Whether players of ``spec`` owe blinds for coming in, or miss them by sitting out
    (rules 29, 29b): in the games with a small and a big blind; not where the only forced
    bets are antes and a bring-in (stud) or a button blind (rule 44), which come to
    nobody's seat in particular."""
    return spec.row.forced == "blinds" and not spec.button_blind


def _blinds(spec: GameSpec, deal: _Deal) -> dict[str, Any]:
    """The hand's arguments about blinds: a dead small blind and players' posts (rules 29,
    29b), where players owe blinds (`_owes_blinds()`); else nothing is dead or posted."""
    if not _owes_blinds(spec):
        return {"dead_small_blind": False, "posts": ()}
    return {"dead_small_blind": deal.small_blind is None, "posts": _hand_posts(deal)}


class Table:
    """Seats and players playing one hand after another.

    Args:
        spec: the game played (its ``rules.dead_button`` picks the button rule), or a
            [`Rotation`][pokerforge.game.Rotation] of games dealt in turn; a hand may be
            started with another spec (tournament levels).
        seats: the number of seats, 2 to 10.
        button: the seat of the first hand's button (the next player from there if empty).
        seed: seeds every hand's deck in turn (``None``: random decks).

    Raises:
        InvalidSpecError: a bad number of seats or button.
    """

    def __init__(
        self,
        spec: GameSpec | Rotation,
        *,
        seats: int = MAX_SEATS,
        button: int = 0,
        seed: int | None = None,
    ) -> None:
        self.rotation: Rotation | None = spec if isinstance(spec, Rotation) else None
        """The games dealt in turn, or ``None`` for one game."""
        if self.rotation is not None:
            spec = self.rotation.games[0]
        if not isinstance(spec, GameSpec):
            raise InvalidSpecError(f"spec must be a GameSpec or a Rotation, not {spec!r}")
        player_count(seats, what="a table has", unit="seats")
        seat_number(button, seats, what="the button")
        self.spec = spec
        """The game of the next hand (of a rotation: the game it is at)."""
        # A rotation's place: its game now, the hands dealt of it and the hands it lasts
        # (fixed by its first hand: an orbit is as many hands as players were dealt in),
        # and the rotation the hand in progress was dealt from.
        self._game = self._game_hands = self._game_length = 0
        self._rotating: Rotation | None = None
        self._size = seats
        self._names: list[str | None] = [None] * seats
        self._chips = [0] * seats
        self._out = [False] * seats
        # Rule 29b, per seat: waiting for the big blind; posting to come in at once; the
        # blinds missed while sitting out (big, small).
        self._waiting = [False] * seats
        self._posting = [False] * seats
        self._free = [False] * seats  # moved in a tournament: enters, without a post, once
        # the button has passed the seat
        self._missed = [(False, False)] * seats
        self._first_button = button
        self._rng = random.Random(seed) if seed is not None else None
        self._last_bb: int | None = None
        self._last_sb_pos: int | None = None
        self._last_button: int | None = None
        self._current: tuple[Hand, _Deal] | None = None
        self._pending: tuple[Dealer, _Deal] | None = None  # from deal(), until start_hand()
        self.hands: list[TableHand] = []
        """Every finished hand, in order."""

    # -- seats ---------------------------------------------------------------------------

    def _seat(self, seat: object) -> int:
        return seat_number(seat, self._size)

    def _occupied(self, seat: object) -> int:
        seat = self._seat(seat)
        if self._names[seat] is None:
            raise InvalidSpecError(f"seat {seat} is empty")
        return seat

    def _check_not_playing(self, seat: int, what: str) -> None:
        if self._current is not None and seat in self._current[1].live:
            raise IllegalActionError(
                f"seat {seat} is in the hand in progress and cannot {what} until it is over"
            )
        if self._pending is not None and seat in self._pending[1].live:
            # The deal holds the player's chips as a stack: leaving now would take them
            # twice.
            raise IllegalActionError(
                f"seat {seat} is dealt into the next hand (by deal()) and cannot {what} "
                "until that hand is over"
            )

    def sit(self, seat: int, name: str, chips: int, wait_for_big_blind: bool = True) -> None:
        """Seat a player with ``chips``.

        Before the table's first hand everybody seated is dealt in. After that a new player
        waits for the big blind to reach their seat (the default), or with
        ``wait_for_big_blind=False`` posts a big blind to be dealt in at once, as
        [`post_big_blind()`][pokerforge.game.Table.post_big_blind] (rule 29b).

        Raises:
            InvalidSpecError: a taken seat, a name already seated, or chips not above 0.
        """
        seat = self._seat(seat)
        taken = self._names[seat]
        if taken is not None:
            raise InvalidSpecError(f"seat {seat} is taken by {taken!r}")
        if not isinstance(name, str) or not name:
            raise InvalidSpecError(f"a player's name must be a non-empty string, not {name!r}")
        if name in self._names:
            raise InvalidSpecError(f"{name!r} already sits at seat {self._names.index(name)}")
        chips = chip_count(f"{name!r}'s chips", chips, positive=True)
        self._names[seat] = name
        self._chips[seat] = chips
        self._out[seat] = False
        self._missed[seat] = (False, False)
        self._posting[seat] = False
        self._waiting[seat] = self._started()
        if not wait_for_big_blind and self._waiting[seat]:
            self.post_big_blind(seat)

    def _started(self) -> bool:
        """Whether the table has dealt a hand (from then on new players wait or post)."""
        return self._last_bb is not None or self._current is not None or bool(self._pending)

    def leave(self, seat: int) -> int:
        """The player at ``seat`` leaves with their chips, which are returned.

        Raises:
            InvalidSpecError: an empty seat.
            IllegalActionError: the player is in the hand in progress.
        """
        seat = self._occupied(seat)
        self._check_not_playing(seat, "leave")
        chips = self._chips[seat]
        self._empty(seat)
        return chips

    def _empty(self, seat: int) -> None:
        self._names[seat] = None
        self._chips[seat] = 0
        self._out[seat] = self._waiting[seat] = self._posting[seat] = self._free[seat] = False
        self._missed[seat] = (False, False)

    def sit_out(self, seat: int) -> None:
        """The player at ``seat`` is not dealt in from the next hand (the seat counts as empty
        for the button and blinds); the blinds that pass meanwhile are owed (rule 29b)."""
        seat = self._occupied(seat)
        self._out[seat] = True
        self._posting[seat] = False

    def sit_in(self, seat: int, *, wait_for_big_blind: bool = False) -> None:
        """The player at ``seat`` is dealt in again from the next hand.

        A player who missed blinds while sitting out posts them on return, the big blind
        live and the small blind dead (the default), or with ``wait_for_big_blind=True``
        waits until the big blind reaches their seat (rule 29b).
        """
        seat = self._occupied(seat)
        self._out[seat] = False
        if any(self._missed[seat]):
            self._waiting[seat] = wait_for_big_blind
            self._posting[seat] = not wait_for_big_blind

    def post_big_blind(self, seat: int) -> None:
        """The player at ``seat``, waiting for the big blind, posts one to be dealt in from
        the next hand (rule 29b).

        Nobody comes in on the button or between it and the small blind: a player seated
        there is dealt in, posting, once the button has passed their seat.

        Raises:
            InvalidSpecError: an empty seat.
            IllegalActionError: the player is not waiting for the big blind.
        """
        seat = self._occupied(seat)
        if not self._waiting[seat]:
            raise IllegalActionError(
                f"seat {seat} is not waiting for the big blind: it is dealt in already (rule 29b)"
            )
        self._waiting[seat] = False
        self._posting[seat] = True

    def owes(self, seat: int) -> tuple[bool, bool]:
        """``(big, small)``: the blinds the player at ``seat`` missed and owes (rule 29b)."""
        return self._missed[self._occupied(seat)]

    def waiting(self, seat: int) -> bool:
        """Whether the player at ``seat`` waits for the big blind to be dealt in (rule 29b)."""
        return self._waiting[self._occupied(seat)]

    def chips(self, seat: int) -> int:
        """The chips of the player at ``seat`` (between hands; before the current hand)."""
        return self._chips[self._occupied(seat)]

    @property
    def num_seats(self) -> int:
        """The number of seats."""
        return self._size

    @property
    def players(self) -> tuple[Seat, ...]:
        """Every occupied seat, clockwise from seat 0."""
        return tuple(
            Seat(s, name, self._chips[s], self._out[s])
            for s, name in enumerate(self._names)
            if name is not None
        )

    @property
    def total_chips(self) -> int:
        """All chips at the table, including those in a hand in progress."""
        return sum(self._chips)

    @property
    def hand(self) -> Hand | None:
        """The hand in progress, or ``None``."""
        return None if self._current is None else self._current[0]

    @property
    def button(self) -> int | None:
        """The button's seat for the hand in progress, or for the next hand (``None`` when
        fewer than two players can be dealt in)."""
        if self._current is not None:
            return self._current[1].button
        live = self._live()
        return self._positions(live).button if len(live) >= 2 else None

    @property
    def dealt_in(self) -> tuple[int, ...]:
        """The table seat of each seat of the hand in progress (empty between hands)."""
        return () if self._current is None else tuple(self._current[1].live)

    @property
    def big_blind(self) -> int | None:
        """The big blind's seat for the hand in progress, or for the next hand (``None``
        when fewer than two players can be dealt in)."""
        if self._current is not None:
            return self._current[1].big_blind
        live = self._live()
        return self._positions(live).big_blind if len(live) >= 2 else None

    def seats_toward_big_blind(self) -> list[int]:
        """The empty seats, the one the big blind reaches first first: a player seated
        there pays the big blind soonest (tournament balancing, rule 30b)."""
        start = self._last_bb if self._last_bb is not None else self._first_button
        size = self._size
        order = [(start + k) % size for k in range(1, size + 1)]
        return [s for s in order if self._names[s] is None]

    def big_blind_first(self, seat: int) -> bool:
        """Whether a player seated now at the empty ``seat`` would be the next big blind."""
        seat = self._seat(seat)
        if self._last_bb is None or self._names[seat] is not None:
            return False
        ring = sorted([*self._ring(), seat])
        return len(ring) >= 2 and self._positions(ring).big_blind == seat

    def seat_moved_player(self, seat: int, name: str, chips: int) -> None:
        """Seat a tournament player moved from another table: dealt in from the next hand
        without a post, except on the button or between it and the small blind, where they
        are dealt in once the button has passed (rules 29b, 30b)."""
        self.sit(seat, name, chips)
        self._waiting[seat] = False
        self._free[seat] = self._started()

    # -- button and blinds ---------------------------------------------------------------------

    def _ring(self) -> list[int]:
        """The seats the blinds go round: players with chips who do not sit out."""
        names, chips, out = self._names, self._chips, self._out
        return [s for s in range(self._size) if names[s] is not None and chips[s] and not out[s]]

    def _live(self) -> list[int]:
        """The seats dealt into the next hand (rule 29b: a waiting player only once the big
        blind reaches them; a posting one not from the small blind's seat or the button).

        When these rules would deal in fewer than two (the others busted or left, and the
        newcomers wait, or sit where nobody comes in), the game starts again: everyone in
        the ring is dealt in, as at a new table, else the table would wait for a big blind
        that no hand brings.
        """
        return self._next_players(self.spec)[0]

    def _next_players(self, spec: GameSpec) -> tuple[list[int], bool]:
        """The seats dealt into the next hand of ``spec``, and whether the game starts again
        there (see `_live()`; nobody then posts to come in). A game where nobody owes
        a blind (stud, a button blind) deals everybody in the ring at once: there is no
        big blind to wait for."""
        ring = self._ring()
        if self._last_bb is None or len(ring) < 2 or not _owes_blinds(spec):
            return ring, False
        nxt = self._positions(ring)
        waiting, posting, free = self._waiting, self._posting, self._free
        live = [
            s
            for s in ring
            if s == nxt.big_blind
            or not (waiting[s] or ((posting[s] or free[s]) and self._between(s, nxt)))
        ]
        return (ring, True) if len(live) < 2 else (live, False)

    def _check_no_hand(self) -> None:
        if self._current is not None:
            raise IllegalActionError("a hand is in progress: finish it before starting another")

    def _between(self, seat: int, deal: _Deal) -> bool:
        """Whether ``seat`` is on the button or between it and the small blind, where
        nobody comes in (rule 29b)."""
        size = self._size
        return (
            seat != deal.big_blind
            and (seat - deal.button) % size <= (deal.sb_pos - deal.button) % size
        )

    def _after(self, live: list[int], seat: int) -> int:
        """The first live seat clockwise after ``seat`` (``seat`` itself may be empty)."""
        for s in live:
            if s > seat:
                return s
        return live[0]

    def _before(self, live: list[int], seat: int) -> int:
        """The first live seat counter-clockwise before ``seat``."""
        for s in reversed(live):
            if s < seat:
                return s
        return live[-1]

    def _positions(self, live: list[int]) -> _Deal:
        last_bb = self._last_bb
        heads_up = len(live) == 2
        if last_bb is None:  # the first hand: button where asked, blinds after it
            button = self._first_button if self._first_button in live else None
            if button is None:
                button = self._after(live, self._first_button)
            sb = button if heads_up else self._after(live, button)
            return _Deal(live, button, button, sb, self._after(live, sb), sb)
        if self.spec.rules.dead_button:
            bb = self._after(live, last_bb)
            if heads_up:  # TR 87: the last big blind is now the button and small blind
                button = self._before(live, bb)
                return _Deal(live, button, button, button, bb, button)
            sb_pos = last_bb
            button = self._last_sb_pos if self._last_sb_pos is not None else sb_pos
            if button == bb:  # from heads-up (where the button was the small blind) to more
                button = self._before(live, sb_pos)
            if sb_pos in live:
                return _Deal(live, button, self._before(live, sb_pos), sb_pos, bb, sb_pos)
            return _Deal(live, button, self._before(live, bb), None, bb, sb_pos)
        assert self._last_button is not None
        button = self._after(live, self._last_button)
        if heads_up:
            bb = self._after(live, button)
            if bb == last_bb:  # TR 87 also under the simplified moving button
                button, bb = bb, button
            return _Deal(live, button, button, button, bb, button)
        sb = self._after(live, button)
        return _Deal(live, button, button, sb, self._after(live, sb), sb)

    # -- hands ---------------------------------------------------------------------------------

    def _prepare(self, spec: GameSpec | Rotation | None) -> tuple[GameSpec, _Deal, int | None]:
        self._check_no_hand()
        self._pending = None  # a deal not started is given up
        rotation = spec if isinstance(spec, Rotation) else self.rotation if spec is None else None
        self._rotating = rotation
        if rotation is not None:
            spec = rotation.games[self._game]
        elif not isinstance(spec, GameSpec):
            spec = self.spec
        live, fresh = self._next_players(spec)
        if len(live) < 2:
            raise IllegalActionError(f"a hand needs two players dealt in, not {len(live)}")
        seed = self._rng.getrandbits(63) if self._rng is not None else None
        deal = self._positions(live)
        if not _owes_blinds(spec):
            return spec, deal, seed
        posts = []
        for s in live:
            if self._posting[s] and not fresh and s not in (deal.big_blind, deal.small_blind):
                big, small = self._missed[s]
                live_post = spec.big_blind if big or not small else 0
                posts.append((s, live_post, spec.small_blind if small else 0))
        return spec, deal._replace(posts=tuple(posts)), seed

    def _commit(self, deal: _Deal, spec: GameSpec) -> None:
        """The hand is dealt: who came in is square; who sits out misses the blinds that
        passed them (rule 29b; no blinds pass in a game without them)."""
        last_bb = self._last_bb
        for s in deal.live:
            self._waiting[s] = self._posting[s] = self._free[s] = False
            self._missed[s] = (False, False)
        if not _owes_blinds(spec):
            return
        if last_bb is None:
            self._waiting = [False] * self._size
            return
        bb = deal.big_blind
        for s in range(self._size):
            if self._names[s] is None or not self._out[s]:
                continue
            if 0 < (s - last_bb) % self._size < (bb - last_bb) % self._size or (
                bb == last_bb and s != bb
            ):
                self._missed[s] = (True, True)  # the big blind went past them
            elif s == deal.sb_pos:
                self._missed[s] = (self._missed[s][0], True)

    def start_hand(
        self,
        *,
        spec: GameSpec | Rotation | None = None,
        dealer: Dealer | None = None,
        hole_cards: Sequence[object | None] | None = None,
        board: object | None = None,
    ) -> Hand:
        """Deal the next hand and return it (also [`hand`][pokerforge.game.TableHand.hand] until
        [`finish_hand()`][pokerforge.game.Table.finish_hand]).

        Args:
            spec: the game for this hand (default: the table's).
            dealer: a deal from [`deal()`][pokerforge.game.Table.deal], after any dealer-error
                procedures.
            hole_cards: replays: cards per player dealt in, clockwise from the lowest seat.
            board: replays: the board cards.

        Raises:
            IllegalActionError: a hand in progress, or fewer than two players dealt in.
        """
        if dealer is not None:
            self._check_no_hand()
            pending = self._pending
            if pending is None or pending[0] is not dealer:
                raise InvalidSpecError("the dealer was not made by this table's deal()")
            hand = dealer.start_hand()
            self._commit(pending[1], dealer.spec)
            self._current = (hand, pending[1])
            self._pending = None
            return hand
        spec, deal, seed = self._prepare(spec)
        live = deal.live
        hand = Hand(
            spec,
            stacks=[self._chips[s] for s in live],
            button=live.index(deal.hand_button),
            seed=seed,
            hole_cards=hole_cards,
            board=board,
            **_blinds(spec, deal),
        )
        self._commit(deal, spec)
        self._current = (hand, deal)
        return hand

    def deal(self, *, spec: GameSpec | Rotation | None = None) -> Dealer:
        """The next hand's deal as a `Dealer`, for dealer-error
        procedures; pass it to [`start_hand()`][pokerforge.game.Table.start_hand]. A misdeal does
        not move the button."""
        spec, deal, seed = self._prepare(spec)
        live = deal.live
        dealer = Dealer(
            spec,
            stacks=[self._chips[s] for s in live],
            button=live.index(deal.hand_button),
            seed=seed,
            **_blinds(spec, deal),
        )
        self._pending = (dealer, deal)
        return dealer

    def finish_hand(self) -> TableHand:
        """Settle the finished hand: stacks back to the seats, bust players out, blinds on.

        Raises:
            IllegalActionError: no hand, or the hand is not over.
        """
        if self._current is None:
            raise IllegalActionError("there is no hand in progress")
        hand, deal = self._current
        if not hand.is_over:
            raise IllegalActionError("the hand is not over yet")
        live = deal.live
        names = tuple(self._names[seat] or "" for seat in live)
        busted: list[tuple[int, str]] = []
        for i, seat in enumerate(live):
            chips = hand.stacks[i]
            self._chips[seat] = chips
            if not chips:
                busted.append((hand.starting_stacks[i], names[i]))
                self._empty(seat)
        busted.sort(key=lambda item: -item[0])  # stable: equal stacks keep seat order
        self._last_bb = deal.big_blind
        self._last_sb_pos = deal.sb_pos
        self._last_button = deal.hand_button
        self._current = None
        done = TableHand(
            number=len(self.hands) + 1,
            hand=hand,
            seats=tuple(live),
            names=names,
            button=deal.button,
            small_blind=deal.small_blind,
            big_blind=deal.big_blind,
            eliminated=tuple(name for _, name in busted),
        )
        self.hands.append(done)
        rotation = self._rotating
        if rotation is not None:  # the game's count of hands, and the next game when it is up
            if not self._game_hands:
                self._game_length = rotation.length(len(live))
            self._game_hands += 1
            if self._game_hands >= self._game_length:
                self._game = (self._game + 1) % len(rotation.games)
                self._game_hands = 0
                self.spec = rotation.games[self._game]
        return done

    def play_hand(self, policies: Players, *, spec: GameSpec | Rotation | None = None) -> TableHand:
        """Start a hand, ask each player's policy to act until it is over, finish it.

        Args:
            policies: A policy (``policy(view, legal) -> decision``, see
                `pokerforge.game.decision`) for every player, or one per table seat
                (a sequence as long as the table, or a mapping from seat number). The old
                form, a function ``decide(hand)`` that acts on the hand itself, still
                works with a `DeprecationWarning`.
            spec: the game for this hand (default: the table's).

        Raises:
            PolicyError: A policy raised, returned no decision, or one the rules do not
                allow (a ``decide(hand)`` that neither acts nor returns a decision too).

        Examples:
            >>> from pokerforge.game import Decision, GameSpec, Table
            >>> table = Table(GameSpec(blinds=(1, 2)), seed=5)
            >>> table.sit(3, "Ann", 20); table.sit(7, "Bob", 20)
            >>> done = table.play_hand(lambda view, legal: Decision.fold())
            >>> done.button, done.big_blind, table.chips(3), table.chips(7)
            (3, 7, 19, 21)
        """
        players = self.seat_policies(policies)
        hand = self.start_hand(spec=spec)
        players.play(hand, self.dealt_in)
        return self.finish_hand()

    def seat_policies(self, policies: Players) -> SeatPolicies:
        """The policies of ``play_hand`` checked against the next hand's players, before
        it is dealt (tournaments share this).

        Raises:
            PolicyError: No policy for a player the next hand deals in, or policies for
                seats the table does not have.
        """
        return seat_policies(policies, self._size, self._live())

    def __repr__(self) -> str:
        played = len(self.hands)
        hands = "1 hand" if played == 1 else f"{played} hands"
        return f"<Table {len(self.players)}/{self._size} seats, {hands} played>"
