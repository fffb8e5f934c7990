"""Startup in three browser engines, in one run: Chromium, Firefox and WebKit.

    python tools/bench_engines.py [--warm 4] [--engines chromium,firefox,webkit] [--json FILE]

Builds the site into a temporary directory, serves it on localhost (tools/serve.py, gzip as a
static host), and for each engine (tools/engines.py: Debian's Chromium through Playwright,
Firefox ESR over WebDriver BiDi, WebKitGTK's MiniBrowser through WebKitWebDriver on Xvfb; never
a downloaded browser):

- cold: a new browser on an empty profile, first visit, until ready (``data-app-ready``);
- warm: the same page reloaded, served by the app's service worker from its cache. The first
  reload is the first returning visit, on which the app makes its Python snapshot in the
  background (static/js/pyodide-loader.mjs); it is waited for and reported apart, and the
  ``--warm`` reloads after it are the warm starts (median, min and max);
- reopened: ``--warm`` more starts, each after the page was left for a blank one for
  REOPEN_PAUSE_S (a player who closed the app and opens it again, rather than a reload at
  once). Both are compared with Chromium's.

Times are read in the page: the navigation starts at 0; the phases are the performance marks
the app sets (pyodide-loader.mjs, pyapp/ui/main.py): before Python (the page, the PyScript core
and the loader), the runtime's start (restored from the snapshot or not: ``start`` says which),
the app's package, and the first screen drawn (imports and drawing). Goals checked: WebKit's warm
start within 2x Chromium's, Firefox's within 1.5x (medians of this run). A benchmark that prints
figures, not a test: it exits 0 whatever the figures, 1 only if a page does not boot.
``--shell`` measures the same for the site whose Python start only says ready (the runtime,
PyScript, the snapshot and the page, without the game's imports and first drawing): what the
stack costs each engine before any game is drawn; ``--runtime`` the same for the runtime alone
(the site's Pyodide restored from a snapshot of its fresh interpreter, without PyScript, the page
or the app): the least a warm start on this runtime costs each engine.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tools.bench_startup import make_runtime_page, make_shell_page
from tools.build_site import build
from tools.engines import (
    ChromiumPage,
    FirefoxPage,
    WebKitPage,
    engines_missing,
    find_firefox,
    xvfb,
)
from tools.serve import Counter, make_server, start_in_thread

GOALS = {"webkit": 2.0, "firefox": 1.5}  # warm start / Chromium's
PREFIX = "/caldera/park/"
# a reopened start: the app left for a blank page this long first. WebKit frees the wasm memory
# of the page before only when it collects garbage: a reload at once waited 0.4-1.3 s for that
# (on 2026-11-29, in the new page's memory allocation), after 3 s it had been done already
REOPEN_PAUSE_S = 3.0
TIMINGS = """(() => {
  const at = (name) => { const m = performance.getEntriesByName('caldera:' + name, 'mark');
                         return m.length ? m[m.length - 1].startTime : null; };
  const html = document.documentElement;
  return { python: at('python'), started: at('python-started'), app: at('app'),
           drawn: at('drawn'), start: html.getAttribute('data-python-start'),
           read: html.getAttribute('data-python-read'),
           app_kind: html.getAttribute('data-python-app') };
})()"""
SW_READY = "navigator.serviceWorker.ready.then((r) => !!r.active)"
MADE = "document.documentElement.getAttribute('data-python-made')"


def visit(page, how: str) -> dict:
    """``how``: "first" (a first visit), "reload" (the page reloaded at once) or "reopen" (a
    blank page for REOPEN_PAUSE_S first)."""
    if how == "first":
        page.goto(URL)
    elif how == "reload":
        page.reload()
    else:
        page.reopen(URL, REOPEN_PAUSE_S)
    page.wait_ready()
    return page.eval(TIMINGS)


def run_engine(name: str, make_page, warm: int) -> dict:
    t0 = time.monotonic()
    page = make_page()
    try:
        launch_s = time.monotonic() - t0
        cold = visit(page, "first")
        page.wait_for(SW_READY, "the service worker", 120)
        first_warm = visit(page, "reload")
        made = page.wait_for(MADE, "the Python snapshot made (or not)", 240)
        warms = [visit(page, "reload") for _ in range(warm)]
        reopened = [visit(page, "reopen") for _ in range(warm)]
        errors = page.log()
    finally:
        page.close()
    return {
        "engine": name,
        "version": getattr(page, "version", ""),
        "launch_s": round(launch_s, 2),
        "cold": cold,
        "first_warm": first_warm,
        "snapshot_made": made,
        "warm": warms,
        "reopened": reopened,
        "console": errors,
    }


def median(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def phases(t: dict) -> dict:
    def span(a, b):
        return None if t.get(a) is None or t.get(b) is None else t[b] - t[a]

    return {
        "before_python": t.get("python"),
        "runtime": span("python", "started"),
        "app_package": span("started", "app"),
        "first_screen": span("app", "drawn"),
        "ready": t.get("drawn"),
    }


def summary(visits: list[dict]) -> tuple[list, dict]:
    """The ready times of ``visits`` and the median of each phase."""
    ready = [v["drawn"] for v in visits]
    return ready, {k: median([phases(v)[k] for v in visits]) for k in phases(visits[0])}


def fmt(ms) -> str:
    return "-" if ms is None else f"{ms / 1000:.2f}"


def report(results: list[dict]) -> dict:
    rows = {}
    print()
    print("times in s from navigation; warm: median (min-max) of the reloads after the first")
    print(
        f"{'engine':<9} {'cold':>6} {'1st warm':>9} {'warm':>17}  "
        f"{'before Py':>9} {'runtime':>8} {'app pkg':>8} {'drawing':>8}  start"
    )
    for r in results:
        warm_ready, ph = summary(r["warm"])
        # how each warm start began, and where a restored one read its snapshot (worker, page)
        starts = sorted({"/".join(filter(None, (w["start"], w.get("read")))) for w in r["warm"]})
        rows[r["engine"]] = {"warm": median(warm_ready), "cold": r["cold"]["drawn"], **ph}
        print(
            f"{r['engine']:<9} {fmt(r['cold']['drawn']):>6} {fmt(r['first_warm']['drawn']):>9} "
            f"{fmt(median(warm_ready)):>6} ({fmt(min(warm_ready))}-{fmt(max(warm_ready))})  "
            f"{fmt(ph['before_python']):>9} {fmt(ph['runtime']):>8} {fmt(ph['app_package']):>8} "
            f"{fmt(ph['first_screen']):>8}  {','.join(starts)} (snapshot: {r['snapshot_made']})"
        )
        cold_ph = phases(r["cold"])
        print(
            f"{'':<9} cold phases: before Python {fmt(cold_ph['before_python'])}, runtime "
            f"{fmt(cold_ph['runtime'])}, app package {fmt(cold_ph['app_package'])}, first "
            f"screen {fmt(cold_ph['first_screen'])}; {r['version']}"
        )
        if r["console"]:
            print(f"{'':<9} console: {r['console'][:3]}")
    print(f"reopened (a blank page for {REOPEN_PAUSE_S:g} s, then the app): median (min-max)")
    for r in results:
        ready, ph = summary(r["reopened"])
        rows[r["engine"]]["reopened"] = median(ready)
        print(
            f"{r['engine']:<9} {fmt(median(ready)):>6} ({fmt(min(ready))}-{fmt(max(ready))})  "
            f"before Python {fmt(ph['before_python'])}, runtime {fmt(ph['runtime'])}, app"
            f" package {fmt(ph['app_package'])}, drawing {fmt(ph['first_screen'])}"
        )
    for how, label in (("warm", "reloaded"), ("reopened", "reopened")):
        base = rows.get("chromium", {}).get(how)
        for engine, goal in GOALS.items():
            if base and engine in rows and rows[engine][how]:
                ratio = rows[engine][how] / base
                verdict = "ok" if ratio <= goal else "MISSED"
                print(f"{engine} / chromium, {label}: {ratio:.2f} (goal <= {goal}): {verdict}")
                rows[engine]["ratio" if how == "warm" else "ratio_reopened"] = round(ratio, 2)
    return rows


def main(argv=None) -> int:
    global URL
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--warm", type=int, default=4, help="warm reloads counted per engine")
    parser.add_argument("--engines", default="chromium,firefox,webkit")
    parser.add_argument("--json", type=Path, help="write the raw figures there")
    parser.add_argument("--site", type=Path, help="serve this built site instead (a baseline)")
    floor = parser.add_mutually_exclusive_group()
    floor.add_argument(
        "--shell",
        action="store_true",
        help="measure the shell instead: the site whose Python start only says ready (the"
        " runtime, PyScript, the snapshot and the page, without the game's first drawing;"
        " tools/bench_startup.py's make_shell_page)",
    )
    floor.add_argument(
        "--runtime",
        action="store_true",
        help="measure the runtime alone instead: the site's Pyodide restored from a snapshot of"
        " its fresh interpreter, no PyScript, no page, no app (tools/bench_startup.py's"
        " make_runtime_page): the least a warm start on this runtime costs each engine",
    )
    args = parser.parse_args(argv)
    missing = engines_missing()
    with tempfile.TemporaryDirectory(prefix="bench-engines-") as tmp:
        site = args.site or Path(tmp) / "dist"
        if not args.site:
            build(site)
        if args.shell:
            make_shell_page(site, Path(tmp) / "shell")
            site = Path(tmp) / "shell"
            print("the shell: the site whose Python start only says ready", flush=True)
        if args.runtime:
            make_runtime_page(site, Path(tmp) / "runtime")
            site = Path(tmp) / "runtime"
            print("the runtime alone: Pyodide restored from a snapshot", flush=True)
        server = make_server(site, prefix=PREFIX, counter=Counter())
        start_in_thread(server)
        URL = "http://{}:{}{}".format(*server.server_address[:2], PREFIX)
        results = []
        with xvfb() if "webkit" not in missing else contextlib.nullcontext() as display:
            makers = {
                "chromium": lambda: ChromiumPage(tempfile.mkdtemp(dir=tmp, prefix="chromium-")),
                "firefox": lambda: FirefoxPage(find_firefox()),
                "webkit": lambda: WebKitPage(display),
            }
            for name in args.engines.split(","):
                if name in missing:
                    print(f"{name}: skipped ({missing[name]})")
                    continue
                print(f"{name}: running", flush=True)
                try:
                    results.append(run_engine(name, makers[name], args.warm))
                except Exception as exc:  # report and go on: a benchmark, not a test
                    print(f"{name}: failed: {type(exc).__name__}: {exc}")
                    return 1
        server.shutdown()
        server.server_close()
    rows = report(results)
    if args.json:
        args.json.write_text(json.dumps({"results": results, "summary": rows}, indent=1))
    return 0


URL = ""

if __name__ == "__main__":
    sys.exit(main())
