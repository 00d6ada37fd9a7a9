"""The ``pokerforge`` command through its entry point."""

import io
import json
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from pokerforge import cli
from pokerforge.cli import main
from pokerforge.sim import Progress, run


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


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    """Runs ``python -m pokerforge ARGS`` (stdout piped, so never a progress bar)."""
    return subprocess.run(
        [sys.executable, "-m", "pokerforge", *args], capture_output=True, text=True, check=False
    )


def run_main(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """``main(ARGS)`` in this process, as the command would end: its exit status (argparse's
    own exits included), stdout and stderr. A process costs a third of a second of a core
    here; the commands themselves are run as processes above and below."""
    try:
        status = main(list(args))
    except SystemExit as stop:
        status = stop.code if isinstance(stop.code, int) else 1
    out = capsys.readouterr()
    return status, out.out, out.err


def test_odds_table(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["odds", "AhKh", "--board", "2c7d9h", "--opponents", "2", "--samples", "20000"]
    assert main([*args, "--seed", "1"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0] == "AhKh against 2 random opponents (Hold'em), board: 2c 7d 9h"
    shares = {line.split()[0]: float(line.split()[1].rstrip("%")) for line in lines[2:6]}
    assert list(shares) == ["win", "tie", "lose", "equity"]
    assert shares["win"] + shares["tie"] + shares["lose"] == pytest.approx(100, abs=0.02)
    assert 30 < shares["equity"] < 40
    assert "Flush" in out
    assert "Royal" not in out
    assert lines[-1].startswith("Monte Carlo: 20,000 samples, seed 1")


def test_odds_exact_and_json() -> None:
    done = run_cli("odds", "AhKh", "--board", "2c7d9h4s", "--exact", "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["exact"] is True
    assert data["players"][1]["player"] == "random"
    assert data["players"][0]["categories"]["straight_flush"] == 0


def test_equity_ranges_json_and_hilo() -> None:
    done = run_cli("equity", "AhKh", "QsQd", "JJ+,AKs", "--board", "2c7d9h", "--json")
    data = json.loads(done.stdout)
    assert [p["player"] for p in data["players"]] == ["AhKh", "QsQd", "JJ+,AKs"]
    assert sum(p["equity"] for p in data["players"]) == pytest.approx(1)
    hilo = run_cli(
        "equity", "AhKhQd2c", "KsKd3c4c", "--game", "omaha-hilo", "--dead", "5c", "--exact"
    )
    assert hilo.returncode == 0, hilo.stderr
    # Hi-lo's columns: the equity, the deals won whole and in part, each half's share;
    # what they count is written under them.
    lines = hilo.stdout.splitlines()
    assert lines[0].split()[1:] == ["equity", "scoop", "split", "high", "low"]
    assert lines[3].startswith("scoop: deals won whole") and "each half" in lines[4]
    seeded = [run_cli("equity", "AhKh", "random", "--samples", "5000", "--seed", "3") for _ in "ab"]
    assert seeded[0].stdout == seeded[1].stdout
    assert "seed 3" in seeded[0].stdout


def test_eval_omaha(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["eval", "--omaha", "Ah3dJcJs", "2c5d7sKhQc"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0] == "Pair of jacks"
    assert "low: 7-5-3-2-A low" in out
    assert main(["eval", "--omaha", "KdKs9h9d", "2c5d7sKhQc"]) == 0
    assert "no eight-or-better low" in capsys.readouterr().out


def test_eval_takes_the_game_as_every_command_does(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["eval", "--game", "omaha-hilo", "Ah3dJcJs", "2c5d7sKhQc"]) == 0
    hilo = capsys.readouterr().out
    assert main(["eval", "--omaha", "Ah3dJcJs", "2c5d7sKhQc"]) == 0
    assert capsys.readouterr().out == hilo
    assert main(["eval", "--game", "plo", "Ah3dJcJs", "2c5d7sKhQc"]) == 0
    assert capsys.readouterr().out == "\n".join(hilo.splitlines()[:3]) + "\n"  # no low
    assert main(["eval", "--game", "omaha", "Ah3dJcJs"]) == 2
    assert "takes two arguments: HOLE BOARD" in capsys.readouterr().err


def test_simulate_summary_and_json_lines(tmp_path: Path) -> None:
    out = tmp_path / "hands.jsonl"
    args = ["simulate", "--players", "4", "--hands", "300", "--seed", "5"]
    done = run_cli(*args, "--out", str(out))
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""  # no progress bar when not on a terminal
    assert "300 hands, 4 players, policy random, seed 5" in done.stdout
    assert "showdown share" in done.stdout
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(lines) == 301
    assert sum(sum(hand["net"]) for hand in lines[:-1]) == 0
    summary = lines[-1]
    assert summary["hands"] == 300
    assert [seat["net"] for seat in summary["seats"]] == [
        sum(hand["net"][seat] for hand in lines[:-1]) for seat in range(4)
    ]
    again = run_cli(*args, "--json")
    assert json.loads(again.stdout)["seats"] == summary["seats"]


def test_progress_bar_only_on_a_terminal() -> None:
    screen = io.StringIO()
    screen.isatty = lambda: True  # type: ignore[method-assign]
    run(None, players=2, hands=50, policies="call", progress=Progress(50, stream=screen))
    assert "50/50" in screen.getvalue()
    piped = io.StringIO()
    run(None, players=2, hands=50, policies="call", progress=Progress(50, stream=piped))
    assert piped.getvalue() == ""


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["simulate", "--hands", "5", "--out", "/nonexistent/dir/x.jsonl"], "cannot write"),
        # The grid's outputs once failed with a traceback (OSError, matplotlib's ValueError).
        (
            ["grid", "range", "AA", "KK", "--board", "2c7d9h", "--out", "/nonexistent/g.csv"],
            "cannot write '/nonexistent/g.csv': No such file or directory",
        ),
        (
            ["grid", "range", "AA", "KK", "--board", "2c7d9h", "--png", "/nonexistent/g.png"],
            "cannot write '/nonexistent/g.png'",
        ),
    ],
)
def test_outputs_that_cannot_be_written_print_one_line_and_exit_1(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run_main(capsys, *args)
    assert status == 1
    assert out == ""
    assert err.count("\n") == 1
    assert err.startswith("pokerforge: error: ")
    assert message in err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["odds", "AhKx"], "'Kx' is not a card"),
        (["odds", "AhKh", "--opponents", "12"], "--opponents must be 1 to 9"),
        (["equity", "AhKh", "AhQd"], "the card Ah is given more than once"),
        (["equity", "AhKh", "QQ+,AKz"], "not a valid range"),
        (["equity", "AhKh", "QsQd", "--board", "2c3c"], "a board needs 0, 3, 4 or 5 cards"),
        (["equity", "AhKh", "QsQd", "--samples", "0"], "--samples must be at least 1"),
        (["eval", "--omaha", "AhKhQd2c"], "--game omaha-hilo takes two arguments"),
        (["simulate", "--players", "11"], "a table needs 2 to 10 players"),
        (["simulate", "--hands", "0"], "hands must be at least 1"),
        # Once CSV whatever the ending.
        (
            ["grid", "range", "AA", "KK", "--board", "2c7d9h", "--out", "/tmp/g.xyz"],
            "cannot tell the format of '/tmp/g.xyz' from its ending '.xyz'",
        ),
        (["grid", "preflop", "--scheduler-timeout", "0"], "--scheduler-timeout must be above 0"),
        (["serve", "--network-rate", "nan"], "--network-rate must be 0 or more, not nan"),
        (["serve", "--max-network-waiting", "-1"], "--max-network-waiting must be 0 or more"),
        # Once a traceback (OverflowError), a server refusing every request, and servers
        # started with no worker or thread.
        (["serve", "--port", "99999"], "--port must be 0 to 65535, not 99999"),
        (["serve", "--max-time", "nan"], "--max-time must be above 0"),
        (["serve", "--threads", "0"], "--threads, --max-samples and --max-time must be above 0"),
        (["serve", "--workers", "0"], "--workers, --threads"),
    ],
)
def test_errors_print_one_line_and_exit_2(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run_main(capsys, *args)
    assert status == 2
    assert out == ""
    assert err.count("\n") == 1
    assert err.startswith("pokerforge: error: ")
    assert message in err


@pytest.mark.parametrize("command", ["odds", "equity", "eval", "simulate", "grid", "serve"])
def test_help_everywhere(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run_main(capsys, command, "--help")
    assert status == 0
    assert out.startswith(f"usage: pokerforge {command}")


def test_entry_point_script_and_bad_usage() -> None:
    script = Path(sys.executable).with_name("pokerforge")
    if script.exists():
        done = subprocess.run(
            [str(script), "eval", "AsKsQsJsTs"], capture_output=True, text=True, check=False
        )
        assert done.stdout.startswith("Royal flush")
    usage = run_cli("odds", "AhKh", "--game", "pineapple")
    assert usage.returncode == 2
    assert "'pineapple' is not a game" in usage.stderr


def test_long_work_is_announced_with_its_estimate_and_answers_the_same(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    args = ["equity", "AhKh", "QsQd", "--board", "2c7d9h", "--exact", "--json"]
    assert main(args) == 0
    quiet = capsys.readouterr()
    assert quiet.err == ""  # quick work: nothing said
    monkeypatch.setattr(cli, "_ANNOUNCE_SECONDS", 0.0)
    assert main(args) == 0
    announced = capsys.readouterr()
    assert announced.err.startswith("exact enumeration: about ")
    assert "Ctrl-C stops it" in announced.err
    assert json.loads(announced.out) == json.loads(quiet.out)


def test_an_exact_question_past_the_time_limit_says_so_before_starting(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Seconds of work against a limit of a tenth of a second: said, then refused.
    args = ["equity", "22+", "random", "--dead", "2c", "--exact", "--time-limit", "0.1"]
    assert main(args) == 2
    err = capsys.readouterr().err
    assert "s on this machine, more than --time-limit 0.1 s allows" in err
    assert "did not finish within the time limit" in err


@pytest.mark.parametrize(
    "args",
    [
        ["pushfold", "10", "10", "--max-time", "0"],
        ["icm", "1", "2", "--payouts", "1", "--max-time", "nan"],
        ["icm", "1", "2", "--payouts", "1", "--max-time", "inf"],
    ],
)
def test_max_time_is_a_positive_number_of_seconds(
    args: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run_main(capsys, *args)
    assert status == 2 and out == ""
    assert "expected seconds above 0" in err


def test_pushfold_and_icm_stop_at_max_time(capsys: pytest.CaptureFixture[str]) -> None:
    # A tolerance never reached and no round limit: stopped, and said so.
    status, out, _ = run_main(
        capsys, "pushfold", "12", "15", "--tolerance", "1e-15", "--max-time", "0.05"
    )
    assert status == 0 and "(round or time limit reached)" in out
    stacks = [str(1000 + 13 * i) for i in range(22)]
    payouts = [str(22 - i) for i in range(22)]
    status, out, err = run_main(
        capsys, "icm", *stacks, "--payouts", *payouts, "--bubble", "--max-time", "0.05"
    )
    assert status == 2 and out == ""
    assert "bubble factors did not finish within the time limit" in err


def test_an_exact_question_past_the_bound_is_refused_before_starting(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Six minutes of one thread: past the exact count's bound, refused with the figure
    # before any work (it once ran until its time limit, or for minutes without one).
    args = ["odds", "AhKh", "--opponents", "2", "--exact"]
    assert main(args) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "exact Hold'em equity would count about 2.1e12 deals" in err
    assert "past the limit of 60 s of one thread" in err


def test_serve_on_a_port_in_use_says_so_in_one_line_and_exits_2() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = subprocess.run(
            [sys.executable, "-m", "pokerforge", "serve", "--port", str(port)],
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [
        f"pokerforge: error: the service cannot listen on 127.0.0.1:{port}: Address already in use"
    ]


def test_simulate_takes_the_game_betting_blinds_ante_and_stacks(tmp_path: Path) -> None:
    out = tmp_path / "hands.phhs"
    args = ["simulate", "--players", "3", "--hands", "30", "--policy", "tag,random,call"]
    game = ["--game", "plo8", "--betting", "pot-limit", "--blinds", "5/10", "--ante", "1"]
    assert main([*args, *game, "--stack", "500", "--out", str(out), "--json"]) == 0
    text = out.read_text()
    assert 'variant = "PO/8"' in text  # pot-limit Omaha Hi-Lo
    assert "antes = [1, 1, 1]" in text and "starting_stacks = [500, 500, 500]" in text
    assert main([*args, "--betting", "fixed-limit", "--blinds", "5/10"]) == 0
    assert main([*args, "--blinds", "2/1"]) == 2
    with pytest.raises(SystemExit) as usage:  # argparse's own usage error
        main([*args, "--blinds", "one/two"])
    assert usage.value.code == 2


def test_a_grid_row_that_meets_no_column_hand_reads_a_dash(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # AsAc shares a card with every hand of the column range (AsAc alone): no equity. It
    # once printed "nan%".
    assert main(["grid", "range", "AA", "AA", "--board", "AhAd2c"]) == 0
    out = capsys.readouterr().out
    assert "nan" not in out
    assert out.splitlines()[-1].split() == ["AsAc", "-"]


@pytest.mark.parametrize("args", [["odds", "AhKh"], ["icm", "1", "2", "--payouts", "1", "--json"]])
def test_output_to_a_full_device_is_one_line_and_exit_1(args: list[str]) -> None:
    # Once a traceback (OSError: No space left on device) from the final print.
    with open("/dev/full", "w", encoding="utf-8") as full:
        done = subprocess.run(
            [sys.executable, "-m", "pokerforge", *args],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            timeout=60,
            check=False,
        )
    assert done.returncode == 1
    assert done.stderr == "pokerforge: error: cannot write the output: No space left on device\n"
