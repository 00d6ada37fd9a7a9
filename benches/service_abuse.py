"""Abuse and load scenarios against the equity service, each bounded in time, loopback only.

Starts ``pokerforge serve`` on free ports of 127.0.0.1 and runs, in turn:

- ``idle``: opens ``--idle`` connections that never send a byte, then times ``/healthz``
  and a cheap equity request on fresh connections while they are held, then how long the
  server takes to close the idle ones (its header timeout is ``--header-timeout``);
- ``slow``: a few connections that send their headers one byte a second, and when the
  server closes them;
- ``queue``: 16 expensive Monte Carlo requests from one client (API key ``a``), then a
  cheap request from another (``b``), timed;
- ``mixed``: the mix of ``load_equity_service.py`` at concurrency 64 for ``--duration``
  seconds (requests/s, errors, p99);
- ``sigterm``: mixed load plus expensive requests, SIGTERM in the middle, and every answer
  classified (200, JSON 503 with ``Retry-After``, anything else);
- ``cpu``: the most expensive requests the server allows (the most samples, the default
  time limit = ``--max-time``; Hold'em with ten players, Omaha Hi-Lo with six-card hands,
  the calculator's per-class view of a wide range), one at a time, each timed by the CPU
  seconds the server process spent on it (all its threads, from ``/proc``), against the
  server's per-request maximum.

Run (about a minute and a half with the defaults):

    .venv/bin/python benches/service_abuse.py
    .venv/bin/python benches/service_abuse.py --only idle --idle 5000
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import http.client
import json
import os
import resource
import selectors
import signal
import socket
import statistics
import threading
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx

from load_equity_service import drive, serving

CHEAP = {"players": ["AhAs", "KdKc"], "board": "2c7d9h"}
SPARE = [r + s for r in "3456JQ" for s in "cdhs"]  # cards no CHEAP player or board holds
EXPENSIVE = {
    "players": ["QQ+, AKs", "random", "random", "random"],
    "method": "monte-carlo",
    "samples": 5_000_000,
}


def timed(url: str, method: str, path: str, body: Any = None, **headers: str) -> float:
    """Milliseconds of one request on a fresh connection (asserting a 200); the standard
    library's client, whose own cost is small next to the figures measured."""
    host, port = url.removeprefix("http://").split(":")
    payload = json.dumps(body).encode() if body is not None else None
    if payload is not None:
        headers["content-type"] = "application/json"
    start = time.perf_counter()
    connection = http.client.HTTPConnection(host, int(port), timeout=30)
    try:
        connection.request(method, path, body=payload, headers=headers)
        answer = connection.getresponse()
        text = answer.read()
    finally:
        connection.close()
    took = (time.perf_counter() - start) * 1000
    assert answer.status == 200, text
    return took


def summary(values: list[float]) -> str:
    return f"median {statistics.median(values):.1f} ms, max {max(values):.1f} ms"


def idle(count: int, header_timeout: float) -> None:
    with serving("--header-timeout", str(header_timeout), "--threads", "2") as (url, _):
        host, port = url.removeprefix("http://").split(":")
        selector = selectors.DefaultSelector()
        held = []
        for _ in range(count):
            sock = socket.create_connection((host, int(port)))
            sock.setblocking(False)
            selector.register(sock, selectors.EVENT_READ)
            held.append(sock)
        opened = time.monotonic()
        time.sleep(1)  # the server accepts the backlog of connections first
        health = [timed(url, "GET", "/healthz") for _ in range(20)]
        # A different dead card each time, so the cache never answers.
        cheap = [timed(url, "POST", "/v1/equity", {**CHEAP, "dead": card}) for card in SPARE[:20]]
        print(f"idle: {count} idle connections held")
        print(f"  /healthz meanwhile:     {summary(health)}")
        print(f"  cheap equity meanwhile: {summary(cheap)}")
        closed = 0
        deadline = opened + header_timeout + 30
        while closed < count and time.monotonic() < deadline:
            for key, _ in selector.select(timeout=1):
                sock = key.fileobj
                assert isinstance(sock, socket.socket)
                with contextlib.suppress(OSError):
                    sock.recv(1)
                selector.unregister(sock)
                closed += 1
        took = time.monotonic() - opened
        print(
            f"  closed by the server: {closed} of {count} within {took:.1f} s "
            f"(header timeout {header_timeout:g} s)"
        )
        for sock in held:
            sock.close()


def slow(header_timeout: float) -> None:
    with serving("--header-timeout", str(header_timeout)) as (url, _):
        host, port = url.removeprefix("http://").split(":")
        results: list[float] = []

        def dribble() -> None:
            start = time.monotonic()
            with socket.create_connection((host, int(port))) as sock:
                try:
                    for byte in b"GET /healthz HTTP/1.1\r\nhost: x\r\n" * 10:
                        sock.sendall(bytes([byte]))
                        time.sleep(1)
                        if time.monotonic() - start > header_timeout + 20:
                            break
                except OSError:
                    pass
            results.append(time.monotonic() - start)

        threads = [threading.Thread(target=dribble) for _ in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        print(
            f"slow: 4 connections sending a header byte a second, closed after "
            f"{min(results):.1f}-{max(results):.1f} s (header timeout {header_timeout:g} s)"
        )


def queue() -> None:
    options = ("--threads", "2", "--max-time", "1", "--api-key-header", "X-API-Key")
    with serving(*options) as (url, _):
        cheap: list[float] = []
        codes: Counter[int] = Counter()
        # One client for the expensive requests, made beforehand: sixteen clients made at
        # once (each loads its TLS settings) would spend this process's CPU while the
        # cheap request is timed, and the figure would measure the load script.
        limits = httpx.Limits(max_connections=32)
        with httpx.Client(base_url=url, timeout=120, limits=limits) as http:
            for round_ in range(3):

                def expensive(i: int, round_: int = round_) -> int:
                    body = {**EXPENSIVE, "seed": 100 * round_ + i}
                    headers = {"X-API-Key": "a"}
                    return http.post("/v1/equity", json=body, headers=headers).status_code

                with ThreadPoolExecutor(16) as pool:
                    futures = [pool.submit(expensive, i) for i in range(16)]
                    time.sleep(0.5)
                    # A new question each round, so the cache never answers it.
                    body = {**CHEAP, "dead": ["2h", "3h", "4h"][round_]}
                    cheap.append(timed(url, "POST", "/v1/equity", body, **{"X-API-Key": "b"}))
                    codes.update(f.result() for f in futures)
        print(
            f"queue: cheap request while 16 expensive ones of another client are queued: "
            f"{summary(cheap)} (expensive answers: {dict(codes)})"
        )


def mixed(duration: float) -> dict[str, float]:
    # 64 connections from one address stand for many clients: the network limits are
    # raised to fit them (and still checked on every connection).
    limits = ("--max-network-connections", "64", "--network-rate", "100")
    with serving("--threads", "2", *limits) as (url, _):
        print(f"mixed: concurrency 64 for {duration:g} s")
        return asyncio.run(drive(url, duration, 64, 1, None))


def sigterm() -> None:
    with serving("--threads", "2", "--max-time", "1") as (url, process):
        outcomes: Counter[str] = Counter()
        lock = threading.Lock()
        stop = time.monotonic() + 30

        def client(i: int) -> None:
            body = EXPENSIVE if i % 4 == 0 else CHEAP
            with httpx.Client(base_url=url, timeout=60) as http:
                while time.monotonic() < stop:
                    try:
                        answer = http.post("/v1/equity", json={**body, "seed": i})
                    except httpx.TransportError:
                        return  # the server has stopped listening: no answer to classify
                    if answer.status_code == 200:
                        kind = "200"
                    elif (
                        answer.status_code == 503
                        and answer.headers.get("content-type") == "application/json"
                        and "retry-after" in answer.headers
                    ):
                        kind = "JSON 503 with Retry-After"
                    else:
                        kind = f"other {answer.status_code}"
                    with lock:
                        outcomes[kind] += 1
                    if answer.status_code != 200:
                        return

        threads = [threading.Thread(target=client, args=(i,)) for i in range(32)]
        for t in threads:
            t.start()
        time.sleep(2)
        process.send_signal(signal.SIGTERM)
        for t in threads:
            t.join()
        process.wait(timeout=60)
        print(
            f"sigterm: answers under load around SIGTERM: {dict(outcomes)}; "
            f"exit status {process.returncode}"
        )


MOST_EXPENSIVE = {
    "Hold'em, 10 players, ranges and random": (
        "/v1/equity",
        {"players": ["QQ+, AKs", "22+, A2s+", *["random"] * 8], "samples": 5_000_000},
    ),
    "Omaha Hi-Lo, 6 six-card hands": (
        "/v1/equity",
        {"players": ["random"] * 6, "game": "omaha-hilo", "samples": 5_000_000},
    ),
    "per-class view, wide range vs 2 random": (
        "/v1/equity/by-class",
        {"players": ["22+, A2s+, K9s+, QTs+, ATo+", "random", "random"], "samples": 5_000_000},
    ),
}


def process_cpu(pid: int) -> float:
    """CPU seconds (user and system, every thread) the process has used so far."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def cpu(max_time: float, rounds: int = 3) -> None:
    with serving("--threads", "2", "--max-time", str(max_time)) as (url, process):
        print(f"cpu: the most expensive requests, one at a time (--max-time {max_time:g} s)")
        worst = 0.0
        with httpx.Client(base_url=url, timeout=120) as http:
            for name, (path, body) in MOST_EXPENSIVE.items():
                spent = []
                for seed in range(rounds):
                    before = process_cpu(process.pid)
                    answer = http.post(path, json={**body, "seed": seed})
                    spent.append(process_cpu(process.pid) - before)
                    assert answer.status_code == 200, answer.text
                worst = max(worst, *spent)
                shown = ", ".join(f"{s:.2f}" for s in spent)
                print(f"  {name:<42} CPU s per request: {shown}")
        print(
            f"  worst: {worst:.2f} CPU s = {worst / max_time:.0%} of the {max_time:g} s "
            f"maximum (allowed: 110%)"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", choices=["idle", "slow", "queue", "mixed", "sigterm", "cpu"])
    parser.add_argument("--max-time", type=float, default=2.0, help="the cpu scenario's limit")
    parser.add_argument("--idle", type=int, default=5000, help="idle connections to hold")
    parser.add_argument("--header-timeout", type=float, default=5.0)
    parser.add_argument("--duration", type=float, default=20.0, help="mixed load seconds")
    args = parser.parse_args()
    # Room for the idle connections on this side too.
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = args.idle + 1024
    with contextlib.suppress(ValueError, OSError):
        limit = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
        resource.setrlimit(resource.RLIMIT_NOFILE, (limit, hard))
    runs = {
        "idle": lambda: idle(args.idle, args.header_timeout),
        "slow": lambda: slow(args.header_timeout),
        "queue": queue,
        "mixed": lambda: mixed(min(args.duration, 60.0)),
        "sigterm": sigterm,
        "cpu": lambda: cpu(args.max_time),
    }
    for name, run in runs.items():
        if args.only in (None, name):
            run()


if __name__ == "__main__":
    main()
