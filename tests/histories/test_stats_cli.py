"""The ``pokerforge stats`` command."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from pokerforge.cli import main
from pokerforge.errors import InvalidHistoryError
from pokerforge.histories import read_phhs
from pokerforge.histories.collection import summarize_file

DATA = Path(__file__).parents[1] / "data" / "phh"
PLAYER = "KX/0x8JtlabNJOZ7jkDHaw"


def test_table_over_a_directory(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", str(DATA), "--top", "3"]) == 0
    out = capsys.readouterr().out.splitlines()
    # One table per group of hands (cash or tournament, unit, stakes, game), each headed
    # by its group: the files hold dollars, pounds, chips of unknown money and many games.
    assert out[0] == "cash · GBP · 3000 · no-limit short-deck"
    assert out[1].split()[:3] == ["player", "pos", "hands"]
    assert "cash · USD · 0.50/1 · no-limit holdem" in out
    assert len([line for line in out[2:5] if " all " in line]) == 3
    at = next(k for k, line in enumerate(out) if " hands from " in line)
    # The ABS samples (one record disagrees), the WSOP hand (an action missing), the
    # iPoker sample (no stacks, no winnings: read as unknown, never an error), and the Full
    # Tilt and PokerStars samples, whose pots won in a blind or on the button are paid to
    # nobody (not repaired without --repair); PartyPoker and Ongame read whole; the 30
    # WSOP 2023 stud-family hands, its 14 deuce-to-seven draw hands, two famous draw hands
    # and the Triton short-deck hand (by the standard: "PHH").
    assert "168 hands from 12 files; 37 bad hands skipped (36 disagree" in out[at]
    assert "(hand 3017248608)" in out[at + 1]
    header = "site  read  repaired  skipped  InvalidHistoryError  RecordMismatchError"
    table = out[next(k for k, line in enumerate(out) if line.startswith(header)) :]
    assert [row.split() for row in table[1:]] == [
        ["ABS", "49", "0", "1", "0", "1", "0"],
        ["FTP", "6", "0", "18", "0", "0", "18"],
        ["IPN", "10", "0", "0", "0", "0", "0"],
        ["ONG", "21", "0", "0", "0", "0", "0"],
        ["PHH", "47", "0", "1", "1", "0", "0"],
        ["PS", "5", "0", "17", "0", "0", "17"],
        ["PTY", "30", "0", "0", "0", "0", "0"],
    ]


def test_one_player_as_json_with_a_graph(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    png = tmp_path / "won.png"
    args = ["stats", str(DATA / "handhq_abs_100nlh.phhs"), "--player", PLAYER, "--json"]
    assert main([*args, "--png", str(png), "--workers", "2"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["hands"] == 40 and out["bad_hands"] == 1 and out["unknown_results"] == 0
    rows = out["players"]
    assert rows[0]["player"] == PLAYER and rows[0]["position"] == "all"
    assert all(r["player"] == PLAYER and r["position"] != "all" for r in rows[1:])
    assert sum(r["hands"] for r in rows[1:]) == rows[0]["hands"] == 9
    assert png.read_bytes()[:4] == b"\x89PNG"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--png", "x.png"], "--graph needs --player"),
        (["--player", "nobody"], "no hands of 'nobody'"),
        (["--player", ""], "no hands of ''"),  # once a KeyError traceback
        (["--strict"], r"\[25\] \(hand 3017248608\)"),
    ],
)
def test_bad_requests_print_one_line(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["stats", str(DATA / "handhq_abs_100nlh.phhs"), *args]) == 2
    err = capsys.readouterr().err
    assert err.startswith("pokerforge: error:") and err.count("\n") == 1
    assert re.search(message, err)


def test_a_chart_that_cannot_be_written_is_one_line_and_exit_1(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["stats", str(DATA / "handhq_abs_100nlh.phhs"), "--player", PLAYER]
    assert main([*args, "--png", "/nonexistent/w.png"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("pokerforge: error: cannot write '/nonexistent/w.png'")
    assert err.count("\n") == 1


def test_a_file_that_is_not_utf8_is_named_with_its_bytes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Once "the text holds a lone surrogate", naming neither the file nor the bytes; then
    # a stop of the whole run. Now the hand is skipped with the bytes named.
    bad = tmp_path / "bad.phh"
    bad.write_bytes(b'variant = "NT"\n\xff\n')
    assert main(["stats", str(bad), "--json"]) == 0
    problems = json.loads(capsys.readouterr().out)["problems"]
    assert problems == [
        f"{bad}, from line 1: the bytes ff on line 2 are not UTF-8 text (PHH files are UTF-8)"
    ]
    # A file the caller opened: the same error (UnicodeDecodeError leaked once).
    with bad.open(encoding="utf-8") as opened, pytest.raises(InvalidHistoryError, match="ff"):
        list(read_phhs(opened))


def test_missing_files(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", "/nowhere/at/all"]) == 2
    assert "no such file or directory" in capsys.readouterr().err


def test_an_unreadable_file_is_skipped_with_its_reason(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # A file of bytes that are no UTF-8 stopped the whole run; now its hand is skipped
    # with the reason, and the other files are read.
    source = Path(__file__).parent.parent / "data" / "phh" / "handhq_ps_50nlh.phhs"
    (tmp_path / "good.phhs").write_bytes(source.read_bytes())
    (tmp_path / "odd.phhs").write_bytes(b"\xff\xfe not text at all [")
    assert main(["stats", str(tmp_path), "--json", "--repair"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["hands"] == 22
    assert any("odd.phhs" in p and "not UTF-8" in p for p in out["problems"]), out["problems"]
    # A file that cannot be opened at all (here a folder) is skipped, naming why.
    part = summarize_file(str(tmp_path))
    assert part.hands == 0
    assert part.problems == [f"{tmp_path}: the file was skipped: Is a directory"]
    with pytest.raises(IsADirectoryError):
        summarize_file(str(tmp_path), skip_bad=False)
