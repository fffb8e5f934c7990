"""Wires saved games, languages and the rules reference into the page (Pyodide only).

``pyapp.ui.app.start`` calls ``install(app)`` before the first drawing: the store over the page's
localStorage (None where the browser refuses it), the browser platform, then ``boot()`` (the
language, and the last running game resumed mid-turn), and the page's ``storage`` event (another
tab's saves) reaches ``Persistence.on_storage``; the saved games are checked for the list in idle
slices (``Persistence.prepare_list``). The page's ``<html lang>`` follows the
language (``BrowserPlatform.set_document_language``, called by ``Persistence.apply_language``).
"""

from __future__ import annotations

import asyncio

import js

from . import i18n
from .persistence import Persistence
from .saves import SaveStore
from .webstore import BrowserPlatform, local_storage


def install(app) -> Persistence:
    platform = BrowserPlatform(redraw=app.redraw)
    persistence = Persistence(app.controller, SaveStore(local_storage()), platform)
    app.persistence = persistence
    # the saves follow the table on screen when another game is chosen
    app.box.on_switch.append(lambda table: setattr(persistence, "c", table))
    persistence.table_for = lambda game: app.box.switch(game.id)
    try:
        persistence.boot()
    except Exception as exc:  # never block the app: start on the new-game screen
        js.console.error(f"saved games: {type(exc).__name__}: {exc}")

    def changed(key) -> None:  # another tab or window of the origin wrote to the storage
        if persistence.on_storage(key):
            app.redraw()

    try:  # the statistics and the daily park (after the saves: a line follows its autosave)
        from .stats_web import install as install_stats

        install_stats(app, persistence)
    except Exception as exc:  # never block the app
        js.console.error(f"statistics: {type(exc).__name__}: {exc}")

    from .learn import install as install_learn

    install_learn(app, persistence)  # replay, analysis and hints (pyapp/ui/learn.py)
    platform.watch_storage(changed)
    # check the saved games for the list while the page is idle (the first opening is quick)
    app.prepare_task = asyncio.ensure_future(persistence.prepare_list(asyncio.sleep))
    platform.set_document_language(i18n.language())  # also when boot() failed early
    return persistence
