"""The hand database: import, re-import, files still being written, the schema read with
SQL, Parquet, and statistics from the database equal to those from the files."""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path

import duckdb
import pandas as pd
import polars as pl
import pytest

from pokerforge.cli import main
from pokerforge.errors import InvalidSpecError
from pokerforge.histories import HandRecord, PlayerStats, Stats, read_histories
from pokerforge.histories.database import (
    connect,
    database_stats,
    export_parquet,
    import_histories,
)
from pokerforge.histories.groups import Group
from pokerforge.histories.hand_rows import hand_key

DATA = Path(__file__).parents[1] / "data"
ROOMS = DATA / "rooms"
CASH = Group("cash", "USD", "0.50/1", "no-limit holdem")
CHIPS = Group("tournament", "chips", "", "no-limit holdem")


def _cash(number: int, raise_to: str = "3") -> str:
    """A three-handed PokerStars cash hand: Ann raises, both fold; Ann wins the blinds."""
    back = Decimal(raise_to) - 1
    return f"""PokerStars Hand #{number}:  Hold'em No Limit ($0.50/$1 USD) - 2024/01/02 10:11:12 ET
Table 'Alpha' 6-max Seat #1 is the button
Seat 1: Ann ($100 in chips)
Seat 2: Bob ($80.50 in chips)
Seat 3: Cid ($120 in chips)
Bob: posts small blind $0.50
Cid: posts big blind $1
*** HOLE CARDS ***
Ann: raises ${back} to ${raise_to}
Bob: folds
Cid: folds
Uncalled bet (${back}) returned to Ann
Ann collected $2.50 from pot
*** SUMMARY ***
Total pot $2.50 | Rake $0


"""


def _tournament(number: int) -> str:
    """The same hand in a tournament, in chips."""
    head = (
        f"PokerStars Hand #{number}: Tournament #555, $10+$1 USD Hold'em No Limit - "
        "Level I (10/20) - 2024/01/03 10:00:00 ET\n"
    )
    return (
        head
        + """Table '555 1' 9-max Seat #1 is the button
Seat 1: Ann (1500 in chips)
Seat 2: Bob (1500 in chips)
Seat 3: Cid (1500 in chips)
Bob: posts small blind 10
Cid: posts big blind 20
*** HOLE CARDS ***
Ann: raises 40 to 60
Bob: folds
Cid: folds
Uncalled bet (40) returned to Ann
Ann collected 50 from pot
*** SUMMARY ***
Total pot 50 | Rake 0


"""
    )


def _unique(records: Iterator[HandRecord]) -> Iterator[HandRecord]:
    """The records as the database keeps them: the first of each room and hand number."""
    seen = set()
    for record in records:
        key = hand_key(record)
        if key not in seen:
            seen.add(key)
            yield record


def test_import_then_import_again_adds_nothing(tmp_path: Path) -> None:
    db = tmp_path / "hands.duckdb"
    first = import_histories([ROOMS], db)
    reader = read_histories(ROOMS, skip_bad=True)
    records = list(reader)
    stored = len(set(map(hand_key, records)))
    assert first.added == stored > 100
    # partypoker/omaha.txt holds two different hands numbered 1458965856: the first is kept.
    assert first.already == len(records) - first.added == 1
    files = sum(1 for p in ROOMS.rglob("*") if p.is_file())
    assert first.files == files and first.unchanged == 0
    again = import_histories([ROOMS], db)
    assert (again.added, again.already, again.unchanged, sum(again.refused.values())) == (
        0,
        0,
        files,
        0,
    )
    # A file changed (its time of change) is read again: its hands are had already.
    touched = ROOMS / "ggpoker" / "plo.txt"
    copy = tmp_path / "copy"
    shutil.copytree(ROOMS, copy)
    import_histories([copy], db)  # the copies' own files rows; their hands are stored
    os.utime(copy / "ggpoker" / "plo.txt", ns=(1, 1))
    third = import_histories([copy], db)
    assert (third.added, third.already, third.unchanged) == (0, 4, files - 1)
    assert touched.exists()
    with connect(db, read_only=True) as con:
        assert con.execute("SELECT COUNT(*) FROM hands").fetchone() == (stored,)


@pytest.mark.slow  # every room, the same on every Python: on 3.11 only
def test_every_hand_is_counted_room_by_room(tmp_path: Path) -> None:
    for folder in sorted(p for p in ROOMS.iterdir() if p.is_dir()):
        db = tmp_path / f"{folder.name}.duckdb"
        summary = import_histories([folder], db)
        reader = read_histories(folder, skip_bad=True)
        keys = {hand_key(r) for r in reader}
        assert summary.added == len(keys), folder.name
        refused = sum(summary.refused.values())
        total = summary.added + summary.already + refused + summary.pending
        assert total == reader.hands + reader.skipped, folder.name
        with connect(db, read_only=True) as con:
            rooms = dict(con.execute("SELECT room, COUNT(*) FROM hands GROUP BY room").fetchall())
            assert sum(rooms.values()) == len(keys)
            assert set(rooms) == set(reader.rooms), folder.name
            stored = con.execute("SELECT COUNT(*) FROM refusals").fetchone()
            assert stored == (refused,), folder.name


@pytest.mark.slow  # the same on every Python: on 3.11 only
def test_refusals_are_counted_by_cause(tmp_path: Path) -> None:
    # cut_off.txt: two hands cut off, then two whole ones (a hand cut off before others
    # is refused: only a file's last hand may still be being written).
    summary = import_histories([ROOMS / "pokerstars" / "cut_off.txt"], tmp_path / "h.duckdb")
    assert (summary.added, dict(summary.refused), summary.pending) == (2, {"cut off": 2}, 0)
    assert "2 hands refused: cut off 2" in summary.lines()
    with connect(tmp_path / "h.duckdb", read_only=True) as con:
        rows = con.execute("SELECT hand, cause, message FROM refusals ORDER BY hand").fetchall()
    assert [row[:2] for row in rows] == [("112824184047", "cut off"), ("112824228684", "cut off")]
    assert all("cut off" in row[2] for row in rows)


@pytest.mark.slow  # the same on every Python: on 3.11 only
def test_a_file_being_written_is_read_to_its_last_whole_hand(tmp_path: Path) -> None:
    db = tmp_path / "hands.duckdb"
    path = tmp_path / "table.txt"
    text = _cash(1) + _cash(2)
    third = _cash(3)
    path.write_text(text + third[:200], encoding="utf-8")  # the third hand half written
    first = import_histories([tmp_path], db)
    assert (first.added, first.pending, sum(first.refused.values())) == (2, 1, 0)
    path.write_text(text + third + _cash(4), encoding="utf-8")
    second = import_histories([tmp_path], db)
    assert (second.added, second.already, second.pending) == (2, 2, 0)
    with connect(db, read_only=True) as con:
        assert con.execute("SELECT hand FROM hands ORDER BY hand").fetchall() == [
            ("1",),
            ("2",),
            ("3",),
            ("4",),
        ]


@pytest.mark.slow  # the same on every Python: on 3.11 only
def test_the_schema_read_with_sql(tmp_path: Path) -> None:
    (tmp_path / "hands.txt").write_text(_cash(1001) + _tournament(1002), encoding="utf-8")
    db = tmp_path / "hands.duckdb"
    import_histories([tmp_path], db)
    with connect(db, read_only=True) as con:
        hands = con.execute(
            "SELECT room, hand, kind, tournament, game, betting, stakes, unit, currency, "
            "big_blind, bb, played_at::VARCHAR, table_name, players, rake FROM hands "
            "ORDER BY hand"
        ).fetchall()
        assert hands == [
            ("PS", "1001", "cash", None, "holdem", "no-limit", "0.50/1", "USD", "USD",
             Decimal(1), Decimal(1), "2024-01-02 10:11:12", "Alpha", 3, Decimal(0)),
            ("PS", "1002", "tournament", "555", "holdem", "no-limit", "", "chips", None,
             Decimal(20), Decimal(20), "2024-01-03 10:00:00", "555 1", 3, Decimal(0)),
        ]  # fmt: skip
        players = con.execute(
            "SELECT seat, position, player, stack, net, net_bb, vpip, pfr FROM players "
            "WHERE hand = '1001' ORDER BY seat"
        ).fetchall()
        assert players == [
            (1, "BTN", "Ann", Decimal(100), Decimal("1.5"), 1.5, 1, 1),
            (2, "SB", "Bob", Decimal("80.5"), Decimal("-0.5"), -0.5, 0, 0),
            (3, "BB", "Cid", Decimal(120), Decimal(-1), -1.0, 0, 0),
        ]
        actions = con.execute(
            "SELECT seq, street, seat, player, action, amount, total FROM actions "
            "WHERE hand = '1001' ORDER BY seq"
        ).fetchall()
        assert actions == [
            (0, "preflop", 2, "Bob", "post", Decimal("0.5"), None),
            (1, "preflop", 3, "Cid", "post", Decimal(1), None),
            (2, "preflop", 1, "Ann", "raise", Decimal(3), Decimal(3)),
            (3, "preflop", 2, "Bob", "fold", None, None),
            (4, "preflop", 3, "Cid", "fold", None, None),
            (5, "preflop", 1, "Ann", "return", Decimal(2), None),
        ]


@pytest.mark.slow  # every room, the same on every Python: on 3.11 only
def test_every_stored_hand_balances(tmp_path: Path) -> None:
    # What the players won and lost, with the rake, adds up to what the room added to the
    # pot (nothing, but in three hands) in every hand with a known result, in every
    # room's files; and each hand's players are its seats.
    db = tmp_path / "hands.duckdb"
    import_histories([ROOMS, DATA / "pokerstars"], db)
    with connect(db, read_only=True) as con:
        off = con.execute(
            "SELECT h.room, h.hand, SUM(p.net) + h.rake - h.added, COUNT(*), h.players "
            "FROM hands h JOIN players p USING (room, hand) WHERE h.result_known "
            "GROUP BY h.room, h.hand, h.rake, h.added, h.players "
            "HAVING SUM(p.net) + h.rake - h.added <> 0 OR COUNT(*) <> h.players"
        ).fetchall()
        assert off == []
        added = con.execute("SELECT room, added FROM hands WHERE added <> 0 ORDER BY 1, 2")
        assert [(room, str(chips)) for room, chips in added.fetchall()] == [
            ("GG", "0.200000"),
            ("RIO", "0.500000"),
            ("RIO", "5.000000"),
        ]
        streets = con.execute("SELECT DISTINCT street FROM actions ORDER BY 1").fetchall()
        assert {s for (s,) in streets} >= {"preflop", "flop", "turn", "river", "third street"}


@pytest.mark.slow  # the same on every Python: on 3.11 only
def test_parquet_reads_in_pandas_polars_and_duckdb(tmp_path: Path) -> None:
    db = tmp_path / "hands.duckdb"
    import_histories([ROOMS], db)
    written = export_parquet(db, tmp_path / "parquet")
    assert sorted(p.name for p in written) == [
        "actions.parquet",
        "hands.parquet",
        "players.parquet",
        "refusals.parquet",
    ]
    with connect(db, read_only=True) as con:
        counts = {
            t: con.execute(f"SELECT COUNT(*) FROM {t}").fetchone()[0]
            for t in ("hands", "players", "actions")
        }
    for table, count in counts.items():
        path = tmp_path / "parquet" / f"{table}.parquet"
        assert len(pd.read_parquet(path)) == count
        assert pl.read_parquet(path).height == count
        assert duckdb.execute(f"SELECT COUNT(*) FROM '{path}'").fetchone() == (count,)
    frame = pd.read_parquet(tmp_path / "parquet" / "hands.parquet")
    assert set(frame["room"]) >= {"PS", "GG", "WMX", "888", "PTY", "IPN", "MRG", "BOV", "FTP"}


def _same(a: Stats, b: Stats) -> None:
    rows_a = list(a.rows(by_position=True))
    rows_b = {
        (r.player, r.position, r.kind, r.unit, r.stakes, r.game): r
        for r in b.rows(by_position=True)
    }
    assert len(rows_a) == len(rows_b)
    floats = ("bb_per_100", "bb_per_100_se", "allin_bb_per_100")
    for row in rows_a:
        other = rows_b[(row.player, row.position, row.kind, row.unit, row.stakes, row.game)]
        # Every figure: the counts' ratios and the amounts exactly, the sums of floats
        # (added in another order) to rounding.
        for name in PlayerStats.__dataclass_fields__:
            mine, theirs = getattr(row, name), getattr(other, name)
            if name in floats:
                assert (mine is None) == (theirs is None), (row, name)
                assert mine is None or mine == pytest.approx(theirs, rel=1e-9, abs=1e-9)
            else:
                assert mine == theirs and str(mine) == str(theirs), (row, name)
    assert (a.hands, a.unknown_results) == (b.hands, b.unknown_results)
    assert a.groups() == b.groups()


@pytest.mark.slow  # every room, the same on every Python: on 3.11 only
def test_statistics_from_the_database_equal_those_from_the_files(tmp_path: Path) -> None:
    folder = tmp_path / "hands"
    shutil.copytree(ROOMS, folder / "rooms")
    shutil.copytree(DATA / "phh", folder / "phh")
    db = tmp_path / "hands.duckdb"
    import_histories([folder], db)
    from_files = Stats().update(_unique(iter(read_histories(folder, skip_bad=True))))
    from_db = database_stats(db)
    _same(from_files, from_db)
    assert len(from_db.groups()) > 10
    # The table printed is the same too.
    assert from_db.table(by_position=True) == from_files.table(by_position=True)
    # A filter keeps the hands of its group.
    usd = database_stats(db, kind="cash", unit="USD", game="no-limit holdem")
    assert {(g.kind, g.unit, g.game) for g in usd.groups()} == {("cash", "USD", "no-limit holdem")}
    stud = database_stats(db, game="stud", since="2009-11-26", until="2009-11-26")
    # stud.txt: four hands of 2009/11/26 (the one without a written bring-in takes it from
    # another hand of its file).
    assert stud.hands == 4 and {g.game for g in stud.groups()} == {"fixed-limit stud"}
    with pytest.raises(InvalidSpecError, match="'26/11/2009' is no date"):
        database_stats(db, since="26/11/2009")


@pytest.mark.slow  # the same on every Python: on 3.11 only
def test_cash_and_tournament_are_kept_apart(tmp_path: Path) -> None:
    (tmp_path / "hands.txt").write_text(
        _cash(1, "3") + _cash(2, "4") + _tournament(3), encoding="utf-8"
    )
    stats = Stats().update(read_histories(tmp_path))
    assert stats.groups("Ann") == [CASH, CHIPS]
    with pytest.raises(InvalidSpecError, match="'Ann' played cash in USD, tournament in chips"):
        stats.player("Ann")
    cash, chips = stats.player("Ann", group=CASH), stats.player("Ann", group=CHIPS)
    assert (cash.hands, cash.net, cash.bb_per_100) == (2, Decimal("3.00"), 150.0)
    assert (chips.hands, chips.net, chips.bb_per_100) == (1, Decimal(30), 150.0)
    assert (chips.kind, chips.unit, chips.stakes) == ("tournament", "chips", "")
    table = stats.table()
    assert table.startswith("cash · USD · 0.50/1 · no-limit holdem\n")
    assert "\n\ntournament · chips · no-limit holdem\n" in table
    db = tmp_path / "hands.duckdb"
    import_histories([tmp_path], db)
    _same(stats, database_stats(db))
    only = database_stats(db, kind="tournament")
    assert only.player("Ann").net == Decimal(30) and only.hands == 1


@pytest.mark.slow  # the same on every Python: on 3.11 only
def test_a_mixed_folder_with_the_commands(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "mixed"
    folder.mkdir()
    shutil.copy(DATA / "phh" / "handhq_pty_25nlh.phhs", folder)
    shutil.copy(ROOMS / "ggpoker" / "plo.txt", folder / "gg.txt")
    shutil.copy(ROOMS / "ipoker" / "omaha_session.xml", folder)
    shutil.copy(DATA / "phh" / "LICENSE.phh-dataset", folder)
    (folder / "stars.txt").write_text(_cash(1) + _tournament(2), encoding="utf-8")
    assert main(["stats", str(folder), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert (out["files"], out["files_without_hands"]) == (4, 1)
    assert out["hands"] == 30 + 4 + 10 + 2
    assert {r["unit"] for r in out["players"]} == {"USD", "EUR", "chips"}
    assert out["coverage"] == {
        "GG": {"read": 4},
        "IPN": {"read": 10},
        "PS": {"read": 2},
        "PTY": {"read": 30},
    }
    # One room's file alone (once "not valid TOML"), and a folder of no history.
    assert main(["stats", str(folder / "stars.txt"), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["hands"] == 2
    empty = tmp_path / "empty"
    empty.mkdir()
    (empty / "notes.txt").write_text("nothing here\n", encoding="utf-8")
    assert main(["stats", str(empty)]) == 2
    assert f"no hand histories in {empty}" in capsys.readouterr().err
    db = str(tmp_path / "hands.duckdb")
    assert main(["import", str(folder), "--db", db, "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert (summary["added"], summary["refused"]) == (46, {"no hand": 1})
    assert main(["stats", "--db", db, "--json"]) == 0
    from_db = json.loads(capsys.readouterr().out)
    assert from_db["hands"] == 46
    by_key = {
        (r["player"], r["position"], r["unit"], r["stakes"], r["game"]): r for r in out["players"]
    }
    for row in from_db["players"]:
        mine = by_key[(row["player"], row["position"], row["unit"], row["stakes"], row["game"])]
        assert (row["hands"], Decimal(row["net"]), row["vpip"]) == (
            mine["hands"],
            Decimal(mine["net"]),
            mine["vpip"],
        )


@pytest.mark.slow  # the same on every Python: on 3.11 only
def test_bad_requests_name_the_problem(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = str(tmp_path / "none.duckdb")
    cases = [
        (["stats", "--db", db], "no hand database at"),
        (["stats", str(ROOMS), "--since", "26/11/2009"], "'26/11/2009' is no date"),
        (["stats"], "name history files or folders, or a database"),
        (["import", "/nowhere/at/all", "--db", db], "no such file or folder: '/nowhere"),
        (["import", str(ROOMS), "--db", db, "--site", "XYZ"], "'XYZ' is not a site code"),
    ]
    # The machine's failure, not the input's: exit 1.
    assert main(["import", str(ROOMS), "--db", "/nowhere/at/all.duckdb"]) == 1
    assert "cannot open the database '/nowhere/at/all.duckdb'" in capsys.readouterr().err
    for args, message in cases:
        assert main(args) == 2, args
        err = capsys.readouterr().err
        assert err.startswith("pokerforge: error:") and message in err, (args, err)
        assert err.count("\n") == 1


@pytest.mark.slow  # the same on every Python: on 3.11 only
def test_read_histories_forces_a_room(tmp_path: Path) -> None:
    # A skin writing PokerStars' layout under another name would be read by force; here
    # PokerStars' hands forced to be read as 888's layout are refused by that reader.
    (tmp_path / "hands.txt").write_text(_cash(1), encoding="utf-8")
    assert [r.site for r in read_histories(tmp_path, site="ps")] == ["PS"]
    reader = read_histories(tmp_path, site="888", skip_bad=True)
    assert list(reader) == [] and reader.skipped == 1
    with pytest.raises(InvalidSpecError, match="'XYZ' is not a site code"):
        read_histories(tmp_path, site="XYZ")
    # repair= reaches the PHH files read among the others.
    ipn = DATA / "phh" / "handhq_ipn_100nlh.phhs"
    assert read_histories(ipn, repair=True).repaired == 0  # iterated below
    repaired = read_histories(ipn, repair=True, skip_bad=True)
    assert len(list(repaired)) == repaired.hands


@pytest.mark.slow  # every room, the same on every Python: on 3.11 only
def test_workers_store_what_one_process_stores(tmp_path: Path) -> None:
    folder = tmp_path / "hands"
    shutil.copytree(ROOMS, folder / "rooms")
    shutil.copytree(DATA / "pokerstars", folder / "pokerstars")
    shutil.copy(DATA / "phh" / "handhq_pty_25nlh.phhs", folder)
    # The same hands twice, in another file: stored once, whichever worker reads them.
    shutil.copy(ROOMS / "ggpoker" / "plo.txt", folder / "plo_again.txt")
    one, two = tmp_path / "one.duckdb", tmp_path / "two.duckdb"
    first = import_histories([folder], one)
    second = import_histories([folder], two, workers=2)
    assert (first.added, first.already, first.refused, first.pending) == (
        second.added,
        second.already,
        second.refused,
        second.pending,
    )
    assert first.already == 1 + 4
    query = {
        "hands": "SELECT * EXCLUDE (source) FROM hands ORDER BY room, hand",
        "players": "SELECT * FROM players ORDER BY room, hand, seat",
        "actions": "SELECT * FROM actions ORDER BY room, hand, seq",
        "refusals": "SELECT * FROM refusals ORDER BY ALL",
        "files": "SELECT * FROM files ORDER BY path",
    }
    with connect(one, read_only=True) as a, connect(two, read_only=True) as b:
        for table, sql in query.items():
            assert a.execute(sql).fetchall() == b.execute(sql).fetchall(), table
    again = import_histories([folder], two, workers=2)
    assert (again.added, again.unchanged) == (0, first.files)
    with pytest.raises(InvalidSpecError, match="workers must be at least 1, not 0"):
        import_histories([folder], two, workers=0)


@pytest.mark.slow  # the same on every Python: on 3.11 only
def test_a_hand_kept_as_the_room_paid_it_says_why(tmp_path: Path) -> None:
    db = tmp_path / "hands.duckdb"
    import_histories([ROOMS / "bovada" / "rake_per_pot.txt"], db)
    with connect(db, read_only=True) as con:
        (why,) = con.execute("SELECT site_convention FROM hands").fetchone()
    assert "118.42 in the record, 118.00 in the replay" in why
