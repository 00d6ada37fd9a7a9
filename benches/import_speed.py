"""The hand database's import speed: ``pokerforge.histories.database.import_histories``
over a folder of PokerStars Hold'em text.

Not part of the test run. Writes ``--hands`` hands to a temporary folder (the PokerStars
Hold'em hands of tests/data/pokerstars that replay whole, renumbered, in files of
``--per-file`` hands, as a room writes one file per table), then times the first import
(read, replay, store), an import of the unchanged folder again, and the statistics read
back from the database against those gathered from the files:

    .venv/bin/python benches/import_speed.py --hands 20000 --workers 2 --stored 1000000

(``--stored``: the hands stored copied, renumbered, up to that many, and the statistics
read back from them timed.)

Besides the wall-clock time it reports the CPU time of the run (the machine is shared: CPU
time says what the run itself cost): this process's and its worker processes', and the
hands per CPU-second. With ``--workers 2`` the import on one process and the import on two
workers are timed in the same run, each into a database of its own.
"""

from __future__ import annotations

import argparse
import re
import resource
import statistics
import tempfile
import time
from pathlib import Path

from pokerforge.histories import Stats, read_histories
from pokerforge.histories.database import connect, database_stats, import_histories

DATA = Path(__file__).parents[1] / "tests" / "data" / "pokerstars"
_NUMBER = re.compile(r"(PokerStars (?:Zoom )?(?:Hand|Game) #)\d+")


def _hands() -> list[str]:
    """The Hold'em cash hands of the fixtures that replay whole, as UTF-8 text."""
    out = []
    for path in sorted(DATA.glob("*.txt")):
        reader = read_histories(path, skip_bad=True)
        records = list(reader)
        if (
            reader.skipped
            or not records
            or "Tournament" in path.read_bytes().decode(errors="ignore")
        ):
            continue
        if all(r.hand.spec.variant == "holdem" for r in records):
            out.append(path.read_bytes().decode("utf-8-sig").strip() + "\n\n\n")
    return out


def _write(folder: Path, hands: int, per_file: int) -> None:
    texts = _hands()
    number = 10**11
    for f in range(0, hands, per_file):
        chunk = []
        for k in range(f, min(hands, f + per_file)):
            number += 1
            chunk.append(_NUMBER.sub(lambda m, n=number: f"{m.group(1)}{n}", texts[k % len(texts)]))
        (folder / f"table{f // per_file:05}.txt").write_text("".join(chunk), encoding="utf-8")


def _cpu() -> float:
    """CPU seconds of this process and of its worker processes ended so far."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


_WALL: dict[str, float] = {}  # each run's wall-clock seconds, by name


def _timed(what: str, fn, hands: int):  # type: ignore[no-untyped-def]
    cpu, wall = _cpu(), time.perf_counter()
    out = fn()
    cpu, wall = _cpu() - cpu, time.perf_counter() - wall
    _WALL[what] = wall
    print(
        f"{what}: {wall:.2f} s ({cpu:.2f} s CPU), {hands / wall:,.0f} hands/s, "
        f"{hands / cpu:,.0f} hands per CPU-second"
    )
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--per-file", type=int, default=500)
    parser.add_argument("--workers", type=int, default=1, help="also time an import on these")
    parser.add_argument(
        "--stored",
        type=int,
        default=0,
        help="then copy the stored hands (renumbered) up to this many and time stats --db",
    )
    parser.add_argument(
        "--rounds",
        type=int,
        default=1,
        help="with --workers: time the import on one process and on the workers this many "
        "times more, in turns, each into a new database, and give each ratio and their median",
    )
    parser.add_argument("--no-stats", action="store_true", help="time the imports alone")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "hands"
        folder.mkdir()
        _write(folder, args.hands, args.per_file)
        db = Path(tmp) / "hands.duckdb"
        first = _timed("import", lambda: import_histories([folder], db), args.hands)
        print("  " + "\n  ".join(first.lines()))
        again = _timed("import again", lambda: import_histories([folder], db), args.hands)
        print("  " + "\n  ".join(again.lines()))
        print(f"  {_WALL['import'] / _WALL['import again']:,.0f}x faster than the first import")
        if args.workers > 1:
            other = Path(tmp) / "workers.duckdb"
            run = _timed(
                f"import on {args.workers} workers",
                lambda: import_histories([folder], other, workers=args.workers),
                args.hands,
            )
            print("  " + "\n  ".join(run.lines()))
            speedup = _WALL["import"] / _WALL[f"import on {args.workers} workers"]
            print(f"  {speedup:.2f}x the import on one process (wall-clock)")
            if args.rounds > 1:
                _rounds(folder, Path(tmp), args.hands, args.workers, args.rounds)
        if args.no_stats:
            return
        from_db = _timed("stats --db", lambda: database_stats(db), args.hands)
        from_files = _timed(
            "stats FOLDER", lambda: Stats().update(read_histories(folder)), args.hands
        )
        assert from_db.table() == from_files.table()
        print(f"database {db.stat().st_size / 2**20:.1f} MiB for {first.added:,} hands")
        if args.stored > first.added:
            copies = -(-args.stored // first.added)
            _copy(db, copies)
            stats = _timed("stats --db", lambda: database_stats(db), copies * first.added)
            print(f"  over {stats.hands:,} stored hands")


def _rounds(folder: Path, tmp: Path, hands: int, workers: int, rounds: int) -> None:
    """The import on one process and on ``workers`` in turns, ``rounds`` times, each into a
    new database: on a shared machine whose speed drifts, pairs timed side by side say more
    than one pair does."""
    ratios = []
    for r in range(rounds):
        times = []
        for n in (1, workers):
            db = tmp / f"round{r}-{n}.duckdb"
            label = f"round {r + 1}, {n} process" + ("es" if n > 1 else "")
            _timed(label, lambda db=db, n=n: import_histories([folder], db, workers=n), hands)
            times.append(_WALL[label])
            db.unlink()
        ratios.append(times[0] / times[1])
    shown = ", ".join(f"{x:.2f}" for x in ratios)
    print(
        f"{workers} workers against one process, {rounds} rounds: {shown}x; "
        f"median {statistics.median(ratios):.2f}x"
    )


def _copy(db: Path, copies: int) -> None:
    """Makes the database hold ``copies`` copies of its hands, each renumbered."""
    with connect(db) as con:
        for table in ("hands", "players", "actions"):
            con.execute(
                f"INSERT INTO {table} SELECT t.* REPLACE (t.hand || '-' || r.k::VARCHAR AS hand) "
                f"FROM {table} AS t, range(1, {copies}) AS r(k)"
            )


if __name__ == "__main__":
    main()
