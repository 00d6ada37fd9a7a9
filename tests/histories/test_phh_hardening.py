"""Hostile PHH text (issue 27): numbers too large for the arithmetic, a very long table,
and text the standard TOML reader refuses. Each is a named error for the one hand it is in,
read the same way by both entry points: :func:`~pokerforge.game.loads_phh` (the standard
reader) and :func:`~pokerforge.histories.read_phhs` (the core's fast reader)."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest

from pokerforge._core import phh_fields
from pokerforge.errors import InvalidHistoryError
from pokerforge.game import loads_phh
from pokerforge.game.history import toml_fields
from pokerforge.histories import BadHandError, phhs, read_phhs, read_pokerstars
from pokerforge.money import MAX_CHIPS

HAND = """variant = 'NT'
antes = [0, 0]
blinds_or_straddles = [1, 2]
starting_stacks = {stacks}
actions = ['d dh p1 ????', 'd dh p2 ????', 'p2 f']
"""
GOOD = HAND.format(stacks="[200, 200]")


def _lines(text: str) -> list[str]:
    """The lines of ``text`` as a file opened with ``newline="\\n"`` gives them: cut at
    ``\\n`` only (``str.splitlines`` also cuts at ``\\r`` and other separators)."""
    return list(io.StringIO(text, newline="\n"))


def _file(*hands: str) -> list[str]:
    return _lines("".join(f"[{k + 1}]\n{hand}" for k, hand in enumerate(hands)))


@pytest.mark.parametrize(
    "stacks",
    [
        "[1e999999999, 200]",  # decimal.Overflow, out of both readers
        "[1.5e999999999, 200]",
        "[1e100000000000000000000, 200]",  # decimal.InvalidOperation, out of tomllib
        "[1e19, 200]",
        f"[{MAX_CHIPS + 1}, 200]",
        f"[{MAX_CHIPS + 1}.5, 200]",
        "[" + "9" * 5000 + ", 200]",  # ValueError: more digits than Python converts
        "[1" + "0" * 5000 + ".0, 200]",
    ],
)
def test_numbers_beyond_the_arithmetic_are_named_errors(stacks: str) -> None:
    text = HAND.format(stacks=stacks)
    with pytest.raises(InvalidHistoryError) as caught:
        loads_phh(text)
    assert type(caught.value) is InvalidHistoryError
    message = str(caught.value)
    assert "out of range" in message or "chips" in message or "TOML" in message, message
    # In a file, only that hand is skipped: the hands around it are read.
    reader = read_phhs(_file(GOOD, text, GOOD), skip_bad=True)
    assert [record.hand.starting_stacks for record in reader] == [(200, 200), (200, 200)]
    assert reader.skipped == 1
    with pytest.raises(BadHandError, match=r"\[2\]"):
        list(read_phhs(_file(GOOD, text, GOOD)))


def test_the_largest_amount_still_reads() -> None:
    hand = loads_phh(HAND.format(stacks=f"[{MAX_CHIPS}, 200]"))
    assert hand.starting_stacks == (MAX_CHIPS, 200)
    [record] = read_phhs(_file(HAND.format(stacks=f"[{MAX_CHIPS}, 200]")))
    assert record.hand.starting_stacks == (MAX_CHIPS, 200)
    cents = loads_phh(HAND.format(stacks="[92233720368547758.07, 200]"))
    assert cents.starting_stacks == (MAX_CHIPS, 20_000)


def test_a_bet_beyond_the_arithmetic_is_named() -> None:
    text = GOOD.replace("'p2 f'", "'p2 cbr 1e999999999'")
    with pytest.raises(InvalidHistoryError, match="more than 9223372036854775807 chips"):
        loads_phh(text)
    reader = read_phhs(_file(text, GOOD), skip_bad=True)
    assert len(list(reader)) == 1 and reader.skipped == 1


def test_infinite_stacks_are_unknown_and_other_infinities_named() -> None:
    # `inf` is a stack the room did not record (issue 28): both readers play it.
    hand = loads_phh(HAND.format(stacks="[inf, 200]"))
    [record] = read_phhs(_file(HAND.format(stacks="[inf, 200]")))
    assert hand.net == record.hand.net == (1, -1)  # p2, the small blind, folds
    assert not record.stacks_known
    for stacks in ("[-inf, 200]", "[nan, 200]", "[200, -inf]"):
        with pytest.raises(InvalidHistoryError, match="is not a whole number of chips above 0"):
            loads_phh(HAND.format(stacks=stacks))
        reader = read_phhs(_file(HAND.format(stacks=stacks)), skip_bad=True)
        assert list(reader) == [] and reader.skipped == 1


def test_arrays_nested_past_the_recursion_limit_are_named() -> None:
    text = GOOD + "extra = " + "[" * 5000 + "]" * 5000 + "\n"
    with pytest.raises(InvalidHistoryError, match="nested too deep"):
        loads_phh(text)
    reader = read_phhs(_file(text, GOOD), skip_bad=True)
    assert len(list(reader)) == 1 and reader.skipped == 1


# Text the standard reader refuses, each at a place where the fast reader used to read it:
# control characters in strings and comments, Unicode white space around keys and values,
# a carriage return that ends no line.
REFUSED = [
    GOOD.replace("'NT'", "'N\x01T'"),
    GOOD.replace("'NT'", "'NT\x7f'"),
    GOOD.replace("'p2 f'", "'p2\x0bf'"),
    GOOD.replace("'p2 f'", "'p2 f\x1f'"),
    GOOD.replace("variant =", "variant\u3000="),
    GOOD.replace("= [0, 0]", "=\u00a0[0, 0]"),
    GOOD.replace("[1, 2]", "[1,\u20032]"),
    GOOD.replace("\nactions", "\n\u0085actions"),
    GOOD.replace("\nactions", "\n\x0c\nactions"),
    GOOD.replace("\nactions", "\n\ractions"),
    GOOD.replace("\nactions", "\n# a comment\x00\nactions"),
    GOOD + "\x1c\n",
]
# ... and what both read: tabs, CRLF line ends, Unicode in strings.
ACCEPTED = [
    GOOD.replace(" = ", "\t=\t"),
    GOOD.replace("\n", "\r\n"),
    GOOD + "players = ['Ann\u3000Lee', 'B\tob']\n",
    GOOD + "# a comment with \u00e9 and \t\n",
]


def _fast(text: str) -> Any:
    reader = read_phhs(_lines(text), skip_bad=True)
    records = list(reader)
    if reader.skipped:
        return InvalidHistoryError
    [record] = records
    return record.hand.starting_stacks, record.hand.payouts, record.fields


def _standard(text: str) -> Any:
    try:
        hand = loads_phh(text)
    except InvalidHistoryError:
        return InvalidHistoryError
    return hand.starting_stacks, hand.payouts, toml_fields(text)


@pytest.mark.parametrize("text", REFUSED + ACCEPTED)
def test_both_entry_points_agree(text: str) -> None:
    standard = _standard(text)
    assert (standard is InvalidHistoryError) == (text in REFUSED)
    assert _fast(text) == standard


def test_the_fast_reader_leaves_refused_text_to_the_standard_one() -> None:
    for text in REFUSED:
        assert phh_fields(text) is None, repr(text)
    for text in ACCEPTED:
        assert phh_fields(text) is not None, repr(text)


def _counted(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The characters handed to the core's table cutter, one entry per call."""
    sizes: list[int] = []
    cut, ask = phhs.phh_tables, phhs.phh_has_header

    def tables(text: str, first_line: int = 1, last: bool = True) -> Any:
        sizes.append(len(text))
        return cut(text, first_line, last)

    def has_header(text: str) -> bool:
        sizes.append(len(text))
        return ask(text)

    monkeypatch.setattr(phhs, "phh_tables", tables)
    monkeypatch.setattr(phhs, "phh_has_header", has_header)
    return sizes


@pytest.mark.parametrize("line_length", [80, 3_000_000])
def test_a_long_table_is_read_in_time_linear_in_its_length(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Any, line_length: int
) -> None:
    """Issue 27: the open table was joined to each new block and cut again, so a table of
    B blocks was cut B times (32 MB: 9.6 s, 128 MB: 186 s). Counted, not timed: the text
    handed to the core adds up to a small multiple of the file's size, also for one line
    longer than a block."""
    comment = "# " + "x" * (line_length - 3) + "\n"
    lines = (8 << 20) // line_length
    path = tmp_path / "long.phhs"
    path.write_text("[1]\n" + GOOD + comment * lines + "[2]\n" + GOOD, encoding="utf-8")
    size = len(path.read_text(encoding="utf-8"))
    sizes = _counted(monkeypatch)
    records = list(read_phhs(path))
    assert [r.hand.starting_stacks for r in records] == [(200, 200), (200, 200)]
    assert records[0].fields == records[1].fields
    assert sum(sizes) <= 3 * size, (sum(sizes), size)


def test_lines_in_pieces_are_cut_as_whole_text() -> None:
    """Blocks that cut lines and tables anywhere give the tables the whole text gives."""
    text = "".join(_file(GOOD, GOOD.replace("200]", "300]"), "# note\n" * 50 + GOOD))
    whole = list(phhs._read_tables([text]))
    for size in (1, 7, 64, 997):
        blocks = [text[at : at + size] for at in range(0, len(text), size)]
        assert list(phhs._read_tables(blocks)) == whole
    assert [name for name, *_ in whole] == ["1", "2", "3"]


# A short hand of ours, also the PokerStars fuzz target's seed.
STARS = (Path(__file__).parent.parent / "data" / "pokerstars" / "three_handed_fold.txt").read_text(
    encoding="utf-8"
)


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("($0.01/", "($0.0.0.01/"),  # decimal.InvalidOperation (found by the fuzz targets)
        ("Seat 1: Ann ($2 in", "Seat 1: Ann ($2" + "0" * 5000 + " in"),  # ValueError
        ("Seat 2: Bob", "Seat " + "2" * 5000 + ": Bob"),
        ("Hand #1001", "Hand #" + "1" * 5000),
    ],
)
def test_pokerstars_numbers_that_are_no_numbers_are_named(old: str, new: str) -> None:
    text = STARS.replace(old, new, 1)
    assert text != STARS
    reader = read_pokerstars(_lines(STARS + "\n\n" + text + "\n\n" + STARS), skip_bad=True)
    assert len(list(reader)) == 2
    assert reader.skipped == 1


def test_a_byte_that_is_no_utf8_spoils_only_its_hand_when_skipping(tmp_path: Path) -> None:
    # One byte 0xff in the third hand of 22: the whole file was refused and nothing read.
    source = Path(__file__).parent.parent / "data" / "phh" / "handhq_ps_50nlh.phhs"
    text = source.read_bytes()
    third = [i for i in range(len(text)) if text.startswith(b"\n[", i)][1]
    at = text.index(b"players", third) + 12
    bad = tmp_path / "bad.phhs"
    bad.write_bytes(text[:at] + b"\xff" + text[at + 1 :])
    clean = read_phhs(source, skip_bad=True, repair=True)
    reader = read_phhs(bad, skip_bad=True, repair=True)
    hands = list(reader)
    assert len(hands) == len(list(clean)) - 1 and reader.skipped == 1
    assert "the bytes ff on line" in reader.problems[0]
    assert "are not UTF-8 text" in reader.problems[0]
    assert reader.coverage["PS"]["InvalidHistoryError"] == 1
    # Without skip_bad, the file is refused as before, naming the bytes.
    with pytest.raises(InvalidHistoryError, match="the bytes ff are not UTF-8"):
        list(read_phhs(bad))
