"""The local worker pool behind the ``processes`` backend: results, errors raised as the
chunk raised them, dead workers, and stopping workers halfway through a large result."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import psutil
import pytest

from pokerforge import sim
from pokerforge.errors import SimBackendError
from pokerforge.sim.workers import WorkerPool

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE))

from sim_helpers import chunk_or_fail  # noqa: E402

# Real worker processes, clusters or timed waits: run alone, after the parallel tests.
pytestmark = pytest.mark.serial


@pytest.fixture(autouse=True)
def _workers_import_helpers(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PYTHONPATH", str(HERE))


def _workers_left() -> list[psutil.Process]:
    # Spawning starts multiprocessing's resource tracker too, which stays by design.
    return [
        child
        for child in psutil.Process().children()
        if not any("resource_tracker" in part for part in child.cmdline())
    ]


def test_every_chunk_comes_back_once() -> None:
    with WorkerPool(chunk_or_fail, "", workers=3) as pool:
        got = list(pool.run(range(40)))
    assert sorted(got) == [(k, k * k) for k in range(40)]


def test_a_chunk_error_is_raised_as_itself_and_not_run_again() -> None:
    with (
        WorkerPool(chunk_or_fail, "oserror", workers=2) as pool,
        pytest.raises(FileNotFoundError, match="chunk 3 found no file"),
    ):
        list(pool.run(range(10)))


def test_a_result_that_does_not_pickle_is_named() -> None:
    with (
        WorkerPool(chunk_or_fail, "lambda", workers=1) as pool,
        pytest.raises(SimBackendError, match="chunk 2 sent back <function"),
    ):
        list(pool.run(range(5)))


def test_workers_that_keep_dying_stop_the_run() -> None:
    with (
        WorkerPool(chunk_or_fail, "die", workers=2) as pool,
        pytest.raises(SimBackendError, match="worker processes died 4 times in a row"),
    ):
        list(pool.run(range(5)))
    assert _workers_left() == []


def test_stopping_mid_result_leaves_no_process_and_nothing_to_wait_for() -> None:
    # Megabyte results keep workers blocked halfway through sending when they are stopped.
    pool = WorkerPool(chunk_or_fail, "big", workers=2)
    results = pool.run(range(100))
    next(results)
    time.sleep(0.2)
    started = time.monotonic()
    pool.stop()
    assert time.monotonic() - started < 10
    assert _workers_left() == []
    results.close()


def test_a_policy_that_does_not_pickle_is_named_with_the_fix() -> None:
    with pytest.raises(SimBackendError, match=r"must pickle .* never a lambda.*workers=1"):
        sim.run(hands=10, players=2, policies=lambda view, legal: "call", workers=2)
    assert not _workers_left()


def test_a_script_without_a_main_guard_gets_the_fix_not_a_traceback_per_worker(
    tmp_path: Path,
) -> None:
    script = tmp_path / "unguarded.py"
    script.write_text(
        "from pokerforge import sim\n"
        "print(sim.run(hands=20, players=2, policies='call', workers=2).hands)\n"
    )
    done = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 1
    assert 'under `if __name__ == "__main__":`' in done.stderr
    assert "bootstrapping phase" not in done.stderr  # no worker printed its traceback
    assert len(done.stderr.splitlines()) < 40, done.stderr
    guarded = tmp_path / "guarded.py"
    guarded.write_text(
        "from pokerforge import sim\n"
        "if __name__ == '__main__':\n"
        "    print(sim.run(hands=20, players=2, policies='tag,random', workers=2).hands)\n"
    )
    done = subprocess.run(
        [sys.executable, str(guarded)], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0 and done.stdout.strip() == "20", done.stderr
