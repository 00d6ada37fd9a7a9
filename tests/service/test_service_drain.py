"""A server stopping answers the connections it accepted before their request came in (they
were reset), over both HTTP protocols; with several workers each takes one connection at
a time (the process-level checks are in test_service_process.py)."""

from __future__ import annotations

import asyncio
import json
import socket
import threading
import time
from typing import Any

import pytest
import uvicorn
from service_helpers import free_port

from pokerforge.service import Limits
from pokerforge.service.app import create_app
from pokerforge.service.server import BalancedLoop, GuardedH11, GuardedHttpTools

REQUEST = b"GET /healthz HTTP/1.1\r\nhost: test\r\n\r\n"


def _read_to_close(sock: socket.socket) -> bytes:
    data = b""
    while chunk := sock.recv(65536):
        data += chunk
    return data


def _serve(http: type[Any]) -> tuple[uvicorn.Server, threading.Thread, int]:
    """A server of an app of its own over protocol ``http`` on a free port, started in a
    thread: the server, its thread and its port."""
    port = free_port()
    config = uvicorn.Config(
        create_app(Limits(workers=1)), host="127.0.0.1", port=port, log_level="warning", http=http
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < deadline and thread.is_alive(), "the server did not start"
        time.sleep(0.02)
    return server, thread, port


@pytest.mark.parametrize("http", [GuardedHttpTools, GuardedH11])
def test_a_connection_accepted_before_the_shutdown_is_answered(http: type[Any]) -> None:
    # Another app of the same process (as the suite's other servers are): a server
    # stopping drains its own app's queues only (it once drained every app's, and the
    # other servers of the process answered 503 "restarting" from then on).
    neighbour = create_app(Limits(workers=1))
    server, thread, port = _serve(http)
    deadline = time.monotonic() + 20
    fresh = socket.create_connection(("127.0.0.1", port), timeout=20)
    try:
        while not server.server_state.connections:  # accepted
            assert time.monotonic() < deadline
            time.sleep(0.01)
        server.should_exit = True
        while any(s.is_serving() for s in server.servers):  # the listener is closed
            assert time.monotonic() < deadline
            time.sleep(0.01)
        fresh.sendall(REQUEST)
        head, _, body = _read_to_close(fresh).partition(b"\r\n\r\n")
    finally:
        fresh.close()
        thread.join(timeout=20)
    # Answered, then closed (reading to the end returned); httptools, what `serve` runs,
    # also says so in the head (uvicorn's h11 protocol closes without saying).
    assert head.startswith(b"HTTP/1.1 200"), head
    assert http is GuardedH11 or b"connection: close" in head.lower()
    assert json.loads(body)["status"] == "ok"
    assert not thread.is_alive()
    assert not neighbour.state.engine.scheduler.draining


@pytest.mark.parametrize("http", [GuardedHttpTools, GuardedH11])
def test_a_connection_held_by_its_networks_cap_is_answered_at_the_shutdown(
    http: type[Any],
) -> None:
    # A connection waiting, unread, for a place of its network is not dropped by the
    # shutdown: it is taken then, and its request answered as any first one.
    limits = {"max_network_connections": 1, "max_network_waiting": 4}
    server, thread, port = _serve(type("OneAtATime", (http,), limits))
    deadline = time.monotonic() + 20
    first = socket.create_connection(("127.0.0.1", port), timeout=20)
    held = socket.create_connection(("127.0.0.1", port), timeout=20)
    try:
        first.sendall(REQUEST)
        assert first.recv(65536).startswith(b"HTTP/1.1 200")
        held.sendall(REQUEST)  # not read: the network's one place is first's
        while server.server_state.pokerforge_admission.held("127.0.0.0/24") != 1:
            assert time.monotonic() < deadline
            time.sleep(0.01)
        server.should_exit = True
        answer = _read_to_close(held)
    finally:
        first.close()
        held.close()
        thread.join(timeout=20)
    assert answer.startswith(b"HTTP/1.1 200"), answer
    assert not thread.is_alive()


@pytest.mark.parametrize(
    ("loop_class", "taken"), [(asyncio.SelectorEventLoop, 5), (BalancedLoop, 1)]
)
def test_each_worker_takes_one_waiting_connection_a_turn(
    loop_class: type[asyncio.AbstractEventLoop], taken: int
) -> None:
    # What the loop does when the listening socket is ready: asyncio's own takes every
    # connection waiting; the workers' takes one, leaving the rest to the other workers.
    loop = loop_class()
    made: list[asyncio.BaseTransport] = []

    class Count(asyncio.Protocol):
        def connection_made(self, transport: asyncio.BaseTransport) -> None:
            made.append(transport)

    listener = socket.create_server(("127.0.0.1", 0))
    listener.setblocking(False)
    clients = [socket.create_connection(listener.getsockname()) for _ in range(5)]
    try:
        server = loop.run_until_complete(
            loop.create_server(Count, sock=listener, start_serving=False)
        )
        # The call the loop makes when the listener is ready (as asyncio's own loop does).
        loop._accept_connection(Count, listener, None, server, 100)  # type: ignore[attr-defined]
        loop.run_until_complete(asyncio.sleep(0.05))
        assert len(made) == taken
    finally:
        for transport in made:
            transport.close()
        for client in clients:
            client.close()
        loop.run_until_complete(asyncio.sleep(0))
        listener.close()
        loop.close()
