"""The web calculator in a real headless Chromium: cards, board, dead cards, every game.

The browser and the page fixtures live in conftest.py; every page is checked for script
errors and requests to other origins when the test ends.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import unquote

import pytest
from page_helpers import calculate, equity_text, percent, pick, slots

import pokerforge

# Long end-to-end checks, the same on every Python: on 3.11 only in the test command.
pytestmark = pytest.mark.slow


def test_aces_against_kings(page: Any) -> None:
    pick(page, "Ah", "As", "Kd", "Kc")
    assert slots(page, "player", 1) == ["Kd", "Kc"]
    calculate(page)
    assert equity_text(page, 0) == "81.26%"
    assert equity_text(page, 1) == "18.74%"
    status = page.inner_text("#status")
    assert "Exact: 1,712,304 deals" in status
    row = page.locator('#categories tr[data-category="four_of_a_kind"] td').nth(1)
    assert row.inner_text().endswith("%")
    assert page.locator("#deck .card:disabled").count() == 4


def test_board_cards_stay_on_the_board(page: Any) -> None:
    """Board slot 1 then five cards: all five on the board, none in a player's hand."""
    page.click('#board .slot[data-index="0"]')
    pick(page, "2h", "7h", "9c", "Qd", "3s")
    assert slots(page, "board") == ["2h", "7h", "9c", "Qd", "3s"]
    assert slots(page, "player", 0) == [None, None]
    assert slots(page, "player", 1) == [None, None]
    # The board is full: a further card goes nowhere until a slot is chosen.
    pick(page, "Ah")
    assert slots(page, "player", 0) == [None, None]
    assert "Choose a slot" in page.inner_text("#target-label")
    # A slot chosen in the middle of the board is filled, then the next empty one after it.
    page.click('#board .slot[data-index="3"]')
    page.keyboard.press("Delete")
    page.click('#board .slot[data-index="3"]')
    pick(page, "Jd")
    assert slots(page, "board")[3] == "Jd"
    page.click('.slot[data-kind="player"][data-player="0"][data-index="0"]')
    pick(page, "Ah", "Kh")
    assert slots(page, "board") == ["2h", "7h", "9c", "Jd", "3s"]
    calculate(page)
    direct = pokerforge.equity(["AhKh", "random"], "2h7h9cJd3s", method="exact")
    assert equity_text(page, 0) == f"{direct.players[0].equity:.2%}"


def test_a_card_cannot_go_to_two_places(page: Any) -> None:
    pick(page, "Ah", "Kh")
    page.click('#board .slot[data-index="0"]')
    assert page.locator('#deck .card[data-card="Ah"]').is_disabled()
    assert page.get_attribute('#deck .card[data-card="Ah"]', "aria-label") == "A\u2665, in use"
    page.fill("#type-cards", "Kh")
    page.press("#type-cards", "Enter")
    assert "already in use" in page.inner_text("#type-error")
    assert slots(page, "board")[0] is None


def test_flop_turn_dead_cards_and_random_players(page: Any) -> None:
    page.select_option("#players-count", "3")
    pick(page, "Ah", "Kh")  # player 1; players 2 and 3 stay random
    page.click('#board .slot[data-index="0"]')
    pick(page, "2h", "7h", "9c", "Qd")
    page.click('#dead .slot[data-index="0"]')
    pick(page, "Th", "3h")
    assert slots(page, "dead")[:3] == ["Th", "3h", None]
    page.fill("#samples", "30000")
    page.dispatch_event("#samples", "change")
    page.select_option("#method", "monte-carlo")
    calculate(page)
    shares = [percent(equity_text(page, p)) for p in range(3)]
    assert sum(shares) == pytest.approx(100, abs=0.05)
    status = page.inner_text("#status")
    assert "Monte Carlo: 30,000 samples, standard error" in status
    assert page.locator('.result-row[data-player="0"] .stderr').count() == 1
    assert "any hand" in page.inner_text('.result-row[data-player="1"]')
    direct = pokerforge.equity(
        ["AhKh", "random", "random"], "2h7h9cQd", "Th3h", method="exact", threads=1
    )
    assert shares[0] == pytest.approx(direct.players[0].equity * 100, abs=1.5)


@pytest.mark.parametrize("hole", [4, 5, 6])
def test_every_omaha_size_hi_lo(page: Any, hole: int) -> None:
    page.select_option("#game", f"omaha-hilo:{hole}")
    assert len(slots(page, "player", 0)) == hole
    first = ["Ah", "2h", "3d", "Kd", "Qh", "Jh"][:hole]
    second = ["Qs", "Qc", "Jd", "Js", "Tc", "9c"][:hole]
    pick(page, *first, *second)
    page.click('#board .slot[data-index="0"]')
    pick(page, "4c", "5s", "Ks")
    calculate(page)
    detail = page.inner_text('.result-row[data-player="0"] .detail')
    for word in ("high", "low", "scoop"):
        assert word in detail
    direct = pokerforge.equity(
        ["".join(first), "".join(second)], "4c5sKs", game="omaha-hilo", method="exact"
    )
    assert equity_text(page, 0) == f"{direct.players[0].equity * 100:.2f}%"
    assert page.locator(".player select.mode").count() == 0  # ranges are Hold'em only


def test_short_deck_offers_its_36_cards(page: Any) -> None:
    assert page.inner_text('#game option[value="short-deck:2"]') == "Short-deck Hold'em (6+)"
    pick(page, "Ah", "5c")  # a five in Hold'em leaves its place in short deck
    page.select_option("#game", "short-deck:2")
    assert slots(page, "player", 0) == ["Ah", None]
    assert page.locator("#deck .card:visible").count() == 36
    for card in ("2c", "5h", "4s"):
        assert page.locator(f'#deck .card[data-card="{card}"]').is_hidden()
    page.fill("#type-cards", "5d")
    page.press("#type-cards", "Enter")
    assert "not in this game's deck" in page.inner_text("#type-error")
    pick(page, "Kh", "Qs", "Qd")
    page.click('#board .slot[data-index="0"]')
    pick(page, "6h", "7h", "Qc")
    assert page.locator(".player select.mode").count() == 2  # short deck takes ranges
    calculate(page)
    direct = pokerforge.equity(["AhKh", "QsQd"], "6h7hQc", game="short-deck", method="exact")
    assert equity_text(page, 0) == f"{direct.players[0].equity:.2%}"
    assert "Exact: 406 deals" in page.inner_text("#status")
    rows = page.locator("#categories tbody tr")
    order = [rows.nth(i).get_attribute("data-category") for i in range(rows.count())]
    assert order[2:6] == ["flush", "full_house", "three_of_a_kind", "straight"]


def test_stud_takes_the_cards_seen_and_no_board(page: Any) -> None:
    page.select_option("#game", "stud:7")
    assert len(slots(page, "player", 0)) == 7
    assert page.locator("#board").is_hidden()
    assert page.locator(".player select.mode").count() == 0  # no ranges in stud
    pick(page, "As", "Ah", "Ad", "2c")  # fourth street: the rest of the slots stay unknown
    page.click('.slot[data-kind="player"][data-player="1"][data-index="0"]')
    pick(page, "Kc", "Qc", "7d", "9h")
    page.click('#dead .slot[data-index="0"]')
    pick(page, "Ks")  # a folded up card
    # Exact by name: "auto" may hand a slow count over to Monte Carlo on a busy machine.
    page.select_option("#method", "exact")
    calculate(page)
    direct = pokerforge.equity(["AsAhAd2c", "KcQc7d9h"], dead="Ks", game="stud", method="exact")
    assert equity_text(page, 0) == f"{direct.players[0].equity:.2%}"
    assert f"Exact: {direct.deals:,} deals" in page.inner_text("#status")


def test_errors_clear_the_previous_answer(page: Any) -> None:
    page.select_option("#game", "omaha:4")
    pick(page, "Ah", "2h", "3d", "Kd", "Qs", "Qc", "Jd", "Js")
    calculate(page)
    assert equity_text(page, 0).endswith("%")
    page.click('#board .slot[data-index="0"]')
    pick(page, "5c")
    calculate(page)
    assert "0, 3 (flop), 4 (turn) or 5 (river)" in page.inner_text("#board-error")
    assert "error" in str(page.get_attribute("#status", "class"))
    assert page.locator(".result-row").count() == 0
    assert page.locator("#categories").is_hidden()
    page.click('#board .slot[data-index="0"]')
    page.keyboard.press("Backspace")
    pick(page, "Qd")
    page.click('.player[data-player="1"] .slot[data-index="3"]')
    page.keyboard.press("Delete")
    calculate(page)
    assert "Choose all 4 cards or none" in page.inner_text("#player-1-error")
    assert page.locator(".result-row").count() == 0


def test_undo_and_clear(page: Any) -> None:
    pick(page, "Ah", "As", "Kd")
    page.click("#undo")
    assert slots(page, "player", 1) == [None, None]
    assert slots(page, "player", 0) == ["Ah", "As"]
    page.click("#clear")
    assert slots(page, "player", 0) == [None, None]
    page.keyboard.press("Control+z")
    assert slots(page, "player", 0) == ["Ah", "As"]
    page.select_option("#players-count", "4")
    page.click("#undo")
    assert page.locator(".player").count() == 2


def test_keyboard_entry_and_keyboard_only_use(page: Any) -> None:
    page.focus("#type-cards")
    page.keyboard.type("AhKh qs QD")
    page.keyboard.press("Enter")
    assert slots(page, "player", 0) == ["Ah", "Kh"]
    assert slots(page, "player", 1) == ["Qs", "Qd"]
    page.keyboard.type("Zz")
    page.keyboard.press("Enter")
    assert "'Zz' is not a card" in page.inner_text("#type-error")
    assert page.get_attribute("#type-cards", "aria-invalid") == "true"
    page.fill("#type-cards", "")
    # Reach Calculate with Tab alone and press it with Enter.
    page.focus("#lang")
    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.id") == "calculate":
            break
    page.keyboard.press("Enter")
    page.wait_for_selector('.result-row[data-player="0"]')
    assert equity_text(page, 1) == f"{pokerforge.equity(['QsQd', 'AhKh']).players[0].equity:.2%}"


def test_the_url_holds_the_question(page: Any, open_page: Any) -> None:
    page.select_option("#players-count", "3")
    pick(page, "Ah", "Kh", "Qs", "Qd")
    page.click('#board .slot[data-index="0"]')
    pick(page, "2h", "7h", "9c")
    page.click('#dead .slot[data-index="0"]')
    pick(page, "3c")
    page.select_option("#method", "exact")
    url = page.url
    assert "board=2h7h9c----" in unquote(url)
    calculate(page)
    shown = [equity_text(page, p) for p in range(3)]
    again = open_page("/" + url.split("/", 3)[3])
    assert slots(again, "player", 1) == ["Qs", "Qd"]
    assert slots(again, "dead")[0] == "3c"
    assert again.input_value("#method") == "exact"
    # A shared link answers by itself.
    assert [equity_text(again, p) for p in range(3)] == shown


def test_a_draw_game_takes_each_players_draw_and_no_board(page: Any) -> None:
    page.select_option("#game", "2-7-single-draw:5")
    assert len(slots(page, "player", 0)) == 5
    assert page.locator("#board").is_hidden()
    assert page.locator(".player select.mode").count() == 0  # no ranges in draw games
    draws = page.locator(".player select.draw")
    assert draws.count() == 2
    pick(page, "8h", "6d", "4c", "3s", "2h", "7c", "5c", "3d", "2d", "Ks")
    assert slots(page, "player", 1) == ["7c", "5c", "3d", "2d", "Ks"]
    draws.nth(0).select_option("pat")
    draws.nth(1).select_option("1")
    calculate(page)
    direct = pokerforge.equity(
        ["8h6d4c3s2h", "7c5c3d2dKs"], game="2-7-single-draw", draws=["pat", 1]
    )
    assert direct.exact and direct.deals == 42
    assert equity_text(page, 0) == f"{direct.players[0].equity:.2%}" == "85.71%"
    assert equity_text(page, 1) == f"{direct.players[1].equity:.2%}"
    assert "Exact: 42 deals" in page.inner_text("#status")
    # The draws are part of the question in the address; badugi offers draws of 1 to 4.
    assert "draws=pat%2C1" in page.url
    page.select_option("#game", "badugi:4")
    assert page.locator(".player select.draw").nth(1).input_value() == "1"
    options = page.locator(".player select.draw").nth(0).locator("option")
    assert [options.nth(i).get_attribute("value") for i in range(options.count())] == [
        "policy",
        "pat",
        "1",
        "2",
        "3",
        "4",
    ]
