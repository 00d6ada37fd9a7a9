"""Running the service: uvicorn with connection limits, timeouts, JSON logs and a drain.

`serve()` runs the app with uvicorn in one process or, with ``workers > 1``, in that
many worker processes sharing the listening socket (uvicorn's process manager). What it
adds to plain uvicorn:

- `GuardedHttpTools` (uvicorn's httptools protocol; `GuardedH11` is the same
  over h11), HTTP/1.1 with a *header timeout*: a connection must
  deliver a whole request (headers and body) within ``header_timeout`` seconds of opening
  or of its previous answer, so idle connections and one-byte-a-second senders are
  closed; and a cap on open connections per process, beyond which a new connection gets
  a JSON 503 with ``Retry-After`` and is closed, so file descriptors never run out;
- per client network, a cap on the connections served at a time and a rate of new ones
  (`admission`): a connection beyond them is held unread in the
  network's bounded waiting room until it may go (or refused with 429 after
  ``header_timeout``), so a sender reconnecting as fast as it can blocks instead of
  spinning the event loop; a full room refuses its oldest connection (with a prebuilt
  429) to hold the new one;
- limits on the request head, answered as RFC 9110 and RFC 6585 define and the connection
  closed: a URL over `MAX_URL` bytes gets ``414``, more than `MAX_HEADERS`
  header fields or a head (request line and headers) over `MAX_HEAD` bytes gets
  ``431``, counted on the bytes received, so no header is ever buffered past the limit;
- a *write timeout*: a connection whose answer the client has not taken within
  ``write_timeout`` seconds (a client that never reads) is aborted, its buffers freed;
  and a connection with more than `MAX_PIPELINED` requests waiting behind the one
  being answered (sent without reading the answers) is aborted at once, since each
  waiting request holds memory;
- on SIGTERM/SIGINT, when uvicorn starts its graceful shutdown (it stops accepting, then
  asks each connection to shut down), every queued request is answered at once with a
  JSON 503 (``Retry-After``), and uvicorn lets the running ones finish (each is bounded by
  the time limit) before it stops. A connection accepted before the shutdown whose first
  request has not come in yet is kept until it comes (within ``header_timeout``) and that
  request is answered, with ``Connection: close``, instead of the connection being reset.
  This works the same in each worker process; with several, a worker draining alone (a
  rolling restart, SIGTERM to one worker) leaves the shared listening socket to the
  others, which take every new connection;
- with several worker processes, each takes one connection from the shared listening
  socket at a time (`BalancedLoop`), so that a burst of connections is spread over
  the workers instead of landing on whichever woke first.
- JSON logs for everything, uvicorn's own errors included (`log_config()`).
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import functools
import gc
import json
import os
import resource
import shutil
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

from pokerforge.service.admission import Admission
from pokerforge.service.clients import network
from pokerforge.service.guard import SECURITY_HEADERS, error_body
from pokerforge.service.work import Limits

__all__ = [
    "MAX_HEAD",
    "MAX_HEADERS",
    "MAX_PIPELINED",
    "MAX_URL",
    "BalancedLoop",
    "GuardedH11",
    "GuardedHttpTools",
    "ServerOptions",
    "app_from_env",
    "log_config",
    "serve",
]

MAX_URL = 8 * 1024
"""The longest request target (path and query) in bytes; longer gets 414."""
MAX_HEADERS = 100
"""The most header fields a request may have; more gets 431."""
MAX_HEAD = 32 * 1024
"""The most bytes of a request's head (request line and headers); more gets 431."""
MAX_PIPELINED = 32
"""The most requests a connection may have waiting behind the one being answered."""

_LIMITS_ENV = "POKERFORGE_SERVICE_LIMITS"
_SERVER_ENV = "POKERFORGE_SERVICE_SERVER"


@dataclass(frozen=True, slots=True)
class ServerOptions:
    """How the server runs (the work limits are `Limits`).

    Attributes:
        host: The address to listen on.
        port: The port.
        workers: Worker processes (each with ``Limits.workers`` equity threads).
        header_timeout: Seconds a connection has to deliver a whole request.
        write_timeout: Seconds a connection's client has to take an answer written to it.
        keep_alive: Seconds an idle kept-alive connection stays open.
        max_connections: Open connections per worker process beyond which new ones are
            refused with 503 (kept below the process's file-descriptor limit).
        max_network_connections: Open connections per worker process from one client
            network (an address's /24 or /64) beyond which its new ones are held (see
            ``max_network_waiting``); 0 for no such cap, which is also the case behind
            trusted proxies (the peer is then the proxy), as for the next two.
        network_rate: New connections a second one client network is given per worker
            process (with a burst of twice as many at once); beyond, its new ones are
            held; 0 for no such limit.
        max_network_waiting: Connections of one network held unread per worker process
            while its cap or rate does not let them in, each for ``header_timeout`` at
            most (then refused with 429); a new one beyond pushes the oldest out (429);
            0 to refuse at once (429) what the cap or rate does not let in.
        graceful: Seconds the running requests get to finish on shutdown.
        log_level: ``"debug"``, ``"info"`` or ``"warning"``.
        forwarded_allow_ips: Proxies trusted to set ``X-Forwarded-For`` (comma-separated
            addresses, ``"*"`` for any); the client's address then comes from there.
    """

    host: str = "127.0.0.1"
    port: int = 8000
    workers: int = 1
    header_timeout: float = 10.0
    write_timeout: float = 10.0
    keep_alive: float = 5.0
    max_connections: int = 10_000
    max_network_connections: int = 8
    network_rate: float = 20.0
    max_network_waiting: int = 64
    graceful: float = 30.0
    log_level: str = "info"
    forwarded_allow_ips: str | None = None


def _from_env() -> dict[str, Any]:
    text = os.environ.get(_SERVER_ENV)
    return json.loads(text) if text else {}


_REASONS = {
    400: b"Bad Request",
    414: b"URI Too Long",
    429: b"Too Many Requests",
    431: b"Request Header Fields Too Large",
    503: b"Service Unavailable",
}


@functools.lru_cache(maxsize=64)
def _refusal(status: int, kind: str, message: str, retry_after: int | None) -> tuple[bytes, bytes]:
    """An error answer's bytes before and after its request id (built once per message:
    a flood of refusals costs a write each, not a JSON answer each)."""
    body, headers = error_body(status, kind, None, message, retry_after)
    head = b"HTTP/1.1 %d %s\r\n" % (status, _REASONS[status]) + b"".join(
        name + b": " + value + b"\r\n" for name, value in [*headers, *SECURITY_HEADERS]
    )
    return head + b"x-request-id: ", b"\r\nconnection: close\r\n\r\n" + body


def _answer_and_close(
    transport: asyncio.BaseTransport,
    status: int,
    kind: str,
    message: str,
    retry_after: int | None = None,
) -> None:
    """Writes a JSON error answer straight to the connection, then closes it (for refusals
    made before any request reaches the app)."""
    head, tail = _refusal(status, kind, message, retry_after)
    assert isinstance(transport, asyncio.WriteTransport)
    transport.write(head + os.urandom(16).hex().encode() + tail)
    transport.close()


class _Guard:
    """The header timeout, the connection caps and the networks' admission, over either
    of uvicorn's HTTP protocols (see the module's description); mixed in before the
    protocol class."""

    header_timeout: float = float(_from_env().get("header_timeout", 10.0))
    write_timeout: float = float(_from_env().get("write_timeout", 10.0))
    max_connections: int = int(_from_env().get("max_connections", 10_000))
    max_network_connections: int = int(_from_env().get("max_network_connections", 0))
    network_rate: float = float(_from_env().get("network_rate", 0.0))
    max_network_waiting: int = int(_from_env().get("max_network_waiting", 0))
    # Provided by the protocol class.
    server_state: Any
    connections: set[Any]
    loop: asyncio.AbstractEventLoop
    transport: asyncio.Transport
    client: tuple[str, int] | None
    flow: Any
    app_state: dict[str, Any]

    def connection_made(self, transport: asyncio.Transport) -> None:
        """Refuses the connection when there are too many, holds it when its network may
        not have another now (see `admission`); else starts its clock."""
        super().connection_made(transport)  # type: ignore[misc]
        self._last_call = False
        self._request_timer: asyncio.TimerHandle | None = None
        self._write_timer: asyncio.TimerHandle | None = None
        self._hold_timer: asyncio.TimerHandle | None = None
        self._network: str | None = None  # the network it counts against, once taken
        self._held_by: str | None = None  # the network whose waiting room holds it
        if len(self.connections) > self.max_connections:
            self._count_connection("busy")
            message = "too many open connections; try again"
            _answer_and_close(transport, 503, "busy", message, retry_after=1)
            return
        admission = self._admission()
        if admission.active:
            # One network's connections opened as fast as it can (each pipelining requests
            # answered on the event loop, or each refused and opened again at once) would
            # otherwise take the loop's turns from everyone else.
            name = network(self.client[0]) if self.client else "unix"
            taken = admission.arrive(name, self)
            if taken is False:
                self._count_connection("over_limit")
                _answer_and_close(transport, 429, "busy", self._network_message(), 1)
                return
            if taken is None:
                # Held unread: the kernel's buffers fill and the sender blocks, where a
                # refusal would have it back at once.
                self._held_by = name
                self.flow.pause_reading()
                self._hold_timer = self.loop.call_later(self.header_timeout, self._held_too_long)
                self._count_connection("held")
                self._wake(name)
                return
            self._network = name
        self._arm()

    def _network_message(self) -> str:
        limits = []
        if self.max_network_connections:
            limits.append(f"{self.max_network_connections} open")
        if self.network_rate:
            limits.append(f"{self.network_rate:g} new a second")
        return f"too many connections from your network (at most {' and '.join(limits)}); try again"

    def _admission(self) -> Admission[_Guard]:
        """The server's networks' admission (kept in uvicorn's state of the server, which
        its connections share)."""
        admission: Admission[_Guard] | None = getattr(
            self.server_state, "pokerforge_admission", None
        )
        if admission is None:
            rate = self.network_rate
            admission = Admission(
                cap=self.max_network_connections,
                rate=rate,
                burst=max(1, round(2 * rate)),
                waiting=self.max_network_waiting,
                on_push_out=_Guard._pushed_out,
            )
            self.server_state.pokerforge_admission = admission
            self.server_state.pokerforge_wakeups = {}
        return admission

    def _wake(self, name: str) -> None:
        """Takes the held connections of network ``name`` that may go now, and sets a
        timer for when its bucket has the next one's token."""
        admission = self._admission()
        for protocol in admission.admit_waiting(name):
            protocol._admit(name)
        delay = admission.delay(name)
        wakeups: dict[str, asyncio.TimerHandle] = self.server_state.pokerforge_wakeups
        if delay is not None and name not in wakeups:
            wakeups[name] = self.loop.call_later(delay, self._wake_on_time, name)

    def _wake_on_time(self, name: str) -> None:
        self.server_state.pokerforge_wakeups.pop(name, None)
        self._wake(name)

    def _admit(self, name: str | None) -> None:
        """A held connection is taken: it is read from now on, with its clock."""
        if self._hold_timer is not None:
            self._hold_timer.cancel()
            self._hold_timer = None
        self._held_by = None
        self._network = name
        self.flow.resume_reading()
        self._arm()

    def _held_too_long(self) -> None:
        """Held ``header_timeout`` without a place: refused (429), and closed."""
        self._hold_timer = None
        name = self._held_by
        if name is None or self.transport.is_closing():
            return
        self._held_by = None
        self._admission().cancel(name, self)
        self._count_connection("waited_too_long")
        _answer_and_close(self.transport, 429, "busy", self._network_message(), 1)

    def _pushed_out(self) -> None:
        """Pushed out of its network's full waiting room by a newer connection (see
        `admission`): refused (429), and closed."""
        if self._hold_timer is not None:
            self._hold_timer.cancel()
            self._hold_timer = None
        self._held_by = None
        if not self.transport.is_closing():
            self._count_connection("pushed_out")
            _answer_and_close(self.transport, 429, "busy", self._network_message(), 1)

    def _count_connection(self, event: str) -> None:
        """Counts a connection refused or held (``event``) in the app's metrics, when the
        app handed them to the server (through its lifespan's state)."""
        metrics = self.app_state.get("pokerforge_metrics")
        if metrics is not None:
            metrics.count_connection(event)

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
        """The next request on this connection gets its own ``header_timeout``, and what
        is left unsent of the answer has to be taken within ``write_timeout``."""
        super().on_response_complete()  # type: ignore[misc]
        if not self.transport.is_closing():
            self._arm()
        self._watch_writes()

    def pause_writing(self) -> None:
        """The client is not taking what is written: it has ``write_timeout`` to."""
        super().pause_writing()  # type: ignore[misc]
        self._watch_writes()

    def _watch_writes(self) -> None:
        if self._write_timer is None and self.transport.get_write_buffer_size() > 0:
            self._write_timer = self.loop.call_later(self.write_timeout, self._write_timeout)

    def _write_timeout(self) -> None:
        self._write_timer = None
        if self.transport.get_write_buffer_size() > 0:
            # close() would wait for the buffer to drain, which a client that does not
            # read never lets happen.
            self.transport.abort()

    def shutdown(self) -> None:
        """The server is stopping: answer the queues with 503 first (once per process).

        A connection still waiting for its first request (accepted just before the
        listener closed) is not closed now, which would reset it: its request, when it
        comes within ``header_timeout``, is answered and the connection closed after it.
        Others are shut down as uvicorn does (closed when idle after an answer, else
        closed after the answer being made)."""
        _drain_all(getattr(self, "config", None))
        self._last_call = True
        held = getattr(self, "_held_by", None)
        if held is not None:
            # Taken now, uncounted: its request is answered as any first one.
            self._admission().cancel(held, self)
            self._admit(None)
        if self._awaiting_first_request():
            return
        super().shutdown()  # type: ignore[misc]

    def _awaiting_first_request(self) -> bool:
        """Whether no request has come in whole on this connection yet."""
        raise NotImplementedError

    def _close_after_answer(self) -> None:
        """A request that came in during the shutdown is the connection's last."""
        cycle = getattr(self, "cycle", None)
        if getattr(self, "_last_call", False) and cycle is not None:
            cycle.keep_alive = False

    def connection_lost(self, exc: Exception | None) -> None:
        """Stops the clocks; the connection's place goes to its network's next held one."""
        for name in ("_request_timer", "_write_timer", "_hold_timer"):
            timer = getattr(self, name, None)
            if timer is not None:
                timer.cancel()
        held = getattr(self, "_held_by", None)
        if held is not None:
            self._held_by = None
            self._admission().cancel(held, self)
        counted = getattr(self, "_network", None)
        if counted is not None:
            self._network = None
            self._admission().leave(counted)
            self._wake(counted)
        super().connection_lost(exc)  # type: ignore[misc]


# asyncio's Protocol types connection_made with a BaseTransport; uvicorn needs a Transport.
class GuardedH11(_Guard, H11Protocol):  # type: ignore[misc]
    """uvicorn's h11 protocol (pure Python) with a header timeout and a connection cap."""

    def _waiting_for_client(self) -> bool:
        return self.conn.their_state in (h11.IDLE, h11.SEND_BODY)

    def _awaiting_first_request(self) -> bool:
        return self.cycle is None

    def handle_events(self) -> None:
        """As h11's protocol does; a request read during a shutdown is the last."""
        super().handle_events()
        self._close_after_answer()

    def send_400_response(self, msg: str) -> None:
        """A request h11 refuses gets a JSON answer with h11's status (431 for a head
        over its buffer's limit, else 400), and the connection is closed."""
        reason = sys.exc_info()[1]
        status = getattr(reason, "error_status_hint", 400)
        if status == 431:
            _answer_and_close(self.transport, 431, "too_large", "the request's head is too large")
        else:
            _answer_and_close(self.transport, 400, "bad_request", str(reason or msg))


class GuardedHttpTools(_Guard, HttpToolsProtocol):
    """uvicorn's httptools protocol (a C parser, several times cheaper a request than h11)
    with the same header timeout and connection cap; what `serve()` runs."""

    def _waiting_for_client(self) -> bool:
        # No request yet, the last one answered (and none complete since), or a body still
        # coming.
        cycle = self.cycle
        return cycle is None or cycle.response_complete or cycle.more_body

    def _awaiting_first_request(self) -> bool:
        return self.cycle is None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        """Starts counting the first request's head."""
        self._in_head = True
        self._head_bytes = 0
        self._refusal: tuple[int, str] | None = None
        super().connection_made(transport)

    def data_received(self, data: bytes) -> None:
        """Feeds the parser, counting the bytes of a request's head: past `MAX_HEAD`
        the request is refused before any more is buffered."""
        if self.transport.is_closing():
            return
        if self._in_head:
            self._head_bytes += len(data)
        super().data_received(data)
        if self._in_head and self._head_bytes > MAX_HEAD and not self.transport.is_closing():
            self._refusal = (431, f"the request's head is over {MAX_HEAD} bytes")
            self.send_400_response("")

    def on_url(self, url: bytes) -> None:
        """Collects the URL; past `MAX_URL` bytes the request gets 414."""
        super().on_url(url)
        if len(self.url) > MAX_URL:
            self._refusal = (414, f"the URL is over {MAX_URL} bytes")
            raise _HeadTooLargeError

    def on_header(self, name: bytes, value: bytes) -> None:
        """Collects a header; past `MAX_HEADERS` of them the request gets 431."""
        if len(self.headers) >= MAX_HEADERS:
            self._refusal = (431, f"the request has more than {MAX_HEADERS} header fields")
            raise _HeadTooLargeError
        super().on_header(name, value)

    def on_headers_complete(self) -> None:
        """The head is whole (431 when it came in one piece over `MAX_HEAD` bytes):
        what comes next is the body."""
        self._in_head = False
        size = len(self.url) + sum(len(name) + len(value) + 4 for name, value in self.headers)
        if size > MAX_HEAD:
            self._refusal = (431, f"the request's head is over {MAX_HEAD} bytes")
            raise _HeadTooLargeError
        super().on_headers_complete()
        self._close_after_answer()
        if len(self.pipeline) > MAX_PIPELINED:
            # Answers must go in order, so no refusal can be sent: the connection goes.
            self._refusal = (0, "too many pipelined requests")
            raise _HeadTooLargeError

    def on_message_complete(self) -> None:
        """The next bytes are the next request's head."""
        super().on_message_complete()
        self._in_head = True
        self._head_bytes = 0

    def send_400_response(self, msg: str) -> None:
        """A request the parser refuses gets a JSON 400 naming the parser's reason (such as
        ``Transfer-Encoding can't be present with Content-Length``), a head over the
        limits its 414 or 431, and the connection is closed."""
        if self.transport.is_closing():
            return
        if self._refusal is not None:
            status, message = self._refusal
            if status == 0:
                self.pipeline.clear()
                self.transport.abort()
            else:
                _answer_and_close(self.transport, status, "too_large", message)
            return
        # Called while the parser's error is being handled: it says what was wrong.
        reason = sys.exc_info()[1]
        message = str(reason) if isinstance(reason, httptools.HttpParserError) else msg
        _answer_and_close(self.transport, 400, "bad_request", message)


class BalancedLoop(asyncio.SelectorEventLoop):
    """The event loop of each worker process when there are several: it takes one
    connection from the listening socket each time the socket is ready, where asyncio's
    own loop takes every connection waiting (up to the backlog, 2,048 under uvicorn).

    The workers share one listening socket, so a burst of connections queued on it went
    to whichever worker woke first, which took them all; taking one at a time, the
    workers take turns, and a worker busy with its requests comes back for the next
    connection later than an idle one, so more of them go to the idle one.
    """

    def _accept_connection(
        self,
        protocol_factory: Any,
        sock: Any,
        sslcontext: Any = None,
        server: Any = None,
        backlog: int = 100,
        *rest: Any,
    ) -> None:
        # asyncio's accept callback (what the loop calls when a listening socket is
        # ready), asked for one connection; the rest of its arguments as given.
        super()._accept_connection(  # type: ignore[misc]
            protocol_factory, sock, sslcontext, server, 1, *rest
        )


class _HeadTooLargeError(Exception):
    """Raised in a parser callback to stop the parser (the answer is set beforehand)."""


def _drain_all(config: Any = None) -> None:
    """Answers the queues of the server's app with 503: the app's own scheduler where the
    server was given the app object (several apps may share a process, as in tests), else
    every app's of this process (``serve`` loads one app per worker process)."""
    from pokerforge.service.app import SCHEDULERS  # noqa: PLC0415 - needs the web framework

    engine = getattr(getattr(getattr(config, "app", None), "state", None), "engine", None)
    own = getattr(engine, "scheduler", None)
    for scheduler in [own] if own is not None else list(SCHEDULERS):
        if not scheduler.draining:
            scheduler.drain()


def log_config(level: str = "info") -> dict[str, Any]:
    """A `logging.config.dictConfig()` that writes every log as JSON lines to stderr."""
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
    """The app with the limits `serve()` left in the environment (for each worker)."""
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
    proxied = options.forwarded_allow_ips is not None
    network_cap = 0 if proxied else options.max_network_connections
    network_rate = 0.0 if proxied else options.network_rate
    settings = {
        "header_timeout": options.header_timeout,
        "write_timeout": options.write_timeout,
        "max_connections": max_connections,
        "max_network_connections": network_cap,
        "network_rate": network_rate,
        "max_network_waiting": options.max_network_waiting,
    }
    os.environ[_SERVER_ENV] = json.dumps(settings)
    _Guard.header_timeout = options.header_timeout
    _Guard.write_timeout = options.write_timeout
    _Guard.max_connections = max_connections
    _Guard.max_network_connections = network_cap
    _Guard.network_rate = network_rate
    _Guard.max_network_waiting = options.max_network_waiting
    made = None
    if options.workers > 1 and not os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        made = tempfile.mkdtemp(prefix="pokerforge-metrics-")
        os.environ["PROMETHEUS_MULTIPROC_DIR"] = made
    try:
        _run(options)
    finally:
        if made is not None:
            # The metrics files of this run only: removed with the run.
            shutil.rmtree(made, ignore_errors=True)
            os.environ.pop("PROMETHEUS_MULTIPROC_DIR", None)


def _run(options: ServerOptions) -> None:
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
        # Several workers share the listening socket: each takes a connection at a time.
        loop=f"{__name__}:BalancedLoop" if options.workers > 1 else "auto",
    )
    if options.workers > 1:
        Multiprocess(config, sockets=[config.bind_socket()]).run()
    else:
        uvicorn.Server(config).run()
