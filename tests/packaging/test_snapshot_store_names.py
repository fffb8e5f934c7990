"""The early worker (static/js/snapshot-worker.mjs, begun by static/js/boot.js) reads the Python
snapshot from the database and store that the loader (static/js/pyodide-loader.mjs) writes:
the two files name them apart, so they must agree."""

from __future__ import annotations

import re
from pathlib import Path

JS = Path(__file__).resolve().parents[2] / "static" / "js"


def _names(path: Path) -> dict[str, str]:
    text = path.read_text(encoding="utf-8")
    return dict(re.findall(r'^const (DB|STORE) = "([^"]+)";$', text, re.MULTILINE))


def test_the_worker_reads_where_the_loader_writes():
    loader = _names(JS / "pyodide-loader.mjs")
    worker = _names(JS / "snapshot-worker.mjs")
    assert set(loader) == {"DB", "STORE"}
    assert worker == loader
