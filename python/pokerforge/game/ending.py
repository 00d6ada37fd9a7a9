"""How a hand ends: uncontested, at a showdown (asked or not, rule 22), on boards run more
than once (rule 26b), or as a replayed record pays it; the rake first (rule 27), then
every pot to its winners (rules 22-26, 42).

`Ending` is a base of [`Hand`][pokerforge.game.Hand], after its streets
(`Streets`): the ranks come from the core by the game's
hand kinds, who shows first and the odd chips' order from the game's row.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from pokerforge._core import LowRank, showdown_ranks
from pokerforge._core import record as _record  # see betting.py
from pokerforge.game import showdown as _showdown
from pokerforge.game import stud as stud_rules
from pokerforge.game.actions import Award, DealBoard, Muck, RakeTaken, Runout, Show, Street
from pokerforge.game.betting import NOTHING_LEGAL
from pokerforge.game.deal import BOARD_AT, rest_of_deck
from pokerforge.game.positions import MAX_SEATS
from pokerforge.game.pots import Pot, build_pots, split_runouts
from pokerforge.game.rake import take_rake
from pokerforge.game.runouts import RunoutVote, deal_runouts, runouts_the_deck_allows
from pokerforge.game.spec import BEST_SHOWING
from pokerforge.game.state import NO_ACTIONS, NOBODY
from pokerforge.game.streets import Streets

__all__ = ["Ending"]

_STREETS = tuple(Street)
# Records are immutable values: a seat's muck is the same record every time.
_MUCKS = tuple(Muck(seat) for seat in range(MAX_SEATS))
_BOARD_AT = (0, *BOARD_AT, 5)  # board cards showing on each street, then at showdown
_ZEROS = tuple((0,) * n for n in range(MAX_SEATS + 1))  # zeroed bets are written from these


class Ending(Streets):
    """The end of a hand: the rake, the showdown and the pots paid (a base of
    [`Hand`][pokerforge.game.Hand], which holds the slots)."""

    __slots__ = (
        "_asked",
        "_boards",
        "_chip_value",
        "_extra",
        "_final_pots",
        "_known",
        "_payouts",
        "_pays_recorded",
        "_rake",
        "_recorded",
        "_seed",
        "_unknown",
        "_unshown",
    )

    _seed: int | None
    _payouts: list[int]
    _final_pots: list[Pot]
    _rake: int
    _asked: _showdown.AskedShowdown | None
    _unknown: frozenset[int]
    # Replays: unknown hands not tabled at the showdown (rule 22: they cannot win a pot).
    _unshown: frozenset[int]
    _recorded: tuple[str, tuple[int, ...]] | None
    # Replays: the recorded result is what the room paid, the showdown pays it as it is.
    _pays_recorded: bool
    _known: bool
    _chip_value: Decimal
    # Rule 26b: every runout's whole board once run more than once (else empty), and a
    # replay's given cards of the runouts after the first.
    _boards: tuple[tuple[int, ...], ...]
    _extra: tuple[int, ...]

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

    def _showdown(self) -> None:
        st = self._state
        folded = st.folded
        if self._pays_recorded:  # the room's payouts are the record, not the rules' split
            self._take_rake(build_pots(st.contributions, folded, st.dead))
            self._showdown_from_record()
            return
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
        hole, up = self._state.holes, self._state.up
        for seat in show_order:
            if mucked and seat in mucked:
                log.append(_MUCKS[seat])
            else:
                # _show() inlined: a call per shown hand costs more than the record itself.
                high, low = ranks[seat]
                shown = self._shown_cards(seat) if up[seat] else hole[seat]
                low_rank = LowRank(low) if low else None
                log.append(_record(Show, seat, shown, high, low_rank, self._engine.showdown))
        self._pay(awards)

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
        variant, trips, up_cards, by_cards = engine.showdown
        holes = st.holes
        if up_cards:  # a player's cards are down and up
            up = st.up
            holes = tuple([(*holes[seat], *up[seat]) for seat in range(self._n)])
        # The core directly (what rank_hands() calls): one Python call less.
        ranks = showdown_ranks(variant, holes, st.board, folded, trips)
        first = st.aggressor
        if first < 0 and engine.plan[-1][6] == BEST_SHOWING:
            first = stud_rules.first_to_act(
                st.up, folded, low=not engine.showing_high, button=st.button
            )
        elif first < 0:  # nobody bet on the last street: the first live seat left of it
            for first in self._orders[st.button]:
                if not folded[first]:
                    break
        if not by_cards:
            return ranks, first, self._orders[st.button], None
        # Rule 42: the odd chip of a high (or the only) half by the high cards, of a low
        # half by the low cards.
        cards = {seat: (*holes[seat], *st.board) for seat in ranks}
        main = stud_rules.odd_chip_order(cards, low=not engine.showing_high)
        low_order = stud_rules.odd_chip_order(cards, low=True) if engine.hilo else None
        return ranks, first, main, low_order

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
                low_rank = LowRank(low) if low else None
                ranking = self._engine.showdown
                log.append(_record(Show, seat, st.holes[seat], high, low_rank, ranking))
        self._pay(result.awards)

    def _show_order(self) -> list[int]:
        """The live seats in showing order (rule 22)."""
        st = self._state
        folded = st.folded
        first = st.aggressor
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

    def _shown_cards(self, seat: int) -> tuple[int, ...]:
        """The cards a seat shows: its hole cards, and with up cards (stud) all its cards in
        the order dealt: two down, the up cards, the last down card."""
        st = self._state
        down, up = st.holes[seat], st.up[seat]
        return (*down[:2], *up, *down[2:]) if up else down

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
        st.aggressor = -1  # nobody bet on the last street
        st.street = 4
        pots = self._take_rake(build_pots(st.contributions, folded, st.dead))
        unknown_in = bool(self._unknown) and any(
            s in self._unknown and not folded[s] for s in range(self._n)
        )
        # Unknown hole cards leave the record to pay, and so do the room's own payouts
        # (``recorded_pays``: the hands are shown, the record pays).
        record_decides = unknown_in or self._pays_recorded
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
            if unknown_in:
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
                low_rank = LowRank(low) if low else None
                ranking = self._engine.showdown
                log.append(_record(Show, seat, st.holes[seat], high, low_rank, ranking))
            if not self._pays_recorded:
                self._pay(result.awards, end=False)
        if record_decides:
            self._showdown_from_record()
        else:
            self._end()
