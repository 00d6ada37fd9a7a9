"""Flop reports: one spot solved on many flops, in this process, on local processes or on
Dask, with one row of aggregates per flop.

Flops that differ only by a renaming of suits play alike: of the 22,100 flops, 1,755 are
strategically different ([`strategic_flops()`][pokerforge.solver.flops.strategic_flops], each with
the number of flops it stands for). Each flop is one chunk of work for `pokerforge.sim.backends`
(the simulations'
executor: local processes or a Dask ``LocalCluster`` or scheduler), solved on one thread
so that the workers share the machine's cores; a flop's row does not depend on where it
was solved, so the table is the same for any number of workers.

Each row gives, for the out-of-position player at the root and the in-position player
facing a check: how often the range takes each action and bets in all (a bet or an
all-in), with both players' expected chips per deal and the out-of-position range's
equity at the root.

Examples:
    >>> len(strategic_flops())
    1755
    >>> strategic_flops()[:3]
    [('2h2d2c', 4), ('3c2d2c', 12), ('3c2h2d', 12)]
    >>> report = flop_report(ranges=["AA, KK, QQ", "JJ-99, AK"], pot=100, stack=100,
    ...                      flops=["AhKd2c", "7s6s5s"], bets="50%", raises="")
    >>> [row["flop"] for row in report.rows]
    ['AhKd2c', '7s6s5s']
    >>> report.columns()[:6]
    ['flop', 'weight', 'iterations', 'exploitability', 'ev_oop', 'ev_ip']
"""

from __future__ import annotations

import functools
import itertools
import os
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from pokerforge._core import CardSet
from pokerforge.errors import InvalidSpecError, OutputError
from pokerforge.sim.backends import RunOptions
from pokerforge.solver.game import Sizes, estimate, solve

__all__ = ["FlopReport", "flop_report", "strategic_flops"]

_RANKS = "23456789TJQKA"
_SUITS = "cdhs"


def _card(index: int) -> str:
    return _RANKS[index // 4] + _SUITS[index % 4]


@functools.cache
def strategic_flops() -> list[tuple[str, int]]:
    """The 1,755 strategically different flops, each as one of its spellings (the one
    whose card indices, high to low, are smallest) with the number of the 22,100 flops it
    stands for (weights that add up to 22,100)."""
    counts: dict[tuple[int, ...], int] = {}
    for flop in itertools.combinations(range(52), 3):
        canonical = min(
            tuple(sorted(((c & ~3) | perm[c & 3] for c in flop), reverse=True))
            for perm in itertools.permutations(range(4))
        )
        counts[canonical] = counts.get(canonical, 0) + 1
    return [("".join(_card(c) for c in flop), n) for flop, n in sorted(counts.items())]


@dataclass(frozen=True)
class _Job:
    """What each chunk solves: the spot without its board, and the flops."""

    flops: tuple[str, ...]
    weights: tuple[int, ...]
    spot: dict[str, Any] = field(hash=False)


def _bet_share(totals: dict[str, float]) -> float:
    return sum(f for a, f in totals.items() if a[0] in "bra")


def _solve_flop(job: _Job, k: int) -> dict[str, Any]:
    """The row of flop ``k``: solved on one thread."""
    flop = job.flops[k]
    game = solve(board=flop, threads=1, **job.spot)
    oop = game.strategy(game.root)
    ip_node = game.root.play("x")
    ip = game.strategy(ip_node)
    ev_oop, ev_ip = game.values
    row: dict[str, Any] = {
        "flop": flop,
        "weight": job.weights[k],
        "iterations": game.iterations,
        "exploitability": game.exploitability,
        "ev_oop": ev_oop,
        "ev_ip": ev_ip,
        "equity_oop": game.equity(game.root, 0).mean,
        "bet_oop": _bet_share(oop.totals),
        "bet_ip": _bet_share(ip.totals),
    }
    row |= {f"oop_{a}": f for a, f in oop.totals.items()}
    row |= {f"ip_{a}": f for a, f in ip.totals.items()}
    return row


@dataclass
class FlopReport:
    """The rows of a flop report, in the order of its flops.

    Attributes:
        rows: One dict per flop: ``flop``, ``weight`` (the flops it stands for),
            ``iterations``, ``exploitability`` (share of the pot), ``ev_oop`` and
            ``ev_ip`` (expected chips per deal from the start of the spot), ``equity_oop``
            (the out-of-position range's equity at the root), ``bet_oop`` and ``bet_ip``
            (how often each player bets: out of position first, in position when checked
            to) and one column per action of those two decisions (``oop_x``,
            ``oop_b50``, ``ip_x``, ...).
        seconds: Seconds the report took.
        workers: The workers it ran on.
    """

    rows: list[dict[str, Any]]
    seconds: float = 0.0
    workers: int = 1

    def columns(self) -> list[str]:
        """The column names, in order (action columns as they first appear)."""
        names: list[str] = []
        for row in self.rows:
            names += [name for name in row if name not in names]
        return names

    def table(self) -> Any:
        """The rows as a ``pyarrow.Table`` (a missing action is 0: the action was not
        offered on that flop)."""
        from pokerforge.sim.output import pyarrow_modules  # noqa: PLC0415

        pa, _ = pyarrow_modules()
        names = self.columns()
        data = {n: [row.get(n, 0.0) for row in self.rows] for n in names}
        return pa.table(data)

    def to_parquet(self, path: str | os.PathLike[str]) -> None:
        """Writes the table to a Parquet file.

        Raises:
            OutputError: The file cannot be written.
        """
        from pokerforge.sim.output import pyarrow_modules  # noqa: PLC0415

        _, pq = pyarrow_modules()
        try:
            pq.write_table(self.table(), str(path))
        except OSError as err:
            raise OutputError(f"cannot write {str(path)!r}: {err.strerror or err}") from None

    def chart(self, path: str | os.PathLike[str]) -> None:
        """Draws each player's bet frequency and the out-of-position EV by flop (sorted by
        the out-of-position bet frequency) to an image file (needs matplotlib).

        Raises:
            InvalidSpecError: matplotlib is not installed.
            OutputError: The file cannot be written.
        """
        try:
            import matplotlib as mpl  # noqa: PLC0415

            mpl.use("Agg")
            import matplotlib.pyplot as plt  # noqa: PLC0415
        except ImportError:
            raise InvalidSpecError("a chart needs matplotlib: pip install matplotlib") from None
        rows = sorted(self.rows, key=lambda r: r["bet_oop"])
        x = range(len(rows))
        fig, (top, bottom) = plt.subplots(2, 1, figsize=(max(6.0, len(rows) * 0.12), 6))
        top.plot(x, [r["bet_oop"] for r in rows], label="out of position bets")
        top.plot(x, [r["bet_ip"] for r in rows], label="in position bets when checked to")
        top.set_ylabel("frequency")
        top.legend()
        bottom.bar(x, [r["ev_oop"] for r in rows])
        bottom.set_ylabel("out of position EV (chips)")
        if len(rows) <= 60:
            bottom.set_xticks(list(x), [r["flop"] for r in rows], rotation=90, fontsize=6)
        fig.tight_layout()
        try:
            fig.savefig(str(path))
        except OSError as err:
            raise OutputError(f"cannot write {str(path)!r}: {err.strerror or err}") from None
        finally:
            plt.close(fig)


def flop_report(
    *,
    ranges: Sequence[str],
    pot: int,
    stack: int,
    flops: Sequence[str] | None = None,
    bets: Sizes = "50%, a",
    raises: Sizes = "2.5x",
    target: float = 0.005,
    max_iterations: int = 1000,
    time_limit: float | None = None,
    rake: float = 0.0,
    rake_cap: float | None = None,
    compressed: bool = False,
    memory_limit: int = 4 << 30,
    workers: int = 1,
    backend: str | None = None,
    scheduler: str | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> FlopReport:
    """Solves the spot on each flop and returns one row per flop
    ([`FlopReport`][pokerforge.solver.flops.FlopReport]).

    Args:
        ranges: The two ranges (out of position first), as range text.
        pot: The pot at the start, in chips.
        stack: The effective stack, in chips.
        flops: The flops (``"AhKd2c"``); default: the 1,755 of
            [`strategic_flops()`][pokerforge.solver.flops.strategic_flops]. A flop given by hand
            stands for itself (weight 1).
        bets: Bet sizes, as [`pokerforge.solver.solve()`][pokerforge.solver.solve] takes them.
        raises: Raise sizes.
        target: Each flop's target exploitability, a share of the pot.
        max_iterations: Each flop's iteration budget.
        time_limit: Each flop's time budget in seconds.
        rake: The rake's share of each pot.
        rake_cap: The most rake a pot pays.
        compressed: 16-bit storage for each game.
        memory_limit: Each game's memory bound in bytes.
        workers: Processes (or Dask workers) solving flops side by side.
        backend: ``"inline"``, ``"processes"`` or ``"dask"`` (default: Dask with a
            scheduler, processes with more than one worker, inline otherwise).
        scheduler: The address of a Dask scheduler to run on.
        progress: Called with ``(flops done, flops)`` as flops finish.

    Raises:
        InvalidSpecError: An empty list of flops, or anything [`solve()`][pokerforge.solver.solve]
            refuses (checked on the first flop before any worker starts).
        SimBackendError: A backend that cannot start (Dask not installed, a scheduler
            that cannot be reached).
    """
    if flops is None:
        chosen = strategic_flops()
        names, weights = tuple(f for f, _ in chosen), tuple(n for _, n in chosen)
    else:
        names = tuple("".join(str(f).split()) for f in flops)
        weights = (1,) * len(names)
    if not names:
        raise InvalidSpecError("flops is empty: give at least one flop, or None for all")
    spot: dict[str, Any] = {
        "ranges": list(ranges), "pot": pot, "stack": stack, "bets": bets, "raises": raises,
        "target": target, "max_iterations": max_iterations, "time_limit": time_limit,
        "rake": rake, "rake_cap": rake_cap, "compressed": compressed,
        "memory_limit": memory_limit,
    }  # fmt: skip
    job = _Job(names, weights, spot)
    # Bad input fails here, by name, before any worker starts: each flop's cards, and the
    # spot's tree on the first flop (built without its storage).
    for flop in names:
        if len(CardSet(flop)) != 3:
            raise InvalidSpecError(f"{flop!r} is not a flop: expected 3 cards")
    estimate(ranges=list(ranges), board=names[0], pot=pot, stack=stack, bets=bets, raises=raises)
    options = RunOptions(workers=workers, backend=backend, scheduler=scheduler)
    start = time.perf_counter()
    rows: dict[int, dict[str, Any]] = {}
    with options.executor() as executor:
        for k, row in executor.map(_solve_flop, job, len(names)):
            rows[k] = row
            if progress is not None:
                progress(len(rows), len(names))
        used = executor.workers
    return FlopReport([rows[k] for k in range(len(names))], time.perf_counter() - start, used)
