"""The calculator for everyone: Italian and English, screen readers, keyboard, contrast,
a phone-size screen, a strict Content-Security-Policy, and the page's own weight."""

from __future__ import annotations

from importlib import resources
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from page_helpers import calculate, equity_text, pick, use_range
from playwright.sync_api import expect

# Long end-to-end checks, the same on every Python: on 3.11 only in the test command.
pytestmark = pytest.mark.slow

STATIC = resources.files("pokerforge.service") / "static"


def axe_violations(page: Any) -> list[str]:
    """axe-core's WCAG 2.x A and AA violations on the page as it is now."""
    # resultTypes: the details of violations only (passes are not listed node by node,
    # which takes axe most of its time on the page's two 169-cell grids).
    options = {
        "runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21aa"]},
        "resultTypes": ["violations"],
    }
    results = Axe().run(page, options=options)
    return [
        f"{v['id']}: {[n['target'] for n in v['nodes']][:5]}"
        for v in results.response["violations"]
    ]


def answered_page(page: Any) -> Any:
    """A page showing a range answer (grid, heat grid, chart, table)."""
    use_range(page, 0, "QQ+, AKs")
    pick(page, "Jh", "Jd")
    calculate(page)
    page.wait_for_selector("svg.chart")
    return page


def test_axe_finds_no_wcag_aa_violation(page: Any) -> None:
    assert axe_violations(page) == []
    answered_page(page)
    page.click('#board .slot[data-index="0"]')
    pick(page, "2c")
    calculate(page)  # an error on screen too
    assert axe_violations(page) == []


def test_axe_in_italian_on_a_phone(open_page: Any) -> None:
    page = open_page(viewport=(390, 844), locale="it-IT")
    answered_page(page)
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


def test_phone_layout(open_page: Any) -> None:
    page = open_page(viewport=(360, 740))
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    use_range(page, 0, "AA, KK")
    for hand in ("AA", "22", "A2s", "32o"):
        box = page.locator(f'#grid .cell[data-hand="{hand}"]').bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 360
        assert box["width"] >= 20  # a finger can hit it
    pick(page, "Ah", "Kh")
    calculate(page)
    assert equity_text(page, 1).endswith("%")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


def test_works_under_the_served_content_security_policy(browser: Any, base_url: str) -> None:
    context = browser.new_context()
    page = context.new_page()
    refused: list[str] = []
    page.on("console", lambda m: refused.append(m.text) if "Content Security" in m.text else None)
    served = page.goto(base_url + "/")
    policy = served.headers["content-security-policy"]
    assert "script-src 'self'" in policy and "style-src 'self'" in policy
    page.wait_for_selector("body[data-ready]")
    # Locators only: the page's own scripts run under the policy, the test evaluates none.
    page.select_option('.player[data-player="0"] select.mode', "range")
    page.fill("#range-0", "QQ+, AKs")
    expect(page.locator("#range-0-info")).to_have_text("22 combos")
    pick(page, "Jh", "Jd")
    page.click("#calculate")
    page.wait_for_selector('.player-breakdown[data-player="0"] svg.chart rect.step')
    expect(page.locator('.result-row[data-player="1"] .equity')).to_have_text("24.92%")
    context.close()
    assert refused == []


def test_the_page_is_small_and_all_its_own() -> None:
    """Under 200 KB of HTML, CSS and JavaScript, none of it from another site."""
    files = [f for f in STATIC.iterdir() if f.is_file()]
    size = sum(len(f.read_bytes()) for f in files)
    assert size < 200 * 1024, size
    for file in files:
        text = file.read_text(encoding="utf-8")
        assert "http://" not in text.replace("http://www.w3.org/2000/svg", "")
        assert "https://" not in text


@pytest.mark.parametrize("size", [(1280, 1000), (390, 844)])
def test_keyboard_focus_is_visible(open_page: Any, size: tuple[int, int]) -> None:
    page = open_page(viewport=size)
    page.focus("#lang")
    page.keyboard.press("Tab")
    outline = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert outline != "none"
