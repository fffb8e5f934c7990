"""The bots in real Pyodide (Python 3.13, WebAssembly) under Node.js make exactly the choices
they make on CPython: same seeds, same moves. Runs ``pyodide_bots.mjs`` beside this file."""

import sys
from pathlib import Path

from pyapp.park.bots import make_bot
from pyapp.park.game import apply, is_over, new_game, observation, to_move

if str(Path(__file__).resolve().parents[1]) not in sys.path:  # tests/: pyodide_helpers
    sys.path.append(str(Path(__file__).resolve().parents[1]))
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


def log_here(job: dict) -> list[str]:
    options = job["options"]
    bots = [make_bot(n, f"{options['seed']}/{s}") for s, n in enumerate(job["bots"])]
    state = new_game(**options)
    while not is_over(state) and state["ctx"]["round"] <= job["rounds"]:
        p = to_move(state)
        apply(state, bots[p].choose(observation(state, p)))
    return [text for _, text in state["log"]]


def test_bots_choose_the_same_in_pyodide():
    for job, got in zip(JOBS, run_jobs(RUNNER, JOBS, timeout=300), strict=True):
        assert len(got["log"]) > 10
        assert got["log"] == log_here(job)
