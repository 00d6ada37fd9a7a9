"""Speed of ``pokerforge.equity``, side by side with eval7, pokerfast and poker-equity.

Not part of the normal test run (``testpaths`` lists only ``tests`` and the package). Run:

    .venv/bin/pip install -e '.[bench]'   # or: pip install pytest-benchmark eval7 ...
    .venv/bin/pytest benches/test_equity_speed.py --benchmark-only -q

Each group is one job done by every library that can do it: exact heads-up pre-flop
(AhAs vs KdKc, 1,712,304 boards), six known hands pre-flop (658,008 boards), three hands
on a flop (903 runouts), AA against one random hand, Monte Carlo heads-up and six-way, and
PLO8 heads-up pre-flop (1,086,008 boards), and seven-card stud heads-up from third street
(AsAhAd vs KcQc7d, 18,265,297,050 deals counted by card removal; no peer counts it).
Before a peer is timed its answer is checked
against pokerforge's on the same set-up (to 0.1% for exact results, four standard errors
for sampled ones); a peer that is not installed, cannot do the job or disagrees is
skipped with the reason. The summary at the end (from ``conftest.py``) divides out the
deals counted per call: read its "hands" as boards or samples per second. Speed is
reported here, never asserted.

Peers: eval7 (``py_hand_vs_range_monte_carlo``; its ``py_hand_vs_range_exact`` does not
give the right answer pre-flop or on a flop, so it is shown skipped), pokerfast
(``pokerfast.equity.equity``, OMPEval, 1 to 6 players, Hold'em only), poker-equity
(``exact_from_text`` and ``chunk_from_text``).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import pytest

from pokerforge import EquityResult, equity

pytest.importorskip("pytest_benchmark")

Measure = Callable[[Any, Callable[[], object], int], object]

HEADS_UP = ["AhAs", "KdKc"]
HEADS_UP_BOARDS = 1_712_304
SIX = ["AhAs", "KdKc", "QhQs", "JdJc", "Th9h", "8s7s"]
SIX_BOARDS = 658_008
FLOP_HANDS = ["AhKh", "QsQd", "JcTc"]
FLOP = "2h7h9c"
FLOP_RUNOUTS = 903
PLO8 = ["As2s3d4d", "KhKcQhQc"]
PLO8_BOARDS = 1_086_008
STUD = ["AsAhAd", "KcQc7d"]
STUD_DEALS = 163_185 * 111_930  # C(46, 4) * C(42, 4) pairs of completions
MC_SAMPLES = 1_000_000
MC_SIX = ["AhKh", "random", "random", "random", "random", "random"]

THREADS = pytest.mark.parametrize("threads", [1, None], ids=["threads=1", "threads=default"])


def shares(result: EquityResult) -> list[float]:
    return [p.equity for p in result.players]


def agree(theirs: list[float], ours: list[float], tolerance: float = 1e-3) -> None:
    """Skip the peer unless its equities match pokerforge's within ``tolerance``."""
    if len(theirs) != len(ours) or any(
        abs(a - b) > tolerance for a, b in zip(theirs, ours, strict=True)
    ):
        pytest.skip(f"the peer answers {theirs}, pokerforge {ours}: not the same job")


# --------------------------------------------------------------------------- pokerforge


@pytest.mark.benchmark(group="exact hu pre-flop")
@THREADS
def test_pokerforge_exact_heads_up(benchmark: Any, measure: Measure, threads: int | None) -> None:
    """AhAs vs KdKc, every board."""
    result = equity(HEADS_UP, method="exact", threads=threads)
    assert result.deals == HEADS_UP_BOARDS
    measure(benchmark, lambda: equity(HEADS_UP, method="exact", threads=threads), HEADS_UP_BOARDS)


@pytest.mark.benchmark(group="exact 6 hands")
@THREADS
def test_pokerforge_exact_six_hands(benchmark: Any, measure: Measure, threads: int | None) -> None:
    assert equity(SIX, method="exact").deals == SIX_BOARDS
    measure(benchmark, lambda: equity(SIX, method="exact", threads=threads), SIX_BOARDS)


@pytest.mark.benchmark(group="exact 3 on flop")
@THREADS
def test_pokerforge_exact_flop(benchmark: Any, measure: Measure, threads: int | None) -> None:
    assert equity(FLOP_HANDS, board=FLOP).deals == FLOP_RUNOUTS
    measure(
        benchmark,
        lambda: equity(FLOP_HANDS, board=FLOP, method="exact", threads=threads),
        FLOP_RUNOUTS,
    )


@pytest.mark.benchmark(group="AA vs random", min_rounds=3, warmup=False)
@THREADS
def test_pokerforge_aces_vs_random(benchmark: Any, measure: Measure, threads: int | None) -> None:
    """Every board and every opposing combo (no precomputed table applies to AhAs)."""
    result = equity(["AhAs", "random"], method="exact", threads=threads)
    measure(
        benchmark,
        lambda: equity(["AhAs", "random"], method="exact", threads=threads),
        result.deals,
    )


@pytest.mark.parametrize(
    ("group", "players"), [("mc hu", HEADS_UP), ("mc 6-way", MC_SIX)], ids=["hu", "6-way"]
)
@THREADS
def test_pokerforge_monte_carlo(
    benchmark: Any, measure: Measure, group: str, players: list[str], threads: int | None
) -> None:
    """A million deals of AhAs vs KdKc, or of AhKh against five random hands.

    Divide the threads=default figure by the thread count for a per-thread figure.
    """
    benchmark.group = group
    measure(
        benchmark,
        lambda: equity(players, method="monte-carlo", samples=MC_SAMPLES, seed=1, threads=threads),
        MC_SAMPLES,
    )


@pytest.mark.benchmark(group="exact plo8 hu", min_rounds=5)
@THREADS
def test_pokerforge_exact_plo8(benchmark: Any, measure: Measure, threads: int | None) -> None:
    assert equity(PLO8, game="omaha-hilo", method="exact").deals == PLO8_BOARDS
    measure(
        benchmark,
        lambda: equity(PLO8, game="omaha-hilo", method="exact", threads=threads),
        PLO8_BOARDS,
    )


@pytest.mark.benchmark(group="exact stud hu third street", min_rounds=5)
@THREADS
def test_pokerforge_exact_stud_third_street(
    benchmark: Any, measure: Measure, threads: int | None
) -> None:
    """Rolled-up aces against K-Q-7 with four cards to come each, every deal."""
    assert equity(STUD, game="stud", method="exact").deals == STUD_DEALS
    measure(
        benchmark,
        lambda: equity(STUD, game="stud", method="exact", threads=threads),
        STUD_DEALS,
    )


# --------------------------------------------------------------------------- pokerfast


def pokerfast_equity() -> Any:
    module = pytest.importorskip("pokerfast.equity")
    if not module.available():
        pytest.skip("pokerfast is installed without its OMPEval library")
    return module


@pytest.mark.benchmark(group="exact hu pre-flop")
@pytest.mark.parametrize("threads", [1, 0], ids=["threads=1", "threads=all"])
def test_pokerfast_exact_heads_up(benchmark: Any, measure: Measure, threads: int) -> None:
    pf = pokerfast_equity()
    agree(pf.equity(HEADS_UP, threads=threads), shares(equity(HEADS_UP)))
    measure(benchmark, lambda: pf.equity(HEADS_UP, threads=threads), HEADS_UP_BOARDS)


@pytest.mark.benchmark(group="exact 6 hands")
def test_pokerfast_exact_six_hands(benchmark: Any, measure: Measure) -> None:
    pf = pokerfast_equity()
    agree(pf.equity(SIX), shares(equity(SIX)))
    measure(benchmark, lambda: pf.equity(SIX), SIX_BOARDS)


@pytest.mark.benchmark(group="exact 3 on flop")
def test_pokerfast_exact_flop(benchmark: Any, measure: Measure) -> None:
    pf = pokerfast_equity()
    agree(pf.equity(FLOP_HANDS, board=FLOP), shares(equity(FLOP_HANDS, board=FLOP)))
    measure(benchmark, lambda: pf.equity(FLOP_HANDS, board=FLOP), FLOP_RUNOUTS)


@pytest.mark.benchmark(group="AA vs random", min_rounds=3, warmup=False)
def test_pokerfast_aces_vs_random(benchmark: Any, measure: Measure) -> None:
    """``equity_vs_random``: exact against one random hand, single-threaded."""
    pf = pokerfast_equity()
    ours = equity(["AhAs", "random"], method="exact")
    agree([pf.equity_vs_random("AhAs", "")], shares(ours)[:1])
    measure(benchmark, lambda: pf.equity_vs_random("AhAs", ""), ours.deals)


# --------------------------------------------------------------------------- poker-equity


def poker_equity_shares(answer: dict[str, Any] | None) -> list[float]:
    if answer is None:
        pytest.skip("poker-equity declines to enumerate this set-up")
    return [float(p["equity"]) for p in answer["players"]]


@pytest.mark.benchmark(group="exact hu pre-flop", min_rounds=3)
def test_poker_equity_exact_heads_up(benchmark: Any, measure: Measure) -> None:
    pe = pytest.importorskip("poker_equity")
    agree(poker_equity_shares(pe.exact_from_text("holdem", HEADS_UP)), shares(equity(HEADS_UP)))
    measure(benchmark, lambda: pe.exact_from_text("holdem", HEADS_UP), HEADS_UP_BOARDS)


@pytest.mark.benchmark(group="exact 6 hands", min_rounds=3)
def test_poker_equity_exact_six_hands(benchmark: Any, measure: Measure) -> None:
    pe = pytest.importorskip("poker_equity")
    agree(poker_equity_shares(pe.exact_from_text("holdem", SIX)), shares(equity(SIX)))
    measure(benchmark, lambda: pe.exact_from_text("holdem", SIX), SIX_BOARDS)


@pytest.mark.benchmark(group="exact 3 on flop")
def test_poker_equity_exact_flop(benchmark: Any, measure: Measure) -> None:
    pe = pytest.importorskip("poker_equity")
    board = " ".join(FLOP[i : i + 2] for i in range(0, len(FLOP), 2))
    agree(
        poker_equity_shares(pe.exact_from_text("holdem", FLOP_HANDS, board)),
        shares(equity(FLOP_HANDS, board=FLOP)),
    )
    measure(benchmark, lambda: pe.exact_from_text("holdem", FLOP_HANDS, board), FLOP_RUNOUTS)


def check_sampled(answer: dict[str, Any], exact: list[float]) -> None:
    """A sampled answer must sit within four standard errors of the exact one."""
    for p, e in zip(answer["players"], exact, strict=True):
        if abs(float(p["equity"]) - e) > 4 * float(p["std_error"]) + 1e-9:
            pytest.skip(f"poker-equity samples {p['equity']}, exact {e}: not the same job")


@pytest.mark.benchmark(group="mc hu")
def test_poker_equity_monte_carlo_heads_up(benchmark: Any, measure: Measure) -> None:
    """``chunk_from_text`` on one thread, a million deals."""
    pe = pytest.importorskip("poker_equity")

    def run() -> dict[str, Any]:
        return pe.chunk_from_text("holdem", HEADS_UP, samples=MC_SAMPLES, seed=1, threads=1)

    check_sampled(run(), shares(equity(HEADS_UP)))
    measure(benchmark, run, MC_SAMPLES)


@pytest.mark.benchmark(group="mc 6-way", min_rounds=3)
def test_poker_equity_monte_carlo_six_way(benchmark: Any, measure: Measure) -> None:
    """Random hands are ``**`` in poker-equity's notation; one thread, a million deals."""
    pe = pytest.importorskip("poker_equity")
    hands = [h if h != "random" else "**" for h in MC_SIX]

    def run() -> dict[str, Any]:
        return pe.chunk_from_text("holdem", hands, samples=MC_SAMPLES, seed=1, threads=1)

    reference = equity(MC_SIX, samples=4 * MC_SAMPLES, seed=2)
    answer = run()
    for p, e in zip(answer["players"], shares(reference), strict=True):
        # Both sampled: allow for the reference's own error as well.
        if abs(float(p["equity"]) - e) > 4 * math.hypot(float(p["std_error"]), reference.stderr):
            pytest.skip(f"poker-equity samples {p['equity']}, pokerforge {e}")
    measure(benchmark, run, MC_SAMPLES)


@pytest.mark.benchmark(group="exact plo8 hu", min_rounds=3)
def test_poker_equity_exact_plo8(benchmark: Any, measure: Measure) -> None:
    pe = pytest.importorskip("poker_equity")
    agree(
        poker_equity_shares(pe.exact_from_text("omaha_hi_lo", PLO8)),
        shares(equity(PLO8, game="omaha-hilo")),
    )
    measure(benchmark, lambda: pe.exact_from_text("omaha_hi_lo", PLO8), PLO8_BOARDS)


# --------------------------------------------------------------------------- eval7


def eval7_hand(text: str) -> list[Any]:
    eval7 = pytest.importorskip("eval7")
    return [eval7.Card(text[i : i + 2]) for i in range(0, len(text), 2)]


@pytest.mark.benchmark(group="exact hu pre-flop")
def test_eval7_exact_heads_up(benchmark: Any, measure: Measure) -> None:
    """``py_hand_vs_range_exact`` (answers 1.0 here, so this skips after the check)."""
    eval7 = pytest.importorskip("eval7")
    hero, villain = eval7_hand("AhAs"), eval7.HandRange("KdKc").hands
    agree([eval7.py_hand_vs_range_exact(hero, villain, [])], shares(equity(HEADS_UP))[:1])
    measure(benchmark, lambda: eval7.py_hand_vs_range_exact(hero, villain, []), HEADS_UP_BOARDS)


@pytest.mark.benchmark(group="mc hu")
def test_eval7_monte_carlo_heads_up(benchmark: Any, measure: Measure) -> None:
    """``py_hand_vs_range_monte_carlo``: single-threaded, a million deals."""
    eval7 = pytest.importorskip("eval7")
    hero, villain = eval7_hand("AhAs"), eval7.HandRange("KdKc").hands

    def run() -> float:
        return float(eval7.py_hand_vs_range_monte_carlo(hero, villain, [], MC_SAMPLES))

    exact = shares(equity(HEADS_UP))[0]
    stderr = math.sqrt(exact * (1 - exact) / MC_SAMPLES)
    if abs(run() - exact) > 4 * stderr:
        pytest.skip("eval7's sampled equity is not within four standard errors")
    measure(benchmark, run, MC_SAMPLES)


@pytest.mark.benchmark(group="mc hu")
def test_eval7_all_hands_vs_range(benchmark: Any, measure: Measure) -> None:
    """``py_all_hands_vs_range`` with a one-combo hero range: the same job, another entry."""
    eval7 = pytest.importorskip("eval7")
    hero, villain = eval7.HandRange("AhAs"), eval7.HandRange("KdKc")

    def run() -> dict[Any, float]:
        return dict(eval7.py_all_hands_vs_range(hero, villain, [], MC_SAMPLES))

    exact = shares(equity(HEADS_UP))[0]
    (theirs,) = run().values()
    if abs(theirs - exact) > 4 * math.sqrt(exact * (1 - exact) / MC_SAMPLES):
        pytest.skip("eval7's sampled equity is not within four standard errors")
    measure(benchmark, run, MC_SAMPLES)
