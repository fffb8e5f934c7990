"""The guided first game in Chromium, through the page only: offered on the first visit,
played to its end against the greedy bot with an explanation at each step (some taken away with
"Got it"), the end explains the weather's effect and the scoring; axe-clean; phone-sized."""

from __future__ import annotations

import random

from game_driver import TABLE, no_sideways_scroll, play_human_step, wait_for_human_or_end
from saves_driver import run_axe


def test_the_guided_game_played_to_its_end(page, page_log):
    page.set_viewport_size({"width": 360, "height": 740})
    offer = page.locator("[data-key=guide-offer]")
    assert offer.is_visible()
    assert run_axe(page) == []
    offer.locator("[data-action=guide-start]").click()
    page.wait_for_selector(TABLE)
    assert page.locator(f"{TABLE} [data-key=guide-tip][data-tip=setup]").count() == 1
    assert run_axe(page) == []
    assert no_sideways_scroll(page)
    rng = random.Random(4)
    seen = set()
    steps = 0
    while wait_for_human_or_end(page) != "end":
        tip = page.locator("[data-key=guide-tip]")
        if tip.count():
            seen.add(tip.get_attribute("data-tip"))
            if rng.random() < 0.3:  # taken away: the table stays as it was
                tip.locator("[data-action=guide-ok]").click()
                page.wait_for_selector("[data-key=guide-tip]", state="detached")
        play_human_step(page, rng)
        steps += 1
        assert steps < 300
    assert {"setup", "forecast", "marmot"} <= seen
    assert seen & {"place", "place_after_bot"}
    end = page.locator("[data-key=guide-end]")
    assert "scoring pad" in end.inner_text()
    assert run_axe(page) == []
    assert page_log.console_errors == [] and page_log.page_errors == []
    # not offered again; the guide stays one click away
    page.locator("[data-key=end-new]").click()
    page.wait_for_selector("#app[data-screen=setup]")
    assert page.locator("[data-key=guide-offer]").count() == 0
    assert page.locator("button.guide-again").count() == 1
