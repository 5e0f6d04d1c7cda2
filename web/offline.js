// Offline after the first visit: registers the service worker (sw.js at the site root, built
// by scripts/build.py) once the engine is ready, and offers "a new version is ready" when a
// newer build has been fully cached beside the running one (docs/boot.md, "Offline").
//
// window.marqueeOffline: {build, state: "unsupported"|"pending"|"cached"|"update", check(),
// activate(), canInstall(), install()} (check() asks the server for a newer sw.js now, as the
// page also does when it becomes visible again and every half hour; install() makes the
// browser's install offer, where it made one). Each change of state or of the offer is told
// as a "marquee:offline" event on the document (the top bar's "ready offline" and Install).

const CHECK_EVERY_MS = 30 * 60 * 1000;
const root = new URL("./", document.baseURI);
const manifest = readJson("marquee-boot-manifest");
const strings = readJson("marquee-lobby-data").strings ?? {};
const offline = {
  build: manifest.build ?? null,
  state: "serviceWorker" in navigator ? "pending" : "unsupported",
  check: async () => {
    const reg = await registration;
    await reg?.update();
    return offline.state;
  },
  activate,
  canInstall: () => installOffer !== null,
  install,
};
window.marqueeOffline = offline;

// Chromium offers to install a site whose manifest and service worker qualify by firing
// beforeinstallprompt; the offer is kept (not shown as the browser's own bar) for the page's
// Install button, which only exists while there is one. Other browsers never fire it.
let installOffer = null;
window.addEventListener("beforeinstallprompt", (event) => {
  event.preventDefault();
  installOffer = event;
  changed();
});
window.addEventListener("appinstalled", () => {
  installOffer = null;
  changed();
});

/** The browser's install dialog; its answer ("accepted" / "dismissed"), null without an offer.
 *  An offer is good for one prompt. */
async function install() {
  const offer = installOffer;
  if (!offer) return null;
  installOffer = null;
  changed();
  await offer.prompt();
  return (await offer.userChoice)?.outcome ?? null;
}

function changed() {
  document.dispatchEvent(new CustomEvent("marquee:offline", { detail: { state: offline.state } }));
}

function setState(state) {
  if (offline.state === state) return;
  offline.state = state;
  changed();
}

let resolveRegistration;
const registration = new Promise((resolve) => (resolveRegistration = resolve));
let reloading = false;

function readJson(id) {
  try {
    return JSON.parse(document.getElementById(id)?.textContent || "{}");
  } catch {
    return {};
  }
}

function text(code) {
  const lang = document.documentElement.lang || "en";
  return strings[lang]?.[code] ?? strings.en?.[code] ?? code;
}

async function register() {
  let reg;
  try {
    // updateViaCache "none": a new sw.js is seen even behind a caching proxy
    reg = await navigator.serviceWorker.register(new URL("sw.js", root), { scope: root.href, updateViaCache: "none" });
    // (a browser that blocks service workers by policy answers with no registration at all)
    if (!reg) throw new Error("service workers are blocked");
  } catch (error) {
    // no service worker (plain http on a remote host, private modes): the site still works online
    console.warn("marquee: offline mode unavailable:", error?.message ?? error);
    setState("unsupported");
    resolveRegistration(null);
    return;
  }
  resolveRegistration(reg);
  const seen = (worker) => {
    if (!worker) return;
    const settle = () => {
      if (worker.state === "installed" && navigator.serviceWorker.controller) updateReady();
      if (worker.state === "activated" && !navigator.serviceWorker.controller) setState("cached");
    };
    worker.addEventListener("statechange", settle);
    settle();
  };
  if (reg.waiting && navigator.serviceWorker.controller) updateReady();
  if (reg.active && offline.state === "pending") setState("cached");
  seen(reg.installing);
  reg.addEventListener("updatefound", () => seen(reg.installing));
  document.addEventListener(
    "visibilitychange",
    () => document.visibilityState === "visible" && reg.update().catch(() => {}),
  );
  setInterval(() => reg.update().catch(() => {}), CHECK_EVERY_MS);
}

function updateReady() {
  setState("update");
  if (document.querySelector(".update-banner")) return;
  const banner = document.createElement("div");
  banner.className = "update-banner";
  banner.setAttribute("role", "status");
  banner.dataset.testid = "update-ready";
  const message = document.createElement("span");
  message.textContent = text("ui.update.ready");
  const button = document.createElement("button");
  button.type = "button";
  button.dataset.testid = "update-reload";
  button.textContent = text("ui.update.reload");
  button.addEventListener("click", activate);
  banner.append(message, button);
  document.body.append(banner);
  document.dispatchEvent(new CustomEvent("marquee:update-ready"));
}

/** Let the waiting build take over; every tab reloads onto it (the game is autosaved). */
async function activate() {
  const reg = await registration;
  reg?.waiting?.postMessage("marquee:activate");
}

if (offline.state === "pending") {
  // The old build's files leave with its cache: a tab of it must not ask for more of them.
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (reloading) return;
    reloading = true;
    location.reload();
  });
  // Registered after the engine is up, so the first visit's download is not slowed by it.
  if (window.marqueeBoot?.state === "ready") register();
  else document.addEventListener("marquee:ready", register, { once: true });
}
