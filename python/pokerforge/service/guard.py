"""The service's outermost ASGI layer: request ids, body limits, headers, logs, metrics.

Everything every request goes through, before the web framework sees it:

- a request id (the client's ``X-Request-ID`` when it is short and plain, else a fresh
  one), in every log line written while the request runs and in the response;
- the body limit, enforced on the bytes actually received (a chunked body, or one longer
  than it claims), not on ``Content-Length`` alone; a request with both
  ``Content-Length`` and ``Transfer-Encoding`` is refused (400), as RFC 9112 allows;
- ``415`` for a ``POST`` to a route that takes one whose body is not JSON (a ``POST``
  elsewhere goes on to the framework's ``405``), and ``400`` for JSON nested deeper than
  `MAX_JSON_DEPTH` (the parsers recurse: no body can make them run out of stack);
- security headers and the request id on every response, a crash's ``500`` included
  (answered here as the JSON error body);
- one JSON log line per request, and the request metrics.
"""

from __future__ import annotations

import contextvars
import json
import logging
import os
import re
import time
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from pokerforge.service.metrics import Metrics
from pokerforge.service.refusal import explain

__all__ = [
    "MAX_JSON_DEPTH",
    "REQUEST_ID",
    "SECURITY_HEADERS",
    "Guard",
    "RequestIdFilter",
    "error_body",
    "nested_too_deep",
]

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

log = logging.getLogger("pokerforge.service")

#: The id of the request being handled (``"-"`` outside one).
REQUEST_ID: contextvars.ContextVar[str] = contextvars.ContextVar("request_id", default="-")

_CLIENT_ID = re.compile(r"^[A-Za-z0-9._:-]{1,64}$")
# The page loads its script and style from /static and talks to /v1 only.
_CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
    "frame-ancestors 'none'"
)
SECURITY_HEADERS = [
    (b"content-security-policy", _CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
    (b"cross-origin-opener-policy", b"same-origin"),
]
MAX_JSON_DEPTH = 32
"""The deepest nesting of arrays and objects a request body may have (a request needs 2)."""


def nested_too_deep(body: bytes, limit: int = MAX_JSON_DEPTH) -> bool:
    """Whether the JSON text ``body`` nests arrays and objects more than ``limit`` deep
    (text that is not JSON is not, unless it opens more than the parser can follow: its
    parser says what is wrong with it).

    A body with at most ``limit`` brackets cannot be, and is not parsed; any other is
    parsed by the standard library's C parser, whose own recursion limit stops the
    deepest at once, and its values are then walked level by level, without recursion.

    Examples:
        >>> nested_too_deep(b'{"players": ["AhKh"]}'), nested_too_deep(b'"' + b"[" * 99 + b'"')
        (False, False)
        >>> nested_too_deep(b"[" * 33 + b"]" * 33), nested_too_deep(b"[" * 32 + b"]" * 32)
        (True, False)
        >>> nested_too_deep(b"[" * 5000 + b"]" * 5000), nested_too_deep(b"[" * 40 + b"1, 2")
        (True, False)
    """
    if body.count(b"[") + body.count(b"{") <= limit:
        return False
    try:
        value = json.loads(body)
    except RecursionError:
        return True
    except ValueError:
        return False
    # Level by level: the containers at each depth, while there are any.
    level = [value] if isinstance(value, (list, dict)) else []
    for _ in range(limit):
        level = [
            child
            for item in level
            for child in (item.values() if isinstance(item, dict) else item)
            if isinstance(child, (list, dict))
        ]
    return bool(level)


_ROUTES = {
    "/",
    "/healthz",
    "/metrics",
    "/v1/equity",
    "/v1/equity/by-class",
    "/v1/evaluate",
    "/v1/range",
    "/v1/range/presets",
    "/v1/stats",
    "/docs",
    "/openapi.json",
}


class RequestIdFilter(logging.Filter):
    """Adds the current request id to every log record."""

    def filter(self, record: logging.LogRecord) -> bool:
        """Sets ``record.request_id``; keeps every record."""
        record.request_id = REQUEST_ID.get()
        return True


def error_body(
    status: int, kind: str, field: str | None, message: str, retry_after: int | None = None
) -> tuple[bytes, list[tuple[bytes, bytes]]]:
    """The JSON body and headers of an error answer."""
    code, values = explain(message)
    error = {"type": kind, "field": field, "message": message, "code": code, "values": values}
    body = json.dumps({"error": error}).encode()
    headers = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode()),
    ]
    if retry_after is not None:
        headers.append((b"retry-after", str(retry_after).encode()))
    return body, headers


class _BodyError(Exception):
    def __init__(self, status: int, message: str, kind: str | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.kind = kind or ("too_large" if status == 413 else "bad_request")


class Guard:
    """ASGI middleware; see the module's description."""

    def __init__(
        self,
        app: ASGIApp,
        *,
        max_body: int,
        metrics: Metrics,
        json_routes: frozenset[str] = frozenset(),
        route_bodies: dict[str, int] | None = None,
    ) -> None:
        self.app = app
        self.max_body = max_body
        #: The paths whose bodies may be larger (or must be smaller) than ``max_body``.
        self.route_bodies = dict(route_bodies or {})
        self.metrics = metrics
        #: The paths that take a JSON ``POST`` (a ``POST`` elsewhere is the framework's 405).
        self.json_routes = json_routes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Handles one request."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers: dict[bytes, bytes] = {}
        for name, value in scope.get("headers") or []:
            headers.setdefault(name, value)
        given = headers.get(b"x-request-id", b"").decode("latin-1")
        request_id = given if _CLIENT_ID.match(given) else os.urandom(16).hex()
        token = REQUEST_ID.set(request_id)
        start = time.perf_counter()
        state = {"status": 0, "started": False}

        async def send_wrapped(message: Message) -> None:
            if message["type"] == "http.response.start":
                state["status"] = message["status"]
                state["started"] = True
                extra = [(b"x-request-id", request_id.encode()), *SECURITY_HEADERS]
                message["headers"] = [*message.get("headers", []), *extra]
            await send(message)

        async def refuse(status: int, kind: str, message: str) -> None:
            if status < 500:
                self.metrics.refused.labels(status=str(status)).inc()
            field = "body" if status not in (415, 500) else None
            body, extra = error_body(status, kind, field, message)
            await send_wrapped({"type": "http.response.start", "status": status, "headers": extra})
            await send_wrapped({"type": "http.response.body", "body": body})

        try:
            problem = self._check(scope, headers)
            if problem is not None:
                await refuse(*problem)
                return
            try:
                limit = self.route_bodies.get(scope["path"], self.max_body)
                body = await self._read_body(receive, headers.get(b"content-length"), limit)
                self._check_body(scope, body)
            except _BodyError as err:
                await refuse(err.status, err.kind, err.message)
                return
            replayed = False

            async def receive_buffered() -> Message:
                # The body once, whole; then the client's own messages (its disconnect).
                nonlocal replayed
                if not replayed:
                    replayed = True
                    return {"type": "http.request", "body": body, "more_body": False}
                return await receive()

            try:
                await self.app(scope, receive_buffered, send_wrapped)
            except Exception as exc:
                # A bug: answered as the JSON error body, with the headers, when nothing
                # was sent yet (else the connection is closed by the server).
                log.error("error", exc_info=exc, extra={"fields": {"error": repr(exc)}})
                if state["started"]:
                    raise
                await refuse(500, "internal", "internal error")
        finally:
            self._record(scope, state["status"], time.perf_counter() - start)
            REQUEST_ID.reset(token)

    def _record(self, scope: Scope, status: int, elapsed: float) -> None:
        """The request's metrics and its log line."""
        path = scope["path"] if scope["path"] in _ROUTES else "other"
        if scope["path"].startswith("/static/"):
            path = "/static"
        self.metrics.observe_request(path, scope["method"], status or 500, elapsed)
        if not log.isEnabledFor(logging.INFO):
            return  # the line would be dropped: spare building it
        client = scope.get("client")
        log.info(
            "request",
            extra={
                "fields": {
                    "method": scope["method"],
                    "path": scope["path"],
                    "status": status or None,
                    "ms": round(elapsed * 1000, 2),
                    "client": client[0] if client else None,
                }
            },
        )

    async def _read_body(self, receive: Receive, declared: bytes | None, limit: int) -> bytes:
        """The whole body, read before the app runs and refused as soon as it is too long
        (whatever ``Content-Length`` said, and however it is sent)."""
        parts: list[bytes] = []
        received = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                return b"".join(parts)  # the client left: the app will see that too
            part = message.get("body", b"")
            received += len(part)
            if received > limit:
                raise _BodyError(413, f"the body is over {limit} bytes")
            if declared is not None and received > int(declared):
                raise _BodyError(400, "the body is longer than its Content-Length")
            parts.append(part)
            if not message.get("more_body", False):
                return b"".join(parts)

    @staticmethod
    def _check_body(scope: Scope, body: bytes) -> None:
        """Refuses a body nested deeper than `MAX_JSON_DEPTH` (raises _BodyError)."""
        if scope["method"] == "POST" and nested_too_deep(body):
            message = f"the JSON is nested more than {MAX_JSON_DEPTH} levels deep"
            raise _BodyError(400, message, "invalid_json")

    def _check(self, scope: Scope, headers: dict[bytes, bytes]) -> tuple[int, str, str] | None:
        """A reason to refuse the request from its headers alone."""
        length = headers.get(b"content-length")
        if length is not None and b"transfer-encoding" in headers:
            return 400, "bad_request", "Content-Length and Transfer-Encoding together"
        if length is not None:
            try:
                size = int(length)
            except ValueError:
                return 400, "bad_request", "Content-Length is not a number"
            limit = self.route_bodies.get(scope["path"], self.max_body)
            if size > limit:
                return 413, "too_large", f"the body is over {limit} bytes"
        if scope["method"] == "POST" and scope["path"] in self.json_routes:
            media = headers.get(b"content-type", b"").split(b";")[0].strip().lower()
            if media != b"application/json" and not media.endswith(b"+json"):
                shown = media.decode("latin-1") or "none"
                return 415, "unsupported_media_type", f"the body must be JSON, not {shown}"
        return None
