"""Caledea's engine and bots in real Pyodide (Python 3.13, WebAssembly) under Node.js give exactly
what they give on CPython: the same seeded games, action for action, to the same state (dice
included). Runs ``pyodide_caledea.mjs`` beside this file, which plays ``caledea_jobs.play_job``
as this test does."""

from __future__ import annotations

import sys
from pathlib import Path

from caledea_jobs import play_job

sys.path.append(str(Path(__file__).resolve().parents[1]))  # tests/: pyodide_helpers
from pyodide_helpers import NEEDS_NODE_PYODIDE, run_jobs  # noqa: E402

RUNNER = Path(__file__).with_name("pyodide_caledea.mjs")
pytestmark = NEEDS_NODE_PYODIDE

JOBS = [
    {"options": {"players": 2, "seed": 4}, "bots": ["strong", "greedy"], "actions": 40},
    {"options": {"players": 3, "seed": 6}, "bots": ["greedy", "random", "greedy"], "actions": 400},
    {
        "options": {"players": 2, "seed": 9, "epic": True},
        "bots": ["random", "random"],
        "actions": 300,
    },
    # a siege decision (``breach``) of the later rulings comes up in this one (edition 3's cards)
    {"options": {"players": 3, "seed": 5, "edition": 3}, "bots": ["random"] * 3, "actions": 700},
]


def test_engine_and_bots_give_the_same_games_in_pyodide():
    for job, got in zip(JOBS, run_jobs(RUNNER, JOBS, timeout=600), strict=True):
        assert len(got["log"]) > 10
        assert got == play_job(job)
    assert any(text.startswith("breach ") for text in got["log"])
