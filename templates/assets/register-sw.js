// Registers the service worker that keeps this language's pages and assets for offline use.
if ("serviceWorker" in navigator && location.protocol !== "file:") {
  navigator.serviceWorker.register(new URL("../sw.js", import.meta.url), { scope: new URL("../", import.meta.url).pathname })
    .catch(() => { /* offline use is an extra; the page works without it */ });
}
