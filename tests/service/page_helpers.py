"""Helpers for the web calculator's browser tests: the odds tab's cards and ranges, any
tab opened, the layout at a screen size, axe-core's checks, and a page under the served
Content-Security-Policy."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

from axe_playwright_python.sync_playwright import Axe

PHONE = (390, 844)
DESKTOP = (1280, 1000)


def pick(page: Any, *cards: str) -> None:
    """Clicks cards in the deck."""
    for card in cards:
        page.click(f'#deck .card[data-card="{card}"]')


def slots(page: Any, kind: str, player: int = 0) -> list[str | None]:
    """The cards in the board's, the dead cards' or a player's slots (``None`` when empty)."""
    found = page.locator(f'.slot[data-kind="{kind}"][data-player="{player}"]')
    return [found.nth(i).get_attribute("data-card") for i in range(found.count())]


def calculate(page: Any) -> None:
    """Presses Calculate and waits for the answer (or an error)."""
    page.click("#calculate")
    page.wait_for_function("!document.body.dataset.busy")


def equity_text(page: Any, player: int) -> str:
    """The equity shown for ``player``, as on the page (``"81.26%"``)."""
    locator = page.locator(f'.result-row[data-player="{player}"] .equity')
    locator.wait_for()
    return str(locator.inner_text())


def percent(text: str) -> float:
    """``"81.26%"`` or ``"81,26%"`` -> 81.26."""
    return float(text.replace("\u00a0", "").rstrip("%").replace(",", "."))


def use_range(page: Any, player: int, text: str | None = None) -> None:
    """Switches ``player`` to a range, optionally typing ``text`` and waiting for its count."""
    page.select_option(f'.player[data-player="{player}"] select.mode', "range")
    if text is not None:
        field = page.locator(f"#range-{player}")
        field.fill(text)
        wait_for_range(page, player, text)


def wait_for_range(page: Any, player: int, text: str) -> None:
    """Waits until the page has the service's reading of ``player``'s range ``text``."""
    page.wait_for_function(
        "([p, text]) => document.querySelector(`#range-${p}-info`)?.dataset.read === text",
        arg=[player, text.strip()],
    )


def grid_cell(page: Any, hand: str) -> Any:
    """The range editor's cell for a hand class."""
    return page.locator(f'#grid .cell[data-hand="{hand}"]')


def open_tab(page: Any, name: str) -> None:
    """Opens the tab ``name`` (``solver``, ``stats``, ``icm``, ``odds``) once its panel is
    ready."""
    page.wait_for_selector(f"#{name}-panel[data-state]", state="attached")
    page.click(f"#tab-{name}")


def fits(page: Any, width: int, selectors: list[str]) -> None:
    """The page does not scroll sideways at ``width``, and each element of ``selectors``
    lies within it."""
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    for selector in selectors:
        box = page.locator(selector).bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= width, selector


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


@contextlib.contextmanager
def under_the_served_policy(browser: Any, url: str) -> Iterator[Any]:
    """A page of ``url`` in a context of its own that keeps the service's
    Content-Security-Policy (the tests' tabs bypass it); the policy must refuse nothing
    before the page is closed. Yields the page, ready."""
    context = browser.new_context()
    page = context.new_page()
    refused: list[str] = []
    page.on("console", lambda m: refused.append(m.text) if "Content Security" in m.text else None)
    served = page.goto(url)
    policy = served.headers["content-security-policy"]
    assert "script-src 'self'" in policy and "style-src 'self'" in policy
    page.wait_for_selector("body[data-ready]")
    yield page
    context.close()
    assert refused == []
