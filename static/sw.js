/* Caldera Park service worker: precache the whole site, serve it cache-first.
 *
 * tools/build_site.py replaces the marker below with the precache manifest of the build:
 * {"version": "<hash of the build>", "files": {"relative/path": "<sha256>", ...}}.
 * Each build gets its own cache ("caldera-park-<version>"); activating deletes the others.
 * A new version installs in the background and then waits: the page offers "Update available"
 * and sends "skip-waiting" only when the player accepts.
 */
"use strict";

const PRECACHE = /*__PRECACHE__*/;
const PREFIX = "caldera-park-";
const CACHE = PREFIX + PRECACHE.version;
const SCOPE = new URL("./", self.location.href);
const INDEX = new URL("index.html", SCOPE).href;

function hex(buffer) {
  return Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");
}

async function sha256(response) {
  return hex(await crypto.subtle.digest("SHA-256", await response.clone().arrayBuffer()));
}

// An unchanged file from an older cache of this app, if its content hash still matches.
async function reuse(url, hash) {
  for (const name of await caches.keys()) {
    if (!name.startsWith(PREFIX) || name === CACHE) continue;
    const cached = await (await caches.open(name)).match(url);
    if (cached && (await sha256(cached)) === hash) return cached;
  }
  return null;
}

// Fetch a file and check it against the manifest; a stale HTTP-cache copy is refetched once.
async function download(url, hash) {
  for (const mode of ["no-cache", "reload"]) {
    const response = await fetch(url, { cache: mode, credentials: "same-origin" });
    if (!response.ok) throw new Error(`precache: ${url} answered ${response.status}`);
    if ((await sha256(response)) === hash) return response;
  }
  throw new Error(`precache: ${url} does not match this build (the site may be mid-deploy)`);
}

async function precache() {
  const cache = await caches.open(CACHE);
  const entries = Object.entries(PRECACHE.files);
  let next = 0;
  async function worker() {
    while (next < entries.length) {
      const [path, hash] = entries[next++];
      const url = new URL(path, SCOPE).href;
      if (await cache.match(url)) continue;
      const response = (await reuse(url, hash)) || (await download(url, hash));
      await cache.put(url, response);
    }
  }
  await Promise.all([worker(), worker(), worker(), worker()]);
}

self.addEventListener("install", (event) => {
  event.waitUntil(precache());
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
      }
      await self.clients.claim();
    })()
  );
});

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "skip-waiting") self.skipWaiting();
});

let openCache = null; // the Cache of this version, opened once per worker start

async function respond(request) {
  const cache = await (openCache || (openCache = caches.open(CACHE)));
  const url = new URL(request.url);
  url.hash = "";
  let key = url.href.split("?")[0];
  if (request.mode === "navigate" && (key === SCOPE.href || key === INDEX)) key = INDEX;
  const cached = await cache.match(key);
  if (cached) return cached;
  return fetch(request);
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  if (!request.url.startsWith(SCOPE.href)) return;
  event.respondWith(respond(request));
});
