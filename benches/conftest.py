"""Shared set-up for the pytest-benchmark suites: fixed hands and a hands/s summary.

pytest-benchmark reports seconds per call; each benchmark here ranks a known number of
hands per call, so the summary at the end of the run divides that out into hands per
second, the figure worth comparing across libraries: from the median call, and from the
fastest call (the better guide on a machine that is busy with other work).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest

SCALAR_HANDS = 1_000
BATCH_HANDS = 1_000_000


@dataclass(frozen=True)
class Throughput:
    """One benchmark's figure: ``hands`` ranked per call in ``median_s`` (``min_s``) seconds."""

    group: str
    name: str
    hands: int
    median_s: float
    min_s: float

    @property
    def hands_per_s(self) -> float:
        return self.hands / self.median_s

    @property
    def best_hands_per_s(self) -> float:
        return self.hands / self.min_s


RESULTS: list[Throughput] = []


def random_hands(n: int, k: int, seed: int) -> npt.NDArray[np.uint8]:
    """``n`` seeded random hands of ``k`` distinct card indices, as ``uint8[n, k]``."""
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((n, 52)), axis=1)[:, :k].astype(np.uint8)


@pytest.fixture(scope="session")
def seven_card_hands() -> list[tuple[int, ...]]:
    """The hands every scalar benchmark ranks, the same for every library."""
    return [tuple(int(c) for c in row) for row in random_hands(SCALAR_HANDS, 7, seed=2024)]


@pytest.fixture(scope="session")
def seven_card_batch() -> npt.NDArray[np.uint8]:
    """A ``uint8[1_000_000, 7]`` batch of random hands."""
    return random_hands(BATCH_HANDS, 7, seed=2025)


Measure = Callable[..., object]
ROUNDS_WITH_SETUP = 7


@pytest.fixture
def measure(request: pytest.FixtureRequest) -> Measure:
    """Runs ``benchmark(fn)`` and records how many hands one call of ``fn`` ranks.

    With ``setup`` (a function returning the argument ``fn`` takes), every round calls
    ``fn(setup())`` and times only ``fn``: for benchmarks whose state must be fresh each
    round but whose building is not what they measure.
    """

    def run(
        benchmark: Any,
        fn: Callable[..., object],
        hands: int,
        setup: Callable[[], object] | None = None,
    ) -> object:
        if setup is None:
            result = benchmark(fn)
        else:
            result = benchmark.pedantic(
                fn, setup=lambda: ((setup(),), {}), rounds=ROUNDS_WITH_SETUP
            )
        benchmark.extra_info["hands_per_call"] = hands
        stats = getattr(getattr(benchmark, "stats", None), "stats", None)
        if stats is not None:
            group = benchmark.group or ""
            figure = Throughput(group, request.node.name, hands, stats.median, stats.min)
            benchmark.extra_info["hands_per_s"] = figure.hands_per_s
            RESULTS.append(figure)
        return result

    return run


def per_second(rate: float) -> str:
    """A rate with an SI suffix, e.g. ``'25.4 k'`` or ``'122.8 M'``.

    Examples:
        >>> per_second(25_400.0), per_second(122_800_000.0), per_second(12.5)
        ('25.4 k', '122.8 M', '12.5  ')
    """
    for scale, suffix in ((1e9, "G"), (1e6, "M"), (1e3, "k")):
        if rate >= scale:
            return f"{rate / scale:.1f} {suffix}"
    return f"{rate:.1f}  "


def pytest_terminal_summary(terminalreporter: Any) -> None:
    if not RESULTS:
        return
    terminalreporter.section("items (hands, deals, requests) per second")
    width = max(len(r.name) for r in RESULTS)
    terminalreporter.write_line(f"{'group':<14} {'benchmark':<{width}} {'median':>9} {'best':>9}")
    for r in sorted(RESULTS, key=lambda r: (r.group, -r.hands_per_s)):
        terminalreporter.write_line(
            f"{r.group:<14} {r.name:<{width}} "
            f"{per_second(r.hands_per_s):>9} {per_second(r.best_hands_per_s):>9}"
        )
