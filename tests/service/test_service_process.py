"""`pokerforge serve` as a process: SIGTERM with a queue, JSON logs, worker processes."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest
from service_helpers import free_port

# Long end-to-end checks, the same on every Python (3.11 only in the test command),
# with real worker processes, clusters or timed waits (run alone, after the parallel tests).
pytestmark = [
    pytest.mark.slow,
    pytest.mark.serial,
    pytest.mark.skipif(os.name != "posix", reason="signals"),
]

EXPENSIVE = {
    "players": ["QQ+, AKs", "random", "random", "random"],
    "method": "monte-carlo",
    "samples": 10_000_000,
}


def start(*options: str, env: dict[str, str] | None = None) -> tuple[subprocess.Popen[str], str]:
    """Starts `pokerforge serve` on a free port and waits for it to answer."""
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "pokerforge", "serve", "--port", str(port), *options],
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while True:
        try:
            if httpx.get(f"{url}/healthz", timeout=2).status_code == 200:
                return server, url
        except httpx.TransportError:
            if time.monotonic() > deadline or server.poll() is not None:
                server.kill()
                raise
            time.sleep(0.1)


def accepted(url: str) -> float:
    """Equity requests the server has taken: answered, plus waiting, plus one running."""
    total = 1.0
    for line in httpx.get(f"{url}/metrics").text.splitlines():
        if line.startswith("pokerforge_queue_depth") or (
            line.startswith("pokerforge_requests_total") and 'route="/v1/equity"' in line
        ):
            total += float(line.split()[-1])
    return total


def test_sigterm_with_a_queue_answers_200_or_json_503() -> None:
    # 16 connections from this one address: over the default cap of a network's.
    server, url = start(
        "--threads",
        "1",
        "--max-time",
        "1",
        "--max-samples",
        "10000000",
        "--max-network-connections",
        "16",
    )
    signalled = False
    try:

        def send(i: int) -> httpx.Response:
            return httpx.post(f"{url}/v1/equity", json={**EXPENSIVE, "seed": i}, timeout=60)

        with ThreadPoolExecutor(16) as pool:
            futures = [pool.submit(send, i) for i in range(16)]
            deadline = time.monotonic() + 20
            # Every request taken before the signal: connections the server has not
            # accepted yet are closed with its listener.
            while accepted(url) < 16:
                assert time.monotonic() < deadline, "the queue never filled"
                time.sleep(0.05)
            server.send_signal(signal.SIGTERM)
            signalled = True
            answers = [f.result() for f in futures]
    finally:
        # One signal only: a second one can land while the interpreter is finalizing, when
        # its handlers are back to the default, and kill the server with -15.
        if not signalled:
            server.send_signal(signal.SIGTERM)
        _, err = server.communicate(timeout=60)
    assert server.returncode == 0
    codes = [a.status_code for a in answers]
    assert set(codes) <= {200, 503} and 503 in codes and 200 in codes, codes
    for answer in answers:
        if answer.status_code == 503:
            assert answer.json()["error"]["type"] == "busy"
            assert int(answer.headers["retry-after"]) >= 1
    # Every line the server wrote is JSON; request lines carry their request id.
    lines = err.splitlines()
    records = [json.loads(line) for line in lines]
    requests = [r for r in records if r.get("event") == "request" and r["path"] == "/v1/equity"]
    assert len(requests) == 16
    assert all(len(r["request_id"]) == 32 for r in requests)
    assert any(r.get("event") == "shutdown" for r in records)


@pytest.fixture
def two_workers() -> Iterator[str]:
    server, url = start("--workers", "2", "--threads", "1")
    try:
        yield url
    finally:
        server.send_signal(signal.SIGTERM)
        _, err = server.communicate(timeout=60)
        for line in err.splitlines():
            json.loads(line)


def test_serve_runs_worker_processes_with_shared_metrics(two_workers: str) -> None:
    pids: set[int] = set()
    lock = threading.Lock()

    def ask(_: int) -> None:
        # A fresh connection each time, so the kernel may hand it to either worker.
        pid = httpx.get(f"{two_workers}/healthz", headers={"connection": "close"}).json()["pid"]
        with lock:
            pids.add(pid)

    for _ in range(20):
        with ThreadPoolExecutor(8) as pool:
            list(pool.map(ask, range(16)))
        if len(pids) == 2:
            break
    assert len(pids) == 2
    assert os.getpid() not in pids
    text = httpx.get(f"{two_workers}/metrics").text
    total = sum(
        float(line.split()[-1])
        for line in text.splitlines()
        if line.startswith("pokerforge_requests_total") and 'route="/healthz"' in line
    )
    # Every worker's requests are counted, whichever worker answers the scrape.
    assert total >= 16


def test_worker_processes_leave_no_metrics_folder_behind(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "PROMETHEUS_MULTIPROC_DIR"}
    server, _ = start("--workers", "2", "--threads", "1", env={**env, "TMPDIR": str(tmp_path)})
    try:
        made = list(tmp_path.glob("pokerforge-metrics-*"))
        assert len(made) == 1 and any(made[0].iterdir())
    finally:
        server.send_signal(signal.SIGTERM)
        server.communicate(timeout=60)
    assert server.returncode == 0
    assert not list(tmp_path.glob("pokerforge-metrics-*"))
