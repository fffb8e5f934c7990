"""The browser side of the game screens: draws ``screens.render(controller)`` into
``<main id="app">`` and turns clicks and keys into ``Controller.handle`` calls.

``start(root)`` (called by ``main.main``) builds the controller, draws the first screen (the
new-game form) synchronously and returns the ``App``; the bots then play from asyncio tasks.

* One delegated listener per event type on the app root reads the ``data-action`` and ``data-*``
  attributes of the element acted on (``CalderaDom.actionOf`` in static/js/game-dom.js).
* Drawing: the element descriptions go to ``CalderaDom.render`` as JSON; it patches the DOM with
  createElement/setAttribute/text nodes only (never HTML parsing), so focus and fields survive.
* Enter or Space on a focusable non-button element with ``data-action`` (a park space) acts like
  a click; arrow keys move between the park spaces that can be chosen; Escape takes back an
  unconfirmed choice.
* Other features hook in through the controller (``on_change``, ``menu``, ``menu_handlers``,
  ``handlers``, ``wrap_view``) and ``App.redraw()``; if a module ``ui.persistence_web`` exists,
  ``start`` calls its ``install(app)`` before the first drawing.
"""

from __future__ import annotations

import asyncio
import gc
import importlib
import json
import time

import js
from pyodide.ffi import create_proxy

from pyapp.rules.record import to_record

from . import screens
from .art import step_towards
from .controller import BotRunner, Controller, parse_at
from .vdom import to_json


class App:
    def __init__(self, root):
        self.root = root
        reduced = bool(js.window.matchMedia("(prefers-reduced-motion: reduce)").matches)
        self.controller = Controller(reduced_motion=reduced)
        self.runner = BotRunner(self.controller, self.redraw, asyncio.sleep, time.perf_counter)
        self.last_render_ms = 0.0
        self.renders = 0
        self._proxies = []
        self._task = None

    # ------------------------------------------------------------------ drawing

    def redraw(self) -> None:
        t0 = time.perf_counter()
        c = self.controller
        nodes, focus = screens.render(c)
        js.CalderaDom.render(self.root, to_json(nodes))
        screen = c.screen if c.state is not None else "setup"
        self.root.setAttribute("data-screen", screen)
        if focus:
            c.focus = None
            js.CalderaDom.focusKey(self.root, focus)
        self.last_render_ms = (time.perf_counter() - t0) * 1000
        self.renders += 1
        self.root.setAttribute("data-renders", str(self.renders))
        self._schedule_bots()

    def _schedule_bots(self) -> None:
        if self.controller.bot_to_move() is None or self.runner.busy:
            return
        self._task = asyncio.ensure_future(self._run_bots())

    async def _run_bots(self) -> None:
        try:
            await self.runner.run()
        except Exception as exc:  # a bot failure must be visible, never a silent stall
            js.console.error(f"bot error: {type(exc).__name__}: {exc}")
            self.controller.error = f"{type(exc).__name__}: {exc}"
            self.redraw()

    # ------------------------------------------------------------------ input

    def _act(self, event) -> dict | None:
        raw = js.CalderaDom.actionOf(event.target, self.root)
        if raw is None:
            return None
        return json.loads(raw)

    def dispatch(self, data: dict) -> None:
        action = data.pop("action", "")
        data.pop("tag", None)
        try:
            changed = self.controller.handle(action, data)
        except Exception as exc:  # show, never lose the page
            js.console.error(f"{type(exc).__name__}: {exc}")
            self.controller.error = f"{type(exc).__name__}: {exc}"
            changed = True
        if changed:
            self.redraw()

    def on_click(self, event) -> None:
        data = self._act(event)
        if data is None or data.get("tag") in ("input", "select", "textarea"):
            return  # form fields report through input/change
        event.preventDefault()
        self.dispatch(data)

    def on_keydown(self, event) -> None:
        key = event.key
        if key == "Escape":
            if self.controller.handle("undo", {}):
                self.redraw()
            return
        if key.startswith("Arrow"):
            self._arrow(event, key)
            return
        if key not in ("Enter", " ", "Spacebar"):
            return
        data = self._act(event)
        if data is None or data.get("tag") in ("button", "input", "select", "textarea", "a"):
            return  # native controls already turn Enter/Space into a click
        event.preventDefault()
        self.dispatch(data)

    def _arrow(self, event, key: str) -> None:
        """Arrow keys move the focus between the park spaces that can be chosen."""
        data = self._act(event)
        if data is None or data.get("action") != "space":
            return
        here = parse_at(data.get("at"))
        nodes = self.root.querySelectorAll("g[data-action=space]")
        ats = [parse_at(nodes.item(i).getAttribute("data-at")) for i in range(nodes.length)]
        target = step_towards([a for a in ats if a is not None], here, key) if here else None
        if target is not None:
            event.preventDefault()
            js.CalderaDom.focusKey(self.root, f"sp-{target[0]},{target[1]}")

    def on_input(self, event) -> None:
        data = self._act(event)
        typing = data is not None and data.get("tag") in ("input", "textarea")
        if typing and data.get("type") not in ("radio", "checkbox"):
            self.dispatch(data)

    def on_change(self, event) -> None:
        data = self._act(event)
        if data is not None and data.get("tag") in ("select", "input"):
            self.dispatch(data)

    def listen(self) -> None:
        for name, fn in (
            ("click", self.on_click),
            ("keydown", self.on_keydown),
            ("input", self.on_input),
            ("change", self.on_change),
        ):
            proxy = create_proxy(fn)
            self._proxies.append(proxy)
            self.root.addEventListener(name, proxy)

    # ------------------------------------------------------------------ test and bench access

    def record_json(self) -> str:
        """The running game's record (options and action texts), or "" with no game."""
        state = self.controller.state
        return json.dumps(to_record(state)) if state is not None else ""


def start(root) -> App:
    """Draw the first screen (the new-game form) into ``root`` and start listening."""
    app = App(root)
    try:
        extension = importlib.import_module("ui.persistence_web")
    except ImportError:
        extension = None
    if extension is not None and hasattr(extension, "install"):
        extension.install(app)
    app.listen()
    app.redraw()
    # the engine, parks and catalogues live as long as the page: keep them out of the cyclic
    # collector's full passes, which would otherwise walk them during play
    gc.freeze()
    js.window.CalderaGame = create_proxy(
        lambda what="record": app.record_json() if what == "record" else app.last_render_ms
    )
    return app
