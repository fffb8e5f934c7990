"""Caldera's engine and bots in the pinned Pyodide (Python 3.13, WebAssembly) under Node.js,
offline, give exactly what CPython gives: the same setup from the seed, the same moves of the
seeded bots (strong included), the same final state and the same ``simulate`` output."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from pyramids_jobs import play_job

sys.path.append(str(Path(__file__).resolve().parents[1]))  # tests/: pyodide_helpers
from pyodide_helpers import NEEDS_NODE_PYODIDE, run_jobs  # noqa: E402

RUNNER = Path(__file__).with_name("pyramids_pyodide.mjs")
pytestmark = NEEDS_NODE_PYODIDE

SIM = ["--game", "pyramids", "--bots"]
JOBS = [
    {
        "options": {"players": 2, "seed": 4},
        "bots": ["strong", "greedy"],
        "turns": 10,
        "argv": [*SIM, "greedy,random", "--seed", "4"],
    },
    {
        "options": {"players": 3, "seed": "lava", "first": 1},
        "bots": ["greedy", "random", "strong"],
        "turns": 9,
        "argv": [*SIM, "random", "--players", "3", "--seed", "lava"],
    },
    {
        "options": {"players": 2, "seed": 99},
        "bots": ["random", "random"],
        "turns": 400,
        "argv": [*SIM, "strong,greedy", "--seed", "99"],
    },
]


@pytest.fixture(scope="module")
def pyodide_jobs():
    return run_jobs(RUNNER, JOBS, timeout=600, python="3.13")


@pytest.mark.parametrize("n", range(len(JOBS)))
def test_same_games_in_pyodide(pyodide_jobs, n):
    got, want = pyodide_jobs[n], play_job(JOBS[n])
    assert got["status"] == want["status"] == 0
    assert len(got["log"]) > 10
    assert got["log"] == want["log"]
    assert got["state"] == want["state"]
    assert got["simulate"] == want["simulate"]
