"""Monte Carlo equity for ``pokerforge.equity``: accuracy, seeds, threads, stopping, ``auto``.

Monte Carlo must land within four standard errors of the exact value, give identical
results for a seed whatever the thread count, and stop on ``samples``, ``target_stderr``
or ``time_limit`` (or an interrupt). ``method="auto"`` picks exact when it is cheap and
Monte Carlo when it is not.

Every call is bounded (explicit samples or a small exact case) so nothing can hang, and
nothing here asserts on timings.
"""

from __future__ import annotations

import math
import signal
from types import FrameType
from typing import Any

import pytest

from equity_helpers import check_consistent, shares
from pokerforge import equity

# --------------------------------------------------------------------------- Monte Carlo


MC_SETUPS: list[tuple[list[str], dict[str, Any]]] = [
    (["AhKh", "QsQd"], {}),
    (["QQ+, AKs", "JJ+, AKs, AQs"], {}),
    (["0.5(JJ), AKs", "QQ"], {}),
    (["AhKh", "random"], {"board": "2h7h9c"}),
    (["AhKh", "random", "JcTc"], {"board": "2h7h9c"}),
    (["AhKh", "QsQd", "JcTc", "9d9c"], {"board": "2h7h9s"}),
    (["AhAs", "KdKc"], {"board": "Kh7c2d", "dead": "Qs"}),
    (["As2s3d4d", "KhKcQhQc"], {"game": "omaha-hilo"}),
    (["AsKsJd4d", "KhKcQhQc", "9d8d7c6c"], {"game": "omaha", "board": "2c7h9s"}),
    (["AsKsJd4d5h", "KhKcQhQc2d"], {"game": "omaha", "board": "2c7h9s"}),
]
MC_IDS = [
    "hu",
    "overlapping ranges",
    "weights",
    "random",
    "random 3-way",
    "4-way",
    "dead",
    "plo8",
    "plo 3-way",
    "plo5",
]


@pytest.mark.parametrize(("players", "kwargs"), MC_SETUPS, ids=MC_IDS)
def test_monte_carlo_within_four_standard_errors(
    players: list[str], kwargs: dict[str, Any]
) -> None:
    exact = equity(players, method="exact", **kwargs)
    mc = equity(players, method="monte-carlo", samples=100_000, seed=20_240_601, **kwargs)
    check_consistent(mc)
    assert not mc.exact
    assert mc.deals == 100_000
    assert mc.seed == 20_240_601
    for m, e in zip(mc.players, exact.players, strict=True):
        assert 0 < m.stderr < 0.01
        assert abs(m.equity - e.equity) <= 4 * m.stderr
    if kwargs.get("game") == "omaha-hilo":
        for m in mc.players:
            assert m.high is not None
            assert m.low is not None
            assert m.high + m.low == pytest.approx(m.equity, abs=1e-12)


def test_monte_carlo_stderr_shrinks_with_samples() -> None:
    small = equity(["AhKh", "QsQd"], method="monte-carlo", samples=10_000, seed=3)
    large = equity(["AhKh", "QsQd"], method="monte-carlo", samples=160_000, seed=3)
    # Sixteen times the samples: a quarter of the standard error.
    assert large.stderr == pytest.approx(small.stderr / 4, rel=0.1)
    p = large.players[0].equity
    assert large.stderr == pytest.approx(math.sqrt(p * (1 - p) / 160_000), rel=0.1)


@pytest.mark.parametrize(("players", "kwargs"), MC_SETUPS, ids=MC_IDS)
def test_same_seed_same_result_for_any_thread_count(
    players: list[str], kwargs: dict[str, Any]
) -> None:
    one = equity(players, method="monte-carlo", samples=30_011, seed=99, threads=1, **kwargs)
    two = equity(players, method="monte-carlo", samples=30_011, seed=99, threads=2, **kwargs)
    three = equity(players, method="monte-carlo", samples=30_011, seed=99, threads=3, **kwargs)
    assert one == two == three
    assert one.deals == 30_011


def test_different_seeds_differ() -> None:
    players = ["AhKh", "random", "random"]
    a = equity(players, method="monte-carlo", samples=20_000, seed=1)
    b = equity(players, method="monte-carlo", samples=20_000, seed=2)
    assert shares(a) != shares(b)
    assert (a.seed, b.seed) == (1, 2)


def test_fresh_seed_is_reported_and_replays() -> None:
    players = ["AhKh", "random", "random"]
    first = equity(players, method="monte-carlo", samples=10_000)
    assert isinstance(first.seed, int)
    assert 0 <= first.seed < 2**64
    again = equity(players, method="monte-carlo", samples=10_000, seed=first.seed)
    assert again == first


@pytest.mark.parametrize("seed", [0, 1, 2**63, 2**64 - 1])
def test_seed_range(seed: int) -> None:
    result = equity(["AhKh", "QsQd"], method="monte-carlo", samples=1_000, seed=seed)
    assert result.seed == seed


@pytest.mark.parametrize("samples", [1, 2, 999, 12_345])
def test_samples_counted_exactly(samples: int) -> None:
    result = equity(["AhKh", "random"], method="monte-carlo", samples=samples, seed=5)
    assert result.deals == samples
    check_consistent(result)


@pytest.mark.parametrize("limit", [{"time_limit": 0.01}, {"target_stderr": 0.003}])
def test_limits_stop_monte_carlo(limit: dict[str, float]) -> None:
    """Twenty million deals would take around a second; either limit stops it sooner."""
    requested = 20_000_000
    result = equity(
        ["AhKh", "random", "random"], method="monte-carlo", samples=requested, seed=1, **limit
    )
    check_consistent(result)
    assert 0 < result.deals < requested
    if "target_stderr" in limit:
        assert result.stderr <= limit["target_stderr"]


def test_interrupt_stops_a_long_run() -> None:
    """A SIGALRM whose handler raises KeyboardInterrupt ends a run that would take hours.

    ``time_limit`` bounds the call in case the interrupt is not honoured.
    """
    if not hasattr(signal, "setitimer"):
        pytest.skip("needs signal.setitimer")

    def interrupt(signum: int, frame: FrameType | None) -> None:
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGALRM, interrupt)
    try:
        signal.setitimer(signal.ITIMER_REAL, 0.2)
        with pytest.raises(KeyboardInterrupt):
            equity(
                ["AhKh", "random", "random"],
                method="monte-carlo",
                samples=10**12,
                time_limit=10.0,
                seed=1,
            )
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


# --------------------------------------------------------------------------- method auto


def test_auto_picks_exact_when_cheap() -> None:
    result = equity(["AhKh", "QsQd"])
    assert (result.method, result.exact, result.seed) == ("exact", True, None)
    flop = equity(["AhKh", "random", "JcTc"], board="2h7h9c")
    assert (flop.method, flop.exact) == ("exact", True)
    plo8 = equity(["As2s3d4d", "KhKcQhQc"], game="omaha-hilo")
    assert plo8.method == "exact"


def test_auto_picks_monte_carlo_when_costly() -> None:
    result = equity(["random"] * 6, samples=20_000, seed=4)
    check_consistent(result)
    assert (result.method, result.exact, result.deals, result.seed) == (
        "monte-carlo",
        False,
        20_000,
        4,
    )
    assert shares(result) == pytest.approx([1 / 6] * 6, abs=4 * result.stderr + 1e-9)


def test_auto_omaha_with_random_player_uses_monte_carlo() -> None:
    result = equity(["AhKhQdJd", "random"], game="omaha", samples=5_000, seed=1)
    assert result.method == "monte-carlo"
    assert result.deals == 5_000


@pytest.mark.parametrize("name", ["exact", "monte-carlo", "auto", "Monte-Carlo", "monte_carlo"])
def test_method_names(name: str) -> None:
    result = equity(["AhKh", "QsQd"], board="2c3d4h", method=name, seed=1)  # type: ignore[arg-type]
    expected = "exact" if name in ("exact", "auto") else "monte-carlo"
    assert result.method == expected
