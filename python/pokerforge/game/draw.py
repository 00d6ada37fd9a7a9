"""The draw games' own rules: the deal, the drawing rounds, the stub, the showdown's ranks.

Deuce-to-seven single and triple draw, ace-to-five triple draw, badugi and five-card draw
have no board (rules 47-52 of docs/rules.md). Each player is dealt five cards (four in
badugi) face down; between betting rounds come one drawing round (single draw, five-card
draw) or three (triple draw, badugi), in which every player still in discards any number
of cards, or none (stands pat), and is dealt as many from the stub at once. The functions
here work on card indices (``4 * rank + suit``); [`DrawTurns`][pokerforge.game.draw.DrawTurns] gives
[`Hand`][pokerforge.game.Hand] its drawing actions,
[`discard()`][pokerforge.game.draw.DrawTurns.discard] and
[`stand_pat()`][pokerforge.game.draw.DrawTurns.stand_pat], with their ``verify_*`` and ``can_*``.

Examples:
    >>> from pokerforge.game import GameSpec, Hand
    >>> spec = GameSpec(variant="2-7-triple-draw", betting="fixed-limit", blinds=(1, 2),
    ...                 small_bet=2, big_bet=4)
    >>> hand = Hand(spec, stacks=[100, 100], seed=7,
    ...             hole_cards=["7c5d4h3s9c", "KhKdQc8s2c"])
    >>> _ = hand.call(), hand.check()  # the button completes, the big blind checks
    >>> hand.street, hand.actor  # the big blind draws first (left of the button)
    (<Street.FIRST_DRAW: 11>, 1)
    >>> hand.discard("KhKdQc")
    Discard(seat=1, number=3, cards='Kh Kd Qc')
    >>> hand.verify_discard("2h")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    pokerforge.errors.IllegalActionError: seat 0 cannot discard 2h: it does not hold it ...
    >>> hand.discard("9c"), hand.state.draws
    (Discard(seat=0, number=1, cards='9c'), ((1,), (3,)))
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING

from pokerforge._core import record as _record  # see betting.py
from pokerforge.cards import Card, Deck
from pokerforge.errors import CardCountError, DuplicateCardError, IllegalActionError
from pokerforge.game.actions import DealHole, Discard, Exposed, StandPat
from pokerforge.game.deal import _deck_order, _given_holes, _indices
from pokerforge.game.positions import SEAT_ORDERS
from pokerforge.game.state import NOBODY

if TYPE_CHECKING:
    from pokerforge.game.spec import EngineConstants
    from pokerforge.game.state import HandState

__all__ = ["DrawDeck", "DrawTurns", "deal_draw", "max_draw_seats"]

_DECK = 52
_SEED_SPAN = 1 << 64
_GOLDEN = 0x9E3779B97F4A7C15  # spreads the seeds of the reshuffles (an odd constant)


def max_draw_seats(hole_count: int) -> int:
    """The most players a draw game of ``hole_count`` cards each is dealt to (rule 47):
    with every hand dealt, the cards out of the players' hands must still cover a player
    drawing all of theirs, however the stub runs (rule 50): nine in the five-card games,
    ten in badugi.

    Examples:
        >>> max_draw_seats(5), max_draw_seats(4)
        (9, 10)
    """
    return min(10, (_DECK - hole_count) // hole_count)


class DrawDeck:
    """The stub of one draw hand and the turn order of its drawing round.

    The deck's order is fixed when the hand starts (a seed fixes every card, including
    those of a reshuffle). The dealer burns one card before each drawing round (rule 49);
    each player's replacements come from the top of the stub, and when the stub cannot
    give them all, its last cards are dealt and then every card out of the live players'
    hands but the drawing player's own discards is shuffled into a new stub (rule 50).

    Args:
        order: the cards still to deal, in the order the shuffled deck deals them.
        seed: the hand's seed; reshuffle ``k`` orders its cards by the deck seeded from it.
    """

    __slots__ = ("_seed", "_shuffles", "_stub", "burns", "order", "owed", "shown", "turn")

    order: tuple[int, ...]
    """The seats drawing in this round, in turn (empty between drawing rounds)."""
    turn: int
    """The index in [`order`][pokerforge.game.draw.DrawDeck.order] of the seat to draw."""
    burns: list[int]
    """The burn cards so far."""
    shown: Mapping[int, tuple[int, ...]]
    """Replays: the hands seats whose cards the record does not know showed at the end."""
    owed: list[int]
    """Seats owed a card for one exposed on the draw, dealt once the others have drawn
    (rule 54)."""

    def __init__(self, order: Iterable[int], seed: int) -> None:
        self._stub = list(order)
        self._stub.reverse()  # pop() from the end deals the top card
        self._seed = seed
        self._shuffles = 0
        self.order = ()
        self.turn = 0
        self.burns = []
        self.shown = {}
        self.owed = []

    def copy(self) -> DrawDeck:
        """An independent copy (for ``Hand.copy``)."""
        new = object.__new__(DrawDeck)
        new._stub = self._stub.copy()
        new._seed = self._seed
        new._shuffles = self._shuffles
        new.order = self.order
        new.turn = self.turn
        new.burns = self.burns.copy()
        new.shown = self.shown
        new.owed = self.owed.copy()
        return new

    @property
    def remaining(self) -> int:
        """Cards left in the stub."""
        return len(self._stub)

    @property
    def reshuffles(self) -> int:
        """How many times the discards were shuffled into a new stub (rule 50)."""
        return self._shuffles

    def __iter__(self) -> Iterator[int]:
        """The stub's cards, the top first."""
        return reversed(self._stub)

    def burn(self) -> None:
        """The burn before a drawing round (rule 49); none when the stub is empty."""
        if self._stub:
            self.burns.append(self._stub.pop())

    def show_unknown(self, state: HandState, unknown: Collection[int]) -> bool:
        """At the showdown of a replay: the hands the unknown seats still in showed become
        their hands. Returns whether every one of them was shown."""
        live = [s for s in unknown if not state.folded[s]]
        if not all(s in self.shown for s in live):
            return False
        holes = list(state.holes)
        for s in live:
            holes[s] = self.shown[s]
        state.holes = tuple(holes)
        return True

    def take(self, cards: Iterable[int]) -> None:
        """Cards a replay gives: out of the stub, wherever they lie in it."""
        gone = set(cards)
        self._stub = [c for c in self._stub if c not in gone]

    def deal(self, count: int, out_of_play: set[int]) -> tuple[int, ...]:
        """``count`` replacements from the top of the stub. When it runs out, the cards in
        ``out_of_play`` (every card that is neither in a live player's hand nor among the
        drawing player's own discards, rule 50) are shuffled into a new stub first."""
        dealt: list[int] = []
        stub = self._stub
        while len(dealt) < count:
            if not stub:
                self._shuffles += 1
                seed = (self._seed + _GOLDEN * self._shuffles) % _SEED_SPAN
                pile = out_of_play - set(dealt)
                stub = self._stub = [c for c in _deck_order(seed) if c in pile]
                stub.reverse()
                self.burns.clear()  # burnt cards are in the new stub
                if not stub:  # pragma: no cover - max_draw_seats rules it out
                    raise IllegalActionError("the deck has no card left to draw")
            dealt.append(stub.pop())
        return tuple(dealt)


def deal_draw(
    n: int,
    hole_count: int,
    *,
    button: int,
    seed: int | None,
    hole_cards: Sequence[object | None] | None = None,
    unknown: Collection[int] = (),
    shown: Mapping[int, object] | None = None,
) -> tuple[int, DrawDeck, tuple[tuple[int, ...], ...]]:
    """The deal of a draw hand: ``(seed, deck, holes)``, ``hole_count`` cards to each of
    ``n`` seats one at a time clockwise from the button's left (rule 47); ``hole_cards``
    (one entry per seat, ``None`` to deal that seat) fixes cards for replays; seats in
    ``unknown`` (replays of records that do not know them) are dealt none, and ``shown``
    gives the hands some of them showed at the end (kept out of the stub).

    Raises:
        CardCountError: a wrong number of entries or of cards for a seat.
        DuplicateCardError: a card given twice.

    Examples:
        >>> seed, deck, holes = deal_draw(3, 5, button=0, seed=4)
        >>> seed, [len(h) for h in holes], deck.remaining
        (4, [5, 5, 5], 37)
    """
    given = _given_holes(n, hole_count, hole_cards)
    finals: dict[int, tuple[int, ...]] = {}
    for seat, cards in (shown or {}).items():
        if seat not in unknown:
            raise CardCountError(
                f"seat {seat}'s shown cards are given, but its hole cards are not unknown"
            )
        finals[seat] = tuple(_indices(cards))
        if len(finals[seat]) != hole_count:
            raise CardCountError(
                f"seat {seat} shows {len(finals[seat])} cards, not the {hole_count} it holds"
            )
    known = [c for cards in given if cards for c in cards]
    if len(set(known)) != len(known):
        dup = next(c for c in known if known.count(c) > 1)
        raise DuplicateCardError(f"the card {Card.from_index(dup)} is given more than once")
    if type(seed) is int:
        used = seed
        order: Sequence[int] = _deck_order(seed)
    else:
        deck = Deck(seed=seed)
        order = [c.index for c in deck.deal(_DECK)]
        used = deck.seed if deck.seed is not None else 0  # (a deck always reports its seed)
    taken = set(known)
    for cards in finals.values():
        taken.update(cards)
    stream = [c for c in order if c not in taken]
    holes: list[tuple[int, ...]] = [() if c is None else tuple(c) for c in given]
    to_deal = [s for s in SEAT_ORDERS[n][button] if given[s] is None and s not in unknown]
    for seat in unknown:
        holes[seat] = ()
    dealt = len(to_deal) * hole_count
    for j, seat in enumerate(to_deal):
        holes[seat] = tuple(stream[j : dealt : len(to_deal)])
    stub = DrawDeck(stream[dealt:], used)
    stub.shown = finals
    return used, stub, tuple(holes)


class DrawTurns:
    """Discard and stand pat in a drawing round (a base of [`Hand`][pokerforge.game.Hand],
    which opens the drawing rounds and the betting after them)."""

    __slots__ = ()

    _state: HandState
    _draw: DrawDeck | None
    _unknown: frozenset[int]
    _engine: EngineConstants

    # The hand's own (its streets'), declared so that no stub here comes before it in the
    # hand's bases: everybody still in has drawn, so the betting round after the draw, or
    # the next drawing round, or the showdown.
    _drawn: Callable[[], None]

    def _draw_problem(self, verb: str, seat: int | None) -> str | None:
        st = self._state
        if st.over:
            return f"cannot {verb}: the hand is over"
        s = st.drawing
        if s < 0:
            return (
                f"cannot {verb}: nobody is drawing now (rule 49: players discard only in a "
                "drawing round of a draw game, in turn)"
            )
        if seat is not None and seat != s:
            return (
                f"seat {seat} cannot {verb}: it is seat {s}'s turn to draw (rule 49: players "
                "draw in turn, clockwise from the button's left)"
            )
        return None

    def _discard_cards(
        self, cards: object, drawn: object | None, seat: int | None
    ) -> tuple[str | None, tuple[int, ...], tuple[int, ...]]:
        """Why ``discard(cards, drawn=...)`` is illegal (or ``None``), the discarded cards
        and the given replacements, as indices."""
        problem = self._draw_problem("discard", seat)
        if problem is not None:
            return problem, (), ()
        st = self._state
        s = st.drawing
        try:
            out = tuple(_indices(cards))
        except (ValueError, TypeError) as err:
            return f"seat {s} cannot discard {cards!r}: {err}", (), ()
        hole = st.holes[s]
        for card in out:
            if card not in hole:
                text = Card.from_index(card)
                return (
                    (
                        f"seat {s} cannot discard {text}: it does not hold it (its hand is "
                        f"{' '.join(str(Card.from_index(c)) for c in hole)})"
                    ),
                    (),
                    (),
                )
        if not out:
            return (
                (f"seat {s} cannot discard no cards: to draw none, stand pat (stand_pat())"),
                (),
                (),
            )
        if drawn is None:
            return None, out, ()
        try:
            new = tuple(_indices(drawn))
        except (ValueError, TypeError) as err:
            return f"seat {s} cannot be dealt {drawn!r}: {err}", (), ()
        if len(new) != len(out):
            return (
                (
                    f"seat {s} cannot be dealt {len(new)} cards for {len(out)} discarded (rule 49: "
                    "as many replacements as discards)"
                ),
                (),
                (),
            )
        live = {c for seat_, h in enumerate(st.holes) if not st.folded[seat_] for c in h}
        for card in new:
            if card in live or card in out:
                return (
                    (
                        f"seat {s} cannot be dealt {Card.from_index(card)}: it is in a live "
                        "player's hand or among its own discards (rule 50)"
                    ),
                    (),
                    (),
                )
        return None, out, new

    def verify_discard(
        self, cards: object, *, drawn: object | None = None, seat: int | None = None
    ) -> None:
        """Raise ``IllegalActionError`` (naming the rule) unless ``discard(cards)`` is legal."""
        problem = self._discard_cards(cards, drawn, seat)[0]
        if problem is not None:
            raise IllegalActionError(problem)

    def can_discard(
        self, cards: object, *, drawn: object | None = None, seat: int | None = None
    ) -> bool:
        """Whether the seat to draw may discard ``cards`` now."""
        return self._discard_cards(cards, drawn, seat)[0] is None

    def discard(
        self, cards: object, *, drawn: object | None = None, seat: int | None = None
    ) -> Discard:
        """The seat to draw throws ``cards`` away (one or more of its cards) and is dealt as
        many from the stub (rules 49, 50); returns the [`Discard`][pokerforge.game.Discard] record,
        followed in the history by the [`DealHole`][pokerforge.game.DealHole] record of the
        replacements.

        Args:
            cards: cards-like, the cards thrown away.
            drawn: replays: the replacements the record gives (else the stub's).
            seat: when given, must be the seat to draw.

        Raises:
            IllegalActionError: not this seat's turn to draw, a card it does not hold, no
                card, or given replacements that cannot be dealt; nothing changes.
        """
        problem, out, new = self._discard_cards(cards, drawn, seat)
        if problem is not None:
            raise IllegalActionError(problem)
        st = self._state
        s = st.drawing
        deck = self._draw
        assert deck is not None
        kept = tuple(c for c in st.holes[s] if c not in out)
        if new:
            deck.take(new)
        else:
            live = {c for seat_, h in enumerate(st.holes) if not st.folded[seat_] for c in h}
            out_of_play = set(range(_DECK)) - live - set(out) - set(deck)
            new = deck.deal(len(out), out_of_play)
        record: Discard = _record(Discard, s, len(out), out)
        self._after_draw(s, (*kept, *new), len(out), record, _record(DealHole, s, new))
        return record

    def _discard_unknown(self, number: int, *, seat: int | None = None) -> Discard:
        """Replays: a seat whose cards the record does not know throws ``number`` cards
        away and is dealt as many, none of them known.

        Raises:
            IllegalActionError: not this seat's turn to draw, its cards are known, or a
                number of cards it does not hold; nothing changes.
        """
        problem = self._draw_problem("discard", seat)
        st = self._state
        s = st.drawing
        if problem is None and s not in self._unknown:
            problem = f"seat {s} cannot discard unknown cards: its cards are known"
        most = self._engine.hole_count
        if problem is None and not 1 <= number <= most:
            problem = f"seat {s} cannot discard {number} cards: it holds {most}"
        if problem is not None:
            raise IllegalActionError(problem)
        record: Discard = _record(Discard, s, number, ())
        self._after_draw(s, (), number, record, _record(DealHole, s, ()))
        return record

    def verify_stand_pat(self, *, seat: int | None = None) -> None:
        """Raise ``IllegalActionError`` (naming the rule) unless standing pat is legal now."""
        problem = self._draw_problem("stand pat", seat)
        if problem is not None:
            raise IllegalActionError(problem)

    def can_stand_pat(self, *, seat: int | None = None) -> bool:
        """Whether the seat to draw may stand pat (keep every card) now."""
        return self._draw_problem("stand pat", seat) is None

    def stand_pat(self, *, seat: int | None = None) -> StandPat:
        """The seat to draw keeps its cards and draws none (rule 49); returns the record.

        Raises:
            IllegalActionError: nobody is drawing, or it is another seat's turn; nothing
                changes.
        """
        self.verify_stand_pat(seat=seat)
        s = self._state.drawing
        record = StandPat(s)
        self._after_draw(s, self._state.holes[s], 0, record, None)
        return record

    def verify_expose_drawn_card(self, card: object) -> None:
        """Raise ``IllegalActionError`` (naming the rule) unless
        [`expose_drawn_card()`][pokerforge.game.draw.DrawTurns.expose_drawn_card] applies now."""
        problem = self._expose_problem(card)[0]
        if problem is not None:
            raise IllegalActionError(problem)

    def can_expose_drawn_card(self, card: object) -> bool:
        """Whether ``card`` is one the dealer has just dealt on the draw (rule 54)."""
        return self._expose_problem(card)[0] is None

    def expose_drawn_card(self, card: object) -> Exposed:
        """A dealer error (rule 54): ``card``, one of the replacements just dealt to the
        player who drew last, was exposed. It is taken back and set aside face up with the
        discards, and that player is dealt another card from the stub once the other
        players have drawn (at once, when nobody else is left to draw). Returns the
        [`Exposed`][pokerforge.game.Exposed] record; the new card's
        [`DealHole`][pokerforge.game.DealHole] record follows when it is dealt.

        Raises:
            IllegalActionError: ``card`` is not among the replacements dealt last, or the
                hand has moved on since; nothing changes.

        Examples:
            >>> from pokerforge.game import GameSpec, Hand
            >>> hand = Hand(GameSpec(variant="badugi"), stacks=[50, 50], seed=3,
            ...             hole_cards=["As2d3h4c", "KsKdKhKc"])
            >>> _ = hand.call(), hand.check(), hand.discard("KdKh", drawn="5s6c")
            >>> hand.expose_drawn_card("6c")
            Exposed(seat=1, cards='6c')
            >>> len(hand.state.holes[1]), hand.stand_pat(), len(hand.state.holes[1])
            (3, StandPat(seat=0), 4)
        """
        problem, seat, index = self._expose_problem(card)
        if problem is not None:
            raise IllegalActionError(problem)
        st = self._state
        deck = self._draw
        assert deck is not None
        holes = list(st.holes)
        holes[seat] = tuple(c for c in holes[seat] if c != index)
        st.holes = tuple(holes)
        record: Exposed = _record(Exposed, seat, (index,))
        st.log.append(record)
        deck.owed.append(seat)
        if st.drawing < 0:  # nobody else is left to draw: the card comes at once
            self._deal_owed()
        return record

    def _expose_problem(self, card: object) -> tuple[str | None, int, int]:
        """Why ``expose_drawn_card(card)`` does not apply (or ``None``), the seat and the
        card's index."""
        st = self._state
        log = st.log
        try:
            (index,) = _indices(card)
        except (ValueError, TypeError):
            return f"cannot expose {card!r}: one card is exposed at a time", -1, -1
        last = log[-1] if log else None
        before = log[-2] if len(log) > 1 else None
        if (
            st.over
            or type(last) is not DealHole
            or type(before) is not Discard
            or last.seat != before.seat
            or index not in last.indices
        ):
            return (
                (
                    f"cannot expose {Card.from_index(index)}: only a card just dealt to the "
                    "player who drew last is exposed on the draw (rule 54)"
                ),
                -1,
                -1,
            )
        deck = self._draw
        if deck is not None and st.drawing >= 0 and deck.turn == 0:
            # Nobody could bet after that draw (all in), so the next drawing round has
            # begun, its burn taken: the card was dealt in a round that is over.
            return (
                (
                    f"cannot expose {Card.from_index(index)}: the drawing round it was dealt "
                    "in is over (rule 54 applies on the draw)"
                ),
                -1,
                -1,
            )
        return None, last.seat, index

    def _deal_owed(self) -> None:
        """The cards owed for exposed ones, from the stub, once everybody has drawn (rule
        54); a player never gets back its own discards of the round (rule 50)."""
        st = self._state
        deck = self._draw
        assert deck is not None
        while deck.owed:
            seat = deck.owed.pop(0)
            own: tuple[int, ...] = ()
            for record in reversed(st.log):
                if type(record) is Discard and record.seat == seat:
                    own = record.indices
                    break
            live = {c for s, h in enumerate(st.holes) if not st.folded[s] for c in h}
            new = deck.deal(1, set(range(_DECK)) - live - set(own) - set(deck))
            holes = list(st.holes)
            holes[seat] = (*holes[seat], *new)
            st.holes = tuple(holes)
            st.log.append(_record(DealHole, seat, new))

    def _after_draw(
        self,
        seat: int,
        hand: tuple[int, ...],
        count: int,
        record: Discard | StandPat,
        dealt: DealHole | None,
    ) -> None:
        st = self._state
        deck = self._draw
        assert deck is not None
        holes = list(st.holes)
        holes[seat] = hand
        st.holes = tuple(holes)
        draws = list(st.draws)
        draws[seat] = (*draws[seat], count)
        st.draws = tuple(draws)
        st.log.append(record)
        if dealt is not None:
            st.log.append(dealt)
        deck.turn += 1
        if deck.turn < len(deck.order):
            st.drawing = deck.order[deck.turn]
            return
        st.drawing = NOBODY
        deck.order = ()
        deck.turn = 0
        self._deal_owed()
        self._drawn()
