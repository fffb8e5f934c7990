"""The Python standard library the site ships: only what the app needs, compiled to bytecode.

    python tools/stdlib_needs.py     # measure it again in Chromium, rewrite tools/stdlib_keep.txt

Pyodide's ``python_stdlib.zip`` (2.4 MB of sources) holds the whole library, most of which the
app never imports (asyncio, email, unittest, xml, ...). ``tools/stdlib_keep.txt`` lists the
modules of it the app needs, as measured by this tool: it builds the site
with the whole library, boots it in Chromium, and then, in the page's own Python, opens every
game of the box, plays a seeded game of each to its end with the bots, formats a traceback (the
error screen's path), imports what the snapshot worker imports, and lists ``sys.modules``: every
module seen there is kept, module by module (plus a few codecs, ENCODINGS_ALWAYS, and the
modules of NOT_PLAYED, which the app imports only on paths the measurement does not play).

``shipped_stdlib()`` (used by tools/build_site.py) cuts Pyodide's zip down to that list, leaves
out the modules the runtime has frozen into itself (``os``, ``site``, importlib's bootstrap...:
Pyodide imports those from the copies built into the runtime and never reads their files), and
compiles it with ``pyodide py-compile`` (tools/app_package.py), so Python imports bytecode at
start instead of compiling sources. tests/pyodide/test_pyodide_wheel.py plays every game to
its end in Pyodide with the shipped library, and the browser tests run with it.
"""

from __future__ import annotations

import io
import json
import sys
import tempfile
import zipfile
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tools import app_package

ROOT = Path(__file__).resolve().parent.parent
KEEP_FILE = Path(__file__).with_name("stdlib_keep.txt")
ENCODINGS_ALWAYS = ("aliases", "ascii", "latin_1", "utf_8", "utf_8_sig")
# modules the app imports only on a path the measurement never plays, kept all the same:
# ``fractions``, imported by pyapp/caledea/odds.py for its exact figures (``exact=True``)
NOT_PLAYED = ("fractions",)
FULL = "full"  # keep= value for the whole library (used when measuring)


def keep_list(path: Path = KEEP_FILE) -> list[str]:
    lines = path.read_text().splitlines()
    listed = {line.strip() for line in lines if line.strip() and not line.startswith("#")}
    return sorted(listed | set(NOT_PLAYED))


def module_of(entry: str) -> str | None:
    """The dotted module name of a zip entry (``a/b/__init__.py`` is ``a.b``), None if not one."""
    for suffix in ("/__init__.pyc", "/__init__.py", ".pyc", ".py"):
        if entry.endswith(suffix):
            return entry[: -len(suffix)].replace("/", ".")
    return None


def trim(stdlib: bytes, keep: list[str]) -> bytes:
    """The zip with only the modules named in ``keep`` (and ENCODINGS_ALWAYS's codecs)."""
    wanted = set(keep) | {f"encodings.{c}" for c in ENCODINGS_ALWAYS} | {"encodings"}
    entries = {}
    with zipfile.ZipFile(io.BytesIO(stdlib)) as zf:
        for info in zf.infolist():
            if not info.is_dir() and module_of(info.filename) in wanted:
                entries[info.filename] = zf.read(info)
    missing = wanted - {module_of(n) for n in entries}
    if missing:
        raise app_package.PackageError(f"stdlib_keep.txt names what the library lacks: {missing}")
    return app_package._write_zip(dict(sorted(entries.items())))


def shipped_stdlib(root: Path = ROOT, keep: list[str] | str | None = None) -> tuple[str, bytes]:
    """(name, bytes) of the library the site ships: trimmed to ``keep`` (default the measured
    list; FULL for all of it) less the modules Pyodide runs frozen (their files are never read),
    and compiled."""
    full = (root / "node_modules" / "pyodide" / "python_stdlib.zip").read_bytes()
    keep = keep_list() if keep is None else keep
    if keep != FULL:
        frozen = set(app_package.pyodide_frozen(root))
        keep = [name for name in keep if name not in frozen]
    data = full if keep == FULL else trim(full, keep)
    return app_package.compile_zip("python_stdlib.zip", data, root)


# run in the page's Python: every game opened and played to its end (tools/play_every_game.py),
# what the snapshot worker imports, a traceback formatted as the error screen does, then the
# names of every module imported
MEASURE = r"""
import json, sys, traceback
namespace = {"__name__": "play_every_game"}
exec(PLAY_SOURCE, namespace)
namespace["results"]()
from pyapp.preload import import_pure  # what the snapshot worker runs
import_pure()
try:
    raise ValueError("measure")
except ValueError:
    traceback.format_exc()
json.dumps(sorted(sys.modules))
"""
PLAY_FILE = Path(__file__).with_name("play_every_game.py")


def measure() -> list[str]:
    """Top-level library names the app imports in Chromium (see the module's doc)."""
    from playwright.sync_api import sync_playwright

    from tools.build_site import build
    from tools.chromium import CHROMIUM_ARGS, find_chromium
    from tools.serve import make_server, start_in_thread

    with tempfile.TemporaryDirectory(prefix="caldera-stdlib-") as tmp:
        site = Path(tmp) / "site"
        build(site, stdlib_keep=FULL)
        with zipfile.ZipFile(site / "pyodide" / "python_stdlib.zip") as zf:
            library = {module_of(n) for n in zf.namelist()} - {None}
        server = make_server(site)
        start_in_thread(server)
        host, port = server.server_address[:2]
        try:
            with sync_playwright() as driver:
                browser = driver.chromium.launch(
                    executable_path=find_chromium(), args=CHROMIUM_ARGS, headless=True
                )
                page = browser.new_page()
                page.goto(f"http://{host}:{port}/")
                page.wait_for_selector("html[data-app-ready]", timeout=120_000)
                names = page.evaluate(
                    """([code, play]) => import('./js/pyodide-loader.mjs').then(m => {
                        const python = m.interpreter();
                        python.globals.set("PLAY_SOURCE", play);
                        return JSON.parse(python.runPython(code));
                    })""",
                    [MEASURE, PLAY_FILE.read_text()],
                )
                browser.close()
        finally:
            server.shutdown()
            server.server_close()
    return sorted(set(names) & library)


def main() -> int:
    names = measure()
    header = (
        "# Modules of the Python standard library the app needs, as measured by\n"
        "# tools/stdlib_needs.py (rewrite it with: python tools/stdlib_needs.py).\n"
    )
    KEEP_FILE.write_text(header + "\n".join(names) + "\n")
    print(f"{KEEP_FILE.name}: {len(names)} names: {json.dumps(names)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
