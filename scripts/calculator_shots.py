"""Screenshots of the web calculator for docs/ and the README, and its timing figures.

Starts the service on a free loopback port, drives Debian's Chromium through Playwright
and writes docs/calculator*.png (calculator-suits.png: the suit picker of a grid cell, with
the four-colour deck), docs/solver-page.png (the solver tab's answer) and
docs/stats-page.png (the hands tab: every room's test files read, a player's winnings
graph and the table). With ``--time N``
it also answers a heads-up flop range-against-range question N times on the page and
prints the times (for BENCHMARKS.md) with the size of the page's own assets.

Run: ``.venv/bin/python scripts/calculator_shots.py [--time 20]``.
"""

from __future__ import annotations

import argparse
import os
import shutil
import socket
import statistics
import threading
import time
from importlib import resources
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlencode

import uvicorn
from playwright import sync_api

from pokerforge.service import Limits, create_app
from pokerforge.service.ranges import preset

DOCS = Path(__file__).resolve().parent.parent / "docs"
# A range with two suited combos of AKs (the suit picker open on it) against a hand.
SUITS = "#game=holdem&hole=2&p=r:QQ%2B,AhKh,AsKs&p=JdTd&board=Ts9d4c----&method=auto"
FLOP = "#game=holdem&hole=2&p=r:TT%2B,AQs%2B,KQs&p=r:99-66,AJs,KJs%2B&board=Ts9d4c----&method=auto"


def serve() -> tuple[str, uvicorn.Server]:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(create_app(Limits()), port=port, log_level="warning"))
    threading.Thread(target=server.run, daemon=True).start()
    while not server.started:
        time.sleep(0.02)
    return f"http://127.0.0.1:{port}", server


def answered(page: Any) -> None:
    page.wait_for_selector("body[data-ready]")
    page.wait_for_selector(".result-row")
    page.wait_for_function("!document.body.dataset.busy")


def shots(browser: Any, base: str) -> None:
    wide = browser.new_page(viewport={"width": 1280, "height": 1000}, locale="en-US")
    wide.goto(base + "/" + FLOP)
    answered(wide)
    wide.wait_for_selector("svg.chart")
    wide.screenshot(path=str(DOCS / "calculator.png"), full_page=True)
    italian = browser.new_page(viewport={"width": 1280, "height": 1000}, locale="it-IT")
    italian.goto(base + "/#game=omaha-hilo&hole=5&p=Ah2h3dKdQh&p=QsQcJdJsTc&p=&board=4c5sKs----")
    answered(italian)
    italian.screenshot(path=str(DOCS / "calculator-it.png"), full_page=True)
    phone = browser.new_page(viewport={"width": 390, "height": 844}, locale="en-US")
    phone.goto(base + "/" + FLOP)
    answered(phone)
    phone.screenshot(path=str(DOCS / "calculator-phone.png"), full_page=True)
    suits = browser.new_page(viewport={"width": 1280, "height": 900}, locale="en-US")
    suits.goto(base + "/" + SUITS)
    answered(suits)
    suits.check("#four-colour")
    suits.click('#grid .cell[data-hand="AKs"]', button="right")
    suits.wait_for_selector('#combo-list .combo[data-combo="AhKh"][aria-pressed="true"]')
    suits.locator(".range-editor").screenshot(path=str(DOCS / "calculator-suits.png"))


# The solver tab: the form's own turn spot solved from the page, walked to the in-position
# player's decision after a check, a cell pointed at.
def solver_shot(browser: Any, base: str) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 1000}, locale="en-US")
    page.goto(base + "/")
    page.wait_for_selector("body[data-ready]")
    page.wait_for_selector("#solver-panel[data-state]", state="attached")
    page.click("#tab-solver")
    page.click("#solver-solve")
    page.wait_for_selector('#solver-panel[data-state="done"]', timeout=120_000)
    page.click('#solver-actions [data-action="x"]')
    page.wait_for_selector('#solver-tree[data-line="x"]:not([data-busy])')
    page.hover('#solver-hands [data-hand="JTs"]')
    page.locator(".solver-results").screenshot(path=str(DOCS / "solver-page.png"))


# The hands tab: the test files of every room and PokerStars' chosen, cash games in
# dollars kept, Hero's winnings drawn; the tab from its files to the table's top.
def stats_shot(browser: Any, base: str) -> None:
    data = DOCS.parent / "tests" / "data"
    files = [
        str(p)
        for folder in (data / "rooms", data / "pokerstars")
        for p in sorted(folder.rglob("*"))
        if p.suffix in (".txt", ".xml") and "LICENSE" not in p.name
    ]
    page = browser.new_page(viewport={"width": 1280, "height": 1000}, locale="en-US")
    page.goto(base + "/")
    page.wait_for_selector("body[data-ready]")
    page.wait_for_selector("#stats-panel[data-state]", state="attached")
    page.click("#tab-stats")
    page.set_input_files("#stats-pick", files)
    page.wait_for_selector('#stats-panel[data-state="done"]', timeout=60_000)
    page.select_option("#stats-kind", "cash")
    page.select_option("#stats-unit", "USD")
    page.click("#stats-apply")
    page.wait_for_selector('#stats-panel[data-state="done"]', timeout=60_000)
    page.select_option("#stats-player", "Hero")
    page.wait_for_selector("#stats-graph svg", timeout=60_000)
    page.wait_for_selector('#stats-panel[data-state="done"]', timeout=60_000)
    box = page.locator("#stats-panel").bounding_box()
    assert box is not None
    clip = {"x": box["x"], "y": box["y"], "width": box["width"], "height": min(box["height"], 1500)}
    page.screenshot(path=str(DOCS / "stats-page.png"), clip=clip, full_page=True)


def timing(browser: Any, base: str, runs: int) -> None:
    wide = (
        "#"
        + urlencode({"game": "holdem", "hole": 2, "board": "Ks7d2c----", "method": "auto"})
        + "".join(f"&p={quote('r:' + preset(p))}" for p in (20, 30))
    )
    for name, question in (("narrow (42 vs 36 combos)", FLOP), ("top 20% vs top 30%", wide)):
        time_question(browser, base, runs, name, question)
    static = resources.files("pokerforge.service") / "static"
    sizes = {f.name: len(f.read_bytes()) for f in static.iterdir() if f.is_file()}
    print(f"page assets: {sum(sizes.values())} bytes in {len(sizes)} files: {sizes}")
    print(f"load average: {os.getloadavg()}")


def time_question(browser: Any, base: str, runs: int, name: str, question: str) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 1000})
    times = []
    dead = [r + s for r in "2345" for s in "cdhs"]
    for run in range(runs):
        # A new question each time (one dead card), since the service would answer a
        # repeated one from its cache; a blank page between, so each run loads the page.
        page.goto("about:blank")
        page.goto(f"{base}/{question}&dead={dead[run % len(dead)]}")
        answered(page)
        page.wait_for_selector("svg.chart")
        times.append(int(page.evaluate("document.body.dataset.answerMs")))
    print(
        f"flop range against range, {name}, {runs} runs: median {statistics.median(times)} ms,"
        f" min {min(times)} ms, max {max(times)} ms; last: {page.inner_text('#status')}"
    )
    page.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--time", type=int, default=0, help="timing runs (0: screenshots only)")
    args = parser.parse_args()
    base, server = serve()
    chromium = shutil.which("chromium") or "chromium"
    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
        if args.time:
            timing(browser, base, args.time)
        else:
            shots(browser, base)
            solver_shot(browser, base)
            stats_shot(browser, base)
        browser.close()
    server.should_exit = True


if __name__ == "__main__":
    main()
