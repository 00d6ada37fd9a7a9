"""The service's solve jobs: queued, progress, results at any node, cancel, expiry and
the bounds on size and queue."""

from __future__ import annotations

import time
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from pokerforge.service.solver import SolveJobs, SolveLimits, mount_solver

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
