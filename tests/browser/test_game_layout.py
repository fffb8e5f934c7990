"""The table at phone and desktop sizes: screenshots as test artefacts (test-artifacts/), no
sideways scrolling at 360 px, and touch input."""

from __future__ import annotations

import random

from game_driver import (
    HUMAN_TURN,
    new_game,
    no_sideways_scroll,
    play_steps,
    screenshot,
)
from sitetest import open_app


def _table_mid_game(page, steps=8):
    new_game(page, seats=("human", "random", "random"), names=("Lin", "Sam", "Kit"), seed="9")
    page.locator("[data-action=speed]").click()
    play_steps(page, random.Random(4), steps)
    page.wait_for_selector(f"{HUMAN_TURN}[data-decision=place]", timeout=60_000)


def test_table_on_a_phone_has_no_sideways_scroll(browser, site_url):
    context = browser.new_context(
        viewport={"width": 360, "height": 740},
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
    )
    try:
        page = open_app(context, site_url)
        assert no_sideways_scroll(page)
        screenshot(page, "setup-360.png")
        _table_mid_game(page)
        # touch: tap a token and a highlighted space, the placement waits for Confirm
        page.locator("button[data-action=token]:not([aria-disabled=true])").first.tap()
        page.locator("g[data-action=space]").first.tap()
        assert page.locator("g.space.is-pending").count() == 1
        assert no_sideways_scroll(page)
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        page.evaluate("window.scrollTo(0, 0)")
        path = screenshot(page, "table-360x740.png", full_page=False)  # what the phone shows
        assert path.stat().st_size > 10_000
        screenshot(page, "table-360-full.png")
        # the park fills the phone's width and its spaces are big enough to tap
        box = page.locator("svg.park").first.bounding_box()
        assert 300 <= box["width"] <= 360
        space = page.locator("g[data-action=space]").first.bounding_box()
        assert space["width"] >= 30 and space["height"] >= 30
        # a thumbnail opens another park full size, and Back returns
        page.locator(".park-tabs button[data-action=view][data-player='1']").tap()
        assert "Sam" in page.locator(".park-title").text_content()
        assert no_sideways_scroll(page)
        page.locator("[data-action=back]").tap()
        assert "Lin" in page.locator(".park-title").text_content()
    finally:
        context.close()


def test_table_on_a_desktop(browser, site_url):
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        page = open_app(context, site_url)
        _table_mid_game(page, steps=5)
        # two columns: the action board beside the park
        park = page.locator("svg.park").first.bounding_box()
        board = page.locator(".board-panel").bounding_box()
        assert board["x"] > park["x"] + park["width"] - 1
        assert no_sideways_scroll(page)
        page.evaluate("window.scrollTo(0, 0)")
        path = screenshot(page, "table-1280x800.png", full_page=False)
        assert path.stat().st_size > 10_000
        screenshot(page, "table-1280-full.png")
    finally:
        context.close()
