"""The turns of an asked showdown (rule 22, ``RuleProfile(showdown="ask")``): who shows
or mucks, in order, with the verify / can / do triad of the betting actions.

Examples:
    >>> from pokerforge.game import GameSpec, Hand, RuleProfile
    >>> rules = RuleProfile(showdown="ask", all_in_face_up=False)
    >>> hand = Hand(GameSpec(blinds=(1, 2), rules=rules), stacks=[50, 50], seed=2)
    >>> while hand.state.showing < 0:
    ...     _ = hand.check_or_call()
    >>> hand.can_muck(), hand.can_show()
    (False, True)
"""

from __future__ import annotations

from collections.abc import Callable

from pokerforge._core import LowRank
from pokerforge._core import record as _record  # see betting.py
from pokerforge.errors import IllegalActionError
from pokerforge.game import showdown as _showdown
from pokerforge.game.actions import Muck, Show
from pokerforge.game.spec import EngineConstants
from pokerforge.game.state import NOBODY, HandState

__all__ = ["AskedTurns"]


def _show(
    seat: int, hole: tuple[int, ...], ranks: tuple[int, int], engine: EngineConstants
) -> Show:
    """The record of a player showing: the showdown ranks as the records give them (the
    engine's low rank, 0 for none, becomes a [`LowRank`][pokerforge.eval.LowRank] or ``None``) and
    how the game ranks them (its words describe the hand)."""
    high, low = ranks
    return _record(Show, seat, hole, high, LowRank(low) if low else None, engine.showdown)


class AskedTurns:
    """Show and muck at an asked showdown (a base of [`Hand`][pokerforge.game.Hand], which
    holds the showdown and decides each turn)."""

    __slots__ = ()

    _asked: _showdown.AskedShowdown | None
    _state: HandState
    _orders: tuple[tuple[int, ...], ...]
    _engine: EngineConstants
    _unit: int

    # The hand's own (its ending's): declared, not defined, so that no stub here comes
    # before them in the hand's bases. Pays the pots' awards and ends the hand; the cards
    # a seat shows.
    _pay: Callable[..., None]
    _shown_cards: Callable[[int], tuple[int, ...]]

    def _decide(self, *, show: bool) -> Show | Muck:
        asked = self._asked
        assert asked is not None
        seat = asked.to_act
        assert seat is not None
        asked.decide(show=show)
        self._state.showing = NOBODY if asked.to_act is None else asked.to_act
        record: Show | Muck = (
            _show(seat, self._shown_cards(seat), asked.ranks[seat], self._engine)
            if show
            else Muck(seat)
        )
        self._state.log.append(record)
        if asked.to_act is None:
            shown = asked.shown
            result = _showdown.resolve(
                asked.pots,
                {s: asked.ranks[s] for s in shown},
                show_order=shown,
                odd_chip_order=(
                    self._orders[self._state.button]
                    if asked.odd_chip_order is None
                    else asked.odd_chip_order
                ),
                hilo=self._engine.hilo,
                face_up=True,
                unit=self._unit,
                low_odd_chip_order=asked.low_odd_chip_order,
            )
            self._pay(result.awards)
        return record

    def _show_problem(self, verb: str, seat: int | None) -> str | None:
        asked = self._asked
        if asked is None or self._state.over:
            return (
                f"cannot {verb}: nobody is asked to show or muck (rule 22: only at a showdown "
                'with RuleProfile(showdown="ask"))'
            )
        s = asked.to_act
        if seat is not None and seat != s:
            return (
                f"seat {seat} cannot {verb}: it is seat {s}'s turn to show or muck "
                "(rule 22: showdown order)"
            )
        if verb == "muck" and s is not None and not asked.may_muck(s):
            return (
                f"seat {s} cannot muck: no hand already shown beats it for every pot it "
                "plays for (rule 22: only a beaten hand may muck)"
            )
        return None

    def verify_show(self, *, seat: int | None = None) -> None:
        """Raise ``IllegalActionError`` (naming the rule) unless showing is legal now."""
        problem = self._show_problem("show", seat)
        if problem is not None:
            raise IllegalActionError(problem)

    def can_show(self, *, seat: int | None = None) -> bool:
        """Whether the seat to act may show its hand now (an asked showdown)."""
        return self._show_problem("show", seat) is None

    def show(self, *, seat: int | None = None) -> Show:
        """At an asked showdown the seat to act shows its hand; returns the record.

        Raises:
            IllegalActionError: nobody is asked to show, or not this seat; nothing changes.
        """
        self.verify_show(seat=seat)
        return self._decide(show=True)  # type: ignore[return-value]

    def verify_muck(self, *, seat: int | None = None) -> None:
        """Raise ``IllegalActionError`` (naming the rule) unless mucking is legal now."""
        problem = self._show_problem("muck", seat)
        if problem is not None:
            raise IllegalActionError(problem)

    def can_muck(self, *, seat: int | None = None) -> bool:
        """Whether the seat to act may muck now: a hand already shown beats it (rule 22)."""
        return self._show_problem("muck", seat) is None

    def muck(self, *, seat: int | None = None) -> Muck:
        """At an asked showdown the seat to act mucks and gives up every pot (rule 22).

        Raises:
            IllegalActionError: mucking is not legal now; nothing changes.
        """
        self.verify_muck(seat=seat)
        return self._decide(show=False)  # type: ignore[return-value]
