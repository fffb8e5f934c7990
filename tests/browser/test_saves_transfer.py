"""Export a game as a JSON file and import it in a fresh browser context: the engine replays it
into the same game."""

from __future__ import annotations

import json
import random

from game_driver import (
    HUMAN_TURN,
    game_record,
    new_game,
    play_steps,
)
from saves_driver import banner, games_in, open_saves, storage
from sitetest import PageLog, open_app


def test_export_then_import_in_a_fresh_context(browser, page, site_url, tmp_path):
    new_game(page, seats=("human", "greedy"), names=("Léa", "<i>Max</i>"), seed="Ours brun")
    page.locator("[data-action=speed]").click()
    play_steps(page, random.Random(4), 6)
    record = game_record(page)

    open_saves(page)
    with page.expect_download() as info:
        page.locator("[data-action=saves-export-current]").click()
    download = info.value
    assert download.suggested_filename.startswith("caldera-park-")
    assert download.suggested_filename.endswith(".json")
    path = tmp_path / download.suggested_filename
    download.save_as(path)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["format"] == 2 and data["game"] == "caldera-park"
    assert data["seed"] == "Ours brun" and data["options"] == record["options"]
    assert data["log"] == record["log"]
    assert data["session"]["seats"] == ["human", "greedy"]
    assert banner(page) == "saves.exported"

    fresh = browser.new_context()
    try:
        log = PageLog()
        log.watch_context(fresh)
        other = open_app(fresh, site_url, log)
        assert games_in(storage(other)) == {}
        open_saves(other)
        other.locator("input[type=file][data-action=saves-import]").set_input_files(str(path))
        other.wait_for_selector(HUMAN_TURN)
        assert game_record(other) == record
        assert banner(other) == "saves.imported"
        # the imported game is saved in the new browser, and a name stays text
        (entry,) = games_in(storage(other)).values()
        assert entry["record"]["log"] == record["log"]
        assert other.locator("#app i").count() == 0
        assert log.page_errors == []
    finally:
        fresh.close()
