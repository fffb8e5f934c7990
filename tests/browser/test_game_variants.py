"""The solo challenge and Storm warning in Geyser Park, played through the interface to their
end screens (Geyser Park on a 360 x 740 touch phone, passed between two people and a bot)."""

from __future__ import annotations

import random

from game_driver import (
    game_record,
    new_game,
    no_sideways_scroll,
    pad_totals,
    play_human_step,
    screen,
    screenshot,
    wait_for_animations,
    wait_for_human_or_end,
)
from sitetest import open_app

from pyapp.park.components import solo_rating
from pyapp.park.game import final_scores
from pyapp.park.record import from_record

PHONE = {"width": 360, "height": 740}


def test_solo_challenge_to_its_rating(page, page_log):
    new_game(page, variant="solo", seats=("human",), names=("Mia",), seed="solo-1")
    assert page.locator("[data-action=speed]").count() == 0  # no bot, no pace button
    assert page.locator(".selection-row .stack").count() == 1  # the action stack
    rng = random.Random(12)
    steps = 0
    while wait_for_human_or_end(page) != "end":
        if page.locator("section[data-decision=pick]").count():
            # the stack reveals the action token: only terrain spaces are offered
            assert page.locator("button[data-action=action]").count() == 0
        play_human_step(page, rng)
        steps += 1
        assert steps < 300
    state = from_record(game_record(page))
    total = final_scores(state)["players"][0]["total"]
    assert pad_totals(page) == [total]
    assert page.locator(".solo-rating").get_attribute("data-rating") == solo_rating(total)
    assert str(total) in page.locator(".end-title").text_content()
    assert page_log.page_errors == []


def test_geyser_park_pass_and_play_on_a_phone(browser, site_url):
    context = browser.new_context(
        viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True
    )
    try:
        page = open_app(context, site_url)
        assert no_sideways_scroll(page)
        new_game(
            page,
            variant="geyser",
            seats=("human", "human", "random"),
            names=("Lin", "Sam", "Kit"),
            seed="geyser-3",
            hide=True,
        )
        assert screen(page) == "handover"  # two people: the first one takes the phone
        page.locator("[data-action=ready]").tap()
        page.locator("[data-action=speed]").tap()
        rng = random.Random(3)
        seen = set()
        handovers = 0
        steps = 0
        while (kind := wait_for_human_or_end(page)) != "end":
            if kind not in seen or steps % 25 == 0:
                assert no_sideways_scroll(page), f"sideways scroll on {kind}"
            seen.add(kind)
            if kind == "handover":
                handovers += 1
                name = page.locator(".screen-handover h1").text_content()
                assert name in ("Lin's turn", "Sam's turn")
            else:
                decision = page.locator("section[data-screen=table]").get_attribute("data-decision")
                seen.add(decision)
                if decision == "place" and "table-geyser-360.png" not in seen:
                    screenshot(page, "table-geyser-360.png")
                    seen.add("table-geyser-360.png")
            play_human_step(page, rng)
            steps += 1
            assert steps < 800
        assert {"handover", "start", "reveal", "weather", "pick", "place"} <= seen
        assert handovers > 20  # two people share the phone all game long
        assert screen(page) == "end"
        assert no_sideways_scroll(page)
        state = from_record(game_record(page))
        assert state["options"]["variant"] == "geyser"
        assert pad_totals(page) == [s["total"] for s in final_scores(state)["players"]]
        wait_for_animations(page)  # the pad filled
        screenshot(page, "end-geyser-360.png")
    finally:
        context.close()
