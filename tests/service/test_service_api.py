"""The equity service over real HTTP: answers, errors naming the field, limits, parallelism."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from importlib import resources
from pathlib import Path
from typing import Any

import httpx
import pytest
from service_helpers import TEST_LIMITS, free_port

import pokerforge


def post(client: httpx.Client, body: Any) -> httpx.Response:
    return client.post("/v1/equity", json=body)


def test_health_and_openapi(client: httpx.Client) -> None:
    health = client.get("/healthz")
    assert health.status_code == 200
    assert health.json() == {"status": "ok", "version": pokerforge.__version__, "pid": os.getpid()}
    schema = client.get("/openapi.json").json()
    assert {"/v1/equity", "/v1/evaluate", "/healthz"} <= set(schema["paths"])
    assert "EquityRequest" in schema["components"]["schemas"]


def test_heads_up_exact_matches_the_library(client: httpx.Client) -> None:
    answer = post(client, {"players": ["AhAs", "KdKc"], "method": "exact"})
    assert answer.status_code == 200
    data = answer.json()
    direct = pokerforge.equity(["AhAs", "KdKc"], method="exact")
    assert data["exact"] is True
    assert data["deals"] == direct.deals == 1_712_304
    assert data["players"][0]["player"] == "AsAh"
    for got, want in zip(data["players"], direct.players, strict=True):
        assert got["equity"] == pytest.approx(want.equity)
        assert got["win"] == pytest.approx(want.win)
        assert got["lose"] == pytest.approx(want.lose)
        assert sum(got["categories"].values()) == pytest.approx(1)
    assert sum(p["equity"] for p in data["players"]) == pytest.approx(1)


def test_ranges_random_board_dead_and_seeded_monte_carlo(client: httpx.Client) -> None:
    body = {
        "players": ["AhKh", "QQ+, AKs", "random"],
        "board": "2c 7d 9h",
        "dead": "3s",
        "samples": 50_000,
        "seed": 7,
    }
    first = post(client, body).json()
    assert first["method"] == "monte-carlo"
    assert first["seed"] == "7"
    assert first["deals"] == first["samples"] == 50_000
    again = post(client, body).json()
    assert again["cached"] is True
    assert again["players"] == first["players"]
    other_seed = post(client, {**body, "seed": 8}).json()
    assert other_seed["cached"] is False


def test_auto_picks_monte_carlo_for_big_problems(client: httpx.Client) -> None:
    data = post(client, {"players": ["AhKh", "random", "random"], "seed": 1}).json()
    assert data["method"] == "monte-carlo"
    assert data["deals"] == TEST_LIMITS.default_samples


def test_omaha_hilo_has_high_low_and_scoop(client: httpx.Client) -> None:
    data = post(
        client, {"players": ["AhKhQd2c", "KsKd3c4c"], "board": "5c6c9d", "game": "omaha-hilo"}
    ).json()
    assert data["exact"] is True
    for player in data["players"]:
        assert player["high"] is not None
        assert player["low"] is not None
        assert 0 <= player["scoop"] <= 1


def test_evaluate(client: httpx.Client) -> None:
    royal = client.post("/v1/evaluate", json={"cards": "AsKsQsJsTs"}).json()
    assert royal["high"] == {
        "rank": 7462,
        "category": "straight_flush",
        "description": "Royal flush",
        "best_five": ["As", "Ks", "Qs", "Js", "Ts"],
    }
    hilo = client.post(
        "/v1/evaluate",
        json={"game": "omaha-hilo", "hole": "Ah3dJcJs", "board": "2c5d7sKhQc"},
    ).json()
    assert hilo["high"]["description"] == "Pair of jacks"
    assert hilo["low"] == {"rank": 49, "description": "7-5-3-2-A low"}


INVALID_EQUITY = [
    ({"players": ["AhKh", "QsQx"]}, "players[1]", "'Qx' is not a card"),
    ({"players": ["AhKh", "QQ+, AKz"]}, "players[1]", "not a valid range"),
    ({"players": ["AhKh", "AhQd"]}, "players[1]", "the card Ah is given more than once"),
    ({"players": ["AhKh", "QsQd"], "board": "Ah2c3c"}, "board", "given more than once"),
    ({"players": ["AhKh", "QsQd"], "board": "2c3c"}, "board", "0, 3, 4 or 5 cards"),
    ({"players": ["AhKh", "QsQd"], "board": "2c3c4c5c6c7c"}, "board", "0, 3, 4 or 5"),
    ({"players": ["AhKh", "QsQd"], "dead": "Kh"}, "dead", "given more than once"),
    ({"players": ["AhKh", "QsQd"], "dead": "zz"}, "dead", "not a card"),
    ({"players": ["AhKh"]}, "players", "at least 2"),
    ({"players": ["random"] * 11}, "players", "at most 10"),
    ({"players": "AhKh"}, "players", "valid list"),
    ({"players": ["AhKhQh", "QsQd"]}, "players[0]", "needs 2 cards"),
    ({"players": ["AhKh", "QsQd"], "game": "pineapple"}, "game", "holdem"),
    ({"players": ["AhKhQd2c", "QQ+"], "game": "omaha"}, "players[1]", "Hold'em only"),
    ({"players": ["AhKhQd2c", "QsQdJc"], "game": "omaha"}, "players[1]", "4, 5 or 6"),
    ({"players": ["AhKhQd2c", "QsQcJcJd9c"], "game": "omaha"}, "players[1]", "all the same"),
    ({"players": ["AhKh", "QsQd"], "method": "fast"}, "method", "exact"),
    ({"players": ["AhKh", "QsQd"], "samples": 0}, "samples", "greater than or equal to 1"),
    ({"players": ["AhKh", "QsQd"], "samples": 10**9}, "samples", "expected 1 to 400000"),
    ({"players": ["AhKh", "QsQd"], "time_limit": 60}, "time_limit", "at most 0.5 seconds"),
    ({"players": ["AhKh", "QsQd"], "time_limit": -1}, "time_limit", "greater than 0"),
    ({"players": ["AhKh", "QsQd"], "seed": -1}, "seed", "greater than or equal to 0"),
    ({"players": ["AhKh", "QsQd"], "colour": "red"}, "colour", "Extra inputs"),
    ({"players": ["AhKh", "QsQd"], "board": 7}, "board", "valid string"),
    ({"players": ["x" * 401, "QsQd"]}, "players[0]", "at most 400 characters"),
    ({}, "players", "Field required"),
]


@pytest.mark.parametrize(("body", "field", "message"), INVALID_EQUITY)
def test_invalid_equity_requests_name_the_field(
    client: httpx.Client, body: dict[str, Any], field: str, message: str
) -> None:
    answer = post(client, body)
    assert answer.status_code == 422, answer.text
    error = answer.json()["error"]
    assert error["field"] == field
    assert message in error["message"]


def test_malformed_bodies(client: httpx.Client) -> None:
    surrogate = b'{"players": ["\\ud800", "AhKh"], "board": "\\u0000"}'
    for content in (b"{not json", b'{"players": [1,'):
        answer = client.post(
            "/v1/equity", content=content, headers={"content-type": "application/json"}
        )
        assert answer.status_code == 400, content
        assert answer.json()["error"]["type"] == "invalid_json"
    for content in (b"[1, 2]", b"null", b"", surrogate):
        answer = client.post(
            "/v1/equity", content=content, headers={"content-type": "application/json"}
        )
        assert answer.status_code == 422, content
        assert answer.json()["error"]["type"] == "invalid_request"
    bad_text = client.post(
        "/v1/evaluate",
        content=b'{"cards": "As\\udfffKs"}',
        headers={"content-type": "application/json"},
    )
    assert bad_text.status_code == 422
    huge = client.post(
        "/v1/equity", content=b"x" * 70_000, headers={"content-type": "application/json"}
    )
    assert huge.status_code == 413
    not_allowed = client.get("/v1/equity")
    assert not_allowed.status_code == 405
    assert not_allowed.headers["allow"] == "POST"
    missing = client.get("/nowhere")
    assert missing.status_code == 404
    assert missing.json()["error"]["type"] == "http"


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"cards": "AsKsQsJsTx"}, "cards"),
        ({"cards": "AsKsQs"}, "cards"),
        ({"cards": "AsAsQsJsTs"}, "cards"),
        ({}, "cards"),
        ({"game": "omaha", "hole": "AhKh", "board": "2c3c4c"}, "hole"),
        ({"game": "omaha", "hole": "AhKhQhJh"}, "board"),
        ({"game": "omaha", "hole": "AhKhQhJh", "board": "2c3c"}, "board"),
        ({"game": "omaha", "hole": "AhKhQhJh", "board": "Ah3c4c"}, "board"),
        ({"game": "pineapple", "cards": "AsKsQsJsTs"}, "game"),
    ],
)
def test_invalid_evaluate_requests(client: httpx.Client, body: dict[str, Any], field: str) -> None:
    answer = client.post("/v1/evaluate", json=body)
    assert answer.status_code == 422, answer.text
    assert answer.json()["error"]["field"] == field


def test_work_limit(client: httpx.Client) -> None:
    # Exact enumeration of a three-way turn takes seconds: stopped at the time limit and
    # refused when asked for...
    slow = {"players": ["AhKh", "random", "random"], "board": "2c7d9h4s"}
    refused = post(client, {**slow, "method": "exact"})
    assert refused.status_code == 422
    assert refused.json()["error"]["field"] == "method"
    # ... and "auto" turns it into Monte Carlo that stops at the time limit.
    start = time.perf_counter()
    capped = post(client, {**slow, "samples": 400_000, "time_limit": 0.2, "seed": 3})
    assert capped.status_code == 200
    assert capped.json()["method"] == "monte-carlo"
    assert 0 < capped.json()["deals"] <= 400_000
    assert time.perf_counter() - start < 5  # generous: a loaded CI machine


def test_eight_parallel_requests(client: httpx.Client) -> None:
    hands = ["AhAs", "KdKc", "QhQs", "JdJc", "ThTs", "9d9c", "8h8s", "7d7c"]
    bodies = [
        {"players": [hands[i], hands[(i + 1) % 8]], "board": "", "method": "exact"}
        for i in range(8)
    ]
    with ThreadPoolExecutor(8) as pool:
        answers = list(pool.map(lambda body: post(client, body), bodies))
    for body, answer in zip(bodies, answers, strict=True):
        assert answer.status_code == 200
        want = pokerforge.equity(body["players"], method="exact")
        assert answer.json()["players"][0]["equity"] == pytest.approx(want.players[0].equity)


def test_web_page_and_static_files(client: httpx.Client) -> None:
    page = client.get("/")
    assert page.status_code == 200
    assert "pokerforge odds calculator" in page.text
    for name, kind in (("app.js", "javascript"), ("style.css", "text/css")):
        asset = client.get(f"/static/{name}")
        assert asset.status_code == 200
        assert kind in asset.headers["content-type"]
    assert "/v1/equity" in client.get("/static/app.js").text
    # The page's limits come from the core, written there once.
    limits = client.get("/static/limits.js")
    assert "javascript" in limits.headers["content-type"]
    # And the games equity knows, with their shapes, from the one table of games.
    lines = limits.text.splitlines()
    assert lines[0] == f"export const MAX_PLAYERS = {pokerforge._core.MAX_PLAYERS};"
    assert [line.split(" = ")[0] for line in lines[1:]] == [
        "export const GAMES",
        "export const SHAPES",
    ]


def test_the_page_is_small_and_all_its_own() -> None:
    """Under 200 KB of HTML, CSS and JavaScript, none of it from another site."""
    static = resources.files("pokerforge.service") / "static"
    files = [f for f in static.iterdir() if f.is_file()]
    size = sum(len(f.read_bytes()) for f in files)
    assert size < 200 * 1024, size
    for file in files:
        text = file.read_text(encoding="utf-8")
        assert "http://" not in text.replace("http://www.w3.org/2000/svg", "")
        assert "https://" not in text


def test_serve_command_logs_json_and_shuts_down_gracefully() -> None:
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "pokerforge", "serve", "--port", str(port), "--workers", "1"],
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        url = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 30
        while True:
            try:
                if httpx.get(f"{url}/healthz", timeout=2).status_code == 200:
                    break
            except httpx.TransportError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)
        assert httpx.post(f"{url}/v1/equity", json={"players": ["AhAs", "KdKc"]}).is_success
    finally:
        server.send_signal(signal.SIGTERM)
        _, err = server.communicate(timeout=30)
    assert server.returncode == 0
    lines = [line for line in err.splitlines() if line.startswith("{")]
    assert any('"event": "request"' in line and '"/v1/equity"' in line for line in lines)
    assert any('"event": "shutdown"' in line for line in lines)


@pytest.mark.skipif(os.name != "posix", reason="signals")
def test_serve_needs_a_free_port() -> None:
    with __import__("socket").socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        done = subprocess.run(
            [sys.executable, "-m", "pokerforge", "serve", "--port", str(port)],
            capture_output=True,
            text=True,
            timeout=30,
            check=False,
        )
    assert done.returncode != 0


def test_the_readmes_error_example_is_what_the_service_answers(client: httpx.Client) -> None:
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    shown = readme.split('`{"players": ["AhKh", "Qx"]}` gets')[1].split("```json\n")[1]
    answer = post(client, {"players": ["AhKh", "Qx"]})
    assert answer.status_code == 422
    error = answer.json()["error"]
    example = json.loads(shown.split("```")[0])["error"]
    assert error == example  # the code and values that translate it included
