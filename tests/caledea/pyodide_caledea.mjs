// Play seeded Caledea games inside real Pyodide under Node.js, offline, and print their logs.
//
//   node tests/caledea/pyodide_caledea.mjs REPO_ROOT JOBS_JSON
//
// JOBS_JSON: [{"options": {...}, "bots": ["strong", "greedy"], "actions": 80}, ...]: runs
// play_job of caledea_jobs.py (beside this file) on each job and prints one JSON object:
// {"python", "platform", "fetches", "jobs": [{"log": [...], "result": ..., "state": "<to_json>"}]}.

import { runPlayJobs } from "../pyodide/offline_pyodide.mjs";

await runPlayJobs(
  "node pyodide_caledea.mjs REPO_ROOT JOBS_JSON",
  new URL("./caledea_jobs.py", import.meta.url),
);
