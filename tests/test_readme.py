"""The README's example session runs as written."""

import doctest
from pathlib import Path

import pytest

from pokerforge.cli import main

README = Path(__file__).resolve().parent.parent / "README.md"


def test_readme_examples_run() -> None:
    result = doctest.testfile(str(README), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0
    assert result.failed == 0


def test_the_readmes_odds_table_is_what_the_command_prints(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # The README shows `pokerforge odds AhKh --board 2c7d9h --opponents 2`'s table; the
    # default seed makes it the same on every run and machine ("..." stands for lines left
    # out).
    text = README.read_text(encoding="utf-8")
    shown = text.split("`odds` prints a table like this")[1].split("```text\n")[1].split("```")[0]
    assert main(["odds", "AhKh", "--board", "2c7d9h", "--opponents", "2"]) == 0
    printed = capsys.readouterr().out.splitlines()
    lines = shown.splitlines()
    assert [line for line in lines if line != "..."] == [
        line for line in printed if line in lines or not line.startswith(_LEFT_OUT)
    ]


# The category lines the README leaves out ("...").
_LEFT_OUT = ("Four of a kind", "Full house", "Straight ", "Three of a kind", "Two pair")
