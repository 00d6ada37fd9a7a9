"""The declared state of a hand: what the rules decide and every observer reads.

A [`Hand`][pokerforge.game.Hand] keeps its observable state in one
[`HandState`][pokerforge.game.HandState] (``hand.state``) and changes it in place as the rules say;
everything that observes a hand reads it from there: ``Hand``'s own properties,
[Hand.public_state][pokerforge.game.Hand.public_state], [`HandView`][pokerforge.game.HandView], and
the observation encoder of [`pokerforge.rl`][pokerforge.rl] (``pokerforge._core.ObsEncoder``), which
reads the fields [`HandState.FIELDS`][pokerforge.game.HandState.FIELDS] declares, in that order, and
refuses a state whose [`HandState.VERSION`][pokerforge.game.HandState.VERSION] it does not know. The
state is read-only to callers: change a hand with its actions, never by writing here.

Each field, its type and its meaning (seats are ``0..n-1`` clockwise; cards are indices
``0..51``, see [`Card`][pokerforge.cards.Card]):

| field | type | meaning |
|---|---|---|
| `button` | `int` | the button's seat (in stud, the dealer's: dealing starts left of it) |
| `big_blind` | `int` | the big blind in chips (the unit of results; in stud the small bet) |
| `unit` | `int` | the smallest chip bets are counted in |
| `starts` | `tuple[int, ...]` | each seat's chips before the forced bets |
| `holes` | `tuple[tuple[int, ...], ...]` | each seat's hole cards (empty: not known); in \
stud its down cards dealt so far |
| `street` | `int` | 0 pre-flop, 1 flop, 2 turn, 3 river, 4 showdown; in stud 5 third street \
to 9 seventh street, then 4; in the draw games 10 before the first draw, 11 to 13 the first \
to third draw (each drawing round and the betting after it), then 4 (as \
[`Street`][pokerforge.game.Street] numbers them) |
| `board` | `tuple[int, ...]` | the board cards turned up so far, in order (in stud: none, or \
the common card of rule 41) |
| `actor` | `int` | the seat to bet, or `NOBODY` (-1) |
| `showing` | `int` | at an asked showdown (rule 22) the seat to show or muck, else `NOBODY` |
| `legal` | `tuple` | the actor's `(fold, check, call, min_raise_to, max_raise_to)` as \
`LegalActions` orders them; `NO_ACTIONS` when nobody is to bet |
| `stacks` | `list[int]` | each seat's chips behind (all-in: 0, not folded) |
| `bets` | `list[int]` | each seat's bet on this street |
| `contributions` | `list[int]` | each seat's live chips put in this hand (bets included) |
| `dead` | `int` | dead chips in the pot (antes of the big blind, missed blinds) |
| `folded` | `list[bool]` | whether each seat has folded |
| `over` | `bool` | whether the hand has ended and been paid |
| `log` | `list[Record]` | what happened after the deal, in order: the records \
`Hand.history` gives after its `DealHole` records (forced bets, actions, board, showdown; \
in stud also the cards dealt after the first two down cards; in the draw games the discards \
and their replacements) |
| `up` | `tuple[tuple[int, ...], ...]` | stud: each seat's up cards dealt so far, in order, \
seen by everybody; empty in the board games |
| `drawing` | `int` | draw games: the seat to discard or stand pat in a drawing round, else \
`NOBODY` |
| `draws` | `tuple[tuple[int, ...], ...]` | draw games: how many cards each seat drew in each \
drawing round so far (0: stood pat), public as the rules make it (the cards are not); empty \
in the other games |

The betting's bookkeeping (layout 4): what, with the fields above, decides the next legal
action (rules 11-18, 37-39); the seat to act's answer is in `legal` already.

| field | type | meaning |
|---|---|---|
| `faced` | `list[int]` | the bet each seat matched when it last acted on this street (-1: \
not yet acted, or the betting reopened to it by a short all-in, rule 18's "completes") |
| `reach` | `list[int]` | the most each seat can have bet on this street (its bet and stack; \
0 once folded) |
| `reach_top` | `tuple[int, int]` | the largest `reach` and how many seats have it (rule 14) |
| `live` | `int` | the seats that have not folded |
| `active` | `int` | the seats able to bet: not folded, not all-in (rule 17) |
| `level` | `int` | the bet to match on this street |
| `full_level` | `int` | the bet of the last full bet or raise on this street (rules 12, 13) |
| `min_inc` | `int` | the smallest raise increment now (no-limit and pot-limit: the last full \
raise, at least the big blind; fixed-limit: the street's bet) |
| `raises` | `int` | the full bets and raises on this street (the big blind counted), for \
fixed-limit's cap |
| `cap` | `int` | fixed-limit: the most bets and raises on this street for the players now \
able to bet (rule 17) |
| `pl_extra` | `int` | pot-limit: the chips the forced bets were short of, counted in the pot \
as if posted in full (rule 7) |
| `aggressor` | `int` | the seat that made the last bet or raise (shows first, rule 21), or \
`NOBODY` |
| `no_raise` | `int` | why the seat to act may not raise (0: it may; the reasons are \
`BettingState`'s codes, given as sentences by `Hand.verify_raise_to`) |
| `bring_in` | `int` | stud: the bring-in still to be posted by the seat to act (0: none) |
| `alt_inc` | `int` | stud: the big bet, while an open pair on fourth street allows it \
(rule 39), else 0 |

The chips in the middle are ``sum(contributions) + dead``; a seat is all-in when its stack
is 0 and it has not folded.

Examples:
    >>> from pokerforge.game import GameSpec, Hand
    >>> hand = Hand(GameSpec(blinds=(1, 2)), stacks=[100, 100, 100], seed=3)
    >>> state = hand.state
    >>> state.street, state.actor, state.stacks, state.bets, state.legal
    (0, 0, [100, 99, 98], [0, 1, 2], (True, False, 2, 4, 100))
    >>> _ = hand.raise_to(6)
    >>> state.log[-1], state.actor, state.bets
    (Raise(seat=0, to=6, amount=6, all_in=False, full=True), 1, [6, 1, 2])
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from pokerforge._core import copy_slots as _copy_slots
from pokerforge.game.actions import (
    Bet,
    BringIn,
    Call,
    Check,
    DealBoard,
    DealHole,
    DealUp,
    Discard,
    Fold,
    Raise,
    StandPat,
)
from pokerforge.game.pots import Pot, build_pots

if TYPE_CHECKING:
    from pokerforge.game.actions import Record

__all__ = ["NOBODY", "NO_ACTIONS", "HandState"]

NOBODY: Final = -1
"""``actor`` and ``showing`` when no seat is asked."""

NO_ACTIONS: Final[tuple[bool, bool, int, int | None, int | None]] = (False, False, 0, None, None)
"""``legal`` when nobody is to bet."""


class HandState:
    """The declared state of one hand (see the module's table for every field).

    Made by [`Hand`][pokerforge.game.Hand] and changed only by its rules.
    """

    VERSION: Final = 4
    """The layout version: it changes whenever a field is added, removed or changes
    meaning, so that readers of the fields (the encoder) can refuse a layout they do not
    know."""

    FIELDS: Final = (
        "button",
        "big_blind",
        "unit",
        "starts",
        "holes",
        "street",
        "board",
        "actor",
        "showing",
        "legal",
        "stacks",
        "bets",
        "contributions",
        "dead",
        "folded",
        "over",
        "log",
        "up",
        "drawing",
        "draws",
        "faced",
        "reach",
        "reach_top",
        "live",
        "active",
        "level",
        "full_level",
        "min_inc",
        "raises",
        "cap",
        "pl_extra",
        "aggressor",
        "no_raise",
        "bring_in",
        "alt_inc",
    )
    """The fields, in their declared order."""

    LISTS: Final = ("stacks", "bets", "contributions", "folded", "log", "faced", "reach")
    """The fields that are lists, changed in place: a copy copies them. Every other field
    holds an immutable value, shared by a copy."""

    LOG_KINDS: Final = (
        Fold,
        Check,
        Call,
        Bet,
        Raise,
        BringIn,
        DealBoard,
        DealUp,
        DealHole,
        Discard,
        StandPat,
    )
    """The record classes of the log that readers of the betting follow: the betting
    actions (the bring-in among them), then the dealing and drawing that come between
    betting rounds, the first of which after a betting action opens the next street (the
    others, such as forced bets and awards, change nothing a reader of the log needs
    beyond ``stacks``, ``bets`` and ``contributions``). Their fields are read by position,
    as `pokerforge.game.actions` declares them."""

    __slots__ = FIELDS

    button: int
    big_blind: int
    unit: int
    starts: tuple[int, ...]
    holes: tuple[tuple[int, ...], ...]
    street: int
    board: tuple[int, ...]
    actor: int
    showing: int
    legal: tuple[bool, bool, int, int | None, int | None]
    stacks: list[int]
    bets: list[int]
    contributions: list[int]
    dead: int
    folded: list[bool]
    over: bool
    log: list[Record]
    up: tuple[tuple[int, ...], ...]
    drawing: int
    draws: tuple[tuple[int, ...], ...]
    faced: list[int]
    reach: list[int]
    reach_top: tuple[int, int]
    live: int
    active: int
    level: int
    full_level: int
    min_inc: int
    raises: int
    cap: int
    pl_extra: int
    aggressor: int
    no_raise: int
    bring_in: int
    alt_inc: int

    def __init__(
        self,
        button: int,
        big_blind: int,
        unit: int,
        stacks: list[int],
        holes: tuple[tuple[int, ...], ...],
        /,
    ) -> None:
        """The state before the forced bets: ``stacks`` is taken over (not copied) as the
        seats' chips behind. (Positional arguments: every hand dealt makes one.)"""
        n = len(stacks)
        self.button = button
        self.big_blind = big_blind
        self.unit = unit
        self.starts = tuple(stacks)
        self.holes = holes
        self.street = 0
        self.board = ()
        self.actor = NOBODY
        self.showing = NOBODY
        self.legal = NO_ACTIONS
        self.stacks = stacks
        self.bets = [0] * n
        self.contributions = [0] * n
        self.dead = 0
        self.folded = [False] * n
        self.over = False
        self.log = []
        self.up = _NO_UP[n]
        self.drawing = NOBODY
        self.draws = _NO_UP[n]
        self.faced = [-1] * n
        self.reach = [0] * n
        self.reach_top = (0, 0)
        self.live = n
        self.active = 0
        self.level = self.full_level = self.min_inc = self.raises = self.cap = 0
        self.pl_extra = 0
        self.aggressor = NOBODY
        self.no_raise = 0
        self.bring_in = self.alt_inc = 0

    def copy(self) -> HandState:
        """An independent copy: the [`LISTS`][pokerforge.game.HandState.LISTS] copied, the other
        values shared.

        Examples:
            >>> from pokerforge.game import GameSpec, Hand
            >>> state = Hand(GameSpec(), stacks=[50, 50], seed=1).state
            >>> twin = state.copy()
            >>> twin.stacks[0] = 0
            >>> state.stacks, twin.level == state.level
            ([49, 48], True)
        """
        new = _copy_slots(self) if type(self) is HandState else _copy_fields(self)
        # The LISTS, spelled out: a loop over their names costs more than the rest of a
        # copy (a test holds the two to each other). list.copy(): a method call costs less
        # than a slice, which builds a slice object.
        new.stacks = new.stacks.copy()
        new.bets = new.bets.copy()
        new.contributions = new.contributions.copy()
        new.folded = new.folded.copy()
        new.log = new.log.copy()
        new.faced = new.faced.copy()
        new.reach = new.reach.copy()
        return new

    @property
    def pot_total(self) -> int:
        """All chips in the middle: the pots plus the bets on this street."""
        total = self.dead
        for chips in self.contributions:
            total += chips
        return total

    def pots(self) -> list[Pot]:
        """The pots of the finished streets, main pot first (bets on this street are in
        [`bets`][pokerforge.game.HandState.bets]), each with its amount and eligible seats."""
        collected = [c - b for c, b in zip(self.contributions, self.bets, strict=True)]
        return build_pots(collected, self.folded, self.dead)

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.FIELDS)
        return f"HandState({fields})"


_new = object.__new__


def _copy_fields(state: HandState) -> HandState:
    """A [`HandState`][pokerforge.game.HandState] (the class itself, whatever the class of
    ``state``) with the values of ``state``'s fields, shared."""
    new = _new(HandState)
    for name in HandState.FIELDS:
        setattr(new, name, getattr(state, name))
    return new


# ``up`` of the board games (and ``draws`` outside the draw games): nothing for any seat
# (shared: tuples are immutable).
_NO_UP = tuple(((),) * n for n in range(11))
