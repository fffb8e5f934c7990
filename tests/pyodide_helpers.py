"""What the tests that run a game in Pyodide under Node.js share: their marks and the run of a
``.mjs`` runner over JSON jobs.

A plain module (not a conftest): a test module imports it with ``sys.path`` pointing at this
folder, ``tests/``, appended (so it shadows nothing)."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]

NEEDS_NODE_PYODIDE = [
    pytest.mark.node,
    pytest.mark.skipif(
        shutil.which("node") is None or not (REPO / "node_modules" / "pyodide").is_dir(),
        reason="needs node and node_modules/pyodide (npm ci)",
    ),
]


def offline_prefix() -> list[str]:
    """``unshare -n`` (no network at all) where this machine allows it, else nothing."""
    unshare = shutil.which("unshare")
    if unshare:
        try:
            ok = subprocess.run([unshare, "-n", "true"], capture_output=True, timeout=10)
        except (OSError, subprocess.TimeoutExpired):
            return []
        if ok.returncode == 0:
            return [unshare, "-n"]
    return []


def run_jobs(runner: Path, jobs: list, timeout: int, python: str = "3.") -> list:
    """Run ``node runner REPO jobs`` and return its answers, one per job, after checking that
    it ran in Pyodide (Python ``python``...) and fetched nothing."""
    run = subprocess.run(
        ["node", str(runner), str(REPO), json.dumps(jobs)],
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    assert run.returncode == 0, run.stderr[-2000:]
    data = json.loads(run.stdout)
    assert data["platform"] == "emscripten" and data["python"].startswith(python), (
        data["platform"],
        data["python"],
    )
    assert data["fetches"] == [], data["fetches"]
    return data["jobs"]
