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
"""

from __future__ import annotations

import importlib
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
