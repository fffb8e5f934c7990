"""The table as a board-game app, measured by element geometry at a laptop, a phone in portrait
and a phone in landscape: during every kind of decision the prompt, the park, the pieces to
choose from and Confirm / Take back are inside the viewport with no scrolling, the prompt is
not under the header, and nothing moves while a person chooses. Screenshots of each decision
go to test-artifacts/ (looked at by a person). A second test taps everything visible, at
random, through a whole game: the console stays clean."""

from __future__ import annotations

import random

import pytest
from game_driver import (
    ENABLED,
    HUMAN_TURN,
    new_game,
    play_human_step,
    screen,
    screenshot,
    wait_for_human_or_end,
)
from sitetest import PageLog, open_app

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

_BOXES = """(sels) => sels.map(sel => {
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
    before = page.evaluate(_BOXES, STEADY)

    def same():
        assert page.evaluate(_BOXES, STEADY) == before, f"{kind}: the table moved"

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


def play_decisions(page, size: str, want: set[str], prefix: str = "decision") -> set[str]:
    """Play the person's decisions, checking each fits and does not move, with a screenshot of
    the first of each kind, until every kind of ``want`` was seen (and a few more steps)."""
    rng = random.Random(3)
    seen: set[str] = set()
    steps = 0
    while steps < 60:
        shown = wait_for_human_or_end(page)
        if shown == "handover":
            play_human_step(page, rng)
            continue
        if shown == "end":
            break
        kind = page.locator(HUMAN_TURN).get_attribute("data-decision")
        check_decision(page, kind)
        if kind not in seen:
            seen.add(kind)
            screenshot(page, f"{prefix}-{kind}-{size}.png", full_page=False)
        choose_steadily(page, kind, rng)
        steps += 1
        if want <= seen and steps > 25:
            break
    return seen


@pytest.mark.parametrize("size", list(VIEWPORTS))
def test_every_decision_fits_the_viewport(browser, site_url, size):
    context = browser.new_context(**VIEWPORTS[size])
    log = PageLog()
    try:
        page = open_app(context, site_url, log)
        new_game(page, seats=("human", "random", "random"), names=("Lin", "Sam", "Kit"), seed="9")
        page.locator("[data-action=speed]").click()
        # setup weather, placements, marmot choices and the forecast all come in the first
        # rounds
        seen = play_decisions(page, size, {"place", "pick", "weather"})
        assert {"place", "pick", "weather"} <= seen, seen
        assert log.console_errors == [] and log.page_errors == []
    finally:
        context.close()


@pytest.mark.parametrize("size", ["1366x768", "360x740"])
def test_geyser_park_decisions_fit_the_viewport(browser, site_url, size):
    """Geyser Park's own decisions (the starting weather on the ring, turning a forecast token
    up), at a laptop and a phone size, with their screenshots."""
    context = browser.new_context(**VIEWPORTS[size])
    log = PageLog()
    try:
        page = open_app(context, site_url, log)
        new_game(page, variant="geyser", seats=("human", "random"), names=("Lin", "Sam"), seed="5")
        page.locator("[data-action=speed]").click()
        seen = play_decisions(page, size, {"start", "reveal", "place"}, prefix="geyser")
        assert {"start", "reveal", "place"} <= seen, seen
        assert log.console_errors == [] and log.page_errors == []
    finally:
        context.close()


# what leaves the table (another screen, a new game, another language, the slow pace), and the
# header's More (a menu of such entries): not tapped
_AWAY = [
    "menu-new",
    "menu-more",
    "saves",
    "rules",
    "lang",
    "game-choose",
    "rematch",
    "speed",
    "view",
]

# the centres of the visible elements of the app whose tap does not leave the table
_TAP_POINTS = """(away) => {
  const W = window.innerWidth, H = window.innerHeight, out = [];
  for (const el of document.querySelectorAll('#app *')) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    if (x < 0 || y < 0 || x >= W || y >= H) continue;
    const hit = document.elementFromPoint(x, y);
    const acting = hit && hit.closest('[data-action]');
    if (acting && away.includes(acting.getAttribute('data-action'))) continue;
    out.push([x, y]);
  }
  return out;
}"""


def test_tapping_anything_keeps_the_console_clean(browser, site_url):
    context = browser.new_context(**VIEWPORTS["360x740"])
    log = PageLog()
    try:
        page = open_app(context, site_url, log)
        new_game(page, seats=("human", "random"), names=("Lin", "Sam"), seed="11")
        page.locator("[data-action=speed]").click()
        rng = random.Random(8)
        taps = 0
        while wait_for_human_or_end(page) != "end":
            if screen(page) == "table":
                for _ in range(4):
                    points = page.evaluate(_TAP_POINTS, _AWAY)
                    x, y = rng.choice(points)
                    page.touchscreen.tap(x, y)
                    taps += 1
                undo = page.locator("[data-action=undo]:not([disabled]):visible")
                if undo.count():
                    undo.click()
                if wait_for_human_or_end(page) == "end":
                    break
            play_human_step(page, rng)
        assert taps > 50
        assert log.console_errors == [], log.console_errors[:3]
        assert log.page_errors == []
    finally:
        context.close()


def _animations_after_choosing(browser, site_url, reduced: bool) -> int:
    context = browser.new_context(
        viewport={"width": 1366, "height": 768}, reduced_motion="reduce" if reduced else None
    )
    try:
        page = open_app(context, site_url)
        new_game(page, seats=("human", "random"), names=("Lin", "Sam"), seed="9")
        page.locator("[data-action=speed]").click()
        rng = random.Random(1)
        while wait_for_human_or_end(page) == "table":
            if page.locator(HUMAN_TURN).get_attribute("data-decision") == "place":
                break
            play_human_step(page, rng)
        page.locator(f"button[data-action=token]{ENABLED}").first.click()
        page.locator("g[data-action=space]").first.click()
        # the chosen token travels from the display to its space (Web Animations)
        return page.evaluate(
            "document.getAnimations().filter(a => a.effect && a.effect.target"
            " && a.effect.target.closest('.fly')).length"
        )
    finally:
        context.close()


def test_the_chosen_token_travels_unless_motion_is_reduced(browser, site_url):
    assert _animations_after_choosing(browser, site_url, reduced=False) == 1
    assert _animations_after_choosing(browser, site_url, reduced=True) == 0


# everything that can be tapped: its box (a form field's label when it has one)
_TAP_TARGETS = """() => {
  const out = [];
  const sel = 'button, [data-action], summary, input, select, a[href]';
  for (const el of document.querySelectorAll('#app ' + sel.split(', ').join(', #app '))) {
    const target = (el.tagName === 'INPUT' && el.closest('label')) || el;
    const r = target.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    if (getComputedStyle(target).visibility === 'hidden') continue;
    if (r.width < 43.5 || r.height < 43.5)
      out.push([el.getAttribute('data-key') || el.tagName, Math.round(r.width),
                Math.round(r.height)]);
  }
  return out;
}"""


def test_tap_targets_are_44_px_on_a_touch_screen(browser, site_url):
    context = browser.new_context(**PHONE_390)
    try:
        page = open_app(context, site_url)
        assert page.evaluate(_TAP_TARGETS) == [], "new-game form"
        new_game(page, seats=("human", "random", "random"), names=("Lin", "Sam", "Kit"), seed="9")
        page.locator("[data-action=speed]").tap()
        rng = random.Random(2)
        seen = set()
        while len(seen) < 3 and wait_for_human_or_end(page) == "table":
            kind = page.locator(HUMAN_TURN).get_attribute("data-decision")
            if kind not in seen:
                seen.add(kind)
                assert page.evaluate(_TAP_TARGETS) == [], kind
            play_human_step(page, rng)
        assert {"place", "weather"} <= seen
    finally:
        context.close()
