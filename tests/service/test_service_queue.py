"""The queue's fairness: groups take turns by the work they were given, measured."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable

import pytest

from pokerforge.service.queue import Scheduler

# Sleeps stand in for work of known lengths (run alone: a busy machine stretches them).
pytestmark = pytest.mark.serial


def _order(work: dict[str, tuple[float, float, int]]) -> list[str]:
    """Runs each group's requests (estimate, real seconds, count) on one thread, all
    queued at once; answers the groups in the order their requests ran."""
    ran: list[str] = []

    async def main() -> None:
        queue = Scheduler(workers=1, cheap_cost=0, max_wait=1e9, max_client_wait=1e9)

        def job(group: str, seconds: float) -> object:
            def run(_: object) -> None:
                time.sleep(seconds)
                ran.append(group)

            return run

        # The lane's thread is busy with a first request while the others queue.
        first = queue.enqueue(("warm", "warm"), 0.001, job("warm", 0.05))
        futures = [first]
        for group, (estimate, seconds, count) in work.items():
            futures += [
                queue.enqueue((group, group), estimate, job(group, seconds)) for _ in range(count)
            ]
        await asyncio.gather(*futures)
        queue.close()

    asyncio.run(main())
    return [group for group in ran if group != "warm"]


def test_work_is_charged_at_its_measured_time_not_its_estimate() -> None:
    # Both say 1 ms; "heavy" really takes 60 ms. Turn by turn the two would alternate;
    # charged by what they took, "light" runs many requests for each of "heavy"'s.
    order = _order({"heavy": (0.001, 0.06, 4), "light": (0.001, 0.002, 20)})
    first = order[:12]
    assert first.count("light") >= 9, order


def test_estimates_that_hold_share_turns_evenly() -> None:
    order = _order({"a": (0.01, 0.01, 6), "b": (0.01, 0.01, 6)})
    assert abs(order[:8].count("a") - 4) <= 1, order


def test_a_group_with_nothing_running_starts_on_a_spare_thread_and_spares_are_bounded() -> None:
    # One lane thread, one spare. "a" holds the thread with long work; "b"'s first request
    # starts beside it at once; "c", a third group, waits: the one spare is taken.
    release = {name: threading.Event() for name in ("a", "b")}
    started: list[str] = []

    def job(group: str) -> Callable[[object], None]:
        def run(_: object) -> None:
            started.append(group)
            if group in release:
                assert release[group].wait(10)

        return run

    async def main() -> None:
        queue = Scheduler(workers=1, cheap_cost=0, max_wait=1e9, max_client_wait=1e9, spare=1)
        a = [queue.enqueue(("a", "a"), 1.0, job("a")) for _ in range(2)]
        await asyncio.sleep(0.2)
        b = queue.enqueue(("b", "b"), 1.0, job("b"))
        c = queue.enqueue(("c", "c"), 0.001, job("c"))
        await asyncio.sleep(0.3)
        assert started == ["a", "b"]
        # "b" done: the spare takes "c" ("a" still holds the lane's thread).
        release["b"].set()
        await asyncio.wait_for(asyncio.gather(b, c), 5)
        assert started == ["a", "b", "c"]
        release["a"].set()
        await asyncio.wait_for(asyncio.gather(*a), 5)
        queue.close()
        assert not queue.main.spares

    asyncio.run(main())


def test_without_spares_a_new_group_waits_for_the_busy_thread() -> None:
    release = threading.Event()
    started: list[str] = []

    def job(group: str) -> Callable[[object], None]:
        def run(_: object) -> None:
            started.append(group)
            if group == "a":
                assert release.wait(10)

        return run

    async def main() -> None:
        queue = Scheduler(workers=1, cheap_cost=0, max_wait=1e9, max_client_wait=1e9)
        a = queue.enqueue(("a", "a"), 1.0, job("a"))
        await asyncio.sleep(0.2)
        b = queue.enqueue(("b", "b"), 1.0, job("b"))
        await asyncio.sleep(0.3)
        assert started == ["a"]
        release.set()
        await asyncio.wait_for(asyncio.gather(a, b), 5)
        queue.close()
        assert started == ["a", "b"]

    asyncio.run(main())
