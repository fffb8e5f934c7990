"""The app's built wheel in real Pyodide (the pinned npm package, under Node.js, offline).

- micropip: the wheel is a library for anyone's Pyodide: micropip (its wheel from the package
  registry, fetched by tools/pyodide_env.py and loaded from a local file) installs it into the
  stock Pyodide, and a seeded game of every game in the box plays to the same end as on CPython.
- the site: the site's own Pyodide directory, with the trimmed, compiled standard library
  (tools/stdlib_needs.py) and the lock that lists the wheel, loads it as the page does and plays
  every game to its end, imports what the snapshot worker imports and formats a traceback (the
  error screen's path), with the library's frozen modules left out of the zip and everything
  compiled as -OO (no docstrings, no asserts).
"""

from __future__ import annotations

import io
import json
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from test_pyodide_engine import offline_prefix  # noqa: E402

from tools import app_package, pyodide_env, stdlib_needs  # noqa: E402
from tools.build_site import PYODIDE_FILES  # noqa: E402
from tools.play_every_game import results as cpython_results  # noqa: E402

PYODIDE = REPO / "node_modules" / "pyodide"
RUNNER = Path(__file__).with_name("run_wheel.mjs")
PLAY = REPO / "tools" / "play_every_game.py"

pytestmark = [
    pytest.mark.node,
    pytest.mark.skipif(
        not (PYODIDE / "pyodide.mjs").is_file(),
        reason="node_modules/pyodide is not installed: run `npm ci` (`make test` does)",
    ),
]


@pytest.fixture(scope="module")
def package():
    return app_package.build_package()


def run(*args) -> dict:
    node = shutil.which("node")
    assert node, "Node.js is needed to run Pyodide"
    done = subprocess.run(
        [*offline_prefix(), node, str(RUNNER), *map(str, args)],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_micropip_installs_the_wheel_and_every_game_plays_as_on_cpython(package, tmp_path):
    wheel = tmp_path / package["wheel_name"]
    wheel.write_bytes(package["wheel"])
    micropip = pyodide_env.wheel("micropip")
    got = run("micropip", PYODIDE, micropip, wheel, PLAY)
    assert got["fetches"] == []
    assert got["python"].startswith("3.13.")
    assert "site-packages/pyapp/__init__.pyc" in got["installed_from"]
    assert got["docstring"] is None  # compiled as -OO: the games play without docstrings
    expected = cpython_results()
    assert {r["game"] for r in expected} >= {"park"}
    assert got["results"] == expected


def test_every_game_plays_to_its_end_with_the_trimmed_library(package, tmp_path):
    site = tmp_path / "pyodide"
    site.mkdir()
    for name in PYODIDE_FILES:
        shutil.copy(PYODIDE / name, site / name)
    _, stdlib = stdlib_needs.shipped_stdlib()
    (site / "python_stdlib.zip").write_bytes(stdlib)
    (site / "pyodide-lock.json").write_bytes(package["lock"])
    (site / package["wheel_name"]).write_bytes(package["wheel"])
    assert len(stdlib) < (PYODIDE / "python_stdlib.zip").stat().st_size
    shipped = {stdlib_needs.module_of(n) for n in zipfile.ZipFile(io.BytesIO(stdlib)).namelist()}
    # the runtime's frozen modules are left out of the zip and still import (from the runtime)
    assert "os" in app_package.pyodide_frozen() and "os" not in shipped
    assert not set(app_package.pyodide_frozen()) & shipped
    got = run("site", site, PLAY)
    assert got["os_origin"] == "frozen"
    assert got["docstring"] is None
    assert got["fetches"] == []
    assert got["results"] == cpython_results()
    assert "pyapp.park.game" in got["preloaded"]
    # the error screen's traceback is still formatted (traceback, linecache in the library)
    assert got["traceback"].startswith("Traceback (most recent call last):")
    assert got["traceback"].rstrip().endswith("ValueError: shown on the error screen")
