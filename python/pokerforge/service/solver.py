"""The service's solver endpoints: a postflop solve as a bounded job.

``POST /v1/solve`` checks a spot, sizes its game (the core builds the tree without its
storage) and queues it: 202 with the job's ``id``, 413 for a game past the server's memory
bound, 422 for a bad field, 503 (``Retry-After``) when the queue is full.
``GET /v1/solve/{id}`` says where the job stands (``queued``, ``running`` with its
iterations and exploitability so far, ``done``, ``cancelled`` or ``failed``) and, once
done, each action's frequency and EV and its 13x13 grid at the root or at the node of the
``line`` query (``?line=x b100 c 2c``). ``DELETE /v1/solve/{id}`` cancels a job: a queued
one never starts, a running one stops after its iteration. Solves run on the server's
own threads (``SolveLimits.workers``, apart from the equity queue: a solve takes seconds
to minutes), each within the time, iteration and memory bounds; finished games are kept
for ``keep`` seconds, and the oldest are let go first past ``max_kept_bytes`` (the newest
stays).

Examples:
    >>> from pokerforge.service import create_app
    >>> from pokerforge.service.work import Limits
    >>> paths = create_app(Limits(workers=1)).openapi()["paths"]
    >>> sorted(p for p in paths if p.startswith("/v1/solve"))
    ['/v1/solve', '/v1/solve/{job}']
"""

from __future__ import annotations

import math
import threading
import time
import uuid
from collections import OrderedDict, deque
from dataclasses import dataclass, field
from typing import Annotated, Any, Literal

from fastapi import APIRouter, FastAPI, Query
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, Field

from pokerforge._core import Cancel
from pokerforge.errors import PokerError, SolverTooLargeError
from pokerforge.service.models import ErrorBody, ErrorResponse
from pokerforge.solver import Progress, SolvedGame, estimate, solve

__all__ = ["SolveJobs", "SolveLimits", "SolveRequest", "mount_solver"]

Status = Literal["queued", "running", "done", "cancelled", "failed"]

_ERRORS: dict[int | str, dict[str, Any]] = {
    404: {"model": ErrorResponse, "description": "No such job (or it has expired)."},
    413: {"model": ErrorResponse, "description": "The game is larger than the server allows."},
    422: {"model": ErrorResponse, "description": "A request field is wrong."},
    503: {"model": ErrorResponse, "description": "Too many solves are waiting."},
}


@dataclass(frozen=True)
class SolveLimits:
    """The server's bounds on solves.

    Attributes:
        workers: Solves that run at once.
        max_queued: Jobs that may wait; past them ``POST`` answers 503.
        max_bytes: The most memory one game may take (sized before it is built).
        max_time: The most seconds one solve may run.
        max_iterations: The most iterations of one solve.
        keep: Seconds a finished job (and its game) is kept.
        max_kept_bytes: The most memory the kept games may take together.
    """

    workers: int = 1
    max_queued: int = 16
    max_bytes: int = 1 << 30
    max_time: float = 120.0
    max_iterations: int = 1000
    keep: float = 900.0
    max_kept_bytes: int = 4 << 30


class SolveRequest(BaseModel):
    """A heads-up postflop spot and its tree of bet sizes (the arguments of
    [`pokerforge.solver.solve()`][pokerforge.solver.solve])."""

    model_config = ConfigDict(extra="forbid")

    ranges: tuple[
        Annotated[str, Field(max_length=5000)], Annotated[str, Field(max_length=5000)]
    ] = Field(description="Out of position, then in position.", examples=[["QQ+,AK", "JJ-22"]])
    board: str = Field(max_length=40, examples=["Td9d6hQc"])
    pot: int = Field(ge=1, le=100_000_000, strict=True)
    stack: int = Field(ge=1, le=100_000_000, strict=True)
    bets: str = Field("50%, a", max_length=200)
    raises: str = Field("2.5x", max_length=200)
    target: float = Field(0.005, ge=0.0, le=1.0, description="A share of the pot.")
    time_limit: float | None = Field(None, gt=0, description="Seconds (the server's at most).")


@dataclass
class Job:
    """One solve and where it stands."""

    id: str
    request: SolveRequest
    bytes: int
    status: Status = "queued"
    iterations: int = 0
    exploitability: float = math.inf
    created: float = field(default_factory=time.monotonic)
    finished: float | None = None
    game: SolvedGame | None = None
    error: str | None = None
    cancel: Cancel = field(default_factory=Cancel)

    def view(self) -> dict[str, Any]:
        """The job's state as JSON."""
        out: dict[str, Any] = {
            "id": self.id,
            "status": self.status,
            "iterations": self.iterations,
            "exploitability": self.exploitability if math.isfinite(self.exploitability) else None,
            "bytes": self.bytes,
        }
        if self.error is not None:
            out["error"] = self.error
        if self.game is not None:
            out["reached"] = self.game.reached
            out["seconds"] = round(self.game.seconds, 3)
        return out


class FullError(Exception):
    """The queue of solves is full."""


def _grid(rows: Any) -> list[list[float | None]]:
    return [[None if math.isnan(x) else round(float(x), 6) for x in row] for row in rows]


def node_view(game: SolvedGame, line: str) -> dict[str, Any]:
    """The node of ``line``: its kind, pot, and at a decision each action's frequency, EV
    and 13x13 grid."""
    node = game.node(line)
    out: dict[str, Any] = {
        "line": list(node.line), "kind": node.kind, "player": node.player,
        "pot": node.pot, "board": node.board,
    }  # fmt: skip
    if node.kind == "decision":
        strategy = game.strategy(node)
        out["actions"] = [
            {"action": s.action, "frequency": s.frequency,
             "ev": None if math.isnan(s.ev) else s.ev, "grid": _grid(strategy.grid(s.action))}
            for s in game.summary(node)
        ]  # fmt: skip
    return out


class SolveJobs:
    """The queue of solves, its worker threads and the finished jobs kept."""

    def __init__(self, limits: SolveLimits) -> None:
        self.limits = limits
        self._jobs: OrderedDict[str, Job] = OrderedDict()
        self._waiting: deque[Job] = deque()
        self._lock = threading.Condition()
        self._threads: list[threading.Thread] = []
        self._closed = False

    def submit(self, request: SolveRequest) -> Job:
        """Sizes and queues a solve.

        Raises:
            PokerError: A bad spot (the core names it).
            SolverTooLargeError: A game past ``limits.max_bytes``.
            FullError: ``limits.max_queued`` jobs already wait.
        """
        size = estimate(
            ranges=list(request.ranges), board=request.board, pot=request.pot,
            stack=request.stack, bets=request.bets, raises=request.raises,
        )["bytes"]  # fmt: skip
        if size > self.limits.max_bytes:
            raise SolverTooLargeError(
                f"the solver's game needs {size} bytes ({size / 1e6:.1f} MB), more than this "
                f"server's limit of {self.limits.max_bytes} bytes "
                f"({self.limits.max_bytes / 1e6:.1f} MB): use fewer bet sizes or a later street"
            )
        with self._lock:
            self._expire()
            if len(self._waiting) >= self.limits.max_queued or self._closed:
                raise FullError
            job = Job(uuid.uuid4().hex, request, size)
            self._jobs[job.id] = job
            self._waiting.append(job)
            self._start_threads()
            self._lock.notify()
        return job

    def get(self, job_id: str) -> Job | None:
        """The job, unless unknown or expired."""
        with self._lock:
            self._expire()
            return self._jobs.get(job_id)

    def cancel(self, job_id: str) -> Job | None:
        """Cancels a job: a queued one never starts, a running one stops soon."""
        with self._lock:
            job = self._jobs.get(job_id)
            if job is None:
                return None
            job.cancel.cancel()
            if job.status == "queued":
                self._waiting.remove(job)
                self._finish(job, "cancelled")
            return job

    def close(self) -> None:
        """Cancels every job and lets the threads end."""
        with self._lock:
            self._closed = True
            for job in self._jobs.values():
                job.cancel.cancel()
            self._waiting.clear()
            self._lock.notify_all()
        for thread in self._threads:
            thread.join(timeout=5)

    # -- inside, with the lock held unless said ------------------------------------------

    def _start_threads(self) -> None:
        while len(self._threads) < self.limits.workers:
            thread = threading.Thread(target=self._serve, name="pokerforge-solve", daemon=True)
            self._threads.append(thread)
            thread.start()

    def _finish(self, job: Job, status: Status) -> None:
        job.status = status
        job.finished = time.monotonic()
        if status != "done":
            job.game = None

    def _expire(self) -> None:
        """Lets go of jobs finished more than ``keep`` ago, then of the oldest finished
        games (but the newest) while the kept ones pass ``max_kept_bytes``."""
        now = time.monotonic()
        for job_id, job in list(self._jobs.items()):
            if job.finished is not None and now - job.finished > self.limits.keep:
                del self._jobs[job_id]
        kept = [(j, j.game.memory_bytes) for j in self._jobs.values() if j.game is not None]
        total = sum(size for _, size in kept)
        for job, size in kept[:-1]:  # the newest game stays whatever its size
            if total <= self.limits.max_kept_bytes:
                break
            total -= size
            del self._jobs[job.id]

    def _serve(self) -> None:
        """A worker thread: runs queued jobs one after another (without the lock)."""
        while True:
            with self._lock:
                while not self._waiting and not self._closed:
                    self._lock.wait()
                if self._closed:
                    return
                job = self._waiting.popleft()
                job.status = "running"
            self._run(job)

    def _run(self, job: Job) -> None:
        r = job.request
        limits = self.limits
        time_limit = min(r.time_limit or limits.max_time, limits.max_time)

        def report(p: Progress) -> None:
            job.iterations = p.iterations
            job.exploitability = p.exploitability

        try:
            game = solve(
                ranges=list(r.ranges), board=r.board, pot=r.pot, stack=r.stack, bets=r.bets,
                raises=r.raises, target=r.target, time_limit=time_limit,
                max_iterations=limits.max_iterations, memory_limit=limits.max_bytes,
                progress=report, cancel=job.cancel,
            )  # fmt: skip
        except Exception as err:  # the job's answer says what went wrong
            with self._lock:
                job.error = str(err) if isinstance(err, PokerError) else repr(err)
                self._finish(job, "failed")
            return
        with self._lock:
            job.iterations = game.iterations
            job.exploitability = game.exploitability
            job.game = game
            self._finish(job, "cancelled" if job.cancel.cancelled else "done")


def _error(status: int, kind: str, field: str | None, message: str) -> JSONResponse:
    body = ErrorResponse(error=ErrorBody(type=kind, field=field, message=message))
    headers = {"Retry-After": "10"} if status == 503 else None
    return JSONResponse(body.model_dump(), status_code=status, headers=headers)


def mount_solver(app: FastAPI, limits: SolveLimits | None = None) -> SolveJobs:
    """Adds ``/v1/solve`` and ``/v1/solve/{job}`` to ``app``; returns the job queue (the
    app closes it at shutdown)."""
    jobs = SolveJobs(limits or SolveLimits())
    router = APIRouter(tags=["solver"])

    @router.post("/v1/solve", status_code=202, responses=_ERRORS)
    def post_solve(body: SolveRequest) -> Any:
        """Queues a solve; answers its job's ``id`` (202)."""
        try:
            job = jobs.submit(body)
        except SolverTooLargeError as err:
            return _error(413, "too_large", None, str(err))
        except PokerError as err:
            return _error(422, "invalid_request", err.location, str(err))
        except FullError:
            return _error(503, "busy", None, "too many solves are waiting: try again later")
        return JSONResponse(job.view(), status_code=202)

    @router.get("/v1/solve/{job}", responses=_ERRORS)
    def get_solve(job: str, line: Annotated[str, Query(max_length=400)] = "") -> Any:
        """Where the job stands; once done, the node of ``line`` (default the root)."""
        found = jobs.get(job)
        if found is None:
            return _error(404, "not_found", "job", f"no solve job {job!r} (or it has expired)")
        out = found.view()
        game = found.game
        if game is not None:
            try:
                out["node"] = node_view(game, line)
            except PokerError as err:
                return _error(422, "invalid_request", "line", str(err))
        return out

    @router.delete("/v1/solve/{job}", responses=_ERRORS)
    def delete_solve(job: str) -> Any:
        """Cancels the job."""
        found = jobs.cancel(job)
        if found is None:
            return _error(404, "not_found", "job", f"no solve job {job!r} (or it has expired)")
        return found.view()

    app.include_router(router)
    return jobs
