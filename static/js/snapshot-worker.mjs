/* Caldera Park: make a Python memory snapshot off the main thread (see pyodide-loader.mjs).
 *
 * Receives {indexURL}; starts a fresh Pyodide that runs nothing of the app, snapshots its
 * memory right after initialisation and posts back {snapshot} (transferred, not copied) or
 * {error}. The page stores it and terminates this worker.
 */
self.onmessage = async (event) => {
  try {
    const { indexURL } = event.data;
    const { loadPyodide } = await import(new URL("pyodide.mjs", indexURL).href);
    const pyodide = await loadPyodide({ indexURL, _makeSnapshot: true });
    const snapshot = pyodide.makeMemorySnapshot();
    self.postMessage({ snapshot }, [snapshot.buffer]);
  } catch (error) {
    self.postMessage({ error: String((error && error.message) || error) });
  }
};
