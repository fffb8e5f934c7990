"""Benchmark of the analysis of a whole 2-player Caldera Park game in Chromium (issue 16): the
time from "Analyse" to the last decision analysed, in the page (slices between frames), and how
late a 20 ms timer fires meanwhile (how long a tap would wait). Prints figures; asserts nothing.

A finished 2-player game (two people's seats, so every decision of both is analysed; seeded
greedy play) is put in the app's storage, the page opens on its scoring pad, and the analysis is
run through its button. The same analysis on this machine's CPython is timed for comparison.

Run ``python tools/bench_analysis.py [--seed N]``.
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


def finished_game(seed: int) -> dict:
    from pyapp.cli import _bots_for, play_game
    from pyapp.park.protocol import GAME

    options = {"players": 2, "seed": seed, "names": ["Ann", "Bob"]}
    return play_game(options, _bots_for(["greedy"], 2, seed, GAME), GAME)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, default=3)
    args = ap.parse_args(argv)

    from pyapp.park.analysis import Analysis
    from pyapp.ui.saves import SaveStore

    state = finished_game(args.seed)
    storage = _Storage()
    SaveStore(storage).save(state, session={"seats": ["human", "human"], "fast": True})
    t = time.perf_counter()
    analysis = Analysis.of_state(state)
    analysis.run()
    cpython_s = time.perf_counter() - t

    with browser_on_built_site("bench_analysis") as (browser, url):
        page = browser.new_context(viewport={"width": 1366, "height": 768}).new_page()
        page.goto(url)
        page.wait_for_selector("html[data-app-ready]", state="attached", timeout=180_000)
        page.evaluate(
            "items => { for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); }",
            storage.items,
        )
        page.reload()
        page.wait_for_selector("#app[data-screen=end]", timeout=180_000)
        page.evaluate(LAG_PROBE)
        t = time.perf_counter()
        page.locator("[data-action=learn-analyse]").click()
        page.wait_for_selector(
            "section[data-screen=analysis][data-running=false]", timeout=1_800_000
        )
        browser_s = time.perf_counter() - t
        done = page.locator("section[data-screen=analysis]").get_attribute("data-done")
        lag = page.evaluate("window.__lag")

    print(
        f"analysis of a whole 2-player game (seed {args.seed}, {len(state['log'])} actions, "
        f"{analysis.total} decisions analysed, {done} in the page)"
    )
    print(f"  Chromium (Pyodide, in slices): {browser_s:.1f} s")
    print(f"  CPython {sys.version.split()[0]} (for comparison): {cpython_s:.1f} s")
    if lag:
        print(
            f"  20 ms timer lateness while analysing: median {statistics.median(lag):.0f} ms, "
            f"max {max(lag):.0f} ms ({len(lag)} samples)"
        )
    print(f"  machine load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    return 0


if __name__ == "__main__":
    sys.exit(main())
