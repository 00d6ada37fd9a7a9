"""``pokerforge solve``: the summary, the grid, progress on stderr, limits and errors."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from pokerforge.cli import main
from pokerforge.solver import load

RIVER = ["AA, KK, QJs", "KK-TT", "--board", "Kh9d5c3s2h", "--pot", "100", "--stack", "200"]


def test_the_summary_and_grid_at_the_root(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", *RIVER, "--bets", "50%, a"]) == 0
    out, err = capsys.readouterr()
    lines = out.splitlines()
    assert lines[0].startswith("river Kh9d5c3s2h, pot 100, stacks 200: ")
    assert "exploitability" in lines[0] and "stopped" not in lines[0]
    assert lines[1] == "at the root: OOP to act, pot 100"
    assert lines[2].split() == ["action", "frequency", "EV", "combos"]
    rows = [line.split() for line in lines[3:6]]
    assert [r[0] for r in rows] == ["x", "b50", "a200"]
    assert sum(float(r[1].rstrip("%")) for r in rows) == pytest.approx(100, abs=0.2)
    # The grid of the first bet: 13 rows under a header of ranks.
    at = lines.index("b50: % of each hand class (OOP)")
    assert lines[at + 1].split() == list("AKQJT98765432")
    assert [row[0] for row in lines[at + 2 : at + 15]] == list("AKQJT98765432")
    assert lines[at + 2].split()[1] != "."  # aces are in the range
    assert "iteration" in err and "exploitability" in err


def test_a_line_a_chosen_grid_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", *RIVER, "--line", "x", "--grid", "b", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["line"] == ["x"] and out["player"] == 1 and out["pot"] == 100
    assert [a["action"] for a in out["actions"]] == ["x", "b50", "a200"]
    assert out["grid"]["action"] == "b50" and len(out["grid"]["rows"]) == 13
    assert out["reached"] and out["exploitability"] <= 0.005


def test_max_time_stops_before_the_target(capsys: pytest.CaptureFixture[str]) -> None:
    flop = ["TT+, AQ+", "88+, AJ+, KQ", "--board", "Td9d6h", "--pot", "100", "--stack", "400"]
    assert main(["solve", *flop, "--target", "0", "--max-time", "0.2"]) == 0
    assert "(stopped before the target)" in capsys.readouterr().out.splitlines()[0]


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--line", "b77"], "'b77' is not an action at the root"),
        (["--line", "x x"], "is a showdown, not a decision"),
        (["--grid", "r"], "--grid r is not an action here"),
        (["--bets", "50%, 3q"], "'3q' is not a size"),
        (["--memory-limit", "0.0001"], "the solver's game needs"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    extra: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["solve", *RIVER, *extra]) == 2
    err = capsys.readouterr().err.strip().splitlines()[-1]
    assert err.startswith("pokerforge: error: ") and message in err


def test_the_command_runs_as_a_program(tmp_path: object) -> None:
    path = f"{tmp_path}/river.pfs"
    done = subprocess.run(
        [sys.executable, "-m", "pokerforge", "solve", *RIVER, "--save", path],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "at the root: OOP to act" in done.stdout
    assert load(path).root.actions == ("x", "b50", "a200")
