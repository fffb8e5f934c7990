"""Benchmark of the saved-games list in Chromium with many saved games. Prints figures; asserts
nothing.

It builds the site, serves it on localhost, fills the page's localStorage with ``--games`` saved
games (made with the app's own ``SaveStore``: a few games of different lengths, each stored
under many ids and dates), reloads, and measures inside the page:

* the first opening of the list after a start (``--starts`` reloads), the click coming at once
  when the app is ready, and ``--pause`` seconds later: from the click on "Saved games" to the
  end of its handler (Python lists the entries, draws, the DOM is patched) and to the next
  painted frame. The entries are checked once per text, ahead of the click in idle slices
  after the start; a click before that work is done finishes it;
* later openings (``--repeat``, closing the list in between): only entries whose text changed
  are checked again;
* beside those wall-clock times, the page's main-thread CPU time for the opening (Chromium's
  ``TaskDuration`` in thread ticks), which a busy machine hardly changes;
* while the open list sits idle for ``--idle`` seconds: the app's redraws (its ``data-renders``
  counter) and the browser's long tasks. The running game is one of bots (``--no-bots``: of
  people), whose moves behind the list used to redraw it at every step.

Run ``python tools/bench_saves.py [--games 500] [--repeat 5] [--idle 3] [--starts 3]``.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from pyapp.park.game import is_over, legal_actions, new_game, play  # noqa: E402
from pyapp.ui.saves import CURRENT_KEY, GAME_PREFIX, SaveStore  # noqa: E402
from tools.bench_ui import TIMED_CLICK, browser_on_built_site  # noqa: E402

LONG_TASKS = """() => {
  window.__long = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__long.push(e.duration);
  }).observe({ type: 'longtask' });
}"""


class _Memory(dict):
    """Just enough of localStorage for ``SaveStore.save``."""

    length = property(len)

    def getItem(self, key):  # noqa: N802 - the Storage interface's names
        return self.get(key)

    def setItem(self, key, value):  # noqa: N802
        self[key] = value

    def removeItem(self, key):  # noqa: N802
        self.pop(key, None)


def saved_games(count: int, seed: int = 1, bots: bool = True) -> dict[str, str]:
    """localStorage items of ``count`` saved games (a few distinct games, many ids and dates);
    the first, the running one, is played by bots when ``bots``."""
    rng = random.Random(seed)
    memory = _Memory()
    store = SaveStore(memory, clock=lambda: 1_763_700_000_000)
    models = []
    for i in range(12):
        players = 2 + i % 3 if i else 2
        state = new_game(players=players, seed=i, variant=("base", "geyser")[i % 2])
        for _ in range(rng.randrange(0, 120) if i else 4):
            if is_over(state):
                break
            play(state, rng.choice(legal_actions(state)))
        seats = ["random"] * players if i == 0 and bots else ["human"] * players
        gid = store.save(state, session={"seats": seats, "fast": False})
        models.append(json.loads(memory[GAME_PREFIX + gid]))
    items = {}
    for n in range(count):
        entry = dict(models[n % len(models)])
        gid = f"bench{n:05d}"
        when = 1_763_700_000_000 - n * 3_600_000
        entry["id"] = gid
        entry["summary"] = {**entry["summary"], "created": when, "last_played": when}
        items[GAME_PREFIX + gid] = json.dumps(entry, separators=(",", ":"), ensure_ascii=False)
    items[CURRENT_KEY] = "bench00000"
    return items


def main_thread_ms(cdp) -> float:
    """CPU time the page's main thread has spent in tasks so far (thread ticks), in ms: unlike
    wall-clock times, it hardly depends on what else the machine's cores are doing."""
    metrics = cdp.send("Performance.getMetrics")["metrics"]
    return 1000 * next(m["value"] for m in metrics if m["name"] == "TaskDuration")


def timed_open(page, cdp) -> list:
    """[handler ms, to next frame ms, screen, the app's redraw ms, main-thread CPU ms] of a click
    on "Saved games"."""
    cpu = main_thread_ms(cdp)
    handler, frame, screen = page.evaluate(TIMED_CLICK, "[data-action=saves]")
    cpu = main_thread_ms(cdp) - cpu
    return [handler, frame, screen, float(page.evaluate("CalderaGame('render')")), cpu]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=500)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--idle", type=float, default=3.0)
    ap.add_argument("--starts", type=int, default=3, help="starts measured per case")
    ap.add_argument(
        "--pause", type=float, default=1.0, help="seconds after ready before the second case"
    )
    ap.add_argument("--no-bots", action="store_true", help="the running game is of people")
    args = ap.parse_args(argv)

    items = saved_games(args.games, bots=not args.no_bots)
    size = sum(len(k) + len(v) for k, v in items.items())
    firsts = {}  # the first opening after a start: at once, and after a pause
    with browser_on_built_site("bench_saves") as (browser, url):
        context = browser.new_context(viewport={"width": 1280, "height": 800})
        page = context.new_page()
        cdp = context.new_cdp_session(page)
        cdp.send("Performance.enable", {"timeDomain": "threadTicks"})
        page.goto(url)
        page.wait_for_selector("html[data-app-ready]", state="attached", timeout=180_000)
        page.evaluate(
            "items => { for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); }",
            items,
        )
        for pause in (0.0, args.pause):
            for _ in range(args.starts):
                page.reload()
                page.wait_for_selector("html[data-app-ready]", state="attached", timeout=180_000)
                time.sleep(pause)
                firsts.setdefault(pause, []).append(timed_open(page, cdp))
                page.evaluate(TIMED_CLICK, "[data-action=saves-close]")
        page.evaluate(LONG_TASKS)
        opened, closed = [], []
        for _ in range(args.repeat):
            opened.append(timed_open(page, cdp))
            listed = page.locator("li.save-item").count()
            closed.append(page.evaluate(TIMED_CLICK, "[data-action=saves-close]"))
        page.evaluate(TIMED_CLICK, "[data-action=saves]")
        before = int(page.locator("#app").get_attribute("data-renders"))
        page.evaluate("() => { window.__long = []; }")
        time.sleep(args.idle)
        after = int(page.locator("#app").get_attribute("data-renders"))
        idle_long = page.evaluate("window.__long")

    def figures(runs) -> str:
        handler = [o[0] for o in runs]
        frame = [o[1] for o in runs]
        text = (
            f"handler median {statistics.median(handler):.0f} max {max(handler):.0f}; "
            f"to next frame median {statistics.median(frame):.0f} max {max(frame):.0f}"
        )
        if len(runs[0]) > 3:  # the app's own redraw (Python's view and the DOM patch)
            redraw = [o[3] for o in runs]
            cpu = [o[4] for o in runs]
            text += (
                f"; of which the redraw median {statistics.median(redraw):.0f}"
                f"; main-thread CPU median {statistics.median(cpu):.0f} max {max(cpu):.0f}"
            )
        return text

    print(
        f"Caldera Park saved-games list: {args.games} saved games ({size / 1e6:.1f} M characters "
        f"of storage), {listed} listed; load average {os.getloadavg()[0]:.1f} on "
        f"{os.cpu_count()} cores"
    )
    for pause, runs in firsts.items():
        when = "at once" if not pause else f"{pause:.1f} s"
        print(
            f"  first opening after a start ({when} after ready, {len(runs)} starts, ms): "
            + figures(runs)
        )
    print(f"  later openings (ms, {args.repeat} times): " + figures(opened))
    print("  for comparison, back to the game table (ms): " + figures(closed))
    print(
        f"  idle with the list open for {args.idle:.0f} s: {after - before} redraw(s), "
        f"{len(idle_long)} long task(s)"
        + (f", longest {max(idle_long):.0f} ms" if idle_long else "")
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
