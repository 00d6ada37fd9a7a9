"""The web calculator's tools in a real headless Chromium, at phone and desktop sizes: the
answer brought into view, the suit picker of a grid cell, saved ranges and the four-colour
deck."""

from __future__ import annotations

from typing import Any

import pytest
from page_helpers import (
    DESKTOP,
    PHONE,
    axe_violations,
    calculate,
    equity_text,
    grid_cell,
    pick,
    use_range,
    wait_for_range,
)
from playwright.sync_api import expect

import pokerforge
from pokerforge.equity import Range

# Long end-to-end checks, the same on every Python: on 3.11 only in the test command.
pytestmark = pytest.mark.slow

# The results' box starts in the viewport, with its first line (the status) in it.
IN_VIEW = """() => {
  const box = document.querySelector('#odds-panel .results').getBoundingClientRect();
  const status = document.querySelector('#status').getBoundingClientRect();
  return box.top >= -1 && status.bottom <= innerHeight && status.height > 0;
}"""


def test_the_answer_comes_into_view(open_page: Any) -> None:
    """On a desktop, then on a phone (the same page, resized and scrolled back up), where
    the answer is far below the button."""
    page = open_page(viewport=DESKTOP)
    use_range(page, 1, "QQ+, AKs")
    pick(page, "Ah", "Kd")
    for size in (DESKTOP, PHONE):
        page.set_viewport_size({"width": size[0], "height": size[1]})
        page.evaluate("scrollTo(0, 0)")
        page.click("#calculate")
        page.wait_for_function("!document.body.dataset.busy")
        page.wait_for_function(IN_VIEW, timeout=5000)
        row = page.locator('.result-row[data-player="0"]').bounding_box()
        assert row["y"] >= 0 and row["y"] + row["height"] <= size[1], size
    assert page.evaluate("scrollY") > 500  # the answer was far below the button


def test_a_refusal_comes_into_view_on_a_phone(open_page: Any) -> None:
    page = open_page(viewport=PHONE)
    use_range(page, 0)  # a range player with no range
    page.click("#calculate")
    page.wait_for_function(IN_VIEW, timeout=5000)
    assert "Choose a range" in page.inner_text("#status")
    assert page.evaluate("scrollY") > 500


def _combo(page: Any, combo: str) -> Any:
    return page.locator(f'#combo-list .combo[data-combo="{combo}"]')


def test_suit_picker_by_right_click(page: Any) -> None:
    use_range(page, 0)
    grid_cell(page, "AKs").click(button="right")
    assert page.is_visible("#combo-box")
    assert page.inner_text("#combo-title") == "AKs: suits in the range"
    combos = page.locator("#combo-list .combo")
    assert [combos.nth(i).get_attribute("data-combo") for i in range(4)] == [
        "AsKs", "AhKh", "AdKd", "AcKc",
    ]  # fmt: skip
    assert page.evaluate("document.activeElement.dataset.combo") == "AsKs"
    _combo(page, "AhKh").click()
    wait_for_range(page, 0, "AhKh")
    _combo(page, "AsKs").click()
    expected = str(Range("AhKh, AsKs"))
    wait_for_range(page, 0, expected)
    assert page.input_value("#range-0") == expected
    assert _combo(page, "AsKs").get_attribute("aria-pressed") == "true"
    assert _combo(page, "AdKd").get_attribute("aria-pressed") == "false"
    assert _combo(page, "AhKh").get_attribute("aria-label") == "A\u2665 K\u2665: 100%"
    # A combination with a known card is struck out.
    page.click('.slot[data-kind="player"][data-player="1"][data-index="0"]')
    pick(page, "Kd")
    blocked = "A\u2666 K\u2666: not in range, removed by a known card"
    expect(_combo(page, "AdKd")).to_have_attribute("aria-label", blocked)
    assert "blocked" in str(_combo(page, "AdKd").get_attribute("class"))
    page.click('.slot[data-kind="player"][data-player="1"][data-index="0"]')
    page.keyboard.press("Delete")
    # The cell shows half of the class, marked as some suits only.
    cell = grid_cell(page, "AKs")
    assert "part" in str(cell.get_attribute("class"))
    assert cell.get_attribute("data-suits") == "true"
    assert cell.get_attribute("aria-label") == "AKs: 50%, some suits"
    pick(page, "Qd", "Qc")
    calculate(page)
    direct = pokerforge.equity([Range(expected), "QdQc"], method="exact")
    assert equity_text(page, 0) == f"{direct.players[0].equity:.2%}"
    # A whole class with one suit taken out, at the weight chosen.
    grid_cell(page, "JJ").click()
    wait_for_range(page, 0, str(Range(expected + ", JJ")))
    grid_cell(page, "JJ").click(button="right")
    assert page.locator("#combo-list .combo").count() == 6
    assert _combo(page, "JsJc").get_attribute("aria-pressed") == "true"
    _combo(page, "JsJc").click()
    wait_for_range(page, 0, str(Range(expected + ", JsJh, JsJd, JhJd, JhJc, JdJc")))
    page.fill("#grid-weight", "50")
    _combo(page, "JsJc").click()
    wait_for_range(page, 0, str(Range(expected + ", JJ, JsJc:0.5")))
    page.click("#combo-none")
    wait_for_range(page, 0, expected)
    # The picker, the saved ranges and the four-colour deck pass axe's WCAG AA checks.
    page.check("#four-colour")
    assert axe_violations(page) == []
    page.click("#combo-close")
    assert page.is_hidden("#combo-box")
    assert page.evaluate("document.activeElement.dataset.hand") == "JJ"
    # From the keyboard: S opens the focused cell's suits, Enter toggles one.
    page.keyboard.press("ArrowRight")
    page.keyboard.press("s")
    assert page.inner_text("#combo-title") == "JTs: suits in the range"
    page.keyboard.press("Enter")  # the first combination has the focus
    wait_for_range(page, 0, str(Range(expected + ", JsTs:0.5")))


def test_suit_picker_on_a_phone(open_page: Any) -> None:
    """No right click on a phone: Pick suits turns a tap into opening the cell."""
    page = open_page(viewport=PHONE)
    use_range(page, 1, "QQ+")
    page.click("#grid-suits")
    assert page.get_attribute("#grid-suits", "aria-pressed") == "true"
    grid_cell(page, "T9o").click()
    assert page.locator("#combo-list .combo").count() == 12
    box = page.locator("#combo-box").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE[0]
    first = _combo(page, "Ts9h").bounding_box()
    assert first["width"] >= 40 and first["height"] >= 40  # a finger can hit it
    _combo(page, "Ts9h").click()
    _combo(page, "Td9c").click()
    expected = str(Range("QQ+, Ts9h, Td9c"))
    wait_for_range(page, 1, expected)
    assert grid_cell(page, "T9o").get_attribute("data-suits") == "true"
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE[0]
    # Painting again once the mode is off.
    page.click("#grid-suits")
    grid_cell(page, "22").click()
    wait_for_range(page, 1, str(Range(expected + ", 22")))
    assert page.is_visible("#combo-box")  # still open on T9o until closed


def test_saved_ranges(page: Any) -> None:
    use_range(page, 0, "QQ+, AKs")
    page.click("#saved-save")
    assert page.inner_text("#saved-note") == "Give the range a name to save it."
    page.fill("#saved-name", "tight")
    page.click("#saved-save")
    assert page.inner_text("#saved-note") == "Saved as \u201ctight\u201d in this browser."
    use_range(page, 0, "22+")
    page.fill("#saved-name", "pairs")
    page.press("#saved-name", "Enter")
    options = page.locator("#saved-pick option").all_inner_texts()
    assert options == ["pairs", "tight"]
    # Kept in the browser: a new visit lists them, and loads one into another player.
    page.goto(page.url.split("#")[0])
    page.wait_for_selector("body[data-ready]")
    use_range(page, 1)
    assert page.locator("#saved-pick option").all_inner_texts() == ["pairs", "tight"]
    page.select_option("#saved-pick", "tight")
    page.click("#saved-load")
    wait_for_range(page, 1, "QQ+, AKs")
    assert page.input_value("#range-1") == "QQ+, AKs"
    assert page.inner_text("#saved-note") == "\u201ctight\u201d loaded for player 2."
    assert grid_cell(page, "AKs").get_attribute("aria-pressed") == "true"
    page.click("#saved-delete")
    assert page.locator("#saved-pick option").all_inner_texts() == ["pairs"]
    page.click("#saved-delete")
    assert page.is_disabled("#saved-load")
    assert page.evaluate("localStorage.getItem('pokerforge.ranges')") == "{}"


def test_saved_ranges_in_italian_on_a_phone(open_page: Any) -> None:
    page = open_page(viewport=PHONE, locale="it-IT")
    use_range(page, 0, "AKs, AhKd")
    assert page.inner_text("#saved-save") == "Salva questo range"
    page.fill("#saved-name", "mio")
    page.click("#saved-save")
    assert page.inner_text("#saved-note") == "Salvato come \u00abmio\u00bb in questo browser."
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE[0]


def _colour(page: Any, selector: str) -> str:
    return str(page.eval_on_selector(selector, "el => getComputedStyle(el).color"))


BLACK, RED = "rgb(27, 31, 36)", "rgb(179, 38, 30)"
BLUE, GREEN = "rgb(26, 79, 181)", "rgb(17, 112, 47)"


def test_four_colour_deck(open_page: Any) -> None:
    page = open_page(viewport=PHONE)
    pick(page, "As", "Kh", "Qd", "Jc")
    deck = {s: f'#deck .card[data-card="2{s}"]' for s in "shdc"}
    assert [_colour(page, deck[s]) for s in "shdc"] == [BLACK, RED, RED, BLACK]
    page.check("#four-colour")
    assert [_colour(page, deck[s]) for s in "shdc"] == [BLACK, RED, BLUE, GREEN]
    slot = '.slot[data-kind="player"][data-player="{}"][data-index="{}"]'
    assert _colour(page, slot.format(1, 0)) == BLUE  # Qd
    assert _colour(page, slot.format(1, 1)) == GREEN  # Jc
    calculate(page)
    hand = '.result-row[data-player="1"] .hand span'
    assert [_colour(page, f"{hand}:nth-child({i})") for i in (1, 2)] == [BLUE, GREEN]
    # Remembered: the next visit opens with four colours.
    page.goto(page.url.split("#")[0])
    page.wait_for_selector("body[data-ready]")
    assert page.is_checked("#four-colour")
    assert _colour(page, deck["c"]) == GREEN
    page.uncheck("#four-colour")
    assert _colour(page, deck["c"]) == BLACK
    assert page.evaluate("localStorage.getItem('pokerforge.fourColour')") == "false"
