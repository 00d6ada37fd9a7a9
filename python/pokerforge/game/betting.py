"""Betting: the verify / can / apply triad and the exact legal amounts.

`BettingState` is the part of a [`Hand`][pokerforge.game.Hand] that knows the betting
rules of docs/rules.md section 2 for all three structures. The legal amounts for the player to
act are worked out once, when the turn passes to them, so that ``legal_actions()``,
``verify_*``, ``can_*`` and the actions themselves only compare numbers.

The state of a street is a handful of integers:

* ``level``: the street total every player must match (pre-flop at least the full big blind
  or straddle, even when it was posted short: rule 7);
* ``min_inc``: the last full bet or raise (no-limit, pot-limit) or the bet size
  (fixed-limit); the minimum raise is ``level + min_inc`` (rule 12);
* ``full_level``: the street total after the last *full* bet or raise; fixed-limit raises go
  to ``full_level + bet`` ("completing", rules 16 and 18);
* per seat ``faced``: the level the seat matched when it last acted (-1: not yet, or the
  betting reopened to it: rule 18's ``"completes"``). A seat
  that has acted may raise again only when a full raise came after it, or when the raises
  since add up to a full raise (rule 13);
* per seat ``reach``: the street total the seat can reach (bet plus stack; 0 once folded).
  It does not change while the street is bet (only a fold sets it to 0), so the largest and
  how many seats have it are kept, and rule 14 is one comparison: a raise is offered only
  when another live seat reaches beyond the current bet, and a seat whose bet already
  reaches everybody else's is not asked to act.

Stud adds two things (docs/rules.md section 8): while ``bring_in`` is set, the player to act
is the one who brings it in: ``call()`` posts the bring-in (a [`BringIn`][pokerforge.game.BringIn]
record) and the one raise completes to the small bet, folding is not allowed (rule 37); and while
``alt_inc`` is set (an open pair on fourth street, rule 39) a bet or raise may be by the
small bet or by the big bet, ``min_raise_to`` and ``max_raise_to`` being the two totals.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

# Named tuples built without their Python-level ``__new__``, and out of the garbage
# collector's sight when their fields are atoms (see ``_core.record``): the hot path
# makes millions.
from pokerforge._core import record as _record
from pokerforge.errors import IllegalActionError
from pokerforge.game.actions import Bet, BringIn, Call, Check, Fold, LegalActions, Raise
from pokerforge.game.positions import MAX_SEATS, SEAT_ORDERS
from pokerforge.game.spec import FIXED_LIMIT, NO_LIMIT
from pokerforge.game.state import NO_ACTIONS

if TYPE_CHECKING:
    from pokerforge.game.spec import EngineConstants
    from pokerforge.game.state import HandState

__all__ = ["BettingState"]

# Why the player to act may not raise (0: they may).
_MAY_RAISE = 0
_ONLY_CALL = 1  # calling takes the whole stack
_NOT_REOPENED = 2  # rule 13
_NOBODY_TO_CALL = 3  # rule 14
_CAPPED = 4  # rule 17
BRING_IN_IS_THE_BET = 5  # rules 37, 38: a bring-in of a whole small bet

# A record from a tuple of its fields (a star call to ``record`` costs more).
_from_tuple = tuple.__new__
# What legal_actions() gives while nobody is to bet (see the state's NO_ACTIONS).
NOTHING_LEGAL = LegalActions(*NO_ACTIONS)
# Records are immutable values: a fold or a check of a seat is the same record every time.
_FOLDS = tuple(Fold(seat) for seat in range(MAX_SEATS))
_CHECKS = tuple(Check(seat) for seat in range(MAX_SEATS))

_NO_RAISE_WHY = {
    _ONLY_CALL: "calling already takes the whole stack (rule 12: only an all-in for more "
    "than the call is a raise)",
    _NOT_REOPENED: "the betting was not reopened: the raises since this seat last acted add "
    "up to less than a full raise (rule 13)",
    _NOBODY_TO_CALL: "no other player has chips beyond the current bet, so nobody could "
    "call a raise (rule 14)",
    _CAPPED: "the betting is capped on this street (rule 17)",
    BRING_IN_IS_THE_BET: "a bring-in of a whole small bet is the bet: it is posted, with "
    "nothing to complete (rules 37, 38)",
}


class BettingState:
    """Chips, bets and turn order of a hand; the betting actions.

    This class holds the state and the rules of betting; [`Hand`][pokerforge.game.Hand]
    adds dealing, streets and the showdown. Seats are ints ``0..n-1``.
    """

    __slots__ = (
        "_fold_free",
        "_half_rule",
        "_legal",
        "_n",
        "_orders",
        "_short_all_in",
        "_state",
        "_structure",
        "_unit",
    )

    # Everything that changes as the hand goes on, the betting's bookkeeping included, is
    # in the hand's declared state (its ``level``, ``min_inc``, ``faced``, ...: see
    # pokerforge.game.state); here are the game's constants and one cache.
    _state: HandState
    _n: int
    _structure: int
    _unit: int
    _fold_free: bool
    _half_rule: bool
    # Rule 18's switch where a half-bet all-in leaves the next raise ("all-in": "").
    _short_all_in: str
    _orders: tuple[tuple[int, ...], ...]
    # The actor's legal actions as a record, built when first asked for in a turn;
    # NOTHING_LEGAL while nobody is to bet.
    _legal: LegalActions | None

    def __init__(self, engine: EngineConstants, state: HandState) -> None:
        """Betting over ``state`` (its seats' stacks before any forced bet).

        The hand posts the forced bets and opens the first round; the actions' records go
        to the state's ``log``.
        """
        n = len(state.stacks)
        self._state = state
        self._n = n
        self._structure = engine.structure
        self._unit = engine.unit
        self._fold_free = engine.fold_free
        self._half_rule = engine.half_rule
        self._short_all_in = "" if engine.short_all_in == "all-in" else engine.short_all_in
        self._orders = SEAT_ORDERS[n]
        self._legal = NOTHING_LEGAL

    def _set_reach(self, reach: list[int]) -> None:
        """Set what each seat can reach on this street (0: folded), and the largest."""
        self._state.reach = reach
        top = max(reach)
        self._state.reach_top = (top, reach.count(top))

    # -- what the hand does when betting ends ---------------------------------------------

    def _close_round(self) -> None:  # pragma: no cover - the hand deals the next street
        """The betting round is over: the next street or the showdown."""
        raise NotImplementedError

    def _round_cap(self) -> int:  # pragma: no cover - the hand knows the game's cap
        """The fixed-limit cap (bets and raises) for the players now able to bet."""
        raise NotImplementedError

    def _finish_uncontested(self) -> None:  # pragma: no cover - the hand pays the pots
        """Everybody but one player folded: that player wins every pot."""
        raise NotImplementedError

    # -- turn bookkeeping ---------------------------------------------------------------

    def _advance(self) -> None:  # noqa: PLR0915
        """Pass the turn to the next seat that must act, or close the betting round.

        The legal amounts of the new actor are worked out here, once per turn (this is the
        engine's innermost loop, hence one long function).
        """
        st = self._state
        level = st.level
        folded = st.folded
        stacks = st.stacks
        bets = st.bets
        faced = st.faced
        reach = st.reach
        top, ties = st.reach_top
        for s in self._orders[st.actor]:
            stack = stacks[s]
            if folded[s] or not stack:
                continue
            bet = bets[s]
            seen = faced[s]
            if seen >= 0 and bet >= level:
                continue
            # Rule 14: the most any other live player can put in on this street.
            own = reach[s]
            if own != top or ties > 1:
                most = top
            else:  # the one seat with the most: the others' largest
                reach[s] = 0
                most = max(reach)
                reach[s] = own
            if most <= bet:
                continue  # this bet already covers everybody left: no decision to make
            st.actor = s
            owe = level - bet if level > bet else 0
            rmin = rmax = -1
            if owe >= stack:
                owe = stack
                no_raise = _ONLY_CALL
            elif seen >= 0 and st.full_level <= seen and level - seen < st.min_inc:
                no_raise = _NOT_REOPENED
            elif most <= level:
                no_raise = _NOBODY_TO_CALL
            else:
                no_raise = _MAY_RAISE
                all_in = bet + stack
                structure = self._structure
                if structure == NO_LIMIT:
                    low = level + st.min_inc
                    rmin = low if low < all_in else all_in
                    rmax = all_in
                elif structure == FIXED_LIMIT:
                    if st.active < 3 and st.raises < st.cap:
                        # Rule 17: a fold or an all-in left two players able to bet
                        # before the raising was capped, so the cap no longer applies.
                        st.cap = self._round_cap()
                    if st.raises >= st.cap:
                        no_raise = _CAPPED
                    else:
                        target = st.full_level + st.min_inc
                        if target <= level:
                            target = level + st.min_inc
                        if target > all_in:  # noqa: PLR1730 - hot path, faster than min()
                            target = all_in
                        rmin = rmax = target
                        alt = st.alt_inc
                        if alt:  # rule 39: the big bet is an option too
                            high = st.full_level + alt
                            if high <= level:
                                high = level + alt
                            rmax = high if high < all_in else all_in
                else:
                    low = level + st.min_inc
                    high = level + sum(st.contributions) + st.dead + owe + st.pl_extra
                    high -= high % self._unit
                    if high > all_in:  # noqa: PLR1730
                        high = all_in
                    if low > high:  # noqa: PLR1730
                        low = high
                    rmin = low
                    rmax = high
            st.no_raise = no_raise
            # The turn's legal actions as a plain tuple (cheap: no record is built until
            # legal_actions() is called; the observation encoder reads this tuple).
            if rmax < 0:
                st.legal = (owe > 0 or self._fold_free, not owe, owe, None, None)
            else:
                st.legal = (owe > 0 or self._fold_free, not owe, owe, rmin, rmax)
            self._legal = None
            return
        # Nobody is to bet until the next street opens; a hand that ends (or asks its players
        # to show) says so in its state, ``legal`` included.
        st.actor = -1
        self._close_round()

    # -- queries ------------------------------------------------------------------------

    @property
    def actor(self) -> int | None:
        """The seat to act, or ``None`` when nobody is to act (the hand is over)."""
        actor = self._state.actor
        return None if actor < 0 else actor

    @property
    def is_over(self) -> bool:
        """Whether the hand has ended and its pots have been paid."""
        return self._state.over

    def legal_actions(self) -> LegalActions:
        """What the player to act may do now, with exact amounts (see ``LegalActions``).

        When the hand is over every field is false, 0 or ``None``.
        """
        legal = self._legal
        if legal is None:  # built once a turn: every caller reads the same record
            legal = self._legal = _from_tuple(LegalActions, self._state.legal)
        return legal

    # -- reasons an action is refused -----------------------------------------------------

    def _closed_problem(self, verb: str) -> str:
        """Why nobody may bet now that the betting is over (the hand says more)."""
        return (
            f"cannot {verb}: the betting is over and the players at showdown show or muck (rule 22)"
        )

    def _turn_problem(self, verb: str, seat: int | None) -> str | None:
        st = self._state
        if st.over:
            return f"cannot {verb}: the hand is over"
        if st.actor < 0:
            return self._closed_problem(verb)
        if seat is not None and seat != st.actor:
            return (
                f"seat {seat} cannot {verb}: it is seat {st.actor}'s turn "
                "(rule 11: players act in turn, clockwise)"
            )
        return None

    def _fold_problem(self, seat: int | None) -> str | None:
        st = self._state
        problem = self._turn_problem("fold", seat)
        if problem is None and st.bring_in:
            problem = (
                f"seat {st.actor} cannot fold: it shows the card that brings it in and must "
                f"bring it in for {st.bring_in} or complete (rule 37)"
            )
        elif problem is None and not st.legal[2] and not self._fold_free:
            problem = (
                f"seat {st.actor} cannot fold: nothing is owed, so it may check "
                "(this rule profile forbids folding when checking is free)"
            )
        return problem

    def _check_problem(self, seat: int | None) -> str | None:
        st = self._state
        problem = self._turn_problem("check", seat)
        if problem is None and st.legal[2]:
            problem = (
                f"seat {st.actor} cannot check: {st.level - st.bets[st.actor]} "
                "chips are owed (rule 11: a player may check only when nothing is owed)"
            )
        return problem

    def _call_problem(self, seat: int | None) -> str | None:
        st = self._state
        problem = self._turn_problem("call", seat)
        if problem is None and not st.legal[2]:
            problem = (
                f"seat {st.actor} cannot call: nothing is owed (rule 11: check instead, or bet)"
            )
        return problem

    def _raise_problem(self, total: object, seat: int | None) -> str | None:
        problem = self._turn_problem("raise", seat)
        if problem is not None:
            return problem
        st = self._state
        s = st.actor
        if isinstance(total, bool) or not isinstance(total, int):
            return (
                f"seat {s} cannot raise to {total!r}: a bet is a whole number of chips "
                "(chips are integers)"
            )
        total = int.__index__(total)  # true comparisons, whatever a subclass's operators say
        rmin = st.legal[3]
        rmax = st.legal[4]
        if rmin is None or rmax is None:
            return f"seat {s} cannot raise: {_NO_RAISE_WHY[st.no_raise]}"
        all_in = st.bets[s] + st.stacks[s]
        if st.alt_inc and rmin < total < rmax:
            return (
                f"seat {s} cannot raise to {total}: with an open pair on fourth street the bet "
                f"or raise is to exactly {rmin} (the small bet) or {rmax} (the big bet) "
                "(rule 39)"
            )
        if total < rmin:
            if self._structure == FIXED_LIMIT:
                return (
                    f"seat {s} cannot raise to {total}: in fixed-limit the bet or raise is "
                    f"to exactly {rmin} (rule 16)"
                )
            return (
                f"seat {s} cannot raise to {total}: the minimum is {rmin}, the current bet "
                f"of {st.level} plus the last full bet or raise of {st.min_inc} "
                "(rule 12), unless all-in"
            )
        if total > rmax:
            if total > all_in:
                return (
                    f"seat {s} cannot raise to {total}: its stack only reaches {all_in} "
                    "(table stakes)"
                )
            if self._structure == FIXED_LIMIT:
                return (
                    f"seat {s} cannot raise to {total}: in fixed-limit the bet or raise is "
                    f"to exactly {rmin} (rule 16)"
                )
            return (
                f"seat {s} cannot raise to {total}: the pot-limit maximum is {rmax} "
                "(rule 15: the bet plus the pot after calling)"
            )
        # The only amount a raise can be (fixed-limit's, after an all-in of odd chips) is
        # legal whatever the unit: the unit limits a choice of amount, not the rule's own.
        if total % self._unit and total != all_in and rmin != rmax:
            return (
                f"seat {s} cannot raise to {total}: bets are whole units of the "
                f"{self._unit}-chip unit unless all-in"
            )
        return None

    # -- verify / can / apply ----------------------------------------------------------------

    def verify_fold(self, *, seat: int | None = None) -> None:
        """Raise ``IllegalActionError`` (naming the rule) unless folding is legal now.

        ``seat``, when given, must be the seat to act.
        """
        problem = self._fold_problem(seat)
        if problem is not None:
            raise IllegalActionError(problem)

    def can_fold(self, *, seat: int | None = None) -> bool:
        """Whether folding is legal now."""
        return self._fold_problem(seat) is None

    def fold(self, *, seat: int | None = None) -> Fold:
        """The player to act folds; returns the record appended to ``history``.

        Raises:
            IllegalActionError: folding is not legal now; nothing changes.
        """
        st = self._state
        s = st.actor
        if s < 0 or (seat is not None and seat != s) or not st.legal[0]:
            self.verify_fold(seat=seat)
        st.folded[s] = True
        reach = st.reach
        top, ties = st.reach_top
        if reach[s] == top:
            reach[s] = 0
            if ties > 1:
                st.reach_top = (top, ties - 1)
            else:
                self._set_reach(reach)
        else:
            reach[s] = 0
        st.live -= 1
        st.active -= 1
        record = _FOLDS[s]
        st.log.append(record)
        if st.live == 1:
            st.actor = -1
            self._finish_uncontested()
        else:
            self._advance()
        return record

    def verify_check(self, *, seat: int | None = None) -> None:
        """Raise ``IllegalActionError`` (naming the rule) unless checking is legal now."""
        problem = self._check_problem(seat)
        if problem is not None:
            raise IllegalActionError(problem)

    def can_check(self, *, seat: int | None = None) -> bool:
        """Whether checking is legal now (nothing is owed)."""
        return self._check_problem(seat) is None

    def check(self, *, seat: int | None = None) -> Check:
        """The player to act checks; returns the record appended to ``history``.

        Raises:
            IllegalActionError: chips are owed or it is not this seat's turn; nothing changes.
        """
        st = self._state
        s = st.actor
        if s < 0 or (seat is not None and seat != s) or st.legal[2]:
            self.verify_check(seat=seat)
        st.faced[s] = st.level
        record = _CHECKS[s]
        st.log.append(record)
        self._advance()
        return record

    def verify_call(self, *, seat: int | None = None) -> None:
        """Raise ``IllegalActionError`` (naming the rule) unless calling is legal now."""
        problem = self._call_problem(seat)
        if problem is not None:
            raise IllegalActionError(problem)

    def can_call(self, *, seat: int | None = None) -> bool:
        """Whether calling is legal now (something is owed)."""
        return self._call_problem(seat) is None

    def call(self, *, seat: int | None = None) -> Call:
        """The player to act calls what is owed (all-in when short); returns the record.

        Raises:
            IllegalActionError: nothing is owed or it is not this seat's turn; nothing changes.
        """
        st = self._state
        s = st.actor
        amount = st.legal[2]
        if s < 0 or (seat is not None and seat != s) or not amount:
            self.verify_call(seat=seat)
        left = st.stacks[s] - amount
        st.stacks[s] = left
        st.bets[s] += amount
        st.contributions[s] += amount
        st.faced[s] = st.level
        if not left:
            st.active -= 1
        if st.bring_in:  # rule 37: the call of the bring-in seat posts the bring-in
            st.bring_in = 0
            brought: BringIn = _record(BringIn, s, amount, not left)
            st.log.append(brought)
            self._advance()
            return brought  # type: ignore[return-value] # stud's forced call
        record = _record(Call, s, amount, not left)
        st.log.append(record)
        self._advance()
        return record

    def check_or_call(self, *, seat: int | None = None) -> Check | Call:
        """The player to act checks when nothing is owed, else calls (all-in when short);
        returns the record. The one action that is always open to the player to act.

        Raises:
            IllegalActionError: nobody is to act, or it is not this seat's turn; nothing
                changes.

        Examples:
            >>> from pokerforge.game import GameSpec, Hand
            >>> hand = Hand(GameSpec(blinds=(1, 2)), stacks=[100, 100], seed=1)
            >>> hand.check_or_call(), hand.check_or_call()
            (Call(seat=0, amount=1, all_in=False), Check(seat=1))
        """
        if self._state.legal[2]:
            return self.call(seat=seat)
        return self.check(seat=seat)

    # -- stud: the bring-in and the completion (rules 37, 38) --------------------------------

    def _bring_in_problem(self, seat: int | None) -> str | None:
        problem = self._turn_problem("bring it in", seat)
        if problem is None and not self._state.bring_in:
            problem = (
                f"seat {self._state.actor} cannot bring it in: no bring-in is owed (rule 37: "
                "only the player showing the card that brings it in, first on third street)"
            )
        return problem

    def verify_bring_in(self, *, seat: int | None = None) -> None:
        """Raise ``IllegalActionError`` (naming the rule) unless the player to act owes the
        stud bring-in."""
        problem = self._bring_in_problem(seat)
        if problem is not None:
            raise IllegalActionError(problem)

    def can_bring_in(self, *, seat: int | None = None) -> bool:
        """Whether the player to act may (and must, or complete) bring it in now."""
        return self._bring_in_problem(seat) is None

    def bring_in(self, *, seat: int | None = None) -> BringIn:
        """Stud: the player showing the card that brings it in posts the bring-in (rule
        37; all-in when short); returns the [`BringIn`][pokerforge.game.BringIn] record.

        Raises:
            IllegalActionError: no bring-in is owed now; nothing changes.
        """
        self.verify_bring_in(seat=seat)
        return self.call(seat=seat)  # type: ignore[return-value] # call() posts it

    def _complete_problem(self, seat: int | None) -> str | None:
        problem = self._turn_problem("complete", seat)
        st = self._state
        # Completing: fixed-limit, a bet below a full one (a bring-in, or a short all-in
        # opening bet) and no full bet yet on this street.
        if problem is None and (self._structure != FIXED_LIMIT or st.full_level or not st.level):
            problem = (
                f"seat {st.actor} cannot complete: only a bring-in or a short bet "
                "below a full bet is completed (rule 38); bet or raise instead"
            )
        if problem is None and st.legal[3] is None:
            problem = f"seat {st.actor} cannot complete: {_NO_RAISE_WHY[st.no_raise]}"
        return problem

    def verify_complete(self, *, seat: int | None = None) -> None:
        """Raise ``IllegalActionError`` (naming the rule) unless `complete()` is legal."""
        problem = self._complete_problem(seat)
        if problem is not None:
            raise IllegalActionError(problem)

    def can_complete(self, *, seat: int | None = None) -> bool:
        """Whether the player to act may complete a bring-in (or a short bet) now."""
        return self._complete_problem(seat) is None

    def complete(self, *, seat: int | None = None) -> Bet | Raise:
        """Complete the bring-in (or a short all-in bet) to a full bet: ``raise_to`` the
        one total allowed (rule 38). Bringing it in and completing at once is the opening
        bet (a [`Bet`][pokerforge.game.Bet]); completing another's bring-in counts as the bet of the
        round (a [`Raise`][pokerforge.game.Raise] to the small bet, the first of rule 17's cap).

        Raises:
            IllegalActionError: there is nothing to complete; nothing changes.
        """
        self.verify_complete(seat=seat)
        total = self._state.legal[3]
        assert total is not None
        return self.raise_to(total, seat=seat)

    def verify_raise_to(self, total: int, *, seat: int | None = None) -> None:
        """Raise ``IllegalActionError`` (naming the rule) unless ``raise_to(total)`` is legal.

        ``total`` is the street total after the raise (also for an opening bet).
        """
        problem = self._raise_problem(total, seat)
        if problem is not None:
            raise IllegalActionError(problem)

    def _short_all_in_level(self, seat: int, complete: int) -> int:
        """The street's full level after ``seat``'s all-in counted a full raise short of
        ``complete`` (rule 18), by the rule profile's switch: ``"full-bet"`` the level it
        stands for, ``complete``; ``"completes"`` the level before it, with every other
        seat's turn to come as if it had not acted (the betting reopened), so that the
        next raise is to ``complete``."""
        st = self._state
        if self._short_all_in == "full-bet":
            return complete
        faced = st.faced
        for other in range(self._n):
            if other != seat:
                faced[other] = -1
        return st.full_level

    def can_raise_to(self, total: int, *, seat: int | None = None) -> bool:
        """Whether ``raise_to(total)`` is legal now."""
        return self._raise_problem(total, seat) is None

    def raise_to(self, total: int, *, seat: int | None = None) -> Bet | Raise:
        """Bet or raise to a street total of ``total``; returns the record appended.

        An opening bet is recorded as [`Bet`][pokerforge.game.Bet], anything else as
        [`Raise`][pokerforge.game.Raise].

        Raises:
            IllegalActionError: the amount or the moment is not legal; nothing changes.
        """
        st = self._state
        s = st.actor
        legal = st.legal
        rmin = legal[3]  # the raise bounds: both None when raising is not legal
        if (
            s < 0
            or seat is not None
            or type(total) is not int
            or rmin is None
            or not rmin <= total <= legal[4]  # type: ignore[operator]
            or (total % self._unit and total != st.bets[s] + st.stacks[s] and rmin != legal[4])
            or (st.alt_inc and rmin < total < legal[4])  # type: ignore[operator]
        ):
            if isinstance(total, int) and not isinstance(total, bool):
                # A plain int is kept, never an int subclass's instance: the hand is out of
                # the collector's sight (see arguments.chip_count).
                total = int.__index__(total)
            self.verify_raise_to(total, seat=seat)
        added = total - st.bets[s]
        left = st.stacks[s] - added
        st.stacks[s] = left
        st.bets[s] = total
        st.contributions[s] += added
        level = st.level
        full_level = total
        if self._structure == FIXED_LIMIT:
            complete = st.full_level + st.min_inc
            full = total >= complete or (
                self._half_rule and 2 * (total - st.full_level) >= st.min_inc
            )
            if full:
                st.raises += 1
                if total < complete and self._short_all_in:
                    full_level = self._short_all_in_level(s, complete)
            alt = st.alt_inc
            if alt and total >= st.full_level + alt:  # rule 39: the big bet was taken
                st.min_inc = alt
                st.alt_inc = 0
        else:
            full = total - level >= st.min_inc
            if full:
                st.min_inc = total - level
        if full:
            st.full_level = full_level
        st.level = total
        st.faced[s] = total
        st.aggressor = s
        if not left:
            st.active -= 1
        record: Bet | Raise
        if level == 0 or st.bring_in:  # completing instead of bringing in: the bet
            st.bring_in = 0
            record = _record(Bet, s, total, added, not left)
        else:
            record = _record(Raise, s, total, added, not left, full)
        st.log.append(record)
        self._advance()
        return record
