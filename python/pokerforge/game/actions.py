"""The records of a hand: what players did and what the dealer did.

Every entry of [Hand.history][pokerforge.game.Hand.history] is one of the immutable
records below. Player actions are [`Fold`][pokerforge.game.Fold], [`Check`][pokerforge.game.Check],
[`Call`][pokerforge.game.Call], [`Bet`][pokerforge.game.Bet] and [`Raise`][pokerforge.game.Raise]
(in stud also [`BringIn`][pokerforge.game.BringIn], in the draw games
[`Discard`][pokerforge.game.Discard] and
[`StandPat`][pokerforge.game.StandPat]); everything else is an event of the deal:
forced bets, cards (in stud: [`DealHole`][pokerforge.game.DealHole] for down cards,
[`DealUp`][pokerforge.game.DealUp] for up cards; in the draw games
[`DealHole`][pokerforge.game.DealHole] also for the replacements of a draw), returned bets, shown or
mucked hands, pot awards and rake.

Records are named tuples (the fastest immutable record CPython offers, which matters when
millions of hands are simulated), but two records are equal only when they have the same
type and the same fields, so ``Fold(seat=1) != Check(seat=1)``. Cards inside records are
kept as card indices (``4 * rank + suit``); the ``cards`` property turns them into
`Card` objects.

Examples:
    >>> from pokerforge.game.actions import Call, Check, Fold, Street
    >>> Call(seat=2, amount=10, all_in=False)
    Call(seat=2, amount=10, all_in=False)
    >>> Fold(seat=1) == Check(seat=1), Fold(seat=1) == Fold(seat=1)
    (False, True)
    >>> Street.FLOP, Street(3).name
    (<Street.FLOP: 1>, 'RIVER')
"""

from __future__ import annotations

from typing import Any, NamedTuple

from pokerforge._core import LowRank
from pokerforge.cards import Card
from pokerforge.enums import TextEnum

__all__ = [
    "Action",
    "Award",
    "Bet",
    "BringIn",
    "Call",
    "Check",
    "DealBoard",
    "DealHole",
    "DealUp",
    "Discard",
    "Event",
    "Exposed",
    "Fold",
    "LegalActions",
    "Muck",
    "PostAnte",
    "PostBlind",
    "Raise",
    "RakeTaken",
    "Record",
    "ReturnBet",
    "RunIt",
    "Runout",
    "Show",
    "StandPat",
    "Street",
]


class Street(TextEnum):
    """The betting rounds of a hand, then the showdown; ``str()`` is the name in lower case
    (``'flop'``, ``'third street'``).

    The board games bet pre-flop, on the flop, the turn and the river; the stud family on
    third to seventh street (seventh street is stud's river); the draw games before the
    first draw (``PREDRAW``) and after each draw: ``FIRST_DRAW`` is the first drawing round
    and the betting after it, and so on (one draw in single draw, three in triple draw).
    All end at ``SHOWDOWN``.
    """

    PREFLOP = 0
    FLOP = 1
    TURN = 2
    RIVER = 3
    SHOWDOWN = 4
    THIRD_STREET = 5
    FOURTH_STREET = 6
    FIFTH_STREET = 7
    SIXTH_STREET = 8
    SEVENTH_STREET = 9
    PREDRAW = 10
    FIRST_DRAW = 11
    SECOND_DRAW = 12
    THIRD_DRAW = 13


def _cards(indices: tuple[int, ...]) -> tuple[Card, ...]:
    return tuple(Card.from_index(i) for i in indices)


def _repr_with_cards(record: tuple[Any, ...], fields: tuple[str, ...]) -> str:
    """``DealHole(seat=0, cards='4c Ts')``: the record with its card indices as text."""
    parts = [
        f"cards={' '.join(str(c) for c in _cards(value))!r}" if name == "indices"
        else f"{name}={value!r}"
        for name, value in zip(fields, record, strict=True)
    ]  # fmt: skip
    return f"{type(record).__name__}({', '.join(parts)})"


class Fold(NamedTuple):
    """A player folds and gives up every pot."""

    seat: int


class Check(NamedTuple):
    """A player checks: nothing was owed."""

    seat: int


class Call(NamedTuple):
    """A player calls, putting in ``amount`` chips (less than owed only when all-in)."""

    seat: int
    amount: int
    all_in: bool


class Bet(NamedTuple):
    """The opening bet of a street, to a street total of ``to`` (``amount`` chips added)."""

    seat: int
    to: int
    amount: int
    all_in: bool


class Raise(NamedTuple):
    """A raise to a street total of ``to``; ``full`` is false for an incomplete all-in."""

    seat: int
    to: int
    amount: int
    all_in: bool
    full: bool


class PostAnte(NamedTuple):
    """A forced ante (dead money); ``amount`` is less than the ante only when all-in."""

    seat: int
    amount: int


class PostBlind(NamedTuple):
    """A forced blind: ``blind`` is ``"SB"``, ``"BB"`` or ``"straddle"``."""

    seat: int
    amount: int
    blind: str


class DealHole(NamedTuple):
    """Hole cards dealt to a seat; ``indices`` is empty in a view that hides them."""

    seat: int
    indices: tuple[int, ...]

    @property
    def cards(self) -> tuple[Card, ...]:
        """The hole cards as `Card` objects."""
        return _cards(self.indices)

    def __repr__(self) -> str:
        return _repr_with_cards(self, self._fields)


class DealUp(NamedTuple):
    """A stud up card dealt face up to a seat (everybody sees it)."""

    seat: int
    indices: tuple[int, ...]

    @property
    def cards(self) -> tuple[Card, ...]:
        """The up cards as `Card` objects."""
        return _cards(self.indices)

    def __repr__(self) -> str:
        return _repr_with_cards(self, self._fields)


class BringIn(NamedTuple):
    """Stud's forced opening on third street: the seat showing the lowest card (the
    highest in razz) brings it in for ``amount`` chips (less only when all-in)."""

    seat: int
    amount: int
    all_in: bool


class Discard(NamedTuple):
    """A player in a drawing round throws ``number`` cards away (``indices``, in the order
    given) to be dealt as many replacements (the [`DealHole`][pokerforge.game.DealHole] record after
    it). The number is public; the cards are not: in another seat's view ``indices`` is empty."""

    seat: int
    number: int
    indices: tuple[int, ...]

    @property
    def cards(self) -> tuple[Card, ...]:
        """The discarded cards as `Card` objects (none where hidden)."""
        return _cards(self.indices)

    def __repr__(self) -> str:
        return _repr_with_cards(self, self._fields)


class Exposed(NamedTuple):
    """A dealer error in a drawing round (rule 54): a replacement card dealt to ``seat`` was
    exposed; it is taken back and set aside face up (everybody sees it), and the seat is
    dealt another once the others have drawn (a [`DealHole`][pokerforge.game.DealHole] record)."""

    seat: int
    indices: tuple[int, ...]

    @property
    def cards(self) -> tuple[Card, ...]:
        """The exposed card as `Card` objects."""
        return _cards(self.indices)

    def __repr__(self) -> str:
        return _repr_with_cards(self, self._fields)


class StandPat(NamedTuple):
    """A player in a drawing round keeps every card (draws none)."""

    seat: int


class DealBoard(NamedTuple):
    """Board cards turned up for a street (after a burn card); in stud, the common card
    turned up when the deck cannot give every player a card (rule 41)."""

    street: Street
    indices: tuple[int, ...]

    @property
    def cards(self) -> tuple[Card, ...]:
        """The new board cards as `Card` objects."""
        return _cards(self.indices)

    def __repr__(self) -> str:
        return _repr_with_cards(self, self._fields)


class ReturnBet(NamedTuple):
    """The uncalled part of a bet goes back to the bettor (rule 19)."""

    seat: int
    amount: int


class Show(NamedTuple):
    """A player shows: ``rank`` is the high hand's class, ``low`` the 8-or-better low
    (a `LowRank`; ``None`` when the hand has none or the game is not
    hi-lo). In razz ``rank`` is the ace-to-five low's class (``int(A5LowRank)``, greater
    is better). In stud ``indices`` are every card of the seat, down and up. ``ranking``
    says how the hand was ranked (the game's code in the variant table, short deck's
    order, as the engine's showdown reads them; Hold'em by default), and
    [`description`][pokerforge.game.Show.description] the hand in its game's words.

    Examples:
        >>> from pokerforge.game import GameSpec, Hand
        >>> hand = Hand(GameSpec(blinds=(1, 2)), stacks=[100, 100], button=0,
        ...             hole_cards=["KsKh", "7c2d"], board="9c9d4h3s2h")
        >>> for _ in range(8):  # a call, then checks to the showdown
        ...     _ = hand.check() if hand.legal_actions().check else hand.call()
        >>> [r for r in hand.history if isinstance(r, Show)][-1]
        Show(seat=0, cards='Ks Kh', rank=4822, low=None, description='Two pair, kings and nines')
    """

    seat: int
    indices: tuple[int, ...]
    rank: int
    low: LowRank | None
    ranking: tuple[int, bool, bool, bool] = (0, True, False, False)

    @property
    def cards(self) -> tuple[Card, ...]:
        """The shown hole cards as `Card` objects."""
        return _cards(self.indices)

    @property
    def description(self) -> str:
        """The hand in its game's words: ``"Two pair, kings and nines"``, ``"8-6-5-3-2
        low"`` (razz), ``"7-5-3-2 badugi"``; in a hi-lo game the high, then the low or
        ``"no low"`` (`pokerforge.game.showdown.words()`, made when first read)."""
        from pokerforge.game.showdown import words  # noqa: PLC0415 - showdown imports this

        return words(self.ranking, self.rank, 0 if self.low is None else int(self.low))

    def __repr__(self) -> str:
        # How the hand was ranked reads better as the words it gives.
        cards = " ".join(str(c) for c in self.cards)
        return (
            f"Show(seat={self.seat}, cards={cards!r}, rank={self.rank}, low={self.low!r}, "
            f"description={self.description!r})"
        )


class Muck(NamedTuple):
    """A player mucks at showdown and gives up every pot (rule 22)."""

    seat: int


class Award(NamedTuple):
    """``amount`` chips of pot ``pot`` (0 = main pot) go to ``seat``.

    ``half`` is ``"high"`` or ``"low"`` in a split hi-lo pot, otherwise ``"all"``.
    """

    pot: int
    seat: int
    amount: int
    half: str


class RunIt(NamedTuple):
    """Asked how many times to deal the rest of the board, ``seat`` asks for ``times``
    (rule 26b)."""

    seat: int
    times: int


class Runout(NamedTuple):
    """Runout ``number`` (1 for the first) of a board dealt more than once begins (rule
    26b): ``indices`` is its whole board. Its [`DealBoard`][pokerforge.game.DealBoard] records
    follow, then the [`Show`][pokerforge.game.Show] and [`Award`][pokerforge.game.Award] records of
    its share of the pots."""

    number: int
    indices: tuple[int, ...]

    @property
    def cards(self) -> tuple[Card, ...]:
        """The runout's board as `Card` objects."""
        return _cards(self.indices)

    def __repr__(self) -> str:
        return _repr_with_cards(self, self._fields)


class RakeTaken(NamedTuple):
    """The house takes ``amount`` chips from the pots (rule 27)."""

    amount: int


class LegalActions(NamedTuple):
    """What the player to act may do now, with exact amounts.

    Attributes:
        fold: whether folding is allowed.
        check: true exactly when nothing is owed.
        call: the chips a call puts in (what is owed, capped at the stack); 0 when nothing
            is owed.
        min_raise_to: the smallest street total a bet or raise may reach, or ``None`` when
            raising is not allowed. When the stack cannot reach a full raise it equals the
            all-in total; in fixed-limit it is the one allowed amount.
        max_raise_to: the largest such total (the all-in total in no-limit, the pot in
            pot-limit), or ``None``.
    """

    fold: bool
    check: bool
    call: int
    min_raise_to: int | None
    max_raise_to: int | None


Action = Fold | Check | Call | Bet | Raise | BringIn | Discard | StandPat
Event = (
    PostAnte
    | PostBlind
    | DealHole
    | DealUp
    | DealBoard
    | Exposed
    | ReturnBet
    | Show
    | Muck
    | Award
    | RakeTaken
    | RunIt
    | Runout
)
Record = Action | Event


def _record_eq(self: tuple[Any, ...], other: object) -> bool:
    return type(self) is type(other) and tuple.__eq__(self, other)


def _record_ne(self: tuple[Any, ...], other: object) -> bool:
    return not _record_eq(self, other)


def _record_hash(self: tuple[Any, ...]) -> int:
    return hash((type(self).__name__, tuple(self)))


for _cls in (
    Fold, Check, Call, Bet, Raise, PostAnte, PostBlind, DealHole, DealBoard, ReturnBet,
    Show, Muck, Award, RakeTaken, RunIt, Runout, DealUp, BringIn, Discard, StandPat,
    Exposed,
):  # fmt: skip
    # Named tuples compare as plain tuples; records of different kinds must never be equal.
    setattr(_cls, "__eq__", _record_eq)  # noqa: B010 - mypy forbids assigning methods
    setattr(_cls, "__ne__", _record_ne)  # noqa: B010
    setattr(_cls, "__hash__", _record_hash)  # noqa: B010
