"""The hand database: every room's histories stored in DuckDB (an embedded database, one
file), imported incrementally, read back as statistics, SQL, or Parquet files.

[`import_histories()`][pokerforge.histories.database.import_histories] reads files and folders of
any format ([`read_histories()`][pokerforge.histories.read_histories]), replays each hand and stores
it in three tables, ``hands``, ``players`` and ``actions`` (docs/database.md describes each column),
keyed by room and hand number: importing a folder again adds only the hands not yet
stored, and passes over the files unchanged since (same size and time of change) without
reading them. A file still being written is read up to its last whole hand: the hand cut
off at its end is held back (``pending``) and read when the file is imported again.
Hands refused (cut off, totals that disagree, a game not replayed, ...) are counted by
cause in the [`ImportSummary`][pokerforge.histories.database.ImportSummary] and kept, with their
messages, in ``refusals``.

[`database_stats()`][pokerforge.histories.database.database_stats] gathers each player's statistics
from the stored counts (the same figures [`Stats`][pokerforge.histories.Stats] gathers from the
hands themselves, counted by the same definitions:
[`pokerforge.histories.counts`][pokerforge.histories.counts]),
[`database_winnings()`][pokerforge.histories.database.database_winnings] a player's winnings
hand by hand for a graph, and
[`export_parquet()`][pokerforge.histories.database.export_parquet] writes each table as a
Parquet file that pandas, polars and Dask read.

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
from decimal import Decimal
from pathlib import Path

from pokerforge.errors import InvalidSpecError, OutputError
from pokerforge.histories.filters import HandFilter
from pokerforge.histories.graph import WinningsSeries
from pokerforge.histories.groups import Group
from pokerforge.histories.importing import ImportSummary, import_histories
from pokerforge.histories.stats import ALL, COUNTS, Stats
from pokerforge.histories.store import SCHEMA, TABLES, connect

__all__ = [
    "SCHEMA",
    "TABLES",
    "ImportSummary",
    "connect",
    "database_stats",
    "database_winnings",
    "export_parquet",
    "import_histories",
]


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
    position: str | None = None,
) -> Stats:
    """Each player's statistics over the hands stored in ``db`` (the figures of
    [`Stats`][pokerforge.histories.Stats], from the counts stored with each hand), kept apart
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
        position: only the players' hands at this position (``"BTN"``, ``"SB"``, ...);
            the hands counted are those the other filters keep.

    Raises:
        InvalidSpecError: no database at ``db``; a date that is no date.
    """
    chosen = HandFilter(kind, unit, stakes, game, room, since, until, position)
    where, params = chosen.sql()
    seats, seat_params = where, list(params)
    if position is not None:
        seats = (where + " AND " if where else "WHERE ") + "p.position = ?"
        seat_params.append(position)
    sums = ", ".join(f"SUM(p.{c})" for c in COUNTS)
    group = "h.kind, h.unit, CASE WHEN h.kind = 'cash' THEN h.stakes ELSE '' END, "
    group += "h.betting || ' ' || h.game"
    # By player, position and group only: each player's figures over every position are
    # these rows added up here (a second grouping set in SQL cost as much again).
    query = f"""
        SELECT p.player, p.position, {group}, {sums},
               COALESCE(SUM(p.net), 0), COALESCE(SUM(p.net_bb), 0),
               COALESCE(SUM(p.net_bb * p.net_bb), 0), MAX(h.places),
               COALESCE(SUM(p.net) FILTER (WHERE p.showdowns = 1), 0),
               COALESCE(SUM(p.allin_net), 0), COALESCE(SUM(p.allin_bb), 0)
        FROM players p JOIN hands h ON p.room = h.room AND p.hand = h.hand
        {seats}
        GROUP BY p.player, p.position, {group}
    """
    stats = Stats()
    with connect(db, read_only=True) as con:
        for row in con.execute(query, seat_params).fetchall():
            name, position_, *rest = row
            g = Group(*rest[:4])
            counts = rest[4 : 4 + len(COUNTS)]
            net, bb, bb_sq, places, showdown, allin, allin_bb = rest[4 + len(COUNTS) :]
            # As Stats adds them: the money's places, or a bare 0 where no result is known.
            known = counts[COUNTS.index("results")]
            net = (
                Decimal(net).quantize(Decimal(1).scaleb(-int(places or 0))) if known else Decimal(0)
            )
            for where_ in (position_, ALL):
                stats.add_counts(
                    name,
                    where_,
                    g,
                    counts=counts,
                    net=net,
                    bb=float(bb),
                    bb_squared=float(bb_sq),
                    net_showdown=Decimal(showdown),
                    allin_net=Decimal(allin),
                    allin_bb=float(allin_bb),
                )
        hands, unknown = con.execute(
            f"SELECT COUNT(*), COUNT(*) FILTER (WHERE NOT h.result_known) FROM hands h {where}",
            params,
        ).fetchone()
    stats.hands, stats.unknown_results = int(hands), int(unknown)
    return stats


def database_winnings(
    db: str | Path,
    player: str,
    *,
    kind: str | None = None,
    unit: str | None = None,
    stakes: str | None = None,
    game: str | None = None,
    room: str | None = None,
    since: str | None = None,
    until: str | None = None,
    position: str | None = None,
) -> WinningsSeries:
    """``player``'s winnings hand by hand over the hands stored in ``db`` that match the
    filters (those of [`database_stats()`][pokerforge.histories.database.database_stats]),
    in the order they were played (by the time the room wrote, then by room and hand
    number): in all, at showdown, without showdown and all-in adjusted, for a graph
    ([`plot_winnings()`][pokerforge.histories.graph.plot_winnings]) or a page
    ([`WinningsSeries.as_dict()`][pokerforge.histories.graph.WinningsSeries.as_dict]).

    Raises:
        InvalidSpecError: no database at ``db``; a date that is no date; no hand of
            ``player`` with a known result; the player's hands count in several units
            (dollars and a tournament's chips) and the filters do not pick one.
    """
    where, params = HandFilter(kind, unit, stakes, game, room, since, until, position).sql()
    terms = [where.removeprefix("WHERE ")] if where else []
    terms += ["p.player = ?", "p.results = 1"]
    params.append(player)
    if position is not None:
        terms.append("p.position = ?")
        params.append(position)
    query = f"""
        SELECT h.kind, h.unit, h.places, p.net, p.showdowns, p.allin_net
        FROM players p JOIN hands h ON p.room = h.room AND p.hand = h.hand
        WHERE {" AND ".join(terms)}
        ORDER BY h.played_at NULLS LAST, h.room, TRY_CAST(h.hand AS BIGINT) NULLS LAST, h.hand
    """
    with connect(db, read_only=True) as con:
        rows = con.execute(query, params).fetchall()
    units = sorted({(kind_, unit_) for kind_, unit_, *_ in rows})
    if not units:
        raise InvalidSpecError(f"no hands of {player!r} with a known result in {str(db)!r}")
    if len(units) > 1:
        names = ", ".join(f"{k} in {u}" for k, u in units)
        raise InvalidSpecError(
            f"{player!r} played {names}, which do not add up: filter one (--kind, --unit)"
        )
    hands = (
        (Decimal(net).quantize(Decimal(1).scaleb(-int(places))), showdown, Decimal(allin))
        for _, _, places, net, showdown, allin in rows
    )
    return WinningsSeries.of(player, units[0][1], hands)
