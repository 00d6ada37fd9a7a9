"""Speed of reading real hand histories: parse and replay of HandHQ hands, beside pokerkit.

Not part of the normal test run. Run:

    .venv/bin/pip install -e '.[bench]'
    .venv/bin/pytest benches/test_history_speed.py --benchmark-only -q

Both libraries read the same 40 hands of the public PHH dataset's HandHQ sample
(tests/data/phh, dollars and cents, mostly unknown hole cards) from text and replay every
action to the end of the hand; pokerforge also checks each hand's recorded winnings. The
summary gives hands per second on one core.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from pokerforge.game.phh import loads_phh
from pokerforge.histories import Stats, read_phhs
from pokerforge.histories.phhs import _tables

pytest.importorskip("pytest_benchmark")

Measure = Callable[[Any, Callable[[], object], int], object]

SAMPLE = Path(__file__).parents[1] / "tests" / "data" / "phh" / "handhq_abs_100nlh.phhs"
LINES = SAMPLE.read_text(encoding="utf-8").splitlines(keepends=True)
# The sample without its one hand whose record disagrees with its actions.
CHUNKS = [c for name, _, c in _tables(LINES) if name != "25"]
GOOD = [line for chunk in CHUNKS for line in ["[h]\n", *chunk]]
HANDS = len(CHUNKS)
TEXTS = ["".join(chunk) for chunk in CHUNKS]  # each hand alone, as a .phh file holds it
IPN = SAMPLE.with_name("handhq_ipn_100nlh.phhs").read_text(encoding="utf-8")
IPN_HANDS = IPN.count("\n[") + 1


def pokerforge_read() -> int:
    return sum(1 for _ in read_phhs(GOOD))


def pokerkit_read() -> int:
    from pokerkit import HandHistory  # noqa: PLC0415

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the dataset's extra fields
        for chunk in CHUNKS:
            for _ in HandHistory.loads("".join(chunk)):
                pass
    return HANDS


@pytest.mark.benchmark(group="HandHQ parse and replay")
def test_pokerforge_parse_and_replay(benchmark: Any, measure: Measure) -> None:
    """pokerforge: stream the hands, replay each through the engine, check the record."""
    assert pokerforge_read() == HANDS
    measure(benchmark, pokerforge_read, HANDS)


@pytest.mark.benchmark(group="HandHQ parse and replay")
def test_pokerkit_parse_and_replay(benchmark: Any, measure: Measure) -> None:
    """pokerkit: ``HandHistory.loads`` and every state of the replay."""
    pytest.importorskip("pokerkit")
    measure(benchmark, pokerkit_read, HANDS)


@pytest.mark.benchmark(group="HandHQ parse and replay")
def test_pokerforge_loads_phh_one_by_one(benchmark: Any, measure: Measure) -> None:
    """pokerforge: ``loads_phh`` on each hand's text alone (a ``.phh`` file each)."""
    measure(benchmark, lambda: [loads_phh(text) for text in TEXTS], HANDS)


@pytest.mark.benchmark(group="HandHQ parse and replay")
def test_pokerforge_ipoker_unknown_stacks(benchmark: Any, measure: Measure) -> None:
    """pokerforge: the iPoker sample (stacks ``inf``, no winnings) streamed and replayed."""
    lines = IPN.splitlines(keepends=True)
    assert sum(1 for _ in read_phhs(lines)) == IPN_HANDS
    measure(benchmark, lambda: sum(1 for _ in read_phhs(lines)), IPN_HANDS)


@pytest.mark.benchmark(group="HandHQ statistics")
def test_pokerforge_statistics(benchmark: Any, measure: Measure) -> None:
    """pokerforge: parse, replay and gather every player's statistics."""
    measure(benchmark, lambda: Stats().update(read_phhs(GOOD)), HANDS)
