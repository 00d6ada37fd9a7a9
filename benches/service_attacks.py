"""The service under the attacks of its threat model (docs/service.md), one at a time.

Starts ``pokerforge serve --threads 2`` on loopback for each scenario, runs the attack from
threads of a process of its own (so that the attackers' threads do not hold this process's
GIL while the well-behaved client waits: that waiting is the client's, not the server's),
and meanwhile times a well-behaved client from another network
(source address 127.0.1.1): 40 cheap questions one after another (heads-up on a flop,
exact; a different dead card each, so the cache never answers) and 3 main-lane questions
(Monte Carlo of 1,000,000 deals, about 0.2 s of work). It prints the cheap questions'
p99, the main-lane time against the same server unloaded, the 5xx answers anyone got,
the server's largest resident memory (sampled every 0.1 s from ``/proc``) and the
connections it held or refused before reading a request (from its metrics).

Scenarios: ``none`` (the unloaded figures), ``crowded`` (exact questions with crowded
ranges, four senders), ``deep`` (JSON nested 30,000 deep, four senders), ``headers`` (eight
connections each sending a 32 MiB header, again and again), ``keys`` (48 made-up API keys
sending expensive questions), ``addresses`` (48 source addresses of one network, the
same), ``readers`` (50 connections pipelining requests and never reading).

    .venv/bin/python benches/service_attacks.py                 # every scenario, ~3 min
    .venv/bin/python benches/service_attacks.py --only headers
    .venv/bin/python benches/service_attacks.py --only readers \
        --serve "--network-rate 0 --max-network-waiting 0"     # a defence switched off
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import json
import multiprocessing
import shlex
import socket
import statistics
import threading
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from load_equity_service import serving

GOOD = "127.0.1.1"
CHEAP = {"players": ["AhAs", "KdKc"], "board": "2c7d9h"}
SPARE = [r + s for r in "3456JQ" for s in "cdhs"]
MAIN = {"players": ["QQ+, AKs", "random", "random"], "samples": 1_000_000}
EXPENSIVE = {
    "players": ["QQ+, AKs", "random", "random", "random"],
    "method": "monte-carlo",
    "samples": 5_000_000,
}
CROWDED = {"players": ["A2o+"] * 5 + ["AA", "AA"], "method": "exact"}


def ask(url: str, body: Any, *, source: str = GOOD, **headers: str) -> tuple[int, float]:
    """Status and milliseconds of one POST /v1/equity on a fresh connection."""
    host, port = url.removeprefix("http://").split(":")
    start = time.perf_counter()
    connection = http.client.HTTPConnection(
        host, int(port), timeout=120, source_address=(source, 0)
    )
    try:
        payload = json.dumps(body).encode()
        connection.request(
            "POST",
            "/v1/equity",
            body=payload,
            headers={"content-type": "application/json", **headers},
        )
        answer = connection.getresponse()
        answer.read()
        status = answer.status
    except OSError:
        status = 0
    finally:
        connection.close()
    return status, (time.perf_counter() - start) * 1000


def rss(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    return 0


def connections_turned_away(url: str) -> dict[str, int]:
    """The server's count of connections held or refused before any request, by what
    happened (its metrics, asked from the well-behaved client's address)."""
    host, port = url.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), 30, (GOOD, 0)) as sock:
        sock.sendall(b"GET /metrics HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n")
        text = b""
        while chunk := sock.recv(65536):
            text += chunk
    counts = {}
    for line in text.decode().splitlines():
        if line.startswith("pokerforge_connections_held_total "):
            counts["held"] = int(float(line.split()[-1]))
        elif line.startswith("pokerforge_connections_refused_total{"):
            reason = line.split('reason="', 1)[1].split('"', 1)[0]
            counts[reason] = int(float(line.split()[-1]))
    return counts


def good_client(url: str, statuses: Counter[int]) -> tuple[list[float], list[float]]:
    cheap, main = [], []
    for i in range(40):
        status, ms = ask(url, {**CHEAP, "dead": SPARE[i % len(SPARE)] + SPARE[(i + 7) % 24]})
        statuses[status] += 1
        cheap.append(ms)
    for seed in range(3):
        status, ms = ask(url, {**MAIN, "seed": 1000 + seed})
        statuses[status] += 1
        main.append(ms)
    return cheap, main


def attack_crowded(url: str, stop: threading.Event, statuses: Counter[int]) -> None:
    while not stop.is_set():
        statuses[ask(url, CROWDED, source="127.0.0.1")[0]] += 1


def attack_deep(url: str, stop: threading.Event, statuses: Counter[int]) -> None:
    host, port = url.removeprefix("http://").split(":")
    body = b"[" * 30_000 + b"]" * 30_000
    while not stop.is_set():
        connection = http.client.HTTPConnection(host, int(port), timeout=30)
        with contextlib.suppress(OSError):
            connection.request(
                "POST", "/v1/evaluate", body=body, headers={"content-type": "application/json"}
            )
            answer = connection.getresponse()
            answer.read()
            statuses[answer.status] += 1
        connection.close()


def attack_headers(url: str, stop: threading.Event, statuses: Counter[int]) -> None:
    host, port = url.removeprefix("http://").split(":")
    chunk = b"y" * 65536
    while not stop.is_set():
        with socket.create_connection((host, int(port)), timeout=10) as sock:
            try:
                sock.sendall(b"GET /healthz HTTP/1.1\r\nhost: x\r\nx-big: ")
                for _ in range(512):  # 32 MiB
                    sock.sendall(chunk)
            except OSError:
                statuses[431] += 1  # refused and closed (the answer is not read here)


def attack_identities(kind: str) -> Callable[[str, threading.Event, Counter[int]], None]:
    counter = iter(range(10**9))

    def attack(url: str, stop: threading.Event, statuses: Counter[int]) -> None:
        while not stop.is_set():
            i = next(counter)
            if kind == "keys":
                status, _ = ask(
                    url, {**EXPENSIVE, "seed": i}, source="127.0.0.1", **{"X-API-Key": f"k{i % 48}"}
                )
            else:
                status, _ = ask(url, {**EXPENSIVE, "seed": i}, source=f"127.0.0.{2 + i % 48}")
            statuses[status] += 1
            if status in (429, 503):
                time.sleep(0.2)

    return attack


def attack_readers(url: str, stop: threading.Event, statuses: Counter[int]) -> None:
    host, port = url.removeprefix("http://").split(":")
    request = b"GET /v1/range/presets HTTP/1.1\r\nhost: x\r\n\r\n" * 50
    while not stop.is_set():
        with socket.create_connection((host, int(port)), timeout=2) as sock:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            try:
                while not stop.is_set():
                    sock.sendall(request)
            except OSError:
                statuses[0] += 1  # the server gave up on us


SCENARIOS: dict[str, tuple[Callable[[str, threading.Event, Counter[int]], None] | None, int]] = {
    "none": (None, 0),
    "crowded": (attack_crowded, 4),
    "deep": (attack_deep, 4),
    "headers": (attack_headers, 8),
    "keys": (attack_identities("keys"), 48),
    "addresses": (attack_identities("addresses"), 48),
    "readers": (attack_readers, 50),
}


def _attackers(name: str, url: str, halt: Any, counts: Any) -> None:
    """The attack's senders, threads of this (forked) process, until ``halt`` is set; their
    answers' statuses are put on ``counts``."""
    attack, senders = SCENARIOS[name]
    assert attack is not None
    stop = threading.Event()
    statuses: Counter[int] = Counter()
    threads = [
        threading.Thread(target=attack, args=(url, stop, statuses), daemon=True)
        for _ in range(senders)
    ]
    for thread in threads:
        thread.start()
    halt.wait()
    stop.set()
    for thread in threads:
        thread.join(timeout=60)
    counts.put(dict(statuses))


def scenario(name: str, unloaded_main: float | None, serve: str = "", warmup: float = 2.0) -> float:
    attack = SCENARIOS[name][0]
    options = ["--threads", "2", "--write-timeout", "5", *shlex.split(serve)]
    if name == "keys":
        options += ["--api-key-header", "X-API-Key"]
    with serving(*options) as (url, process):
        stop = threading.Event()
        theirs: Counter[int] = Counter()
        mine: Counter[int] = Counter()
        peak = [rss(process.pid)]

        def sample() -> None:
            while not stop.is_set():
                peak.append(rss(process.pid))
                time.sleep(0.1)

        # Forked before any thread of this process starts.
        context = multiprocessing.get_context("fork")
        halt, counts = context.Event(), context.Queue()
        attackers = None
        if attack is not None:
            attackers = context.Process(target=_attackers, args=(name, url, halt, counts))
            attackers.start()
        threads = [threading.Thread(target=sample, daemon=True)]
        for thread in threads:
            thread.start()
        time.sleep(warmup if attack else 0)
        cheap, main = good_client(url, mine)
        stop.set()
        halt.set()
        for thread in threads:
            thread.join(timeout=60)
        if attackers is not None:
            theirs.update(counts.get(timeout=120))
            attackers.join(timeout=60)
        p99 = statistics.quantiles(cheap, n=100)[98]
        main_ms = statistics.median(main)
        fives = sum(n for s, n in (theirs + mine).items() if s >= 500)
        turned_away = connections_turned_away(url)
        ratio = f", {main_ms / unloaded_main:.2f}x unloaded" if unloaded_main else ""
        print(
            f"{name}: cheap p99 {p99:.1f} ms (median {statistics.median(cheap):.1f}), "
            f"main lane median {main_ms:.0f} ms{ratio}; 5xx {fives}; "
            f"well-behaved answers {dict(mine)}; attack answers {dict(theirs)}; "
            f"server memory max {max(peak) / 2**20:.0f} MiB; "
            f"connections held or refused {turned_away}",
            flush=True,
        )
        return main_ms


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", choices=list(SCENARIOS))
    parser.add_argument(
        "--serve", default="", metavar="OPTIONS", help="more options of pokerforge serve"
    )
    parser.add_argument(
        "--warmup",
        type=float,
        default=2.0,
        metavar="SECONDS",
        help="how long the attack runs before the well-behaved client starts (default 2)",
    )
    args = parser.parse_args()
    print("load before:", Path("/proc/loadavg").read_text().split()[:3])
    unloaded = scenario("none", None, args.serve)
    for name in SCENARIOS:
        if name != "none" and args.only in (None, name):
            scenario(name, unloaded, args.serve, args.warmup)
    print("load after:", Path("/proc/loadavg").read_text().split()[:3])


if __name__ == "__main__":
    main()
