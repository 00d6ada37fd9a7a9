"""The calculator page across games, in a real headless Chromium: a game change keeps only
the cards the new game deals the same way, and each game's final hands are listed in its
own words (razz's lows, badugi's hands, hi-lo's halves explained)."""

from __future__ import annotations

from typing import Any

import pytest
from page_helpers import calculate, equity_text, pick, slots

# Long end-to-end checks, the same on every Python: on 3.11 only in the test command.
pytestmark = pytest.mark.slow


def _rows(page: Any) -> list[str]:
    rows = page.locator("#categories tbody tr th")
    return [rows.nth(i).inner_text() for i in range(rows.count())]


def test_omaha_cards_do_not_carry_into_stud(page: Any) -> None:
    page.select_option("#game", "omaha:4")
    pick(page, "Ah", "2h", "3d", "Kd", "Qs")
    page.click('#board .slot[data-index="0"]')
    pick(page, "4c", "5s", "9d")
    page.select_option("#game", "stud:7")
    assert slots(page, "player", 0) == [None] * 7
    assert slots(page, "player", 1) == [None] * 7
    # Typed cards go to the first player, from the first slot, as the new game deals them.
    page.fill("#type-cards", "AsAd")
    page.press("#type-cards", "Enter")
    assert slots(page, "player", 0)[:3] == ["As", "Ad", None]
    assert slots(page, "player", 1) == [None] * 7
    assert page.locator("#deck .card:disabled").count() == 2  # the Omaha cards are free


def test_a_hand_stays_where_the_new_game_deals_it_alike(page: Any) -> None:
    page.select_option("#game", "stud:7")
    pick(page, "As", "Ah", "2d")
    page.select_option("#game", "razz:7")  # the same seven cards, seen in part
    assert slots(page, "player", 0)[:3] == ["As", "Ah", "2d"]
    page.select_option("#game", "2-7-triple-draw:5")  # five drawn cards: another hand
    assert slots(page, "player", 0) == [None] * 5


def test_razz_lists_lows(page: Any) -> None:
    page.select_option("#game", "razz:7")
    pick(page, "As", "2d", "3h")
    page.select_option("#method", "monte-carlo")
    calculate(page)
    assert equity_text(page, 0).endswith("%")
    assert page.inner_text("#categories thead th >> nth=0") == "Final ace-to-five low"
    assert _rows(page) == [
        "No pair", "Pair", "Two pair", "Three of a kind", "Full house", "Four of a kind"
    ]  # fmt: skip
    assert page.locator("#hilo-legend").is_hidden()


def test_badugi_lists_its_hands(page: Any) -> None:
    page.select_option("#game", "badugi:4")
    pick(page, "As", "2d", "3h", "4c")
    calculate(page)
    rows = _rows(page)
    assert rows[0] == "4-high badugi" and rows[-3:] == ["Three cards", "Two cards", "One card"]
    assert page.inner_text("#categories thead th >> nth=0") == "Final badugi hand"


def test_hi_lo_explains_its_columns(page: Any) -> None:
    page.select_option("#game", "stud-hilo:7")
    pick(page, "As", "2d", "3h")
    page.click('.slot[data-kind="player"][data-player="1"][data-index="0"]')
    pick(page, "Kc", "Kd", "Qs")
    page.select_option("#method", "monte-carlo")
    calculate(page)
    detail = page.inner_text('.result-row[data-player="0"] .detail')
    assert [part.split()[0] for part in detail.split("\u00b7")][:4] == [
        "scoop", "split", "high", "low"
    ]  # fmt: skip
    legend = page.locator("#hilo-legend")
    assert legend.is_visible() and "each half" in legend.inner_text()
    assert page.inner_text("#categories thead th >> nth=0") == "Final high hand"
    # Another game's answer has no halves: the legend goes with them. (Stud deals the
    # same hands: they stay.)
    page.select_option("#game", "stud:7")
    assert slots(page, "player", 1)[:3] == ["Kc", "Kd", "Qs"]
    calculate(page)
    assert legend.is_hidden()
    assert _rows(page)[0] == "Straight flush"


def test_the_words_in_italian(open_page: Any) -> None:
    page = open_page(locale="it-IT")
    page.select_option("#game", "razz:7")
    pick(page, "As", "2d", "3h")
    page.select_option("#method", "monte-carlo")
    calculate(page)
    assert _rows(page)[0] == "Nessuna coppia"
