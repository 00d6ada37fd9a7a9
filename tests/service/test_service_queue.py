"""The queue's fairness: groups take turns by the work they were given, measured."""

from __future__ import annotations

import asyncio
import time

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
