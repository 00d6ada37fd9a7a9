"""The equity service: a FastAPI app whose CPU work runs on a fair, bounded queue.

Each equity request is checked and planned by the Rust core (which names the field at
fault and estimates the cost) on one of the queue's threads, never on the event loop
(planning is bounded by a step budget, without the GIL): a question estimated cheap is
answered in the same turn, any other is queued again at its estimated cost on
`Scheduler`, fairly between clients (`clients`). A request runs in
the core with the GIL released on one of the queue's threads, stops at the server's time
limit, and is cancelled when its client disconnects. Finished answers
are kept in an LRU cache. Every error is a JSON body
``{"error": {"type", "field", "message"}}``; 503 and 429 carry ``Retry-After``. The
calculator's per-class view waits on the same queue. Valid bodies of ``POST /v1/equity``
and ``/v1/evaluate`` reach their handlers through `DirectRoutes`, past the
framework's routing (the cost of a cheap request was mostly the framework's).

Examples:
    >>> app = create_app(Limits(workers=1, max_time=0.5))
    >>> sorted(route.path for route in app.routes if "POST" in getattr(route, "methods", ()))
    ['/v1/equity', '/v1/evaluate']
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import time
import weakref
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable, Iterable, Iterator
from contextlib import asynccontextmanager
from importlib import resources
from typing import Any, TypeVar

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from pydantic import BaseModel
from starlette.exceptions import HTTPException as StarletteHTTPException

from pokerforge import __version__
from pokerforge._core import Cancel
from pokerforge.cards import CardSet
from pokerforge.defaults import SEED
from pokerforge.errors import PokerError
from pokerforge.service.calculator import mount_calculator
from pokerforge.service.clients import UnknownKeyError, identify, load_api_keys
from pokerforge.service.convert import equity_json, evaluate_fields, evaluate_json
from pokerforge.service.direct import DirectRoutes, Handler
from pokerforge.service.guard import Guard
from pokerforge.service.metrics import Metrics
from pokerforge.service.models import (
    EquityRequest,
    EquityResponse,
    ErrorBody,
    ErrorResponse,
    EvaluateRequest,
    EvaluateResponse,
    Health,
)
from pokerforge.service.queue import BusyError, Client, ClientGoneError, Scheduler
from pokerforge.service.solver import mount_solver
from pokerforge.service.stats import mount_stats
from pokerforge.service.tournament import mount_tournament
from pokerforge.service.work import FieldError, Job, Limits, fresh_seed

__all__ = ["create_app"]

log = logging.getLogger("pokerforge.service")

_STATIC = resources.files("pokerforge.service") / "static"

T = TypeVar("T")

#: The schedulers of this process's apps: a server stopping drains them all.
SCHEDULERS: weakref.WeakSet[Scheduler] = weakref.WeakSet()

#: The estimate of checking and planning a request (the core bounds it by a step budget;
#: the measured time is charged when it ends).
PLAN_COST = 0.002


def _responses(*statuses: int) -> dict[int | str, dict[str, Any]]:
    why = {
        400: "The body is not valid JSON, or its framing is wrong.",
        401: "The API key is not one this server knows.",
        413: "The body is over the size limit.",
        415: "The body is not JSON.",
        422: "A request field is wrong; `field` names it.",
        429: "This client has too much work waiting; see `Retry-After`.",
        503: "The server is busy or restarting; see `Retry-After`.",
    }
    return {s: {"model": ErrorResponse, "description": why[s]} for s in statuses}


def _error(
    status: int, kind: str, field: str | None, message: str, retry_after: int | None = None
) -> JSONResponse:
    error = ErrorBody(type=kind, field=field, message=message)
    body = {"error": error.model_dump()}
    headers = {"Retry-After": str(retry_after)} if retry_after is not None else None
    return JSONResponse(body, status_code=status, headers=headers)


def _field_name(loc: tuple[Any, ...]) -> str | None:
    parts = [p for p in loc if p != "body"]
    name = ""
    for part in parts:
        if isinstance(part, int):
            name += f"[{part}]"
        elif not str(part).isidentifier() or part in ("int", "str", "float", "bool"):
            continue  # the branch of a union that failed (``constrained-int``), not a field
        else:
            name += f".{part}" if name else str(part)
    return name or None


class _Engine:
    """The queue, the cache of finished answers, and the metrics."""

    def __init__(self, limits: Limits, metrics: Metrics) -> None:
        self.limits = limits
        self.metrics = metrics
        self.keys = load_api_keys(limits.api_keys) if limits.api_keys else None
        self.scheduler = Scheduler(
            workers=limits.workers,
            cheap_cost=limits.cheap_cost,
            max_wait=limits.max_wait,
            max_client_wait=limits.max_client_wait,
            # A client whose first request finds every thread busy with another network's
            # long work runs beside it rather than after it.
            spare=limits.workers,
        )
        self.scheduler.on_work = metrics.work_seconds.inc
        self.scheduler.on_depth = metrics.queue_depth.set
        SCHEDULERS.add(self.scheduler)
        self.cache: OrderedDict[tuple[Any, ...], dict[str, Any]] = OrderedDict()

    def _compute(self, job: Job, seed: int, cancel: Any) -> dict[str, Any]:
        result = job.plan.run(seed=seed, time_limit=job.time_limit, threads=1, cancel=cancel)
        answer = equity_json(result, job.players, job.game, count_later=False)
        monte_carlo = result.method == "monte-carlo"
        answer["seed"] = str(result.seed) if monte_carlo else None
        answer["samples"] = result.deals if monte_carlo else None
        return answer

    def _key(self, job: Job, seed: int | None) -> tuple[Any, ...]:
        return (job.key, seed if job.method == "monte-carlo" else None)

    def _cached(self, job: Job, seed: int | None) -> dict[str, Any] | None:
        # Read and written from the queue's threads: each step is one operation on the
        # dict, so a race costs at most an extra eviction.
        key = self._key(job, seed)
        hit = self.cache.get(key)
        if hit is not None and (seed is not None or job.method == "exact"):
            with contextlib.suppress(KeyError):
                self.cache.move_to_end(key)
            self.metrics.cache_hits.inc()
            return hit
        return None

    def _answer(self, job: Job, seed: int | None, cancel: Any) -> dict[str, Any]:
        answer = self._compute(job, seed if seed is not None else fresh_seed(), cancel)
        # Only a run that did all it was asked is the answer to the same request again.
        if answer["samples"] is None or answer["samples"] == job.samples:
            self.cache[self._key(job, seed)] = answer
            if len(self.cache) > self.limits.cache_size:
                with contextlib.suppress(KeyError):
                    self.cache.popitem(last=False)
        return answer

    async def plan(self, request: Request, body: EquityRequest) -> Job:
        """``body`` checked and planned on the queue (never on the event loop).

        Raises:
            FieldError: naming the field at fault.
            BusyError, ClientGoneError, UnknownKeyError: as `run()`.
        """
        job: Job = await self.run(request, PLAN_COST, lambda _: body.plan(self.limits))
        return job

    async def equity(self, body: EquityRequest, request: Request) -> tuple[dict[str, Any], bool]:
        """The answer to ``body`` and whether it came from the cache: planned on the
        queue, and answered in the same turn when it is cheap or cached.

        Raises:
            FieldError: naming the field at fault.
            BusyError, ClientGoneError, UnknownKeyError: as `run()`.
        """
        given = body.seed_value()
        # Not given: the default every entry point shares (the same question, the same
        # answer, from the cache when it has it).
        seed = SEED if given is None else given

        def first_turn(cancel: Cancel) -> tuple[dict[str, Any] | None, bool, Job]:
            job = body.plan(self.limits)
            hit = self._cached(job, seed)
            if hit is not None:
                return hit, True, job
            if job.cost <= self.limits.cheap_cost:
                return self._answer(job, seed, cancel), False, job
            return None, False, job

        answer, cached, job = await self.run(request, PLAN_COST, first_turn)
        if answer is None:
            answer = await self.run(
                request, job.cost, lambda cancel: self._answer(job, seed, cancel)
            )
        return answer, cached

    def client(self, request: Request) -> Client:
        """Who ``request`` counts against (`identify()`).

        Raises:
            UnknownKeyError: the server has a list of keys and the request's is not in it.
        """
        header = self.limits.api_key_header
        key = request.headers.get(header) if header else None
        host = request.client.host if request.client else "?"
        return identify(host, key, keys=self.keys)

    async def run(self, request: Request, cost: float, work: Callable[[Cancel], T]) -> T:
        """Runs ``work(cancel)`` on the queue for ``request``'s client, estimated at ``cost``
        seconds, and returns what it returns.

        Raises:
            BusyError: the queue refused it.
            ClientGoneError: the client went away (the work is dropped or stopped).
            UnknownKeyError: the request's API key is not one the server knows.
        """
        work_done = self.scheduler.enqueue(self.client(request), cost, work)
        # One watcher of the client's connection: a disconnect cancels the work (the
        # scheduler then drops it from the queue or stops it in the core).
        watch = asyncio.ensure_future(_disconnected(request))

        def gone(_: object) -> None:
            work_done.cancel()

        watch.add_done_callback(gone)
        try:
            result: T = await work_done
        except asyncio.CancelledError:
            if watch.done() and not watch.cancelled():
                raise ClientGoneError from None
            raise
        finally:
            watch.remove_done_callback(gone)
            watch.cancel()
        return result

    def refusal(self, err: BusyError | ClientGoneError | UnknownKeyError) -> Response:
        """The answer to a request the queue refused, or whose client went away."""
        if isinstance(err, ClientGoneError):
            log.info("client gone", extra={"fields": {"work": "cancelled"}})
            return Response(status_code=499)
        if isinstance(err, UnknownKeyError):
            self.metrics.refused.labels(status="401").inc()
            return _error(401, "unauthorized", self.limits.api_key_header, str(err))
        self.metrics.refused.labels(status=str(err.status)).inc()
        kind = "busy" if err.status == 503 else "too_many_requests"
        return _error(err.status, kind, None, err.message, err.retry_after)


async def _disconnected(request: Request) -> None:
    """Returns once the client has disconnected (the body has been read already)."""
    while True:
        message = await request.receive()
        if message["type"] == "http.disconnect":
            return


def _evaluate(body: EvaluateRequest) -> Response:
    """Answers ``/v1/evaluate``."""
    sizes = evaluate_fields(body.game)
    fields = tuple(sizes)
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
            message = (
                f"expected {allowed} cards, but {count} {'was' if count == 1 else 'were'} given"
            )
            return _error(422, "invalid_request", field, message)
    try:
        answer = evaluate_json(
            body.game,
            cards=body.cards,
            hole=body.hole,
            board=body.board,
            trips_beat_straight=body.trips_beat_straight,
        )
    except PokerError as err:
        return _error(422, "invalid_request", err.location or fields[-1], str(err))
    return JSONResponse(answer)


def _routes(routes: Iterable[Any]) -> Iterator[Any]:
    """Every route, those of the routers included without a prefix too (the framework
    keeps an included router as one entry of ``app.routes``)."""
    for route in routes:
        included = getattr(route, "original_router", None)
        if included is not None:
            yield from _routes(included.routes)
        else:
            yield route


def _install_error_handlers(app: FastAPI) -> None:
    """Every error as the JSON error body, with the headers it needs (``Allow``)."""

    @app.exception_handler(RequestValidationError)
    async def invalid(_: Request, exc: RequestValidationError) -> JSONResponse:
        first = exc.errors()[0] if exc.errors() else {"loc": (), "msg": "invalid request"}
        if first.get("type") == "json_invalid":
            return _error(400, "invalid_json", "body", str(first.get("msg", "invalid JSON")))
        field = _field_name(tuple(first.get("loc", ())))
        return _error(422, "invalid_request", field, str(first.get("msg", "invalid")))

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        response = _error(exc.status_code, "http", None, str(exc.detail))
        for name, value in (exc.headers or {}).items():
            response.headers[name] = value
        if exc.status_code == 405:
            # Every method of every route at this path (the router names only the first).
            allowed = {
                method
                for route in _routes(app.routes)
                if getattr(route, "path_regex", None) is not None
                and route.path_regex.match(request.url.path)
                for method in getattr(route, "methods", None) or ()
            }
            response.headers["Allow"] = ", ".join(sorted(allowed))
        return response

    @app.exception_handler(Exception)
    async def crash(_: Request, exc: Exception) -> JSONResponse:
        log.error("error", exc_info=exc, extra={"fields": {"error": repr(exc)}})
        return _error(500, "internal", None, "internal error")


def create_app(limits: Limits | None = None) -> FastAPI:
    """Builds the ASGI app.

    Args:
        limits: Work limits, queue bounds, pool size and cache size (default
            [`Limits`][pokerforge.service.Limits]).
    """
    limits = limits or Limits()
    metrics = Metrics()
    engine = _Engine(limits, metrics)

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[dict[str, Any]]:
        log.info("startup", extra={"fields": {"threads": limits.workers, "pid": os.getpid()}})
        # The lifespan's state is shared with the server: its connection refusals, made
        # before any request reaches the app, are counted in these metrics.
        yield {"pokerforge_metrics": metrics}
        # Graceful shutdown: the server has stopped taking requests; anything still queued
        # was answered 503 when the stop began, and the running work is bounded by
        # max_time.
        engine.scheduler.drain()
        engine.scheduler.close()
        solves.close()
        metrics.forget_process()
        log.info("shutdown", extra={"fields": {"cached": len(engine.cache)}})

    app = FastAPI(
        title="pokerforge equity service",
        version=__version__,
        description="Poker equities and hand ranks from the pokerforge Rust core.\n\n"
        f"Limits of this server: at most {limits.max_samples:,} Monte Carlo samples and "
        f"{limits.max_time:g} s of work a request (the default time limit); bodies up to "
        f"{limits.max_body:,} bytes ({limits.max_stats_body:,} for `/v1/stats`); a request "
        "is refused (503, `Retry-After`) when more "
        f"than {limits.max_wait:g} s of work is queued ahead of it, or (429) when its "
        f"client has more than {limits.max_client_wait:g} s queued.",
        lifespan=lifespan,
        docs_url=None,
        redoc_url=None,
    )
    app.state.engine = engine

    _install_error_handlers(app)

    @app.head("/healthz", include_in_schema=False)
    @app.get("/healthz", response_model=Health, tags=["service"])
    async def healthz() -> dict[str, Any]:
        """Says the service is up, and which worker process answered."""
        return {"status": "ok", "version": __version__, "pid": os.getpid()}

    @app.head("/metrics", include_in_schema=False)
    @app.get("/metrics", tags=["service"], response_class=Response)
    async def get_metrics() -> Response:
        """Prometheus metrics: requests, latency, queue depth, work seconds, cache hits."""
        body, content_type = metrics.render()
        return Response(body, media_type=content_type)

    async def answer_equity(body: EquityRequest, request: Request) -> Response:
        start = time.perf_counter()
        try:
            answer, cached = await engine.equity(body, request)
        except (BusyError, ClientGoneError, UnknownKeyError) as err:
            return engine.refusal(err)
        except FieldError as err:
            return _error(422, "invalid_request", err.field, err.message)
        except PokerError as err:
            return _error(422, "invalid_request", err.location, str(err))
        elapsed = (time.perf_counter() - start) * 1000
        return JSONResponse({**answer, "elapsed_ms": round(elapsed, 3), "cached": cached})

    async def answer_evaluate(body: EvaluateRequest, _: Request) -> Response:
        return _evaluate(body)

    @app.post(
        "/v1/equity",
        response_model=EquityResponse,
        responses=_responses(400, 413, 415, 422, 429, 503),
        tags=["equity"],
    )
    async def post_equity(body: EquityRequest, request: Request) -> Response:
        """Each player's equity, win, tie and hand-category chances."""
        return await answer_equity(body, request)

    @app.post(
        "/v1/evaluate",
        response_model=EvaluateResponse,
        responses=_responses(400, 413, 415, 422),
        tags=["evaluate"],
    )
    async def post_evaluate(body: EvaluateRequest, request: Request) -> Response:
        """The rank of a Hold'em hand (5-7 cards) or an Omaha hand (hole and board)."""
        return await answer_evaluate(body, request)

    mount_calculator(app, limits, engine)
    mount_tournament(app, limits, engine)
    mount_stats(app, limits, engine)
    solves = mount_solver(app)

    @app.api_route("/docs", methods=["GET", "HEAD"], include_in_schema=False)
    async def docs() -> FileResponse:
        return FileResponse(str(_STATIC / "docs.html"))

    # Valid requests to the two busiest routes skip the framework's routing; anything else
    # (a body the models refuse included) takes the framework's way, with its errors.
    direct: dict[str, tuple[type[BaseModel], Handler]] = {
        "/v1/equity": (EquityRequest, answer_equity),
        "/v1/evaluate": (EvaluateRequest, answer_evaluate),
    }
    app.add_middleware(DirectRoutes, routes=direct)
    posts = frozenset(
        route.path
        for route in _routes(app.routes)
        if "POST" in (getattr(route, "methods", None) or ())
    )
    app.add_middleware(
        Guard,
        max_body=limits.max_body,
        metrics=metrics,
        json_routes=posts,
        route_bodies={"/v1/stats": limits.max_stats_body},
    )
    return app
