"""PyScript's own Python package imported as bytecode the build made (issue 25: WebKit's warm
start). PyScript writes its package's sources at every start and imports them; the loader first
writes the bytecode the build compiled from those very sources into the package's __pycache__
(pyapp/preload.py's ``place_pyscript_bytecode``). Checked on a first visit (the app's wheel
installed) and on a start restored from the snapshot (the app's files written back): each of
PyScript's modules has its cache file there, unchanged, and by the import system's own rule
(a hash-checked file whose hash is its source's) Python takes it instead of compiling."""

from __future__ import annotations

from sitetest import open_app, reload, returning_visit, wait_for_service_worker
from test_snapshot import in_python, python

from tools.app_package import ROOT
from tools.pyscript_python import core_sources, imported_at_start

# In the page's Python, for each module of PyScript's package with a source file: [name, its
# cache file is the app's copy, the file's magic is this Python's, its flags (3: hash-based,
# checked against the source), its hash is the source's]
CACHED = """
import importlib.util, os, sys
from pyapp.preload import PYSCRIPT_BYTECODE, site_packages
shipped = os.path.join(site_packages(), "pyapp", PYSCRIPT_BYTECODE)
seen = []
for name, module in sorted(sys.modules.items()):
    source = getattr(module, "__file__", None)
    if name.split(".")[0] != "pyscript" or not source:
        continue
    cached = importlib.util.cache_from_source(source)
    data = open(cached, "rb").read()
    rel = os.path.relpath(source, os.getcwd())
    ours = open(os.path.join(shipped, rel + "c"), "rb").read()
    seen.append([name, data == ours, data[:4] == importlib.util.MAGIC_NUMBER,
                 int.from_bytes(data[4:8], "little"),
                 data[8:16] == importlib.util.source_hash(open(source, "rb").read())])
seen
"""


def _check(page) -> None:
    shipped = imported_at_start(core_sources(ROOT / "node_modules" / "@pyscript" / "core" / "dist"))
    assert python(page, "pyscript-bytecode") == str(len(shipped))
    seen = in_python(page, CACHED)
    names = {name for name, *_ in seen}
    assert {"pyscript", "pyscript.context", "pyscript.display"} <= names, names
    assert all(rest == [True, True, 3, True] for _, *rest in seen), seen


def test_pyscript_imports_its_package_from_the_builds_bytecode(context, site_url):
    page = open_app(context, site_url)
    assert python(page, "files") == "wheel"
    _check(page)
    wait_for_service_worker(page)
    assert returning_visit(page) == "stored"
    reload(page)
    assert python(page, "start") == "snapshot"
    assert python(page, "files") == "snapshot"
    _check(page)
