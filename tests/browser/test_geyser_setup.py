"""A person makes the Geyser Park setup choice in the browser (issue 12): both starting weather
tokens are shown face up, the person picks the one for a ring space and the ring space, sees
both placed before confirming, and the game goes on from exactly that choice."""

from __future__ import annotations

from game_driver import HUMAN_TURN, game_record, new_game

from pyapp.park.game import park_of
from pyapp.park.record import from_record


def test_a_person_chooses_the_starting_weather_tokens(page, page_log):
    new_game(page, variant="geyser", seats=("human",), names=("Mia",), seed="setup-1")
    page.wait_for_selector(f"{HUMAN_TURN}[data-decision=start]")
    start = from_record(game_record(page))
    first, second = start["G"]["players"][0]["start_tokens"]
    tokens = page.locator(".start-tokens button[data-action=slot]")
    assert tokens.count() == 2
    ring = page.locator("g[data-action=space]")
    assert ring.count() == 6
    # the second token on a ring space (the first then goes on the middle space)
    tokens.nth(1).click()
    assert tokens.nth(1).get_attribute("aria-pressed") == "true"
    space = ring.nth(3)
    at = space.get_attribute("data-at")
    space.click()
    assert page.locator("g.is-pending").count() == 2  # the ring space and the middle space
    page.locator("[data-action=confirm]").click()
    page.wait_for_selector(f"{HUMAN_TURN}[data-decision=reveal]")
    record = game_record(page)
    assert record["log"] == [f"start 1 at {at}"]
    state = from_record(record)
    park = park_of(state)
    wx = state["G"]["players"][0]["weather"]
    q, r = (int(x) for x in at.split(","))
    assert wx[park.index[(q, r)]] == second and wx[park.middle] == first
    assert page.locator(".start-tokens").count() == 0
    assert page_log.page_errors == []
    assert page_log.console_errors == []
