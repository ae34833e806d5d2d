// The roll call's service worker (docs/decisions/026), registered by
// /admin/embarque with scope /admin/. It keeps the page and every built asset,
// so the roll call opens and reloads with no signal. The data is not here:
// the lists and the queue of marks live in IndexedDB, and /api/ always goes
// to the network. The build fills in the asset list and the version.
const VERSION = "__VERSION__";
const ASSETS = __ASSETS__;
const SHELL = "/admin/embarque";
const PREFIX = "caravana-embarque-";
const CACHE = PREFIX + VERSION;

self.addEventListener("install", (event) => {
  // Where the browser can (Chrome 123+), /api/ does not even pass through this worker:
  // it goes straight to the network, as from a page without one.
  if (event.addRoutes) {
    event.waitUntil(
      event.addRoutes({ condition: { urlPattern: new URLPattern({ pathname: "/api/*" }) }, source: "network" }),
    );
  }
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll([SHELL, ...ASSETS]))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith(PREFIX) && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith("/api/")) return;

  if (request.mode === "navigate") {
    // The network first, so a new version is seen at once; the kept page when there is none.
    event.respondWith(
      fetch(request)
        .then((response) => {
          if (response.ok && url.pathname === SHELL) {
            const copy = response.clone();
            caches.open(CACHE).then((cache) => cache.put(SHELL, copy));
          }
          return response;
        })
        .catch(() => caches.match(SHELL, { cacheName: CACHE }).then((hit) => hit || Response.error())),
    );
    return;
  }

  // Hashed asset names never change: the kept copy is the right one.
  if (url.pathname.startsWith("/assets/")) {
    event.respondWith(caches.match(request, { cacheName: CACHE }).then((hit) => hit || fetch(request)));
  }
});
