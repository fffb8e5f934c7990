"""A person makes the Geyser Park setup choice in the browser (issue 12): both starting weather
tokens are shown face up, the person picks the one for a ring space and the ring space, sees
both placed before confirming, and the game goes on from exactly that choice. A game saved on
the first geyser side resumes on it."""

from __future__ import annotations

import json
from pathlib import Path

from game_driver import HUMAN_TURN, game_record, new_game, wait_for_human_or_end
from saves_driver import games_in, put, reload, storage

from pyapp.park.game import park_of
from pyapp.park.record import from_record
from pyapp.ui.saves import CURRENT_KEY, GAME_PREFIX

OLD_SAVES = Path(__file__).resolve().parents[1] / "saves" / "old_saves"


def test_a_person_chooses_the_starting_weather_tokens(page, page_log):
    new_game(page, variant="geyser", seats=("human",), names=("Mia",), seed="setup-1")
    page.wait_for_selector(f"{HUMAN_TURN}[data-decision=start]")
    start = from_record(game_record(page))
    first, second = start["G"]["players"][0]["start_tokens"]
    assert page.locator("svg.park g.space.river").count() == 12  # the geyser side's river
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


def test_a_game_saved_on_the_first_geyser_side_resumes_on_it(page, page_log):
    """An entry saved before issue 12 (tests/saves/old_saves/): the app resumes it on the
    first geyser side (no river drawn), with its setup (only the ring space to choose)."""
    entry = (OLD_SAVES / "geyser-2p-setup.save.json").read_text(encoding="utf-8").strip()
    game_id = json.loads(entry)["id"]
    put(page, {GAME_PREFIX + game_id: entry, CURRENT_KEY: game_id})
    reload(page)
    wait_for_human_or_end(page)
    if page.locator("[data-action=ready]").count():  # two people: hand the device over
        page.locator("[data-action=ready]").click()
    page.wait_for_selector(f"{HUMAN_TURN}[data-decision=start]")
    assert game_record(page)["log"] == ["start 4,2"]
    assert page.locator("svg.park g.space.river").count() == 0  # the first geyser side
    assert page.locator(".start-tokens").count() == 0  # the middle token is already placed
    space = page.locator("g[data-action=space]").first
    at = space.get_attribute("data-at")
    space.click()
    page.locator("[data-action=confirm]").click()
    page.wait_for_function("() => JSON.parse(CalderaGame('record')).log.length == 2")
    record = game_record(page)
    assert record["log"] == ["start 4,2", f"start {at}"]
    assert "park_version" not in record["options"]
    (saved,) = games_in(storage(page)).values()
    assert saved["record"]["log"] == record["log"] and saved["record"]["format"] == 2
    assert page_log.page_errors == [] and page_log.console_errors == []
