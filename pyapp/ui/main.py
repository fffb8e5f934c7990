"""Entry point of the page (called by the ``<script type="py">`` in index.html).

Draws the first screen with ``pyapp.ui.app.start(root)`` and then tells the boot screen that the app
is ready (it sets ``data-app-ready`` on ``<html>``); if anything fails, the boot screen shows
the error with its traceback instead of leaving a blank page.
"""

from __future__ import annotations

import sys
import traceback

import js


def main() -> None:
    boot = js.CalderaBoot
    try:
        boot.progress(95, "Opening the game…")
        from . import app

        root = js.document.getElementById("app")
        app.start(root)
        js.performance.mark("caldera:drawn")  # for tools/bench_engines.py
    except Exception as exc:  # the whole point: any failure must reach the error screen
        boot.fail(f"The game could not start: {type(exc).__name__}: {exc}", traceback.format_exc())
        return
    boot.ready()
    js.console.info(f"Caldera Park ready (Python {sys.version.split()[0]}, build {boot.build})")
