"""How a burst of connections spreads over the worker processes of `pokerforge serve`.

Opens ``--connections`` connections at once (every handshake done before any request is
sent, so they all wait in the listener's queue together), then sends ``GET /healthz`` on
each and counts the answers by the worker process that gave them. Repeats ``--rounds``
times against one server. Not part of the test run (the test of the spread is
``tests/service/test_service_process.py``). Run:

    .venv/bin/python benches/service_spread.py --workers 2 --connections 200 --rounds 5
    .venv/bin/python benches/service_spread.py --paused   # each burst queued all at once
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Sequence

REQUEST = b"GET /healthz HTTP/1.1\r\nhost: bench\r\nconnection: close\r\n\r\n"


def free_port() -> int:
    """A port nothing listens on now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def start(workers: int, port: int) -> subprocess.Popen[bytes]:
    """`pokerforge serve` with ``workers`` processes, once it answers."""
    limits = ["--max-network-connections", "0", "--network-rate", "0"]
    options = ["--workers", str(workers), "--threads", "1", *limits]
    server = subprocess.Popen(
        [sys.executable, "-m", "pokerforge", "serve", "--port", str(port), *options],
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if burst(port, 1):
                return server
        except OSError:
            time.sleep(0.2)
    server.kill()
    raise SystemExit("the server did not start")


def answer_pid(sock: socket.socket) -> int:
    """The worker's pid from one ``/healthz`` answer, read to the connection's end."""
    data = b""
    while chunk := sock.recv(65536):
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    if not head.startswith(b"HTTP/1.1 200"):
        raise OSError(f"not a 200: {head[:80]!r}")
    pid: int = json.loads(body)["pid"]
    return pid


def burst(port: int, connections: int, paused: Sequence[int] = ()) -> Counter[int]:
    """One burst: ``connections`` connections opened, each sending its request as soon as
    it is connected. ``paused``: worker processes stopped (SIGSTOP) while the burst is
    queued and let go (SIGCONT) once it is, as when it comes while they are busy."""
    socks = []
    try:
        for pid in paused:
            os.kill(pid, signal.SIGSTOP)
        try:
            for _ in range(connections):
                sock = socket.create_connection(("127.0.0.1", port), timeout=30)
                socks.append(sock)
                sock.sendall(REQUEST)
        finally:
            for pid in paused:
                os.kill(pid, signal.SIGCONT)
        return Counter(answer_pid(sock) for sock in socks)
    finally:
        for sock in socks:
            sock.close()


def main() -> None:
    """Prints each round's answers per worker, then the whole run's."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--connections", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument(
        "--paused", action="store_true", help="queue each burst while the workers are stopped"
    )
    args = parser.parse_args()
    port = free_port()
    server = start(args.workers, port)
    try:
        workers: set[int] = set()
        while args.paused and len(workers) < args.workers:
            workers |= set(burst(port, 16))
        total: Counter[int] = Counter()
        for r in range(args.rounds):
            time.sleep(0.5)  # the previous round's connections closed on both sides
            counts = burst(port, args.connections, sorted(workers))
            total += counts
            busiest = counts.most_common(1)[0][1] / counts.total()
            spread = ", ".join(str(n) for _, n in counts.most_common())
            print(f"round {r + 1}: {spread} (the busiest worker {busiest:.0%})")
        print("all rounds: " + ", ".join(str(n) for _, n in total.most_common()))
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(60)


if __name__ == "__main__":
    main()
