"""A real uvicorn server with the equity service on a free loopback port."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator

# The `test` extra installs the service's dependencies: a missing one is an error, not a
# reason to skip.
import httpx
import pytest
import uvicorn
from service_helpers import TEST_LIMITS, free_port

from pokerforge.service import create_app
from pokerforge.service.server import GuardedH11


@pytest.fixture(scope="session")
def base_url() -> Iterator[str]:
    """Starts the service on 127.0.0.1 for the whole session; yields its URL."""
    port = free_port()
    config = uvicorn.Config(
        create_app(TEST_LIMITS),
        host="127.0.0.1",
        port=port,
        log_level="warning",
        http=GuardedH11,
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the test server did not start")
        time.sleep(0.02)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(timeout=15)


@pytest.fixture
def client(base_url: str) -> Iterator[httpx.Client]:
    """An HTTP client for the test server."""
    with httpx.Client(base_url=base_url, timeout=30) as http:
        yield http
