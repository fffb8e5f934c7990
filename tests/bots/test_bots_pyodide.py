"""The bots in real Pyodide (Python 3.13, WebAssembly) under Node.js make exactly the choices
they make on CPython: same seeds, same moves. Runs ``pyodide_bots.mjs`` beside this file."""

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from pyapp.park.bots import make_bot
from pyapp.park.game import apply, is_over, new_game, observation, to_move

ROOT = Path(__file__).resolve().parents[2]  # the repository

RUNNER = ROOT / "tests" / "bots" / "pyodide_bots.mjs"
pytestmark = [
    pytest.mark.node,
    pytest.mark.skipif(
        shutil.which("node") is None or not (ROOT / "node_modules" / "pyodide").is_dir(),
        reason="needs node and node_modules/pyodide (npm ci)",
    ),
]

JOBS = [
    {"options": {"players": 2, "seed": 4}, "bots": ["strong", "greedy"], "rounds": 1},
    {"options": {"players": 1, "seed": 5, "variant": "solo"}, "bots": ["strong"], "rounds": 1},
    {
        "options": {"players": 3, "seed": 6, "variant": "geyser"},
        "bots": ["greedy", "random", "greedy"],
        "rounds": 2,
    },
]


def log_here(job: dict) -> list[str]:
    options = job["options"]
    bots = [make_bot(n, f"{options['seed']}/{s}") for s, n in enumerate(job["bots"])]
    state = new_game(**options)
    while not is_over(state) and state["ctx"]["round"] <= job["rounds"]:
        p = to_move(state)
        apply(state, bots[p].choose(observation(state, p)))
    return [text for _, text in state["log"]]


def test_bots_choose_the_same_in_pyodide():
    run = subprocess.run(
        ["node", str(RUNNER), str(ROOT), json.dumps(JOBS)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stderr[-2000:]
    data = json.loads(run.stdout)
    assert data["platform"] == "emscripten" and data["python"].startswith("3.")
    assert data["fetches"] == []
    for job, got in zip(JOBS, data["jobs"], strict=True):
        assert len(got["log"]) > 10
        assert got["log"] == log_here(job)
