"""The core as owner of an equity request: where errors are, plans, deadlines, panics."""

from __future__ import annotations

import threading
import time

import pytest

from pokerforge import equity
from pokerforge._core import Cancel, _panic_for_tests, plan_equity
from pokerforge.errors import (
    CardCountError,
    DuplicateCardError,
    InvalidCardError,
    InvalidRangeError,
    InvalidSpecError,
    PokerError,
    TimeLimitError,
    TooManyDealsError,
)


@pytest.mark.parametrize(
    ("players", "board", "dead", "error", "location"),
    [
        (["AhKh", "QsQx"], None, None, InvalidCardError, "players[1]"),
        (["AhKh", "QQ+, AKz"], None, None, InvalidRangeError, "players[1]"),
        (["AhKh", "AhQd"], None, None, DuplicateCardError, "players[1]"),
        (["AhKh", "QsQd"], "Ah2c3c", None, DuplicateCardError, "board"),
        (["AhKh", "QsQd"], "2c3c", None, CardCountError, "board"),
        (["AhKh", "QsQd"], "zz", None, InvalidCardError, "board"),
        (["AhKh", "QsQd"], None, "Kh", DuplicateCardError, "dead"),
        (["AhKh", "QsQd"], None, "zz", InvalidCardError, "dead"),
        (["AhKhQh", "QsQd"], None, None, CardCountError, "players[0]"),
        (["AhKh"], None, None, InvalidSpecError, "players"),
        (["JJ+"] * 10, None, None, InvalidRangeError, "players"),
    ],
)
def test_errors_say_where(
    players: list[str], board: str | None, dead: str | None, error: type, location: str
) -> None:
    with pytest.raises(error) as info:
        equity(players, board, dead)
    assert info.value.location == location
    with pytest.raises(error):
        plan_equity(players, board, dead)


def test_errors_outside_a_request_have_no_location() -> None:
    assert PokerError("x").location is None


def test_settings_that_conflict_are_refused() -> None:
    with pytest.raises(InvalidSpecError, match="samples") as info:
        equity(["AhAs", "KdKc"], method="exact", samples=1000)
    assert info.value.location == "samples"
    with pytest.raises(InvalidSpecError, match="target_stderr"):
        equity(["AhAs", "KdKc"], method="exact", target_stderr=0.01)


def test_a_plan_says_what_it_will_do() -> None:
    cheap = plan_equity(["AhAs", "KdKc"])
    assert cheap.method == "exact"
    assert cheap.players == ["AsAh", "KdKc"]
    assert 0 < cheap.exact_seconds < 0.5
    wide = plan_equity(["AhKh", "random", "random"], board="2c7d9h")
    assert wide.method == "monte-carlo"
    assert wide.estimated_seconds(0.25) == 0.25
    result = wide.run(seed=4, time_limit=0.3, threads=1)
    assert result.seed == 4 and result.deals > 0
    replay = plan_equity(
        ["AhKh", "random", "random"], board="2c7d9h", samples=result.deals, method="monte-carlo"
    ).run(seed=4, threads=1)
    assert replay == result


@pytest.mark.serial  # timed
@pytest.mark.slow  # the core's clock, the same on every Python: 3.11 only in the test command
def test_exact_by_name_fails_at_the_time_limit_and_auto_hands_over() -> None:
    slow = (["AhKh", "random", "random"], "2h7h9cTd")
    start = time.perf_counter()
    with pytest.raises(InvalidSpecError, match="time limit") as info:
        equity(*slow, method="exact", time_limit=0.02, threads=1)
    assert info.value.location == "method"
    assert time.perf_counter() - start < 1.5  # generous: a loaded machine
    fallback = equity(*slow, method="auto", time_limit=0.3, seed=1, threads=1)
    assert fallback.method == "monte-carlo" and fallback.seed == 1


def test_seeds_up_to_two_to_the_64_replay() -> None:
    seed = 2**64 - 1
    first = equity(["AhKh", "random"], board="2c7d9h", samples=4096, seed=seed)
    assert first.seed == seed
    assert equity(["AhKh", "random"], board="2c7d9h", samples=4096, seed=first.seed) == first


def test_cancel_stops_a_run_from_another_thread() -> None:
    plan = plan_equity(["AhKh", "random", "random"], method="monte-carlo", samples=10**9)
    cancel = Cancel()
    threading.Timer(0.05, cancel.cancel).start()
    with pytest.raises(KeyboardInterrupt):
        plan.run(seed=1, threads=1, cancel=cancel)
    assert cancel.cancelled


@pytest.mark.parametrize("place", ["pool", "parallel"])
def test_a_panic_is_an_exception_not_an_abort(place: str) -> None:
    with pytest.raises(RuntimeError, match="test panic"):
        _panic_for_tests(place)
    # The pools still work afterwards.
    assert equity(["AhAs", "KdKc"], method="exact", threads=2).deals == 1_712_304


def test_crowded_ranges_are_planned_within_a_budget() -> None:
    # Five players holding an ace each, two more who need all four aces: no deal at all,
    # hidden among billions of dead ends (planning once searched them for over a minute).
    start = time.process_time()
    with pytest.raises(InvalidRangeError, match="cannot all be dealt"):
        plan_equity(["A2o+"] * 5 + ["AA", "AA"], method="exact")
    # Deals that exist, among more dead ends than exact planning searches: exact is
    # refused, auto picks Monte Carlo.
    wide = ["A2o+", "A2o+", "K2o+", "K2o+", "Q2o+", "Q2o+", "AK"]
    with pytest.raises(TooManyDealsError, match="combinations of hole cards") as info:
        plan_equity(wide, method="exact")
    assert info.value.location == "method"
    assert plan_equity(wide).method == "monte-carlo"
    # A generous bound: each takes milliseconds.
    assert time.process_time() - start < 10


def test_categories_counted_later_keep_the_time_limit_and_the_bound() -> None:
    # The heads-up table answers these without categories; reading them counted them
    # exactly with no time limit and no bound (22 s for the first pair after a request
    # limited to 1 s; minutes for wider ones).
    wide = "22+, A2+, K2+, Q2+, J2+, T2+, 92+"
    result = equity([wide, "22+, A2+, K2+, Q2+, J2+"], time_limit=0.2)
    assert result.exact
    with pytest.raises(TimeLimitError, match=r"did not finish within the time limit of 0\.200 s"):
        dict(result.players[0].categories)  # counted when first read
    every = "22+, A2+, K2+, Q2+, J2+, T2+, 92+, 82+, 72+, 62+, 52+, 42+, 32"
    result = equity([every, every])
    with pytest.raises(TooManyDealsError, match="past the limit of 60 s of one thread"):
        dict(result.players[1].categories)
    # Within the bound and the limit they are counted as before.
    small = equity(["QQ+, AKs", "JJ-99"], time_limit=60)
    assert sum(small.players[0].categories.values()) == pytest.approx(1.0)
