"""Each game's own final hands on /v1/equity: the kind of hand its categories are of, the
categories best first in that kind's words (razz's lows, short deck's order, none in
badugi, whose final hands are its own), and a hi-lo game's halves."""

from __future__ import annotations

import httpx
import pytest

CASES = {
    "holdem": (["AhKh", "QsQd"], "2c7d9h", "high hand", ["Straight flush", "Four of a kind"]),
    "short-deck": (
        ["AhKh", "QsQd"],
        "6h7hQc",
        "high hand",
        ["Straight flush", "Four of a kind", "Flush", "Full house", "Three of a kind", "Straight"],
    ),
    "razz": (
        ["As2d3h", "KcKdQs"],
        "",
        "ace-to-five low",
        ["No pair", "Pair", "Two pair", "Three of a kind", "Full house", "Four of a kind"],
    ),
    "stud-hilo": (["As2d3h", "KcKdQs"], "", "high hand", ["Straight flush"]),
    "2-7-triple-draw": (
        ["8h6d4c3s2h", "7c5c3d2dKs"],
        "",
        "deuce-to-seven low",
        ["No pair", "Pair", "Two pair", "Three of a kind", "Straight", "Flush"],
    ),
    "badugi": (["As2d3h4c", "KsQd9c8h"], "", "badugi", []),
}


@pytest.mark.parametrize("game", list(CASES))
def test_each_games_categories_in_its_words(client: httpx.Client, game: str) -> None:
    players, board, hand, first = CASES[game]
    body = {"players": players, "board": board, "game": game, "samples": 2000, "seed": 1,
            "method": "monte-carlo"}  # fmt: skip
    data = client.post("/v1/equity", json=body).json()
    assert data["hand"] == hand
    names = [c["name"] for c in data["categories"]]
    assert names[: len(first)] == first
    keys = [c["key"] for c in data["categories"]]
    for player in data["players"]:
        # Each player's chances are of the game's categories, no others.
        assert list(player["categories"]) == keys
        assert sum(player["categories"].values()) == pytest.approx(1.0 if keys else 0.0)
    if game == "badugi":  # its final hands are its own: a badugi by its top card, or fewer
        assert list(data["players"][0]["final_hands"])[-3:] == [
            "three cards", "two cards", "one card"
        ]  # fmt: skip
    if game == "stud-hilo":
        for player in data["players"]:
            assert player["high"] + player["low"] == pytest.approx(player["equity"])
            assert player["scoop"] == pytest.approx(player["win"])
