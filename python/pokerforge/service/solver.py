"""The service's solver endpoints: a postflop solve as a bounded job.

``POST /v1/solve`` checks a spot, sizes its game (the core builds the tree without its
storage) and queues it: 202 with the job's ``id``, 413 for a game past the server's memory
bound, 422 for a bad field, 503 (``Retry-After``) when the queue is full.
``GET /v1/solve/{id}`` says where the job stands (``queued``, ``running`` with its
iterations and exploitability so far, ``done``, ``cancelled`` or ``failed``) and, once
done, each action's frequency and EV and its 13x13 grid at the root or at the node of the
``line`` query (``?line=x b100 c 2c``). The node's answer is what a
client needs to walk the tree: the line, the street and board, the player to act and,
per action, the range-wide frequency, EV and combos with a 13x13 grid of frequencies and
one of EVs; per hand class the combos that reach the node, their EV and equity; the
cards that may come at a chance node; and both players' EV and equity over their ranges.
``DELETE /v1/solve/{id}`` cancels a job: a queued
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
import re
import threading
import time
import uuid
from collections import OrderedDict, deque
from dataclasses import dataclass, field
from typing import Annotated, Any, Literal

import numpy as np
import numpy.typing as npt
from fastapi import APIRouter, FastAPI, Query
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, Field

from pokerforge._core import Cancel
from pokerforge.errors import CardCountError, PokerError, SolverTooLargeError
from pokerforge.service.models import ErrorBody, ErrorResponse
from pokerforge.solver import Progress, SolvedGame, estimate, solve
from pokerforge.solver.game import STREETS
from pokerforge.solver.views import class_grid, summaries

__all__ = [
    "SolveAction",
    "SolveJob",
    "SolveJobs",
    "SolveLimits",
    "SolveNode",
    "SolveRequest",
    "SolveValues",
    "mount_solver",
]

Status = Literal["queued", "running", "done", "cancelled", "failed"]
Grid = Annotated[
    list[list[float | None]],
    Field(
        description="13x13 by hand class, rows and columns A to 2: pairs on the diagonal, "
        "suited above it, offsuit below; null for a class with no hand there."
    ),
]

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


class SolveAction(BaseModel):
    """One action at a decision, over the acting player's range and by hand class."""

    action: str = Field(description="x, c, f, b100 (bet to), r250 (raise to), a900 (all-in).")
    frequency: float = Field(description="How often the range takes it (weighted by reach).")
    ev: float | None = Field(description="The acting player's EV of the hands that take it.")
    combos: float = Field(description="The combos that take it (reach times frequency).")
    grid: Grid = Field(description="How often each class takes it.")
    ev_grid: Grid = Field(description="The EV of each class's hands that take it.")


class SolveValues(BaseModel):
    """One player's range at a node: EV (chips from the start of the spot) and equity."""

    ev: float | None
    equity: float | None


class SolveNode(BaseModel):
    """A node of a solved game, reached by ``line``."""

    line: list[str]
    kind: Literal["decision", "chance", "fold", "showdown"]
    street: Literal["flop", "turn", "river"]
    player: int | None = Field(description="To act (0 out of position), or who folded.")
    pot: int
    bets: tuple[int, int] = Field(description="Each player's chips on this street so far.")
    board: str
    actions: list[SolveAction] = Field(description="At a decision; empty elsewhere.")
    cards: list[str] = Field(description="The cards that may come at a chance node.")
    combos: Grid | None = Field(description="At a decision: the acting player's combos there.")
    ev: Grid | None = Field(description="At a decision: the acting player's EV by class.")
    equity: Grid | None = Field(description="At a decision: the acting player's equity.")
    values: tuple[SolveValues, SolveValues] = Field(description="Each player's range.")


class SolveJob(BaseModel):
    """Where a solve stands; once done, the node asked for."""

    id: str
    status: Status
    iterations: int
    exploitability: float | None = Field(description="The last measured, a share of the pot.")
    bytes: int = Field(description="The game's size.")
    target: float
    time_limit: float = Field(description="Seconds the solve may run.")
    seconds: float | None = Field(description="Seconds run so far (or in all, once done).")
    reached: bool | None = Field(description="Once done: whether the target was met.")
    error: str | None = None
    node: SolveNode | None = None


@dataclass
class Job:
    """One solve and where it stands."""

    id: str
    request: SolveRequest
    bytes: int
    time_limit: float
    status: Status = "queued"
    iterations: int = 0
    exploitability: float = math.inf
    seconds: float | None = None
    created: float = field(default_factory=time.monotonic)
    finished: float | None = None
    game: SolvedGame | None = None
    error: str | None = None
    cancel: Cancel = field(default_factory=Cancel)

    def view(self, node: SolveNode | None = None) -> SolveJob:
        """The job's state (with ``node`` once done)."""
        return SolveJob(
            id=self.id,
            status=self.status,
            iterations=self.iterations,
            exploitability=_number(self.exploitability),
            bytes=self.bytes,
            target=self.request.target,
            time_limit=self.time_limit,
            seconds=None if self.seconds is None else round(self.seconds, 3),
            reached=None if self.game is None else self.game.reached,
            error=self.error,
            node=node,
        )


class FullError(Exception):
    """The queue of solves is full."""


def _number(x: float) -> float | None:
    """A float for JSON: None for NaN or an infinity (JSON has neither)."""
    return round(float(x), 6) if math.isfinite(x) else None


def _grid(rows: Any) -> list[list[float | None]]:
    return [[_number(x) for x in row] for row in rows]


def _class_sums(cards: npt.NDArray[np.uint8], weights: npt.NDArray[Any]) -> Any:
    """``weights`` summed over each hand class, in the cells of
    [`class_grid`][pokerforge.solver.views.class_grid] (NaN for a class with none)."""
    hi = 12 - (cards[:, 0] // 4).astype(np.intp)
    lo = 12 - (cards[:, 1] // 4).astype(np.intp)
    suited = (cards[:, 0] % 4) == (cards[:, 1] % 4)
    flat = np.where(suited, hi, lo) * 13 + np.where(suited, lo, hi)
    sums = np.bincount(flat, weights=np.asarray(weights, dtype=np.float64), minlength=169)
    return np.where(sums > 0, sums, np.nan).reshape(13, 13)


def node_view(game: SolvedGame, line: str) -> SolveNode:
    """The node of ``line``: what a client shows of it and what it needs to walk on.

    Raises:
        InvalidSpecError: A token the line's nodes do not offer.
    """
    node = game.node(line)
    values = [
        SolveValues(ev=_number(game.ev(node, p).mean), equity=_number(game.equity(node, p).mean))
        for p in (0, 1)
    ]
    actions: list[SolveAction] = []
    combos = ev = equity = None
    if node.kind == "decision":
        strategy = game.strategy(node)
        evs = {a: game.ev(node.play(a), strategy.player) for a in strategy.actions}
        for a, summary in enumerate(summaries(strategy, evs)):
            weight = strategy.reach * strategy.frequencies[:, a]
            grid = class_grid(strategy.cards, evs[summary.action].values, weight)
            actions.append(
                SolveAction(
                    action=summary.action,
                    frequency=round(summary.frequency, 6),
                    ev=_number(summary.ev),
                    combos=round(summary.combos, 6),
                    grid=_grid(strategy.grid(summary.action)),
                    ev_grid=_grid(grid),
                )
            )
        combos = _grid(_class_sums(strategy.cards, strategy.reach))
        ev = _grid(game.ev(node).grid())
        equity = _grid(game.equity(node).grid())
    return SolveNode(
        line=list(node.line),
        kind=node.kind,  # type: ignore[arg-type]
        street=STREETS[len(node.board) // 2 - 3],  # type: ignore[arg-type]
        player=node.player,
        pot=node.pot,
        bets=node.bets,
        board=node.board,
        actions=actions,
        cards=list(node.cards),
        combos=combos,
        ev=ev,
        equity=equity,
        values=(values[0], values[1]),
    )


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
            time_limit = min(request.time_limit or self.limits.max_time, self.limits.max_time)
            job = Job(uuid.uuid4().hex, request, size, time_limit)
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

        def report(p: Progress) -> None:
            job.iterations = p.iterations
            job.exploitability = p.exploitability
            job.seconds = p.seconds

        try:
            game = solve(
                ranges=list(r.ranges), board=r.board, pot=r.pot, stack=r.stack, bets=r.bets,
                raises=r.raises, target=r.target, time_limit=job.time_limit,
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
            job.seconds = game.seconds
            job.game = game
            self._finish(job, "cancelled" if job.cancel.cancelled else "done")


def _field(err: PokerError, request: SolveRequest) -> str | None:
    """The request field a refused spot names: the core's location (its ``players[i]`` are
    the ``ranges[i]`` here), or, for the board's count and sizes that do not parse, the
    field found from the error."""
    if err.location:
        player = re.fullmatch(r"players\[([01])\]", err.location)
        return f"ranges[{player[1]}]" if player else err.location
    if isinstance(err, CardCountError):
        return "board"
    for name in ("bets", "raises"):
        if str(err).startswith(f"'{getattr(request, name)}' is not a list of"):
            return name
    return None


def _error(status: int, kind: str, field: str | None, message: str) -> JSONResponse:
    body = ErrorResponse(error=ErrorBody(type=kind, field=field, message=message))
    headers = {"Retry-After": "10"} if status == 503 else None
    return JSONResponse(body.model_dump(), status_code=status, headers=headers)


def mount_solver(app: FastAPI, limits: SolveLimits | None = None) -> SolveJobs:
    """Adds ``/v1/solve`` and ``/v1/solve/{job}`` to ``app``; returns the job queue (the
    app closes it at shutdown)."""
    jobs = SolveJobs(limits or SolveLimits())
    router = APIRouter(tags=["solver"])

    @router.post("/v1/solve", status_code=202, response_model=SolveJob, responses=_ERRORS)
    def post_solve(body: SolveRequest) -> Any:
        """Queues a solve; answers its job's ``id`` (202)."""
        try:
            job = jobs.submit(body)
        except SolverTooLargeError as err:
            return _error(413, "too_large", None, str(err))
        except PokerError as err:
            return _error(422, "invalid_request", _field(err, body), str(err))
        except FullError:
            return _error(503, "busy", None, "too many solves are waiting: try again later")
        return JSONResponse(job.view().model_dump(mode="json"), status_code=202)

    @router.get("/v1/solve/{job}", response_model=SolveJob, responses=_ERRORS)
    def get_solve(job: str, line: Annotated[str, Query(max_length=400)] = "") -> Any:
        """Where the job stands; once done, the node of ``line`` (default the root)."""
        found = jobs.get(job)
        if found is None:
            return _error(404, "not_found", "job", f"no solve job {job!r} (or it has expired)")
        game = found.game
        node = None
        if game is not None:
            try:
                node = node_view(game, line)
            except PokerError as err:
                return _error(422, "invalid_request", "line", str(err))
        return JSONResponse(found.view(node).model_dump(mode="json"))

    @router.delete("/v1/solve/{job}", response_model=SolveJob, responses=_ERRORS)
    def delete_solve(job: str) -> Any:
        """Cancels the job."""
        found = jobs.cancel(job)
        if found is None:
            return _error(404, "not_found", "job", f"no solve job {job!r} (or it has expired)")
        return JSONResponse(found.view().model_dump(mode="json"))

    app.include_router(router)
    return jobs
