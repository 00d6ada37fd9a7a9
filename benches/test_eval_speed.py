"""Speed of the Hold'em evaluator from Python, side by side with eval7 and phevaluator.

Not part of the normal test run (``testpaths`` lists only ``tests`` and the package). Run:

    .venv/bin/pip install -e '.[bench]'   # or: pip install pytest-benchmark eval7 phevaluator
    .venv/bin/pytest benches/test_eval_speed.py --benchmark-only -q

Every scalar benchmark ranks the same 1,000 random seven-card hands per call, each library
given its own fastest natural input (built before timing); the batch benchmarks rank
1,000,000 rows of ``uint8[N, 7]``. The summary at the end gives hands per second. Peers
that are not installed are skipped. Speed is reported here, never asserted.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest

import pokerforge
from pokerforge import Card, evaluate, evaluate_many

pytest.importorskip("pytest_benchmark")

Measure = Callable[[Any, Callable[[], object], int], object]

TEXT = [str(Card.from_index(i)) for i in range(52)]


# --------------------------------------------------------------------------- pokerforge


INPUT_FORMS: dict[str, Callable[[tuple[int, ...]], object]] = {
    "int mask": lambda hand: sum(1 << c for c in hand),
    "text": lambda hand: "".join(TEXT[c] for c in hand),
    "list of Cards": lambda hand: [Card.from_index(c) for c in hand],
    "tuple of indices": lambda hand: hand,
}


@pytest.mark.benchmark(group="scalar 7-card")
@pytest.mark.parametrize("form", INPUT_FORMS)
def test_pokerforge_evaluate(
    benchmark: Any, measure: Measure, seven_card_hands: list[tuple[int, ...]], form: str
) -> None:
    """``evaluate`` on each input form, built before timing."""
    inputs = [INPUT_FORMS[form](hand) for hand in seven_card_hands]
    for given, hand in zip(inputs[:200], seven_card_hands, strict=False):
        assert evaluate(given) == evaluate(hand)

    def run() -> list[pokerforge.HandRank]:
        return [evaluate(x) for x in inputs]

    measure(benchmark, run, len(inputs))


@pytest.mark.benchmark(group="batch 7-card")
@pytest.mark.parametrize("check", [True, False], ids=["checked", "unchecked"])
@pytest.mark.parametrize("threads", [1, None], ids=["threads=1", "threads=default"])
def test_pokerforge_evaluate_many(
    benchmark: Any,
    measure: Measure,
    seven_card_batch: npt.NDArray[np.uint8],
    threads: int | None,
    check: bool,
) -> None:
    """``evaluate_many`` on ``uint8[1_000_000, 7]``, rows checked or trusted."""

    def run() -> npt.NDArray[np.uint16]:
        return evaluate_many(seven_card_batch, threads=threads, check=check)

    measure(benchmark, run, len(seven_card_batch))


# --------------------------------------------------------------------------- peers


@pytest.mark.benchmark(group="scalar 7-card")
def test_eval7_evaluate(
    benchmark: Any, measure: Measure, seven_card_hands: list[tuple[int, ...]]
) -> None:
    eval7 = pytest.importorskip("eval7")
    hands = [[eval7.Card(TEXT[c]) for c in hand] for hand in seven_card_hands]
    # Same hands, same order of strength: a check that the comparison is fair.
    theirs = [eval7.evaluate(h) for h in hands[:200]]
    ours = [int(evaluate(h)) for h in seven_card_hands[:200]]
    for i in range(199):
        assert (theirs[i] < theirs[i + 1]) == (ours[i] < ours[i + 1])

    def run() -> list[int]:
        return [eval7.evaluate(h) for h in hands]

    measure(benchmark, run, len(hands))


@pytest.mark.benchmark(group="scalar 7-card")
@pytest.mark.parametrize("entry", ["evaluate_cards", "_pheval.evaluate_7cards"])
def test_phevaluator(
    benchmark: Any, measure: Measure, seven_card_hands: list[tuple[int, ...]], entry: str
) -> None:
    """phevaluator's public ``evaluate_cards`` and the C function beneath it."""
    phevaluator = pytest.importorskip("phevaluator")
    if entry == "evaluate_cards":
        fn = phevaluator.evaluate_cards
    else:
        fn = pytest.importorskip("phevaluator._pheval").evaluate_7cards
    # phevaluator numbers cards 4 * rank + suit with suits c, d, h, s, as pokerforge does,
    # and ranks hands 1 (royal flush) to 7462: pokerforge's class is 7463 minus its rank.
    for hand in seven_card_hands[:200]:
        assert 7463 - fn(*hand) == int(evaluate(hand))

    def run() -> list[int]:
        return [fn(*h) for h in seven_card_hands]

    measure(benchmark, run, len(seven_card_hands))


@pytest.mark.benchmark(group="scalar 7-card")
def test_python_loop_baseline(
    benchmark: Any, measure: Measure, seven_card_hands: list[tuple[int, ...]]
) -> None:
    """The cost of the loop itself, with a trivial call per hand: the floor for scalars."""

    def run() -> list[int]:
        return [len(h) for h in seven_card_hands]

    measure(benchmark, run, len(seven_card_hands))


# --------------------------------------------------------------------------- kept results

KEPT_HANDS = 200_000


@pytest.fixture(scope="session")
def kept_hands() -> list[tuple[int, ...]]:
    """200,000 random seven-card hands: enough that keeping every result matters."""
    rows = np.argsort(np.random.default_rng(2026).random((KEPT_HANDS, 52)), axis=1)[:, :7]
    return [tuple(int(c) for c in row) for row in rows]


@pytest.mark.benchmark(group="scalar kept", min_rounds=5)
@pytest.mark.parametrize("entry", ["evaluate", "evaluate_class"])
@pytest.mark.parametrize("form", [*INPUT_FORMS, "CardSet"])
def test_pokerforge_kept(
    benchmark: Any, measure: Measure, kept_hands: list[tuple[int, ...]], form: str, entry: str
) -> None:
    """Every result kept in a list of 200,000, as a program that stores ranks does."""
    fn = getattr(pokerforge, entry)
    if form == "CardSet":
        inputs: list[Any] = [pokerforge.CardSet(list(h)) for h in kept_hands]
    else:
        inputs = [INPUT_FORMS[form](hand) for hand in kept_hands]

    def run() -> list[Any]:
        return [fn(x) for x in inputs]

    measure(benchmark, run, len(inputs))


@pytest.mark.benchmark(group="scalar kept", min_rounds=5)
def test_pkrbot_kept(benchmark: Any, measure: Measure, kept_hands: list[tuple[int, ...]]) -> None:
    """pkrbot's ``evaluate`` on lists of its own card objects, every result kept."""
    pkrbot = pytest.importorskip("pkrbot")
    hands = [[pkrbot.Card(TEXT[c]) for c in hand] for hand in kept_hands]
    ours = [int(evaluate(h)) for h in kept_hands[:200]]
    theirs = [pkrbot.evaluate(h) for h in hands[:200]]
    for i in range(199):
        # Same hands, same order of strength: a check that the comparison is fair.
        assert (theirs[i] < theirs[i + 1]) == (ours[i] < ours[i + 1])

    def run() -> list[int]:
        return [pkrbot.evaluate(h) for h in hands]

    measure(benchmark, run, len(hands))
