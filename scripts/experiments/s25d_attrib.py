"""The page thread's longest tasks over a game, each attributed to the script functions that
ran in it (issue #32, session 25): a Chromium trace with V8's sampling profiler on.

    PYTHONPATH=. python3 scripts/experiments/s25d_attrib.py build/site --game trk4 --size 1366x768 --top 8
    PYTHONPATH=. python3 scripts/experiments/s25d_attrib.py build/site --game ora --human 100

The scenes are `scripts/longtask_probe.py`'s (its GAMES, `--human N`). Per task: its CPU and
wall ms, the events `longtask_probe.inside` names (style, layout, paint, script by source) and
the functions the profiler sampled in it, by self time and by the page's own frames
(`web/` sources) that were on the stack: which part of the page asked for the work.
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT / "scripts"), str(ROOT / "e2e")]

import longtask_probe as probe  # noqa: E402

from helpers import TRACE_CATEGORIES, main_thread  # noqa: E402

CATEGORIES = [*TRACE_CATEGORIES, "toplevel", "v8.execute", "disabled-by-default-v8.cpu_profiler"]


def samples(path: str) -> list[tuple[float, list[str]]]:
    """Each CPU profile sample of the main thread's isolate: its time (trace µs) and stack,
    innermost first, each frame `function file:line`."""
    events = json.loads(Path(path).read_text())
    events = events["traceEvents"] if isinstance(events, dict) else events
    runs, _ = main_thread(path)
    main = (runs[0]["pid"], runs[0]["tid"])
    starts = {}
    for e in events:
        if e.get("name") == "Profile" and (e["pid"], e["tid"]) == main:
            starts[e["id"]] = e["args"]["data"]["startTime"]
    nodes: dict[tuple, dict] = {}
    out = []
    clock: dict[str, float] = dict(starts)
    for e in events:
        if e.get("name") != "ProfileChunk" or e.get("id") not in starts:
            continue
        data = e["args"]["data"]
        prof = data.get("cpuProfile", {})
        for n in prof.get("nodes", []):
            frame = n["callFrame"]
            where = frame.get("url", "").rsplit("/", 1)[-1]
            name = (
                f"{frame.get('functionName') or '(anon)'} {where}:{frame.get('lineNumber', -1) + 1}"
            )
            nodes[(e["id"], n["id"])] = {"name": name, "parent": n.get("parent")}
        for node, delta in zip(prof.get("samples", []), data.get("timeDeltas", []), strict=False):
            clock[e["id"]] += delta
            stack = []
            key = (e["id"], node)
            while key in nodes:
                stack.append(nodes[key]["name"])
                parent = nodes[key]["parent"]
                key = (e["id"], parent) if parent else None
            out.append((clock[e["id"]], stack))
    return sorted(out, key=lambda s: s[0])


def attribute(task: dict, sampled: list[tuple[float, list[str]]]) -> tuple[list, list]:
    """The samples in `task`: counts by innermost frame and by the innermost page frame."""
    end = task["ts"] + task["dur"]
    leaf: collections.Counter = collections.Counter()
    ours: collections.Counter = collections.Counter()
    for at, stack in sampled:
        if not task["ts"] <= at < end or not stack:
            continue
        leaf[stack[0]] += 1
        page = next(
            (
                f
                for f in stack
                if ".js:" in f and "core-" not in f and f.split()[0] != "(anon)" or "/web/" in f
            ),
            None,
        )
        mine = [f for f in stack if (".js:" in f or ".mjs:" in f) and "core-" not in f]
        ours[" < ".join(mine[:3]) if mine else (page or stack[0])] += 1
    return leaf.most_common(5), ours.most_common(5)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", type=Path)
    parser.add_argument("--game", choices=sorted(probe.GAMES), default="trk4")
    parser.add_argument("--size", default="1366x768")
    parser.add_argument("--human", type=int, default=0)
    parser.add_argument("--top", type=int, default=8)
    parser.add_argument("--out", default="/tmp/s25d-attrib.json")
    parser.add_argument("--sources", nargs="*", help="only sum these traces by source")
    args = parser.parse_args()
    if args.sources:
        for path in args.sources:
            print(path)
            for source, cpu, n, layouts, objects in by_source(path):
                print(
                    f"    {source}: CPU {cpu:.1f} ms in {n}, {layouts} layouts of {objects} objects"
                )
        return
    w, h = (int(n) for n in args.size.split("x"))
    probe.TRACE_CATEGORIES = CATEGORIES  # the probe's trace, with the profiler's categories
    probe.trace(args.site, args.game, (w, h), args.out, args.human, False)
    load = " ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"{args.game} {args.size} human {args.human} (load {load}):", probe.figures(args.out))
    runs, events = main_thread(args.out)
    sampled = samples(args.out)
    start = runs[0]["ts"]
    for t in sorted(runs, key=lambda t: -t.get("tdur", 0))[: args.top]:
        print(
            f"at {(t['ts'] - start) / 1e6:.2f} s: CPU {t.get('tdur', 0) / 1000:.1f} ms, wall {t['dur'] / 1000:.1f} ms"
        )
        if any(
            e["name"] == "V8.InvokeApiInterruptCallbacks" and e.get("tdur", 0) > 5000
            for e in events
            if t["ts"] <= e["ts"] < t["ts"] + t["dur"]
        ):
            print("    (the profiler starting: V8's interrupt callbacks; not the page's)")
            continue
        for name, cpu, wall in probe.inside(t, events)[:5]:
            print(f"    {name}: CPU {cpu:.1f}, wall {wall:.1f}")
        leaf, ours = attribute(t, sampled)
        print("    samples, innermost:", "; ".join(f"{n} x{c}" for n, c in leaf))
        print("    samples, page frames:", "; ".join(f"{n} x{c}" for n, c in ours))


def by_source(path: str, top: int = 12) -> list[tuple[str, float, int, int, int]]:
    """The trace's outermost script events summed by source (`file:line`): CPU ms, how many,
    and the layouts inside them (count, objects laid out)."""
    runs, events = main_thread(path)
    sums: dict[str, list[float]] = collections.defaultdict(lambda: [0.0, 0, 0, 0])
    outer_end, source = -1.0, None
    for e in events:
        if e["ts"] >= outer_end and e["name"] in (
            "FunctionCall",
            "TimerFire",
            "FireAnimationFrame",
        ):
            if e["name"] != "FunctionCall":
                continue
            data = e.get("args", {}).get("data", {})
            source = f"{data.get('url', '').rsplit('/', 1)[-1]}:{data.get('lineNumber', '')}"
            outer_end = e["ts"] + e["dur"]
            sums[source][0] += e.get("tdur", 0) / 1000
            sums[source][1] += 1
        elif e["ts"] < outer_end and e["name"] == "Layout":
            sums[source][2] += 1
            sums[source][3] += e.get("args", {}).get("beginData", {}).get("dirtyObjects", 0)
    return sorted(((k, *v) for k, v in sums.items()), key=lambda x: -x[1])[:top]


if __name__ == "__main__":
    main()
