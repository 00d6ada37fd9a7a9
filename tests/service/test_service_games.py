"""The service offers the games beyond Hold'em and Omaha: short-deck equity (with its order
switch) on /v1/equity and /v1/equity/by-class, every variant's evaluator on /v1/evaluate,
and the shape of a stud request checked before the core is asked."""

from __future__ import annotations

import httpx
import pytest

import pokerforge
from pokerforge.errors import FieldError
from pokerforge.service.calculator import LIMITS_JS
from pokerforge.service.work import Limits, plan_equity


@pytest.mark.parametrize("order", [None, True, False])
def test_short_deck_equity_and_its_switch(client: httpx.Client, order: bool | None) -> None:
    body: dict[str, object] = {
        "players": ["9c8c", "JsJd"],
        "board": "Td7hJh6s",
        "game": "6+",
        "method": "exact",
    }
    if order is not None:
        body["trips_beat_straight"] = order
    data = client.post("/v1/equity", json=body).json()
    assert data["game"] == "short-deck"
    direct = pokerforge.equity(
        ["9c8c", "JsJd"], "Td7hJh6s", game="short-deck", method="exact", trips_beat_straight=order
    )
    assert [p["equity"] for p in data["players"]] == [p.equity for p in direct.players]
    # Three jacks against a straight: only the order decides.
    assert data["players"][0]["equity"] == (0.0 if order is not False else pytest.approx(18 / 28))


@pytest.mark.parametrize(
    ("body", "field", "message"),
    [
        ({"players": ["AhKh", "5c6c"]}, "players[1]", "5c is not in the short deck"),
        ({"players": ["AhKh", "random"], "board": "2d7h8h"}, "board", "2d is not in the short"),
        ({"players": ["AhKh", "22-55"]}, "players[1]", "leaves no possible hand"),
    ],
)
def test_short_deck_errors_name_the_field(
    client: httpx.Client, body: dict[str, object], field: str, message: str
) -> None:
    answer = client.post("/v1/equity", json={**body, "game": "short-deck"})
    assert answer.status_code == 422
    error = answer.json()["error"]
    assert (error["field"], message in error["message"]) == (field, True)


def test_the_switch_is_short_decks_alone(client: httpx.Client) -> None:
    asks = [
        ("/v1/equity", {"players": ["AhKh", "QsQd"], "trips_beat_straight": False}),
        ("/v1/evaluate", {"cards": "AsKsQsJsTs", "trips_beat_straight": False}),
    ]
    for path, body in asks:
        answer = client.post(path, json=body)
        assert answer.status_code == 422
        assert answer.json()["error"]["field"] == "trips_beat_straight"
        assert "short-deck" in answer.json()["error"]["message"]


def test_short_deck_ranges_by_class(client: httpx.Client) -> None:
    body = {"players": ["QQ+, 55", "AhKh"], "board": "6h7hQc", "game": "short-deck"}
    data = client.post("/v1/equity/by-class", json=body).json()
    by_class = data["players"][0]["by_class"]
    assert set(by_class) == {"AA", "KK", "QQ"}  # fives are not in the deck
    alone = pokerforge.equity(["KK", "AhKh"], "6h7hQc", game="short-deck", method="exact")
    assert by_class["KK"] == pytest.approx(alone.players[0].equity)


def test_a_class_that_cannot_be_dealt_beside_the_others_is_left_out(
    client: httpx.Client,
) -> None:
    # With AhAd dead, the class AA is only AsAc, which the other player's AA needs: that
    # class has no equity. It was once a 500; /v1/equity answers the same question.
    body = {"players": ["AA,KK", "AA"], "dead": "AhAd"}
    assert client.post("/v1/equity", json=body).status_code == 200
    answer = client.post("/v1/equity/by-class", json=body)
    assert answer.status_code == 200, answer.text
    rows = [p["by_class"] for p in answer.json()["players"]]
    assert set(rows[0]) == {"KK"} and set(rows[1]) == {"AA"}
    alone = pokerforge.equity(["KK", "AsAc"], dead="AhAd", method="exact")
    assert rows[0]["KK"] == pytest.approx(alone.players[0].equity)


@pytest.mark.parametrize(
    ("game", "cards", "high", "low"),
    [
        ("short-deck", "As9h8d7c6sKdQd", "Straight, nine high", None),
        ("6+", "QhJh9h7h6hAsAd", "Flush, queen high", None),
        ("stud", "AsAdAh9s9d7c2c", "Full house, aces full of nines", None),
        ("stud8", "KsKd7h5c3d2sAh", "Pair of kings", "7-5-3-2-A low"),
        ("stud-hilo", "KsKdQhJcTd9s8h", "Straight, king high", None),
        ("razz", "KsKd7h5c3d2sAh", None, "7-5-3-2-A low"),
    ],
)
def test_every_variant_is_evaluated(
    client: httpx.Client, game: str, cards: str, high: str | None, low: str | None
) -> None:
    data = client.post("/v1/evaluate", json={"game": game, "cards": cards}).json()
    assert (
        data["high"] and data["high"]["description"],
        data["low"] and data["low"]["description"],
    ) == (high, low)


def test_short_deck_evaluation_follows_its_switch(client: httpx.Client) -> None:
    # Nine-high straight or three kings: the best five change with the order.
    ask = {"game": "short-deck", "cards": "9s8d7h6cAsKdKh"}
    trips = client.post("/v1/evaluate", json=ask).json()["high"]
    straight = client.post("/v1/evaluate", json={**ask, "trips_beat_straight": False}).json()
    assert trips["description"] == straight["high"]["description"] == "Straight, nine high"
    assert trips["rank"] < straight["high"]["rank"]
    assert straight["high"]["best_five"] == ["9s", "8d", "7h", "6c", "As"]
    wrong = client.post("/v1/evaluate", json={"game": "razz", "cards": "KsKd"})
    assert wrong.status_code == 422 and wrong.json()["error"]["field"] == "cards"


def test_stud_hi_lo_equity_over_the_api(client: httpx.Client) -> None:
    # Fourth street: exact in milliseconds, well inside the test server's 0.5 s however busy
    # the machine (third street's 18 billion deals take a quarter of a second idle, and
    # the count now stops at its deadline as it should).
    players = ["Ad2d3c4h", "KsKhQd5c"]
    body = {"players": players, "dead": "4d", "game": "stud8", "method": "exact"}
    answer = client.post("/v1/equity", json=body)
    assert answer.status_code == 200, answer.text
    data = answer.json()
    assert data["game"] == "stud-hilo" and data["exact"]
    direct = pokerforge.equity(players, dead="4d", game="stud-hilo", method="exact")
    assert [p["scoop"] for p in data["players"]] == [p.scoop for p in direct.players]
    wrong = client.post("/v1/equity", json={**body, "board": "7c8c9c"})
    assert wrong.status_code == 422 and wrong.json()["error"]["field"] == "board"


def test_a_stud_board_is_refused_by_name() -> None:
    # The shape check runs before the core, which learns the stud games separately.
    ask = {"dead": "", "method": "auto", "samples": None, "time_limit": None}
    with pytest.raises(FieldError, match="Seven-card stud has no board") as caught:
        plan_equity(["AhAd7c", "random"], board="2c3d4h", game="stud", limits=Limits(), **ask)  # type: ignore[arg-type]
    assert caught.value.field == "board"
    with pytest.raises(FieldError, match="Razz deals 7 cards to a player") as caught:
        plan_equity(["AhAd7c2c3c4c5c6c", "random"], board="", game="razz", limits=Limits(), **ask)  # type: ignore[arg-type]
    assert caught.value.field == "players[0]"


def test_the_page_learns_the_games_from_the_table() -> None:
    assert '["short-deck", 2]' in LIMITS_JS
    assert (
        '"short-deck": {"board": true, "ranges": true, "partial": false, "lowest_rank": "6", '
        '"draw": false, "hilo": false, "grid": false, "by_hand": false, "hand": "high hand", '
        '"categories": [["straight_flush", "straight_flush"], ["four_of_a_kind", '
        '"four_of_a_kind"], ["flush", "flush"], ["full_house", "full_house"]' in LIMITS_JS
    )
    # The draw games, each player with a draw and no board; badugi's hands are counted by
    # their cards that play, not by categories.
    assert '["badugi", 4]' in LIMITS_JS
    assert (
        '"badugi": {"board": false, "ranges": false, "partial": false, "lowest_rank": "2", '
        '"draw": true, "hilo": false, "grid": false, "by_hand": false, "hand": "badugi", '
        '"categories": []}' in LIMITS_JS
    )
    # Razz's hands are lows: a made low is "no pair" (its name's text key), best first.
    razz = '"hand": "ace-to-five low", "categories": [["high_card", "no_pair"], ["pair"'
    assert razz in LIMITS_JS
    holdem = (
        '"holdem": {"board": true, "ranges": true, "partial": false, "lowest_rank": "2", '
        '"draw": false, "hilo": false, "grid": true, "by_hand": true'
    )
    assert holdem in LIMITS_JS
