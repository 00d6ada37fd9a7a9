"""The import's fast reading of a room's hands stores what the replay of the hands' PHH
fields stores: every real file under tests/data, hand by hand, refusals (cause and
message) and the room's conventions included, on one process and on two."""

from __future__ import annotations

import shutil
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from pokerforge._core import phh_read, rooms_import, rooms_read
from pokerforge.histories import importing as importing_module
from pokerforge.histories import rooms as rooms_module
from pokerforge.histories.database import connect, import_histories
from pokerforge.histories.rooms import phh_doc

DATA = Path(__file__).parents[1] / "data"

# Each table hand by hand, in an order that does not depend on the order of the import.
QUERIES = {
    "hands": "SELECT * FROM hands ORDER BY room, hand",
    "players": "SELECT * FROM players ORDER BY room, hand, seat",
    "actions": "SELECT * FROM actions ORDER BY room, hand, seq",
    "refusals": "SELECT * FROM refusals ORDER BY ALL",
    "files": "SELECT path, size, mtime_ns, hands, refused, pending FROM files ORDER BY path",
}


def _files() -> Iterator[Path]:
    for folder in ("pokerstars", "rooms"):
        yield from sorted(p for p in (DATA / folder).rglob("*") if p.is_file())


def test_the_core_reads_each_hand_as_the_replay_reads_its_fields() -> None:
    read = problems = 0
    for path in _files():
        _, _, hands = rooms_read(path.read_bytes())
        for ok, entry in hands:
            if not ok or entry["variant"] is None:
                continue
            expected = phh_read(phh_doc(entry))
            assert entry["reading"] == expected, (path, entry["hand"])
            read += expected[0] is not None
            problems += expected[1] is not None
    assert read > 120


def test_the_core_replays_the_ordinary_hands_itself() -> None:
    # The hands the import's fast replay covers (Hold'em, no-limit and fixed-limit, blinds
    # only) are given as rows; the others as the fields the game layer replays.
    fast = 0
    for path in _files():
        _, _, hands, columns = rooms_import(path.read_bytes())
        replayed = [k for ok, k in hands if ok is None]
        assert replayed == list(range(len(columns["hands"]["hand"]))), path
        assert sum(columns["player_rows"]) == len(columns["players"]["seat"]), path
        assert sum(columns["action_rows"]) == len(columns["actions"]["seq"]), path
        fast += len(replayed)
    assert fast > 60


def _without_reading(data: bytes, room: str | None = None) -> Any:
    """``rooms_read`` as it was: the replay reads each hand's PHH fields itself."""
    detected, language, hands = rooms_read(data, room)
    for ok, entry in hands:
        if ok:
            entry["reading"] = None
    return detected, language, hands


def _replayed_by_the_game_layer(data: bytes, room: str | None = None) -> Any:
    """``rooms_import`` without the core's own replay: every hand as ``rooms_read`` gives
    it, its PHH fields replayed by the game layer."""
    return (*_without_reading(data, room), None)


def _tables(db: Path) -> dict[str, list[Any]]:
    with connect(db, read_only=True) as con:
        return {table: con.execute(sql).fetchall() for table, sql in QUERIES.items()}


@pytest.mark.slow  # every room's files imported three times: on 3.11 only
def test_the_import_stores_what_the_replay_of_the_fields_stores(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "hands"
    shutil.copytree(DATA / "pokerstars", folder / "pokerstars")
    shutil.copytree(DATA / "rooms", folder / "rooms")
    # The same hands in another file: stored once, whichever process reads them first.
    shutil.copy(DATA / "rooms" / "ggpoker" / "plo.txt", folder / "plo_again.txt")
    new, two = tmp_path / "new.duckdb", tmp_path / "two.duckdb"
    first = import_histories([folder], new)
    second = import_histories([folder], two, workers=2)
    with monkeypatch.context() as patch:
        patch.setattr(rooms_module, "rooms_read", _without_reading)
        patch.setattr(importing_module, "rooms_import", _replayed_by_the_game_layer)
        old = tmp_path / "old.duckdb"
        reference = import_histories([folder], old)
    for summary in (first, second):
        assert (summary.added, summary.already, summary.refused, summary.pending) == (
            reference.added,
            reference.already,
            reference.refused,
            reference.pending,
        )
    assert reference.added > 120 and sum(reference.refused.values()) > 5
    expected = _tables(old)
    assert any(row[22] is not None for row in expected["hands"])  # a room's convention noted
    for db in (new, two):
        got = _tables(db)
        for table, rows in expected.items():
            assert len(got[table]) == len(rows), table
            for have, want in zip(got[table], rows, strict=True):
                assert have == want, table


def _cash(number: int) -> str:
    """A three-handed PokerStars cash hand: Ann raises, both fold."""
    return f"""PokerStars Hand #{number}:  Hold'em No Limit ($0.50/$1 USD) - 2024/01/02 10:11:12 ET
Table 'Alpha' 6-max Seat #1 is the button
Seat 1: Ann ($100 in chips)
Seat 2: Bob ($80.50 in chips)
Seat 3: Cid ($120 in chips)
Bob: posts small blind $0.50
Cid: posts big blind $1
*** HOLE CARDS ***
Ann: raises $2 to $3
Bob: folds
Cid: folds
Uncalled bet ($2) returned to Ann
Ann collected $2.50 from pot
*** SUMMARY ***
Total pot $2.50 | Rake $0


"""


# Two worker processes (each importing pokerforge and DuckDB), the same on every Python: on
# 3.11 only in the test command.
@pytest.mark.parametrize("workers", [1, pytest.param(2, marks=pytest.mark.slow)])
def test_files_being_written_are_imported_again_on_workers(tmp_path: Path, workers: int) -> None:
    folder = tmp_path / "hands"
    folder.mkdir()
    db = tmp_path / "hands.duckdb"
    one, two = folder / "one.txt", folder / "two.txt"
    one.write_text(_cash(1) + _cash(2) + _cash(3)[:200], encoding="utf-8")
    two.write_text(_cash(10), encoding="utf-8")
    first = import_histories([folder], db, workers=workers)
    assert (first.added, first.already, first.pending) == (3, 0, 1)
    # Both files grow: the hands stored from each are passed over, the new ones added; a
    # hand already stored from the other file is stored once.
    one.write_text(_cash(1) + _cash(2) + _cash(3) + _cash(4), encoding="utf-8")
    two.write_text(_cash(10) + _cash(11) + _cash(4), encoding="utf-8")
    second = import_histories([folder], db, workers=workers)
    assert (second.added, second.already, second.pending, second.unchanged) == (3, 4, 0, 0)
    with connect(db, read_only=True) as con:
        stored = con.execute("SELECT hand, source FROM hands ORDER BY hand::INTEGER").fetchall()
    assert stored == [
        ("1", str(one)),
        ("2", str(one)),
        ("3", str(one)),
        ("4", str(one)),
        ("10", str(two)),
        ("11", str(two)),
    ]


def test_the_files_parts_come_in_order_whoever_reads_them(monkeypatch: pytest.MonkeyPatch) -> None:
    # The importing process reads the files not yet sent while the part it waits for is not
    # ready, then files sent but not begun; the parts come in the files' order all the
    # same, each file read once.
    here: list[int] = []

    def work(task: tuple[int, tuple[str, int, int]]) -> int:
        if threading.current_thread() is threading.main_thread():
            here.append(task[0])
        else:
            time.sleep(0.01)  # a worker slower than this process
        return task[0]

    monkeypatch.setattr(importing_module, "_work", work)
    for size in (1, importing_module._AHEAD):  # files sent all at once, or two at a time
        here.clear()
        tasks = [(k, ("file", size, 0)) for k in range(30)]
        with ThreadPoolExecutor(1) as pool:
            parts: list[Any] = list(importing_module._shared(pool, tasks, workers=1))
        assert parts == list(range(30))
        assert here and len(here) == len(set(here)) < 30
        assert 29 in here  # the last file: not begun by the worker when this one was free
