"""The web calculator's hands tab in a real headless Chromium: hand-history files of
several rooms chosen (and dropped), the table's figures against the service's answer, the
winnings graph's points against the series, the filters, a player whose hands do not add
up, on a phone and on a desktop, in Italian, and under the served content policy."""

from __future__ import annotations

from collections.abc import Iterator
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path
from typing import Any

import httpx
import pytest
from page_helpers import DESKTOP, PHONE, axe_violations, fits, under_the_served_policy
from page_helpers import open_tab as open_any_tab
from service_helpers import running
from test_service_stats import files_of

from pokerforge.service import Limits

# Long end-to-end checks, the same on every Python: on 3.11 only in the test command.
pytestmark = pytest.mark.slow

DATA = Path(__file__).parents[1] / "data"
ROOMS = DATA / "rooms"
# GGPoker (Hero: a cash game and a tournament), iPoker's XML, Winamax, and PokerStars'
# files (one in the Windows code page): about sixty hands, read in a tenth of a second.
FOLDERS = [ROOMS / "ggpoker", ROOMS / "ipoker", ROOMS / "winamax", DATA / "pokerstars"]
PATHS = [
    str(p)
    for folder in FOLDERS
    for p in sorted(folder.iterdir())
    if p.suffix in (".txt", ".xml") and p.name != "LICENSES.txt"
]
# The graph's drawing box (stats-graph.js).
BOX = {"width": 640, "height": 320, "left": 64, "right": 14, "top": 12, "bottom": 44}
DONE = "['done', 'refused'].includes(document.querySelector('#stats-panel').dataset.state)"


@pytest.fixture(scope="module")
def base_url() -> Iterator[str]:
    """This module's own server, with the default time limit: reading the files takes a
    tenth of a second, which the shared server's 0.5 s can be overrun by on a loaded
    machine (the pages, the client and the policy's test all use it)."""
    with running(Limits()) as (url, _):
        yield url


def open_tab(page: Any) -> None:
    open_any_tab(page, "stats")


def choose(page: Any, paths: list[str] = PATHS) -> None:
    page.set_input_files("#stats-pick", paths)
    page.wait_for_function(DONE, timeout=30_000)


def apply(page: Any, **filters: str) -> str:
    for name, value in filters.items():
        if name in ("since", "until"):
            page.fill(f"#stats-{name}", value)
        else:
            page.select_option(f"#stats-{name}", value)
    page.click("#stats-apply")
    page.wait_for_function(DONE, timeout=30_000)
    return str(page.get_attribute("#stats-panel", "data-state"))


def pick_player(page: Any, player: str) -> None:
    page.select_option("#stats-player", player)
    page.wait_for_function(DONE, timeout=30_000)


def answer(client: httpx.Client, **fields: str) -> dict[str, Any]:
    files = [f for p in PATHS for f in files_of(Path(p))]
    got = client.post("/v1/stats", json={"files": files, **fields})
    assert got.status_code == 200, got.text
    data: dict[str, Any] = got.json()
    return data


def share(value: float) -> str:
    """A share as the English page writes it (one place, halves away from zero)."""
    return f"{(Decimal(value) * 100).quantize(Decimal('0.1'), ROUND_HALF_UP)}%"


def check_table(page: Any, data: dict[str, Any]) -> None:
    """Every row and figure of the page's table against the service's answer."""
    rows = page.evaluate(
        """() => [...document.querySelectorAll('#stats-table tbody tr')].map((tr) => ({
          player: tr.dataset.player, group: tr.dataset.group,
          cells: Object.fromEntries([...tr.querySelectorAll('td[data-stat]')].map(
            (td) => [td.dataset.stat, [td.dataset.value, td.textContent]]))}))"""
    )
    assert len(rows) == len(data["players"]) > 0
    for row, want in zip(rows, data["players"], strict=True):
        assert row["player"] == want["player"]
        assert row["group"] == "|".join(want[k] for k in ("kind", "unit", "stakes", "game"))
        assert set(row["cells"]) == {
            "hands", "vpip", "pfr", "three_bet", "cbet_flop", "steal", "went_to_showdown",
            "won_at_showdown", "bb_per_100", "net", "allin_net",
        }  # fmt: skip
        for stat, (value, text) in row["cells"].items():
            expected = want[stat]
            if expected is None:
                assert (value, text) == ("", "\N{EN DASH}"), (stat, row)
            elif isinstance(expected, str):  # an amount, exactly
                assert value == expected and text == f"{Decimal(expected):,}", (stat, row)
            else:
                assert float(value) == expected, (stat, row)
                if stat in ("hands",):
                    assert text == f"{expected:,}"
                elif stat != "bb_per_100":
                    assert text == share(expected), (stat, row, text)


def check_graph(page: Any, series: dict[str, Any]) -> None:
    """The four lines' points against the series: hand k at x = k, each running total at
    its height, on the scale the drawing states."""
    drawn = page.evaluate(
        """() => { const svg = document.querySelector('#stats-graph svg');
          return {lo: Number(svg.dataset.lo), hi: Number(svg.dataset.hi),
            hands: Number(svg.dataset.hands), label: svg.getAttribute('aria-label'),
            texts: [...svg.querySelectorAll('text.axis')].map((t) => t.textContent),
            lines: Object.fromEntries([...svg.querySelectorAll('polyline')].map(
              (p) => [p.dataset.line, p.getAttribute('points')]))}; }"""
    )
    n = series["hands"]
    assert drawn["hands"] == n > 1
    lo, hi = drawn["lo"], drawn["hi"]
    values = [v for name in ("net", "showdown", "without_showdown", "allin") for v in series[name]]
    assert lo <= min(0, *values) and hi >= max(0, *values) and hi > lo
    width = BOX["width"] - BOX["left"] - BOX["right"]
    height = BOX["height"] - BOX["top"] - BOX["bottom"]
    assert set(drawn["lines"]) == {"net", "showdown", "without_showdown", "allin"}
    for name, text in drawn["lines"].items():
        points = [tuple(map(float, p.split(","))) for p in text.split()]
        assert len(points) == n + 1
        for k, (x, y) in enumerate(points):
            value = 0.0 if k == 0 else series[name][k - 1]
            assert x == pytest.approx(BOX["left"] + k / n * width, abs=0.006)
            assert y == pytest.approx(BOX["top"] + (hi - value) / (hi - lo) * height, abs=0.006)
    assert drawn["texts"] == ["Hands", f"Won ({series['unit']})"]


def test_files_chosen_drawn_as_the_service_answers(page: Any, client: httpx.Client) -> None:
    open_tab(page)
    assert page.is_visible("#stats-panel") and page.is_hidden("#odds-panel")
    assert page.inner_text("#stats-status") == "Choose hand-history files to see the statistics."
    choose(page)
    data = answer(client)
    assert page.get_attribute("#stats-panel", "data-state") == "done"
    assert page.inner_text("#stats-status").startswith(
        f"{len(PATHS)} files: {data['hands_read']} hands read, {data['hands']} kept"
    )
    check_table(page, data)
    # The filters offer what the files hold.
    kinds = page.eval_on_selector_all("#stats-kind option", "os => os.map((o) => o.value)")
    assert kinds == ["", "cash", "tournament"]
    rooms = page.eval_on_selector_all("#stats-room option", "os => os.map((o) => o.value)")
    assert rooms == ["", *data["choices"]["rooms"]] and "IPN" in rooms
    # A player's graph: the series' every point.
    pick_player(page, "Fishkopp55")
    series = answer(client, player="Fishkopp55")["series"]
    check_graph(page, series)
    legend = page.inner_text('.stats-legend [data-line="net"]')
    total = format(series["net"][-1], ",.2f").rstrip("0").rstrip(".")
    assert legend == f"Won: {total} {series['unit']}"
    # Back on the odds tab, this one hides.
    page.click("#tab-odds")
    assert page.is_hidden("#stats-panel") and page.is_visible("#odds-panel")


def test_a_filter_and_a_player_whose_hands_do_not_add_up(page: Any, client: httpx.Client) -> None:
    open_tab(page)
    choose(page)
    assert apply(page, kind="cash", position="BTN") == "done"
    check_table(page, answer(client, kind="cash", position="BTN"))
    assert apply(page, kind="", position="", since="2014-01-01", until="2014-12-31") == "done"
    data = answer(client, since="2014-01-01", until="2014-12-31")
    assert 0 < data["hands"] < data["hands_read"]
    check_table(page, data)
    # Hero played a cash game and a tournament: the graph waits for a kind, the table stays.
    assert apply(page, since="", until="") == "done"
    pick_player(page, "Hero")
    assert page.inner_text("#stats-player-error") == (
        "Hero played cash (EUR), cash (USD), tournament (chips), which do not add up in one graph: "
        "choose one with the filters (cash or tournament, currency)."
    )
    assert page.get_attribute("#stats-player", "aria-invalid") == "true"
    assert page.is_hidden("#stats-graph")
    check_table(page, answer(client))
    assert apply(page, kind="tournament") == "done"
    assert page.inner_text("#stats-player-error") == ""
    check_graph(page, answer(client, kind="tournament", player="Hero")["series"])
    check_table(page, answer(client, kind="tournament"))
    # Clearing the filters keeps the player; a bad day is the service's to refuse.
    page.click("#stats-reset")
    page.wait_for_function(DONE)
    assert page.input_value("#stats-kind") == ""
    assert page.inner_text("#stats-player-error").startswith("Hero played")


def test_files_dropped(page: Any, client: httpx.Client) -> None:
    open_tab(page)
    winamax = sorted((ROOMS / "winamax").iterdir())[0]
    page.evaluate(
        """([name, text]) => { const data = new DataTransfer();
          data.items.add(new File([text], name, {type: 'text/plain'}));
          const drop = document.querySelector('#stats-drop');
          drop.dispatchEvent(new DragEvent('dragover', {dataTransfer: data, bubbles: true}));
          drop.dispatchEvent(new DragEvent('drop', {dataTransfer: data, bubbles: true})); }""",
        [winamax.name, winamax.read_text(encoding="utf-8")],
    )
    page.wait_for_function(DONE, timeout=30_000)
    got = client.post("/v1/stats", json={"files": files_of(winamax)}).json()
    assert got["hands"] > 0
    check_table(page, got)
    assert page.inner_text("#stats-chosen").startswith("1 files, ")


def test_on_a_phone_and_a_desktop(open_page: Any, client: httpx.Client) -> None:
    """The graph and the table at a phone's and a desktop's width (the same page, resized),
    axe-core's checks once."""
    page = open_page(viewport=PHONE)
    open_tab(page)
    choose(page)
    pick_player(page, "Fishkopp55")
    check_graph(page, answer(client, player="Fishkopp55")["series"])
    # The wide table scrolls in its own box, which the keyboard reaches.
    assert page.get_attribute(".stats-table-box", "tabindex") == "0"
    controls = ["#stats-pick", "#stats-kind", "#stats-apply", "#stats-player"]
    for width, height in (PHONE, DESKTOP):
        page.set_viewport_size({"width": width, "height": height})
        fits(page, width, ["#stats-graph svg", ".stats-table-box", *controls])
        assert page.locator("#stats-graph svg").bounding_box()["width"] >= 300
        if width == PHONE[0]:
            assert axe_violations(page) == []


def test_in_italian(open_page: Any, client: httpx.Client) -> None:
    page = open_page(locale="it-IT")
    open_tab(page)
    assert page.inner_text("#tab-stats") == "Mani"
    assert page.inner_text("#stats-apply") == "Applica"
    choose(page)
    data = answer(client)
    assert page.inner_text("#stats-status").startswith(
        f"{len(PATHS)} file: {data['hands_read']} mani lette, {data['hands']} tenute dai filtri."
    )
    heads = page.eval_on_selector_all(
        "#stats-table thead th", "ths => ths.map((t) => t.textContent)"
    )
    assert heads[:3] == ["Giocatore", "Gioco", "Mani"] and heads[-2:] == ["Vinto", "Agg. all-in"]
    # Shares and amounts in the language's own numbers.
    first = data["players"][0]
    cell = page.locator("#stats-table tbody tr").first.locator('td[data-stat="vpip"]')
    if first["vpip"] is not None:
        assert cell.inner_text() == share(first["vpip"]).replace(".", ",")
    pick_player(page, "Hero")
    assert page.inner_text("#stats-player-error") == (
        "Hero ha giocato cash (EUR), cash (USD), torneo (chip), che non si sommano in un grafico: "
        "sceglietene uno con i filtri (cash o torneo, valuta)."
    )
    assert apply(page, kind="cash", unit="USD") == "done"
    series = answer(client, kind="cash", unit="USD", player="Hero")["series"]
    svg = page.locator("#stats-graph svg")
    assert svg.get_attribute("aria-label").startswith(
        f"Le vincite di Hero su {series['hands']} mani"
    )
    axis = page.eval_on_selector_all("#stats-graph text.axis", "ts => ts.map((t) => t.textContent)")
    assert axis == ["Mani", "Vinto (USD)"]
    page.select_option("#lang", "en")
    assert page.inner_text("#tab-stats") == "Hands"
    assert page.text_content("#stats-graph text.axis >> nth=0") == "Hands"


def test_under_the_served_content_security_policy(browser: Any, base_url: str) -> None:
    with under_the_served_policy(browser, base_url + "/") as page:
        # Locators only: the page's own scripts run under the policy, the test evaluates none.
        page.wait_for_selector("#stats-panel[data-state]", state="attached")
        page.click("#tab-stats")
        page.set_input_files("#stats-pick", PATHS)
        page.wait_for_selector('#stats-panel[data-state="done"]', timeout=30_000)
        page.select_option("#stats-player", "Fishkopp55")
        page.wait_for_selector("#stats-graph svg polyline.line-allin", timeout=30_000)
        assert page.locator("#stats-table tbody tr").count() > 10
