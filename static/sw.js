/* Caldera Park service worker: precache the whole site, serve it cache-first.
 *
 * tools/build_site.py replaces the marker below with the precache manifest of the build:
 * {"version": "<hash of the build>", "files": {"relative/path": "<sha256>", ...}}.
 * Each build gets its own cache ("caldera-park-<version>"); activating deletes the others.
 * A new version installs in the background and then waits: the page offers "Update available"
 * and sends "skip-waiting" only when the player accepts.
 *
 * Self-repair (storage corruption, interrupted writes, half-applied updates happen on phones):
 * every precached file is checked against the manifest's SHA-256 the first time it is served
 * after a page load; a damaged or missing copy is downloaded again (checked too) and replaces it. Offline,
 * a damaged page is answered with a small page saying that the game needs the network once to
 * repair itself, any other damaged file with a 503 and a "cache-damaged" message to the page
 * (js/boot.js shows that same message). A "repair" message (the error screen's "Try again")
 * checks the whole cache at once and answers on the given port.
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
// index.html is first asked for as "./", the URL the browser has just loaded the page from, so
// the HTTP cache answers with a revalidation instead of a second download of the page.
async function download(url, hash) {
  if (url === INDEX) {
    const page = await fetch(SCOPE.href, { cache: "no-cache", credentials: "same-origin" }).catch(
      () => null
    );
    if (page && page.ok && (await sha256(page)) === hash) return page;
  }
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

function thisCache() {
  return openCache || (openCache = caches.open(CACHE));
}

/* ---- self-repair of the offline cache ---- */

// URLs whose cached copy was checked against the manifest since the last page load (a load
// checks each file once: a copy damaged while the app was closed is caught at the next start)
const sound = new Set();
const REPAIR_HEADER = "X-Caldera-Cache"; // "damaged" on the answer for a file that needs repair

// The manifest path of a URL of the scope ("" for the scope itself), or null.
function manifestPath(url) {
  if (!url.startsWith(SCOPE.href)) return null;
  const path = url.slice(SCOPE.href.length) || "index.html";
  return Object.prototype.hasOwnProperty.call(PRECACHE.files, path) ? path : null;
}

// The cached copy of a manifest file, checked once per page load against the manifest's hash:
// a Response, or null when it is missing or damaged (a damaged copy is removed). A clone is
// hashed and the cache's own Response served: Chromium keeps the compiled code of a script or
// WebAssembly module beside its Cache Storage entry and uses it only for that entry's answer, so
// a Response rebuilt from the bytes started without it (a phone's warm start, median of three
// paired runs on 2026-11-29: ready 2.68 s against 3.02 s).
async function checkedCopy(cache, url, hash) {
  const cached = await cache.match(url);
  if (!cached || sound.has(url)) return cached || null;
  if ((await sha256(cached)) === hash) {
    sound.add(url);
    return cached;
  }
  await cache.delete(url);
  return null;
}

// Download a manifest file again (checked) and put it back into the cache; a copy to serve.
async function refetch(cache, url, hash) {
  const fresh = await download(url, hash);
  await cache.put(url, fresh.clone());
  sound.add(url);
  return fresh;
}

const REPAIR_TEXT = {
  en: {
    title: "Caldera Park needs the network once",
    text:
      "A file of the game stored on this device is damaged. Connect to the internet once and " +
      "try again: the game repairs itself and then plays offline again.",
    retry: "Try again",
  },
  fr: {
    title: "Caldera Park a besoin du réseau une fois",
    text:
      "Un fichier du jeu gardé sur cet appareil est abîmé. Connectez-vous une fois à internet " +
      "puis réessayez : le jeu se répare et fonctionne ensuite de nouveau hors ligne.",
    retry: "Réessayer",
  },
};

function repairLanguage() {
  for (const tag of self.navigator.languages || [self.navigator.language || ""]) {
    const base = String(tag).toLowerCase().split(/[-_]/)[0];
    if (base in REPAIR_TEXT) return base;
  }
  return "en";
}

// The page shown instead of a damaged index.html while offline (no file of the app needed; the
// language the player chose in the game, remembered in localStorage, wins as on the boot screen).
function repairPage() {
  const lang = repairLanguage();
  const t = REPAIR_TEXT[lang];
  const texts = JSON.stringify(REPAIR_TEXT).replace(/</g, "\\u003c");
  const html = `<!doctype html>
<html lang="${lang}" data-app-error data-cache-damaged>
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Caldera Park</title>
<style>body{font:1.1rem/1.5 system-ui,sans-serif;margin:0;padding:2rem;background:#f4efe6;color:#1d2b27}
main{max-width:32rem;margin:10vh auto}a{display:inline-block;padding:.6rem 1.2rem;background:#2f5d50;
color:#fff;border-radius:.4rem;text-decoration:none}</style></head>
<body><main id="boot-error" role="alert"><h1 id="repair-title">${t.title}</h1>
<p id="boot-error-message">${t.text}</p><p><a id="boot-retry" href="./">${t.retry}</a></p></main>
<script>(function () {
  var texts = ${texts}, lang = null;
  try { lang = localStorage.getItem("caldera-park/lang"); } catch (e) { lang = null; }
  if (!texts[lang]) return;
  document.documentElement.lang = lang;
  document.getElementById("repair-title").textContent = texts[lang].title;
  document.getElementById("boot-error-message").textContent = texts[lang].text;
  document.getElementById("boot-retry").textContent = texts[lang].retry;
})();</script></body></html>`;
  return new Response(html, {
    status: 503,
    headers: { "Content-Type": "text/html; charset=utf-8", [REPAIR_HEADER]: "damaged" },
  });
}

// Tell the page that asked for a file which cannot be repaired now (js/boot.js listens).
async function reportDamaged(clientId, path) {
  const client = clientId && (await self.clients.get(clientId));
  if (client) client.postMessage({ type: "cache-damaged", path: path });
}

// The answer for a manifest file: the checked cached copy, else a fresh checked download, else
// (offline, or the server has another build) the repair page or a 503.
async function serveChecked(event, url, path) {
  const cache = await thisCache();
  const hash = PRECACHE.files[path];
  const copy = await checkedCopy(cache, url, hash);
  if (copy) return copy;
  try {
    return await refetch(cache, url, hash);
  } catch (error) {
    // the server may already hold another build (a deploy): its copy, as before self-repair
    // (not cached; the new build comes as an update)
    const answer = await fetch(event.request).catch(() => null);
    if (answer && answer.ok) return answer;
    console.warn(`offline cache: ${path} is damaged and cannot be downloaded now:`, error);
    if (path === "index.html") return repairPage();
    event.waitUntil(reportDamaged(event.clientId, path));
    return new Response("", {
      status: 503,
      statusText: "Damaged in the offline cache",
      headers: { [REPAIR_HEADER]: "damaged" },
    });
  }
}

// Check every file of the manifest in the cache now, download the damaged or missing ones:
// {checked, repaired: [paths], failed: [paths]}.
async function repairAll() {
  const cache = await thisCache();
  sound.clear();
  const repaired = [];
  const failed = [];
  for (const [path, hash] of Object.entries(PRECACHE.files)) {
    const url = new URL(path, SCOPE).href;
    if (await checkedCopy(cache, url, hash)) continue;
    try {
      await refetch(cache, url, hash);
      repaired.push(path);
    } catch (error) {
      failed.push(path);
    }
  }
  return { checked: Object.keys(PRECACHE.files).length, repaired, failed };
}

self.addEventListener("message", (event) => {
  if (!event.data || event.data.type !== "repair") return;
  const port = event.ports && event.ports[0];
  event.waitUntil(
    repairAll().then(
      (result) => port && port.postMessage({ type: "repaired", ...result }),
      (error) => port && port.postMessage({ type: "repaired", error: String(error), failed: ["*"] })
    )
  );
});

/* ---- serving ---- */

async function respond(event) {
  const request = event.request;
  const url = new URL(request.url);
  url.hash = "";
  let key = url.href.split("?")[0];
  if (request.mode === "navigate" && (key === SCOPE.href || key === INDEX)) key = INDEX;
  if (request.mode === "navigate") sound.clear(); // each start of the page checks its files again
  const path = manifestPath(key);
  if (path !== null) return serveChecked(event, key, path);
  const cached = await (await thisCache()).match(key);
  if (cached) return cached;
  return fetch(request);
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  if (!request.url.startsWith(SCOPE.href)) return;
  event.respondWith(respond(event));
});
