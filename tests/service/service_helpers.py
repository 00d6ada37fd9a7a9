"""Helpers shared by the service tests (a name no other test folder uses)."""

from __future__ import annotations

import contextlib
import socket
import threading
import time
from collections.abc import Iterator
from typing import Any

import uvicorn

from pokerforge.service import Limits, create_app
from pokerforge.service.server import GuardedHttpTools

# An expensive request: Monte Carlo that runs until its time limit; and a cheap one.
EXPENSIVE = {
    "players": ["QQ+, AKs", "random", "random", "random"],
    "method": "monte-carlo",
    "samples": 10_000_000,
}
CHEAP = {"players": ["AhAs", "KdKc"], "board": "2c7d9h"}

# Small limits so the work-limit tests run fast: at most 0.5 s and 400,000 samples a request.
TEST_LIMITS = Limits(max_samples=400_000, default_samples=20_000, max_time=0.5, workers=2)


def free_port() -> int:
    """A TCP port free on 127.0.0.1 now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@contextlib.contextmanager
def running(
    limits: Limits,
    *,
    header_timeout: float = 10.0,
    write_timeout: float = 10.0,
    max_connections: int = 10_000,
    max_network_connections: int = 0,
    network_rate: float = 0.0,
    max_network_waiting: int = 0,
    http: type[Any] = GuardedHttpTools,
    app: Any = None,
) -> Iterator[tuple[str, Any]]:
    """A uvicorn server with its own settings on a free port (``app``, or one built from
    ``limits``): yields its URL and app."""
    protocol = type(
        "TestProtocol",
        (http,),
        {
            "header_timeout": header_timeout,
            "write_timeout": write_timeout,
            "max_connections": max_connections,
            "max_network_connections": max_network_connections,
            "network_rate": network_rate,
            "max_network_waiting": max_network_waiting,
        },
    )
    app = app if app is not None else create_app(limits)
    port = free_port()
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", http=protocol)
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < deadline and thread.is_alive(), "the server did not start"
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}", app
    finally:
        server.should_exit = True
        thread.join(timeout=20)


def raw(url: str, data: bytes, *, wait: float = 5.0) -> bytes:
    """Sends ``data`` on a fresh connection and reads until the server closes it."""
    host, port = url.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=wait) as sock:
        sock.sendall(data)
        chunks = []
        with contextlib.suppress(TimeoutError, ConnectionResetError):
            while chunk := sock.recv(65536):
                chunks.append(chunk)
        return b"".join(chunks)
