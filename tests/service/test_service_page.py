"""The web calculator in a real headless Chromium: choose cards, read the answer.

Uses Debian's ``chromium`` (scripts/test.sh installs it) through Playwright, launched by
its path since Playwright cannot download its own browser here.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from typing import Any

import pytest
from playwright import sync_api

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
if CHROMIUM is None and os.environ.get("CI"):
    raise RuntimeError("chromium is missing: scripts/test.sh installs it")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed")


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with sync_api.sync_playwright() as pw:
        chromium = pw.chromium.launch(
            executable_path=CHROMIUM,
            headless=True,
            args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
        )
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser: Any, base_url: str) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda err: errors.append(str(err)))
    tab.goto(base_url + "/")
    yield tab
    context.close()
    assert errors == [], errors


def pick(page: Any, *cards: str) -> None:
    for card in cards:
        page.click(f'#deck .card[data-card="{card}"]')


def equity_text(page: Any, player: int) -> str:
    locator = page.locator(f'.result-row[data-player="{player}"] .equity')
    locator.wait_for()
    return str(locator.inner_text())


def test_aces_against_kings(page: Any) -> None:
    pick(page, "Ah", "As", "Kd", "Kc")
    assert page.locator('.slot[data-kind="player"][data-player="1"][data-card="Kc"]').count() == 1
    page.click("#calculate")
    assert equity_text(page, 0) == "81.26%"
    assert equity_text(page, 1) == "18.74%"
    assert "exact" in page.inner_text("#status")
    row = page.locator('#categories tr[data-category="four_of_a_kind"] td').nth(1)
    assert row.inner_text().endswith("%")
    assert page.locator("#deck .card.used").count() == 4


def test_flop_turn_and_random_players(page: Any) -> None:
    page.select_option("#players-count", "3")
    pick(page, "Ah", "Kh")  # player 1; players 2 and 3 stay random
    for index, card in enumerate(["2h", "7h", "9c", "Qd"]):
        page.click(f'#board .slot[data-index="{index}"]')
        pick(page, card)
    page.click("#calculate")
    shares = [float(equity_text(page, p).rstrip("%")) for p in range(3)]
    assert shares[0] > 35
    assert sum(shares) == pytest.approx(100, abs=0.05)
    assert "random" in page.inner_text('.result-row[data-player="1"]')


def test_omaha_hilo_and_errors(page: Any) -> None:
    page.select_option("#game", "omaha-hilo")
    assert page.locator('.slot[data-kind="player"][data-player="0"]').count() == 4
    pick(page, "Ah", "2h", "3d", "Kd")
    pick(page, "Qs")  # player 2 has one card of four
    page.click("#calculate")
    assert "choose all 4 cards or none" in page.inner_text("#status")
    pick(page, "Qc", "Jd", "Js")
    page.click("#calculate")
    assert equity_text(page, 0).endswith("%")
    assert "scoop" in page.inner_text('.result-row[data-player="0"]')
    page.click('#board .slot[data-index="0"]')
    pick(page, "5c")
    page.click("#calculate")
    page.wait_for_function("document.querySelector('#status').classList.contains('error')")
    assert "board" in page.inner_text("#status").lower()
