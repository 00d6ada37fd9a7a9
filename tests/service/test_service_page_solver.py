"""The web calculator's solver tab in a real headless Chromium: a turn spot solved from
the page as a job of the service, its tree walked (actions, a river card, back along the
line), the grid's colours and numbers checked against the service's answer, Cancel, the
refusals in the user's language, on a phone and on a desktop, and the other tabs still
there."""

from __future__ import annotations

import re
from typing import Any

import httpx
import pytest
from page_helpers import DESKTOP, PHONE, axe_violations, fits, under_the_served_policy
from page_helpers import open_tab as open_any_tab
from playwright.sync_api import expect

# Long end-to-end checks, the same on every Python: on 3.11 only in the test command.
pytestmark = pytest.mark.slow

RANKS = "AKQJT98765432"
# A turn that solves in a fraction of a second (bets of half the pot and all-in, no raise).
TURN = {"ranges": ["AA, KK, QJs, 76s", "KK-TT, AQs"], "board": "Kh9d5c3s", "pot": "100",
        "stack": "200", "bets": "50%, a", "raises": "", "target": "0.5"}  # fmt: skip
# A flop that runs until it is stopped (target 0).
FLOP = {"ranges": ["TT+, AQ+", "88+, AJ+, KQ"], "board": "Td9d6h", "pot": "100",
        "stack": "400", "bets": "50%, a", "raises": "2.5x", "target": "0"}  # fmt: skip
DONE = (
    "['done', 'cancelled', 'failed', 'refused']"
    ".includes(document.querySelector('#solver-panel').dataset.state)"
)


def open_tab(page: Any) -> None:
    open_any_tab(page, "solver")


def fill(page: Any, spot: dict[str, Any]) -> None:
    """Types a spot into the form."""
    for p, text in enumerate(spot["ranges"]):
        page.fill(f"#solver-range-{p}", text)
    for name in ("board", "pot", "stack", "bets", "raises", "target"):
        if name in spot:
            page.fill(f"#solver-{name}", spot[name])


def solve(page: Any, spot: dict[str, Any] | None = None) -> str:
    """Fills the spot (if given), presses Solve and waits for the end; the state."""
    if spot is not None:
        fill(page, spot)
    page.click("#solver-solve")
    page.wait_for_function(DONE, timeout=60_000)
    return str(page.get_attribute("#solver-panel", "data-state"))


def walk(page: Any, selector: str, line: str) -> None:
    """Clicks an action or a card and waits for the node of ``line``."""
    page.click(selector)
    page.wait_for_function(
        "line => document.querySelector('#solver-tree').dataset.line === line"
        " && !document.querySelector('#solver-tree').dataset.busy",
        arg=line,
    )


def node_of(client: httpx.Client, job: str, line: str = "") -> dict[str, Any]:
    answer = client.get(f"/v1/solve/{job}", params={"line": line})
    assert answer.status_code == 200
    node: dict[str, Any] = answer.json()["node"]
    return node


def stops(gradient: str) -> list[tuple[str, float, float]]:
    """The colour stops of a cell's gradient: (colour, from %, to %)."""
    found = re.findall(r"(#[0-9a-f]{6}|white) ([\d.]+)% ([\d.]+)%", gradient)
    return [(colour, float(a), float(b)) for colour, a, b in found]


def check_grid(page: Any, node: dict[str, Any]) -> int:
    """Every cell of the page's grid against the service's node: the frequencies, and a
    gradient whose stops are as wide as them (the grid of every action shown); returns the
    classes in the range."""
    page.select_option("#solver-show", "")
    cells = page.evaluate(
        """() => [...document.querySelectorAll('#solver-hands .solver-hand')].map((el) => ({
          hand: el.dataset.hand, freqs: el.dataset.freqs ? JSON.parse(el.dataset.freqs) : null,
          mix: el.style.getPropertyValue('--mix'), label: el.getAttribute('aria-label')}))"""
    )
    assert len(cells) == 169
    colours = {}
    for row in page.locator("#solver-summary tbody tr").all():
        swatch = row.locator(".swatch").evaluate("el => el.style.getPropertyValue('--swatch')")
        colours[row.get_attribute("data-action")] = swatch.strip()
    in_range = 0
    for k, cell in enumerate(cells):
        r, c = divmod(k, 13)
        combos = node["combos"][r][c]
        if combos is None:
            assert cell["freqs"] is None and "no hand of the range" in cell["label"]
            continue
        in_range += 1
        expected = [a["grid"][r][c] or 0 for a in node["actions"]]
        assert cell["freqs"] == pytest.approx(expected, abs=1e-9), cell["hand"]
        at = 0.0
        painted = [s for s in stops(cell["mix"]) if s[0] != "#f3f5f6"]
        shown = [(a["action"], f) for a, f in zip(node["actions"], expected, strict=True) if f > 0]
        assert len(painted) == len(shown), (cell, shown)
        for (colour, start, end), (action, f) in zip(painted, shown, strict=True):
            assert colour == colours[action]
            assert start == pytest.approx(at, abs=0.01)
            assert end - start == pytest.approx(f * 100, abs=0.02)
            at = end
    return in_range


def test_a_turn_solved_walked_and_drawn_as_the_service_answers(
    page: Any, client: httpx.Client
) -> None:
    open_tab(page)
    assert page.is_visible("#solver-panel") and page.is_hidden("#odds-panel")
    assert page.get_attribute("#tab-solver", "aria-selected") == "true"
    assert page.get_attribute("#tab-odds", "aria-selected") == "false"
    assert solve(page, TURN) == "done"
    assert page.inner_text("#solver-status").startswith("Solved: exploitability ")
    job = str(page.get_attribute("#solver-panel", "data-job"))
    root = node_of(client, job)
    # The root: out of position to act, its actions as buttons and in the summary.
    assert "Turn, pot 100: out of position to act." in page.inner_text("#solver-node")
    buttons = page.locator("#solver-actions button")
    assert [buttons.nth(i).get_attribute("data-action") for i in range(buttons.count())] == [
        "x", "b50", "a200"
    ]  # fmt: skip
    assert buttons.first.inner_text() == f"Check · {root['actions'][0]['frequency']:.1%}"
    for a in root["actions"]:
        row = page.locator(f'#solver-summary tr[data-action="{a["action"]}"]')
        assert row.locator(".freq").inner_text() == f"{a['frequency']:.1%}"
        assert float(row.locator(".ev").inner_text()) == pytest.approx(a["ev"], abs=0.005)
    assert check_grid(page, root) == 4  # AA, KK, QJs, 76s
    # A cell's numbers on hover: its frequencies and EVs as the service gives them.
    page.hover('#solver-hands [data-hand="QJs"]')
    detail = page.inner_text("#solver-cell")
    bet = root["actions"][1]
    assert detail.startswith("QJs: 4 combos, EV ")
    assert f"Bet 50 {bet['grid'][2][3]:.1%} (EV " in detail
    # One action's grid: each cell filled to its frequency.
    page.select_option("#solver-show", "b50")
    aa = page.locator('#solver-hands [data-hand="AA"]').evaluate(
        "el => el.style.getPropertyValue('--mix')"
    )
    assert stops(aa)[0][2] == pytest.approx(bet["grid"][0][0] * 100, abs=0.01)
    # Down the line: out of position checks, in position checks, the river comes.
    walk(page, '#solver-actions [data-action="x"]', "x")
    assert "in position to act" in page.inner_text("#solver-node")
    assert check_grid(page, node_of(client, job, "x")) > 0
    walk(page, '#solver-actions [data-action="x"]', "x x")
    assert page.is_hidden("#solver-actions") and page.is_hidden("#solver-strategy")
    assert page.is_disabled('#solver-deal [data-card="Kh"]')
    assert page.locator("#solver-deal button:not([disabled])").count() == 48
    walk(page, '#solver-deal [data-card="2c"]', "x x 2c")
    river = node_of(client, job, "x x 2c")
    assert "River, pot 100: out of position to act." in page.inner_text("#solver-node")
    cards = page.locator("#solver-node .board-card").all_inner_texts()
    assert cards == ["Kh", "9d", "5c", "3s", "2c"] and river["board"] == "Kh9d5c3s2c"
    assert check_grid(page, river) == 4
    crumbs = page.locator("#solver-line li").all_inner_texts()
    assert crumbs == ["Turn: start", "OOP Check", "IP Check", "River 2c"]
    assert page.get_attribute("#solver-line li:last-child span", "aria-current") == "step"
    walk(page, '#solver-actions [data-action="b50"]', "x x 2c b50")
    walk(page, '#solver-actions [data-action="f"]', "x x 2c b50 f")
    assert "in position folds" in page.inner_text("#solver-node")
    # Back to the start along the line.
    walk(page, '#solver-line button[data-step="0"]', "")
    assert check_grid(page, root) == 4
    # The other tabs are still there.
    page.click("#tab-icm")
    assert page.is_visible("#icm-panel") and page.is_hidden("#solver-panel")
    assert page.get_attribute("#tab-solver", "aria-selected") == "false"
    page.click("#tab-odds")
    assert page.is_visible("#odds-panel") and page.is_hidden("#solver-panel")
    page.click("#tab-solver")
    assert page.is_visible("#solver-tree") and page.is_hidden("#icm-panel")


def test_cancel_stops_a_running_solve(page: Any, client: httpx.Client) -> None:
    open_tab(page)
    fill(page, FLOP)
    page.click("#solver-solve")
    page.wait_for_function(
        "document.querySelector('#solver-panel').dataset.state === 'running'"
        " && /exploitability/.test(document.querySelector('#solver-status').textContent)",
        timeout=60_000,
    )
    assert page.is_disabled("#solver-solve") and page.is_visible("#solver-progress")
    assert "(target 0.00%)" in page.inner_text("#solver-status")
    page.click("#solver-cancel")
    page.wait_for_function(DONE, timeout=60_000)
    assert page.get_attribute("#solver-panel", "data-state") == "cancelled"
    job = page.get_attribute("#solver-panel", "data-job")
    answer = client.get(f"/v1/solve/{job}").json()
    assert answer["status"] == "cancelled" and answer["node"] is None
    iterations = answer["iterations"]
    assert page.inner_text("#solver-status") == f"Cancelled after {iterations:,} iterations."
    assert page.is_hidden("#solver-tree") and page.is_hidden("#solver-progress")
    assert page.is_enabled("#solver-solve") and page.is_disabled("#solver-cancel")


def test_refusals_in_the_users_words(open_page: Any) -> None:
    page = open_page(locale="it-IT")
    open_tab(page)
    assert page.inner_text("#tab-solver") == "Solver"
    assert page.inner_text("#solver-solve") == "Risolvi"
    fill(page, {**TURN, "ranges": ["AA, KK", "QQ+,A?"]})
    # The range is read as it is typed, and refused at its field.
    page.wait_for_function("document.querySelector('#solver-range-1-error').textContent !== ''")
    said = page.inner_text("#solver-range-1-error")
    assert said.startswith("'QQ+,A?' non è un range leggibile: '?' al carattere 6"), said
    assert solve(page) == "refused"
    status = page.inner_text("#solver-status")
    assert status.startswith("Range in posizione: 'QQ+,A?' non è un range leggibile"), status
    assert page.get_attribute("#solver-range-1", "aria-invalid") == "true"
    english = re.compile(r"\b(is not|given|expected|needs|valid)\b")
    for change, field, words in (
        ({"board": "Kh9d"}, "solver-board", "Board: il board del solver vuole 3 (flop)"),
        ({"bets": "50%, 3q"}, "solver-bets", "Puntate: '50%, 3q' non è un elenco di misure"),
        ({"pot": "0"}, "solver-pot", "Piatto: scrivete un numero intero di chip"),
        ({"target": "200"}, "solver-target", "Exploitability obiettivo: scrivete una quota"),
    ):
        assert solve(page, {**TURN, **change}) == "refused"
        status = page.inner_text("#solver-status")
        assert status.startswith(words), status
        assert not english.search(status), status
        assert page.get_attribute(f"#{field}", "aria-invalid") == "true"
    # A good spot clears the marks; the answer switches language with the page.
    assert solve(page, TURN) == "done"
    assert page.inner_text("#solver-status").startswith("Risolto: exploitability ")
    assert page.locator("[aria-invalid]").count() == 0
    assert page.inner_text('#solver-actions [data-action="b50"]').startswith("Punta 50 · ")
    page.select_option("#lang", "en")
    assert page.inner_text("#solver-status").startswith("Solved: exploitability ")
    assert page.inner_text('#solver-actions [data-action="b50"]').startswith("Bet 50 · ")
    assert page.inner_text("#solver-solve") == "Solve"


def test_on_a_phone_and_a_desktop(open_page: Any, client: httpx.Client) -> None:
    """Painted, solved and walked on a phone; the layout at a phone's and a desktop's width
    (the same page, resized), axe-core's checks once."""
    page = open_page(viewport=PHONE)
    open_tab(page)
    # A range painted on the grid: the in-position range gets A5s.
    page.click('.solver-edit[data-player="1"]')
    page.fill("#solver-range-1", "KK-TT, AQs")
    page.wait_for_function(
        "document.querySelector('#solver-range-1-info').dataset.read === 'KK-TT, AQs'"
    )
    page.click('#solver-grid .cell[data-hand="A5s"]')
    page.wait_for_function(
        "document.querySelector('#solver-range-1-info').dataset.read.includes('A5s')"
    )
    assert "A5s" in page.input_value("#solver-range-1")
    assert page.inner_text("#solver-range-1-info") == "32 combos"  # 4 pairs, 2 suited hands
    fill(page, {**TURN, "ranges": ["AA, KK, QJs, 76s", page.input_value("#solver-range-1")]})
    assert solve(page) == "done"
    hands = [f'#solver-hands [data-hand="{hand}"]' for hand in ("AA", "22", "A2s", "32o")]
    fits(page, PHONE[0], hands)
    for hand in hands:
        assert page.locator(hand).bounding_box()["width"] >= 20  # a finger can hit it
    # A tap on a cell shows its numbers.
    page.click('#solver-hands [data-hand="AA"]')
    assert page.inner_text("#solver-cell").startswith("AA: 6 combos, EV ")
    job = str(page.get_attribute("#solver-panel", "data-job"))
    assert check_grid(page, node_of(client, job)) == 4
    walk(page, '#solver-actions [data-action="b50"]', "b50")
    assert check_grid(page, node_of(client, job, "b50")) == 6  # KK-TT, AQs, A5s
    fits(page, PHONE[0], hands)
    assert axe_violations(page) == []
    page.set_viewport_size({"width": DESKTOP[0], "height": DESKTOP[1]})
    fits(page, DESKTOP[0], [*hands, "#solver-actions", "#solver-summary"])


def test_under_the_served_content_security_policy(browser: Any, base_url: str) -> None:
    with under_the_served_policy(browser, base_url + "/") as page:
        # Locators only: the page's own scripts run under the policy, the test evaluates none.
        page.wait_for_selector("#solver-panel[data-state]", state="attached")
        page.click("#tab-solver")
        fill(page, TURN)
        page.click("#solver-solve")
        page.wait_for_selector('#solver-panel[data-state="done"]', timeout=60_000)
        page.click('#solver-actions [data-action="b50"]')
        page.wait_for_selector('#solver-tree[data-line="b50"]')
        expect(page.locator('#solver-actions [data-action="c"]')).to_be_visible()
        style = page.locator('#solver-hands [data-hand="KK"]').get_attribute("style")
        assert style is not None and "linear-gradient" in style
