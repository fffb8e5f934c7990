// Play seeded Caledea games inside real Pyodide under Node.js, offline, and print their logs.
//
//   node tests/caledea/pyodide_caledea.mjs REPO_ROOT JOBS_JSON
//
// JOBS_JSON: [{"options": {...}, "bots": ["strong", "greedy"], "actions": 80}, ...]: each job is
// played for at most "actions" actions, seat s's bot seeded "<seed>/<s>". Prints one JSON object:
// {"python", "platform", "fetches", "jobs": [{"log": [...], "result": ..., "state": "<to_json>"}]}.

import { loadOfflinePyodide } from "../pyodide/offline_pyodide.mjs";

const [root, jobsJson] = process.argv.slice(2);
if (!root || !jobsJson) {
  console.error("usage: node pyodide_caledea.mjs REPO_ROOT JOBS_JSON");
  process.exit(2);
}

const { pyodide, fetches } = await loadOfflinePyodide(root);
pyodide.globals.set("JOBS_JSON", jobsJson);
const result = pyodide.runPython(`
import json, sys
from pyapp.caledea.protocol import GAME

def run(job):
    options = job["options"]
    bots = [GAME.make_bot(n, f"{options['seed']}/{s}") for s, n in enumerate(job["bots"])]
    state = GAME.new_game(options)
    for _ in range(job["actions"]):
        p = GAME.to_move(state)
        if p is None:
            break
        GAME.play(state, bots[p].choose(GAME.observation(state, p)), player=p)
    return {"log": GAME.log_texts(state), "result": GAME.result(state), "state": GAME.to_json(state)}

json.dumps({"python": sys.version.split()[0], "platform": sys.platform,
            "jobs": [run(j) for j in json.loads(JOBS_JSON)]})
`);
const data = JSON.parse(result);
data.fetches = fetches;
process.stdout.write(JSON.stringify(data) + "\n");
