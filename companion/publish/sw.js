// Flip 7 Companion's service worker (made by `companion publish`).
// Precaches every file of this build, so the app opens with no network;
// answers every page address inside the app with index.html (deep links
// like /game/<id> on a static host); a new build installs beside the old
// one and waits until the page says the player chose to restart.
const VERSION = "__VERSION__";
const CACHE = "flip7-companion-" + VERSION;
const FILES = __FILES__;
// Kept in the same cache the first time the page fetches them, or in the
// background once the page says the app is open (keepLazy): not needed to open,
// but a phone offline still has them (a CJK name drawn, not as boxes).
const LAZY = __LAZY__;
const LAZY_DELAY_MS = 5000;  // after the first screen, not beside its files

function keepLazy() {
  return new Promise((resolve) => setTimeout(resolve, LAZY_DELAY_MS))
    .then(() => caches.open(CACHE))
    .then((cache) => Promise.all(LAZY.map((file) =>
      cache.match(file).then((hit) => hit || cache.add(file)))))
    .catch(() => {});  // offline now: the next open tries again
}

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE).then((cache) =>
      // "no-cache": ask the host, which answers 304 for what the page has
      // just fetched, so a first visit does not download everything twice.
      cache.addAll(FILES.map((file) => new Request(file, { cache: "no-cache" })))
    )
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys
        .filter((key) => key.startsWith("flip7-companion-") && key !== CACHE)
        .map((key) => caches.delete(key))))
      .then(() => self.clients.claim())
  );
});

self.addEventListener("message", (event) => {
  if (event.data === "flip7-update") {
    self.skipWaiting();
  } else if (event.data === "flip7-lazy") {
    event.waitUntil(keepLazy());
  }
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  const scope = new URL(self.registration.scope);
  if (url.origin !== scope.origin || !url.pathname.startsWith(scope.pathname)) return;
  const file = url.pathname.slice(scope.pathname.length);
  if (LAZY.includes(file)) {
    event.respondWith(caches.open(CACHE).then((cache) =>
      cache.match(file).then((hit) => hit || fetch(request).then((response) => {
        if (response.ok) cache.put(file, response.clone());
        return response;
      }))
    ));
    return;
  }
  const known = FILES.includes(file);
  const key = request.mode === "navigate" && !known ? "index.html" : file;
  if (!known && key !== "index.html") return;  // not ours: the network's
  event.respondWith(
    caches.open(CACHE)
      .then((cache) => cache.match(key))
      .then((hit) => hit || fetch(request))
  );
});
