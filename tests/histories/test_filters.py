"""The filters by kind, unit, stakes, game, room, day and position: the hands read from
files and the hand database keep the same hands under each, and give the same figures."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from pokerforge.cli import main
from pokerforge.errors import InvalidSpecError
from pokerforge.histories import HandRecord, PlayerStats, Stats, read_histories
from pokerforge.histories.database import database_stats, database_winnings, import_histories
from pokerforge.histories.filters import FILTERS, HandFilter
from pokerforge.histories.hand_rows import hand_key

DATA = Path(__file__).parents[1] / "data"

# Each filter alone, and some together: every one keeps some hands and leaves others.
CASES = [
    HandFilter(kind="cash"),
    HandFilter(kind="tournament"),
    HandFilter(unit="EUR"),
    HandFilter(unit="money"),
    HandFilter(stakes="0.50/1"),
    HandFilter(game="no-limit holdem"),
    HandFilter(game="stud"),
    HandFilter(game="pot-limit omaha"),
    HandFilter(room="PS"),
    HandFilter(room="IPN"),
    HandFilter(since="2013-01-01"),
    HandFilter(until="2012-12-31"),
    HandFilter(since="2009-11-26", until="2009-11-26"),
    HandFilter(position="BTN"),
    HandFilter(position="BB"),
    HandFilter(kind="cash", unit="USD", game="no-limit holdem", position="CO"),
    HandFilter(room="PS", since="2012-01-01", until="2014-12-31", position="SB"),
]


def _unique(records: Iterator[HandRecord]) -> Iterator[HandRecord]:
    """The records as the database keeps them: the first of each room and hand number."""
    seen = set()
    for record in records:
        key = hand_key(record)
        if key not in seen:
            seen.add(key)
            yield record


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
        for name in PlayerStats.__dataclass_fields__:
            mine, theirs = getattr(row, name), getattr(other, name)
            if name in floats:
                assert (mine is None) == (theirs is None), (row, name)
                assert mine is None or mine == pytest.approx(theirs, rel=1e-9, abs=1e-9)
            else:
                assert mine == theirs and str(mine) == str(theirs), (row, name)
    assert (a.hands, a.unknown_results) == (b.hands, b.unknown_results)
    assert a.groups() == b.groups()


@pytest.fixture(scope="module")
def hands(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """Every room's files and the PokerStars files, and their hand database."""
    root = tmp_path_factory.mktemp("filters")
    folder = root / "hands"
    shutil.copytree(DATA / "rooms", folder / "rooms")
    shutil.copytree(DATA / "pokerstars", folder / "pokerstars")
    db = root / "hands.duckdb"
    import_histories([folder], db)
    return folder, db


@pytest.fixture(scope="module")
def records(hands: tuple[Path, Path]) -> list[HandRecord]:
    """The hands of those files as the database keeps them, read once for the module's
    tests (the records are frozen: no test can change what another reads)."""
    folder, _ = hands
    return list(_unique(iter(read_histories(folder, skip_bad=True))))


@pytest.mark.slow  # every room, the same on every Python: on 3.11 only
@pytest.mark.parametrize("where", CASES, ids=lambda w: ",".join(w.names()))
def test_files_and_database_keep_the_same_hands(
    hands: tuple[Path, Path], records: list[HandRecord], where: HandFilter
) -> None:
    _, db = hands
    everything = Stats().update(records)
    from_files = Stats(where=where).update(records)
    from_db = database_stats(db, **{name: getattr(where, name) for name in FILTERS})
    _same(from_files, from_db)
    # The filter chose: some hands (or players' seats) kept, not all.
    assert from_files.hands > 0
    seats = sum(r.hands for r in from_files.rows())
    assert seats < sum(r.hands for r in everything.rows())
    if where.position is not None:
        assert {r.position for r in from_files.rows(by_position=True)} == {"all", where.position}
    # The same hands, one by one: those the filter selects, counted with no filter.
    if where.position is None:
        _same(from_files, Stats().update(where.select(records)))


@pytest.mark.slow  # the same on every Python: on 3.11 only
def test_each_filter_keeps_what_it_names(records: list[HandRecord]) -> None:
    stud = Stats(where=HandFilter(game="stud", since="2009-11-26", until="2009-11-26"))
    # stud.txt: four hands of 2009/11/26.
    assert stud.update(records).hands == 4
    assert {g.game for g in stud.groups()} == {"fixed-limit stud"}
    cash = Stats(where=HandFilter(stakes="0.50/1", unit="USD")).update(records)
    assert {(g.kind, g.unit, g.stakes) for g in cash.groups()} == {("cash", "USD", "0.50/1")}
    ps = Stats(where=HandFilter(room="PS")).update(records)
    assert ps.hands == sum(1 for r in records if r.site == "PS")
    # A hand whose room wrote no time is kept only where no day is asked.
    undated = [r for r in records if not r.fields.get("_time")]
    assert undated and Stats(where=HandFilter(since="1990-01-01")).update(undated).hands == 0
    with pytest.raises(InvalidSpecError, match="'26/11/2009' is no date"):
        Stats(where=HandFilter(since="26/11/2009"))


@pytest.mark.slow  # the same on every Python: on 3.11 only
def test_winnings_at_a_position_from_files_and_database(
    hands: tuple[Path, Path], records: list[HandRecord]
) -> None:
    _, db = hands
    where = HandFilter(kind="cash", unit="USD", position="BTN")
    names = {name for record in records for name in record.players}
    stats = Stats(where=where, track=names).update(records)
    played = stats.players()
    assert len(played) > 10
    for player in played:
        mine = stats.winnings(player)
        theirs = database_winnings(db, player, kind="cash", unit="USD", position="BTN")
        # The database orders by time, the files as read: the same hands, the same totals.
        assert mine.hands == theirs.hands == stats.player(player).hands_with_result
        assert mine.net[-1] == theirs.net[-1] == stats.player(player).net
        assert mine.allin[-1] == theirs.allin[-1]
        assert mine.showdown[-1] == theirs.showdown[-1]


def _players(
    capsys: pytest.CaptureFixture[str], args: list[str]
) -> dict[tuple[str, ...], dict[str, Any]]:
    assert main([*args, "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)["players"]
    keys = ("player", "position", "kind", "unit", "stakes", "game")
    return {tuple(row[k] for k in keys): row for row in rows}


@pytest.mark.slow  # the same on every Python: on 3.11 only
def test_the_command_filters_files_as_the_database(
    hands: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    folder, db = hands
    filters = ["--room", "PS", "--kind", "cash", "--position", "BTN", "--since", "2010-01-01"]
    files = _players(capsys, ["stats", str(folder), *filters])
    stored = _players(capsys, ["stats", "--db", str(db), *filters])
    assert files.keys() == stored.keys() and len(files) > 4
    assert {key[1] for key in files} == {"all", "BTN"}
    for key, row in files.items():
        for name, value in row.items():
            if isinstance(value, float):
                assert value == pytest.approx(stored[key][name], rel=1e-9), (key, name)
            else:
                assert value == stored[key][name], (key, name)
    # A day that is no date is named before any file is read.
    assert main(["stats", str(folder), "--since", "yesterday"]) == 2
    assert "'yesterday' is no date" in capsys.readouterr().err


@pytest.mark.slow  # the same on every Python: on 3.11 only
def test_a_graph_of_cash_and_tournament_hands_chooses_by_kind(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "both"
    folder.mkdir()
    shutil.copy(DATA / "rooms" / "ggpoker" / "plo.txt", folder)
    shutil.copy(DATA / "rooms" / "ggpoker" / "holdem_tournament.txt", folder)
    player, png = "Hero", tmp_path / "w.png"
    stats = Stats().update(read_histories(folder, skip_bad=True))
    assert {g.kind for g in stats.groups(player)} == {"cash", "tournament"}
    assert main(["stats", str(folder), "--player", player, "--graph", str(png)]) == 2
    assert "filter one (--kind, --unit)" in capsys.readouterr().err
    assert not png.exists()
    for kind in ("cash", "tournament"):
        args = ["stats", str(folder), "--player", player, "--graph", str(png), "--kind", kind]
        assert main(args) == 0
        assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        png.unlink()
    capsys.readouterr()


@pytest.mark.slow  # worker processes: on 3.11 only
def test_phh_files_on_worker_processes_keep_the_same_hands(tmp_path: Path) -> None:
    from pokerforge.histories import summarize  # noqa: PLC0415

    folder = tmp_path / "phh"
    shutil.copytree(DATA / "phh", folder)
    db = tmp_path / "phh.duckdb"
    import_histories([folder], db)
    for where in (HandFilter(position="BTN", game="no-limit holdem"), HandFilter(room="PHH")):
        records = list(_unique(iter(read_histories(folder, skip_bad=True))))
        inline = Stats(where=where).update(records)
        workers = summarize([folder], where=where, backend="processes", workers=2).stats
        assert 0 < inline.hands < len(records)
        assert workers.table(by_position=True) == inline.table(by_position=True)
        _same(inline, database_stats(db, **{name: getattr(where, name) for name in FILTERS}))
