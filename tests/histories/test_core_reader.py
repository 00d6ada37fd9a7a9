"""The core's PHH reader, the one reader of PHH fields and actions, on real files.

The core (Rust) cuts tables, reads their one-line fields and reads each hand's amounts,
actions and cards; a table in another TOML form is read by :mod:`tomllib` and its values by
the same core reader (``phh_read``). These tests read the dataset's files, and files made
from them by random edits, both ways and require the same answer hand by hand.
"""

from __future__ import annotations

import sys
from collections import Counter
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokerforge._core import PHH_VARIANTS, VARIANTS, phh_fields, phh_read, phh_tables
from pokerforge.errors import InvalidHistoryError, RecordMismatchError
from pokerforge.game.phh import unit_of
from pokerforge.game.phh.replay import replay_record
from pokerforge.game.phh.sites import site_for
from pokerforge.histories import BadHandError, read_phhs
from pokerforge.histories.phhs import _tables

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10 reads TOML with the tomli backport
    import tomli as tomllib  # type: ignore[import-not-found, unused-ignore]

DATA = Path(__file__).parents[1] / "data" / "phh"
HANDHQ = (DATA / "handhq_abs_100nlh.phhs").read_text(encoding="utf-8")
TABLES = list(_tables(HANDHQ.splitlines(keepends=True)))
# The edited files draw from both rooms' samples: iPoker's hands have stacks written `inf`.
IPOKER = (DATA / "handhq_ipn_100nlh.phhs").read_text(encoding="utf-8")
POOL = TABLES + list(_tables(IPOKER.splitlines(keepends=True)))
VERBS = {"f": "f", "cc": "cc", "cbr": "cbr", "sm": "sm"}


def _chips(values: list[Any], unit: Decimal) -> list[int]:
    return [int(Decimal(v) / unit) for v in values]


def test_the_core_reads_the_dataset_as_the_files_write_it() -> None:
    whole = tomllib.loads(HANDHQ, parse_float=Decimal)
    tables, rest, _ = phh_tables(HANDHQ, 1, True)
    assert rest == "" and [t[0] for t in tables] == list(whole)
    for name, first_line, body, doc, read, problem in tables:
        assert doc == whole[name]
        assert [first_line, body] == [TABLES[int(name) - 1][1], "".join(TABLES[int(name) - 1][2])]
        assert problem is None and read is not None  # every hand of the sample is read
        places, stacks, steps, holes, board, count, winnings, finishing, *game, posts = read
        antes, blinds, bets = game
        unit = unit_of(places)
        assert unit == Decimal("0.01")  # dollars and cents
        assert stacks == _chips(doc["starting_stacks"], unit)
        assert list(antes) == _chips(doc["antes"], unit)
        assert list(blinds) == _chips(doc["blinds_or_straddles"], unit)
        recorded = doc.get("winnings")
        assert winnings == (None if recorded is None else _chips(recorded, unit))
        assert finishing is None  # the sample records winnings only
        min_bet = doc.get("min_bet")
        assert bets == (
            None,
            None,
            None if min_bet is None else _chips([min_bet], unit)[0],
            None,
            None,
        )
        assert posts == []
        # The steps: every action but the hole cards dealt, in order, amounts in chips.
        written = [a.split() for a in doc["actions"] if not a.startswith("d dh")]
        assert [k for k, *_ in steps] == [
            k for k, a in enumerate(doc["actions"]) if not a.startswith("d dh")
        ]
        for (_, who, verb, arg), words in zip(steps, written, strict=True):
            if words[0] == "d":
                assert (who, verb, len(arg)) == (-1, "db", len(words[2]) // 2)
                continue
            assert (who, verb) == (int(words[0][1:]) - 1, words[1])
            if verb == "cbr":
                assert arg == _chips([words[2]], unit)[0]
        assert len(board) == sum(len(arg) for _, _, verb, arg in steps if verb == "db")
        assert count == 2 and len(holes) == len(stacks)
        # A dict (as tomllib reads the fields) is read the same.
        assert phh_read(dict(doc)) == (read, None)


def test_the_variant_codes_are_the_core_s() -> None:
    codes = [code for code, _, _ in PHH_VARIANTS]
    # Each game's first code is the standard's, where it has one; then ours of its shape.
    firsts = {}
    for code, game, _ in PHH_VARIANTS:
        firsts.setdefault(game, code)
    standard = ["NT", "PO", "FO/8", "F7S", "F7S/8", "FR", "NS", "N2L1D", "F2L3D", "FB"]
    assert set(standard) <= set(firsts.values())
    assert "FT" in codes
    assert len(set(codes)) == len(codes) == sum(len(v.phh) for v in VARIANTS)
    assert {(game, betting) for _, game, betting in PHH_VARIANTS} == {
        (v.name, s) for v in VARIANTS for s in v.structures
    }


@pytest.mark.parametrize(
    ("old", "new", "where", "message"),
    [
        ("'p3 f'", "'p3 fold'", ("actions", 3), "unknown or malformed action 'fold'"),
        ("'p3 f'", "'p3 cbr x'", ("actions", 3), "'x' is not an amount of chips"),
        ("'d dh p1 ????'", "'d dh p1 ??Xx'", ("actions", 0), "'Xx' is not a card"),
        ("min_bet = 1", "min_bet = -1", ("min_bet", None), "field min_bet: -1 is not a whole"),
        ("variant = 'NT'", "variant = 'NL'", ("variant", None), "field variant: 'NL' is not"),
    ],
)
def test_problems_name_their_field_or_action(
    old: str, new: str, where: tuple[str, int | None], message: str
) -> None:
    text = "".join(TABLES[0][2])
    assert old in text
    doc = tomllib.loads(text.replace(old, new), parse_float=Decimal)
    read, problem = phh_read(doc)
    assert read is None and problem is not None
    assert problem[:2] == where and problem[2].startswith(message)


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
        "a = [inf, +inf, 2]\n",
        "a = [-inf, nan]\n",
        "[x]\na = 1\n",
    ],
)
def test_fields_are_tomllib_s_whenever_the_core_reads_them(text: str) -> None:
    doc = phh_fields(text)
    if doc is not None:
        assert doc == tomllib.loads(text, parse_float=Decimal)


def _reference(source: str, name: str | None, first_line: int, lines: list[str]) -> Any:
    """One hand the other way: tomllib, then the core's reader of its values and the
    replay."""
    doc: dict[str, Any] = {}
    try:
        try:
            doc = tomllib.loads("".join(lines), parse_float=Decimal)
        except tomllib.TOMLDecodeError as err:
            raise InvalidHistoryError(f"not valid TOML: {err}") from None
        site = site_for(doc)
        winnings = "collected" if site is None else site.winnings
        hand, _, _ = replay_record(doc, lines, first_line=first_line, winnings=winnings)
    except InvalidHistoryError as err:
        table = "" if name is None else f" [{name}]"
        number = doc.get("hand")
        label = f" (hand {number})" if number is not None else ""
        return (f"{source}{table}{label}, from line {first_line}: {err}", err)
    return (hand.stacks, hand.payouts, hand.result_known, hand.board_indices, doc)


def _same_as_through_tomllib(text: str) -> None:
    reader = read_phhs(text.splitlines(keepends=True), skip_bad=True, keep=10_000)
    got = [
        (r.hand.stacks, r.hand.payouts, r.hand.result_known, r.hand.board_indices, r.fields)
        for r in reader
    ]
    want = [
        _reference("<lines>", name, first, lines)
        for name, first, lines in _tables(text.splitlines(keepends=True))
    ]
    assert got == [w for w in want if not isinstance(w[1], Exception)]
    bad = [w for w in want if isinstance(w[1], Exception)]
    assert reader.problems == [message for message, _ in bad]
    assert reader.mismatches == sum(1 for _, err in bad if isinstance(err, RecordMismatchError))
    causes = Counter(type(err).__name__ for _, err in bad)
    assert sum((c for c in reader.coverage.values()), Counter()) == causes + Counter(read=len(got))


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
    picks = draw(st.lists(st.sampled_from(POOL), min_size=1, max_size=6))
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
            elif edit == "amount" and "inf" in line:
                line = line.replace("inf", draw(st.sampled_from(["-inf", "nan", "5", "+inf"])), 1)
            elif edit == "amount" and line.startswith("blinds_or_straddles"):
                line = line.replace(", 0", draw(st.sampled_from([", -1", ", -0.50", ", -3"])), 1)
            elif edit == "drop":
                line = ""
            elif edit == "cut":
                line = line[: draw(st.integers(0, len(line)))]
            lines[i] = line + "\n"
        out.append(f"[{k + 1}]\n" + "".join(lines))
    return "\n".join(out)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_edited_file())
def test_edited_files_read_as_through_tomllib(text: str) -> None:
    _same_as_through_tomllib(text)


def test_the_sample_reads_as_through_tomllib() -> None:
    _same_as_through_tomllib(HANDHQ)
    _same_as_through_tomllib((DATA / "wsop_2019_42_3_00-01-07.phh").read_text(encoding="utf-8"))


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
    refused action is named with the action as written."""
    text = "[1]\n" + "".join(TABLES[0][2]).replace(old, new, 1)
    reader = read_phhs(text.splitlines(keepends=True), skip_bad=True)
    assert list(reader) == []
    [problem] = reader.problems
    assert problem.startswith(f"<lines> [1] (hand 3017237436), from line 2: line 8: {message}")
    _same_as_through_tomllib(text)
