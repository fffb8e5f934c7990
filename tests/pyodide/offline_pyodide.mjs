// Shared by the Node.js checks: load the pinned npm Pyodide offline and copy pyapp/ into it.
//
//   const { pyodide, fetches, target } = await loadOfflinePyodide(root);
//
// The core comes from ROOT/node_modules/pyodide; every fetch() is refused and recorded in
// `fetches`, so a run that needed the network shows it. pyapp/ (Python sources and park data)
// is copied to `target`/pyapp inside Pyodide's file system and `target` is put on sys.path.

import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { pathToFileURL } from "node:url";

export async function loadOfflinePyodide(root) {
  const fetches = [];
  globalThis.fetch = async (url) => {
    fetches.push(String(url));
    throw new Error(`network use refused in this check: ${url}`);
  };
  const indexURL = join(root, "node_modules", "pyodide");
  const { loadPyodide } = await import(pathToFileURL(join(indexURL, "pyodide.mjs")).href);
  const pyodide = await loadPyodide({ indexURL: indexURL + "/", stdout: () => {}, stderr: () => {} });

  const target = "/home/pyodide/caldera";
  const source = join(root, "pyapp");
  const copyTree = (dir) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      const inside = `${target}/pyapp/${relative(source, path).split("\\").join("/")}`;
      if (statSync(path).isDirectory()) {
        if (name === "__pycache__") continue;
        pyodide.FS.mkdirTree(inside);
        copyTree(path);
      } else if (name.endsWith(".py") || name.endsWith(".json")) {
        pyodide.FS.writeFile(inside, readFileSync(path));
      }
    }
  };
  pyodide.FS.mkdirTree(`${target}/pyapp`);
  copyTree(source);
  pyodide.globals.set("TARGET", target);
  pyodide.runPython("import sys; sys.path.insert(0, TARGET)");
  return { pyodide, fetches, target };
}

// A Node.js check in one call: read `node SCRIPT REPO_ROOT JOBS_JSON` from the command line,
// load Pyodide offline, run `python` (its last expression: a JSON text, given JOBS_JSON as a
// global) and print that JSON with `fetches` added.
export async function runJobs(usage, python) {
  const [root, jobsJson] = process.argv.slice(2);
  if (!root || !jobsJson) {
    console.error(`usage: ${usage}`);
    process.exit(2);
  }
  const { pyodide, fetches } = await loadOfflinePyodide(root);
  pyodide.globals.set("JOBS_JSON", jobsJson);
  const data = JSON.parse(pyodide.runPython(python));
  data.fetches = fetches;
  process.stdout.write(JSON.stringify(data) + "\n");
}

// runJobs for the usual case: the Python file at `url` defines play_job(job) (a JSON-safe
// answer), run on every job; prints {"python", "platform", "fetches", "jobs": [...]}.
export async function runPlayJobs(usage, url) {
  await runJobs(
    usage,
    `${readFileSync(url, "utf8")}
import json, sys
json.dumps({"python": sys.version.split()[0], "platform": sys.platform,
            "jobs": [play_job(j) for j in json.loads(JOBS_JSON)]})
`,
  );
}
