/* Caldera Park: make a Python memory snapshot off the main thread (see pyodide-loader.mjs).
 *
 * Receives {indexURL, appPackage, build}; starts a fresh Pyodide, loads the app's wheel from the
 * site's lock (integrity-checked, as the page does), imports every module of the app that can be
 * imported without the page (pyapp/preload.py: engines, bots, screens, strings, the shell),
 * keeps in Python's memory the installed files a restored start still needs, for that app build
 * (pyapp/preload.py's keep_files: data, modules not imported), snapshots the memory and posts
 * back {snapshot, modules, files} (the snapshot transferred, not copied) or {error}. The page
 * stores it and terminates this worker.
 */
self.onmessage = async (event) => {
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
