"""Wires saved games, languages and the rules reference into the page (Pyodide only).

``ui.app.start`` calls ``install(app)`` before the first drawing: the store over the page's
localStorage (None where the browser refuses it), the browser platform, then ``boot()`` (the
language, and the last running game resumed mid-turn). The page's ``<html lang>`` follows the
language (``BrowserPlatform.set_document_language``, called by ``Persistence.apply_language``).
"""

from __future__ import annotations

import js

from . import i18n
from .persistence import Persistence
from .saves import SaveStore
from .webstore import BrowserPlatform, local_storage


def install(app) -> Persistence:
    platform = BrowserPlatform(redraw=app.redraw)
    persistence = Persistence(app.controller, SaveStore(local_storage()), platform)
    app.persistence = persistence
    try:
        persistence.boot()
    except Exception as exc:  # never block the app: start on the new-game screen
        js.console.error(f"saved games: {type(exc).__name__}: {exc}")
    platform.set_document_language(i18n.language())  # also when boot() failed early
    return persistence
