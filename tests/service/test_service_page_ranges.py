"""Ranges on the calculator's grid, in Chromium: selection, weights, presets, text, and
the hand-by-hand answer (coloured grid and distribution chart)."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlparse

import pytest
from page_helpers import calculate, equity_text, grid_cell, percent, pick, use_range, wait_for_range
from playwright.sync_api import expect

import pokerforge
from pokerforge import Range
from pokerforge.service.ranges import preset

# Long end-to-end checks, the same on every Python: on 3.11 only in the test command.
pytestmark = pytest.mark.slow


def test_a_range_chosen_on_the_grid_gives_the_api_answer(page: Any) -> None:
    use_range(page, 0)
    grid_cell(page, "AA").click()
    # Drag from KK along the row to KJs: KK, KQs, KJs.
    start = grid_cell(page, "KK").bounding_box()
    end = grid_cell(page, "KJs").bounding_box()
    page.mouse.move(start["x"] + 5, start["y"] + 5)
    page.mouse.down()
    page.mouse.move(end["x"] + 5, end["y"] + 5, steps=6)
    page.mouse.up()
    wait_for_range(page, 0, "KK+, KJs+")
    assert page.input_value("#range-0") == "KK+, KJs+"
    assert page.inner_text("#range-0-info") == "20 combos"
    assert grid_cell(page, "KQs").get_attribute("aria-pressed") == "true"
    pick(page, "Jh", "Jd")
    expect(page.locator("#range-0-info")).to_have_text("18 of 20 combos after card removal")
    page.select_option("#method", "exact")
    calculate(page)
    direct = pokerforge.equity(["KK+, KJs+", "JhJd"], method="exact")
    assert equity_text(page, 0) == f"{direct.players[0].equity:.2%}"
    assert equity_text(page, 1) == f"{direct.players[1].equity:.2%}"
    assert "KK+, KJs+" in page.inner_text('.result-row[data-player="0"]')


def test_weights_text_errors_and_clicking_off(page: Any) -> None:
    use_range(page, 0)
    page.fill("#grid-weight", "50")
    grid_cell(page, "QQ").click()
    wait_for_range(page, 0, "QQ:0.5")
    assert "part" in str(grid_cell(page, "QQ").get_attribute("class"))
    assert grid_cell(page, "QQ").get_attribute("aria-label") == "QQ: 50%"
    # Clicking a cell at the current weight takes it out again.
    grid_cell(page, "QQ").click()
    page.wait_for_function("document.querySelector('#range-0').value === ''")
    # Typed text keeps its specific combos when the grid adds a class.
    use_range(page, 0, "AhKh, 0.5(JJ)")
    assert grid_cell(page, "AKs").get_attribute("aria-label") == "AKs: 25%, some suits"
    page.fill("#grid-weight", "100")
    grid_cell(page, "TT").click()
    wait_for_range(page, 0, str(Range("AhKh, 0.5(JJ), TT")))
    # A bad range is shown at its field, and calculating with it shows no answer.
    use_range(page, 0, "AKx")
    assert "'AKx' is not a range the engine reads" in page.inner_text("#player-0-error")
    assert page.get_attribute("#range-0", "aria-invalid") == "true"
    calculate(page)
    assert page.locator(".result-row").count() == 0
    assert "Player 1" in page.inner_text("#status")


def test_presets_keyboard_and_clear(page: Any) -> None:
    use_range(page, 1)
    page.wait_for_selector("#grid-preset option:nth-child(3)", state="attached")
    page.select_option("#grid-preset", label="Top 10%")
    expected = preset(10)
    wait_for_range(page, 1, expected)
    assert page.input_value("#range-1") == expected
    combos = len(Range(expected))
    assert page.inner_text("#range-1-info") == f"{combos} combos"
    # Keyboard: from the first cell (AA), down twice to AQo, then right to KQo, QQ, QJs.
    page.click('.player[data-player="1"] .edit')
    assert page.evaluate("document.activeElement.dataset.hand") == "AA"
    for key in ("ArrowDown", "ArrowDown", "ArrowRight", "ArrowRight", "ArrowRight"):
        page.keyboard.press(key)
    assert page.evaluate("document.activeElement.dataset.hand") == "QJs"
    was_on = grid_cell(page, "QJs").get_attribute("aria-pressed") == "true"
    page.keyboard.press("Space")
    page.wait_for_function(
        "(on) => document.querySelector('#grid .cell[data-hand=QJs]')"
        ".getAttribute('aria-pressed') === (on ? 'false' : 'true')",
        arg=was_on,
    )
    page.click("#grid-clear")
    page.wait_for_function("document.querySelector('#range-1').value === ''")
    assert page.locator("#grid .cell.on").count() == 0
    page.click("#undo")
    page.wait_for_function("document.querySelector('#range-1').value !== ''")


def test_hand_by_hand_grid_and_distribution_chart(page: Any) -> None:
    use_range(page, 0, "TT+, AQs+, KQs")
    use_range(page, 1, "99-66, AJs, KJs+")
    page.click('#board .slot[data-index="0"]')
    pick(page, "Ts", "9d", "4c")
    calculate(page)
    page.wait_for_selector('.player-breakdown[data-player="1"] svg.chart')
    heat = page.locator('.player-breakdown[data-player="0"] .heat-cell[data-equity]')
    shown = {heat.nth(i).get_attribute("data-hand"): heat.nth(i) for i in range(heat.count())}
    assert set(shown) == {"AA", "KK", "QQ", "JJ", "TT", "AKs", "AQs", "KQs"}
    note = page.inner_text('.player-breakdown[data-player="0"] .help')
    assert note == "Each hand counted exactly."
    # The top set against 99-66: about 90%; JJ under the ten is behind the sets of nines.
    tt = float(shown["TT"].get_attribute("data-equity"))
    assert tt > 0.8
    assert "TT: " in str(shown["TT"].get_attribute("aria-label"))
    body = {
        "players": ["TT+, AQs+, KQs", "99-66, AJs, KJs+"],
        "board": "Ts9d4c",
        "method": "exact",
    }
    by_class = (
        pokerforge.equity(["TT", "99-66, AJs, KJs+"], body["board"], method="exact")
        .players[0]
        .equity
    )
    # The page's colour for TT is the engine's answer for TT alone (up to Monte Carlo).
    assert tt == pytest.approx(by_class, abs=0.02)
    chart = page.locator('.player-breakdown[data-player="0"] svg.chart')
    steps = chart.locator("rect.step")
    assert steps.count() == 8
    assert steps.first.get_attribute("data-hand") == "TT"  # best class first
    assert "of player 1's range has more than 50% equity" in str(chart.get_attribute("aria-label"))
    assert percent(equity_text(page, 0)) + percent(equity_text(page, 1)) == pytest.approx(
        100, abs=0.02
    )
    ms = int(page.evaluate("document.body.dataset.answerMs"))
    print(f"flop range against range answered on the page in {ms} ms")


def test_calculate_right_after_typing_a_range(page: Any) -> None:
    """Text typed a moment ago is what gets asked, not the text before it."""
    use_range(page, 0, "QQ+")
    pick(page, "Kh", "Kd")
    page.fill("#range-0", "AA")
    calculate(page)
    assert page.inner_text('.result-row[data-player="0"] .hand') == "AA"
    direct = pokerforge.equity(["AA", "KhKd"], method="exact")
    assert equity_text(page, 0) == f"{direct.players[0].equity:.2%}"
    assert "AA" in page.url


def _record_equity_requests(page: Any) -> list[tuple[str, dict[str, Any]]]:
    """From now on, each equity request the page makes: its path and its body."""
    asked: list[tuple[str, dict[str, Any]]] = []

    def seen(request: Any) -> None:
        path = urlparse(request.url).path
        if request.method == "POST" and path.startswith("/v1/equity"):
            asked.append((path, request.post_data_json))

    page.on("request", seen)
    return asked


def _heat(page: Any, player: int) -> dict[str, float]:
    heat = page.locator(f'.player-breakdown[data-player="{player}"] .heat-cell[data-equity]')
    cells = [heat.nth(i) for i in range(heat.count())]
    return {c.get_attribute("data-hand"): float(c.get_attribute("data-equity")) for c in cells}


def test_heads_up_ranges_draw_the_engines_breakdown(page: Any) -> None:
    """Heads-up Hold'em counted exactly: one /v1/equity request with by_hand, and the grid
    and chart show the engine's by_class; no per-class request to the service."""
    asked = _record_equity_requests(page)
    players = ["QQ+, AKs", "JJ-99, AQs+"]
    use_range(page, 0, players[0])
    use_range(page, 1, players[1])
    page.click('#board .slot[data-index="0"]')
    pick(page, "2c", "7d", "9h")
    calculate(page)  # method auto
    page.wait_for_selector('.player-breakdown[data-player="1"] svg.chart')
    assert [path for path, _ in asked] == ["/v1/equity"]
    assert asked[0][1]["by_hand"] is True
    direct = pokerforge.equity(players, "2c7d9h", by_hand=True)
    for p, want in enumerate(direct.players):
        assert want.by_class is not None
        assert _heat(page, p) == pytest.approx(dict(want.by_class), abs=1e-6)
        assert equity_text(page, p) == f"{want.equity:.2%}"
        steps = page.locator(f'.player-breakdown[data-player="{p}"] svg.chart rect.step')
        best = max(want.by_class, key=want.by_class.__getitem__)
        assert steps.count() == len(want.by_class)
        assert steps.first.get_attribute("data-hand") == best
    note = page.inner_text('.player-breakdown[data-player="0"] .help')
    assert note == "Each hand counted exactly."


def test_before_the_flop_and_where_the_engine_has_no_breakdown(page: Any) -> None:
    """Before the flop the breakdown (no categories) is asked beside the plain answer; with
    a dead card before the flop the engine has none, so the service counts per class."""
    asked = _record_equity_requests(page)
    use_range(page, 0, "AA, KK, AKs")
    calculate(page)  # against a random hand
    page.wait_for_selector('.player-breakdown[data-player="0"] svg.chart')
    assert sorted((path, bool(body.get("by_hand"))) for path, body in asked) == [
        ("/v1/equity", False),
        ("/v1/equity", True),
    ]
    direct = pokerforge.equity(["AA, KK, AKs", "random"], by_hand=True).players[0]
    assert direct.by_class is not None
    assert _heat(page, 0) == pytest.approx(dict(direct.by_class), abs=1e-6)
    assert page.locator('.player-breakdown[data-player="1"]').count() == 0  # not a range
    assert not page.locator("#categories").is_hidden()
    asked.clear()
    page.click('#dead .slot[data-index="0"]')
    pick(page, "As")
    calculate(page)
    page.wait_for_selector('.player-breakdown[data-player="0"] svg.chart')
    assert sorted(path for path, _ in asked) == ["/v1/equity", "/v1/equity/by-class"]
    assert not any(body.get("by_hand") for _, body in asked)
    assert set(_heat(page, 0)) == {"AA", "KK", "AKs"}


def test_a_refused_breakdown_falls_back_to_the_service(page: Any) -> None:
    """Should the engine refuse by_hand (422 naming it), the page asks again without it and
    draws the service's per-class answer."""
    refusal = {"error": {"type": "invalid_request", "field": "by_hand", "message": "no"}}

    def refuse(route: Any) -> None:
        if route.request.post_data_json.get("by_hand"):
            route.fulfill(status=422, json=refusal)
        else:
            route.continue_()

    page.route("**/v1/equity", refuse)
    asked = _record_equity_requests(page)
    use_range(page, 0, "QQ+")
    pick(page, "Ah", "Kh")
    page.click('#board .slot[data-index="0"]')
    pick(page, "2c", "7d", "9h")
    calculate(page)
    page.wait_for_selector('.player-breakdown[data-player="0"] svg.chart')
    paths = [(path, bool(body.get("by_hand"))) for path, body in asked]
    assert paths[0] == ("/v1/equity", True)
    assert sorted(paths[1:]) == [("/v1/equity", False), ("/v1/equity/by-class", False)]
    direct = pokerforge.equity(["QQ+", "AhKh"], "2c7d9h", method="exact")
    assert equity_text(page, 0) == f"{direct.players[0].equity:.2%}"
    assert set(_heat(page, 0)) == {"AA", "KK", "QQ"}
    assert page.locator('.player-breakdown[data-player="1"]').count() == 0
