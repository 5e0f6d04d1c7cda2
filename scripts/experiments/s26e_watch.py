"""PyScript's document-wide MutationObserver over a bot game: its callbacks' time (issue #32,
session 26, docs/speed.md).

    PYTHONPATH=. python3 scripts/experiments/s26e_watch.py /tmp/old-site build/site --game mag4 --size 1366x768 --pairs 3

Each run serves one build, plays `longtask_probe.py`'s bot game (`--game`: random bots at speed
0) to its end, and times in the page every callback of an observer that watches the whole
document with attributes (PyScript's; the page's own watch `document.body` without them): their
calls, summed and longest ms (wall: a loaded machine stretches them), and the XPath queries run
(`XPathEvaluator.createExpression`), from the game's start to its end. Builds alternated.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT / "scripts"), str(ROOT / "e2e")]

import server  # noqa: E402
from longtask_probe import GAMES, setup  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

from conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

WATCH = """
window.__watch = {ms: 0, calls: 0, longest: 0, xpaths: 0};
const Observer = window.MutationObserver;
window.MutationObserver = class extends Observer {
  constructor(callback) {
    super((records, observer) => {
      const started = performance.now();
      try { return callback(records, observer); } finally {
        const ms = performance.now() - started;
        if (this.wholeDocument) {
          __watch.ms += ms; __watch.calls++; __watch.longest = Math.max(__watch.longest, ms);
        }
      }
    });
  }
  observe(target, options) {
    if (target === document && options?.attributes && options.subtree) this.wholeDocument = true;
    return super.observe(target, options);
  }
};
const create = XPathEvaluator.prototype.createExpression;
XPathEvaluator.prototype.createExpression = function (...args) {
  __watch.xpaths++;
  return create.apply(this, args);
};
"""


def run(site: Path, game: str, size: tuple[int, int]) -> dict:
    _, url = server.start_in_thread(site)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        try:
            page = browser.new_context(viewport={"width": size[0], "height": size[1]}).new_page()
            page.add_init_script(WATCH)
            page.goto(url)
            page.evaluate("marquee.ready()")
            page.evaluate("marquee.setSpeed(0)")
            page.evaluate(
                "() => { __watch.ms = 0; __watch.calls = 0; __watch.longest = 0; __watch.xpaths = 0; }"
            )
            page.evaluate(f"() => marquee.start({setup(game, False)})")
            page.wait_for_function("marquee.toAct()?.kind === 'terminal'", timeout=900_000)
            page.wait_for_timeout(300)
            return page.evaluate("window.__watch")
        finally:
            browser.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("before", type=Path)
    parser.add_argument("after", type=Path)
    parser.add_argument("--game", choices=sorted(GAMES), default="mag4")
    parser.add_argument("--size", default="1366x768")
    parser.add_argument("--pairs", type=int, default=3)
    args = parser.parse_args()
    size = tuple(int(n) for n in args.size.split("x"))
    builds = {"before": args.before, "after": args.after}
    for pair in range(1, args.pairs + 1):
        for which in ("before", "after") if pair % 2 else ("after", "before"):
            got = run(builds[which], args.game, (size[0], size[1]))
            load = " ".join(f"{x:.1f}" for x in os.getloadavg())
            print(
                f"{args.game} {args.size} pair {pair} {which} (load {load}): {got['calls']} calls,"
                f" {got['ms']:.1f} ms, longest {got['longest']:.1f} ms, {got['xpaths']} XPath queries",
                flush=True,
            )


if __name__ == "__main__":
    main()
