"""The service against the attacks of its threat model (docs/service.md), over real HTTP.

Each case reproduces one attack that once worked: a short request that froze a worker,
bodies and heads that made it fail or grow, identities made up to jump the queue,
clients that never read, and answers that lacked the service's headers.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import socket
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pytest
from service_helpers import CHEAP, EXPENSIVE, raw, running

from pokerforge.service import Limits, create_app
from pokerforge.service.ranges import preset
from pokerforge.service.server import (
    MAX_HEAD,
    MAX_HEADERS,
    MAX_PIPELINED,
    MAX_URL,
    GuardedHttpTools,
)

pytestmark = [
    pytest.mark.slow,
    pytest.mark.serial,
    pytest.mark.filterwarnings("ignore::DeprecationWarning"),
]

SECURITY = ("content-security-policy", "x-content-type-options", "x-frame-options")


def _has_service_headers(headers: Any) -> bool:
    return all(name in headers for name in (*SECURITY, "x-request-id"))


def _head(answer: bytes) -> tuple[int, dict[str, str], bytes]:
    head, _, body = answer.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = dict(line.lower().split(": ", 1) for line in lines[1:] if ": " in line)
    return int(lines[0].split()[1]), headers, body


def test_crowded_exact_ranges_are_refused_at_once_and_planned_off_the_event_loop(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # 75 bytes that once searched billions of dead-end deals on the event loop, with the
    # GIL held (over a minute; /healthz stalled all along).
    crowded = {"players": ["A2o+"] * 5 + ["AA", "AA"], "method": "exact"}
    planned_on: list[str] = []
    from pokerforge.service import models  # noqa: PLC0415

    plan = models.EquityRequest.plan

    def recording(self: Any, limits: Limits) -> Any:
        planned_on.append(threading.current_thread().name)
        return plan(self, limits)

    monkeypatch.setattr(models.EquityRequest, "plan", recording)
    with running(Limits(workers=1, max_time=2.0)) as (url, _), httpx.Client(timeout=60) as http:
        with ThreadPoolExecutor(4) as pool:
            answers = list(
                pool.map(lambda _: http.post(url + "/v1/equity", json=crowded), range(4))
            )
            health = http.get(url + "/healthz")
        for answer in answers:
            assert answer.status_code == 422, answer.text
            assert "cannot all be dealt" in answer.json()["error"]["message"]
        assert health.status_code == 200
        # Exact asked for deals that no bounded search can count: refused, not searched.
        wide = {"players": ["A2o+", "A2o+", "K2o+", "K2o+", "Q2o+", "Q2o+", "AK"]}
        answer = http.post(url + "/v1/equity", json={**wide, "method": "exact"})
        assert answer.status_code == 422
        assert answer.json()["error"]["field"] == "method"
        assert http.post(url + "/v1/equity", json=wide).json()["method"] == "monte-carlo"
        by_class = http.post(url + "/v1/equity/by-class", json=crowded)
        assert by_class.status_code == 422
    assert planned_on and all(name.startswith("pokerforge-") for name in planned_on)


@pytest.mark.parametrize("path", ["/v1/equity", "/v1/evaluate", "/v1/equity/by-class", "/v1/range"])
def test_deeply_nested_json_is_a_400(client: httpx.Client, path: str) -> None:
    for body in ("[" * 3000 + "]" * 3000, '{"players": ' + "[" * 3000 + "]" * 3000 + "}"):
        answer = client.post(path, content=body, headers={"content-type": "application/json"})
        assert answer.status_code == 400, answer.text
        assert answer.json()["error"]["type"] == "invalid_json"
        assert _has_service_headers(answer.headers)
    # Brackets inside strings are text, not nesting.
    answer = client.post("/v1/range", json={"range": "[" * 1000})
    assert answer.status_code == 422


def test_equity_by_class_with_three_players_and_the_pages_half_preset(
    client: httpx.Client,
) -> None:
    half = preset(50)
    for players in ([half, half, half], [half, half, "random"], [half, "AhKh", half]):
        answer = client.post("/v1/equity/by-class", json={"players": players, "seed": 1})
        assert answer.status_code == 200, answer.text
        data = answer.json()
        rows = [p["by_class"] for p in data["players"]]
        assert all(row is not None for row, text in zip(rows, players, strict=True) if text == half)
        # What the time allowed; a partial view says so.
        assert isinstance(data["complete"], bool)


def test_heads_over_the_limits_get_414_and_431(base_url: str) -> None:
    long_url = b"GET /healthz?" + b"x" * (MAX_URL + 1) + b" HTTP/1.1\r\nhost: x\r\n\r\n"
    many = b"".join(b"x-h%d: 1\r\n" % i for i in range(MAX_HEADERS + 1))
    big = b"x-big: " + b"y" * (MAX_HEAD + 1) + b"\r\n"
    for request, status in (
        (long_url, 414),
        (b"GET /healthz HTTP/1.1\r\nhost: x\r\n" + many + b"\r\n", 431),
        (b"GET /healthz HTTP/1.1\r\nhost: x\r\n" + big + b"\r\n", 431),
    ):
        got, headers, body = _head(raw(base_url, request))
        assert got == status
        assert json.loads(body)["error"]["type"] == "too_large"
        assert _has_service_headers(headers)
        assert headers["connection"] == "close"
    # Just within every limit: answered.
    fine = b"GET /healthz?" + b"x" * (MAX_URL - 100) + b" HTTP/1.1\r\nhost: x\r\n"
    fine += b"".join(b"x-h%d: 1\r\n" % i for i in range(MAX_HEADERS - 2)) + b"\r\n"
    assert _head(raw(base_url, fine, wait=1))[0] == 200


def _peak_rss() -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) * 1024
    raise AssertionError("no VmHWM")


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="Linux /proc")
def test_eight_connections_sending_huge_headers_take_no_memory(base_url: str) -> None:
    # Each tries to send a 32 MiB header (once buffered whole, and copied over and over).
    chunk = b"y" * 65536
    host, port = base_url.removeprefix("http://").split(":")
    before = _peak_rss()

    def flood(_: int) -> int:
        sent = 0
        with socket.create_connection((host, int(port)), timeout=10) as sock:
            try:
                sock.sendall(b"GET /healthz HTTP/1.1\r\nhost: x\r\nx-big: ")
                while sent < 32 * 2**20:
                    sock.sendall(chunk)
                    sent += len(chunk)
            except OSError:
                pass  # refused and closed: what should happen
        return sent

    with ThreadPoolExecutor(8) as pool:
        sent = list(pool.map(flood, range(8)))
    assert max(sent) < 32 * 2**20  # every one was cut off
    assert _peak_rss() - before < 64 * 2**20
    assert httpx.get(base_url + "/healthz").status_code == 200


def _server_side_open(server_port: int, client_port: int) -> bool:
    """Whether the server still holds its end of a loopback connection open (Linux
    ``/proc/net/tcp``: established, or closing with its data still queued)."""
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        fields = line.split()
        local, remote, state = fields[1], fields[2], fields[3]
        if int(local.split(":")[1], 16) == server_port and int(remote.split(":")[1], 16) == (
            client_port
        ):
            return state == "01"  # established
    return False


@pytest.mark.skipif(not Path("/proc/net/tcp").exists(), reason="Linux /proc")
def test_a_client_that_never_reads_is_disconnected() -> None:
    # A header timeout far away: the write timeout, or the bound on pipelined requests,
    # ends this connection.
    with running(Limits(workers=1), write_timeout=1.0, header_timeout=300) as (url, _):
        host, port = url.removeprefix("http://").split(":")
        with socket.create_connection((host, int(port))) as sock:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            sock.setblocking(False)
            request = b"GET /v1/range/presets HTTP/1.1\r\nhost: x\r\n\r\n" * 100
            client_port = sock.getsockname()[1]
            assert _server_side_open(int(port), client_port)
            # Pipelined requests until the server stops taking them (or lets go), never
            # reading: the answers fill the kernel's buffers, then the server's.
            with contextlib.suppress(BlockingIOError, ConnectionResetError, BrokenPipeError):
                while True:
                    sock.send(request)
            deadline = time.monotonic() + 90
            while time.monotonic() < deadline and _server_side_open(int(port), client_port):
                time.sleep(0.1)
            assert not _server_side_open(int(port), client_port)


def test_the_write_timeout_aborts_a_connection_whose_answer_is_not_taken() -> None:
    class Transport:
        buffered = 70_000
        aborted = False

        def get_write_buffer_size(self) -> int:
            return self.buffered

        def is_closing(self) -> bool:
            return self.aborted

        def abort(self) -> None:
            self.aborted = True

    async def main() -> tuple[bool, bool]:
        taken, stuck = Transport(), Transport()
        for transport in (taken, stuck):
            guard = GuardedHttpTools.__new__(GuardedHttpTools)
            guard.loop = asyncio.get_running_loop()
            guard.transport = transport  # type: ignore[assignment]
            guard.write_timeout = 0.2
            guard._write_timer = None
            guard._watch_writes()
        await asyncio.sleep(0.05)
        taken.buffered = 0  # the client read its answer in time
        await asyncio.sleep(0.5)
        return taken.aborted, stuck.aborted

    assert asyncio.run(main()) == (False, True)


def test_pipelined_requests_beyond_the_bound_close_the_connection(base_url: str) -> None:
    request = b"GET /healthz HTTP/1.1\r\nhost: x\r\n\r\n"
    answered = raw(base_url, request * (MAX_PIPELINED - 1), wait=2)
    assert answered.count(b"HTTP/1.1 200") == MAX_PIPELINED - 1
    cut = raw(base_url, request * (MAX_PIPELINED + 10), wait=5)
    assert cut.count(b"HTTP/1.1 200") <= 1
    assert httpx.get(base_url + "/healthz").status_code == 200


def test_errors_before_the_app_and_crashes_carry_the_headers(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app = create_app(Limits(workers=1))

    async def broken(*_: Any) -> Any:
        raise RuntimeError("a bug")

    monkeypatch.setattr(app.state.engine, "equity", broken)
    with running(Limits(), app=app) as (url, _):
        answer = httpx.post(url + "/v1/equity", json={"players": ["AhAs", "KdKc"]})
        assert answer.status_code == 500
        assert answer.json()["error"] == {
            "type": "internal",
            "field": None,
            "message": "internal error",
            "code": "other",
            "values": {},
        }
        assert _has_service_headers(answer.headers)
        status, headers, body = _head(
            raw(url, b"GET /healthz HTTP/1.1\r\nhost: x\r\nbad header\r\n\r\n")
        )
        assert status == 400
        assert json.loads(body)["error"]["type"] == "bad_request"
        assert _has_service_headers(headers)


def test_post_to_a_get_route_is_405_and_head_works_on_the_presets(client: httpx.Client) -> None:
    for path, allow in (("/healthz", "GET, HEAD"), ("/v1/range/presets", "GET, HEAD")):
        for kind in ("text/plain", "application/json"):
            answer = client.post(path, content=b"{}", headers={"content-type": kind})
            assert answer.status_code == 405, (path, kind)
            assert answer.headers["allow"] == allow
            assert _has_service_headers(answer.headers)
    head = client.head("/v1/range/presets")
    assert head.status_code == 200
    assert head.content == b""


def _flood_then_one(
    url: str, attackers: list[dict[str, Any]], *, source: str, count: int = 12
) -> tuple[int, int]:
    """Queues ``count`` expensive requests from the attackers (transport settings and
    headers, taken in turn), then one from a well-behaved client at ``source``; returns
    how many attack requests finished before it, and its status."""
    finished = 0
    lock = threading.Lock()

    def attack(i: int) -> int:
        who = attackers[i % len(attackers)]
        transport = httpx.HTTPTransport(local_address=who.get("address", "127.0.0.1"))
        with httpx.Client(base_url=url, timeout=120, transport=transport) as http:
            answer = http.post(
                "/v1/equity", json={**EXPENSIVE, "seed": i}, headers=who.get("headers")
            )
        nonlocal finished
        with lock:
            finished += 1
        return answer.status_code

    with ThreadPoolExecutor(count) as pool:
        futures = [pool.submit(attack, i) for i in range(count)]
        time.sleep(1.0)  # all queued
        transport = httpx.HTTPTransport(local_address=source)
        with httpx.Client(base_url=url, timeout=120, transport=transport) as http:
            with lock:
                already = finished
            mine = http.post("/v1/equity", json={**EXPENSIVE, "seed": 999})
        with lock:
            before = finished - already
        assert all(f.result() in (200, 429, 503) for f in futures)
    return before, mine.status_code


def _flood_limits(**more: Any) -> Limits:
    """One thread, 0.3 s requests, queues long enough for every request of a flood."""
    return Limits(
        workers=1,
        max_time=0.3,
        max_samples=10_000_000,
        max_wait=120,
        max_client_wait=120,
        api_key_header="X-API-Key",
        **more,
    )


@pytest.mark.parametrize(
    "attackers",
    [
        [{"headers": {"X-API-Key": f"made-up-{i}"}} for i in range(12)],
        [{"address": f"127.0.0.{i + 2}"} for i in range(12)],
    ],
    ids=["rotating-keys", "rotating-addresses"],
)
def test_made_up_identities_share_one_turn(attackers: list[dict[str, Any]]) -> None:
    with running(_flood_limits()) as (url, _):
        before, status = _flood_then_one(url, attackers, source="127.0.1.1")
    assert status == 200
    # One network's turn against the newcomer's: the running request and perhaps one
    # more finished while it waited, not one for each made-up identity.
    assert before <= 3, before


def test_listed_api_keys_are_clients_of_their_own_and_others_are_refused(tmp_path: Path) -> None:
    keys = tmp_path / "keys.txt"
    keys.write_text("# customers\nalpha-123\n\nbeta-456\n")
    cheap = CHEAP
    with running(_flood_limits(api_keys=str(keys))) as (url, _):
        ok = httpx.post(url + "/v1/equity", json=cheap, headers={"X-API-Key": "alpha-123"})
        assert ok.status_code == 200
        assert httpx.post(url + "/v1/equity", json=cheap).status_code == 200  # by network
        refused = httpx.post(url + "/v1/equity", json=cheap, headers={"X-API-Key": "nope"})
        assert refused.status_code == 401
        assert refused.json()["error"] == {
            "type": "unauthorized",
            "field": "X-API-Key",
            "message": "the API key is not one this server knows",
            "code": "unknown_key",
            "values": {},
        }
        refused = httpx.post(url + "/v1/equity/by-class", json=cheap, headers={"X-API-Key": "nope"})
        assert refused.status_code == 401
        # A listed key is a client of its own, apart from its address's network: a flood
        # under it does not hold up a request without a key from the same address.
        attackers = [{"headers": {"X-API-Key": "alpha-123"}}]
        before, status = _flood_then_one(url, attackers, source="127.0.0.1", count=8)
        assert status == 200 and before <= 3, before


def test_api_keys_file_errors_stop_the_start(tmp_path: Path) -> None:
    empty = tmp_path / "empty.txt"
    empty.write_text("# nothing\n")
    for path, message in ((empty, "holds no key"), (tmp_path / "missing.txt", "cannot read")):
        done = subprocess.run(
            [sys.executable, "-m", "pokerforge", "serve", "--api-keys", str(path)],
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
        assert done.returncode != 0
        assert message in done.stderr


def test_a_dead_workers_queue_gauge_goes_away(tmp_path: Path) -> None:
    env = {**os.environ, "PROMETHEUS_MULTIPROC_DIR": str(tmp_path)}
    worker = (
        "import os; from pokerforge.service.metrics import Metrics; "
        "Metrics().queue_depth.set(5); os._exit(0)"  # killed: no clean-up of its own
    )
    subprocess.run([sys.executable, "-c", worker], env=env, check=True, timeout=60)
    reader = "from pokerforge.service.metrics import Metrics; print(Metrics().render()[0].decode())"
    text = subprocess.run(
        [sys.executable, "-c", reader],
        env=env,
        check=True,
        timeout=60,
        capture_output=True,
        text=True,
    ).stdout
    depth = [line for line in text.splitlines() if line.startswith("pokerforge_queue_depth ")]
    assert depth in ([], ["pokerforge_queue_depth 0.0"]), depth


def test_one_networks_connections_beyond_its_cap_get_429_and_others_still_connect() -> None:
    # A flood of connections from one network (each pipelining requests answered on the
    # event loop) took the loop's turns from everyone; past the cap its new ones are
    # refused at once, and a closed one frees its place.
    with running(Limits(workers=1), max_network_connections=3) as (url, _):
        host, port = url.removeprefix("http://").split(":")
        held = [socket.create_connection((host, int(port))) for _ in range(3)]
        try:
            for sock in held:  # each is established and served
                sock.sendall(b"GET /healthz HTTP/1.1\r\nhost: x\r\n\r\n")
                assert sock.recv(4096).startswith(b"HTTP/1.1 200")
            refused = raw(url, b"", wait=5)
            status, headers, body = _head(refused)
            assert status == 429 and headers["retry-after"] == "1"
            assert b"too many connections from your network (at most 3 open)" in body
            assert _has_service_headers(headers)
            # Another network (127.0.1.1 is loopback too) is not counted with this one.
            with socket.create_connection(
                (host, int(port)), source_address=("127.0.1.1", 0)
            ) as other:
                other.sendall(b"GET /healthz HTTP/1.1\r\nhost: x\r\n\r\n")
                assert other.recv(4096).startswith(b"HTTP/1.1 200")
            held.pop().close()
            deadline = time.monotonic() + 5
            while b"HTTP/1.1 200" not in (
                answer := raw(url, b"GET /healthz HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n")
            ):
                assert time.monotonic() < deadline, answer
                time.sleep(0.05)
        finally:
            for sock in held:
                sock.close()


HEALTHZ = b"GET /healthz HTTP/1.1\r\nhost: x\r\n\r\n"


def _from_other_network(url: str, request: bytes) -> bytes:
    """``request`` sent from 127.0.1.1 (another network than the tests' 127.0.0.1), the
    connection closed by the server after its answer; the answer."""
    host, port = url.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), 10, ("127.0.1.1", 0)) as sock:
        sock.sendall(request)
        chunks = []
        while chunk := sock.recv(65536):
            chunks.append(chunk)
        return b"".join(chunks)


def test_a_networks_connections_past_its_rate_are_held_unread_the_oldest_pushed_out() -> None:
    # 50 threads that reconnected as fast as the server refused them were a flood the
    # event loop answered connection by connection. Now a network is given `rate` new
    # connections a second: the next ones are held unread (their senders block); a full
    # waiting room refuses its oldest for the newcomer; another network is answered.
    settings = {"network_rate": 0.01, "max_network_waiting": 2, "header_timeout": 60.0}
    with running(Limits(workers=1), **settings) as (url, _):  # type: ignore[arg-type]
        host, port = url.removeprefix("http://").split(":")
        first = socket.create_connection((host, int(port)), timeout=10)
        try:
            first.sendall(HEALTHZ)  # the one token (a burst of 1 at this rate)
            assert first.recv(4096).startswith(b"HTTP/1.1 200")
            held = [socket.create_connection((host, int(port)), timeout=10) for _ in range(3)]
            for sock in held[1:]:
                sock.sendall(HEALTHZ)
            # The third pushed the first held one out: refused, with the usual headers
            # (it sent nothing: a request left unread would make the close a reset).
            oldest = held.pop(0)
            chunks = []
            with contextlib.suppress(ConnectionResetError):
                while chunk := oldest.recv(65536):
                    chunks.append(chunk)
            oldest.close()
            status, headers, body = _head(b"".join(chunks))
            assert status == 429 and headers["retry-after"] == "1"
            assert b"(at most 0.01 new a second)" in body
            assert _has_service_headers(headers)
            metrics = _from_other_network(
                url, b"GET /metrics HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n"
            )
            assert metrics.startswith(b"HTTP/1.1 200")
            assert b"pokerforge_connections_held_total 3.0" in metrics
            assert b'pokerforge_connections_refused_total{reason="pushed_out"} 1.0' in metrics
            for sock in held:  # still unanswered: their requests were not even read
                sock.setblocking(False)
                with pytest.raises(BlockingIOError):
                    sock.recv(4096)
        finally:
            first.close()
            for sock in held:
                sock.close()


def test_a_held_connection_is_served_when_its_network_frees_a_place() -> None:
    with running(Limits(workers=1), max_network_connections=1, max_network_waiting=4) as (
        url,
        _,
    ):
        host, port = url.removeprefix("http://").split(":")
        with (
            socket.create_connection((host, int(port)), timeout=10) as first,
            socket.create_connection((host, int(port)), timeout=10) as second,
        ):
            first.sendall(HEALTHZ)
            assert first.recv(4096).startswith(b"HTTP/1.1 200")
            second.sendall(HEALTHZ)  # held behind the cap of 1
            first.close()
            assert second.recv(4096).startswith(b"HTTP/1.1 200")


def test_a_connection_held_past_the_header_timeout_gets_429() -> None:
    settings = {"network_rate": 0.01, "max_network_waiting": 4, "header_timeout": 0.3}
    with running(Limits(workers=1), **settings) as (url, _):  # type: ignore[arg-type]
        host, port = url.removeprefix("http://").split(":")
        with socket.create_connection((host, int(port)), timeout=10) as first:
            first.sendall(HEALTHZ)
            assert first.recv(4096).startswith(b"HTTP/1.1 200")
            # Held (sending nothing, so that the refusal is not a reset) until refused.
            status, headers, _ = _head(raw(url, b"", wait=20))
            assert status == 429 and _has_service_headers(headers)
        metrics = _from_other_network(
            url, b"GET /metrics HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n"
        )
        assert b'pokerforge_connections_refused_total{reason="waited_too_long"} 1.0' in metrics
