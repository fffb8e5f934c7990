"""The engine runs in real Pyodide (the pinned npm ``pyodide`` package, under Node.js, offline)
and plays exactly the same seeded games as CPython.

``run_engine.mjs`` loads Pyodide from ``node_modules/pyodide`` (installed by ``npm ci``, which
``make test`` always runs), copies ``pyapp/`` into Pyodide's file system, and plays each game
twice there: through ``pyapp.cli.main(["simulate", ...])`` and through ``pyapp.cli.play_game``
with the seeded random bots. Its output must equal CPython's byte for byte. Node runs without a
network (``unshare -n``) where the machine allows it, and every ``fetch`` is refused anyway.
"""

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

sys.path.append(str(REPO / "tests"))  # pyodide_helpers
from pyodide_helpers import offline_prefix  # noqa: E402

from pyapp.cli import play_game  # noqa: E402
from pyapp.park import game  # noqa: E402
from pyapp.park.bots import make_bot  # noqa: E402

PYODIDE = REPO / "node_modules" / "pyodide"
RUNNER = Path(__file__).with_name("run_engine.mjs")

pytestmark = [
    pytest.mark.node,
    pytest.mark.skipif(
        not (PYODIDE / "pyodide.mjs").is_file(),
        reason="node_modules/pyodide is not installed: run `npm ci` (`make test` does)",
    ),
]

GAMES = [
    {"variant": "base", "players": 2, "seed": 5},
    {"variant": "base", "players": 4, "seed": "caldera"},
    {"variant": "geyser", "players": 2, "seed": 9},
    {"variant": "geyser", "players": 1, "seed": 3},
    {"variant": "solo", "players": 1, "seed": 7},
]


def simulate_argv(options: dict) -> list[str]:
    return [
        "--variant",
        options["variant"],
        "--players",
        str(options["players"]),
        "--seed",
        str(options["seed"]),
    ]


@pytest.fixture(scope="module")
def pyodide_run():
    node = shutil.which("node")
    assert node, "Node.js is needed to run Pyodide (node_modules/pyodide is installed)"
    games = [{"argv": simulate_argv(o), "options": o} for o in GAMES]
    prefix = offline_prefix()
    result = subprocess.run(
        [*prefix, node, str(RUNNER), str(REPO), json.dumps(games)],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    data = json.loads(result.stdout)
    data["offline"] = bool(prefix)
    return data


def test_pinned_pyodide_is_installed():
    pinned = json.loads((REPO / "package.json").read_text())["dependencies"]["pyodide"]
    installed = json.loads((PYODIDE / "package.json").read_text())["version"]
    assert installed == pinned
    for core in ("pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"):
        assert (PYODIDE / core).is_file(), core


def test_runs_in_pyodide_offline(pyodide_run):
    assert pyodide_run["platform"] == "emscripten"
    assert pyodide_run["python"].startswith("3.13.")
    assert pyodide_run["module"].startswith("/home/pyodide/caldera/pyapp/")
    assert pyodide_run["fetches"] == []  # nothing was fetched: the npm package holds the core
    assert len(pyodide_run["games"]) == len(GAMES)


@pytest.mark.parametrize(
    "n", range(len(GAMES)), ids=[f"{o['variant']}-{o['players']}p" for o in GAMES]
)
def test_same_game_as_cpython(pyodide_run, n):
    options = GAMES[n]
    got = pyodide_run["games"][n]
    # python -m pyapp simulate: byte for byte the same output
    cpython = subprocess.run(
        [sys.executable, "-m", "pyapp", "simulate", *simulate_argv(options)],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert cpython.returncode == 0, cpython.stderr
    assert got["status"] == 0
    assert got["simulate"] == cpython.stdout
    # play_game with the same seeded bots: same log, same final sheets
    bots = [
        make_bot("random", f"{options['seed']}/bot{seat}") for seat in range(options["players"])
    ]
    state = play_game(options, bots)
    assert got["log"] == [text for _, text in state["log"]]
    assert got["final"] == json.loads(json.dumps(game.final_scores(state)))
    assert got["round_trip"] is True
