"""The tournament endpoints: ICM equities, bubble factors and push/fold equilibria, the
same as the library's, with the server's limits and named errors."""

from __future__ import annotations

import math
from typing import Any

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from service_helpers import running

from pokerforge.icm import bubble_factors, icm, push_fold_table, risk_premiums
from pokerforge.service import Limits
from pokerforge.service.tournament import MAX_FACTOR_PLAYERS, MAX_ICM_PLAYERS


def test_icm_and_bubble_factors(client: httpx.Client) -> None:
    stacks, payouts = [5000, 3000, 1500, 500], [50, 30, 20]
    answer = client.post("/v1/icm", json={"stacks": stacks, "payouts": payouts, "bubble": True})
    assert answer.status_code == 200, answer.text
    data = answer.json()
    assert data["equities"] == list(icm(stacks, payouts))
    factors, premiums = bubble_factors(stacks, payouts), risk_premiums(stacks, payouts)
    for got, want in ((data["bubble_factors"], factors), (data["risk_premiums"], premiums)):
        for row, expected in zip(got, want, strict=True):
            assert [math.nan if x is None else x for x in row] == pytest.approx(
                expected, nan_ok=True
            )
    plain = client.post("/v1/icm", json={"stacks": [1, 3], "payouts": [1], "model": "weitzman"})
    assert plain.json()["equities"] == [0.25, 0.75] and plain.json()["bubble_factors"] is None


def test_pushfold_is_the_library_equilibrium() -> None:
    body = {"stacks": [12, 9, 15, 7], "ante": 0.1, "payouts": [50, 30, 20]}
    # A server of its own with time to converge (the shared one stops at 0.5 s, which a
    # process starved of its core, as the suite's other Pythons run, can overrun).
    with running(Limits(max_time=30)) as (url, _):
        answer = httpx.post(url + "/v1/pushfold", json=body, timeout=60)
    assert answer.status_code == 200, answer.text
    data = answer.json()
    r = push_fold_table([12, 9, 15, 7], (0.5, 1), 0.1, [50, 30, 20])
    assert data["positions"] == ["UTG", "BTN", "SB", "BB"]
    assert data["converged"] is True and data["unit"] == "prize"
    assert data["shoves"] == {p: str(rng) for p, rng in r.shoves.items()}
    assert {"shover": "BTN", "caller": "BB", "range": str(r.calls[("BTN", "BB")])} in data["calls"]
    assert data["shove_charts"]["SB"] == [list(row) for row in r.chart("SB")]
    assert data["call_charts"]["BB v UTG"] == [list(row) for row in r.chart("BB", "UTG")]
    assert data["exploitability"] == r.exploitability


def test_pushfold_stops_at_the_time_limit(client: httpx.Client) -> None:
    # A tolerance no table reaches in the test server's 0.5 s: the answer says so.
    body = {"stacks": [8, 9, 10, 11, 12, 13, 14, 15, 9, 10], "payouts": [50, 30, 20]}
    data = client.post("/v1/pushfold", json={**body, "tolerance": 1e-6}).json()
    assert data["converged"] is False and data["elapsed_ms"] < 5000
    assert len(data["shoves"]) == 9


@pytest.mark.parametrize(
    ("path", "body", "field", "words"),
    [
        ("/v1/icm", {"stacks": [10, -5], "payouts": [1]}, "stacks[1]", "greater than"),
        ("/v1/icm", {"stacks": [0, 0], "payouts": [1]}, None, "0 chips"),
        ("/v1/icm", {"stacks": [1] * (MAX_ICM_PLAYERS + 1), "payouts": [1]}, "stacks", "at most"),
        (
            "/v1/icm",
            {"stacks": [1] * (MAX_FACTOR_PLAYERS + 1), "payouts": [1], "bubble": True},
            "bubble",
            "up to 12 players",
        ),
        ("/v1/icm", {"stacks": [1, 2], "payouts": [1], "extra": 1}, "extra", "Extra inputs"),
        ("/v1/pushfold", {"stacks": [10]}, "stacks", "at least 2"),
        ("/v1/pushfold", {"stacks": [10, 10, 1]}, "stacks[2]", "more than the blind"),
        ("/v1/pushfold", {"stacks": [10, 10], "blinds": [2, 1]}, "blinds[0]", "small_blind = 2"),
        ("/v1/pushfold", {"stacks": [10, 10], "others": [5]}, None, "only with payouts"),
        ("/v1/pushfold", {"stacks": [10, 10], "tolerance": 0}, "tolerance", "greater than"),
    ],
)
def test_errors_name_the_field(
    client: httpx.Client, path: str, body: dict[str, Any], field: str | None, words: str
) -> None:
    answer = client.post(path, json=body)
    assert answer.status_code == 422, answer.text
    error = answer.json()["error"]
    assert error["type"] == "invalid_request"
    assert words in error["message"]
    if field is not None:
        assert error["field"] == field


# Numbers a client might send, odd ones included.
_numbers = st.one_of(
    st.integers(-5, 10**30),
    st.floats(allow_nan=False, allow_infinity=False),
    st.sampled_from([0, 0.5, 1e-300]),
)


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    path=st.sampled_from(["/v1/icm", "/v1/pushfold"]),
    body=st.fixed_dictionaries(
        {},
        optional={
            "stacks": st.lists(_numbers, max_size=5),
            "payouts": st.one_of(st.none(), st.lists(_numbers, max_size=4)),
            "blinds": st.lists(_numbers, min_size=1, max_size=3),
            "ante": _numbers,
            "others": st.lists(_numbers, max_size=3),
            "model": st.sampled_from(["harville", "weitzman", "chip"]),
            "tolerance": _numbers,
            "bubble": st.booleans(),
        },
    )
    | st.dictionaries(st.text(max_size=8), st.integers() | st.text(max_size=8), max_size=3),
)
def test_odd_bodies_never_fail_with_a_5xx(client: httpx.Client, path: str, body: Any) -> None:
    answer = client.post(path, json=body)
    assert answer.status_code in (200, 422), answer.text
    if answer.status_code == 422:
        assert set(answer.json()["error"]) == {"type", "field", "message", "code", "values"}
    elif path == "/v1/icm":
        assert all(math.isfinite(e) for e in answer.json()["equities"])


@pytest.mark.parametrize(
    ("path", "body", "field"),
    [
        ("/v1/icm", {"stacks": ["1", 2], "payouts": [1]}, "stacks[0]"),
        ("/v1/icm", {"stacks": [True, 2], "payouts": [1]}, "stacks[0]"),
        ("/v1/icm", {"stacks": [1, 2], "payouts": ["1"]}, "payouts[0]"),
        ("/v1/pushfold", {"stacks": [10, "12"]}, "stacks[1]"),
        ("/v1/pushfold", {"stacks": [10, 12], "ante": True}, "ante"),
        ("/v1/pushfold", {"stacks": [10, 12], "tolerance": "0.01"}, "tolerance"),
    ],
)
def test_text_and_booleans_are_not_numbers(
    client: httpx.Client, path: str, body: dict[str, Any], field: str
) -> None:
    # As on the equity routes: "1" and true were once read as 1.
    answer = client.post(path, json=body)
    assert answer.status_code == 422, answer.text
    assert field in answer.text


def test_bubble_factors_stop_at_the_server_time_limit() -> None:
    # Twelve players with chips, every place paid: 132 pairs of exact computations,
    # against a limit far below them.
    body = {"stacks": [1000 + 37 * i for i in range(12)], "payouts": list(range(12, 0, -1))}
    with running(Limits(max_time=1e-4)) as (url, _):
        answer = httpx.post(url + "/v1/icm", json={**body, "bubble": True}, timeout=60)
        cheap = httpx.post(url + "/v1/icm", json={"stacks": [1, 3], "payouts": [1]}, timeout=60)
    assert answer.status_code == 422, answer.text
    assert answer.json()["error"]["field"] == "time_limit"
    assert "bubble factors did not finish" in answer.json()["error"]["message"]
    assert cheap.status_code == 200 and cheap.json()["equities"] == [0.25, 0.75]
