"""Benchmark of the game screens in Chromium: how fast a human action is answered and whether
the bots' thinking ever freezes the page. Prints figures; asserts nothing.

It builds the site, serves it on localhost, opens it in Debian's Chromium (Playwright) and plays
whole games through the page (a person against bots), measuring inside the page:

* answer time of each human action: from the click event to the end of its handler (Python
  handles it, redraws the screen and the DOM is patched), and to the next painted frame;
* each bot decision's wall time, from the start of its thinking to its answer (the pace
  excluded), as the page's ``BotRunner`` records it;
* while bots play: the event loop's lateness, sampled by a 20 ms timer (how long a tap would
  wait), and the browser's long tasks (over 50 ms of uninterrupted main-thread work).

Run ``python tools/bench_ui.py [--games N] [--bot strong] [--width 360 --height 740]``;
``--game caledea [--epic]`` plays Caledea instead of Caldera Park (the person chooses units, a
destination and confirms, ends turns, pans the board now and then, and answers the fights'
questions); ``--game pyramids`` plays Caldera (the person chooses caps and where they go, quiet
moves and confirmed eruptions, and passes when nothing can move).
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import json
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tools.build_site import build  # noqa: E402
from tools.chromium import CHROMIUM_ARGS, find_chromium  # noqa: E402
from tools.serve import make_server, start_in_thread  # noqa: E402

PROBE = """() => {
  window.__lag = [];
  window.__long = [];
  const since = performance.now();
  const tick = () => {
    const t = performance.now();
    setTimeout(() => {
      const bot = !!document.querySelector('section[data-human-turn=false]');
      window.__lag.push([performance.now() - t - 20, bot]);
      tick();
    }, 20);
  };
  tick();
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        if (e.startTime < since) continue;  // the boot's long tasks are not the game's
        const bot = !!document.querySelector('section[data-human-turn=false]');
        window.__long.push([e.duration, bot]);
      }
    }).observe({ type: 'longtask', buffered: true });
  } catch (e) {}
}"""

# click an element by selector and time it: [handler ms, to next painted frame ms]
TIMED_CLICK = """async (sel) => {
  const el = document.querySelector(sel);
  if (!el) return null;
  const t0 = performance.now();
  el.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, view: window }));
  const t1 = performance.now();
  await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
  return [t1 - t0, performance.now() - t0, document.getElementById('app').dataset.screen];
}"""

ENABLED = ":not([aria-disabled=true]):not([disabled])"


def _css_nth(page, selector: str, rng: random.Random) -> str | None:
    """A CSS selector for one random match (by its data-key)."""
    keys = page.locator(selector).evaluate_all("els => els.map(e => e.getAttribute('data-key'))")
    keys = [k for k in keys if k]
    if not keys:
        return None
    return f'[data-key="{rng.choice(keys)}"]'


def timed_click(page, rng, timings: dict, kind: str, selector: str) -> bool:
    """Click one match of ``selector`` at random, timed under ``kind`` in ``timings``; False
    when nothing matches."""
    sel = _css_nth(page, selector, rng)
    if sel is None:
        return False
    timings.setdefault(kind, []).append(page.evaluate(TIMED_CLICK, sel))
    return True


def handed_over(page, rng, timings: dict) -> bool:
    """On a hand-over screen: Ready pressed (timed), True; else False."""
    if page.locator("#app").get_attribute("data-screen") != "handover":
        return False
    timed_click(page, rng, timings, "hand-over", "[data-action=ready]")
    return True


def human_step(page, rng, timings: dict) -> None:
    def click(kind, selector):
        if not timed_click(page, rng, timings, kind, selector):
            raise RuntimeError(f"nothing offered for {selector}")

    if handed_over(page, rng, timings):
        return
    kind = page.locator("section[data-screen=table]").get_attribute("data-decision")
    if kind == "place":
        click("choose token", f"button[data-action=token]{ENABLED}")
        click("choose space", "g[data-action=space]")
        click("confirm", "[data-action=confirm]")
    elif kind == "pick":
        if page.locator("button[data-action=action]").count():
            click("action token", f"button[data-action=action]{ENABLED}")
        click("terrain space", f"button[data-action=terrain]{ENABLED}")
    elif kind == "reveal":
        click("weather slot", "button[data-action=slot]")
    elif kind in ("weather", "start"):
        # Geyser Park's setup: first the starting token for the ring (a slot button)
        if kind == "weather" or page.locator("button[data-action=slot]").count():
            click("weather slot", "button[data-action=slot]")
        if page.locator("[data-action=confirm][disabled]").count():
            click("choose space", "g[data-action=space]")
        click("confirm", "[data-action=confirm]")


def caledea_step(page, rng, timings: dict) -> None:
    """One whole decision of the person in Caledea, chosen at random among what is offered."""
    click = functools.partial(timed_click, page, rng, timings)
    if handed_over(page, rng, timings):
        return
    kind = page.locator("section[data-screen=table]").get_attribute("data-decision")
    if kind == "capital":
        click("choose square", "rect[data-action=square]")
        click("confirm", f"[data-action=confirm]{ENABLED}")
    elif kind == "turn":
        if rng.random() < 0.15:
            click("pan the board", "[data-action=pan][data-dx]:not([hidden])")
        if rng.random() < 0.1 or not click("choose units", "rect.legal-source"):
            click("end turn", f"[data-action=end-turn]{ENABLED}")
            return
        if not click("choose destination", "rect.legal-dest"):
            click("end turn", f"[data-action=end-turn]{ENABLED}")
            return
        click("confirm", f"[data-action=confirm]{ENABLED}")
    else:  # ambush, pairing, withdrawal
        click(f"combat ({kind})", f"button[data-action=choose]{ENABLED}")


def pyramids_step(page, rng, timings: dict) -> None:
    """One decision of the person in Caldera: a cap to move, then where (a quiet move goes on
    with the turn; an eruption is confirmed), or a pass when nothing can move."""
    click = functools.partial(timed_click, page, rng, timings)
    if handed_over(page, rng, timings):
        return
    if click("pass", f"[data-action=pass]{ENABLED}"):
        return
    board = "svg.pyr-board g"
    if page.locator(f"{board}.chosen").count() == 0:
        click("choose cap", f"{board}.can-choose[data-action=sq]")
    if click("choose eruption", f"{board}.dest.erupt[data-action=sq]"):
        click("confirm", f"[data-action=confirm]{ENABLED}")
    elif not click("quiet move", f"{board}.dest.quiet[data-action=sq]"):
        page.keyboard.press("Escape")  # a cap with nowhere to go: choose another


def start_game(page, game: str, seats, rng, variant="base", epic=False) -> None:
    """Fill ``game``'s new-game form (the shared seat form: how many seats, each seat's kind, a
    seed; Caldera Park's variant, Caledea's board) and start."""
    if game == "park":
        page.locator(f"input[data-action=variant][value={variant}]").check()
    else:
        page.locator(f"[data-action=game-choose][data-game={game}]").click()
        page.wait_for_selector(f"#app[data-game={game}] section[data-screen=setup]")
    count = page.locator(f"input[data-action=seats][value='{len(seats)}']")
    if count.count():
        count.check()
    for i, kind in enumerate(seats):
        page.locator(f"select[data-action=kind][data-seat='{i}']").select_option(kind)
    if game == "caledea" and page.locator("input[data-action=epic]").is_checked() != epic:
        page.locator("input[data-action=epic]").click()
    page.locator("input[data-action=seed]").fill(str(rng.randrange(10**6)))
    page.locator("[data-action=start]").click()


def pct(values, p):
    if not values:
        return float("nan")
    values = sorted(values)
    k = min(len(values) - 1, max(0, round(p / 100 * (len(values) - 1))))
    return values[k]


def play_game(page, variant, seats, rng, fast: bool, game: str = "park", epic=False) -> dict:
    start_game(page, game, seats, rng, variant, epic)
    step = {"caledea": caledea_step, "pyramids": pyramids_step}.get(game, human_step)
    page.wait_for_selector("#app[data-screen=table], #app[data-screen=handover]")
    if fast and page.locator("[data-action=speed]").count():
        page.locator("[data-action=speed]").click()
    timings: dict = {}
    t0 = time.perf_counter()
    while True:
        page.wait_for_selector(
            "section[data-screen=table][data-human-turn=true], #app[data-screen=handover],"
            " #app[data-screen=end]",
            timeout=600_000,
        )
        if page.locator("#app").get_attribute("data-screen") == "end":
            break
        step(page, rng, timings)
    return {"timings": timings, "seconds": time.perf_counter() - t0}


@contextlib.contextmanager
def browser_on_built_site(tool: str):
    """(Chromium browser, URL of a fresh build of the site served on localhost); both stop
    after the ``with``. Exits with a clear message (naming ``tool``) without Chromium."""
    from playwright.sync_api import sync_playwright

    chromium = find_chromium()
    if not chromium:
        raise SystemExit(f"{tool}: no Chromium found (make test installs it)")

    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "dist"
        build(out)
        server = make_server(out, "127.0.0.1", 0, "/")
        start_in_thread(server)
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(
                    executable_path=chromium, args=CHROMIUM_ARGS, headless=True
                )
                try:
                    yield browser, f"http://127.0.0.1:{server.server_address[1]}/"
                finally:
                    browser.close()
        finally:
            server.shutdown()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=1)
    ap.add_argument("--bot", default="strong")
    ap.add_argument("--opponents", type=int, default=1, help="bots against the person (1-3)")
    ap.add_argument("--variant", default="base")
    ap.add_argument("--game", default="park", choices=("park", "caledea", "pyramids"))
    ap.add_argument("--epic", action="store_true", help="Caledea: the epic board (20 x 10)")
    ap.add_argument("--width", type=int, default=1280)
    ap.add_argument("--height", type=int, default=800)
    ap.add_argument("--normal-pace", action="store_true", help="do not press 'Faster bots'")
    args = ap.parse_args(argv)

    with browser_on_built_site("bench_ui") as (browser, url):
        context = browser.new_context(viewport={"width": args.width, "height": args.height})
        page = context.new_page()
        t0 = time.perf_counter()
        page.goto(url)
        page.wait_for_selector("html[data-app-ready]", state="attached", timeout=180_000)
        boot = time.perf_counter() - t0
        page.evaluate(PROBE)
        rng = random.Random(1)
        seats = ["human"] + [args.bot] * args.opponents
        all_timings: dict = {}
        seconds = 0.0
        for _ in range(args.games):
            result = play_game(
                page, args.variant, seats, rng, not args.normal_pace, args.game, args.epic
            )
            seconds += result["seconds"]
            for k, v in result["timings"].items():
                all_timings.setdefault(k, []).extend(v)
            page.locator("[data-key=menu-new]").click()
        bots = json.loads(page.evaluate("CalderaGame('bots')"))
        lag = page.evaluate("window.__lag")
        long_tasks = page.evaluate("window.__long")

    what = {
        "caledea": f"Caledea UI benchmark: {args.games} game(s), "
        f"{'epic' if args.epic else 'standard'} board",
        "pyramids": f"Caldera UI benchmark: {args.games} game(s)",
    }.get(args.game, f"Caldera Park UI benchmark: {args.games} game(s), {args.variant}")
    print(
        f"{what}, person vs "
        f"{args.opponents} x {args.bot} bot, viewport {args.width}x{args.height}, "
        f"{'normal' if args.normal_pace else 'fast'} bot pace"
    )
    print(
        f"boot to first screen: {boot:.1f} s; games played in {seconds:.1f} s; "
        f"machine load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores"
    )
    print()
    print("human actions (ms)        n   handler med/p95/max      to next frame med/p95/max")
    every_handler, every_frame = [], []
    for kind, values in sorted(all_timings.items()):
        handler = [v[0] for v in values if v]
        frame = [v[1] for v in values if v]
        every_handler += handler
        every_frame += frame
        print(
            f"  {kind:<20} {len(values):4d}   {statistics.median(handler):6.1f} "
            f"{pct(handler, 95):6.1f} {max(handler):6.1f}      {statistics.median(frame):6.1f} "
            f"{pct(frame, 95):6.1f} {max(frame):6.1f}"
        )
    print(
        f"  {'all':<20} {len(every_handler):4d}   {statistics.median(every_handler):6.1f} "
        f"{pct(every_handler, 95):6.1f} {max(every_handler):6.1f}      "
        f"{statistics.median(every_frame):6.1f} {pct(every_frame, 95):6.1f} "
        f"{max(every_frame):6.1f}"
    )
    slow = sorted(
        ((v[1], kind, v[2]) for kind, values in all_timings.items() for v in values if v),
        reverse=True,
    )[:3]
    print("  slowest: " + "; ".join(f"{ms:.0f} ms {kind} (then {scr})" for ms, kind, scr in slow))
    over = sum(1 for v in every_frame if v > 100)
    print(f"  answered within 100 ms (to next frame): {len(every_frame) - over}/{len(every_frame)}")
    if bots:
        print(
            f"bot decisions (wall time, thinking in slices, pace excluded): n={len(bots)} "
            f"median {statistics.median(bots):.0f} ms, p95 {pct(bots, 95):.0f} ms, "
            f"max {max(bots):.0f} ms; within 1 s: {sum(1 for v in bots if v <= 1000)}/{len(bots)}"
        )
    print()
    bot_lag = [v for v, bot in lag if bot]
    human_lag = [v for v, bot in lag if not bot]
    print("event-loop lateness of a 20 ms timer (ms)   n     med    p95    p99    max")
    for name, values in (("while bots play", bot_lag), ("while the person plays", human_lag)):
        if values:
            print(
                f"  {name:<40} {len(values):5d} {statistics.median(values):6.1f} "
                f"{pct(values, 95):6.1f} {pct(values, 99):6.1f} {max(values):6.1f}"
            )
    bot_long = [d for d, bot in long_tasks if bot]
    print(
        f"long tasks (>50 ms) while bots play: {len(bot_long)}, longest "
        f"{max(bot_long) if bot_long else 0:.0f} ms; in the whole run: {len(long_tasks)}, longest "
        f"{max((d for d, _ in long_tasks), default=0):.0f} ms"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
