"""`pokerforge serve` as a process: SIGTERM with a queue, JSON logs, worker processes."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections import Counter
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


def start(
    *options: str, env: dict[str, str] | None = None, logs: bool = True
) -> tuple[subprocess.Popen[str], str]:
    """Starts `pokerforge serve` on a free port and waits for it to answer. ``logs``: its
    logs are kept to read at the end (else dropped: a test making hundreds of requests
    would fill the pipe, and the server would wait on it)."""
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "pokerforge", "serve", "--port", str(port), *options],
        stderr=subprocess.PIPE if logs else subprocess.DEVNULL,
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
    # 12 connections from this one address: over the default cap of a network's (8), and
    # well within one client's bound of 20 s of queued work (16 one-second requests reached
    # it when the estimates ran high: a 429 before the signal, in one CI run).
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

        with ThreadPoolExecutor(12) as pool:
            futures = [pool.submit(send, i) for i in range(12)]
            deadline = time.monotonic() + 20
            # Every request taken before the signal: connections the server has not
            # accepted yet are closed with its listener.
            while accepted(url) < 12:
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
    assert len(requests) == 12
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


REQUEST = b"GET /healthz HTTP/1.1\r\nhost: test\r\nconnection: close\r\n\r\n"


def _answer(sock: socket.socket) -> tuple[bytes, int]:
    """The head and the worker's pid of one ``/healthz`` answer, read to the connection's
    end; a connection reset or closed without an answer is an ``OSError``."""
    data = b""
    while chunk := sock.recv(65536):
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    if not head.startswith(b"HTTP/1.1 200"):
        raise OSError(f"no answer: {data[:80]!r}")
    return head.lower(), int(json.loads(body)["pid"])


def _connect(port: int, count: int) -> list[socket.socket]:
    return [socket.create_connection(("127.0.0.1", port), timeout=30) for _ in range(count)]


def _worker_pids(port: int, count: int) -> list[int]:
    pids: set[int] = set()
    for _ in range(50):
        socks = _connect(port, 16)
        for sock in socks:
            sock.sendall(REQUEST)
        pids |= {_answer(sock)[1] for sock in socks}
        for sock in socks:
            sock.close()
        if len(pids) == count:
            return sorted(pids)
    raise AssertionError(f"only workers {pids} answered")


@pytest.fixture
def two_open_workers() -> Iterator[tuple[subprocess.Popen[str], int]]:
    """Two workers, no cap or rate on one network's connections (every test connection
    is from this machine)."""
    limits = ("--max-network-connections", "0", "--network-rate", "0")
    options = ("--workers", "2", "--threads", "1", *limits)
    server, url = start(*options, logs=False)
    try:
        yield server, int(url.rsplit(":", 1)[1])
    finally:
        server.send_signal(signal.SIGTERM)
        server.communicate(timeout=60)


def test_a_burst_of_connections_is_spread_over_the_workers(
    two_open_workers: tuple[subprocess.Popen[str], int],
) -> None:
    # Each burst is queued while both workers are stopped, as when it comes while they are
    # busy: the first worker to wake took every connection queued (200 of 200).
    _, port = two_open_workers
    pids = _worker_pids(port, 2)
    bursts = []
    for _ in range(4):
        for pid in pids:
            os.kill(pid, signal.SIGSTOP)
        try:
            socks = _connect(port, 100)
            for sock in socks:
                sock.sendall(REQUEST)
        finally:
            for pid in pids:
                os.kill(pid, signal.SIGCONT)
        bursts.append(Counter(_answer(sock)[1] for sock in socks))
        for sock in socks:
            sock.close()
    # Every burst reaches both workers: about half each on an idle machine, at worst 88
    # and 12 seen on a loaded one (which worker runs when is the machine's choice, and the
    # one running takes the connections): the bound is loose for that.
    assert all(min(burst[pid] for pid in pids) >= 5 for burst in bursts), bursts


def test_a_draining_worker_answers_the_connections_it_accepted(
    two_open_workers: tuple[subprocess.Popen[str], int],
) -> None:
    # Worker A alone takes 40 connections (B is stopped), then is told to stop (as in a
    # rolling restart) before their requests come: it reset them at once.
    _, port = two_open_workers
    a, b = _worker_pids(port, 2)
    os.kill(b, signal.SIGSTOP)
    try:
        held = _connect(port, 40)
        time.sleep(0.5)  # A accepts them
        os.kill(a, signal.SIGTERM)
    finally:
        os.kill(b, signal.SIGCONT)
    time.sleep(0.5)  # A has closed its listener
    later = _connect(port, 10)  # taken by B, or by A's replacement
    for sock in held + later:
        sock.sendall(REQUEST)
    answers = [_answer(sock) for sock in held + later]
    by_a = [head for head, pid in answers if pid == a]
    assert len(by_a) == 40 and all(b"connection: close" in head for head in by_a)
    assert all(pid != a for _, pid in answers[40:])
    for sock in held + later:
        sock.close()
