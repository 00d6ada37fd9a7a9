"""Property-based fuzzing of the service from its own OpenAPI schema: never a 5xx.

Request bodies are generated from the published JSON schemas (a small JSON-schema to
hypothesis translation below, covering what the schema uses), some with their players
replaced by real hands and ranges so that valid requests are reached too, and some as
arbitrary JSON. Bounded: a fixed number of examples, each request capped
by the test server's work limit.
"""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

CARDS = [r + s for r in "23456789TJQKA" for s in "cdhs"]
PLAYER_TEXTS = ["AhKh", "QsQd", "random", "JJ+, AKs", "22+", "0.5(TT)", "Ah", "", "AhKhQd2c"]
FUZZ = settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


def from_schema(schema: dict[str, Any], root: dict[str, Any]) -> st.SearchStrategy[Any]:
    """Values valid for ``schema``, mostly, plus edge values just outside its bounds."""
    if "$ref" in schema:
        name = schema["$ref"].rsplit("/", 1)[-1]
        return from_schema(root["components"]["schemas"][name], root)
    if "anyOf" in schema:
        return st.one_of([from_schema(option, root) for option in schema["anyOf"]])
    if "enum" in schema:
        return st.sampled_from(schema["enum"]) | st.text(max_size=12)
    if "const" in schema:
        return st.just(schema["const"])
    kind = schema.get("type")
    if kind == "object":
        props = {k: from_schema(v, root) for k, v in schema.get("properties", {}).items()}
        required = set(schema.get("required", ()))
        return st.fixed_dictionaries(
            {k: v for k, v in props.items() if k in required},
            optional={k: v for k, v in props.items() if k not in required},
        )
    if kind == "array":
        low, high = schema.get("minItems", 0), schema.get("maxItems", 12)
        items = from_schema(schema.get("items", {}), root)
        return st.lists(items, min_size=max(low - 1, 0), max_size=high + 1)
    if kind == "string":
        high = schema.get("maxLength", 40)
        return st.text(max_size=min(high, 60)) | st.text(min_size=high, max_size=high + 1)
    if kind == "integer":
        low, high = schema.get("minimum"), schema.get("maximum")
        edges = [x for b in (low, high) if b is not None for x in (b - 1, b, b + 1)]
        return st.integers(min_value=-(2**70), max_value=2**70) | st.sampled_from(edges or [0])
    if kind == "number":
        return st.floats(allow_nan=False, allow_infinity=False) | st.sampled_from([0.0, 1e-9])
    if kind == "boolean":
        return st.booleans()
    if kind == "null":
        return st.none()
    return st.none() | st.integers() | st.text(max_size=8)


def request_schema(client: httpx.Client, name: str) -> st.SearchStrategy[Any]:
    root: dict[str, Any] = client.get("/openapi.json").json()
    return from_schema(root["components"]["schemas"][name], root)


def cards_text(n: int) -> st.SearchStrategy[str]:
    return st.lists(st.sampled_from(CARDS), min_size=n, max_size=n).map("".join)


def check(answer: httpx.Response) -> None:
    assert answer.status_code < 500, answer.text
    body = answer.json()
    if answer.status_code >= 400:
        assert set(body["error"]) == {"type", "field", "message", "code", "values"}
    elif "players" in body:
        assert sum(p["equity"] for p in body["players"]) == pytest.approx(1, abs=1e-6)


@pytest.fixture(scope="module")
def equity_bodies(base_url: str) -> st.SearchStrategy[dict[str, Any]]:
    with httpx.Client(base_url=base_url) as http:
        generated = request_schema(http, "EquityRequest")
    realistic = st.fixed_dictionaries(
        {
            "players": st.lists(
                st.one_of(st.sampled_from(PLAYER_TEXTS), cards_text(2)), min_size=1, max_size=11
            ),
            "board": st.sampled_from([0, 3, 4, 5, 6]).flatmap(cards_text),
            "game": st.sampled_from(["holdem", "omaha", "omaha-hilo"]),
        },
        optional={
            "dead": cards_text(1),
            "samples": st.integers(-5, 500_000),
            "seed": st.integers(-1, 2**64),
            "method": st.sampled_from(["auto", "exact", "monte-carlo"]),
            "time_limit": st.floats(0.0, 0.2),
        },
    )
    return st.one_of(generated, realistic)


@pytest.mark.slow  # the longest fuzz, the same on every Python: on 3.11 only
def test_equity_never_fails_with_a_5xx(
    client: httpx.Client, equity_bodies: st.SearchStrategy[dict[str, Any]]
) -> None:
    @FUZZ
    @given(body=equity_bodies)
    def run(body: dict[str, Any]) -> None:
        check(client.post("/v1/equity", json=body))

    run()


@pytest.mark.slow  # a fuzz of the same service on every Python: on 3.11 only
def test_evaluate_never_fails_with_a_5xx(client: httpx.Client) -> None:
    generated = request_schema(client, "EvaluateRequest")
    realistic = st.fixed_dictionaries(
        {"game": st.sampled_from(["holdem", "omaha", "omaha-hilo"])},
        optional={
            "cards": st.integers(0, 8).flatmap(cards_text),
            "hole": st.integers(0, 7).flatmap(cards_text),
            "board": st.integers(0, 6).flatmap(cards_text),
        },
    )

    @FUZZ
    @given(body=st.one_of(generated, realistic))
    def run(body: dict[str, Any]) -> None:
        check(client.post("/v1/evaluate", json=body))

    run()


def test_arbitrary_json_never_fails_with_a_5xx(client: httpx.Client) -> None:
    json_values = st.recursive(
        st.none()
        | st.booleans()
        | st.integers()
        | st.floats(allow_nan=False, allow_infinity=False)
        | st.text(),
        lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
        max_leaves=12,
    )

    @FUZZ
    @given(path=st.sampled_from(["/v1/equity", "/v1/evaluate"]), body=json_values)
    def run(path: str, body: Any) -> None:
        check(client.post(path, json=body))

    run()
