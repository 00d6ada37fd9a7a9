"""The ``pokerforge icm`` and ``pokerforge pushfold`` commands."""

from __future__ import annotations

import json
import subprocess
import sys
from decimal import Decimal

import pytest

from pokerforge.cli import main
from pokerforge.icm import bubble_factors, icm, icm_deal, push_fold


def test_icm_table_deal_and_bubble(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["icm", "5,000", "3000", "2000", "--payouts", "50", "30", "20.50"]
    assert main([*args, "--deal", "--bubble"]) == 0
    lines = capsys.readouterr().out.splitlines()
    equities = icm([5000, 3000, 2000], [50, 30, Decimal("20.50")])
    deal = icm_deal([5000, 3000, 2000], [50, 30, Decimal("20.50")])
    assert lines[0].split() == ["player", "stack", "chips", "equity", "of", "pool", "deal"]
    for i, line in enumerate(lines[1:4]):
        cells = line.split()
        assert cells[0] == str(i + 1)
        assert float(cells[3]) == pytest.approx(equities[i], abs=5e-5)
        assert cells[5] == str(deal[i])
    assert lines[4] == "exact Malmuth-Harville ICM, pool 100.50"
    assert lines[5].startswith("bubble factors")
    factors = bubble_factors([5000, 3000, 2000], [50, 30, 20.5])
    for i, line in enumerate(lines[7:10]):
        want = ["-" if i == j else f"{f:.2f}" for j, f in enumerate(factors[i])]
        assert line.split() == [str(i + 1), *want]


def test_icm_json_sampled_and_weitzman(capsys: pytest.CaptureFixture[str]) -> None:
    stacks = [str(1000 + i) for i in range(25)]
    assert main(["icm", *stacks, "--payouts", "60", "40", "--seed", "5", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["exact"] is False and out["seed"] == 5 and out["samples"] == 200_000
    assert out["equities"] == list(icm([int(s) for s in stacks], [60, 40], seed=5))
    assert main(["icm", "1", "3", "--payouts", "1", "--model", "weitzman", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["model"] == "weitzman" and out["equities"] == [0.25, 0.75]


def test_pushfold_text_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["pushfold", "6", "9", "--ante", "0.1"]) == 0
    text = capsys.readouterr().out
    r = push_fold([6, 9], (0.5, 1), ante=0.1)
    lines = text.splitlines()
    assert lines[0] == ("heads-up push/fold, chips: effective stack 6 bb, blinds 0.5/1, ante 0.1")
    assert f"SB shoves {r.shove.total_weight / 1326:.1%} of hands: {r.shove}" in lines
    assert f"BB calls {r.call.total_weight / 1326:.1%} of hands: {r.call}" in lines
    assert r.chart_text("shove") in text and r.chart_text("call") in text
    assert (
        main(["pushfold", "8", "8", "--payouts", "50", "30", "20", "--others", "8", "8", "--json"])
        == 0
    )
    out = json.loads(capsys.readouterr().out)
    bubble = push_fold([8, 8], (0.5, 1), payouts=[50, 30, 20], others=[8, 8])
    assert out["call"] == str(bubble.call) and out["unit"] == "prize"
    assert out["shove_chart"] == [list(row) for row in bubble.shove_chart]
    assert out["converged"] is True


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["icm", "10", "-5", "--payouts", "1"], "stacks[1] = -5 is not allowed"),
        (["icm", "0", "0", "--payouts", "1"], "the stacks add up to 0 chips"),
        (["icm", "1", "2", "--payouts", "5", "-1"], "payouts[1] = -1 is not allowed"),
        (["pushfold", "10", "0.2"], "stacks[1] = 0.2 is not allowed"),
        (["pushfold", "10", "10", "--others", "5"], "only with payouts"),
    ],
)
def test_errors_print_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    assert main(args) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("pokerforge: error: ")
    assert message in captured.err and captured.err.count("\n") == 1


def test_bad_numbers_are_usage_errors() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "pokerforge", "icm", "10", "ten", "--payouts", "1"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2
    assert "'ten' is not a number" in done.stderr
