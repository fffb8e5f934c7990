// Play the first decisions of seeded bot games inside real Pyodide under Node.js, offline.
//
//   node tests/bots/pyodide_bots.mjs REPO_ROOT JOBS_JSON
//
// JOBS_JSON: [{"options": {...new_game options...}, "bots": ["strong", "greedy"], "rounds": 1}, ...]
// Runs play_job of park_bot_jobs.py (beside this file) on each job: the game until round
// "rounds" is over, every seat's bot seeded "<seed>/<seat>"; prints one JSON object:
// {"python", "platform", "fetches", "jobs": [{"log": [...action texts...], "ms": {"strong":
// [decision times], ...}}]}. The Pyodide core comes from REPO_ROOT/node_modules/pyodide; every
// fetch() is refused.

import { runPlayJobs } from "../pyodide/offline_pyodide.mjs";

await runPlayJobs(
  "node pyodide_bots.mjs REPO_ROOT JOBS_JSON",
  new URL("./park_bot_jobs.py", import.meta.url),
);
