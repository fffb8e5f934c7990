"""Import every module of the app that can be imported without the page, for a memory snapshot.

The browser's warm start restores Python from a snapshot made in a background worker
(static/js/snapshot-worker.mjs) that has no page: there the worker calls ``import_pure()``, so
that the engines, bots, screens and strings are in the snapshot and a restored start imports
nothing of the app. A module that only names ``js`` (Pyodide's link to the JavaScript globals)
is fine: Pyodide records such references by their path from the globals and resolves them
against the page's globals on restore; one that touches the page while it is imported (the DOM
is not in a worker) fails there and is left out, imported at start as usual.

A module is also left out when importing it (or anything it imports) asks for one of
``BLOCKED`` (PyScript's own modules, which exist only in the page): while ``import_pure`` runs,
those names are hidden from ``sys.modules`` and refused by a finder put first on
``sys.meta_path``; both are put back afterwards, whatever happens. Modules of the
command line (``SKIP``: ``__main__``, ``cli``, ``link_cli``, the arenas and balance runs) are never
imported: the page does not use them, and they would bring their part of the standard library
into the shipped one.
Works the same on CPython, where the tests check it.

The file system is not part of a snapshot, and the app still needs some of its installed files
after a restore: its data (JSON read at run time), the modules the worker did not import (the
command line, a module that needed the page) and the packages' directories. ``keep_files``
reads them into memory in the worker, after ``import_pure`` (every file of the installed app but
the bytecode of a module already imported, which nothing reads again), with the app's build;
``restore_files`` writes them back on a restored start for that same build, so the page need
not fetch, check and unpack the whole wheel again (static/js/pyodide-loader.mjs).

``place_pyscript_bytecode`` (called by the loader after the app's files are in place) writes
the bytecode of PyScript's own package, which the build compiled with the app, where Python
looks for it when PyScript imports that package (see the function).
"""

from __future__ import annotations

import importlib
import os
import pkgutil
import sys
from collections.abc import Iterator
from contextlib import contextmanager

# modules of the command line, the arenas and balance runs (benchmarks): the page never imports
# them, by the last part of their name (a game's bots/arena.py or balance.py too)
SKIP = ("__main__", "cli", "link_cli", "arena", "balance")
# PyScript's modules: they reach the page, and exist only there
BLOCKED = ("pyscript", "_pyscript", "polyscript")


class _Refuse:
    """A meta-path finder that refuses the blocked names (and their submodules)."""

    def __init__(self, blocked: tuple[str, ...]) -> None:
        self.blocked = blocked

    def find_spec(self, name, path=None, target=None):
        if any(name == b or name.startswith(b + ".") for b in self.blocked):
            raise ImportError(f"{name} is not imported into a snapshot", name=name)
        return None


@contextmanager
def blocking(blocked: tuple[str, ...] = BLOCKED) -> Iterator[None]:
    hidden = {
        name: mod
        for name, mod in sys.modules.items()
        if any(name == b or name.startswith(b + ".") for b in blocked)
    }
    for name in hidden:
        del sys.modules[name]
    finder = _Refuse(blocked)
    sys.meta_path.insert(0, finder)
    try:
        yield
    finally:
        sys.meta_path.remove(finder)
        sys.modules.update(hidden)


def module_names(package: str = "pyapp") -> list[str]:
    """Every module of ``package`` and its subpackages (sources or bytecode), sorted."""
    root = importlib.import_module(package)
    names = [package]
    for info in pkgutil.walk_packages(root.__path__, package + "."):
        if info.name.rsplit(".", 1)[-1] not in SKIP:
            names.append(info.name)
    return sorted(names)


def import_pure(package: str = "pyapp", blocked: tuple[str, ...] = BLOCKED) -> list[str]:
    """Import what can be imported without the blocked modules; returns the names imported."""
    done = []
    with blocking(blocked):
        for name in module_names(package):
            try:
                importlib.import_module(name)
            except Exception:  # noqa: BLE001 - any failure: it needs the page; not snapshotted
                continue
            done.append(name)
    return done


# The installed files a restored start writes back (path relative to site-packages -> bytes),
# the app's build they belong to, and the directories to make (even those left empty)
KEPT: dict[str, bytes] = {}
KEPT_DIRS: list[str] = []
KEPT_BUILD: list[str] = []


def _installed_roots(site: str, package: str) -> list[str]:
    """The package's directory and the dist-info directories beside it (the app's wheel)."""
    return [package] + sorted(
        name
        for name in os.listdir(site)
        if name.endswith(".dist-info") and name.split("-")[0] in ("caldera_park", package)
    )


def site_packages(package: str = "pyapp") -> str:
    """The directory the app is installed in (where the package's directory is)."""
    return os.path.dirname(
        os.path.dirname(os.path.abspath(importlib.import_module(package).__file__))
    )


def keep_files(build: str, package: str = "pyapp", site: str | None = None) -> int:
    """Read the app's installed files into memory for ``build``, but the bytecode (or source) of
    the modules already imported; returns the number of files kept."""
    site = site or site_packages(package)
    imported = {
        os.path.abspath(m.__file__)
        for name, m in list(sys.modules.items())
        if (name == package or name.startswith(package + ".")) and getattr(m, "__file__", None)
    }
    KEPT.clear()
    KEPT_DIRS.clear()
    for root in _installed_roots(site, package):
        for folder, dirs, files in os.walk(os.path.join(site, root)):
            dirs[:] = sorted(d for d in dirs if d != "__pycache__")
            KEPT_DIRS.append(os.path.relpath(folder, site))
            for name in sorted(files):
                path = os.path.join(folder, name)
                if os.path.abspath(path) in imported:
                    continue
                with open(path, "rb") as f:
                    KEPT[os.path.relpath(path, site)] = f.read()
    KEPT_BUILD[:] = [build]
    return len(KEPT)


def restore_files(build: str, package: str = "pyapp", site: str | None = None) -> int:
    """Write the kept files back under ``site`` if they were kept for ``build``: returns how
    many (then forgets them), or -1 (nothing written) when none were kept for this build."""
    if [build] != KEPT_BUILD or not KEPT_DIRS:
        return -1
    site = site or site_packages(package)
    for folder in KEPT_DIRS:
        os.makedirs(os.path.join(site, folder), exist_ok=True)
    for rel, data in KEPT.items():
        with open(os.path.join(site, rel), "wb") as f:
            f.write(data)
    count = len(KEPT)
    KEPT.clear()
    KEPT_DIRS.clear()
    KEPT_BUILD.clear()
    importlib.invalidate_caches()
    return count


# PyScript's own Python package as bytecode: the build puts the sources PyScript writes at every
# start into the app's wheel, here, compiled with the app's (hash-checked .pyc files; see
# tools/pyscript_python.py); written into that package's __pycache__, they spare Python
# compiling it from source at each start. Python uses a file only if the hash it holds is the
# one of the source PyScript wrote: bytecode of another PyScript is never run.
PYSCRIPT_BYTECODE = "pyscript_bytecode"


def place_pyscript_bytecode(
    package: str = "pyapp", site: str | None = None, work: str | None = None
) -> int:
    """Write the bytecode of PyScript's package (``PYSCRIPT_BYTECODE`` in the app installed
    under ``site``) where Python looks for the cache of the sources PyScript writes into the
    working directory (``work``); returns how many files, 0 if the app carries none. Never
    raises (-1 if it could not): without them, Python compiles PyScript's sources as it would
    anyway."""
    try:
        shipped = os.path.join(site or site_packages(package), package, PYSCRIPT_BYTECODE)
        work = work or os.getcwd()
        count = 0
        for folder, _dirs, files in os.walk(shipped):
            stems = sorted(name[: -len(".pyc")] for name in files if name.endswith(".pyc"))
            if not stems:
                continue
            cache = os.path.join(
                work or os.getcwd(), os.path.relpath(folder, shipped), "__pycache__"
            )
            os.makedirs(cache, exist_ok=True)
            for stem in stems:
                with open(os.path.join(folder, stem + ".pyc"), "rb") as f:
                    data = f.read()
                tagged = f"{stem}.{sys.implementation.cache_tag}.pyc"
                with open(os.path.join(cache, tagged), "wb") as f:
                    f.write(data)
                count += 1
        return count
    except OSError:
        return -1
