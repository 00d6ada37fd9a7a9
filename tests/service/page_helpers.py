"""Helpers for the web calculator's browser tests."""

from __future__ import annotations

from typing import Any


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
