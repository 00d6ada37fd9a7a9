"""What a hand tells its readers: the public properties of
[`Hand`][pokerforge.game.Hand], each read from its declared state
([`HandState`][pokerforge.game.HandState]) or from what the hand keeps about its game and its
result.

Examples:
    >>> from pokerforge.game import GameSpec, Hand
    >>> hand = Hand(GameSpec(blinds=(1, 2)), stacks=[100, 100, 100], seed=3)
    >>> hand.street, hand.stacks, hand.bets, hand.total_pot
    (<Street.PREFLOP: 0>, (100, 99, 98), (0, 1, 2), 3)
"""

from __future__ import annotations

import warnings
from decimal import Decimal
from operator import sub

from pokerforge.cards import Card
from pokerforge.game.actions import Award, Runout, Street
from pokerforge.game.arguments import seat_number
from pokerforge.game.positions import position_names
from pokerforge.game.pots import Pot
from pokerforge.game.spec import GameSpec
from pokerforge.game.state import HandState

__all__ = ["HandQueries"]

_STREETS = tuple(Street)


class HandQueries:
    """The read-only properties of a hand (a base of [`Hand`][pokerforge.game.Hand], which
    holds the slots read here)."""

    __slots__ = ()

    _state: HandState
    _spec: GameSpec
    _seed: int | None
    _n: int
    _dead_sb: bool
    _added: int
    _payouts: list[int]
    _final_pots: list[Pot]
    _rake: int
    _known: bool
    _unknown: frozenset[int]
    _chip_value: Decimal
    _boards: tuple[tuple[int, ...], ...]
    _pays_recorded: bool

    @property
    def state(self) -> HandState:
        """The hand's declared state (see [`HandState`][pokerforge.game.HandState]): read it,
        never write it; it changes in place as the hand goes on."""
        return self._state

    @property
    def spec(self) -> GameSpec:
        """The game specification."""
        return self._spec

    @property
    def seed(self) -> int | None:
        """The deck's seed (``None`` only for a deck fixed entirely by replayed cards)."""
        return self._seed

    @property
    def num_seats(self) -> int:
        """The number of seats (players) in the hand."""
        return self._n

    @property
    def added(self) -> int:
        """The chips the room put in the pot before the deal (``Hand(added=...)``; 0: none).

        Examples:
            >>> from pokerforge.game import GameSpec, Hand
            >>> hand = Hand(GameSpec(blinds=(1, 2), betting="pot-limit"),
            ...             stacks=[100, 100, 100], button=0, added=20)
            >>> hand.added, hand.legal_actions().max_raise_to  # the pot: 1 + 2 + 20 + the call
            (20, 27)
        """
        return self._added

    @property
    def button(self) -> int:
        """The button's seat."""
        return self._state.button

    @property
    def positions(self) -> tuple[str, ...]:
        """Each seat's position name (BTN, SB, BB, UTG, ..., HJ, CO; rule 2). A game without
        blinds (stud) has no fixed order of action: the dealer's seat is ``"BTN"``, the
        others have no name (``""``)."""
        if not self._spec.engine.blinds:
            button = self._state.button
            return tuple("BTN" if seat == button else "" for seat in range(self._n))
        return position_names(
            self._n,
            self._state.button,
            dead_small_blind=self._dead_sb,
            button_blind=bool(self._spec.button_blind),
        )

    @property
    def street(self) -> Street:
        """The current street (``Street.SHOWDOWN`` once a showdown has happened)."""
        return _STREETS[self._state.street]

    @property
    def board(self) -> tuple[Card, ...]:
        """The board cards turned up so far, in order."""
        return tuple(Card.from_index(c) for c in self._state.board)

    @property
    def board_indices(self) -> tuple[int, ...]:
        """The board cards turned up so far, as card indices."""
        return self._state.board

    @property
    def runouts(self) -> int:
        """How many times the board was run: 1 unless the players chose to run it more
        than once (rule 26b)."""
        return len(self._boards) or 1

    @property
    def boards(self) -> tuple[tuple[Card, ...], ...]:
        """Every runout's board, the first runout first (rule 26b): one board, the cards
        turned up so far, unless the board was run more than once."""
        if not self._boards:
            return (self.board,)
        return tuple(tuple(Card.from_index(c) for c in board) for board in self._boards)

    @property
    def runout_payouts(self) -> tuple[tuple[int, ...], ...]:
        """Per runout (the first first), the chips each seat won from the pots on that
        runout's board; one row, equal to `payouts`, unless the board was run more
        than once (rule 26b)."""
        if not self._boards:
            return (tuple(self._payouts),)
        rows = [[0] * self._n for _ in self._boards]
        row = rows[0]
        for record in self._state.log:
            if type(record) is Runout:
                row = rows[record.number - 1]
            elif type(record) is Award:
                row[record.seat] += record.amount
        return tuple(map(tuple, rows))

    @property
    def paid_as_recorded(self) -> bool:
        """Replays: whether the showdown paid the recorded result as it is (the room's own
        split, rake or odd chips, kept where they differ from the rules'; see
        ``recorded_pays``)."""
        return self._pays_recorded

    @property
    def hole_indices(self) -> tuple[tuple[int, ...], ...]:
        """Every seat's hole cards as card indices, seat by seat (every seat's; use
        `view()` to hide them; empty for a seat whose cards a replay does not know)."""
        return tuple(self._state.holes)

    @property
    def hole_cards(self) -> SeatCards:
        """Every seat's hole cards, seat by seat (every seat's; use `view()` to hide
        them; in stud the down cards; empty for a seat whose cards a replay does not know).

        Calling it with a seat (``hand.hole_cards(2)``), the method it was, still gives
        that seat's cards, with a `DeprecationWarning`.

        Examples:
            >>> from pokerforge.game import GameSpec, Hand
            >>> hand = Hand(GameSpec(), stacks=[50, 50], seed=1, hole_cards=["AsKd", None])
            >>> hand.hole_cards[0]
            (Card('As'), Card('Kd'))
        """
        return SeatCards(tuple(map(_CARDS, holes)) for holes in self._state.holes)

    @property
    def up_cards(self) -> SeatCards:
        """Stud: every seat's up cards dealt so far, seat by seat, which everybody sees
        (none in the board games). Called with a seat, as the method it was: that seat's,
        with a `DeprecationWarning`."""
        return SeatCards(tuple(map(_CARDS, up)) for up in self._state.up)

    @property
    def up_indices(self) -> tuple[tuple[int, ...], ...]:
        """Stud: every seat's up cards as card indices, seat by seat."""
        return self._state.up

    @property
    def starting_stacks(self) -> tuple[int, ...]:
        """Each seat's chips before the forced bets."""
        return self._state.starts

    @property
    def stacks(self) -> tuple[int, ...]:
        """Each seat's chips behind (not counting its bet on this street)."""
        return tuple(self._state.stacks)

    @property
    def bets(self) -> tuple[int, ...]:
        """Each seat's bet on the current street (not yet in the pots)."""
        return tuple(self._state.bets)

    @property
    def contributions(self) -> tuple[int, ...]:
        """Chips each seat has put in this hand: antes, blinds and bets (live money)."""
        return tuple(self._state.contributions)

    @property
    def folded(self) -> tuple[bool, ...]:
        """Whether each seat has folded."""
        return tuple(self._state.folded)

    @property
    def pots(self) -> list[Pot]:
        """The pots, main pot first, each with its amount and eligible seats.

        During the hand these hold the chips of finished streets (bets on the current
        street are in `bets`); once the hand is over, the pots as paid (after rake).
        """
        if self._state.over:
            return list(self._final_pots)
        return self._state.pots()

    @property
    def total_pot(self) -> int:
        """All chips in the middle: the pots plus the bets on this street."""
        st = self._state
        return 0 if st.over else st.pot_total

    @property
    def payouts(self) -> tuple[int, ...]:
        """Chips each seat won from the pots (returned uncalled bets not included)."""
        return tuple(self._payouts)

    @property
    def net(self) -> tuple[int, ...]:
        """Each seat's chips now minus its chips before the hand."""
        # map() over the two lists (one per seat, so of one length): no generator frame.
        return tuple(map(sub, self._state.stacks, self._state.starts))

    @property
    def rake(self) -> int:
        """Chips the house took (rule 27; for a replay with recorded winnings, what the
        record says it took)."""
        return self._rake

    @property
    def result_known(self) -> bool:
        """False for a finished replay whose showdown needs hole cards the record does not
        know and whose winnings it does not give: no chips were paid (`pots` holds
        them)."""
        return self._known

    @property
    def unknown_hole_cards(self) -> frozenset[int]:
        """Seats whose hole cards are unknown (replays of recorded hands)."""
        return self._unknown

    @property
    def chip_value(self) -> Decimal:
        """What one chip is worth in the money of the record the hand came from (1 for
        hands counted in chips)."""
        return self._chip_value


_CARDS = Card.from_index


class SeatCards(tuple[tuple[Card, ...], ...]):
    """Cards seat by seat (a tuple: ``cards[seat]``), as `HandQueries.hole_cards`
    and `HandQueries.up_cards` give them; called with a seat, as those were called
    when they were methods, it gives that seat's cards with a `DeprecationWarning`
    (the call goes in the next release)."""

    __slots__ = ()

    def __call__(self, seat: int) -> tuple[Card, ...]:
        warnings.warn(
            "hand.hole_cards(seat) and hand.up_cards(seat) are properties now: write "
            "hand.hole_cards[seat] (the call goes in the next release)",
            DeprecationWarning,
            stacklevel=2,
        )
        return self[seat_number(seat, len(self))]
