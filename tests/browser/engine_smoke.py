"""The smoke test run in browser engines other than Chromium (test_webkit_smoke.py,
test_firefox_smoke.py): one page of the built site, served by the suite's server, that

- boots to ready;
- plays a few decisions of each game of the box against its default bot (engine_step.js
  picks what to click among what the screen offers; the click is the engine's own pointer
  input at that point);
- reloads and resumes the last game where it was (its record unchanged);
- is controlled by the app's service worker;
- reloads again with the server stopped, resumes the game offline and plays on;
- printed no console error or warning and threw nothing.

Each engine's page is a tools/engines.py ``EnginePage`` with the ``Smoke`` steps mixed in."""

from __future__ import annotations

import json
import time
from pathlib import Path

from sitetest import ROOT  # noqa: F401 (tools importable)

from tools.engines import BOOT_TIMEOUT_S

HERE = Path(__file__).resolve().parent
STEP_JS = (HERE / "engine_step.js").read_text()
GAMES = ("park", "pyramids", "caledea")
# entries added to each game's log (the person's and the bot's) before moving on; Caldera's
# enough to fill its log panel (6 entries)
DECISIONS = {"park": 4, "pyramids": 7, "caledea": 4}

RECORD = "(() => { const r = window.CalderaGame && CalderaGame('record'); return r || ''; })()"
HUMAN_OR_END = (
    "!!document.querySelector('section[data-screen=table][data-human-turn=true],"
    " #app[data-screen=handover], #app[data-screen=end]')"
)
LOG_WHOLE = """(() => { const log = document.querySelector('.pyr-log .log');
  return !!log && log.children.length > 0 && log.scrollHeight <= log.clientHeight + 1; })()"""
CONTROLLED = (
    "!!(navigator.serviceWorker && navigator.serviceWorker.controller"
    " && navigator.serviceWorker.controller.state === 'activated')"
)


class Smoke:
    """The app-level steps, on an engine's page (tools/engines.py ``EnginePage``)."""

    def click_on(self, selector: str, then: str, what: str) -> None:
        """Click the centre of the first element ``selector`` shows, then wait for ``then``."""
        point = self.eval(
            f"""(() => {{ const el = document.querySelector({json.dumps(selector)});
            if (!el) return null; el.scrollIntoView({{block: 'center'}});
            const r = el.getBoundingClientRect();
            return [Math.round(r.left + r.width / 2), Math.round(r.top + r.height / 2)]; }})()"""
        )
        assert point, f"{self.name}: no {selector} to click"
        self.click(*point)
        self.wait_for(then, what)

    def record(self) -> dict:
        text = self.eval(RECORD)
        assert text, f"{self.name}: no game running"
        return json.loads(text)

    def play(self, entries: int) -> None:
        """Click the person's decisions (the bot playing between them) until the log has grown
        by ``entries`` and the person is to move again (or the game ended)."""
        goal = len(self.record()["log"]) + entries
        for _ in range(200):
            self.wait_for(HUMAN_OR_END, "the person's turn", BOOT_TIMEOUT_S)
            if len(self.record()["log"]) >= goal or self.eval(
                "!!document.querySelector('#app[data-screen=end]')"
            ):
                return
            step = self.eval(STEP_JS)
            if "wait" in step:
                time.sleep(0.15)
                continue
            self.click(step["x"], step["y"])
            self.wait_for(
                f"document.getElementById('app').getAttribute('data-renders') !== "
                f"{json.dumps(step['renders'])}",
                f"a drawing after clicking {step['what']} at {step['x']},{step['y']}",
            )
            errors = self.eval(
                "Array.from(document.querySelectorAll('.toast .error'), e => e.textContent)"
            )
            assert not errors, f"{self.name}: {errors}"
        raise AssertionError(f"{self.name}: {entries} log entries not reached in 200 steps")

    def new_game(self, game: str) -> None:
        """The new-game form of ``game`` from the box's chooser, seed 7, its default seats."""
        if self.eval("!!document.querySelector('#app[data-screen=table]')"):
            if not self.eval("!!document.querySelector('[data-key=menu-new]')?.offsetParent"):
                self.click_on("[data-key=menu-more]", "true", "the More menu")
            self.click_on(
                "[data-key=menu-new]",
                "!!document.querySelector('#app[data-screen=setup]')",
                "the new-game form",
            )
        setup = f"!!document.querySelector('#app[data-game={game}][data-screen=setup]')"
        if not self.eval(setup):
            self.click_on(
                f"[data-action=game-choose][data-game={game}]", setup, f"the form of {game}"
            )
        self.click_on("input[data-action=seed]", "true", "the seed")
        self.type("7")
        self.wait_for(
            "document.querySelector('input[data-action=seed]').value === '7'", "the seed typed"
        )
        self.click_on(
            "[data-action=start]",
            "!!document.querySelector('#app[data-screen=table], #app[data-screen=handover]')",
            f"the first screen of {game}",
        )
        assert self.record()["log"] is not None


def run_smoke(page, url: str, stop_server) -> None:
    page.goto(url)
    page.wait_ready()
    for game in GAMES:
        page.new_game(game)
        page.play(DECISIONS[game])
        assert page.eval("document.getElementById('app').getAttribute('data-game')") == game
        if game == "pyramids":  # Caldera's log shows its entries whole: no box cutting one
            assert page.eval(LOG_WHOLE), f"{page.name}: Caldera's log cuts an entry"
    last = page.record()
    assert last["log"], "the last game has no move"

    page.reload()
    page.wait_ready()
    page.wait_for(
        "!!document.querySelector('#app[data-screen=table], #app[data-screen=handover]')",
        "the last game resumed",
    )
    assert page.record() == last, "the reload did not resume the last game where it was"
    page.wait_for(CONTROLLED, "the service worker in control", 60)

    stop_server()
    page.reload()
    page.wait_ready()
    assert page.eval(CONTROLLED), "offline, the service worker no longer controls the page"
    assert page.record() == last, "offline, the last game did not resume where it was"
    page.play(2)
    printed = page.log()
    assert printed == [], f"{page.name}: console errors or warnings: {printed}"
