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
from typing import Literal

from pokerforge import _core
from pokerforge._core import Range
from pokerforge.errors import InvalidSpecError
from pokerforge.icm.model import Model, Number, numbers

__all__ = ["RANKS", "Chart", "PushFoldResult", "chart_class", "chart_text", "push_fold"]

RANKS = "AKQJT98765432"
"""The ranks of a chart's rows and columns, from the top."""

Chart = tuple[tuple[float, ...], ...]
"""13 rows of 13 probabilities: pairs on the diagonal, suited hands above it (row ``A``,
column ``K`` is ``AKs``), offsuit hands below it (row ``K``, column ``A`` is ``AKo``)."""


def chart_class(row: int, col: int) -> str:
    """The starting-hand class in a chart's cell.

    Examples:
        >>> chart_class(0, 0), chart_class(0, 1), chart_class(1, 0), chart_class(12, 11)
        ('AA', 'AKs', 'AKo', '32o')
    """
    if row == col:
        return RANKS[row] * 2
    high, low = min(row, col), max(row, col)
    return f"{RANKS[high]}{RANKS[low]}{'s' if row < col else 'o'}"


def chart_text(chart: Chart) -> str:
    """A chart of probabilities as text: each cell in percent, ``.`` for never.

    Examples:
        >>> chart = tuple(tuple(1.0 if r == c else 0.0 for c in range(13)) for r in range(13))
        >>> print(chart_text(chart).splitlines()[2])
        K     . 100   .   .   .   .   .   .   .   .   .   .   .
    """
    lines = ["   " + "".join(f"{r:>4}" for r in RANKS)]
    for rank, row in zip(RANKS, chart, strict=True):
        cells = "".join(f"{round(p * 100):>4}" if p > 0 else "   ." for p in row)
        lines.append(f"{rank}  {cells}")
    return "\n".join(lines)


def _chart(by_class: Sequence[float]) -> Chart:
    return tuple(tuple(by_class[13 * row : 13 * row + 13]) for row in range(13))


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
        shove_chart: The shoving probabilities as a 13x13 chart (see :data:`Chart`).
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
) -> PushFoldResult:
    """The push/fold equilibrium of a heads-up spot: small blind shoves or folds, big blind
    calls or folds.

    Args:
        stacks: The small blind's (the button's) and the big blind's chips before the
            forced bets; each must cover its blind and ante. Only heads-up spots (two
            stacks) are solved.
        blinds: ``(small blind, big blind)``.
        ante: Each player's ante (0 for none).
        payouts: Prizes from first place down to value outcomes by ICM; ``None`` (the
            default) values chips.
        others: ICM only: stacks of the tournament's players outside this hand.
        model: ``"harville"`` or ``"weitzman"``.
        tolerance: Stop once exploitability is at most this many big blinds per hand (by
            ICM, big blinds' worth of prize equity at the average rate: pool x big blind
            / all chips).
        max_iterations: Stop after this many rounds at the latest (default 1,000,000);
            ``converged`` says whether the tolerance was reached.

    Raises:
        InvalidSpecError: Blinds, ante or options out of range, or not two stacks.
        InvalidStackError: A stack that cannot cover its forced bets, or a bad stack.
        InvalidPayoutError: A bad payout.

    Examples:
        >>> r = push_fold([5, 5], (0.5, 1), ante=0.1)
        >>> round(r.shove.total_weight / 1326, 2), round(r.call.total_weight / 1326, 2)
        (0.74, 0.68)
        >>> str(push_fold([20, 20], (0.5, 1)).call).split(", ")[:3]
        ['33+', 'A5+', 'A4s-A2s']
    """
    chips = numbers(stacks, "stacks")
    if len(chips) != 2:
        raise InvalidSpecError(
            f"push_fold solves heads-up spots: 2 stacks (small blind, big blind), "
            f"but {len(chips)} were given (push_fold_table solves tables of 2 to 10)"
        )
    small, big = numbers(blinds, "blinds")
    (ante_chips,) = numbers([ante], "ante")
    prizes = None if payouts is None else numbers(payouts, "payouts")
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
        shove_chart=_chart(shove),
        call_chart=_chart(call),
        exploitability=exploitability,
        gains=gains,
        values=values,
        iterations=rounds,
        converged=done,
    )
