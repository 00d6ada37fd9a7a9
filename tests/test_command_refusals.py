"""The command's refusals speak the command's language: each names what the user typed (a
hand, an option) and never a Python parameter or field the user did not type."""

from __future__ import annotations

import re

import pytest

from pokerforge.cli import main

# What a refusal must not say: request fields (players[0], stacks[1]), Python settings
# (method = "exact", by_hand = true, time_limit), Python values (None, True, Decimal(...)).
PYTHON_WORDS = re.compile(
    r"\w+\[\d+\]|\b[a-z]+_[a-z_]+\b(?! \w)|\bmethod = |\b\w+ = (?:true|false|None)\b"
    r"|\bNone\b|\bTrue\b|\bFalse\b|Decimal\("
)

REFUSALS = [
    ["odds", "AhKh", "--opponents", "3", "--exact"],
    ["odds", "AhKhQs"],
    ["odds", "AhAh"],
    ["odds", "AhKh", "--board", "2c7d"],
    ["odds", "AhKh", "--dead", "Ah"],
    ["odds", "AhKh", "--samples", "0"],
    ["odds", "AhKh", "--opponents", "12"],
    ["odds", "As2d3h", "--game", "razz", "--board", "2c3c4c"],
    ["equity", "AhKh", "QQ+", "--game", "omaha"],
    ["equity", "AhKh"],
    ["equity", "AhKh", "KK", "--board", "AhKd2c"],
    ["equity", "AhKh", "ZZ+"],
    ["equity", "AhKh", "random", "random", "random", "--exact"],
    ["equity", "AhKh", "QQ", "--time-limit", "-1"],
    ["equity", "8h6d4c3s2h", "7c5c3d2dKs", "--game", "2-7-single-draw", "--draws", "9"],
    ["eval", "AhKh"],
    ["eval", "AhKhQhJhTh9h8h7h"],
    ["icm", "100", "-5", "--payouts", "70", "30"],
    ["icm", "100", "50"],
    ["pushfold", "1000", "--blinds", "50", "100"],
    ["simulate", "--hands", "0"],
    ["simulate", "--hands", "10", "--policies", "nobody"],
    ["stats", "no-such-folder"],
]


@pytest.mark.parametrize("argv", REFUSALS, ids=[" ".join(a) for a in REFUSALS])
def test_a_refusal_names_what_was_typed(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    try:
        code = main(argv)
    except SystemExit as exit_:  # refused by the parser itself
        code = int(exit_.code or 0)
    err = capsys.readouterr().err.strip().splitlines()[-1]
    assert code == 2, err
    assert err.startswith("pokerforge: error:") or "error:" in err, err
    found = PYTHON_WORDS.search(err.removeprefix("pokerforge: error:"))
    assert found is None, f"{err!r} says {found.group()!r}" if found else ""
