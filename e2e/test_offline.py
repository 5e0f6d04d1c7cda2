"""Offline after the first visit (web/sw.js, web/offline.js) and installable (the web app manifest).

Each test has its own browser context without request routing: Playwright's routing does not
see what a service worker fetches, and these tests are about exactly that. Figures are printed
in the run's summary, never asserted.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from playwright.sync_api import expect
from test_boot import FIRST_PAINT, LONG_TASKS, longest

from helpers import READY_TIMEOUT_MS, tid

ROOT = Path(__file__).resolve().parent.parent

# every seat a bot, the whole game at full speed. Random bots, the cheapest: this game checks
# offline play, not the bots, and the lobby's default (rollouts) made its length depend on the
# machine's load (minutes on a busy one).
FOUR_BOTS = """() => { marquee.setSpeed(0); return marquee.start({game: 'magnificent', seed: 7,
    seats: [0, 1, 2, 3].map(() => ({kind: 'bot', bot: 'random'}))}); }"""


def seconds(ms) -> str:
    return f"{ms / 1000:.2f} s"


@pytest.fixture
def context(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.problems = []
    context.on("console", lambda m: m.type == "error" and context.problems.append(m.text))
    context.on("weberror", lambda e: context.problems.append(str(e.error)))
    yield context
    context.close()


def ready(page) -> dict:
    page.wait_for_function("window.marquee", timeout=READY_TIMEOUT_MS)
    page.evaluate("marquee.ready()")
    return page.evaluate("({...marqueeBoot.timings})")


def wait_until_cached(page) -> None:
    """The service worker has stored every file of the build and is active."""
    page.wait_for_function(
        "window.marqueeOffline && marqueeOffline.state === 'cached'", timeout=READY_TIMEOUT_MS
    )


def cached_files(page) -> list[str]:
    return page.evaluate("""async () => {
        const names = (await caches.keys()).filter((n) => n.startsWith('marquee-'));
        const out = [];
        for (const n of names) for (const r of await (await caches.open(n)).keys()) out.push(n + ' ' + r.url);
        return out;
    }""")


def test_manifest_and_icons(site_dir):
    manifest = json.loads((site_dir / "web" / "manifest.webmanifest").read_text())
    assert manifest["start_url"] == manifest["scope"] == "../"  # relative: works from a sub-path
    sizes = {i["sizes"] for i in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes
    for icon in manifest["icons"]:
        data = (site_dir / "web" / icon["src"]).read_bytes()
        if icon["type"] == "image/png":
            width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
            assert f"{width}x{height}" == icon["sizes"], icon
    precache = json.loads((site_dir / "precache.json").read_text())
    listed = {path for path, _, _ in precache["files"]}
    on_disk = {p.relative_to(site_dir).as_posix() for p in site_dir.rglob("*") if p.is_file()}
    assert listed == on_disk - {"sw.js", "precache.json"}
    for path, sha, size in precache["files"]:
        data = (site_dir / path).read_bytes()
        assert (hashlib.sha256(data).hexdigest(), len(data)) == (sha, size), path


# a request the page makes and gives up at once, as a reload or a navigation gives up the
# requests of the page it leaves: whatever becomes of it (a network error, by the abort)
GIVEN_UP = """async (path) => {
    const stop = new AbortController();
    const asked = fetch(path, {signal: stop.signal, cache: 'no-store'});
    stop.abort();
    return asked.then(() => 'answered', (e) => e.name);
}"""


def test_the_worker_answers_only_for_the_builds_files(context, site_url):
    """Once the build is cached and the page controlled, a file of the build comes from the
    service worker and any other request goes to the network as if there were no worker: the
    worker fetched such a request itself, and a page that reloaded meanwhile aborted that fetch,
    which Firefox reports as an error of the page (a cold boot's test failed on it once)."""
    page = context.new_page()
    page.goto(site_url)
    ready(page)
    wait_until_cached(page)
    page.reload()
    ready(page)
    assert page.evaluate("navigator.serviceWorker.controller !== null")
    with page.expect_response(lambda r: r.url.endswith("/web/app.css")) as built:
        page.evaluate("fetch('web/app.css', {cache: 'no-store'}).then((r) => r.status)")
    assert built.value.from_service_worker and built.value.status == 200
    # outside the build: the page's own request, as if there were no worker. Playwright's
    # routing sees the page's requests and not a worker's fetches, so a route answers this
    # one only when the worker left it alone (it fetched it itself, from the server)
    page.route("**/outside-the-build.txt", lambda route: route.fulfill(status=200, body="page"))
    outside = "fetch('outside-the-build.txt', {cache: 'no-store'}).then((r) => r.text())"
    assert page.evaluate(outside) == "page"
    # requests given up at once: the build's one and another, none an error of the page
    assert page.evaluate(GIVEN_UP, "web/app.js") == "AbortError"
    assert page.evaluate(GIVEN_UP, "no-such-file.txt") == "AbortError"
    page.wait_for_timeout(500)
    assert not context.problems, context.problems


@pytest.mark.timing
def test_plays_a_whole_game_with_the_network_off(context, site_url, figures):
    page = context.new_page()
    page.goto(site_url)
    first = ready(page)
    wait_until_cached(page)
    t_cached = page.evaluate("performance.now()")
    precache = json.loads(Path(ROOT / "build" / "site" / "precache.json").read_text())
    files = cached_files(page)
    assert len(files) == len(precache["files"]), files
    assert all(f.startswith(f"marquee-{precache['build']} ") for f in files)

    context.set_offline(True)
    page.add_init_script(LONG_TASKS)
    responses = []
    page.on("response", lambda r: responses.append((r.url, r.from_service_worker, r.status)))
    page.reload()
    again = ready(page)
    assert page.evaluate("navigator.serviceWorker.controller !== null")
    assert page.evaluate("navigator.onLine") is False
    game_from = page.evaluate("performance.now()")
    page.evaluate(FOUR_BOTS)
    page.wait_for_function("marquee.toAct().kind === 'terminal'", timeout=300_000)
    tasks = page.evaluate("window.__longTasks")
    expect(page.get_by_test_id("game-over")).to_be_visible()
    # (blob: is PyScript's worker script, made in the page from its own bundle)
    network = [(u, s) for u, sw, s in responses if not sw and not u.startswith(("data:", "blob:"))]
    assert not network, network
    assert all(s == 200 for _, _, s in responses), responses
    assert not context.problems, context.problems

    figures["offline: first visit -> engine ready"] = seconds(first["ready"])
    figures["offline: first visit -> whole build cached (after ready)"] = seconds(
        t_cached - first["ready"]
    )
    figures["offline: reload with the network off -> engine ready"] = seconds(again["ready"])
    painted = page.evaluate(FIRST_PAINT)
    figures["main thread: longest task after first paint during boot (service worker cache)"] = (
        longest(tasks, since=painted, until=again["ready"])
    )
    figures["main thread: longest task during a 4-bot game (engine in its worker)"] = longest(
        tasks, since=game_from
    )
    figures["offline: responses from the service worker / from the network"] = (
        f"{len(responses) - len(network)} / {len(network)}"
    )


def changed_engine_wheel(site: Path, out: Path) -> Path:
    """The shipped engine wheel with one more line in engine/__init__.py (its RECORD kept
    true): a rebuilt site with a changed engine, without touching the checkout."""
    (wheel,) = (site / "pyodide").glob("marquee-*.whl")
    dest = out / wheel.name
    with zipfile.ZipFile(wheel) as src, zipfile.ZipFile(dest, "w", zipfile.ZIP_DEFLATED) as dst:
        files = {i.filename: src.read(i) for i in src.infolist()}
        files["engine/__init__.py"] += b"\n# rebuilt by e2e/test_offline.py\n"
        record = next(n for n in files if n.endswith(".dist-info/RECORD"))
        lines = []
        for line in files[record].decode().splitlines():
            name = line.split(",")[0]
            if name == "engine/__init__.py":
                data = files[name]
                digest = (
                    base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
                )
                line = f"{name},sha256={digest},{len(data)}"
            lines.append(line)
        files[record] = ("\n".join(lines) + "\n").encode()
        for name, data in files.items():
            dst.writestr(name, data)
    return dest


def test_a_new_build_is_offered_without_losing_the_game(
    context, site_dir, serve, tmp_path, figures
):
    v1 = tmp_path / "v1"
    shutil.copytree(site_dir, v1)
    v2 = tmp_path / "v2"
    wheel = changed_engine_wheel(site_dir, tmp_path)
    subprocess.run(
        [
            sys.executable,
            str(ROOT / "scripts" / "build.py"),
            "--out",
            str(v2),
            "--engine-wheel",
            str(wheel),
        ],
        check=True,
        capture_output=True,
    )
    build = {v: json.loads((v / "precache.json").read_text())["build"] for v in (v1, v2)}
    assert build[v1] != build[v2]

    live = tmp_path / "live"
    live.symlink_to(v1, target_is_directory=True)
    url = serve(live)
    page = context.new_page()
    page.goto(url)
    ready(page)
    wait_until_cached(page)
    page.reload()  # now the service worker serves the page
    ready(page)
    page.evaluate("""() => marquee.start({game: 'magnificent', seed: 11,
        seats: [{kind: 'human', name: 'Ann'}, {kind: 'human', name: 'Bo'}]})""")
    for _ in range(3):
        page.evaluate("marquee.idle()")  # the game opens on the engine's throw of the dice
        if page.evaluate("marquee.screen()") == "pass":
            page.evaluate("marquee.confirmPass()")
        page.evaluate("marquee.act(0)")
    before = page.evaluate(
        "({hash: marquee.hash(), step: marquee.snapshot().step, screen: marquee.screen()})"
    )
    # this build's install is kept for the next visit (web/pyodide-worker.mjs): the new build's
    # start must not write it back in place of its own engine
    page.wait_for_function("marqueeBoot.bytecode?.kept?.files?.length", timeout=READY_TIMEOUT_MS)

    # the new build goes up as a whole (one rename), as README's hosting section asks
    swap = tmp_path / "live.new"
    swap.symlink_to(v2, target_is_directory=True)
    os.replace(swap, live)
    page.evaluate("marqueeOffline.check()")
    banner = page.get_by_test_id("update-ready")
    expect(banner).to_be_visible(timeout=READY_TIMEOUT_MS)
    # its button can be read: the text's contrast with the button's own (light) face
    contrast = page.get_by_test_id("update-reload").evaluate(
        """b => {
          const st = getComputedStyle(b);
          const rgb = (s) => s.match(/rgba?\\(([^)]*)\\)/)[1].split(",").slice(0, 3).map(Number);
          const lum = ([r, g, bl]) => [r, g, bl].map((v) => {
            v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
          }).reduce((a, v, i) => a + v * [0.2126, 0.7152, 0.0722][i], 0);
          const face = st.backgroundImage !== "none" ? st.backgroundImage : st.backgroundColor;
          const [a, c] = [lum(rgb(st.color)), lum(rgb(face))].sort((x, y) => y - x);
          return (a + 0.05) / (c + 0.05);
        }"""
    )
    assert contrast >= 4.5, f"the Reload button's text contrast is {contrast:.2f}"
    # nothing broke meanwhile: the same game, still playable on the old build
    assert page.evaluate("marquee.hash()") == before["hash"]
    old_build = page.evaluate("marqueeOffline.build")
    assert old_build

    with page.expect_navigation():
        page.get_by_test_id("update-reload").click()
    ready(page)
    assert page.evaluate("marqueeBoot.bytecode?.used ?? null") is None
    new_build = page.evaluate("marqueeOffline.build")
    assert new_build != old_build
    assert page.evaluate("marquee.screen()") == before["screen"]
    assert page.evaluate("({hash: marquee.hash(), step: marquee.snapshot().step})") == {
        "hash": before["hash"],
        "step": before["step"],
    }
    expect(page.locator(tid("update-ready"))).to_have_count(0)
    files = cached_files(page)
    assert files and all(f.startswith(f"marquee-{build[v2]} ") for f in files), files[:3]
    # and the game goes on on the new build
    if page.evaluate("marquee.screen()") == "pass":
        page.evaluate("marquee.confirmPass()")
    page.evaluate("marquee.act(0)")
    assert page.evaluate("marquee.snapshot().step") > before["step"]
    assert not context.problems, context.problems
    listed = {
        v: {(p, h) for p, h, _ in json.loads((v / "precache.json").read_text())["files"]}
        for v in (v1, v2)
    }
    figures["update: files the new build had to download (the rest copied from the old cache)"] = (
        f"{len(listed[v2] - listed[v1])} of {len(listed[v2])}"
    )
