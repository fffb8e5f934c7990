"""The bots in real Pyodide (Python 3.13, WebAssembly) under Node.js make exactly the choices
they make on CPython: same seeds, same moves. Runs ``pyodide_bots.mjs`` beside this file, which
plays ``park_bot_jobs.play_job`` as this test does."""

import sys
from pathlib import Path

from park_bot_jobs import play_job

sys.path.append(str(Path(__file__).resolve().parents[1]))  # tests/: pyodide_helpers
from pyodide_helpers import NEEDS_NODE_PYODIDE, run_jobs  # noqa: E402

RUNNER = Path(__file__).with_name("pyodide_bots.mjs")
pytestmark = NEEDS_NODE_PYODIDE

JOBS = [
    {"options": {"players": 2, "seed": 4}, "bots": ["strong", "greedy"], "rounds": 1},
    {"options": {"players": 1, "seed": 5, "variant": "solo"}, "bots": ["strong"], "rounds": 1},
    {
        "options": {"players": 3, "seed": 6, "variant": "geyser"},
        "bots": ["greedy", "random", "greedy"],
        "rounds": 2,
    },
]


def test_bots_choose_the_same_in_pyodide():
    for job, got in zip(JOBS, run_jobs(RUNNER, JOBS, timeout=300), strict=True):
        assert len(got["log"]) > 10
        assert got["log"] == play_job(job)["log"]
