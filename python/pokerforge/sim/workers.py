"""A pool of local worker processes that needs no thread in the caller.

The standard library's process pool reads its workers' results in a background thread.
When its workers are stopped on purpose (Ctrl-C) while one of them is halfway through
sending a result, that thread can wait for the rest of the message for ever, and the
interpreter waits for that thread at exit. Here each worker has its own pipe, and the
caller's thread reads them: a worker that dies mid-message leaves a closed pipe, which
reads as the end of that worker, and stopping the pool is terminating and joining its
processes, with nothing left behind to wait for.

Each worker is started (with ``spawn``, so the library's state is never forked) with the
function and its payload, pickled once; after that only chunk numbers go to it and
``(k, ok, result)`` comes back. Workers are stopped by terminating them: by then they are
idle or running chunks that nobody will read.

Examples:
    >>> with WorkerPool(pow, 2, workers=2) as pool:
    ...     sorted(pool.run(range(5)))
    [(0, 1), (1, 2), (2, 4), (3, 8), (4, 16)]
"""

from __future__ import annotations

import multiprocessing
import pickle
import signal
import sys
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from multiprocessing.connection import Connection, wait
from multiprocessing.process import BaseProcess
from types import TracebackType
from typing import Any, Generic, TypeVar

from pokerforge.errors import SimBackendError

__all__ = ["WorkerPool"]

P = TypeVar("P")
R = TypeVar("R")

# Chunks queued at a worker: one running and one waiting, so it never idles while the
# caller handles the result it has just sent.
_QUEUED_PER_WORKER = 2
# A pool whose workers die this many times in a row without finishing a chunk is not
# having a one-off.
_MAX_RESTARTS = 3
# The exit status of a worker that found itself starting workers while it was still
# importing the caller's script (a script without a main guard).
_UNGUARDED = 86
_UNGUARDED_HINT = (
    "the worker processes ran the calling script's top level again, which starts the "
    "simulation again: a script that runs with workers must start it under "
    '`if __name__ == "__main__":` (workers are started with spawn, which imports the '
    "script), or use workers=1"
)


def _importing_main() -> bool:
    """Whether this process is a worker still importing its parent's main script (the
    state in which starting a process of its own is an error)."""
    return bool(getattr(multiprocessing.current_process(), "_inheriting", False))


def _serve(conn: Connection, fn: Callable[[Any, int], Any], payload: Any) -> None:
    # The terminal sends Ctrl-C to the whole process group; the caller decides what stops.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    while True:
        try:
            k = conn.recv()
        except EOFError:  # the caller has gone
            return
        try:
            reply: tuple[int, bool, Any] = (k, True, fn(payload, k))
        except Exception as err:  # the caller raises it, as its own
            reply = (k, False, err)
        try:
            conn.send(reply)
        except Exception as err:  # a result or an exception that does not pickle
            conn.send((k, False, SimBackendError(f"chunk {k} sent back {reply[2]!r}: {err}")))


class _Worker:
    def __init__(self, fn: Callable[[Any, int], Any], payload: Any) -> None:
        context = multiprocessing.get_context("spawn")
        self.conn, theirs = context.Pipe()
        self.process: BaseProcess = context.Process(
            target=_serve, args=(theirs, fn, payload), daemon=True
        )
        self.process.start()
        # Only the worker holds its end now, so its death closes the pipe.
        theirs.close()
        self.chunks: deque[int] = deque()

    def receive(self) -> tuple[int, bool, Any] | None:
        """The next reply if one is waiting; None if none is, or if the worker has died
        (maybe halfway through one)."""
        try:
            if not self.conn.poll():
                return None
            reply: tuple[int, bool, Any] = self.conn.recv()
        except (EOFError, OSError):
            self.conn.close()
            return None
        self.chunks.popleft()
        return reply

    def alive(self) -> bool:
        return not self.conn.closed and self.process.is_alive()

    def stop(self) -> None:
        self.process.terminate()
        self.process.join()
        self.conn.close()  # a second close does nothing


class WorkerPool(Generic[P, R]):
    """``workers`` processes running ``fn(payload, k)``: started by `run()` (again
    after one dies) and stopped (terminated, whatever they are doing) by `stop()`, or
    on leaving ``with``."""

    def __init__(self, fn: Callable[[P, int], R], payload: P, *, workers: int) -> None:
        self.fn = fn
        self.payload = payload
        self.workers = workers
        self._alive: list[_Worker] = []

    def __enter__(self) -> WorkerPool[P, R]:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.stop()

    def stop(self) -> None:
        """Terminates every worker; chunks they were running are abandoned."""
        alive, self._alive = self._alive, []
        for worker in alive:
            worker.stop()

    def run(self, chunks: Iterable[int]) -> Iterator[tuple[int, R]]:
        """Yields ``(k, fn(payload, k))`` for every chunk as it finishes. A chunk whose
        worker dies runs again on a new one; the first chunk that raises stops the run
        with its exception.

        Raises:
            SimBackendError: Workers died more than a few times in a row.
        """
        if _importing_main():
            # A worker of a pool, importing a script that starts this pool at its top
            # level: stop quietly, with a status the parent pool explains.
            sys.exit(_UNGUARDED)
        if not self._alive:
            try:
                pickle.dumps((self.fn, self.payload))
            except Exception as err:
                raise SimBackendError(
                    "what runs in worker processes must pickle (a module-level function, "
                    "or an instance of a module-level class, never a lambda or a function "
                    f"defined inside another), or use workers=1: {err}"
                ) from err
        pending = deque(chunks)
        restarts = 0
        while pending or any(worker.chunks for worker in self._alive):
            while len(self._alive) < self.workers and pending:
                self._alive.append(_Worker(self.fn, self.payload))
            for worker in self._alive:
                while pending and len(worker.chunks) < _QUEUED_PER_WORKER:
                    worker.chunks.append(k := pending.popleft())
                    try:
                        worker.conn.send(k)
                    except OSError:
                        break  # it has died: its sentinel says so below
            owner: dict[object, _Worker] = {}
            for worker in self._alive:
                owner[worker.conn] = owner[worker.process.sentinel] = worker
            for ready in wait(list(owner)):  # type: ignore[arg-type]
                worker = owner[ready]
                if worker not in self._alive:
                    continue  # both its pipe and its sentinel were ready
                while (reply := worker.receive()) is not None:
                    k, ok, result = reply
                    if not ok:
                        raise result
                    restarts = 0
                    yield k, result
                if worker.alive() or worker not in self._alive:
                    continue  # still working, or stopped while the caller held a result
                # A dead worker: its chunks go back to the front, in order, and a new
                # worker is started for them on the next round.
                lost = list(worker.chunks)
                pending.extendleft(reversed(lost))
                self._alive.remove(worker)
                worker.stop()
                if worker.process.exitcode == _UNGUARDED:
                    raise SimBackendError(_UNGUARDED_HINT)
                restarts += 1
                if restarts > _MAX_RESTARTS:
                    raise SimBackendError(
                        f"worker processes died {restarts} times in a row without "
                        f"finishing a chunk (chunks {lost} were running)"
                    )
