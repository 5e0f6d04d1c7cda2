// Marquee's boot path: the loading screen, its progress bar, the error panel, and the
// start of PyScript, which runs the engine in a worker (index.html's <script type="py"
// worker>, web/main.py). The contract with web/main.py and web/app.js is in docs/boot.md.
//
// Progress comes only from real signals, posted by the engine's worker
// (web/pyodide-worker.mjs, web/main.py):
//   - bytes received for the files each stage downloads (sizes come from the build's boot
//     manifest, inlined in index.html),
//   - Pyodide's WebAssembly module instantiated, CPython started with its wheels installed,
//   - web/main.py started, then its engine ready (or failed).

const STAGES = ["runtime", "packages", "engine", "ready"];
// The error panel's words are for whoever hosts the site (English, technical); the loading
// screen's are the player's, in the lobby's language (`tr`).
const STAGE_TEXT = {
  runtime: "Loading the Python runtime",
  packages: "Starting Python and installing packages",
  engine: "Starting the rules engine",
  ready: "Ready",
};

const root = document.documentElement;
const $ = (selector) => document.querySelector(selector);
const siteRoot = new URL(".", document.baseURI);

const manifest = readJson("marquee-boot-manifest");
// The catalogue's page strings in every language, inlined by the build for the lobby: the
// loading screen speaks the language the lobby will (the one remembered, else the browser's).
const strings = readJson("marquee-lobby-data").strings ?? {};
const lang = bootLang();

function bootLang() {
  let saved = null;
  try {
    saved = JSON.parse(localStorage.getItem("marquee:lang")); // web/ui/store.js's key
  } catch {
    /* storage refused: the browser's language */
  }
  const known = (code) => typeof code === "string" && code in strings;
  if (known(saved)) return saved;
  const code = (navigator.languages ?? []).map((tag) => tag.slice(0, 2).toLowerCase()).find(known);
  return code ?? "en";
}

/** A catalogue string with its {params} filled (the boot's own, all plain fields). */
function tr(code, params = {}) {
  const text = strings[lang]?.[code] ?? strings.en?.[code] ?? code;
  return text.replace(/\{(\w+)\}/g, (all, name) => (name in params ? String(params[name]) : all));
}
const resources = new Map(); // absolute URL -> {path, bytes, stage, loaded, done}
for (const stage of ["runtime", "packages", "engine"]) {
  for (const [path, bytes] of manifest.stages?.[stage] ?? []) {
    resources.set(new URL(path, siteRoot).href, { path, bytes, stage, loaded: 0, done: false });
  }
}
const ofStage = (stage) => [...resources.values()].filter((r) => r.stage === stage);
const stageBytes = (stage) => ofStage(stage).reduce((n, r) => n + r.bytes, 0);

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

function readJson(id) {
  try {
    return JSON.parse(document.getElementById(id)?.textContent || "{}");
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
  // (a start that writes the wheels back as the last visit installed them fetches none)
  p += WEIGHT.packagesBytes * ("installed" in marks ? 1 : received("packages"));
  p += WEIGHT.engineBytes * ("installed" in marks ? 1 : received("engine"));
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
    if (got < total) return tr("ui.boot.downloading", { got: mb(got), total: mb(total) });
    return tr("ui.boot.preparing");
  }
  return tr(`ui.boot.${stage}`);
}

const mb = (bytes) => (bytes / 1e6).toLocaleString(lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** The loading screen's own words (index.html has them in English) in the lobby's language. */
function localize() {
  root.lang = lang;
  const set = (selector, code) => {
    const el = $(selector);
    if (el) el.textContent = tr(code);
  };
  set(".boot-subtitle", "ui.boot.subtitle");
  set(".boot-status-text", "ui.boot.starting");
  $(".boot-bar")?.setAttribute("aria-label", tr("ui.boot.label"));
  for (const li of document.querySelectorAll(".boot-stages li"))
    li.textContent = tr(`ui.boot.stage.${li.dataset.stage}`);
}

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
  $(".boot-status-text").textContent = `${statusText(stage)}…`;
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
  $(".boot-error-hint").textContent = `Stage: ${STAGE_TEXT[state.error.stage]}.${hint ? ` ${hint}` : ""}`;
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

// 1. The engine's worker (web/pyodide-worker.mjs, web/main.py) posts what only it can see:
//    bytes received per file, HTTP errors, the runtime compiled, CPython started with its
//    wheels, web/main.py started, then ready or failed. Of the boot, only the WebAssembly
//    download and compile run from this page (0. below), on V8's own threads.
function onWorkerMessage({ data, ports }) {
  const m = data?.marquee;
  if (!m) return;
  if (m.kind === "wasm?") {
    // the worker asks for the WebAssembly module index.html started compiling (0. below)
    (early?.wasm ?? Promise.resolve({})).then(({ module }) => ports[0]?.postMessage({ module: module ?? null }));
    return;
  }
  if (m.kind.startsWith("snapshot-") || m.kind.startsWith("bytecode-")) {
    // Pyodide's memory snapshot (web/pyodide-worker.mjs): restored, refused, or made for next
    // time; the engine's bytecode kept from the last visit: used, or kept for the next one
    const [what, how] = m.kind.split("-");
    state[what] = { ...state[what], [how]: m };
    note(what, JSON.stringify(m));
    return;
  }
  if (m.kind === "asked") {
    // PyScript asked the worker for the runtime (web/pyodide-worker.mjs)
    state.runtime = m;
    return;
  }
  const r = m.url ? resources.get(m.url) : null;
  if (m.kind === "bytes" && r) {
    r.started ??= performance.now();
    r.loaded = m.loaded;
    if (m.done) r.done = true;
  } else if (m.kind === "http") {
    const path = r?.path ?? sitePath(m.url);
    fail(`Could not download ${path} (HTTP ${m.status}).`, m.url, m.status === 404 ? HINTS[404] : "");
  } else if (m.kind === "fetch-failed") {
    fetchFailed(r?.path ?? sitePath(m.url), m.url, m.error);
  } else if (m.kind === "compiled") {
    compiled();
  } else if (m.kind === "installed") {
    started();
  } else if (m.kind === "main") {
    started();
    mark("main");
  } else if (m.kind === "ready") {
    state.engine = {
      version: m.version,
      python: m.python,
      importMs: m.importMs,
      fromSource: m.fromSource,
      stdlibImported: m.stdlibImported,
    };
  } else if (m.kind === "exception") {
    fail(firstLine(m.text) || "Python error.", m.text, HINTS.python);
  } else if (m.kind === "failed") {
    fail(m.message || "web/main.py could not start the engine.", m.traceback || "", m.traceback ? HINTS.python : "");
  }
  schedule();
}

function fetchFailed(path, url, error) {
  const summary = `Could not download ${path}.`;
  fail(summary, error, HINTS.fetch);
  // A failed integrity check hides the HTTP status: ask the server once more.
  fetch(url, { method: "HEAD", cache: "no-store" }).then(
    (head) => {
      if (state.error?.summary !== summary) return;
      if (head.ok) refine(`${path} does not match its sha256 in pyodide-lock.json.`, HINTS.fetch);
      else refine(`Could not download ${path} (HTTP ${head.status}).`, head.status === 404 ? HINTS[404] : "");
    },
    () => {},
  );
}

/** PyScript made the engine's worker (index.html's <script type="py" worker>). */
function onWorker(xworker) {
  mark("worker");
  unwatch();
  xworker.addEventListener("message", onWorkerMessage);
  // an exception out of web/main.py, or a runtime that could not load at all
  xworker.onerror = ({ error }) => {
    const text = errorText(error);
    fail(
      firstLine(text) || "The engine's worker failed.",
      text,
      /Traceback|PythonError/.test(text) ? HINTS.python : "",
    );
  };
  xworker.ready.then(
    () => engineReady(xworker),
    () => {}, // reported by onerror
  );
}

// 0. Pyodide's WebAssembly is fetched and compiled from index.html's first script, in a worker
//    of its own, before PyScript has made the engine's (which is handed the module): the bytes
//    it posts are counted here, as the engine worker's are. A download that fails is reported
//    by the engine's worker, which then fetches it itself; a compile that fails on a wrong MIME
//    type is the server's.
const early = window.marqueeEarly;
early?.listen((data) => {
  onWorkerMessage({ data, ports: [] });
  if (data.marquee?.done) performance.mark("marquee:wasm-downloaded");
});
early?.wasm.then(({ error }) => {
  performance.mark(error ? "marquee:wasm-failed" : "marquee:wasm-compiled");
  if (error && /MIME/i.test(String(error))) {
    fail("The Python runtime (WebAssembly) could not start.", errorText(error), HINTS.mime);
  }
});

// 2. Resource timing: a file of the page itself that failed (the worker's files are not seen
//    here: it posts its own).
function onResource(entry) {
  const status = entry.responseStatus; // Chromium & Safari; undefined elsewhere
  if (status >= 400 && (entry.initiatorType === "fetch" || entry.initiatorType === "script")) {
    fail(`Could not download ${sitePath(entry.name)} (HTTP ${status}).`, entry.name, status === 404 ? HINTS[404] : "");
  }
}
const observer = new PerformanceObserver((list) => list.getEntries().forEach(onResource));
observer.observe({ type: "resource", buffered: true });

function compiled() {
  mark("compiled");
  for (const r of ofStage("runtime")) r.done = true;
}
function started() {
  compiled();
  mark("installed");
  for (const r of resources.values()) r.done = true;
}

// 3. The engine answers: window.marqueeBridge is its door, asynchronous (docs/boot.md "The
//    contract"); marquee:engine-ready tells web/app.js.
function engineReady(xworker) {
  if (state.state !== "loading") return;
  if (!state.engine) {
    fail(
      "web/main.py finished without announcing the engine.",
      "web/main.py must post {marquee: {kind: 'ready'}} (or 'failed'); see docs/boot.md.",
    );
    return;
  }
  const door = { call: (method, argsJson = "{}") => xworker.sync.call(method, argsJson), ...state.engine };
  window.marqueeBridge = door;
  started();
  mark("main");
  mark("ready");
  state.bridge = door;
  render();
  state.state = "ready";
  observer.disconnect();
  restoreConsole();
  root.dataset.boot = "ready";
  $("#boot").setAttribute("aria-busy", "false");
  $("#boot").hidden = true;
  $("#app").hidden = false;
  document.dispatchEvent(new CustomEvent("marquee:engine-ready", { detail: state.engine }));
  resolveReady(door);
  document.dispatchEvent(new CustomEvent("marquee:ready", { detail: { bridge: door, timings: marks } }));
}

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
stallReload.textContent = tr("ui.update.reload");
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
        ? tr("ui.boot.waiting", { file: file.split("/").pop(), seconds })
        : tr("ui.boot.working", { seconds })
      : "";
  state.stalled = quiet >= STALL_MS ? { file, seconds } : null;
  stallBox.hidden = !state.stalled;
  if (state.stalled) {
    stallText.textContent = file ? tr("ui.boot.stalled_file", { file, seconds }) : tr("ui.boot.stalled", { seconds });
  }
}, TICK_MS);

// ------------------------------------------------------------------ start

localize();
render();
mark("boot-js");

// PyScript's MutationObserver queries every subtree the page adds for py-* attributes (a fifth of
// a board's draw, for nothing here): watches started as its module runs end once the worker is made.
const watchers = [];
const { observe } = MutationObserver.prototype;
MutationObserver.prototype.observe = function (target, options) {
  if (target === document && options?.attributes && options.subtree) watchers.push(this);
  return observe.call(this, target, options);
};
const stopNoting = () => void (MutationObserver.prototype.observe = observe);
const unwatch = () => watchers.splice(0).forEach((watcher) => watcher.disconnect());

// PyScript is imported here, not from index.html, so that a missing or broken copy lands on the
// error panel instead of a spinning loading screen. It starts the engine's worker from index.html's
// <script type="py" worker>; the hook is in place before that (PyScript reads its config first).
import("../pyscript/core.js").finally(stopNoting).then(
  ({ hooks }) => {
    mark("pyscript");
    hooks.main.onWorker.add((_, xworker) => onWorker(xworker));
    // Runs in the worker (PyScript sends it as source: nothing from this module is in
    // scope): a Python exception reaches stderr as an Error object; it is posted here.
    hooks.worker.onReady.add((wrap) => {
      const stderr = wrap.io.stderr;
      wrap.io.stderr = (error, ...rest) => {
        if (error && typeof error === "object") {
          postMessage({ marquee: { kind: "exception", text: String(error.stack || error.message || error) } });
        }
        return stderr(error, ...rest);
      };
    });
  },
  (error) => fail("Could not load PyScript (pyscript/core.js).", errorText(error), HINTS[404]),
);
