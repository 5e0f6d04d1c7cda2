// Marquee's boot path: the loading screen, its progress bar, the error panel, and the
// start of PyScript. The contract with web/main.py and web/app.js is in docs/boot.md.
//
// Progress comes only from real signals:
//   - bytes received for the files each stage downloads (a clone of each fetch response is
//     counted; sizes come from the build's boot manifest, inlined in index.html),
//   - resource timing entries (a file complete, or its HTTP error status),
//   - Pyodide's WebAssembly module resolving from WebAssembly.instantiate(Streaming),
//   - PyScript/polyscript events (py:progress, py:ready, py:done),
//   - web/main.py's own announcement (marquee:engine-ready / marquee:boot-error).

const STAGES = ["runtime", "packages", "engine", "ready"];
const STAGE_TEXT = {
  runtime: "Loading the Python runtime",
  packages: "Starting Python and installing packages",
  engine: "Starting the rules engine",
  ready: "Ready",
};

const root = document.documentElement;
const $ = (selector) => document.querySelector(selector);
const siteRoot = new URL(".", document.baseURI);

const manifest = readManifest();
const resources = new Map(); // absolute URL -> {path, bytes, stage, loaded, done}
for (const stage of ["runtime", "packages", "engine"]) {
  for (const [path, bytes] of manifest.stages?.[stage] ?? []) {
    resources.set(new URL(path, siteRoot).href, { path, bytes, stage, loaded: 0, done: false });
  }
}
const ofStage = (stage) => [...resources.values()].filter((r) => r.stage === stage);
const stageBytes = (stage) => ofStage(stage).reduce((n, r) => n + r.bytes, 0);
const packageNames = ofStage("packages")
  .concat(ofStage("engine"))
  .map((r) => r.path.split("/").pop().split("-")[0]);

// Share of the bar for each signal; they add up to 1.
const WEIGHT = {
  runtimeBytes: 0.4, // the Python runtime's files, by bytes received
  compiled: 0.05, // Pyodide's WebAssembly module compiled and instantiated
  packagesBytes: 0.05, // msgspec's wheel, by bytes
  engineBytes: 0.05, // the marquee wheel, by bytes
  installed: 0.3, // CPython started and the wheels installed ("Loaded interpreter"): the
  //                 longest wait on a fast network, and one the main thread is busy for
  mainStarted: 0.05, // PyScript runs web/main.py (py:ready)
  engineReady: 0.1, // web/main.py imported the engine and announced its bridge
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

function received(stage) {
  const total = stageBytes(stage);
  if (!total) return 1;
  const got = ofStage(stage).reduce((n, r) => n + (r.done ? r.bytes : Math.min(r.loaded, r.bytes)), 0);
  return got / total;
}

function computeProgress() {
  let p = WEIGHT.runtimeBytes * received("runtime");
  if ("compiled" in marks) p += WEIGHT.compiled;
  p += WEIGHT.packagesBytes * received("packages");
  p += WEIGHT.engineBytes * received("engine");
  if ("installed" in marks) p += WEIGHT.installed;
  if ("main" in marks) p += WEIGHT.mainStarted;
  if ("ready" in marks) p += WEIGHT.engineReady;
  return Math.min(1, p);
}

function currentStage() {
  if ("ready" in marks) return "ready";
  if ("installed" in marks) return "engine";
  if ("compiled" in marks && received("runtime") >= 1) return "packages";
  return "runtime";
}

function statusText(stage) {
  if (stage === "runtime") {
    const total = stageBytes("runtime");
    const got = total * received("runtime");
    if (got < total) return `Downloading the Python runtime (${mb(got)} of ${mb(total)})`;
    return "Compiling the Python runtime (WebAssembly)";
  }
  if (stage === "packages" && packageNames.length) return `${STAGE_TEXT.packages} (${packageNames.join(", ")})`;
  if (stage === "engine" && !("main" in marks)) return "Loading web/main.py";
  if (stage === "engine") return "Importing the rules engine";
  return STAGE_TEXT[stage];
}

const mb = (bytes) => `${(bytes / 1e6).toFixed(1)} MB`;

let frame = 0;
function schedule() {
  if (!frame)
    frame = requestAnimationFrame(() => {
      frame = 0;
      render();
    });
}

function render() {
  if (state.state === "error") return;
  const progress = computeProgress();
  const stage = currentStage();
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
  fetch:
    "The file is missing, unreachable or does not match pyodide-lock.json (upload the whole build/site/ folder again).",
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
  showSummary(summary, hint);
  const versions = Object.entries(state.versions)
    .map(([k, v]) => `${k} ${v}`)
    .join(", ");
  $(".boot-error-detail").textContent = [
    detail,
    versions && `Versions: ${versions}`,
    state.log.length ? `Recent log:\n${state.log.join("\n")}` : "",
  ]
    .filter(Boolean)
    .join("\n\n");
  $(".boot-error").hidden = false;
  rejectReady(new Error(summary));
  document.dispatchEvent(new CustomEvent("marquee:boot-failed", { detail: state.error }));
}

function showSummary(summary, hint) {
  $(".boot-error-summary").textContent = summary;
  $(".boot-error-hint").textContent = `Stage: ${STAGE_TEXT[state.error.stage]}.` + (hint ? ` ${hint}` : "");
}

/** Replace the panel's summary with a better diagnosis of the same failure. */
function refine(summary, hint = "") {
  state.error.summary = summary;
  showSummary(summary, hint);
}

function errorText(value) {
  if (value == null) return "";
  if (typeof value === "string") return value;
  return value.stack || value.message || String(value);
}

function firstLine(text) {
  const lines = String(text)
    .trim()
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean);
  // the message of a JS error leads its stack; a Python traceback ends with its message
  const isMessage = (l) => /^[A-Za-z_][\w.]*(Error|Exception|Exit|Interrupt)\b/.test(l);
  const python = lines.findLastIndex((l) => isMessage(l) && !/^PythonError\b/.test(l));
  if (/Traceback \(most recent call last\)/.test(text) && python >= 0) return lines[python];
  return lines.find(isMessage) ?? lines.at(-1) ?? "";
}

$(".boot-error").addEventListener("click", async (event) => {
  const action = event.target.closest("button")?.dataset.bootAction;
  if (action === "reload") location.reload();
  if (action === "copy") {
    const text = [".boot-error-summary", ".boot-error-hint", ".boot-error-detail"]
      .map((sel) => $(sel).textContent)
      .join("\n\n");
    try {
      await navigator.clipboard.writeText(text);
      event.target.textContent = "Copied";
    } catch {
      getSelection().selectAllChildren($(".boot-error-detail"));
    }
  }
});

// ------------------------------------------------------------------ signals

// 1. Bytes as they arrive: the fetches Pyodide makes for a stage's files are counted on a
//    clone of the response, so the original (streamed into the WebAssembly compiler) is
//    untouched. Restored once the engine is ready: the app's own fetches are not watched.
const nativeFetch = window.fetch;
window.fetch = function (input, init) {
  const response = nativeFetch.call(this, input, init);
  const r = resources.get(urlOf(input));
  if (r && !r.started) r.started = performance.now();
  if (r) {
    response.then(
      (res) => count(r, res),
      (error) => {
        const summary = `Could not download ${r.path}.`;
        fail(summary, errorText(error), HINTS.fetch);
        // A failed integrity check hides the HTTP status: ask the server once more.
        nativeFetch(urlOf(input), { method: "HEAD", cache: "no-store" }).then(
          (head) => {
            if (state.error?.summary !== summary) return;
            if (head.ok) refine(`${r.path} does not match its sha256 in pyodide-lock.json.`, HINTS.fetch);
            else refine(`Could not download ${r.path} (HTTP ${head.status}).`, head.status === 404 ? HINTS[404] : "");
          },
          () => {},
        );
      },
    );
  }
  return response;
};

function urlOf(input) {
  try {
    return new URL(typeof input === "string" ? input : (input?.url ?? String(input)), document.baseURI).href;
  } catch {
    return "";
  }
}

async function count(r, res) {
  if (!res.ok) {
    fail(`Could not download ${r.path} (HTTP ${res.status}).`, res.url, res.status === 404 ? HINTS[404] : "");
    return;
  }
  if (!res.body || r.done) return;
  try {
    const reader = res.clone().body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      r.loaded += value.byteLength;
      schedule();
    }
  } catch {
    // the real consumer reports failures; this is only a counter
  }
}

// 2. Resource timing: a file of a stage is complete (or failed).
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
    schedule();
  }
}
const observer = new PerformanceObserver((list) => list.getEntries().forEach(onResource));
observer.observe({ type: "resource", buffered: true });

// 3. The WebAssembly runtime is compiled and instantiated (Pyodide's own module: the
//    ~10 MB pyodide.asm.wasm; it needs every runtime file, so they are all in by then).
const nativeWasm = {};
for (const name of ["instantiateStreaming", "instantiate"]) {
  const native = (nativeWasm[name] = WebAssembly[name]);
  if (!native) continue;
  WebAssembly[name] = async function (source, ...rest) {
    const result = await native.call(this, source, ...rest);
    if (await isRuntimeModule(source)) {
      compiled();
      render();
      // CPython's start-up that follows keeps the main thread busy for seconds: let the
      // browser paint "Starting Python" first (costs one frame).
      await nextPaint();
    }
    return result;
  };
}
function nextPaint() {
  return new Promise((resolve) => {
    if (!document.hidden) requestAnimationFrame(() => setTimeout(resolve, 0));
    setTimeout(resolve, 100); // no frames in a background tab
  });
}
async function isRuntimeModule(source) {
  const s = await source; // a Response (or a promise of one), bytes, or a Module
  if (s instanceof Response) return resources.get(s.url)?.path.endsWith(".wasm") ?? false;
  return (s?.byteLength ?? 0) > 1e6; // Pyodide also instantiates a few tiny helper modules
}
function compiled() {
  mark("compiled");
  for (const r of ofStage("runtime")) r.done = true;
}

// 4. polyscript's progress messages ("Loading interpreter", "Loaded interpreter", ...) and
//    PyScript starting and finishing web/main.py.
function started() {
  compiled();
  mark("installed");
  for (const r of resources.values()) r.done = true;
}
addEventListener("py:progress", ({ detail }) => {
  note("pyscript", detail);
  if (/^Loaded (interpreter|Pyodide)$/.test(detail)) started();
  schedule();
});
document.addEventListener("py:ready", () => {
  started();
  mark("main");
  schedule();
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

// 5. web/main.py's announcement.
document.addEventListener("marquee:engine-ready", (event) => {
  if (state.state !== "loading") return;
  started();
  mark("main");
  mark("ready");
  state.engine = event.detail ?? {};
  state.bridge = window.marqueeBridge;
  render();
  state.state = "ready";
  observer.disconnect();
  window.fetch = nativeFetch;
  Object.assign(WebAssembly, nativeWasm);
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

// 6. Anything uncaught before the engine is ready stops the boot.
addEventListener("error", (event) => {
  if (event.target && event.target !== window && event.target.tagName) {
    // a <script>/<link> failed to load (these events do not bubble: captured below)
    return;
  }
  const text = errorText(event.error) || event.message;
  const where = event.filename ? `${sitePath(event.filename)}:${event.lineno}:${event.colno}` : "";
  const summary = (firstLine(text) || "Script error.") + (where ? ` (in ${where})` : "");
  fail(
    summary,
    [text, where && `at ${event.filename}:${event.lineno}:${event.colno}`].filter(Boolean).join("\n"),
    /PythonError/.test(text) ? HINTS.python : "",
  );
});
const sitePath = (url) => (url.startsWith(siteRoot.href) ? url.slice(siteRoot.href.length) : url);
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

// 7. Console errors/warnings during boot go to the log shown in the error panel.
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

// ------------------------------------------------------------------ stalls
//
// A download that stops half-way never errors: the fetch just waits. So the screen names the
// file it waits for once nothing has moved for a few seconds, and after STALL_MS without
// progress offers a reload with that reason (the notice goes away if bytes flow again).
// Tests shorten the wait with window.MARQUEE_BOOT_STALL_MS (set before boot.js runs).

const STALL_MS = Number(window.MARQUEE_BOOT_STALL_MS) > 0 ? Number(window.MARQUEE_BOOT_STALL_MS) : 25000;
const QUIET_MS = Math.min(5000, STALL_MS / 2); // from then on, the status names the file
const TICK_MS = Math.min(1000, STALL_MS / 5);

/** The file the boot waits for: a download under way, else the first of the stage's files
 *  not yet complete (in the manifest's order), else null (the browser is computing). */
function waitingFor() {
  const pending = [...resources.values()].filter((r) => !r.done);
  const inFlight = pending.filter((r) => r.started).sort((a, b) => a.started - b.started)[0];
  return (inFlight ?? pending.find((r) => r.stage === state.stage))?.path ?? null;
}

const stallBox = document.createElement("div");
stallBox.className = "boot-stalled";
stallBox.dataset.testid = "boot-stalled";
stallBox.setAttribute("role", "alert");
stallBox.hidden = true;
const stallText = document.createElement("p");
stallText.className = "boot-stalled-text";
const stallReload = document.createElement("button");
stallReload.type = "button";
stallReload.dataset.testid = "boot-stalled-reload";
stallReload.textContent = "Reload";
stallReload.addEventListener("click", () => location.reload());
stallBox.append(stallText, stallReload);
const waitNote = document.createElement("p");
waitNote.className = "boot-wait";
waitNote.dataset.testid = "boot-waiting";
$(".boot-status")?.after(waitNote, stallBox);

let lastChange = performance.now();
let lastTick = lastChange;
let seen = "";
const stallTimer = setInterval(() => {
  if (state.state !== "loading") {
    stallBox.hidden = true;
    waitNote.textContent = "";
    return clearInterval(stallTimer);
  }
  const now = performance.now();
  const moved = `${computeProgress()}|${currentStage()}`;
  // A tick that comes late means the main thread was busy (CPython starting, the engine
  // importing): work, not a stall.
  if (moved !== seen || now - lastTick > 3 * TICK_MS) lastChange = now;
  seen = moved;
  lastTick = now;
  const quiet = now - lastChange;
  const file = waitingFor();
  const seconds = Math.round(quiet / 1000);
  waitNote.textContent =
    quiet >= QUIET_MS
      ? file
        ? `Waiting for ${file.split("/").pop()}: ${seconds} s without progress.`
        : `Still working (${seconds} s).`
      : "";
  state.stalled = quiet >= STALL_MS ? { file, seconds } : null;
  stallBox.hidden = !state.stalled;
  if (state.stalled) {
    stallText.textContent = file
      ? `Nothing has arrived for ${seconds} s: the download of ${file} seems to have stalled. Reloading the page usually gets it going again.`
      : `Nothing has moved for ${seconds} s while ${STAGE_TEXT[state.stage].toLowerCase()}. Reloading the page may help.`;
  }
}, TICK_MS);

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
