// Play seeded Caldera (pyramids) games inside real Pyodide under Node.js, offline.
//
//   node tests/pyramids/pyramids_pyodide.mjs REPO_ROOT JOBS_JSON
//
// Runs play_job of pyramids_jobs.py (beside this file) on each job of JOBS_JSON and prints
// {"python", "platform", "fetches", "jobs": [play_job(job), ...]}. The Pyodide core comes from
// REPO_ROOT/node_modules/pyodide; every fetch() is refused.

import { readFileSync } from "node:fs";
import { runJobs } from "../pyodide/offline_pyodide.mjs";

const jobs = readFileSync(new URL("./pyramids_jobs.py", import.meta.url), "utf8");
await runJobs(
  "node pyramids_pyodide.mjs REPO_ROOT JOBS_JSON",
  `${jobs}
import json, sys
json.dumps({"python": sys.version.split()[0], "platform": sys.platform,
            "jobs": [play_job(j) for j in json.loads(JOBS_JSON)]})
`,
);
