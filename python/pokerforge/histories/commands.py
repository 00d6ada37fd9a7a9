"""The ``pokerforge stats`` and ``pokerforge import`` commands (registered by
[`pokerforge.cli`][pokerforge.cli]): player statistics over hand histories of any format or over the
hand database, and the import of histories into the database
([`pokerforge.histories.database`][pokerforge.histories.database]).

Examples:
    >>> import tempfile
    >>> from pathlib import Path
    >>> from pokerforge.cli import main
    >>> folder = Path(tempfile.mkdtemp())
    >>> text = '''PokerStars Hand #7:  Hold'em No Limit ($1/$2 USD) - 2024/01/02 10:00:00 ET
    ... Table 'Alpha' 6-max Seat #1 is the button
    ... Seat 1: Ann ($200 in chips)
    ... Seat 2: Bob ($200 in chips)
    ... Ann: posts small blind $1
    ... Bob: posts big blind $2
    ... *** HOLE CARDS ***
    ... Ann: raises $4 to $6
    ... Bob: folds
    ... Uncalled bet ($4) returned to Ann
    ... Ann collected $4 from pot
    ... *** SUMMARY ***
    ... Total pot $4 | Rake $0
    ...
    ... '''
    >>> _ = (folder / "table.txt").write_text(text)
    >>> main(["import", str(folder), "--db", str(folder / "hands.duckdb")])
    1 hands added, 0 already stored; 1 files (0 unchanged since the last import)
    0 hands refused
    0
    >>> main(["stats", "--db", str(folder / "hands.duckdb")])  # doctest: +NORMALIZE_WHITESPACE
    player  pos  hands   VPIP    PFR  3bet  F3bet  Steal  FSteal  Cbet  FCbet  XR  AF  AFq
        WTSD  W$SD  WoSD  net  allin  bb/100  +/-
    Ann     all      1  100.0  100.0     -      -  100.0       -     -      -   -   -    -
           -     -     -    2   2.00   100.0    -
    Bob     all      1    0.0    0.0   0.0      -      -   100.0     -      -   -   -    -
           -     -     -   -2  -2.00  -100.0    -
    <BLANKLINE>
    1 hands in the database
    0
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pokerforge.errors import PokerError

if TYPE_CHECKING:
    from pokerforge.histories.collection import Summary
    from pokerforge.histories.filters import HandFilter

__all__ = ["add_commands", "import_command", "stats_command"]

_PHH = (".phh", ".phhs")


def add_commands(commands: Any) -> None:
    """Registers ``stats`` and ``import`` with the command's sub-parsers."""
    stats = commands.add_parser(
        "stats",
        help="player statistics over hand histories or the hand database",
        description="Replay the hands of history files of any room and format (PHH, "
        "PokerStars, GGPoker, Winamax, iPoker XML, ...: files or folders), check them "
        "against their recorded results and print each player's VPIP, PFR, 3-bet, fold to "
        "3-bet, steals, c-bets, check-raises, aggression, showdowns, net won (at and without "
        "showdown, all-in adjusted) and bb/100, kept apart for cash "
        "games and tournaments, by currency, stakes and game; or read the figures from a "
        "hand database (--db). A progress bar shows on a terminal.",
    )
    stats.add_argument("files", nargs="*", metavar="FILE", help="history files or folders")
    stats.add_argument("--db", metavar="FILE", help="read the hand database instead")
    stats.add_argument("--player", metavar="NAME", help="only this player, by position too")
    stats.add_argument("--json", action="store_true", help="print the statistics as JSON")
    stats.add_argument("--top", type=int, default=20, metavar="N", help="most hands (20)")
    stats.add_argument(
        "--graph",
        "--png",
        dest="graph",
        metavar="FILE",
        help="a PNG of the player's winnings over hands (--player): in all, at showdown, "
        "without showdown and all-in adjusted",
    )
    stats.add_argument(
        "--workers", type=int, default=1, help="local processes or Dask workers (default 1)"
    )
    stats.add_argument("--scheduler", metavar="ADDR", help="a Dask scheduler, tcp://host:8786")
    stats.add_argument(
        "--backend",
        choices=("inline", "processes", "dask"),
        help="default: dask with --scheduler, processes with --workers > 1, else inline",
    )
    stats.add_argument("--strict", action="store_true", help="stop at the first bad hand")
    stats.add_argument(
        "--repair",
        action="store_true",
        help="infer from the replay the winnings of records that pay nobody in the hand",
    )
    stats.add_argument(
        "--site",
        metavar="CODE",
        default="auto",
        help="the room whose conventions the files follow (PS, GG, WMX, PTY, ... or "
        "'standard'; default: found from each file)",
    )
    # The filters, the same on files and on the database (pokerforge.histories.filters).
    for name, what in (
        ("kind", "only cash games or only tournaments: cash, tournament"),
        ("unit", "only hands in a currency (USD), chips or money"),
        ("stakes", "only hands at these stakes, as 0.50/1"),
        ("game", "only hands of a game: 'no-limit holdem', or the game alone"),
        ("room", "only hands of a room, by its code: PS, GG, ..."),
        ("since", "only hands from this day on, 2024-01-31 (the room's date)"),
        ("until", "only hands up to this day"),
        ("position", "only each player's hands at this position: BTN, CO, HJ, ..., SB, BB"),
    ):
        stats.add_argument(f"--{name}", help=what)

    imp = commands.add_parser(
        "import",
        help="store hand histories in a hand database",
        description="Read history files and folders of any room and format into a DuckDB "
        "hand database (docs/database.md): importing again adds only the new hands and "
        "passes over unchanged files; a file still being written is read up to its last "
        "whole hand. Needs pokerforge[db].",
    )
    imp.add_argument("files", nargs="+", metavar="FILE", help="history files or folders")
    imp.add_argument("--db", metavar="FILE", required=True, help="the database, hands.duckdb")
    imp.add_argument("--parquet", metavar="DIR", help="then write each table as DIR/TABLE.parquet")
    imp.add_argument("--site", metavar="CODE", help="read every hand as this room's")
    imp.add_argument(
        "--repair",
        action="store_true",
        help="infer from the replay the winnings of records that pay nobody in the hand",
    )
    imp.add_argument(
        "--workers", type=int, default=1, help="processes that read the files (default 1)"
    )
    imp.add_argument("--json", action="store_true", help="print the summary as JSON")


def import_command(args: argparse.Namespace) -> str | dict[str, Any]:
    """``pokerforge import``: the import's summary."""
    from pokerforge.histories.database import export_parquet, import_histories  # noqa: PLC0415
    from pokerforge.sim import Progress  # noqa: PLC0415

    bar: list[Progress] = []

    def advance(done: int, total: int) -> None:
        if not bar:
            bar.append(Progress(total, label="import"))
        bar[0].update(done, final=done == total)

    summary = import_histories(
        args.files,
        args.db,
        site=args.site,
        repair=args.repair,
        workers=args.workers,
        progress=advance,
    )
    written = export_parquet(args.db, args.parquet) if args.parquet else []
    if args.json:
        return {
            "files": summary.files,
            "unchanged": summary.unchanged,
            "added": summary.added,
            "already": summary.already,
            "pending": summary.pending,
            "refused": dict(summary.refused),
            "problems": summary.problems,
            "parquet": [str(p) for p in written],
        }
    lines = summary.lines() + [f"  {p}" for p in summary.problems[:5]]
    lines += [f"wrote {p}" for p in written]
    return "\n".join(lines)


def _history_files(paths: list[str]) -> list[Path]:
    out: list[Path] = []
    for item in paths:
        path = Path(item)
        if path.is_dir():
            out += sorted(p for p in path.rglob("*") if p.is_file())
        elif path.exists():
            out.append(path)
        else:
            raise PokerError(f"no such file or directory: {str(path)!r}")
    return out


def _rooms_summary(
    files: list[Path], args: argparse.Namespace, summary: Summary, where: HandFilter
) -> int:
    """Adds the hands of the files other than PHH (read by the rooms' readers) to
    ``summary``; returns how many files held no hand at all (a licence, notes)."""
    from pokerforge.histories.collection import FileSummary  # noqa: PLC0415
    from pokerforge.histories.rooms import RoomsReader  # noqa: PLC0415
    from pokerforge.histories.stats import Stats  # noqa: PLC0415

    site = None if args.site.lower() in ("auto", "standard") else args.site
    empty = 0
    for path in files:
        reader = RoomsReader(path, skip_bad=not args.strict, site=site, repair=args.repair)
        stats = Stats(track=[args.player] if args.player else [], where=where).update(reader)
        if reader.hands == 0 and dict(reader.causes) == {"no hand": 1}:
            empty += 1
            continue
        coverage = {code: counts.copy() for code, counts in reader.coverage.items()}
        summary.add(
            FileSummary(
                str(path),
                reader.hands,
                reader.skipped,
                reader.mismatches,
                reader.problems,
                stats,
                coverage,
            )
        )
    return empty


def stats_command(args: argparse.Namespace) -> str | dict[str, Any]:
    """``pokerforge stats``: the statistics as a table or JSON."""
    from pokerforge.files import write_file  # noqa: PLC0415
    from pokerforge.histories import SITES, summarize  # noqa: PLC0415
    from pokerforge.histories.database import database_stats, database_winnings  # noqa: PLC0415
    from pokerforge.histories.filters import FILTERS, HandFilter  # noqa: PLC0415
    from pokerforge.histories.graph import plot_winnings  # noqa: PLC0415
    from pokerforge.histories.rooms import RoomsReader  # noqa: PLC0415
    from pokerforge.sim import Progress  # noqa: PLC0415

    if args.graph and not args.player:
        raise PokerError("--graph needs --player NAME: whose winnings to draw")
    if args.workers < 1 or args.top < 1:
        raise PokerError("--workers and --top must be at least 1")
    filters = {k: getattr(args, k) for k in FILTERS}
    where = HandFilter(**filters)  # a day that is no date is named before any work
    if args.db is None:
        if not args.files:
            raise PokerError("name history files or folders, or a database with --db FILE")
        files = _history_files(args.files)
        phh = [f for f in files if f.suffix in _PHH]
        others = [f for f in files if f.suffix not in _PHH]
        progress = Progress(max(1, len(phh)), label="stats")
        done = [0]

        def advance(_: object) -> None:
            done[0] += 1
            progress.update(done[0], final=done[0] == len(phh))

        site = args.site.lower()
        if site not in ("auto", "standard"):
            RoomsReader(".", site=args.site)  # a code no reader knows is named before any work
        phh_site = None if site == "standard" else args.site if site.upper() in SITES else "auto"
        summary = summarize(
            phh,
            backend=args.backend,
            workers=args.workers,
            scheduler=args.scheduler,
            skip_bad=not args.strict,
            track=[args.player] if args.player else [],
            progress=advance,
            repair=args.repair,
            site=phh_site,
            where=where,
        )
        empty = _rooms_summary(others, args, summary, where)
        if not summary.files:
            raise PokerError(f"no hand histories in {' '.join(args.files)}")
        return _report(args, summary, empty)
    if args.files:
        raise PokerError("--db reads the database: name no files with it")
    stats = database_stats(args.db, **filters)
    if args.player is not None and args.player not in stats.players():
        raise PokerError(f"no hands of {args.player!r} in {args.db}")
    if args.graph:
        series = database_winnings(args.db, args.player, **filters)
        write_file(args.graph, lambda path: plot_winnings(series, path))
    counts = {"hands": stats.hands, "unknown_results": stats.unknown_results}
    if args.json:
        return {**counts, "players": json.loads(stats.to_json(player=args.player))["players"]}
    lines = [stats.table(player=args.player, by_position=bool(args.player), top=args.top), ""]
    lines.append(f"{stats.hands:,} hands in the database")
    return "\n".join(lines)


def _report(args: argparse.Namespace, summary: Summary, empty: int) -> str | dict[str, Any]:
    from pokerforge.files import write_file  # noqa: PLC0415

    stats = summary.stats
    if args.player is not None and args.player not in stats.players():
        # (an empty name too: it once reached the table and leaked its KeyError)
        raise PokerError(f"no hands of {args.player!r} in {summary.files} files")
    if args.graph:
        units = {(g.kind, g.unit) for g in stats.groups(args.player)}
        if len(units) > 1:
            names = ", ".join(f"{kind} in {unit}" for kind, unit in sorted(units))
            raise PokerError(
                f"{args.player!r} played {names}, which do not add up: filter one (--kind, --unit)"
            )
        write_file(args.graph, lambda path: stats.plot_winnings(args.player, path))
    counts = {
        "files": summary.files,
        "files_without_hands": empty,
        "hands": summary.hands,
        "bad_hands": summary.skipped,
        "disagreeing_records": summary.mismatches,
        "unknown_results": stats.unknown_results,
        "coverage": {site: dict(c) for site, c in sorted(summary.coverage.items())},
    }
    if args.json:
        out = json.loads(stats.to_json(player=args.player))
        return {**counts, "players": out["players"], "problems": summary.problems}
    lines = [stats.table(player=args.player, by_position=bool(args.player), top=args.top), ""]
    lines.append(
        f"{summary.hands:,} hands from {summary.files:,} files; {summary.skipped:,} bad hands "
        f"skipped ({summary.mismatches:,} disagree with their recorded results); "
        f"{stats.unknown_results:,} hands with a result the records do not give"
        + (f"; {empty:,} files with no hand history" if empty else "")
    )
    lines += [f"  {problem}" for problem in summary.problems[:5]]
    if summary.coverage:
        lines += ["", summary.coverage_table()]
    return "\n".join(lines)
