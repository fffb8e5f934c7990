"""The browser side of the box: draws the current game's screens (``box.Box.render``) into
``<main id="app">`` and turns clicks and keys into ``Box.handle`` calls (the game chooser's, else
the current game table's ``handle``).

``start(root)`` (called by ``main.main``) composes the box and its features
(``composition.compose``) over the page's storage and services (``webstore``), starts the
features (the language, the last game resumed), draws the first screen synchronously and returns
the ``App``; the bots then play from asyncio tasks, and the features' work in slices
(``feature.Shell.work``) runs between frames. ``app.controller`` is always the table on screen.

* One delegated listener per event type on the app root reads the ``data-action`` and ``data-*``
  attributes of the element acted on (``CalderaDom.actionOf`` in static/js/game-dom.js).
* Drawing: the element descriptions go to ``CalderaDom.render`` as JSON; it patches the DOM with
  createElement/setAttribute/text nodes only (never HTML parsing), so focus and fields survive.
* Enter or Space on a focusable non-button element with ``data-action`` (a board space) acts
  like a click; arrow keys move between the spaces that can be chosen (a game's screens package
  says how with ``ARROW_ACTION`` and ``arrow_key``); Escape closes the header's "More" panel
  when it is open, else closes the overlay on screen (what the phone's Back presses), else takes
  back an unconfirmed choice.
* The page's ``storage`` events (another tab) reach the features (``Shell.storage_changed``).
* A game by link: the address's ``#g=...`` is read once the app started, and on ``hashchange``;
  the link feature (``features/link_play.py``) opens it and the fragment is cleared from the
  address bar (``history.replaceState``) so a reload does not open it again.
"""

from __future__ import annotations

import asyncio
import gc
import json
import time

import js
from pyodide.ffi import create_proxy

from . import i18n, takeover
from .composition import compose
from .feature import run_work
from .table import BotRunner
from .vdom import to_json
from .webstore import BrowserPlatform, local_storage

WORK_SLICE_MS = 12.0  # the features' work in slices (an analysis, a hint, the saves' check)
WORK_GAP_S = 0.01  # between two slices: the page answers input and draws
WORK_DELAY_S = 0.1  # the first slice after the start: the first screen settles first
WORK_REDRAW_EVERY = 6  # slices between two drawings of work shown as it goes


class App:
    def __init__(self, root):
        self.root = root
        reduced = bool(js.window.matchMedia("(prefers-reduced-motion: reduce)").matches)
        self.platform = BrowserPlatform(redraw=self.redraw)
        # the page's clock (``Date.now``): the day of the daily park is the page's local date
        self.box = compose(
            local_storage(), self.platform, reduced, clock=lambda: int(js.Date.now())
        )
        self.runner = BotRunner(
            lambda: self.box.table, self.redraw, asyncio.sleep, time.perf_counter
        )
        self.last_render_ms = 0.0
        self.renders = 0
        self._proxies = []
        self._task = None
        self._work_task = None
        self._shown: tuple[str, str] | None = None  # (game, screen) drawn last

    @property
    def controller(self):
        """The table on screen (the current game's ``TableController``)."""
        return self.box.table

    # ------------------------------------------------------------------ drawing

    def redraw(self) -> None:
        t0 = time.perf_counter()
        c = self.controller
        nodes, focus = self.box.render()
        js.CalderaDom.render(self.root, to_json(nodes))
        screen = c.screen if c.state is not None else "setup"
        shown = (self.box.game_id, screen)
        if shown != self._shown:  # a new screen starts at the top (the form was scrolled)
            self._shown = shown
            js.window.scrollTo(0, 0)
        self.root.setAttribute("data-screen", screen)
        self.root.setAttribute("data-game", self.box.game_id)
        if focus and c.menu_open and not focus.startswith("menu-"):
            focus = c.focus = None  # the header's open panel keeps it (a bot moved meanwhile)
        if focus:
            c.focus = None
            js.CalderaDom.focusKey(self.root, focus)
        self.last_render_ms = (time.perf_counter() - t0) * 1000
        self.renders += 1
        self.root.setAttribute("data-renders", str(self.renders))
        self._schedule_bots()
        self._schedule_work()

    def _schedule_bots(self) -> None:
        if self.controller.bot_to_move() is None or self.runner.busy:
            return
        self._task = asyncio.ensure_future(self._run_bots())

    def _schedule_work(self, delay_s: float = 0.0) -> None:
        if self._work_task is None and self.box.shell.busy():
            self._work_task = asyncio.ensure_future(self._work(delay_s))

    async def _work(self, delay_s: float) -> None:
        """The features' work in slices, between frames; redrawn as it goes when shown."""
        try:
            await run_work(
                self.box.shell,
                asyncio.sleep,
                self.redraw,
                delay_s,
                WORK_SLICE_MS,
                WORK_GAP_S,
                WORK_REDRAW_EVERY,
            )
        except Exception as exc:  # a failure must be visible, never a silent stall
            js.console.error(f"work: {type(exc).__name__}: {exc}")
        finally:
            self._work_task = None

    def open_hash(self, _event=None) -> None:
        """Open the game of the address's ``#g=`` fragment (a link), then clear the fragment."""
        link = self.box.shell.get("link")
        loc = js.window.location
        href = str(loc.href)
        if link is None:
            return
        link.base_url = href.split("#", 1)[0]
        if not str(loc.hash).startswith("#g="):
            return
        js.window.history.replaceState(js.window.history.state, "", link.base_url)
        try:
            link.open_link(href)
        except Exception as exc:  # a link must never break the page
            js.console.error(f"link: {type(exc).__name__}: {exc}")
        self.redraw()

    def storage_changed(self, key) -> None:
        """Another tab or window of the origin changed the storage (the page's event)."""
        if self.box.shell.storage_changed(key):
            self.redraw()

    async def _run_bots(self) -> None:
        try:
            await self.runner.run()
        except Exception as exc:  # a bot failure must be visible, never a silent stall
            js.console.error(f"bot error: {type(exc).__name__}: {exc}")
            self.controller.error = f"{type(exc).__name__}: {exc}"
            self.redraw()

    # ------------------------------------------------------------------ input

    def _act(self, event) -> dict | None:
        return self._act_on(event.target)

    def _act_on(self, element) -> dict | None:
        raw = js.CalderaDom.actionOf(element, self.root)
        if not isinstance(raw, str):  # JS null arrives as pyodide's JsNull, not None
            return None
        return json.loads(raw)

    def dispatch(self, data: dict) -> None:
        action = data.pop("action", "")
        data.pop("tag", None)
        try:
            changed = self.box.handle(action, data)
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
        if key == "Escape":  # closes the header's panel or an overlay, else takes back a choice
            if not self.controller.menu_open:
                # an overlay open (rules, saved games, another park...): what the phone's Back
                # presses, its data-overlay-close button
                close = self.root.querySelector("[data-overlay] [data-overlay-close]")
                data = self._act_on(close) if close is not None else None
                if data is not None:
                    event.preventDefault()
                    self.dispatch(data)
                    return
            action = "menu-close" if self.controller.menu_open else "undo"
            if self.controller.handle(action, {}):
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
        """Arrow keys move the focus between the board spaces that can be chosen."""
        screens = self.box.screens[self.box.game_id]
        action = getattr(screens, "ARROW_ACTION", None)
        data = self._act(event)
        if action is None or data is None or data.get("action") != action:
            return
        nodes = self.root.querySelectorAll(f"[data-action={action}]")
        ats = [nodes.item(i).getAttribute("data-at") for i in range(nodes.length)]
        target = screens.arrow_key(data.get("at"), [a for a in ats if isinstance(a, str)], key)
        if target is not None:
            event.preventDefault()
            js.CalderaDom.focusKey(self.root, target)

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
        table = self.controller
        state = table.state
        return json.dumps(table.game.to_record(state)) if state is not None else ""

    def shown_json(self) -> str:
        """The state a replay or a position chosen in the log draws (its viewer's view), with
        its marked moves: {"pos", "state", "marked"}; "" when none is shown."""
        learn = self.box.shell.get("learn")
        replay = learn.shown() if learn is not None else None
        if replay is None:
            return ""
        vt = replay.view_table()
        marked = [list(m) for m in vt.marked_moves()]
        return json.dumps({"pos": replay.pos, "state": vt.state, "marked": marked})


def start(root) -> App:
    """Start the features, draw the first screen into ``root`` and start listening."""
    app = App(root)
    try:
        app.box.shell.start(app.box.table)
    except Exception as exc:  # never block the app: start on the new-game screen
        js.console.error(f"start: {type(exc).__name__}: {exc}")
    app.platform.watch_storage(app.storage_changed)
    hash_proxy = create_proxy(app.open_hash)
    app._proxies.append(hash_proxy)
    js.window.addEventListener("hashchange", hash_proxy)
    app.platform.set_document_language(i18n.language())  # also when the start failed early
    app._schedule_work(WORK_DELAY_S)  # the saved games checked for the list, while idle
    first = getattr(js.window, "CalderaFirst", None)  # the choices made on the first screen
    if first is not None:
        takeover.replay(app.box, first.takeover(), lambda text: js.console.warn(text))
    try:  # a link opened the app (a first visit too): after the first screen's choices, it wins
        app.open_hash()
    except Exception as exc:
        js.console.error(f"link: {type(exc).__name__}: {exc}")
    app.listen()
    app.redraw()
    # the engine, parks and catalogues live as long as the page: keep them out of the cyclic
    # collector's full passes, which would otherwise walk them during play
    gc.freeze()

    def probe(what="record"):
        """Test and bench access: the record, the bots' decision times, the last render."""
        if what == "record":
            return app.record_json()
        if what == "shown":
            return app.shown_json()
        if what == "bots":
            return json.dumps(app.runner.decisions_ms)
        return app.last_render_ms

    js.window.CalderaGame = create_proxy(probe)
    return app
