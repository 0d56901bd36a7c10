// giv serve: the site's service worker is replaced by this one, which removes itself and the
// caches of the real one, so that every reload shows the files just built.
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k.startsWith("giv-")).map((k) => caches.delete(k))))
    .then(() => self.registration.unregister()));
});
