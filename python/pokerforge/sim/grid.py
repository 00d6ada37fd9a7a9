"""Exact equity grids, computed in chunks on the simulation backends.

* [`preflop_grid()`][pokerforge.sim.preflop_grid]: every starting-hand class against every other,
heads-up before the
  flop, exact: cell ``(a, b)`` is the equity of class ``a`` against class ``b`` over every
  pair of their hands that share no card (each pair counted once) and every board. Each
  cell is one exact [`equity()`][pokerforge.equity] call of class against class, which the core
  enumerates by suit-isomorphic deal (``AKs`` against ``QQ`` is a handful of distinct
  matchups, not 24 deals times 1.7 million boards). Only cells on and above the diagonal
  are computed; the others follow from ``equity(b, a) = 1 - equity(a, b)``.
* [`range_grid()`][pokerforge.sim.range_grid]: each hand of one range against each hand of another
on a given board
  (``NaN`` where the two hands share a card), exact;
  [`Grid.vs_range()`][pokerforge.sim.Grid.vs_range] turns a row into that hand's exact equity
  against the whole range, card removal included.

Grids save as CSV (the matrix, one row per row hand) or Parquet (one row per cell), and
draw as a heatmap PNG with matplotlib.

Examples:
    >>> CLASSES[:4], CLASSES[-1], len(CLASSES)
    (('AA', 'AKs', 'AKo', 'AQs'), '22', 169)
    >>> grid = preflop_grid(classes=["AA", "KK", "AKs"])
    >>> round(grid.equity("AA", "KK"), 4), round(grid.equity("KK", "AA"), 4)
    (0.8195, 0.1805)
    >>> grid = range_grid("AhKh, QsQd", "JJ", board="2c7d9h")
    >>> grid.rows, len(grid.cols), round(grid.vs_range()["QsQd"], 4)
    (('QsQd', 'AhKh'), 6, 0.9)
"""

from __future__ import annotations

import csv
import dataclasses
import functools
import math
import os
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from pokerforge.cards import CardSet
from pokerforge.equity import Range, equity
from pokerforge.errors import InvalidRangeError, InvalidSpecError, TimeLimitError
from pokerforge.extras import require
from pokerforge.sim.backends import RunOptions

__all__ = ["CLASSES", "Grid", "preflop_grid", "range_grid"]

_RANKS = "23456789TJQKA"


def _classes() -> tuple[str, ...]:
    names = []
    for high in range(12, -1, -1):
        names.append(_RANKS[high] * 2)
        for low in range(high - 1, -1, -1):
            names += [_RANKS[high] + _RANKS[low] + "s", _RANKS[high] + _RANKS[low] + "o"]
    return tuple(names)


CLASSES: tuple[str, ...] = _classes()
"""The 169 starting-hand classes by the higher rank, then the lower, suited before offsuit:
``AA, AKs, AKo, AQs, ..., A2o, KK, KQs, ..., 32s, 32o, 22``."""


@dataclass(frozen=True)
class _GridJob:
    """What a worker needs to compute any chunk of a grid (it pickles)."""

    rows: tuple[str, ...]
    cols: tuple[str, ...]
    board: str
    dead: str
    symmetric: bool
    chunk_size: int
    classes: bool = False
    # When the grid must stop, as time.time() counts (a clock the workers share). Not part
    # of the job's identity: the cells listed once (cached by job) serve it too.
    deadline: float | None = field(default=None, compare=False)

    def cells(self) -> _Cells:
        """Every cell to compute, in a fixed order (the upper triangle when symmetric)."""
        return _cells(self)

    @property
    def chunks(self) -> int:
        return -(-len(self.cells()) // self.chunk_size)


class _Cells:
    """The cells of a grid as two arrays of row and column indices (a list of 1.6 million
    pairs took a good part of a second to make, all of it before a time limit could be
    asked); a slice is the pairs of a chunk."""

    def __init__(self, rows: npt.NDArray[np.intp], cols: npt.NDArray[np.intp]) -> None:
        self.rows, self.cols = rows, cols

    def __len__(self) -> int:
        return len(self.rows)

    def __getitem__(self, part: slice) -> list[tuple[int, int]]:
        return list(zip(self.rows[part].tolist(), self.cols[part].tolist(), strict=True))


@functools.lru_cache(maxsize=4)  # each worker lists a job's cells once, not once per chunk
def _cells(job: _GridJob) -> _Cells:
    n_rows, n_cols = len(job.rows), len(job.cols)
    if job.symmetric:
        i, j = np.triu_indices(n_rows)
        return _Cells(i, j)
    if job.classes:  # any two classes have hands that share no card
        i, j = np.indices((n_rows, n_cols)).reshape(2, -1)
        return _Cells(i, j)
    rows = np.array([CardSet(text).mask for text in job.rows], dtype=np.uint64)
    cols = np.array([CardSet(text).mask for text in job.cols], dtype=np.uint64)
    i, j = np.nonzero((rows[:, None] & cols[None, :]) == 0)
    return _Cells(i, j)


def _grid_chunk(job: _GridJob, chunk: int) -> list[tuple[int, int, float]]:
    cells = job.cells()[chunk * job.chunk_size : (chunk + 1) * job.chunk_size]
    board, dead = job.board or None, job.dead or None
    out = []
    for i, j in cells:
        if job.deadline is not None and time.time() >= job.deadline:
            raise TimeLimitError(f"the time limit passed in chunk {chunk}")
        result = equity([job.rows[i], job.cols[j]], board, dead, method="exact", threads=1)
        out.append((i, j, result.players[0].equity))
    return out


@dataclass(frozen=True, eq=False)
class Grid:
    """An equity grid: ``values[i, j]`` is the equity of ``rows[i]`` against ``cols[j]``.

    Attributes:
        rows: The row hands (classes or two-card hands).
        cols: The column hands.
        values: ``float64`` array of shape ``(len(rows), len(cols))``; ``NaN`` where the
            two hands share a card.
        board: The board (empty before the flop).
        dead: Cards out of play.
        col_weights: The range weight of each column hand (1 for classes).
        seconds: Wall time (not compared).
        backend: The backend used (not compared).
        workers: Workers used (not compared).
    """

    rows: tuple[str, ...]
    cols: tuple[str, ...]
    values: npt.NDArray[np.float64]
    board: str = ""
    dead: str = ""
    col_weights: tuple[float, ...] = ()
    seconds: float = field(default=0.0, compare=False)
    backend: str = field(default="inline", compare=False)
    workers: int = field(default=1, compare=False)

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Grid)
            and (self.rows, self.cols, self.board, self.dead, self.col_weights)
            == (other.rows, other.cols, other.board, other.dead, other.col_weights)
            and bool(np.array_equal(self.values, other.values, equal_nan=True))
        )

    __hash__ = None  # type: ignore[assignment]

    def equity(self, row: str, col: str) -> float:
        """The equity of ``row`` against ``col`` (as named in [`rows`][pokerforge.sim.Grid.rows] /
        [`cols`][pokerforge.sim.Grid.cols]).

        Raises:
            InvalidRangeError: A name that is not a row or column.
        """
        for name, names in ((row, self.rows), (col, self.cols)):
            if name not in names:
                raise InvalidRangeError(f"{name!r} is not a hand of this grid")
        return float(self.values[self.rows.index(row), self.cols.index(col)])

    def vs_range(self) -> dict[str, float]:
        """Each row hand's equity against the columns as one range: the mean over the
        column hands it shares no card with, weighted by their range weights (``NaN`` for
        a row hand that shares a card with every column hand: it meets none of them)."""
        weights = np.asarray(self.col_weights or [1.0] * len(self.cols), dtype=np.float64)
        out = {}
        for name, row in zip(self.rows, self.values, strict=True):
            live = ~np.isnan(row)
            total = float(weights[live].sum())
            out[name] = float((row[live] * weights[live]).sum() / total) if total else math.nan
        return out

    def save(self, path: str | os.PathLike[str]) -> None:
        """Writes the grid: ``.parquet`` one row per cell (``row``, ``col``, ``equity``;
        cells of hands sharing a card left out), ``.csv`` the matrix, the row
        hand first, empty where hands share a card.

        Raises:
            InvalidSpecError: Any other ending.
        """
        where = Path(path)
        if where.suffix == ".parquet":
            self._save_parquet(where)
            return
        if where.suffix.lower() != ".csv":
            # A name ending .xyz (or .json) once got CSV without a word.
            raise InvalidSpecError(
                f"cannot tell the format of {str(where)!r} from its ending "
                f"{where.suffix!r}: expected .csv or .parquet"
            )
        with open(where, "w", encoding="utf-8", newline="") as file:
            writer = csv.writer(file)
            writer.writerow(["hand", *self.cols])
            for name, row in zip(self.rows, self.values, strict=True):
                writer.writerow([name, *("" if math.isnan(v) else f"{v:.10g}" for v in row)])

    def _save_parquet(self, where: Path) -> None:
        from pokerforge.sim.output import pyarrow_modules  # noqa: PLC0415

        pa, pq = pyarrow_modules()
        i, j = np.nonzero(~np.isnan(self.values))
        table = pa.table(
            {
                "row": pa.array([self.rows[k] for k in i], pa.string()),
                "col": pa.array([self.cols[k] for k in j], pa.string()),
                "equity": pa.array(self.values[i, j], pa.float64()),
            }
        )
        table = table.replace_schema_metadata({"board": self.board, "dead": self.dead})
        pq.write_table(table, where)

    def heatmap(self, path: str | os.PathLike[str], *, title: str | None = None) -> None:
        """Draws the grid as a heatmap PNG (needs matplotlib, in the ``dask`` extra)."""
        figure: Any = require("matplotlib.figure", "dask", "a heatmap")
        n_rows, n_cols = self.values.shape
        side = min(16.0, 4.0 + max(n_rows, n_cols) * 0.07)
        fig = figure.Figure(figsize=(side + 1.5, side))
        ax = fig.subplots()
        image = ax.imshow(
            np.ma.masked_invalid(self.values), cmap="RdYlGn", vmin=0.0, vmax=1.0,
            interpolation="nearest",
        )  # fmt: skip
        fig.colorbar(image, ax=ax, fraction=0.04, label="equity of the row hand")
        font = max(2.5, min(9.0, 500 / max(n_rows, n_cols, 1)))
        if max(n_rows, n_cols) <= 200:
            ax.set_yticks(range(n_rows), self.rows, fontsize=font)
            ax.set_xticks(range(n_cols), self.cols, fontsize=font)
        ax.tick_params(axis="x", labelrotation=90)
        ax.set_title(title or f"Equity, row against column{self._board_text()}")
        fig.tight_layout()
        fig.savefig(path, dpi=150)

    def _board_text(self) -> str:
        return f", board {self.board}" if self.board else " (pre-flop)"


def _run_grid(
    job: _GridJob, options: RunOptions, time_limit: float | None = None
) -> tuple[npt.NDArray[np.float64], str, int, float]:
    if time_limit is not None:
        if not 0 < time_limit < math.inf:
            raise InvalidSpecError(
                f"time_limit = {time_limit!r} is not allowed: expected seconds above 0"
            )
        job = dataclasses.replace(job, deadline=time.time() + time_limit)
    executor = options.executor()
    start = time.perf_counter()
    values = np.full((len(job.rows), len(job.cols)), np.nan)
    total = len(job.cells())
    done = 0
    try:
        with executor:
            for _, cells in executor.map(_grid_chunk, job, job.chunks):
                for i, j, value in cells:
                    values[i, j] = value
                    if job.symmetric:
                        values[j, i] = 1.0 - value if i != j else value
                done += len(cells)
                options.report(done, total)
            used = executor.workers
    except TimeLimitError:
        err = TimeLimitError(
            f"the grid did not finish within the time limit of {time_limit:g} s: "
            f"{done:,} of {total:,} cells computed"
        )
        err.location = "time_limit"
        raise err from None
    return values, executor.backend, used, time.perf_counter() - start


def _class_names(given: Iterable[str]) -> tuple[str, ...]:
    names = tuple(given)
    for name in names:
        if name not in CLASSES:
            raise InvalidRangeError(
                f"{name!r} is not a starting-hand class: expected one like AA, AKs or AKo"
            )
    if len(set(names)) != len(names) or not names:
        raise InvalidRangeError("the classes must be given once each, and at least one")
    return names


def preflop_grid(
    classes: Iterable[str] | None = None,
    *,
    against: Iterable[str] | None = None,
    workers: int = 1,
    scheduler: str | None = None,
    backend: str | None = None,
    chunk_size: int = 128,
    progress: Callable[[int, int], None] | None = None,
    timeout: float = 5.0,
    time_limit: float | None = None,
) -> Grid:
    """The exact pre-flop equity of each starting-hand class against each other.

    Args:
        classes: The row classes (default all 169, in `CLASSES` order).
        against: The column classes (default: the same as the rows, and then only the
            upper triangle is computed).
        workers: Worker processes (as for [`pokerforge.sim.run()`][pokerforge.sim.run]).
        scheduler: A Dask scheduler address (as for [`pokerforge.sim.run()`][pokerforge.sim.run]).
        backend: ``"inline"``, ``"processes"`` or ``"dask"`` (as for
            [`pokerforge.sim.run()`][pokerforge.sim.run]).
        progress: Called with (chunks done, chunks in all) as chunks finish.
        timeout: Seconds to wait for a Dask scheduler.
        chunk_size: Cells per chunk.
        time_limit: Seconds the grid may take, asked before each cell (a millisecond or
            so); past it the workers stop and [`TimeLimitError`][pokerforge.errors.TimeLimitError]
            says how many cells were computed.

    Raises:
        InvalidRangeError: A name that is not a starting-hand class.
        TimeLimitError: The grid passed ``time_limit``.
    """
    rows = _class_names(CLASSES if classes is None else classes)
    cols = rows if against is None else _class_names(against)
    _check_chunk_size(chunk_size)
    job = _GridJob(rows, cols, "", "", against is None, chunk_size, classes=True)
    options = RunOptions(workers, scheduler, backend, timeout, progress)
    values, kind, used, seconds = _run_grid(job, options, time_limit)
    return Grid(rows, cols, values, seconds=seconds, backend=kind, workers=used)


def _hands(text: str | Range, gone: CardSet) -> tuple[tuple[str, ...], tuple[float, ...]]:
    rng = Range(text) if isinstance(text, str) else text
    combos = rng.without(gone).combos
    if not combos:
        raise InvalidRangeError(f"the range {str(rng)!r} has no hand left beside the board")
    return tuple(str(c) for c, _ in combos), tuple(w for _, w in combos)


def range_grid(
    rows: str | Range,
    cols: str | Range,
    *,
    board: str | Sequence[str] | None = None,
    dead: str | Sequence[str] | None = None,
    workers: int = 1,
    scheduler: str | None = None,
    backend: str | None = None,
    chunk_size: int = 256,
    progress: Callable[[int, int], None] | None = None,
    timeout: float = 5.0,
    time_limit: float | None = None,
) -> Grid:
    """Each hand of range ``rows`` against each hand of range ``cols``, exact.

    Args:
        rows: A Hold'em range (``"QQ+, AKs"``; a single hand is a range of one).
        cols: The opposing range, in the same form.
        board: 0, 3, 4 or 5 board cards. Before the flop each cell enumerates 1.7
            million boards (about a millisecond); on the flop, 990.
        dead: Cards out of play.
        workers: Worker processes (as for [`pokerforge.sim.run()`][pokerforge.sim.run]).
        scheduler: A Dask scheduler address (as for [`pokerforge.sim.run()`][pokerforge.sim.run]).
        backend: ``"inline"``, ``"processes"`` or ``"dask"`` (as for
            [`pokerforge.sim.run()`][pokerforge.sim.run]).
        progress: Called with (chunks done, chunks in all) as chunks finish.
        timeout: Seconds to wait for a Dask scheduler.
        chunk_size: Cells per chunk.
        time_limit: Seconds the grid may take, asked before each cell (a millisecond or
            so); past it the workers stop and [`TimeLimitError`][pokerforge.errors.TimeLimitError]
            says how many cells were computed.

    Raises:
        InvalidRangeError: A range that does not parse or has no hand left.
        InvalidCardError, DuplicateCardError, CardCountError: A bad board or dead cards.
        TimeLimitError: The grid passed ``time_limit``.
    """
    board_set, dead_set = CardSet(board or ""), CardSet(dead or "")
    # Let the core check the board (size, clashes) once, with a hand that cannot clash.
    equity(["random", "random"], board_set or None, dead_set or None, method="monte-carlo",
           samples=1, seed=0)  # fmt: skip
    row_hands, _ = _hands(rows, board_set | dead_set)
    col_hands, col_weights = _hands(cols, board_set | dead_set)
    _check_chunk_size(chunk_size)
    job = _GridJob(row_hands, col_hands, str(board_set), str(dead_set), False, chunk_size)
    options = RunOptions(workers, scheduler, backend, timeout, progress)
    values, kind, used, seconds = _run_grid(job, options, time_limit)
    return Grid(
        row_hands, col_hands, values, board=job.board, dead=job.dead, col_weights=col_weights,
        seconds=seconds, backend=kind, workers=used,
    )  # fmt: skip


def _check_chunk_size(chunk_size: int) -> None:
    if isinstance(chunk_size, bool) or not isinstance(chunk_size, int) or chunk_size < 1:
        raise InvalidSpecError(f"chunk_size must be at least 1, not {chunk_size!r}")
