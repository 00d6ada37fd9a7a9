"""The service under the most expensive questions a client can send, loopback only:

- ``stud``: ``pokerforge serve --workers 4``; the exact stud question that once asked the
  allocator for 26 GB (and aborted a worker) sent once a second for ``--duration`` seconds,
  each followed by a cheap request; the answers by status, the cheap request's p99, and
  whether the worker processes are the ones that started;
- ``routes``: ``pokerforge serve --workers 1``; ten clients (told apart by an
  ``X-Client`` header) sending in turn the most expensive valid request of each route
  (tests/service/test_service_expensive.py lists them) for ``--duration`` seconds, while
  another times a cheap request every 0.2 s.

Run (about a minute):

    .venv/bin/python benches/hostile_service.py
    .venv/bin/python benches/hostile_service.py --only routes --duration 60
"""

from __future__ import annotations

import argparse
import socket
import subprocess
import sys
import threading
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
import psutil

sys.path.insert(0, str(Path(__file__).parent.parent / "tests" / "service"))
from test_service_expensive import EXPENSIVE, STUD

CHEAP = {"players": ["AhAs", "KdKc"], "board": "2c7d9h"}


def _port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextmanager
def serving(*options: str) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """``pokerforge serve`` with ``options`` on a free port: its URL and process."""
    port = _port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "pokerforge", "serve", "--port", str(port), *options],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(300):
            try:
                httpx.get(url + "/healthz", timeout=1)
                break
            except httpx.HTTPError:
                time.sleep(0.1)
        time.sleep(1)
        yield url, proc
    finally:
        proc.terminate()
        proc.wait(30)


def _p99(latencies: list[float]) -> str:
    ordered = sorted(latencies)
    p99 = ordered[int(0.99 * (len(ordered) - 1))]
    return f"cheap p50 {1000 * ordered[len(ordered) // 2]:.0f} ms, p99 {1000 * p99:.0f} ms"


def stud(duration: float) -> None:
    body = {"players": STUD, "game": "stud", "method": "exact"}
    with serving("--workers", "4", "--log-level", "warning") as (url, proc):
        workers = sorted(c.pid for c in psutil.Process(proc.pid).children(recursive=True))
        codes: Counter[int] = Counter()
        latencies = []
        end = time.monotonic() + duration
        with httpx.Client(base_url=url, timeout=60) as client:
            while time.monotonic() < end:
                codes[client.post("/v1/equity", json=body).status_code] += 1
                start = time.perf_counter()
                assert client.post("/v1/equity", json=CHEAP).status_code == 200
                latencies.append(time.perf_counter() - start)
                time.sleep(1)
        same = workers == sorted(c.pid for c in psutil.Process(proc.pid).children(recursive=True))
    print(f"stud: answers {dict(codes)}, {_p99(latencies)}, workers unchanged: {same}")


def routes(duration: float) -> None:
    options = ("--workers", "1", "--api-key-header", "X-Client", "--log-level", "warning",
               "--max-network-connections", "0", "--network-rate", "0")  # fmt: skip
    with serving(*options) as (url, proc):
        end = time.monotonic() + duration
        codes: Counter[int | str] = Counter()
        lock = threading.Lock()

        def client(k: int) -> None:
            with httpx.Client(base_url=url, timeout=60, headers={"X-Client": f"c{k}"}) as c:
                i = k
                while time.monotonic() < end:
                    path, body = EXPENSIVE[i % len(EXPENSIVE)]
                    i += 1
                    try:
                        code: int | str = c.post(path, json=body).status_code
                    except httpx.HTTPError as err:
                        code = type(err).__name__
                    with lock:
                        codes[code] += 1

        threads = [threading.Thread(target=client, args=(k,)) for k in range(10)]
        for thread in threads:
            thread.start()
        latencies = []
        with httpx.Client(base_url=url, timeout=60, headers={"X-Client": "cheap"}) as c:
            time.sleep(2)
            while time.monotonic() < end:
                start = time.perf_counter()
                assert c.post("/v1/equity", json=CHEAP).status_code == 200
                latencies.append(time.perf_counter() - start)
                time.sleep(0.2)
        for thread in threads:
            thread.join()
        alive = proc.poll() is None
    print(f"routes: expensive answers {dict(codes)}, {_p99(latencies)}, server up: {alive}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", choices=("stud", "routes"))
    parser.add_argument("--duration", type=float, default=30.0)
    args = parser.parse_args()
    if args.only in (None, "stud"):
        stud(args.duration)
    if args.only in (None, "routes"):
        routes(args.duration)


if __name__ == "__main__":
    main()
