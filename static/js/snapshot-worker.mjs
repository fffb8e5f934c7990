/* Caldera Park: make a Python memory snapshot off the main thread (see pyodide-loader.mjs).
 *
 * Receives {indexURL, appPackage}; starts a fresh Pyodide, loads the app's wheel from the site's
 * lock (integrity-checked, as the page does), imports every module of the app that can be
 * imported without the page (pyapp/preload.py: engines, bots, screens, strings, the shell), snapshots the memory and
 * posts back {snapshot, modules} (the snapshot transferred, not copied) or {error}. The page
 * stores it and terminates this worker.
 */
self.onmessage = async (event) => {
  try {
    const { indexURL, appPackage } = event.data;
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
    // Pyodide snapshots only an interpreter whose loadedPackages record is as at start (empty);
    // a restored start is a fresh JavaScript side that loads the wheel again anyway
    for (const name of Object.keys(pyodide.loadedPackages)) delete pyodide.loadedPackages[name];
    const snapshot = pyodide.makeMemorySnapshot();
    self.postMessage({ snapshot, modules }, [snapshot.buffer]);
  } catch (error) {
    self.postMessage({ error: String((error && error.message) || error) });
  }
};
