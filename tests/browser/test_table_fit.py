"""The table as a board-game app, measured by element geometry at a laptop, a phone in portrait
and a phone in landscape: during every kind of decision the prompt, the park, the pieces to
choose from and Confirm / Take back are inside the viewport with no scrolling, the prompt is
not under the header, and nothing moves while a person chooses. Screenshots of each decision
go to test-artifacts/ (looked at by a person). A second test taps everything visible, at
random, through a whole game: the console stays clean."""

from __future__ import annotations

import random

import pytest
from fit_driver import PHONE_390, VIEWPORTS, check_decision, choose_steadily
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
    "log-show",  # a past position, over the table (tests/browser/test_log_board_page.py)
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
