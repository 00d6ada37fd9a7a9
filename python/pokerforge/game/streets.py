"""How a hand moves from street to street, as its game's row of the variant table says: the
forced bets and the first turn, then, each time a betting round ends, the next street dealt
(board cards, cards up or down to the players still in, or a drawing round) and opened by
the row's opener, until the showdown (rules 3-10, 36-41, 47-49).

`Streets` is a base of [`Hand`][pokerforge.game.Hand], over the betting's state and
rules (`BettingState`); the hand deals the cards, and
`Ending` pays the pots once the last street is over.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import add

from pokerforge._core import record as _record  # see betting.py
from pokerforge.game import stud as stud_rules
from pokerforge.game.actions import (
    DealBoard,
    DealHole,
    DealUp,
    PostAnte,
    PostBlind,
    ReturnBet,
    Street,
)
from pokerforge.game.betting import BRING_IN_IS_THE_BET, NOTHING_LEGAL, BettingState
from pokerforge.game.draw import DrawDeck
from pokerforge.game.positions import MAX_SEATS
from pokerforge.game.runouts import RunoutVote
from pokerforge.game.spec import (
    BEST_SHOWING,
    FIXED_LIMIT,
    UNCAPPED,
    EngineConstants,
    GameSpec,
)
from pokerforge.game.state import NO_ACTIONS, NOBODY

__all__ = ["Streets"]

_STREETS = tuple(Street)
_ZEROS = tuple((0,) * n for n in range(MAX_SEATS + 1))  # zeroed bets are written from these
_SHOWDOWN = Street.SHOWDOWN.value


class Streets(BettingState):
    """The forced bets, the streets and their betting rounds of a hand (a base of
    [`Hand`][pokerforge.game.Hand], which holds the slots)."""

    __slots__ = ("_board", "_draw", "_engine", "_posted", "_spec", "_stud", "_vote")

    _spec: GameSpec
    _engine: EngineConstants
    _posted: int  # records once the forced bets are posted, before anybody acts
    # The board games' five board cards as the deck holds them (turned up street by street).
    _board: tuple[int, ...]
    _vote: RunoutVote | None
    # The stub of the games dealt as the hand goes (stud) or drawn to (the draw games).
    _stud: stud_rules.StudDeck | None
    _draw: DrawDeck | None

    def _showdown(self) -> None:  # pragma: no cover - the hand's ending pays the pots
        """The last street is over: the showdown."""
        raise NotImplementedError

    def _ask_runouts(self) -> bool:  # pragma: no cover - the hand's ending asks
        """Whether the players still in are asked how many times to run the board."""
        raise NotImplementedError

    def _post_forced_bets(  # noqa: PLR0915 - the forced bets in order, on the hot path
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
        n = self._n
        if engine.uniform_ante:
            for seat in orders[button]:
                paid = self._post(seat, engine.uniform_ante, False)
                self._state.contributions[seat] += paid
                log.append(_record(PostAnte, seat, paid))
        if not engine.blinds:
            assert up is not None
            self._post_up_cards(engine, stacks, up)
            return
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
            paid = self._post(bb, bb_ante, False)
            self._state.dead += paid
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
            paid = self._post(bb, bb_ante, False)
            self._state.dead += paid
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
        self._state.pl_extra = short if engine.pot_limit_full_blinds else 0
        first = engine.plan[0]
        if first[2]:  # board cards before the first round (Courchevel's first flop card)
            self._state.board = self._board[: first[2]]
            log.append(_record(DealBoard, _STREETS[first[0]], self._state.board))
        self._posted = len(log)
        self._open_preflop(engine, stacks, level, last)

    def _open_preflop(
        self, engine: EngineConstants, stacks: list[int], level: int, last: int
    ) -> None:
        """The pre-flop betting state over the forced bets; the first turn."""
        big = engine.big
        st = self._state
        st.level = st.full_level = level
        st.min_inc = engine.preflop_min_inc
        st.raises = 0
        if self._structure == FIXED_LIMIT:
            # The big blind is the pre-flop bet when it is at least half a bet (rule 18).
            if 2 * big >= st.min_inc:
                st.raises = 1 + (1 if engine.straddle else 0)
            else:
                st.full_level = 0
        active = 0
        for chips in stacks:
            if chips:
                active += 1
        st.active = active
        st.cap = self._round_cap()
        self._set_reach(list(map(add, st.bets, stacks)))
        self._state.actor = last
        self._advance()

    def _post_up_cards(
        self, engine: EngineConstants, stacks: list[int], up: tuple[tuple[int, ...], ...]
    ) -> None:
        """The up cards of the first street, then its bring-in's turn (rules 36, 37)."""
        log = self._state.log
        self._state.up = up
        for seat in self._orders[self._state.button]:
            log.append(_record(DealUp, seat, up[seat]))
        self._posted = len(log)
        self._open_bring_in(engine, stacks, up)

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
        state.level = engine.bring_in
        state.full_level = engine.bring_in if full else 0
        state.raises = 1 if full else 0
        state.min_inc = engine.street_min_inc[0]
        state.active = sum(1 for chips in stacks if chips)
        state.cap = self._round_cap()
        self._set_reach(list(map(add, state.bets, stacks)))
        doors = [cards[0] if cards else -1 for cards in up]  # (none: unknown to a replay)
        low_card = stud_rules.bring_in_seat(doors, low=not engine.showing_high)
        state.bring_in = engine.bring_in
        # _advance() starts left of the actor: at the low card's seat, or, when that player
        # is all-in on the ante, at the first player after it with chips (rule 37).
        state.actor = low_card - 1 if low_card else n - 1
        self._advance()
        seat = state.actor
        if seat >= 0 and state.bring_in:
            legal = state.legal
            # The bring-in seat may not fold (rule 37), nor raise a bring-in that is the bet.
            state.legal = (False, legal[1], legal[2], None, None) if full else (False, *legal[1:])
            if full:
                state.no_raise = BRING_IN_IS_THE_BET
            self._legal = None
        else:
            state.bring_in = 0  # nobody could call it (rule 14): never posted

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
        if engine.heads_up_uncapped and self._state.active < 3:
            return UNCAPPED
        return engine.cap

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
            st.active += 1  # an all-in player has chips again
        st.stacks[seat] += back
        self._state.log.append(_record(ReturnBet, seat, back))

    def _close_round(self) -> None:
        """A betting round is over: the game's next street is dealt (its burn, then board
        cards, cards up or down to the players still in, or a drawing round) and its
        betting opened, passing over streets where fewer than two players can bet; after
        the last street, the showdown (rules 10, 36, 48, 49)."""
        self._return_uncalled()
        self._state.bring_in = 0
        st = self._state
        engine = self._engine
        if (
            st.active < 2
            and self._vote is None
            and len(st.board) < engine.board_at[-1]
            and self._spec.rules.runouts > 1
            and st.live > 1
            and self._ask_runouts()
        ):
            return  # rule 26b: the players choose how many times to run the board
        plan = engine.plan
        index = st.street - plan[0][0]
        last = len(plan) - 1
        while index < last:
            index += 1
            number, draw, end, down, up, bet_size, opener = plan[index]
            if draw:
                self._start_draw(number)
                return
            # The street's board cards, turned up from the deck's order (inline: the board
            # games' hot path); its cards to the players, from the stub.
            shown = len(st.board)
            if end > shown:
                board = self._board
                st.log.append(_record(DealBoard, _STREETS[number], board[shown:end]))
                st.board = board[:end]
            if down or up:
                assert self._stud is not None
                self._deal_stud_street(self._stud, number, face_up=up > 0)
            if st.active >= 2:
                st.street = number
                self._open_round(index, bet_size, opener)
                return
        st.bets[:] = _ZEROS[self._n]  # the bets are in the pots
        if st.street != plan[last][0]:
            st.aggressor = -1  # nobody bet on the last street: they were all-in
        st.street = _SHOWDOWN
        self._showdown()

    def _open_round(self, index: int, bet_size: int, opener: int) -> None:
        """The betting round of the game's street ``index``: bets and the levels faced
        start again, each seat can reach its stack (0: folded), the bet is the street's
        ``bet_size`` (rule 39: on fourth street the big bet too, over an open pair), and
        the street's ``opener`` acts first (rules 5, 40, 48)."""
        st = self._state
        # Written over the hand's own lists in one loop: cheaper than new lists, and no new
        # objects for the garbage collector.
        reach = st.reach
        folded = st.folded
        bet = st.bets
        faced = st.faced
        seat = -1
        for chips in st.stacks:
            seat += 1
            reach[seat] = 0 if folded[seat] else chips
            bet[seat] = 0
            faced[seat] = -1
        top = max(reach)
        st.reach_top = (top, reach.count(top))
        st.level = st.full_level = st.raises = st.pl_extra = st.alt_inc = 0
        st.min_inc = bet_size
        if index == 1 and self._engine.open_pair_option and stud_rules.open_pair(st.up, folded):
            st.alt_inc = self._engine.plan[2][5]  # rule 39: the big bet
        st.aggressor = -1
        st.cap = self._round_cap()
        # _advance() starts left of the actor.
        if opener == BEST_SHOWING:
            first = stud_rules.first_to_act(
                st.up, folded, low=not self._engine.showing_high, button=st.button
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

    def _start_draw(self, number: int) -> None:
        """A drawing round on the street numbered ``number``: the burn, then every player
        still in draws in turn from the button's left, all-in players too (rule 49)."""
        st = self._state
        deck = self._draw
        assert deck is not None
        st.street = number
        st.bets[:] = _ZEROS[self._n]  # the bets are in the pots
        st.aggressor = -1  # nobody has bet after this draw yet
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
        if st.active < 2:
            self._close_round()  # no bets: it goes on to the next street
            return
        plan = self._engine.plan
        index = st.street - plan[0][0]
        self._open_round(index, plan[index][5], plan[index][6])
