"""The service's work queue: bounded by expected wait, fair between clients, cancellable.

Every request comes with its estimated cost (seconds of work on one thread, from the
core's plan). Work runs on two lanes of threads: a *cheap* lane for requests estimated
under ``cheap_cost`` seconds, so a quick question never waits behind minutes of someone
else's Monte Carlo, and the main lane for the rest. In each lane every client (address, or
API key) has its own queue and the lanes take one request from each waiting client in
turn, so one client's burst delays others by at most one request each.

Admission is by expected wait, not by count: a request is refused with 503 when the work
queued ahead of it in its lane would take more than ``max_wait`` seconds, and with 429
when its own client's queued work alone would (``max_client_wait``); both say when to
retry. A request whose client disconnects is dropped from the queue, or stopped in the
core if it is running. On shutdown, :meth:`Scheduler.drain` answers everything still
queued with 503 and lets the running work finish (it is bounded by the time limit).

Examples:
    >>> import asyncio
    >>> async def demo() -> tuple[int, int]:
    ...     queue = Scheduler(workers=1, cheap_cost=0.01, max_wait=1.0, max_client_wait=1.0)
    ...     answer = await queue.submit("client", 0.001, lambda cancel: 6 * 7)
    ...     queue.close()
    ...     return answer, queue.depth()
    >>> asyncio.run(demo())
    (42, 0)
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import functools
import math
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from pokerforge._core import Cancel

__all__ = ["BusyError", "ClientGoneError", "Scheduler"]


class BusyError(Exception):
    """The server cannot take the request now: ``status`` 503 or 429, and when to retry."""

    def __init__(self, status: int, retry_after: float, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.retry_after = max(1, math.ceil(retry_after))
        self.message = message


class ClientGoneError(Exception):
    """The client disconnected before its answer was ready (its work was dropped from the
    queue, or stopped)."""


@dataclass(eq=False)
class _Task:
    client: str
    cost: float
    work: Callable[[Cancel], Any]
    future: asyncio.Future[Any]
    loop: asyncio.AbstractEventLoop
    context: contextvars.Context
    cancel: Cancel = field(default_factory=Cancel)
    started: float | None = None


class _Lane:
    """Threads and per-client queues for one class of work.

    The lane's threads take their next task themselves as soon as they finish one, so a
    busy lane costs no thread wake-up per request (a thread pool would be woken, and would
    wake the event loop, once per task). Everything below is read and changed under
    ``lock``: by the event loop (queueing, cancelling) and by the threads (taking work).
    """

    def __init__(self, name: str, workers: int, on_work: Callable[[float], None]) -> None:
        self.name = name
        self.workers = workers
        self.on_work = on_work
        self.lock = threading.Lock()
        self.ready = threading.Condition(self.lock)
        self.queues: OrderedDict[str, deque[_Task]] = OrderedDict()
        self.running: set[_Task] = set()
        self.queued = 0
        self.queued_cost = 0.0
        self.client_cost: dict[str, float] = {}
        self.closing = False
        self.on_depth: Callable[[], None] = lambda: None
        # Started with the first task, so an app that never serves holds no threads.
        self.threads: list[threading.Thread] = []

    def depth(self) -> int:
        return self.queued

    def expected_wait(self) -> float:
        """Seconds until a request queued now would start, if estimates hold."""
        with self.lock:
            return self._expected_wait()

    def _expected_wait(self) -> float:
        # With the lock held: the lane's threads change what is running.
        now = time.monotonic()
        running = sum(max(0.0, t.cost - (now - (t.started or now))) for t in self.running)
        return (self.queued_cost + running) / self.workers

    def push(self, task: _Task, *, max_wait: float, max_client_wait: float) -> None:
        """Queues ``task``, unless the work queued ahead of it, or its client's own queued
        work, is more than the lane takes.

        Raises:
            BusyError: 503 when the lane's queue is too long, 429 when the client's is.
        """
        cost, client = task.cost, task.client
        with self.lock:
            wait = self._expected_wait()
            if wait + cost / self.workers > max_wait and (self.running or self.queues):
                raise BusyError(503, wait - max_wait + cost, "the server is busy; try again")
            mine = self.client_cost.get(client, 0.0) / self.workers
            if mine + cost / self.workers > max_client_wait and client in self.queues:
                message = "too much of this client's work is waiting; try again"
                raise BusyError(429, mine, message)
            if not self.threads:
                for i in range(self.workers):
                    name = f"pokerforge-{self.name}_{i}"
                    thread = threading.Thread(target=self._serve, name=name, daemon=True)
                    thread.start()
                    self.threads.append(thread)
            self.queues.setdefault(task.client, deque()).append(task)
            self.queued += 1
            self.queued_cost += task.cost
            self.client_cost[task.client] = self.client_cost.get(task.client, 0.0) + task.cost
            # Wakes a thread only if one is waiting: none is while the lane is busy.
            self.ready.notify()

    def _forget(self, task: _Task) -> None:
        self.queued -= 1
        self.queued_cost = max(0.0, self.queued_cost - task.cost)
        left = self.client_cost.get(task.client, 0.0) - task.cost
        if left > 1e-12:
            self.client_cost[task.client] = left
        else:
            self.client_cost.pop(task.client, None)

    def remove(self, task: _Task) -> bool:
        """Takes a queued task out; whether it was queued."""
        with self.lock:
            queue = self.queues.get(task.client)
            if queue is None or task not in queue:
                return False
            queue.remove(task)
            if not queue:
                del self.queues[task.client]
            self._forget(task)
            return True

    def pop(self) -> _Task | None:
        """The next task: the first waiting client's oldest, that client moved to the back
        (call with ``lock`` held)."""
        if not self.queues:
            return None
        client, queue = next(iter(self.queues.items()))
        task = queue.popleft()
        if queue:
            self.queues.move_to_end(client)
        else:
            del self.queues[client]
        self._forget(task)
        return task

    def take_all(self) -> list[_Task]:
        """Empties the queue; returns what it held."""
        with self.lock:
            tasks = []
            while (task := self.pop()) is not None:
                tasks.append(task)
            return tasks

    def _serve(self) -> None:
        """A thread of the lane: runs the next task until the lane closes."""
        while True:
            with self.lock:
                while not self.queues and not self.closing:
                    self.ready.wait()
                task = self.pop()
                if task is None:
                    return  # closing, and nothing is left
                task.started = time.monotonic()
                self.running.add(task)
            self.on_depth()
            start = time.perf_counter()
            try:
                result, error = task.context.run(task.work, task.cancel), None
            except BaseException as exc:  # the waiting request raises it; the thread goes on
                result, error = None, exc
            self.on_work(time.perf_counter() - start)
            with self.lock:
                self.running.discard(task)
            # RuntimeError: the event loop has closed, and nobody waits for the answer.
            with contextlib.suppress(RuntimeError):
                task.loop.call_soon_threadsafe(_settle, task.future, result, error)

    def close(self) -> None:
        """Stops the threads once the running work is done."""
        with self.lock:
            self.closing = True
            self.ready.notify_all()
        for thread in self.threads:
            thread.join()


def _settle(future: asyncio.Future[Any], result: Any, error: BaseException | None) -> None:
    if future.done():
        return  # the request was cancelled meanwhile
    if error is not None:
        future.set_exception(error)
    else:
        future.set_result(result)


class Scheduler:
    """Runs work on the lanes' threads fairly and within a bounded wait.

    Args:
        workers: Threads of the main lane.
        cheap_cost: Requests estimated at most this many seconds take the cheap lane
            (as many threads as the main one); 0 sends everything to the main lane.
        max_wait: The most seconds of queued work a lane accepts ahead of a request.
        max_client_wait: The most seconds of queued work one client may have in a lane.
    """

    def __init__(
        self, *, workers: int, cheap_cost: float, max_wait: float, max_client_wait: float
    ) -> None:
        self.main = _Lane("equity", workers, self._worked)
        # As many threads as the main lane: cheap work is short, so the two lanes share
        # the cores by turns of milliseconds.
        self.cheap = _Lane("cheap", workers, self._worked) if cheap_cost > 0 else None
        for lane in self.lanes():
            lane.on_depth = self._depth_changed
        self.cheap_cost = cheap_cost
        self.max_wait = max_wait
        self.max_client_wait = max_client_wait
        self.draining = False
        #: Called with the seconds of each piece of work done, and with the number of
        #: requests waiting whenever it changes (for the metrics; from any thread).
        self.on_work: Callable[[float], None] | None = None
        self.on_depth: Callable[[int], None] | None = None

    def _worked(self, seconds: float) -> None:
        if self.on_work is not None:
            self.on_work(seconds)

    def _depth_changed(self) -> None:
        if self.on_depth is not None:
            self.on_depth(self.depth())

    def lanes(self) -> list[_Lane]:
        """The lanes, main first."""
        return [self.main] if self.cheap is None else [self.main, self.cheap]

    def depth(self) -> int:
        """Requests waiting, over all lanes."""
        return sum(lane.depth() for lane in self.lanes())

    def _lane(self, cost: float) -> _Lane:
        if self.cheap is not None and cost <= self.cheap_cost:
            return self.cheap
        return self.main

    async def submit(self, client: str, cost: float, work: Callable[[Cancel], Any]) -> Any:
        """Runs ``work(cancel)`` on a thread once its turn comes; returns what it returns.

        Raises:
            BusyError: 503 when the lane's queue is too long (or the server is stopping), 429
                when this client's own queue is.
        """
        return await self.enqueue(client, cost, work)

    def enqueue(
        self, client: str, cost: float, work: Callable[[Cancel], Any]
    ) -> asyncio.Future[Any]:
        """Queues ``work(cancel)``; returns the future of what it returns. Cancelling the
        future (the client went away) drops the work from the queue, or stops it in the
        core if it is running.

        Raises:
            BusyError: as :meth:`submit`, at once.
        """
        if self.draining:
            raise BusyError(503, 2, "the server is restarting; try again")
        lane = self._lane(cost)
        loop = asyncio.get_running_loop()
        task = _Task(client, cost, work, loop.create_future(), loop, contextvars.copy_context())
        lane.push(task, max_wait=self.max_wait, max_client_wait=self.max_client_wait)
        # The answer is set on this loop, later: the callback is in place before.
        task.future.add_done_callback(functools.partial(self._done, lane, task))
        self._depth_changed()
        return task.future

    def _done(self, lane: _Lane, task: _Task, future: asyncio.Future[Any]) -> None:
        if not future.cancelled():
            return
        # The caller is gone (its client disconnected): drop or stop the work.
        if lane.remove(task):
            self._depth_changed()
        else:
            task.cancel.cancel()

    def drain(self) -> int:
        """Stops taking work and answers everything queued with 503; returns how many."""
        self.draining = True
        dropped = 0
        for lane in self.lanes():
            for task in lane.take_all():
                if not task.future.done():
                    busy = BusyError(503, 2, "the server is restarting; try again")
                    task.future.set_exception(busy)
                dropped += 1
        self._depth_changed()
        return dropped

    def close(self) -> None:
        """Stops the threads once the running work is done."""
        for lane in self.lanes():
            lane.close()
