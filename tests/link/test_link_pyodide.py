"""Links read and made in real Pyodide (the pinned npm package, under Node.js, offline) are the
same games as in CPython: zlib, hashlib and base64 of the browser's Python agree with CPython's."""

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from linkplay import play_by_links

sys.path.append(str(Path(__file__).resolve().parents[1]))  # tests/: pyodide_helpers
from pyodide_helpers import offline_prefix  # noqa: E402

from pyapp.core import link
from pyapp.core.link import LinkGame

REPO = Path(__file__).resolve().parents[2]
PYODIDE = REPO / "node_modules" / "pyodide"

pytestmark = [
    pytest.mark.node,
    pytest.mark.skipif(
        not (PYODIDE / "pyodide.mjs").is_file(),
        reason="node_modules/pyodide is not installed: run `npm ci` (`make test` does)",
    ),
]


def test_links_are_the_same_games_in_pyodide():
    finished = [
        play_by_links(g, n, seed="pyodide", bot="greedy")[1][-1]
        for g, n in (("caledea", 2), ("park", 2), ("pyramids", 3))
    ]
    devices, links = play_by_links("caledea", 2, seed="pyodide2", bot="random")
    waiting = next(t for t in links if LinkGame.from_text(t).pending is not None)
    answerer = LinkGame.from_text(waiting).pending["answerer"]
    jobs = {"links": finished, "secret": devices[answerer].secret, "step": waiting}
    node = shutil.which("node")
    assert node
    result = subprocess.run(
        [
            *offline_prefix(),
            node,
            str(Path(__file__).with_name("run_link.mjs")),
            str(REPO),
            json.dumps(jobs),
        ],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    got = json.loads(result.stdout)
    assert got["platform"] == "emscripten"
    assert got["states"] == [link.canonical(LinkGame.from_text(t).state) for t in finished]
    # the answer made in Pyodide is read in CPython: the same draw as CPython's own answer
    mine = LinkGame.from_text(waiting).play(devices[answerer].secret, answerer, [])
    theirs = LinkGame.from_text(got["stepped"])
    assert link.canonical(theirs.state) == link.canonical(mine.state)
    assert theirs.payload() == mine.payload()
    assert got["cut"] == "damaged"
