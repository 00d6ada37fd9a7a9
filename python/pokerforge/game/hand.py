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
from operator import add
from typing import Any

from pokerforge._core import DealLayout, LowRank, showdown_ranks
from pokerforge._core import copy_slots as _copy_slots
from pokerforge._core import record as _record  # see betting.py
from pokerforge._core import untrack as _untrack
from pokerforge.cards import Card
from pokerforge.errors import (
    CardCountError,
    DuplicateCardError,
    IllegalActionError,
    InvalidSpecError,
)
from pokerforge.game import draw as draw_rules
from pokerforge.game import showdown as _showdown
from pokerforge.game import stud as stud_rules
from pokerforge.game.actions import (
    Award,
    DealBoard,
    DealHole,
    DealUp,
    Muck,
    PostAnte,
    PostBlind,
    RakeTaken,
    Record,
    ReturnBet,
    Runout,
    Show,
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
from pokerforge.game.betting import BRING_IN_IS_THE_BET, NOTHING_LEGAL, BettingState
from pokerforge.game.deal import BOARD_AT, deal_layout, rest_of_deck, split_board
from pokerforge.game.draw import DrawTurns
from pokerforge.game.positions import MAX_SEATS, MIN_SEATS
from pokerforge.game.pots import Pot, build_pots, split_runouts
from pokerforge.game.queries import HandQueries
from pokerforge.game.rake import take_rake
from pokerforge.game.runouts import RunoutTurns, RunoutVote, deal_runouts, runouts_the_deck_allows
from pokerforge.game.spec import (
    BEST_SHOWING,
    BRING_IN,
    FIXED_LIMIT,
    UNCAPPED,
    EngineConstants,
    GameSpec,
)
from pokerforge.game.state import NO_ACTIONS, NOBODY, HandState
from pokerforge.game.stub import check_table, deal_hand
from pokerforge.game.view import HandView, PublicState

__all__ = ["Hand"]

_STREETS = tuple(Street)
# Records are immutable values: a seat's muck is the same record every time.
_MUCKS = tuple(Muck(seat) for seat in range(MAX_SEATS))
_NO_SEATS: frozenset[int] = frozenset()
_BOARD_AT = (0, *BOARD_AT, 5)  # board cards showing on each street, then at showdown
_ZEROS = tuple((0,) * n for n in range(MAX_SEATS + 1))  # zeroed bets are written from these
_THIRD = Street.THIRD_STREET.value
_SHOWDOWN = Street.SHOWDOWN.value
_PREDRAW = Street.PREDRAW.value


class Hand(HandQueries, AskedTurns, RunoutTurns, DrawTurns, BettingState):
    """One hand: forced bets and cards on creation, then betting until the pots are paid.

    Args:
        spec: the :class:`GameSpec`.
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
        unknown_hole_cards: replays of recorded hands: seats whose hole cards the record
            does not know. They have no cards (``hole_cards`` is empty) and a showdown that
            needs them is decided by ``recorded_winnings`` / ``recorded_stacks``, or else
            left undecided (:attr:`result_known` is false and the pots stay unpaid).
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
    lowest card (the highest in razz) brings it in (:meth:`bring_in`) or completes
    (:meth:`complete`); later streets deal one card to each player still in, up on fourth
    to sixth street and down on seventh, from the deck order the seed fixed. The button is
    the dealer's seat: dealing starts left of it. For replays ``hole_cards`` gives each
    seat's down cards (up to three) and ``up_cards`` its up cards (up to four), in the
    order dealt; a seat in ``unknown_hole_cards`` gets no down cards; ``board`` gives the
    common card of rule 41, should the deck run short.

    The draw games (``spec.is_draw``; docs/rules.md section 10) have blinds and no board:
    every player is dealt five cards (four in badugi); after the first betting round and
    each later one but the last comes a drawing round (``hand.street`` the draw's
    :class:`Street`, ``hand.actor`` the seat to draw), in which each player still in, in
    turn from the button's left, throws cards away with :meth:`discard` and is dealt as
    many, or keeps them all with :meth:`stand_pat`. ``hole_cards`` gives the cards first
    dealt; a replay gives each draw's replacements with ``discard(cards, drawn=...)``.

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

    __slots__ = (
        "_asked",
        "_board",
        "_boards",
        "_chip_value",
        "_dead_sb",
        "_dealt",
        "_draw",
        "_engine",
        "_extra",
        "_final_pots",
        "_known",
        "_layout",
        "_payouts",
        "_posted",
        "_rake",
        "_recorded",
        "_seed",
        "_spec",
        "_stud",
        "_unknown",
        "_unshown",
        "_vote",
    )

    _spec: GameSpec
    _seed: int | None
    _engine: EngineConstants
    # The hole cards' records, first in the history: built when the history is first read
    # (the log holds what happened after the deal).
    _dealt: tuple[DealHole, ...] | None
    # The five board cards as the deck holds them, turned up street by street (the state's
    # ``board`` holds those turned up).
    _board: tuple[int, ...]
    # Where the cards lie in the deck (see deal_layout), looked up when first dealt again.
    _layout: DealLayout | None
    _payouts: list[int]
    _posted: int  # records once the forced bets are posted, before anybody acts
    _final_pots: list[Pot]
    _rake: int
    _asked: _showdown.AskedShowdown | None
    _unknown: frozenset[int]
    # Replays: unknown hands not tabled at the showdown (rule 22: they cannot win a pot).
    _unshown: frozenset[int]
    _recorded: tuple[str, tuple[int, ...]] | None
    _known: bool
    _chip_value: Decimal
    _dead_sb: bool
    # Rule 26b: the players' choice of how many times to run the board (None until they
    # are asked), every runout's whole board once run more than once (else empty), and a
    # replay's given cards of the runouts after the first.
    _vote: RunoutVote | None
    _boards: tuple[tuple[int, ...], ...]
    _extra: tuple[int, ...]
    # Stud: the cards still to deal (None in the board games).
    _stud: stud_rules.StudDeck | None
    # Draw games: the stub and the drawing round's turns (None in the other games).
    _draw: draw_rules.DrawDeck | None

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
        unknown_hole_cards: Collection[int] = (),
        unshown_hole_cards: Collection[int] = (),
        recorded_winnings: Sequence[int] | None = None,
        recorded_stacks: Sequence[int] | None = None,
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
        check_table(
            spec,
            n,
            dead_small_blind=dead_small_blind,
            posts=bool(posts),
            board=board,
            up_cards=up_cards,
            shown_cards=shown_cards,
        )
        self._known = True
        extra: tuple[int, ...] = ()
        if engine.board_at[-1]:  # the board games: the board, then further runouts' cards
            board, extra = split_board(board)
        self._extra = extra
        self._unknown, self._recorded, self._chip_value = replay_record(
            n, unknown_hole_cards, recorded_winnings, recorded_stacks, chip_value
        )
        self._unshown = (
            frozenset(unshown_hole_cards) & self._unknown if unshown_hole_cards else _NO_SEATS
        )
        dealt = deal_hand(
            spec,
            n,
            button=button,
            seed=seed,
            hole_cards=hole_cards,
            board=board,
            up_cards=up_cards,
            unknown=self._unknown,
            shown=shown_cards,
            reserved=extra,
        )
        holes = dealt.holes
        self._board = dealt.board
        if extra:
            self._check_extra(holes, spec)
        state = HandState(button, spec.rate_unit, engine.unit, stacks, holes)
        super().__init__(engine, state)
        state.street = engine.first_street
        self._seed = dealt.seed
        self._stud = dealt.stud
        self._draw = dealt.draw
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
        if posts:
            posts = check_posts(posts, n, button, dead_small_blind)
        self._post_forced_bets(engine, stacks, dead_small_blind, posts, dealt.up)
        if type(self) is Hand:  # a subclass may hold anything, cycles included
            self._untrack()

    def _check_extra(self, holes: tuple[tuple[int, ...], ...], spec: GameSpec) -> None:
        """The given cards of further runouts: allowed by the rules, held by nobody else."""
        if spec.rules.runouts < 2:
            raise CardCountError(
                f"a board has at most 5 cards, not {5 + len(self._extra)}: more are those of "
                "further runouts, which need RuleProfile(runouts=...) above 1 (rule 26b)"
            )
        used = set(self._board)
        for hole in holes:
            used.update(hole)
        for card in self._extra:
            if card in used:
                raise DuplicateCardError(
                    f"the card {Card.from_index(card)} is given more than once"
                )
            used.add(card)

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
            self._faced,
            self._reach,
            self._payouts,
        )

    def _start_draw(self, number: int) -> None:
        """A drawing round on the street numbered ``number``: the burn, then every player
        still in draws in turn from the button's left, all-in players too (rule 49)."""
        st = self._state
        deck = self._draw
        assert deck is not None
        st.street = number
        st.bets[:] = _ZEROS[self._n]  # the bets are in the pots
        self._aggressor = -1  # nobody has bet after this draw yet
        st.actor = NOBODY
        st.legal = NO_ACTIONS  # nobody bets: the players draw
        self._legal = NOTHING_LEGAL
        deck.burn()
        folded = st.folded
        deck.order = tuple(s for s in self._orders[st.button] if not folded[s])
        deck.turn = 0
        st.drawing = deck.order[0]

    def _drawn(self) -> None:
        """Everybody still in has drawn: the betting round after the draw when two or more
        can bet, else the streets go on (rules 48, 49)."""
        st = self._state
        if self._active < 2:
            self._close_round()  # no bets: it goes on to the next street
            return
        self._open_round(st.street - self._engine.first_street)

    def _open_bring_in(
        self, engine: EngineConstants, stacks: list[int], up: tuple[tuple[int, ...], ...]
    ) -> None:
        """The first street's betting where the up cards choose who brings it in: the
        bring-in's turn (rule 37)."""
        state = self._state
        n = self._n
        # Rule 37: the bring-in is owed like a blind not yet posted: the level is the
        # bring-in, no full bet has been made, and completing is the bet. A bring-in of a
        # whole small bet is that bet (rules 17, 38): nothing to complete, three raises
        # left.
        full = engine.bring_in >= engine.street_min_inc[0]
        self._level = engine.bring_in
        self._full_level = engine.bring_in if full else 0
        self._raises = 1 if full else 0
        self._min_inc = engine.street_min_inc[0]
        self._active = sum(1 for chips in stacks if chips)
        self._cap = self._round_cap()
        self._set_reach(list(map(add, state.bets, stacks)))
        doors = [cards[0] if cards else -1 for cards in up]  # (none: unknown to a replay)
        low_card = stud_rules.bring_in_seat(doors, low=not engine.showing_high)
        self._bring_in = engine.bring_in
        # _advance() starts left of the actor: at the low card's seat, or, when that player
        # is all-in on the ante, at the first player after it with chips (rule 37).
        state.actor = low_card - 1 if low_card else n - 1
        self._advance()
        seat = state.actor
        if seat >= 0 and self._bring_in:
            legal = state.legal
            # The bring-in seat may not fold (rule 37), nor raise a bring-in that is the bet.
            state.legal = (False, legal[1], legal[2], None, None) if full else (False, *legal[1:])
            if full:
                self._no_raise = BRING_IN_IS_THE_BET
            self._legal = None
        else:
            self._bring_in = 0  # nobody could call it (rule 14): never posted

    def _post_forced_bets(
        self,
        engine: EngineConstants,
        stacks: list[int],
        dead_small_blind: bool,
        posts: Sequence[tuple[int, int, int]],
        up: tuple[tuple[int, ...], ...] | None,
    ) -> None:
        """The forced bets and the first turn: uniform antes; then, where the up cards
        choose the opener, the up cards and the bring-in (rules 36, 37), else the blinds,
        big-blind ante, players' posts and straddle (rules 3, 7-9, 29b)."""
        log = self._state.log
        button = self._state.button
        orders = self._orders
        if engine.uniform_ante:
            for seat in orders[button]:
                paid = self._post(seat, engine.uniform_ante, False)
                self._state.contributions[seat] += paid
                log.append(_record(PostAnte, seat, paid))
        if engine.openers[0] == BRING_IN:
            assert up is not None
            self._state.up = up
            for seat in orders[button]:
                log.append(_record(DealUp, seat, up[seat]))
            self._posted = len(log)
            self._open_bring_in(engine, stacks, up)
            return
        self._post_blinds(engine, stacks, dead_small_blind, posts)

    def _post_blinds(
        self,
        engine: EngineConstants,
        stacks: list[int],
        dead_small_blind: bool,
        posts: Sequence[tuple[int, int, int]],
    ) -> None:
        """The blinds, big-blind ante, players' posts and straddle (rules 3, 7-9, 29b),
        and the first turn after them."""
        log = self._state.log
        button = self._state.button
        orders = self._orders
        n = self._n
        bb_ante = engine.big_blind_ante
        if engine.button_blind:  # rule 44: the button's blind plays as the big blind
            sb, bb = -1, button
        elif n == 2:
            sb, bb = button, orders[button][0]
        elif dead_small_blind:
            sb, bb = -1, orders[button][0]
        else:
            sb, bb = orders[button][0], orders[button][1]
        if bb_ante and engine.ante_first:
            self._state.dead = paid = self._post(bb, bb_ante, False)
            log.append(_record(PostAnte, bb, paid))
        small = engine.small
        big = engine.big
        short = 0
        if small and sb >= 0:
            paid = self._post(sb, small, True)
            short += small - paid
            log.append(_record(PostBlind, sb, paid, "SB"))
        paid = self._post(bb, big, True)
        short += big - paid
        log.append(_record(PostBlind, bb, paid, "BB"))
        if bb_ante and not engine.ante_first:
            self._state.dead = paid = self._post(bb, bb_ante, False)
            log.append(_record(PostAnte, bb, paid))
        for seat, live, dead in posts:  # rule 29b: a big blind to come in, a missed blind
            if dead:
                paid = self._post(seat, dead, False)
                self._state.dead += paid
                log.append(_record(PostBlind, seat, paid, "dead"))
            if live:
                log.append(_record(PostBlind, seat, self._post(seat, live, True), "BB"))
        last = bb
        level = big
        if engine.straddle:
            last = orders[bb][0]
            level = engine.straddle
            paid = self._post(last, level, True)
            short += level - paid
            log.append(_record(PostBlind, last, paid, "straddle"))
        self._pl_extra = short if engine.pot_limit_full_blinds else 0
        self._posted = len(log)
        self._open_preflop(engine, stacks, level, last)

    def _open_preflop(
        self, engine: EngineConstants, stacks: list[int], level: int, last: int
    ) -> None:
        """The pre-flop betting state over the forced bets; the first turn."""
        big = engine.big
        self._level = self._full_level = level
        self._min_inc = engine.preflop_min_inc
        self._raises = 0
        if self._structure == FIXED_LIMIT:
            # The big blind is the pre-flop bet when it is at least half a bet (rule 18).
            if 2 * big >= self._min_inc:
                self._raises = 1 + (1 if engine.straddle else 0)
            else:
                self._full_level = 0
        active = 0
        for chips in stacks:
            if chips:
                active += 1
        self._active = active
        self._cap = self._round_cap()
        self._set_reach(list(map(add, self._state.bets, stacks)))
        self._state.actor = last
        self._advance()

    def _post(self, seat: int, amount: int, live: bool) -> int:
        st = self._state
        stack = st.stacks[seat]
        if amount > stack:  # noqa: PLR1730
            amount = stack
        st.stacks[seat] = stack - amount
        if live:
            st.bets[seat] += amount
            st.contributions[seat] += amount
        return amount

    def _round_cap(self) -> int:
        # Rule 17: the cap holds only while three or more players are able to bet (not
        # folded, not all-in).
        engine = self._engine
        if engine.heads_up_uncapped and self._active < 3:
            return UNCAPPED
        return engine.cap

    # -- streets -------------------------------------------------------------------------

    def _return_uncalled(self) -> None:
        st = self._state
        bet = st.bets
        top = max(bet)
        if not top or bet.count(top) > 1:  # most streets: the top bet was called
            return
        seat = bet.index(top)  # the one top bet: what nobody matched goes back
        bet[seat] = 0
        second = max(bet)
        bet[seat] = second
        back = top - second
        st.contributions[seat] -= back
        if not st.stacks[seat] and not st.folded[seat]:
            self._active += 1  # an all-in player has chips again
        st.stacks[seat] += back
        self._state.log.append(_record(ReturnBet, seat, back))

    def _close_round(self) -> None:
        """A betting round is over: the game's next street is dealt (its burn, then board
        cards, cards up or down to the players still in, or a drawing round) and its
        betting opened, passing over streets where fewer than two players can bet; after
        the last street, the showdown (rules 10, 36, 48, 49)."""
        self._return_uncalled()
        self._bring_in = 0
        st = self._state
        engine = self._engine
        if (
            self._active < 2
            and self._vote is None
            and len(st.board) < engine.board_at[-1]
            and self._spec.rules.runouts > 1
            and self._live > 1
            and self._ask_runouts()
        ):
            return  # rule 26b: the players choose how many times to run the board
        numbers = engine.street_numbers
        index = st.street - engine.first_street
        last = len(numbers) - 1
        while index < last:
            index += 1
            if engine.draws[index]:
                self._start_draw(numbers[index])
                return
            self._deal_street(index)
            if self._active >= 2:
                st.street = numbers[index]
                self._open_round(index)
                return
        st.bets[:] = _ZEROS[self._n]  # the bets are in the pots
        if st.street != numbers[last]:
            self._aggressor = -1  # nobody bet on the last street: they were all-in
        st.street = _SHOWDOWN
        self._showdown()

    def _deal_street(self, index: int) -> None:
        """The dealing of the game's street ``index``: its board cards (turned up from the
        deck's order), or its card to each player still in (up, or down on the last), or
        the common card when the stub runs short (rule 41)."""
        engine = self._engine
        st = self._state
        number = engine.street_numbers[index]
        end = engine.board_at[index]
        shown = len(st.board)
        if end > shown:
            board = self._board
            st.log.append(_record(DealBoard, _STREETS[number], board[shown:end]))
            st.board = board[:end]
        down, up = engine.deals[index]
        if down or up:  # from the stub, as the hand goes
            assert self._stud is not None
            self._deal_stud_street(self._stud, number, face_up=up > 0)

    def _open_round(self, index: int) -> None:
        """The betting round of the game's street ``index``: bets and the levels faced
        start again, each seat can reach its stack (0: folded), the bet is the street's
        (rule 39: on fourth street the big bet too, over an open pair), and the street's
        opener acts first (rules 5, 40, 48)."""
        st = self._state
        engine = self._engine
        # Written over the hand's own lists in one loop: cheaper than new lists, and no new
        # objects for the garbage collector.
        reach = self._reach
        folded = st.folded
        bet = st.bets
        faced = self._faced
        seat = -1
        for chips in st.stacks:
            seat += 1
            reach[seat] = 0 if folded[seat] else chips
            bet[seat] = 0
            faced[seat] = -1
        top = max(reach)
        self._reach_top = (top, reach.count(top))
        self._level = self._full_level = self._raises = self._pl_extra = self._alt_inc = 0
        self._min_inc = engine.street_min_inc[index]
        if engine.open_pair_option and index == 1 and stud_rules.open_pair(st.up, folded):
            self._alt_inc = engine.street_min_inc[2]  # rule 39: the big bet
        self._aggressor = -1
        self._cap = self._round_cap()
        # _advance() starts left of the actor.
        if engine.openers[index] == BEST_SHOWING:
            first = stud_rules.first_to_act(
                st.up, folded, low=not engine.showing_high, button=st.button
            )
            st.actor = first - 1 if first else self._n - 1
        else:  # the first player still in left of the button
            st.actor = st.button
        self._advance()

    def _deal_stud_street(self, deck: stud_rules.StudDeck, street: int, *, face_up: bool) -> None:
        """One card to each player still in, up (``face_up``) or down, or the common card
        (rules 36, 41)."""
        st = self._state
        log = st.log
        folded = st.folded
        order = [s for s in self._orders[st.button] if not folded[s]]
        dealt = deck.next_street(order, face_up=face_up)
        if isinstance(dealt, int):  # rule 41: one common card for everybody
            st.board = (*st.board, dealt)
            log.append(_record(DealBoard, _STREETS[street], (dealt,)))
        elif face_up:
            up = list(st.up)
            for seat, card in zip(order, dealt, strict=True):
                if card >= 0:
                    up[seat] = (*up[seat], card)
                    log.append(_record(DealUp, seat, (card,)))
                else:  # a card a replayed record does not know: dealt, not seen
                    log.append(_record(DealUp, seat, ()))
            st.up = tuple(up)
        else:
            holes = list(st.holes)
            for seat, card in zip(order, dealt, strict=True):
                if card >= 0:  # (-1: a replayed seat whose down cards are unknown)
                    holes[seat] = (*holes[seat], card)
                    log.append(_record(DealHole, seat, (card,)))
            st.holes = tuple(holes)

    def _shown_cards(self, seat: int) -> tuple[int, ...]:
        """The cards a seat shows: its hole cards (in stud, all its cards in the order
        dealt: two down, the up cards, the last down card)."""
        st = self._state
        if self._stud is None:
            return st.holes[seat]
        down = st.holes[seat]
        return (*down[:2], *st.up[seat], *down[2:])

    def _finish_uncontested(self) -> None:
        self._return_uncalled()
        st = self._state
        winner = st.folded.index(False)
        pots = self._take_rake(build_pots(st.contributions, st.folded, st.dead))
        for i, pot in enumerate(pots):
            self._award(i, winner, pot.amount, "all")
        self._end()

    def _take_rake(self, pots: list[Pot]) -> list[Pot]:
        rake = self._spec.rake
        if rake is not None or self._recorded is not None:
            total = 0
            for pot in pots:
                total += pot[0]  # the amount
            if self._recorded is not None:
                # The record's rake: what the pots held beyond the recorded winnings.
                due = max(0, total - sum(self._recorded_winnings()))
            else:
                assert rake is not None
                # No flop, no drop (rule 27): a hand that ends on its first street (before
                # the flop, on third street, before the first draw) pays none.
                seen = self._state.street != self._engine.first_street
                due = rake.amount(total, flop_seen=seen, chip_unit=self._unit)
            if due:
                amounts, self._rake = take_rake(
                    [p.amount for p in pots], due, split=rake.split if rake else "main-first"
                )
                self._state.log.append(_record(RakeTaken, self._rake))
                pots = [_record(Pot, a, p[1]) for a, p in zip(amounts, pots, strict=True)]
        self._final_pots = pots
        return pots

    def _award(self, pot: int, seat: int, amount: int, half: str) -> None:
        self._state.stacks[seat] += amount
        self._payouts[seat] += amount
        self._state.log.append(_record(Award, pot, seat, amount, half))

    def _end(self) -> None:
        st = self._state
        st.over = True
        st.actor = NOBODY  # (showing is NOBODY already: an asked showdown pays when done)
        st.legal = NO_ACTIONS
        self._legal = NOTHING_LEGAL
        st.bets[:] = _ZEROS[self._n]  # written in place: no new list for the collector

    def _recorded_winnings(self) -> tuple[int, ...]:
        assert self._recorded is not None
        kind, values = self._recorded
        if kind == "winnings":
            return values
        return tuple(max(0, v - s) for v, s in zip(values, self._state.stacks, strict=True))

    def _showdown_from_record(self) -> None:
        """A showdown that needs unknown hole cards: paid as recorded, or left undecided."""
        won = self._recorded_winnings() if self._recorded is not None else None
        if won is None or sum(won) > sum(p.amount for p in self._final_pots):
            self._known = False  # no record, or one paying more than the pots hold
        else:
            for seat in range(self._n):
                # A folded seat is never paid; the record's check reports the difference.
                if won[seat] and not self._state.folded[seat]:
                    self._award(0, seat, won[seat], "recorded")
        self._end()

    def _showdown_order(
        self, folded: list[bool]
    ) -> tuple[dict[int, tuple[int, int]], int, Sequence[int], list[int] | None]:
        """The showdown's ranks of every live seat (its cards and the board, by the game's
        hand kinds), the first to show (rules 22, 42: the last to bet or raise on the last
        street, else its opener) and the seats in odd-chip order, of the high and of the
        low half (rules 26, 42: from the button's left, or in the stud family by the
        cards)."""
        st = self._state
        engine = self._engine
        holes = st.holes
        if engine.up_cards:  # a player's cards are down and up
            up = st.up
            holes = tuple([(*holes[seat], *up[seat]) for seat in range(self._n)])
        # The core directly (what rank_hands() calls): one Python call less.
        ranks = showdown_ranks(engine.variant, holes, st.board, folded, engine.trips_beat_straight)
        first = self._aggressor
        if first < 0 and engine.openers[-1] == BEST_SHOWING:
            first = stud_rules.first_to_act(
                st.up, folded, low=not engine.showing_high, button=st.button
            )
        elif first < 0:  # nobody bet on the last street: the first live seat left of it
            for first in self._orders[st.button]:
                if not folded[first]:
                    break
        if not engine.odd_chip_by_cards:
            return ranks, first, self._orders[st.button], None
        # Rule 42: the odd chip of a high (or the only) half by the high cards, of a low
        # half by the low cards.
        cards = {seat: (*holes[seat], *st.board) for seat in ranks}
        main = stud_rules.odd_chip_order(cards, low=not engine.showing_high)
        low_order = stud_rules.odd_chip_order(cards, low=True) if engine.hilo else None
        return ranks, first, main, low_order

    def _showdown(self) -> None:
        st = self._state
        folded = st.folded
        if self._unknown and self._unknown_still_in(folded):
            if self._draw is None:
                self._showdown_unknown()
                return
            if not self._draw.show_unknown(st, self._unknown):
                # A draw replay whose unknown hands were not shown: as recorded.
                self._take_rake(build_pots(st.contributions, folded, st.dead))
                self._showdown_from_record()
                return
        pots = self._take_rake(build_pots(st.contributions, folded, st.dead))
        odd_chip_order: Sequence[int]
        low_order: list[int] | None
        ranks, first, odd_chip_order, low_order = self._showdown_order(folded)
        # Clockwise from ``first``: the seat order that ends at the seat before it.
        show_order = []  # a loop: a comprehension is a function call before Python 3.12
        for s in self._orders[first - 1]:
            if not folded[s]:
                show_order.append(s)
        rules = self._spec.rules
        face_up = False
        if rules.all_in_face_up:
            for s in show_order:
                if not st.stacks[s]:
                    face_up = True
                    break
        hilo = self._engine.hilo
        if rules.showdown == "ask" and not face_up and len(show_order) > 1:
            self._asked = _showdown.AskedShowdown(
                pots,
                ranks,
                show_order,
                hilo=hilo,
                odd_chip_order=odd_chip_order,
                low_odd_chip_order=low_order,
            )
            st.showing = show_order[0]
            st.legal = NO_ACTIONS  # nobody bets: the seats show or muck
            self._legal = NOTHING_LEGAL
            return  # the players choose with show() and muck()
        if len(pots) == 1 and not hilo:  # most showdowns: no Showdown record, no keywords
            _, mucked, awards = _showdown.resolve_one_pot(
                pots[0],
                ranks,
                show_order,
                odd_chip_order,
                face_up or not rules.muck_losing_hands,
                self._unit,
            )
        else:
            result = _showdown.resolve(
                pots,
                ranks,
                show_order=show_order,
                odd_chip_order=odd_chip_order,
                hilo=hilo,
                face_up=face_up,
                muck_losers=rules.muck_losing_hands,
                unit=self._unit,
                low_odd_chip_order=low_order,
            )
            mucked = result.mucked
            awards = result.awards
        log = self._state.log
        hole = self._state.holes
        for seat in show_order:
            if mucked and seat in mucked:
                log.append(_MUCKS[seat])
            else:
                # _show() inlined: a call per shown hand costs more than the record itself.
                high, low = ranks[seat]
                shown = hole[seat] if self._stud is None else self._shown_cards(seat)
                log.append(_record(Show, seat, shown, high, LowRank(low) if low else None))
        self._pay(awards)

    def _unknown_still_in(self, folded: list[bool]) -> bool:
        """Whether a seat whose hole cards are unknown (a replay's) is still in. (A method
        of its own: a generator in the showdown would make its locals cells, read more
        slowly at every showdown.)"""
        unknown = self._unknown
        return any(s in unknown and not folded[s] for s in range(self._n))

    def _showdown_unknown(self) -> None:
        """A replay's showdown with unknown hands in it. Untabled hands forfeit (rule 22):
        the tabled ones decide when every other hand is known, unless the record pays an
        untabled hand (then the record decides, as it does any other unknown showdown)."""
        st = self._state
        folded = st.folded
        contest = [f or s in self._unshown for s, f in enumerate(folded)]
        if (
            any(s in self._unknown and not contest[s] for s in range(self._n))
            # A pot only untabled hands can win was won by one that had no need to show.
            or any(
                all(s in self._unshown for s in pot.eligible)
                for pot in build_pots(st.contributions, folded, st.dead)
            )
            or (
                self._recorded is not None
                and any(self._recorded_winnings()[s] for s in self._unshown)
            )
        ):
            self._take_rake(build_pots(st.contributions, folded, st.dead))
            self._showdown_from_record()
        else:
            self._showdown_untabled(contest)

    def _showdown_untabled(self, contest: list[bool]) -> None:
        """A replay's showdown where the unknown hands were not tabled: they muck, and the
        tabled hands share every pot they are eligible for (rule 22)."""
        st = self._state
        pots = self._take_rake(build_pots(st.contributions, contest, st.dead))
        ranks = _showdown.rank_hands(
            self._engine.variant,
            st.holes,
            self._board,
            contest,
            trips_beat_straight=self._engine.trips_beat_straight,
        )
        result = _showdown.resolve(
            pots,
            ranks,
            show_order=[s for s in self._show_order() if not contest[s]],
            odd_chip_order=self._orders[st.button],
            hilo=self._engine.hilo,
            face_up=True,
            unit=self._unit,
        )
        log = st.log
        for seat in self._show_order():
            if contest[seat]:
                log.append(_MUCKS[seat])
            else:
                high, low = ranks[seat]
                log.append(_record(Show, seat, st.holes[seat], high, LowRank(low) if low else None))
        self._pay(result.awards)

    def _show_order(self) -> list[int]:
        """The live seats in showing order (rule 22)."""
        st = self._state
        folded = st.folded
        first = self._aggressor
        if first < 0:  # nobody bet on the last street: the first live seat left of the button
            for first in self._orders[st.button]:
                if not folded[first]:
                    break
        # Clockwise from ``first``: the seat order that ends at the seat before it.
        show_order = []  # a loop: a comprehension is a function call before Python 3.12
        for s in self._orders[first - 1]:
            if not folded[s]:
                show_order.append(s)
        return show_order

    def _pay(self, awards: list[tuple[int, int, int, str]], *, end: bool = True) -> None:
        # _award() inlined: a call per award costs more than the record itself.
        stack = self._state.stacks
        payouts = self._payouts
        log = self._state.log
        for award in awards:
            seat = award[1]
            amount = award[2]
            stack[seat] += amount
            payouts[seat] += amount
            log.append(_record(Award, award[0], seat, amount, award[3]))
        if end:
            self._end()

    # -- runouts (rule 26b, RuleProfile(runouts=...)) -------------------------------------

    def _ask_runouts(self) -> bool:
        """Betting is over with cards to come: ask the players still in how many times to
        run the board, when the deck can deal it more than once. Returns whether they are
        asked."""
        st = self._state
        # The deck once the first board and its burns are out (36 cards in short-deck).
        left = self._engine.deck - len(self._board) - 3
        for hole in st.holes:
            left -= len(hole)
        most = min(self._spec.rules.runouts, runouts_the_deck_allows(left, len(st.board)))
        if most < 2:
            return False
        folded = st.folded
        order = tuple(s for s in self._orders[st.button] if not folded[s])
        self._vote = RunoutVote(order, most=most)
        st.legal = NO_ACTIONS  # nobody bets: the players choose the runouts
        self._legal = NOTHING_LEGAL
        return True

    def _deal_runouts(self, times: int) -> None:
        """The players chose: deal the rest of the board ``times`` times and pay the pots."""
        if times == 1:
            self._close_round()  # the vote is over: this deals the board once
            return
        st = self._state
        holes = [card for hole in st.holes for card in hole]
        deck = rest_of_deck(
            self._seed,
            [*holes, *self._board, *self._extra],
            short_deck=self._engine.deck != 52,
        )
        self._boards = deal_runouts(st.board, self._board, times, self._extra, deck)
        self._run_boards()

    def _run_boards(self) -> None:
        """Each runout's board and its share of every pot (rule 26b): the rake comes out of
        the pots first (rule 27); each pot is split between the runouts, and each share
        between the best hands on its runout's board (rules 25, 26). Every hand still in is
        shown on every board: they are all-in (rule 22)."""
        st = self._state
        boards = self._boards
        street = st.street
        shown = len(st.board)
        log = st.log
        folded = st.folded
        st.board = boards[0]
        st.bets[:] = _ZEROS[self._n]  # the bets are in the pots
        self._aggressor = -1  # nobody bet on the last street
        st.street = 4
        pots = self._take_rake(build_pots(st.contributions, folded, st.dead))
        record_decides = self._unknown and any(
            s in self._unknown and not folded[s] for s in range(self._n)
        )
        show_order = self._show_order()
        shares = [split_runouts(pot.amount, len(boards), self._unit) for pot in pots]
        hilo = self._engine.hilo
        for k, board in enumerate(boards):
            log.append(_record(Runout, k + 1, board))
            start = shown
            for later in range(street + 1, 4):
                end = _BOARD_AT[later]
                log.append(_record(DealBoard, _STREETS[later], board[start:end]))
                start = end
            if record_decides:
                continue  # unknown hole cards: the record pays, below
            ranks = _showdown.rank_hands(
                self._engine.variant,
                st.holes,
                board,
                folded,
                trips_beat_straight=self._engine.trips_beat_straight,
            )
            result = _showdown.resolve(
                [_record(Pot, part[k], pot[1]) for part, pot in zip(shares, pots, strict=True)],
                ranks,
                show_order=show_order,
                odd_chip_order=self._orders[st.button],
                hilo=hilo,
                face_up=True,
                unit=self._unit,
            )
            for seat in show_order:
                high, low = ranks[seat]
                log.append(_record(Show, seat, st.holes[seat], high, LowRank(low) if low else None))
            self._pay(result.awards, end=False)
        if record_decides:
            self._showdown_from_record()
        else:
            self._end()

    # -- show or muck (rule 22, RuleProfile(showdown="ask")) ---------------------------------

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
        their :class:`DealBoard` record. The caller keeps the cards distinct from the hole cards.
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
        dealt = self._dealt
        if dealt is None:
            dealt = self._dealt = tuple(
                [_record(DealHole, seat, hole) for seat, hole in enumerate(self._state.holes)]
            )
        return dealt + tuple(self._state.log)

    def public_state(self) -> PublicState:
        """The public state in one call: street, board indices, stacks, bets, folded seats,
        the seat to act and its legal actions (see :class:`PublicState`)."""
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
        if type(self) is not Hand or type(self._state) is not HandState:
            return self._copy_by_slot()
        # Every slot taken over in one call to the core (the values shared), then the
        # hand's lists and its changing parts copied, as _copy_by_slot() does one by one:
        # that spelled out costs more than the rest of a new hand's deal.
        new = _copy_slots(self)
        state = new._state = _copy_slots(self._state)
        state.stacks = state.stacks.copy()
        state.bets = state.bets.copy()
        state.contributions = state.contributions.copy()
        state.folded = state.folded.copy()
        state.log = state.log.copy()
        new._faced = new._faced.copy()
        new._reach = new._reach.copy()
        new._payouts = new._payouts.copy()
        if new._asked is not None:
            new._asked = new._asked.copy()
        if new._vote is not None:
            new._vote = new._vote.copy()
        if new._stud is not None:
            new._stud = new._stud.copy()
        if new._draw is not None:
            new._draw = new._draw.copy()
        new._untrack()  # an exact Hand: see _untrack
        return new

    def _copy_by_slot(self) -> Hand:
        """:meth:`copy` slot by slot: a :class:`Hand` (the class itself, whatever the
        class of this hand) with this hand's slots."""
        new = _new(Hand)
        self._copy_betting(new)
        new._spec = self._spec
        new._seed = self._seed
        new._dealt = self._dealt
        new._engine = self._engine
        new._board = self._board
        new._layout = self._layout
        new._payouts = self._payouts.copy()  # copy(), not a slice: see _copy_betting
        new._final_pots = self._final_pots
        new._rake = self._rake
        new._asked = None if self._asked is None else self._asked.copy()
        new._vote = None if self._vote is None else self._vote.copy()
        new._boards = self._boards
        new._extra = self._extra
        new._unknown = self._unknown
        new._unshown = self._unshown
        new._recorded = self._recorded
        new._known = self._known
        new._chip_value = self._chip_value
        new._dead_sb = self._dead_sb
        new._posted = self._posted
        new._stud = None if self._stud is None else self._stud.copy()
        new._draw = None if self._draw is None else self._draw.copy()
        new._untrack()  # an exact Hand: see _untrack
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
            or st.board
            or st.over
            or self._unknown
            or self._recorded is not None
        ):
            raise IllegalActionError(
                "cannot deal again: only a hand nobody has acted in, with no card turned up "
                "and not replaying a record, can be dealt again"
            )
        if self._stud is not None or self._draw is not None or self._engine.deck != 52:
            # Dealt as the hand goes, or from the 36 cards six to ace, which the layout's
            # deal from 52 does not know.
            return Hand(self._spec, stacks=st.starts, button=st.button, seed=seed)
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
