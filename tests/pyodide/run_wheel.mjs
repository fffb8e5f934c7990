// Install and play the app's built wheel inside real Pyodide under Node.js, offline.
//
//   node tests/pyodide/run_wheel.mjs micropip INDEX_DIR MICROPIP_WHEEL APP_WHEEL PLAY_FILE
//   node tests/pyodide/run_wheel.mjs site SITE_PYODIDE_DIR PLAY_FILE
//
// micropip: the pinned npm Pyodide from INDEX_DIR; micropip itself is loaded from its registry
//   wheel (a local file: same origin), then `micropip.install("emfs:...")` installs the app's
//   wheel as any Pyodide user would.
// site: the site's own pyodide/ directory (trimmed, compiled standard library and the lock that
//   lists the app's wheel); the app is loaded with loadPackage from that lock, as the page does.
// Both then run PLAY_FILE (tools/play_every_game.py: a seeded game of every game in the box to its
// end), what the snapshot worker imports (pyapp.preload) and a formatted traceback, and print
// {"python", "results", "preloaded", "traceback", "installed_from", "fetches", "docstring" (of
// pyapp.games: None when compiled as -OO), "os_origin" ("frozen": the runtime's own copy)} as JSON.
// Every fetch() is refused and reported.

import { readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { pathToFileURL } from "node:url";

const [mode, indexDir, ...rest] = process.argv.slice(2);
const fetches = [];
globalThis.fetch = async (url) => {
  fetches.push(String(url));
  throw new Error(`network use refused in this check: ${url}`);
};
const { loadPyodide } = await import(pathToFileURL(join(indexDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: indexDir + "/", stdout: () => {}, stderr: () => {} });
const quiet = { messageCallback: () => {}, errorCallback: (m) => console.error(m) };

let playFile;
if (mode === "micropip") {
  const [micropipWheel, appWheel] = rest;
  playFile = rest[2];
  await pyodide.loadPackage(micropipWheel, quiet);
  const target = `/tmp/${basename(appWheel)}`;
  pyodide.FS.writeFile(target, readFileSync(appWheel));
  pyodide.globals.set("WHEEL_URL", `emfs:${target}`);
  await pyodide.runPythonAsync("import micropip\nawait micropip.install(WHEEL_URL)");
} else if (mode === "site") {
  playFile = rest[0];
  await pyodide.loadPackage("caldera-park", quiet);
  if (!("caldera-park" in pyodide.loadedPackages)) throw new Error("caldera-park not loaded");
} else {
  console.error("usage: see the head of run_wheel.mjs");
  process.exit(2);
}

pyodide.globals.set("PLAY_SOURCE", readFileSync(playFile, "utf8"));
const out = pyodide.runPython(`
import json, sys, traceback
namespace = {"__name__": "play_every_game"}
exec(PLAY_SOURCE, namespace)
results = namespace["results"]()
from pyapp.preload import import_pure
preloaded = import_pure()
try:
    raise ValueError("shown on the error screen")
except ValueError:
    shown = traceback.format_exc()
import os, pyapp, pyapp.games
json.dumps({
    "docstring": pyapp.games.__doc__,
    "os_origin": os.__spec__.origin,
    "python": sys.version.split()[0],
    "results": results,
    "preloaded": preloaded,
    "traceback": shown,
    "installed_from": pyapp.__file__,
})
`);
console.log(JSON.stringify({ ...JSON.parse(out), fetches }));
