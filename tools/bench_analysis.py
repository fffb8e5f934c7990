"""Benchmark of the analysis of a whole 2-player game of each game of the box in Chromium
(issues 16, 24): the time from "Analyse" to the last decision analysed, in the page (slices
between frames), and how late a 20 ms timer fires meanwhile (how long a tap would wait). Prints
figures; asserts nothing.

For each game (Caldera Park, Caldera, Caledea), a finished 2-player game (two people's seats, so
every decision of both is analysed; seeded greedy play) is put in the app's storage, the page
opens on its scoring pad, and the analysis is run through its button. The same analysis on this
machine's CPython is timed beside it.

Run ``python tools/bench_analysis.py [--seed N] [--games park pyramids caledea]``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tools.bench_ui import browser_on_built_site  # noqa: E402

LAG_PROBE = """() => {
  window.__lag = [];
  const tick = () => {
    const t = performance.now();
    setTimeout(() => { window.__lag.push(performance.now() - t - 20); tick(); }, 20);
  };
  tick();
}"""


class _Storage:
    def __init__(self):
        self.items = {}

    @property
    def length(self):
        return len(self.items)

    def key(self, i):
        keys = list(self.items)
        return keys[i] if 0 <= i < len(keys) else None

    def getItem(self, key):
        return self.items.get(key)

    def setItem(self, key, value):
        self.items[key] = str(value)

    def removeItem(self, key):
        self.items.pop(key, None)


GAMES = ("park", "pyramids", "caledea")


def finished_game(game_id: str, seed: int) -> dict:
    """A whole 2-player game of ``game_id``, seeded greedy play."""
    from pyapp import games
    from pyapp.cli import _bots_for, play_game

    game = games.get(game_id)
    options = {"players": 2, "seed": seed, "names": ["Ann", "Bob"]}
    return play_game(options, _bots_for(["greedy"], 2, seed, game), game)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--games", nargs="+", choices=GAMES, default=list(GAMES))
    args = ap.parse_args(argv)

    from pyapp import games
    from pyapp.core.judge import Analysis
    from pyapp.ui.saves import SaveStore

    rows = []
    with browser_on_built_site("bench_analysis") as (browser, url):
        page = browser.new_context(viewport={"width": 1366, "height": 768}).new_page()
        page.goto(url)
        page.wait_for_selector("html[data-app-ready]", state="attached", timeout=180_000)
        for game_id in args.games:
            game = games.get(game_id)
            state = finished_game(game_id, args.seed)
            storage = _Storage()
            # two people's seats: every decision of both players is analysed
            session = {"seats": ["human", "human"], "fast": True}
            SaveStore(storage).save(state, session=session, game=game)
            t = time.perf_counter()
            analysis = Analysis.of_state(game, state)
            analysis.run()
            cpython_s = time.perf_counter() - t

            page.evaluate("() => localStorage.clear()")
            page.evaluate(
                "items => { for (const [k, v] of Object.entries(items)) "
                "localStorage.setItem(k, v); }",
                storage.items,
            )
            page.reload()
            page.wait_for_selector(f"#app[data-game={game_id}][data-screen=end]", timeout=180_000)
            page.evaluate(LAG_PROBE)
            t = time.perf_counter()
            page.locator("[data-action=learn-analyse]").click()
            page.wait_for_selector(
                "section[data-screen=analysis][data-running=false]", timeout=1_800_000
            )
            browser_s = time.perf_counter() - t
            done = page.locator("section[data-screen=analysis]").get_attribute("data-done")
            lag = page.evaluate("window.__lag")
            rows.append(
                (game_id, len(state["log"]), analysis.total, done, browser_s, cpython_s, lag)
            )

    print(f"analysis of a whole 2-player game of each game (seed {args.seed}, both seats people's)")
    for game_id, actions, total, done, browser_s, cpython_s, lag in rows:
        print(f"{game_id}: {actions} actions, {total} decisions analysed ({done} in the page)")
        print(f"  Chromium (Pyodide, in slices): {browser_s:.1f} s")
        print(f"  CPython {sys.version.split()[0]} (for comparison): {cpython_s:.1f} s")
        if lag:
            print(
                f"  20 ms timer lateness while analysing: median "
                f"{statistics.median(lag):.0f} ms, max {max(lag):.0f} ms ({len(lag)} samples)"
            )
    print(f"machine load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    return 0


if __name__ == "__main__":
    sys.exit(main())
