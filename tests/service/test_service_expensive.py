"""The most expensive valid request of each route, several at once, then a cheap one: the
service (in this process, so a request that aborted the core would end the test run) must
answer every one with a result or a named error, and still answer the cheap one."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx
import pytest
from service_helpers import CHEAP, running

from pokerforge.service import Limits

pytestmark = [pytest.mark.slow, pytest.mark.serial]

STUD = ["random", "9s9cAs4s9dQsTc", "9hTh6c4c2h7c"]

# (route, body): each the largest of its kind that the request models take.
EXPENSIVE: list[tuple[str, dict[str, Any]]] = [
    # Once 26 GB asked of the allocator: the worker aborted.
    ("/v1/equity", {"players": STUD, "game": "stud", "method": "exact"}),
    ("/v1/equity", {"players": STUD, "game": "razz", "method": "exact"}),
    # Inside the bound: 25 million completions, stopped at the server's limit.
    (
        "/v1/equity",
        {
            "players": ["random", *STUD[1:2], "9hTh6c4c2h7cKd"],
            "game": "stud-hilo",
            "method": "exact",
        },
    ),
    ("/v1/equity", {"players": ["random", "random"], "dead": "2c", "method": "exact"}),
    ("/v1/equity", {"players": ["random"] * 10, "method": "monte-carlo", "samples": 400_000}),
    ("/v1/equity", {"players": ["random"] * 10, "game": "short-deck", "method": "auto"}),
    ("/v1/equity", {"players": ["random"] * 8, "game": "stud-hilo"}),
    (
        "/v1/equity",
        {
            "players": ["2c3d4h5s", "6c7d8h9s", "Tc9d8c7h", "2h3s4c5d", "6h7s8d9c", "ThJsQdKc"],
            "game": "badugi",
            "draws": [1, 1, 1, 1, 1, 1],
            "draw_rounds": 1,
            "method": "exact",
        },
    ),
    ("/v1/equity/by-class", {"players": ["22+, A2+, K2+, Q2+", "random", "random"]}),
    ("/v1/icm", {"stacks": [1000 + 13 * i for i in range(22)], "payouts": list(range(22, 0, -1))}),
    (
        "/v1/icm",
        {"stacks": [1000 + 13 * i for i in range(12)], "payouts": [12] * 12, "bubble": True},
    ),
    (
        "/v1/pushfold",
        {
            "stacks": [8, 9, 10, 11, 12, 13, 14, 15, 9, 10],
            "payouts": [50, 30, 20, 10, 5],
            "others": [10] * 12,
            "tolerance": 1e-6,
            "ante": 0.1,
        },
    ),
]


def test_the_most_expensive_requests_leave_the_service_answering() -> None:
    limits = Limits(max_samples=400_000, default_samples=20_000, max_time=0.5, workers=2)
    with running(limits) as (url, _), httpx.Client(base_url=url, timeout=120) as client:
        with ThreadPoolExecutor(4) as pool:
            answers = list(pool.map(lambda req: client.post(req[0], json=req[1]), EXPENSIVE * 2))
        for (path, body), answer in zip(EXPENSIVE * 2, answers, strict=True):
            assert answer.status_code in (200, 422, 429, 503), (path, body, answer.text)
            if answer.status_code == 422:
                assert answer.json()["error"]["message"], (path, body)
        cheap = client.post("/v1/equity", json=CHEAP)
        assert cheap.status_code == 200, cheap.text
    # The refusals are by name, before any work.
    first = answers[0].json()
    assert answers[0].status_code == 422 and "5.2e8 completions" in first["error"]["message"]
    assert first["error"]["field"] == "method"
