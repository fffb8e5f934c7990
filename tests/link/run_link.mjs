// Games by link inside real Pyodide under Node.js, offline (tests/link/test_link_pyodide.py).
//
//   node tests/link/run_link.mjs REPO_ROOT JOBS_JSON
//
// JOBS_JSON: {"links": [link texts made in CPython], "secret": hex, "step": link text}. Each link
// is read and replayed in Pyodide (its state, as canonical JSON, comes back); the "step" link
// gets the step of the seat whose secret is given (the answer or a join), and the new link's
// data comes back for CPython to read.

import { runJobs } from "../pyodide/offline_pyodide.mjs";

await runJobs(
  "node run_link.mjs REPO_ROOT JOBS_JSON",
  `
import json, sys
from pyapp.core import link
from pyapp.core.link import LinkGame, LinkError

jobs = json.loads(JOBS_JSON)
states = [link.canonical(LinkGame.from_text(t).state) for t in jobs["links"]]
lg = LinkGame.from_text(jobs["step"])
seat = lg.handler()
stepped = lg.play(jobs["secret"], seat, []).text()
try:
    LinkGame.from_text(jobs["step"][:-5])
    cut = "accepted"
except LinkError as e:
    cut = e.kind
json.dumps({"platform": sys.platform, "states": states, "stepped": stepped, "cut": cut})
`,
);
