"""Ranges on the calculator's grid, in Chromium: selection, weights, presets, text, and
the hand-by-hand answer (coloured grid and distribution chart)."""

from __future__ import annotations

from typing import Any

import pytest
from page_helpers import calculate, equity_text, grid_cell, percent, pick, use_range, wait_for_range
from playwright.sync_api import expect

import pokerforge
from pokerforge import Range
from pokerforge.service.ranges import preset


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
    assert grid_cell(page, "AKs").get_attribute("aria-label") == "AKs: 25%"
    page.fill("#grid-weight", "100")
    grid_cell(page, "TT").click()
    wait_for_range(page, 0, str(Range("AhKh, 0.5(JJ), TT")))
    # A bad range is shown at its field, and calculating with it shows no answer.
    use_range(page, 0, "AKx")
    assert "'AKx' is not a valid range" in page.inner_text("#player-0-error")
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
