"""The service against hostile and careless clients, each case over real HTTP on loopback.

Slow and idle connections, chunked and lying bodies, strict types, conflicting options,
seeds beyond 2**53, replayable time-limited runs, the cache, headers, HEAD/405, OpenAPI,
metrics, fairness between clients, cancellation, and the connection cap. Each case that
needs a differently configured server starts its own (see :func:`running`).
"""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx
import pytest
from service_helpers import CHEAP, EXPENSIVE, raw, running

from pokerforge.service import Limits
from pokerforge.service.server import GuardedH11, GuardedHttpTools

# Long end-to-end checks, the same on every Python (3.11 only in the test command),
# with real worker processes, clusters or timed waits (run alone, after the parallel tests).
pytestmark = [
    pytest.mark.slow,
    pytest.mark.serial,
    pytest.mark.filterwarnings("ignore::DeprecationWarning"),
]


def post(client: httpx.Client, body: Any, **headers: str) -> httpx.Response:
    return client.post("/v1/equity", json=body, headers=headers)


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"samples": "100"}, "samples"),
        ({"samples": True}, "samples"),
        ({"seed": False}, "seed"),
        ({"seed": 1.5}, "seed"),
        ({"seed": "12x"}, "seed"),
        ({"seed": 2**64}, "seed"),
        ({"seed": str(2**64)}, "seed"),
        ({"time_limit": "0.1"}, "time_limit"),
        ({"board": 7}, "board"),
        ({"method": "exact", "seed": 3}, "seed"),
        ({"method": "exact", "samples": 1000}, "samples"),
    ],
)
def test_strict_types_and_conflicting_options(
    client: httpx.Client, change: dict[str, Any], field: str
) -> None:
    answer = post(client, {**CHEAP, **change})
    assert answer.status_code == 422, answer.text
    assert answer.json()["error"]["field"] == field


def test_errors_name_the_player(client: httpx.Client) -> None:
    for players, field in (
        (["AhKh", "QQ+, AKz"], "players[1]"),
        (["QQ+", "AhKh", "random", "JJ+, AKq"], "players[3]"),
        (["JJ+"] * 10, "players"),
    ):
        answer = post(client, {"players": players})
        assert answer.status_code == 422
        assert answer.json()["error"]["field"] == field


def test_non_json_bodies_get_415(client: httpx.Client) -> None:
    for kind in ("text/plain", "application/x-www-form-urlencoded", None):
        headers = {"content-type": kind} if kind else {}
        answer = client.post("/v1/equity", content=json.dumps(CHEAP), headers=headers)
        assert answer.status_code == 415, kind
        assert answer.json()["error"]["type"] == "unsupported_media_type"
    ok = client.post(
        "/v1/equity",
        content=json.dumps(CHEAP),
        headers={"content-type": "application/json; charset=utf-8"},
    )
    assert ok.status_code == 200


def test_seeds_up_to_two_to_the_64_come_back_as_strings_and_replay(client: httpx.Client) -> None:
    body = {"players": ["AhKh", "random"], "board": "2c7d9h", "samples": 20_000}
    for seed in (2**64 - 1, str(2**64 - 1), 2**53 + 1):
        first = post(client, {**body, "seed": seed}).json()
        assert first["seed"] == str(seed)
        again = post(client, {**body, "seed": first["seed"]}).json()
        assert again["players"] == first["players"]
    picked = post(client, body).json()
    assert isinstance(picked["seed"], str) and 0 <= int(picked["seed"]) < 2**64
    replay = post(client, {**body, "seed": picked["seed"]}).json()
    assert replay["players"] == picked["players"]


def test_time_limited_monte_carlo_replays_from_seed_and_samples(client: httpx.Client) -> None:
    body = {**EXPENSIVE, "players": ["QQ+, AKs"] + ["random"] * 5, "samples": 400_000, "seed": 5}
    # The first time limit that cuts the run (how far a run gets depends on the machine).
    for limit in (0.01, 0.02, 0.04, 0.08, 0.16):
        answer = post(client, {**body, "time_limit": limit})
        if answer.status_code == 200 and answer.json()["samples"] < 400_000:
            break
    cut = answer.json()
    assert cut["method"] == "monte-carlo"
    assert 0 < cut["samples"] < 400_000
    replay = post(client, {**body, "samples": cut["samples"]}).json()
    assert replay["samples"] == cut["samples"]
    assert replay["players"] == cut["players"]
    # A run cut by its time limit is not the answer to the next identical request.
    again = post(client, {**body, "time_limit": limit}).json()
    assert again["cached"] is False
    # A finished run is, whatever the time limit.
    assert post(client, {**body, "samples": cut["samples"]}).json()["cached"]


def test_bodies_are_limited_by_what_arrives(client: httpx.Client, base_url: str) -> None:
    def chunks() -> Iterator[bytes]:
        yield b'{"players": ["AhKh", "QsQd"], "board": "'
        for _ in range(200):
            yield b" " * 1024
        yield b'"}'

    chunked = client.post(
        "/v1/equity", content=chunks(), headers={"content-type": "application/json"}
    )
    assert chunked.status_code == 413
    assert chunked.json()["error"]["type"] == "too_large"
    declared = raw(
        base_url,
        b"POST /v1/equity HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\n"
        b"content-length: 999999\r\nconnection: close\r\n\r\n{}",
    )
    assert declared.startswith(b"HTTP/1.1 413"), declared[:80]
    both = raw(
        base_url,
        b"POST /v1/equity HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\n"
        b"content-length: 5\r\ntransfer-encoding: chunked\r\n\r\n"
        b"2\r\n{}\r\n0\r\n\r\n",
    )
    assert both.startswith(b"HTTP/1.1 400"), both[:80]
    assert b"Transfer-Encoding" in both


def test_security_headers_and_request_ids(client: httpx.Client) -> None:
    for path in ("/", "/healthz", "/static/app.js", "/docs", "/nowhere"):
        answer = client.get(path)
        csp = answer.headers["content-security-policy"]
        assert "frame-ancestors 'none'" in csp and "default-src 'self'" in csp
        assert answer.headers["x-content-type-options"] == "nosniff"
        assert answer.headers["referrer-policy"] == "no-referrer"
        assert len(answer.headers["x-request-id"]) == 32
    echoed = client.get("/healthz", headers={"x-request-id": "abc-123"})
    assert echoed.headers["x-request-id"] == "abc-123"
    hostile = client.get("/healthz", headers={"x-request-id": "a b\tc" * 40})
    assert hostile.headers["x-request-id"] != "a b\tc" * 40


def test_head_and_allow(client: httpx.Client) -> None:
    for path in ("/", "/healthz", "/static/app.js", "/docs", "/metrics"):
        head = client.head(path)
        assert head.status_code == 200, path
        assert head.content == b""
    wrong = client.put("/healthz")
    assert wrong.status_code == 405
    assert set(wrong.headers["allow"].replace(" ", "").split(",")) == {"GET", "HEAD"}
    assert client.delete("/v1/equity").headers["allow"] == "POST"


def test_docs_are_served_from_here(client: httpx.Client) -> None:
    page = client.get("/docs").text
    assert "/static/docs.js" in page
    for text in (page, client.get("/static/docs.js").text):
        assert "http://" not in text and "https://" not in text and "//cdn" not in text
    assert client.get("/static/docs.css").status_code == 200


def test_openapi_matches_behaviour(client: httpx.Client) -> None:
    schema = client.get("/openapi.json").json()
    equity = schema["paths"]["/v1/equity"]["post"]["responses"]
    assert {"200", "400", "413", "415", "422", "429", "503"} <= set(equity)
    evaluate = schema["paths"]["/v1/evaluate"]["post"]["responses"]
    assert {"200", "400", "413", "415", "422"} <= set(evaluate)
    assert "400,000 Monte Carlo samples" in schema["info"]["description"]
    assert "0.5 s" in schema["info"]["description"]
    request = schema["components"]["schemas"]["EquityRequest"]["properties"]
    seed_kinds = {branch.get("type") for branch in request["seed"]["anyOf"]}
    assert {"integer", "string"} <= seed_kinds
    response = schema["components"]["schemas"]["EquityResponse"]["properties"]
    assert {branch.get("type") for branch in response["seed"]["anyOf"]} == {"string", "null"}


def test_metrics(client: httpx.Client) -> None:
    post(client, CHEAP)
    post(client, CHEAP)
    text = client.get("/metrics").text
    for name in (
        "pokerforge_requests_total",
        "pokerforge_request_seconds_bucket",
        "pokerforge_queue_depth",
        "pokerforge_work_seconds_total",
        "pokerforge_cache_hits_total",
    ):
        assert name in text
    hits = [line for line in text.splitlines() if line.startswith("pokerforge_cache_hits_total")]
    assert float(hits[0].split()[-1]) >= 1


PROTOCOLS = pytest.mark.parametrize("http", [GuardedHttpTools, GuardedH11])


@PROTOCOLS
def test_idle_and_slow_connections_are_closed(http: type[Any]) -> None:
    with running(Limits(workers=1), header_timeout=0.5, http=http) as (url, _):
        host, port = url.removeprefix("http://").split(":")
        start = time.monotonic()
        # Never sends a byte.
        assert raw(url, b"", wait=10) == b""
        # Sends its headers a byte at a time, slower than the timeout allows.
        with socket.create_connection((host, int(port)), timeout=10) as sock:
            closed = False
            for byte in b"GET /healthz HTTP/1.1\r\nhost: x\r\n\r\n":
                try:
                    sock.sendall(bytes([byte]))
                    time.sleep(0.1)
                except OSError:
                    closed = True
                    break
            if not closed:
                sock.settimeout(5)
                closed = sock.recv(100) == b""
            assert closed
        # Both were closed by the timeout, not by the test's own limits.
        assert time.monotonic() - start < 9
        assert httpx.get(url + "/healthz").status_code == 200


@PROTOCOLS
def test_connections_beyond_the_cap_get_503(http: type[Any]) -> None:
    with running(Limits(workers=1), max_connections=3, http=http) as (url, _):
        host, port = url.removeprefix("http://").split(":")
        idle = [socket.create_connection((host, int(port))) for _ in range(3)]
        try:
            time.sleep(0.2)
            refused = raw(url, b"GET /healthz HTTP/1.1\r\nhost: x\r\n\r\n")
            assert refused.startswith(b"HTTP/1.1 503")
            assert b"retry-after: 1" in refused.lower()
            assert b'"type": "busy"' in refused
        finally:
            for sock in idle:
                sock.close()
        time.sleep(0.2)
        assert httpx.get(url + "/healthz").status_code == 200


def test_a_cheap_request_does_not_wait_behind_another_clients_queue() -> None:
    with running(
        Limits(
            workers=1,
            max_time=0.3,
            max_samples=10_000_000,
            max_wait=60,
            max_client_wait=60,
            api_key_header="X-API-Key",
        )
    ) as (url, _):
        finished: list[str] = []
        lock = threading.Lock()

        def expensive(i: int) -> int:
            with httpx.Client(base_url=url, timeout=60) as http:
                answer = post(http, {**EXPENSIVE, "seed": i}, **{"X-API-Key": "a"})
            with lock:
                finished.append(f"a{i}")
            return answer.status_code

        with ThreadPoolExecutor(8) as pool:
            futures = [pool.submit(expensive, i) for i in range(8)]
            time.sleep(0.4)
            with httpx.Client(base_url=url, timeout=60) as http:
                cheap = post(http, CHEAP, **{"X-API-Key": "b"})
            with lock:
                done_before = len(finished)
            codes = [f.result() for f in futures]
        assert cheap.status_code == 200
        assert codes == [200] * 8
        # Eight requests of 0.3 s on one thread: the cheap one came back long before the
        # last of them.
        assert done_before <= 3


def _flood(url: str, clients: int, **headers: str) -> list[httpx.Response]:
    def send(i: int) -> httpx.Response:
        with httpx.Client(base_url=url, timeout=60) as http:
            return post(http, EXPENSIVE, **{k: v.format(i) for k, v in headers.items()})

    with ThreadPoolExecutor(clients) as pool:
        return list(pool.map(send, range(clients)))


def _refusals(answers: list[httpx.Response]) -> set[int]:
    assert any(a.status_code == 200 for a in answers)
    refused = [a for a in answers if a.status_code != 200]
    for answer in refused:
        assert int(answer.headers["retry-after"]) >= 1
        assert answer.json()["error"]["type"] in ("busy", "too_many_requests")
    return {a.status_code for a in refused}


def test_one_clients_backlog_gets_429_with_retry_after() -> None:
    limits = Limits(
        workers=1, max_time=0.3, max_samples=10_000_000, max_wait=60, max_client_wait=0.7
    )
    with running(limits) as (url, _):
        assert _refusals(_flood(url, 10)) == {429}


def test_a_full_queue_gets_503_with_retry_after() -> None:
    limits = Limits(
        workers=1,
        max_time=0.3,
        max_samples=10_000_000,
        max_wait=1.0,
        max_client_wait=60,
        api_key_header="X-API-Key",
    )
    with running(limits) as (url, _):
        assert _refusals(_flood(url, 10, **{"X-API-Key": "client-{}"})) == {503}


def test_work_is_cancelled_when_its_client_disconnects() -> None:
    limits = Limits(workers=1, max_time=30, max_samples=10**9, max_wait=120, max_client_wait=120)
    with running(limits) as (url, app):
        scheduler = app.state.engine.scheduler
        body = json.dumps({**EXPENSIVE, "samples": 10**9, "seed": 1}).encode()
        request = (
            b"POST /v1/equity HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\n"
            + f"content-length: {len(body)}\r\n\r\n".encode()
            + body
        )
        host, port = url.removeprefix("http://").split(":")
        running_one = socket.create_connection((host, int(port)))
        running_one.sendall(request)
        queued = socket.create_connection((host, int(port)))
        queued.sendall(request.replace(b'"seed": 1', b'"seed": 2'))
        deadline = time.monotonic() + 10
        while scheduler.depth() < 1 or not scheduler.main.running:
            assert time.monotonic() < deadline
            time.sleep(0.02)
        queued.close()
        running_one.close()
        # Both are gone long before the 30 s the running one was allowed.
        deadline = time.monotonic() + 10
        while scheduler.depth() or scheduler.main.running:
            assert time.monotonic() < deadline, "the work went on without its client"
            time.sleep(0.05)


def test_equity_by_class_waits_its_turn_on_the_same_queue() -> None:
    limits = Limits(
        workers=1, max_time=0.3, max_samples=10_000_000, max_wait=60, max_client_wait=0.7
    )
    with running(limits) as (url, _):

        def work_seconds() -> float:
            text = httpx.get(url + "/metrics").text
            line = next(
                x for x in text.splitlines() if x.startswith("pokerforge_work_seconds_total")
            )
            return float(line.split()[-1])

        before = work_seconds()
        with httpx.Client(base_url=url, timeout=60) as http:
            one = http.post("/v1/equity/by-class", json={**EXPENSIVE, "seed": 1})
        assert one.status_code == 200
        # The queue ran it (and counted its work) ...
        assert work_seconds() > before

        # ... and one client's backlog of per-class requests is refused like any other.
        def send(i: int) -> httpx.Response:
            with httpx.Client(base_url=url, timeout=60) as http:
                return http.post("/v1/equity/by-class", json={**EXPENSIVE, "seed": i})

        with ThreadPoolExecutor(10) as pool:
            answers = list(pool.map(send, range(10)))
        assert _refusals(answers) == {429}
