// Service worker for one language of Giv. On the first visit it keeps the language's shell (its
// assets, its front page and its 404 page) and the page that was opened; every other page is
// kept as it is visited. Each language has caches of its own (named after its scope), and a new
// build replaces only this language's older cache: the other languages stay offline.
// Written by the build.
const BUILD = "{{ version }}";
// The shell: the front, search, 404 and offline pages, the assets and the search index (the game and
// alias pages are kept when visited). BUILD is the shell's digest.
const SHELL = {{ precache | tojson }};
const SCOPE = new URL(self.registration.scope).pathname;
const PREFIX = `giv:${SCOPE}:`;
const CACHE = PREFIX + BUILD;

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await cache.addAll(SHELL);
    // The pages open now (the first visit's page was loaded before this worker existed).
    const open = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
    const pages = open.map((c) => new URL(c.url)).filter((u) => u.origin === location.origin && u.pathname.startsWith(SCOPE));
    await Promise.all(pages.map((u) => cache.add(u.pathname).catch(() => undefined)));
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const keys = await caches.keys();
    const fresh = await caches.open(CACHE);
    for (const key of keys) {
      // (the caches of older builds of Giv, which named them giv-<digest>, are cleared once)
      if (/^giv-[0-9a-f]{16}$/.test(key)) { await caches.delete(key); continue; }
      if (!key.startsWith(PREFIX) || key === CACHE) continue;
      // pages visited under the older build stay offline until visited again
      const previous = await caches.open(key);
      for (const request of await previous.keys()) {
        if (request.url.endsWith("/") && !(await fresh.match(request))) await fresh.put(request, await previous.match(request));
      }
      await caches.delete(key);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== location.origin || !url.pathname.startsWith(SCOPE)) return;
  // Pages: network first (fresh rules when online) and kept; the kept copy when the network is
  // away, or the offline page for a page never opened here.
  if (request.mode === "navigate") {
    event.respondWith(fetch(request).then((response) => {
      if (response.ok) {
        const copy = response.clone();
        event.waitUntil(caches.open(CACHE).then((cache) => cache.put(url.pathname, copy)));
      }
      return response;
    }).catch(() => caches.open(CACHE)
      .then((cache) => cache.match(url.pathname, { ignoreSearch: true }).then((hit) => hit || cache.match("offline.html")))
      .then((hit) => hit || Response.error())));
    return;
  }
  // Assets: cache first; each build has its own cache, so a new build brings new assets.
  event.respondWith(caches.open(CACHE).then((cache) => cache.match(request, { ignoreSearch: true })
    .then((hit) => hit || fetch(request))));
});
