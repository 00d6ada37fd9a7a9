"""The core's PHH reader against the slow path: the same fields, steps, hands and errors.

The core (Rust) cuts tables, reads their one-line fields and reads each hand's amounts,
actions and cards; anything out of the ordinary it leaves to :mod:`tomllib` and the Python
reader of :mod:`pokerforge.game.history`. These tests read the dataset's files, and files
made from them by random edits, both ways and require the same answer hand by hand.
"""

from __future__ import annotations

import sys
from decimal import Decimal
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokerforge._core import phh_fields, phh_tables
from pokerforge.errors import InvalidHistoryError, RecordMismatchError
from pokerforge.game.history import _amount, _cards, _read, _Where, replay, unit_of
from pokerforge.histories import BadHandError, read_phhs
from pokerforge.histories.phhs import _body_lines, _tables

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10 reads TOML with the tomli backport
    import tomli as tomllib  # type: ignore[import-not-found, unused-ignore]

DATA = Path(__file__).parents[1] / "data" / "phh"
HANDHQ = (DATA / "handhq_abs_100nlh.phhs").read_text(encoding="utf-8")
TABLES = list(_tables(HANDHQ.splitlines(keepends=True)))


def _python_read(doc: dict[str, Any], lines: list[str]) -> tuple[Any, ...]:
    """The slow path's reading, its steps' arguments read as the core gives them."""
    where = _Where(lines, doc["actions"], 1)
    unit, stacks, steps, holes, board, count, _, _ = _read(doc, where)
    typed = []
    for k, who, verb, text in steps:
        arg: Any = text
        if verb == "cbr":
            arg = _amount(where, k, text, unit)
        elif verb in ("dh", "db") or (verb == "sm" and text):
            arg = () if text == "-" else tuple(_cards(partial(where, k), text))
        typed.append((k, who, verb, arg))
    return unit, stacks, typed, holes, board, count


def test_the_core_reads_the_dataset_as_tomllib_and_the_slow_path_do() -> None:
    whole = tomllib.loads(HANDHQ, parse_float=Decimal)
    tables, rest, _ = phh_tables(HANDHQ, 1, True)
    assert rest == "" and [t[0] for t in tables] == list(whole)
    read = 0
    for name, first_line, body, doc, steps in tables:
        assert doc == whole[name]
        assert [first_line, body] == [TABLES[int(name) - 1][1], "".join(TABLES[int(name) - 1][2])]
        if steps is not None:
            places, stacks, typed, holes, board, count, winnings, finishing = steps
            mine = (unit_of(places), stacks, typed, holes, board, count)
            slow = _python_read(doc, _body_lines(body))
            # The core leaves out the steps that deal hole cards: they are in the holes.
            played = [step for step in slow[2] if step[2] != "dh"]
            assert mine == (*slow[:2], played, *slow[3:])
            assert len(played) < len(slow[2])
            recorded = doc.get("winnings")
            unit = unit_of(places)
            assert winnings == (None if recorded is None else [int(v / unit) for v in recorded])
            assert finishing is None  # the sample records winnings only
            read += 1
    assert read == len(tables)  # every hand of the sample is in the usual form


@pytest.mark.parametrize(
    "text",
    [
        "a = 1\nb = 'x'\n",
        "a = 1 # comment\n",
        "a = [1,\n2]\n",
        'a = "x\\ty"\n',
        "a = 2009-07-01\n",
        "a = '''AMY'S AVE'''\n",
        "a = ['p1 f', \"p2 cc\",]\n",
        "a = 1.5e3\n",
        "a = [1, 2.50, +3, -4]\n",
        "[x]\na = 1\n",
    ],
)
def test_fields_are_tomllib_s_whenever_the_core_reads_them(text: str) -> None:
    doc = phh_fields(text)
    if doc is not None:
        assert doc == tomllib.loads(text, parse_float=Decimal)


def _reference(source: str, name: str | None, first_line: int, lines: list[str]) -> Any:
    """One hand the slow way: tomllib, then the Python reader and the replay."""
    doc: dict[str, Any] = {}
    try:
        try:
            doc = tomllib.loads("".join(lines), parse_float=Decimal)
        except tomllib.TOMLDecodeError as err:
            raise InvalidHistoryError(f"not valid TOML: {err}") from None
        hand = replay(doc, lines, first_line=first_line)
    except InvalidHistoryError as err:
        table = "" if name is None else f" [{name}]"
        number = doc.get("hand")
        label = f" (hand {number})" if number is not None else ""
        return (f"{source}{table}{label}, from line {first_line}: {err}", type(err))
    return (hand.stacks, hand.payouts, hand.result_known, hand.board_indices, doc)


def _same_as_the_slow_path(text: str) -> None:
    reader = read_phhs(text.splitlines(keepends=True), skip_bad=True, keep=10_000)
    got = [
        (r.hand.stacks, r.hand.payouts, r.hand.result_known, r.hand.board_indices, r.fields)
        for r in reader
    ]
    want = [
        _reference("<lines>", name, first, lines)
        for name, first, lines in _tables(text.splitlines(keepends=True))
    ]
    assert got == [w for w in want if not isinstance(w[1], type)]
    bad = [w for w in want if isinstance(w[1], type)]
    assert reader.problems == [message for message, _ in bad]
    assert reader.mismatches == sum(1 for _, kind in bad if kind is RecordMismatchError)


_ACTIONS = [
    "'p1 f'",
    "'p2 cc'",
    "'p3 cbr 7'",
    "'p1 cbr 2.25'",
    "'p2 cbr 3.125'",
    "'p1 cbr 0'",
    "'p2 cbr -1'",
    "'p1 cbr 1e1'",
    "'p4 f'",
    "'p0 f'",
    "'p1 raise'",
    "'d db ??'",
    "'d db 2c7d9h'",
    "'d db Ks'",
    "'p1 sm'",
    "'p2 sm -'",
    "'p1 sm AhKh'",
    "'p3 sm ????'",
    "'d dh p1 AhKh'",
    "'d dh p2 AhXx'",
    "'p1 cc # a comment'",
    "''",
    "5",
]


@st.composite
def _edited_file(draw: Any) -> str:
    """Some of the sample's hands, each perhaps edited the way files go wrong."""
    picks = draw(st.lists(st.sampled_from(TABLES), min_size=1, max_size=6))
    out = []
    for k, (_, _, chunk) in enumerate(picks):
        lines = [line for line in chunk if line.strip()]
        for _ in range(draw(st.integers(0, 3))):
            i = draw(st.integers(0, len(lines) - 1))
            line = lines[i].rstrip("\n")
            edit = draw(st.sampled_from(["action", "quote", "comment", "amount", "drop", "cut"]))
            # An earlier edit of the same line may have cut or commented its list away.
            if edit == "action" and line.startswith("actions") and line.endswith("]"):
                items = line[line.index("[") + 1 : -1].split(", ")
                j = draw(st.integers(0, len(items)))
                items.insert(j, draw(st.sampled_from(_ACTIONS)))
                line = f"actions = [{', '.join(items)}]"
            elif edit == "quote":
                line = line.replace("'", '"')
            elif edit == "comment":
                line += " # edited"
            elif edit == "amount" and "." in line and "=" in line:
                line = line.replace(".", draw(st.sampled_from([".0", "0.", ".5", "."])), 1)
            elif edit == "drop":
                line = ""
            elif edit == "cut":
                line = line[: draw(st.integers(0, len(line)))]
            lines[i] = line + "\n"
        out.append(f"[{k + 1}]\n" + "".join(lines))
    return "\n".join(out)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_edited_file())
def test_edited_files_read_as_the_slow_path_reads_them(text: str) -> None:
    _same_as_the_slow_path(text)


def test_the_sample_reads_as_the_slow_path_reads_it() -> None:
    _same_as_the_slow_path(HANDHQ)
    _same_as_the_slow_path((DATA / "wsop_2019_42_3_00-01-07.phh").read_text(encoding="utf-8"))


def test_a_file_read_in_blocks_is_cut_where_whole() -> None:
    text = HANDHQ * 3
    whole, _, _ = phh_tables(text, 1, True)
    pieces: list[Any] = []
    rest, line = "", 1
    for at in range(0, len(text), 997):  # blocks that cut lines and tables anywhere
        tables, rest, line = phh_tables(rest + text[at : at + 997], line, False)
        pieces += tables
    tables, _, _ = phh_tables(rest, line, True)
    assert pieces + tables == whole


def test_a_bad_hand_read_by_the_core_is_named_as_before() -> None:
    text = "[7]\n" + "".join(TABLES[0][2]).replace("'p2 f'", "'p2 f', 'p3 cbr 2'")
    with pytest.raises(BadHandError, match=r"<lines> \[7\] \(hand 3017237436\), from line 2: "):
        list(read_phhs(text.splitlines(keepends=True)))


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("'p3 f'", "'p2 f'", "'p2 f': it is p3's turn, not p2's"),
        ("'p3 f'", "'p1 cc'", "'p1 cc': it is p3's turn, not p1's"),
        ("'p3 f'", "'p2 cbr 3.00'", "'p2 cbr 3.00': it is p3's turn, not p2's"),
        ("'p2 f'", "'p2 f', 'p3 cc'", "'p3 cc': the hand is already over"),
        ("'p2 f'", "'p2 f', 'p1 cbr 9'", "'p1 cbr 9': the hand is already over"),
        ("'p3 f'", "'p3 cbr 1.50'", "'p3 cbr 1.50': seat 2 cannot raise to 150"),
    ],
)
def test_actions_the_engine_refuses_are_named_on_the_core_s_path(
    old: str, new: str, message: str
) -> None:
    """The core gives amounts in chips, which the replay hands to the engine at once: a
    refused action is still named as the slow path (amounts as text) names it."""
    text = "[1]\n" + "".join(TABLES[0][2]).replace(old, new, 1)
    reader = read_phhs(text.splitlines(keepends=True), skip_bad=True)
    assert list(reader) == []
    [problem] = reader.problems
    assert problem.startswith(f"<lines> [1] (hand 3017237436), from line 2: line 8: {message}")
    _same_as_the_slow_path(text)
