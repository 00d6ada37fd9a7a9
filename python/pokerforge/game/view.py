"""A seat's view of a hand: public information plus its own hole cards.

Bots and user interfaces get a [`HandView`][pokerforge.game.HandView], an immutable snapshot in
which other players' hole cards are hidden until they are shown at showdown. Programs that read the
public state at every decision (observation encoders, search) get it in one call as a
[`PublicState`][pokerforge.game.PublicState].

Examples:
    >>> from pokerforge.game import GameSpec, Hand
    >>> hand = Hand(GameSpec(), stacks=[100, 100, 100], seed=3)
    >>> view = hand.view(1)
    >>> len(view.hole_cards[1]), view.hole_cards[0], view.position
    (2, None, 'SB')
    >>> [rec.indices for rec in view.history[:3]][0]
    ()
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any, NamedTuple, overload

from pokerforge.cards import Card
from pokerforge.errors import PolicyError
from pokerforge.game.actions import (
    Bet,
    BringIn,
    Call,
    Check,
    DealHole,
    Discard,
    Fold,
    LegalActions,
    Raise,
    Record,
    Show,
    StandPat,
    Street,
)
from pokerforge.game.arguments import seat_number
from pokerforge.game.pots import Pot
from pokerforge.games import Game

if TYPE_CHECKING:
    from pokerforge.game.hand import Hand

__all__ = ["HandView", "LazyHandView", "PublicState"]


class PublicState(NamedTuple):
    """What everybody at the table can see of a hand at one moment, read in one call.

    The fields are what Hand.street,
    `board_indices`, `stacks`,
    `bets`, `folded`,
    [`actor`][pokerforge.game.Hand.actor] and `legal_actions()`
    give, in that order (the order the observation encoder reads them in).

    Examples:
        >>> from pokerforge.game import GameSpec, Hand
        >>> hand = Hand(GameSpec(blinds=(1, 2)), stacks=[100, 100, 100], seed=3)
        >>> state = hand.public_state()
        >>> state.street, state.board, state.stacks, state.bets, state.actor
        (<Street.PREFLOP: 0>, (), (100, 99, 98), (0, 1, 2), 0)
        >>> state.legal
        LegalActions(fold=True, check=False, call=2, min_raise_to=4, max_raise_to=100)
    """

    street: Street
    board: tuple[int, ...]
    stacks: tuple[int, ...]
    bets: tuple[int, ...]
    folded: tuple[bool, ...]
    actor: int | None
    legal: LegalActions


@dataclass(frozen=True, slots=True)
class HandView:
    """An immutable snapshot of a hand as one seat sees it.

    Attributes:
        seat: the seat whose view this is.
        position: that seat's position name.
        positions: every seat's position name.
        button: the button's seat.
        hole_cards: per seat, the hole cards when known to this seat, else ``None`` (in
            stud the down cards: its own, and others' once shown).
        up_cards: per seat, its up cards (stud; everybody sees them; empty otherwise).
        board: the board cards turned up (in stud, the common card if one was dealt).
        street: the current street.
        stacks: chips behind per seat.
        bets: bets on the current street per seat.
        pots: the pots (see Hand.pots).
        folded: whether each seat has folded.
        actor: the seat to act, or ``None``.
        legal_actions: this seat's legal actions when it is to act, else ``None``.
        is_over: whether the hand is over.
        payouts: chips won from the pots per seat.
        history: the records (a `Records`, an immutable sequence), with other
            seats' unshown hole cards left empty.
        boards: every runout's board, the first first: one board unless the board was
            run more than once (rule 26b).
        max_runouts: when this seat is asked how many times to run the board, the most
            it may ask for (``hand.run_it(times)``), else ``None``.
        draws: draw games: per seat, how many cards it drew in each drawing round so far
            (0: stood pat), which everybody sees; the discarded and drawn cards are this
            seat's own only (others' [`Discard`][pokerforge.game.Discard] records keep their count,
            not their cards). Each seat's is empty in the other games.
        variant: the game's canonical name (``"holdem"``, ``"2-7-triple-draw"``, ...), for
            policies that play more than one game.
        drawing: whether this seat is to draw now (discard or stand pat, rule 49):
            ``Decision.discard(cards)`` or ``Decision.stand_pat()`` answer it.
        draws_left: draw games: the drawing rounds still to come, the one under way
            included (3 before triple draw's first, 1 during its last, then 0); 0 in the
            other games.
    """

    seat: int
    position: str
    positions: tuple[str, ...]
    button: int
    hole_cards: tuple[tuple[Card, ...] | None, ...]
    up_cards: tuple[tuple[Card, ...], ...]
    board: tuple[Card, ...]
    street: Street
    stacks: tuple[int, ...]
    bets: tuple[int, ...]
    pots: tuple[Pot, ...]
    folded: tuple[bool, ...]
    actor: int | None
    legal_actions: LegalActions | None
    is_over: bool
    payouts: tuple[int, ...]
    history: Sequence[Record]
    boards: tuple[tuple[Card, ...], ...] = ()
    max_runouts: int | None = None
    draws: tuple[tuple[int, ...], ...] = ()
    variant: Game = "holdem"
    drawing: bool = False
    draws_left: int = 0

    @classmethod
    def of(cls, hand: Hand, seat: int) -> HandView:
        """The view of ``hand`` from ``seat``."""
        seat_number(seat, hand.num_seats)
        state = hand.state  # the declared state: every field below but the first deal
        log = state.log
        visible = _shown_seats(log) | {seat}
        # A draw game's hand shown is what its player held at the end: the cards dealt
        # before (some thrown away since) stay that player's own.
        dealt_seen = frozenset({seat} if hand.spec.is_draw else visible)
        # The records as they stand now, hidden where this seat cannot see them when first
        # read: making a view costs the same at the hand's thousandth action as at its
        # first (the log only grows; the view reads its first len(log) records).
        hidden = Records(hand.deal_records, log, len(log), seat, dealt_seen)
        positions = hand.positions
        actor = hand.actor
        return cls(
            seat=seat,
            position=positions[seat],
            positions=positions,
            button=state.button,
            hole_cards=tuple(
                tuple(Card.from_index(c) for c in cards) if s in visible else None
                for s, cards in enumerate(state.holes)
            ),
            up_cards=tuple(tuple(Card.from_index(c) for c in cards) for cards in state.up),
            board=tuple(Card.from_index(c) for c in state.board),
            street=Street(state.street),
            stacks=tuple(state.stacks),
            bets=tuple(state.bets),
            pots=tuple(hand.pots),
            folded=tuple(state.folded),
            actor=actor,
            legal_actions=hand.legal_actions() if actor == seat else None,
            is_over=state.over,
            payouts=hand.payouts,
            history=hidden,
            boards=hand.boards,
            max_runouts=hand.max_runouts if actor == seat else None,
            draws=state.draws,
            variant=hand.spec.variant,
            drawing=state.drawing == seat,
            draws_left=_draws_left(hand, state.street, state.drawing >= 0),
        )


# The records of a player's own choice: the showdown's records all come after the last.
_DECISIONS = (Fold, Check, Call, Bet, Raise, BringIn, Discard, StandPat)


def _shown_seats(log: Sequence[Record]) -> set[int]:
    """The seats that have shown their hands: read back from the log's end to the last
    decision, since every [`Show`][pokerforge.game.Show] comes after it (a hand's showdown)."""
    shown = set()
    for rec in reversed(log):
        if isinstance(rec, Show):
            shown.add(rec.seat)
        elif type(rec) in _DECISIONS:
            break
    return shown


class Records(Sequence[Record]):
    """A view's history: the hand's records up to the view's moment (the cards first dealt,
    then the first ``length`` records of the log), other seats' unshown hole cards left
    empty and, in the draw games, the cards of their discards; an immutable sequence, made
    in constant time and filtered when first read. It compares, hashes and pickles as the
    tuple of its records.

    Examples:
        >>> from pokerforge.game import GameSpec, Hand
        >>> hand = Hand(GameSpec(blinds=(1, 2)), stacks=[100, 100], seed=3)
        >>> view = hand.view(1)
        >>> _ = hand.call()
        >>> len(view.history), view.history[0], view.history == tuple(view.history)
        (4, DealHole(seat=0, cards=''), True)
    """

    __slots__ = ("_dealt", "_length", "_log", "_records", "_seat", "_seen")

    def __init__(
        self,
        dealt: tuple[DealHole, ...],
        log: Sequence[Record],
        length: int,
        seat: int,
        seen: frozenset[int],
    ) -> None:
        self._dealt = dealt
        self._log = log
        self._length = length
        self._seat = seat
        self._seen = seen
        self._records: tuple[Record, ...] | None = None

    def _all(self) -> tuple[Record, ...]:
        records = self._records
        if records is None:
            seat = self._seat
            seen = self._seen
            log = self._log
            records = self._records = tuple(
                DealHole(rec.seat, ()) if type(rec) is DealHole and rec.seat not in seen
                # Rule 49: the number of cards discarded is public, the cards are not.
                else Discard(rec.seat, rec.number, ())
                if type(rec) is Discard and rec.seat != seat
                else rec
                for rec in (*self._dealt, *(log[i] for i in range(self._length)))
            )  # fmt: skip
            self._log = ()  # the records are kept: the hand's log is no longer needed
        return records

    def __len__(self) -> int:
        return len(self._dealt) + self._length

    @overload
    def __getitem__(self, index: int) -> Record: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[Record, ...]: ...
    def __getitem__(self, index: int | slice) -> Record | tuple[Record, ...]:
        return self._all()[index]

    def __iter__(self) -> Iterator[Record]:
        return iter(self._all())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Records | tuple):
            return self._all() == tuple(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._all())

    def __repr__(self) -> str:
        return repr(self._all())

    def __reduce__(self) -> tuple[Any, ...]:
        return (tuple, (self._all(),))


def _draws_left(hand: Hand, street: int, drawing: bool) -> int:
    """The drawing rounds still to come in a draw game, the one under way included."""
    rounds = hand.spec.draw_rounds
    if not rounds or hand.is_over or street == Street.SHOWDOWN:
        return 0
    # PREDRAW is betting before the first draw; each later street is a drawing round,
    # then the betting after it.
    done = street - Street.PREDRAW - drawing
    return max(rounds - done, 0)


class LazyHandView(HandView):
    """A [`HandView`][pokerforge.game.HandView] of the seat to act at one betting turn, built the
    first time a field is read.

    Building a view costs several times what the engine spends on the decision itself, and
    most simple policies never read it, so engines that ask policies by the thousand
    ([`pokerforge.sim.run()`][pokerforge.sim.run], RL opponents) hand them this: it is a
    [`HandView`][pokerforge.game.HandView] (``isinstance`` holds, it compares, hashes and pickles as
    the view it stands for), but the snapshot is taken on first read. ``legal`` is what
    ``hand.legal_actions()`` gave for the turn (the hand builds it once a turn); a view read during
    that turn stays valid for ever, one first read once the hand has moved on (a view kept for
    later) raises [`PolicyError`][pokerforge.errors.PolicyError], since the snapshot it stands for
    can no longer be taken.

    Examples:
        >>> from pokerforge.game import GameSpec, Hand
        >>> hand = Hand(GameSpec(blinds=(1, 2)), stacks=[100, 100], seed=3)
        >>> view = LazyHandView(hand, 0, hand.legal_actions())
        >>> unread = LazyHandView(hand, 0, hand.legal_actions())
        >>> view.position, view.bets, view == hand.view(0)
        ('BTN', (1, 2), True)
        >>> _ = hand.call()
        >>> view.stacks  # read during its turn: still that snapshot
        (99, 98)
        >>> unread.board  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        pokerforge.errors.PolicyError: seat 0's view was first read after its turn: ...
    """

    # What the view stands for, (hand, seat, legal), in one slot: one write makes a view,
    # and a view is made at every decision. The fields' slots (HandView's) stay empty until
    # the first read, which finds none and asks __getattr__: that takes the snapshot and
    # fills them all, so later reads cost what a HandView's do.
    __slots__ = ("_at", "_built")
    _at: tuple[Hand, int, LegalActions]
    _built: HandView

    def __init__(self, hand: Hand, seat: int, legal: LegalActions) -> None:
        _set_at(self, (hand, seat, legal))

    def __getattr__(self, name: str) -> Any:
        if name not in _FIELD_NAMES:
            raise AttributeError(f"'LazyHandView' object has no attribute {name!r}")
        if name == "seat":  # known without a snapshot
            return self._at[1]
        return getattr(self.built(), name)

    def built(self) -> HandView:
        """The snapshot (taken now if no field was read before).

        Raises:
            PolicyError: The turn is over and nothing was read during it.
        """
        try:
            return self._built
        except AttributeError:  # not taken yet
            pass
        hand, seat, legal = self._at
        if hand.legal_actions() is not legal or hand.is_over:
            raise PolicyError(
                f"seat {seat}'s view was first read after its turn: read it during the "
                "policy's call (or keep what it holds), as the snapshot can only be taken then"
            )
        view = HandView.of(hand, seat)
        _set_built(self, view)
        for name, write in _FIELD_WRITES:
            write(self, getattr(view, name))
        return view

    def __eq__(self, other: object) -> bool:
        if isinstance(other, LazyHandView):
            other = other.built()
        return self.built() == other

    def __hash__(self) -> int:
        return hash(self.built())

    def __repr__(self) -> str:
        return repr(self.built())

    def __reduce__(self) -> tuple[Any, ...]:
        # Copies and pickles are the snapshot itself, a plain HandView.
        return (_snapshot, (self.built(),))


# Slot writes past the frozen dataclass's __setattr__, which refuses every write.
_set_at = LazyHandView._at.__set__  # type: ignore[attr-defined]
_set_built = LazyHandView._built.__set__  # type: ignore[attr-defined]
_FIELD_NAMES = frozenset(field.name for field in fields(HandView))
_FIELD_WRITES = tuple(
    (field.name, vars(HandView)[field.name].__set__) for field in fields(HandView)
)


def _snapshot(view: HandView) -> HandView:
    return view
