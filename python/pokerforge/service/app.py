"""The equity service: a FastAPI app whose CPU work runs on a thread pool.

Each equity computation runs in the Rust core with the GIL released, one thread per
request, on a pool of ``Limits.workers`` threads, so requests run in parallel while the
event loop stays free. Identical requests share one computation and are then answered
from an LRU cache. Every error is a JSON body ``{"error": {"type", "field", "message"}}``.

Examples:
    >>> app = create_app(Limits(workers=1, max_time=0.5))
    >>> sorted(route.path for route in app.routes if "POST" in getattr(route, "methods", ()))
    ['/v1/equity', '/v1/evaluate']
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import OrderedDict
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from importlib import resources
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

from pokerforge import __version__
from pokerforge.cards import CardSet
from pokerforge.errors import PokerError
from pokerforge.service.convert import equity_json, evaluate_json
from pokerforge.service.models import (
    EquityRequest,
    EquityResponse,
    ErrorResponse,
    EvaluateRequest,
    EvaluateResponse,
    Health,
)
from pokerforge.service.work import FieldError, Job, Limits, plan_equity

__all__ = ["create_app"]

log = logging.getLogger("pokerforge.service")

_STATIC = resources.files("pokerforge.service") / "static"
_MAX_BODY = 64 * 1024
_ERRORS: dict[int | str, dict[str, Any]] = {
    422: {"model": ErrorResponse, "description": "A request field is wrong."},
    503: {"model": ErrorResponse, "description": "Too many requests are waiting."},
}

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


def _error(status: int, kind: str, field: str | None, message: str) -> JSONResponse:
    body = {"error": {"type": kind, "field": field, "message": message}}
    return JSONResponse(body, status_code=status)


def _field_name(loc: tuple[Any, ...]) -> str | None:
    parts = [p for p in loc if p != "body"]
    name = ""
    for part in parts:
        if isinstance(part, int):
            name += f"[{part}]"
        else:
            name += f".{part}" if name else str(part)
    return name or None


class _Engine:
    """The thread pool, the cache of answers, and the count of waiting requests."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.pool = ThreadPoolExecutor(limits.workers, thread_name_prefix="pokerforge-equity")
        self.cache: OrderedDict[tuple[Any, ...], dict[str, Any]] = OrderedDict()
        self.running: dict[tuple[Any, ...], asyncio.Future[dict[str, Any]]] = {}
        self.pending = 0

    def _compute(self, job: Job, seed: int | None) -> dict[str, Any]:
        result = job.plan.run(seed=seed, time_limit=job.time_limit, threads=1)
        return equity_json(result, job.players, job.game, count_later=False)

    async def equity(self, job: Job, seed: int | None) -> tuple[dict[str, Any], bool]:
        """The answer for ``job`` and whether it came from the cache."""
        key = (job.key, seed)
        hit = self.cache.get(key)
        if hit is not None:
            self.cache.move_to_end(key)
            return hit, True
        shared = self.running.get(key)
        if shared is not None:
            return await asyncio.shield(shared), True
        if self.pending >= self.limits.max_pending:
            raise _BusyError
        loop = asyncio.get_running_loop()
        future = loop.run_in_executor(self.pool, self._compute, job, seed)
        self.running[key] = future
        self.pending += 1
        try:
            answer = await asyncio.shield(future)
        finally:
            self.pending -= 1
            del self.running[key]
        self.cache[key] = answer
        if len(self.cache) > self.limits.cache_size:
            self.cache.popitem(last=False)
        return answer, False


class _BusyError(Exception):
    """Too many requests are waiting for a worker."""


def _body_limit(app: ASGIApp) -> ASGIApp:
    """Refuses request bodies over 64 KiB (413) and logs each request as JSON."""

    async def wrapped(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await app(scope, receive, send)
            return
        start = time.perf_counter()
        status = 500

        async def send_logged(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
            await send(message)

        headers = dict(scope.get("headers") or [])
        length = headers.get(b"content-length", b"0")
        try:
            too_big = int(length) > _MAX_BODY
        except ValueError:
            too_big = True
        try:
            if too_big:
                response = _error(413, "too_large", None, f"the body is over {_MAX_BODY} bytes")
                await response(scope, receive, send_logged)
            else:
                await app(scope, receive, send_logged)
        finally:
            log.info(
                "request",
                extra={
                    "fields": {
                        "method": scope["method"],
                        "path": scope["path"],
                        "status": status,
                        "ms": round((time.perf_counter() - start) * 1000, 2),
                    }
                },
            )

    return wrapped


def create_app(limits: Limits | None = None) -> FastAPI:
    """Builds the ASGI app.

    Args:
        limits: Work limits, pool size and cache size (default :class:`Limits`).
    """
    limits = limits or Limits()
    engine = _Engine(limits)

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        log.info("startup", extra={"fields": {"workers": limits.workers}})
        yield
        # Graceful shutdown: uvicorn has stopped taking requests and waited for those in
        # flight; the pool finishes what it holds.
        engine.pool.shutdown(wait=True, cancel_futures=True)
        log.info("shutdown", extra={"fields": {"cached": len(engine.cache)}})

    app = FastAPI(
        title="pokerforge equity service",
        version=__version__,
        description="Poker equities and hand ranks from the pokerforge Rust core.",
        lifespan=lifespan,
        docs_url="/docs",
        redoc_url=None,
    )
    app.state.engine = engine

    @app.exception_handler(RequestValidationError)
    async def invalid(_: Request, exc: RequestValidationError) -> JSONResponse:
        first = exc.errors()[0] if exc.errors() else {"loc": (), "msg": "invalid request"}
        loc = tuple(first.get("loc", ()))
        field = _field_name(loc)
        if first.get("type") == "json_invalid":
            field = "body"
        return _error(422, "invalid_request", field, str(first.get("msg", "invalid")))

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_: Request, exc: StarletteHTTPException) -> JSONResponse:
        return _error(exc.status_code, "http", None, str(exc.detail))

    @app.exception_handler(Exception)
    async def crash(_: Request, exc: Exception) -> JSONResponse:  # pragma: no cover - a bug
        log.exception("error", extra={"fields": {"error": repr(exc)}})
        return _error(500, "internal", None, "internal error")

    @app.get("/healthz", response_model=Health, tags=["service"])
    async def healthz() -> dict[str, str]:
        """Says the service is up."""
        return {"status": "ok", "version": __version__}

    @app.post("/v1/equity", response_model=EquityResponse, responses=_ERRORS, tags=["equity"])
    async def post_equity(body: EquityRequest) -> Response:
        """Each player's equity, win, tie and hand-category chances."""
        start = time.perf_counter()
        try:
            job = plan_equity(
                list(body.players),
                board=body.board,
                dead=body.dead,
                game=body.game,
                method=body.method,
                samples=body.samples,
                time_limit=body.time_limit,
                limits=limits,
                by_hand=body.by_hand,
            )
            answer, cached = await engine.equity(job, body.seed)
        except FieldError as err:
            return _error(422, "invalid_request", err.field, err.message)
        except PokerError as err:
            return _error(422, "invalid_request", err.location, str(err))
        except _BusyError:
            return _error(503, "busy", None, "too many requests are waiting; try again")
        elapsed = (time.perf_counter() - start) * 1000
        return JSONResponse({**answer, "elapsed_ms": round(elapsed, 3), "cached": cached})

    @app.post("/v1/evaluate", response_model=EvaluateResponse, responses=_ERRORS, tags=["evaluate"])
    async def post_evaluate(body: EvaluateRequest) -> Response:
        """The rank of a Hold'em hand (5-7 cards) or an Omaha hand (hole and board)."""
        fields = ("cards",) if body.game == "holdem" else ("hole", "board")
        sizes = {"cards": (5, 6, 7), "hole": (4, 5, 6), "board": (3, 4, 5)}
        for field in fields:
            text = getattr(body, field)
            if text is None:
                return _error(422, "invalid_request", field, f"{field} is required")
            try:
                count = len(CardSet(text))
            except ValueError as err:  # a PokerError, or text that is not valid UTF-8
                return _error(422, "invalid_request", field, str(err))
            if count not in sizes[field]:
                allowed = ", ".join(map(str, sizes[field]))
                message = f"expected {allowed} cards, but {count} were given"
                return _error(422, "invalid_request", field, message)
        try:
            answer = evaluate_json(body.game, cards=body.cards, hole=body.hole, board=body.board)
        except PokerError as err:
            return _error(422, "invalid_request", fields[-1], str(err))
        return JSONResponse(answer)

    @app.get("/", include_in_schema=False)
    async def page() -> FileResponse:
        return FileResponse(str(_STATIC / "index.html"))

    app.mount("/static", StaticFiles(directory=str(_STATIC)), name="static")
    app.add_middleware(_BodyLimit)
    return app


class _BodyLimit:
    """ASGI middleware: :func:`_body_limit` in the form ``add_middleware`` takes."""

    def __init__(self, app: ASGIApp) -> None:
        self._call = _body_limit(app)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        await self._call(scope, receive, send)
