/* Caldera Park: the Pyodide loader PyScript uses (pyscript.toml's `interpreter`).
 *
 * Starting Python is most of a warm start: about 1.2 s of the interpreter initialising itself,
 * the same work on every visit. Pyodide can instead restore a memory snapshot of an interpreter
 * that has just finished initialising. This module wraps the vendored `loadPyodide`:
 *
 * - start: when this browser holds a snapshot for this exact runtime, Python is restored from it
 *   (Pyodide itself refuses a snapshot of another build); on any failure the snapshot is dropped
 *   and Python starts the ordinary way. With no snapshot, the ordinary way.
 * - makeSnapshot(): after the game is ready (boot.js calls it), a background worker
 *   (snapshot-worker.mjs) starts a second, throwaway interpreter, snapshots it and stores the
 *   snapshot in Cache Storage for the next start. Nothing is downloaded for it: the worker
 *   reads the runtime files the service worker has cached.
 *
 * A restored interpreter would otherwise share the random state of the snapshot, so Python's
 * `random` is seeded afresh from the system's entropy on every restore.
 */
import { loadPyodide as loadVendored, version } from "../pyodide/pyodide.mjs";

export { version };

const CACHE = "caldera-snapshots"; // not "caldera-park-*": the service worker's caches are per build
const INDEX_URL = new URL("../pyodide/", import.meta.url).href;
// one snapshot per runtime: the Pyodide version in the key, Pyodide's build id checked on restore
const KEY = new URL(`../pyodide/snapshot-${version}.bin`, import.meta.url).href;
const DIGEST_HEADER = "X-Snapshot-SHA256";
const MAKE_TIMEOUT_MS = 180000; // a worker that never answers is given up (and terminated)

// What happened, also shown as data-python-start / data-python-made on <html> for tests:
// start: "snapshot" (restored), "fresh" (no snapshot), "refused" (a snapshot failed; fresh start);
// made: see makeSnapshot(). `detail` says why a snapshot was refused or could not be made.
export const status = { start: "", made: "", detail: "" };

function mark(name, value, detail = "") {
  status[name] = value;
  if (detail) status.detail = detail;
  document.documentElement.setAttribute(`data-python-${name}`, value);
}

async function sha256(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

// The stored snapshot's response, or null; never throws.
async function findSnapshot() {
  try {
    return "caches" in globalThis ? ((await caches.match(KEY, { cacheName: CACHE })) ?? null) : null;
  } catch (error) {
    console.warn("Python snapshot unavailable:", error);
    return null;
  }
}

// Its bytes, checked against the digest stored with them; throws if they are damaged.
async function checkedBytes(response) {
  const bytes = new Uint8Array(await response.arrayBuffer());
  if ((await sha256(bytes)) !== response.headers.get(DIGEST_HEADER)) {
    throw new Error("the stored snapshot is damaged (its SHA-256 does not match)");
  }
  return bytes;
}

async function dropSnapshots() {
  try {
    await caches.delete(CACHE);
  } catch (error) {
    console.warn("Could not delete the Python snapshot:", error);
  }
}

export async function loadPyodide(options = {}) {
  const config = { ...options, indexURL: INDEX_URL };
  const response = await findSnapshot();
  if (response) {
    try {
      // Pyodide takes a promise: the snapshot is read and checked while the runtime downloads
      const pyodide = await loadVendored({ ...config, _loadSnapshot: checkedBytes(response) });
      pyodide.runPython("import random\nrandom.seed()");
      mark("start", "snapshot");
      return pyodide;
    } catch (error) {
      console.warn("Python snapshot refused; starting Python the ordinary way:", error);
      await dropSnapshots();
      mark("start", "refused", String((error && error.message) || error));
      return loadVendored(config);
    }
  }
  mark("start", "fresh");
  return loadVendored(config);
}

let making = null;

/* Make and store a snapshot for the next start, once per page, if none is stored yet.
 * Resolves to "stored", "present", "unsupported" or "failed" (status.detail says why), the
 * value data-python-made shows; never rejects. */
export function makeSnapshot() {
  making ??= (async () => {
    if (typeof Worker !== "function" || !("caches" in globalThis)) return "unsupported";
    if (status.start === "snapshot" || (await findSnapshot())) return "present";
    const worker = new Worker(new URL("./snapshot-worker.mjs", import.meta.url), { type: "module" });
    try {
      const reply = await new Promise((resolve) => {
        const timer = setTimeout(() => resolve({ error: "timed out" }), MAKE_TIMEOUT_MS);
        const done = (answer) => (clearTimeout(timer), resolve(answer));
        worker.onmessage = (event) => done(event.data);
        worker.onerror = (event) => done({ error: event.message || "worker error" });
        worker.postMessage({ indexURL: INDEX_URL });
      });
      if (reply.error) throw new Error(reply.error);
      const cache = await caches.open(CACHE);
      const headers = {
        "Content-Type": "application/octet-stream",
        [DIGEST_HEADER]: await sha256(reply.snapshot),
      };
      await cache.put(KEY, new Response(reply.snapshot, { headers }));
      for (const request of await cache.keys()) {
        if (request.url !== KEY) await cache.delete(request); // a former runtime's snapshot
      }
      return "stored";
    } finally {
      worker.terminate();
    }
  })().then(
    (made) => (mark("made", made), made),
    (error) => (mark("made", "failed", String((error && error.message) || error)), "failed")
  );
  return making;
}
