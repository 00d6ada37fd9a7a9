"""The hand database's tables and its connection
([`pokerforge.histories.database`][pokerforge.histories.database] describes the whole;
docs/database.md each column)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from pokerforge.errors import InvalidSpecError, OutputError
from pokerforge.extras import require
from pokerforge.histories.counts import COUNTS

__all__ = ["SCHEMA", "TABLES", "connect"]

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
    added {_MONEY} NOT NULL,
    result_known BOOLEAN NOT NULL,
    site_convention VARCHAR,
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
    net_bb DOUBLE,
    allin_net {_MONEY},
    allin_bb DOUBLE
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


def _duckdb() -> Any:
    return require("duckdb", "db", "the hand database")


@contextmanager
def connect(path: str | Path, *, read_only: bool = False) -> Iterator[Any]:
    """A DuckDB connection to the database at ``path`` (made, with its tables, where there
    is none), closed on leaving.

    Raises:
        InvalidSpecError: duckdb is not installed; ``read_only`` and no database there; a
            database made by an earlier pokerforge, without the columns this one stores.
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
        _check_columns(con, path)
        yield con
    finally:
        con.close()


_NEWER = (*COUNTS, "allin_net", "allin_bb")


def _check_columns(con: Any, path: str | Path) -> None:
    """Refuses a database whose ``players`` table lacks columns this version stores (made
    by an earlier pokerforge): its hands' counts cannot be made up without the files."""
    have = {
        name
        for (name,) in con.execute(
            "SELECT column_name FROM information_schema.columns WHERE table_name = 'players'"
        ).fetchall()
    }
    missing = [name for name in _NEWER if name not in have]
    if have and missing:
        shown = ", ".join(missing[:3]) + (
            f" and {len(missing) - 3} more" if len(missing) > 3 else ""
        )
        raise InvalidSpecError(
            f"the hand database {str(path)!r} was made by an earlier pokerforge: its players "
            f"table lacks {shown}; import the histories into a new database"
        )
