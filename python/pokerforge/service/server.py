"""Running the service: uvicorn with connection limits, timeouts, JSON logs and a drain.

:func:`serve` runs the app with uvicorn in one process or, with ``workers > 1``, in that
many worker processes sharing the listening socket (uvicorn's process manager). What it
adds to plain uvicorn:

- :class:`GuardedHttpTools` (uvicorn's httptools protocol; :class:`GuardedH11` is the same
  over h11), HTTP/1.1 with a *header timeout*: a connection must
  deliver a whole request (headers and body) within ``header_timeout`` seconds of opening
  or of its previous answer, so idle connections and one-byte-a-second senders are
  closed; and a cap on open connections per process, beyond which a new connection gets
  a JSON 503 with ``Retry-After`` and is closed, so file descriptors never run out.
- on SIGTERM/SIGINT, when uvicorn starts its graceful shutdown (it asks each connection
  to shut down), every queued request is answered at once with a JSON 503
  (``Retry-After``), and uvicorn lets the running ones finish (each is bounded by the
  time limit) before it stops. This works the same in each worker process.
- JSON logs for everything, uvicorn's own errors included (:func:`log_config`).
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import gc
import json
import os
import resource
import sys
import tempfile
from dataclasses import dataclass
from typing import Any

import h11
import httptools
import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.supervisors import Multiprocess

from pokerforge.service.guard import error_body
from pokerforge.service.work import Limits

__all__ = ["GuardedH11", "GuardedHttpTools", "ServerOptions", "app_from_env", "log_config", "serve"]

_LIMITS_ENV = "POKERFORGE_SERVICE_LIMITS"
_SERVER_ENV = "POKERFORGE_SERVICE_SERVER"


@dataclass(frozen=True, slots=True)
class ServerOptions:
    """How the server runs (the work limits are :class:`~.work.Limits`).

    Attributes:
        host: The address to listen on.
        port: The port.
        workers: Worker processes (each with ``Limits.workers`` equity threads).
        header_timeout: Seconds a connection has to deliver a whole request.
        keep_alive: Seconds an idle kept-alive connection stays open.
        max_connections: Open connections per worker process beyond which new ones are
            refused with 503 (kept below the process's file-descriptor limit).
        graceful: Seconds the running requests get to finish on shutdown.
        log_level: ``"debug"``, ``"info"`` or ``"warning"``.
        forwarded_allow_ips: Proxies trusted to set ``X-Forwarded-For`` (comma-separated
            addresses, ``"*"`` for any); the client's address then comes from there.
    """

    host: str = "127.0.0.1"
    port: int = 8000
    workers: int = 1
    header_timeout: float = 10.0
    keep_alive: float = 5.0
    max_connections: int = 10_000
    graceful: float = 30.0
    log_level: str = "info"
    forwarded_allow_ips: str | None = None


def _from_env() -> dict[str, Any]:
    text = os.environ.get(_SERVER_ENV)
    return json.loads(text) if text else {}


def _answer_and_close(
    transport: asyncio.BaseTransport,
    status: int,
    kind: str,
    message: str,
    retry_after: int | None = None,
) -> None:
    """Writes a JSON error answer straight to the connection, then closes it (for refusals
    made before any request reaches the app)."""
    body, headers = error_body(status, kind, None, message, retry_after)
    reason = {400: b"Bad Request", 503: b"Service Unavailable"}[status]
    head = b"HTTP/1.1 %d %s\r\n" % (status, reason) + b"".join(
        name + b": " + value + b"\r\n" for name, value in headers
    )
    assert isinstance(transport, asyncio.WriteTransport)
    transport.write(head + b"connection: close\r\n\r\n" + body)
    transport.close()


class _Guard:
    """The header timeout and the connection cap, over either of uvicorn's HTTP protocols
    (see the module's description); mixed in before the protocol class."""

    header_timeout: float = float(_from_env().get("header_timeout", 10.0))
    max_connections: int = int(_from_env().get("max_connections", 10_000))
    # Provided by the protocol class.
    connections: set[Any]
    loop: asyncio.AbstractEventLoop
    transport: asyncio.Transport

    def connection_made(self, transport: asyncio.Transport) -> None:
        """Refuses the connection when there are too many; else starts its clock."""
        super().connection_made(transport)  # type: ignore[misc]
        self._request_timer: asyncio.TimerHandle | None = None
        if len(self.connections) > self.max_connections:
            message = "too many open connections; try again"
            _answer_and_close(transport, 503, "busy", message, retry_after=1)
            return
        self._arm()

    def _arm(self) -> None:
        if self._request_timer is not None:
            self._request_timer.cancel()
        self._request_timer = self.loop.call_later(self.header_timeout, self._request_timeout)

    def _waiting_for_client(self) -> bool:
        """Whether the connection still waits for a request's headers or body."""
        raise NotImplementedError

    def _request_timeout(self) -> None:
        # Still waiting for the request's headers or body: the client is too slow.
        if not self.transport.is_closing() and self._waiting_for_client():
            self.transport.close()

    def on_response_complete(self) -> None:
        """The next request on this connection gets its own ``header_timeout``."""
        super().on_response_complete()  # type: ignore[misc]
        if not self.transport.is_closing():
            self._arm()

    def shutdown(self) -> None:
        """The server is stopping: answer the queues with 503 first (once per process)."""
        _drain_all()
        super().shutdown()  # type: ignore[misc]

    def connection_lost(self, exc: Exception | None) -> None:
        """Stops the clock."""
        timer = getattr(self, "_request_timer", None)
        if timer is not None:
            timer.cancel()
        super().connection_lost(exc)  # type: ignore[misc]


# asyncio's Protocol types connection_made with a BaseTransport; uvicorn needs a Transport.
class GuardedH11(_Guard, H11Protocol):  # type: ignore[misc]
    """uvicorn's h11 protocol (pure Python) with a header timeout and a connection cap."""

    def _waiting_for_client(self) -> bool:
        return self.conn.their_state in (h11.IDLE, h11.SEND_BODY)


class GuardedHttpTools(_Guard, HttpToolsProtocol):  # type: ignore[misc]
    """uvicorn's httptools protocol (a C parser, several times cheaper a request than h11)
    with the same header timeout and connection cap; what :func:`serve` runs."""

    def _waiting_for_client(self) -> bool:
        # No request yet, the last one answered (and none complete since), or a body still
        # coming.
        cycle = self.cycle
        return cycle is None or cycle.response_complete or cycle.more_body

    def send_400_response(self, msg: str) -> None:
        """A request the parser refuses gets a JSON 400 naming the parser's reason (such as
        ``Transfer-Encoding can't be present with Content-Length``), and the connection
        is closed."""
        # Called while the parser's error is being handled: it says what was wrong.
        reason = sys.exc_info()[1]
        message = str(reason) if isinstance(reason, httptools.HttpParserError) else msg
        _answer_and_close(self.transport, 400, "bad_request", message)


def _drain_all() -> None:
    from pokerforge.service.app import SCHEDULERS  # noqa: PLC0415 - needs the web framework

    for scheduler in list(SCHEDULERS):
        if not scheduler.draining:
            scheduler.drain()


def log_config(level: str = "info") -> dict[str, Any]:
    """A :func:`logging.config.dictConfig` that writes every log as JSON lines to stderr."""
    handler = {
        "class": "logging.StreamHandler",
        "stream": "ext://sys.stderr",
        "formatter": "json",
        "filters": ["request_id"],
    }
    names = ("pokerforge.service", "uvicorn", "uvicorn.error", "uvicorn.access", "asyncio")
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "filters": {"request_id": {"()": "pokerforge.service.guard.RequestIdFilter"}},
        "formatters": {"json": {"()": "pokerforge.service.logs.JsonFormatter"}},
        "handlers": {"stderr": handler},
        "loggers": {
            name: {"handlers": ["stderr"], "level": level.upper(), "propagate": False}
            for name in names
        },
        "root": {"handlers": ["stderr"], "level": "WARNING"},
    }


def app_from_env() -> Any:
    """The app with the limits :func:`serve` left in the environment (for each worker)."""
    from pokerforge.service.app import create_app  # noqa: PLC0415 - needs the web framework

    text = os.environ.get(_LIMITS_ENV)
    app = create_app(Limits(**json.loads(text)) if text else Limits())
    # The framework, the models and the app live as long as the process: taken out of the
    # collector's sight, they no longer make its full collections long pauses under load.
    gc.freeze()
    return app


def _raise_file_limit(wanted: int) -> int:
    """Raises this process's open-file limit towards ``wanted``; returns the limit."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if soft < target:
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


def serve(limits: Limits, options: ServerOptions) -> None:
    """Runs the service until SIGTERM or SIGINT (see the module's description)."""
    # Room for the connections plus the process's own files and the workers' threads.
    files = _raise_file_limit(options.max_connections + 256)
    max_connections = max(1, min(options.max_connections, files - 256))
    os.environ[_LIMITS_ENV] = json.dumps(dataclasses.asdict(limits))
    settings = {"header_timeout": options.header_timeout, "max_connections": max_connections}
    os.environ[_SERVER_ENV] = json.dumps(settings)
    _Guard.header_timeout = options.header_timeout
    _Guard.max_connections = max_connections
    if options.workers > 1 and not os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        os.environ["PROMETHEUS_MULTIPROC_DIR"] = tempfile.mkdtemp(prefix="pokerforge-metrics-")
    config = uvicorn.Config(
        "pokerforge.service.server:app_from_env",
        factory=True,
        host=options.host,
        port=options.port,
        workers=options.workers,
        http=GuardedHttpTools,
        log_config=log_config(options.log_level),
        access_log=False,
        timeout_keep_alive=max(1, round(options.keep_alive)),
        timeout_graceful_shutdown=max(1, round(options.graceful)),
        proxy_headers=options.forwarded_allow_ips is not None,
        forwarded_allow_ips=options.forwarded_allow_ips,
        server_header=False,
    )
    if options.workers > 1:
        Multiprocess(config, sockets=[config.bind_socket()]).run()
    else:
        uvicorn.Server(config).run()
