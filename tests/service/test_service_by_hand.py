"""The equity service's hand-by-hand breakdown (``by_hand`` in the request)."""

from __future__ import annotations

import httpx
import pytest

import pokerforge


def test_by_hand_after_the_flop_matches_the_library(client: httpx.Client) -> None:
    body = {"players": ["QQ+,AKs", "JJ-99,AQs+"], "board": "2c7d9h", "by_hand": True}
    data = client.post("/v1/equity", json=body).json()
    direct = pokerforge.equity(body["players"], body["board"], by_hand=True)
    for got, want in zip(data["players"], direct.players, strict=True):
        assert want.by_hand is not None and want.by_class is not None
        assert got["by_hand"] == pytest.approx(dict(want.by_hand))
        assert got["by_class"] == pytest.approx(dict(want.by_class))
        assert sum(got["categories"].values()) == pytest.approx(1)


def test_by_hand_before_the_flop_has_no_categories(client: httpx.Client) -> None:
    body = {"players": ["AA,KK", "random"], "by_hand": True}
    data = client.post("/v1/equity", json=body).json()
    assert data["exact"] is True
    first = data["players"][0]
    assert first["categories"] is None
    assert set(first["by_class"]) == {"AA", "KK"}
    assert len(first["by_hand"]) == 12
    assert len(data["players"][1]["by_hand"]) == 1326


def test_without_by_hand_there_is_no_breakdown(client: httpx.Client) -> None:
    data = client.post("/v1/equity", json={"players": ["AhAs", "KdKc"]}).json()
    assert data["players"][0]["by_hand"] is None
    assert sum(data["players"][0]["categories"].values()) == pytest.approx(1)


def test_by_hand_where_it_cannot_be_given_names_the_field(client: httpx.Client) -> None:
    body = {"players": ["AA", "KK", "QQ"], "by_hand": True}
    answer = client.post("/v1/equity", json=body)
    assert answer.status_code == 422
    assert "by_hand" in answer.text
