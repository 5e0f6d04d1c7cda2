// Marquee's service worker: the whole build in one versioned cache, so the site starts and
// plays with no network after the first visit (docs/boot.md, "Offline").
//
// scripts/build.py installs this file at the site root with PRECACHE filled in: the build id
// and every file with its sha256. A new build is a new sw.js, hence a new worker that fills a
// new cache; it only takes over when the page asks (the "new version" banner), and every file
// it stores must match its hash, so a half-uploaded build never installs: a page is only ever
// served one build's files.

const PRECACHE = /* marquee:precache */ null;
const PREFIX = "marquee-";
const CACHE = PREFIX + PRECACHE.build;
const scope = new URL("./", self.location.href);
const HASH = "x-marquee-sha256";

self.addEventListener("install", (event) => event.waitUntil(fill()));

async function fill() {
  const cache = await caches.open(CACHE);
  const reuse = await previousEntries();
  // a few at a time: the runtime's 10 MB wasm and the many small files share the network
  const queue = PRECACHE.files.slice();
  const worker = async () => {
    for (let file; (file = queue.shift()); ) await store(cache, reuse, file);
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
}

/** Files of an older build with the same content are copied, not downloaded again. */
async function previousEntries() {
  const found = new Map(); // "url#sha256" -> cached response
  for (const name of await caches.keys()) {
    if (!name.startsWith(PREFIX) || name === CACHE) continue;
    const old = await caches.open(name);
    for (const request of await old.keys()) {
      const response = await old.match(request);
      if (response) found.set(`${request.url}#${response.headers.get(HASH)}`, response);
    }
  }
  return found;
}

async function store(cache, reuse, [path, sha256]) {
  const url = new URL(path, scope).href;
  const old = reuse.get(`${url}#${sha256}`);
  if (old) {
    await cache.put(url, old);
    return;
  }
  const response = await fetch(url, { cache: "no-cache" });
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  const body = await response.arrayBuffer();
  const got = hex(await crypto.subtle.digest("SHA-256", body));
  if (got !== sha256) throw new Error(`${path} does not match this build (another upload under way?)`);
  const headers = new Headers(response.headers);
  headers.set(HASH, sha256);
  await cache.put(url, new Response(body, { status: 200, statusText: "OK", headers }));
}

const hex = (buffer) => [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, "0")).join("");

self.addEventListener("message", (event) => {
  if (event.data === "marquee:activate") self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  // Tabs of the old build reload when this worker takes over (web/offline.js), so its
  // cache can go.
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(names.filter((n) => n.startsWith(PREFIX) && n !== CACHE).map((n) => caches.delete(n))),
      ),
  );
});

// The build's own files, by the URL they are cached under.
const BUILT = new Set(PRECACHE.files.map(([path]) => new URL(path, scope).href));

// Only the build's files are answered here; any other request (a favicon.ico the browser asks
// for by itself, a file of no build) is left to the browser as if there were no worker. Such a
// request went to the network from inside the worker, and when the page reloaded or navigated
// meanwhile, that fetch was aborted and the answer rejected: Firefox then logs "A ServiceWorker
// intercepted the request and encountered an unexpected error" in the page (a cold boot's
// test failed on it once).
self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const key = cacheKey(request);
  if (!BUILT.has(key)) return;
  event.respondWith(respond(request, key));
});

function cacheKey(request) {
  const url = new URL(request.url);
  url.search = "";
  url.hash = "";
  // the site's folder itself is its index.html
  return request.mode === "navigate" && url.href === scope.href ? new URL("index.html", scope).href : url.href;
}

async function respond(request, key) {
  const hit = await (await caches.open(CACHE)).match(key);
  if (hit) return hit;
  // not cached (storage cleared under a running worker): the network, as without a worker; a
  // request its page gave up (a reload, a navigation) ends as a network error, not a rejection
  try {
    return await fetch(request);
  } catch (error) {
    if (request.signal?.aborted) return Response.error();
    throw error;
  }
}
