"""Backends that run numbered chunks of work: in this process, on local processes, on Dask.

`Executor` runs ``fn(payload, k)`` for ``k`` in ``range(count)`` and yields
``(k, result)`` as chunks finish, in no particular order (callers add results up in a way
that does not depend on it). ``fn`` and ``payload`` must pickle for the process and Dask
backends. The three backends:

* ``"inline"``: one chunk after another in the calling process.
* ``"processes"``: ``workers`` local processes (`pokerforge.sim.workers`, started
  with ``spawn``, as Dask does, so that the library's state is never forked). The chunks of
  a worker that dies run again on a new one, so none is lost and none is counted twice.
  Workers ignore Ctrl-C; the caller's interrupt stops them.
* ``"dask"``: Dask distributed, on an existing cluster (``scheduler="tcp://host:8786"``)
  or on a ``LocalCluster`` of ``workers`` processes started for the run and closed after
  it. Dask itself runs a dead worker's chunks again elsewhere.

At most a few chunks per worker are in flight at once, so memory stays bounded however
many chunks a run has, and an interrupt has little to cancel.

Examples:
    >>> with Executor("inline") as ex:
    ...     sorted(ex.map(pow, 2, 4))
    [(0, 1), (1, 2), (2, 4), (3, 8)]
    >>> choose_backend(None, workers=2, scheduler=None)
    'processes'
"""

from __future__ import annotations

import importlib
import logging
import uuid
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from types import TracebackType
from typing import Any, Literal, TypeAlias, TypeVar

from pokerforge.errors import InvalidSpecError, SimBackendError
from pokerforge.extras import require
from pokerforge.sim.workers import WorkerPool

__all__ = ["BACKENDS", "Backend", "Executor", "RunOptions", "choose_backend"]

Backend: TypeAlias = Literal["inline", "processes", "dask"]
BACKENDS: tuple[Backend, ...] = ("inline", "processes", "dask")

P = TypeVar("P")
R = TypeVar("R")

_IN_FLIGHT_PER_WORKER = 3


def choose_backend(backend: str | None, *, workers: int, scheduler: str | None) -> Backend:
    """The backend to use: the one asked for, else Dask with a scheduler, processes with
    more than one worker, inline otherwise.

    Raises:
        InvalidSpecError: An unknown backend, a bad number of workers, or a scheduler with a
            backend other than Dask.
    """
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise InvalidSpecError(f"workers must be at least 1, not {workers!r}")
    if backend is None:
        return "dask" if scheduler else "processes" if workers > 1 else "inline"
    if backend not in BACKENDS:
        raise InvalidSpecError(
            f"{backend!r} is not a backend: expected one of inline, processes, dask"
        )
    if scheduler and backend != "dask":
        raise InvalidSpecError(f"a scheduler address needs the dask backend, not {backend!r}")
    return backend


@dataclass(frozen=True)
class RunOptions:
    """Where and how a run's chunks are computed: the options
    [`pokerforge.sim.run()`][pokerforge.sim.run], [`preflop_grid()`][pokerforge.sim.preflop_grid]
    and [`range_grid()`][pokerforge.sim.range_grid] share (each documents them; their chunk sizes
    count different things and stay theirs).

    Examples:
        >>> RunOptions(workers=2).executor().backend
        'processes'
        >>> RunOptions(backend="inline", scheduler="tcp://10.0.0.1:8786").executor()
        Traceback (most recent call last):
        ...
        pokerforge.errors.InvalidSpecError: a scheduler address needs the dask backend, not 'inline'
    """

    workers: int = 1
    scheduler: str | None = None
    backend: str | None = None
    timeout: float = 5.0
    progress: Callable[[int, int], None] | None = None

    def executor(self) -> Executor:
        """The executor these options choose, checked, not yet started (``with`` starts it).

        Raises:
            InvalidSpecError: An unknown backend, a bad number of workers, or a scheduler
                with a backend other than Dask.
        """
        kind = choose_backend(self.backend, workers=self.workers, scheduler=self.scheduler)
        return Executor(kind, workers=self.workers, scheduler=self.scheduler, timeout=self.timeout)

    def report(self, done: int, total: int) -> None:
        """Tells the progress callback, if there is one."""
        if self.progress is not None:
            self.progress(done, total)


class Executor:
    """A backend, started on ``with`` and shut down (workers and all) on leaving it.

    Args:
        backend: ``"inline"``, ``"processes"`` or ``"dask"``.
        workers: Processes for ``"processes"``, or for the ``LocalCluster`` that
            ``"dask"`` starts when no scheduler is given.
        scheduler: The address of an existing Dask scheduler.
        timeout: Seconds to wait for a Dask scheduler (and for it to have a worker).

    Raises:
        MissingExtraError: Dask is not installed (``pokerforge[dask]``).
        SimBackendError: the scheduler cannot be reached.
    """

    def __init__(
        self,
        backend: Backend,
        *,
        workers: int = 1,
        scheduler: str | None = None,
        timeout: float = 5.0,
    ) -> None:
        self.backend = backend
        self.workers = workers
        self.scheduler = scheduler
        self.timeout = timeout
        self._pool: WorkerPool[Any, Any] | None = None
        self._client: Any = None
        self._cluster: Any = None

    def __enter__(self) -> Executor:
        if self.backend == "dask":
            self._start_dask()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()

    def close(self) -> None:
        """Stops every worker this executor started."""
        self._stop_pool()
        client, cluster = self._client, self._cluster
        self._client = self._cluster = None
        if client is not None:
            client.close()
        if cluster is not None:
            cluster.close()

    def map(self, fn: Callable[[P, int], R], payload: P, count: int) -> Iterator[tuple[int, R]]:
        """Runs ``fn(payload, k)`` for every ``k < count``; yields ``(k, result)`` as each
        finishes. The first chunk that raises stops the run with its exception."""
        if self.backend == "inline":
            return ((k, fn(payload, k)) for k in range(count))
        if self.backend == "processes":
            return self._map_processes(fn, payload, count)
        return self._map_dask(fn, payload, count)

    # -- local processes -----------------------------------------------------------------

    def _stop_pool(self) -> None:
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.stop()

    def _map_processes(
        self, fn: Callable[[P, int], R], payload: P, count: int
    ) -> Iterator[tuple[int, R]]:
        self._pool = pool = WorkerPool(fn, payload, workers=self.workers)
        try:
            yield from pool.run(range(count))
        finally:
            self._stop_pool()

    # -- Dask ------------------------------------------------------------------------------

    def _start_dask(self) -> None:
        distributed = require("distributed", "dask", "the dask backend")
        if self.scheduler:
            try:
                self._client = distributed.Client(self.scheduler, timeout=self.timeout)
            except (OSError, TimeoutError, ValueError) as err:
                raise SimBackendError(
                    f"cannot reach the Dask scheduler at {self.scheduler!r} within "
                    f"{self.timeout:g} s: {err}"
                ) from None
            try:
                self._client.wait_for_workers(1, timeout=self.timeout)
            except TimeoutError:
                self.close()
                raise SimBackendError(
                    f"the Dask scheduler at {self.scheduler!r} has no workers"
                ) from None
            self.workers = len(self._client.scheduler_info()["workers"])
            return
        # Each worker's statistical profiler samples its stack every 10 ms: a cost that a
        # cluster started only to run chunks has no use for (workers copy this config).
        config = importlib.import_module("dask.config")
        with config.set({"distributed.worker.profile.enabled": False}):
            self._cluster = distributed.LocalCluster(
                n_workers=self.workers,
                threads_per_worker=1,
                processes=True,
                dashboard_address=None,
                silence_logs=logging.ERROR,
            )
        self._client = distributed.Client(self._cluster)

    def _map_dask(
        self, fn: Callable[[P, int], R], payload: P, count: int
    ) -> Iterator[tuple[int, R]]:
        distributed: Any = importlib.import_module("distributed")
        killed_worker = importlib.import_module("distributed.scheduler").KilledWorker

        client = self._client
        token = uuid.uuid4().hex[:12]
        pending = deque(range(count))
        running: dict[Any, int] = {}
        finished = distributed.as_completed()

        def submit() -> None:
            k = pending.popleft()
            future = client.submit(fn, payload, k, key=f"pokerforge-{token}-{k}", pure=False)
            running[future] = k
            finished.add(future)

        try:
            for _ in range(min(count, self.workers * _IN_FLIGHT_PER_WORKER)):
                submit()
            for future in finished:
                k = running.pop(future)
                try:
                    result = future.result()
                except killed_worker as err:
                    raise SimBackendError(
                        f"chunk {k} killed every Dask worker that ran it: {err}"
                    ) from None
                future.release()
                if pending:
                    submit()
                yield k, result
        finally:
            if running:
                client.cancel(list(running))
