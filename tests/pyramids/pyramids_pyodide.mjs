// Play seeded Caldera (pyramids) games inside real Pyodide under Node.js, offline.
//
//   node tests/pyramids/pyramids_pyodide.mjs REPO_ROOT JOBS_JSON
//
// JOBS_JSON: [{"options": {...}, "bots": ["strong", "greedy"], "turns": 8, "argv": [...]}, ...]
// For each job this plays the game for at most "turns" turns, the bot of seat s seeded
// "<seed>/<s>", and runs `python -m pyapp simulate ARGV` (pyapp.cli.main, stdout captured).
// It prints one JSON object: {"python", "platform", "fetches", "jobs": [{"log", "state",
// "simulate", "status"}]}. The Pyodide core comes from REPO_ROOT/node_modules/pyodide; every
// fetch() is refused.

import { loadOfflinePyodide } from "../pyodide/offline_pyodide.mjs";

const [root, jobsJson] = process.argv.slice(2);
if (!root || !jobsJson) {
  console.error("usage: node pyramids_pyodide.mjs REPO_ROOT JOBS_JSON");
  process.exit(2);
}

const { pyodide, fetches } = await loadOfflinePyodide(root);

pyodide.globals.set("JOBS_JSON", jobsJson);
const result = pyodide.runPython(`
import contextlib, io, json, sys
from pyapp import cli
from pyapp.pyramids.protocol import GAME

out = []
for job in json.loads(JOBS_JSON):
    options = job["options"]
    bots = [GAME.make_bot(n, f"{options['seed']}/{s}") for s, n in enumerate(job["bots"])]
    state = GAME.new_game(options)
    while not GAME.is_over(state) and state["turn"]["number"] <= job["turns"]:
        p = GAME.to_move(state)
        GAME.apply(state, bots[p].choose(GAME.observation(state, p)))
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        status = cli.main(["simulate", *job["argv"]])
    out.append({"log": GAME.log_texts(state), "state": GAME.to_json(state),
                "simulate": buf.getvalue(), "status": status})
json.dumps({"python": sys.version.split()[0], "platform": sys.platform, "jobs": out})
`);
const data = JSON.parse(result);
data.fetches = fetches;
process.stdout.write(JSON.stringify(data) + "\n");
