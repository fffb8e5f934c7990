"""What goes wrong with storage: a damaged entry, a foreign file, a full quota, no storage at
all. Each shows its message, leaves every other saved game as it was, and the game goes on."""

from __future__ import annotations

import json
import random
from pathlib import Path

from game_driver import (
    HUMAN_TURN,
    game_record,
    new_game,
    play_human_step,
    play_steps,
    wait_for_human_or_end,
)
from saves_driver import banner, games_in, open_saves, played, put, reload, saved_items, storage
from sitetest import open_app

QUOTA_SCRIPT = """() => {
    const real = Storage.prototype.setItem;
    window.__realSetItem = real;
    Storage.prototype.setItem = function (key, value) {
        if (String(key).startsWith('caldera-park/game/')) {
            throw new DOMException('Setting the value exceeded the quota.', 'QuotaExceededError');
        }
        return real.call(this, key, value);
    };
}"""


def test_damaged_entry_shows_its_message_and_the_others_are_untouched(page):
    good = played(12, names=["Ann", "Bob"])
    items = saved_items((good, ["human", "human"]))
    junk = '{"kind": "caldera-park-save", "format": 1, "record": {"game": "caldera-park", tru'
    items["caldera-park/game/damaged1"] = junk
    items["caldera-park/current"] = "damaged1"  # the last running game is the damaged one
    put(page, items)
    reload(page)
    assert banner(page) == "saves.error.damaged"
    assert "damaged" in page.locator(".banner").text_content()
    assert page.locator("#app").get_attribute("data-screen") == "setup"
    open_saves(page)
    assert page.locator("li.save-item.damaged").count() == 1
    assert "cannot be read" in page.locator("li.save-item.damaged").text_content()
    ok = page.locator("li.save-item:not(.damaged)")
    assert ok.count() == 1 and ok.locator("h2").text_content() == "Ann, Bob"
    after = storage(page)
    assert after["caldera-park/game/damaged1"] == junk  # kept as it was, never deleted
    assert {k: v for k, v in after.items() if k in items and k != "caldera-park/current"} == {
        k: v for k, v in items.items() if k != "caldera-park/current"
    }
    ok.locator("[data-action=saves-continue]").click()
    page.wait_for_selector("#app[data-screen=table], #app[data-screen=handover]")
    assert game_record(page)["log"] == [a for _, a in good["log"]]


def test_foreign_file_is_refused_and_nothing_changes(page, tmp_path):
    put(page, saved_items((played(5, names=["Ann", "Bob"]), ["human", "human"])))
    reload(page)
    before = storage(page)
    foreign = tmp_path / "package.json"
    foreign.write_text(json.dumps({"name": "<script>alert(1)</script>", "version": "1.0.0"}))
    open_saves(page)
    page.locator("input[type=file][data-action=saves-import]").set_input_files(str(foreign))
    page.wait_for_selector(".banner[data-message='saves.import.foreign']")
    assert "not a game of this app" in page.locator(".banner").text_content()
    page.locator("input[type=file][data-action=saves-import]").set_input_files(
        files=[{"name": "x.json", "mimeType": "application/json", "buffer": b"\x89PNG\x00\x01"}]
    )
    page.wait_for_selector(".banner[data-message='saves.import.not_json']")
    assert storage(page) == before
    assert page.locator("#app script").count() == 0


def test_full_quota_keeps_the_game_in_memory_and_offers_export(page):
    other = saved_items((played(40, seed=3, names=["Old", "Game"]), ["human", "human"]))
    put(page, other)
    reload(page)
    new_game(page, seats=("human", "random"), names=("Lin", "Robo"), seed="5")
    page.locator("[data-action=speed]").click()
    rng = random.Random(8)
    play_steps(page, rng, 2)
    saved_before = storage(page)
    page.evaluate(QUOTA_SCRIPT)
    play_human_step(page, rng)
    page.wait_for_selector(".banner[data-message='saves.error.quota']")
    assert "storage is full" in page.locator(".banner").text_content()
    wait_for_human_or_end(page)
    assert storage(page) == saved_before  # every save as it was, this game's last good one too
    for k, v in other.items():
        if k.startswith("caldera-park/game/"):
            assert storage(page)[k] == v
    # the game goes on in memory, and can be exported from the message
    play_human_step(page, rng)
    wait_for_human_or_end(page)
    record = game_record(page)
    with page.expect_download() as info:
        page.locator(".banner [data-action=saves-export-current]").click()
    exported = json.loads(Path(info.value.path()).read_text(encoding="utf-8"))
    assert exported["log"] == record["log"]
    # room again: the next action saves the whole game and the message goes away
    page.evaluate("() => { Storage.prototype.setItem = window.__realSetItem; }")
    play_human_step(page, rng)
    wait_for_human_or_end(page)
    assert banner(page) != "saves.error.quota"
    mine = [g for g in games_in(storage(page)).values()
            if g["summary"]["players"] == ["Lin", "Robo"]]  # fmt: skip
    assert mine[0]["record"]["log"] == game_record(page)["log"]


def test_no_storage_at_all(browser, site_url):
    context = browser.new_context()
    try:
        context.add_init_script(
            """Object.defineProperty(window, 'localStorage', {
                   get() { throw new DOMException('The operation is insecure.', 'SecurityError'); }
               });"""
        )
        page = open_app(context, site_url)
        assert banner(page) == "saves.error.unavailable"
        new_game(page, seats=("human", "random"), names=("Lin", "Robo"), seed="5")
        page.wait_for_selector(HUMAN_TURN)
        assert page.locator(".banner [data-action=saves-export-current]").count() == 1
        play_human_step(page, random.Random(1))
        wait_for_human_or_end(page)
        assert len(game_record(page)["log"]) >= 1
    finally:
        context.close()
