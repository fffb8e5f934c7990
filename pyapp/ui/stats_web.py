"""Wires the statistics and the daily park into the page (Pyodide only): called by
``persistence_web.install`` after the saved games, so a finished game's line is written after
its autosave. The platform's ``share(text, callback)`` uses the Web Share API where the browser
has it, else the clipboard; ``callback`` hears "shared", "copied" or "failed", then the page
redraws."""

from __future__ import annotations

import js
from pyodide.ffi import create_proxy, to_js

from .park.guide import Guide
from .stats import Stats
from .webstore import local_storage


class SharePlatform:
    def __init__(self, base, redraw):
        self.base = base
        self.redraw = redraw
        self.tz_offset_min = getattr(base, "tz_offset_min", 0)
        self._keep = []

    def _then(self, promise, ok, bad) -> None:
        p_ok, p_bad = create_proxy(ok), create_proxy(bad)
        self._keep += [p_ok, p_bad]
        promise.then(p_ok, p_bad)

    def share(self, text: str, callback) -> None:
        nav = js.navigator

        def finish(how):
            callback(how)
            self.redraw()

        def copy(_err=None):
            clip = getattr(nav, "clipboard", None)
            if clip is None or not hasattr(clip, "writeText"):
                finish("failed")
                return
            self._then(
                clip.writeText(text), lambda _x: finish("copied"), lambda _e: finish("failed")
            )

        if hasattr(nav, "share") and hasattr(nav, "canShare"):
            data = to_js({"text": text}, dict_converter=js.Object.fromEntries)
            if nav.canShare(data):
                self._then(nav.share(data), lambda _x: finish("shared"), copy)
                return
        copy()


def install(app, persistence) -> Stats:
    platform = SharePlatform(persistence.platform, app.redraw)
    # the page's clock (``Date.now``): the day of the daily park is the page's local date
    stats = Stats(
        app.controller, local_storage(), persistence, platform, clock=lambda: int(js.Date.now())
    )
    app.stats = stats
    stats.switch_to = app.box.switch

    guide = Guide(local_storage())
    app.guide = guide

    def on_guide(action: str, data: dict):
        if not action.startswith("guide-"):
            return None
        table = app.box.switch("park") if action == "guide-start" else app.controller
        return guide.handle(action, data, table)

    app.controller.handlers.append(on_guide)

    def follow(table) -> None:  # the table on screen, like the saved games
        stats.c = table
        table.daily = stats
        table.guide = guide

    app.box.on_switch.append(follow)
    for table in app.box.tables.values():  # the tables made before (a resumed game's)
        table.daily = stats
        table.guide = guide
        table.wrap_view = app.controller.wrap_view
    return stats
