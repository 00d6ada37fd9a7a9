"""A seat's view of a hand: public information plus its own hole cards.

Bots and user interfaces get a :class:`HandView`, an immutable snapshot in which other
players' hole cards are hidden until they are shown at showdown. Programs that read the
public state at every decision (observation encoders, search) get it in one call as a
:class:`PublicState`.

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

from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

from pokerforge.cards import Card
from pokerforge.game.actions import DealHole, LegalActions, Record, Show, Street
from pokerforge.game.arguments import seat_number
from pokerforge.game.pots import Pot

if TYPE_CHECKING:
    from pokerforge.game.hand import Hand

__all__ = ["HandView", "PublicState"]


class PublicState(NamedTuple):
    """What everybody at the table can see of a hand at one moment, read in one call.

    The fields are what :attr:`Hand.street <pokerforge.game.Hand.street>`,
    :attr:`~pokerforge.game.Hand.board_indices`, :attr:`~pokerforge.game.Hand.stacks`,
    :attr:`~pokerforge.game.Hand.bets`, :attr:`~pokerforge.game.Hand.folded`,
    :attr:`~pokerforge.game.Hand.actor` and :meth:`~pokerforge.game.Hand.legal_actions`
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
        pots: the pots (see :attr:`Hand.pots <pokerforge.game.Hand.pots>`).
        folded: whether each seat has folded.
        actor: the seat to act, or ``None``.
        legal_actions: this seat's legal actions when it is to act, else ``None``.
        is_over: whether the hand is over.
        payouts: chips won from the pots per seat.
        history: the records, with other seats' unshown hole cards left empty.
        boards: every runout's board, the first first: one board unless the board was
            run more than once (rule 26b).
        max_runouts: when this seat is asked how many times to run the board, the most
            it may ask for (``hand.run_it(times)``), else ``None``.
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
    history: tuple[Record, ...]
    boards: tuple[tuple[Card, ...], ...] = ()
    max_runouts: int | None = None

    @classmethod
    def of(cls, hand: Hand, seat: int) -> HandView:
        """The view of ``hand`` from ``seat``."""
        seat_number(seat, hand.num_seats)
        history = hand.history
        shown = {rec.seat for rec in history if isinstance(rec, Show)}
        visible = shown | {seat}
        hidden = tuple(
            DealHole(rec.seat, ()) if isinstance(rec, DealHole) and rec.seat not in visible
            else rec
            for rec in history
        )  # fmt: skip
        positions = hand.positions
        state = hand.state  # the declared state: every field below but the records
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
        )
