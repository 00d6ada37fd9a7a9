"""Push/fold at a table of 2 to 10 players: decisions in prize terms and equilibria.

Stacks are listed in the order players act first-in (the first to act, ..., the button,
the small blind, the big blind). Each player folds or shoves its whole stack while nobody
has shoved; after a shove each later player calls or folds, and the first caller makes
it heads-up (overcalls are left out of the game). The Rust core values every outcome by
exact ICM (or in chips without payouts) and every showdown exactly between hand classes
(every board, the card removal between shover and caller included).

[`decisions()`][pokerforge.icm.decisions] gives the value of shoving, calling and folding each hand
for ranges you give; [`push_fold_table()`][pokerforge.icm.push_fold_table] finds the equilibrium
ranges. Ranges are taken class by class (each class at the mean weight of its combos), which is
exact for ranges written class by class (``"QQ+, AKs"``); a hand's value is its class's. Both
report, for each position, what a best response would gain: the equilibrium's convergence measure,
and how exploitable the ranges you gave are.

Examples:
    >>> d = decisions([10, 10, 10], (0.5, 1), payouts=[50, 30, 20],
    ...               shoves={"BTN": "22+, A2+, K9+"}, calls={"BB": "QQ+, AK"})
    >>> d.positions
    ('BTN', 'SB', 'BB')
    >>> round(d.shove_ev("SB", "AhAd") - d.fold_ev("SB"), 2)      # aces: shove
    1.71
    >>> d.call_ev("BB", "BTN", "JJ") > d.fold_to_ev("BB", "BTN", "JJ")
    True
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from pokerforge import _core
from pokerforge._core import Range
from pokerforge.errors import InvalidSpecError
from pokerforge.game.positions import position_names
from pokerforge.icm.chart import Chart, chart_of, chart_text
from pokerforge.icm.model import (
    Model,
    Number,
    blind_pair,
    numbers,
    push_fold_prizes,
    push_fold_stacks,
)

__all__ = ["TableDecisions", "TableEquilibrium", "decisions", "push_fold_table", "table_positions"]

_CLASSES = 169


def table_positions(n: int) -> tuple[str, ...]:
    """The position names of a table of ``n`` players in first-in order (the order of
    the stacks): the game's names (`pokerforge.game.positions.position_names()`),
    from the first to act to the big blind.

    Examples:
        >>> table_positions(6)
        ('UTG', 'HJ', 'CO', 'BTN', 'SB', 'BB')
        >>> table_positions(3), table_positions(2)
        (('BTN', 'SB', 'BB'), ('SB', 'BB'))
    """
    if isinstance(n, bool) or not isinstance(n, int) or not 2 <= n <= 10:
        raise InvalidSpecError(f"a push/fold table seats 2 to 10 players, not {n!r}")
    if n == 2:  # heads-up the button posts the small blind
        return ("SB", "BB")
    names = position_names(n, button=0)
    return (*names[3:], *names[:3])


def _combos(index: int) -> int:
    row, col = divmod(index, 13)
    return 6 if row == col else 4 if row < col else 12


def _frequencies(hands: Range | str, what: str) -> list[float]:
    """Each class's probability in a range (a ``Range`` or its text)."""
    if isinstance(hands, str):
        hands = Range(hands)
    if not isinstance(hands, Range):
        raise TypeError(f"{what} = {hands!r} is not a range (a Range or its text)")
    return _core.class_frequencies(hands)


class _Table:
    """The spot's arguments, checked and named once for both entry points."""

    def __init__(
        self,
        stacks: Sequence[Number],
        blinds: tuple[Number, Number],
        ante: Number,
        payouts: Iterable[Number] | None,
        others: Iterable[Number],
    ) -> None:
        self.stacks = tuple(push_fold_stacks(stacks))
        self.positions = table_positions(len(self.stacks)) if 2 <= len(self.stacks) <= 10 else ()
        if not self.positions:
            raise InvalidSpecError(
                f"a push/fold spot needs 2 to 10 stacks, but {len(self.stacks)} "
                f"{'was' if len(self.stacks) == 1 else 'were'} given"
            )
        small, big = blind_pair(blinds)
        self.blinds = (small, big)
        (self.ante,) = numbers([ante], "ante")
        self.payouts = None if payouts is None else tuple(push_fold_prizes(payouts))
        self.others = tuple(numbers(others, "others"))
        if self.others and self.payouts is None:
            raise InvalidSpecError(
                "others: stacks outside the table matter only with payouts (ICM)"
            )

    def seat(self, position: str | int, what: str) -> int:
        """A position's index, from its name or its index."""
        if isinstance(position, int) and not isinstance(position, bool):
            if 0 <= position < len(self.positions):
                return position
        elif position in self.positions:
            return self.positions.index(position)
        raise InvalidSpecError(
            f"{what} = {position!r} is not a position at this table: one of "
            f"{', '.join(self.positions)} (or 0 to {len(self.positions) - 1})"
        )

    def pair(self, shover: str | int, caller: str | int) -> tuple[int, int]:
        s, c = self.seat(shover, "shover"), self.seat(caller, "caller")
        if s >= c:
            raise InvalidSpecError(
                f"{self.positions[c]} acts before {self.positions[s]}: only a later "
                "position calls a shove"
            )
        return s, c


@dataclass(frozen=True)
class TableDecisions:
    """What every decision at a push/fold table is worth for the ranges given.

    Values are prize equity by ICM (in the payouts' money), or changes of the stack in big
    blinds without payouts, each for the player deciding, after the hand.

    Attributes:
        positions: The position names, in the order of the stacks.
        values: Each position's expectation per hand with the ranges given.
        gains: What each position could add to that by a best response (0 for every
            position exactly at an equilibrium).
        reach: The chance that the action is folded to each position.
    """

    positions: tuple[str, ...]
    values: tuple[float, ...]
    gains: tuple[float, ...]
    reach: tuple[float, ...]
    _table: _Table = field(repr=False)
    _shove: list[list[float]] = field(repr=False)
    _fold: list[float] = field(repr=False)
    _call: list[list[float]] = field(repr=False)
    _fold_to: list[list[float]] = field(repr=False)

    def _mean(self, by_class: Sequence[float], hand: Range | str) -> float:
        weights = [f * _combos(i) for i, f in enumerate(_frequencies(hand, "hand"))]
        total = sum(weights)
        if total == 0:
            raise InvalidSpecError(f"hand = {str(hand)!r} holds no hand")
        return sum(w * v for w, v in zip(weights, by_class, strict=True) if w) / total

    def fold_ev(self, position: str | int) -> float:
        """The value of folding first-in (the same for every hand)."""
        return self._fold[self._table.seat(position, "position")]

    def shove_ev(self, position: str | int, hand: Range | str) -> float:
        """The value of shoving ``hand`` (a hand, a class like ``"AKs"`` or a range,
        averaged over its combos) first-in from ``position``."""
        p = self._table.seat(position, "position")
        if p == len(self.positions) - 1:
            raise InvalidSpecError("the big blind never acts first-in: all folded to it")
        return self._mean(self._shove[p], hand)

    def _facing(self, caller: str | int, shover: str | int) -> int:
        s, c = self._table.pair(shover, caller)
        at = s * len(self.positions) + c
        if all(math.isnan(v) for v in self._call[at]):
            raise InvalidSpecError(
                f"{self.positions[s]} never shoves (or is always called before "
                f"{self.positions[c]}): there is no shove for {self.positions[c]} to face"
            )
        return at

    def call_ev(self, caller: str | int, shover: str | int, hand: Range | str) -> float:
        """The value, to ``caller``, of calling ``shover``'s first-in shove with
        ``hand`` (everyone between having folded)."""
        return self._mean(self._call[self._facing(caller, shover)], hand)

    def fold_to_ev(self, caller: str | int, shover: str | int, hand: Range | str) -> float:
        """The value, to ``caller``, of folding ``hand`` to ``shover``'s shove (later
        players may still call it)."""
        return self._mean(self._fold_to[self._facing(caller, shover)], hand)

    def shove_chart(self, position: str | int) -> Chart:
        """What shoving each class first-in gains over folding, as a 13x13 chart."""
        p = self._table.seat(position, "position")
        fold = self._fold[p]
        return chart_of([v - fold for v in self._shove[p]])

    def call_chart(self, caller: str | int, shover: str | int) -> Chart:
        """What calling gains over folding for each class, as a 13x13 chart (``nan``
        for a class that cannot hold a hand beside the shover's range)."""
        at = self._facing(caller, shover)
        return chart_of([c - f for c, f in zip(self._call[at], self._fold_to[at], strict=True)])


def decisions(
    stacks: Sequence[Number],
    blinds: tuple[Number, Number],
    ante: Number = 0,
    payouts: Iterable[Number] | None = None,
    *,
    # Keys are positions (str or int) or, for calls, pairs of them; Any because a
    # Mapping's key type is invariant (a dict[str, Range] would not match a union).
    shoves: Mapping[Any, Range | str] | None = None,
    calls: Mapping[Any, Range | str] | None = None,
    others: Iterable[Number] = (),
    model: Model = "harville",
) -> TableDecisions:
    """The value of shoving, calling and folding every hand at a push/fold table, in
    prize terms by ICM (or in big blinds without payouts), for the ranges given.

    Args:
        stacks: Chips before the forced bets, in first-in order (the big blind last);
            each must exceed its blind and ante.
        blinds: ``(small blind, big blind)``.
        ante: Each player's ante.
        payouts: Prizes from first place down (ICM); ``None`` values chips.
        shoves: Each position's first-in shoving range (a position not given never
            shoves), by name (``"UTG"``, ``"BTN"``, ...) or index in ``stacks``.
        calls: Calling ranges: by caller (against any shove), or by ``(shover, caller)``
            (which wins over the caller's own entry); a position not given never calls.
        others: ICM only: stacks of the tournament's players outside this table.
        model: ``"harville"`` or ``"weitzman"``.

    Raises:
        InvalidSpecError: A bad position, blinds, ante, or not 2 to 10 stacks.
        InvalidStackError: A stack that does not exceed its forced bets, or a bad stack.
        InvalidPayoutError: A bad payout.
        InvalidRangeError: A range that does not parse.

    Examples:
        >>> d = decisions([8, 8], (0.5, 1), shoves={"SB": "22+, A2+"}, calls={"BB": "88+"})
        >>> round(d.shove_ev("SB", "KQo") - d.fold_ev("SB"), 3)   # in big blinds
        1.401
        >>> [round(v, 3) for v in d.values]                      # zero-sum in chips
        [-0.219, 0.219]
    """
    table = _Table(stacks, blinds, ante, payouts, others)
    n = len(table.positions)
    shove = [[0.0] * _CLASSES for _ in range(n)]
    for position, hands in (shoves or {}).items():
        shove[table.seat(position, "shoves")] = _frequencies(hands, f"shoves[{position!r}]")
    call = [[0.0] * _CLASSES for _ in range(n * n)]
    by_pair: dict[tuple[int, int], list[float]] = {}
    for key, hands in (calls or {}).items():
        freq = _frequencies(hands, f"calls[{key!r}]")
        if isinstance(key, tuple):
            by_pair[table.pair(*key)] = freq
        else:
            c = table.seat(key, "calls")
            for s in range(c):
                by_pair.setdefault((s, c), freq)
    for (s, c), freq in by_pair.items():
        call[s * n + c] = freq
    shove_v, fold_v, call_v, fold_to_v, players, gains, reach = _core.push_fold_values(
        list(table.stacks),
        *table.blinds,
        shove,
        call,
        table.ante,
        None if table.payouts is None else list(table.payouts),
        list(table.others),
        model,
    )
    return TableDecisions(
        positions=table.positions,
        values=tuple(players),
        gains=tuple(gains),
        reach=tuple(reach),
        _table=table,
        _shove=shove_v,
        _fold=fold_v,
        _call=call_v,
        _fold_to=fold_to_v,
    )


@dataclass(frozen=True)
class TableEquilibrium:
    """A push/fold equilibrium at a table, to the exploitability reached.

    Attributes:
        stacks: Chips before the forced bets, in first-in order.
        blinds: Small and big blind.
        ante: Each player's ante.
        payouts: The prizes (ICM), or ``None`` for chips.
        others: Stacks outside the table (ICM).
        model: The ICM model.
        positions: The position names, in the order of the stacks.
        shoves: Each position's first-in shoving range (weights are probabilities; the big
            blind has none).
        calls: ``calls[(shover, caller)]``: the caller's range against that shove.
        exploitability: The mean over the positions of what each could gain per hand by
            a best response (0 at an exact equilibrium), in prize equity by ICM, in big
            blinds in chips.
        gains: Each position's best-response gain.
        values: Each position's expectation per hand (prize equity after the hand by ICM,
            the change of its stack in big blinds in chips).
        iterations: Rounds of fictitious play run.
        converged: Whether the tolerance was reached before the round or time limit.
    """

    stacks: tuple[float, ...]
    blinds: tuple[float, float]
    ante: float
    payouts: tuple[float, ...] | None
    others: tuple[float, ...]
    model: Model
    positions: tuple[str, ...]
    shoves: dict[str, Range]
    calls: dict[tuple[str, str], Range]
    exploitability: float
    gains: tuple[float, ...]
    values: tuple[float, ...]
    iterations: int
    converged: bool
    _shove: list[list[float]] = field(repr=False)
    _call: list[list[float]] = field(repr=False)

    def chart(self, position: str, facing: str | None = None) -> Chart:
        """The shoving probabilities of ``position`` first-in, or with ``facing`` its
        calling probabilities against that position's shove, as a 13x13 chart (see
        [`pokerforge.icm.push_fold.Chart`][pokerforge.icm.push_fold.Chart])."""
        n = len(self.positions)
        if position not in self.positions:
            raise InvalidSpecError(
                f"position = {position!r} is not a position at this table: one of "
                f"{', '.join(self.positions)}"
            )
        p = self.positions.index(position)
        if facing is None:
            if p == n - 1:
                raise InvalidSpecError("the big blind never acts first-in: all folded to it")
            return chart_of(self._shove[p])
        if facing not in self.positions or self.positions.index(facing) >= p:
            raise InvalidSpecError(
                f"facing = {facing!r} is not a position acting before {position}"
            )
        return chart_of(self._call[self.positions.index(facing) * n + p])

    @property
    def ranges(self) -> dict[str, Range]:
        """The first-in shoving ranges by position (as
        [PushFoldResult.ranges][pokerforge.icm.push_fold.PushFoldResult.ranges] heads-up); calling
        ranges are in [`calls`][pokerforge.icm.TableEquilibrium.calls]."""
        return self.shoves

    def to_dict(self) -> dict[str, Any]:
        """The equilibrium as plain data (JSON-ready): positions, ranges as text, charts
        as lists (calling charts keyed ``"CALLER v SHOVER"``), values and convergence.

        Examples:
            >>> d = push_fold_table([10, 10, 10], (0.5, 1)).to_dict()
            >>> d["positions"], d["unit"], sorted(d["call_charts"])[0]
            (['BTN', 'SB', 'BB'], 'bb', 'BB v BTN')
        """
        return {
            "positions": list(self.positions),
            "shoves": {p: str(rng) for p, rng in self.shoves.items()},
            "calls": [
                {"shover": s, "caller": c, "range": str(rng)} for (s, c), rng in self.calls.items()
            ],
            "shove_charts": {p: [list(row) for row in self.chart(p)] for p in self.shoves},
            "call_charts": {
                f"{c} v {s}": [list(row) for row in self.chart(c, s)] for s, c in self.calls
            },
            "values": list(self.values),
            "gains": list(self.gains),
            "exploitability": self.exploitability,
            "unit": "bb" if self.payouts is None else "prize",
            "iterations": self.iterations,
            "converged": self.converged,
        }

    def chart_text(self, position: str, facing: str | None = None) -> str:
        """The chart as text: each cell the probability in percent, ``.`` for never.

        Examples:
            >>> r = push_fold_table([10, 10, 10], (0.5, 1))
            >>> print(r.chart_text("BTN").splitlines()[1][:19])
            A   100 100 100 100
        """
        return chart_text(self.chart(position, facing))


def push_fold_table(
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
) -> TableEquilibrium:
    """The push/fold equilibrium of a table of 2 to 10 players: first-in shoving ranges
    by position and calling ranges by position against each earlier shove, by ICM at the
    end of a tournament (or in chips without payouts).

    Args:
        stacks: Chips before the forced bets, in first-in order (the big blind last).
        blinds: ``(small blind, big blind)``.
        ante: Each player's ante.
        payouts: Prizes from first place down (ICM); ``None`` values chips.
        others: ICM only: stacks of the tournament's players outside this table.
        model: ``"harville"`` or ``"weitzman"``.
        tolerance: Stop once exploitability is at most this many big blinds per hand (by
            ICM, big blinds' worth of prize equity at the average rate: pool x big blind
            / all chips).
        max_iterations: Stop after this many rounds at the latest (default 100,000);
            ``converged`` says whether the tolerance was reached.
        time_limit: Stop after this many seconds at the latest (the clock is read after
            every round, a few milliseconds at ten players; default: no limit).

    Raises:
        InvalidSpecError: Blinds, ante or options out of range, or not 2 to 10 stacks.
        InvalidStackError: A stack that does not exceed its forced bets, or a bad stack.
        InvalidPayoutError: A bad payout.

    Examples:
        >>> r = push_fold_table([12, 9, 15, 7], (0.5, 1), 0.1, [50, 30, 20])
        >>> r.positions, r.converged
        (('UTG', 'BTN', 'SB', 'BB'), True)
        >>> r.shoves["UTG"].weight("AhAd"), r.shoves["UTG"].weight("7h2c")
        (1.0, 0.0)
        >>> r.calls[("UTG", "BB")].weight("KhKd")
        1.0
    """
    table = _Table(stacks, blinds, ante, payouts, others)
    shove, call, values, exploitability, rounds, done = _core.push_fold_table(
        list(table.stacks),
        *table.blinds,
        table.ante,
        None if table.payouts is None else list(table.payouts),
        list(table.others),
        model,
        tolerance,
        max_iterations,
        time_limit,
    )
    names = table.positions
    n = len(names)
    return TableEquilibrium(
        stacks=table.stacks,
        blinds=table.blinds,
        ante=table.ante,
        payouts=table.payouts,
        others=table.others,
        model=model,
        positions=names,
        shoves={names[p]: _core.range_of_frequencies(shove[p]) for p in range(n - 1)},
        calls={
            (names[s], names[c]): _core.range_of_frequencies(call[s * n + c])
            for s in range(n)
            for c in range(s + 1, n)
        },
        exploitability=exploitability,
        gains=tuple(values[5]),
        values=tuple(values[4]),
        iterations=rounds,
        converged=done,
        _shove=shove,
        _call=call,
    )
