"""Heads-up push/fold equilibria, in chips or in prize equity by ICM.

The small blind (the button, heads-up) shoves its whole stack or folds; the big blind
calls or folds. The Rust core values every pair of starting-hand classes exactly from its
heads-up pre-flop table (every board, card removal included) and runs fictitious play
(both players answer the other's average strategy with a best response, round after
round) until the averages' exploitability, measured exactly, is within the tolerance.
By ICM a player's payoff is its prize equity after the hand, with players outside the
hand (``others``) keeping their stacks, so the blinds' ranges feel the bubble.

Examples:
    >>> r = push_fold([10, 10], (0.5, 1))
    >>> r.effective_bb, r.converged, r.exploitability <= 1e-4
    (10.0, True, True)
    >>> r.shove.weight("7h2c") > 0, r.call.weight("AhKd"), r.call.weight("7h2c")
    (False, 1.0, 0.0)
    >>> print(r.chart_text("call").splitlines()[1])
    A   100 100 100 100 100 100 100 100 100 100 100 100 100
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Literal, overload

from pokerforge import _core
from pokerforge._core import Range
from pokerforge.errors import InvalidSpecError
from pokerforge.icm.chart import RANKS, Chart, chart_class, chart_of, chart_text
from pokerforge.icm.model import (
    Model,
    Number,
    blind_pair,
    numbers,
    push_fold_prizes,
    push_fold_stacks,
)
from pokerforge.icm.table import TableEquilibrium, push_fold_table

__all__ = ["RANKS", "Chart", "PushFoldResult", "chart_class", "chart_text", "push_fold"]


@dataclass(frozen=True)
class PushFoldResult:
    """An equilibrium of a heads-up push/fold spot, to the exploitability reached.

    Attributes:
        stacks: The small blind's and the big blind's stacks, before the forced bets.
        blinds: Small and big blind.
        ante: Each player's ante.
        payouts: The prizes for ICM, or ``None`` for chips.
        others: Stacks of the players outside the hand (ICM).
        model: The ICM model.
        shove: The small blind's shoving range (weights are probabilities; a class the
            equilibrium mixes has a weight below 1).
        call: The big blind's calling range against a shove.
        shove_chart: The shoving probabilities as a 13x13 chart (see
            [`Chart`][pokerforge.icm.push_fold.Chart]).
        call_chart: The calling probabilities as a 13x13 chart.
        exploitability: The mean of what each player could gain per hand by a best
            response to the other (0 at an exact equilibrium), in big blinds for chips,
            in prize equity for ICM.
        gains: What the small and the big blind each could gain per hand that way.
        values: Each player's expectation per hand: the change of its stack in big blinds
            (chips), or its prize equity after the hand (ICM).
        iterations: Rounds of fictitious play run.
        converged: Whether the tolerance was reached before the round limit.
    """

    stacks: tuple[float, float]
    blinds: tuple[float, float]
    ante: float
    payouts: tuple[float, ...] | None
    others: tuple[float, ...]
    model: Model
    shove: Range
    call: Range
    shove_chart: Chart = field(repr=False)
    call_chart: Chart = field(repr=False)
    exploitability: float
    gains: tuple[float, float]
    values: tuple[float, float]
    iterations: int
    converged: bool

    @property
    def effective_bb(self) -> float:
        """The effective stack (the smaller one, before the blinds) in big blinds."""
        return min(self.stacks) / self.blinds[1]

    @property
    def ranges(self) -> dict[str, Range]:
        """The ranges by position: ``{"SB": shove, "BB": call}``."""
        return {"SB": self.shove, "BB": self.call}

    def chart_text(self, which: Literal["shove", "call"] = "shove") -> str:
        """The chart as text: each cell the probability in percent, ``.`` for never.

        Examples:
            >>> r = push_fold([3, 3], (0.5, 1))
            >>> print(r.chart_text().splitlines()[0])
                  A   K   Q   J   T   9   8   7   6   5   4   3   2
        """
        if which not in ("shove", "call"):
            raise InvalidSpecError(f"which = {which!r} is not a chart: 'shove' or 'call'")
        return chart_text(self.shove_chart if which == "shove" else self.call_chart)


@overload
def push_fold(
    stacks: tuple[Number, Number],
    blinds: tuple[Number, Number],
    ante: Number = 0,
    payouts: Iterable[Number] | None = None,
    *,
    others: Iterable[Number] = (),
    model: Model = "harville",
    tolerance: float = 1e-4,
    max_iterations: int | None = None,
    time_limit: float | None = None,
) -> PushFoldResult: ...


@overload
def push_fold(
    stacks: Sequence[Number],
    blinds: tuple[Number, Number],
    ante: Number = 0,
    payouts: Iterable[Number] | None = None,
    *,
    others: Iterable[Number] = (),
    model: Model = "harville",
    tolerance: float = 1e-4,
    max_iterations: int | None = None,
    time_limit: float | None = None,
) -> PushFoldResult | TableEquilibrium: ...


def push_fold(
    stacks: Sequence[Number],
    blinds: tuple[Number, Number],
    ante: Number = 0,
    payouts: Iterable[Number] | None = None,
    *,
    others: Iterable[Number] = (),
    model: Model = "harville",
    tolerance: float = 1e-4,
    max_iterations: int | None = None,
    time_limit: float | None = None,
) -> PushFoldResult | TableEquilibrium:
    """The push/fold equilibrium of a spot of 2 to 10 players: heads-up, the small blind
    shoves or folds and the big blind calls or folds (a
    [`PushFoldResult`][pokerforge.icm.PushFoldResult]); at a table of 3 to 10, first-in shoves by
    position and calls against each earlier shove
    ([`push_fold_table()`][pokerforge.icm.push_fold_table]'s
    [`TableEquilibrium`][pokerforge.icm.TableEquilibrium]). Both results have ``ranges`` (the
    shoving range by position, ``"SB"`` and ``"BB"``'s call heads-up), ``exploitability`` and
    ``converged``.

    Args:
        stacks: Chips before the forced bets: heads-up, the small blind's (the button's)
            and the big blind's, each covering its blind and ante; at a table, in first-in
            order (the big blind last), each exceeding its forced bets. A 2-tuple is typed
            as heads-up.
        blinds: ``(small blind, big blind)``.
        ante: Each player's ante (0 for none).
        payouts: Prizes from first place down to value outcomes by ICM; ``None`` (the
            default) values chips.
        others: ICM only: stacks of the tournament's players outside this hand.
        model: ``"harville"`` or ``"weitzman"``.
        tolerance: Stop once exploitability is at most this many big blinds per hand (by
            ICM, big blinds' worth of prize equity at the average rate: pool x big blind
            / all chips).
        max_iterations: Stop after this many rounds at the latest (default 1,000,000
            heads-up, 100,000 at a table); ``converged`` says whether the tolerance was
            reached.
        time_limit: Stop after this many seconds at the latest, with the strategies
            reached and ``converged`` false (asked every 50 rounds heads-up, a few
            milliseconds at most; after every round at a table, see
            [`push_fold_table()`][pokerforge.icm.push_fold_table]).

    Raises:
        InvalidSpecError: Blinds, ante or options out of range, or not 2 to 10 stacks.
        InvalidStackError: A stack that cannot cover its forced bets, or a bad stack.
        InvalidPayoutError: A bad payout.

    Examples:
        >>> r = push_fold([5, 5], (0.5, 1), ante=0.1)
        >>> round(r.shove.total_weight / 1326, 2), round(r.call.total_weight / 1326, 2)
        (0.74, 0.68)
        >>> str(push_fold([20, 20], (0.5, 1)).call).split(", ")[:3]
        ['33+', 'A5+', 'A4s-A2s']
        >>> table = push_fold([12, 9, 15, 7], (0.5, 1), 0.1, [50, 30, 20])
        >>> list(table.ranges), table.converged
        (['UTG', 'BTN', 'SB'], True)
    """
    chips = push_fold_stacks(stacks)
    if len(chips) != 2:
        # A table's equilibrium (and its refusal of fewer than 2 or more than 10 stacks).
        return push_fold_table(
            chips,
            blinds,
            ante,
            payouts,
            others=others,
            model=model,
            tolerance=tolerance,
            max_iterations=max_iterations,
            time_limit=time_limit,
        )
    small, big = blind_pair(blinds)
    (ante_chips,) = numbers([ante], "ante")
    prizes = None if payouts is None else push_fold_prizes(payouts)
    outside = numbers(others, "others")
    if outside and prizes is None:
        raise InvalidSpecError("others: stacks outside the hand matter only with payouts (ICM)")
    shove, call, shove_range, call_range, exploitability, gains, values, rounds, done = (
        _core.push_fold_heads_up(
            (chips[0], chips[1]),
            small,
            big,
            ante_chips,
            prizes,
            outside,
            model,
            tolerance,
            max_iterations,
            time_limit,
        )
    )
    return PushFoldResult(
        stacks=(chips[0], chips[1]),
        blinds=(small, big),
        ante=ante_chips,
        payouts=None if prizes is None else tuple(prizes),
        others=tuple(outside),
        model=model,
        shove=shove_range,
        call=call_range,
        shove_chart=chart_of(shove),
        call_chart=chart_of(call),
        exploitability=exploitability,
        gains=gains,
        values=values,
        iterations=rounds,
        converged=done,
    )
