"""The statistics endpoint: real hand-history files of every room sent as text, the figures
the same as `Stats` counts from the files themselves, under each filter; a player's
winnings series; the refusals, each with its code and field."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest
from service_helpers import running

from pokerforge.histories import Stats, read_histories
from pokerforge.histories.filters import FILTERS, HandFilter
from pokerforge.service import Limits
from pokerforge.service.stats import MAX_FILES, PlayerRow

DATA = Path(__file__).parents[1] / "data"
ROOMS = DATA / "rooms"


def decoded(data: bytes) -> str:
    """A file's text as the page reads it: UTF-16 after its byte-order mark, UTF-8, else the
    Western Windows code page."""
    if data[:2] in (b"\xff\xfe", b"\xfe\xff"):
        return data.decode("utf-16", errors="replace")  # as the browser decodes, not fatal
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("cp1252")


def files_of(*folders: Path) -> list[dict[str, str]]:
    """The history files under ``folders`` as the request sends them, in the order the
    readers take them: each folder's text files as one, where its first one comes (a room
    writes a table's hands one after another in one file; the excerpts are more files
    than a request may send), each XML file alone."""
    out: list[dict[str, str]] = []
    for folder in folders:
        paths = sorted(folder.rglob("*")) if folder.is_dir() else [folder]
        joined: dict[Path, dict[str, str]] = {}
        for path in paths:
            text = decoded(path.read_bytes()) if path.is_file() else ""
            if path.is_file() and path.suffix in (".xml", ".phh", ".phhs"):
                out.append({"name": path.name, "text": text})
            elif path.is_file() and path.suffix == ".txt":
                if path.parent in joined:
                    joined[path.parent]["text"] += "\n\n" + text
                else:
                    joined[path.parent] = {"name": path.name, "text": text}
                    out.append(joined[path.parent])
    return out


def rows_of(stats: Stats, top: int = 200) -> list[dict[str, Any]]:
    """The rows the answer lists: each player's figures per group, most hands first."""
    rows = []
    for name in stats.players()[:top]:
        for group in stats.groups(name):
            figures = stats.player(name, group=group).as_dict()
            rows.append({key: figures[key] for key in PlayerRow.model_fields})
    return rows


@pytest.fixture(scope="module")
def server() -> Any:
    """A server of its own with time to read every room's files (the shared one stops
    work at 0.5 s, which reading files on a loaded machine can overrun)."""
    with running(Limits(max_time=30)) as (url, _), httpx.Client(base_url=url, timeout=60) as http:
        yield http


CASES = [
    HandFilter(),
    HandFilter(kind="cash", unit="USD"),
    HandFilter(kind="tournament"),
    HandFilter(stakes="0.50/1"),
    HandFilter(game="stud"),
    HandFilter(room="IPN"),
    HandFilter(since="2012-01-01", until="2014-12-31"),
    HandFilter(position="BTN"),
    HandFilter(kind="cash", unit="EUR", position="BB", since="2010-01-01"),
]


# Every room's files read nine times, the same on every Python: on 3.11 only in the test
# command (the route runs on every Python in the tests below).
@pytest.mark.slow
@pytest.mark.parametrize("where", CASES, ids=lambda w: ",".join(w.names()) or "none")
def test_figures_are_those_stats_counts_from_the_files(
    server: httpx.Client, where: HandFilter
) -> None:
    body: dict[str, Any] = {"files": files_of(ROOMS, DATA / "pokerstars")}
    body |= {name: getattr(where, name) for name in FILTERS if getattr(where, name)}
    answer = server.post("/v1/stats", json=body)
    assert answer.status_code == 200, answer.text
    data = answer.json()
    reader = read_histories(ROOMS, skip_bad=True)
    records = [*reader, *read_histories(DATA / "pokerstars", skip_bad=True)]
    stats = Stats(where=where).update(records)
    assert data["hands_read"] == len(records) == 271
    assert data["hands"] == stats.hands > 0
    assert data["players"] == rows_of(stats)
    assert data["players_total"] == len(stats.players())
    assert data["files"] == len(body["files"])
    # The refused hands by cause, as the reader counts them (the licence files hold none).
    assert data["causes"]["cut off"] == reader.causes["cut off"] == 5
    assert data["series"] is None
    choices = data["choices"]
    assert choices["kinds"] == ["cash", "tournament"] and "USD" in choices["units"]
    assert choices["positions"][:3] == ["BTN", "SB", "BB"] and "PS" in choices["rooms"]


def test_a_players_winnings_as_stats_gives_them(server: httpx.Client) -> None:
    body = {"files": files_of(ROOMS), "player": "Hero", "kind": "cash", "unit": "USD"}
    data = server.post("/v1/stats", json=body).json()
    where = HandFilter(kind="cash", unit="USD")
    stats = Stats(track=["Hero"], where=where).update(read_histories(ROOMS, skip_bad=True))
    expected = stats.winnings("Hero").as_dict()
    assert data["series"] == expected and expected["hands"] == 61
    assert data["series"]["net"][-1] == float(stats.player("Hero").net)
    # At a position: the player's hands there only.
    button = server.post("/v1/stats", json={**body, "position": "BTN"}).json()["series"]
    assert 0 < button["hands"] < expected["hands"]


def test_refusals_name_the_field_and_the_code(server: httpx.Client) -> None:
    client = server
    gg = files_of(ROOMS / "ggpoker")  # Hero: a cash game and a tournament
    cases: list[tuple[dict[str, Any], str | None, str, dict[str, str]]] = [
        ({"files": gg, "since": "26/11/2009"}, "since", "bad_date", {"text": "26/11/2009"}),
        ({"files": gg, "until": "2024-02-30"}, "until", "bad_date", {"text": "2024-02-30"}),
        (
            {"files": gg, "player": "Hero"},
            "player",
            "several_units",
            {"player": "Hero", "units": "cash in USD, tournament in chips"},
        ),
        ({"files": gg, "player": "Nobody"}, "player", "no_player_hands", {"player": "Nobody"}),
        (
            {"files": gg, "player": "Hero", "kind": "cash", "position": "UTG+4"},
            "player",
            "no_player_hands",
            {"player": "Hero"},
        ),
        ({"files": []}, "files", "too_few", {"least": "1", "given": "0"}),
        (
            {"files": [{"name": "one.txt", "text": "PokerStars"}] * (MAX_FILES + 1)},
            "files",
            "too_many",
            {"most": str(MAX_FILES), "given": str(MAX_FILES + 1)},
        ),
    ]
    for body, field, code, values in cases:
        answer = client.post("/v1/stats", json=body)
        assert answer.status_code == 422, (body.keys(), answer.text)
        error = answer.json()["error"]
        assert (error["field"], error["code"], error["values"]) == (field, code, values)
    for bad in ({"files": gg, "kind": "home"}, {"files": gg, "top": 0}, {"files": gg, "x": 1}):
        answer = client.post("/v1/stats", json=bad)
        assert answer.status_code == 422 and answer.json()["error"]["field"] in bad
    # With the player's kind chosen, the same player's graph is drawn.
    tournament = client.post(
        "/v1/stats", json={"files": gg, "player": "Hero", "kind": "tournament"}
    )
    assert tournament.status_code == 200 and tournament.json()["series"]["unit"] == "chips"


def test_text_with_no_hand_is_counted_not_refused(server: httpx.Client) -> None:
    client = server
    answer = client.post("/v1/stats", json={"files": [{"name": "notes.txt", "text": "hello"}]})
    assert answer.status_code == 200
    data = answer.json()
    assert (data["hands_read"], data["hands"], data["players"]) == (0, 0, [])
    assert data["skipped"] == 1 and data["causes"] == {"no hand": 1}


def test_the_body_limit_is_the_routes_own(server: httpx.Client) -> None:
    client = server
    # Files over the other routes' 64 KiB are read here...
    big = files_of(ROOMS / "ipoker")
    size = sum(len(f["text"]) for f in big)
    assert size > 64 * 1024
    assert client.post("/v1/stats", json={"files": big}).status_code == 200
    huge = [{"name": "big.txt", "text": "x" * (64 * 1024)}]
    assert client.post("/v1/equity", json={"players": ["AA", "KK"], "x": huge}).status_code == 413
    # ...up to their own limit, counted on the bytes received.
    most = Limits().max_stats_body
    over = [{"name": "big.txt", "text": "x" * most}]
    answer = client.post("/v1/stats", json={"files": over})
    assert answer.status_code == 413
    error = answer.json()["error"]
    assert (error["type"], error["code"], error["values"]) == (
        "too_large",
        "body_too_large",
        {"most": str(most)},
    )


def test_reading_stops_at_the_time_limit() -> None:
    with running(Limits(max_time=0.001)) as (url, _):
        answer = httpx.post(url + "/v1/stats", json={"files": files_of(ROOMS)}, timeout=60)
    assert answer.status_code == 422
    error = answer.json()["error"]
    assert (error["code"], error["values"]) == ("stats_time_limit", {"limit": "0.001"})
