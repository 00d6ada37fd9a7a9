"""Load test of the equity service: mixed requests at a fixed concurrency, loopback only.

Starts ``pokerforge serve`` on a free port of 127.0.0.1 (or uses ``--url`` of one already
running on loopback), then keeps ``--concurrency`` requests in flight for ``--duration``
seconds (at most 120) and prints requests/s, errors, and median and p99 latency per kind.
Heads-up pre-flop exact requests draw two random known hands each time, so they are
almost never answered from the cache.

Run:

    .venv/bin/python benches/load_equity_service.py                  # 30 s, concurrency 16
    .venv/bin/python benches/load_equity_service.py --duration 5 --concurrency 4
    .venv/bin/python benches/load_equity_service.py --only heads_up_exact --concurrency 1
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import random
import socket
import statistics
import subprocess
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlsplit

import httpx

CARDS = [r + s for r in "23456789TJQKA" for s in "cdhs"]
MAX_DURATION = 120.0
MAX_REQUESTS = 2_000_000


def heads_up_exact(rng: random.Random) -> tuple[str, dict[str, Any]]:
    a, b, c, d = rng.sample(CARDS, 4)
    return "equity heads-up pre-flop exact", {
        "path": "/v1/equity",
        "json": {"players": [a + b, c + d], "method": "exact"},
    }


def flop_multiway(rng: random.Random) -> tuple[str, dict[str, Any]]:
    cards = rng.sample(CARDS, 5)
    return "equity 3-way flop vs random (MC 20k)", {
        "path": "/v1/equity",
        "json": {
            "players": [cards[0] + cards[1], "random", "random"],
            "board": "".join(cards[2:]),
            "samples": 20_000,
            "seed": rng.randrange(1000),
        },
    }


def ranges(rng: random.Random) -> tuple[str, dict[str, Any]]:
    villain = rng.choice(["QQ+, AKs", "JJ+, AQs+, AKo", "22+, A2s+", "TT+"])
    return "equity hand vs range pre-flop (auto)", {
        "path": "/v1/equity",
        "json": {"players": [rng.choice(["AhKh", "7c7d", "QsJs"]), villain]},
    }


def evaluate(rng: random.Random) -> tuple[str, dict[str, Any]]:
    return "evaluate 7 cards", {
        "path": "/v1/evaluate",
        "json": {"cards": "".join(rng.sample(CARDS, 7))},
    }


MIX = [(heads_up_exact, 0.5), (flop_multiway, 0.2), (ranges, 0.15), (evaluate, 0.15)]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@contextlib.contextmanager
def serving(*options: str) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """``pokerforge serve`` with ``options`` on a free loopback port, its logs discarded:
    yields its URL (once it answers) and the process; stops it afterwards."""
    port = free_port()
    command = [sys.executable, "-m", "pokerforge", "serve", "--port", str(port)]
    process = subprocess.Popen(
        [*command, "--log-level", "warning", *options], stderr=subprocess.DEVNULL
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                httpx.get(url + "/healthz", timeout=1)
                break
            except httpx.TransportError:
                if time.monotonic() > deadline or process.poll() is not None:
                    raise
                time.sleep(0.1)
        yield url, process
    finally:
        if process.poll() is None:
            process.terminate()
        process.wait(timeout=60)


class Connection:
    """One kept-alive HTTP/1.1 connection, written by hand for a cheap client.

    httpx's async client spends about 5 ms of CPU a request at concurrency 64 (measured on
    this machine), more than the server; since the load script and the server share the
    cores, that would measure the client. This one sends the same requests (JSON bodies,
    keep-alive) and reads every answer whole: its status line, headers and body (by
    ``Content-Length``, or chunked), at a few tens of microseconds a request.
    """

    def __init__(self, host: str, port: int) -> None:
        self.host = host
        self.port = port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def post(self, path: str, payload: bytes) -> tuple[int, bytes]:
        """Sends one POST and returns the answer's status and body (reconnecting first if
        the server closed the connection)."""
        if self.writer is None or self.writer.is_closing():
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        assert self.reader is not None
        head = (
            f"POST {path} HTTP/1.1\r\nhost: {self.host}:{self.port}\r\n"
            f"content-type: application/json\r\ncontent-length: {len(payload)}\r\n\r\n"
        )
        self.writer.write(head.encode() + payload)
        try:
            status, body, close = await self._answer(self.reader)
        except (asyncio.IncompleteReadError, ConnectionError):
            self.close()
            raise
        if close:
            self.close()
        return status, body

    @staticmethod
    async def _answer(reader: asyncio.StreamReader) -> tuple[int, bytes, bool]:
        lines = (await reader.readuntil(b"\r\n\r\n")).split(b"\r\n")
        status = int(lines[0].split(b" ", 2)[1])
        headers = {}
        for line in lines[1:]:
            name, _, value = line.partition(b":")
            headers[name.strip().lower()] = value.strip()
        close = headers.get(b"connection", b"").lower() == b"close"
        if b"content-length" in headers:
            return status, await reader.readexactly(int(headers[b"content-length"])), close
        if headers.get(b"transfer-encoding", b"").lower() == b"chunked":
            parts = []
            while size := int((await reader.readuntil(b"\r\n")).split(b";")[0], 16):
                parts.append(await reader.readexactly(size))
                await reader.readexactly(2)
            await reader.readuntil(b"\r\n")  # the blank line after the last chunk
            return status, b"".join(parts), close
        return status, await reader.read(), True

    def close(self) -> None:
        """Closes the connection (a later request opens a new one)."""
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


async def worker(
    connection: Connection,
    rng: random.Random,
    *,
    mix: list[tuple[Any, float]],
    stop_at: float,
    latencies: dict[str, list[float]],
    errors: dict[str, int],
    reasons: Counter[str],
    budget: list[int],
) -> None:
    makers, weights = zip(*mix, strict=True)
    while time.perf_counter() < stop_at and budget[0] > 0:
        budget[0] -= 1
        kind, request = rng.choices(makers, weights)[0](rng)
        payload = json.dumps(request["json"]).encode()
        start = time.perf_counter()
        try:
            status, answer = await asyncio.wait_for(connection.post(request["path"], payload), 30)
            why = None if status == 200 else f"{status} {answer[:200]!r}"
        except (OSError, asyncio.IncompleteReadError, asyncio.TimeoutError, ValueError) as err:
            connection.close()
            why = repr(err)[:200]
        if why is None:
            latencies[kind].append(time.perf_counter() - start)
        else:
            errors[kind] += 1
            reasons[why] += 1
    connection.close()


async def drive(
    url: str, duration: float, concurrency: int, seed: int, only: str | None
) -> dict[str, float]:
    """Runs the mix and prints the table; returns requests/s, errors and the worst p99."""
    mix = [(maker, weight) for maker, weight in MIX if only in (None, maker.__name__)]
    latencies: dict[str, list[float]] = defaultdict(list)
    errors: dict[str, int] = defaultdict(int)
    reasons: Counter[str] = Counter()
    budget = [MAX_REQUESTS]
    parts = urlsplit(url)
    host, port = parts.hostname or "127.0.0.1", parts.port or 80
    httpx.get(url + "/healthz", timeout=10).raise_for_status()
    start = time.perf_counter()
    stop_at = start + duration
    await asyncio.gather(
        *(
            worker(
                Connection(host, port),
                random.Random(seed * 1000 + i),
                mix=mix,
                stop_at=stop_at,
                latencies=latencies,
                errors=errors,
                reasons=reasons,
                budget=budget,
            )
            for i in range(concurrency)
        )
    )
    elapsed = time.perf_counter() - start
    total = sum(len(v) for v in latencies.values())
    print(
        f"{total:,} requests in {elapsed:.1f} s at concurrency {concurrency}: "
        f"{total / elapsed:,.0f} requests/s, {sum(errors.values())} errors"
    )
    print(f"{'kind':<40} {'count':>7} {'median ms':>10} {'p99 ms':>8} {'errors':>7}")
    for kind in sorted(set(latencies) | set(errors)):
        values = sorted(latencies[kind])
        median = statistics.median(values) * 1000 if values else float("nan")
        p99 = values[min(len(values) - 1, int(len(values) * 0.99))] * 1000 if values else 0
        print(f"{kind:<40} {len(values):>7,} {median:>10.2f} {p99:>8.2f} {errors[kind]:>7}")
    for why, count in reasons.most_common(5):
        print(f"error x{count}: {why}")
    every = sorted(v for values in latencies.values() for v in values)
    return {
        "rate": total / elapsed,
        "errors": float(sum(errors.values())),
        "p99_ms": every[min(len(every) - 1, int(len(every) * 0.99))] * 1000 if every else 0.0,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--duration", type=float, default=30.0, help="seconds (max 120)")
    parser.add_argument("--concurrency", type=int, default=16)
    parser.add_argument("--threads", type=int, help="server threads (default: all cores)")
    parser.add_argument("--url", help="a running server on 127.0.0.1 instead of a new one")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--only", choices=[maker.__name__ for maker, _ in MIX], help="one kind of request"
    )
    args = parser.parse_args()
    duration = min(args.duration, MAX_DURATION)
    if args.url:
        if urlsplit(args.url).hostname not in ("127.0.0.1", "localhost", "::1"):
            parser.error("--url must be a loopback address")
        asyncio.run(drive(args.url, duration, args.concurrency, args.seed, args.only))
        return
    options = ["--threads", str(args.threads)] if args.threads else []
    with serving(*options) as (url, _):
        asyncio.run(drive(url, duration, args.concurrency, args.seed, args.only))


if __name__ == "__main__":
    main()
