/* Caldera Park: the Python memory snapshot's work off the main thread (see pyodide-loader.mjs).
 *
 * Making one: receives {indexURL, appPackage, build}; starts a fresh Pyodide, loads the app's
 * wheel from the site's lock (integrity-checked, as the page does), imports every module of the
 * app that can be imported without the page (pyapp/preload.py: engines, bots, screens, strings,
 * the shell), keeps in Python's memory the installed files a restored start still needs, for
 * that app build (pyapp/preload.py's keep_files: data, modules not imported), snapshots the
 * memory and posts back {snapshot, modules, files} (the snapshot transferred, not copied) or
 * {error}. The page stores it and terminates this worker.
 *
 * Reading one (a restored start): receives {read: {database, store, key}}; see readSnapshot().
 */
self.onmessage = async (event) => {
  if (event.data.read) return readSnapshot(event.data.read);
  try {
    const { indexURL, appPackage, build } = event.data;
    // as the page does (pyodide-loader.mjs): no JSPI for Pyodide
    for (const name of ["Suspending", "promising", "Suspender"]) {
      Reflect.deleteProperty(WebAssembly, name);
    }
    const { loadPyodide } = await import(new URL("pyodide.mjs", indexURL).href);
    const pyodide = await loadPyodide({ indexURL, _makeSnapshot: true });
    const errors = [];
    await pyodide.loadPackage(appPackage, {
      messageCallback: () => {},
      errorCallback: (message) => errors.push(message),
    });
    if (!(appPackage in pyodide.loadedPackages)) {
      throw new Error(`could not load ${appPackage}: ${errors.join(" ")}`);
    }
    const modules = pyodide.runPython("from pyapp.preload import import_pure\nlen(import_pure())");
    // the file system is not in a snapshot: what the app still reads from it goes in memory
    const files = pyodide.runPython(
      `from pyapp.preload import keep_files\nkeep_files(${JSON.stringify(String(build))})`
    );
    // Pyodide snapshots only an interpreter whose loadedPackages record is as at start (empty);
    // a restored start is a fresh JavaScript side (it writes the kept files back, or loads the
    // wheel again when none were kept for its build)
    for (const name of Object.keys(pyodide.loadedPackages)) delete pyodide.loadedPackages[name];
    const snapshot = pyodide.makeMemorySnapshot();
    self.postMessage({ snapshot, modules, files }, [snapshot.buffer]);
  } catch (error) {
    self.postMessage({ error: String((error && error.message) || error) });
  }
};

/* The stored snapshot `key`, its bytes checked against the SHA-256 stored with them, posted back
 * transferred (not copied): {bytes}, or {error} (none stored, damaged, or unreadable). Here and
 * not on the page's main thread: IndexedDB copies a record's bytes out on the thread that reads
 * it, and hashing them is as long again (together 0.3 s of a warm start's main thread in Chromium
 * at 4x CPU, measured), while the runtime's WebAssembly compiles meanwhile. */
async function readSnapshot({ database, store, key }) {
  try {
    const record = await new Promise((resolve, reject) => {
      const open = indexedDB.open(database, 1);
      open.onupgradeneeded = () => open.result.createObjectStore(store); // (as the page does)
      open.onerror = () => reject(open.error);
      open.onblocked = () => reject(new Error("the snapshot database is blocked"));
      open.onsuccess = () => {
        const db = open.result;
        try {
          const request = db.transaction(store, "readonly").objectStore(store).get(key);
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        } catch (error) {
          reject(error);
        } finally {
          db.close(); // (closes once its transaction is done)
        }
      };
    });
    let bytes = record && record.bytes;
    if (!(bytes instanceof Uint8Array)) throw new Error("no stored snapshot");
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
    const hex = Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
    if (hex !== record.sha256) {
      throw new Error("the stored snapshot is damaged (its SHA-256 does not match)");
    }
    // (a view of part of a buffer: only its own bytes go)
    if (bytes.byteOffset || bytes.byteLength !== bytes.buffer.byteLength) bytes = bytes.slice();
    self.postMessage({ bytes }, [bytes.buffer]);
  } catch (error) {
    self.postMessage({ error: String((error && error.message) || error) });
  }
}
