"""Every error answer's ``code`` and ``values``: what its English message says, for a
client to say in its own language (the calculator's Italian page does)."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from pokerforge.service.refusal import CODES, explain

# The common refusals: (route, body, field, code, values).
REFUSALS: list[tuple[str, dict[str, Any], str, str, dict[str, str]]] = [
    ("/v1/equity", {"players": ["AhXx", "random"]}, "players[0]", "bad_card", {"text": "Xx"}),
    (
        "/v1/equity",
        {"players": ["AhKh", "random"], "dead": "Zz"},
        "dead",
        "bad_card",
        {"text": "Zz"},
    ),
    ("/v1/equity", {"players": ["AhAh", "random"]}, "players[0]", "duplicate_card", {"card": "Ah"}),
    (
        "/v1/equity",
        {"players": ["AhKh", "KdKc"], "board": "Ah2c3d"},
        "board",
        "duplicate_card",
        {"card": "Ah"},
    ),
    (
        "/v1/equity",
        {"players": ["AhKhQh", "random"]},
        "players[0]",
        "card_count",
        {"expected": "2", "given": "3"},
    ),
    (
        "/v1/equity",
        {"players": ["AhKh", "random"], "board": "2c3d"},
        "board",
        "board_count",
        {"expected": "0, 3, 4 or 5", "given": "2"},
    ),
    (
        "/v1/equity",
        {"players": ["AhKh", "QQ+,AK,junk"]},
        "players[1]",
        "bad_range",
        {"text": "QQ+,AK,junk", "char": "u", "position": "8"},
    ),
    (
        "/v1/equity",
        {"players": ["random", "random", "random"], "method": "exact"},
        "method",
        "exact_too_large",
        {"limit": "2000000"},
    ),
    (
        "/v1/equity",
        {"players": ["AhKh"] + ["random"] * 11},
        "players",
        "too_many",
        {"most": "10", "given": "12"},
    ),
    ("/v1/equity", {"players": ["AhKh"]}, "players", "too_few", {"least": "2", "given": "1"}),
    (
        "/v1/equity",
        {"players": ["AhKh", "random"], "samples": 10**9},
        "samples",
        "samples_range",
        {"most": "400000", "given": "1000000000"},
    ),
    (
        "/v1/range",
        {"range": "QQ+,junk", "exclude": ""},
        "range",
        "bad_range",
        {"text": "QQ+,junk", "char": "u", "position": "5"},
    ),
    (
        "/v1/pushfold",
        {"stacks": [10, 10, 0.2], "blinds": [0.5, 1], "ante": 0, "payouts": [50, 30]},
        "stacks[2]",
        "stack_too_small",
        {"value": "0.2"},
    ),
    (
        "/v1/icm",
        {"stacks": [10] * 30, "payouts": [50, 30]},
        "stacks",
        "too_many",
        {"most": "22", "given": "30"},
    ),
]


@pytest.mark.parametrize("case", REFUSALS, ids=lambda case: f"{case[2]}-{case[3]}")
def test_each_refusal_has_its_code_and_values(
    client: httpx.Client, case: tuple[str, dict[str, Any], str, str, dict[str, str]]
) -> None:
    route, body, field, code, values = case
    answer = client.post(route, json=body)
    assert answer.status_code == 422
    error = answer.json()["error"]
    assert (error["field"], error["code"], error["values"]) == (field, code, values)
    assert error["message"]  # the English sentence stays


def test_unknown_shapes_are_other_and_every_code_is_listed() -> None:
    assert explain("a sentence of no known shape") == ("other", {})
    assert explain("the card 2c is not in the short deck") == (
        "card_not_in_deck",
        {"card": "2c", "deck": "the short deck"},
    )
    assert (
        explain("player 2's range leaves no possible hand once the known cards are removed")[0]
        == "empty_range"
    )
    assert "other" in CODES and len(set(CODES)) == len(CODES)


def test_refusals_outside_the_engine_have_codes_too(client: httpx.Client) -> None:
    answer = client.post("/v1/equity", content=b"{", headers={"Content-Type": "application/json"})
    error = answer.json()["error"]
    assert answer.status_code == 400 and error["code"] in CODES
    answer = client.get("/v1/nowhere")
    assert answer.json()["error"]["code"] == "other"
