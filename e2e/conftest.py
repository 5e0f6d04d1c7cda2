"""End-to-end harness: the built site (build/site) served on a free localhost port and
driven in Debian's Chromium through Playwright.

Fixtures
  site_dir     build/site, rebuilt once per session (set MARQUEE_SKIP_BUILD=1 to skip:
               scripts/test does, it has just built)
  site_url     the static server's base URL, e.g. http://127.0.0.1:41234/ (session scope)
  serve        serve(directory) -> URL: one more static server for this test
  browser      one headless Chromium for the session (/usr/bin/chromium, or $CHROMIUM)
  page         a fresh context + page (cold cache) that aborts and records every request to
               a non-local host, and records console errors, page errors and failed requests
               on ``page.marquee`` (a PageWatch)
  booted_page  a page with the engine ready, shared by the tests of this worker that start or
               load a game of their own (no boot or first visit under test): one boot, not
               one per test; each test gets it at the lobby, its choices at their defaults
  screenshot   screenshot(page, "name") -> build/screenshots/name.png
  figures      figures["label"] = "value": printed in the summary at the end of the run

  wait_for_boot wait_for_boot(page) waits until web/boot.js says ready (or error) and
               returns window.marqueeBoot as a dict

What the tests share beyond fixtures (opening the page, test ids, page text) is in helpers.py.
"""

from __future__ import annotations

import base64
import functools
import json
import os
import statistics
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Locator, Page, expect

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "build" / "site"
SHOTS = ROOT / "build" / "screenshots"
sys.path.insert(0, str(ROOT / "scripts"))
# The engine tests' modules some e2e files reuse import the tests' own helpers top-level
# (``from seated import Seated``), as tests/conftest.py arranges for them; appended, so that
# nothing there shadows e2e's own modules.
sys.path.append(str(ROOT / "tests"))

import server as static_server  # noqa: E402  (scripts/server.py)

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-sync",
    "--disable-dev-shm-usage",
]
LOCAL_HOSTS = {"127.0.0.1", "localhost", "::1", "[::1]"}
BOOT_TIMEOUT_MS = int(os.environ.get("MARQUEE_BOOT_TIMEOUT_MS", "120000"))

_FIGURES: dict[str, str] = {}

# The engine answers the page asynchronously (it runs in a worker): a click's move, and the
# instant bots after it, finish a moment after Playwright's click returns. Every input action
# therefore waits, after it, until the page says its work is done (`marquee.settled()`), so a
# test reads what the click did, as when the engine answered at once.
SETTLED = "() => window.marquee?.settled?.()"


def _settle(page) -> None:
    try:
        page.evaluate(SETTLED)
    except PlaywrightError:
        pass  # the action navigated away or closed the page: nothing left to wait for


def _then_settle(cls, name: str, page_of) -> None:
    original = getattr(cls, name)

    @functools.wraps(original)
    def action(self, *args, **kwargs):
        out = original(self, *args, **kwargs)
        _settle(page_of(self))
        return out

    setattr(cls, name, action)


for _name in (
    "click",
    "dblclick",
    "select_option",
    "set_input_files",
    "check",
    "uncheck",
    "press",
    "tap",
):
    _then_settle(Locator, _name, lambda loc: loc.page)
    _then_settle(Page, _name, lambda page: page)

# expect(...) waits as long as Playwright's own actions do (its default is 5 s): on a loaded
# machine a board render after a click can take longer than that.
expect.set_options(timeout=30_000)


def is_local(url: str) -> bool:
    parts = urlsplit(url)
    if parts.scheme in ("data", "blob", "about", "chrome", "devtools"):
        return True
    return (parts.hostname or "") in LOCAL_HOSTS


@dataclass
class PageWatch:
    """What one page did that a clean boot must not do."""

    console_errors: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    failed_requests: list[str] = field(default_factory=list)
    external_requests: list[str] = field(default_factory=list)
    requests: list[str] = field(default_factory=list)

    def problems(self) -> dict[str, list[str]]:
        return {
            k: v
            for k, v in {
                "console errors": self.console_errors,
                "page errors": self.page_errors,
                "failed requests": self.failed_requests,
                "non-local requests": self.external_requests,
            }.items()
            if v
        }


@pytest.fixture(scope="session")
def site_dir() -> Path:
    if os.environ.get("MARQUEE_SKIP_BUILD") != "1":
        subprocess.run([sys.executable, str(ROOT / "scripts" / "build.py"), "--quiet"], check=True)
    if not (SITE / "index.html").is_file():
        pytest.fail("build/site/index.html is missing: run ./scripts/build")
    return SITE


@pytest.fixture(scope="session")
def site_url(site_dir: Path):
    server, url = static_server.start_in_thread(site_dir)
    yield url
    server.shutdown()
    server.server_close()


@pytest.fixture
def serve():
    """serve(directory) -> base URL of another static server, stopped after the test."""
    servers = []

    def start(directory: Path) -> str:
        server, url = static_server.start_in_thread(directory)
        servers.append(server)
        return url

    yield start
    for server in servers:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} not found: scripts/test installs Debian's chromium")
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


def watch(page) -> PageWatch:
    """Abort and record non-local requests; record console errors and failures."""
    w = PageWatch()

    def block(route):
        w.external_requests.append(route.request.url)
        route.abort()

    page.route(lambda url: not is_local(url), block)
    page.on("request", lambda r: w.requests.append(r.url))
    page.on(
        "console",
        lambda m: (
            m.type == "error"
            and w.console_errors.append(
                f"{m.text} @ {m.location.get('url', '')}:{m.location.get('lineNumber', '')}"
            )
        ),
    )
    page.on("pageerror", lambda e: w.page_errors.append(str(e)))
    page.on(
        "requestfailed",
        lambda r: is_local(r.url) and w.failed_requests.append(f"{r.url}: {r.failure}"),
    )
    page.on(
        "response",
        lambda r: r.status >= 400 and w.failed_requests.append(f"{r.url}: HTTP {r.status}"),
    )
    page.marquee = w
    return w


# The viewport of a test's page, unless the test sets its own.
VIEWPORT = {"width": 1280, "height": 800}


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport=VIEWPORT)
    page = context.new_page()
    watch(page)
    yield page
    context.close()


# The tests run longest first. pytest-xdist's worksteal hands each worker a run of the
# collection, and a worker with nothing left takes the second half of another's queue, from
# its end; a test already started is not shared. In the files' order a long test (a whole
# game rated, a guide walked) was often among the last, played out by one worker while the
# other had nothing to do. A test's length is a stage run's (e2e/durations.json, written by
# scripts/e2e_durations.py from its JUnit report); one not listed (new since) counts as the
# median, so a stale list only costs an order, never a test.
DURATIONS = Path(__file__).with_name("durations.json")


def pytest_collection_modifyitems(items) -> None:
    if not DURATIONS.is_file():
        return
    seconds = json.loads(DURATIONS.read_text(encoding="utf-8"))
    median = statistics.median(seconds.values()) if seconds else 0.0
    items.sort(key=lambda item: -seconds.get(item.nodeid, median))  # stable: ties keep order


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    report = yield
    if report.failed:
        item.marquee_failed = True  # booted_page opens a fresh page after a failed test
    return report


_BOOTED: dict[str, Any] = {}  # this worker's shared page and its first language


@pytest.fixture
def booted_page(request, browser, site_url):
    """A page whose engine is ready, shared by this worker's tests that start a game of their
    own (``marquee.start``) and ask nothing of the page's boot or of a first visit: the boot
    (Pyodide, the wheels, the engine) is most of such a test's time, and the game is all it
    looks at.

    Each test gets it at the default viewport, in the page's first language, scrolled to the
    top with nothing focused and its problem lists (``page.marquee``) emptied; after a failed
    test (or a closed page) the next one gets a freshly booted page, so a failure is not
    passed on. A test that wraps the bridge's door, listens to the page's events or turns
    automation mode on undoes it before it ends (the bot speed each test sets for itself)."""
    from helpers import open_page

    page = _BOOTED.get("page")
    if page is None or page.is_closed():
        context = browser.new_context(viewport=VIEWPORT)
        page = context.new_page()
        watch(page)
        try:
            open_page(page, site_url)
        except BaseException:
            context.close()
            raise
        _BOOTED["page"] = page
        _BOOTED["lang"] = page.evaluate("marquee.lang")
    else:
        page.set_viewport_size(VIEWPORT)
        # as a fresh page: at the lobby with its choices at their defaults (marquee.start and
        # the lobby start from the last game's seats and options otherwise: a test passes only
        # what it means to change), no game's verdicts kept (a rating test finds its game
        # unrated), in its first language, nothing focused (the focus tests read where it
        # goes), at the top
        page.evaluate(
            """async () => { await marquee.toLobby(); marquee.review.forget();
                document.querySelector(`[data-testid="game-${marquee.games()[0].id}"]`).click(); }"""
        )
        page.get_by_test_id("seed-input").fill("")
        page.evaluate(
            """async lang => { if (marquee.lang !== lang) await marquee.setLang(lang);
                document.activeElement?.blur(); scrollTo(0, 0); }""",
            _BOOTED["lang"],
        )
        for problems in vars(page.marquee).values():
            problems.clear()
    yield page
    if getattr(request.node, "marquee_failed", False):
        _BOOTED.pop("page").context.close()


def fast_png(page) -> bytes:
    """The viewport as a PNG from Chromium's own capture with its fast encoder: the same pixels
    as ``page.screenshot`` for about a third of its CPU (0.07 against 0.18 s a shot at
    1920x1080, docs/boot.md, #32 session 20), files about 45% larger. The suite keeps 460 shots
    for people to look at, and no test reads them back."""
    cdp = getattr(page, "marquee_cdp", None)
    if cdp is None:
        cdp = page.marquee_cdp = page.context.new_cdp_session(page)
    shot = cdp.send("Page.captureScreenshot", {"format": "png", "optimizeForSpeed": True})
    return base64.b64decode(shot["data"])


@pytest.fixture(scope="session")
def screenshot():
    SHOTS.mkdir(parents=True, exist_ok=True)

    def take(page, name: str, **kw) -> Path:
        path = SHOTS / f"{name}.png"
        if kw or page.context.browser.browser_type.name != "chromium":
            page.screenshot(path=str(path), **kw)
        else:
            path.write_bytes(fast_png(page))
        return path

    return take


@pytest.fixture(scope="session")
def figures() -> dict[str, str]:
    return _FIGURES


def boot_state(page, timeout: int = BOOT_TIMEOUT_MS) -> dict:
    page.wait_for_function(
        "window.marqueeBoot && ['ready', 'error'].includes(window.marqueeBoot.state)",
        timeout=timeout,
    )
    return page.evaluate("""() => {
        const b = window.marqueeBoot;
        return {state: b.state, stage: b.stage, progress: b.progress, timings: b.timings,
                error: b.error, versions: b.versions, engine: b.engine ?? null, log: b.log};
    }""")


@pytest.fixture(scope="session")
def wait_for_boot():
    return boot_state


# Under pytest-xdist (scripts/test runs the browser tests on every core) each worker measures
# its own figures: it hands them to the controller when it finishes, which prints them all.
def pytest_sessionfinish(session):
    workeroutput = getattr(session.config, "workeroutput", None)
    if workeroutput is not None:
        workeroutput["marquee_figures"] = json.dumps(_FIGURES)


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node, error):
    _FIGURES.update(json.loads(node.workeroutput.get("marquee_figures", "{}")))


def pytest_terminal_summary(terminalreporter):
    if _FIGURES:
        terminalreporter.section("Marquee figures")
        width = max(map(len, _FIGURES))
        for label, value in _FIGURES.items():
            terminalreporter.write_line(f"{label:<{width}}  {value}")
