"""Caledea's engine and bots in real Pyodide (Python 3.13, WebAssembly) under Node.js give exactly
what they give on CPython: the same seeded games, action for action, to the same state (dice
included). Runs ``pyodide_caledea.mjs`` beside this file."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from pyapp.caledea.protocol import GAME

HERE = Path(__file__).resolve().parent

ROOT = HERE.parents[1]
RUNNER = HERE / "pyodide_caledea.mjs"
pytestmark = [
    pytest.mark.node,
    pytest.mark.skipif(
        shutil.which("node") is None or not (ROOT / "node_modules" / "pyodide").is_dir(),
        reason="needs node and node_modules/pyodide (npm ci)",
    ),
]

JOBS = [
    {"options": {"players": 2, "seed": 4}, "bots": ["strong", "greedy"], "actions": 40},
    {"options": {"players": 3, "seed": 6}, "bots": ["greedy", "random", "greedy"], "actions": 400},
    {
        "options": {"players": 2, "seed": 9, "epic": True},
        "bots": ["random", "random"],
        "actions": 300,
    },
]


def here(job: dict) -> dict:
    options = job["options"]
    bots = [GAME.make_bot(n, f"{options['seed']}/{s}") for s, n in enumerate(job["bots"])]
    state = GAME.new_game(options)
    for _ in range(job["actions"]):
        p = GAME.to_move(state)
        if p is None:
            break
        GAME.play(state, bots[p].choose(GAME.observation(state, p)), player=p)
    return {
        "log": GAME.log_texts(state),
        "result": GAME.result(state),
        "state": GAME.to_json(state),
    }


def test_engine_and_bots_give_the_same_games_in_pyodide():
    run = subprocess.run(
        ["node", str(RUNNER), str(ROOT), json.dumps(JOBS)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert run.returncode == 0, run.stderr[-2000:]
    data = json.loads(run.stdout)
    assert data["platform"] == "emscripten" and data["python"].startswith("3.")
    assert data["fetches"] == []
    for job, got in zip(JOBS, data["jobs"], strict=True):
        assert len(got["log"]) > 10
        assert got == here(job)
