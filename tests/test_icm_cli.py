"""The ``pokerforge icm`` and ``pokerforge pushfold`` commands."""

from __future__ import annotations

import json
import subprocess
import sys
from decimal import Decimal

import pytest

from pokerforge.cli import main
from pokerforge.icm import (
    bubble_factors,
    decisions,
    icm,
    icm_deal,
    push_fold,
    push_fold_table,
    risk_premiums,
)


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


def test_icm_table_shares_of_sums_past_the_largest_float(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Stacks or prizes adding up past 1.8e308 once read 0.00% in every share column.
    for args, column in [
        (["1e308", "1e308", "1e308", "--payouts", "50", "30", "20"], 2),
        (["1", "2", "3", "--payouts", "1e308", "1e308", "1e308"], 4),
    ]:
        assert main(["icm", *args]) == 0
        rows = capsys.readouterr().out.splitlines()[1:4]
        shares = [row.split()[column] for row in rows]
        assert shares == ["33.33%"] * 3, rows


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


def test_icm_risk_premiums(capsys: pytest.CaptureFixture[str]) -> None:
    stacks, payouts = [5000, 3000, 2000, 1000], [50, 30, 20]
    assert main(["icm", *map(str, stacks), "--payouts", "50", "30", "20", "--premiums"]) == 0
    lines = capsys.readouterr().out.splitlines()
    at = lines.index(next(line for line in lines if line.startswith("risk premiums")))
    premiums = risk_premiums(stacks, payouts)
    for i, line in enumerate(lines[at + 2 : at + 6]):
        want = ["-" if i == j else f"{p:.1%}" for j, p in enumerate(premiums[i])]
        assert line.split() == [str(i + 1), *want]
    assert main(["icm", "2", "1", "--payouts", "1", "--premiums", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["risk_premiums"][0][0] is None
    assert out["risk_premiums"][0][1] == pytest.approx(0.0, abs=1e-9)  # winner takes all


def test_pushfold_table(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["pushfold", "12", "9", "15", "7", "--payouts", "50", "30", "20", "--ante", "0.1"]
    assert main([*args, "--chart", "BB", "UTG"]) == 0
    text = capsys.readouterr().out
    r = push_fold_table([12, 9, 15, 7], (0.5, 1), 0.1, [50, 30, 20])
    lines = text.splitlines()
    assert lines[0] == (
        "push/fold, 4 players, Malmuth-Harville ICM: blinds 0.5/1, ante 0.1; "
        "UTG 12, BTN 9, SB 15, BB 7"
    )
    assert f"UTG shoves {r.shoves['UTG'].total_weight / 1326:.1%}: {r.shoves['UTG']}" in lines
    call = r.calls[("BTN", "SB")]
    assert f"SB calls BTN {call.total_weight / 1326:.1%}: {call}" in lines
    assert "BB calling UTG:" in lines and r.chart_text("BB", "UTG") in text
    assert main([*args, "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["positions"] == ["UTG", "BTN", "SB", "BB"] and out["converged"] is True
    assert out["shoves"]["BTN"] == str(r.shoves["BTN"])
    assert {"shover": "UTG", "caller": "BB", "range": str(r.calls[("UTG", "BB")])} in out["calls"]


def test_pushfold_decisions(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["pushfold", "10", "10", "10", "--payouts", "50", "30", "20"]
    ranges = ["--shove", "BTN=22+, A2+, K9+", "--call", "BB=QQ+, AK", "--call", "SB=JJ+"]
    assert main([*args, *ranges, "--hand", "AQo"]) == 0
    lines = capsys.readouterr().out.splitlines()
    d = decisions(
        [10, 10, 10],
        (0.5, 1),
        payouts=[50, 30, 20],
        shoves={"BTN": "22+, A2+, K9+"},
        calls={"BB": "QQ+, AK", "SB": "JJ+"},
    )
    assert lines[0] == "AQo: value of each decision (prize equity, after the hand)"
    shove, fold = d.shove_ev("SB", "AQo"), d.fold_ev("SB")
    assert lines[3].split() == ["SB", f"{shove:.4f}", f"{fold:.4f}", "shove"]
    call, fold = d.call_ev("BB", "BTN", "AQo"), d.fold_to_ev("BB", "BTN", "AQo")
    assert lines[-1].split() == ["BB", "v", "BTN", f"{call:.4f}", f"{fold:.4f}", "call"]
    assert main([*args, *ranges, "--hand", "AQo", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["facing"][-1] == {"caller": "BB", "shover": "BTN", "call": call, "fold": fold}


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["pushfold", "10", "10", "10", "--shove", "BTN"], "is not POSITION=RANGE"),
        (["pushfold", "10", "10", "10", "--shove", "BTN=AA"], "give it with --hand"),
        (["pushfold", "10", "10", "--chart", "SB"], "--chart is for tables"),
        (["pushfold", "10", "10", "10", "--chart", "CO"], "'CO' is not a position"),
        (["pushfold", *["10"] * 11], "2 to 10 stacks, but 11 were given"),
        (["icm", "10", "-5", "--payouts", "1"], "stack 2 (-5) is not allowed"),
        (["icm", "0", "0", "--payouts", "1"], "the stacks add up to 0 chips"),
        (["icm", "1", "2", "--payouts", "5", "-1"], "payout 2 (-1) is not allowed"),
        (["pushfold", "10", "0.2"], "stack 2 (0.2) is not allowed"),
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


def test_an_empty_stack_is_worth_zero_not_minus_zero(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["icm", "100", "0", "50", "--payouts", "70", "30"]) == 0
    out = capsys.readouterr().out
    assert "-0.0" not in out and "    0.0000     0.00%" in out
