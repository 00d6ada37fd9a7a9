"""The service's work queue: bounded by expected wait, fair between clients, cancellable.

Every request comes with its estimated cost (seconds of work on one thread, from the
core's plan). Work runs on two lanes of threads: a *cheap* lane for requests estimated
under ``cheap_cost`` seconds, so a quick question never waits behind minutes of someone
else's Monte Carlo, and the main lane for the rest.

Fairness is by *groups* of clients, a client being ``(group, member)``: the app makes the
group a network (an address's /24 or /64) or a configured API key, and the member an
address or an unverified key within it, so that many keys or many addresses of one
network share one group's turn. Each group has a virtual clock of the work it was given:
a lane takes its next request from the waiting group whose clock is least (the members
of a group take turns), charges the request's estimate when it starts, and corrects the
charge by the measured time when it ends, so a group whose requests cost more than their
estimates waits longer for its next turn. A group coming back after a pause starts at
the lane's clock, never with banked credit.

Admission is by expected wait, not by count: a request is refused with 503 when the work
queued ahead of it in its lane would take more than ``max_wait`` seconds, and with 429
when its own group's queued work alone would (``max_client_wait``); both say when to
retry. Queued work is counted at its estimates times the lane's measured ratio of real to
estimated time (a running mean, at least 1), so the bounds hold when estimates run low.
Turns are not preemptive: a lane's threads may all be busy with one group's long requests
when another group's first request comes. So that it need not wait for them to end, a lane
may have *spare* threads: a request of a group with nothing running, finding every thread
busy, starts at once on a spare thread (the cores are then shared by the operating system;
at most ``spare`` such requests run at a time, so many identities cannot multiply the
threads). A request whose client disconnects is dropped from the queue, or stopped in the
core if it is running. On shutdown, `Scheduler.drain()` answers everything still
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
import heapq
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


Client = tuple[str, str]
"""Who a request counts against: ``(group, member)`` (see the module's description)."""


@dataclass(eq=False)
class _Task:
    client: Client
    cost: float
    work: Callable[[Cancel], Any]
    future: asyncio.Future[Any]
    loop: asyncio.AbstractEventLoop
    context: contextvars.Context
    cancel: Cancel = field(default_factory=Cancel)
    started: float | None = None


class _Group:
    """One group's queues (a deque per member, taking turns) and its virtual clock."""

    __slots__ = ("members", "queued_cost", "running", "vtime")

    def __init__(self, vtime: float) -> None:
        self.members: OrderedDict[str, deque[_Task]] = OrderedDict()
        self.vtime = vtime
        self.queued_cost = 0.0
        self.running = 0


#: The ratio of measured to estimated time is learnt from requests estimated above this
#: (shorter ones are mostly overhead, not the core's work).
_RATIO_FLOOR = 0.005
#: How much each finished request moves the lane's ratio, and its bounds.
_RATIO_WEIGHT = 0.1
_RATIO_MAX = 4.0


class _Lane:
    """Threads and per-group queues for one class of work.

    The lane's threads take their next task themselves as soon as they finish one, so a
    busy lane costs no thread wake-up per request (a thread pool would be woken, and would
    wake the event loop, once per task). Everything below is read and changed under
    ``lock``: by the event loop (queueing, cancelling) and by the threads (taking work).
    """

    def __init__(
        self, name: str, workers: int, on_work: Callable[[float], None], spare: int = 0
    ) -> None:
        self.name = name
        self.workers = workers
        self.spare = spare
        #: Threads waiting for work, and spare threads running.
        self.idle = 0
        self.spares: set[threading.Thread] = set()
        self.on_work = on_work
        self.lock = threading.Lock()
        self.ready = threading.Condition(self.lock)
        self.groups: dict[str, _Group] = {}
        # (virtual time, sequence, group) of each waiting group; entries whose time is no
        # longer the group's are stale and skipped.
        self.heap: list[tuple[float, int, str]] = []
        self.sequence = 0
        self.clock = 0.0
        self.running: set[_Task] = set()
        self.queued = 0
        self.queued_cost = 0.0
        #: Measured over estimated seconds, a running mean over finished requests (>= 1).
        self.ratio = 1.0
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
        running = sum(
            max(0.0, t.cost * self.ratio - (now - (t.started or now))) for t in self.running
        )
        return (self.queued_cost * self.ratio + running) / self.workers

    def group_cost(self, group: str) -> float:
        """Estimated seconds of ``group``'s queued work."""
        with self.lock:
            found = self.groups.get(group)
            return found.queued_cost if found is not None else 0.0

    def push(self, task: _Task, *, max_wait: float, max_client_wait: float) -> None:
        """Queues ``task``, unless the work queued ahead of it, or its group's own queued
        work, is more than the lane takes.

        Raises:
            BusyError: 503 when the lane's queue is too long, 429 when the group's is.
        """
        cost = task.cost * self.ratio
        name, member = task.client
        with self.lock:
            wait = self._expected_wait()
            if wait + cost / self.workers > max_wait and (self.running or self.queued):
                raise BusyError(503, wait - max_wait + cost, "the server is busy; try again")
            group = self.groups.get(name)
            mine = group.queued_cost * self.ratio / self.workers if group is not None else 0.0
            if mine + cost / self.workers > max_client_wait and mine > 0:
                message = "too much of this client's work is waiting; try again"
                raise BusyError(429, mine, message)
            if not self.threads:
                for i in range(self.workers):
                    thread_name = f"pokerforge-{self.name}_{i}"
                    thread = threading.Thread(target=self._serve, name=thread_name, daemon=True)
                    thread.start()
                    self.threads.append(thread)
            if group is None:
                group = self.groups[name] = _Group(self.clock)
            if not group.members:
                # Back after a pause: no credit banked while away.
                group.vtime = max(group.vtime, self.clock)
                self._schedule(name, group)
            group.members.setdefault(member, deque()).append(task)
            group.queued_cost += task.cost
            self.queued += 1
            self.queued_cost += task.cost
            # Wakes a thread only if one is waiting: none is while the lane is busy.
            self.ready.notify()
            busy = not self.idle and len(self.running) >= self.workers
            if busy and not group.running and len(self.spares) < self.spare:
                # Every thread is busy, none with this group's work: a spare one runs it.
                spare = threading.Thread(
                    target=self._spare, name=f"pokerforge-{self.name}_spare", daemon=True
                )
                self.spares.add(spare)
                spare.start()

    def _schedule(self, name: str, group: _Group) -> None:
        self.sequence += 1
        heapq.heappush(self.heap, (group.vtime, self.sequence, name))

    def _forget(self, name: str, group: _Group, task: _Task) -> None:
        self.queued -= 1
        self.queued_cost = max(0.0, self.queued_cost - task.cost)
        group.queued_cost = max(0.0, group.queued_cost - task.cost)
        self._prune(name, group)

    def _prune(self, name: str, group: _Group) -> None:
        # A group with nothing queued or running and no debt is forgotten.
        if not group.members and not group.running and group.vtime <= self.clock:
            self.groups.pop(name, None)

    def remove(self, task: _Task) -> bool:
        """Takes a queued task out; whether it was queued."""
        name, member = task.client
        with self.lock:
            group = self.groups.get(name)
            queue = group.members.get(member) if group is not None else None
            if group is None or queue is None or task not in queue:
                return False
            queue.remove(task)
            if not queue:
                del group.members[member]
            self._forget(name, group, task)
            return True

    def pop(self, *, idle_groups: bool = False) -> _Task | None:
        """The next task: from the waiting group with the least virtual time, its members
        taking turns; with ``idle_groups``, only from groups with nothing running (call
        with ``lock`` held)."""
        passed: list[tuple[float, int, str]] = []
        try:
            return self._pop(passed, idle_groups)
        finally:
            for entry in passed:
                heapq.heappush(self.heap, entry)

    def _pop(self, passed: list[tuple[float, int, str]], idle_groups: bool) -> _Task | None:
        while self.heap:
            entry = heapq.heappop(self.heap)
            vtime, _, name = entry
            group = self.groups.get(name)
            if group is None or not group.members or group.vtime != vtime:
                continue  # stale: the group emptied, or its clock moved since
            if idle_groups and group.running:
                passed.append(entry)
                continue
            member, queue = next(iter(group.members.items()))
            task = queue.popleft()
            if queue:
                group.members.move_to_end(member)
            else:
                del group.members[member]
            self.clock = max(self.clock, vtime)
            group.vtime += task.cost
            group.running += 1
            if group.members:
                self._schedule(name, group)
            self._forget(name, group, task)
            return task
        return None

    def _finished(self, task: _Task, seconds: float) -> None:
        """Charges the measured time in place of the estimate (call with ``lock`` held)."""
        name = task.client[0]
        group = self.groups.get(name)
        if task.cost > _RATIO_FLOOR:
            seen = min(_RATIO_MAX, max(0.25, seconds / task.cost))
            self.ratio = max(1.0, (1 - _RATIO_WEIGHT) * self.ratio + _RATIO_WEIGHT * seen)
        if group is None:
            return
        group.running -= 1
        if seconds != task.cost:
            group.vtime += seconds - task.cost
            if group.members:
                self._schedule(name, group)
        self._prune(name, group)

    def take_all(self) -> list[_Task]:
        """Empties the queue; returns what it held."""
        with self.lock:
            tasks = []
            while (task := self.pop()) is not None:
                tasks.append(task)
                self._finished(task, task.cost)
            return tasks

    def _serve(self) -> None:
        """A thread of the lane: runs the next task until the lane closes."""
        while True:
            with self.lock:
                while not self.queued and not self.closing:
                    self.idle += 1
                    self.ready.wait()
                    self.idle -= 1
                task = self.pop()
                if task is None:
                    return  # closing, and nothing is left
                self._start(task)
            self._run(task)

    def _spare(self) -> None:
        """A spare thread: runs tasks of groups with nothing running while the lane's
        threads are all busy (a lane thread may take them meanwhile), then ends."""
        while True:
            with self.lock:
                task = None
                if not self.idle and not self.closing:
                    task = self.pop(idle_groups=True)
                if task is None:
                    self.spares.discard(threading.current_thread())
                    return
                self._start(task)
            self._run(task)

    def _start(self, task: _Task) -> None:
        # With the lock held.
        task.started = time.monotonic()
        self.running.add(task)

    def _run(self, task: _Task) -> None:
        """Runs a started task, charges its time and answers its caller."""
        self.on_depth()
        start = time.perf_counter()
        try:
            result, error = task.context.run(task.work, task.cancel), None
        except BaseException as exc:  # the waiting request raises it; the thread goes on
            result, error = None, exc
        seconds = time.perf_counter() - start
        self.on_work(seconds)
        with self.lock:
            self.running.discard(task)
            self._finished(task, seconds)
        # RuntimeError: the event loop has closed, and nobody waits for the answer.
        with contextlib.suppress(RuntimeError):
            task.loop.call_soon_threadsafe(_settle, task.future, result, error)

    def close(self) -> None:
        """Stops the threads once the running work is done."""
        with self.lock:
            self.closing = True
            self.ready.notify_all()
            spares = list(self.spares)
        for thread in self.threads + spares:
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
        spare: Spare threads of the main lane, for the first request of a group with
            nothing running when every thread is busy (0: it waits its turn).
    """

    def __init__(
        self,
        *,
        workers: int,
        cheap_cost: float,
        max_wait: float,
        max_client_wait: float,
        spare: int = 0,
    ) -> None:
        self.main = _Lane("equity", workers, self._worked, spare)
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

    async def submit(self, client: Client | str, cost: float, work: Callable[[Cancel], Any]) -> Any:
        """Runs ``work(cancel)`` on a thread once its turn comes; returns what it returns.

        Raises:
            BusyError: 503 when the lane's queue is too long (or the server is stopping), 429
                when this client's own queue is.
        """
        return await self.enqueue(client, cost, work)

    def enqueue(
        self, client: Client | str, cost: float, work: Callable[[Cancel], Any]
    ) -> asyncio.Future[Any]:
        """Queues ``work(cancel)`` for ``client`` (``(group, member)``; a plain name is a
        group of its own); returns the future of what it returns. Cancelling the future
        (the client went away) drops the work from the queue, or stops it in the core if
        it is running.

        Raises:
            BusyError: as `submit()`, at once.
        """
        if self.draining:
            raise BusyError(503, 2, "the server is restarting; try again")
        lane = self._lane(cost)
        loop = asyncio.get_running_loop()
        who = (client, client) if isinstance(client, str) else client
        task = _Task(who, cost, work, loop.create_future(), loop, contextvars.copy_context())
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
