// The service worker: once a page has loaded the app (and, for a solo table,
// Pyodide and the code bundle), it can load again with the network off, so a
// solo game started online can be finished offline. Pyodide and the bundle
// have content-named addresses and are served from the cache first; the app's
// own files and /api/config come from the network when it answers (so an
// update is seen at once) and from the cache when it does not. Tables, joins,
// replays and WebSockets are never cached: they belong to the server.

const CACHE = "boardbots-v1";
const IMMUTABLE = /\/(pyodide|bundle)\//;
const NEVER = /\/(api\/tables|ws)\//;

// The app's own files are kept at install: the page that registered this worker
// fetched them before it was in control.
self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const files = await (await fetch("app-files.json")).json();
    await (await caches.open(CACHE)).addAll(files);
    await self.skipWaiting();
  })());
});
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("fetch", (event) => {
  const req = event.request;
  const url = new URL(req.url);
  if (req.method !== "GET" || url.origin !== self.location.origin || NEVER.test(url.pathname)) return;
  event.respondWith(IMMUTABLE.test(url.pathname) ? cacheFirst(req) : networkFirst(req));
});

async function cacheFirst(req) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(req);
  if (hit) return hit;
  const res = await fetch(req);
  if (res.ok) cache.put(req, res.clone());
  return res;
}

async function networkFirst(req) {
  const cache = await caches.open(CACHE);
  try {
    const res = await fetch(req);
    if (res.ok) cache.put(req, res.clone());
    return res;
  } catch (err) {
    const hit = await cache.match(req, { ignoreSearch: true });
    if (hit) return hit;
    throw err;
  }
}
