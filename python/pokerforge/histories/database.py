"""The hand database: every room's histories stored in DuckDB (an embedded database, one
file), imported incrementally, read back as statistics, SQL, or Parquet files.

:func:`import_histories` reads files and folders of any format
(:func:`~pokerforge.histories.read_histories`), replays each hand and stores it in three
tables, ``hands``, ``players`` and ``actions`` (docs/database.md describes each column),
keyed by room and hand number: importing a folder again adds only the hands not yet
stored, and passes over the files unchanged since (same size and time of change) without
reading them. A file still being written is read up to its last whole hand: the hand cut
off at its end is held back (``pending``) and read when the file is imported again.
Hands refused (cut off, totals that disagree, a game not replayed, ...) are counted by
cause in the :class:`ImportSummary` and kept, with their messages, in ``refusals``.

:func:`database_stats` gathers each player's statistics from the stored counts (the same
figures :class:`~pokerforge.histories.Stats` gathers from the hands themselves) and
:func:`export_parquet` writes each table as a Parquet file that pandas, polars and Dask
read.

Needs the ``db`` extra (``pip install pokerforge[db]``: duckdb and pyarrow).

Examples:
    >>> import tempfile
    >>> from pathlib import Path
    >>> folder = Path(tempfile.mkdtemp())
    >>> text = '''PokerStars Hand #1001:  Hold'em No Limit ($0.50/$1 USD) - 2024/01/02 10:00:00 ET
    ... Table 'Alpha' 6-max Seat #1 is the button
    ... Seat 1: Ann ($100 in chips)
    ... Seat 2: Bob ($80.50 in chips)
    ... Seat 3: Cid ($120 in chips)
    ... Bob: posts small blind $0.50
    ... Cid: posts big blind $1
    ... *** HOLE CARDS ***
    ... Ann: folds
    ... Bob: folds
    ... Uncalled bet ($0.50) returned to Cid
    ... Cid collected $1 from pot
    ... *** SUMMARY ***
    ... Total pot $1 | Rake $0
    ...
    ... '''
    >>> _ = (folder / "hands.txt").write_text(text)
    >>> db = folder / "hands.duckdb"
    >>> import_histories([folder], db).added
    1
    >>> import_histories([folder], db).unchanged
    1
    >>> with connect(db) as con:
    ...     con.sql("SELECT room, hand, stakes, unit FROM hands").fetchall()
    [('PS', '1001', '0.50/1', 'USD')]
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from typing import Any

from pokerforge.errors import InvalidHistoryError, InvalidSpecError, OutputError
from pokerforge.histories.groups import Group
from pokerforge.histories.hand_rows import (
    ACTIONS,
    HANDS,
    PLAYERS,
    SCALE,
    Columns,
    hand_key,
    money_columns,
)
from pokerforge.histories.record import HandRecord
from pokerforge.histories.rooms import RoomsReader
from pokerforge.histories.stats import COUNTS, Stats

__all__ = [
    "ImportSummary",
    "connect",
    "database_stats",
    "export_parquet",
    "import_histories",
]

_MONEY = "DECIMAL(18, 6)"
_COUNT_COLUMNS = ",\n    ".join(f"{c} INTEGER NOT NULL" for c in COUNTS)
SCHEMA = f"""
CREATE TABLE IF NOT EXISTS hands (
    room VARCHAR NOT NULL,
    hand VARCHAR NOT NULL,
    kind VARCHAR NOT NULL,
    tournament VARCHAR,
    game VARCHAR NOT NULL,
    betting VARCHAR NOT NULL,
    stakes VARCHAR NOT NULL,
    unit VARCHAR NOT NULL,
    currency VARCHAR,
    small_blind {_MONEY},
    big_blind {_MONEY},
    ante {_MONEY},
    bb {_MONEY} NOT NULL,
    places INTEGER NOT NULL,
    played_at TIMESTAMP,
    time_text VARCHAR,
    table_name VARCHAR,
    players INTEGER NOT NULL,
    board VARCHAR,
    total_pot {_MONEY},
    rake {_MONEY},
    result_known BOOLEAN NOT NULL,
    language VARCHAR,
    source VARCHAR NOT NULL,
    PRIMARY KEY (room, hand)
);
CREATE TABLE IF NOT EXISTS players (
    room VARCHAR NOT NULL,
    hand VARCHAR NOT NULL,
    seat INTEGER NOT NULL,
    position VARCHAR NOT NULL,
    player VARCHAR NOT NULL,
    stack {_MONEY},
    cards VARCHAR,
    {_COUNT_COLUMNS},
    net {_MONEY},
    net_bb DOUBLE
);
CREATE TABLE IF NOT EXISTS actions (
    room VARCHAR NOT NULL,
    hand VARCHAR NOT NULL,
    seq INTEGER NOT NULL,
    street VARCHAR NOT NULL,
    seat INTEGER NOT NULL,
    player VARCHAR NOT NULL,
    action VARCHAR NOT NULL,
    amount {_MONEY},
    total {_MONEY},
    all_in BOOLEAN NOT NULL
);
CREATE TABLE IF NOT EXISTS files (
    path VARCHAR PRIMARY KEY,
    size BIGINT NOT NULL,
    mtime_ns BIGINT NOT NULL,
    hands INTEGER NOT NULL,
    refused INTEGER NOT NULL,
    pending INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS refusals (
    source VARCHAR NOT NULL,
    hand VARCHAR,
    cause VARCHAR NOT NULL,
    message VARCHAR NOT NULL
);
"""
"""The tables (docs/database.md): amounts in the hand's money (a currency, or a
tournament's chips) as exact decimals."""

TABLES = ("hands", "players", "actions", "files", "refusals")
_FLUSH = 5000  # hands gathered before they are written


def _duckdb() -> Any:
    try:
        import duckdb  # type: ignore[import-not-found, unused-ignore]  # noqa: PLC0415
    except ImportError:
        raise InvalidSpecError(
            "the hand database needs duckdb: pip install 'pokerforge[db]'"
        ) from None
    return duckdb


@contextmanager
def connect(path: str | Path, *, read_only: bool = False) -> Iterator[Any]:
    """A DuckDB connection to the database at ``path`` (made, with its tables, where there
    is none), closed on leaving.

    Raises:
        InvalidSpecError: duckdb is not installed; ``read_only`` and no database there.
        OutputError: the file cannot be opened (another process holds it, no such folder).
    """
    duckdb = _duckdb()
    if read_only and not Path(path).is_file():
        raise InvalidSpecError(f"no hand database at {str(path)!r}")
    try:
        con = duckdb.connect(str(path), read_only=read_only)
    except (duckdb.Error, OSError) as err:
        raise OutputError(f"cannot open the database {str(path)!r}: {err}") from None
    try:
        if not read_only:
            con.execute(SCHEMA)
        yield con
    finally:
        con.close()


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


class _Importer(RoomsReader):
    """The reader of :func:`import_histories`: a file's hands already stored are passed
    over before their replay, its refusals are kept, and a file's last hand cut off is
    held back."""

    hold_last = True

    def __init__(self, con: Any, keep: int, site: str | None, repair: bool) -> None:
        super().__init__(".", skip_bad=True, keep=keep, site=site, repair=repair)
        self._con = con
        self.seen: set[tuple[str, str]] = set()
        self.already = 0
        self.refusals: list[tuple[str, str | None, str, str]] = []
        self.current = ""  # the file being read, as the files table names it

    def _known(self, keys: list[tuple[str, str]]) -> set[tuple[str, str]]:
        if not keys:
            return set()
        numbers = sorted({number for _, number in keys})
        stored = self._con.execute(
            "SELECT room, hand FROM hands WHERE hand IN (SELECT unnest($1::VARCHAR[]))",
            [numbers],
        ).fetchall()
        known = {(room, hand) for room, hand in stored} | self.seen
        found = [key for key in keys if key in known]
        self.already += len(found)  # each copy: a file may hold a hand twice
        return set(found)

    def _skip(self, message: str, cause: str, *, mismatch: bool = False, where: Any = None) -> None:
        super()._skip(message, cause, mismatch=mismatch, where=where)
        number = where[2] if where is not None else None
        self.refusals.append(
            (self.current, None if number is None else str(number), cause, message)
        )

    def read(self, path: Path) -> Iterator[HandRecord]:
        """The hands of one file."""
        self.files += 1
        if path.suffix in (".phh", ".phhs"):
            yield from self._phh_file(path)
        else:
            yield from self._file(path, path.read_bytes())


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


def import_histories(
    paths: Iterable[str | Path],
    db: str | Path,
    *,
    site: str | None = None,
    repair: bool = False,
    keep: int = 20,
    progress: Callable[[int, int], None] | None = None,
) -> ImportSummary:
    """Store the hands of the files and folders ``paths`` (any format) in the database
    ``db`` (made where there is none); the hands stored before, and the files unchanged
    since, are passed over.

    Args:
        paths: history files and folders (searched with their subfolders).
        db: the database's file (``hands.duckdb``).
        site: force a room's reading (see :func:`~pokerforge.histories.read_histories`).
        repair: infer the winnings of records that pay nobody in the hand.
        keep: how many messages of refused hands the summary keeps.
        progress: called with (files done, files) after each file.

    Raises:
        InvalidSpecError: a path that does not exist, a room code not known, duckdb not
            installed.
        OutputError: the database cannot be opened or written.
    """
    files = _paths(paths)
    summary = ImportSummary(files=len(files))
    with connect(db) as con:
        importer = _Importer(con, keep, site, repair)
        stamps = {
            path: (size, mtime)
            for path, size, mtime in con.execute(
                "SELECT path, size, mtime_ns FROM files"
            ).fetchall()
        }
        columns = Columns()
        done: list[tuple[Any, ...]] = []  # the files rows of the hands gathered
        for k, path in enumerate(files):
            stat = path.stat()
            name = str(path.resolve())
            if stamps.get(name) == (stat.st_size, stat.st_mtime_ns):
                summary.unchanged += 1
            else:
                importer.current = name
                before = (importer.hands, importer.skipped, importer.pending)
                for record in importer.read(path):
                    key = hand_key(record)
                    if key in importer.seen:  # twice in this import (a copy of a file)
                        importer.already += 1
                        continue
                    try:
                        columns.add(record, key)
                    except InvalidHistoryError as err:  # money finer than the columns keep
                        importer.hands -= 1
                        importer._skip(str(err), "places", where=(path, None, key[1]))
                        continue
                    importer.seen.add(key)
                after = (importer.hands, importer.skipped, importer.pending)
                counts = [b - a for a, b in zip(before, after, strict=True)]
                done.append((name, stat.st_size, stat.st_mtime_ns, *counts))
                if columns.count >= _FLUSH:
                    summary.added += _write(con, columns, done, importer.refusals)
                    columns, done = Columns(), []
            if progress is not None:
                progress(k + 1, len(files))
        summary.added += _write(con, columns, done, importer.refusals)
    summary.already = importer.already
    summary.pending = importer.pending
    summary.refused = importer.causes
    summary.problems = importer.problems[:keep]
    return summary


def _arrow(columns: dict[str, list[Any]], names: tuple[str, ...]) -> Any:
    """The columns as an Arrow table: amounts (integers of millionths) as exact decimals,
    their 128-bit words laid out directly (building decimals from Python objects one by
    one cost more than the rest of the import's writing)."""
    import numpy as np  # noqa: PLC0415
    import pyarrow as pa  # type: ignore[import-untyped, unused-ignore]  # noqa: PLC0415

    arrays = []
    for name, money in zip(names, money_columns(names), strict=True):
        cells = columns[name]
        if money:
            ints = pa.array(cells, type=pa.int64())
            low = np.asarray(ints.fill_null(0), dtype=np.int64)
            words = np.empty((len(low), 2), dtype=np.int64)
            words[:, 0] = low
            words[:, 1] = low >> 63  # the sign, carried into the high word
            arrays.append(
                pa.Array.from_buffers(
                    pa.decimal128(18, SCALE),
                    len(low),
                    [ints.buffers()[0], pa.py_buffer(words)],
                    null_count=ints.null_count,
                )
            )
        elif name == "played_at":
            arrays.append(pa.array(cells, type=pa.timestamp("us")))
        else:
            arrays.append(pa.array(cells))
    return pa.Table.from_arrays(arrays, names=list(names))


def _write(
    con: Any, columns: Columns, done: list[tuple[Any, ...]], refusals: list[tuple[Any, ...]]
) -> int:
    """Writes the hands gathered, the files they came from and their refusals, in one
    transaction (a run stopped part way leaves whole files stored, or none of them);
    returns the hands written."""
    if not done:
        return 0
    try:
        import pyarrow as pa  # type: ignore[import-untyped, unused-ignore]  # noqa: PLC0415, F401
    except ImportError:
        raise InvalidSpecError(
            "the hand database needs pyarrow: pip install 'pokerforge[db]'"
        ) from None
    con.execute("BEGIN TRANSACTION")
    try:
        for table, names, data in (
            ("hands", HANDS, columns.hands),
            ("players", PLAYERS, columns.players),
            ("actions", ACTIONS, columns.actions),
        ):
            if data[names[0]]:
                batch = _arrow(data, names)  # noqa: F841 - read by name in the SQL
                con.execute(f"INSERT INTO {table} SELECT * FROM batch")
        sources = [row[0] for row in done]
        con.execute(
            "DELETE FROM refusals WHERE source IN (SELECT unnest($1::VARCHAR[]))", [sources]
        )
        if refusals:
            con.executemany("INSERT INTO refusals VALUES (?, ?, ?, ?)", refusals)
        con.executemany("INSERT OR REPLACE INTO files VALUES (?, ?, ?, ?, ?, ?)", done)
        con.execute("COMMIT")
    except Exception:
        con.execute("ROLLBACK")
        raise
    refusals.clear()
    return columns.count


def export_parquet(db: str | Path, folder: str | Path) -> list[Path]:
    """Writes each table of the database ``db`` as ``FOLDER/TABLE.parquet`` (``hands``,
    ``players``, ``actions``, ``refusals``); returns the files written.

    Raises:
        InvalidSpecError: no database at ``db``, duckdb not installed.
        OutputError: the folder cannot be made or written.
    """
    out = Path(folder)
    written = []
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise OutputError(f"cannot make the folder {str(out)!r}: {err.strerror or err}") from None
    with connect(db, read_only=True) as con:
        for table in ("hands", "players", "actions", "refusals"):
            path = out / f"{table}.parquet"
            partial = out / f"{table}.partial.parquet"
            try:
                con.execute(f"COPY {table} TO '{_quoted(partial)}' (FORMAT parquet)")
                os.replace(partial, path)
            except Exception as err:
                partial.unlink(missing_ok=True)
                raise OutputError(f"cannot write {str(path)!r}: {err}") from None
            written.append(path)
    return written


def _quoted(path: Path) -> str:
    return str(path).replace("'", "''")


_GROUP = ("kind", "unit", "stakes", "game")


def database_stats(
    db: str | Path,
    *,
    kind: str | None = None,
    unit: str | None = None,
    stakes: str | None = None,
    game: str | None = None,
    room: str | None = None,
    since: str | None = None,
    until: str | None = None,
) -> Stats:
    """Each player's statistics over the hands stored in ``db`` (the figures of
    :class:`~pokerforge.histories.Stats`, from the counts stored with each hand), kept apart
    by group (cash or tournament, unit, stakes, game), over the hands that match the
    filters given.

    Args:
        db: the database's file.
        kind: ``"cash"`` or ``"tournament"``.
        unit: a currency (``"USD"``), ``"chips"`` or ``"money"``.
        stakes: ``"0.50/1"``, as the ``stakes`` column writes them.
        game: ``"no-limit holdem"`` (the betting and the game), or the game alone.
        room: a room's code.
        since: the first day (``2024-01-31``), by the time the room wrote.
        until: the last day.

    Raises:
        InvalidSpecError: no database at ``db``; a date that is no date.
    """
    where, params = _filters(
        kind=kind, unit=unit, stakes=stakes, game=game, room=room, since=since, until=until
    )
    sums = ", ".join(f"SUM(p.{c})" for c in COUNTS)
    group = "h.kind, h.unit, CASE WHEN h.kind = 'cash' THEN h.stakes ELSE '' END, "
    group += "h.betting || ' ' || h.game"
    query = f"""
        SELECT p.player, COALESCE(p.position, 'all'), {group}, {sums},
               COALESCE(SUM(p.net), 0), COALESCE(SUM(p.net_bb), 0),
               COALESCE(SUM(p.net_bb * p.net_bb), 0), MAX(h.places)
        FROM players p JOIN hands h ON p.room = h.room AND p.hand = h.hand
        {where}
        GROUP BY GROUPING SETS ((p.player, {group}), (p.player, p.position, {group}))
    """
    stats = Stats()
    with connect(db, read_only=True) as con:
        for row in con.execute(query, params).fetchall():
            name, position, *rest = row
            g = Group(*rest[:4])
            counts = rest[4 : 4 + len(COUNTS)]
            net, bb, bb_sq, places = rest[4 + len(COUNTS) :]
            # As Stats adds them: the money's places, or a bare 0 where no result is known.
            known = counts[COUNTS.index("results")]
            net = (
                Decimal(net).quantize(Decimal(1).scaleb(-int(places or 0))) if known else Decimal(0)
            )
            stats.add_counts(
                name, position, g, counts=counts, net=net, bb=float(bb), bb_squared=float(bb_sq)
            )
        hands, unknown = con.execute(
            f"SELECT COUNT(*), COUNT(*) FILTER (WHERE NOT h.result_known) FROM hands h {where}",
            params,
        ).fetchone()
    stats.hands, stats.unknown_results = int(hands), int(unknown)
    return stats


def _filters(
    *,
    kind: str | None,
    unit: str | None,
    stakes: str | None,
    game: str | None,
    room: str | None,
    since: str | None,
    until: str | None,
) -> tuple[str, list[Any]]:
    from datetime import date  # noqa: PLC0415

    terms: list[str] = []
    params: list[Any] = []
    for column, value in (("kind", kind), ("unit", unit), ("stakes", stakes), ("room", room)):
        if value is not None:
            terms.append(f"h.{column} = ?")
            params.append(value)
    if game is not None:
        terms.append("(h.game = ? OR h.betting || ' ' || h.game = ?)")
        params += [game, game]
    for bound, value in ((">=", since), ("<", until)):
        if value is None:
            continue
        try:
            day = date.fromisoformat(value)
        except ValueError:
            raise InvalidSpecError(f"{value!r} is no date: write it 2024-01-31") from None
        if bound == "<":
            day = date.fromordinal(day.toordinal() + 1)
        terms.append(f"h.played_at {bound} ?")
        params.append(day)
    return ("WHERE " + " AND ".join(terms) if terms else ""), params
