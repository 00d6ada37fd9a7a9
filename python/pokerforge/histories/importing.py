"""The import of history files into the hand database (see
[`pokerforge.histories.database`][pokerforge.histories.database]): files read and replayed here or
on worker processes, their rows written in one transaction per batch of files."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pokerforge._core import rooms_import
from pokerforge.errors import InvalidHistoryError, InvalidSpecError
from pokerforge.extras import require
from pokerforge.histories.fast_rows import arrow_table, fast_tables
from pokerforge.histories.hand_rows import (
    ACTIONS,
    HANDS,
    PLAYERS,
    Columns,
    hand_key,
)
from pokerforge.histories.record import HandRecord
from pokerforge.histories.rooms import RoomsReader
from pokerforge.histories.store import connect

__all__ = ["ImportSummary", "import_histories"]

# Hands gathered before they are written: DuckDB compresses a table's last row group
# (122,880 rows) again at each checkpoint, so that fewer, larger writes cost less (20,000
# hands' players fill about one).
_FLUSH = 20000
# Bytes of files sent ahead to each worker process: more than it reads while this process
# writes a batch of _FLUSH hands (about half a second, some 8 MB of text).
_AHEAD = 8 << 20


@dataclass
class ImportSummary:
    """What one import did.

    Attributes:
        files: files seen; ``unchanged`` of them passed over (as imported before).
        added: hands stored; ``already`` hands read that were stored before (by room and
            hand number) and passed over.
        refused: hands refused, by cause; ``problems`` the first messages.
        pending: hands held back at the end of a file still being written.
    """

    files: int = 0
    unchanged: int = 0
    added: int = 0
    already: int = 0
    pending: int = 0
    refused: Counter[str] = field(default_factory=Counter)
    problems: list[str] = field(default_factory=list)

    def lines(self) -> list[str]:
        """The summary in words, one line each."""
        out = [
            f"{self.added:,} hands added, {self.already:,} already stored; {self.files:,} files "
            f"({self.unchanged:,} unchanged since the last import)",
        ]
        refused = sum(self.refused.values())
        causes = ", ".join(f"{cause} {n:,}" for cause, n in self.refused.most_common())
        out.append(f"{refused:,} hands refused" + (f": {causes}" if causes else ""))
        if self.pending:
            out.append(
                f"{self.pending:,} hands held back at the end of a file still being written "
                "(read on the next import)"
            )
        return out


Key = tuple[str, str]


class _Reader(RoomsReader):
    """The reader of [`import_histories()`][pokerforge.histories.database.import_histories]: a
    file's hands already stored are passed over before their replay (``known`` says which), its
    refusals are kept, and a file's last hand cut off is held back."""

    hold_last = True
    lean = True

    def __init__(
        self, keep: int, site: str | None, repair: bool, known: Callable[[list[Key]], set[Key]]
    ) -> None:
        super().__init__(".", skip_bad=True, keep=keep, site=site, repair=repair)
        self._lookup = known
        self.already = 0
        self.refusals: list[tuple[str, str | None, str, str]] = []
        self.current = ""  # the file being read, as the files table names it
        self.fast: Any = None  # the columns of the file's hands the core replayed

    def _known(self, keys: list[Key]) -> set[Key]:
        known = self._lookup(keys) if keys else set()
        self.already += sum(1 for key in keys if key in known)  # each copy of a hand
        return known

    def _skip(self, message: str, cause: str, *, mismatch: bool = False, where: Any = None) -> None:
        super()._skip(message, cause, mismatch=mismatch, where=where)
        number = where[2] if where is not None else None
        self.refusals.append(
            (self.current, None if number is None else str(number), cause, message)
        )

    def read(self, path: Path) -> Iterator[HandRecord | list[int]]:
        """The hands of one file: records, and lists of the indices of the hands the core
        replayed itself in ``fast`` (their rows' columns, from `rooms_import`)."""
        self.files += 1
        self.fast = None
        if path.suffix in _PHH:
            yield from self._phh_file(path)
            return
        data = path.read_bytes()
        self.name = str(path)  # the replay's messages name the file
        room, _, hands, self.fast = rooms_import(data, self._core_room)
        yield from self._entries(path, data, room, hands, self.fast)


_PHH = (".phh", ".phhs")


@dataclass
class _Part:
    """One file read: its ``files`` row, its rows as Arrow tables (hands, players,
    actions; none where it added no hand), the keys of its hands in order, and its
    counts."""

    row: tuple[str, int, int]
    tables: list[Any]
    keys: list[Key]
    refused: int
    pending: int
    already: int
    causes: Counter[str]
    problems: list[str]
    refusals: list[tuple[str, str | None, str, str]]


def _read(reader: _Reader, path: Path, row: tuple[str, int, int]) -> _Part:
    """Reads one file's hands into rows."""
    reader.current = row[0]
    skipped, pending, already = reader.skipped, reader.pending, reader.already
    causes, problems = reader.causes.copy(), len(reader.problems)
    columns = Columns()
    keys: list[Key] = []
    seen: set[Key] = set()
    kept: list[int] = []  # the hands the core replayed that are stored
    for record in reader.read(path):
        if isinstance(record, list):  # hands the core replayed, in a row
            rooms, numbers = reader.fast["hands"]["room"], reader.fast["hands"]["hand"]
            for k in record:
                key = (rooms[k], numbers[k])
                if key in seen:  # twice in the file
                    reader.already += 1
                    continue
                seen.add(key)
                keys.append(key)
                kept.append(k)
            continue
        key = hand_key(record)
        if key in seen:  # twice in the file
            reader.already += 1
            continue
        try:
            columns.add(record, key)
        except InvalidHistoryError as err:  # money finer than the columns keep
            reader.hands -= 1
            reader._skip(str(err), "places", where=(path, None, key[1]))
            continue
        seen.add(key)
        keys.append(key)
    tables = []
    if columns.count:
        tables.append(
            [
                arrow_table(columns.hands, HANDS),
                arrow_table(columns.players, PLAYERS),
                arrow_table(columns.actions, ACTIONS),
            ]
        )
    if kept:
        tables.append(fast_tables(reader.fast, kept, str(path)))  # as records name it
    if len(tables) > 1:
        pa = require("pyarrow", "db", "the Parquet export")
        tables = [[pa.concat_tables([t[k] for t in tables]) for k in range(3)]]
    refusals = list(reader.refusals)
    reader.refusals.clear()
    return _Part(
        row,
        tables[0] if tables else [],
        keys,
        reader.skipped - skipped,
        reader.pending - pending,
        reader.already - already,
        reader.causes - causes,
        reader.problems[problems:],
        refusals,
    )


_READERS: dict[tuple[str | None, bool, int], _Reader] = {}
_SKIP: set[Key] = set()


def _work(task: tuple[str, tuple[str, int, int], frozenset[Key], str | None, bool, int]) -> _Part:
    """One file read on a worker process (``known`` given by the importing process)."""
    path, row, skip, site, repair, keep = task
    reader = _READERS.get((site, repair, keep))
    if reader is None:
        reader = _READERS[site, repair, keep] = _Reader(keep, site, repair, _SKIP.intersection)
    _SKIP.clear()
    _SKIP.update(skip)
    return _read(reader, Path(path), row)


def _paths(paths: Iterable[str | Path]) -> list[Path]:
    out: list[Path] = []
    for item in paths:
        path = Path(item)
        if path.is_dir():
            out += sorted(p for p in path.rglob("*") if p.is_file())
        elif path.is_file():
            out.append(path)
        else:
            raise InvalidSpecError(f"no such file or folder: {str(path)!r}")
    return out


def _stored(con: Any, keys: Iterable[Key]) -> set[Key]:
    """Those of ``keys`` the database holds."""
    wanted = set(keys)
    if not wanted:
        return set()
    numbers = sorted({number for _, number in wanted})
    stored = con.execute(
        "SELECT room, hand FROM hands WHERE hand IN (SELECT unnest($1::VARCHAR[]))", [numbers]
    ).fetchall()
    return {(room, hand) for room, hand in stored} & wanted


def import_histories(
    paths: Iterable[str | Path],
    db: str | Path,
    *,
    site: str | None = None,
    repair: bool = False,
    keep: int = 20,
    workers: int = 1,
    progress: Callable[[int, int], None] | None = None,
) -> ImportSummary:
    """Store the hands of the files and folders ``paths`` (any format) in the database
    ``db`` (made where there is none); the hands stored before, and the files unchanged
    since, are passed over.

    Args:
        paths: history files and folders (searched with their subfolders).
        db: the database's file (``hands.duckdb``).
        site: force a room's reading (see
            [`read_histories()`][pokerforge.histories.read_histories]).
        repair: infer the winnings of records that pay nobody in the hand.
        keep: how many messages of refused hands the summary keeps.
        workers: processes that read and replay the files: this one (which also writes)
            and ``workers - 1`` started for the import.
        progress: called with (files done, files) after each file.

    Raises:
        InvalidSpecError: a path that does not exist, a room code not known, a number of
            workers below 1, duckdb not installed.
        OutputError: the database cannot be opened or written.
    """
    if workers < 1:
        raise InvalidSpecError(f"workers must be at least 1, not {workers}")
    files = _paths(paths)
    summary = ImportSummary(files=len(files))
    with connect(db) as con:
        # One thread of DuckDB's: the batches it is given are small, its threads' work on
        # them cost more CPU time than they saved, and the workers need the cores.
        con.execute("SET threads = 1")
        run: set[Key] = set()  # the keys of this import's hands
        stamps = {
            path: (size, mtime)
            for path, size, mtime in con.execute(
                "SELECT path, size, mtime_ns FROM files"
            ).fetchall()
        }
        todo: list[tuple[Path, tuple[str, int, int]]] = []
        for path in files:
            stat = path.stat()
            row = (str(path.resolve()), stat.st_size, stat.st_mtime_ns)
            if stamps.get(row[0]) == row[1:]:
                summary.unchanged += 1
            else:
                todo.append((path, row))
        # Hands stored before this import are looked for in the database (a scan of its
        # hand numbers, for each file), unless it held none: a first import's own hands
        # are all in ``run``.
        (had,) = con.execute("SELECT COUNT(*) FROM hands").fetchone()

        def stored(keys: list[Key]) -> set[Key]:
            return _stored(con, keys) if had else set()

        reader = _Reader(keep, site, repair, lambda keys: stored(keys) | run.intersection(keys))
        if workers == 1 or len(todo) < 2:
            parts: Iterator[_Part] = (_read(reader, path, row) for path, row in todo)
            _gather(
                con,
                parts,
                run=run,
                stored=stored,
                summary=summary,
                total=len(files),
                progress=progress,
                checked=True,
            )
        else:
            _on_workers(
                con,
                reader,
                todo=todo,
                run=run,
                stored=stored,
                summary=summary,
                workers=workers,
                total=len(files),
                progress=progress,
            )
    summary.problems = summary.problems[:keep]
    return summary


def _on_workers(
    con: Any,
    reader: _Reader,
    *,
    todo: list[tuple[Path, tuple[str, int, int]]],
    run: set[Key],
    stored: Callable[[list[Key]], set[Key]],
    summary: ImportSummary,
    workers: int,
    total: int,
    progress: Callable[[int, int], None] | None,
) -> None:
    """Reads the files on ``workers`` processes, this one among them (it writes too, and
    reads while it would wait: a process started costs as much as reading a few thousand
    hands). A file imported before (changed since: a file still being written) is read
    with the keys of the hands stored from it, which its reader passes over before their
    replay; any other hand stored already (another file's copy, or one this import stored
    first) is replayed and dropped here, as the files' parts come in order. (Reading every
    file here first, to tell each worker all its stored hands, made this process the
    import's bottleneck.)"""
    import multiprocessing  # noqa: PLC0415
    from concurrent.futures import ProcessPoolExecutor  # noqa: PLC0415

    before = _from_sources(con, [str(path) for path, _ in todo])
    tasks = [
        (
            str(path),
            row,
            frozenset(before.get(str(path), ())),
            reader._room,
            reader._repair,
            reader._keep,
        )
        for path, row in todo
    ]
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=workers - 1, mp_context=context) as pool:
        _gather(
            con,
            _shared(pool, tasks, workers=workers - 1),
            run=run,
            stored=stored,
            summary=summary,
            total=total,
            progress=progress,
        )


def _shared(pool: Any, tasks: list[Any], *, workers: int) -> Iterator[_Part]:
    """The files' parts in order, read by the pool's processes and by this one, which
    writes and, whenever the part it waits for is not ready, reads: first the next file not
    yet sent, at the end a file sent but not yet begun (its future cancelled), so that
    neither side waits while the other has work."""
    sent: dict[int, Any] = {}  # file -> its future
    ready: dict[int, _Part] = {}  # files read here before their turn
    free = 0  # the first file neither sent nor read

    queued = 0  # the bytes of the files sent

    def size(k: int) -> int:
        return int(tasks[k][1][1])

    def send() -> None:
        # Each worker is kept _AHEAD bytes of files ahead (and two files at least): enough
        # to read through a batch's write here without running dry.
        nonlocal free, queued
        while free < len(tasks) and (len(sent) < 2 * workers or queued < _AHEAD * workers):
            sent[free] = pool.submit(_work, tasks[free])
            queued += size(free)
            free += 1

    for k in range(len(tasks)):
        send()
        if k in ready:
            yield ready.pop(k)
            continue
        future = sent.pop(k, None)
        queued -= size(k) if future is not None else 0
        if future is None:  # neither sent nor read: this process reads it
            free = k + 1
            yield _work(tasks[k])
            continue
        while not future.done():
            if free < len(tasks):
                ready[free] = _work(tasks[free])
                free += 1
                send()
                continue
            last = max(sent, default=None)
            if last is None or not sent[last].cancel():
                break  # every file left is being read: wait for this one
            del sent[last]
            queued -= size(last)
            ready[last] = _work(tasks[last])
        yield future.result()


def _from_sources(con: Any, sources: list[str]) -> dict[str, set[Key]]:
    """The keys of the hands stored from each of the files ``sources`` (as the ``source``
    column names them)."""
    out: dict[str, set[Key]] = {}
    if not sources:
        return out
    rows = con.execute(
        "SELECT source, room, hand FROM hands WHERE source IN (SELECT unnest($1::VARCHAR[]))",
        [sources],
    ).fetchall()
    for source, room, hand in rows:
        out.setdefault(source, set()).add((room, hand))
    return out


def _gather(
    con: Any,
    parts: Iterable[_Part],
    *,
    run: set[Key],
    stored: Callable[[list[Key]], set[Key]],
    summary: ImportSummary,
    total: int,
    progress: Callable[[int, int], None] | None,
    checked: bool = False,
) -> None:
    """Writes the files' rows as they come, in batches; adds their counts to ``summary``.
    ``checked``: each part's hands were read knowing every hand stored before them (this
    process's reader asks before each file), else those stored already are dropped here."""
    batch: list[_Part] = []
    hands = 0
    done = summary.unchanged
    for part in parts:
        dropped: list[Key] = []
        if not checked:
            dropped = [key for key in part.keys if key in run]  # stored by another file
            dropped += list(stored([key for key in part.keys if key not in run]))
        if dropped:
            part.tables = _without(part.tables, dropped)
            part.keys = [key for key in part.keys if key not in set(dropped)]
            part.already += len(dropped)
        run.update(part.keys)
        summary.already += part.already
        summary.pending += part.pending
        summary.refused.update(part.causes)
        summary.problems += part.problems
        batch.append(part)
        hands += len(part.keys)
        if hands >= _FLUSH:
            summary.added += _write(con, batch)
            batch, hands = [], 0
        done += 1
        if progress is not None:
            progress(done, total)
    summary.added += _write(con, batch)
    if progress is not None and done < total:
        progress(total, total)


def _without(tables: list[Any], keys: list[Key]) -> list[Any]:
    """The tables without the rows of the hands ``keys``."""
    pa = require("pyarrow", "db", "the Parquet export")
    pc = require("pyarrow.compute", "db", "the Parquet export")

    drop = pa.array(["\x00".join(key) for key in keys])
    out = []
    for table in tables:
        joined = pc.binary_join_element_wise(table["room"], table["hand"], "\x00")
        out.append(table.filter(pc.invert(pc.is_in(joined, value_set=drop))))
    return [] if out and not len(out[0]) else out


def _write(con: Any, parts: list[_Part]) -> int:
    """Writes the files' rows, their ``files`` rows and their refusals in one transaction
    (a run stopped part way leaves whole files stored, or none of them); returns the hands
    written."""
    if not parts:
        return 0
    pa = require("pyarrow", "db", "the Parquet export")

    con.execute("BEGIN TRANSACTION")
    try:
        filled = [part.tables for part in parts if part.tables]
        for k, table in enumerate(("hands", "players", "actions")):
            if filled:
                batch = pa.concat_tables([tables[k] for tables in filled])  # noqa: F841
                con.execute(f"INSERT INTO {table} SELECT * FROM batch")
        sources = [part.row[0] for part in parts]
        con.execute(
            "DELETE FROM refusals WHERE source IN (SELECT unnest($1::VARCHAR[]))", [sources]
        )
        refusals = [r for part in parts for r in part.refusals]
        if refusals:
            con.executemany("INSERT INTO refusals VALUES (?, ?, ?, ?)", refusals)
        # One statement over the rows as columns (executemany runs one statement a row);
        # a file named twice is its last reading's row.
        last = list({part.row[0]: part for part in parts}.values())
        written = pa.table(  # noqa: F841 - read by the statement below
            {
                "path": [part.row[0] for part in last],
                "size": pa.array([part.row[1] for part in last], pa.int64()),
                "mtime_ns": pa.array([part.row[2] for part in last], pa.int64()),
                "hands": pa.array([len(part.keys) for part in last], pa.int64()),
                "refused": pa.array([part.refused for part in last], pa.int64()),
                "pending": pa.array([part.pending for part in last], pa.int64()),
            }
        )
        con.execute("INSERT OR REPLACE INTO files SELECT * FROM written")
        con.execute("COMMIT")
    except Exception:
        con.execute("ROLLBACK")
        raise
    return sum(len(part.keys) for part in parts)
