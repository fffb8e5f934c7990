// Play the first decisions of seeded bot games inside real Pyodide under Node.js, offline.
//
//   node tests/bots/pyodide_bots.mjs REPO_ROOT JOBS_JSON
//
// JOBS_JSON: [{"options": {...new_game options...}, "bots": ["strong", "greedy"], "rounds": 1}, ...]
// For each job this plays the game until round "rounds" is over, every seat's bot seeded
// "<seed>/<seat>", and prints one JSON object: {"python", "platform", "fetches", "jobs": [
//   {"log": [...action texts...], "ms": {"strong": [decision times], ...}}]}.
// The Pyodide core comes from REPO_ROOT/node_modules/pyodide; every fetch() is refused.

import { loadOfflinePyodide } from "../pyodide/offline_pyodide.mjs";

const [root, jobsJson] = process.argv.slice(2);
if (!root || !jobsJson) {
  console.error("usage: node pyodide_bots.mjs REPO_ROOT JOBS_JSON");
  process.exit(2);
}

const { pyodide, fetches } = await loadOfflinePyodide(root);

pyodide.globals.set("JOBS_JSON", jobsJson);
const result = pyodide.runPython(`
import json, sys, time
from pyapp.park.bots import make_bot
from pyapp.park.game import apply, is_over, new_game, observation, to_move

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
