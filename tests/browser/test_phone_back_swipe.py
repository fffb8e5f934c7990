"""On a phone (390x844, touch): the Back button closes each overlay (rules, saved games, a park
viewed full size) and the app stays; closing an overlay by its own button leaves no history
entry behind; a sideways swipe on the park shows the next park and back, a vertical one never."""

from __future__ import annotations

import time

from game_driver import HUMAN_TURN, header_entry, new_game, screenshot
from sitetest import PageLog, open_app

PHONE = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
}

# (what opens it: a header entry's action, behind More on a phone, or a selector; the overlay,
# its own close button)
OVERLAYS = (
    ("rules", "[data-overlay=rules]", "[data-key=rules-close]"),
    ("saves", "[data-overlay=saves]", "[data-key=saves-close]"),
    ("[data-key=tab-1]", "[data-overlay=park-1]", "[data-key=park-back]"),
)


def _open(page, opener: str) -> None:
    if opener.startswith("["):
        page.locator(opener).tap()
    else:
        header_entry(page, opener).tap()


def _phone_game(browser, site_url):
    context = browser.new_context(**PHONE)
    log = PageLog()
    page = open_app(context, site_url, log)
    new_game(page, seats=("human", "random", "random"), names=("Lin", "Sam", "Kit"), seed="9")
    page.wait_for_selector(HUMAN_TURN, timeout=60_000)
    return context, page, log


def _overlay_state(page):
    return page.evaluate("history.state && history.state.calderaOverlay")


def test_back_closes_each_overlay_and_the_app_stays(browser, site_url):
    context, page, log = _phone_game(browser, site_url)
    try:
        url = page.url
        length = page.evaluate("history.length")
        for opener, overlay, _close in OVERLAYS:
            _open(page, opener)
            page.wait_for_selector(overlay)
            assert _overlay_state(page), overlay
            if overlay == "[data-overlay=rules]":
                _rules_contents_and_pictures(page)
            page.go_back()
            page.wait_for_selector(overlay, state="detached")
            assert page.url == url
            assert page.locator("section[data-screen=table]").count() == 1
            assert page.locator("[data-key=tab-0][aria-pressed=true]").count() == 1
            assert _overlay_state(page) is None
        # closed by its own button: the entry is popped too (Back is not swallowed later)
        for opener, overlay, close in OVERLAYS:
            _open(page, opener)
            page.wait_for_selector(overlay)
            page.locator(close).tap()
            page.wait_for_selector(overlay, state="detached")
            page.wait_for_function("history.state === null || !history.state.calderaOverlay")
        # from one park to another while viewed: still one entry
        page.locator("[data-key=tab-1]").tap()
        page.wait_for_selector("[data-overlay=park-1]")
        page.locator("[data-key=tab-2]").tap()
        page.wait_for_selector("[data-overlay=park-2]")
        page.go_back()
        page.wait_for_selector("[data-overlay]", state="detached")
        page.wait_for_function("history.state === null")
        # no entry leaked: one entry ahead at most (the last one popped), and one more Back
        # leaves the app for the page it was opened from
        assert page.evaluate("history.length") <= length + 1
        assert not log.console_errors and not log.page_errors, log.console_errors
        page.go_back()
        page.wait_for_url("about:blank")
    finally:
        context.close()


def _rules_contents_and_pictures(page):
    """The rules reference: its contents lead to a section (focused, in view); the pictures
    of the tokens are drawn."""
    screenshot(page, "rules-top-390x844.png", full_page=False)
    assert page.locator(".rules-contents button").count() >= 8
    page.locator("[data-key=rules-toc-weather]").tap()
    page.wait_for_function(
        "document.activeElement && document.activeElement.id === 'rules-h-weather'"
    )
    top = page.evaluate("document.getElementById('rules-h-weather').getBoundingClientRect().top")
    assert 0 <= top < 844
    assert page.locator("#rules-weather figure svg use").count() == 11
    assert page.locator("#rules-setup figure svg use.sil").count() >= 6
    screenshot(page, "rules-weather-390x844.png", full_page=False)
    page.evaluate("document.getElementById('rules-h-setup').scrollIntoView()")
    screenshot(page, "rules-setup-390x844.png", full_page=False)


def _touch_drag(page, x0, y0, x1, y1, steps=8, ms=250, wall_ms=0):
    """A real touch drag (Chrome DevTools Protocol: pointer events of type touch) that lasts
    ``ms`` by the events' own times (each sent with its ``timestamp``), however slowly this
    driver and a busy machine deliver them; ``wall_ms`` more between the moves when sent."""
    cdp = page.context.new_cdp_session(page)
    t0 = time.time()

    def send(kind, points, k):
        at = t0 + ms / 1000 * k / steps
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points, "timestamp": at})

    send("touchStart", [{"x": x0, "y": y0}], 0)
    for k in range(1, steps + 1):
        x = x0 + (x1 - x0) * k / steps
        y = y0 + (y1 - y0) * k / steps
        if wall_ms:
            page.wait_for_timeout(wall_ms / steps)
        send("touchMove", [{"x": x, "y": y}], k)
    send("touchEnd", [], steps)
    cdp.detach()
    page.wait_for_timeout(300)


def _shown(page) -> str:
    return page.locator("[data-key^=tab-][aria-pressed=true]").get_attribute("data-key")


def test_swipe_between_parks_on_a_phone(browser, site_url):
    context, page, log = _phone_game(browser, site_url)
    try:
        box = page.locator(".park-box").bounding_box()
        cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        assert _shown(page) == "tab-0"
        # vertical drags (a scroll) never change the park
        _touch_drag(page, cx, cy + 60, cx + 10, cy - 80)
        _touch_drag(page, cx, cy - 60, cx - 10, cy + 80)
        assert _shown(page) == "tab-0"
        # a short sideways move is not a swipe either
        _touch_drag(page, cx, cy, cx - 20, cy)
        assert _shown(page) == "tab-0"
        # nor a slow one (a finger resting on the park, then sliding: longer than 900 ms)
        _touch_drag(page, cx + 120, cy, cx - 120, cy, ms=1500)
        assert _shown(page) == "tab-0"
        # swipe left: the next park; again: the one after; right: back. The first is a quick
        # swipe (250 ms) delivered as a busy machine may deliver it, over 1.5 s: its duration is
        # the touch's own, not the time the page took to handle it (static/js/game-dom.js)
        _touch_drag(page, cx + 120, cy, cx - 120, cy, wall_ms=1500)
        page.wait_for_selector("[data-key=tab-1][aria-pressed=true]")
        assert page.locator("[data-overlay=park-1]").count() == 1
        screenshot(page, "swipe-park-1-390x844.png", full_page=False)
        _touch_drag(page, cx + 120, cy, cx - 120, cy)
        page.wait_for_selector("[data-key=tab-2][aria-pressed=true]")
        _touch_drag(page, cx + 120, cy, cx - 120, cy)  # the last park: nothing further
        assert _shown(page) == "tab-2"
        _touch_drag(page, cx - 120, cy, cx + 120, cy)
        page.wait_for_selector("[data-key=tab-1][aria-pressed=true]")
        _touch_drag(page, cx - 120, cy, cx + 120, cy)
        page.wait_for_selector("[data-key=tab-0][aria-pressed=true]")
        assert page.locator("[data-overlay]").count() == 0
        page.wait_for_function("history.state === null")  # the viewed park's entry is gone
        # a swipe on the park never chose a space
        assert page.locator("g.space.is-pending").count() == 0
        assert not log.console_errors and not log.page_errors, log.console_errors
    finally:
        context.close()
