// Whole games following the one judge, then analysed, inside real Pyodide under Node.js, offline.
//
//   node tests/core/judge_pyodide.mjs REPO_ROOT JOBS_JSON
//
// Runs play_job of judge_jobs.py (beside this file) on each job of JOBS_JSON and prints
// {"python", "platform", "fetches", "jobs": [play_job(job), ...]}. The Pyodide core comes from
// REPO_ROOT/node_modules/pyodide; every fetch() is refused.

import { runPlayJobs } from "../pyodide/offline_pyodide.mjs";

await runPlayJobs(
  "node judge_pyodide.mjs REPO_ROOT JOBS_JSON",
  new URL("./judge_jobs.py", import.meta.url),
);
