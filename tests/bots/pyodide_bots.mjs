// Play the first decisions of seeded bot games inside real Pyodide under Node.js, offline.
//
//   node tests/bots/pyodide_bots.mjs REPO_ROOT JOBS_JSON
//
// JOBS_JSON: [{"options": {...new_game options...}, "bots": ["strong", "greedy"], "rounds": 1}, ...]
// For each job this plays the game until round "rounds" is over, every seat's bot seeded
// "<seed>/<seat>", and prints one JSON object: {"python", "platform", "fetches", "jobs": [
//   {"log": [...action texts...], "ms": {"strong": [decision times], ...}}]}.
// The Pyodide core comes from REPO_ROOT/node_modules/pyodide; every fetch() is refused.

import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { pathToFileURL } from "node:url";

const [root, jobsJson] = process.argv.slice(2);
if (!root || !jobsJson) {
  console.error("usage: node pyodide_bots.mjs REPO_ROOT JOBS_JSON");
  process.exit(2);
}

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
function copyTree(dir) {
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
}
pyodide.FS.mkdirTree(`${target}/pyapp`);
copyTree(source);

pyodide.globals.set("JOBS_JSON", jobsJson);
pyodide.globals.set("TARGET", target);
const result = pyodide.runPython(`
import json, sys, time
sys.path.insert(0, TARGET)
from pyapp.bots import make_bot
from pyapp.rules.game import apply, is_over, new_game, observation, to_move

out = []
for job in json.loads(JOBS_JSON):
    options = job["options"]
    bots = [make_bot(name, f"{options['seed']}/{seat}") for seat, name in enumerate(job["bots"])]
    state = new_game(**options)
    ms = {name: [] for name in job["bots"]}
    while not is_over(state) and state["ctx"]["round"] <= job["rounds"]:
        p = to_move(state)
        t = time.perf_counter()
        action = bots[p].choose(observation(state, p))
        ms[job["bots"][p]].append((time.perf_counter() - t) * 1000)
        apply(state, action)
    out.append({"log": [text for _, text in state["log"]], "ms": ms})
json.dumps({"python": sys.version.split()[0], "platform": sys.platform, "jobs": out})
`);
const data = JSON.parse(result);
data.fetches = fetches;
process.stdout.write(JSON.stringify(data) + "\n");
