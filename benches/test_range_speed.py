"""Speed of range against range and of the heads-up table, side by side with pokerfast.

Not part of the normal test run. Run:

    .venv/bin/pip install -e '.[bench]'
    .venv/bin/pytest benches/test_range_speed.py --benchmark-only -q

Jobs: one hand against one hand pre-flop (the heads-up table: per call from Python), the
226-combo range ``22+,A2s+,K9s+,QTs+,JTs,ATo+,KJo+`` against itself pre-flop, on the flop
2c7d9h and on the turn 2c7d9hTs, ``QQ+,AKs`` against ``JJ-99,AQs+`` pre-flop, the same
with the hand-by-hand breakdown, and the 169 x 169 class matrix. Every call is exact. The
peer is pokerfast (OMPEval), whose ``equity`` takes OMPEval range strings; its answer is
checked against pokerforge's before it is timed (OMPEval reads spans such as ``JJ-99``
its own way, so it is given the same ranges class by class). The summary's "hands" column is calls
per second here. Speed is reported, never asserted.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from pokerforge import EquityResult, equity, preflop_matrix

pytest.importorskip("pytest_benchmark")

Measure = Callable[[Any, Callable[[], object], int], object]

WIDE = "22+,A2s+,K9s+,QTs+,JTs,ATo+,KJo+"
JOBS: dict[str, tuple[list[str], str]] = {
    "hand vs hand pre-flop": (["AhKh", "QsQd"], ""),
    "226 vs 226 pre-flop": ([WIDE, WIDE], ""),
    "226 vs 226 flop": ([WIDE, WIDE], "2c7d9h"),
    "226 vs 226 turn": ([WIDE, WIDE], "2c7d9hTs"),
    "QQ+ vs JJ-99 pre-flop": (["QQ+,AKs", "JJ-99,AQs+"], ""),
}


# OMPEval reads spans such as "JJ-99" differently: the same ranges, class by class.
_PAIRS = ",".join(r * 2 for r in "23456789TJQKA")
OMPEVAL = {
    WIDE: _PAIRS
    + ",A2s,A3s,A4s,A5s,A6s,A7s,A8s,A9s,ATs,AJs,AQs,AKs,K9s,KTs,KJs,KQs,QTs,QJs,JTs"
    + ",ATo,AJo,AQo,AKo,KJo,KQo",
    "QQ+,AKs": "QQ,KK,AA,AKs",
    "JJ-99,AQs+": "JJ,TT,99,AQs,AKs",
}


def shares(result: EquityResult) -> list[float]:
    return [p.equity for p in result.players]


@pytest.mark.benchmark(min_rounds=3)
@pytest.mark.parametrize("job", JOBS)
@pytest.mark.parametrize("threads", [1, None], ids=["threads=1", "threads=default"])
def test_pokerforge(benchmark: Any, measure: Measure, job: str, threads: int | None) -> None:
    players, board = JOBS[job]
    benchmark.group = job
    assert equity(players, board, method="exact", threads=threads).exact
    measure(benchmark, lambda: equity(players, board, method="exact", threads=threads), 1)


@pytest.mark.benchmark(group="QQ+ vs JJ-99 by hand", min_rounds=3)
def test_pokerforge_by_hand(benchmark: Any, measure: Measure) -> None:
    players, board = JOBS["QQ+ vs JJ-99 pre-flop"]
    result = equity(players, board, by_hand=True)
    assert result.players[0].by_hand is not None
    measure(benchmark, lambda: equity(players, board, by_hand=True), 1)


@pytest.mark.benchmark(group="preflop matrix", min_rounds=3)
def test_pokerforge_preflop_matrix(benchmark: Any, measure: Measure) -> None:
    assert preflop_matrix().shape == (169, 169)
    measure(benchmark, preflop_matrix, 1)


@pytest.mark.benchmark(min_rounds=1, warmup=False)
@pytest.mark.parametrize("job", JOBS)
@pytest.mark.parametrize("threads", [1, 0], ids=["threads=1", "threads=all"])
def test_pokerfast(benchmark: Any, measure: Measure, job: str, threads: int) -> None:
    module = pytest.importorskip("pokerfast.equity")
    if not module.available():
        pytest.skip("pokerfast is installed without its OMPEval library")
    players, board = JOBS[job]
    benchmark.group = job

    texts = [OMPEVAL.get(p, p) for p in players]

    def run() -> list[float]:
        return list(module.equity(texts, board=board, threads=threads))

    theirs, ours = run(), shares(equity(players, board, method="exact"))
    if any(abs(a - b) > 1e-3 for a, b in zip(theirs, ours, strict=True)):
        pytest.skip(f"pokerfast answers {theirs}, pokerforge {ours}: not the same job")
    measure(benchmark, run, 1)
