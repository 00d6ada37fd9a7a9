"""One hand of poker, from the forced bets to the payouts.

Examples:
    >>> from pokerforge.game import GameSpec, Hand
    >>> hand = Hand(GameSpec(blinds=(1, 2)), stacks=[100, 100, 100], button=0, seed=42)
    >>> hand.positions, hand.actor, hand.bets
    (('BTN', 'SB', 'BB'), 0, (0, 1, 2))
    >>> hand.legal_actions()
    LegalActions(fold=True, check=False, call=2, min_raise_to=4, max_raise_to=100)
    >>> hand.raise_to(8)
    Raise(seat=0, to=8, amount=8, all_in=False, full=True)
    >>> hand.fold(), hand.fold()
    (Fold(seat=1), Fold(seat=2))
    >>> hand.is_over, hand.stacks, hand.payouts
    (True, (103, 99, 98), (5, 0, 0))
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from decimal import Decimal
from typing import Any

from pokerforge._core import DealLayout
from pokerforge._core import copy_slots as _copy_slots
from pokerforge._core import record as _record  # see betting.py
from pokerforge._core import untrack as _untrack
from pokerforge.errors import (
    IllegalActionError,
    InvalidSpecError,
)
from pokerforge.game.actions import (
    DealBoard,
    DealHole,
    Record,
    Street,
)
from pokerforge.game.arguments import (
    check_posts,
    chip_count,
    player_count,
    replay_record,
    seat_number,
)
from pokerforge.game.asked import AskedTurns
from pokerforge.game.deal import deal_layout, split_board
from pokerforge.game.draw import DrawTurns
from pokerforge.game.ending import Ending
from pokerforge.game.positions import MAX_SEATS, MIN_SEATS
from pokerforge.game.queries import HandQueries
from pokerforge.game.runouts import RunoutTurns
from pokerforge.game.spec import DEAL_BOARD, GameSpec
from pokerforge.game.state import HandState
from pokerforge.game.stub import check_extra, deal_hand
from pokerforge.game.view import HandView, PublicState

__all__ = ["Hand"]

_STREETS = tuple(Street)
_NO_SEATS: frozenset[int] = frozenset()


class Hand(HandQueries, AskedTurns, RunoutTurns, DrawTurns, Ending):
    """One hand: forced bets and cards on creation, then betting until the pots are paid.

    Args:
        spec: the [`GameSpec`][pokerforge.game.GameSpec].
        stacks: chips of each seat before the forced bets (2 to 10 seats, clockwise).
        button: the button's seat.
        seed: seeds the shuffled deck (``None``: a random seed, reported as ``hand.seed``).
        hole_cards: replays: one entry per seat, each cards-like (``"AhKh"``, cards,
            indices) or ``None`` to deal that seat from the deck.
        board: replays: board cards in order (flop, turn, river); missing ones come from
            the deck. Cards after the fifth are those of further runouts, in the order
            dealt (a board run more than once, rule 26b).
        dead_small_blind: no small blind this hand (dead button rule, rule 29): the seat
            left of the button posts the big blind. Needs three or more players.
        posts: players' own forced bets (rule 29b), ``(seat, live, dead)``: ``live`` chips
            posted as a live big blind by a player coming in, ``dead`` chips (a missed small
            blind) straight into the pot. A seat posting a blind this hand cannot post.
        added: chips the room puts in the pot before the deal, which no player put in (a
            promotion: GGPoker's Cash Drop, a "splash the pot"): dead money in the main
            pot, counted in pot-limit maxima and paid with that pot (``hand.added``).
        unknown_hole_cards: replays of recorded hands: seats whose hole cards the record
            does not know. They have no cards (``hole_cards`` is empty) and a showdown that
            needs them is decided by ``recorded_winnings`` / ``recorded_stacks``, or else
            left undecided (`result_known` is false and the pots stay unpaid).
        unshown_hole_cards: replays: seats of ``unknown_hole_cards`` whose hands were not
            tabled at the showdown (a record's ``????``): an untabled hand cannot win a pot
            (rule 22), so where every other hand in the showdown is known the tabled hands
            decide the pots instead of the record.
        recorded_winnings: replays: chips each seat collected from the pots, as the room
            recorded them (after rake). The rake is what the pots held beyond their sum,
            taken as ``spec.rake.split`` says (main pot first without a ``spec.rake``);
            it replaces the amount ``spec.rake`` would take.
        recorded_stacks: replays: each seat's recorded chips after the hand (instead of
            ``recorded_winnings``; a seat's winnings are its final chips less its chips
            behind once the betting is over).
        recorded_pays: replays: the recorded result is what the room paid (its own split,
            rake or odd chips) and the showdown pays it as recorded, not by the rules.
        chip_value: what one chip is worth in the record's money (``Decimal("0.01")`` for a
            cash game in cents), for exporting; the engine itself counts whole chips.
        shown_cards: replays of draw games: ``seat -> cards`` a seat of
            ``unknown_hole_cards`` showed at the showdown, the hand it held after its
            draws; they decide the showdown (else the record does).

    Raises:
        InvalidSpecError: bad seats, stacks or button; a straddle with two players.
        CardCountError: a replay with the wrong number of cards.
        DuplicateCardError: a card given twice.

    Seats are dealt one card at a time starting left of the button; the dealer burns one
    card before the flop, the turn and the river (rule 10). The whole deal is fixed on
    creation, so a seed determines the hand.

    The stud family (``spec.is_stud``; docs/rules.md section 8) has no board and no blinds:
    every player antes, gets two down cards and one up card, and the seat showing the
    lowest card (the highest in razz) brings it in (`bring_in()`) or completes
    (`complete()`); later streets deal one card to each player still in, up on fourth
    to sixth street and down on seventh, from the deck order the seed fixed. The button is
    the dealer's seat: dealing starts left of it. For replays ``hole_cards`` gives each
    seat's down cards (up to three) and ``up_cards`` its up cards (up to four), in the
    order dealt; a seat in ``unknown_hole_cards`` gets no down cards; ``board`` gives the
    common card of rule 41, should the deck run short.

    The draw games (``spec.is_draw``; docs/rules.md section 10) have blinds and no board:
    every player is dealt five cards (four in badugi); after the first betting round and
    each later one but the last comes a drawing round (``hand.street`` the draw's
    [`Street`][pokerforge.game.Street], ``hand.actor`` the seat to draw), in which each player still
    in, in turn from the button's left, throws cards away with
    [`discard()`][pokerforge.game.draw.DrawTurns.discard] and is dealt as many, or keeps them all
    with [`stand_pat()`][pokerforge.game.draw.DrawTurns.stand_pat]. ``hole_cards`` gives the cards
    first dealt; a replay gives each draw's replacements with ``discard(cards, drawn=...)``.

    Examples:
        >>> stud = GameSpec(variant="stud", betting="fixed-limit", ante=1, bring_in=2,
        ...                 small_bet=5, big_bet=10)
        >>> hand = Hand(stud, stacks=[100, 100, 100], up_cards=["7h", "2d", "Ks"], seed=1)
        >>> hand.street, hand.actor, hand.legal_actions()
        (<Street.THIRD_STREET: 5>, 1, LegalActions(fold=False, check=False, call=2, \
min_raise_to=5, max_raise_to=5))
        >>> hand.bring_in(), hand.complete()
        (BringIn(seat=1, amount=2, all_in=False), Raise(seat=2, to=5, amount=5, all_in=False, \
full=True))
    """

    __slots__ = ("_added", "_dead_sb", "_dealt", "_layout", "_posts")

    # The hole cards' records, first in the history: built when the history is first read
    # (the log holds what happened after the deal).
    _dealt: tuple[DealHole, ...] | None
    # Where the cards lie in the deck (see deal_layout), looked up when first dealt again.
    _layout: DealLayout | None
    _dead_sb: bool
    # The players' own posts as given (checked), for a hand dealt again.
    _posts: Sequence[tuple[int, int, int]]

    def __init__(
        self,
        spec: GameSpec,
        *,
        stacks: Sequence[int],
        button: int = 0,
        seed: int | None = None,
        hole_cards: Sequence[object | None] | None = None,
        board: object | None = None,
        dead_small_blind: bool = False,
        posts: Sequence[tuple[int, int, int]] = (),
        added: int = 0,
        unknown_hole_cards: Collection[int] = (),
        unshown_hole_cards: Collection[int] = (),
        recorded_winnings: Sequence[int] | None = None,
        recorded_stacks: Sequence[int] | None = None,
        recorded_pays: bool = False,
        chip_value: Decimal | int = 1,
        up_cards: Sequence[object | None] | None = None,
        shown_cards: Mapping[int, object] | None = None,
    ) -> None:
        if type(spec) is not GameSpec and not isinstance(spec, GameSpec):
            raise InvalidSpecError(f"spec must be a GameSpec, not {spec!r}")
        engine = spec.engine
        stacks = list(stacks)
        n = len(stacks)
        if not MIN_SEATS <= n <= MAX_SEATS:
            player_count(n)
        for chips in stacks:
            if type(chips) is not int or chips <= 0:  # the fast path; the check names the seat
                # Plain ints kept, not the int subclasses given (see chip_count).
                stacks = [
                    chip_count(f"seat {seat}'s stack", value, positive=True)
                    for seat, value in enumerate(stacks)
                ]
                break
        if type(button) is not int or not 0 <= button < n:
            button = seat_number(button, n, what="the button")
        self._known = True
        extra: tuple[int, ...] = ()
        if engine.board_at[-1]:  # the board games: the board, then further runouts' cards
            board, extra = split_board(board)
        self._extra = extra
        self._unknown, self._recorded, self._chip_value = replay_record(
            n, unknown_hole_cards, recorded_winnings, recorded_stacks, chip_value
        )
        self._pays_recorded = recorded_pays and self._recorded is not None
        self._unshown = (
            frozenset(unshown_hole_cards) & self._unknown if unshown_hole_cards else _NO_SEATS
        )
        # Never invent cards: unknown seats are dealt none; the given cards of further
        # runouts (extra) are nobody's.
        dealt = deal_hand(
            spec,
            n,
            button,
            seed,
            hole_cards,
            board,
            up_cards,
            self._unknown,
            shown_cards,
            extra,
            dead_small_blind,
            bool(posts),
        )
        if extra:
            check_extra(dealt, extra, spec)
        self._seed, holes, up, self._board, self._stud, self._draw = dealt
        state = HandState(button, engine.rate_unit, engine.unit, stacks, holes)
        super().__init__(engine, state)
        state.street = engine.first_street
        self._spec = spec
        self._engine = engine
        # The first cards' records, first in the history: built when the history is first
        # read where the holes never change; now where later streets or draws change them.
        self._dealt = (
            tuple(_record(DealHole, seat, cards) for seat, cards in enumerate(holes))
            if engine.holes_change
            else None
        )
        self._layout = None
        self._payouts = [0] * n
        self._final_pots = []
        self._rake = 0
        self._asked = None
        self._vote = None
        self._boards = ()
        self._dead_sb = dead_small_blind
        if type(added) is not int or added:  # a plain 0 is the fast path
            added = chip_count("the chips added to the pot", added)
        self._added = state.dead = added
        if posts:
            posts = check_posts(posts, n, button, dead_small_blind)
        self._posts = posts
        self._post_forced_bets(engine, stacks, dead_small_blind, posts, up)
        if type(self) is Hand:  # a subclass may hold anything, cycles included
            self._untrack()

    def _untrack(self) -> None:
        """Take the hand and its lists out of the garbage collector's sight.

        Nothing a hand holds can refer back to it (its lists hold numbers and records, its
        other slots values made by the engine, and the lists of its state, which callers
        read, are not theirs to change), so reference counting alone frees it; the collector
        would only walk it, again and again while hundreds of hands are in play.
        """
        state = self._state
        _untrack(
            self,
            state,
            state.stacks,
            state.bets,
            state.contributions,
            state.folded,
            state.log,
            state.faced,
            state.reach,
            self._payouts,
        )

    @property
    def actor(self) -> int | None:
        """The seat to act (to bet, at an asked showdown to show or muck, or to choose how
        many times to run the board), or ``None``."""
        st = self._state
        if st.actor >= 0:
            return st.actor
        if st.showing >= 0:
            return st.showing
        if st.drawing >= 0:
            return st.drawing
        vote = self._vote
        return None if vote is None else vote.to_act

    def _closed_problem(self, verb: str) -> str:
        if self._state.drawing >= 0:
            return (
                f"cannot {verb}: seat {self._state.drawing} is to draw (discard or stand pat; "
                "rule 49): the betting resumes after the drawing round"
            )
        if self._vote is not None and self._vote.to_act is not None:
            return (
                f"cannot {verb}: the betting is over and the players choose how many times "
                "to run the board (rule 26b)"
            )
        return super()._closed_problem(verb)

    def _redeal_board(self, board: tuple[int, ...]) -> None:
        """Dealer-error procedures (rules 34, 35): new board cards for the streets to come.

        A flop just redealt (nobody has acted on it) replaces the cards already turned up and
        their [`DealBoard`][pokerforge.game.DealBoard] record. The caller keeps the cards distinct
        from the hole cards.
        """
        self._board = board
        st = self._state
        st.board = board[: len(st.board)]
        log = self._state.log
        last = log[-1]
        if type(last) is DealBoard and last.street == self._state.street == 1:
            log[-1] = _record(DealBoard, Street.FLOP, board[:3])

    # -- public state (and game/queries.py) ---------------------------------------------

    @property
    def history(self) -> tuple[Record, ...]:
        """Every action and event so far, as immutable records, in order."""
        return self.deal_records + tuple(self._state.log)

    @property
    def deal_records(self) -> tuple[DealHole, ...]:
        """The records of the hole cards first dealt: the start of
        [`history`][pokerforge.game.Hand.history], before the state's log."""
        dealt = self._dealt
        if dealt is None:
            dealt = self._dealt = tuple(
                [_record(DealHole, seat, hole) for seat, hole in enumerate(self._state.holes)]
            )
        return dealt

    def public_state(self) -> PublicState:
        """The public state in one call: street, board indices, stacks, bets, folded seats,
        the seat to act and its legal actions (see [`PublicState`][pokerforge.game.PublicState])."""
        st = self._state
        seat = st.actor
        if seat < 0:
            seat = st.showing if st.showing >= 0 else st.drawing
        return _record(
            PublicState,
            _STREETS[st.street],
            st.board,
            tuple(st.stacks),
            tuple(st.bets),
            tuple(st.folded),
            seat if seat >= 0 else None,
            self.legal_actions(),
        )

    def view(self, seat: int) -> HandView:
        """What ``seat`` can see: its own hole cards, others' only once shown."""
        return HandView.of(self, seat)

    # -- copying -----------------------------------------------------------------------------

    def __getstate__(self) -> tuple[dict[str, Any] | None, dict[str, Any]]:
        """What pickling and ``copy.deepcopy`` keep: every slot but the deck layout, a cache
        of the core's that is looked up again when needed (and a subclass's attributes)."""
        slots = {
            name: getattr(self, name)
            for cls in type(self).__mro__
            for name in getattr(cls, "__slots__", ())
            if name not in ("__weakref__", "__dict__") and hasattr(self, name)
        }
        slots["_layout"] = None
        return getattr(self, "__dict__", None) or None, slots

    def copy(self) -> Hand:
        """An independent copy of the hand, for search; records and cards are shared.

        Examples:
            >>> from pokerforge.game import GameSpec, Hand
            >>> hand = Hand(GameSpec(), stacks=[50, 50], seed=1)
            >>> twin = hand.copy()
            >>> _ = twin.fold()
            >>> hand.is_over, twin.is_over
            (False, True)
        """
        # Every slot taken over in one call to the core (the values shared), then what
        # changes copied: the declared state (its lists) and the hand's own changing parts.
        # Spelled out slot by slot (_copy_by_slot) it costs more than the rest of a deal.
        new = _copy_slots(self) if type(self) is Hand else self._copy_by_slot()
        new._state = self._state.copy()
        new._payouts = new._payouts.copy()
        _copy_parts(new)
        new._untrack()  # an exact Hand: see _untrack
        return new

    def _copy_by_slot(self) -> Hand:
        """A [`Hand`][pokerforge.game.Hand] (the class itself, whatever the class of this hand)
        whose slots hold this hand's values, shared: the first step of
        [`copy()`][pokerforge.game.Hand.copy], spelled out."""
        new = _new(Hand)
        for name in _SLOTS:
            setattr(new, name, getattr(self, name))
        return new

    def deal_again(self, *, seed: int | None) -> Hand:
        """A new hand like this one was dealt (the same game, seats, stacks, button and
        forced bets) with every card dealt from the deck seeded ``seed``: the hand
        ``Hand(spec, stacks=..., button=..., seed=seed)`` gives, at a fraction of the cost,
        for programs that deal millions of hands from the same seats. The forced bets and
        the first turn do not depend on the cards, so they are taken over as they are.

        Raises:
            IllegalActionError: somebody has acted, a card has been turned up, or this hand
                replays a record (unknown cards or a recorded result).

        Examples:
            >>> from pokerforge.game import GameSpec, Hand
            >>> first = Hand(GameSpec(), stacks=[50, 50, 50], seed=1)
            >>> again = first.deal_again(seed=2)
            >>> again.history == Hand(GameSpec(), stacks=[50, 50, 50], seed=2).history
            True
        """
        st = self._state
        if (
            len(st.log) != self._posted
            or len(st.board) != self._engine.plan[0][2]  # none beyond the first street's
            or st.over
            or self._unknown
            or self._recorded is not None
        ):
            raise IllegalActionError(
                "cannot deal again: only a hand nobody has acted in, with no card turned up "
                "and not replaying a record, can be dealt again"
            )
        if self._engine.deal_kind != DEAL_BOARD or self._engine.deck != 52 or st.board:
            # Dealt as the hand goes, from the 36 cards six to ace, or with a board card
            # before the first round, which the layout's deal from 52 does not know.
            return Hand(
                self._spec,
                stacks=st.starts,
                button=st.button,
                seed=seed,
                dead_small_blind=self._dead_sb,
                posts=self._posts,
                added=self._added,
            )
        layout = self._layout
        if layout is None:  # looked up once and kept: a cached call costs more than a slot
            layout = self._layout = deal_layout(self._n, self._engine.hole_count, st.button)
        new = self.copy()
        # The layout's deal is what deal() returns for these seats, without its checks.
        new._seed, new._state.holes, new._board = layout.deal(seed)
        new._extra = ()
        new._dealt = None
        return new

    __copy__ = copy

    def __repr__(self) -> str:
        now = (
            "over" if self._state.over else f"{self.street.name.lower()}, seat {self.actor} to act"
        )
        return f"<Hand {self._spec.variant} {self._spec.betting}, {self._n} seats, {now}>"


_new = object.__new__

_SLOTS = tuple(
    name
    for cls in Hand.__mro__
    for name in cls.__dict__.get("__slots__", ())
    if name not in ("__weakref__", "__dict__")
)
"""Every slot of a [`Hand`][pokerforge.game.Hand], its bases' included."""

_PARTS = ("_asked", "_vote", "_stud", "_draw")
"""The hand's changing parts that only some hands have (an asked showdown or runout vote,
a stud or draw deck), each with a ``copy()`` of its own; a copy of a hand copies those it
has."""


def _copy_parts(new: Hand) -> None:
    """Replaces each of ``new``'s `_PARTS` by a copy of it (``None`` stays ``None``)."""
    for name in _PARTS:
        part = getattr(new, name)
        if part is not None:
            setattr(new, name, part.copy())
