"""The service's refusals on the calculator page in the page's language: each common
refusal (bad card, duplicate card, wrong number of cards, a range that does not parse,
exact refused as too large, too many players) as a sentence naming the field as the page
labels it, with no English engine message on the Italian page."""

from __future__ import annotations

import re
from typing import Any

import httpx
import pytest
from page_helpers import calculate, use_range
from test_service_refusals import REFUSALS

# Long end-to-end checks, the same on every Python: on 3.11 only in the test command.
pytestmark = pytest.mark.slow

# Words of the engine's English messages that no Italian sentence has.
ENGLISH = re.compile(r"\b(is not|given|refused|should|expected|allowed|needs|items)\b")
SAY = "error => import('/static/refusal.js').then((m) => m.refusalWithField(error))"

ITALIAN = {
    ("players[0]", "bad_card"): "Giocatore 1: 'Xx' non è una carta: scrivete un valore",
    ("dead", "bad_card"): "Carte morte: 'Zz' non è una carta",
    ("players[0]", "duplicate_card"): "Giocatore 1: Ah compare due volte",
    ("board", "duplicate_card"): "Board: Ah compare due volte",
    ("players[0]", "card_count"): "Giocatore 1: qui una mano vuole 2 carte, non 3.",
    ("board", "board_count"): "Board: il board vuole 0, 3 (flop), 4 (turn) o 5 (river) carte",
    ("players[1]", "bad_range"): "Giocatore 2: 'QQ+,AK,junk' non è un range leggibile: 'u' al",
    ("method", "exact_too_large"): "Metodo: troppe distribuzioni da contare esattamente",
    ("players", "too_many"): "Giocatori: al massimo 10, non 12.",
    ("players", "too_few"): "Giocatori: almeno 2, non 1.",
    ("samples", "samples_range"): "Campioni: scegliete da 1 a 400000 campioni",
    ("range", "bad_range"): "Range: 'QQ+,junk' non è un range leggibile",
    ("stacks[2]", "stack_too_small"): "Stack 3: 0.2 è troppo poco",
    ("stacks", "too_many"): "Stack: al massimo 22, non 30.",
}


def test_every_common_refusal_in_italian(open_page: Any, client: httpx.Client) -> None:
    page = open_page(locale="it-IT")
    english = open_page()
    for route, body, field, code, _ in REFUSALS:
        error = client.post(route, json=body).json()["error"]
        said = page.evaluate(SAY, error)
        assert said.startswith(ITALIAN[(field, code)]), (said, error)
        assert not ENGLISH.search(said), said
        assert error["message"] not in said
        # In English too, the field as the page labels it, not the request's name.
        said = english.evaluate(SAY, error)
        assert "[" not in said.split(":")[0], said
        assert not said.startswith(field + ":") or field in ("range",), said


def test_refusals_on_the_italian_page(open_page: Any) -> None:
    # At a phone's size (the other tests' pages are a desktop's): what the refusals say does
    # not depend on it.
    page = open_page(viewport=(390, 844), locale="it-IT")
    # A range that does not parse: at its field, and in the status on Calculate.
    use_range(page, 1, "QQ+, AKx")
    error = page.inner_text("#player-1-error")
    assert error.startswith("'QQ+, AKx' non è un range leggibile: 'x' al carattere 8"), error
    calculate(page)
    status = page.inner_text("#status")
    assert status.startswith("Giocatore 2: 'QQ+, AKx' non è un range leggibile"), status
    assert not ENGLISH.search(status + error)
    # Exact refused as too large.
    page.select_option('.player[data-player="1"] select.mode', "cards")
    page.select_option("#players-count", "3")
    page.select_option("#method", "exact")
    calculate(page)
    status = page.inner_text("#status")
    assert status == (
        "Metodo: troppe distribuzioni da contare esattamente: scegliete Automatico o Monte Carlo."
    )
    # A range that known cards leave empty.
    page.select_option("#method", "auto")
    page.select_option("#players-count", "2")
    use_range(page, 0, "AhKh")
    page.click('.slot[data-kind="player"][data-player="1"][data-index="0"]')
    page.click('#deck .card[data-card="Ah"]')
    page.click('#deck .card[data-card="Kd"]')
    calculate(page)
    status = page.inner_text("#status")
    assert status.startswith("Giocatore 1: tolte le carte note, il range non lascia"), status
    # The tournament tab's refusals.
    page.click("#tab-icm")
    page.fill("#icm-stacks", "10 10 0.2")
    page.click("#icm-compute")
    page.wait_for_function("!document.body.dataset.busy")
    status = page.inner_text("#icm-status")
    assert status.startswith("Stack 3: 0.2 è troppo poco: uno stack deve superare"), status
