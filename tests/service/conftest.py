"""A real uvicorn server with the equity service on a free loopback port, and a browser."""

from __future__ import annotations

import os
import shutil
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

# The `test` extra installs the service's dependencies: a missing one is an error, not a
# reason to skip.
import httpx
import pytest
import uvicorn
from playwright import sync_api
from service_helpers import TEST_LIMITS, free_port

from pokerforge.service import create_app
from pokerforge.service.server import GuardedHttpTools


@pytest.fixture(scope="session")
def base_url() -> Iterator[str]:
    """Starts the service on 127.0.0.1 for the whole session; yields its URL."""
    port = free_port()
    config = uvicorn.Config(
        create_app(TEST_LIMITS),
        host="127.0.0.1",
        port=port,
        log_level="warning",
        http=GuardedHttpTools,  # what `pokerforge serve` runs
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the test server did not start")
        time.sleep(0.02)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(timeout=15)


@pytest.fixture
def client(base_url: str) -> Iterator[httpx.Client]:
    """An HTTP client for the test server."""
    with httpx.Client(base_url=base_url, timeout=30) as http:
        yield http


# The web calculator's tests drive Debian's `chromium` (scripts/test.sh installs it)
# through Playwright, launched by its path since Playwright cannot download a browser here.
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
if CHROMIUM is None and os.environ.get("CI"):
    raise RuntimeError("chromium is missing: scripts/test.sh installs it")


class _Tabs:
    """The browser's tabs, one context per locale, handed to the tests in turn.

    A new context per page costs a renderer process each time (about 0.7 s of this machine's
    cores a test); a tab taken back is first sent to ``about:blank``, so every test still gets
    a fresh document (its question is in the URL; what it keeps in the browser's storage,
    the four-colour deck and the saved ranges, is cleared when the tab is given back). Each
    tab's script errors and requests to another origin than the test's server go to the test
    that holds it.
    """

    def __init__(self, browser: Any) -> None:
        self.browser = browser
        self.base_url = ""
        self.contexts: dict[str, Any] = {}
        self.idle: dict[str, list[Any]] = {}
        self.errors: list[str] = []
        self.foreign: list[str] = []

    def take(self, locale: str) -> Any:
        if self.idle.get(locale):
            return self.idle[locale].pop()
        if locale not in self.contexts:
            # The tests evaluate their own scripts in the page, which the service's
            # Content-Security-Policy forbids; test_service_page_access runs the page under it.
            self.contexts[locale] = self.browser.new_context(locale=locale, bypass_csp=True)
        tab = self.contexts[locale].new_page()
        tab.on("pageerror", lambda err: self.errors.append(str(err)))
        tab.on(
            "request",
            lambda req: (
                None
                if req.url.startswith((self.base_url, "about:"))
                else self.foreign.append(req.url)
            ),
        )
        return tab

    def give_back(self, locale: str, tab: Any) -> None:
        if tab.url.startswith("http"):
            tab.evaluate("localStorage.clear()")
        tab.goto("about:blank")
        self.idle.setdefault(locale, []).append(tab)


class _Chromium:
    """The test process's one headless Chromium and its tabs.

    Started by the first test that needs a page, and kept for the tests after it: a browser
    (with its Playwright driver and a first tab) costs about 1.3 CPU-seconds to start, and
    every page module's tests would otherwise start their own. It is stopped before the
    first test that does not use it (and at the end): Playwright's sync API keeps an event
    loop running in this thread while it is open, which other tests' ``asyncio.run`` would
    trip over. pytest-xdist's workers each have their own; the page modules, next to each
    other in the suite, mostly run one after another on a worker, so a worker starts one or
    two.
    """

    def __init__(self) -> None:
        self.playwright: Any = None
        self.tabs: _Tabs | None = None

    def start(self) -> _Tabs:
        if self.tabs is None:
            if CHROMIUM is None:
                pytest.skip("chromium is not installed")
            self.playwright = sync_api.sync_playwright().start()
            browser = self.playwright.chromium.launch(
                executable_path=CHROMIUM,
                headless=True,
                args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
            )
            self.tabs = _Tabs(browser)
        return self.tabs

    def stop(self) -> None:
        if self.tabs is None:
            return
        for context in self.tabs.contexts.values():
            context.close()
        self.tabs.browser.close()
        self.playwright.stop()
        self.tabs = self.playwright = None


_BROWSER = _Chromium()


class _StopTheIdleBrowser:
    """Stops the browser before any test that does not use it (a plugin of the whole
    session: the next test may be in any folder)."""

    @pytest.hookimpl(tryfirst=True)
    def pytest_runtest_setup(self, item: pytest.Item) -> None:
        if "browser" not in getattr(item, "fixturenames", ()):
            _BROWSER.stop()

    def pytest_sessionfinish(self) -> None:
        _BROWSER.stop()


def pytest_configure(config: pytest.Config) -> None:
    """Registers the browser's stopper (called as this conftest is loaded)."""
    config.pluginmanager.register(_StopTheIdleBrowser(), "pokerforge-page-browser")


@pytest.fixture
def browser() -> Any:
    """The process's headless Chromium (see ``_Chromium``)."""
    return _BROWSER.start().browser


@pytest.fixture
def tabs(browser: Any, base_url: str) -> _Tabs:
    """The browser's tabs (see ``_Tabs``), their requests checked against ``base_url``."""
    pool = _BROWSER.start()
    pool.base_url = base_url
    return pool


@pytest.fixture
def open_page(tabs: _Tabs) -> Iterator[Callable[..., Any]]:
    """Opens the calculator in a tab of its own (``viewport``, ``locale``, ``path``).

    Every page opened is checked at the end: no script error, and no request to another
    origin than the service's.
    """
    taken: list[tuple[str, Any]] = []
    tabs.errors.clear()
    tabs.foreign.clear()

    def opener(
        path: str = "/", viewport: tuple[int, int] = (1280, 1000), locale: str = "en-US"
    ) -> Any:
        tab = tabs.take(locale)
        taken.append((locale, tab))
        tab.set_viewport_size({"width": viewport[0], "height": viewport[1]})
        tab.goto(tabs.base_url + path)
        tab.wait_for_selector("body[data-ready]")
        return tab

    yield opener
    for locale, tab in taken:
        tabs.give_back(locale, tab)
    assert tabs.errors == [], tabs.errors
    assert tabs.foreign == [], tabs.foreign


@pytest.fixture
def page(open_page: Callable[..., Any]) -> Any:
    """The calculator in English at a desktop size."""
    return open_page()
