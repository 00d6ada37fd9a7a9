"""The web calculator's tournament tab in a real headless Chromium: stacks and payouts
in, the ICM equities and the push/fold equilibrium out (the library's), in English and
in Italian, and the service's errors shown."""

from __future__ import annotations

from typing import Any

import pytest

from pokerforge.icm import icm, push_fold_table

# Long end-to-end checks, the same on every Python: on 3.11 only in the test command.
pytestmark = pytest.mark.slow


def compute(page: Any) -> None:
    """Presses Compute and waits for the answer (or an error)."""
    page.click("#icm-compute")
    page.wait_for_function("!document.body.dataset.busy")


def test_tab_equities_ranges_and_chart(page: Any) -> None:
    assert page.is_hidden("#icm-panel")
    page.click("#tab-icm")
    assert page.is_visible("#icm-panel") and page.is_hidden("#odds-panel")
    assert page.get_attribute("#tab-icm", "aria-selected") == "true"
    page.fill("#icm-stacks", "12 9 15 7")
    page.fill("#icm-payouts", "50 30 20")
    page.fill("#icm-ante", "0.1")
    compute(page)
    equities = icm([12, 9, 15, 7], [50, 30, 20])
    r = push_fold_table([12, 9, 15, 7], (0.5, 1), 0.1, [50, 30, 20])
    for i, equity in enumerate(equities):
        row = page.locator(f'#icm-equities tr[data-player="{i}"]')
        assert row.locator("th").inner_text() == r.positions[i]
        assert row.locator(".equity").inner_text() == f"{equity:.4f}".rstrip("0").rstrip(".")
    assert "Equilibrium reached" in page.inner_text("#icm-status")
    line = page.inner_text('.range-line[data-position="UTG"]')
    assert line.endswith(f": {r.shoves['UTG']}")
    line = page.inner_text('.range-line[data-caller="BB"][data-shover="BTN"]')
    assert line.endswith(f": {r.calls[('BTN', 'BB')]}")
    # The chart of the first position, then of the big blind calling the button.
    chart = r.chart("UTG")
    assert page.inner_text('#icm-chart td[data-class="AA"]') == "100"
    assert page.inner_text('#icm-chart td[data-class="72o"]') == ""
    assert page.locator("#icm-chart td.played").count() == sum(
        1 for row in chart for p in row if p >= 1
    )
    page.select_option("#icm-chart-pick", "call:BB:BTN")
    calls = r.chart("BB", "BTN")
    assert page.locator("#icm-chart td.played").count() == sum(
        1 for row in calls for p in row if p >= 1
    )
    assert "BB calls BTN" in page.inner_text("#icm-chart caption")
    # Headed by the ranks: the first card down the side, the second along the top.
    heads = page.locator("#icm-chart thead th").all_inner_texts()
    assert heads == ["1st \\ 2nd", *"AKQJT98765432"]
    rows = page.locator("#icm-chart tbody th[scope=row]").all_inner_texts()
    assert rows == list("AKQJT98765432")
    assert page.get_attribute("#icm-chart thead th:nth-child(3)", "aria-label") == "Second card K"
    # The row of kings: KK on the diagonal, AKo before it, KQs after.
    kings = page.locator("#icm-chart tbody tr:nth-child(2) td")
    assert [kings.nth(i).get_attribute("data-class") for i in range(3)] == ["AKo", "KK", "KQs"]


def test_tab_in_italian_and_errors(open_page: Any) -> None:
    page = open_page(locale="it-IT")
    assert page.inner_text("#tab-icm") == "Torneo (ICM)"
    page.click("#tab-icm")
    assert page.inner_text("#icm-compute") == "Calcola"
    page.fill("#icm-stacks", "10 10 10")
    page.fill("#icm-payouts", "60 40")
    compute(page)
    assert "Equilibrio raggiunto" in page.inner_text("#icm-status")
    assert page.locator("#icm-chart thead th").first.inner_text() == "1ª \\ 2ª"
    assert page.get_attribute("#icm-chart tbody th", "aria-label") == "Prima carta A"
    share = page.locator('#icm-equities tr[data-player="0"] .share').inner_text()
    assert share.replace("\u00a0", "") == "33,33%"
    page.select_option("#lang", "en")
    assert page.inner_text("#icm-compute") == "Compute"
    assert "Equilibrium reached" in page.inner_text("#icm-status")  # redrawn in English
    page.fill("#icm-stacks", "10 10 0.2")
    compute(page)
    status = page.inner_text("#icm-status")
    assert status.startswith("Stack 3: 0.2 is too small: a stack must be more than"), status
    assert page.is_hidden("#icm-chart") and page.is_hidden("#icm-equities")


def test_chart_with_its_headings_on_a_phone(open_page: Any) -> None:
    page = open_page(viewport=(390, 844), locale="it-IT")
    page.click("#tab-icm")
    compute(page)
    heads = page.locator("#icm-chart thead th")
    assert heads.count() == 14
    assert page.get_attribute("#icm-chart thead th:nth-child(2)", "aria-label") == "Seconda carta A"
    corner = heads.first.bounding_box()
    last = page.locator("#icm-chart tbody tr:last-child td:last-child").bounding_box()
    assert corner["x"] >= 0 and last["x"] + last["width"] <= 390
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
