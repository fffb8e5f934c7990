"""Benchmark of the saved-games list in Chromium with many saved games. Prints figures; asserts
nothing.

It builds the site, serves it on localhost, fills the page's localStorage with ``--games`` saved
games (made with the app's own ``SaveStore``: a few games of different lengths, each stored
under many ids and dates), reloads, and measures inside the page:

* opening the list: from the click on "Saved games" to the end of its handler (Python lists the
  entries, draws, the DOM is patched) and to the next painted frame (median of ``--repeat``
  openings, closing the list in between: the first one also checks every entry, the next ones
  only those whose text changed);
* while the open list sits idle for ``--idle`` seconds: the app's redraws (its ``data-renders``
  counter) and the browser's long tasks. The running game is one of bots (``--no-bots``: of
  people), whose moves behind the list used to redraw it at every step.

Run ``python tools/bench_saves.py [--games 500] [--repeat 5] [--idle 3]``.
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


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=500)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--idle", type=float, default=3.0)
    ap.add_argument("--no-bots", action="store_true", help="the running game is of people")
    args = ap.parse_args(argv)

    items = saved_games(args.games, bots=not args.no_bots)
    size = sum(len(k) + len(v) for k, v in items.items())
    with browser_on_built_site("bench_saves") as (browser, url):
        page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
        page.goto(url)
        page.wait_for_selector("html[data-app-ready]", state="attached", timeout=180_000)
        page.evaluate(
            "items => { for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); }",
            items,
        )
        page.reload()
        page.wait_for_selector("html[data-app-ready]", state="attached", timeout=180_000)
        page.evaluate(LONG_TASKS)
        opened, closed = [], []
        for _ in range(args.repeat):
            opened.append(page.evaluate(TIMED_CLICK, "[data-action=saves]"))
            listed = page.locator("li.save-item").count()
            closed.append(page.evaluate(TIMED_CLICK, "[data-action=saves-close]"))
        page.evaluate(TIMED_CLICK, "[data-action=saves]")
        before = int(page.locator("#app").get_attribute("data-renders"))
        page.evaluate("() => { window.__long = []; }")
        time.sleep(args.idle)
        after = int(page.locator("#app").get_attribute("data-renders"))
        idle_long = page.evaluate("window.__long")

    handler = [o[0] for o in opened]
    frame = [o[1] for o in opened]
    print(
        f"Caldera Park saved-games list: {args.games} saved games ({size / 1e6:.1f} M characters "
        f"of storage), {listed} listed; load average {os.getloadavg()[0]:.1f} on "
        f"{os.cpu_count()} cores"
    )
    print(
        f"  open the list (ms, {args.repeat} times): handler median "
        f"{statistics.median(handler):.0f}"
        f" max {max(handler):.0f}; to next frame median {statistics.median(frame):.0f}"
        f" max {max(frame):.0f}"
    )
    print(
        f"  for comparison, back to the game table: handler median "
        f"{statistics.median(c[0] for c in closed):.0f}, to next frame median "
        f"{statistics.median(c[1] for c in closed):.0f}"
    )
    print(
        f"  idle with the list open for {args.idle:.0f} s: {after - before} redraw(s), "
        f"{len(idle_long)} long task(s)"
        + (f", longest {max(idle_long):.0f} ms" if idle_long else "")
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
