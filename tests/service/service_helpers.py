"""Helpers shared by the service tests (a name no other test folder uses)."""

from __future__ import annotations

import socket

from pokerforge.service import Limits

# Small limits so the work-limit tests run fast: at most 0.5 s and 400,000 samples a request.
TEST_LIMITS = Limits(max_samples=400_000, default_samples=20_000, max_time=0.5, workers=2)


def free_port() -> int:
    """A TCP port free on 127.0.0.1 now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port
