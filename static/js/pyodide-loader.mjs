/* Caldera Park: the Pyodide loader PyScript uses (pyscript.toml's `interpreter`).
 *
 * It starts Python, then loads the app's code the way Pyodide loads any package: the build adds
 * the app's wheel (bytecode made by pyodide-build) to the site's own pyodide-lock.json with its
 * SHA-256, and `loadPackage` fetches it with that hash as subresource integrity, so a wheel that
 * is not the one the build made is refused by the browser (see loadApp()). On a first visit the
 * wheel is downloaded while Python starts, and handed to that fetch only if its SHA-256 is the
 * one asked for (wheelEarly).
 *
 * Starting Python and importing the app are most of a warm start, the same work on every visit.
 * Pyodide can instead restore a memory snapshot of an interpreter. This module wraps the
 * vendored `loadPyodide`:
 *
 * - start: when this browser holds a snapshot for this exact runtime AND this exact app build
 *   (both in its key), Python is restored from it, the app's modules already imported (Pyodide
 *   itself also refuses a snapshot of another runtime build); on any failure the snapshot is
 *   dropped and Python starts the ordinary way. With no snapshot, the ordinary way.
 * - makeSnapshot(): after the game is ready (boot.js calls it), a background worker
 *   (snapshot-worker.mjs) starts a second, throwaway interpreter, loads the app's wheel, imports
 *   every module of the app that can be imported without the page (pyapp/preload.py),
 *   snapshots it and stores the snapshot in IndexedDB for the next start. Nothing is
 *   downloaded for it: the worker reads the files the service worker has cached.
 *
 * The file system is not part of a snapshot. The worker keeps in Python's memory the app's
 * installed files that a restored start still needs (its data files, the modules it did not
 * import; pyapp/preload.py's keep_files), for its app build; a restored start of that build
 * writes them back (restore_files) instead of fetching, checking and unpacking the whole wheel
 * again, so data files and lazy imports find their files. A snapshot without them (or for
 * another build) loads the wheel as a fresh start does. A restored interpreter would otherwise
 * share the random state of the snapshot, so Python's `random` is seeded afresh from the
 * system's entropy on every restore.
 *
 * Either way, once the app's files are in place, the bytecode of PyScript's own package (which
 * the build compiled from the sources PyScript writes at every start) goes into that package's
 * __pycache__, so PyScript's import of it does not compile it again (pyapp/preload.py).
 */
import { loadPyodide as loadVendored, version } from "../pyodide/pyodide.mjs";

export { version };

/* Python runs without WebAssembly stack switching (JSPI), as it does in browsers that lack it.
 * When JSPI is there, Pyodide runs every Python callback of a JavaScript promise or timer (each
 * step of the bots' asyncio tasks, for one) on a secondary stack. Chromium's sampling heap
 * profiler, which Chromium turns on for some of its renderer processes, walks the stack by its
 * frame pointers up to the thread's own stack end; from a secondary stack it runs into that
 * stack's guard page and the renderer crashes ("Aw, Snap!": SIGSEGV at a page boundary, read
 * from Chromium's crash reports). With the profiler forced on, 7 of 8 boots of the app crashed,
 * none of 8 without JSPI (tests/browser/test_no_stack_switching.py). The app never needs JSPI
 * (no run_sync), so it is hidden from Pyodide before Pyodide starts; the snapshot worker does
 * the same, so that a snapshot is made as it is restored. */
for (const name of ["Suspending", "promising", "Suspender"]) {
  Reflect.deleteProperty(WebAssembly, name);
}

// The snapshot is kept in IndexedDB (database "caldera-snapshots", one record per runtime and app
// build). Not in Cache Storage, where it was first: WebKit keeps the Cache Storage of an ephemeral
// session (private browsing; the automation session of WebKitWebDriver) in memory and loses a
// cache's entries once no page holds that cache open (a reload): the snapshot was stored and gone
// at the next start. IndexedDB keeps it there too; on disk it persists in every engine.
const DB = "caldera-snapshots";
const STORE = "snapshots";
const FORMER_CACHE = "caldera-snapshots"; // the Cache Storage a former build kept it in: deleted
const INDEX_URL = new URL("../pyodide/", import.meta.url).href;
const WASM_URL = new URL("pyodide.asm.wasm", INDEX_URL).href;
// the app's package in the site's pyodide-lock.json, and its build (the wheel's SHA-256, stamped
// here by tools/build_site.py)
export const APP_PACKAGE = "caldera-park";
export const APP_BUILD = "__APP_BUILD__";
// the app's wheel in pyodide/ (its file name in the lock, stamped by tools/build_site.py)
export const APP_WHEEL = "__APP_WHEEL__";
// one snapshot per runtime and app build: both in the key, Pyodide's build id checked on restore
export const KEY = new URL(
  `../pyodide/snapshot-${version}-${APP_BUILD.slice(0, 16)}.bin`,
  import.meta.url
).href;
const MAKE_TIMEOUT_MS = 180000; // a worker that never answers is given up (and terminated)

// What happened, also shown as data-python-start / data-python-made on <html> for tests:
// start: "snapshot" (restored), "fresh" (no snapshot), "refused" (a snapshot failed; fresh start);
// app: "restored" (its modules came with the snapshot) or "imported";
// files: "snapshot" (the app's files written back from the snapshot) or "wheel" (unpacked from
// the app's wheel, loaded from the lock); read: where a stored snapshot was read and checked,
// "worker" or "page" (see checkedBytes()); made: see makeSnapshot(). `detail` says why a
// snapshot was refused or could not be made.
export const status = { start: "", app: "", files: "", read: "", made: "", detail: "" };

function mark(name, value, detail = "") {
  status[name] = value;
  if (detail) status.detail = detail;
  document.documentElement.setAttribute(`data-python-${name}`, value);
}

async function sha256(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

function openDatabase() {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
    request.onblocked = () => reject(new Error("the snapshot database is blocked"));
  });
}

// One transaction on the snapshots' store: `work(store)` makes the requests and returns the one
// whose result the promise resolves to once the transaction has completed.
function transaction(db, mode, work) {
  return new Promise((resolve, reject) => {
    const tx = db.transaction(STORE, mode);
    let answer;
    tx.oncomplete = () => resolve(answer && answer.result);
    tx.onerror = tx.onabort = () => reject(tx.error || new Error("snapshot transaction aborted"));
    answer = work(tx.objectStore(STORE));
  });
}

// Whether a snapshot is stored for this runtime and app build; never throws.
async function findSnapshot() {
  if (!("indexedDB" in globalThis)) return false;
  let db = null;
  try {
    db = await openDatabase();
    return !!(await transaction(db, "readonly", (store) => store.count(KEY)));
  } catch (error) {
    console.warn("Python snapshot unavailable:", error);
    return false;
  } finally {
    db?.close(); // closes once its transactions are done
  }
}

// Its bytes, checked against the digest stored with them, read here; throws if they are damaged.
async function checkedBytesHere() {
  mark("read", "page");
  const db = await openDatabase();
  let record;
  try {
    record = await transaction(db, "readonly", (store) => store.get(KEY));
  } finally {
    db.close();
  }
  const bytes = record && record.bytes;
  if (!(bytes instanceof Uint8Array) || (await sha256(bytes)) !== record.sha256) {
    throw new Error("the stored snapshot is damaged (its SHA-256 does not match)");
  }
  return bytes;
}

/* The same, read and checked off the main thread by a worker (snapshot-worker.mjs), which hands
 * the bytes over without a copy: the main thread stays free for the page and the runtime's start
 * (reading and hashing the snapshot there took 0.3 s of a warm start at 4x CPU). Where no worker
 * can run it (none, or it could not start), read here. Throws if the bytes are damaged. */
function checkedBytes() {
  if (typeof Worker !== "function") return checkedBytesHere();
  return new Promise((resolve, reject) => {
    let worker;
    const done = (settle, value) => (worker?.terminate(), settle(value));
    try {
      worker = new Worker(new URL("./snapshot-worker.mjs", import.meta.url), { type: "module" });
    } catch (error) {
      checkedBytesHere().then(resolve, reject);
      return;
    }
    worker.onmessage = ({ data }) => {
      mark("read", "worker");
      if (data && data.bytes instanceof Uint8Array) done(resolve, data.bytes);
      else done(reject, new Error((data && data.error) || "the snapshot could not be read"));
    };
    worker.onerror = worker.onmessageerror = (event) => {
      event.preventDefault?.(); // (no uncaught error: the page reads it itself)
      worker.terminate();
      checkedBytesHere().then(resolve, reject);
    };
    worker.postMessage({ read: { database: DB, store: STORE, key: KEY } });
  });
}

// Replace every stored snapshot with `record` (none if null).
async function storeSnapshot(record) {
  const db = await openDatabase();
  try {
    await transaction(db, "readwrite", (store) => {
      store.clear(); // a former runtime's or app build's snapshot
      return record ? store.put(record, KEY) : null;
    });
  } finally {
    db.close();
  }
}

async function dropSnapshots() {
  try {
    await storeSnapshot(null);
  } catch (error) {
    console.warn("Could not delete the Python snapshot:", error);
  }
}

let current = null;

// The page's interpreter once loaded (for tools/stdlib_needs.py and the tests), else null.
export function interpreter() {
  return current;
}

// Phases of a start as performance marks, for tools/bench_engines.py: "caldera:python" (this
// loader called), "caldera:python-started" (the runtime up, restored or not), "caldera:app"
// (the app's package loaded, or its files restored); pyapp/ui/main.py marks "caldera:drawn"
// (the first screen drawn).
const phase = (name) => globalThis.performance?.mark?.(`caldera:${name}`);

export async function loadPyodide(options = {}) {
  phase("python");
  const pyodide = await startPython({ ...options, indexURL: INDEX_URL });
  phase("python-started");
  // a fatal error leaves the runtime dead (every later call throws): the page says so, with
  // "Reload", instead of going on half-dead (Pyodide's hook for it is on its internal API)
  if (pyodide._api) pyodide._api.on_fatal = (error) => globalThis.CalderaBoot?.died(error);
  await loadApp(pyodide);
  phase("app");
  current = pyodide;
  return pyodide;
}

/* Pyodide makes its WebAssembly instance only once the snapshot is read and checked (the memory
 * is made the snapshot's size), and compiles the module only then: in Firefox and WebKit, which
 * keep no compiled code between visits, that compilation came after the snapshot's reading
 * (0.2-0.5 s each, one after the other). While `work` runs, the module is compiled from
 * Pyodide's own download of it as soon as that starts, and Pyodide's instantiation is handed the
 * compiled module; its own copy of the download is left unread. If the early compilation fails,
 * Pyodide instantiates as usual from a new download. */
async function compilingEarly(work) {
  const { fetch: pageFetch } = globalThis;
  const { instantiateStreaming } = WebAssembly;
  if (typeof WebAssembly.compileStreaming !== "function" || typeof pageFetch !== "function") {
    return work();
  }
  let compiled = null;
  WebAssembly.instantiateStreaming = async function (source, imports) {
    Promise.resolve(source).catch(() => {}); // a failed download is reported by boot.js
    const module = compiled && (await compiled.catch(() => null));
    if (!module) return instantiateStreaming.call(WebAssembly, pageFetch(WASM_URL), imports);
    return { module, instance: await WebAssembly.instantiate(module, imports) };
  };
  try {
    return await answeringFetch(
      WASM_URL,
      function (pageFetch, ...args) {
        if (compiled) return pageFetch.apply(this, args);
        const answer = pageFetch.apply(this, args);
        compiled = WebAssembly.compileStreaming(answer);
        compiled.catch(() => {}); // (then Pyodide's instantiation downloads and compiles it)
        // Pyodide's own copy: only ever given to its instantiation above, which does not read it
        const empty = () => new Response(null, { headers: { "Content-Type": "application/wasm" } });
        return answer.then(empty);
      },
      work
    );
  } finally {
    WebAssembly.instantiateStreaming = instantiateStreaming;
  }
}

/* Run `work` with the page's fetch of `url` answered by `answer(pageFetch, input, init)` (called
 * as fetch is, `this` included); every other URL goes to the page's fetch as before. The page's
 * fetch is put back however `work` ends. The one way this module steps into the runtime's
 * downloads (compilingEarly, wheelEarly). */
async function answeringFetch(url, answer, work) {
  const { fetch: pageFetch } = globalThis;
  globalThis.fetch = function (input, init) {
    const asked = input instanceof Request ? input.url : String(input);
    if (asked !== url) return pageFetch.apply(this, arguments);
    return answer.call(this, pageFetch, ...arguments);
  };
  try {
    return await work();
  } finally {
    globalThis.fetch = pageFetch;
  }
}

async function startPython(config) {
  const found = await findSnapshot();
  if (found) {
    try {
      // Pyodide takes a promise: the snapshot is read and checked while the runtime downloads
      // and its WebAssembly compiles
      const snapshot = checkedBytes();
      const pyodide = await compilingEarly(() =>
        loadVendored({ ...config, _loadSnapshot: snapshot })
      );
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
  // a first visit (no service worker yet): over the network, where the overlap pays
  if (navigator.serviceWorker?.controller) return loadVendored(config);
  return wheelEarly.watching(() => loadVendored(config));
}

/* A start without a snapshot (a first visit): the app's wheel is asked for as soon as the
 * runtime's WebAssembly has arrived, so it downloads while Python starts (seconds on a phone,
 * the network idle otherwise) instead of after it (issue 25). Not sooner: before that, it would
 * only slow the WebAssembly down. Pyodide's own integrity-checked fetch of the wheel then gets
 * these bytes if their SHA-256 is the one it asks for (the lock's), else it downloads as usual. */
const wheelEarly = {
  bytes: null, // promise of the bytes (null if the download failed)
  url: new URL(APP_WHEEL, INDEX_URL).href,
  // run `work` (Pyodide's start) with its download of the WebAssembly watched: the wheel is
  // asked for as that download ends (after that, the main thread is busy starting Python)
  async watching(work) {
    const start = (pageFetch) => {
      this.bytes ??= pageFetch(this.url)
        .then((response) => (response.ok ? response.arrayBuffer() : null))
        .catch(() => null); // (then Pyodide downloads it itself)
    };
    if (typeof TransformStream !== "function") return work();
    return answeringFetch(
      WASM_URL,
      function (pageFetch, ...args) {
        return pageFetch.apply(this, args).then((response) => {
          if (!response.ok || !response.body) return response;
          // read as it arrives (a readable side that buffers it all), so `flush` runs when the
          // last byte is in, however far the compiling is behind
          const buffered = { highWaterMark: 1 << 26, size: (chunk) => chunk.byteLength };
          const flush = () => start(pageFetch);
          const stream = new TransformStream({ flush }, undefined, buffered);
          const body = response.body.pipeThrough(stream);
          const { status, statusText, headers } = response;
          return new Response(body, { status, statusText, headers });
        });
      },
      work
    );
  },
  // run `work` (Pyodide's loadPackage) with the early bytes handed to its fetch of the wheel
  async handing(work) {
    const early = this.bytes;
    this.bytes = null;
    if (!early) return work();
    return answeringFetch(
      this.url,
      async function (pageFetch, input, init) {
        const bytes = await early;
        const integrity = init && init.integrity;
        if (bytes && integrity) {
          const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
          if (integrity === `sha256-${btoa(String.fromCharCode(...digest))}`) {
            return new Response(bytes, { headers: { "Content-Type": "application/zip" } });
          }
        }
        return pageFetch.call(this, input, init); // not the lock's bytes: Pyodide's own download
      },
      work
    );
  },
};

// The app's wheel, from the site's lock (integrity-checked by the browser); throws if it could
// not be loaded, so the boot screen shows why instead of a later "No module named pyapp".
export async function loadAppPackage(pyodide) {
  const errors = [];
  await wheelEarly.handing(() =>
    pyodide.loadPackage(APP_PACKAGE, {
      messageCallback: () => {},
      errorCallback: (message) => errors.push(message),
    })
  );
  if (!(APP_PACKAGE in pyodide.loadedPackages)) {
    throw new Error(`The game's code could not be loaded: ${errors.join(" ") || APP_PACKAGE}`);
  }
}

// On a restored start, the app's files kept in the snapshot for this very build, written back
// (pyapp/preload.py); false if the snapshot holds none for this build (or writing failed).
function restoreAppFiles(pyodide) {
  try {
    const written = pyodide.runPython(
      `from pyapp.preload import restore_files\nrestore_files(${JSON.stringify(APP_BUILD)})`
    );
    if (written < 0) return false;
    pyodide.loadedPackages[APP_PACKAGE] = "snapshot"; // (a later loadPackage of it: nothing to do)
    return true;
  } catch (error) {
    console.warn("The app's files were not restored from the snapshot; loading its wheel:", error);
    return false;
  }
}

async function loadApp(pyodide) {
  globalThis.CalderaBoot?.progress(78, "Loading the game…");
  const count = (code) => Number(pyodide.runPython(code));
  const restored = count("import sys\nsum(1 for m in sys.modules if m.split('.')[0] == 'pyapp')");
  if (restored && restoreAppFiles(pyodide)) {
    mark("files", "snapshot");
  } else {
    await loadAppPackage(pyodide);
    mark("files", "wheel");
  }
  mark("app", restored ? "restored" : "imported");
  document.documentElement.setAttribute("data-python-app-modules", String(restored));
  // PyScript's own package as bytecode, for its import right after this (pyapp/preload.py);
  // the count (-1: could not) for the tests, which check Python would use each file. Without
  // it Python compiles PyScript's sources, as it always did: a slower start, nothing else
  const place = "from pyapp.preload import place_pyscript_bytecode\nplace_pyscript_bytecode()";
  let placed;
  try {
    placed = count(place);
  } catch (error) {
    placed = -1;
  }
  document.documentElement.setAttribute("data-python-pyscript-bytecode", String(placed));
}

// A former build kept the snapshot in Cache Storage: that copy is never read again.
async function dropFormerCache() {
  try {
    if ("caches" in globalThis && (await caches.has(FORMER_CACHE))) await caches.delete(FORMER_CACHE);
  } catch (error) {
    console.warn("Could not delete the former Python snapshot cache:", error);
  }
}

let making = null;

/* Make and store a snapshot for the next start, once per page, if none is stored yet.
 * Resolves to "stored", "present", "unsupported" or "failed" (status.detail says why), the
 * value data-python-made shows; never rejects. */
export function makeSnapshot() {
  making ??= (async () => {
    if (typeof Worker !== "function" || !("indexedDB" in globalThis)) return "unsupported";
    if (status.start === "snapshot" || (await findSnapshot())) return "present";
    const worker = new Worker(new URL("./snapshot-worker.mjs", import.meta.url), { type: "module" });
    try {
      const reply = await new Promise((resolve) => {
        const timer = setTimeout(() => resolve({ error: "timed out" }), MAKE_TIMEOUT_MS);
        const done = (answer) => (clearTimeout(timer), resolve(answer));
        worker.onmessage = (event) => done(event.data);
        worker.onerror = (event) => done({ error: event.message || "worker error" });
        worker.postMessage({ indexURL: INDEX_URL, appPackage: APP_PACKAGE, build: APP_BUILD });
      });
      if (reply.error) throw new Error(reply.error);
      await storeSnapshot({ bytes: reply.snapshot, sha256: await sha256(reply.snapshot) });
      await dropFormerCache();
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
