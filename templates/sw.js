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
  // Network first for pages (fresh rules when online), cache first for assets.
  if (request.mode === "navigate") {
    event.respondWith(fetch(request).then((response) => {
      const copy = response.clone();
      caches.open(VERSION).then((cache) => cache.put(request, copy));
      return response;
    }).catch(() => caches.match(request, { ignoreSearch: true }).then((hit) => hit || caches.match("404.html"))));
    return;
  }
  event.respondWith(caches.match(request).then((hit) => hit || fetch(request)));
});
