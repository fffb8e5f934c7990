// Run the Caldera Park engine inside real Pyodide under Node.js, offline.
//
//   node tests/pyodide/run_engine.mjs REPO_ROOT GAMES_JSON
//
// GAMES_JSON is a list of {"argv": [...simulate arguments...], "options": {...}}. For each game
// this plays `python -m pyapp simulate ARGV` (pyapp.cli.main, stdout captured) and, the same game,
// pyapp.cli.play_game with the seeded random bots, then prints one JSON object on stdout:
//   {"python": "3.13.x", "platform": "emscripten", "fetches": [], "games": [...]}.
// The Pyodide core comes from REPO_ROOT/node_modules/pyodide (the pinned npm package); every
// fetch() is refused and reported, so a run that needed the network fails.

import { runJobs } from "./offline_pyodide.mjs";

await runJobs(
  "node run_engine.mjs REPO_ROOT GAMES_JSON",
  `
import contextlib, io, json, sys
from pyapp import cli
from pyapp.park.bots import make_bot
from pyapp.park import game, record

out = []
for g in json.loads(JOBS_JSON):
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        status = cli.main(["simulate", *g["argv"]])
    options = g["options"]
    bots = [make_bot("random", f"{options['seed']}/bot{seat}") for seat in range(options["players"])]
    state = cli.play_game(options, bots)
    again = record.from_json(record.to_json(state))
    out.append({
        "status": status,
        "simulate": buf.getvalue(),
        "log": [text for _, text in state["log"]],
        "final": game.final_scores(state),
        "round_trip": record.to_json(again) == record.to_json(state),
    })
json.dumps({
    "python": sys.version.split()[0],
    "platform": sys.platform,
    "module": cli.__file__,
    "games": out,
})
`,
);
