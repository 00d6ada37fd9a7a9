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

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from pokerforge.cards import Card, Deck
from pokerforge.errors import CardCountError, DuplicateCardError, InvalidSpecError
from pokerforge.game import showdown as _showdown
from pokerforge.game.actions import (
    Award,
    DealBoard,
    DealHole,
    Muck,
    PostAnte,
    PostBlind,
    RakeTaken,
    Record,
    ReturnBet,
    Show,
    Street,
)
from pokerforge.game.betting import FIXED_LIMIT, NO_LIMIT, POT_LIMIT, BettingState
from pokerforge.game.positions import MAX_SEATS, MIN_SEATS, blind_seats, position_names
from pokerforge.game.pots import Pot, build_pots
from pokerforge.game.spec import GameSpec

if TYPE_CHECKING:
    from pokerforge.game.view import HandView

__all__ = ["Hand"]

_STRUCTURE = {"no-limit": NO_LIMIT, "pot-limit": POT_LIMIT, "fixed-limit": FIXED_LIMIT}
_STREETS = tuple(Street)
_BOARD_AT = (0, 3, 4, 5, 5)  # board cards showing on each street
_UNCAPPED = 1 << 60

_orders_cache: dict[int, tuple[tuple[int, ...], ...]] = {}


def _orders(n: int) -> tuple[tuple[int, ...], ...]:
    orders = _orders_cache.get(n)
    if orders is None:
        orders = tuple(tuple((s + k) % n for k in range(1, n + 1)) for s in range(n))
        _orders_cache[n] = orders
    return orders


def _indices(cards: object, what: str) -> list[int]:
    """Card indices of a cards-like value, keeping the order given."""
    if isinstance(cards, str | Card) or not isinstance(cards, Iterable):
        items: Any = cards
    else:
        items = list(cards)
    return [c.index for c in Deck.from_cards(items).undealt] if items else []


class Hand(BettingState):
    """One hand: forced bets and cards on creation, then betting until the pots are paid.

    Args:
        spec: the :class:`GameSpec`.
        stacks: chips of each seat before the forced bets (2 to 10 seats, clockwise).
        button: the button's seat.
        seed: seeds the shuffled deck (``None``: a random seed, reported as ``hand.seed``).
        hole_cards: replays: one entry per seat, each cards-like (``"AhKh"``, cards,
            indices) or ``None`` to deal that seat from the deck.
        board: replays: up to five board cards in order (flop, turn, river); missing ones
            come from the deck.

    Raises:
        InvalidSpecError: bad seats, stacks or button; a straddle with two players.
        CardCountError: a replay with the wrong number of cards.
        DuplicateCardError: a card given twice.

    Seats are dealt one card at a time starting left of the button; the dealer burns one
    card before the flop, the turn and the river (rule 10). The whole deal is fixed on
    creation, so a seed determines the hand.
    """

    __slots__ = (
        "_board",
        "_board_n",
        "_button",
        "_final_pots",
        "_hole",
        "_hole_mask",
        "_payouts",
        "_rake",
        "_seed",
        "_spec",
        "_start",
    )

    _spec: GameSpec
    _button: int
    _start: tuple[int, ...]
    _seed: int | None
    _hole: list[tuple[int, ...]]
    _hole_mask: list[int]
    _board: tuple[int, ...]
    _board_n: int
    _payouts: list[int]
    _final_pots: list[Pot]
    _rake: int

    def __init__(
        self,
        spec: GameSpec,
        *,
        stacks: Sequence[int],
        button: int = 0,
        seed: int | None = None,
        hole_cards: Sequence[object | None] | None = None,
        board: object | None = None,
    ) -> None:
        if not isinstance(spec, GameSpec):
            raise InvalidSpecError(f"spec must be a GameSpec, not {spec!r}")
        stacks = list(stacks)
        n = len(stacks)
        if not MIN_SEATS <= n <= MAX_SEATS:
            raise InvalidSpecError(f"a hand needs 2 to 10 players, not {n}")
        for seat, chips in enumerate(stacks):
            if isinstance(chips, bool) or not isinstance(chips, int) or chips <= 0:
                raise InvalidSpecError(
                    f"seat {seat}'s stack must be a whole number of chips above 0, not {chips!r}"
                )
        if isinstance(button, bool) or not isinstance(button, int) or not 0 <= button < n:
            raise InvalidSpecError(f"the button must be a seat from 0 to {n - 1}, not {button!r}")
        if spec.straddle and n < 3:
            raise InvalidSpecError("a straddle needs at least three players")
        self._spec = spec
        self._button = button
        self._start = tuple(stacks)
        self._n = n
        self._structure = _STRUCTURE[spec.betting]
        self._unit = spec.chip_unit
        rules = spec.rules
        self._fold_free = rules.fold_when_nothing_owed
        self._half_rule = rules.limit_half_bet_rule
        self._orders = _orders(n)
        self._deal(seed, hole_cards, board)
        self._stack = stacks
        self._bet = [0] * n
        self._contrib = [0] * n
        self._folded = [False] * n
        self._faced = [-1] * n
        self._dead = 0
        self._live = n
        self._street = 0
        self._actor = -1
        self._aggressor = -1
        self._over = False
        self._owe = self._rmin = self._rmax = self._no_raise = 0
        self._payouts = [0] * n
        self._final_pots = []
        self._rake = 0
        self._post_forced_bets()

    # -- setting up ----------------------------------------------------------------------

    def _deal(
        self, seed: int | None, hole_cards: Sequence[object | None] | None, board: object | None
    ) -> None:
        n = self._n
        h = self._spec.hole_card_count
        log: list[Record] = []
        self._log = log
        order = self._orders[self._button]
        if hole_cards is None and board is None:
            deck = Deck(seed=seed)
            self._seed = deck.seed
            cards = [c.index for c in deck.deal(n * h + 8)]
            holes: list[list[int]] = [[] for _ in range(n)]
            k = 0
            for _ in range(h):
                for seat in order:
                    holes[seat].append(cards[k])
                    k += 1
            self._board = (*cards[k + 1 : k + 4], cards[k + 5], cards[k + 7])
        else:
            holes, self._board = self._deal_replay(seed, hole_cards, board)
        self._hole = [tuple(cards) for cards in holes]
        masks = []
        for seat, hole in enumerate(self._hole):
            mask = 0
            for c in hole:
                mask |= 1 << c
            masks.append(mask)
            log.append(DealHole(seat, hole))
        self._hole_mask = masks
        self._board_n = 0

    def _deal_replay(
        self, seed: int | None, hole_cards: Sequence[object | None] | None, board: object | None
    ) -> tuple[list[list[int]], tuple[int, ...]]:
        n = self._n
        h = self._spec.hole_card_count
        if hole_cards is not None and len(hole_cards) != n:
            raise CardCountError(
                f"hole_cards needs one entry per seat ({n}), not {len(hole_cards)}"
            )
        given: list[list[int] | None] = []
        for seat, entry in enumerate(hole_cards or [None] * n):
            if entry is None:
                given.append(None)
                continue
            cards = _indices(entry, "hole cards")
            if len(cards) != h:
                raise CardCountError(f"seat {seat} needs {h} hole cards, not {len(cards)}")
            given.append(cards)
        board_cards = [] if board is None else _indices(board, "board")
        if len(board_cards) > 5:
            raise CardCountError(f"a board has at most 5 cards, not {len(board_cards)}")
        known = [c for cards in given if cards for c in cards] + board_cards
        if len(set(known)) != len(known):
            dup = next(c for c in known if known.count(c) > 1)
            raise DuplicateCardError(f"the card {Card.from_index(dup)} is given more than once")
        deck = Deck(seed=seed)
        self._seed = deck.seed
        taken = set(known)
        stream = iter([c.index for c in deck.deal(52) if c.index not in taken])
        holes: list[list[int]] = [list(c) if c else [] for c in given]
        for _ in range(h):
            for seat in self._orders[self._button]:
                if given[seat] is None:
                    holes[seat].append(next(stream))
        out = list(board_cards)
        for street_end in (3, 4, 5):  # burn, then the street's cards
            next(stream)
            while len(out) < street_end:
                out.append(next(stream))
        return holes, tuple(out)

    def _post(self, seat: int, amount: int, live: bool) -> int:
        stack = self._stack[seat]
        if amount > stack:  # noqa: PLR1730
            amount = stack
        self._stack[seat] = stack - amount
        if live:
            self._bet[seat] += amount
            self._contrib[seat] += amount
        return amount

    def _post_forced_bets(self) -> None:
        spec = self._spec
        n = self._n
        log = self._log
        small, big = spec.blinds
        sb, bb = blind_seats(n, self._button)
        ante = spec.ante
        if ante and spec.ante_kind == "uniform":
            for seat in self._orders[self._button]:
                paid = self._post(seat, ante, False)
                self._contrib[seat] += paid
                log.append(PostAnte(seat, paid))
        bb_ante = ante if spec.ante_kind == "big-blind" else 0
        ante_first = spec.rules.big_blind_ante_order == "ante-first"
        short = 0
        if bb_ante and ante_first:
            self._dead = paid = self._post(bb, bb_ante, False)
            log.append(PostAnte(bb, paid))
        if small:
            paid = self._post(sb, small, True)
            short += small - paid
            log.append(PostBlind(sb, paid, "SB"))
        paid = self._post(bb, big, True)
        short += big - paid
        log.append(PostBlind(bb, paid, "BB"))
        if bb_ante and not ante_first:
            self._dead = paid = self._post(bb, bb_ante, False)
            log.append(PostAnte(bb, paid))
        last = bb
        level = big
        if spec.straddle:
            last = (bb + 1) % n
            level = spec.straddle
            paid = self._post(last, level, True)
            short += level - paid
            log.append(PostBlind(last, paid, "straddle"))
        self._pl_extra = short if spec.rules.pot_limit_full_blinds else 0
        self._open_preflop(level, last)

    def _open_preflop(self, level: int, last: int) -> None:
        """Set the pre-flop betting state over the blinds and give the first turn."""
        spec = self._spec
        big = spec.big_blind
        self._level = level
        self._full_level = level
        if self._structure == FIXED_LIMIT:
            size = spec.bet_size(0)
            self._min_inc = size
            self._raises = level // size if 2 * big >= size else 0
            if not self._raises:
                self._full_level = 0
        else:
            self._min_inc = big
            if spec.straddle:
                if spec.rules.straddle_min_raise == "double":
                    self._min_inc = level
                else:
                    self._min_inc = max(big, level - big)
            self._raises = 0
        self._cap = self._round_cap()
        self._active = sum(1 for chips in self._stack if chips)
        self._actor = last
        self._advance()

    def _round_cap(self) -> int:
        rules = self._spec.rules
        if self._structure != FIXED_LIMIT or (rules.heads_up_uncapped and self._live == 2):
            return _UNCAPPED
        return rules.limit_raise_cap + 1

    # -- streets -------------------------------------------------------------------------

    def _return_uncalled(self) -> None:
        bet = self._bet
        top = max(bet)
        if not top:
            return
        seat = bet.index(top)
        second = max(b for i, b in enumerate(bet) if i != seat)
        if top > second:
            back = top - second
            bet[seat] = second
            self._contrib[seat] -= back
            self._stack[seat] += back
            self._log.append(ReturnBet(seat, back))

    def _close_round(self) -> None:
        self._return_uncalled()
        n = self._n
        folded = self._folded
        stack = self._stack
        while self._street < 3:
            street = self._street + 1
            self._street = street
            shown = self._board_n
            self._board_n = _BOARD_AT[street]
            self._log.append(DealBoard(_STREETS[street], self._board[shown : self._board_n]))
            self._bet = [0] * n
            self._faced = [-1] * n
            self._level = self._full_level = self._raises = self._pl_extra = 0
            self._min_inc = self._spec.bet_size(street)
            self._aggressor = -1
            active = 0
            for i in range(n):
                if not folded[i] and stack[i]:
                    active += 1
            self._active = active
            if active >= 2:
                self._cap = self._round_cap()
                self._actor = self._button
                self._advance()
                return
        self._showdown()

    def _finish_uncontested(self) -> None:
        self._return_uncalled()
        winner = self._folded.index(False)
        pots = self._take_rake(build_pots(self._contrib, self._folded, self._dead))
        for i, pot in enumerate(pots):
            self._award(i, winner, pot.amount, "all")
        self._end()

    def _take_rake(self, pots: list[Pot]) -> list[Pot]:
        rake = self._spec.rake
        if rake is not None:
            total = sum(p.amount for p in pots)
            left = rake.amount(total, flop_seen=self._board_n >= 3, chip_unit=self._unit)
            if left:
                self._rake = left
                self._log.append(RakeTaken(left))
                out = []
                for pot in pots:
                    taken = min(left, pot.amount)
                    left -= taken
                    out.append(Pot(pot.amount - taken, pot.eligible))
                pots = out
        self._final_pots = pots
        return pots

    def _award(self, pot: int, seat: int, amount: int, half: str) -> None:
        self._stack[seat] += amount
        self._payouts[seat] += amount
        self._log.append(Award(pot, seat, amount, half))

    def _end(self) -> None:
        self._over = True
        self._actor = -1
        self._bet = [0] * self._n

    def _showdown(self) -> None:
        self._street = 4
        spec = self._spec
        n = self._n
        folded = self._folded
        pots = self._take_rake(build_pots(self._contrib, folded, self._dead))
        board = self._board
        ranks: dict[int, tuple[int, int]] = {}
        variant = spec.variant
        if variant == "holdem":
            board_mask = 0
            for c in board:
                board_mask |= 1 << c
            for i in range(n):
                if not folded[i]:
                    ranks[i] = (_showdown.rank_holdem(self._hole_mask[i], board_mask), 0)
        elif variant == "omaha":
            for i in range(n):
                if not folded[i]:
                    ranks[i] = (_showdown.rank_omaha(self._hole[i], board), 0)
        else:
            for i in range(n):
                if not folded[i]:
                    ranks[i] = _showdown.rank_omaha_hilo(self._hole[i], board)
        first = self._aggressor
        if first < 0:
            first = next(s for s in self._orders[self._button] if not folded[s])
        show_order = [s for s in (first, *self._orders[first][:-1]) if not folded[s]]
        rules = spec.rules
        face_up = rules.all_in_face_up and any(not self._stack[s] for s in ranks)
        result = _showdown.resolve(
            pots,
            ranks,
            show_order=show_order,
            odd_chip_order=list(self._orders[self._button]),
            hilo=variant == "omaha-hilo",
            face_up=face_up,
            muck_losers=rules.muck_losing_hands,
            unit=self._unit,
        )
        log = self._log
        for seat in show_order:
            if seat in result.mucked:
                log.append(Muck(seat))
            else:
                log.append(Show(seat, self._hole[seat], *ranks[seat]))
        for pot, seat, amount, half in result.awards:
            self._award(pot, seat, amount, half)
        self._end()

    # -- public state ----------------------------------------------------------------------

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
    def button(self) -> int:
        """The button's seat."""
        return self._button

    @property
    def positions(self) -> tuple[str, ...]:
        """Each seat's position name (BTN, SB, BB, UTG, ..., HJ, CO; rule 2)."""
        return position_names(self._n, self._button)

    @property
    def street(self) -> Street:
        """The current street (``Street.SHOWDOWN`` once a showdown has happened)."""
        return _STREETS[self._street]

    @property
    def board(self) -> tuple[Card, ...]:
        """The board cards turned up so far, in order."""
        return tuple(Card.from_index(c) for c in self._board[: self._board_n])

    @property
    def board_indices(self) -> tuple[int, ...]:
        """The board cards turned up so far, as card indices."""
        return self._board[: self._board_n]

    def hole_cards(self, seat: int) -> tuple[Card, ...]:
        """The hole cards of ``seat`` (every seat's; use :meth:`view` to hide them)."""
        return tuple(Card.from_index(c) for c in self._hole[seat])

    @property
    def starting_stacks(self) -> tuple[int, ...]:
        """Each seat's chips before the forced bets."""
        return self._start

    @property
    def stacks(self) -> tuple[int, ...]:
        """Each seat's chips behind (not counting its bet on this street)."""
        return tuple(self._stack)

    @property
    def bets(self) -> tuple[int, ...]:
        """Each seat's bet on the current street (not yet in the pots)."""
        return tuple(self._bet)

    @property
    def contributions(self) -> tuple[int, ...]:
        """Chips each seat has put in this hand: antes, blinds and bets (live money)."""
        return tuple(self._contrib)

    @property
    def folded(self) -> tuple[bool, ...]:
        """Whether each seat has folded."""
        return tuple(self._folded)

    @property
    def pots(self) -> list[Pot]:
        """The pots, main pot first, each with its amount and eligible seats.

        During the hand these hold the chips of finished streets (bets on the current
        street are in :attr:`bets`); once the hand is over, the pots as paid (after rake).
        """
        if self._over:
            return list(self._final_pots)
        collected = [c - b for c, b in zip(self._contrib, self._bet, strict=True)]
        return build_pots(collected, self._folded, self._dead)

    @property
    def total_pot(self) -> int:
        """All chips in the middle: the pots plus the bets on this street."""
        return 0 if self._over else sum(self._contrib) + self._dead

    @property
    def payouts(self) -> tuple[int, ...]:
        """Chips each seat won from the pots (returned uncalled bets not included)."""
        return tuple(self._payouts)

    @property
    def net(self) -> tuple[int, ...]:
        """Each seat's chips now minus its chips before the hand."""
        return tuple(s - t for s, t in zip(self._stack, self._start, strict=True))

    @property
    def rake(self) -> int:
        """Chips the house took (rule 27)."""
        return self._rake

    @property
    def history(self) -> tuple[Record, ...]:
        """Every action and event so far, as immutable records, in order."""
        return tuple(self._log)

    def view(self, seat: int) -> HandView:
        """What ``seat`` can see: its own hole cards, others' only once shown."""
        from pokerforge.game.view import HandView  # noqa: PLC0415 - avoids an import cycle

        return HandView.of(self, seat)

    # -- copying -----------------------------------------------------------------------------

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
        new = _new(Hand)
        new._n = self._n
        new._structure = self._structure
        new._unit = self._unit
        new._fold_free = self._fold_free
        new._half_rule = self._half_rule
        new._orders = self._orders
        new._stack = self._stack[:]
        new._bet = self._bet[:]
        new._contrib = self._contrib[:]
        new._folded = self._folded[:]
        new._faced = self._faced[:]
        new._dead = self._dead
        new._live = self._live
        new._active = self._active
        new._level = self._level
        new._full_level = self._full_level
        new._min_inc = self._min_inc
        new._raises = self._raises
        new._cap = self._cap
        new._pl_extra = self._pl_extra
        new._street = self._street
        new._actor = self._actor
        new._aggressor = self._aggressor
        new._over = self._over
        new._owe = self._owe
        new._rmin = self._rmin
        new._rmax = self._rmax
        new._no_raise = self._no_raise
        new._log = self._log[:]
        new._spec = self._spec
        new._button = self._button
        new._start = self._start
        new._seed = self._seed
        new._hole = self._hole
        new._hole_mask = self._hole_mask
        new._board = self._board
        new._board_n = self._board_n
        new._payouts = self._payouts[:]
        new._final_pots = self._final_pots
        new._rake = self._rake
        return new

    __copy__ = copy

    def __repr__(self) -> str:
        state = "over" if self._over else f"{self.street.name.lower()}, seat {self._actor} to act"
        return f"<Hand {self._spec.variant} {self._spec.betting}, {self._n} seats, {state}>"


_new = object.__new__
