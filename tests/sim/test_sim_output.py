"""Every hand of a run written as Parquet, PHH or JSON lines, read back and checked against
the run's totals; bad arguments; Ctrl-C leaves no process behind and marks its output."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import psutil
import pyarrow.parquet as pq
import pytest

from pokerforge import sim
from pokerforge.errors import InvalidSpecError, PokerError, TimeLimitError
from pokerforge.game.history import load_many
from pokerforge.histories import Stats, read_phhs

# Long end-to-end checks, the same on every Python: on 3.11 only in the test command.
pytestmark = pytest.mark.slow

RUN = {"players": 3, "hands": 300, "seed": 4, "chunk_size": 70}
POLICIES = ["tag", "random", "random"]


def test_parquet_hands_and_actions_add_up_to_the_summary(tmp_path: Path) -> None:
    out = tmp_path / "hands.parquet"
    result = sim.run(None, policies=POLICIES, out=out, workers=2, **RUN)  # type: ignore[arg-type]
    actions_path = tmp_path / "hands.actions.parquet"
    assert result.outputs == (str(out), str(actions_path))
    assert not list(tmp_path.glob("*.partial"))
    hands = pq.read_table(out).to_pylist()
    assert [row["hand"] for row in hands] == list(range(300))  # in hand order
    assert [sum(row["net"][seat] for row in hands) for seat in range(3)] == list(result.net)
    assert sum(row["showdown"] for row in hands) == result.showdowns
    assert sum(row["pot"] for row in hands) == result.pot_total
    assert max(row["pot"] for row in hands) == result.pot_max
    assert [row["button"] for row in hands[:4]] == [0, 1, 2, 0]
    # Every seat's hole cards and position, as text.
    assert all(len(row["holes"]) == 3 and all(len(h) == 4 for h in row["holes"]) for row in hands)
    assert hands[0]["positions"] == ["BTN", "SB", "BB"]
    actions = pq.read_table(actions_path).to_pylist()
    forced = {"small_blind", "big_blind", "ante", "straddle"}
    voluntary = [row for row in actions if row["action"] not in forced]
    assert len(voluntary) == result.actions
    assert sum(row["action"] == "big_blind" for row in actions) == 300  # every hand's posts
    assert {row["action"] for row in voluntary} <= {"fold", "check", "call", "bet", "raise"}
    assert {row["street"] for row in actions} <= {"preflop", "flop", "turn", "river"}
    assert {row["player"] for row in actions} == {"tag", "random-1", "random-2"}
    # Integer amounts throughout (no NaN): "to" is the seat's street total after the action.
    frame = pq.read_table(actions_path).to_pandas()
    assert str(frame["amount"].dtype) == str(frame["to"].dtype) == "int64"
    for row in actions:
        assert row["to"] >= row["amount"] >= 0 or row["action"] == "ante"
    chips_in = {}  # each hand's chips put in add up to its pot
    for row in actions:
        chips_in[row["hand"]] = chips_in.get(row["hand"], 0) + row["amount"]
    returned = {row["hand"]: row["pot"] for row in hands}
    assert all(chips_in[h] >= returned[h] for h in returned)  # minus uncalled bets returned
    meta = json.loads(pq.read_metadata(out).metadata[b"pokerforge"])
    assert meta["complete"] is True
    assert meta["hands"] == 300
    assert meta["players"] == ["tag", "random-1", "random-2"]
    # The same run with no output at all finds the same totals.
    assert sim.run(None, policies=POLICIES, **RUN) == result  # type: ignore[arg-type]


def test_phh_output_replays_to_the_same_chips(tmp_path: Path) -> None:
    out = tmp_path / "hands.phhs"
    result = sim.run(None, policies=POLICIES, out=out, **{**RUN, "hands": 40})  # type: ignore[arg-type]
    text = out.read_text()
    hands = load_many(text)
    assert len(hands) == 40
    # Players are named by policy, so statistics group by bot.
    stats = Stats().update(read_phhs(out))
    assert set(stats.players()) == {"tag", "random-1", "random-2"}
    assert [sum(hand.net[seat] for hand in hands) for seat in range(3)] == list(result.net)


def test_json_lines_end_with_the_summary(tmp_path: Path) -> None:
    out = tmp_path / "hands.jsonl"
    result = sim.run(None, policies="random", out=out, **RUN)  # type: ignore[arg-type]
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(lines) == 301
    assert lines[-1]["summary"] is True
    assert [seat["net"] for seat in lines[-1]["seats"]] == list(result.net)
    assert [line["hand"] for line in lines[:-1]] == list(range(300))
    assert lines[0]["players"] == ["random-0", "random-1", "random-2"]
    assert lines[0]["positions"] == ["BTN", "SB", "BB"] and len(lines[0]["holes"][2]) == 4


def test_a_failed_run_leaves_marked_partial_output(tmp_path: Path) -> None:
    sys.path.insert(0, str(Path(__file__).parent))
    from sim_helpers import fail_on_aces  # noqa: PLC0415

    out = tmp_path / "hands.jsonl"
    with pytest.raises(PokerError):
        sim.run(None, players=6, hands=500, policies=fail_on_aces, seed=2, out=out, chunk_size=5)
    assert not out.exists()
    lines = [json.loads(line) for line in Path(f"{out}.partial").read_text().splitlines()]
    assert lines[-1]["partial"] is True
    assert lines[-1]["hands_written"] == len(lines) - 1
    assert [line["hand"] for line in lines[:-1]] == list(range(len(lines) - 1))


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"hands": 0}, "hands must be at least 1, not 0"),
        ({"hands": 10, "policies": "bluff"}, "'bluff' is not a policy"),
        ({"hands": 10, "policies": ["call", "call"]}, "one policy per seat (6), not 2"),
        ({"hands": 10, "players": 1}, "a table needs 2 to 10 players, not 1"),
        ({"hands": 10, "workers": 0}, "workers must be at least 1, not 0"),
        ({"hands": 10, "backend": "mpi"}, "'mpi' is not a backend"),
        ({"hands": 10, "chunk_size": 0}, "chunk_size must be at least 1, not 0"),
        ({"hands": 10, "stack": 2}, "stack must be more than the big blind"),
        ({"hands": 10, "seed": -1}, "seed must be a whole number of at least 0"),
        (
            {"hands": 10, "backend": "processes", "scheduler": "tcp://x:1"},
            "a scheduler address needs the dask backend",
        ),
    ],
)
def test_bad_arguments_are_named(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(InvalidSpecError) as caught:
        sim.run(None, **kwargs)  # type: ignore[arg-type]
    assert message in str(caught.value)


def _cli(*args: str) -> list[str]:
    return [sys.executable, "-m", "pokerforge", *args]


def test_the_command_on_two_workers_writes_parquet(tmp_path: Path) -> None:
    out = tmp_path / "hands.parquet"
    args = ["simulate", "--players", "3", "--hands", "400", "--seed", "9", "--chunk-size", "50"]
    done = subprocess.run(
        _cli(*args, "--workers", "2", "--out", str(out), "--json"),
        capture_output=True, text=True, check=False, timeout=300,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    assert (summary["backend"], summary["workers"]) == ("processes", 2)
    hands = pq.read_table(out).to_pylist()
    assert [seat["net"] for seat in summary["seats"]] == [
        sum(row["net"][seat] for row in hands) for seat in range(3)
    ]


def test_the_command_names_an_unreachable_scheduler() -> None:
    done = subprocess.run(
        _cli(
            "simulate", "--hands", "10", "--scheduler", "tcp://127.0.0.1:9",
            "--scheduler-timeout", "0.5",
        ),
        capture_output=True, text=True, check=False, timeout=120,
    )  # fmt: skip
    assert done.returncode == 2
    assert done.stderr.startswith("pokerforge: error: cannot reach the Dask scheduler")


def test_ctrl_c_stops_every_worker_and_marks_the_output(tmp_path: Path) -> None:
    out = tmp_path / "hands.jsonl"
    partial = Path(f"{out}.partial")
    args = ["simulate", "--hands", "10000000", "--workers", "2", "--chunk-size", "200"]
    # The command as a terminal starts it, with Ctrl-C handled: a suite started in the
    # background of a shell script inherits SIGINT ignored, and Python leaves an ignored
    # SIGINT ignored in its children (as it should: that is how nohup works).
    at_a_terminal = (
        "import runpy, signal, sys; signal.signal(signal.SIGINT, signal.default_int_handler); "
        "sys.argv[0] = 'pokerforge'; runpy.run_module('pokerforge', run_name='__main__')"
    )
    proc = subprocess.Popen(
        [sys.executable, "-c", at_a_terminal, *args, "--out", str(out)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        deadline = time.monotonic() + 120
        while not (partial.exists() and partial.stat().st_size > 0):
            assert proc.poll() is None, proc.communicate()
            assert time.monotonic() < deadline, "no hand was written"
            time.sleep(0.1)
        workers = psutil.Process(proc.pid).children(recursive=True)
        assert len(workers) >= 2
        os.kill(proc.pid, signal.SIGINT)
        _, err = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 130
    assert "partial output" in err
    assert err.rstrip().endswith("pokerforge: interrupted")
    _, alive = psutil.wait_procs(workers, timeout=30)
    assert alive == []  # no orphan process
    assert not out.exists()
    lines = [json.loads(line) for line in partial.read_text().splitlines()]
    assert lines[-1]["partial"] is True
    assert lines[-1]["hands_written"] == len(lines) - 1 > 0


@pytest.mark.parametrize("name", ["hands.csv", "hands.json", "hands"])
def test_an_unknown_ending_is_an_error_naming_the_formats(tmp_path: Path, name: str) -> None:
    out = tmp_path / name
    with pytest.raises(InvalidSpecError, match=r"expected one of \.parquet \(Parquet\)"):
        sim.run(None, policies="call", out=out, **RUN)  # type: ignore[arg-type]
    assert list(tmp_path.iterdir()) == []  # nothing written, not even a partial file


def _small_files() -> None:
    """In the child: files may grow to 8 KiB (a write past it fails with EFBIG, as on a full
    disk; Python ignores the SIGXFSZ that comes with it)."""
    import resource  # noqa: PLC0415

    resource.setrlimit(resource.RLIMIT_FSIZE, (8192, 8192))


@pytest.mark.parametrize("name", ["hands.jsonl", "hands.phh"])
def test_a_failed_write_is_one_line_and_leaves_no_partial_file(tmp_path: Path, name: str) -> None:
    # A full disk once ended in a chained OSError traceback: the write failed, then the
    # partial file's closing summary failed again.
    out = tmp_path / name
    done = subprocess.run(
        [sys.executable, "-m", "pokerforge", "simulate", "--hands", "3000", "--out", str(out)],
        capture_output=True,
        text=True,
        preexec_fn=_small_files,
        timeout=120,
        check=False,
    )
    assert done.returncode == 1, done.stderr
    assert "Traceback" not in done.stderr
    assert done.stderr.count("\n") == 1
    assert f"cannot write '{out}': File too large (the partial output was removed)" in done.stderr
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(("backend", "workers"), [("inline", 1), ("processes", 2)])
def test_a_run_stops_at_its_time_limit_and_keeps_whole_chunks(
    tmp_path: Path, backend: str, workers: int
) -> None:
    out = tmp_path / "hands.jsonl"
    with pytest.raises(TimeLimitError, match="the simulation did not finish") as info:
        sim.run(
            None, players=6, hands=10**7, seed=3, chunk_size=200, out=out, time_limit=1.0,
            backend=backend, workers=workers,
        )  # fmt: skip
    assert info.value.location == "time_limit"
    partial = tmp_path / "hands.jsonl.partial"
    assert f"hands are in {partial}" in str(info.value)
    lines = partial.read_text(encoding="utf-8").splitlines()
    summary = json.loads(lines[-1])
    assert summary["partial"] is True and summary["hands_written"] == len(lines) - 1
    assert summary["hands_written"] % 200 == 0  # whole chunks only
    with pytest.raises(InvalidSpecError, match="time_limit"):
        sim.run(None, hands=10, time_limit=-1.0)


def test_a_grid_that_cannot_be_written_leaves_no_half_file(tmp_path: Path) -> None:
    # The grid's CSV on a full disk: one line, and neither the file nor a part of it.
    out = tmp_path / "g.csv"
    args = ["grid", "range", "AA, KK", "QQ", "--board", "2c7d9h", "--out", str(out)]
    done = subprocess.run(
        [sys.executable, "-m", "pokerforge", *args],
        capture_output=True,
        text=True,
        preexec_fn=lambda: __import__("resource").setrlimit(
            __import__("resource").RLIMIT_FSIZE, (200, 200)
        ),
        timeout=120,
        check=False,
    )
    assert done.returncode == 1, done.stderr
    assert done.stderr == f"pokerforge: error: cannot write '{out}': File too large\n"
    assert list(tmp_path.iterdir()) == []
