"""The service's solve jobs: queued, progress, results at any node, cancel, expiry and
the bounds on size and queue."""

from __future__ import annotations

import time
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from pokerforge.service.solver import SolveJobs, SolveLimits, mount_solver
from pokerforge.solver import solve

# Solves as the service's jobs, the same on every Python: on 3.11 only in the test command.
pytestmark = pytest.mark.slow

RIVER = {"ranges": ["AA, KK, QJs", "KK-TT"], "board": "Kh9d5c3s2h", "pot": 100, "stack": 200}
# A flop that runs until it is stopped (target 0).
LONG = {"ranges": ["TT+, AQ+", "88+, AJ+, KQ"], "board": "Td9d6h", "pot": 100,
        "stack": 400, "target": 0.0}  # fmt: skip


def _client(**limits: Any) -> tuple[TestClient, SolveJobs]:
    app = FastAPI()
    jobs = mount_solver(app, SolveLimits(**limits))
    return TestClient(app), jobs


def _wait(client: TestClient, job: str, *statuses: str) -> dict[str, Any]:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        out: dict[str, Any] = client.get(f"/v1/solve/{job}").json()
        if out["status"] in statuses:
            return out
        time.sleep(0.02)
    raise AssertionError(f"job {job} never reached {statuses}")


def test_a_job_is_queued_solved_and_read_at_any_node() -> None:
    client, jobs = _client()
    posted = client.post("/v1/solve", json={**RIVER, "bets": "50%, a", "raises": ""})
    assert posted.status_code == 202
    job = posted.json()
    assert job["status"] in ("queued", "running", "done") and job["bytes"] > 0
    done = _wait(client, job["id"], "done")
    assert done["reached"] and done["exploitability"] <= 0.005
    root = done["node"]
    assert root["kind"] == "decision" and root["player"] == 0 and root["pot"] == 100
    assert [a["action"] for a in root["actions"]] == ["x", "b50", "a200"]
    assert sum(a["frequency"] for a in root["actions"]) == pytest.approx(1.0)
    assert len(root["actions"][0]["grid"]) == 13
    node = client.get(f"/v1/solve/{job['id']}", params={"line": "x b50"}).json()["node"]
    assert node["player"] == 0 and [a["action"] for a in node["actions"]] == ["f", "c"]
    showdown = client.get(f"/v1/solve/{job['id']}", params={"line": "x x"}).json()["node"]
    assert showdown["kind"] == "showdown" and showdown["actions"] == []
    bad = client.get(f"/v1/solve/{job['id']}", params={"line": "b77"})
    assert bad.status_code == 422 and bad.json()["error"]["field"] == "line"
    jobs.close()


def test_bad_and_oversized_spots_are_refused_before_queueing() -> None:
    client, jobs = _client(max_bytes=100_000)
    bad = client.post("/v1/solve", json={**RIVER, "board": "Kh9d5c3s2x"})
    assert bad.status_code == 422 and bad.json()["error"]["field"] == "board"
    bad = client.post("/v1/solve", json={**RIVER, "bets": "50%, 3q"})
    assert bad.status_code == 422 and "'3q' is not a size" in bad.json()["error"]["message"]
    assert client.post("/v1/solve", json={**RIVER, "pot": "100"}).status_code == 422
    big = client.post("/v1/solve", json=LONG)
    assert big.status_code == 413
    assert "more than this server's limit of 100000 bytes" in big.json()["error"]["message"]
    missing = client.get("/v1/solve/nothing")
    assert missing.status_code == 404 and missing.json()["error"]["field"] == "job"
    jobs.close()


def test_progress_cancel_and_a_full_queue() -> None:
    client, jobs = _client(workers=1, max_queued=1, max_time=30)
    running = client.post("/v1/solve", json=LONG).json()["id"]
    seen = _wait(client, running, "running")
    queued = client.post("/v1/solve", json=LONG).json()["id"]
    assert client.get(f"/v1/solve/{queued}").json()["status"] == "queued"
    full = client.post("/v1/solve", json=LONG)
    assert full.status_code == 503 and full.headers["Retry-After"] == "10"
    # The running job reports its iterations as it goes.
    deadline = time.monotonic() + 60
    while seen["iterations"] < 2 and time.monotonic() < deadline:
        seen = client.get(f"/v1/solve/{running}").json()
    assert seen["status"] == "running" and seen["iterations"] >= 2
    assert client.delete(f"/v1/solve/{queued}").json()["status"] == "cancelled"
    client.delete(f"/v1/solve/{running}")
    stopped = _wait(client, running, "cancelled")
    assert stopped["node"] is None and stopped["iterations"] >= 2
    assert client.delete("/v1/solve/nothing").status_code == 404
    jobs.close()


def test_time_limit_and_expiry() -> None:
    client, jobs = _client(max_time=0.2, keep=3.0)
    job = client.post("/v1/solve", json=LONG).json()["id"]
    done = _wait(client, job, "done")
    assert not done["reached"] and done["seconds"] < 30
    time.sleep(3.2)
    assert client.get(f"/v1/solve/{job}").status_code == 404
    jobs.close()


def test_the_oldest_games_are_let_go_past_the_kept_memory() -> None:
    client, jobs = _client(max_kept_bytes=1)
    first = client.post("/v1/solve", json=RIVER).json()["id"]
    _wait(client, first, "done")
    second = client.post("/v1/solve", json=RIVER).json()["id"]
    # Each finished game alone passes the bound: only the newest stays.
    deadline = time.monotonic() + 60
    while client.get(f"/v1/solve/{second}").json().get("status") != "done":
        assert time.monotonic() < deadline
        time.sleep(0.02)
    assert client.get(f"/v1/solve/{first}").status_code == 404
    jobs.close()


def test_a_node_answer_has_what_a_page_walks_and_shows() -> None:
    client, jobs = _client()
    spot = {"ranges": ["AA, KK, QJs, 76s", "KK-TT, AQs"], "board": "Kh9d5c3s", "pot": 100,
            "stack": 200, "bets": "50%, a", "raises": ""}  # fmt: skip
    job = client.post("/v1/solve", json=spot).json()
    assert job["target"] == 0.005 and job["time_limit"] == 120.0
    done = _wait(client, job["id"], "done")
    assert done["seconds"] > 0 and done["reached"] is True
    game = solve(**spot)  # the same solve in Python: the same numbers
    root = done["node"]
    assert (root["street"], root["kind"], root["bets"], root["cards"]) == (
        "turn",
        "decision",
        [0, 0],
        [],
    )
    strategy = game.strategy(game.root)
    for answered, summary in zip(root["actions"], game.summary(game.root), strict=True):
        assert answered["action"] == summary.action
        assert answered["frequency"] == pytest.approx(summary.frequency, abs=0.02)
        assert answered["combos"] == pytest.approx(summary.combos, abs=0.5)
        grid = strategy.grid(summary.action)
        for r, c in ((0, 0), (1, 1), (2, 3)):  # AA, KK, QJs
            assert answered["grid"][r][c] == pytest.approx(grid[r, c], abs=0.05)
    # Combos by class: 6 of AA, 3 of KK (one king on the board), 4 of QJs, 4 of 76s.
    combos = root["combos"]
    assert (combos[0][0], combos[1][1], combos[2][3], combos[7][8]) == (6, 3, 4, 4)
    assert combos[0][1] is None and sum(x or 0 for row in combos for x in row) == 17
    ev = game.ev(game.root)
    assert root["ev"][0][0] == pytest.approx(float(ev.grid()[0, 0]), abs=2)
    assert root["values"][0]["ev"] == pytest.approx(ev.mean, abs=2)
    assert 0 < root["equity"][0][0] <= 1 and root["equity"][0][1] is None
    # Each class's EV of an action is the action's EV over the hands that take it.
    check = root["actions"][0]
    weights = [
        (combos[r][c] or 0) * (check["grid"][r][c] or 0)
        for r in range(13) for c in range(13)
    ]  # fmt: skip
    mean = sum(w * (check["ev_grid"][k // 13][k % 13] or 0) for k, w in enumerate(weights)) / sum(
        weights
    )
    assert mean == pytest.approx(check["ev"], abs=1e-3)
    # A chance node lists the cards that may come; a card walks on to the river.
    chance = client.get(f"/v1/solve/{job['id']}", params={"line": "x x"}).json()["node"]
    assert chance["kind"] == "chance" and chance["actions"] == [] and chance["combos"] is None
    assert len(chance["cards"]) == 48 and "Kh" not in chance["cards"] and "2c" in chance["cards"]
    river = client.get(f"/v1/solve/{job['id']}", params={"line": "x x 2c"}).json()["node"]
    assert (river["street"], river["board"], river["player"]) == ("river", "Kh9d5c3s2c", 0)
    fold = client.get(f"/v1/solve/{job['id']}", params={"line": "b50 f"}).json()["node"]
    assert (fold["kind"], fold["player"], fold["pot"], fold["bets"]) == ("fold", 1, 150, [50, 0])
    assert fold["values"][0]["ev"] == pytest.approx(50, abs=1e-3)  # wins the starting pot's half
    jobs.close()


def test_refusals_name_the_field_and_the_kind() -> None:
    client, jobs = _client()
    cases = [
        ({"board": "Kh9d"}, "board", "solver_board_count", {"given": "2"}),
        ({"bets": "50%, 3q"}, "bets", "bad_sizes", {"text": "50%, 3q", "size": "3q"}),
        ({"raises": "2.5x,,"}, "raises", "bad_sizes", {"text": "2.5x,,"}),
        ({"ranges": ["KhKd", "QQ"]}, "ranges[0]", "empty_range", {}),
        ({"ranges": ["AA", "QQ+,A?"]}, "ranges[1]", "bad_range",
         {"text": "QQ+,A?", "char": "?", "position": "5"}),
    ]  # fmt: skip
    for change, field, code, values in cases:
        error = client.post("/v1/solve", json={**RIVER, **change}).json()["error"]
        assert (error["field"], error["code"], error["values"]) == (field, code, values), error
    jobs.close()


def test_the_routes_publish_their_answer() -> None:
    app = FastAPI()
    jobs = mount_solver(app)
    schema = app.openapi()
    for method, path in (("post", "/v1/solve"), ("get", "/v1/solve/{job}")):
        answers = schema["paths"][path][method]["responses"]
        ok = answers["202" if method == "post" else "200"]["content"]["application/json"]
        assert ok["schema"]["$ref"].endswith("/SolveJob")
    node = schema["components"]["schemas"]["SolveNode"]["properties"]
    assert {"street", "cards", "combos", "ev", "equity", "values"} <= set(node)
    jobs.close()
