"""The calculator for everyone: Italian and English, screen readers, keyboard, contrast,
a phone-size screen and a strict Content-Security-Policy (the page's own weight is
test_service_api's to check)."""

from __future__ import annotations

from typing import Any

import pytest
from page_helpers import (
    DESKTOP,
    PHONE,
    axe_violations,
    calculate,
    equity_text,
    fits,
    pick,
    under_the_served_policy,
    use_range,
)
from playwright.sync_api import expect

# Long end-to-end checks, the same on every Python: on 3.11 only in the test command.
pytestmark = pytest.mark.slow


def answered_page(page: Any) -> Any:
    """A page showing a range answer (grid, heat grid, chart, table)."""
    use_range(page, 0, "QQ+, AKs")
    pick(page, "Jh", "Jd")
    calculate(page)
    page.wait_for_selector("svg.chart")
    return page


def test_axe_finds_no_wcag_aa_violation(page: Any) -> None:
    # The answered page: every control of the fresh one, and the answer's grid, chart, table.
    answered_page(page)
    assert axe_violations(page) == []
    page.click('#board .slot[data-index="0"]')
    pick(page, "2c")
    calculate(page)  # an error on screen too
    assert axe_violations(page) == []


def test_italian_on_a_small_phone(open_page: Any) -> None:
    """The odds tab's layout at a phone's width, and axe-core's checks there in Italian."""
    page = open_page(viewport=(360, 740), locale="it-IT")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    use_range(page, 0, "QQ+, AKs")
    for hand in ("AA", "22", "A2s", "32o"):
        box = page.locator(f'#grid .cell[data-hand="{hand}"]').bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 360
        assert box["width"] >= 20  # a finger can hit it
    pick(page, "Jh", "Jd")
    calculate(page)
    page.wait_for_selector("svg.chart")
    assert equity_text(page, 1).endswith("%")
    fits(page, 360, ["#calculate", "#grid", "#odds-panel .results"])
    assert axe_violations(page) == []


def test_italian_from_the_browser_and_the_switch(open_page: Any) -> None:
    page = open_page(locale="it-IT")
    assert page.evaluate("document.documentElement.lang") == "it"
    assert page.inner_text("h1") == "Calcolatore di probabilità pokerforge"
    assert page.inner_text("#calculate") == "Calcola"
    pick(page, "Ah", "As", "Kd", "Kc")
    calculate(page)
    assert equity_text(page, 0) == "81,26%"
    assert "Esatto: 1.712.304 distribuzioni contate" in page.inner_text("#status")
    assert page.inner_text('#categories tr[data-category="full_house"] th') == "Full"
    page.select_option("#lang", "en")
    assert page.inner_text("#calculate") == "Calculate"
    assert equity_text(page, 0) == "81.26%"  # the answer is redrawn in English
    assert "lang=en" in page.url
    assert open_page("/").inner_text("#calculate") == "Calculate"  # en-US browser


def test_both_text_tables_have_the_same_keys(page: Any) -> None:
    keys = page.evaluate(
        """async () => {
          const en = (await import('/static/text-en.js')).default;
          const it = (await import('/static/text-it.js')).default;
          const used = [...document.querySelectorAll('[data-i18n]')].map((e) => e.dataset.i18n);
          return [Object.keys(en).sort(), Object.keys(it).sort(), used];
        }"""
    )
    english, italian, used = keys
    assert english == italian
    assert set(used) <= set(english)


def test_every_control_has_a_name(page: Any) -> None:
    use_range(page, 1)
    unnamed = page.evaluate(
        """() => [...document.querySelectorAll('button, input, select')]
          .filter((el) => !el.closest('[hidden]'))
          .filter((el) => !(el.getAttribute('aria-label') || el.labels?.length
                            || el.textContent.trim()))
          .map((el) => el.outerHTML.slice(0, 80))"""
    )
    assert unnamed == []
    slot = page.locator('.slot[data-kind="player"][data-player="0"][data-index="0"]')
    assert slot.get_attribute("aria-label") == "Player 1, card 1: empty"
    assert slot.get_attribute("aria-current") == "true"
    assert page.get_attribute("#status", "role") == "status"


def test_works_under_the_served_content_security_policy(browser: Any, base_url: str) -> None:
    with under_the_served_policy(browser, base_url + "/") as page:
        # Locators only: the page's own scripts run under the policy, the test evaluates none.
        page.select_option('.player[data-player="0"] select.mode', "range")
        page.fill("#range-0", "QQ+, AKs")
        expect(page.locator("#range-0-info")).to_have_text("22 combos")
        pick(page, "Jh", "Jd")
        page.click("#calculate")
        page.wait_for_selector('.player-breakdown[data-player="0"] svg.chart rect.step')
        expect(page.locator('.result-row[data-player="1"] .equity')).to_have_text("24.92%")


def test_keyboard_focus_is_visible_on_a_desktop_and_a_phone(open_page: Any) -> None:
    page = open_page(viewport=DESKTOP)
    for size in (DESKTOP, PHONE):
        page.set_viewport_size({"width": size[0], "height": size[1]})
        page.focus("#lang")
        page.keyboard.press("Tab")
        outline = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
        assert outline != "none", size
