"""The app's files kept in a Python snapshot (pyapp/preload.py's keep_files and restore_files).

The snapshot worker keeps, in Python's memory, the installed files a restored start still needs;
the page writes them back instead of unpacking the wheel again. Here, on CPython: the app is
installed into a temporary site-packages (its sources, data and a dist-info, as the wheel
holds them), the page's modules are imported, the files kept, the installation deleted (a
restored interpreter's empty file system), and the files written back: a module never imported
imports, the data read from disk again is what the engines loaded, and files kept for another
build are never written. Runs in a child Python, so this process's ``pyapp`` is untouched.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

CHILD = r"""
import json, shutil, sys
site = sys.argv[1]
sys.path.insert(0, site)
from pyapp import preload
import pyapp.park.park, pyapp.caledea.cards  # imported, as in the snapshot
kept = preload.keep_files("build-1")
imported_bytecode = "pyapp/park/park.py" in preload.KEPT
data = sorted(k for k in preload.KEPT if k.endswith(".json"))
later = sorted(k for k in preload.KEPT if k.endswith(".py"))
info = sorted(k for k in preload.KEPT if ".dist-info" in k)
shutil.rmtree(site)  # a restored interpreter's file system: the app is not there
other = preload.restore_files("build-2")
written = preload.restore_files("build-1")
again = preload.restore_files("build-1")
before = "pyapp.link_cli" in sys.modules
import pyapp.link_cli
from pyapp.caledea import cards
from pyapp.park import park
print(json.dumps({
    "kept": kept, "written": written, "other": other, "again": again, "data": data,
    "later": later, "info": info, "imported_bytecode": imported_bytecode, "before": before,
    "link_cli": pyapp.link_cli.__file__.startswith(site),
    "park": park._load_file.__wrapped__("river", "river").__dict__
    == park.load_park("river").__dict__,
    "board": tuple(cards.check_board(cards._read("board.json"))) == cards.board_squares(),
}))
"""


def test_kept_files_come_back_for_their_build_only(tmp_path):
    site = tmp_path / "site-packages"
    shutil.copytree(ROOT / "pyapp", site / "pyapp", ignore=shutil.ignore_patterns("__pycache__"))
    info = site / "caldera_park-0.1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Name: caldera-park\n")
    shipped = {str(p.relative_to(ROOT)) for p in (ROOT / "pyapp").rglob("*") if p.suffix == ".json"}
    out = subprocess.run(
        [sys.executable, "-c", CHILD, str(site)],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
        env={"PYTHONDONTWRITEBYTECODE": "1", "PATH": "/usr/bin:/bin"},
    )
    got = json.loads(out.stdout)
    assert got["data"] == sorted(shipped)  # every data file, and only the app's
    # the modules imported are not kept (nothing reads their files again); the others are
    assert not got["imported_bytecode"]
    assert "pyapp/link_cli.py" in got["later"] and "pyapp/cli.py" in got["later"]
    assert got["info"] == ["caldera_park-0.1.0.dist-info/METADATA"]
    assert got["other"] == -1  # kept for another build: nothing written
    assert got["written"] == got["kept"] > len(shipped)
    assert got["again"] == -1  # written once, then forgotten
    assert not got["before"] and got["link_cli"]
    assert got["park"] and got["board"]
    assert (info / "METADATA").read_text() == "Name: caldera-park\n"
