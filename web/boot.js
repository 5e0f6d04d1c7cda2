// Marquee's boot path: the loading screen, its progress bar, the error panel, and the
// start of PyScript. The contract with web/main.py and web/app.js is in docs/boot.md.
//
// Progress comes only from real signals:
//   - resource timing entries for the files each stage loads (sizes from the build's
//     boot manifest, inlined in index.html),
//   - PyScript/polyscript events (py:progress, py:ready, py:done),
//   - web/main.py's own announcement (marquee:engine-ready / marquee:boot-error).

const STAGES = ["runtime", "packages", "engine", "ready"];
const STAGE_TEXT = {
  runtime: "Downloading the Python runtime",
  packages: "Loading packages",
  engine: "Loading the rules engine",
  ready: "Ready",
};

const root = document.documentElement;
const $ = (selector) => document.querySelector(selector);
const siteRoot = new URL(".", document.baseURI);

const manifest = readManifest();
const resources = new Map(); // absolute URL -> {path, bytes, stage, done}
for (const stage of ["runtime", "packages", "engine"]) {
  for (const [path, bytes] of manifest.stages?.[stage] ?? []) {
    resources.set(new URL(path, siteRoot).href, { path, bytes, stage, done: false });
  }
}
const stageBytes = (stage) =>
  [...resources.values()].filter((r) => r.stage === stage).reduce((n, r) => n + r.bytes, 0);

// Share of the bar for each signal; they add up to 1.
const WEIGHT = {
  runtimeBytes: 0.6, // python runtime downloads, by size
  interpreterUp: 0.1, // wasm compiled, CPython started (first package fetched)
  packagesBytes: 0.1, // msgspec & co., by size
  engineBytes: 0.05, // the marquee wheel
  packagesInstalled: 0.05, // Pyodide installed the wheels ("Loaded interpreter")
  mainStarted: 0.05, // PyScript runs web/main.py (py:ready)
  engineReady: 0.05, // web/main.py announced the engine bridge
};

const marks = {}; // milestone name -> ms since navigation start
const state = {
  state: "loading",
  stage: "runtime",
  progress: 0,
  versions: manifest.versions ?? {},
  timings: marks,
  error: null,
  log: [], // recent console errors/warnings and PyScript progress, for the error panel
};
let resolveReady, rejectReady;
state.ready = new Promise((resolve, reject) => {
  resolveReady = resolve;
  rejectReady = reject;
});
state.ready.catch(() => {}); // a failed boot is reported on the page, not as an unhandled rejection
window.marqueeBoot = state;

function readManifest() {
  try {
    return JSON.parse($("#marquee-boot-manifest")?.textContent || "{}");
  } catch {
    return {};
  }
}

function mark(name) {
  if (!(name in marks)) {
    marks[name] = Math.round(performance.now());
    performance.mark(`marquee:${name}`);
  }
}

function note(kind, text) {
  state.log.push(`[${(performance.now() / 1000).toFixed(2)}s ${kind}] ${text}`);
  if (state.log.length > 40) state.log.shift();
}

// ------------------------------------------------------------------ progress

function fractionDone(stage) {
  const total = stageBytes(stage);
  if (!total) return 1;
  let done = 0;
  for (const r of resources.values()) if (r.stage === stage && r.done) done += r.bytes;
  return done / total;
}

function allDone(stage) {
  return fractionDone(stage) >= 1;
}

function computeProgress() {
  let p = WEIGHT.runtimeBytes * fractionDone("runtime");
  if ("interpreter" in marks) p += WEIGHT.interpreterUp;
  p += WEIGHT.packagesBytes * fractionDone("packages");
  p += WEIGHT.engineBytes * fractionDone("engine");
  if ("installed" in marks) p += WEIGHT.packagesInstalled;
  if ("main" in marks) p += WEIGHT.mainStarted;
  if ("ready" in marks) p += WEIGHT.engineReady;
  return Math.min(1, p);
}

function currentStage() {
  if ("ready" in marks) return "ready";
  if (!allDone("runtime") || !("interpreter" in marks)) return "runtime";
  if (!allDone("packages")) return "packages";
  return "engine";
}

function statusText(stage) {
  if (stage === "runtime") {
    if (!allDone("runtime")) {
      const total = stageBytes("runtime");
      const done = total * fractionDone("runtime");
      return `${STAGE_TEXT.runtime} (${mb(done)} of ${mb(total)})`;
    }
    return "Starting Python";
  }
  if (stage === "engine") {
    if ("main" in marks) return "Starting the rules engine";
    if ("installed" in marks) return "Running web/main.py";
  }
  return STAGE_TEXT[stage];
}

const mb = (bytes) => `${(bytes / 1e6).toFixed(1)} MB`;

let lastChange = performance.now();
function render() {
  if (state.state === "error") return;
  const progress = computeProgress();
  const stage = currentStage();
  if (progress !== state.progress || stage !== state.stage) lastChange = performance.now();
  for (const s of STAGES) if (STAGES.indexOf(s) < STAGES.indexOf(stage)) mark(`${s}-done`);
  state.progress = progress;
  state.stage = stage;
  root.dataset.bootStage = stage;

  const pct = Math.round(progress * 100);
  $(".boot-bar-fill").style.width = `${pct}%`;
  $(".boot-bar").setAttribute("aria-valuenow", String(pct));
  $(".boot-percent").textContent = `${pct}%`;
  $(".boot-status-text").textContent = statusText(stage) + "…";
  for (const li of document.querySelectorAll(".boot-stages li")) {
    const i = STAGES.indexOf(li.dataset.stage);
    const at = STAGES.indexOf(stage);
    li.dataset.state = i < at || stage === "ready" ? "done" : i === at ? "active" : "todo";
  }
}

// ------------------------------------------------------------------ failure

const HINTS = {
  404: "A file of the site is missing: upload the whole build/site/ folder.",
  mime: "The server must send .wasm as application/wasm and .mjs/.js as text/javascript.",
  python: "A Python exception stopped the page; the traceback is below.",
};

function fail(summary, detail = "", hint = "") {
  if (state.state === "ready") {
    // After start-up, errors belong to the app; keep them in the log only.
    note("error", summary);
    return;
  }
  if (state.state === "error") {
    // keep the first (root) cause on top; later ones are usually its consequences
    const pre = $(".boot-error-detail");
    pre.textContent += `\n\nThen: ${summary}${detail ? `\n${detail}` : ""}`;
    return;
  }
  state.state = "error";
  state.error = { stage: state.stage, summary, detail };
  mark("error");
  root.dataset.boot = "error";
  const box = $("#boot");
  box.setAttribute("aria-busy", "false");
  $(".boot-error-summary").textContent =
    `${summary} (while: ${STAGE_TEXT[state.stage].toLowerCase()})` + (hint ? ` ${hint}` : "");
  const versions = Object.entries(state.versions).map(([k, v]) => `${k} ${v}`).join(", ");
  $(".boot-error-detail").textContent = [
    detail,
    versions && `Versions: ${versions}`,
    state.log.length ? `Recent log:\n${state.log.join("\n")}` : "",
  ].filter(Boolean).join("\n\n");
  $(".boot-error").hidden = false;
  rejectReady(new Error(summary));
  document.dispatchEvent(new CustomEvent("marquee:boot-failed", { detail: state.error }));
}

function errorText(value) {
  if (value == null) return "";
  if (typeof value === "string") return value;
  return value.stack || value.message || String(value);
}

function firstLine(text) {
  const lines = String(text).trim().split("\n").filter((l) => l.trim());
  // a Python traceback's last line is its message
  return lines.find((l) => /^\w*(Error|Exception)\b/.test(l.trim())) ?? lines.at(-1) ?? "";
}

$(".boot-error").addEventListener("click", async (event) => {
  const action = event.target.closest("button")?.dataset.bootAction;
  if (action === "reload") location.reload();
  if (action === "copy") {
    const text = `${$(".boot-error-summary").textContent}\n\n${$(".boot-error-detail").textContent}`;
    try {
      await navigator.clipboard.writeText(text);
      event.target.textContent = "Copied";
    } catch {
      getSelection().selectAllChildren($(".boot-error-detail"));
    }
  }
});

// ------------------------------------------------------------------ signals

// 1. Resource timing: a file of a stage finished downloading (or failed).
function onResource(entry) {
  const r = resources.get(entry.name.split("#")[0]);
  const status = entry.responseStatus; // Chromium & Safari; undefined elsewhere
  if (status >= 400) {
    const path = r?.path ?? new URL(entry.name).pathname;
    if (r || entry.initiatorType === "fetch" || entry.initiatorType === "script") {
      fail(`Could not download ${path} (HTTP ${status}).`, entry.name, status === 404 ? HINTS[404] : "");
    }
    return;
  }
  if (r && !r.done) {
    r.done = true;
    // the runtime is up once Pyodide starts fetching wheels
    if (r.stage !== "runtime") mark("interpreter");
    render();
  }
}
const observer = new PerformanceObserver((list) => list.getEntries().forEach(onResource));
observer.observe({ type: "resource", buffered: true });

// 2. polyscript's progress messages ("Loading interpreter", "Loaded interpreter", ...).
addEventListener("py:progress", ({ detail }) => {
  note("pyscript", detail);
  if (/^Loaded (interpreter|Pyodide)$/.test(detail)) {
    mark("interpreter");
    mark("installed");
  }
  render();
});

// 3. PyScript starts and finishes web/main.py.
document.addEventListener("py:ready", () => {
  mark("interpreter");
  mark("installed");
  mark("main");
  render();
});
document.addEventListener("py:done", () => {
  mark("main-done");
  // main.py may finish its work asynchronously; give it a moment before complaining
  setTimeout(() => {
    if (state.state === "loading") {
      fail(
        "web/main.py finished without announcing the engine.",
        "web/main.py must dispatch marquee:engine-ready (or marquee:boot-error) on document; see docs/boot.md.",
      );
    }
  }, 10000);
});

// 4. web/main.py's announcement.
document.addEventListener("marquee:engine-ready", (event) => {
  if (state.state !== "loading") return;
  mark("interpreter");
  mark("installed");
  mark("main");
  mark("ready");
  for (const r of resources.values()) r.done = true;
  state.engine = event.detail ?? {};
  state.bridge = window.marqueeBridge;
  render();
  state.state = "ready";
  observer.disconnect();
  restoreConsole();
  root.dataset.boot = "ready";
  $("#boot").setAttribute("aria-busy", "false");
  $("#boot").hidden = true;
  $("#app").hidden = false;
  resolveReady(state.bridge);
  document.dispatchEvent(new CustomEvent("marquee:ready", { detail: { bridge: state.bridge, timings: marks } }));
});
document.addEventListener("marquee:boot-error", (event) => {
  const d = event.detail ?? {};
  fail(d.message || "web/main.py reported a boot error.", d.traceback || "", d.traceback ? HINTS.python : "");
});

// 5. Anything uncaught before the engine is ready stops the boot.
addEventListener("error", (event) => {
  if (event.target && event.target !== window && event.target.tagName) {
    // a <script>/<link> failed to load (these events do not bubble: captured below)
    return;
  }
  const text = errorText(event.error) || event.message;
  fail(firstLine(text) || "Script error.", text, /PythonError/.test(text) ? HINTS.python : "");
});
addEventListener(
  "error",
  (event) => {
    const el = event.target;
    if (el?.tagName === "SCRIPT" || el?.tagName === "LINK") {
      fail(`Could not load ${el.src || el.href}.`, "", HINTS[404]);
    }
  },
  true,
);
addEventListener("unhandledrejection", (event) => {
  const text = errorText(event.reason);
  fail(firstLine(text) || "Start-up failed.", text, /PythonError|Traceback/.test(text) ? HINTS.python : "");
});

// 6. Console errors/warnings during boot go to the log shown in the error panel.
const original = { error: console.error, warn: console.warn };
for (const level of ["error", "warn"]) {
  console[level] = function (...args) {
    const text = args.map(errorText).join(" ");
    note(level, text);
    if (/wasm instantiation failed|Incorrect response MIME type/i.test(text)) {
      fail("The Python runtime (WebAssembly) could not start.", text, HINTS.mime);
    }
    return original[level].apply(this, args);
  };
}
function restoreConsole() {
  Object.assign(console, original);
}

// A soft note when nothing has moved for a while (a slow network is not an error).
setInterval(() => {
  if (state.state !== "loading") return;
  const quiet = performance.now() - lastChange;
  $(".boot-status").classList.toggle("boot-slow", quiet > 20000);
}, 2000);

// ------------------------------------------------------------------ start

render();
mark("boot-js");

// PyScript is imported here (not from index.html) so that a missing or broken copy of it
// lands on the error panel instead of leaving the loading screen spinning.
import("../pyscript/core.js").then(
  ({ hooks }) => {
    mark("pyscript");
    // Python exceptions (e.g. at `import engine`) reach PyScript's stderr as Error objects;
    // plain stderr lines (warnings, prints) are strings and only go to the log.
    hooks.main.onReady.add((wrap) => {
      const stderr = wrap.io.stderr;
      wrap.io.stderr = (error, ...rest) => {
        if (error && typeof error === "object") {
          const text = errorText(error);
          fail(firstLine(text) || "Python error.", text, HINTS.python);
        } else {
          note("stderr", String(error));
        }
        return stderr(error, ...rest);
      };
    });
  },
  (error) => fail("Could not load PyScript (pyscript/core.js).", errorText(error), HINTS[404]),
);
