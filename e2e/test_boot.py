"""The page boots from build/site alone: runtime -> packages -> engine -> ready.

Figures (cold start, stage times, sizes) are printed in the run's summary, never asserted.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import re
from pathlib import Path

from playwright.sync_api import expect

# Samples window.marqueeBoot's stage and progress from the first script on, so the test
# can check the bar only ever moves forward.
SAMPLER = """
window.__bootSamples = [];
(function sample() {
  const b = window.marqueeBoot;
  if (b) window.__bootSamples.push([b.stage, b.progress]);
  if (!b || b.state === "loading") setTimeout(sample, 20);
})();
"""
STAGES = ["runtime", "packages", "engine", "ready"]


def seconds(ms) -> str:
    return f"{ms / 1000:.2f} s"


def test_cold_start_reaches_engine_ready(page, site_url, wait_for_boot, screenshot, figures):
    page.add_init_script(SAMPLER)
    page.goto(site_url)
    boot = wait_for_boot(page)
    assert boot["state"] == "ready", f"boot failed: {boot['error']}\n" + "\n".join(boot["log"])

    # the page is handed over: loading screen gone, the app's container shown, bridge there
    page.wait_for_selector("#boot", state="hidden")
    assert page.evaluate("document.getElementById('app').hidden") is False
    assert page.evaluate("document.documentElement.dataset.boot") == "ready"
    assert page.evaluate("typeof window.marqueeBridge") == "object"
    assert boot["engine"]["version"] == boot["versions"]["engine"]

    # the progress bar only ever moved forward, through the stages in order, to 100 %
    samples = page.evaluate("window.__bootSamples")
    progress = [p for _, p in samples]
    stages = [STAGES.index(s) for s, _ in samples]
    assert progress == sorted(progress), progress
    assert stages == sorted(stages), samples
    assert boot["progress"] == 1

    page.wait_for_load_state("networkidle")
    screenshot(page, "boot-ready")
    w = page.marquee
    assert not w.problems(), w.problems()

    t = boot["timings"]
    figures["cold start -> engine ready (Chromium, 2 cores)"] = seconds(t["ready"])
    figures["  runtime downloaded + compiled"] = seconds(t["compiled"])
    figures["  CPython started + wheels installed"] = seconds(t["installed"] - t["compiled"])
    figures["  time to engine ready (web/main.py start -> bridge)"] = seconds(t["ready"] - t["main"])
    figures["  `import engine` inside Pyodide (main.py's own figure)"] = f"{boot['engine'].get('importMs', '?')} ms"
    figures["requests until ready (all local)"] = str(len(w.requests))
    figures["distinct progress values seen"] = str(len(set(progress)))


def test_warm_start_figure(browser, site_url, wait_for_boot, figures):
    """A second visit with the browser's HTTP cache (routing, as the `page` fixture does,
    turns the cache off, so this context only listens)."""
    context = browser.new_context()
    try:
        page = context.new_page()
        requests = []
        page.on("request", lambda r: requests.append(r.url))
        page.goto(site_url)
        assert wait_for_boot(page)["state"] == "ready"
        page.goto(site_url)
        boot = wait_for_boot(page)
        assert boot["state"] == "ready", boot["error"]
        assert all(r.startswith(site_url) or r.startswith("data:") for r in requests), requests
        figures["warm start -> engine ready (HTTP cache, revalidated)"] = seconds(boot["timings"]["ready"])
    finally:
        context.close()


def test_loading_screen_mid_way(page, site_url, wait_for_boot, screenshot):
    """Hold the msgspec wheel back to catch the loading screen between stages."""
    held = []
    wheel = re.compile(r".*/pyodide/msgspec-[^/]*\.whl$")
    page.route(wheel, lambda route: held.append(route))
    with page.expect_request(wheel, timeout=120_000):
        page.goto(site_url)
    page.wait_for_function("window.marqueeBoot && window.marqueeBoot.stage === 'packages'", timeout=120_000)
    # The bar's width transition has run its course: no CSS transition is left playing.
    page.wait_for_function("!document.getAnimations().some(a => a instanceof CSSTransition)")
    assert held, "the msgspec wheel is held back"
    state = page.evaluate("({stage: marqueeBoot.stage, progress: marqueeBoot.progress,"
                          " text: document.querySelector('.boot-status').textContent})")
    assert 0.2 < state["progress"] < 0.95, state
    expect(page.locator("#boot")).to_be_visible()
    assert page.evaluate("document.getElementById('app').hidden") is True
    expect(page.locator('.boot-stages li[data-stage="runtime"]')).to_have_attribute("data-state", "done")
    expect(page.locator('.boot-stages li[data-stage="packages"]')).to_have_attribute("data-state", "active")
    screenshot(page, "boot-loading")

    for route in held:
        route.continue_()
    assert wait_for_boot(page)["state"] == "ready"


def test_boots_from_a_sub_path(page, site_dir, serve, wait_for_boot, tmp_path):
    """Every URL in the site is relative: it works wherever the folder is hosted."""
    (tmp_path / "games").mkdir()
    (tmp_path / "games" / "marquee").symlink_to(site_dir, target_is_directory=True)
    url = serve(tmp_path) + "games/marquee/"
    page.goto(url)
    boot = wait_for_boot(page)
    assert boot["state"] == "ready", boot["error"]
    assert not page.marquee.problems(), page.marquee.problems()
    assert all(r.startswith(url) for r in page.marquee.requests), page.marquee.requests


def test_missing_file_shows_error_panel(page, site_url, wait_for_boot, screenshot):
    page.route(re.compile(r".*/pyodide/marquee-[^/]*\.whl$"), lambda r: r.fulfill(status=404, body="gone"))
    page.goto(site_url)
    boot = wait_for_boot(page)
    assert boot["state"] == "error"
    page.locator(".boot-error").wait_for(state="visible")
    # the panel names the file and, once it has asked the server again, the status
    expect(page.locator(".boot-error-summary")).to_contain_text(
        re.compile(r"Could not download pyodide/marquee-.*\.whl \(HTTP 404\)"))
    assert page.evaluate("document.getElementById('app').hidden") is True
    screenshot(page, "boot-error-missing-file")


def test_python_exception_shows_error_panel(page, site_url, wait_for_boot, screenshot):
    broken = "import engine\nraise RuntimeError('the engine refused to start')\n"
    page.route(re.compile(r".*/web/main\.py$"),
               lambda r: r.fulfill(status=200, body=broken, content_type="text/plain"))
    page.goto(site_url)
    boot = wait_for_boot(page)
    assert boot["state"] == "error"
    page.locator(".boot-error").wait_for(state="visible")
    summary = page.locator(".boot-error-summary").inner_text()
    detail = page.locator(".boot-error-detail").inner_text()
    assert "RuntimeError: the engine refused to start" in summary, summary
    assert "Traceback" in detail, detail
    screenshot(page, "boot-error-python")


def test_site_ships_exactly_what_the_lock_names(site_dir, figures):
    SITE = site_dir
    pyodide = SITE / "pyodide"
    lock = json.loads((pyodide / "pyodide-lock.json").read_text())
    shipped = sorted(p.name for p in pyodide.glob("*.whl"))
    named = sorted(e["file_name"] for e in lock["packages"].values())
    assert shipped == named
    for entry in lock["packages"].values():
        data = (pyodide / entry["file_name"]).read_bytes()
        assert hashlib.sha256(data).hexdigest() == entry["sha256"], entry["file_name"]
        for dep in entry["depends"]:
            assert dep in lock["packages"], (entry["name"], dep)
    config = json.loads((SITE / "web" / "pyscript.json").read_text())
    assert set(config["packages"]) <= set(lock["packages"])
    assert not re.match(r"^(https?:)?//", config["interpreter"])

    # no page of ours points outside its own origin (PyScript's bundle names CDNs it never
    # uses with a local interpreter; the browser test above proves nothing is requested)
    for path in [SITE / "index.html", *(SITE / "web").rglob("*.html"), *(SITE / "web").rglob("*.css")]:
        text = path.read_text()
        assert not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//""", text), path
        assert not re.search(r"""url\(\s*["']?(https?:)?//""", text), path
        assert not re.search(r"@import\s+(url\()?\s*[\"']?(https?:)?//", text), path

    for entry in sorted(lock["packages"].values(), key=lambda e: e["name"]):
        size = (pyodide / entry["file_name"]).stat().st_size
        figures[f"wheel {entry['file_name']}"] = f"{size / 1000:.1f} KB"
    raw, gz = site_size(SITE)
    figures["site size (build/site) raw"] = f"{raw / 1e6:.2f} MB"
    figures["site size gzip -6 (per file)"] = f"{gz / 1e6:.2f} MB"


def site_size(root: Path) -> tuple[int, int]:
    raw = gz = 0
    for path in root.rglob("*"):
        if path.is_file():
            data = path.read_bytes()
            raw += len(data)
            gz += len(gzip.compress(data, compresslevel=6, mtime=0))
    return raw, gz
