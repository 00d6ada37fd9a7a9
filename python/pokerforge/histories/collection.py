"""Collections of hand histories: directories of ``.phh``/``.phhs`` files, on several cores.

[`phh_files()`][pokerforge.histories.phh_files] finds the files under directories;
[`read_many()`][pokerforge.histories.read_many] streams the hands of many files in this process;
[`summarize()`][pokerforge.histories.summarize] replays every file and gathers
[`Stats`][pokerforge.histories.stats.Stats], one task per file, on one of the simulator's
backends (`pokerforge.sim.backends.Executor`): ``"inline"`` (this process),
``"processes"`` (local worker processes) or ``"dask"`` (a Dask cluster: a scheduler's
address, or a ``LocalCluster`` started for the run), or on any
[`Executor`][pokerforge.histories.Executor]. The result is the same on every backend and for every
number of workers: files are added up in the order given.

Examples:
    >>> import tempfile
    >>> from pathlib import Path
    >>> from pokerforge.game import GameSpec, Hand, to_phh
    >>> folder = Path(tempfile.mkdtemp())
    >>> for seed in range(3):
    ...     hand = Hand(GameSpec(blinds=(1, 2)), stacks=[100, 100, 100], seed=seed)
    ...     _ = hand.raise_to(6); _ = hand.fold(); _ = hand.fold()
    ...     _ = (folder / f"hand{seed}.phh").write_text(to_phh(hand))
    >>> summary = summarize([folder], backend="processes", workers=2)
    >>> summary.hands, summary.skipped, summary.mismatches
    (3, 0, 0)
"""

from __future__ import annotations

import gc
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from pokerforge.errors import BadHandError, InvalidHistoryError
from pokerforge.game.phh.sites import Site, site_named
from pokerforge.histories.phhs import read_phhs
from pokerforge.histories.record import HandRecord
from pokerforge.histories.stats import Stats

if TYPE_CHECKING:
    from pokerforge.histories.filters import HandFilter
    from pokerforge.sim.backends import Backend

__all__ = [
    "Backend",
    "Executor",
    "FileSummary",
    "Summary",
    "phh_files",
    "read_many",
    "summarize",
    "summarize_file",
]

_SUFFIXES = (".phh", ".phhs")


def phh_files(paths: Iterable[str | Path]) -> list[Path]:
    """The PHH files named or found (recursively, sorted) under the directories named.

    Raises:
        FileNotFoundError: a path that does not exist.
    """
    out: list[Path] = []
    for item in paths:
        path = Path(item)
        if path.is_dir():
            out += sorted(p for p in path.rglob("*") if p.suffix in _SUFFIXES and p.is_file())
        elif path.exists():
            out.append(path)
        else:
            raise FileNotFoundError(f"no such file or directory: {str(path)!r}")
    return out


def read_many(paths: Iterable[str | Path], *, skip_bad: bool = False) -> Iterator[HandRecord]:
    """Every hand of every PHH file under ``paths``, one at a time, in this process."""
    for path in phh_files(paths):
        yield from read_phhs(path, skip_bad=skip_bad)


@dataclass
class FileSummary:
    """What one file held: hands replayed, bad hands skipped, and the statistics;
    ``coverage`` counts by site the hands read, repaired and skipped by cause (see
    [PhhReader.coverage][pokerforge.histories.PhhReader])."""

    path: str
    hands: int
    skipped: int
    mismatches: int
    problems: list[str]
    stats: Stats
    coverage: dict[str, Counter[str]] = field(default_factory=dict)


@dataclass
class Summary:
    """Hands, bad hands and statistics over many files (see
    [`summarize()`][pokerforge.histories.summarize])."""

    files: int = 0
    hands: int = 0
    skipped: int = 0
    mismatches: int = 0
    problems: list[str] = field(default_factory=list)
    stats: Stats = field(default_factory=Stats)
    coverage: dict[str, Counter[str]] = field(default_factory=dict)

    def add(self, part: FileSummary, *, keep: int = 100) -> None:
        """Add one file's summary."""
        self.files += 1
        self.hands += part.hands
        self.skipped += part.skipped
        self.mismatches += part.mismatches
        self.problems += part.problems[: max(0, keep - len(self.problems))]
        self.stats.merge(part.stats)
        for site, counts in part.coverage.items():
            self.coverage.setdefault(site, Counter()).update(counts)

    def coverage_table(self) -> str:
        """The coverage as a table: by site, the hands read, repaired and skipped by cause.

        Examples:
            >>> summary = Summary(coverage={"PTY": Counter(read=20, RecordMismatchError=2)})
            >>> print(summary.coverage_table())
            site  read  repaired  skipped  RecordMismatchError
            PTY     20         0        2                    2
        """
        causes = sorted({c for counts in self.coverage.values() for c in counts} - _COUNTS)
        head = ["site", "read", "repaired", "skipped", *causes]
        rows = [head]
        for site in sorted(self.coverage):
            counts = self.coverage[site]
            skipped = sum(counts[c] for c in causes)
            rows.append(
                [site, *(f"{counts[c]:,}" for c in ("read", "repaired")), f"{skipped:,}"]
                + [f"{counts[c]:,}" for c in causes]
            )
        widths = [max(len(row[i]) for row in rows) for i in range(len(head))]
        return "\n".join(
            "  ".join(
                cell.ljust(w) if i == 0 else cell.rjust(w)
                for i, (cell, w) in enumerate(zip(row, widths, strict=True))
            )
            for row in rows
        )


_COUNTS = {"read", "repaired"}


@contextmanager
def _collector_paused() -> Iterator[None]:
    """The cyclic garbage collector paused, then restored. Reading a file makes millions of
    short-lived containers and no reference cycles (the reader keeps no exception, no hand
    refers back to its record), so collecting every 700 new containers is about a tenth of
    the work for nothing; the hands are freed by reference counting as ever."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def summarize_file(
    path: str,
    skip_bad: bool = True,
    track: tuple[str, ...] = (),
    repair: bool = False,
    site: str | Site | None = "auto",
    *,
    where: HandFilter | None = None,
) -> FileSummary:
    """Replay one file and gather its statistics over the hands ``where`` keeps (a task
    of [`summarize()`][pokerforge.histories.summarize]).

    With ``skip_bad``, a file that cannot be read at all (no permission, gone, text that is
    no PHH) is skipped with its reason among the problems, and the run goes on.
    """
    reader = read_phhs(path, skip_bad=skip_bad, repair=repair, site=site)
    try:
        with _collector_paused():
            stats = Stats(track=track, where=where).update(reader)
    except (OSError, InvalidHistoryError) as err:
        if not skip_bad or isinstance(err, BadHandError):
            raise
        reason = err.strerror if isinstance(err, OSError) and err.strerror else str(err)
        # Nothing of the file counts: its statistics stopped part way.
        return FileSummary(
            str(path),
            0,
            0,
            0,
            [f"{path}: the file was skipped: {reason}"],
            Stats(track=track, where=where),
            {},
        )
    return FileSummary(
        str(path),
        reader.hands,
        reader.skipped,
        reader.mismatches,
        reader.problems,
        stats,
        reader.coverage,
    )


# (files, skip_bad, track, repair, site, where)
Payload = tuple[
    tuple[str, ...], bool, tuple[str, ...], bool, "str | Site | None", "HandFilter | None"
]


def summarize_task(payload: Payload, k: int) -> FileSummary:
    """Task ``k`` of a run: the summary of its ``k``-th file (for any executor)."""
    files, skip_bad, track, repair, site, where = payload
    return summarize_file(files[k], skip_bad, track, repair, site, where=where)


class Executor(Protocol):
    """What [`summarize()`][pokerforge.histories.summarize] runs its tasks on: ``map(fn, payload,
    count)`` runs ``fn(payload, k)`` for ``k`` in ``range(count)`` and yields ``(k, result)`` as
    tasks finish, in any order (the interface of ``pokerforge.sim``'s executors, Dask included)."""

    def map(
        self, fn: Callable[[Payload, int], FileSummary], payload: Payload, count: int
    ) -> Iterable[tuple[int, FileSummary]]: ...


def summarize(
    paths: Iterable[str | Path],
    *,
    backend: Backend | None = None,
    workers: int = 1,
    scheduler: str | None = None,
    executor: Executor | None = None,
    skip_bad: bool = True,
    track: Iterable[str] = (),
    progress: Callable[[FileSummary], None] | None = None,
    repair: bool = False,
    site: str | Site | None = "auto",
    where: HandFilter | None = None,
) -> Summary:
    """Replay every hand of the PHH files under ``paths`` and gather player statistics.

    Args:
        paths: files and directories (searched for ``.phh`` and ``.phhs`` files).
        backend: ``"inline"``, ``"processes"`` or ``"dask"`` (default: Dask with a
            scheduler, processes with more than one worker, else inline); see
            `pokerforge.sim.backends.choose_backend()`.
        workers: local processes, or the workers of the Dask ``LocalCluster`` started for
            the run when no scheduler is given.
        scheduler: the address of an existing Dask scheduler (``tcp://host:8786``).
        executor: run the tasks (one per file) on this instead (see
            [`Executor`][pokerforge.histories.Executor]).
        skip_bad: count and skip bad hands (else the first one raises).
        track: players whose winnings are kept hand by hand (for a graph).
        progress: called with each file's summary as it finishes.
        repair: infer from the replay the winnings of records that pay nobody still in
            the hand (see [`read_phhs()`][pokerforge.histories.read_phhs]).
        site: whose conventions the records follow (see
            [`read_phhs()`][pokerforge.histories.read_phhs]): ``"auto"`` by each hand's venue or
            file name, a room's code, or ``None`` for the standard.
        where: count only the hands this filter keeps (by kind, unit, stakes, game, room,
            day) and each player's hands at its position
            ([`HandFilter`][pokerforge.histories.filters.HandFilter]).

    Raises:
        InvalidSpecError: an unknown backend, a bad number of workers, or a scheduler with
            a backend other than Dask.
        SimBackendError: Dask is not installed, or its scheduler cannot be reached.
        BadHandError: a bad hand, without ``skip_bad``.
    """
    # The simulator's backends are imported when used: reading files needs none of them.
    from pokerforge.sim.backends import Executor as SimExecutor  # noqa: PLC0415
    from pokerforge.sim.backends import choose_backend  # noqa: PLC0415

    chosen = (
        None
        if executor is not None
        else choose_backend(backend, workers=workers, scheduler=scheduler)
    )
    if site not in ("auto", None):
        site = site_named(site)  # a bad code is named before any work
    files = tuple(str(path) for path in phh_files(paths))
    track = tuple(track)
    done: dict[int, FileSummary] = {}

    def run(runner: Executor) -> None:
        for k, part in runner.map(
            summarize_task, (files, skip_bad, track, repair, site, where), len(files)
        ):
            done[k] = part
            if progress is not None:
                progress(part)

    if executor is not None:
        run(executor)
    else:
        assert chosen is not None
        with SimExecutor(chosen, workers=workers, scheduler=scheduler) as runner:
            run(runner)
    summary = Summary(stats=Stats(track=track, where=where))
    for k in range(len(files)):  # in the order given, whatever order they finished in
        summary.add(done[k])
    return summary
