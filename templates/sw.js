// Service worker for one language of Giv: precaches every page and asset of the language on the
// first visit, then answers from the cache when the network is away. Written by the build.
const VERSION = "giv-{{ version }}";
const PRECACHE = {{ precache | tojson }};

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(VERSION).then((cache) => cache.addAll(PRECACHE)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k.startsWith("giv-") && k !== VERSION).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== location.origin) return;
  // Pages: network first (fresh rules when online), the cached copy when the network is away.
  if (request.mode === "navigate") {
    event.respondWith(fetch(request).then((response) => {
      if (response.ok) {
        const copy = response.clone();
        event.waitUntil(caches.open(VERSION).then((cache) => cache.put(request, copy)));
      }
      return response;
    }).catch(() => caches.match(request, { ignoreSearch: true })
      .then((hit) => hit || caches.match("404.html"))
      .then((hit) => hit || Response.error())));
    return;
  }
  // Assets: cache first; each build has its own cache, so a new build brings new assets.
  event.respondWith(caches.match(request, { ignoreSearch: true }).then((hit) => hit || fetch(request)));
});
