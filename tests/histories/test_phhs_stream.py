"""Streaming .phhs files: lazily, hand by hand; bad hands named with table, hand and line."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path

import pytest

from pokerforge.game.history import InvalidHistoryError
from pokerforge.histories import BadHandError, parse_table, phh_files, read_many, read_phhs
from pokerforge.histories.phhs import _tables

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10 reads TOML with the tomli backport
    import tomli as tomllib  # type: ignore[import-not-found, unused-ignore]

DATA = Path(__file__).parents[1] / "data" / "phh"
HANDHQ = DATA / "handhq_abs_100nlh.phhs"

GOOD = """variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
starting_stacks = [100, 100, 100]
actions = ['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'p3 f', 'p1 f']
"""


def test_the_fast_reader_reads_what_tomllib_reads() -> None:
    text = HANDHQ.read_text(encoding="utf-8")
    whole = tomllib.loads(text, parse_float=Decimal)
    for name, _, chunk in _tables(text.splitlines(keepends=True)):
        assert parse_table(chunk) == whole[name]


@pytest.mark.parametrize(
    "line",
    [
        "actions = [\n  'd dh p1 ????',  # a comment\n]",  # an array over lines
        'players = ["A \\"B\\"", "C"]',  # escapes
        "table = '''AMY'S AVE'''",  # a multi-line literal string
        "when = 2009-07-01",  # a date
    ],
)
def test_values_the_fast_reader_leaves_to_tomllib(line: str) -> None:
    assert parse_table(line.splitlines(keepends=True)) == tomllib.loads(
        line + "\n", parse_float=Decimal
    )


def test_bad_toml_is_named() -> None:
    with pytest.raises(InvalidHistoryError, match="not valid TOML"):
        parse_table(["antes = [0, 0"])


def _lines(count: int) -> Iterator[str]:
    """A .phhs file of ``count`` hands, made on the fly."""
    for k in range(1, count + 1):
        yield f"[{k}]\n"
        yield from GOOD.splitlines(keepends=True)
        yield "\n"


def test_streams_lazily() -> None:
    seen = []

    def lines() -> Iterator[str]:
        for line in _lines(1_000_000):
            seen.append(line)
            yield line

    reader = read_phhs(lines())
    first = next(iter(reader))
    assert first.table == "1" and first.hand.is_over
    assert len(seen) < 20  # one hand read, not a million


def test_a_bad_hand_names_file_table_hand_and_line() -> None:
    lines = list(_lines(3))
    lines[lines.index("[2]\n") + 5] = (
        "actions = ['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'p1 f']\n"
    )
    lines.insert(lines.index("[2]\n") + 1, "hand = 77\n")
    with pytest.raises(
        BadHandError,
        match=r"<lines> \[2\] \(hand 77\), from line 9: line 14: 'p1 f': it is p3's turn",
    ):
        list(read_phhs(lines))
    reader = read_phhs(lines, skip_bad=True)
    assert [r.table for r in reader] == ["1", "3"]
    assert (reader.hands, reader.skipped, reader.mismatches) == (2, 1, 0)


def test_a_single_hand_file_and_directories(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "one.phh").write_text(GOOD, encoding="utf-8")
    (tmp_path / "a" / "notes.txt").write_text("not a hand", encoding="utf-8")
    (tmp_path / "b.phhs").write_text("".join(_lines(3)), encoding="utf-8")
    files = phh_files([tmp_path])
    assert [f.name for f in files] == ["one.phh", "b.phhs"] or [f.name for f in files] == [
        "b.phhs",
        "one.phh",
    ]
    records = list(read_many([tmp_path]))
    assert len(records) == 4 and {r.table for r in records} == {None, "1", "2", "3"}
    with pytest.raises(FileNotFoundError, match="nowhere"):
        phh_files([tmp_path / "nowhere"])
