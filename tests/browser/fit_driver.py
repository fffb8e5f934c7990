"""Geometry checks of the table shared by the layout tests (test_table_fit, test_guide_fit):
the viewports, what each kind of decision needs in view, ``check_decision`` (all of it inside
the viewport, nothing scrolled) and ``choose_steadily`` (take the decision, nothing moves)."""

from __future__ import annotations

import random

from game_driver import ENABLED, play_human_step

PHONE_390 = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 3,
    "is_mobile": True,
    "has_touch": True,
}
VIEWPORTS = {
    "1366x768": {"viewport": {"width": 1366, "height": 768}},
    "360x740": {
        "viewport": {"width": 360, "height": 740},
        "device_scale_factor": 2,
        "is_mobile": True,
        "has_touch": True,
    },
    "740x360": {
        "viewport": {"width": 740, "height": 360},
        "device_scale_factor": 2,
        "is_mobile": True,
        "has_touch": True,
    },
}

# what each kind of decision needs in view (besides the prompt and the park)
PIECES = {
    "place": [f"button[data-action=token]{ENABLED}", "g[data-action=space]"],
    "pick": [f"button[data-action=terrain]{ENABLED}", f"button[data-action=action]{ENABLED}"],
    "weather": ["button[data-action=slot]"],
    "reveal": ["button[data-action=slot]"],
    "start": ["g[data-action=space]"],
}
WITH_CONFIRM = ("place", "weather", "start")

# the boxes of everything in ``sels`` that is not wholly inside the viewport (with the header's
# bottom edge as the top), and the page's and the table's scroll offsets
_OUTSIDE = """(sels) => {
  const head = document.querySelector('.app-header').getBoundingClientRect().bottom;
  const W = window.innerWidth, H = window.innerHeight, out = [];
  for (const sel of sels) {
    for (const el of document.querySelectorAll(sel)) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue;
      if (r.top < head - 0.5 || r.left < -0.5 || r.bottom > H + 0.5 || r.right > W + 0.5)
        out.push([sel, Math.round(r.left), Math.round(r.top), Math.round(r.right),
                  Math.round(r.bottom)]);
    }
  }
  const table = document.querySelector('section.screen-table');
  return {out, pageScroll: [window.scrollX, window.scrollY],
          tableScroll: table ? table.scrollTop : 0,
          pageHigh: document.documentElement.scrollHeight > H + 0.5};
}"""

BOXES = """(sels) => sels.map(sel => {
  const el = document.querySelector(sel);
  if (!el) return null;
  const r = el.getBoundingClientRect();
  return [Math.round(r.left), Math.round(r.top), Math.round(r.width), Math.round(r.height)];
})"""

STEADY = [".park-box", "svg.park", ".board-panel", ".status-bar", ".confirm-bar"]


def check_decision(page, kind: str) -> None:
    needed = ["#prompt", ".park-box", *PIECES[kind]]
    if kind in WITH_CONFIRM:
        needed += ["[data-action=confirm]", "[data-action=undo]"]
    geo = page.evaluate(_OUTSIDE, needed)
    assert geo["out"] == [], f"{kind}: outside the viewport: {geo['out']}"
    assert geo["pageScroll"] == [0, 0] and geo["tableScroll"] == 0
    assert not geo["pageHigh"], "the page scrolls"


def choose_steadily(page, kind: str, rng: random.Random) -> None:
    """Take the decision with taps/clicks, checking after each that nothing moved."""
    before = page.evaluate(BOXES, STEADY)

    def same():
        assert page.evaluate(BOXES, STEADY) == before, f"{kind}: the table moved"

    def tap(sel):
        items = page.locator(sel)
        items.nth(rng.randrange(items.count())).click()
        same()

    if kind == "place":
        # a disabled token first (a notice appears: it must not push anything)
        off = page.locator("button[data-action=token][aria-disabled=true]")
        if off.count():
            off.first.click(force=True)
            same()
        tap(f"button[data-action=token]{ENABLED}")
        tap("g[data-action=space]")
        page.locator("[data-action=confirm]").click()
    elif kind == "pick" and page.locator(f"button[data-action=action]{ENABLED}").count():
        # the marmot holder's action token first: then the terrain spaces it allows
        tap(f"button[data-action=action]{ENABLED}")
        check_decision(page, kind)
        terrains = page.locator(f"button[data-action=terrain]{ENABLED}")
        terrains.nth(rng.randrange(terrains.count())).click()  # played: the next decision
    else:
        play_human_step(page, rng)
