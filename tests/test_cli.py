"""The ``pokerforge`` command through its entry point."""

import subprocess
import sys

import pytest

from pokerforge.cli import main


def test_eval_prints_the_hand(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["eval", "Kh", "Kd", "Ks", "7c", "7d", "2h", "3c"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0] == "Full house, kings full of sevens"
    assert "best five: Ks Kh Kd 7d 7c" in out


def test_bad_cards_print_one_line_and_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["eval", "AhAhKdQc2s"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == "pokerforge: error: the card Ah is given more than once\n"


def test_python_dash_m_runs_the_command() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "pokerforge", "eval", "2c3c4c5c7d"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0
    assert done.stdout.startswith("High card, seven")
    usage = subprocess.run(
        [sys.executable, "-m", "pokerforge", "eval"], capture_output=True, text=True, check=False
    )
    assert usage.returncode == 2
    assert "usage: pokerforge eval" in usage.stderr
